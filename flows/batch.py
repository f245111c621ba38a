"""The Prefect flows: ``ingest_manifest`` (a batch), ``ingest_document`` (one source) and
``reprocess`` (re-structure a store from its saved OCR, no OCR at all).

Shape of a batch: documents stream through a window. For each document the flow process fetches
the source, plans its pages and looks every page up in the OCR cache; the pages that miss are
submitted as ``read-page`` tasks to the task runner (threads: one Tesseract process per core;
or Dask workers). The window is bounded by the number of pages in flight, so the task runner
always has work queued while the oldest document is finished (cache writes, structuring,
store). A failure of any kind ends that document as ``failed`` with a reason code; the batch
goes on. The summary is returned, written to the catalog's ``runs`` row, and kept as a Prefect
table artifact.
"""

from __future__ import annotations

import collections
import datetime as dt
import hashlib
import json
import os
import sys
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
# The temporary (embedded) server logs tracebacks when it is stopped at the end of a run.
os.environ.setdefault("PREFECT_SERVER_LOGGING_LEVEL", "CRITICAL")
# Its start-up (a fresh SQLite database) took over 20 s on a busy 2-core machine.
os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")

from prefect import flow, tags  # noqa: E402
from prefect.task_runners import ThreadPoolTaskRunner  # noqa: E402

from corpus.cache import OcrCache, default_cache_dir, page_key  # noqa: E402
from corpus.catalog import open_catalog  # noqa: E402
from corpus.current import tally  # noqa: E402
from corpus.fetch import FetchLimits  # noqa: E402
from corpus.manifest import (  # noqa: E402
    ManifestEntry,
    ManifestProblem,
    is_url,
    read_manifest,
    resolve_source,
)
from corpus.store import Store, failed_result  # noqa: E402
from flows.report import format_summary  # noqa: E402,F401 - re-exported
from flows.tasks import (  # noqa: E402
    fetch_source,
    plan_document,
    read_page_task,
    store_task,
    structure_acts_task,
    structure_task,
)
from models.norm import ActsDocument, NormDocument, NormMeta  # noqa: E402
from models.ocr import DocumentText, PageText  # noqa: E402
from pipeline.config import OcrConfig  # noqa: E402
from pipeline.errors import FetchError, InputError, LoclegError, OcrError, error_of_page  # noqa: E402

# ---------------------------------------------------------------------------------------------
# progress (the CLI plugs a bar in; flows run without one)


class Progress(Protocol):
    def add_documents(self, n: int) -> None: ...
    def add_pages(self, n: int) -> None: ...
    def page_done(self, n: int = 1) -> None: ...
    def document_done(self, outcome: DocumentOutcome) -> None: ...


_progress: Progress | None = None


def set_progress(progress: Progress | None) -> None:
    """Install the progress sink used by the next flow runs in this process (None: none)."""
    global _progress
    _progress = progress


def _announce_documents(n: int) -> None:
    # Flow bodies must not name ``_progress`` themselves: a flow copied by ``with_options`` is
    # pickled by value for Dask workers, with the globals its code names.
    if _progress is not None:
        _progress.add_documents(n)


# ---------------------------------------------------------------------------------------------
# values


@dataclass(frozen=True)
class DocumentOutcome:
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
    outcomes: list[DocumentOutcome] = field(default_factory=list)


@dataclass
class _InFlight:
    entry: ManifestEntry
    started: float
    path: Path | None = None
    sha256: str | None = None
    pages: dict[int, PageText] = field(default_factory=dict)
    futures: list[tuple[int, str, Any]] = field(default_factory=list)
    given: DocumentText | None = None
    error: LoclegError | None = None
    n_pages: int = 0
    untracked: int = 0
    other_futures: list[Any] = field(default_factory=list)
    """Pages whose progress is ticked when the document finishes (no future callbacks)."""


# ---------------------------------------------------------------------------------------------
# per-document steps (flow process)


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
    if _progress is not None:
        _progress.add_pages(len(plans))
    config_key = run.config.key()
    for plan in plans:
        key = page_key(doc.sha256 or "", plan.page_index, config_key, run.engine_version)
        hit = run.cache.get(key)
        if hit is not None:
            doc.pages[plan.page_index] = hit
            if _progress is not None:
                _progress.page_done()
            continue
        with tags(*_doc_tags(entry)):  # a page read before Prefect (flows.warm) is taken over by its task
            future = read_page_task.submit(doc.path, plan, config=run.config, doc_id=doc_id,
                                           page_no=plan.page_index + 1, warm_key=key)
        if _progress is not None and not _on_done(future, _progress.page_done):
            doc.untracked += 1
        doc.futures.append((plan.page_index, key, future))
    return doc


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


def _finish_document(doc: _InFlight, run: _Run) -> DocumentOutcome:
    """Collect pages, fill the cache, structure, store. Never raises for a document's fault."""
    entry = doc.entry
    pages_ocr = 0
    pages_cached = len(doc.pages)
    result: NormDocument | None = None
    text: DocumentText | None = doc.given
    if doc.error is None and text is None:
        for page_index, key, future in doc.futures:
            try:
                page = future.result()
            except Exception as exc:  # noqa: BLE001 - a lost worker fails the page, not the batch
                page = PageText(page_index=page_index, method="none", error=OcrError(str(exc)).page_error())
            doc.pages[page_index] = page
            if page.method != "none":
                run.cache.put(key, page)
            if page.method == "ocr":
                pages_ocr += 1
        pages = tuple(doc.pages[i] for i in sorted(doc.pages))
        if pages and all(p.method == "none" for p in pages):
            doc.error = error_of_page(pages[0])
        else:
            text = DocumentText(source=entry.source, sha256=doc.sha256, backend=_backend_of(pages, run.config),
                                pages=pages)
    if doc.error is None and text is not None and entry.all_acts:
        try:
            with tags(*_doc_tags(entry)):
                acts = structure_acts_task.submit(text, entry.meta, config=run.config, doc_id=_doc_id(entry))
            doc.other_futures.append(acts)
            return _finish_acts(doc, run, text, acts.result(), pages_ocr=pages_ocr, pages_cached=pages_cached)
        except LoclegError as exc:
            doc.error = exc
        except Exception as exc:  # noqa: BLE001
            doc.error = LoclegError(f"structuring failed: {type(exc).__name__}: {exc}", reason="structure_failed")
    if doc.error is None and text is not None:
        try:
            with tags(*_doc_tags(entry)):
                structured = structure_task.submit(text, entry.meta, config=run.config, doc_id=_doc_id(entry))
            doc.other_futures.append(structured)
            result = structured.result()
        except LoclegError as exc:
            doc.error = exc
        except Exception as exc:  # noqa: BLE001
            doc.error = LoclegError(f"structuring failed: {type(exc).__name__}: {exc}", reason="structure_failed")
    if doc.error is not None or result is None:
        error = doc.error or LoclegError("no result", reason="internal_error")
        result = failed_result(source=entry.source, meta=entry.meta, reason=error.reason, message=error.message,
                               category=error.category, sha256=doc.sha256, pages=doc.n_pages,
                               page_no=error.page_no, component=_component_of(error))
        text = None
    outcome, result = _store(doc, run, key=entry.key, result=result, ocr=text, pages_ocr=pages_ocr,
                             pages_cached=pages_cached, doc_id=_doc_id(entry))
    if outcome.status == "failed":
        _log().warning("%s: failed (%s): %s", _doc_id(entry), outcome.reason,
                       result.errors[0].message if result.errors else "")
    _close(doc, outcome)
    return outcome


def _store(doc: _InFlight, run: _Run, *, key: str, result: NormDocument, ocr: DocumentText | None,
           pages_ocr: int, pages_cached: int, doc_id: str) -> tuple[DocumentOutcome, NormDocument]:
    """Store one result (a failure to store becomes a ``store_failed`` result: the batch goes on)
    and record its outcome; returns the outcome and the result as recorded."""
    entry = doc.entry
    try:
        stored = store_task(run.store, run_id=run.run_id, doc_key=key, source=entry.source, result=result,
                            ocr=ocr, manifest_meta=entry.meta, force=run.force, doc_id=doc_id)
        json_path, was_stored = str(stored.json_path) if stored.json_path else None, stored.stored
    except Exception as exc:  # noqa: BLE001 - e.g. disk full: recorded, the batch goes on
        result = failed_result(source=entry.source, meta=entry.meta, reason="store_failed",
                               message=f"{type(exc).__name__}: {exc}", category="internal", component="store")
        json_path, was_stored = None, False
    info = result.document
    outcome = DocumentOutcome(
        doc_key=key, source=entry.source, status=info.status, reason=info.reason,
        pages=info.pages or doc.n_pages, pages_ocr=pages_ocr, pages_cached=pages_cached,
        confidence=info.confidence, warnings=tuple(w.code for w in result.warnings),
        json_path=json_path, stored=was_stored, line_no=entry.line_no,
        seconds=round(time.monotonic() - doc.started, 3),
    )
    run.outcomes.append(outcome)
    return outcome, result


def _close(doc: _InFlight, outcome: DocumentOutcome) -> None:
    """A document is done: its download dropped, its progress reported."""
    if doc.entry.is_url and doc.path is not None:
        # The download served its purpose (the OCR is cached and stored); don't keep a second
        # copy of every fetched PDF in the cache directory.
        doc.path.unlink(missing_ok=True)
    if _progress is not None:
        if doc.untracked:
            _progress.page_done(doc.untracked)
        _progress.document_done(outcome)


def _finish_acts(doc: _InFlight, run: _Run, text: DocumentText, record: ActsDocument, *, pages_ocr: int,
                 pages_cached: int) -> DocumentOutcome:
    """Store every act of a gazette as its own document (key ``<source key>#act<k>``) and the
    gazette's record listing them (``acts/<sha256[:16]>.json``); one outcome per act."""
    entry = doc.entry
    listed = []
    outcome: DocumentOutcome | None = None
    for k, act in enumerate(record.acts, start=1):
        outcome, _stored = _store(doc, run, key=f"{entry.key}#act{k}", result=act.document,
                                  ocr=text if k == 1 else None, pages_ocr=pages_ocr if k == 1 else 0,
                                  pages_cached=pages_cached if k == 1 else 0, doc_id=f"{_doc_id(entry)}-act{k}")
        relative = Path(outcome.json_path).relative_to(run.store.out).as_posix() if outcome.json_path else None
        listed.append({"tipo": act.tipo, "numero": act.numero, "ano": act.ano, "epigrafe": act.epigrafe,
                       "page_no": act.page_no, "status": outcome.status, "json_path": relative})
    index = {"source": entry.source, "sha256": record.sha256, "pages": record.pages, "acts": listed}
    name = (record.sha256 or hashlib.sha256(entry.key.encode()).hexdigest())[:16]
    run.store.write_atomic(run.store.out / "acts" / f"{name}.json",
                           (json.dumps(index, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    assert outcome is not None  # a document without act headings is one act (pipeline.acts)
    _close(doc, outcome)
    return outcome


def _component_of(error: LoclegError) -> str:
    return {"fetch": "fetch", "input": "ocr", "ocr": "ocr"}.get(error.category, "ingest")


def _backend_of(pages: Iterable[PageText], config: OcrConfig) -> str | None:
    from pipeline.ocr import backend_name, text_backend_name

    methods = {p.method for p in pages}
    if "ocr" in methods:
        return backend_name(config)
    if "text" in methods:
        return text_backend_name()
    return None


def _forget_finished(doc: _InFlight) -> None:
    """Keep the flow process's memory flat over tens of thousands of documents.

    Prefect keeps, for the whole flow run, every task result's state in the flow run context
    (for lineage of later task inputs) and one cancel event per submitted task in the thread
    runner; measured: +25 kB per document. Once a document is stored nothing refers to its task
    results again, so those entries are dropped. Guarded: if Prefect's internals change this
    does nothing.
    """
    from prefect.context import FlowRunContext

    ctx = FlowRunContext.get()
    if ctx is None:
        return
    results = getattr(ctx, "run_results", None)
    if isinstance(results, dict):
        results.clear()
    events = getattr(ctx.task_runner, "_cancel_events", None)
    if isinstance(events, dict):
        for future in [f for _, _, f in doc.futures] + doc.other_futures:
            events.pop(getattr(future, "task_run_id", None), None)


def _process_entries(entries: Iterable[ManifestEntry], run: _Run, *, max_pages_in_flight: int) -> None:
    """The streaming window: keep pages queued on the runner, finish documents in order."""
    window: collections.deque[_InFlight] = collections.deque()
    in_flight = 0
    for entry in entries:
        doc = _start_document(entry, run)
        window.append(doc)
        in_flight += len(doc.futures)
        while window and (in_flight > max_pages_in_flight or len(window) > max_pages_in_flight):
            done = window.popleft()
            in_flight -= len(done.futures)
            _finish_document(done, run)
            _forget_finished(done)
    while window:
        done = window.popleft()
        _finish_document(done, run)
        _forget_finished(done)


# ---------------------------------------------------------------------------------------------
# summary


def summarize(run: _Run, *, seconds: float, problems: Iterable[ManifestProblem] = (),
              extra: dict | None = None) -> dict:
    """Counts by status and reason, pages, pages_ocr, mean confidence, warnings by code, seconds."""
    outcomes = run.outcomes
    bad = [p for p in problems if p.reason not in ("duplicate_entry", "duplicate_conflict")]
    dups = [p for p in problems if p.reason in ("duplicate_entry", "duplicate_conflict")]
    by_status, by_reason, warnings = tally(outcomes)
    for p in bad:
        by_status["failed"] += 1
        by_reason[p.reason] += 1
    confs = [o.confidence for o in outcomes if o.confidence is not None]
    summary = {
        "run_id": run.run_id,
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
        "cache": run.cache.stats.as_dict(),
        "seconds": round(seconds, 3),
        "pages_per_second": round(sum(o.pages for o in outcomes) / seconds, 3) if seconds > 0 else None,
        "store": str(run.store.out),
        "documents_detail": [
            {"line": o.line_no, "source": o.source, "status": o.status, "reason": o.reason, "pages": o.pages,
             "pages_ocr": o.pages_ocr, "confidence": o.confidence, "json": o.json_path, "stored": o.stored}
            for o in outcomes
        ],
    }
    if extra:
        summary.update(extra)
    return summary


def _publish(summary: dict, *, key_hint: str) -> None:
    """Keep the summary as a Prefect table artifact (no-op outside a flow run)."""
    try:
        from prefect.artifacts import create_table_artifact

        table = [{"metric": "documents", "value": summary["documents"]}]
        table += [{"metric": f"status {s}", "value": n} for s, n in summary["by_status"].items()]
        table += [{"metric": k, "value": summary[k]} for k in ("pages", "pages_ocr", "pages_cached",
                                                                "mean_confidence", "seconds")]
        table += [{"metric": f"warning {c}", "value": n} for c, n in summary["warnings"].items()]
        table += [{"metric": f"reason {r}", "value": n} for r, n in summary["by_reason"].items()]
        key = "locleg-summary-" + "".join(c if c.isalnum() else "-" for c in key_hint.lower())[-60:].strip("-")
        create_table_artifact(table=table, key=key, description=f"locleg batch summary ({key_hint})")
    except Exception:  # noqa: BLE001 - an artifact is a convenience, never a failure
        pass
    try:
        from prefect.artifacts import create_markdown_artifact

        create_markdown_artifact(markdown=documents_markdown(summary), key=key.replace("summary", "documents"),
                                 description=f"locleg documents ({key_hint})")
    except Exception:  # noqa: BLE001
        pass


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
    Tesseract for CPU on small machines. Its niceness is raised; a real server is untouched."""
    try:
        from prefect.server.api.server import SubprocessASGIServer
    except ImportError:  # pragma: no cover
        return
    from flows.temporary_server import record_server

    for server in list(SubprocessASGIServer._instances.values()):
        proc = getattr(server, "server_process", None)
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
    return _Run(run_id=_run_id(), store=store, cache=OcrCache(Path(cache) if cache else default_cache_dir()),
                config=config, limits=FetchLimits(retries=0),  # retries: the fetch task's, in Prefect
                force=force, engine_version=tesseract_version())


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


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
        _announce_documents(len(parsed.entries))
        _process_entries(parsed.entries, run, max_pages_in_flight=max_pages_in_flight or 4 * default_workers())
        summary = summarize(run, seconds=time.monotonic() - started, problems=parsed.problems,
                            extra={"manifest": str(parsed.path), "finished_at": _utcnow()})
        run.store.catalog.finish_run(run.run_id, _without_detail(summary))
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
        summary = summarize(run, seconds=time.monotonic() - started, extra={"finished_at": _utcnow()})
        run.store.catalog.finish_run(run.run_id, _without_detail(summary))
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
               limits=FetchLimits(), force=False, engine_version="")
    skipped = 0
    try:
        store.catalog.begin_run(run.run_id, manifest="(reprocess)", out_dir=str(store.out))
        rows = store.catalog.documents()
        _announce_documents(len(rows))
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
        summary = summarize(run, seconds=time.monotonic() - started,
                            extra={"skipped_no_ocr": skipped, "finished_at": _utcnow()})
        store.catalog.finish_run(run.run_id, _without_detail(summary))
    finally:
        store.catalog.close()
    _publish(summary, key_hint="reprocess")
    return summary


def _utcnow() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def _without_detail(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "documents_detail"}


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


# ---------------------------------------------------------------------------------------------
# CLI entry points (called by locleg.cli)


def _quiet_prefect(verbose: bool) -> None:
    """Without ``--verbose`` the terminal shows no Prefect chatter: a failed document is an
    expected outcome, reported as one line (progress, summary), and Prefect would print a full
    traceback per failed task. The flow- and task-run loggers stay at INFO, though, so their
    lines (ours included: a failed document's one line, a page taken over from the warm start)
    still reach the Prefect server's run logs; only the console handler drops them."""
    import logging

    if verbose:
        return
    for name in ("prefect", "prefect.server", "distributed", "prefect.task_runner.dask"):
        logging.getLogger(name).setLevel(logging.WARNING)
    for name in ("prefect.task_engine", "prefect.flow_engine"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    for name in _RUN_LOGGERS:
        logging.getLogger(name).setLevel(logging.INFO)
    from prefect.logging.handlers import APILogHandler

    # every terminal handler (Prefect's console handler, the CLI's own basicConfig one); the API
    # handler sits on the run loggers themselves, not on the root
    for handler in logging.getLogger().handlers:
        if not isinstance(handler, APILogHandler) and not any(isinstance(f, _NoRunLogs) for f in handler.filters):
            handler.addFilter(_NoRunLogs())


_RUN_LOGGERS = ("prefect.flow_runs", "prefect.task_runs")


class _NoRunLogs:
    """A console-handler filter: run logs go to the server, not to the terminal."""

    def filter(self, record: Any) -> bool:
        return not record.name.startswith(_RUN_LOGGERS)


def ocr_options(args: Any) -> dict:
    """OcrConfig fields given on the command line (``--lang``, ``--dpi``, ``--psm``, ``--no-prepare``)."""
    options: dict[str, Any] = {}
    for name in ("lang", "dpi", "psm"):
        value = getattr(args, name, None)
        if value is not None:
            options[name] = value
    if getattr(args, "no_prepare", False):
        options["prepare"] = False
    OcrConfig(**options)  # fail early on a bad combination
    return options


def _write_summary_json(path: Path | None, summary: dict) -> None:
    from flows.report import write_summary_json

    write_summary_json(path, summary)


def _exit_code(summary: dict, strict: bool) -> int:
    from pipeline.errors import EXIT_IO

    if summary.get("by_reason", {}).get("store_failed"):
        return EXIT_IO  # the batch went on, but some result is not on disk (full disk, read-only)
    if strict and summary["documents"] != summary["by_status"].get("extracted", 0):
        return 1
    return 0


def _cli_settings() -> Any:
    """Settings for a CLI run: in embedded mode (no PREFECT_API_URL) the temporary server is
    discarded at exit, so shipping every task's log lines to it is pure cost; and that server
    is recorded as it starts, for the start-up sweep of a run killed by SIGKILL."""
    from contextlib import nullcontext

    from prefect.settings import PREFECT_API_URL, PREFECT_LOGGING_TO_API_ENABLED, temporary_settings

    if PREFECT_API_URL.value():
        return nullcontext()
    from flows.temporary_server import register_temporary_server

    register_temporary_server()  # a run killed by SIGKILL leaves its server to the next run's sweep
    return temporary_settings(updates={PREFECT_LOGGING_TO_API_ENABLED: False})


def run_manifest_cli(args: Any) -> int:
    """``locleg run MANIFEST --out DIR``: run the batch flow, print the summary table."""
    from flows.progress import progress_bar

    manifest = Path(args.manifest)
    if not manifest.is_file():
        raise FetchError(f"manifest not found (or not a file): {manifest}", reason="missing_file")
    _quiet_prefect(getattr(args, "verbose", False))
    runner = make_task_runner(workers=getattr(args, "workers", None), dask=getattr(args, "dask", False),
                              dask_address=getattr(args, "dask_address", None))
    flow_fn = ingest_manifest.with_options(task_runner=runner)
    with _cli_settings(), progress_bar(enabled=not getattr(args, "no_progress", False)) as bar:
        set_progress(bar)
        try:
            summary = flow_fn(manifest=str(manifest), out=str(args.out),
                              cache=str(args.cache) if args.cache else None,
                              catalog=getattr(args, "catalog", None), force=bool(args.force),
                              ocr=ocr_options(args))
        except (LoclegError, KeyboardInterrupt):
            raise
        except Exception as exc:  # the orchestrator itself failed (documents never raise)
            raise LoclegError(f"the batch flow failed: {type(exc).__name__}: {exc}",
                              reason="flow_failed") from exc
        finally:
            set_progress(None)
            from flows import warm

            warm.discard()
    from flows import warm

    summary["first_page_s"] = warm.first_page_seconds()  # bench/startup.py: time to the first OCR'd page
    print(format_summary(summary), file=sys.stderr if str(args.summary_json) == "-" else sys.stdout)
    _write_summary_json(args.summary_json, summary)
    return _exit_code(summary, bool(args.strict))


def reprocess_cli(args: Any) -> int:
    """``locleg reprocess --out DIR``: re-structure every stored document from its saved OCR."""
    from flows.progress import progress_bar

    if not Path(args.out).is_dir():
        raise FetchError(f"store not found: {args.out}", reason="missing_file")
    _quiet_prefect(getattr(args, "verbose", False))
    with _cli_settings(), progress_bar(enabled=not getattr(args, "no_progress", False)) as bar:
        set_progress(bar)
        try:
            summary = reprocess(out=str(args.out), catalog=getattr(args, "catalog", None))
        finally:
            set_progress(None)
    print(format_summary(summary), file=sys.stderr if str(getattr(args, "summary_json", None)) == "-" else sys.stdout)
    _write_summary_json(getattr(args, "summary_json", None), summary)
    return _exit_code(summary, bool(getattr(args, "strict", False)))


def _catalog_error(target: str, exc: Exception) -> LoclegError:
    """A catalog that cannot be used: not a database (65), or a server not reachable (66)."""
    import sqlite3

    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in str(exc):
        return InputError(f"{target} is not a catalog database: {exc}", reason="catalog_unreadable")
    name = type(exc).__name__
    if name in ("OperationalError", "ConnectionError", "InterfaceError") or isinstance(exc, OSError):
        detail = " ".join(str(exc).split())[:200]
        return FetchError(f"catalog {target} unreachable: {detail}", reason="catalog_unreachable")
    return LoclegError(f"catalog {target}: {name}: {exc}", reason="catalog_failed")


def search_cli(args: Any) -> int:
    """``locleg search PHRASE [--uf SP] [--out DIR]``: matching units with norm and unit ids."""

    out = Path(args.out)
    target = getattr(args, "catalog", None)
    if target is None and not (out / "catalog.sqlite").is_file():
        raise FetchError(f"no catalog in {out} (run `locleg run MANIFEST --out {out}` first)",
                         reason="missing_file")
    try:
        catalog = open_catalog(target, out)
        try:
            hits = catalog.search(args.phrase, uf=args.uf, limit=args.limit)
        finally:
            catalog.close()
    except LoclegError:
        raise
    except Exception as exc:  # noqa: BLE001 - classified: a bad catalog is the user's input
        raise _catalog_error(target or str(out / "catalog.sqlite"), exc) from exc
    if getattr(args, "json", False):
        print(json.dumps([{**h.__dict__, "norm": h.norm_label} for h in hits], ensure_ascii=False, indent=2))
        return 0
    for h in hits:
        text = " ".join(h.text.split())
        print(f"{h.norm_label}  {h.unit_id}  [{h.json_path}]")
        print(f"    {text[:300]}{'...' if len(text) > 300 else ''}")
    if not hits:
        print(f"no unit matches {args.phrase!r}", file=sys.stderr)
    return 0
