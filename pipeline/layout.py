"""Reading order of a page's lines from their boxes: labels printed in a margin column.

Typewritten laws often hang their labels in the margin ('Art. 4º -' on the left, the article's
text indented beside it). Tesseract's layout analysis then reads the label column as a block of
its own ('Arts', 'Arte', '68 -', '78 =' ...) before or after the text, and each article loses
its label. A reader puts a line and the short pieces printed on its left on the same baseline
together again; so does :func:`join_side_lines`, from geometry alone.

Only short pieces at the text's left are joined, and only across a small gap: two real columns
(a gazette) are separated by a gutter wider than that, and their lines are not short.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from models.ocr import BBox, DocumentText, Line, PageText, Word


def _box(item: Line | Word) -> BBox:
    """The box of a line or word that has one (every caller here keeps only those: Tesseract's
    lines and words carry boxes, a text layer's may not)."""
    assert item.bbox is not None
    return item.bbox


def _around(boxes: Sequence[BBox]) -> BBox:
    """The box around ``boxes`` (at least one)."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _on_one_row(a: BBox, b: BBox, share: float) -> bool:
    """Whether two boxes overlap vertically by ``share`` of the lower one's height."""
    return min(a[3], b[3]) - max(a[1], b[1]) >= share * min(a[3] - a[1], b[3] - b[1])


def _median_word_height(lines: Iterable[Line]) -> float | None:
    heights = sorted(b[3] - b[1] for ln in lines for w in ln.words if (b := w.bbox) is not None)
    return heights[len(heights) // 2] if heights else None


@dataclass(frozen=True)
class LayoutConfig:
    max_piece_share: float = 0.3  # a margin piece is at most this share of the text's width ...
    max_piece_words: int = 3  # ... and this many words
    max_gap_heights: float = 3.0  # the gap to the line it belongs to, in line heights
    min_overlap: float = 0.5  # vertical overlap, as a share of the lower of the two heights ...
    min_overlap_unlike: float = 0.8  # ... of a piece that reads as no label: on the line's baseline
    # (the last word of a wrapped sentence, 'membros:', at the left margin half a line below an
    # indented paragraph's first line, is that sentence's end, not a label hung in the margin)


def join_side_lines(page: PageText, *, config: LayoutConfig = LayoutConfig()) -> PageText:
    """The page with each short margin piece joined to the line it stands beside (on its
    right, on the same baseline), in that line's place. Pages without boxes come back as they
    are; so does a page where nothing is to be joined (the very same object)."""
    lines = page.lines
    boxed = [i for i, ln in enumerate(lines) if ln.bbox is not None]
    if len(boxed) < 2:
        return page
    left = min(_box(lines[i])[0] for i in boxed)
    right = max(_box(lines[i])[2] for i in boxed)
    width = right - left
    if width <= 0:
        return page
    pieces = [i for i in boxed if _is_piece(lines[i], left, width, config)]
    if not pieces:
        return page
    rows = _row_boxes(lines, boxed)
    successor: dict[int, int] = {}
    for i in pieces:
        overlap = config.min_overlap if is_label_like(lines[i].text) else config.min_overlap_unlike
        j = _beside(i, rows, boxed, config, overlap)
        if j is not None:
            successor[i] = j
    if not successor:
        return page
    # Follow each piece to the line that ends its chain ('Arts' -> '68 -' -> 'A penalidade ...').
    chains: dict[int, list[int]] = {}
    for i in successor:
        if i in successor.values():
            continue  # not the first piece of its chain
        chain = [i]
        while chain[-1] in successor and len(chain) <= len(lines):
            chain.append(successor[chain[-1]])
        chains.setdefault(chain[-1], []).extend(chain[:-1])
    merged = {k for pieces in chains.values() for k in pieces}
    out: list[Line] = []
    for i, line in enumerate(lines):
        if i in merged:
            continue
        chained = chains.get(i)
        if chained:
            members = sorted([*dict.fromkeys(chained), i], key=lambda k: _box(lines[k])[0])
            line = _joined([lines[k] for k in members])
        out.append(line)
    return page.model_copy(update={"lines": tuple(out)})


def join_document_lines(doc: DocumentText, *, config: LayoutConfig = LayoutConfig()) -> DocumentText:
    """:func:`join_side_lines` on every page."""
    return doc.map_pages(lambda p: join_side_lines(p, config=config))


# --- runs of lines emitted out of place --------------------------------------------------------

_MIN_RUN = 2  # lines a run must hold to be moved (a lone stamp or speck stays where it was read) ...
_LONE_LINE_CHARS, _LONE_LINE_CONF = 25, 0.6  # ... unless the lone line is a line of text (see _text_line)
_RUN_OVERLAP = 0.3  # vertical overlap, as a share of the lower height, that says two lines share a row


def restore_line_order(page: PageText) -> PageText:
    """The page with each run of lines that Tesseract's layout analysis emitted out of place put
    back where it stands on the page ('§ 2º - O conselheiro ...' / 'ou por via postal ...' read
    after the page's last article, though printed between two quoted articles near its middle).

    A run is a stretch of lines read downwards; one that starts above where the run before it
    ended is moved only when it fits a gap between two other lines, no other line sharing a row
    with it: a margin label beside its line, a column beside another, a signature beside another
    share rows and stay as read. Pages without boxes, and pages where nothing moves, come back as
    the very same object."""
    lines = list(page.lines)
    if len(lines) < 3 or any(ln.bbox is None for ln in lines):
        return page
    moved = False
    for _ in range(len(lines)):  # each pass moves one run; a run is never moved back
        step = _misplaced_run(lines)
        if step is None:
            break
        (a, b), at = step
        run = lines[a:b]
        rest = lines[:a] + lines[b:]
        lines = rest[:at] + run + rest[at:]
        moved = True
    return page.model_copy(update={"lines": tuple(lines)}) if moved else page


def _misplaced_run(lines: list[Line]) -> tuple[tuple[int, int], int] | None:
    """The first run (its slice in ``lines``) that starts above the line before it and fits a gap
    between two other lines, with its place among the lines left when it is taken out; or None."""
    starts = [0] + [k for k in range(1, len(lines)) if _box(lines[k])[3] < _box(lines[k - 1])[1]]
    bounds = list(zip(starts, [*starts[1:], len(lines)], strict=True))
    for a, end in bounds[1:]:
        # the run, or the longest stretch it opens with (the lines after a misplaced stretch may
        # be where they belong: 'Prefeitura Municipal de ..., em 7 de dezembro' after the last article)
        for b in range(end, a, -1):
            run = lines[a:b]
            if len(run) < _MIN_RUN and not _text_line(run[0]):
                continue
            top, bottom = min(_box(ln)[1] for ln in run), max(_box(ln)[3] for ln in run)
            rest = lines[:a] + lines[b:]
            if any(_shares_row(ln, top, bottom) for ln in rest):
                continue
            # (a line that shares no row with the run has its middle above the run's top or below its bottom)
            at = next((k for k, ln in enumerate(rest) if _middle(ln) > bottom), None)
            if at is None or at == 0 or _middle(rest[at - 1]) > top or at == a:
                continue  # not between two lines, or where it already is
            return (a, b), at
    return None


def _text_line(line: Line) -> bool:
    """Whether a lone line read out of place is a line of the text, moved like a run: long and
    read with confidence ('ARTIGO 3º:- O pedido de autorização será instruído com os', emitted
    after the lines below it), not a stamp or a speck."""
    return len(line.text.strip()) >= _LONE_LINE_CHARS and (line.conf or 0.0) >= _LONE_LINE_CONF


def _middle(line: Line) -> float:
    return (_box(line)[1] + _box(line)[3]) / 2


def _shares_row(line: Line, top: float, bottom: float) -> bool:
    y0, y1 = _box(line)[1], _box(line)[3]
    overlap = min(y1, bottom) - max(y0, top)
    return overlap > _RUN_OVERLAP * min(y1 - y0, bottom - top)


def restore_document_order(doc: DocumentText) -> DocumentText:
    """:func:`restore_line_order` on every page (the same object when nothing moves)."""
    return doc.map_pages(restore_line_order)


def _is_piece(line: Line, left: float, width: float, config: LayoutConfig) -> bool:
    """A short line that ends in the left part of the text ('Arts', '68 -', 'Art. 4º -')."""
    x1 = _box(line)[2]
    words = len(line.words) if line.words else len(line.text.split())
    return words <= config.max_piece_words and x1 - left <= config.max_piece_share * width


_BLOB_HEIGHTS = 2.0  # a word this many times the page's median word height is a blot or a stamp


def _row_boxes(lines: tuple[Line, ...], boxed: list[int]) -> dict[int, BBox]:
    """Each boxed line's box as its type stands: without its words of more than
    ``_BLOB_HEIGHTS`` median heights (a blot or a hand mark in the margin that Tesseract put in
    the line, 'sá' 117 px tall beside 'publicação.' 50 px tall, would make the line seem to
    share the row above it)."""
    median = _median_word_height(lines[i] for i in boxed)
    if median is None:
        return {i: _box(lines[i]) for i in boxed}
    limit = _BLOB_HEIGHTS * median
    out: dict[int, BBox] = {}
    for i in boxed:
        typed = [b for w in lines[i].words if (b := w.bbox) is not None and b[3] - b[1] <= limit]
        out[i] = _around(typed) if typed else _box(lines[i])
    return out


def _beside(i: int, rows: dict[int, BBox], boxed: list[int], config: LayoutConfig,
            min_overlap: float) -> int | None:
    """The line on the right of line ``i`` on its baseline (their boxes overlap by ``min_overlap``
    of the lower height), within the gap allowed; None if none."""
    x0, y0, x1, y1 = rows[i]
    height = y1 - y0
    best: tuple[float, int] | None = None
    for j in boxed:
        if j == i:
            continue
        a0, b0, a1, b1 = rows[j]
        gap = a0 - x1
        if gap < -0.25 * height or gap > config.max_gap_heights * max(height, b1 - b0):
            continue
        if not _on_one_row(rows[i], rows[j], min_overlap):
            continue
        if best is None or gap < best[0]:
            best = (gap, j)
    return best[1] if best is not None else None


def _joined(parts: list[Line]) -> Line:
    words = tuple(w for ln in parts for w in ln.words)
    boxes = [ln.bbox for ln in parts if ln.bbox is not None]
    bbox = _around(boxes) if boxes else None
    confs = [w.conf for w in words if w.conf is not None]
    return Line(text=" ".join(ln.text for ln in parts), bbox=bbox,
                conf=sum(confs) / len(confs) if confs else None, words=words)


# --- labels Tesseract's layout analysis dropped -----------------------------------------------

_LABEL_LIKE = re.compile(r"\d|§|\$|^\W*[Aa][rt]|^\W*[IVXLH1l|]{1,5}\W*[-–—=.)]|^\W*[a-z]\)")


def unread_margins(ink: np.ndarray, lines: Sequence[Line], *, reach: float = 0.3) -> list[tuple[int, BBox]]:
    """Boxes of ink on the left of a line, on its baseline, that no line read ('Art. 4º -' hung in
    the margin beside 'Será considerado infrator ...', dropped by Tesseract's layout analysis).

    ``ink`` is the page as a boolean array (True = ink); ``reach`` the share of the page width
    looked at on a line's left. Returns (index of the line, box) pairs. Only lines of three words or more are looked beside, only ink of
    at least two characters' width counts, and nothing another line already covers.
    """
    height, width = ink.shape
    boxes = [ln.bbox for ln in lines if ln.bbox is not None]
    out: list[tuple[int, BBox]] = []
    for i, line in enumerate(lines):
        if line.bbox is None or len(line.words) < 3:
            continue
        x0, y0, x1, y1 = (int(round(v)) for v in line.bbox)
        h = y1 - y0
        left = max(0, x0 - int(reach * width))
        right = x0 - max(2, h // 3)
        if right - left < 2 * h or h <= 0:
            continue
        if any(b[2] > left and b[0] < right and min(b[3], y1) - max(b[1], y0) > 0.3 * h for b in boxes):
            continue  # something was read there
        band = ink[max(0, y0):min(height, y1), left:right]
        cols = np.flatnonzero(band.sum(axis=0) >= 2)
        if cols.size < h:  # less than about two characters of ink
            continue
        rows = np.flatnonzero(band[:, cols[0]:cols[-1] + 1].sum(axis=1) >= 1)
        if rows.size < h // 3:
            continue
        pad = max(2, h // 4)
        out.append((i, (float(max(0, left + cols[0] - pad)), float(max(0, y0 - pad)),
                        float(min(width, left + cols[-1] + 1 + pad)), float(min(height, y1 + pad)))))
    return out


_LEAD = r"^[\s.,'\"“”‘’:;_~*-]*"  # specks before a label; no bracket: '[17]', '(3)' are stamps and folios
_LABEL_SHAPE = re.compile(
    r"(?i)\b[aá]r[tli1]"  # the article keyword, whatever follows ('Art. 4º', 'ARTIGO', 'Arl 4')
    r"|[§$]"  # the parágrafo sign (or its misreading)
    r"|\bpar[aá]gr"  # 'Parágrafo único'
    + "|" + _LEAD + r"[IVXLCl|1]{1,6}\s*[-–—=.)]"  # a roman numeral and its separator ('IV -')
    + "|" + _LEAD + r"[a-z]\s*\)"  # an alínea's letter ('b)')
    + "|" + _LEAD + r"\d{1,3}\s*(?:[º°ª]|o\b|[-–—.)])"  # a numeral with its sign or separator ('4º', '12 -')
)


def reads_as_label(text: str) -> bool:
    """Whether a margin re-read (:func:`unread_margins`, read again with psm 7) has the shape of a
    unit's label, to be put before the line it stands beside: the article keyword, '§', a roman
    numeral, letter or numeral with its separator. Stricter than :func:`is_label_like`, which
    any digit passes: the re-reads that made scanlab pages worse than bare were a coat of arms or
    a stamp beside the letterhead read as '[17]', '154', '[52155]', 'Na 74' (held137110 0017,
    0035, 0037; held887749 0036, 0034)."""
    return bool(_LABEL_SHAPE.search(text.strip()))


def drop_right_margin_notes(lines: Sequence[Line]) -> tuple[Line, ...]:
    """``lines`` without the short lines lying wholly right of the text column: a note written
    in the right margin ('cópia' by hand) or a stamp there. Read at psm 4 (one column) every ink
    is a line of the column; Tesseract's own layout analysis (psm 3, bare) sets such a mark
    apart and drops it (held887749 0019: 'Cópia' read at confidence 0.89, the one page worse than
    bare at psm 4 that its preparation did not explain). The column's right edge is where nine
    in ten of its lines of four words or more end; a line of one or two words starting past it
    (by a line's height) goes. Labels hang in the left margin, folios and dates end at the
    column's edge: neither starts past it."""
    full = sorted(ln.bbox[2] for ln in lines if ln.bbox is not None and len(ln.words) >= 4)
    if len(full) < 8:
        return tuple(lines)
    right = full[int(0.9 * (len(full) - 1))]
    heights = sorted(ln.bbox[3] - ln.bbox[1] for ln in lines if ln.bbox is not None)
    reach = heights[len(heights) // 2]
    return tuple(ln for ln in lines
                 if ln.bbox is None or len(ln.words) > 2 or ln.bbox[0] <= right + reach)


def is_label_like(text: str) -> bool:
    """Whether a margin's reading can be a unit's label (a numeral, '§', the article keyword,
    a roman numeral or a letter with its separator), not a speck or a handwritten mark."""
    return bool(_LABEL_LIKE.search(text.strip()))


# --- a rule drawn across the text ----------------------------------------------------------------

_RULE_GLYPHS = "|¦[]!"  # what Tesseract reads a thin vertical stroke as, standing alone
_RULE_ALONE = re.compile(rf"^[{re.escape(_RULE_GLYPHS)}]+$")
_RULE_INSIDE = "|¦"  # inside a word only these: ']' and '!' are also punctuation
_RULE_MIN_LINES = 4  # lines on which a stroke stands alone, in one column, before it is a rule
_RULE_TOL = 0.006  # how far from the rule a stroke may stand, share of the page's width
_RULE_MERGE = 0.03  # strokes this close (share of the width) may belong to one slanted rule
_RULE_MIN_CROSSING = 2  # of those lines, how many have text before the stroke


def erase_rules(page: PageText) -> PageText:
    """The page without the strokes of a vertical rule crossing its text: a fold, a scratch or a
    line drawn on the scan, which Tesseract reads as '|' (or ']', '!') on every line it crosses,
    alone or glued to a word ('Art. |40 —' for 'Art. 4º —', 'Art.|6o0', 'IV -|').

    A rule is found from the strokes: at least four lines with one at the same place (a slanted
    rule: on a straight line through them), on two of them with text before it (a column of '|'
    at line starts is labels, 'I -' read as '| -'). A stroke glued to a word stands where the
    word's box puts it. Then every stroke on the rule goes: a stroke alone, and a '|' at a word's
    edge or inside it (the word is cut in two there). Strokes elsewhere, and words that are no
    stroke, stay as read. Pages without boxes, and pages with no rule, come back as the very same
    object."""
    if not page.width or not page.lines or any(w.bbox is None for ln in page.lines for w in ln.words):
        return page
    rules = _find_rules(page)
    if not rules:
        return page
    tol = _RULE_TOL * page.width
    lines = []
    changed = False
    for line in page.lines:
        words = [piece for word in line.words for piece in _erase_strokes(word, rules, tol)]
        if len(words) == len(line.words) and all(a is b for a, b in zip(words, line.words, strict=True)):
            lines.append(line)
            continue
        changed = True
        if words:
            lines.append(Line.of_words(words))
    return page.model_copy(update={"lines": tuple(lines)}) if changed else page


def _find_rules(page: PageText) -> list[tuple[float, float]]:
    """The rules crossing the page, each as ``(x0, slope)``: x = x0 + slope * y."""
    assert page.width
    tol, merge = _RULE_TOL * page.width, _RULE_MERGE * page.width
    strokes = sorted(_strokes(page, tol))
    rules: list[tuple[float, float]] = []
    group: list[_Stroke] = []
    for stroke in [*strokes, None]:
        if stroke is not None and (not group or stroke.x - group[-1].x <= merge):
            group.append(stroke)
            continue
        rules.extend(_fit_rule(group))
        group = [stroke] if stroke is not None else []
    return rules


class _Stroke(NamedTuple):
    x: float  # where the stroke stands (for one glued to a word: where the word's box puts it)
    y: float
    line: int  # the line's index on the page
    crossing: bool  # text stands before it on its line: a stroke inside the text, no label
    tol: float  # how far from a rule it may stand


def _strokes(page: PageText, tol: float) -> list[_Stroke]:
    """The strokes read on the page: words that are one, and '|' glued to a word."""
    out = []
    for k, line in enumerate(page.lines):
        for j, word in enumerate(line.words):
            x0, y0, x1, y1 = _box(word)
            y = (y0 + y1) / 2
            if _RULE_ALONE.match(word.text):
                out.append(_Stroke((x0 + x1) / 2, y, k, j > 0, tol))
                continue
            step = (x1 - x0) / len(word.text) if word.text else 0.0
            out.extend(_Stroke(x0 + (i + 0.5) * step, y, k, j > 0 or i > 0, tol + step)
                       for i, ch in enumerate(word.text) if ch in _RULE_INSIDE)
    return out


def _fit_rule(group: list[_Stroke]) -> list[tuple[float, float]]:
    """The straight rule through a group of strokes, when it passes near strokes on enough lines,
    some of them inside the text (a least-squares line, the worst stroke dropped until the rest
    fit). Strokes only at line starts are a column of labels ('|' for 'I -'), not a rule."""
    points = list(group)
    while len({p.line for p in points}) >= _RULE_MIN_LINES:
        if len({p.line for p in points if p.crossing}) < _RULE_MIN_CROSSING:
            return []
        xs = np.array([p.x for p in points])
        ys = np.array([p.y for p in points])
        slope = float(np.polyfit(ys, xs, 1)[0]) if np.ptp(ys) > 0 else 0.0
        x0 = float(np.median(xs - slope * ys))
        off = np.abs(xs - (x0 + slope * ys)) - np.array([p.tol for p in points])
        if off.max() <= 0:
            return [(x0, slope)]
        del points[int(off.argmax())]
    return []


def _erase_strokes(word: Word, rules: list[tuple[float, float]], tol: float) -> list[Word]:
    """The word without the strokes of a rule: nothing when it is a stroke on a rule, the pieces
    around a '|' the word's box puts on one, else the word itself."""
    x0, y0, x1, y1 = _box(word)
    y = (y0 + y1) / 2
    on_rule = [x + slope * y for x, slope in rules]
    if _RULE_ALONE.match(word.text):
        return [] if any(abs((x0 + x1) / 2 - r) <= tol for r in on_rule) else [word]
    text = word.text
    if not any(ch in _RULE_INSIDE for ch in text):
        return [word]
    step = (x1 - x0) / len(text)
    cuts = [i for i, ch in enumerate(text) if ch in _RULE_INSIDE
            and any(abs(x0 + (i + 0.5) * step - r) <= tol + step for r in on_rule)]
    if not cuts:
        return [word]
    # a thick stroke read as two marks ('Artigo |/7.9 -' for 'Artigo 7.º -'): a slash touching it goes too
    cuts = sorted({*cuts, *(i + d for i in cuts for d in (-1, 1) if 0 <= i + d < len(text) and text[i + d] in "/\\")})
    pieces = []
    for a, b in zip([-1, *cuts], [*cuts, len(text)], strict=True):
        if b - a > 1:
            pieces.append(word.model_copy(update={
                "text": text[a + 1:b], "bbox": (x0 + (a + 1) * step, y0, x0 + b * step, y1)}))
    return pieces


def erase_document_rules(doc: DocumentText) -> DocumentText:
    """:func:`erase_rules` on every page (the same object when no page has a rule)."""
    return doc.map_pages(erase_rules)


# --- two columns of text (a gazette) ------------------------------------------------------------


@dataclass(frozen=True)
class ColumnConfig:
    zone: tuple[float, float] = (0.25, 0.75)  # where a gutter may stand, shares of the text's width
    bins: int = 400
    max_cross: tuple[float, ...] = (0.05, 0.12, 0.2)  # share of the lines that may cross the gutter
    # (mastheads, headings: 10 of 56 lines on a one-page gazette excerpt, cachoeiro-lei7228-2015),
    # tried in turn: a loose share widens the band over the column's ragged edge
    min_gutter: float = 0.008  # narrowest gutter, share of the text's width (a space is ~0.005)
    max_gutter: float = 0.1  # widest (justified two-column gazettes: 0.02-0.025; unjustified
    # ones, their lines ending ragged, ~0.07: pontapora-do456-2007 and the Ponta Porã scans; the
    # gap between table columns is wider: 0.15-0.2 on the tables of results and credit decrees
    # of the real sets)
    min_rows: int = 6  # lines with text on each side of the gutter ...
    min_row_share: float = 0.25  # ... and their share of the page's lines
    fill: float = 0.6  # a column's line fills this share of the column ...
    filled_share: float = 0.5  # ... on this share of the lines' parts (prose, not a table)
    # A gazette's column holds many short lines (signatures, 'Registre-se,', 'Publicado por:',
    # a ragged price list above an act: famurs-do1381-2014, -do1384-2014), so fewer of its parts
    # fill it; its lines still start at the column's edge, where a table's cells start wherever
    # their column is (the annex tables of cachoeiro-dec34530-2024: 0.1-0.35 of the parts)
    loose_filled_share: float = 0.35  # enough filled parts ...
    aligned_share: float = 0.45  # ... when this share of each side's parts starts at its edge
    align_tol: float = 0.02  # how near the edge a start is, share of the text's width
    wide_gutter: float = 0.2  # a gutter wider than max_gutter, up to this (a narrow list or a
    # ragged column beside the prose one: famurs-do1381-2014 p. 5 0.12, pontapora-3868-2012 0.15) ...
    wide_aligned_share: float = 0.6  # ... when the parts fill their columns and start at their edges
    # A table set in one column beside the prose one (an LDO's annex tables in a gazette's left
    # column, aprece-2013-08-12 p. 8): its rows span the column with gaps between their cells wider
    # than the gutter, so they are not prose; the band is still clean (at most clean_cross of the
    # lines cross it), both sides start their lines at their edges (wide_aligned_share), one side
    # is prose (loose_filled_share of its parts) and the parts span their column, gaps or not
    clean_cross: float = 0.05
    spanned_share: float = 0.5
    # A wide band no line crosses, prose on both sides that indents its lists: bullets and their
    # wrapped lines start 0.08-0.17 of the column in (pontapora-3868-2012 p. 1, a gazette's
    # programme lists beside the law), so few parts start at the edge itself; nearly all start
    # within indent of it, where a table's cells start anywhere
    indent: float = 0.2  # share of a side's width
    indented_share: float = 0.9
    split_gap: float = 0.15  # a gap between two words this share of the page's width parts a line
    # into two columns' texts (a table's cells stand 0.02-0.05 apart: pontapora-3510-2006, where
    # the heading and the row beside it stand 0.24 apart)
    page_band: float = 0.08  # the page's first line above this share of its height (last line
    # below 1 - it) is its running head (foot): kept whole, not split into the columns


_RULE_WORD = re.compile(r"^[|¦!/\\—–_-]+$")


def _alnum(word_text: str) -> bool:
    return any(ch.isalnum() for ch in word_text)


def find_gutter(lines: Sequence[Line], *, config: ColumnConfig = ColumnConfig()) -> tuple[float, float] | None:
    """The x-range of the gutter between two columns of text on a page, or None.

    A gutter is a band in the middle of the text that (almost) no line's words cross, with
    many lines holding words on both sides of it; each side's parts must be prose that fills
    its column with no gap as wide as the gutter between its words (two table columns, a label
    and an amount, or a row of cells are not two columns of text)."""
    rows = [[w for w in ln.words if w.bbox is not None and _alnum(w.text)] for ln in lines]
    rows = [r for r in rows if r]
    if len(rows) < config.min_rows:
        return None
    left = min(_box(w)[0] for r in rows for w in r)
    right = max(_box(w)[2] for r in rows for w in r)
    width = right - left
    if width <= 0:
        return None
    step = width / config.bins
    cover = np.zeros(config.bins, dtype=np.int32)
    for r in rows:
        mark = np.zeros(config.bins, dtype=bool)
        for w in r:
            a = int((_box(w)[0] - left) / step)
            b = int(np.ceil((_box(w)[2] - left) / step))
            mark[max(0, a):min(config.bins, b)] = True
        cover += mark
    for share in config.max_cross:
        found = _gutter_at(cover <= share * len(rows), rows, left, right, step, config)
        if found is not None:
            return found
    return None


def _gutter_at(low: np.ndarray, rows: list[list], left: float, right: float, step: float,
               config: ColumnConfig) -> tuple[float, float] | None:
    width = right - left
    z0, z1 = (int(f * config.bins) for f in config.zone)
    every = _low_runs(low)
    # (the bands that reach into the zone where a gutter may stand)
    runs = [r for r in every if r[0] < z1 and r[1] > z0
            and config.min_gutter * width <= (r[1] - r[0]) * step <= config.wide_gutter * width]
    # the gutters of more columns, anywhere between the text's edges: a side's gap over one of them is
    # that side's own gutter (a page of four columns parts in two halves of two), no table's cells
    bands = [(left + a * step, left + b * step) for a, b in every
             if a > 0 and b < config.bins and config.min_gutter * width <= (b - a) * step <= config.max_gutter * width]
    # the widest band; of equals, the nearest the middle
    for a, b in sorted(runs, key=lambda r: (-(r[1] - r[0]), abs((r[0] + r[1]) / 2 - config.bins / 2))):
        g0, g1 = left + a * step, left + b * step
        others = [band for band in bands if band[1] <= g0 or band[0] >= g1]
        if _two_columns(rows, left, right, g0, g1, config, others):
            return (g0, g1)
    return None


def _low_runs(low: np.ndarray) -> list[tuple[int, int]]:
    """The runs of ``low`` bins: (first, past the last)."""
    out: list[tuple[int, int]] = []
    i, n = 0, len(low)
    while i < n:
        if low[i]:
            j = i
            while j < n and low[j]:
                j += 1
            out.append((i, j))
            i = j
        else:
            i += 1
    return out


def _two_columns(rows: list[list], left: float, right: float, g0: float, g1: float,
                 config: ColumnConfig, others: Sequence[tuple[float, float]] = ()) -> bool:
    gap = g1 - g0
    mid = (g0 + g1) / 2
    sides = [0, 0]
    filled = spanned = crossing = 0
    side_filled = [0, 0]
    starts: tuple[list[float], list[float]] = ([], [])
    for r in rows:
        if any(w.bbox[0] < g1 and w.bbox[2] > g0 for w in r):
            crossing += 1
            continue  # crosses the gutter
        for side, (lo, hi) in enumerate(((left, g0), (g1, right))):
            part = [w for w in r if (w.bbox[2] <= mid) == (side == 0)]
            if not part:
                continue
            sides[side] += 1
            starts[side].append(part[0].bbox[0])
            span = part[-1].bbox[2] - part[0].bbox[0]
            gaps = [(y.bbox[0] - x.bbox[2], any(x.bbox[2] <= o0 and o1 <= y.bbox[0] for o0, o1 in others))
                    for x, y in zip(part, part[1:], strict=False)]
            inner = max((g for g, over in gaps if not over), default=0.0)
            # (a gap over another gutter parts more columns of prose, mostly letters: a table's cells of
            # figures stand apart over bands no line crosses too)
            prose = span >= config.fill * (hi - lo) and inner < gap and (
                not any(over and g >= gap for g, over in gaps) or _prose(part))
            filled += prose
            side_filled[side] += prose
            spanned += span >= config.fill * (hi - lo)
    if min(sides) < max(config.min_rows, config.min_row_share * len(rows)):
        return False
    aligned = min(_aligned(s, config.align_tol * (right - left)) for s in starts)
    if gap > config.max_gutter * (right - left):
        if filled < config.filled_share * sum(sides):
            return False
        indented = min(_indented(s, config.indent * (hi - lo))
                       for s, (lo, hi) in zip(starts, ((left, g0), (g1, right)), strict=True))
        return aligned >= config.wide_aligned_share or (
            crossing <= config.clean_cross * len(rows) and indented >= config.indented_share)
    if filled >= config.filled_share * sum(sides):
        return True
    prose_side = max(f / n for f, n in zip(side_filled, sides, strict=True)) >= config.loose_filled_share
    if (crossing <= config.clean_cross * len(rows) and aligned >= config.wide_aligned_share and prose_side
            and spanned >= config.spanned_share * sum(sides)):
        return True  # a table in one column beside the prose in the other
    return filled >= config.loose_filled_share * sum(sides) and aligned >= config.aligned_share


def _indented(starts: list[float], reach: float) -> float:
    """Share of a side's parts that start within ``reach`` of its edge (its lines and its lists'
    indented items)."""
    edge = min(starts)
    return sum(x - edge <= reach for x in starts) / len(starts)


def _aligned(starts: list[float], tol: float) -> float:
    """Share of a side's parts that start at its edge (the start a tenth of them stand left of):
    a column of text starts its lines at one edge, a table's cells wherever their column is."""
    edge = float(np.percentile(starts, 10))
    return sum(abs(x - edge) <= tol for x in starts) / len(starts)


_COLUMN_DEPTH = 3  # gutters found within a column's text again: up to 8 columns (gazettes print 3-4)
_PROSE_LETTERS = 0.6  # share of letters among a side's letters and figures for its text to be prose


def _prose(items: Sequence[Line] | Sequence[Word]) -> bool:
    """Whether the texts of ``items`` (a side's lines, or a row's words) are prose, mostly letters: a
    column's text, whose own gutter parts more columns; a table's cells of figures ('2025
    1.821.059,29 2.875.291,83') stay rows."""
    letters = sum(c.isalpha() for item in items for c in item.text)
    figures = sum(c.isdigit() for item in items for c in item.text)
    return letters >= _PROSE_LETTERS * (letters + figures) if letters + figures else False


def read_columns(page: PageText, *, config: ColumnConfig = ColumnConfig(), depth: int = 0) -> PageText:
    """The page's lines in reading order when its text stands in two columns: each line split at
    the gutter, and every run of two-column lines read as its left column, then its right one
    (a line that crosses the gutter, a masthead or a heading over both columns, closes the run).
    A text layer or Tesseract joins the two columns line by line ('Dispõe sobre a exoneração do
    Coordenador CONSIDERANDO as disposições ...'); the acts of a gazette then cannot be read.
    Each side's run is read so again, where a gutter parts it too (a gazette of four columns,
    maceio-dec8052-2015: the middle gutter, then each half's). A page with one column comes back
    as the very same object."""
    gutter = find_gutter(page.lines, config=config)
    if gutter is None:
        return page
    g0, g1 = gutter
    mid = (g0 + g1) / 2
    # A line crosses the gutter when a word stands in its inner half: the band found with a loose
    # share of crossing lines reaches over the left column's ragged edge, where a line's last
    # short word ('visando a' | 'LEI Nº 3.557/07', pontapora-3557-2007) ends inside it.
    c0, c1 = g0 + (g1 - g0) / 4, g1 - (g1 - g0) / 4
    out: list[Line] = []
    block_l: list[Line] = []
    block_r: list[Line] = []

    def flush() -> None:
        for block in (block_l, block_r):
            ordered = sorted(block, key=lambda ln: ln.bbox[1] if ln.bbox else 0.0)
            if depth < _COLUMN_DEPTH and len(ordered) > 1 and _prose(ordered):
                ordered = list(read_columns(page.model_copy(update={"lines": tuple(ordered)}), config=config,
                                            depth=depth + 1).lines)
            out.extend(ordered)
            block.clear()

    boxed = [ln for ln in page.lines if ln.bbox is not None]
    ends = set()
    if page.height and boxed and not depth:  # the page's running head and foot, printed across both columns
        first = min(boxed, key=lambda ln: _box(ln)[1])
        last = max(boxed, key=lambda ln: _box(ln)[3])
        if _box(first)[1] < config.page_band * page.height:
            ends.add(id(first))
        if _box(last)[3] > (1 - config.page_band) * page.height:
            ends.add(id(last))
    for line in page.lines:
        words = [w for w in line.words if w.bbox is not None]
        if not words or len(words) != len(line.words) or id(line) in ends:
            flush()
            out.append(line)
            continue
        if any(_alnum(w.text) and _box(w)[0] < c1 and _box(w)[2] > c0 for w in words) and not _parted_at(words, mid, g1 - g0):
            flush()
            out.append(line)
            continue
        # a rule drawn in the gutter, read as '|', is no text of either column
        words = [w for w in words if not (_RULE_WORD.match(w.text) and g0 <= (_box(w)[0] + _box(w)[2]) / 2 <= g1)]
        a = [w for w in words if (_box(w)[0] + _box(w)[2]) / 2 < mid]
        b = [w for w in words if (_box(w)[0] + _box(w)[2]) / 2 >= mid]
        if a:
            block_l.append(line if not b else Line.of_words(a))
        if b:
            block_r.append(line if not a else Line.of_words(b))
    flush()
    return page.model_copy(update={"lines": tuple(out)})


def _parted_at(words: Sequence[Word], mid: float, gutter: float) -> bool:
    """Whether the line's words stand apart across the gutter's middle, by a gap at least half the
    gutter wide: two columns' texts, though a word's box reaches into the gutter's inner half
    (Tesseract's box of a right column's first word began 30 px left of the column, 'integrante' |
    'suas metas;', itabaiana-lei695-2015). A heading across both columns has no such gap there."""
    boxes = sorted(_box(w) for w in words)
    return any(b[0] - a[2] >= gutter / 2 and a[2] <= mid <= b[0] for a, b in zip(boxes, boxes[1:], strict=False))


def read_document_columns(doc: DocumentText, *, config: ColumnConfig = ColumnConfig()) -> DocumentText:
    """:func:`read_columns` on every page, its epígrafes first set apart from what stands beside
    them (:func:`split_epigrafe_lines`; the same object when no page changes)."""
    return doc.map_pages(lambda p: read_columns(split_epigrafe_lines(p, config=config), config=config))


def split_epigrafe_lines(page: PageText, *, config: ColumnConfig = ColumnConfig()) -> PageText:
    """The page with every line that holds an epígrafe and, across a gap wider than a table's
    between cells, another column's text, split in two: OCR joins a law's heading to the row of
    a table beside it ('Lei nº 3510, de 22 de novembro de 2006.' | 'Assistente de Protocolo e
    Recepção Uma R$ 540,00', pontapora-3510-2006), and the heading, its tail no epígrafe's, was
    not read. Only where the part before the gap reads as an epígrafe and the whole line does
    not; the same object when no line is split."""
    from pipeline.metadata import parse_epigrafe

    if not page.width:
        return page
    out: list[Line] = []
    changed = False
    for line in page.lines:
        words = sorted((w for w in line.words if w.bbox is not None), key=lambda w: _box(w)[0])
        if len(words) < 3 or len(words) != len(line.words):
            out.append(line)
            continue
        gap, at = max(((_box(b)[0] - _box(a)[2], k + 1)
                       for k, (a, b) in enumerate(zip(words, words[1:], strict=False))), key=lambda g: g[0])
        left = words[:at]
        if (gap >= config.split_gap * page.width and parse_epigrafe(" ".join(w.text for w in left)) is not None
                and parse_epigrafe(line.text) is None):
            out.extend((Line.of_words(tuple(left)), Line.of_words(tuple(words[at:]))))
            changed = True
        else:
            out.append(line)
    return page.model_copy(update={"lines": tuple(out)}) if changed else page


# --- a page cut in two by a fold ----------------------------------------------------------------

_CUT_ROWS = 4  # rows cut at one place that make a cut (a margin label or two make none)
_CUT_GAP = 0.5  # the most a cut leaves between the two halves of a row, in word heights
_WORD_GLUE = 0.3  # ... and under this the cut went through a word ('Mu' | 'nicipal')
_CUT_REACH = 3.0  # a row's pieces end and start this near the cut, in word heights


def join_cut_rows(page: PageText) -> PageText:
    """The page with rows that Tesseract read as two blocks side by side, because a fold or a
    rule cut the page from top to bottom ('A Câmara Muni' ... then 'cipal de Gurupi aprovou ...'
    after the whole left block), joined back row by row: at least ``_CUT_ROWS`` rows whose left
    piece ends at one place and whose right piece starts right there, with no gutter between
    them (two columns of a gazette keep theirs). A word the cut went through is one word again.
    The lines then stand in the order of their rows. A page without such a cut comes back as
    the very same object."""
    lines = [ln for ln in page.lines if ln.bbox is not None and ln.words and all(w.bbox is not None for w in ln.words)]
    if len(lines) < 2 * _CUT_ROWS:
        return page
    h = _median_word_height(lines)
    assert h is not None  # (every line kept has boxed words)
    pairs: list[tuple[Line, Line]] = []
    for left in lines:
        x1 = _box(left)[2]
        for right in lines:
            if right is not left and -0.25 * h <= _box(right)[0] - x1 <= _CUT_GAP * h \
                    and _on_one_row(_box(left), _box(right), 0.5):
                pairs.append((left, right))
    if len(pairs) < _CUT_ROWS:
        return page
    # the cut: the place where most pairs meet (within a word height)
    ends = sorted(_box(left)[2] for left, _right in pairs)
    at = max(ends, key=lambda x: sum(abs(e - x) <= h for e in ends))
    if sum(abs(e - at) <= h for e in ends) < _CUT_ROWS:
        return page
    # every row the cut went through: a left piece that ends before it (its last word may end
    # short of it) and a right piece that starts after it, on one row
    cut: list[tuple[Line, Line]] = []
    for left in lines:
        x1 = _box(left)[2]
        if not at - _CUT_REACH * h <= x1 <= at + 0.25 * h:
            continue
        best: tuple[float, Line] | None = None
        for right in lines:
            a0 = _box(right)[0]
            if right is left or not at - 0.25 * h <= a0 <= at + _CUT_REACH * h or a0 < x1 - 0.25 * h:
                continue
            if _on_one_row(_box(left), _box(right), 0.5) and (best is None or a0 - x1 < best[0]):
                best = (a0 - x1, right)
        if best is not None:
            cut.append((left, best[1]))
    if len({id(r) for _l, r in cut}) < len(cut):
        return page  # a piece claimed twice: no clean cut
    joined: dict[int, Line] = {}
    gone: set[int] = set()
    for left, right in cut:
        words = list(left.words)
        first = right.words[0]
        if _box(first)[0] - _box(words[-1])[2] < _WORD_GLUE * h:
            last = words.pop()
            confs = [c for c in (last.conf, first.conf) if c is not None]
            words.append(Word(text=last.text + first.text, conf=min(confs) if confs else None,
                              bbox=_around([_box(last), _box(first)])))
            words.extend(right.words[1:])
        else:
            words.extend(right.words)
        joined[id(left)] = Line.of_words(words)
        gone.add(id(right))
    out = [joined.get(id(ln), ln) for ln in page.lines if id(ln) not in gone]
    boxed = sorted((ln for ln in out if ln.bbox is not None), key=_middle)
    for k in range(1, len(boxed)):  # lines left apart on one row: from left to right
        j = k
        while j and _shares_row(boxed[j - 1], _box(boxed[j])[1], _box(boxed[j])[3]) \
                and _box(boxed[j - 1])[0] > _box(boxed[j])[0]:
            boxed[j - 1], boxed[j] = boxed[j], boxed[j - 1]
            j -= 1
    return page.model_copy(update={"lines": tuple([ln for ln in out if ln.bbox is None] + boxed)})


def join_document_cut_rows(doc: DocumentText) -> DocumentText:
    """:func:`join_cut_rows` on every page (the same object when nothing is joined)."""
    return doc.map_pages(join_cut_rows)


def read_layout(doc: DocumentText) -> DocumentText:
    """The document's lines in reading order, from their boxes: the strokes of a rule drawn
    across the text erased, rows a fold cut in two joined, two columns read in turn, runs of
    lines read out of place put back, and labels hung in the margin joined to their lines."""
    return join_document_lines(restore_document_order(read_document_columns(
        join_document_cut_rows(erase_document_rules(doc)))))


# --- indentation -----------------------------------------------------------------------------

_ALNUM_WORD = re.compile(r"\w")
_MARKS_ONLY = re.compile(r"^[-–—.,:;'\"“”‘’«»*·_~|]+$")  # a dash, a point or a quote before the text: dust or a
# separator, never where a label's marks stand ('") -' of 'c) -' is the label's own place)


@dataclass(frozen=True)
class IndentConfig:
    min_chars: int = 20  # lines this long measure the page's margin and its characters' width
    min_lines: int = 5  # ... on a page with at least this many of them
    margin_share: float = 0.1  # the margin: the left edge this share of those lines start left of (or
    # further left, where two of them start together)
    reach: float = 30.0  # further right than this many characters: no indent (a heading, a column)


def page_indents(page: PageText, *, config: IndentConfig = IndentConfig()) -> list[float | None]:
    """Each line's indentation, in characters from the page's text margin: where its first word
    that holds a letter or figure starts (a speck in the margin before it does not count), less
    the margin, over the median width of a character. None where the page shows no margin (too
    few long lines, no boxes) or the line starts further right than ``config.reach`` (a centred
    heading, a signature, a second column)."""
    long = [ln for ln in page.lines if ln.bbox is not None and len(ln.text) >= config.min_chars]
    if len(long) < config.min_lines:
        return [None] * len(page.lines)
    widths = sorted((_box(ln)[2] - _box(ln)[0]) / len(ln.text) for ln in long)
    width = widths[len(widths) // 2]
    if width <= 0:
        return [None] * len(page.lines)
    starts = [_left(ln) if ln.bbox is not None else None for ln in page.lines]  # (each line's once)
    lefts = sorted(x for x, ln in zip(starts, page.lines, strict=True)
                   if x is not None and len(ln.text) >= config.min_chars)
    # the margin: where a share of the long lines from the left start, or further left where two
    # start within a character of each other (a page of short units has few lines at its margin:
    # the share lands on the indent; a page of few lines may have one line at its margin only)
    share = lefts[int(len(lefts) * config.margin_share)]
    margin = min(share, next((x for x, y in zip(lefts, lefts[1:], strict=False) if y - x <= width), share))
    out: list[float | None] = []
    for x in starts:
        indent = None if x is None else (x - margin) / width
        out.append(round(indent, 1) if indent is not None and indent <= config.reach else None)
    return out


def _left(line: Line) -> float:
    """Where the line's text starts: its first word, unless that word holds no letter or figure
    and stands apart, more than its line's height before the next (a speck in the margin; a
    label whose marks OCR read as '") -' stands at its place). The line's box's left edge when
    no word of it has a box."""
    boxed = [w for w in line.words if w.bbox is not None]
    height = _box(line)[3] - _box(line)[1]
    for w, after in zip(boxed, boxed[1:], strict=False):
        if _ALNUM_WORD.search(w.text) or (_box(after)[0] - _box(w)[2] <= height and not _MARKS_ONLY.match(w.text)):
            return _box(w)[0]
    return _box(boxed[-1])[0] if boxed else _box(line)[0]
