"""Article numbers for the whole law at once (Viterbi over candidate readings) and every unit
start decided by expectation (:mod:`pipeline.segmenting.decoder`), as readings with headers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import cast

from pipeline.headers import Header, is_heading_text, numbered_heading, read_header, read_roman
from pipeline.native import pickled_by_fields
from pipeline.reading.numerals import alinea_index, alinea_letter, int_to_roman
from pipeline.segmenting.decoder import DecodeConfig, Doubt, Printed, Start, decode
from pipeline.segmenting.readings import Reading


@dataclass(frozen=True)
class SegmentConfig:
    # Costs of the article-number decoding (see decode_article_numbers).
    cost_sequence_reading: float = 3.0
    cost_gap_base: float = 2.0
    cost_gap_per_missing: float = 0.5
    cost_backward: float = 6.0
    max_states: int = 24
    reorder_margin: float = 3.0
    decoder: DecodeConfig = DecodeConfig()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return pickled_by_fields(self)  # (compiled by pipeline.native, a frozen dataclass pickles no other way)


# --- 3. article numbers -------------------------------------------------------------------------


def decode_article_numbers(
    candidates: Sequence[Sequence[tuple[int, float]]], *, config: SegmentConfig = SegmentConfig()
) -> list[int]:
    return _viterbi(candidates, config=config)[1]


def sequence_cost(
    candidates: Sequence[Sequence[tuple[int, float]]], *, config: SegmentConfig = SegmentConfig()
) -> float:
    """How badly the best numbering fits (0 for 1, 2, 3... printed cleanly)."""
    return _viterbi(candidates, config=config)[0]


def _viterbi(
    candidates: Sequence[Sequence[tuple[int, float]]], *, config: SegmentConfig = SegmentConfig()
) -> tuple[float, list[int]]:
    """Choose one number per article header so that the whole sequence fits best.

    Viterbi over states = chosen number. Reading a header as printed costs 0, as one of its
    alternative readings its listed cost, as 'previous + 1' against the print
    ``cost_sequence_reading``. Moving from y to x costs 0 when x = y + 1, a gap cost when x > y + 1
    and ``cost_backward`` when x <= y.
    """
    if not candidates:
        return 0.0, []
    # A path is a linked list (number, previous): extending it is O(1), not a copy of the path.
    Chain = tuple[int, object]
    states: dict[int, tuple[float, Chain]] = {}
    for number, cost in candidates[0]:
        states[number] = (cost, (number, None))
    if 1 not in states:
        states[1] = (config.cost_sequence_reading, (1, None))
    # From the second step on the states are in ascending total (sorted below), and no transition
    # costs less than 0: once total + emission reaches the best score, no later state can beat it
    # (float addition is monotonic), so the scan stops there. The same choice, ties included
    # (a later state must score strictly less to win); the 100,000-article case of
    # bench/structure_scale.py spent 8 s here, 4.7 s with it.
    can_stop = min(config.cost_gap_base, config.cost_gap_per_missing, config.cost_backward) >= 0
    ordered = False
    for cands in candidates[1:]:
        options = dict(cands)
        for prev in list(states):
            options.setdefault(prev + 1, config.cost_sequence_reading)
        new: dict[int, tuple[float, Chain]] = {}
        stop = can_stop and ordered
        for x, emission in options.items():
            best: tuple[float, Chain] | None = None
            for y, (total, path) in states.items():
                if stop and best is not None and total + emission >= best[0]:
                    break
                if x == y + 1:
                    trans = 0.0
                elif x > y + 1:
                    trans = config.cost_gap_base + config.cost_gap_per_missing * (x - y - 1)
                else:
                    trans = config.cost_backward
                score = total + trans + emission
                if best is None or score < best[0]:
                    best = (score, path)
            assert best is not None
            new[x] = (best[0], (x, best[1]))
        states = dict(sorted(new.items(), key=lambda kv: kv[1][0])[: config.max_states])
        ordered = True
    total, node = min(states.values(), key=lambda v: v[0])
    numbers: list[int] = []
    link: object = node
    while link is not None:
        number, link = cast(Chain, link)  # (a typed unpacking: compiled, the annotation is checked)
        numbers.append(number)
    numbers.reverse()
    return total, numbers


def settle_run_numbers(
    readings: Sequence[Reading], boundaries: set[int], *, config: SegmentConfig = SegmentConfig()
) -> list[Reading]:
    """Article numbers read as the run of labels around them says, before pages are ordered.

    A typewriter that prints 'º' as a raised 'o' gives 'Art. 10.-', 'Art. 20.-', 'Art. 30.-'
    for articles 1, 2, 3: each label alone reads as printed, but the run of labels on one page
    (between page breaks and epígrafes, where the print order is the law's) reads 1, 2, 3 at the
    price of its alternative readings. Where the best numbering of such a run takes another of a
    label's candidates, that reading is the label's ``settled`` number, which page order, the
    neighbours' split and the claim of orphan pages compare (:func:`printed_number`); the
    decoder still weighs the print, and a reading against it is still reported. A run of one
    label has no evidence: it keeps its print.
    """
    runs: list[list[int]] = [[]]
    for i, r in enumerate(readings):
        if (i in boundaries or r.epigrafe is not None) and runs[-1]:
            runs.append([])
        h = r.header
        if h is not None and h.kind == "artigo" and h.candidates and h.candidates[0][0]:
            runs[-1].append(i)
    out = list(readings)
    for run in runs:
        heads = [h for i in run if (h := out[i].header) is not None]  # every one: runs hold artigos
        if len(run) < 2 or all(len(h.candidates) < 2 for h in heads):
            continue
        cands = [h.candidates for h in heads]
        for i, c, n in zip(run, cands, decode_article_numbers(cands, config=config), strict=True):
            header = out[i].header
            if header is not None and n != c[0][0] and n in dict(c):
                out[i] = replace(out[i], header=replace(header, settled=n))
    return out


# --- 3b. every unit start, by expectation ------------------------------------------------------


def _printed_of(readings: Sequence[Reading], j: int) -> Printed | None:
    """What the printed-form readers read on line ``j``, as the decoder's evidence."""
    h = readings[j].header
    if h is None:
        return None
    if h.kind == "group":
        return Printed("group", None)
    if h.kind == "inciso" and h.uppercase_rest:
        nxt = next((readings[k].header for k in range(j + 1, min(j + 4, len(readings)))
                    if readings[k].header is not None), None)
        prev = readings[j - 1].line.text.rstrip() if j else ""
        if numbered_heading(h, nxt, prev):
            return Printed("heading", None)  # 'II - DA LICENÇA': build_tree decides
    return _printed_of_header(h)


_ORDINAL_AS_FIGURE = re.compile(r"(?<!\d)([1-9])[0289](?![\dº°ª])")
_ORDINAL_AS_FIGURE_COST = 1.0


def _printed_of_header(h: Header) -> Printed | None:
    """A label the printed-form readers read, as the decoder's evidence (no context needed)."""
    if h.kind == "artigo":
        first = h.candidates[0][0] if h.candidates else 0
        others = tuple(h.candidates[1:])
        if h.settled:  # the run of labels on its page read another candidate: the decoder starts there
            cost = dict(h.candidates)[h.settled]
            first, others = h.settled, ((first, cost), *(c for c in others if c[0] != h.settled))
        return Printed("artigo", first or None, unico=h.unico, suffix=bool(h.suffix),
                       alternatives=others, label=h.label)
    if h.kind == "paragrafo":
        number = 1 if h.unico else (int(h.number) if h.number and h.number.isdigit() else None)
        # ('$ 20 -' with no ordinal sign: the 'º' read as a figure, the numeral 2, as '30' is an
        # article's 3º; the sequence decides between them)
        misread = _ORDINAL_AS_FIGURE.search(h.label) if number is not None and number >= 10 else None
        return Printed("paragrafo", number, unico=h.unico, label=h.label,
                       alternatives=((int(misread.group(1)), _ORDINAL_AS_FIGURE_COST),) if misread else ())
    if h.kind == "inciso":
        return Printed("inciso", read_roman(h.number or "") if h.number else None, label=h.label)
    if h.kind == "alinea":
        return Printed("alinea", alinea_index(h.number or ""), label=h.label)
    if h.kind == "item":
        return Printed("item", int(h.number) if h.number and h.number.isdigit() else None, label=h.label)
    return None


def _printed_behind(text: str) -> Printed | None:
    """What the printed-form readers read at the start of ``text`` (a line after its margin marks)."""
    h = read_header(text)
    return None if h is None or h.kind == "group" else _printed_of_header(h)


def number_text(kind: str, n: int, unico: bool) -> str:
    if kind == "paragrafo" and unico:
        return "único"
    if kind == "inciso":
        return int_to_roman(n)
    if kind == "alinea":
        return alinea_letter(n)
    return str(n)


def _header_of(start: Start, reading: Reading) -> Header:
    """The header of a decided start: the printed reading renumbered, or the label the
    decoder read by expectation (kept as printed, with a note for the warning)."""
    number = number_text(start.kind, start.number, start.unico)
    h = reading.header if start.offset == 0 else None
    if h is not None and h.kind == start.kind and not start.label:
        if start.kind == "artigo":
            return h if h.suffix else replace(h, number=str(start.number))
        return replace(h, number=number, unico=start.unico if start.kind == "paragrafo" else h.unico)
    note = f"'{start.label}' read as {start.kind} {number} by expectation (label cost {start.cost:.1f})"
    return Header(start.kind, start.label, start.rest, number=number,
                  candidates=((start.number, 0.0),) if start.kind == "artigo" else (),
                  unico=start.unico, read_as=note)


def decode_articulacao(
    readings: Sequence[Reading], frozen: Sequence[bool], *, config: SegmentConfig,
    lost_articles: frozenset[int] = frozenset(),
) -> tuple[list[Reading], list[int], list[Doubt]]:
    """Every unit start of the articulação decided at once (``pipeline.segmenting.decoder``);
    returns the readings with their headers decided (lines OCR merged split in two), the
    article numbers in order and the decoder's doubts (line indices are ``readings``').
    ``lost_articles``: lines known to open an article whose label OCR destroyed."""
    printed = [_printed_of(readings, j) for j in range(len(readings))]
    frozen = list(frozen)
    for j, r in enumerate(readings):
        if r.header is not None and r.header.kind == "group" and not r.header.rest:
            # The title lines of a label-only heading ('CAPÍTULO III' / 'DA NACIONALIDADE').
            k = j + 1
            while k < len(readings) and k <= j + 3 and readings[k].header is None and (
                is_heading_text(readings[k].line.text) or k == j + 1
            ):
                frozen[k] = True
                k += 1
    decoding = decode([r.line.text for r in readings], printed, frozen=frozen, config=config.decoder,
                      lost_articles=lost_articles, read_label=_printed_behind,
                      text_layer=[r.line.text_layer for r in readings], indents=[r.line.indent for r in readings])
    starts = decoding.starts
    by_line: dict[int, list[Start]] = {}
    for st in starts:
        by_line.setdefault(st.line, []).append(st)
    out: list[Reading] = []
    numbers: list[int] = []
    for j, r in enumerate(readings):
        here = by_line.get(j, [])
        keep_printed = (p := printed[j]) is not None and p.kind in ("group", "heading")
        cuts = [st.offset for st in here if st.offset > 0]
        texts = []
        bounds = [0, *cuts, len(r.line.text)]
        for a, b in zip(bounds, bounds[1:], strict=False):
            texts.append(r.line.text[a:b].rstrip() if b < len(r.line.text) else r.line.text[a:b])
        head_start = next((st for st in here if st.offset == 0), None)
        if keep_printed:
            head = r.header
        elif head_start is not None:
            head = _header_of(head_start, r)
        else:
            head = None
        if cuts and head is not None and head.rest:
            # The line's own unit ends where the first unit OCR merged onto it begins.
            tail = len(r.line.text) - min(cuts)
            if len(head.rest) >= tail:
                head = replace(head, rest=head.rest[:len(head.rest) - tail].rstrip())
        first = r if not cuts and head is r.header else Reading(replace(r.line, text=texts[0]) if cuts else r.line, head, r.epigrafe)
        if first.header is not None and first.header.kind == "artigo":
            numbers.append(head_start.number if head_start else 0)
        out.append(first)
        for st, text in zip([st for st in here if st.offset > 0], texts[1:], strict=True):
            piece = Reading(replace(r.line, text=text), None)
            h = _header_of(st, piece)
            tail = len(r.line.text) - st.offset - len(text)  # the units merged after this one
            if tail > 0 and len(h.rest) >= tail:
                h = replace(h, rest=h.rest[:len(h.rest) - tail].rstrip())
            out.append(Reading(piece.line, h))
            if h.kind == "artigo":
                numbers.append(st.number)
    return out, numbers, decoding.doubts
