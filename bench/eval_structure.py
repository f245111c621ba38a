"""Score `locleg structure` against every gold file in ../shared/gold (and the 1988 Constitution).

Usage: python bench/eval_structure.py [--shared DIR] [--set NAME|PATH] [--details] [--out DIR]
Prints one line of figures per gold file (from ../shared/tools/score.py) and, with --details,
the units that are missing, extra or whose text is far from the gold. --set scores an evaluation
set of bench/sets instead ('qa6', 'tune', or a set config's path; see bench/gen/sets.py).
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


def load_scorer(shared: Path):
    spec = importlib.util.spec_from_file_location("score", shared / "tools" / "score.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def cases(shared: Path):
    for gold in sorted((shared / "gold").glob("*.json")):
        stem = gold.stem
        text = shared / "seeds" / f"{stem}.txt"
        meta = shared / "seeds" / f"{stem}.meta.json"
        if text.exists():
            yield stem, text, meta if meta.exists() else None, gold
    cf = shared / "real" / "cf88.txt"
    if cf.exists():
        yield "cf88", cf, None, shared / "real" / "cf88.gold.json"


def set_cases(ref: str):
    """The (stem, text, meta, gold) of a set built by bench/gen (either file layout)."""
    sys.path.insert(0, str(ROOT))
    from bench.gen.sets import load_set, set_dirs

    dirs = set_dirs(load_set(ref))
    for stem in dirs.stems():
        meta = dirs.meta(stem)
        if dirs.text(stem).exists():
            yield stem, dirs.text(stem), meta if meta.exists() else None, dirs.gold(stem)


def details(score, out: dict, gold: dict) -> None:
    units = {score.norm_id(u["id"]): u for u in score.walk(out.get("articulacao")) if u.get("type") in score.UNIT_TYPES}
    gold_units = {score.norm_id(u["id"]): u for u in gold["units"]}
    garbled = {i for i, u in gold_units.items() if u.get("garbled")}

    def ignored(i):
        return any(i.startswith(g + "_") for g in garbled)

    missing = [i for i in gold_units if i not in units and not ignored(i)]
    extra = [i for i in units if i not in gold_units and not ignored(i)]
    groups = [n for n in score.walk(out.get("articulacao")) if n.get("type") in score.GROUP_TYPES]
    found = {(score.first_article(g), score.norm_text(g.get("title", ""))) for g in groups}
    for g in gold.get("groupings", []):
        if not any(fa == str(g.get("first_article")) and score.sim(t, g.get("title", "")) >= 0.7 for fa, t in found):
            print(f"  group missing: {g['id']} {g.get('title')!r} first_article={g.get('first_article')}")
    gold_keys = {(str(g.get("first_article")), g.get("title", "")) for g in gold.get("groupings", [])}
    for g in groups:
        fa = score.first_article(g)
        if not any(fa == ga and score.sim(g.get("title", ""), gt) >= 0.7 for ga, gt in gold_keys):
            print(f"  group extra: {g['id']} {g.get('title')!r} first_article={fa}")
    print(f"  missing ({len(missing)}): {missing[:30]}")
    print(f"  extra ({len(extra)}): {extra[:30]}")
    for i, g in gold_units.items():
        if i in units and not g.get("garbled"):
            s = score.sim(units[i].get("text", ""), g.get("text", ""))
            if s < 0.9:
                print(f"  text {s:.2f} {i}\n    out:  {units[i].get('text', '')[:300]}\n    gold: {g.get('text', '')[:300]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--set", help="score a set of bench/sets (name or config path)")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--out", type=Path, help="also write each output JSON here")
    args = parser.parse_args()
    score = load_scorer(args.shared)
    worst_ok = True
    rows = []
    for stem, text_path, meta_path, gold_path in (set_cases(args.set) if args.set else cases(args.shared)):
        meta = NormMeta.model_validate(json.loads(meta_path.read_text())) if meta_path else None
        doc = document_from_text(text_path.read_text(encoding="utf-8"), source=text_path.name)
        t0 = time.perf_counter()
        result = structure_document(doc, meta)
        seconds = time.perf_counter() - t0
        out = json.loads(result.model_dump_json())
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{stem}.json").write_text(json.dumps(out, ensure_ascii=False, indent=2))
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        figures = score.score(out, gold)
        rows.append(figures)
        line = " ".join(f"{k}={v}" for k, v in figures.items())
        print(f"{stem}: {line} seconds={seconds:.3f} warnings={len(result.warnings)}")
        if args.details:
            details(score, out, gold)
        worst_ok &= figures["art_f1"] == 1.0 and figures["dup_ids"] == 0
    if args.set and rows:
        means = {k: round(sum(r[k] for r in rows) / len(rows), 4) for k in ("unit_f1", "art_f1", "text_mean", "group_f1")}
        print(f"MEAN ({len(rows)} laws): " + " ".join(f"{k}={v}" for k, v in means.items()))
    return 0 if worst_ok else 1


if __name__ == "__main__":
    sys.exit(main())
