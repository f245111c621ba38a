"""Numerals of unit labels: roman numerals, alínea letters and ordinal words, written and read;
and the cardinal number words of dates, deadlines and amounts.

One module for every numbering the labels use, so the grammar renders what the readers read.
The OCR-tolerant readers (``pipeline.headers.read_roman``, ``read_ordinal_words``, the number
words of ``pipeline.metadata``) build on these tables.

No package replaces them: ``roman`` and ``text2num`` read well-formed text only, and each reader
here has its own OCR tolerance (confusion sets, fuzzy matching) over the same words.
"""

from __future__ import annotations

from pipeline.folding import fold

_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def int_to_roman(n: int) -> str:
    """3 -> 'III' (n >= 1)."""
    out = []
    for value, sym in _ROMAN:
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


def roman_to_int(text: str) -> int | None:
    """Value of a well-formed roman numeral (case-insensitive), else None."""
    s = text.upper()
    if not s or any(c not in _ROMAN_VALUES for c in s):
        return None
    total = 0
    for i, c in enumerate(s):
        v = _ROMAN_VALUES[c]
        total += -v if i + 1 < len(s) and _ROMAN_VALUES[s[i + 1]] > v else v
    return total if int_to_roman(total) == s else None


def ordinal_figure(n: int, *, period: bool = True) -> str:
    """A unit number as LC 95/1998 (art. 10, I) prints it: the ordinal up to nine ('5º'), the
    cardinal from ten on ('10.'; '10' with ``period=False``, where the label's own punctuation
    follows)."""
    return f"{n}º" if n < 10 else (f"{n}." if period else str(n))


def alinea_letter(n: int) -> str:
    """1 -> 'a', 26 -> 'z', 27 -> 'aa' (the letters of the n-th alínea)."""
    return "abcdefghijklmnopqrstuvwxyz"[(n - 1) % 26] * ((n - 1) // 26 + 1)


def alinea_index(letter: str) -> int | None:
    """'a' -> 1, 'aa' -> 27; None for anything else."""
    s = letter.lower()
    if not s or not s.isascii() or not s.isalpha() or len(set(s)) != 1:
        return None
    return (len(s) - 1) * 26 + ord(s[0]) - ord("a") + 1


# Ordinal words as printed ('Artigo Primeiro', 'Parágrafo Segundo', 'Artigo Décimo Quarto').
ORDINAL_UNITS = ("Primeiro", "Segundo", "Terceiro", "Quarto", "Quinto", "Sexto", "Sétimo",
                 "Oitavo", "Nono")
ORDINAL_TENS = ("Décimo", "Vigésimo", "Trigésimo", "Quadragésimo", "Quinquagésimo",
                "Sexagésimo", "Septuagésimo", "Octogésimo", "Nonagésimo")


def ordinal_words(n: int) -> str | None:
    """14 -> 'Décimo Quarto'; None beyond 99 (laws write those in figures)."""
    if not 1 <= n <= 99:
        return None
    tens, units = divmod(n, 10)
    parts = ([ORDINAL_TENS[tens - 1]] if tens else []) + ([ORDINAL_UNITS[units - 1]] if units else [])
    return " ".join(parts)


# The same words folded (capitals, no accents), for readers: 'PRIMEIRO' 1 ... 'DECIMO' 10, and
# the tens 'DECIMO' 10 ... 'NONAGESIMO' 90, 'CENTESIMO' 100.
ORDINAL_UNIT_VALUES: dict[str, int] = {fold(w): i for i, w in enumerate(ORDINAL_UNITS, 1)}
ORDINAL_TEN_VALUES: dict[str, int] = {fold(w): 10 * i for i, w in enumerate((*ORDINAL_TENS, "Centésimo"), 1)}
ORDINALS_TO_TEN: dict[str, int] = {**ORDINAL_UNIT_VALUES, "DECIMO": 10}
"""The ordinals a parágrafo or a cited artigo is written with ('Parágrafo Primeiro')."""

# Cardinal number words below a thousand, folded (lower case, no accents), as Brazilian laws
# print them. Readers add their own variants (old spellings, OCR forms, 'mil').
CARDINAL_WORDS: dict[str, int] = {
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
    "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13,
    "quatorze": 14, "catorze": 14, "quinze": 15, "dezesseis": 16, "dezessete": 17, "dezoito": 18,
    "dezenove": 19, "vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50,
    "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90, "cem": 100, "cento": 100,
    "duzentos": 200, "trezentos": 300, "quatrocentos": 400, "quinhentos": 500, "seiscentos": 600,
    "setecentos": 700, "oitocentos": 800, "novecentos": 900,
}
