"""Is a manifest already done? The no-op rerun, decided before Prefect is imported.

A rerun of a manifest whose every document is stored and current needs no OCR, no structuring and
no write; what it costs is fixed overhead, and most of that is Prefect itself (importing it: 2-3 s
on a busy 2-core machine; its temporary server: 10-20 s more). ``locleg run`` asks
:func:`check_manifest` first and, when every document is current, prints the summary from the
store and records the run in the catalog without starting a flow (``summary["prefect"] is False``).

A document is current when all of these hold:
- it is a local file (a URL would have to be fetched to know) and its bytes hash to the stored
  ``sha256``;
- its stored result is not ``failed`` and its JSON file is there;
- the manifest's metadata for it is the one stored with it;
- the stored result was made by this pipeline version and rule set, with the same OCR settings,
  and (for OCR'd documents) the same Tesseract backend.

Anything else (one new, changed, failed or URL document; ``--force``; ``--restructure``) runs the
flow as usual. Nothing here imports Prefect.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from corpus.manifest import Manifest, ManifestEntry


@dataclass(frozen=True)
class CurrentDocument:
    entry: ManifestEntry
    json_path: str
    status: str
    reason: str
    pages: int
    confidence: float | None
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class Versions:
    """What a stored result must have been made with to be current."""

    pipeline: str
    ruleset: str
    ocr: dict
    backend: str | None

    @classmethod
    def now(cls, ocr: dict | None) -> Versions:
        from pipeline import __version__
        from pipeline.config import OcrConfig

        config = OcrConfig(**(ocr or {}))
        return cls(pipeline=__version__, ruleset=ruleset_version(), ocr=config.as_dict(), backend=None)




def ruleset_version() -> str:
    """The rule-set version (:mod:`pipeline.ruleset`: digests of the grammar, the data tables
    and the rule modules' syntax trees), computed without importing the stages (the reference
    rules import spaCy: 1.5 s). The rule modules' digests are kept in the cache directory
    (``ruleset-digests.json``, keyed by each module's exact source): a no-op rerun does not parse
    them again (0.2-0.25 of its 0.5 CPU-s)."""
    from corpus.cache import default_cache_dir
    from pipeline import ruleset
    from pipeline.errors import LoclegError

    memo = default_cache_dir() / "ruleset-digests.json"
    try:
        known = json.loads(memo.read_text(encoding="utf-8"))
        if isinstance(known, dict):
            ruleset.seed_digests(known)
    except (OSError, ValueError):
        known = {}
    version = ruleset.ruleset_version()
    used = ruleset.used_digests()
    if used and used != known:
        try:
            from corpus.atomic import write_bytes_atomic

            memo.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(memo, json.dumps(used, sort_keys=True).encode("utf-8"))
        except (OSError, LoclegError):  # a read-only cache: the digests are computed again next time
            pass
    return version


def _backend(config_ocr: dict) -> str:
    from pipeline.config import OcrConfig
    from pipeline.ocr import backend_name

    return backend_name(OcrConfig(**{k: v for k, v in config_ocr.items() if k == "lang"}))


def current_document(entry: ManifestEntry, out: Path, catalog, versions: Versions) -> CurrentDocument | None:
    """The stored result of ``entry`` if it is current (see the module doc), else None."""
    from pipeline.ocr import file_sha256

    if entry.is_url or entry.problem is not None or entry.path is None or not entry.path.is_file():
        return None
    stored = catalog.get_document(entry.key)
    if stored is None or stored.status == "failed" or not stored.json_path or not stored.sha256:
        return None
    if (stored.meta_json or "{}") != entry.meta.model_dump_json(exclude_defaults=True):
        return None
    json_file = (out / stored.json_path)
    if not json_file.is_file():
        return None
    try:
        data = json.loads(json_file.read_text(encoding="utf-8"))
        pipeline, document = data["pipeline"], data["document"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if (pipeline.get("version") != versions.pipeline or pipeline.get("ruleset_version") != versions.ruleset
            or {k: str(v) for k, v in (pipeline.get("ocr") or {}).items()} != {k: str(v) for k, v in versions.ocr.items()}):
        return None
    if document.get("method") in ("ocr", "mixed"):
        backend = versions.backend or _backend(versions.ocr)
        if document.get("backend") != backend:
            return None
    if document.get("sha256") != stored.sha256 or file_sha256(entry.path) != stored.sha256:
        return None
    return CurrentDocument(entry=entry, json_path=str(json_file), status=document.get("status", stored.status),
                           reason=document.get("reason", stored.reason), pages=int(document.get("pages") or 0),
                           confidence=document.get("confidence"),
                           warnings=tuple(w.get("code", "") for w in data.get("warnings") or ()))


def check_manifest(manifest: Manifest, out: Path, catalog_target: str | None, ocr: dict | None) -> list[CurrentDocument] | None:
    """Every document of ``manifest`` as stored, if all are current; None as soon as one is not."""
    from corpus.catalog import default_catalog_target, open_catalog

    out = Path(out).resolve()
    if manifest.bad_lines or not manifest.entries:
        return None
    if catalog_target is None and not default_catalog_target(out).is_file():
        return None
    versions = Versions.now(ocr)
    if any(e.is_url for e in manifest.entries):
        return None
    catalog = open_catalog(catalog_target, out)
    try:
        done: list[CurrentDocument] = []
        for entry in manifest.entries:
            current = current_document(entry, out, catalog, versions)
            if current is None:
                return None
            done.append(current)
        return done
    finally:
        catalog.close()


STATUSES = ("extracted", "partial", "needs_review", "failed")


def tally(documents) -> tuple[dict[str, int], Counter[str], Counter[str]]:
    """Documents by status (every status present, 0 when none), by reason, and warnings by code,
    of anything with ``status``, ``reason`` and ``warnings`` (a run's outcomes, stored results)."""
    by_status = dict.fromkeys(STATUSES, 0)
    by_reason: Counter[str] = Counter()
    warnings: Counter[str] = Counter()
    for d in documents:
        by_status[d.status] = by_status.get(d.status, 0) + 1
        by_reason[d.reason] += 1
        warnings.update(d.warnings)
    return by_status, by_reason, warnings


def summary_of_current(manifest: Manifest, done: list[CurrentDocument], *, run_id: str, out: Path,
                       seconds: float, finished_at: str) -> dict:
    """The batch summary of a rerun with nothing to do (the same keys as a flow run's)."""
    by_status, by_reason, warnings = tally(done)
    confs = [d.confidence for d in done if d.confidence is not None]
    pages = sum(d.pages for d in done)
    return {
        "run_id": run_id,
        "documents": len(done),
        "pages": pages,
        "pages_ocr": 0,
        "pages_cached": 0,
        "by_status": by_status,
        "by_reason": dict(sorted(by_reason.items())),
        "mean_confidence": round(sum(confs) / len(confs), 4) if confs else None,
        "warnings": dict(sorted(warnings.items())),
        "kept_previous": 0,
        "manifest_errors": [],
        "duplicates": [{"line": p.line_no, "reason": p.reason, "message": p.message} for p in manifest.duplicates],
        "cache": {},
        "seconds": round(seconds, 3),
        "pages_per_second": None,
        "store": str(out),
        "documents_detail": [
            {"line": d.entry.line_no, "source": d.entry.source, "status": d.status, "reason": d.reason,
             "pages": d.pages, "pages_ocr": 0, "json": d.json_path, "stored": False}
            for d in done
        ],
        "manifest": str(manifest.path),
        "finished_at": finished_at,
        "up_to_date": len(done),
        "prefect": False,
    }
