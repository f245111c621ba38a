"""One error model: every error has a category, a reason code, a message and an exit code.

Library code raises :class:`LoclegError` (or a subclass); flows record it as an
``ErrorItem`` and go on; the CLI turns it into its exit code at one boundary.
"""

from __future__ import annotations


class LoclegError(Exception):
    """Base error. ``reason`` is the stable code that lands in ``document.reason``."""

    category = "internal"
    reason = "internal_error"
    exit_code = 70

    def __init__(self, message: str, *, reason: str | None = None, page_no: int | None = None):
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason
        self.page_no = page_no


class UsageError(LoclegError):
    category = "usage"
    reason = "usage_error"
    exit_code = 2


class InputError(LoclegError):
    """The input cannot be read as what it claims to be (not a PDF, encrypted, empty...)."""

    category = "input"
    reason = "bad_input"
    exit_code = 65


class FetchError(LoclegError):
    """A manifest source could not be fetched (missing file, unreachable URL, too large)."""

    category = "fetch"
    reason = "fetch_failed"
    exit_code = 66


class OcrError(LoclegError):
    category = "ocr"
    reason = "ocr_failed"
    exit_code = 71
