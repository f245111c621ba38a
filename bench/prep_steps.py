"""What each preparation step does to each page of a scanlab set: read with every step
``choose_steps`` picks, without each one in turn, and with none (orientation always kept).

    PYTHONPATH=. .venv/bin/python bench/prep_steps.py --set /work/data/scanlab/tune101 [--json OUT]
                                                      [--pages 0005,0010]

Prints one line per page: its steps and, per variant, CER / Tesseract's mean word confidence /
share of words (3+ letters) in the correction lexicon. The last lines say how often a higher
confidence (or lexicon share) would have picked the variant with the lower CER, over the
variants that differ from the full preparation by more than 0.002 CER: the evidence for or
against a run-time guard that reads a page twice and keeps the better-scored reading
(docs/ocr-quality.md, 'Guarding the preparation steps').
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

STEPS = ("borders", "deskew", "flatten", "separate", "binarize", "despeckle", "smooth", "upscale")


def read_variants(png_path: str) -> dict:
    """The page read with its full preparation, without each step, and with none."""
    import numpy as np
    from eval_ocr import errors
    from PIL import Image

    from pipeline import imageprep as ip
    from pipeline import ocr
    from pipeline.config import OcrConfig
    from pipeline.correction import base_lexicon, is_word_of

    png = Path(png_path)
    params = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
    truth = png.with_suffix(".txt").read_text(encoding="utf-8")
    dpi = float(params["dpi"][0])
    real = ip.choose_steps
    with Image.open(png) as im:
        stats = ip.measure_page(np.asarray(im.convert("L")), dpi=dpi)
    full = real(stats)
    is_word = is_word_of(base_lexicon())
    variants: dict[str, set[str]] = {"full": set(), "none": set(STEPS)}
    variants.update({f"-{s}": {s} for s in full if s != "orient"})
    out = {"name": png.stem, "profile": params["profile"], "dpi": dpi, "steps": list(full),
           "stats": {k: (bool(v) if isinstance(v, (bool, np.bool_)) else v)
                     for k, v in dataclasses.asdict(stats).items()}, "variants": {}}
    try:
        for name, drop in variants.items():
            ip.choose_steps = lambda st, drop=drop: tuple(s for s in real(st) if s not in drop)
            with Image.open(png) as im:
                img = im.copy()
            img.info["dpi"] = (dpi, dpi)
            page = ocr.ocr_image(img, page_index=0, dpi=dpi, config=OcrConfig())
            ce, cn, _, _ = errors(truth, page.text)
            words = [w.text.strip(".,;:()\"'-").lower() for ln in page.lines for w in ln.words]
            words = [w for w in words if len(w) >= 3 and w.isalpha()]
            out["variants"][name] = {"cer": ce / max(cn, 1), "conf": page.confidence or 0.0,
                                     "lexicon": sum(map(is_word, words)) / max(len(words), 1)}
    finally:
        ip.choose_steps = real
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, required=True)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--pages", default="")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    pngs = sorted((args.set / "pages").glob("*.png"))
    if args.pages:
        pngs = [p for p in pngs if p.stem in args.pages.split(",")]
    import pipeline.imageprep  # noqa: F401  (imported before forking)
    import pipeline.ocr  # noqa: F401

    results, right_conf, right_lex, counted = [], 0, 0, 0
    with ProcessPoolExecutor(args.workers) as pool:
        for r in pool.map(read_variants, map(str, pngs)):
            results.append(r)
            v = r["variants"]
            print(r["name"], r["profile"], f"{r['dpi']:.0f}", ",".join(r["steps"]) or "-",
                  " ".join(f"{k}:{x['cer']:.4f}/{x['conf']:.3f}/{x['lexicon']:.3f}" for k, x in v.items()),
                  flush=True)
            for k, x in v.items():
                dc = x["cer"] - v["full"]["cer"]
                if k == "full" or abs(dc) <= 0.002:
                    continue
                counted += 1
                right_conf += (x["conf"] > v["full"]["conf"]) == (dc < 0)
                right_lex += (x["lexicon"] > v["full"]["lexicon"]) == (dc < 0)
    print(f"\nvariants differing from the full preparation by > 0.002 CER: {counted}; the higher mean "
          f"word confidence picks the lower CER in {right_conf}, the higher lexicon share in {right_lex}")
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
