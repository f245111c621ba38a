"""Where a flow reports its progress: a sink the CLI installs (``locleg.progress`` draws it)
and the flows read once per run (``flows.batch``); without one, nothing is reported.

A module of its own, not a flow parameter: the sink (a live terminal display) is neither
serialisable nor part of what a run is asked to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from corpus.summary import DocumentOutcome


class Progress(Protocol):
    def add_documents(self, n: int) -> None: ...
    def add_pages(self, n: int) -> None: ...
    def page_done(self, n: int = 1) -> None: ...
    def document_done(self, outcome: DocumentOutcome) -> None: ...


class NoProgress:
    """The sink of a run nobody watches."""

    def add_documents(self, n: int) -> None: ...
    def add_pages(self, n: int) -> None: ...
    def page_done(self, n: int = 1) -> None: ...
    def document_done(self, outcome: DocumentOutcome) -> None: ...


NO_PROGRESS = NoProgress()
_installed: Progress = NO_PROGRESS


def set_progress(progress: Progress | None) -> None:
    """Install the progress sink of the next flow runs in this process (None: none)."""
    global _installed
    _installed = progress if progress is not None else NO_PROGRESS


def installed_progress() -> Progress:
    """The sink installed by :func:`set_progress` (:data:`NO_PROGRESS` when none is)."""
    return _installed
