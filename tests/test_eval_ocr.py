"""bench/eval_ocr.py: which scanlab pages are clean, and the pages worse than bare counted among them."""
from __future__ import annotations

from bench import eval_ocr

CLEAN = {"profile": "typewriter", "mode": "L", "rotation": 0, "skew_deg": 1.2, "signature": [10, 20]}


def test_a_clean_page_is_an_original_scanned_in_grey_with_nothing_laid_over_it() -> None:
    assert eval_ocr.is_clean_page(CLEAN)
    assert eval_ocr.is_clean_page({**CLEAN, "profile": "book"})
    for damaged in ({"profile": "photocopy"}, {"profile": "bleed"}, {"profile": "fax"}, {"mode": "1"},
                    {"rotation": 180}, {"jpeg_quality": 40}, {"stamp": {"x": 1, "y": 2}},
                    {"margin_note": {"text": "Cópia"}}):
        assert not eval_ocr.is_clean_page({**CLEAN, **damaged}), damaged


def test_pages_worse_than_bare_are_counted_among_the_clean_ones() -> None:
    truth = {"0001": "Art. 1º Esta lei entra em vigor.", "0002": "Art. 2º Revogam-se as disposições."}
    texts = {"bare tesseract -l por": dict(truth),
             "ours PDF -l por": {"0001": "Art. 1º Esta lei entra em vigar.", "0002": "Art. 2º Revogam-se as disposicoes."}}
    line = eval_ocr.worse_than_bare(texts, truth, {"0001": True, "0002": False})
    assert "2 of 2 pages worse than bare" in line and "clean pages: 1 of 1" in line
    assert "0001 0.0312 vs 0.0000 (clean); 0002 0.0588 vs 0.0000)" in line
    assert "clean" not in eval_ocr.worse_than_bare(texts, truth)
