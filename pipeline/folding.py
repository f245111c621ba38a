"""Text folding: the accent-free capitals form in which lines are compared fuzzily."""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Upper-case, accents removed ('Parágrafo único' -> 'PARAGRAFO UNICO')."""
    if text.isascii():
        return text.upper()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()
