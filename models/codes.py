"""Every machine code the output can carry, in one place: warning codes, status reasons, error
reasons, error categories and components.

The emitters are typed with these literals (``Issue.code``, ``WarningItem.code``,
``LoclegError.reason``, ``DocumentInfo.reason`` ...), so mypy refuses a code that is not listed
here, pydantic refuses one at run time, and the JSON Schema's enums are generated from the same
literals (``models.norm.json_schema``). A new code is one entry here, one row in
docs/output.md (the tests check both).
"""

from __future__ import annotations

from typing import Literal, get_args

WarningCode = Literal[
    # numbering repaired by the sequence
    "article_renumbered", "paragraph_renumbered", "inciso_renumbered", "alinea_renumbered", "item_renumbered",
    "group_renumbered",
    # units lost or doubted
    "articles_missing", "units_missing", "unit_doubtful", "label_read_by_expectation", "heading_without_label",
    # pages and neighbouring texts
    "pages_reordered", "duplicate_page", "neighbor_law", "annex_with_articles", "closing_after_annex_articles",
    "appended_text", "transitional_provisions", "table_of_contents", "table_as_text",
    # identity
    "metadata_mismatch", "metadata_conflict", "duplicate_id",
    # not a norm
    "no_articles", "not_a_law",
    # references (pipeline.references)
    "reference_unresolved", "reference_ambiguous",
]
"""``warnings[].code``: a repair or a doubt (docs/output.md, "Warning codes")."""

StatusReason = Literal[
    "low_confidence", "no_epigrafe", "articles_missing", "metadata_conflict", "upside_down_pages",
    "text_layer_rejected", "no_fecho", "page_errors", "duplicate_id", "articles_renumbered",
    "units_missing", "units_renumbered", "units_doubtful", "several_norms",
]
"""``document.reasons[]``: why a structured document is not ``extracted`` (pipeline/status.py)."""

OutcomeReason = Literal["ok", "no_text", "not_a_law", "no_articles"]
"""``document.reason`` of a document that is no structured norm (or ``ok``: it is ``extracted``)."""

ErrorReason = Literal[
    # the defaults of the error classes (pipeline.errors)
    "internal_error", "usage_error", "bad_input", "fetch_failed", "write_failed", "ocr_failed",
    # finding and reading the source file (pipeline.ocr, pipeline.ingest, corpus.manifest)
    "missing_file", "unreadable_file", "not_a_file", "symlink_loop", "path_outside_manifest", "bad_source",
    "empty_file", "not_pdf", "unsupported_format", "no_pages", "encrypted", "truncated", "corrupt_pdf",
    "corrupt_image", "image_too_large", "unreadable",
    # fetching (corpus.fetch)
    "source_missing", "too_large", "redirect_refused", "fetch_timeout", "unsupported_scheme", "empty_source",
    "http_error", "url_unreachable",
    # OCR (pipeline.ocr)
    "tesseract_missing", "tesseract_failed", "ocr_timeout",
    # the batch (flows.batch) and the stages after OCR
    "structure_failed", "store_failed", "stored_ocr_unreadable", "unknown_uf",
    # CLI only: never in a document, in the one-line error
    "flow_failed", "catalog_failed", "catalog_unreachable", "catalog_unreadable", "not_json", "empty_corpus",
    # manifest lines that are no document (the run summary's manifest_errors and duplicates)
    "manifest_bad_json", "manifest_no_source", "bad_metadata", "duplicate_entry", "duplicate_conflict",
]
"""``LoclegError.reason``: the stable code of an error; a ``failed`` document's ``document.reason``."""

DocumentReason = Literal[OutcomeReason, StatusReason, ErrorReason]
"""``document.reason``: ``ok``, the most severe status reason, or the failure's error reason."""

ErrorCategory = Literal["internal", "usage", "input", "fetch", "io", "ocr", "page"]
"""``errors[].category``: the error classes' categories (pipeline.errors), ``page`` for a page
whose recorded error is kept as read."""

ErrorComponent = Literal["fetch", "ocr", "ingest", "store"]
"""``errors[].component``: the stage that failed."""

REASON_SEVERITY: dict[StatusReason, int] = {
    "low_confidence": 3, "articles_missing": 3, "metadata_conflict": 3, "upside_down_pages": 1,
    "text_layer_rejected": 1, "duplicate_id": 2, "no_epigrafe": 1, "no_fecho": 1, "page_errors": 1,
    "articles_renumbered": 1, "units_missing": 2, "units_renumbered": 1, "units_doubtful": 2,
    "several_norms": 1,
}
"""2 and above: ``needs_review``; below: ``partial``."""

WARNING_CODES: tuple[WarningCode, ...] = get_args(WarningCode)
STATUS_REASONS: tuple[StatusReason, ...] = get_args(StatusReason)
ERROR_REASONS: tuple[ErrorReason, ...] = get_args(ErrorReason)
DOCUMENT_REASONS: tuple[DocumentReason, ...] = get_args(DocumentReason)
ERROR_CATEGORIES: tuple[ErrorCategory, ...] = get_args(ErrorCategory)

if set(REASON_SEVERITY) != set(STATUS_REASONS):  # pragma: no cover - a table edited by hand
    raise AssertionError("REASON_SEVERITY must rank every StatusReason")


def error_reason(value: str, default: ErrorReason) -> ErrorReason:
    """``value`` as an error reason, or ``default`` when it is none (a page error read back from
    an OCR cache entry written by another version)."""
    for reason in ERROR_REASONS:
        if reason == value:
            return reason
    return default


def error_category(value: str, default: ErrorCategory = "input") -> ErrorCategory:
    """``value`` as an error category, or ``default`` when it is none."""
    for category in ERROR_CATEGORIES:
        if category == value:
            return category
    return default
