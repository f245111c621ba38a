"""Wrapped lines reflowed into one text: the one way every part of a norm is joined (units,
ementa, preâmbulo, fecho, anexos)."""

from __future__ import annotations

import re
from collections.abc import Sequence

_CLITICS = frozenset(
    "lhe lhes se lo la los las me te nos vos o a os as no na nas ia ie á ão ás".split()
)
_HYPHEN_END = re.compile(r"(?=[\s=\-‐‑–—])(?<=\w)\s?[=]?[-‐‑–—=]+[—–-]?$")  # (the lookahead skips the other places)


def join_lines(parts: Sequence[str], vocab: frozenset[str] = frozenset()) -> str:
    """Reflow wrapped lines into one text.

    A word hyphenated at a line end is rejoined ('publica-' + 'ção'); a true hyphen is kept
    before an enclitic ('far-' + 'se-á'); a word the typist wrapped without a hyphen
    ('empre' + 'sa') is rejoined when the joined form is a word the document uses and one
    fragment is not.
    """
    out = ""
    for raw in parts:
        piece = raw.strip()
        if not piece:
            continue
        if not out:
            out = piece
            continue
        tail = out[-48:]  # only the end of the text so far matters (and keeps this linear)
        m = _HYPHEN_END.search(tail)
        first = re.match(r"[^\W\d_]+", piece)
        if m and first:
            head = out[: len(out) - len(tail) + m.start()]
            word = first.group(0)
            if word.lower() in _CLITICS and not piece[len(word):len(word) + 1].isalpha():
                out = head + "-" + piece
            elif piece[:1].isupper() and head[-1:].isupper() is False and word.lower() not in vocab:
                out = head + "-" + piece
            else:
                out = head + piece
            continue
        last = re.search(r"[^\W\d_]+$", tail)
        if last and first and vocab:
            a, b = last.group(0), first.group(0)
            joined = (a + b).lower()
            if joined in vocab and (a.lower() not in vocab or b.lower() not in vocab):
                out = out + piece
                continue
        out = out + " " + piece
    return re.sub(r"\s{2,}", " ", out).strip()
