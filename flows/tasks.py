"""Prefect tasks: each one stage call (``pipeline/``) or one side effect (``corpus/``).

No Prefect result caching (``NO_CACHE``): the OCR cache is ours, content-addressed, and the
store's replacement policy decides what a re-run does. Tasks that touch the store or the
catalog are called in the flow's process (not submitted), so they also work when pages run on
Dask workers.
"""

from __future__ import annotations

from pathlib import Path

from prefect import get_run_logger, task
from prefect.cache_policies import NO_CACHE

from corpus.fetch import FetchedSource, FetchLimits, check_local, fetch_url
from corpus.store import Store, StoreResult
from models.norm import ActsDocument, NormDocument, NormMeta
from models.ocr import DocumentText, PageText
from pipeline.config import OcrConfig
from pipeline.errors import InputError, LoclegError, OcrError
from pipeline.ocr import PagePlan, plan_pages, read_page

TRANSIENT_FETCH = frozenset({"url_unreachable"})
"""Fetch reasons worth a Prefect retry (the network); anything else is the document's answer.
Not ``fetch_timeout``: the attempt already took the whole wall-clock deadline (a dripping or
silent server), and three more would hold the batch four times as long."""


def _retry_transient(task, task_run, state) -> bool:
    """Prefect ``retry_condition_fn``: retry a fetch only when it failed for a transient reason."""
    try:
        state.result()
    except LoclegError as exc:
        return _transient(exc)
    except Exception:  # noqa: BLE001 - an unexpected crash: worth one more try
        return True
    return False


@task(name="fetch", cache_policy=NO_CACHE, task_run_name="fetch-{doc_id}", retries=3,
      retry_delay_seconds=[0.5, 1, 2], retry_condition_fn=_retry_transient)
def fetch_source(source: str, *, is_url: bool, path: Path | None, downloads_dir: Path,
                 limits: FetchLimits, doc_id: str = "doc") -> FetchedSource | LoclegError:
    """A local file checked, or a URL downloaded (size and time limits). A document's own
    problem (missing file, HTTP 404, too large) is returned as the error, not raised: the task
    completes and the document is recorded as failed, with no traceback. A transient network
    failure (unreachable, HTTP 429/5xx) is raised, so Prefect retries it (3 retries after
    0.5, 1 and 2 s; the flow gives ``fetch_url`` no retries of its own)."""
    try:
        if is_url:
            return fetch_url(source, downloads_dir, limits=limits)
        assert path is not None
        return check_local(path, limits=limits)
    except LoclegError as exc:
        if _transient(exc):
            raise
        return exc


def _transient(exc: LoclegError) -> bool:
    code = getattr(exc.__cause__, "code", None)
    return exc.reason in TRANSIENT_FETCH or (exc.reason == "http_error" and isinstance(code, int)
                                              and (code == 429 or code >= 500))


@task(name="plan-pages", cache_policy=NO_CACHE, task_run_name="plan-{doc_id}")
def plan_document(path: Path, *, config: OcrConfig, doc_id: str = "doc") -> list[PagePlan] | LoclegError:
    """The pages to read; an unreadable file (empty, not a PDF, encrypted...) is returned as its
    error (the document fails with that reason; the task does not)."""
    try:
        return plan_pages(path, config=config)
    except LoclegError as exc:
        return exc


CRASH_REASONS = frozenset({"tesseract_failed", "ocr_failed"})
"""Page errors worth another read: Tesseract died (a signal, a non-zero exit) or the engine
raised unexpectedly. Bad input, a missing Tesseract and a timeout (the read already took
``timeout_s``) are the page's answer at once."""
PAGE_RETRY_DELAYS = [1.0, 4.0]  # Prefect retries of a crashed page read: 1 s, then 4 s


def _last_attempt() -> bool:
    """True on the task run's last allowed try (or outside a task run)."""
    from prefect.context import TaskRunContext

    ctx = TaskRunContext.get()
    return ctx is None or ctx.task_run.run_count > ctx.task.retries


@task(name="read-page", cache_policy=NO_CACHE, task_run_name="ocr-{doc_id}-p{page_no}",
      retries=len(PAGE_RETRY_DELAYS), retry_delay_seconds=PAGE_RETRY_DELAYS)
def read_page_task(path: Path, plan: PagePlan, *, config: OcrConfig, doc_id: str = "doc",
                   page_no: int = 0, warm_key: str | None = None) -> PageText:
    """One page read (text layer or Tesseract). A crash (:data:`CRASH_REASONS`) is raised so
    Prefect retries the page with backoff; on the last try, and for any other error, the page is
    returned with ``method="none"`` and its typed ``error``, so the document goes on.
    ``warm_key``: the page's cache key; when ``locleg run`` started reading this page before
    Prefect (``flows.warm``), the task takes that read instead of reading the page again (and
    reads it itself if that read crashed)."""
    from flows import warm

    started = warm.take(warm_key) if warm_key else None
    if started is not None:
        page: PageText = started.result()
        if page.error is None or page.error.reason not in CRASH_REASONS:
            get_run_logger().info("page %d: read started before Prefect, taken over", page_no)
            return page
        get_run_logger().warning("page %d: the read started before Prefect crashed (%s); reading it again",
                                 page_no, page.error.reason)
    try:
        return read_page(path, plan, config=config)
    except (InputError, OcrError) as exc:
        if exc.reason in CRASH_REASONS and not _last_attempt():
            raise
        error = exc.page_error()
    except Exception as exc:  # noqa: BLE001 - one bad page must not stop the document
        if not _last_attempt():
            raise
        error = OcrError(f"{type(exc).__name__}: {exc}").page_error()
    finally:
        warm.note_page_read()
    return PageText(page_index=plan.page_index, method="none", width=plan.width, height=plan.height,
                    error=error)


@task(name="structure", cache_policy=NO_CACHE, task_run_name="structure-{doc_id}")
def structure_task(doc: DocumentText, meta: NormMeta | None, *, config: OcrConfig, doc_id: str = "doc") -> NormDocument:
    """Cleaning, segmentation and emission (``pipeline.structure``), with the OCR settings the
    text was read with (``pipeline.ingest.with_ocr_config``)."""
    from pipeline.ingest import with_ocr_config
    from pipeline.structure import structure_document

    return with_ocr_config(structure_document(doc, meta), config=config)


@task(name="structure-acts", cache_policy=NO_CACHE, task_run_name="structure-acts-{doc_id}")
def structure_acts_task(doc: DocumentText, meta: NormMeta | None, *, config: OcrConfig,
                        doc_id: str = "doc") -> ActsDocument:
    """Every act of a gazette structured as its own norm (``pipeline.ingest.structure_acts_of``)."""
    from pipeline.ingest import structure_acts_of

    return structure_acts_of(doc, meta, config=config)


@task(name="store", cache_policy=NO_CACHE, task_run_name="store-{doc_id}")
def store_task(store: Store, *, run_id: str, doc_key: str, source: str, result: NormDocument,
               ocr: DocumentText | None, manifest_meta: NormMeta | None, force: bool,
               doc_id: str = "doc") -> StoreResult:
    return store.save(run_id=run_id, doc_key=doc_key, source=source, result=result, ocr=ocr,
                      manifest_meta=manifest_meta, force=force)
