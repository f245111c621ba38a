"""Manifests: JSON Lines, one document a line, ``{"source": "path or URL", ...metadata keys}``.

Rules (docs/flows.md repeats them):

- A relative ``source`` is relative to the manifest's directory and must stay under it once
  resolved (``..`` or a symlink leading out is refused: ``path_outside_manifest``). An absolute
  path is taken as given: writing it in the manifest is the explicit permission to read it.
  A symlink loop is refused (``symlink_loop``); a directory, FIFO, device or socket fails as
  ``not_a_file`` when the document is started (it is never opened: a FIFO would block).
- A URL must be ``http`` or ``https``; any other scheme (``file:``, ``ftp:``...) is refused.
- The other keys are the norm's upstream record (``models.norm.NormMeta``: ``municipio``, ``uf``,
  ``tipo``, ``numero``, ``ano``, ``data``, ``ementa``, ``native_id``...). Unknown keys are refused
  (``bad_metadata``) rather than silently dropped.
- A line that is not a JSON object, lacks ``source`` or has bad metadata is reported with its
  line number (a :class:`ManifestProblem`) and the other lines still run.
- The same source named twice with the same metadata is run once (the later lines are reported
  as ``duplicate_entry``); the same source with *different* metadata is a conflict: the first
  line runs, the later ones are reported as ``duplicate_conflict``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import ValidationError

from models.codes import ErrorReason
from models.norm import NormMeta

URL_SCHEMES = ("http", "https")


@dataclass(frozen=True)
class ManifestEntry:
    """One document to ingest. ``key`` identifies it across runs (the catalog's primary key)."""

    line_no: int
    source: str
    meta: NormMeta
    is_url: bool
    path: Path | None = None
    """Resolved local path (None for URLs)."""
    problem: ManifestProblem | None = None
    """Set when the line names a document that must fail before any work (e.g. a path outside
    the manifest's directory): the document is still recorded, with this reason."""
    all_acts: bool = False
    """``"all_acts": true`` on the line: a gazette, every act stored as its own norm."""

    @property
    def key(self) -> str:
        if self.is_url:
            return self.source
        return str(self.path) if self.path is not None else f"refused:{self.source}"


@dataclass(frozen=True)
class ManifestProblem:
    """A manifest line that cannot be run, or a duplicate. ``reason`` is a stable code."""

    line_no: int
    reason: ErrorReason
    message: str
    source: str | None = None


@dataclass(frozen=True)
class Manifest:
    path: Path
    entries: tuple[ManifestEntry, ...]
    problems: tuple[ManifestProblem, ...]

    @property
    def bad_lines(self) -> tuple[ManifestProblem, ...]:
        """Lines that are not documents at all (bad JSON, no source): no document key."""
        return tuple(p for p in self.problems if p.reason not in ("duplicate_entry", "duplicate_conflict"))

    @property
    def duplicates(self) -> tuple[ManifestProblem, ...]:
        return tuple(p for p in self.problems if p.reason in ("duplicate_entry", "duplicate_conflict"))


def is_url(source: str) -> bool:
    return "://" in source and urlsplit(source).scheme.lower() in URL_SCHEMES


def resolve_source(source: str, *, base_dir: Path) -> tuple[Path | None, ErrorReason | None]:
    """Resolve a local source against the manifest directory.

    Returns ``(path, None)`` or ``(None, reason)`` when the source may not be read.
    """
    if "://" in source or source.lower().startswith(("file:", "data:")):
        return None, "unsupported_scheme"
    if "\x00" in source:
        return None, "bad_source"
    raw = Path(os.path.expanduser(source)) if source.startswith("~") else Path(source)
    try:
        if raw.is_absolute():
            return raw.resolve(), None
        base = base_dir.resolve()
        resolved = (base / raw).resolve()
    except (RuntimeError, OSError):
        # Python 3.11 raises RuntimeError on a symlink loop (later versions OSError ELOOP):
        # one document's failure, never the batch's
        return None, "symlink_loop"
    if not resolved.is_relative_to(base):
        return None, "path_outside_manifest"
    return resolved, None


def parse_manifest_lines(lines: Iterator[str] | list[str], *, base_dir: Path) -> tuple[
    list[ManifestEntry], list[ManifestProblem]
]:
    """Parse manifest lines (1-based numbering); blank lines and ``#`` comments are skipped."""
    entries: list[ManifestEntry] = []
    problems: list[ManifestProblem] = []
    seen: dict[str, ManifestEntry] = {}
    for line_no, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            record = json.loads(text)
        except json.JSONDecodeError as exc:
            problems.append(ManifestProblem(line_no, "manifest_bad_json", f"line {line_no}: not JSON: {exc.msg}"))
            continue
        if not isinstance(record, dict):
            problems.append(ManifestProblem(line_no, "manifest_bad_json", f"line {line_no}: not a JSON object"))
            continue
        source = record.pop("source", None)
        if not isinstance(source, str) or not source.strip():
            problems.append(ManifestProblem(line_no, "manifest_no_source", f"line {line_no}: no \"source\" string"))
            continue
        source = source.strip()
        all_acts = record.pop("all_acts", False)
        if not isinstance(all_acts, bool):
            problems.append(ManifestProblem(line_no, "bad_metadata", f"line {line_no}: all_acts must be true or false",
                                            source))
            continue
        try:
            meta = NormMeta.model_validate(record)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "(record)"
            problems.append(ManifestProblem(
                line_no, "bad_metadata", f"line {line_no}: metadata {where}: {first['msg']}", source
            ))
            continue
        if is_url(source):
            entry = ManifestEntry(line_no, source, meta, True, all_acts=all_acts)
        else:
            path, reason = resolve_source(source, base_dir=base_dir)
            if path is None:
                # Still a document: it is recorded as failed with this reason (no read happens).
                problem = ManifestProblem(line_no, reason or "bad_source", f"line {line_no}: {source!r} refused: {reason}", source)
                entry = ManifestEntry(line_no, source, meta, False, None, problem, all_acts=all_acts)
            else:
                entry = ManifestEntry(line_no, source, meta, False, path, all_acts=all_acts)
        previous = seen.get(entry.key)
        if previous is not None:
            same = previous.meta == entry.meta
            problems.append(ManifestProblem(
                line_no,
                "duplicate_entry" if same else "duplicate_conflict",
                f"line {line_no}: same source as line {previous.line_no}"
                + ("" if same else f" with different metadata; line {previous.line_no} kept"),
                source,
            ))
            continue
        seen[entry.key] = entry
        entries.append(entry)
    return entries, problems


def read_manifest(path: Path) -> Manifest:
    """Read a JSON Lines manifest. Raises ``FileNotFoundError``/``OSError`` if it can't be read."""
    path = Path(path)
    with path.open(encoding="utf-8", errors="replace") as fh:
        entries, problems = parse_manifest_lines(fh, base_dir=path.parent)
    return Manifest(path=path.resolve(), entries=tuple(entries), problems=tuple(problems))


def entry_of_source(source: str, meta: NormMeta) -> ManifestEntry:
    """One source named directly (``ingest_document``), as the entry of a one-line manifest in
    the current directory; a local path anywhere is taken (there is no manifest root to stay in)."""
    url = is_url(source)
    path: Path | None = None
    problem: ManifestProblem | None = None
    if not url:
        path, reason = resolve_source(source, base_dir=Path.cwd())
        if path is None and reason == "path_outside_manifest":
            path = Path(source).expanduser().resolve()
        elif path is None:
            problem = ManifestProblem(1, reason or "bad_source", f"{source!r} refused: {reason}", source)
    return ManifestEntry(line_no=1, source=source, meta=meta, is_url=url, path=path, problem=problem)
