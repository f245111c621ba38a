"""A table of contents printed before the articulação (a code's or a Lei Orgânica's sumário):
its agrupador labels are the ones the body prints again, so they are no agrupadores of their own."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.cleaning import CleanLine
from pipeline.segmenting.readings import Reading, is_article

# the title of a table of contents on a line of its own ('SUMÁRIO', 'ÍNDICE', 'Índice Sistemático')
CONTENTS_TITLE = re.compile(r"^\W{0,3}(?:SUM[AÁ]RIO|[IÍ]NDICE(?:\s+SISTEM[AÁ]TICO)?)\W{0,3}$", re.I)


def _group_key(r: Reading) -> tuple[str, str] | None:
    h = r.header
    if h is None or h.kind != "group" or not h.number:
        return None
    return h.group_type or "capitulo", h.number


def split_contents(body: Sequence[Reading]) -> tuple[list[CleanLine], list[Reading]]:
    """The table of contents at the start of ``body`` (its lines) and the body without it.

    Before the first article, the agrupador labels from the first one up to where the body
    prints that first label again ('TÍTULO I ... CAPÍTULO II ... TÍTULO II ... TÍTULO I') are
    a table of contents: at least two labels, no article among them (chapters numbered again
    in each title repeat inside it; the first label does not). A body whose first label is
    not printed again before its first article has none (([], body))."""
    first_article = next((j for j, r in enumerate(body) if is_article(r)), None)
    if first_article is None:
        return [], list(body)
    start = next((j for j in range(first_article) if _group_key(body[j]) is not None), None)
    if start is None:
        return [], list(body)
    first = _group_key(body[start])
    for j in range(start + 1, first_article):
        if _group_key(body[j]) == first:
            if sum(_group_key(r) is not None for r in body[start:j]) >= 2:
                if start and body[start - 1].header is None and CONTENTS_TITLE.match(body[start - 1].line.text):
                    start -= 1  # its title
                return [r.line for r in body[start:j]], [*body[:start], *body[j:]]
            break
    return [], list(body)
