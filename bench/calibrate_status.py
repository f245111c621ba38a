"""Calibrate the status rules (pipeline/status.py) on labelled documents.

    PYTHONPATH=. .venv/bin/python bench/calibrate_status.py [--shared ../shared] [--real DIR]

Labelled set: the seeds with gold (../shared/gold), bench/qa*/ and bench/synthetic/ (text with
gold), and the real-world PDFs of ../shared/real-world (truth: tipo, número, ano, articles),
read once (OCR or text layer) and cached as DocumentText JSON under /work/data/realdocs/text/.

A document with a gold is *right* when every unit is the gold's (unit_f1 = 1: articles, parágrafos,
incisos, alíneas and itens, in order, no duplicate ids) and número and ano agree with the gold; a
real-world document (truth: the articles' count) when its articles run 1..n and número and ano agree.
``--texts DIR`` adds folders of NNN.txt / NNN.meta.json / NNN.gold.json (e.g. a bench/fresh.py draw). It prints, per set, right-extracted, right-flagged,
wrong-flagged and wrong-extracted (*silent*: the figure that must be 0), the confidences of the
OCR'd documents and which reasons fired on right documents (the cost of each rule).
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from models.norm import NormMeta  # noqa: E402
from models.ocr import DocumentText  # noqa: E402
from pipeline.structure import structure_document  # noqa: E402
from pipeline.textpages import document_from_text  # noqa: E402

# facts read from the documents by a person (../shared/real-world/README.md)
REAL_TRUTH = {
    "gurupa-1187-2015": {"tipo": "Lei Ordinária", "numero": "1187", "ano": 2015, "articles": 13},
    "vgsul-dec5294-2021": {"tipo": "Decreto", "numero": "5294", "ano": 2021, "articles": 11},
    "cacador-lc89-2006": {"tipo": "Lei Complementar", "numero": "89", "ano": 2006, "articles": 133},
    "surubim-9-1991": {"tipo": "Lei Ordinária", "numero": "9", "ano": 1991, "articles": 10},
    "surubim-11-1989": {"tipo": "Lei Ordinária", "numero": "11", "ano": 1989, "articles": 62},
}


def load_scorer(shared: Path):
    spec = importlib.util.spec_from_file_location("score", shared / "tools" / "score.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def text_cases(shared: Path, extra: list[Path] = ()):
    for gold in sorted((shared / "gold").glob("*.json")):
        text = shared / "seeds" / f"{gold.stem}.txt"
        if text.exists():
            yield "seeds", gold.stem, text, shared / "seeds" / f"{gold.stem}.meta.json", gold
    for folder in sorted(ROOT.glob("bench/qa*")) + [ROOT / "bench" / "synthetic"] + list(extra):
        for gold in sorted(folder.glob("*.gold.json")):
            stem = gold.name[: -len(".gold.json")]
            text = folder / f"{stem}.txt"
            if text.exists():
                yield folder.name, stem, text, folder / f"{stem}.meta.json", gold


def _digits(value) -> str:
    return "".join(ch for ch in str(value or "") if ch.isdigit()).lstrip("0")


def right_vs_gold(score, out: dict, gold: dict) -> bool:
    figures = score.score(out, gold)
    norm, gnorm = out.get("norm") or {}, gold.get("norm") or {}
    return (figures["unit_f1"] == 1.0 and figures["art_order_ok"] and figures["dup_ids"] == 0
            and _digits(norm.get("numero")) == _digits(gnorm.get("numero"))
            and str(norm.get("ano")) == str(gnorm.get("ano")))


def right_vs_truth(out: dict, truth: dict) -> bool:
    arts = []

    def walk(nodes):
        for n in nodes:
            if n["type"] == "artigo":
                arts.append(n["number"])
            walk(n.get("children", []))

    walk(out.get("articulacao") or [])
    norm = out.get("norm") or {}
    return (arts == [str(i) for i in range(1, truth["articles"] + 1)]
            and _digits(norm.get("numero")) == _digits(truth["numero"]) and norm.get("ano") == truth["ano"])


def read_real(pdf: Path, cache: Path, *, force_ocr: bool = False) -> DocumentText:
    from pipeline.config import OcrConfig
    from pipeline.ingest import read_file

    cache.mkdir(parents=True, exist_ok=True)
    cached = cache / f"{pdf.stem}{'.ocr' if force_ocr else ''}.json"
    if cached.exists():
        return DocumentText.model_validate_json(cached.read_text(encoding="utf-8"))
    config = OcrConfig()
    if force_ocr and hasattr(config, "force_ocr"):
        import dataclasses

        config = dataclasses.replace(config, force_ocr=True)
    doc = read_file(pdf, config=config)
    cached.write_text(doc.model_dump_json(), encoding="utf-8")
    return doc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=next((p / "shared" for p in ROOT.parents if (p / "shared" / "tools").is_dir()), ROOT.parent / "shared"))
    parser.add_argument("--real", type=Path, default=None, help="folder of real-world PDFs (default shared/real-world)")
    parser.add_argument("--cache", type=Path, default=Path("/work/data/realdocs/text"))
    parser.add_argument("--held", type=Path, action="append", default=[],
                        help="folder of held-out documents whose truths are in bench/realdocs/truth.json")
    parser.add_argument("--texts", type=Path, action="append", default=[],
                        help="folder of NNN.txt, NNN.meta.json and NNN.gold.json to add (a fresh draw)")
    parser.add_argument("--skip", default="", help="comma-separated real-world stems not to read")
    args = parser.parse_args()
    score = load_scorer(args.shared)
    table: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    costs: collections.Counter = collections.Counter()
    silent: list[str] = []

    def record(group: str, name: str, right: bool, out: dict) -> None:
        status = out["document"]["status"]
        extracted = status == "extracted"
        key = ("right" if right else "wrong") + ("-extracted" if extracted else "-flagged")
        table[group][key] += 1
        if right and not extracted:
            costs.update(out["document"].get("reasons") or [out["document"]["reason"]])
        if not right and extracted:
            silent.append(f"{group}/{name}")
        print(f"{group}/{name}: {key} status={status} reasons={out['document'].get('reasons')} "
              f"conf={out['document'].get('confidence')}")

    for group, stem, text, meta_path, gold_path in text_cases(args.shared, args.texts):
        meta = NormMeta.model_validate(json.loads(meta_path.read_text())) if meta_path.exists() else None
        doc = document_from_text(text.read_text(encoding="utf-8"), source=text.name)
        out = json.loads(structure_document(doc, meta).model_dump_json())
        record(group, stem, right_vs_gold(score, out, json.loads(gold_path.read_text())), out)
    real = args.real or args.shared / "real-world"
    skip = set(filter(None, args.skip.split(",")))
    for stem, truth in REAL_TRUTH.items():
        pdf = real / f"{stem}.pdf"
        if not pdf.exists() or stem in skip:
            continue
        doc = read_real(pdf, args.cache)
        out = json.loads(structure_document(doc, None).model_dump_json())
        if out["document"]["confidence"] is None and doc.confidence is not None:
            out["document"]["confidence"] = round(doc.confidence, 4)
        record("real-world", stem, right_vs_truth(out, truth), out)
    held_truth = json.loads((ROOT / "bench" / "realdocs" / "truth.json").read_text(encoding="utf-8"))
    for folder in args.held:
        for name, truth in held_truth.items():
            pdf = folder / name
            if not pdf.exists() or "acts" in truth:  # a gazette (several acts) has no one article list
                continue
            doc = read_real(pdf, args.cache)
            out = json.loads(structure_document(doc, None).model_dump_json())
            record("held-out", pdf.stem, right_vs_truth(out, truth), out)
    print()
    print(f"{'set':12} right-extracted right-flagged wrong-flagged wrong-extracted(silent)")
    total: collections.Counter = collections.Counter()
    for group, c in table.items():
        total.update(c)
        print(f"{group:12} {c['right-extracted']:15} {c['right-flagged']:13} {c['wrong-flagged']:13} "
              f"{c['wrong-extracted']:15}")
    print(f"{'all':12} {total['right-extracted']:15} {total['right-flagged']:13} {total['wrong-flagged']:13} "
          f"{total['wrong-extracted']:15}")
    print("reasons on right documents:", dict(costs))
    print("silent:", silent)
    return 1 if silent else 0


if __name__ == "__main__":
    sys.exit(main())
