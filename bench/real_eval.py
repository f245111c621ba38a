"""Score the pipeline on held-out REAL documents whose facts a person read (bench/realdocs/truth.json).

    PYTHONPATH=. .venv/bin/python bench/real_eval.py --dir /work/data/realdocs/held [--with-meta]
        [--json OUT.json] [--only NAME[,NAME...]] [--workers 1] [--read-only] [--no-read] [--stale-ok]

Each document of truth.json found in DIR is read ONCE through the project's own OCR stage
(``pipeline.ocr.ocr_document``: text layer or Tesseract) and its DocumentText is cached as
DIR/text/<stem>.json, with the OCR recipe that read it in DIR/text/<stem>.recipe (the code of
preparation and reading, ``pipeline.ruleset.ocr_recipe``, and the OCR options). The cache is used
only while its ``sha256`` is the file's and its recipe is the current one, so a changed file or a
changed OCR is read again (``--stale-ok`` scores a cache read by another recipe, and says so).
Structuring (``pipeline.structure.structure_document``) always runs from the cached text, so
re-scoring after a change to the structuring code takes seconds (``--no-read`` refuses to OCR
anything: a document without a current cache is skipped).

Without ``--with-meta`` the norm is structured from nothing (NormMeta()): the pipeline must read
tipo, número and ano itself. ``--with-meta`` passes the truth's número, ano, município and uf, as
a crawler's record would.

Scores per document: the norm's OWN articles found vs the truth's list (recall, precision, F1 and
whether the list is exactly the truth's; articles quoted inside an ``alteracao`` are not the
norm's own and are not counted), agreement of tipo / número / ano, and the status. Classes:

    RIGHT          articles exactly the truth's list and número + ano agree
    WRONG-FLAGGED  not right, and the status says so (partial / needs_review / failed)
    SILENT         not right, yet status 'extracted' (the figure that must be 0)

A truth with ``acts`` instead of ``articles_list`` is a gazette (several acts): it is reported
(which act the pipeline took, its status) but not counted in the classes or the means; each of
its numbered acts whose articles the truth lists is scored as ``--all-acts`` reads it (the same
classes, ``gazette_acts_*`` in the summary).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from models.norm import NormMeta  # noqa: E402
from models.ocr import DocumentText  # noqa: E402

TRUTH = ROOT / "bench" / "realdocs" / "truth.json"


# --------------------------------------------------------------------------------------- reading

def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def cache_path(pdf: Path, cache: Path) -> Path:
    return cache / f"{pdf.stem}.json"


def ocr_recipe_key() -> str:
    """What decides an OCR reading besides the file: the recipe's code and the options."""
    from pipeline.config import OcrConfig
    from pipeline.ruleset import ocr_recipe

    return hashlib.sha256(json.dumps([ocr_recipe(), repr(OcrConfig())]).encode()).hexdigest()[:16]


def recipe_path(pdf: Path, cache: Path) -> Path:
    return cache / f"{pdf.stem}.recipe"


def cached_text(pdf: Path, cache: Path, *, stale_ok: bool = False) -> DocumentText | None:
    """The cached DocumentText of ``pdf`` when it was read from these very bytes by the current
    OCR recipe (by any recipe with ``stale_ok``)."""
    path = cache_path(pdf, cache)
    if not path.exists():
        return None
    recipe = recipe_path(pdf, cache)
    current = recipe.exists() and recipe.read_text(encoding="utf-8").strip() == ocr_recipe_key()
    if not current and not stale_ok:
        return None
    try:
        doc = DocumentText.model_validate_json(path.read_text(encoding="utf-8"))
    except Exception:  # a truncated or older cache: read again
        return None
    if doc.sha256 != file_sha256(pdf):
        return None
    if not current:
        print(f"{pdf.name}: scored from a cache read by another OCR recipe (--stale-ok)", file=sys.stderr)
    return doc


def read_document(pdf: Path, cache: Path, *, workers: int = 1) -> tuple[DocumentText, float]:
    """OCR (or read the text layer of) ``pdf`` with the pipeline's defaults; cache the result."""
    from pipeline.config import OcrConfig
    from pipeline.ocr import ocr_document

    cache.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    doc = ocr_document(pdf, config=OcrConfig(), workers=workers)
    seconds = time.monotonic() - t0
    tmp = cache_path(pdf, cache).with_suffix(".json.tmp")
    tmp.write_text(doc.model_dump_json(), encoding="utf-8")
    tmp.replace(cache_path(pdf, cache))
    recipe_path(pdf, cache).write_text(ocr_recipe_key() + "\n", encoding="utf-8")
    return doc, seconds


# --------------------------------------------------------------------------------------- scoring

def own_articles(units: list[dict]) -> list[str]:
    """Numbers of the norm's own articles in document order (agrupadores descended, quoted
    provisions of an amended norm, type ``alteracao``, skipped)."""
    out: list[str] = []

    def walk(nodes: list[dict]) -> None:
        for n in nodes:
            if n.get("type") == "alteracao":
                continue
            if n.get("type") == "artigo":
                out.append(str(n.get("number")))
            walk(n.get("children") or [])

    walk(units)
    return out


def digits(value) -> str:
    return "".join(ch for ch in str(value or "") if ch.isdigit()).lstrip("0")


def norm_tipo(value) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", str(value or "")).encode("ascii", "ignore").decode().lower()
    return " ".join(text.split())


def article_scores(found: list[str], truth: list[str]) -> dict:
    common = sum((collections.Counter(found) & collections.Counter(truth)).values())
    if not truth and not found:
        recall = precision = 1.0
    else:
        recall = common / len(truth) if truth else 0.0
        precision = common / len(found) if found else (1.0 if not truth else 0.0)
    f1 = 2 * recall * precision / (recall + precision) if recall + precision else 0.0
    return {"recall": round(recall, 4), "precision": round(precision, 4), "f1": round(f1, 4),
            "exact": found == truth}


def meta_for(truth: dict) -> NormMeta:
    if "acts" in truth:  # a gazette's own number is no act's: only where it comes from
        return NormMeta(municipio=truth.get("municipio"), uf=truth.get("uf"))
    return NormMeta(numero=str(truth["numero"]) if truth.get("numero") else None, ano=truth.get("ano"),
                    municipio=truth.get("municipio"), uf=truth.get("uf"))


def structure(doc: DocumentText, meta: NormMeta | None) -> dict:
    from pipeline.config import OcrConfig
    from pipeline.ingest import with_ocr_config
    from pipeline.structure import structure_document

    result = structure_document(doc, meta)
    result = with_ocr_config(result, config=OcrConfig())
    return json.loads(result.model_dump_json())


def score_document(name: str, truth: dict, out: dict) -> dict:
    norm = out.get("norm") or {}
    info = out.get("document") or {}
    status = info.get("status")
    found = own_articles(out.get("articulacao") or [])
    row = {
        "file": name, "kind": truth.get("kind"), "status": status,
        "reasons": info.get("reasons") or ([] if info.get("reason") in (None, "ok") else [info.get("reason")]),
        "confidence": info.get("confidence"), "method": info.get("method"),
        "found": {"tipo": norm.get("tipo"), "numero": norm.get("numero"), "ano": norm.get("ano"),
                  "municipio": norm.get("municipio"), "uf": norm.get("uf")},
        "articles_found": found,
    }
    if "acts" in truth:  # a gazette: which act was taken?
        acts = truth["acts"]
        hit = next((a for a in acts if digits(a.get("numero")) == digits(norm.get("numero"))
                    and norm.get("ano") == a.get("ano")), None)
        row.update({"class": "GAZETTE", "gazette_act_matched": hit, "acts": len(acts)})
        return row
    tlist = [str(a) for a in truth.get("articles_list") or range(1, int(truth.get("articles", 0)) + 1)]
    arts = article_scores(found, tlist)
    meta_ok = {
        "tipo": norm_tipo(norm.get("tipo")) == norm_tipo(truth.get("tipo")),
        "numero": digits(norm.get("numero")) == digits(truth.get("numero")),
        "ano": norm.get("ano") == truth.get("ano"),
    }
    right = arts["exact"] and meta_ok["numero"] and meta_ok["ano"]
    cls = "RIGHT" if right else ("SILENT" if status == "extracted" else "WRONG-FLAGGED")
    row.update({"class": cls, "articles_truth": tlist, **arts, "meta_ok": meta_ok})
    return row


def score_act(truth: dict, out: dict | None) -> dict:
    """One numbered act of a gazette whose articles the truth lists: RIGHT when --all-acts read it
    with exactly those articles, SILENT when it is wrong (or its articles are) yet ``extracted``."""
    label = f"{truth.get('tipo')} {truth.get('numero')}/{truth.get('ano')}"
    if out is None:
        return {"act": label, "class": "WRONG-FLAGGED", "status": None, "articles_found": None}
    status = (out.get("document") or {}).get("status")
    found = own_articles(out.get("articulacao") or [])
    right = found == [str(a) for a in truth["articles_list"]]
    cls = "RIGHT" if right else ("SILENT" if status == "extracted" else "WRONG-FLAGGED")
    return {"act": label, "class": cls, "status": status, "articles_found": found}


# ------------------------------------------------------------------------------------------ main

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, required=True, help="folder of the held-out documents")
    parser.add_argument("--truth", type=Path, default=TRUTH)
    parser.add_argument("--cache", type=Path, default=None, help="DocumentText cache (default DIR/text)")
    parser.add_argument("--with-meta", action="store_true",
                        help="pass the truth's numero/ano/municipio/uf as an upstream record would")
    parser.add_argument("--json", type=Path, default=None, help="write the per-document results here")
    parser.add_argument("--only", default="", help="comma-separated file names (or stems) to score")
    parser.add_argument("--workers", type=int, default=1, help="OCR processes per document (default 1)")
    parser.add_argument("--read-only", action="store_true", help="read (OCR) and cache; do not score")
    parser.add_argument("--no-read", action="store_true", help="never OCR: skip documents not cached")
    parser.add_argument("--stale-ok", action="store_true",
                        help="score caches read by another OCR recipe (said on stderr) instead of reading again")
    args = parser.parse_args(argv)

    truths: dict = json.loads(args.truth.read_text(encoding="utf-8"))
    cache = args.cache or args.dir / "text"
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    rows: list[dict] = []
    for name, truth in truths.items():
        pdf = args.dir / name
        if not pdf.exists() or (only and name not in only and pdf.stem not in only):
            continue
        doc = cached_text(pdf, cache, stale_ok=args.stale_ok)
        if doc is None:
            if args.no_read:
                print(f"{name}: not cached by the current OCR recipe, skipped (--no-read)", file=sys.stderr)
                continue
            print(f"{name}: reading ({truth.get('kind', '')})...", file=sys.stderr, flush=True)
            doc, seconds = read_document(pdf, cache, workers=args.workers)
            print(f"{name}: read {len(doc.pages)} pages in {seconds:.0f}s ({doc.method})",
                  file=sys.stderr, flush=True)
        if args.read_only:
            continue
        meta = meta_for(truth) if args.with_meta else None
        t0 = time.monotonic()
        out = structure(doc, meta)
        row = score_document(name, truth, out)
        if row["class"] == "GAZETTE":  # every act as its own norm (locleg ingest --all-acts)
            from pipeline.acts import structure_acts

            found_acts = {(digits(a.numero), a.ano): json.loads(d.model_dump_json())
                          for a, d in reversed(structure_acts(doc, meta))}
            numbered = [a for a in truth["acts"] if a.get("numero")]
            row["acts_numbered"] = len(numbered)
            row["acts_read"] = sum((digits(a["numero"]), a.get("ano")) in found_acts for a in numbered)
            row["acts_scored"] = [score_act(a, found_acts.get((digits(a["numero"]), a.get("ano"))))
                                  for a in numbered if "articles_list" in a]
        row["structure_seconds"] = round(time.monotonic() - t0, 2)
        rows.append(row)
        print_row(row)
    if args.read_only:
        return 0
    summary = summarise(rows)
    print()
    print("summary: " + "  ".join(f"{k}={v}" for k, v in summary.items()))
    if args.json:
        args.json.write_text(json.dumps({"with_meta": args.with_meta, "summary": summary, "documents": rows},
                                        ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


def print_row(row: dict) -> None:
    f = row["found"]
    found = f"{f.get('tipo') or '-'} {f.get('numero') or '-'}/{f.get('ano') or '-'}"
    if row["class"] == "GAZETTE":
        act = row["gazette_act_matched"]
        print(f"{row['class']:13} {row['file']:32} status={row['status']:12} took {found} "
              f"({'one of the' if act else 'NOT one of the'} {row['acts']} acts) arts={len(row['articles_found'])}; "
              f"--all-acts reads {row.get('acts_read', 0)} of its {row.get('acts_numbered', 0)} numbered acts")
        for act in row.get("acts_scored", []):
            print(f"  act {act['class']:13} {act['act']:28} status={act['status'] or '-':12} "
                  f"arts={','.join(act['articles_found'] or []) or '-'}")
        return
    ok = row["meta_ok"]
    marks = "".join(k[0].upper() if v else k[0] for k, v in ok.items())  # TNA = all agree
    print(f"{row['class']:13} {row['file']:32} status={row['status']:12} "
          f"arts {len(row['articles_found']):3}/{len(row['articles_truth']):<3} R={row['recall']:.2f} "
          f"P={row['precision']:.2f} F1={row['f1']:.2f} meta={marks} [{found}] "
          f"reasons={','.join(row['reasons']) or '-'}")


def summarise(rows: list[dict]) -> dict:
    scored = [r for r in rows if r["class"] != "GAZETTE"]
    classes = collections.Counter(r["class"] for r in scored)
    n = len(scored) or 1
    acts = collections.Counter(a["class"] for r in rows for a in r.get("acts_scored", []))
    return {
        "documents": len(scored), "gazettes": len(rows) - len(scored),
        "gazette_acts_RIGHT": acts["RIGHT"], "gazette_acts_WRONG-FLAGGED": acts["WRONG-FLAGGED"],
        "gazette_acts_SILENT": acts["SILENT"],
        "RIGHT": classes["RIGHT"], "WRONG-FLAGGED": classes["WRONG-FLAGGED"], "SILENT": classes["SILENT"],
        "mean_recall": round(sum(r["recall"] for r in scored) / n, 4),
        "mean_f1": round(sum(r["f1"] for r in scored) / n, 4),
        "exact_articles": sum(r["exact"] for r in scored),
        "tipo_ok": sum(r["meta_ok"]["tipo"] for r in scored),
        "numero_ok": sum(r["meta_ok"]["numero"] for r in scored),
        "ano_ok": sum(r["meta_ok"]["ano"] for r in scored),
    }


if __name__ == "__main__":
    sys.exit(main())
