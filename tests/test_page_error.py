"""Issue 17: a page's error is a typed ``PageError``; pages stored with the old string form
(``category:reason: message``) still load, and the output's error items are what they were."""

from __future__ import annotations

import gzip
import json

import pytest

from corpus.cache import OcrCache, _entry_digest, page_key
from corpus.catalog import open_catalog
from corpus.store import Store
from models.ocr import DocumentText, Line, PageError, PageText
from pipeline.config import OcrConfig
from pipeline.errors import InputError, OcrError, error_of_page
from pipeline.ingest import with_ocr_config
from pipeline.structure import structure_document

LAW = ["LEI Nº 12, DE 3 DE MAIO DE 2001", "Dispõe sobre a praça.", "Art. 1º Fica criada a praça.",
       "Art. 2º Esta Lei entra em vigor na data de sua publicação."]
OLD = "ocr:ocr_timeout: tesseract took more than 120 s"


def _document(error: PageError | str) -> DocumentText:
    return DocumentText(source="lei.pdf", sha256="a" * 64, backend="tesseract 5.3.0 (por)", pages=(
        PageText(page_index=0, method="ocr", lines=tuple(Line(text=t) for t in LAW)),
        PageText(page_index=1, method="none", error=error),  # type: ignore[arg-type]  # the old form
    ))


@pytest.mark.parametrize(("text", "category", "reason", "message"), [
    (OLD, "ocr", "ocr_timeout", "tesseract took more than 120 s"),
    ("input:corrupt_pdf: lei.pdf: page 2 cannot be rendered: boom", "input", "corrupt_pdf",
     "lei.pdf: page 2 cannot be rendered: boom"),
    ("ocr:ocr_failed: RuntimeError: worker lost", "ocr", "ocr_failed", "RuntimeError: worker lost"),
    ("ocr:ocr_failed: ", "ocr", "ocr_failed", ""),
])
def test_the_old_string_form_parses_and_renders_back(text, category, reason, message):
    error = PageError.parse(text)
    assert (error.category, error.reason, error.message) == (category, reason, message)
    assert error.text == text


def test_a_string_not_in_that_form_keeps_its_words():
    assert PageError.parse("boom") == PageError(category="input", reason="unreadable", message="boom")


def test_page_text_takes_the_old_string_and_writes_the_typed_error():
    page = PageText.model_validate_json(json.dumps({"page_index": 1, "method": "none", "error": OLD}))
    assert page.error == PageError(category="ocr", reason="ocr_timeout", message="tesseract took more than 120 s")
    assert json.loads(page.model_dump_json())["error"] == {
        "category": "ocr", "reason": "ocr_timeout", "message": "tesseract took more than 120 s"}
    assert PageText.model_validate_json(page.model_dump_json()) == page


def test_an_old_cache_entry_with_a_string_error_still_loads(tmp_path):
    """The cache stores read pages only, but an entry is any PageText JSON: one written by the
    old code, its error a string, is served with the error typed."""
    cache = OcrCache(tmp_path)
    key = page_key("b" * 64, 0, OcrConfig().key(), "5.3.0")
    value = json.dumps({"page_index": 0, "method": "ocr", "lines": [{"text": "Art. 1º"}], "error": OLD}).encode()
    path = tmp_path / "pages" / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(_entry_digest(key, value).encode("ascii") + b"\n" + value)
    page = cache.get(key)
    assert page is not None and page.error == PageError.parse(OLD)
    assert cache.stats.as_dict() == {"hits": 1, "misses": 0, "writes": 0, "errors": 0}


def test_old_stored_ocr_with_a_string_error_still_loads(tmp_path):
    """What ``reprocess`` reads: a DocumentText stored by the old code, gzip'd JSON."""
    store = Store(tmp_path, open_catalog(None, tmp_path))
    old = json.loads(_document(OLD).model_dump_json())
    old["pages"][1]["error"] = OLD  # as the old code wrote it
    rel = store.ocr_relpath("a" * 64)
    (tmp_path / rel).parent.mkdir(parents=True)
    (tmp_path / rel).write_bytes(gzip.compress(json.dumps(old).encode()))
    try:
        assert store.load_ocr(rel.as_posix()) == _document(PageError.parse(OLD))
    finally:
        store.catalog.close()


def test_the_error_items_are_the_old_strings():
    """The output document's ``errors`` list is unchanged: the structuring stage's item carries the
    whole ``category:reason: message``; the same document with the old string form gives the same
    output."""
    typed = _document(PageError.parse(OLD))
    result = with_ocr_config(structure_document(typed, None), config=OcrConfig())
    [item] = [e for e in result.errors if e.component == "ocr"]
    assert (item.category, item.message, item.page_no) == ("page", OLD, 2)
    assert result.document.status == "partial" and result.document.reason == "page_errors"
    old = _document(OLD)
    assert with_ocr_config(structure_document(old, None), config=OcrConfig()) == result


def test_an_unread_page_is_one_error_item_made_by_the_structuring_stage():
    """Issue 17, one owner per field: the structuring stage records every unread page (by its
    error, or ``unreadable`` when none was recorded); adding the OCR settings adds no item."""
    typed = _document(PageError(category="input", reason="corrupt_pdf", message="lei.pdf: page 2 broken"))
    [item] = structure_document(typed, None).errors
    assert (item.component, item.category, item.message, item.page_no) == (
        "ocr", "page", "input:corrupt_pdf: lei.pdf: page 2 broken", 2)
    bare = typed.model_copy(update={"pages": (typed.pages[0], PageText(page_index=1, method="none"))})
    result = structure_document(bare, None)
    [item] = result.errors
    assert (item.component, item.category, item.message, item.page_no) == ("ocr", "input", "unreadable", 2)
    assert result.document.status != "extracted" and "page_errors" in result.document.reasons
    completed = with_ocr_config(result, config=OcrConfig())
    assert completed.errors == result.errors and completed.document == result.document
    assert completed.pipeline.ocr == OcrConfig().settings()


@pytest.mark.parametrize(("error", "cls", "reason", "message"), [
    (PageError.parse(OLD), OcrError, "ocr_timeout", "tesseract took more than 120 s"),
    (PageError(category="input", reason="corrupt_pdf", message="broken"), InputError, "corrupt_pdf", "broken"),
    (PageError(category="ocr", reason="ocr_failed", message=""), OcrError, "ocr_failed", "page unreadable"),
    (None, InputError, "unreadable", "page unreadable"),
])
def test_the_error_of_an_unread_page_is_raised_as_its_class(error, cls, reason, message):
    exc = error_of_page(PageText(page_index=2, method="none", error=error))
    assert type(exc) is cls and (exc.reason, exc.message, exc.page_no) == (reason, message, 3)


def test_an_error_records_itself_on_its_page():
    assert OcrError("slow", reason="ocr_timeout").page_error() == PageError(
        category="ocr", reason="ocr_timeout", message="slow")
    assert OcrError("RuntimeError: lost").page_error().text == "ocr:ocr_failed: RuntimeError: lost"
