"""The batch summary: one outcome per document in, counts and tables out, as text and as JSON.

No Prefect here: the flows (``flows.batch``) compute it from their outcomes, the no-op rerun
(``corpus.current``) builds the same keys from the store, and the CLI prints and writes it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from corpus.current import tally
from corpus.manifest import ManifestProblem
from models.codes import ErrorReason

DUPLICATE_REASONS: tuple[ErrorReason, ...] = ("duplicate_entry", "duplicate_conflict")
"""Manifest problems that are reported (``duplicates``) but not counted as failed documents."""


@dataclass(frozen=True)
class DocumentOutcome:
    """What one document of a run came to (a gazette gives one per act)."""

    doc_key: str
    source: str
    status: str
    reason: str
    pages: int = 0
    pages_ocr: int = 0
    pages_cached: int = 0
    confidence: float | None = None
    warnings: tuple[str, ...] = ()
    json_path: str | None = None
    stored: bool = True
    line_no: int | None = None
    seconds: float = 0.0


def summarize(outcomes: list[DocumentOutcome], *, run_id: str, seconds: float, cache: dict, store: str,
              problems: Iterable[ManifestProblem] = (), extra: dict | None = None) -> dict:
    """Counts by status and reason, pages, pages_ocr, mean confidence, warnings by code, seconds.

    ``cache``: the OCR cache's counters; ``store``: the store directory; ``problems``: the
    manifest's bad lines (each counted as a failed document) and duplicates (listed only)."""
    bad = [p for p in problems if p.reason not in DUPLICATE_REASONS]
    dups = [p for p in problems if p.reason in DUPLICATE_REASONS]
    by_status, by_reason, warnings = tally(outcomes)
    for p in bad:
        by_status["failed"] += 1
        by_reason[p.reason] += 1
    confs = [o.confidence for o in outcomes if o.confidence is not None]
    summary = {
        "run_id": run_id,
        "documents": len(outcomes) + len(bad),
        "pages": sum(o.pages for o in outcomes),
        "pages_ocr": sum(o.pages_ocr for o in outcomes),
        "pages_cached": sum(o.pages_cached for o in outcomes),
        "by_status": by_status,
        "by_reason": dict(sorted(by_reason.items())),
        "mean_confidence": round(sum(confs) / len(confs), 4) if confs else None,
        "warnings": dict(sorted(warnings.items())),
        "kept_previous": sum(1 for o in outcomes if not o.stored and o.json_path),
        "manifest_errors": [{"line": p.line_no, "reason": p.reason, "message": p.message} for p in bad],
        "duplicates": [{"line": p.line_no, "reason": p.reason, "message": p.message} for p in dups],
        "cache": cache,
        "seconds": round(seconds, 3),
        "pages_per_second": round(sum(o.pages for o in outcomes) / seconds, 3) if seconds > 0 else None,
        "store": store,
        "documents_detail": [
            {"line": o.line_no, "source": o.source, "status": o.status, "reason": o.reason, "pages": o.pages,
             "pages_ocr": o.pages_ocr, "confidence": o.confidence, "json": o.json_path, "stored": o.stored}
            for o in outcomes
        ],
    }
    if extra:
        summary.update(extra)
    return summary


def without_detail(summary: dict) -> dict:
    """The summary without its per-document rows (what the catalog's ``runs`` row keeps)."""
    return {k: v for k, v in summary.items() if k != "documents_detail"}


def format_summary(summary: dict) -> str:
    """The summary as a plain-text table (what ``locleg run`` prints)."""
    rows: list[tuple[str, str]] = [
        ("documents", str(summary["documents"])),
        *((f"  {s}", str(n)) for s, n in summary["by_status"].items()),
        ("pages", str(summary["pages"])),
        ("pages OCR'd (Tesseract)", str(summary["pages_ocr"])),
        ("pages from cache", str(summary.get("pages_cached", 0))),
        ("mean confidence", "-" if summary.get("mean_confidence") is None else f"{summary['mean_confidence']:.3f}"),
        ("seconds", f"{summary['seconds']:.1f}"),
    ]
    if summary.get("up_to_date"):
        rows.append(("up to date (no work, no Prefect)", str(summary["up_to_date"])))
    if summary.get("kept_previous"):
        rows.append(("kept previous (failed, not --force)", str(summary["kept_previous"])))
    if summary.get("warnings"):
        rows.append(("warnings", ""))
        rows.extend((f"  {code}", str(n)) for code, n in summary["warnings"].items())
    failures = {r: n for r, n in summary.get("by_reason", {}).items() if r != "ok"}
    if failures:
        rows.append(("reasons (not ok)", ""))
        rows.extend((f"  {r}", str(n)) for r, n in failures.items())
    width = max(len(k) for k, _ in rows)
    lines = [f"{k.ljust(width)}  {v}" for k, v in rows]
    for p in summary.get("manifest_errors", []):
        lines.append(f"manifest {p['message']} ({p['reason']})")
    for p in summary.get("duplicates", []):
        lines.append(f"manifest {p['message']} ({p['reason']}, skipped)")
    return "\n".join(lines)


def metrics_table(summary: dict) -> list[dict]:
    """The summary as ``{metric, value}`` rows (the flows keep it as a Prefect table artifact)."""
    table = [{"metric": "documents", "value": summary["documents"]}]
    table += [{"metric": f"status {s}", "value": n} for s, n in summary["by_status"].items()]
    table += [{"metric": k, "value": summary[k]} for k in ("pages", "pages_ocr", "pages_cached",
                                                            "mean_confidence", "seconds")]
    table += [{"metric": f"warning {c}", "value": n} for c, n in summary["warnings"].items()]
    table += [{"metric": f"reason {r}", "value": n} for r, n in summary["by_reason"].items()]
    return table


def documents_markdown(summary: dict) -> str:
    """One row per document: status, reason, pages, OCR'd pages, confidence, link to its JSON."""
    conf = {o.get("source"): o.get("confidence") for o in summary.get("documents_detail", [])}
    lines = [f"**{summary['documents']} documents**, {summary['pages']} pages "
             f"({summary['pages_ocr']} OCR'd), mean confidence {summary.get('mean_confidence')}", "",
             "| line | source | status | reason | pages | OCR'd | confidence | JSON |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for d in summary.get("documents_detail", []):
        link = f"[{Path(d['json']).name}](file://{Path(summary.get('store', '.')) / d['json']})" if d.get("json") else "-"
        cells = [d.get("line"), d.get("source"), d.get("status"), d.get("reason"), d.get("pages"),
                 d.get("pages_ocr"), conf.get(d.get("source")), link]
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") if c is not None else "-" for c in cells) + " |")
    for p in summary.get("manifest_errors", []):
        lines.append(f"| {p['line']} | (manifest) | failed | {p['reason']} | 0 | 0 | - | - |")
    return "\n".join(lines) + "\n"


def write_summary_json(path: Path | str | None, summary: dict) -> None:
    """``--summary-json FILE``: the summary as JSON; ``-`` writes it to stdout."""
    if path is None:
        return
    text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
    if str(path) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from corpus.atomic import write_text_atomic

    write_text_atomic(Path(path), text)
