"""Paragraph layout from indentation: which lines open a paragraph and which run on.

A typist indents the first line of every unit ('Art. 5º -', '§ 1º', 'I -', 'a)') and starts the
lines that carry its sentence on at the margin. A reader who sees a line at the margin knows it
continues the unit above, whatever its first letters spell; a line at the indent after a closed
one opens a unit, even where OCR left nothing of its label. Not every document is laid out so (a
hanging indent, block paragraphs, a text layer without boxes), so the layout is learned from the
document itself: the lines that open with a printed label show where units start, the lines
after a word cut by a hyphen (or after any sentence left open, in a law that cuts few) show where
text runs on, and only when the two are apart does the indentation say anything.

Pure: indents in (``pipeline.layout.page_indents``, characters from the page's margin), a mark
per line out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Mark = Literal["opens", "runs_on"] | None


@dataclass(frozen=True)
class IndentationConfig:
    min_lines: int = 3  # labelled starts, and lines that run on, needed to learn the layout
    column_share: float = 0.1  # a column holds at least this share of its kind's lines (and two)
    tolerance: float = 1.0  # characters a line may stand off a column and still be at it
    apart: float = 2.0  # characters between a column where units open and one where text runs on
    agree: float = 0.8  # share of each kind's lines that must stand at that kind's columns


def paragraph_marks(indents: Sequence[float | None], starts: Sequence[bool], runs_on: Sequence[bool],
                    *, config: IndentationConfig = IndentationConfig()) -> list[Mark]:
    """Per line: 'opens' for a line at a column where the document's units open, 'runs_on' for
    one at a column where their text runs on, None where the layout says nothing (the document
    does not set the two apart, the line stands elsewhere or has no indent).

    ``starts``: lines that open with a printed unit label; ``runs_on``: lines after a word cut by a
    hyphen (the surest sign of a line that continues) or, in a law that cuts few, after a line that
    ends mid-sentence. Each kind's columns are where at
    least ``config.column_share`` of its lines stand; a column of one kind within ``config.apart``
    of one of the other says nothing. The layout is learned only from ``config.min_lines`` lines of
    each kind at least, where ``config.agree`` of the labelled starts stand at columns where units
    open and as many of the lines that run on stand apart from those: the first line indented and
    the rest at the margin, or labels at the margin and their text hung at an indent (one column
    an article's, another a parágrafo's), or any other layout that keeps the two apart."""
    start_at = sorted(x for x, s in zip(indents, starts, strict=True) if s and x is not None)
    run_at = sorted(x for x, r, s in zip(indents, runs_on, starts, strict=True) if r and not s and x is not None)
    if len(start_at) < config.min_lines or len(run_at) < config.min_lines:
        return [None] * len(indents)
    start_cols, run_cols = _columns(start_at, config), _columns(run_at, config)
    opens = [c for c in start_cols if all(abs(c - r) >= config.apart for r in run_cols)]
    runs = [c for c in run_cols if all(abs(c - o) >= config.apart for o in start_cols)]
    if (sum(1 for x in start_at if _at(x, opens, config)) < config.agree * len(start_at) or not runs
            or sum(1 for x in run_at if all(abs(x - c) >= config.apart for c in opens)) < config.agree * len(run_at)):
        return [None] * len(indents)
    return [None if x is None else "opens" if _at(x, opens, config) else "runs_on" if _at(x, runs, config) else None
            for x in indents]


def _columns(xs: list[float], config: IndentationConfig) -> list[float]:
    """The columns sorted indents ``xs`` stand at: runs of values each within ``config.tolerance``
    of the one before, holding ``config.column_share`` of them (and two at least); each column
    at its median."""
    groups: list[list[float]] = []
    for x in xs:
        if groups and x - groups[-1][-1] <= config.tolerance:
            groups[-1].append(x)
        else:
            groups.append([x])
    least = max(2.0, config.column_share * len(xs))
    return [g[len(g) // 2] for g in groups if len(g) >= least]


def _at(x: float, columns: list[float], config: IndentationConfig) -> bool:
    return any(abs(x - c) <= config.tolerance for c in columns)
