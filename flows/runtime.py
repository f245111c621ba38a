"""What the batch flows (``flows.batch``) ask of Prefect besides ``flow`` and ``task``: the task
runners, run names and ids, the run logger, page-done callbacks, the summary as artifacts, and
dropping what Prefect keeps of every finished task. Each reach into Prefect is here, guarded.
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from prefect.task_runners import ThreadPoolTaskRunner

from corpus.summary import documents_markdown, metrics_table
from pipeline.ocr import default_workers


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


def threads() -> Any:
    """The default task runner: one thread per core, each page one Tesseract process."""
    return ThreadPoolTaskRunner(max_workers=default_workers())


def manifest_run_name() -> str:
    """Flow-run name: the manifest's name and the UTC start, e.g. ``manifest-sp-2026-12-04T01:02Z``."""
    from prefect.runtime import flow_run

    stem = Path(str(flow_run.parameters.get("manifest") or "manifest")).stem
    return f"{stem}-{dt.datetime.now(dt.UTC):%Y-%m-%dT%H:%MZ}"


def document_run_name() -> str:
    """Flow-run name: the source's file name and the UTC start."""
    from prefect.runtime import flow_run

    source = str(flow_run.parameters.get("source") or "document")
    return f"{Path(source.rstrip('/')).stem}-{dt.datetime.now(dt.UTC):%Y-%m-%dT%H:%MZ}"


def reprocess_run_name() -> str:
    return f"reprocess-{dt.datetime.now(dt.UTC):%Y-%m-%dT%H:%MZ}"


def run_id() -> str:
    """The flow run's id, or a fresh one outside a flow run."""
    try:
        from prefect.runtime import flow_run

        if flow_run.id:
            return str(flow_run.id)
    except Exception:  # noqa: BLE001
        pass
    return uuid.uuid4().hex


def log() -> Any:
    """Prefect's run logger inside a flow run (its lines reach the server), else a plain one."""
    try:
        from prefect.logging import get_run_logger

        return get_run_logger()
    except Exception:  # noqa: BLE001 - outside a run context
        return logging.getLogger("locleg.flows")


def on_done(future: Any, callback: Callable[[], None]) -> bool:
    """Tick the page bar when a page is read (thread runner only: with Dask a callback on one
    future ends up in the graph of the next submission and breaks its serialization)."""
    from prefect.futures import PrefectConcurrentFuture

    if not isinstance(future, PrefectConcurrentFuture):
        return False
    future.add_done_callback(lambda _f: callback())
    return True


def forget_finished(futures: Iterable[Any]) -> None:
    """Keep the flow process's memory flat over tens of thousands of documents.

    Prefect keeps, for the whole flow run, every task result's state in the flow run context
    (``FlowRunContext.run_results``, for lineage of later task inputs) and one cancel event per
    submitted task in the thread runner; measured: +25 kB per document. Once a document is
    stored nothing refers to its task results again, so those entries are dropped (``futures``:
    the finished document's). The cancel events have no public API (Prefect 3.x): that reach
    is guarded, and does nothing if Prefect's internals change.
    """
    from prefect.context import FlowRunContext

    ctx = FlowRunContext.get()
    if ctx is None:
        return
    ctx.run_results.clear()
    events = getattr(ctx.task_runner, "_cancel_events", None)
    if isinstance(events, dict):
        for future in futures:
            events.pop(getattr(future, "task_run_id", None), None)


def publish(summary: dict, *, key_hint: str) -> None:
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
