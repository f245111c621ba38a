"""python -m bench.scanlab --seed S --pages N --out DIR [--profiles p1,p2]"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import get_context
from pathlib import Path

from PIL import Image

from .generate import PROFILES, make_page
from .pdfout import write_pdf


def _one(job):
    seed, i, profiles, pdir, overrides = job
    t = time.time()
    im, (xdpi, ydpi), truth, params = make_page(seed, i, profiles, overrides)
    stem = f"{i + 1:04d}"
    # compress_level is fixed so the bytes are reproducible; low level keeps it fast
    im.save(pdir / f"{stem}.png", dpi=(xdpi, ydpi), compress_level=2)
    (pdir / f"{stem}.txt").write_text("\n".join(truth) + "\n", encoding="utf-8")
    params = dict(generator="bench.scanlab", seed=seed, index=i, **params)
    (pdir / f"{stem}.json").write_text(json.dumps(params, ensure_ascii=False, indent=1), encoding="utf-8")
    return stem, params, time.time() - t


def build(seed: int, pages: int, out: Path, profiles=None, quiet=False, jobs: int = 1, overrides=None):
    pdir = out / "pages"
    pdir.mkdir(parents=True, exist_ok=True)
    manifest = []
    t0 = time.time()
    work = [(seed, i, profiles, pdir, overrides) for i in range(pages)]
    if jobs > 1:
        pool = get_context("fork").Pool(jobs)
        results = pool.imap(_one, work)
    else:
        pool, results = None, map(_one, work)
    for stem, params, dt in results:
        manifest.append(dict(page=stem, image=f"pages/{stem}.png", truth=f"pages/{stem}.txt",
                             profile=params["profile"], params=params))
        if not quiet:
            print(f"{stem} {params['profile']:<10} {params['dpi']} {params['mode']} {dt:.2f}s", file=sys.stderr)
    if pool is not None:
        pool.close()
        pool.join()

    def pdf_pages():
        for m in manifest:
            with Image.open(out / m["image"]) as im:
                im.load()
                yield im, tuple(m["params"]["dpi"])
    write_pdf(out / "set.pdf", pdf_pages())
    (out / "manifest.json").write_text(json.dumps(dict(generator="bench.scanlab", seed=seed, pages=manifest),
                                                  ensure_ascii=False, indent=1), encoding="utf-8")
    if not quiet:
        dt = time.time() - t0
        print(f"{pages} pages in {dt:.1f}s ({dt / max(1, pages):.2f}s/page wall, jobs={jobs})", file=sys.stderr)
    return manifest


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m bench.scanlab", description=__doc__)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--pages", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--profiles", default="", help=f"comma list from {','.join(PROFILES)}")
    ap.add_argument("--dpi", type=int, choices=[150, 200, 300], help="force the resolution (fax keeps its own)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (pages are independent)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    profs = [p.strip() for p in a.profiles.split(",") if p.strip()] or None
    bad = [p for p in profs or [] if p not in PROFILES]
    if bad:
        ap.error(f"unknown profile(s) {bad}; choose from {PROFILES}")
    build(a.seed, a.pages, a.out, profs, a.quiet, max(1, a.jobs), {"dpi": a.dpi} if a.dpi else None)


if __name__ == "__main__":
    main()
