"""The batch summary as text and as JSON, without Prefect (the no-op rerun prints it too)."""

from __future__ import annotations

import json
import sys
from pathlib import Path


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
