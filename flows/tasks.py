"""Prefect tasks: each one stage call (``pipeline/``) or one side effect (``corpus/``).

No Prefect result caching (``NO_CACHE``): the OCR cache is ours, content-addressed, and the
store's replacement policy decides what a re-run does. Tasks that touch the store or the
catalog are called in the flow's process (not submitted), so they also work when pages run on
Dask workers.
"""

from __future__ import annotations

from pathlib import Path

from prefect import task
from prefect.cache_policies import NO_CACHE

from corpus.fetch import FetchedSource, FetchLimits, check_local, fetch_url
from corpus.store import Store, StoreResult
from models.norm import NormDocument, NormMeta
from models.ocr import DocumentText, PageText
from pipeline.config import OcrConfig
from pipeline.errors import InputError, LoclegError, OcrError
from pipeline.ocr import PagePlan, plan_pages, read_page


@task(name="fetch", cache_policy=NO_CACHE)
def fetch_source(source: str, *, is_url: bool, path: Path | None, downloads_dir: Path,
                 limits: FetchLimits) -> FetchedSource:
    """A local file checked, or a URL downloaded (retries, size and time limits)."""
    if is_url:
        return fetch_url(source, downloads_dir, limits=limits)
    assert path is not None
    return check_local(path, limits=limits)


@task(name="plan-pages", cache_policy=NO_CACHE)
def plan_document(path: Path, *, config: OcrConfig) -> list[PagePlan]:
    return plan_pages(path, config=config)


@task(name="read-page", cache_policy=NO_CACHE, task_run_name="read-page-{plan.page_index}")
def read_page_task(path: Path, plan: PagePlan, *, config: OcrConfig) -> PageText:
    """One page read (text layer or Tesseract). An unreadable page is returned with
    ``method="none"`` and ``error="category:reason: message"`` so the document goes on."""
    try:
        return read_page(path, plan, config=config)
    except (InputError, OcrError) as exc:
        error = f"{exc.category}:{exc.reason}: {exc.message}"
    except Exception as exc:  # noqa: BLE001 - one bad page must not stop the document
        error = f"ocr:ocr_failed: {type(exc).__name__}: {exc}"
    return PageText(page_index=plan.page_index, method="none", width=plan.width, height=plan.height,
                    error=error)


@task(name="structure", cache_policy=NO_CACHE)
def structure_task(doc: DocumentText, meta: NormMeta | None, *, config: OcrConfig) -> NormDocument:
    """Cleaning, segmentation and emission (``pipeline.structure``), completed with what the
    read knows (``pipeline.ingest.complete_document``)."""
    from pipeline.ingest import complete_document
    from pipeline.structure import structure_document

    return complete_document(structure_document(doc, meta), doc, config=config)


@task(name="store", cache_policy=NO_CACHE)
def store_task(store: Store, *, run_id: str, doc_key: str, source: str, result: NormDocument,
               ocr: DocumentText | None, manifest_meta: NormMeta | None, force: bool) -> StoreResult:
    return store.save(run_id=run_id, doc_key=doc_key, source=source, result=result, ocr=ocr,
                      manifest_meta=manifest_meta, force=force)


def error_of_page(page: PageText) -> LoclegError:
    """Rebuild the error recorded on an unread page (``category:reason: message``)."""
    head, _, message = (page.error or "input:unreadable: page unreadable").partition(": ")
    category, _, reason = head.partition(":")
    cls = OcrError if category == "ocr" else InputError
    return cls(message or "page unreadable", reason=reason or None, page_no=page.page_no)
