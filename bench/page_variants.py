"""Why a page reads worse than bare Tesseract: each page of scanlab sets read bare and in variants
of our reading, with its statistics, so a guard can be chosen from page evidence.

    PYTHONPATH=. .venv/bin/python bench/page_variants.py --set /work/data/scanlab/tune101 \
        [--set ...] --json OUT.json [--pages 0005,0010] [--workers 2]

Variants of ``pipeline.ocr.ocr_image`` on each page's PNG (the pixels of the set's PDF):
``full`` (what ``locleg ocr`` does), ``-STEP`` for each step :func:`choose_steps` picks (orientation
always kept), ``none`` (no step but orientation), ``psm3`` (full preparation read at Tesseract's
default psm 3, which bare uses), ``nomargin`` (the full reading before the margin-label re-reads); with ``--few`` only ``full``,
``bare``, ``-deskew`` (skew under :data:`SMALL_SKEW`) and ``-smooth``;
and ``bare`` (``tesseract PAGE.png stdout -l por --dpi D``). Per variant: CER and mean word
confidence. Per page: :class:`~pipeline.imageprep.PageStats`, the steps, and the stroke width of a
1-bit page. Prints the pages worse than bare by more than 0.002 CER with the variant that repairs
them; the JSON keeps everything for choosing thresholds.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

WORSE = 0.002


SMALL_SKEW = 1.6
"""With ``--few``, a page is read without its deskew only when its skew is under this (at
psm 4 a page skewed more reads its lines into each other: the tune set's unskewed readings lost
0.13-0.69 CER there)."""


def read_variants(png_path: str, every: bool = True, doubt_only: bool = False) -> dict:
    """One page: its statistics and every variant's CER and confidence."""
    import numpy as np
    from eval_ocr import errors
    from PIL import Image

    from pipeline import imageprep as ip
    from pipeline import ocr
    from pipeline.config import OcrConfig

    png = Path(png_path)
    params = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
    truth = png.with_suffix(".txt").read_text(encoding="utf-8")
    dpi = float(params["dpi"][0])
    with Image.open(png) as im:
        gray = np.asarray(im.convert("L"))
    stats = ip.measure_page(gray, dpi=dpi)
    full = ip.choose_steps(stats)
    if doubt_only and not ("smooth" in full or ("deskew" in full and abs(stats.skew) < SMALL_SKEW)):
        return {"name": png.stem, "set": png.parent.parent.name, "skipped": True}
    out: dict = {"name": png.stem, "set": png.parent.parent.name, "profile": params["profile"], "dpi": dpi,
                 "skew_true": params.get("skew_deg"), "steps": list(full),
                 "stats": {k: (bool(v) if isinstance(v, (bool, np.bool_)) else v)
                           for k, v in dataclasses.asdict(stats).items()},
                 "stroke": ip.stroke_width(gray) if stats.binary else None, "variants": {}}

    def score(text: str, conf: float | None) -> dict:
        ce, cn, _, _ = errors(truth, text)
        return {"cer": ce / max(cn, 1), "conf": conf or 0.0}

    bare = subprocess.run(["tesseract", str(png), "stdout", "-l", "por", "--dpi", str(round(dpi))],
                          capture_output=True, text=True, env=dict(os.environ, OMP_THREAD_LIMIT="1"),
                          check=False).stdout
    out["variants"]["bare"] = score(bare, None)

    real_choose, real_margins = ip.choose_steps, ocr.read_margin_labels
    before: list = []

    def margins(image, lines, **kw):
        before.append(lines)
        return real_margins(image, lines, **kw)

    variants: dict[str, tuple[set[str], int]] = {"full": (set(), 4)}
    if every:
        variants.update({"none": ({s for s in full if s != "orient"}, 4), "psm3": (set(), 3)})
        variants.update({f"-{s}": ({s}, 4) for s in full if s != "orient"})
    else:  # the steps in doubt: a small deskew, smoothing a 1-bit page
        if "deskew" in full and abs(stats.skew) < SMALL_SKEW:
            variants["-deskew"] = ({"deskew"}, 4)
        if "smooth" in full:
            variants["-smooth"] = ({"smooth"}, 4)
    try:
        ocr.read_margin_labels = margins
        for name, (drop, psm) in variants.items():
            ip.choose_steps = lambda st, drop=drop: tuple(s for s in real_choose(st) if s not in drop)
            with Image.open(png) as im:
                img = im.copy()
            before.clear()
            page = ocr.ocr_image(img, page_index=0, dpi=dpi, config=dataclasses.replace(OcrConfig(), psm=psm))
            out["variants"][name] = score(page.text, page.confidence)
            if name == "full":
                out["variants"]["nomargin"] = score("\n".join(ln.text for ln in before[0]), None)
    finally:
        ip.choose_steps, ocr.read_margin_labels = real_choose, real_margins
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, action="append", required=True)
    ap.add_argument("--json", type=Path, required=True)
    ap.add_argument("--pages", default="")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--few", action="store_true",
                    help="only full, bare, and the steps in doubt (-deskew under 1.6 degrees, -smooth)")
    ap.add_argument("--doubt-only", action="store_true", help="skip the pages with no step in doubt")
    args = ap.parse_args()
    pngs = [p for s in args.set for p in sorted((s / "pages").glob("*.png"))]
    if args.pages:
        pngs = [p for p in pngs if p.stem in args.pages.split(",")]
    import pipeline.imageprep  # noqa: F401  (imported before forking)
    import pipeline.ocr  # noqa: F401

    results = []
    with ProcessPoolExecutor(args.workers) as pool:
        for r in pool.map(read_variants, map(str, pngs), [not args.few] * len(pngs),
                           [args.doubt_only] * len(pngs)):
            if r.get("skipped"):
                continue
            results.append(r)
            v = r["variants"]
            worse = v["full"]["cer"] > v["bare"]["cer"] + WORSE
            print(r["set"], r["name"], r["profile"], f"{r['dpi']:.0f}", ",".join(r["steps"]) or "-",
                  " ".join(f"{k}:{x['cer']:.4f}" for k, x in v.items()), "WORSE" if worse else "", flush=True)
            args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
