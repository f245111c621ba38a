"""Score `structure_document` on the synthetic laws of bench/synthetic (unseen styles and damage).

Usage: python bench/eval_synthetic.py [--dir bench/synthetic] [--shared ../shared] [--details]
       [--only 004,006] [--out DIR]
Prints one line of figures per law (../shared/tools/score.py's score()) and the mean of each
figure; --details adds the missing and extra unit ids, the groupings not matched, the metadata
fields that differ and the units whose text is far from the gold. Regenerate the laws with
bench/synthetic/make_corpus.py.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

from models.norm import NormMeta
from pipeline.structure import structure_document
from pipeline.textpages import document_from_text

ROOT = Path(__file__).resolve().parents[1]
NUMERIC = ("unit_f1", "unit_p", "unit_r", "art_f1", "text_mean", "text_ge90", "group_f1")
META_KEYS = ("tipo", "numero", "ano", "data", "municipio", "uf")


def load_scorer(shared: Path):
    """Import ../shared/tools/score.py by path (it is not a package)."""
    spec = importlib.util.spec_from_file_location("score", shared / "tools" / "score.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def structure_file(text_path: Path, meta_path: Path) -> tuple[dict, float, int]:
    """Run the structuring stage on one text + upstream record; the JSON, seconds and warnings."""
    meta = NormMeta.model_validate(json.loads(meta_path.read_text(encoding="utf-8")))
    doc = document_from_text(text_path.read_text(encoding="utf-8"), source=text_path.name)
    t0 = time.perf_counter()
    result = structure_document(doc, meta)
    seconds = time.perf_counter() - t0
    return json.loads(result.model_dump_json()), seconds, len(result.warnings)


def print_details(score, out: dict, gold: dict) -> None:
    """Missing/extra ids, unmatched groupings, differing metadata, low-similarity texts."""
    units = {}
    for u in score.walk(out.get("articulacao")):
        if u.get("type") in score.UNIT_TYPES:
            units.setdefault(score.norm_id(u["id"]), u)
    gold_units = {score.norm_id(u["id"]): u for u in gold["units"]}
    garbled = {i for i, u in gold_units.items() if u.get("garbled")}

    def ignored(i: str) -> bool:
        return any(i.startswith(g + "_") for g in garbled)

    missing = [i for i in gold_units if i not in units and not ignored(i)]
    extra = [i for i in units if i not in gold_units and not ignored(i)]
    if missing:
        print(f"  missing ({len(missing)}): {' '.join(missing)}")
    if extra:
        print(f"  extra ({len(extra)}): {' '.join(extra)}")
    groups = [n for n in score.walk(out.get("articulacao")) if n.get("type") in score.GROUP_TYPES]
    for g in gold.get("groupings", []):
        if not any(score.first_article(o) == str(g["first_article"])
                   and score.sim(o.get("title", ""), g.get("title", "")) >= 0.7 for o in groups):
            print(f"  group missing: {g['type']} {g.get('number')} {g.get('title')!r} first_article={g['first_article']}")
    for o in groups:
        if not any(score.first_article(o) == str(g["first_article"])
                   and score.sim(o.get("title", ""), g.get("title", "")) >= 0.7 for g in gold.get("groupings", [])):
            print(f"  group extra: {o.get('type')} {o.get('label')!r} title={o.get('title')!r} first_article={score.first_article(o)}")
    on, gn = out.get("norm") or {}, gold.get("norm") or {}
    for k in META_KEYS:
        a, b = str(on.get(k, "")).strip(), str(gn.get(k, "")).strip()
        if k == "numero":
            a, b = a.replace(".", "").lstrip("0"), b.replace(".", "").lstrip("0")
        if score.norm_text(a) != score.norm_text(b):
            print(f"  meta {k}: out={on.get(k)!r} gold={gn.get(k)!r}")
    for i, g in gold_units.items():
        if i in units and not g.get("garbled") and not ignored(i):
            s = score.sim(units[i].get("text", ""), g.get("text", ""))
            if s < 0.9:
                print(f"  text {s:.2f} {i}\n    out:  {units[i].get('text', '')[:240]}\n    gold: {g.get('text', '')[:240]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "bench" / "synthetic")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated stems, e.g. 004,006")
    parser.add_argument("--out", type=Path, help="also write each output JSON here")
    args = parser.parse_args()
    score = load_scorer(args.shared)
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    rows = []
    for gold_path in sorted(args.dir.glob("*.gold.json")):
        stem = gold_path.name.split(".")[0]
        if only and stem not in only:
            continue
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        out, seconds, n_warn = structure_file(args.dir / f"{stem}.txt", args.dir / f"{stem}.meta.json")
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{stem}.json").write_text(json.dumps(out, ensure_ascii=False, indent=2), encoding="utf-8")
        figures = score.score(out, gold)
        rows.append(figures)
        line = " ".join(f"{k}={v}" for k, v in figures.items())
        print(f"{stem}: {line} status={out['document']['status']} warnings={n_warn} seconds={seconds:.3f}")
        if args.details:
            print_details(score, out, gold)
    if not rows:
        print("no gold files found")
        return 2
    means = {k: sum(r[k] for r in rows) / len(rows) for k in NUMERIC}
    meta = sum(int(r["meta_ok"].split("/")[0]) for r in rows)
    order = sum(r["art_order_ok"] for r in rows)
    dups = sum(r["dup_ids"] for r in rows)
    perfect = sum(r["unit_f1"] == 1.0 and r["art_order_ok"] and r["dup_ids"] == 0 for r in rows)
    print(f"MEAN ({len(rows)} laws): " + " ".join(f"{k}={v:.4f}" for k, v in means.items())
          + f" art_order_ok={order}/{len(rows)} dup_ids={dups} meta_ok={meta}/{len(META_KEYS) * len(rows)}"
          + f" unit_perfect={perfect}/{len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
