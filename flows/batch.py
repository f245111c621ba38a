"""The Prefect flows: ``ingest_manifest`` (a batch), ``ingest_document`` (one source) and
``reprocess`` (re-structure a store from its saved OCR, no OCR at all).

Shape of a batch: documents stream through a window (``flows.window``). For each document the
flow process fetches the source, plans its pages and looks every page up in the OCR cache; the
pages that miss are submitted as ``read-page`` tasks to the task runner (threads: one Tesseract
process per core; or Dask workers). The window is bounded by the number of pages in flight, so
the task runner always has work queued while the oldest document is finished (cache writes,
structuring, store). A failure of any kind ends that document as ``failed`` with a reason code;
the batch goes on. The summary (``corpus.summary``) is returned, written to the catalog's
``runs`` row, and kept as Prefect artifacts. The CLI around these flows is ``locleg.batch``.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
# The temporary (embedded) server logs tracebacks when it is stopped at the end of a run.
os.environ.setdefault("PREFECT_SERVER_LOGGING_LEVEL", "CRITICAL")
# Its start-up (a fresh SQLite database) took over 20 s on a busy 2-core machine.
os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")

from prefect import flow, tags  # noqa: E402
from prefect.task_runners import ThreadPoolTaskRunner  # noqa: E402

from corpus.cache import OcrCache, default_cache_dir, page_key  # noqa: E402
from corpus.catalog import open_catalog  # noqa: E402
from corpus.fetch import FetchLimits  # noqa: E402
from corpus.manifest import (  # noqa: E402
    ManifestEntry,
    ManifestProblem,
    is_url,
    read_manifest,
    resolve_source,
)
from corpus.store import Store, failed_result  # noqa: E402
from corpus.summary import (  # noqa: E402
    DocumentOutcome,
    documents_markdown,
    metrics_table,
    summarize,
    without_detail,
)
from flows.progress import NO_PROGRESS, Progress, installed_progress  # noqa: E402
from flows.tasks import (  # noqa: E402
    fetch_source,
    plan_document,
    read_page_task,
    store_task,
    structure_acts_task,
    structure_task,
)
from flows.window import stream_window  # noqa: E402
from models.codes import ErrorComponent  # noqa: E402
from models.norm import ActsDocument, NormDocument, NormMeta  # noqa: E402
from models.ocr import DocumentText, PageText  # noqa: E402
from pipeline.config import OcrConfig  # noqa: E402
from pipeline.errors import FetchError, InputError, LoclegError, OcrError, error_of_page  # noqa: E402
from pipeline.ocr import PagePlan, default_workers  # noqa: E402

# ---------------------------------------------------------------------------------------------
# values


@dataclass
class _Run:
    """What one flow run shares between documents (flow process only)."""

    run_id: str
    store: Store
    cache: OcrCache
    config: OcrConfig
    limits: FetchLimits
    force: bool
    engine_version: str
    progress: Progress = NO_PROGRESS
    outcomes: list[DocumentOutcome] = field(default_factory=list)


@dataclass
class _InFlight:
    entry: ManifestEntry
    started: float
    path: Path | None = None
    sha256: str | None = None
    pages: dict[int, PageText] = field(default_factory=dict)
    """Pages found in the OCR cache (the others are in ``futures``)."""
    futures: list[tuple[int, str, Any]] = field(default_factory=list)
    given: DocumentText | None = None
    error: LoclegError | None = None
    n_pages: int = 0
    untracked: int = 0
    """Pages whose progress is ticked when the document finishes (no future callbacks)."""
    other_futures: list[Any] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# starting a document (flow process)


def _start_document(entry: ManifestEntry, run: _Run) -> _InFlight:
    """Fetch, plan, look pages up in the cache and submit the misses."""
    doc = _InFlight(entry=entry, started=time.monotonic())
    if entry.problem is not None:
        doc.error = FetchError(entry.problem.message, reason=entry.problem.reason)
        return doc
    doc_id = _doc_id(entry)
    try:
        fetched = fetch_source(entry.source, is_url=entry.is_url, path=entry.path,
                               downloads_dir=run.cache.downloads_dir, limits=run.limits, doc_id=doc_id)
        if isinstance(fetched, LoclegError):
            raise fetched
        doc.path, doc.sha256 = fetched.path, fetched.sha256
        if doc.path.suffix.lower() == ".txt":
            from pipeline.ingest import read_file

            doc.given = read_file(doc.path, config=run.config).model_copy(update={"source": entry.source})
            doc.n_pages = len(doc.given.pages)
            return doc
        plans = plan_document(doc.path, config=run.config, doc_id=doc_id)
        if isinstance(plans, LoclegError):
            raise plans
    except LoclegError as exc:
        doc.error = exc
        _log().info("%s: %s (%s) %s", doc_id, exc.category, exc.reason, exc.message)
        return doc
    except Exception as exc:  # noqa: BLE001 - a document never stops the batch
        doc.error = LoclegError(f"{type(exc).__name__}: {exc}", reason="internal_error")
        return doc
    if not plans:
        doc.error = InputError("the document has no pages", reason="no_pages")
        return doc
    doc.n_pages = len(plans)
    run.progress.add_pages(len(plans))
    _read_pages(doc, doc.path, plans, run)
    return doc


def _read_pages(doc: _InFlight, path: Path, plans: list[PagePlan], run: _Run) -> None:
    """Every page from the OCR cache, else from a read started before Prefect, else as a
    ``read-page`` task submitted to the runner."""
    config_key = run.config.key()
    for plan in plans:
        key = page_key(doc.sha256 or "", plan.page_index, config_key, run.engine_version)
        hit = run.cache.get(key)
        if hit is not None:
            doc.pages[plan.page_index] = hit
            run.progress.page_done()
            continue
        with tags(*_doc_tags(doc.entry)):  # a page read before Prefect (flows.warm) is taken over by its task
            future = read_page_task.submit(path, plan, config=run.config, doc_id=_doc_id(doc.entry),
                                           page_no=plan.page_index + 1, warm_key=key)
        if not _on_done(future, run.progress.page_done):
            doc.untracked += 1
        doc.futures.append((plan.page_index, key, future))


def _doc_id(entry: ManifestEntry) -> str:
    """A short id for run names: the upstream id, else the source's file name (no suffix)."""
    raw = entry.meta.native_id or Path(entry.source.rstrip("/")).stem or "doc"
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in raw)[:60]


def _doc_tags(entry: ManifestEntry) -> list[str]:
    """Task-run tags: ``uf:SP``, ``municipio:Canguçu``, ``tipo:Lei Ordinária`` (those known)."""
    meta = entry.meta
    return [f"{k}:{v}" for k, v in (("uf", meta.uf), ("municipio", meta.municipio), ("tipo", meta.tipo)) if v]


def _log() -> Any:
    """Prefect's run logger inside a flow run (its lines reach the server), else a plain one."""
    import logging

    try:
        from prefect.logging import get_run_logger

        return get_run_logger()
    except Exception:  # noqa: BLE001 - outside a run context
        return logging.getLogger("locleg.flows")


def _on_done(future: Any, callback: Callable[[], None]) -> bool:
    """Tick the page bar when a page is read (thread runner only: with Dask a callback on one
    future ends up in the graph of the next submission and breaks its serialization)."""
    from prefect.futures import PrefectConcurrentFuture

    if not isinstance(future, PrefectConcurrentFuture):
        return False
    future.add_done_callback(lambda _f: callback())
    return True


# ---------------------------------------------------------------------------------------------
# finishing a document (flow process): a recipe of steps, each with one job


def _finish_document(doc: _InFlight, run: _Run) -> DocumentOutcome:
    """Collect the pages, structure, store, clean up and report. Never raises for a document's fault."""
    entry = doc.entry
    error, text = doc.error, doc.given
    pages_ocr, pages_cached = 0, len(doc.pages)
    if error is None and text is None:
        read = _collect_pages(doc.futures)
        _cache_pages(run.cache, read)
        pages_ocr = sum(1 for _key, page in read if page.method == "ocr")
        text, error = _document_text(doc, [page for _key, page in read], run.config)
    result: NormDocument | None = None
    if error is None and text is not None:
        structured = _structure(doc, text, run)
        if isinstance(structured, ActsDocument):
            try:
                return _finish_acts(doc, run, text, structured, pages_ocr=pages_ocr, pages_cached=pages_cached)
            except Exception as exc:  # noqa: BLE001 - e.g. the acts' index unwritable: the document fails
                error = _structuring_error(exc)
        elif isinstance(structured, LoclegError):
            error = structured
        else:
            result = structured
    if result is None:
        result, text = _failed_result(doc, error), None
    outcome, result = _record(doc, run, key=entry.key, result=result, ocr=text, pages_ocr=pages_ocr,
                              pages_cached=pages_cached, doc_id=_doc_id(entry))
    if outcome.status == "failed":
        _log().warning("%s: failed (%s): %s", _doc_id(entry), outcome.reason,
                       result.errors[0].message if result.errors else "")
    _drop_download(doc)
    _report_done(doc, outcome, run.progress)
    return outcome


def _collect_pages(futures: list[tuple[int, str, Any]]) -> list[tuple[str, PageText]]:
    """Wait for every page read; a read that raised is an unread page (``method="none"``)."""
    read = []
    for page_index, key, future in futures:
        try:
            page = future.result()
        except Exception as exc:  # noqa: BLE001 - a lost worker fails the page, not the batch
            page = PageText(page_index=page_index, method="none", error=OcrError(str(exc)).page_error())
        read.append((key, page))
    return read


def _cache_pages(cache: OcrCache, read: list[tuple[str, PageText]]) -> None:
    """Keep every page that was read in the OCR cache (an unread page is tried again next time)."""
    for key, page in read:
        if page.method != "none":
            cache.put(key, page)


def _document_text(doc: _InFlight, read: list[PageText],
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


def _structure(doc: _InFlight, text: DocumentText, run: _Run) -> NormDocument | ActsDocument | LoclegError:
    """The structuring task of the document: every act of a gazette, else the one norm."""
    entry = doc.entry
    task: Any = structure_acts_task if entry.all_acts else structure_task
    try:
        with tags(*_doc_tags(entry)):
            future = task.submit(text, entry.meta, config=run.config, doc_id=_doc_id(entry))
        doc.other_futures.append(future)
        return future.result()
    except Exception as exc:  # noqa: BLE001 - a document never stops the batch
        return _structuring_error(exc)


def _structuring_error(exc: Exception) -> LoclegError:
    if isinstance(exc, LoclegError):
        return exc
    return LoclegError(f"structuring failed: {type(exc).__name__}: {exc}", reason="structure_failed")


def _failed_result(doc: _InFlight, error: LoclegError | None) -> NormDocument:
    """The ``failed`` record of a document, with its error."""
    error = error or LoclegError("no result", reason="internal_error")
    return failed_result(source=doc.entry.source, meta=doc.entry.meta, reason=error.reason, message=error.message,
                         category=error.category, sha256=doc.sha256, pages=doc.n_pages, page_no=error.page_no,
                         component=_component_of(error))


def _component_of(error: LoclegError) -> ErrorComponent:
    components: dict[str, ErrorComponent] = {"fetch": "fetch", "input": "ocr", "ocr": "ocr"}
    return components.get(error.category, "ingest")


def _record(doc: _InFlight, run: _Run, *, key: str, result: NormDocument, ocr: DocumentText | None,
            pages_ocr: int, pages_cached: int, doc_id: str) -> tuple[DocumentOutcome, NormDocument]:
    """Store one result and count its outcome in the run; returns the outcome and the result
    as recorded (a failure to store is a ``store_failed`` result)."""
    result, json_path, stored = _store(doc, run, key=key, result=result, ocr=ocr, doc_id=doc_id)
    info = result.document
    outcome = DocumentOutcome(
        doc_key=key, source=doc.entry.source, status=info.status, reason=info.reason,
        pages=info.pages or doc.n_pages, pages_ocr=pages_ocr, pages_cached=pages_cached,
        confidence=info.confidence, warnings=tuple(w.code for w in result.warnings),
        json_path=json_path, stored=stored, line_no=doc.entry.line_no,
        seconds=round(time.monotonic() - doc.started, 3),
    )
    run.outcomes.append(outcome)
    return outcome, result


def _store(doc: _InFlight, run: _Run, *, key: str, result: NormDocument, ocr: DocumentText | None,
           doc_id: str) -> tuple[NormDocument, str | None, bool]:
    """The store task on one result: (the result as stored, its JSON path, whether it was
    written). A failure to store becomes a ``store_failed`` result: the batch goes on."""
    entry = doc.entry
    try:
        stored = store_task(run.store, run_id=run.run_id, doc_key=key, source=entry.source, result=result,
                            ocr=ocr, manifest_meta=entry.meta, force=run.force, doc_id=doc_id)
    except Exception as exc:  # noqa: BLE001 - e.g. disk full: recorded, the batch goes on
        return failed_result(source=entry.source, meta=entry.meta, reason="store_failed",
                             message=f"{type(exc).__name__}: {exc}", category="internal",
                             component="store"), None, False
    return result, str(stored.json_path) if stored.json_path else None, stored.stored


def _finish_acts(doc: _InFlight, run: _Run, text: DocumentText, record: ActsDocument, *, pages_ocr: int,
                 pages_cached: int) -> DocumentOutcome:
    """Store every act of a gazette as its own document (key ``<source key>#act<k>``) and the
    gazette's record listing them (``acts/<sha256[:16]>.json``); one outcome per act."""
    entry = doc.entry
    listed: list[tuple[str, str | None]] = []
    outcome: DocumentOutcome | None = None
    for k, act in enumerate(record.acts, start=1):
        outcome, _stored = _record(doc, run, key=f"{entry.key}#act{k}", result=act.document,
                                   ocr=text if k == 1 else None, pages_ocr=pages_ocr if k == 1 else 0,
                                   pages_cached=pages_cached if k == 1 else 0, doc_id=f"{_doc_id(entry)}-act{k}")
        listed.append((outcome.status, outcome.json_path))
    run.store.save_acts_index(source=entry.source, doc_key=entry.key, record=record, stored=listed)
    assert outcome is not None  # a document without act headings is one act (pipeline.acts)
    _drop_download(doc)
    _report_done(doc, outcome, run.progress)
    return outcome


def _drop_download(doc: _InFlight) -> None:
    """A fetched URL's download served its purpose (the OCR is cached and stored): no second
    copy of every fetched PDF is kept in the cache directory."""
    if doc.entry.is_url and doc.path is not None:
        doc.path.unlink(missing_ok=True)


def _report_done(doc: _InFlight, outcome: DocumentOutcome, progress: Progress) -> None:
    """The document's untracked pages and the document itself, to the progress sink."""
    if doc.untracked:
        progress.page_done(doc.untracked)
    progress.document_done(outcome)


def _forget_finished(doc: _InFlight) -> None:
    """Keep the flow process's memory flat over tens of thousands of documents.

    Prefect keeps, for the whole flow run, every task result's state in the flow run context
    (``FlowRunContext.run_results``, for lineage of later task inputs) and one cancel event per
    submitted task in the thread runner; measured: +25 kB per document. Once a document is
    stored nothing refers to its task results again, so those entries are dropped. The cancel
    events have no public API (Prefect 3.x): that reach is guarded, and does nothing if
    Prefect's internals change.
    """
    from prefect.context import FlowRunContext

    ctx = FlowRunContext.get()
    if ctx is None:
        return
    ctx.run_results.clear()
    events = getattr(ctx.task_runner, "_cancel_events", None)
    if isinstance(events, dict):
        for future in [f for _, _, f in doc.futures] + doc.other_futures:
            events.pop(getattr(future, "task_run_id", None), None)


def _finish_and_forget(doc: _InFlight, run: _Run) -> None:
    _finish_document(doc, run)
    _forget_finished(doc)


def _process_entries(entries: Iterable[ManifestEntry], run: _Run, *, max_pages_in_flight: int) -> None:
    """The manifest through the streaming window (``flows.window``): pages queued on the runner,
    documents finished in order."""
    stream_window(entries, start=functools.partial(_start_document, run=run),
                  finish=functools.partial(_finish_and_forget, run=run),
                  weight=lambda doc: len(doc.futures), limit=max_pages_in_flight,
                  ready=lambda doc: all(_is_done(future) for _, _, future in doc.futures))


def _is_done(future: Any) -> bool:
    """Whether a page future (Prefect's on threads or Dask, or a warm-start one) has its result,
    asked without waiting; False when it cannot tell. A document whose pages are all read is
    stored before the next source is fetched: what is done stays stored if a slow source,
    SIGINT or SIGTERM comes next."""
    done = getattr(getattr(future, "wrapped_future", future), "done", None)
    return bool(done()) if callable(done) else False


def _summarize(run: _Run, *, started: float, problems: Iterable[ManifestProblem] = (), extra: dict) -> dict:
    """The run's summary (``corpus.summary``), finished now."""
    return summarize(run.outcomes, run_id=run.run_id, seconds=time.monotonic() - started,
                     cache=run.cache.stats.as_dict(), store=str(run.store.out), problems=problems,
                     extra={**extra, "finished_at": _utcnow()})


def _publish(summary: dict, *, key_hint: str) -> None:
    """Keep the summary as Prefect artifacts: a table of counts and a table of documents
    (no-op outside a flow run)."""
    key = "locleg-summary-" + "".join(c if c.isalnum() else "-" for c in key_hint.lower())[-60:].strip("-")
    try:
        from prefect.artifacts import create_table_artifact

        create_table_artifact(table=metrics_table(summary), key=key,
                              description=f"locleg batch summary ({key_hint})")
    except Exception:  # noqa: BLE001 - an artifact is a convenience, never a failure
        pass
    try:
        from prefect.artifacts import create_markdown_artifact

        create_markdown_artifact(markdown=documents_markdown(summary), key=key.replace("summary", "documents"),
                                 description=f"locleg documents ({key_hint})")
    except Exception:  # noqa: BLE001
        pass


# ---------------------------------------------------------------------------------------------
# flows


def _run_id() -> str:
    try:
        from prefect.runtime import flow_run

        if flow_run.id:
            return str(flow_run.id)
    except Exception:  # noqa: BLE001
        pass
    return uuid.uuid4().hex


def _deprioritize_embedded_server() -> None:
    """Let OCR have the cores: the temporary Prefect server this process started (embedded
    mode, no PREFECT_API_URL) records task runs from events, asynchronously, and competed with
    Tesseract for CPU on small machines. Its niceness is raised; a real server is untouched.

    ``SubprocessASGIServer()`` is the process's temporary server, the one Prefect's own clients
    start (its constructor returns that one instance; the test harness registers its server
    as that instance too)."""
    try:
        from prefect.server.api.server import SubprocessASGIServer
    except ImportError:  # pragma: no cover
        return
    from flows.temporary_server import record_server

    proc = getattr(SubprocessASGIServer(), "server_process", None)
    if proc is not None and proc.poll() is None:
        record_server(proc.pid)  # already recorded when it started, unless Prefect changed
        try:
            os.setpriority(os.PRIO_PROCESS, proc.pid, 10)
        except OSError:
            pass


def _open_run(out: str, cache: str | None, catalog: str | None, ocr: dict | None, force: bool) -> _Run:
    from pipeline.ocr import tesseract_version

    _deprioritize_embedded_server()

    from flows.temporary_server import sweep_orphan_servers
    from pipeline.scratch import sweep_stale_page_images

    config = OcrConfig(**(ocr or {}))
    # start-up sweep: the page images and the temporary Prefect server of a run killed by
    # SIGKILL (no cleanup ran) are removed
    sweep_stale_page_images(older_than_s=2 * config.timeout_s + 60)
    sweep_orphan_servers()
    store = Store(Path(out), open_catalog(catalog, Path(out)))
    store.sweep_partials()
    ocr_cache = OcrCache(Path(cache) if cache else default_cache_dir())
    ocr_cache.sweep_partials()  # cache entries and downloads a killed run was writing
    return _Run(run_id=_run_id(), store=store, cache=ocr_cache,
                config=config, limits=FetchLimits(retries=0),  # retries: the fetch task's, in Prefect
                force=force, engine_version=tesseract_version(), progress=installed_progress())


def _threads() -> Any:
    """The default task runner: one thread per core, each page one Tesseract process."""
    return ThreadPoolTaskRunner(max_workers=default_workers())


def _manifest_run_name() -> str:
    """Flow-run name: the manifest's name and the UTC start, e.g. ``manifest-sp-2026-12-04T01:02Z``."""
    from prefect.runtime import flow_run

    stem = Path(str(flow_run.parameters.get("manifest") or "manifest")).stem
    return f"{stem}-{dt.datetime.now(dt.UTC):%Y-%m-%dT%H:%MZ}"


def _document_run_name() -> str:
    from prefect.runtime import flow_run

    source = str(flow_run.parameters.get("source") or "document")
    return f"{Path(source.rstrip('/')).stem}-{dt.datetime.now(dt.UTC):%Y-%m-%dT%H:%MZ}"


@flow(name="ingest-manifest", task_runner=_threads(), flow_run_name=_manifest_run_name,
      log_prints=False)
def ingest_manifest(manifest: str, out: str, cache: str | None = None, catalog: str | None = None,
                    force: bool = False, ocr: dict | None = None,
                    max_pages_in_flight: int | None = None) -> dict:
    """Ingest every document of a JSON Lines manifest into the store ``out``; returns the summary.

    ``cache``: OCR cache directory (default: per-user, see ``corpus.cache``). ``catalog``: a
    ``postgresql://`` URL or SQLite path (default ``<out>/catalog.sqlite``). ``ocr``: OcrConfig
    fields. A failed document is recorded and the batch goes on.
    """
    started = time.monotonic()
    parsed = read_manifest(Path(manifest))
    run = _open_run(out, cache, catalog, ocr, force)
    try:
        run.store.catalog.begin_run(run.run_id, manifest=str(parsed.path), out_dir=str(run.store.out))
        for problem in parsed.bad_lines:
            run.store.catalog.record_attempt(run_id=run.run_id, doc_key=f"{parsed.path}#L{problem.line_no}",
                                             status="failed", reason=problem.reason)
        run.progress.add_documents(len(parsed.entries))
        _process_entries(parsed.entries, run, max_pages_in_flight=max_pages_in_flight or 4 * default_workers())
        summary = _summarize(run, started=started, problems=parsed.problems, extra={"manifest": str(parsed.path)})
        run.store.catalog.finish_run(run.run_id, without_detail(summary))
    finally:
        run.store.catalog.close()
    _publish(summary, key_hint=Path(manifest).stem)
    return summary


@flow(name="ingest-document", task_runner=_threads(), flow_run_name=_document_run_name)
def ingest_document(source: str, out: str, meta: dict | None = None, cache: str | None = None,
                    catalog: str | None = None, force: bool = False, ocr: dict | None = None) -> dict:
    """One source (path or http(s) URL): fetch, read pages in parallel, structure, store."""
    started = time.monotonic()
    url = is_url(source)
    path: Path | None = None
    problem: ManifestProblem | None = None
    if not url:
        path, reason = resolve_source(source, base_dir=Path.cwd())
        if path is None and reason == "path_outside_manifest":
            path = Path(source).expanduser().resolve()  # one source named directly: no manifest root
        elif path is None:
            problem = ManifestProblem(1, reason or "bad_source", f"{source!r} refused: {reason}", source)
    entry = ManifestEntry(line_no=1, source=source, meta=NormMeta.model_validate(meta or {}), is_url=url,
                          path=path, problem=problem)
    run = _open_run(out, cache, catalog, ocr, force)
    try:
        run.store.catalog.begin_run(run.run_id, manifest=source, out_dir=str(run.store.out))
        _finish_document(_start_document(entry, run), run)
        summary = _summarize(run, started=started, extra={})
        run.store.catalog.finish_run(run.run_id, without_detail(summary))
    finally:
        run.store.catalog.close()
    return summary


@flow(name="reprocess", task_runner=_threads(),
      flow_run_name=lambda: f"reprocess-{dt.datetime.now(dt.UTC):%Y-%m-%dT%H:%MZ}")
def reprocess(out: str, catalog: str | None = None, ocr: dict | None = None) -> dict:
    """Re-run cleaning and segmentation for every stored document from its saved OCR (no OCR).

    Documents stored without OCR (they failed before reading) are counted as skipped."""
    started = time.monotonic()
    config = OcrConfig(**(ocr or {}))
    store = Store(Path(out), open_catalog(catalog, Path(out)))
    store.sweep_partials()
    run = _Run(run_id=_run_id(), store=store, cache=OcrCache(Path(out) / ".ocr-unused"), config=config,
               limits=FetchLimits(), force=False, engine_version="", progress=installed_progress())
    skipped = 0
    try:
        store.catalog.begin_run(run.run_id, manifest="(reprocess)", out_dir=str(store.out))
        rows = store.catalog.documents()
        run.progress.add_documents(len(rows))
        for row in rows:
            if not row.ocr_path:
                skipped += 1
                continue
            meta = NormMeta.model_validate_json(row.meta_json) if row.meta_json else NormMeta()
            doc = _InFlight(entry=ManifestEntry(line_no=0, source=row.source, meta=meta, is_url=is_url(row.source),
                                                path=None if is_url(row.source) else Path(row.doc_key)),
                            started=time.monotonic(), sha256=row.sha256)
            try:
                doc.given = store.load_ocr(row.ocr_path)
                doc.n_pages = len(doc.given.pages)
            except Exception as exc:  # noqa: BLE001 - gzip raises EOFError, zlib.error...: one document's failure
                doc.error = InputError(f"stored OCR unreadable: {type(exc).__name__}: {exc}",
                                       reason="stored_ocr_unreadable")
            _finish_document(doc, run)
        summary = _summarize(run, started=started, extra={"skipped_no_ocr": skipped})
        store.catalog.finish_run(run.run_id, without_detail(summary))
    finally:
        store.catalog.close()
    _publish(summary, key_hint="reprocess")
    return summary


def _utcnow() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


# ---------------------------------------------------------------------------------------------
# task runners


def make_task_runner(*, workers: int | None = None, dask: bool = False, dask_address: str | None = None):
    """Threads (default: one per core; each page is one Tesseract process) or Dask.

    ``dask_address``: an existing scheduler (``tcp://host:8786``); ``dask`` alone: a
    LocalCluster of one single-threaded worker process per core. With Dask, set
    ``PREFECT_API_URL`` to a running Prefect server (see docs/flows.md), or every worker starts
    its own temporary server.
    """
    n = workers or default_workers()
    if dask_address or dask:
        from prefect_dask import DaskTaskRunner

        if dask_address:
            return DaskTaskRunner(address=dask_address)
        return DaskTaskRunner(cluster_kwargs={"n_workers": n, "threads_per_worker": 1, "processes": True,
                                              "dashboard_address": None})
    return ThreadPoolTaskRunner(max_workers=n)
