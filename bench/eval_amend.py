"""Score the pipeline on a bench/amend set of amending laws (issue 12), clean text and scans.

Usage: python bench/eval_amend.py --dir DIR [--scans] [--only 001,004] [--details]
                                  [--shared ../shared]
- clean: each DIR/NNN.txt is structured as `locleg structure NNN.txt --meta NNN.meta.json` does
  (pipeline.textpages.document_from_text + pipeline.structure.structure_document);
- --scans: each DIR/pdf/NNN.pdf is read as `locleg ingest` reads it (pipeline.ingest.read_file:
  the pipeline's own Tesseract), the DocumentText kept in DIR/ocr/NNN.json so a second run
  OCRs nothing (delete it to read again), then structured the same way.
Each output is scored with ../shared/tools/score.py (which skips the inside of an `alteracao`)
and checked for what the issue asks of amending laws:
  own_arts   the law's own article numbers are exactly the gold's (no quoted article taken for
             an own one, no own article renumbered because of one); `renum` counts the
             *_renumbered warnings and `altwarn` the warnings about units inside an alteração;
  swallowed  own units of the gold missing from the output's own units and found inside one of
             its alterações (an own article or parágrafo read as quoted text);
  leaked     own units of the output that are quoted provisions of the gold (a quoted article
             read as the law's own);
  alt        alterações found (gold ids) / in the gold, and alterações the output made;
  q_f1       quoted provisions by id (gold `alteracoes[].units`), an F1 over all alterações.
Prints one line per law, the means, and writes DIR/scores-clean.json / DIR/scores-scan.json.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MEANS = ("unit_f1", "art_f1", "text_mean", "amend_text", "q_f1")
COUNTS = ("swallowed", "leaked", "renum", "altwarn")


def load_scorer(shared: Path):
    spec = importlib.util.spec_from_file_location("score", shared / "tools" / "score.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def structure(doc, meta_path: Path) -> dict:
    from models.norm import NormMeta
    from pipeline.structure import structure_document

    meta = NormMeta.model_validate(json.loads(meta_path.read_text(encoding="utf-8")))
    return json.loads(structure_document(doc, meta).model_dump_json())


def clean_doc(txt: Path):
    from pipeline.textpages import document_from_text

    return document_from_text(txt.read_text(encoding="utf-8"), source=txt.name)


def scan_doc(pdf: Path, cache: Path):
    """The pipeline's reading of the PDF, OCR'd once and kept (as bench/fresh_rescore.py does)."""
    from models.ocr import DocumentText
    from pipeline.config import OcrConfig
    from pipeline.ingest import read_file

    if not cache.exists():
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(read_file(pdf, config=OcrConfig()).model_dump_json(), encoding="utf-8")
    return DocumentText.model_validate_json(cache.read_text(encoding="utf-8"))


def quoted_nodes(nodes: list, inside: bool = False):
    """(node, is_inside_an_alteracao, alteracao_id) for every node of the tree."""
    for n in nodes or []:
        if n.get("type") == "alteracao":
            yield n, True, n.get("id")
            for c, _, _ in quoted_nodes(n.get("children"), True):
                yield c, True, n.get("id")
            continue
        yield n, inside, None
        yield from quoted_nodes(n.get("children"), inside)


def check(score, out: dict, gold: dict) -> dict:
    """The issue's checks on one output: own article sequence, swallowed and leaked units, alterações."""
    nid = score.norm_id
    body = out.get("articulacao") or []
    own = [n for n in score.walk(body) if n.get("type") in score.UNIT_TYPES]
    own_ids = {nid(n["id"]): n for n in own}
    inside = [n for n, ins, _ in quoted_nodes(body) if ins and n.get("type") != "alteracao"]
    alts_out = [n for n, _, _ in quoted_nodes(body) if n.get("type") == "alteracao"]
    gold_own = {nid(u["id"]): u for u in gold["units"]}
    gold_quoted = [q for a in gold.get("alteracoes", []) for q in a["units"] if q.get("text")]

    own_arts = [str(n.get("number")) for n in own if n.get("type") == "artigo"]
    gold_arts = [str(u["number"]) for u in gold["units"] if u["type"] == "artigo"]

    def found_inside(text: str) -> bool:
        key = score.norm_text(text)[:50]
        return any(key and key in score.norm_text(n.get("text", "")) or
                   score.sim(n.get("text", ""), text) >= 0.75 for n in inside)

    swallowed = [i for i, u in gold_own.items() if i not in own_ids and found_inside(u["text"])]
    leaked = []
    for i, n in own_ids.items():
        own_sim = score.sim(n.get("text", ""), gold_own[i]["text"]) if i in gold_own else 0.0
        best = max((score.sim(n.get("text", ""), q["text"]) for q in gold_quoted), default=0.0)
        if best >= 0.85 and best > own_sim:
            leaked.append(i)
    warnings = out.get("warnings") or []
    renum = [w["code"] for w in warnings if w.get("code", "").endswith("renumbered")]
    altwarn = [w["code"] for w in warnings if "_alt" in str(w.get("id") or "")]
    gold_alt_ids = {nid(a["id"]) for a in gold.get("alteracoes", [])}
    out_alt_ids = {nid(a.get("id")) for a in alts_out}
    gq = {nid(q["id"]) for a in gold.get("alteracoes", []) for q in a["units"]}
    oq = {nid(n.get("id")) for n in inside}
    tp = len(gq & oq)
    qp, qr = (tp / len(oq) if oq else 0.0), (tp / len(gq) if gq else 0.0)
    amending = [nid(a["parent"]) for a in gold.get("alteracoes", [])]
    amend_sims = [score.sim(own_ids[i].get("text", ""), gold_own[i]["text"]) if i in own_ids else 0.0
                  for i in dict.fromkeys(amending)]
    return {"own_arts_ok": own_arts == gold_arts, "own_arts": own_arts, "gold_arts": gold_arts,
            "renum": len(renum), "renum_codes": renum, "altwarn": len(altwarn),
            "swallowed": len(swallowed), "swallowed_ids": swallowed,
            "leaked": len(leaked), "leaked_ids": leaked,
            "alt_found": len(gold_alt_ids & out_alt_ids), "alt_gold": len(gold_alt_ids), "alt_out": len(alts_out),
            "q_f1": round(2 * qp * qr / (qp + qr), 4) if qp + qr else 0.0,
            "amend_text": round(sum(amend_sims) / len(amend_sims), 4) if amend_sims else 1.0,
            "missing": sorted(set(gold_own) - set(own_ids)), "extra": sorted(set(own_ids) - set(gold_own)),
            "status": (out.get("document") or {}).get("status"),
            "reasons": (out.get("document") or {}).get("reasons")}


def run(kind: str, d: Path, stems: list, score, details: bool) -> dict:
    rows = {}
    for stem in stems:
        gold = json.loads((d / f"{stem}.gold.json").read_text(encoding="utf-8"))
        if kind == "scan":
            pdf = d / "pdf" / f"{stem}.pdf"
            if not pdf.exists():
                continue
            doc = scan_doc(pdf, d / "ocr" / f"{stem}.json")
        else:
            doc = clean_doc(d / f"{stem}.txt")
        out = structure(doc, d / f"{stem}.meta.json")
        (d / "out" / kind).mkdir(parents=True, exist_ok=True)
        (d / "out" / kind / f"{stem}.json").write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
        row = dict(score.score(out, gold), **check(score, out, gold))
        rows[stem] = row
        print(f"{kind} {stem}: unit_f1={row['unit_f1']} art_f1={row['art_f1']} text={row['text_mean']} "
              f"amend_text={row['amend_text']} own_arts={'ok' if row['own_arts_ok'] else 'WRONG'} "
              f"renum={row['renum']} swallowed={row['swallowed']} leaked={row['leaked']} "
              f"alt={row['alt_found']}/{row['alt_gold']} (out {row['alt_out']}) q_f1={row['q_f1']} "
              f"status={row['status']}", flush=True)
        if details and (row["missing"] or row["extra"] or not row["own_arts_ok"]):
            print(f"    missing={row['missing']} extra={row['extra']} swallowed={row['swallowed_ids']} "
                  f"leaked={row['leaked_ids']}")
            if not row["own_arts_ok"]:
                print(f"    own arts {row['own_arts']} vs gold {row['gold_arts']}; renumbered: {row['renum_codes']}")
    if not rows:
        return {}
    n = len(rows)
    mean = {k: round(sum(float(r[k]) for r in rows.values()) / n, 4) for k in MEANS}
    mean.update({k: sum(int(r[k]) for r in rows.values()) for k in COUNTS})
    mean["own_arts_ok"] = f"{sum(r['own_arts_ok'] for r in rows.values())}/{n}"
    mean["alt_found"] = f"{sum(r['alt_found'] for r in rows.values())}/{sum(r['alt_gold'] for r in rows.values())}"
    mean["unit_perfect"] = f"{sum(r['unit_f1'] == 1.0 for r in rows.values())}/{n}"
    print(f"MEAN {kind} ({n} laws): " + " ".join(f"{k}={v}" for k, v in mean.items()), flush=True)
    (d / f"scores-{kind}.json").write_text(json.dumps({"laws": rows, "mean": mean}, ensure_ascii=False, indent=1),
                                           encoding="utf-8")
    return mean


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, required=True)
    ap.add_argument("--scans", action="store_true", help="also the scanned subset (DIR/pdf), full route")
    ap.add_argument("--only", default="")
    ap.add_argument("--details", action="store_true")
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    a = ap.parse_args()
    score = load_scorer(a.shared)
    stems = sorted(p.name.split(".")[0] for p in a.dir.glob("*.gold.json"))
    if a.only:
        stems = [s for s in stems if s in a.only.split(",")]
    if not stems:
        print(f"no NNN.gold.json under {a.dir}")
        return 1
    run("clean", a.dir, stems, score, a.details)
    if a.scans:
        run("scan", a.dir, stems, score, a.details)
    return 0


if __name__ == "__main__":
    sys.exit(main())
