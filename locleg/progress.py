"""The progress display of ``locleg run`` on stderr: documents and pages with an ETA.

On a terminal: a live bar (rich). Otherwise (CI logs, files): one line per finished document.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class _Bar:
    def __init__(self, progress: Any):
        self._p = progress
        self._docs = progress.add_task("documents", total=0)
        self._pages = progress.add_task("pages", total=0)
        self._lock = threading.Lock()

    def add_documents(self, n: int) -> None:
        with self._lock:
            self._p.update(self._docs, total=(self._p.tasks[self._docs].total or 0) + n)

    def add_pages(self, n: int) -> None:
        with self._lock:
            self._p.update(self._pages, total=(self._p.tasks[self._pages].total or 0) + n)

    def page_done(self, n: int = 1) -> None:
        self._p.advance(self._pages, n)

    def document_done(self, outcome: Any) -> None:
        self._p.advance(self._docs, 1)
        if outcome.status != "extracted":
            self._p.console.print(f"{outcome.status:<12} {outcome.reason:<24} {outcome.source}",
                                  highlight=False, markup=False)


class _Lines:
    """Plain lines for non-terminals: ``[3/10] extracted ok  pages=2 ocr=2  source``; with
    ``failed_only`` (``-q``) only the failed documents' lines."""

    def __init__(self, *, failed_only: bool = False) -> None:
        self.total = 0
        self.done = 0
        self.failed_only = failed_only
        self._lock = threading.Lock()

    def add_documents(self, n: int) -> None:
        self.total += n

    def add_pages(self, n: int) -> None:
        pass

    def page_done(self, n: int = 1) -> None:
        pass

    def document_done(self, outcome: Any) -> None:
        with self._lock:
            self.done += 1
            if self.failed_only and outcome.status != "failed":
                return
            print(f"[{self.done}/{self.total}] {outcome.status} {outcome.reason} pages={outcome.pages} "
                  f"ocr={outcome.pages_ocr} {outcome.seconds:.1f}s {outcome.source}", file=sys.stderr, flush=True)


@contextmanager
def progress_bar(*, enabled: bool = True, quiet: bool = False) -> Iterator[Any]:
    """A progress sink for :func:`flows.progress.set_progress`. ``quiet`` (``locleg -q``): no
    live bar, no line per document, only one line per failed document (a warning)."""
    if not enabled:
        from flows.progress import NO_PROGRESS

        yield NO_PROGRESS
        return
    if quiet or not sys.stderr.isatty():
        yield _Lines(failed_only=quiet)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("{task.description:<9}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        yield _Bar(progress)
