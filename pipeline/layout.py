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

from dataclasses import dataclass

from models.ocr import DocumentText, Line, PageText


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
