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
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from models.ocr import BBox, DocumentText, Line, PageText


@dataclass(frozen=True)
class LayoutConfig:
    max_piece_share: float = 0.3  # a margin piece is at most this share of the text's width ...
    max_piece_words: int = 3  # ... and this many words
    max_gap_heights: float = 3.0  # the gap to the line it belongs to, in line heights
    min_overlap: float = 0.5  # vertical overlap, as a share of the lower of the two heights


def join_side_lines(page: PageText, *, config: LayoutConfig = LayoutConfig()) -> PageText:
    """The page with each short margin piece joined to the line it stands beside (on its
    right, on the same baseline), in that line's place. Pages without boxes come back as they
    are; so does a page where nothing is to be joined (the very same object)."""
    lines = page.lines
    boxed = [i for i, ln in enumerate(lines) if ln.bbox is not None]
    if len(boxed) < 2:
        return page
    left = min(lines[i].bbox[0] for i in boxed)  # type: ignore[index]
    right = max(lines[i].bbox[2] for i in boxed)  # type: ignore[index]
    width = right - left
    if width <= 0:
        return page
    successor: dict[int, int] = {}
    for i in boxed:
        if _is_piece(lines[i], left, width, config):
            j = _beside(i, lines, boxed, config)
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
        pieces = chains.get(i)
        if pieces:
            members = sorted([*dict.fromkeys(pieces), i], key=lambda k: lines[k].bbox[0])  # type: ignore[index]
            line = _joined([lines[k] for k in members])
        out.append(line)
    return page.model_copy(update={"lines": tuple(out)})


def join_document_lines(doc: DocumentText, *, config: LayoutConfig = LayoutConfig()) -> DocumentText:
    """:func:`join_side_lines` on every page."""
    pages = tuple(join_side_lines(p, config=config) for p in doc.pages)
    if all(a is b for a, b in zip(pages, doc.pages, strict=True)):
        return doc
    return doc.model_copy(update={"pages": pages})


def _is_piece(line: Line, left: float, width: float, config: LayoutConfig) -> bool:
    """A short line that ends in the left part of the text ('Arts', '68 -', 'Art. 4º -')."""
    x1 = line.bbox[2]  # type: ignore[index]
    words = len(line.words) if line.words else len(line.text.split())
    return words <= config.max_piece_words and x1 - left <= config.max_piece_share * width


def _beside(i: int, lines: tuple[Line, ...], boxed: list[int], config: LayoutConfig) -> int | None:
    """The line on the right of line ``i`` on its baseline, within the gap allowed; None if none."""
    x0, y0, x1, y1 = lines[i].bbox  # type: ignore[misc]
    height = y1 - y0
    best: tuple[float, int] | None = None
    for j in boxed:
        if j == i:
            continue
        a0, b0, a1, b1 = lines[j].bbox  # type: ignore[misc]
        gap = a0 - x1
        if gap < -0.25 * height or gap > config.max_gap_heights * max(height, b1 - b0):
            continue
        overlap = min(y1, b1) - max(y0, b0)
        if overlap < config.min_overlap * min(height, b1 - b0):
            continue
        if best is None or gap < best[0]:
            best = (gap, j)
    return best[1] if best is not None else None


def _joined(parts: list[Line]) -> Line:
    words = tuple(w for ln in parts for w in ln.words)
    boxes = [ln.bbox for ln in parts if ln.bbox is not None]
    bbox = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes)) if boxes else None
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


def is_label_like(text: str) -> bool:
    """Whether a margin's reading can be a unit's label (a numeral, '§', the article keyword,
    a roman numeral or a letter with its separator), not a speck or a handwritten mark."""
    return bool(_LABEL_LIKE.search(text.strip()))
