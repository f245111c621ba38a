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
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
# The temporary (embedded) server logs tracebacks when it is stopped at the end of a run.
os.environ.setdefault("PREFECT_SERVER_LOGGING_LEVEL", "CRITICAL")
# Its start-up (a fresh SQLite database) took over 20 s on a busy 2-core machine.
os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")

from prefect import flow, tags  # noqa: E402

from corpus.cache import OcrCache, default_cache_dir, page_key  # noqa: E402
from corpus.catalog import open_catalog  # noqa: E402
from corpus.fetch import FetchLimits  # noqa: E402
from corpus.inflight import (  # noqa: E402
    InFlight,
    cache_pages,
    collect_pages,
    doc_id,
    doc_tags,
    document_text,
    drop_download,
    failed_record,
    outcome_of,
    pages_read,
    structuring_error,
)
from corpus.manifest import (  # noqa: E402
    ManifestEntry,
    ManifestProblem,
    entry_of_source,
    is_url,
    read_manifest,
)
from corpus.store import Store, failed_result  # noqa: E402
from corpus.summary import DocumentOutcome, summarize, without_detail  # noqa: E402
from flows.progress import NO_PROGRESS, Progress, installed_progress  # noqa: E402
from flows.runtime import (  # noqa: E402
    document_run_name,
    forget_finished,
    log,
    manifest_run_name,
    on_done,
    publish,
    reprocess_run_name,
    run_id,
    threads,
)
from flows.tasks import (  # noqa: E402
    fetch_source,
    plan_document,
    read_page_task,
    store_task,
    structure_acts_task,
    structure_task,
)
from flows.temporary_server import deprioritize_temporary_server, sweep_orphan_servers  # noqa: E402
from flows.window import stream_window  # noqa: E402
from models.norm import ActsDocument, NormDocument, NormMeta  # noqa: E402
from models.ocr import DocumentText  # noqa: E402
from pipeline.config import OcrConfig  # noqa: E402
from pipeline.errors import FetchError, InputError, LoclegError  # noqa: E402
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


# ---------------------------------------------------------------------------------------------
# starting a document (flow process)


def _start_document(entry: ManifestEntry, run: _Run) -> InFlight:
    """Fetch, plan, look pages up in the cache and submit the misses."""
    doc = InFlight(entry=entry, started=time.monotonic())
    if entry.problem is not None:
        doc.error = FetchError(entry.problem.message, reason=entry.problem.reason)
        return doc
    name = doc_id(entry)
    try:
        fetched = fetch_source(entry.source, is_url=entry.is_url, path=entry.path,
                               downloads_dir=run.cache.downloads_dir, limits=run.limits, doc_id=name)
        if isinstance(fetched, LoclegError):
            raise fetched
        doc.path, doc.sha256 = fetched.path, fetched.sha256
        if doc.path.suffix.lower() == ".txt":
            from pipeline.ingest import read_file

            doc.given = read_file(doc.path, config=run.config).model_copy(update={"source": entry.source})
            doc.n_pages = len(doc.given.pages)
            return doc
        plans = plan_document(doc.path, config=run.config, doc_id=name)
        if isinstance(plans, LoclegError):
            raise plans
    except LoclegError as exc:
        doc.error = exc
        log().info("%s: %s (%s) %s", name, exc.category, exc.reason, exc.message)
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


def _read_pages(doc: InFlight, path: Path, plans: list[PagePlan], run: _Run) -> None:
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
        with tags(*doc_tags(doc.entry)):  # a page read before Prefect (flows.warm) is taken over by its task
            future = read_page_task.submit(path, plan, config=run.config, doc_id=doc_id(doc.entry),
                                           page_no=plan.page_index + 1, warm_key=key)
        if not on_done(future, run.progress.page_done):
            doc.untracked += 1
        doc.futures.append((plan.page_index, key, future))


# ---------------------------------------------------------------------------------------------
# finishing a document (flow process): a recipe of steps, each with one job


def _finish_document(doc: InFlight, run: _Run) -> DocumentOutcome:
    """Collect the pages, structure, store, clean up and report. Never raises for a document's fault."""
    entry = doc.entry
    error, text = doc.error, doc.given
    pages_ocr, pages_cached = 0, len(doc.pages)
    if error is None and text is None:
        read = collect_pages(doc.futures)
        cache_pages(run.cache, read)
        pages_ocr = sum(1 for _key, page in read if page.method == "ocr")
        text, error = document_text(doc, [page for _key, page in read], run.config)
    result: NormDocument | None = None
    if error is None and text is not None:
        structured = _structure(doc, text, run)
        if isinstance(structured, ActsDocument):
            try:
                return _finish_acts(doc, run, text, structured, pages_ocr=pages_ocr, pages_cached=pages_cached)
            except Exception as exc:  # noqa: BLE001 - e.g. the acts' index unwritable: the document fails
                error = structuring_error(exc)
        elif isinstance(structured, LoclegError):
            error = structured
        else:
            result = structured
    if result is None:
        result, text = failed_record(doc, error), None
    outcome, result = _record(doc, run, key=entry.key, result=result, ocr=text, pages_ocr=pages_ocr,
                              pages_cached=pages_cached, doc_id=doc_id(entry))
    if outcome.status == "failed":
        log().warning("%s: failed (%s): %s", doc_id(entry), outcome.reason,
                      result.errors[0].message if result.errors else "")
    drop_download(doc)
    _report_done(doc, outcome, run.progress)
    return outcome


def _structure(doc: InFlight, text: DocumentText, run: _Run) -> NormDocument | ActsDocument | LoclegError:
    """The structuring task of the document: every act of a gazette, else the one norm."""
    entry = doc.entry
    task: Any = structure_acts_task if entry.all_acts else structure_task
    try:
        with tags(*doc_tags(entry)):
            future = task.submit(text, entry.meta, config=run.config, doc_id=doc_id(entry))
        doc.other_futures.append(future)
        return future.result()
    except Exception as exc:  # noqa: BLE001 - a document never stops the batch
        return structuring_error(exc)


def _record(doc: InFlight, run: _Run, *, key: str, result: NormDocument, ocr: DocumentText | None,
            pages_ocr: int, pages_cached: int, doc_id: str) -> tuple[DocumentOutcome, NormDocument]:
    """Store one result and count its outcome in the run; returns the outcome and the result
    as recorded (a failure to store is a ``store_failed`` result)."""
    result, json_path, stored = _store(doc, run, key=key, result=result, ocr=ocr, doc_id=doc_id)
    outcome = outcome_of(doc, key=key, result=result, json_path=json_path, stored=stored, pages_ocr=pages_ocr,
                         pages_cached=pages_cached)
    run.outcomes.append(outcome)
    return outcome, result


def _store(doc: InFlight, run: _Run, *, key: str, result: NormDocument, ocr: DocumentText | None,
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


def _finish_acts(doc: InFlight, run: _Run, text: DocumentText, record: ActsDocument, *, pages_ocr: int,
                 pages_cached: int) -> DocumentOutcome:
    """Store every act of a gazette as its own document (key ``<source key>#act<k>``) and the
    gazette's record listing them (``acts/<sha256[:16]>.json``); one outcome per act."""
    entry = doc.entry
    listed: list[tuple[str, str | None]] = []
    outcome: DocumentOutcome | None = None
    for k, act in enumerate(record.acts, start=1):
        outcome, _stored = _record(doc, run, key=f"{entry.key}#act{k}", result=act.document,
                                   ocr=text if k == 1 else None, pages_ocr=pages_ocr if k == 1 else 0,
                                   pages_cached=pages_cached if k == 1 else 0, doc_id=f"{doc_id(entry)}-act{k}")
        listed.append((outcome.status, outcome.json_path))
    run.store.save_acts_index(source=entry.source, doc_key=entry.key, record=record, stored=listed)
    assert outcome is not None  # a document without act headings is one act (pipeline.acts)
    drop_download(doc)
    _report_done(doc, outcome, run.progress)
    return outcome


def _report_done(doc: InFlight, outcome: DocumentOutcome, progress: Progress) -> None:
    """The document's untracked pages and the document itself, to the progress sink."""
    if doc.untracked:
        progress.page_done(doc.untracked)
    progress.document_done(outcome)


def _finish_and_forget(doc: InFlight, run: _Run) -> None:
    _finish_document(doc, run)
    forget_finished([f for _, _, f in doc.futures] + doc.other_futures)


def _process_entries(entries: Iterable[ManifestEntry], run: _Run, *, max_pages_in_flight: int) -> None:
    """The manifest through the streaming window (``flows.window``): pages queued on the runner,
    documents finished in order."""
    stream_window(entries, start=functools.partial(_start_document, run=run),
                  finish=functools.partial(_finish_and_forget, run=run),
                  weight=lambda doc: len(doc.futures), limit=max_pages_in_flight,
                  ready=pages_read)


def _summarize(run: _Run, *, started: float, problems: Iterable[ManifestProblem] = (), extra: dict) -> dict:
    """The run's summary (``corpus.summary``), finished now."""
    return summarize(run.outcomes, run_id=run.run_id, seconds=time.monotonic() - started,
                     cache=run.cache.stats.as_dict(), store=str(run.store.out), problems=problems,
                     extra={**extra, "finished_at": _utcnow()})


# ---------------------------------------------------------------------------------------------
# flows


def _open_run(out: str, cache: str | None, catalog: str | None, ocr: dict | None, force: bool) -> _Run:
    from pipeline.ocr import tesseract_version
    from pipeline.scratch import sweep_stale_page_images

    deprioritize_temporary_server()
    config = OcrConfig(**(ocr or {}))
    # start-up sweep: the page images and the temporary Prefect server of a run killed by
    # SIGKILL (no cleanup ran) are removed
    sweep_stale_page_images(older_than_s=2 * config.timeout_s + 60)
    sweep_orphan_servers()
    store = Store(Path(out), open_catalog(catalog, Path(out)))
    store.sweep_partials()
    ocr_cache = OcrCache(Path(cache) if cache else default_cache_dir())
    ocr_cache.sweep_partials()  # cache entries and downloads a killed run was writing
    return _Run(run_id=run_id(), store=store, cache=ocr_cache,
                config=config, limits=FetchLimits(retries=0),  # retries: the fetch task's, in Prefect
                force=force, engine_version=tesseract_version(), progress=installed_progress())


@flow(name="ingest-manifest", task_runner=threads(), flow_run_name=manifest_run_name,
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
    publish(summary, key_hint=Path(manifest).stem)
    return summary


@flow(name="ingest-document", task_runner=threads(), flow_run_name=document_run_name)
def ingest_document(source: str, out: str, meta: dict | None = None, cache: str | None = None,
                    catalog: str | None = None, force: bool = False, ocr: dict | None = None) -> dict:
    """One source (path or http(s) URL): fetch, read pages in parallel, structure, store."""
    started = time.monotonic()
    entry = entry_of_source(source, NormMeta.model_validate(meta or {}))
    run = _open_run(out, cache, catalog, ocr, force)
    try:
        run.store.catalog.begin_run(run.run_id, manifest=source, out_dir=str(run.store.out))
        _finish_document(_start_document(entry, run), run)
        summary = _summarize(run, started=started, extra={})
        run.store.catalog.finish_run(run.run_id, without_detail(summary))
    finally:
        run.store.catalog.close()
    return summary


@flow(name="reprocess", task_runner=threads(), flow_run_name=reprocess_run_name)
def reprocess(out: str, catalog: str | None = None, ocr: dict | None = None) -> dict:
    """Re-run cleaning and segmentation for every stored document from its saved OCR (no OCR).

    Documents stored without OCR (they failed before reading) are counted as skipped."""
    started = time.monotonic()
    config = OcrConfig(**(ocr or {}))
    store = Store(Path(out), open_catalog(catalog, Path(out)))
    store.sweep_partials()
    run = _Run(run_id=run_id(), store=store, cache=OcrCache(Path(out) / ".ocr-unused"), config=config,
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
            doc = InFlight(entry=ManifestEntry(line_no=0, source=row.source, meta=meta, is_url=is_url(row.source),
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
    publish(summary, key_hint="reprocess")
    return summary


def _utcnow() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
