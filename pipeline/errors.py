"""One error model: every error has a category, a reason code, a message and an exit code.

Library code raises :class:`LoclegError` (or a subclass); flows record it as an
``ErrorItem`` and go on; the CLI turns it into its exit code at one boundary.

Exit codes (sysexits-style; the table is in README.md): 0 ok; 1 ``validate`` found the file
invalid, or ``--strict`` and a document was not ``extracted``; 2 usage; 65 unreadable input;
66 source not found or not fetched; 70 internal error; 71 OCR failed; 74 I/O error (an output
could not be written, or a batch could not store some document); 130 interrupted (SIGINT), 143 terminated (SIGTERM).
"""

from __future__ import annotations

from typing import ClassVar

from models.codes import ErrorCategory, ErrorReason, error_reason
from models.ocr import PageError, PageText

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_INPUT = 65
EXIT_NOT_FOUND = 66
EXIT_INTERNAL = 70
EXIT_OCR = 71
EXIT_IO = 74
EXIT_SIGINT = 130
EXIT_SIGTERM = 143


class LoclegError(Exception):
    """Base error. ``reason`` is the stable code that lands in ``document.reason``."""

    category: ClassVar[ErrorCategory] = "internal"
    reason: ErrorReason = "internal_error"
    exit_code: ClassVar[int] = 70

    def __init__(self, message: str, *, reason: ErrorReason | None = None, page_no: int | None = None):
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason
        self.page_no = page_no

    def page_error(self) -> PageError:
        """This error as recorded on the page it kept from being read."""
        return PageError(category=self.category, reason=self.reason, message=self.message)


class UsageError(LoclegError):
    category: ClassVar[ErrorCategory] = "usage"
    reason: ErrorReason = "usage_error"
    exit_code: ClassVar[int] = 2


class InputError(LoclegError):
    """The input cannot be read as what it claims to be (not a PDF, encrypted, empty...)."""

    category: ClassVar[ErrorCategory] = "input"
    reason: ErrorReason = "bad_input"
    exit_code: ClassVar[int] = 65


class FetchError(LoclegError):
    """A manifest source could not be fetched (missing file, unreachable URL, too large)."""

    category: ClassVar[ErrorCategory] = "fetch"
    reason: ErrorReason = "fetch_failed"
    exit_code: ClassVar[int] = 66


class OutputError(LoclegError):
    """An output could not be written (read-only, full disk, a directory in the way...)."""

    category: ClassVar[ErrorCategory] = "io"
    reason: ErrorReason = "write_failed"
    exit_code: ClassVar[int] = 74


class OcrError(LoclegError):
    category: ClassVar[ErrorCategory] = "ocr"
    reason: ErrorReason = "ocr_failed"
    exit_code: ClassVar[int] = 71


UNREAD_PAGE = PageError(category="input", reason="unreadable", message="page unreadable")
"""The error of a page recorded unread without one."""


def error_of_page(page: PageText) -> InputError | OcrError:
    """The error recorded on an unread page, to raise (``ocr`` errors as :class:`OcrError`, any
    other as :class:`InputError`)."""
    error = page.error or UNREAD_PAGE
    cls = OcrError if error.category == "ocr" else InputError
    return cls(error.message or UNREAD_PAGE.message, reason=error_reason(error.reason, cls.reason),
               page_no=page.page_no)
