"""bench/real_eval.py: its OCR cache is used only for the same file read by the same OCR recipe."""
from __future__ import annotations

from scans import LAW_LINES, make_text_pdf

from bench import real_eval


def test_the_cache_is_keyed_by_the_file_and_the_ocr_recipe(tmp_path, capsys) -> None:
    pdf = make_text_pdf(tmp_path / "lei.pdf", [[line for line in LAW_LINES if line]])
    cache = tmp_path / "text"
    assert real_eval.cached_text(pdf, cache) is None
    doc, _seconds = real_eval.read_document(pdf, cache)
    assert real_eval.cached_text(pdf, cache) == doc
    # the same file read by another recipe (an OCR change since): read again, unless told
    real_eval.recipe_path(pdf, cache).write_text("another\n", encoding="utf-8")
    assert real_eval.cached_text(pdf, cache) is None
    assert real_eval.cached_text(pdf, cache, stale_ok=True) == doc
    assert "another OCR recipe" in capsys.readouterr().err
    # a cache from before recipes were recorded is stale too
    real_eval.recipe_path(pdf, cache).unlink()
    assert real_eval.cached_text(pdf, cache) is None
    # another file under the same name: read again whatever the recipe
    real_eval.recipe_path(pdf, cache).write_text(real_eval.ocr_recipe_key() + "\n", encoding="utf-8")
    make_text_pdf(pdf, [["LEI Nº 2, DE 3 DE MAIO DE 2001", "Art. 1º Outra."]])
    assert real_eval.cached_text(pdf, cache, stale_ok=True) is None
