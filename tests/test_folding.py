"""The folding variants (pipeline.folding): where they agree and where they differ on purpose."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corpus.store import slugify
from pipeline.folding import fold, fold_lower, fold_same_length, strip_marks


@pytest.mark.parametrize(
    ("text", "upper", "lower", "same"),
    [
        ("Parágrafo único", "PARAGRAFO UNICO", "paragrafo unico", "PARAGRAFO UNICO"),
        ("São João", "SAO JOAO", "sao joao", "SAO JOAO"),
        ("Straße", "STRASSE", "straße", "STRAßE"),  # capitals first would make it 'strasse'
        ("ﬁscal", "FISCAL", "fiscal", "ﬁSCAL"),  # past the Latin letters: unchanged, same length
    ],
)
def test_variants(text, upper, lower, same):
    assert fold(text) == upper
    assert fold_lower(text) == lower
    assert fold_same_length(text) == same


@given(st.text())
def test_same_length_keeps_positions(text):
    assert len(fold_same_length(text)) == len(text)


@given(st.text())
def test_variants_share_the_core(text):
    assert fold(text) == strip_marks(text).upper()
    assert fold_lower(text) == strip_marks(text).lower()


def test_slugify_drops_what_has_no_ascii_form():
    assert slugify("São José – dos Campos") == "sao-jose-dos-campos"
    assert slugify("Groß") == "gro"
