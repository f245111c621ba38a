"""The content-addressed OCR cache (no Prefect, no Tesseract)."""

from __future__ import annotations

from corpus.cache import OcrCache, default_cache_dir, page_key
from models.ocr import Line, PageText, Word
from pipeline.config import OcrConfig


def _page(i: int = 0) -> PageText:
    return PageText(page_index=i, method="ocr", lines=(Line(text="Art. 1º", words=(Word(text="Art.", conf=0.9),)),))


def test_key_changes_with_every_part():
    base = page_key("a" * 64, 0, OcrConfig().key(), "5.3.0")
    assert base == page_key("a" * 64, 0, OcrConfig().key(), "5.3.0")
    assert base != page_key("b" * 64, 0, OcrConfig().key(), "5.3.0")
    assert base != page_key("a" * 64, 1, OcrConfig().key(), "5.3.0")
    assert base != page_key("a" * 64, 0, OcrConfig(dpi=200).key(), "5.3.0")
    assert base != page_key("a" * 64, 0, OcrConfig(lang="por+Latin").key(), "5.3.0")
    assert base != page_key("a" * 64, 0, OcrConfig().key(), "5.4.1")


def test_put_get_and_counters(tmp_path):
    cache = OcrCache(tmp_path)
    key = page_key("c" * 64, 0, OcrConfig().key(), "5.3.0")
    assert cache.get(key) is None
    cache.put(key, _page())
    assert cache.get(key) == _page()
    assert cache.stats.as_dict() == {"hits": 1, "misses": 1, "writes": 1, "errors": 0}
    assert not list(tmp_path.rglob("*.tmp"))


def test_unread_pages_are_not_cached_and_corrupt_entries_miss(tmp_path):
    cache = OcrCache(tmp_path)
    cache.put("k" * 64, PageText(page_index=0, method="none", error="ocr:ocr_timeout: slow"))
    assert cache.stats.writes == 0
    key = page_key("d" * 64, 0, OcrConfig().key(), "5.3.0")
    cache.put(key, _page())
    next(tmp_path.rglob(f"{key}.json")).write_text("{not json")
    assert cache.get(key) is None
    assert cache.stats.errors == 1 and cache.stats.misses == 1


def test_default_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("LOCLEG_CACHE_DIR", str(tmp_path / "c"))
    assert default_cache_dir() == tmp_path / "c"
    monkeypatch.delenv("LOCLEG_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "x"))
    assert default_cache_dir() == tmp_path / "x" / "locleg"


def test_a_page_read_by_another_ocr_recipe_is_not_served(monkeypatch):
    import corpus.cache as cache

    base = page_key("a" * 64, 0, OcrConfig().key(), "5.3.0")
    monkeypatch.setattr(cache, "ocr_recipe", lambda: "another")
    assert page_key("a" * 64, 0, OcrConfig().key(), "5.3.0") != base


def test_the_ocr_recipe_follows_the_code_not_its_docstrings():
    from pipeline.ruleset import code_digest, ocr_recipe

    assert len(ocr_recipe()) == 10
    assert code_digest('def f():\n    """one"""\n    return 1\n') == code_digest("def f():\n    return 1\n")
    assert code_digest("def f():\n    return 1\n") != code_digest("def f():\n    return 2\n")
