"""Speed rewrites that must not change a result (issue 11): each fast form against the plain one."""

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from pipeline import alteracoes, cleaning, joining
from pipeline.folding import strip_marks
from pipeline.segmenting import decoder, lost
from pipeline.segmenting.pages import _SharedLetters


def _reference_strip_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@pytest.mark.parametrize("text", [
    "Parágrafo único", "a\u0323\u0301 e a\u0301\u0323",  # marks out of canonical order
    "한국", "ǅ ½ ﬁ ͺ", "\u1e9b\u0323", "Ⅻ ① ｶ",  # Hangul, compatibility forms, a letter that decomposes to a space
])
def test_strip_marks_drops_the_marks_of_nfkd_one_character_at_a_time(text):
    assert strip_marks(text) == _reference_strip_marks(text)


@settings(max_examples=300)
@given(st.text())
def test_strip_marks_is_nfkd_without_combining_marks(text):
    assert strip_marks(text) == _reference_strip_marks(text)


@settings(max_examples=200)
@given(st.lists(st.text(alphabet="AAB ÇÃ.,0áé", max_size=40), min_size=2, max_size=5))
def test_shared_letters_bound_the_ratio(texts):
    shared = _SharedLetters(texts)
    for k in range(len(texts)):
        for j in range(len(texts)):
            if texts[k] or texts[j]:
                assert fuzz.ratio(texts[k], texts[j]) <= shared.ceiling(k, j) + 1e-9


_LOOKAHEAD = re.compile(r"^\(\?=(?:\[[^\]]*\]|\\d|[A-Z])\)")
_PREFIXED = [
    cleaning._MARGIN_TAIL, cleaning._PHONE, cleaning._CONTACT, cleaning._QUOTATION_CLOSE, cleaning._FULL_DATE,
    joining._HYPHEN_END, decoder._REVOKES_LIST, alteracoes._ANNOUNCING_WORDS,
]
_TEXT = st.text(alphabet=" \t0123456789/.ºde marçoCEPwh@tp:-'\"!|*+»«,WHcPSEGUINTREVOAD()”’—–=‐‑;aé", max_size=40)


@pytest.mark.parametrize("pattern", _PREFIXED, ids=lambda p: p.pattern[:24])
@settings(max_examples=300)
@given(text=_TEXT)
def test_a_lookahead_on_where_a_match_starts_finds_the_same_matches(pattern, text):
    plain = re.compile(_LOOKAHEAD.sub("", pattern.pattern, count=1), pattern.flags)
    assert plain.pattern != pattern.pattern
    got, want = pattern.search(text), plain.search(text)
    assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups()))


@settings(max_examples=500)
@given(text=st.text(alphabet=" \t.;:([{|UCNAVRETDOX)]}aé1-—'\"*", max_size=30))
def test_closed_tells_a_closed_line_as_the_plain_pattern_does(text):
    plain = re.compile(_LOOKAHEAD.sub("", lost.CLOSED.pattern, count=1))
    assert bool(lost.CLOSED.search(text)) == bool(plain.search(text))
