"""The shared number tables (pipeline.reading.numerals) and the readers built on them."""

import pytest

from pipeline.headers import read_ordinal_words
from pipeline.metadata import parse_date
from pipeline.reading.numerals import (
    CARDINAL_WORDS,
    ORDINAL_TEN_VALUES,
    ORDINALS_TO_TEN,
    int_to_roman,
    ordinal_figure,
    ordinal_words,
    roman_to_int,
)
from pipeline.references import words_to_int


@pytest.mark.parametrize("n", range(1, 100))
def test_printed_ordinals_read_back(n: int) -> None:
    words = ordinal_words(n)
    assert words is not None
    first, _, second = words.partition(" ")
    assert read_ordinal_words(first, second or None) == (n, bool(second))


def test_folded_tables_follow_the_printed_words() -> None:
    assert ORDINALS_TO_TEN["SETIMO"] == 7 and ORDINALS_TO_TEN["DECIMO"] == 10
    assert ORDINAL_TEN_VALUES["QUINQUAGESIMO"] == 50 and ORDINAL_TEN_VALUES["CENTESIMO"] == 100
    assert all(w.isascii() and w.islower() for w in CARDINAL_WORDS)


@pytest.mark.parametrize("n", range(1, 400))
def test_roman_round_trip(n: int) -> None:
    assert roman_to_int(int_to_roman(n)) == n
    assert roman_to_int(int_to_roman(n).lower()) == n


@pytest.mark.parametrize(("text", "value"), [
    ("cento e oitenta", 180), ("dois mil e quinhentos", 2500), ("três", 3), ("cinqüenta", 50),
])
def test_citation_number_words(text: str, value: int) -> None:
    assert words_to_int(text) == value


def test_date_words_keep_their_own_variants() -> None:
    # 'hum mil' and the European 'dezasseis' are read in dates, on top of the shared words
    date = parse_date("aos dezasseis dias do mês de junho de hum mil novecentos e noventa")
    assert date is not None and date.isoformat() == "1990-06-16"


@pytest.mark.parametrize("n, period, printed", [
    (1, True, "1º"), (9, True, "9º"), (10, True, "10."), (123, True, "123."), (9, False, "9º"), (10, False, "10"),
])
def test_ordinal_figure_is_lc95s_ordinal_up_to_nine_then_the_cardinal(n: int, period: bool, printed: str) -> None:
    assert ordinal_figure(n, period=period) == printed
