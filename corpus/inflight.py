"""One document of a batch between its start and its record: what the flow holds of it (its
cached pages, the futures of the pages being read), and the plain steps that turn those into a
document text, a failed record or an outcome.

No Prefect here: a page future is anything with ``result()`` (and ``done()`` when it can say);
the flows (``flows.batch``) submit the tasks and call these steps.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpus.cache import OcrCache
from corpus.manifest import ManifestEntry
from corpus.store import failed_result
from corpus.summary import DocumentOutcome
from models.codes import ErrorComponent
from models.norm import NormDocument
from models.ocr import DocumentText, PageText
from pipeline.config import OcrConfig
from pipeline.errors import LoclegError, OcrError, error_of_page


@dataclass
class InFlight:
    """A document started and not yet recorded."""

    entry: ManifestEntry
    started: float
    path: Path | None = None
    sha256: str | None = None
    pages: dict[int, PageText] = field(default_factory=dict)
    """Pages found in the OCR cache (the others are in ``futures``)."""
    futures: list[tuple[int, str, Any]] = field(default_factory=list)
    """(page index, cache key, future) of every page submitted for reading."""
    given: DocumentText | None = None
    error: LoclegError | None = None
    n_pages: int = 0
    untracked: int = 0
    """Pages whose progress is ticked when the document finishes (no future callbacks)."""
    other_futures: list[Any] = field(default_factory=list)


def doc_id(entry: ManifestEntry) -> str:
    """A short id for run names: the upstream id, else the source's file name (no suffix)."""
    raw = entry.meta.native_id or Path(entry.source.rstrip("/")).stem or "doc"
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in raw)[:60]


def doc_tags(entry: ManifestEntry) -> list[str]:
    """Task-run tags: ``uf:SP``, ``municipio:Canguçu``, ``tipo:Lei Ordinária`` (those known)."""
    meta = entry.meta
    return [f"{k}:{v}" for k, v in (("uf", meta.uf), ("municipio", meta.municipio), ("tipo", meta.tipo)) if v]


def collect_pages(futures: list[tuple[int, str, Any]]) -> list[tuple[str, PageText]]:
    """Wait for every page read; a read that raised is an unread page (``method="none"``)."""
    read = []
    for page_index, key, future in futures:
        try:
            page = future.result()
        except Exception as exc:  # noqa: BLE001 - a lost worker fails the page, not the batch
            page = PageText(page_index=page_index, method="none", error=OcrError(str(exc)).page_error())
        read.append((key, page))
    return read


def cache_pages(cache: OcrCache, read: list[tuple[str, PageText]]) -> None:
    """Keep every page that was read in the OCR cache (an unread page is tried again next time)."""
    for key, page in read:
        if page.method != "none":
            cache.put(key, page)


def document_text(doc: InFlight, read: list[PageText],
                  config: OcrConfig) -> tuple[DocumentText | None, LoclegError | None]:
    """The document's pages (from the cache and just read) in order, or the first page's error
    when none could be read."""
    pages = {**doc.pages, **{page.page_index: page for page in read}}
    ordered = tuple(pages[i] for i in sorted(pages))
    if ordered and all(p.method == "none" for p in ordered):
        return None, error_of_page(ordered[0])
    return DocumentText(source=doc.entry.source, sha256=doc.sha256, backend=_backend_of(ordered, config),
                        pages=ordered), None


def _backend_of(pages: Iterable[PageText], config: OcrConfig) -> str | None:
    from pipeline.ocr import backend_name, text_backend_name

    methods = {p.method for p in pages}
    if "ocr" in methods:
        return backend_name(config)
    if "text" in methods:
        return text_backend_name()
    return None


def structuring_error(exc: Exception) -> LoclegError:
    """What a structuring task that raised leaves of the document: its error."""
    if isinstance(exc, LoclegError):
        return exc
    return LoclegError(f"structuring failed: {type(exc).__name__}: {exc}", reason="structure_failed")


def failed_record(doc: InFlight, error: LoclegError | None) -> NormDocument:
    """The ``failed`` record of a document, with its error."""
    error = error or LoclegError("no result", reason="internal_error")
    return failed_result(source=doc.entry.source, meta=doc.entry.meta, reason=error.reason, message=error.message,
                         category=error.category, sha256=doc.sha256, pages=doc.n_pages, page_no=error.page_no,
                         component=_component_of(error))


def _component_of(error: LoclegError) -> ErrorComponent:
    components: dict[str, ErrorComponent] = {"fetch": "fetch", "input": "ocr", "ocr": "ocr"}
    return components.get(error.category, "ingest")


def outcome_of(doc: InFlight, *, key: str, result: NormDocument, json_path: str | None, stored: bool,
               pages_ocr: int, pages_cached: int) -> DocumentOutcome:
    """The outcome of one recorded result (a gazette's act is one), timed from the document's start."""
    info = result.document
    return DocumentOutcome(
        doc_key=key, source=doc.entry.source, status=info.status, reason=info.reason,
        pages=info.pages or doc.n_pages, pages_ocr=pages_ocr, pages_cached=pages_cached,
        confidence=info.confidence, warnings=tuple(w.code for w in result.warnings),
        json_path=json_path, stored=stored, line_no=doc.entry.line_no,
        seconds=round(time.monotonic() - doc.started, 3),
    )


def drop_download(doc: InFlight) -> None:
    """A fetched URL's download served its purpose (the OCR is cached and stored): no second
    copy of every fetched PDF is kept in the cache directory."""
    if doc.entry.is_url and doc.path is not None:
        doc.path.unlink(missing_ok=True)


def pages_read(doc: InFlight) -> bool:
    """Whether every page future of the document (Prefect's on threads or Dask, or a warm-start
    one) has its result, asked without waiting; a future that cannot tell is not read. A
    document whose pages are all read is stored before the next source is fetched: what is done
    stays stored if a slow source, SIGINT or SIGTERM comes next."""
    return all(_is_done(future) for _, _, future in doc.futures)


def _is_done(future: Any) -> bool:
    done = getattr(getattr(future, "wrapped_future", future), "done", None)
    return bool(done()) if callable(done) else False
