"""Score a drawn set's PDFs with the code on PYTHONPATH, reading each PDF only once.

    PYTHONPATH=$PWD .venv/bin/python bench/fresh_rescore.py /work/data/fresh/first-404

The first run reads every ``pdf/NNN.pdf`` with the pipeline's own reader (``pipeline.ingest.read_file``:
text layer or Tesseract, as ``locleg ingest`` does) and keeps the DocumentText as ``text/NNN.json``;
every run then structures those texts with the code it imports and scores them against
``gold/NNN.json`` (../shared/tools/score.py). Point PYTHONPATH at another checkout (a git worktree
of an older commit) to compare two states of the code on the same OCR, e.g. a first-sight draw
against the state before a change. Prints one line per law (figures, status, reasons), the means,
and how many laws were called ``extracted`` while wrong (the *silent* ones).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("unit_f1", "art_f1", "text_mean", "group_f1")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set_dir", type=Path, help="a bench/fresh.py draw (pdf/, seeds/, gold/)")
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = ap.parse_args()
    from models.norm import NormMeta
    from models.ocr import DocumentText
    from pipeline.config import OcrConfig
    from pipeline.ingest import read_file
    from pipeline.structure import structure_document

    spec = importlib.util.spec_from_file_location("score", args.shared / "tools" / "score.py")
    score = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(score)  # type: ignore[union-attr]
    d = args.set_dir
    (d / "text").mkdir(exist_ok=True)
    totals = dict.fromkeys(KEYS, 0.0)
    n = perfect = extracted = silent = 0
    for pdf in sorted((d / "pdf").glob("*.pdf")):
        cached = d / "text" / f"{pdf.stem}.json"
        if not cached.exists():
            cached.write_text(read_file(pdf, config=OcrConfig()).model_dump_json(), encoding="utf-8")
        doc = DocumentText.model_validate_json(cached.read_text(encoding="utf-8"))
        meta = NormMeta.model_validate(json.loads((d / "seeds" / f"{pdf.stem}.meta.json").read_text()))
        out = json.loads(structure_document(doc, meta).model_dump_json())
        figures = score.score(out, json.loads((d / "gold" / f"{pdf.stem}.json").read_text()))
        status = out["document"]["status"]
        right = figures["unit_f1"] == 1.0
        n, perfect = n + 1, perfect + right
        extracted += status == "extracted"
        silent += status == "extracted" and not right
        print(pdf.stem, " ".join(f"{k}={figures[k]}" for k in KEYS), f"status={status}",
              out["document"].get("reasons"), flush=True)
        for k in KEYS:
            totals[k] += figures[k]
    if not n:
        print("no pdf/*.pdf under", d)
        return 1
    print(f"MEAN ({n} laws): " + " ".join(f"{k}={totals[k] / n:.4f}" for k in KEYS)
          + f" unit_perfect={perfect}/{n} extracted={extracted} silent={silent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
