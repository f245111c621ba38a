"""Where the CPU of ``locleg ocr`` goes, page by page, on a scanlab set, next to bare Tesseract.

    .venv/bin/python bench/ocr_profile.py --set /work/data/scanlab/tune101 [--json OUT.json]
                                          [--bare-cache FILE.json | --interleave] [--workers 2]

Each page of the set's PDF is rendered and read as ``pipeline.ocr.read_page`` reads it, with the
Tesseract engine and the preparation wrapped to count CPU seconds (this process's for the
preparation; the finished children's for every Tesseract run and OSD call). Bare Tesseract
(``tesseract PAGE.png stdout -l por --dpi D``, the reading ``bench/eval_ocr.py`` compares with)
is timed the same way; its texts and CPU are cached in ``--bare-cache`` (they do not change with
the pipeline). CPU seconds, not wall time: the machine is shared. A cached bare CPU was measured
at another load than ours: ``--interleave`` reads each page bare and ours one after the other in
the same worker instead (CPU per page under contention moved by 10-30% between runs).

Prints one row per page (profile, dpi, steps, Tesseract calls, CPU split, CER ours vs bare) and
the totals: CER, CPU seconds per page, the CPU ratio bare/ours, and the pages read worse than
bare by more than 0.002 CER (also counted among the clean pages: those no preparation step
touched, read with their own pixels).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import resource
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

WORSE = 0.002


def _cpu_self() -> float:
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def _cpu_children() -> float:
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def _cpu_both() -> float:
    return _cpu_self() + _cpu_children()


def _apply(patches: list[str]) -> None:
    """``module.NAME=value`` settings (a Python literal) for trying a constant without editing."""
    import ast
    import importlib

    for patch in patches:
        target, value = patch.split("=", 1)
        module, name = target.rsplit(".", 1)
        setattr(importlib.import_module(module), name, ast.literal_eval(value))


def _profile_page(pdf: str, index: int, patches: list[str], bare_png: str | None = None,
                  bare_dpi: int = 0) -> dict:
    """Read one page as ``read_page`` does, counting CPU per part; with ``bare_png``, bare
    Tesseract reads that page first in the same worker (the two readings see the same load)."""
    _apply(patches)
    bare = _bare_page(bare_png, bare_dpi) if bare_png else None
    from pipeline import imageprep
    from pipeline import ocr as ocr_mod
    from pipeline.config import OcrConfig

    config = OcrConfig()
    calls: list[dict] = []
    osd = {"cpu": 0.0, "n": 0}
    prep = {"cpu": 0.0, "steps": ()}

    class CountingEngine:
        def name(self, config: OcrConfig) -> str:
            return ocr_mod.TESSERACT.name(config)

        def read(self, image, *, config, dpi, page_no=None):
            before = _cpu_both()  # the library reads in this process, the program in a child
            lines = ocr_mod.TESSERACT.read(image, config=config, dpi=dpi, page_no=page_no)
            calls.append({"psm": config.psm, "px": image.width * image.height,
                          "cpu": _cpu_both() - before})
            return lines

        def read_many(self, images, *, config, dpi, page_no=None):
            before = _cpu_both()
            reads = ocr_mod.TESSERACT.read_many(images, config=config, dpi=dpi, page_no=page_no)
            calls.append({"psm": f"{config.psm}x{len(images)}", "px": sum(i.width * i.height for i in images),
                          "cpu": _cpu_both() - before})
            return reads

    real_orient = imageprep.detect_orientation

    def counting_orient(*args, **kwargs):
        before = _cpu_children()
        try:
            return real_orient(*args, **kwargs)
        finally:
            osd["cpu"] += _cpu_children() - before
            osd["n"] += 1

    real_prepare = imageprep.prepare_page

    def counting_prepare(image, *, config, **kwargs):
        s0, c0 = _cpu_self(), _cpu_children()
        out, info = real_prepare(image, config=config, **kwargs)
        prep["cpu"] += (_cpu_self() - s0) + (_cpu_children() - c0)
        if not kwargs.get("skip"):  # (the second candidate of a checked step: pipeline.ocr._prepare)
            prep["steps"] = info.steps
        return out, info

    imageprep.detect_orientation = counting_orient
    imageprep.prepare_page = counting_prepare
    try:
        path = Path(pdf)
        plan = ocr_mod.plan_pages(path, config=config)[index]
        s0 = _cpu_self()
        image, dpi = ocr_mod.render_pdf_page(path, plan, config=config)
        render = _cpu_self() - s0
        s0, c0 = _cpu_self(), _cpu_children()
        page = ocr_mod.ocr_image(image, page_index=index, dpi=dpi, config=config, engine=CountingEngine())
        total = (_cpu_self() - s0) + (_cpu_children() - c0) + render
    finally:
        imageprep.detect_orientation = real_orient
        imageprep.prepare_page = real_prepare
    tess = sum(c["cpu"] for c in calls)
    return {"index": index, "text": page.text, "dpi": dpi, "rotation": page.rotation, "skew": page.skew,
            "confidence": page.confidence, "steps": list(prep["steps"]), "render": render,
            "prep": prep["cpu"] - osd["cpu"], "osd": osd["cpu"], "n_osd": osd["n"],
            "tess": tess, "calls": calls, "total": total,
            "other": total - render - prep["cpu"] - tess, "bare": bare}


def _bare_page(png: str, dpi: int) -> dict:
    c0 = _cpu_children()
    out = subprocess.run(["tesseract", png, "stdout", "-l", "por", "--dpi", str(dpi)], capture_output=True,
                         text=True, env=dict(os.environ, OMP_THREAD_LIMIT="1"), check=False).stdout
    return {"text": out, "cpu": _cpu_children() - c0}


def main() -> int:
    from eval_ocr import PAGE_DPI, PAGE_KIND, errors, load_scanlab

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, required=True)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--bare-cache", type=Path)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--patch", action="append", default=[],
                    help="module.NAME=literal: try another value of a constant (repeatable)")
    ap.add_argument("--pages", type=str, default="", help="comma-separated page names to profile only")
    ap.add_argument("--interleave", action="store_true",
                    help="read each page bare right before ours, in the same worker (no --bare-cache): "
                         "on a shared machine both then see the same load, so their CPU ratio is fair")
    args = ap.parse_args()

    pngs, pdf, _ = load_scanlab(args.set)
    names = [p.stem for p in pngs]
    truth = {p.stem: p.with_suffix(".txt").read_text(encoding="utf-8") for p in pngs}
    only = set(args.pages.split(",")) if args.pages else set(names)
    import pipeline.imageprep  # noqa: F401  (imported before forking)
    import pipeline.ocr  # noqa: F401

    bare: dict[str, dict] = {}
    if args.bare_cache and args.bare_cache.exists():
        bare = json.loads(args.bare_cache.read_text(encoding="utf-8"))
    missing = [] if args.interleave else [p for p in pngs if p.stem not in bare]
    with ProcessPoolExecutor(args.workers) as pool:
        if missing:
            for png, res in zip(missing, pool.map(_bare_page, [str(p) for p in missing],
                                                  [PAGE_DPI[p.stem] for p in missing]), strict=True):
                bare[png.stem] = res
            if args.bare_cache:
                args.bare_cache.write_text(json.dumps(bare, ensure_ascii=False), encoding="utf-8")
        todo = [i for i, n in enumerate(names) if n in only]
        if args.interleave:
            runs = pool.map(_profile_page, [str(pdf)] * len(todo), todo, [args.patch] * len(todo),
                            [str(pngs[i]) for i in todo], [PAGE_DPI[names[i]] for i in todo])
        else:
            runs = pool.map(functools.partial(_profile_page, str(pdf), patches=args.patch), todo)
        ours = {names[r["index"]]: r for r in runs}
        if args.interleave:
            bare = {name: r["bare"] for name, r in ours.items()}

    sums = {"ce": 0, "cn": 0, "bce": 0, "cpu": 0.0, "bcpu": 0.0, "worse": 0, "clean": 0, "clean_worse": 0}
    print("| page | profile | dpi | steps | reads | render | prep | osd | tess | total | bare | CER ours | bare |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        if name not in ours:
            continue
        r, b = ours[name], bare[name]
        ce, cn, _, _ = errors(truth[name], r["text"])
        bce, _, _, _ = errors(truth[name], b["text"])
        cer, bcer = ce / max(cn, 1), bce / max(cn, 1)
        worse = cer > bcer + WORSE
        sums["ce"] += ce
        sums["cn"] += cn
        sums["bce"] += bce
        sums["cpu"] += r["total"]
        sums["bcpu"] += b["cpu"]
        sums["worse"] += worse
        sums["clean"] += not r["steps"]  # no step: the page read with its own pixels
        sums["clean_worse"] += worse and not r["steps"]
        reads = "+".join(f"{c['psm']}" for c in r["calls"])
        print(f"| {name} | {PAGE_KIND[name]} | {r['dpi']:.0f} | {','.join(r['steps'])} | {reads} | "
              f"{r['render']:.2f} | {r['prep']:.2f} | {r['osd']:.2f} | {r['tess']:.2f} | {r['total']:.2f} | "
              f"{b['cpu']:.2f} | {cer:.4f} | {bcer:.4f}{' WORSE' if worse else ''} |")
    n = len(ours)
    print(f"\npages {n}: CER ours {sums['ce'] / max(sums['cn'], 1):.4f}, bare {sums['bce'] / max(sums['cn'], 1):.4f}; "
          f"CPU s/page ours {sums['cpu'] / n:.3f}, bare {sums['bcpu'] / n:.3f}, ratio bare/ours "
          f"{sums['bcpu'] / max(sums['cpu'], 1e-9):.3f}; worse than bare by > {WORSE}: {sums['worse']} "
          f"(of the {sums['clean']} pages read with their own pixels: {sums['clean_worse']})")
    parts = {k: sum(r[k] for r in ours.values()) / n for k in ("render", "prep", "osd", "tess", "other")}
    print("mean CPU s/page by part: " + ", ".join(f"{k} {v:.3f}" for k, v in parts.items()))
    if args.json:
        args.json.write_text(json.dumps({"ours": ours, "summary": sums}, ensure_ascii=False, indent=1),
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
