"""Text folding: one place for every accent-free form in which texts are compared.

One core (:func:`strip_marks`) and its named variants. They differ on purpose, each where the
caller needs it:

- :func:`fold`: capitals, the form lines are compared in fuzzily (cleaning, headers,
  segmentation, correction);
- :func:`fold_lower`: lower case, the form of LexML URN components and of citation words;
- :func:`fold_same_length`: capitals, one character for one, so that a position found in the
  folded text is the same position in the printed text (metadata cuts the printed line there).

``corpus.store.slugify`` builds on :func:`strip_marks` too (ASCII-only file names).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache


def strip_marks(text: str) -> str:
    """Compatibility-decomposed (NFKD), combining marks dropped ('Parágrafo' -> 'Paragrafo').

    One character at a time (:class:`_StripTable`): NFKD decomposes each character on its own
    and then only reorders combining marks, which are all dropped."""
    return text.translate(_STRIPPED)


class _StripTable(dict):  # type: ignore[type-arg]
    """``str.translate``'s table from a character to its NFKD decomposition without combining
    marks, filled as characters are met (the lookups then stay in C)."""

    def __missing__(self, code: int) -> int | str:
        char = chr(code)
        stripped = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        value: int | str = code if stripped == char else stripped
        self[code] = value
        return value


_STRIPPED = _StripTable()


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Upper-case, accents removed ('Parágrafo único' -> 'PARAGRAFO UNICO')."""
    if text.isascii():
        return text.upper()
    return strip_marks(text).upper()


def fold_lower(text: str) -> str:
    """Lower case without accents (``"São João"`` -> ``"sao joao"``).

    Not ``fold(text).lower()``: upper-casing first changes a few letters for good ('ß' -> 'ss')."""
    return strip_marks(text).lower()


def _fold_char(ch: str) -> str:
    base = unicodedata.normalize("NFKD", ch)[:1] or ch
    up = base.upper()
    return up if len(up) == 1 else base


# Latin letters and the punctuation OCR produces, folded once; other characters pass unchanged.
_SAME_LENGTH_TABLE = {cp: _fold_char(chr(cp)) for cp in range(0x250)}


def fold_same_length(text: str) -> str:
    """Upper case without accents, same length as ``text`` (one character for one): a letter
    whose capital is longer ('ß') stays as it is, and so does every character past the Latin
    letters (from U+0250: 'ﬁ', '–')."""
    return text.translate(_SAME_LENGTH_TABLE)


_KEY_RUN = re.compile(r"[A-Z0-9]+")


def key_runs(folded: str) -> str:
    """The runs of capitals and figures of a folded text, one space apart: the key lines and names
    are compared by ('PREFEITURA MUNICIPAL DE X', whatever punctuation and spacing OCR gave)."""
    return " ".join(_KEY_RUN.findall(folded))
