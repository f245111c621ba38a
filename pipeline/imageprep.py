"""Page image preparation before Tesseract: only the repairs a page needs, chosen from its statistics.

Recipe (:func:`prepare_page`):

1. :func:`measure_page` takes cheap statistics on a reduced copy (~100 dpi): paper level and how
   much it varies (uneven lighting), ink level (faint typewriter strokes), mid-grey area (stamps,
   bleed-through), isolated specks, dark scanner borders, text-line direction, skew angle.
2. :func:`choose_steps` turns those numbers into a tuple of named steps. A clean page gets none
   and goes to Tesseract with its own pixels: preparation must never make a good page worse.
3. Each step is a small pure function over a numpy array or an image: :func:`sideways_turn` (a
   page on its side, 90° or 270° from its ink; :func:`detect_orientation`, Tesseract OSD, only
   when the ink cannot tell: OSD costs a third of a reading), :func:`deskew` (or
   :func:`shear_deskew`, without resampling, where the rotation's blur measured worse),
   :func:`remove_borders`, :func:`flatten_background`, :func:`binarize_sauvola`,
   :func:`denoise_speckle`. A page upside down is only flagged (:func:`is_upside_down`): the
   reader confirms it on a strip read both ways and turns it (``pipeline.ocr.ocr_image``).

Estimation works on reduced copies; only the repairs themselves touch every pixel. On a 200 dpi A4
page measuring costs ~50 ms, most repairs 50-100 ms more, despeckling ~0.15 s and OSD ~0.7 s, next
to ~1.4 CPU s for Tesseract (``docs/ocr-quality.md`` has the figures).
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import ndimage

from pipeline.config import OcrConfig

STEP_ORDER = ("orient", "borders", "reduce", "deskew", "flatten", "separate", "binarize", "despeckle",
              "dehalftone", "smooth", "upscale")
"""Every step :func:`choose_steps` may pick, in the order :func:`prepare_page` applies them."""

MIN_SKEW = 0.3
"""Degrees below which a page is not rotated: resampling costs more than such a skew."""
MAX_SKEW = 8.0
"""Widest skew searched for, in degrees."""

SHEAR_UNDER_DPI = 175.0
"""A grey page scanned under this resolution, or reduced to :data:`READ_DPI_MAX` before it is
straightened, is straightened by whole-pixel column shifts (:func:`shear_deskew`) instead of a
bilinear rotation (:func:`deskew`): the rotation's resampling blurs strokes only a few pixels
wide (150 dpi), and on a reduced page it is a second resampling. Scanlab tuning sets
held2462221640 and held176045943, each deskewed page read both ways (mean page CER, sheared
against rotated; pages better / worse by more than 0.0005): grey 150 dpi 0.0279 / 0.0314 (6 / 4
of 12), grey 300 dpi 0.0209 / 0.0225 (12 / 6 of 21); grey 200 dpi even, 0.0232 / 0.0230 (10 / 6
of 22), and a bundled sample law (200 dpi) then lost an article to a speck read 'Vo': rotated
there; 1-bit pages 0.0355 / 0.0308 (5 / 9 of 15): rotated, the rotation's grey edges are the
smoothing they get anyway. Figures: docs/ocr-quality.md."""

DARK_INK = 0.2
"""Ink darker than this (relative to the paper) is 'dark': such a page may be despeckled or have
lighter marks separated from its text."""

_WORK_DPI = 100.0  # resolution of the reduced copy used for every estimate

FLATTEN_LIGHTING = 0.35
"""Spread of the paper grey (:attr:`PageStats.lighting`) above which the page is flattened. Scanlab
tune set (seed 101): the two pages flattened at 0.18-0.26 read worse flattened (0.0025 -> 0.0036,
0.0407 -> 0.0440 CER); the project's own lighting pages (light falling off to 30%) measure
0.43-0.50 and keep it."""

READ_DPI_MAX = 240.0
"""A page that is prepared anyway and was scanned above this resolution is read at it (``reduce``,
an antialiased resize before the other steps): Tesseract's recogniser scales every text line
to its own fixed height, so the extra pixels cost its thresholding and layout analysis time, not
accuracy. Scanlab tune set (seed 101), read interleaved with bare Tesseract
(``bench/ocr_profile.py --interleave``): at 240 dpi (the 300 dpi pages only) CER 0.0352 -> 0.0347,
CPU ratio bare/ours 0.750 -> 0.773; at 170 dpi (the 200 and 300 dpi pages) CER 0.0347 and ratio
0.827 (0.835 fused with the rotation), but the bundled sample's 200 dpi law lei-1433 then read a
speck at a line end as 'Vo' and became ``needs_review`` (a doubtful inciso IV): 200 dpi pages keep
their pixels. Pages at or under this resolution, 1-bit pages that may be enlarged, and pages
needing no preparation keep their own pixels. (Reduced in the deskew rotation's own bilinear pass,
as until issue 14's clean-page work, 4 of the 18 deskewed 300 dpi pages of tune101 and held137110
read worse than bare by more than 0.002 CER, reduced first 2, read at 300 dpi 1; CER of the 18:
0.0274, 0.0270, 0.0278 a page; reading them at 300 costs ~0.3 CPU s a page more.)"""


@dataclass(frozen=True)
class PrepInfo:
    """What :func:`prepare_page` did: clockwise rotation applied (0/90/180/270), skew corrected
    in degrees (counter-clockwise positive, as measured), and the names of the steps applied."""

    rotation: int = 0
    skew: float = 0.0
    steps: tuple[str, ...] = ()
    scale: float = 1.0  # the prepared image's size over the given one's (``reduce``, ``upscale``)
    # the page's lines run across it and their ink says upside down (:func:`is_upside_down`): the
    # reader confirms it on a strip read both ways before the first reading (``pipeline.ocr``)
    upside_down: bool = False
    # ... or their ink cannot tell up from down (:func:`looks_doubtful`): no OSD is asked; the
    # reader decides from its own first reading (``pipeline.ocr.ocr_image``)
    doubtful: bool = False


@dataclass(frozen=True)
class PageStats:
    """Cheap statistics of a page image, all measured on a reduced copy.

    paper: typical paper grey (0-255). lighting: spread of the paper grey over the page, as a
    fraction of ``paper`` (uneven light, shadows, gutters). ink: grey of the darkest text strokes
    relative to the local paper (0 = black, 1 = paper): high means faint ink. midtone: share of
    the marked area that is mid-grey rather than ink (stamps, bleed-through, blur). detached: share
    of the mid-grey marks that are not the soft edge of a dark stroke (stamps and bleed-through
    are, blur is not). halftone: share of the ink blobs of a 1-bit page that are dots of a
    halftone screen (:func:`halftone_mask`; 0.0 on a grey page). specks: share
    of ink blobs that are tiny and far from any text (measured only where it can matter, on a grey
    page with dark ink: 0.0 otherwise). border: share of the page edge that is a
    dark band. binary: the page has only two grey levels. lines: ``"horizontal"``,
    ``"vertical"`` or ``"none"``; ascent: the share of the ink above and below the text lines'
    x-height bands that lies above them (:func:`ascender_share`: ~0.7 upright, ~0.3 upside
    down, 0.5 when it cannot tell). skew: measured skew in degrees. ink_fraction: share of
    pixels that are ink.
    """

    paper: float
    lighting: float
    ink: float
    midtone: float
    detached: float
    specks: float
    border: float
    binary: bool
    lines: str
    ascent: float
    skew: float
    ink_fraction: float
    halftone: float = 0.0


# ---------------------------------------------------------------------------------------------
# public entry point


def prepare_page(image: Image.Image, *, config: OcrConfig,
                 skip: tuple[str, ...] = ()) -> tuple[Image.Image, PrepInfo]:
    """Prepare one page image for Tesseract: the steps :func:`choose_steps` picks, in order,
    but those named in ``skip`` (the reader's second candidate, :data:`CHECKED_STEPS`).

    Returns the prepared image (mode ``L``; the very same image when no step applies) and what
    was done. Never raises on odd images (blank, tiny, one colour): they come back untouched.
    """
    if not config.prepare or image.width < 64 or image.height < 64:
        return image, PrepInfo()
    gray_img = image if image.mode == "L" else image.convert("L")
    dpi = image_dpi(image)
    stats = measure_page(np.asarray(gray_img), dpi=dpi)
    steps = tuple(s for s in choose_steps(stats) if s not in skip)
    down, doubtful = is_upside_down(stats), looks_doubtful(stats)
    if not steps:  # a clean page: read with its own pixels, as bare Tesseract reads it
        return image, PrepInfo(upside_down=down, doubtful=doubtful)

    rotation = 0
    applied: list[str] = []
    if "orient" in steps:
        # a page on its side: turned a quarter clockwise and measured again (its skew belonged to
        # the sideways page), its ink tells 90 from 270 (:func:`sideways_turn`); OSD only when not
        rotation, turned = sideways_turn(gray_img, dpi=dpi)
        if rotation:
            gray_img = turned.image
            stats = turned.stats
        else:
            rotation = detect_orientation(gray_img, sideways=stats.lines == "vertical")
            if rotation:
                gray_img = rotate_upright(gray_img, rotation)
                stats = measure_page(np.asarray(gray_img), dpi=dpi)
        if rotation:
            applied.append("orient")
            steps = tuple(s for s in choose_steps(stats) if s != "orient" and s not in skip)
    gray = np.asarray(gray_img)
    # decided on the scan's own resolution: a 1-bit page is enlarged only when scanned under 250 dpi
    may_enlarge = "smooth" in steps and dpi < UPSCALE_BILEVEL_BELOW
    repairs = any(s != "orient" for s in steps)  # a page only turned upright keeps its pixels
    # (a halftone screen's dots are told apart at the scan's own resolution: such a page keeps it)
    scale = (READ_DPI_MAX / dpi if repairs and dpi > READ_DPI_MAX + 1 and not may_enlarge
             and "dehalftone" not in steps else 1.0)
    skew = 0.0
    if "borders" in steps:
        gray = remove_borders(gray)
        applied.append("borders")
    if scale != 1.0:
        # reduced on its own, antialiased, before any rotation: one bilinear pass doing both
        # (an affine transform does not average the pixels it skips) made 300 dpi pages read
        # worse than bare (tuning sets: 4 of 18 deskewed 300 dpi pages, 2 reduced first)
        gray = np.asarray(resize_gray(Image.fromarray(gray), scale))
        dpi *= scale
        applied.append("reduce")
    if "deskew" in steps:
        by_shear = not stats.binary and (scale != 1.0 or dpi < SHEAR_UNDER_DPI)
        gray = np.asarray((shear_deskew if by_shear else deskew)(Image.fromarray(gray), stats.skew))
        skew = stats.skew
        applied.append("deskew")
    if "flatten" in steps:
        gray = flatten_background(gray, dpi=dpi)
        applied.append("flatten")
    if "separate" in steps:
        gray = separate_ink(gray)
        applied.append("separate")
    elif "binarize" in steps:
        binary = binarize_sauvola(gray, window=_odd(dpi * 0.25), k=0.2, scale=2 if dpi >= 150 else 1)
        gray = np.where(binary, 0, 255).astype(np.uint8)
        applied.append("binarize")
    if "despeckle" in steps:
        gray = denoise_speckle(gray, dpi=dpi)
        applied.append("despeckle")
    if "dehalftone" in steps:
        gray = np.where(halftone_mask(gray < 128, dpi=dpi), np.uint8(255), gray).astype(np.uint8)
        applied.append("dehalftone")
    enlarge = False
    if "smooth" in steps:
        enlarge = may_enlarge and stroke_width(gray) < UPSCALE_THINNER_THAN
        gray = smooth_bilevel(gray, dpi=dpi)
        applied.append("smooth")
    out = Image.fromarray(gray, "L")
    if enlarge:
        out, scale = upscale(out, UPSCALE_BILEVEL_TO / dpi), UPSCALE_BILEVEL_TO / dpi
        dpi = UPSCALE_BILEVEL_TO
        applied.append("upscale")
    out.info["dpi"] = (dpi, dpi)
    # (a page turned by OSD was measured again: its cues are the upright page's)
    return out, PrepInfo(rotation=rotation, skew=round(skew, 2), steps=tuple(applied), scale=scale,
                         upside_down=is_upside_down(stats), doubtful=looks_doubtful(stats))


CHECKED_STEPS = ("separate",)
"""Steps whose result the reader checks against the page prepared without them
(``pipeline.ocr``: the band where the two differ most, read both ways). Separating the ink keeps
the text and drops a stamp or bleed-through when the ink is darker than both, but it throws the
strokes' grey edges away: on light bleed-through (scanlab's, 10-30% dark) the page reads worse
separated than as it was (held2462221640 0005 and 0025: 0.048 and 0.030 CER against 0.023 and
0.011 without the step), on the project's own bleed and stamp pages far better (0.005 against
0.038). Measured: docs/ocr-quality.md."""

CHECK_BAND = 0.16
"""Height of the band, as a share of the page, read with and without a checked step."""


def changed_band(a: Image.Image, b: Image.Image, *, share: float = CHECK_BAND) -> tuple[float, float]:
    """Top and bottom, as shares of the page's height, of the band of rows where two preparations
    of one page differ most in what is ink (pixels under 128): where a step acted. The images may
    differ in size (one reduced, one not): both are compared at 50 rows an inch of A4 or so."""
    h = max(8, min(a.height, b.height) // 4)
    w = max(8, min(a.width, b.width) // 4)
    ink_a = np.asarray(a.convert("L").resize((w, h), Image.Resampling.BILINEAR)) < 128
    ink_b = np.asarray(b.convert("L").resize((w, h), Image.Resampling.BILINEAR)) < 128
    rows = (ink_a != ink_b).sum(axis=1).astype(np.float64)
    span = max(1, round(h * share))
    window = np.convolve(rows, np.ones(span), mode="valid")  # changed pixels of each band
    top = int(np.argmax(window)) if window.size else 0
    return top / h, min(1.0, (top + span) / h)


UPSIDE_DOWN_ASCENT = 0.45
""":attr:`PageStats.ascent` at or under which a page of horizontal lines looks upside down
(:func:`is_upside_down`). The seven scanlab tuning sets, each of their 271 pages with horizontal
lines measured as it lies and turned (542 pages, 271 of each way up): upright pages 0.531-0.94
(median 0.74), upside-down ones the mirror image (0.06-0.469); under 0.45 no upright page, over
0.55 no upside-down one. Real scans are less clear-cut: upright pages of tables, figures and
capitals (gurupa's budget laws, a table under a letterhead) measure 0.30-0.55, so the reader
confirms the call on a strip read both ways before it turns a page."""
UPRIGHT_ASCENT = 0.55
""":attr:`PageStats.ascent` from which a page is taken for upright; between the two thresholds
(6 of the 542) the page is read as it lies and judged by its first reading
(:func:`looks_doubtful`)."""


def is_upside_down(stats: PageStats) -> bool:
    """The page's text lines run across it and their ink says upside down (:data:`UPSIDE_DOWN_ASCENT`):
    the reader reads a strip of it both ways and turns it before the first reading when the strip
    reads clearly better turned (``pipeline.ocr.ocr_image``)."""
    text = 0.002 <= stats.ink_fraction <= 0.6  # as choose_steps: not blank, not black or a photo
    return text and stats.lines == "horizontal" and stats.ascent <= UPSIDE_DOWN_ASCENT


def looks_doubtful(stats: PageStats) -> bool:
    """The page's ink cannot tell up from down (:attr:`PageStats.ascent` between the thresholds).

    Such a page is read as it lies, with the reader's stricter confidence check
    (``pipeline.ocr.ocr_image``: a bad first reading is probed turned). OSD is not asked: on the
    scanlab tuning sets it called an upright page upside down with confidence (held887749 0012)
    and costs ~0.45 CPU s. (Before the ascender share, the cues were the short lines' alignment
    and a looser ink balance: they flagged 5 pages of 240, 2 of them upside down, and missed 3 of
    the 5 upside-down ones, each then read three times.)"""
    return stats.lines == "horizontal" and UPSIDE_DOWN_ASCENT < stats.ascent < UPRIGHT_ASCENT


@dataclass(frozen=True)
class Measured:
    """A page image with its statistics."""

    image: Image.Image
    stats: PageStats


def sideways_turn(gray: Image.Image, *, dpi: float) -> tuple[int, Measured]:
    """Clockwise degrees (90 or 270) that turn a page lying on its side upright, told by the ink of
    the page turned by 90 (:attr:`PageStats.ascent`), with that page and its statistics; 0 and the
    page turned by 90 when the ink cannot tell (then OSD decides: :func:`detect_orientation`).

    The nine sideways pages of the scanlab tuning sets measure 0.17-0.31 (270) and 0.57-0.91 (90)
    turned by 90: all told right, without OSD's ~0.45 CPU s. A wrong turn leaves the page upside
    down, which its reading's confidence check turns (``pipeline.ocr.ocr_image``)."""
    quarter = rotate_upright(gray, 90)
    stats = measure_page(np.asarray(quarter), dpi=dpi)
    if stats.lines != "horizontal" or looks_doubtful(stats):
        return 0, Measured(quarter, stats)
    if not is_upside_down(stats):
        return 90, Measured(quarter, stats)
    # the half turn keeps every statistic but the ascender share, which becomes its complement
    return 270, Measured(rotate_upright(quarter, 180), dataclasses.replace(stats, ascent=1.0 - stats.ascent))


def choose_steps(stats: PageStats) -> tuple[str, ...]:
    """The preparation steps a page with these statistics needs, in :data:`STEP_ORDER`.

    A page with dark, even ink on even paper, no specks, no borders, upright and straight gets
    ``()``. Thresholds were set on the generated evaluation set (``bench/eval_ocr.py``).
    """
    steps: set[str] = set()
    if not 0.002 <= stats.ink_fraction <= 0.6:  # blank, or black/photo: no text page to repair
        return ()
    if stats.lines == "vertical":
        # lying on its side: OSD tells 90 from 270. (A page upside down is turned by its ink
        # alone, :func:`is_upside_down`, or read as it lies when that cannot tell)
        steps.add("orient")
    if stats.border > 0.5 and stats.lighting <= 0.18:
        # with uneven light a dark edge may be the light falling off over text: flattening
        # evens it out instead, without painting text away
        steps.add("borders")
    if abs(stats.skew) >= MIN_SKEW:
        # (from 0.8° only: CER-neutral on the scanlab tuning sets and fewer pages worse than bare,
        # but two of the five bundled sample laws, skewed 0.5° and 0.7°, then read '2063' for 2003
        # and 'Art. 42,0' for 'Art. 4º': docs/ocr-quality.md)
        steps.add("deskew")
    if stats.binary:
        # a 1-bit scan: jagged strokes that Tesseract's models, trained on grey renderings, read
        # worse than the same strokes smoothed (surubim-11: mean confidence 0.81 -> 0.87). Thick
        # strokes read about as well sharp, but not better overall (docs/ocr-quality.md)
        steps.add("smooth")
        if stats.halftone >= HALFTONE_SHARE:
            steps.add("dehalftone")
        return tuple(s for s in STEP_ORDER if s in steps)
    if stats.lighting > FLATTEN_LIGHTING:
        steps.add("flatten")
    dark_ink = stats.ink < DARK_INK
    if dark_ink and stats.detached > 0.3:
        # dark text plus lighter marks away from it (stamp, bleed-through): keep only the dark
        steps.update(("flatten", "separate"))
    elif stats.ink > 0.7:
        # so faint that Tesseract's global threshold loses it: local (Sauvola) threshold
        steps.update(("flatten", "binarize"))
    if dark_ink and stats.specks > 0.25:
        steps.add("despeckle")
    return tuple(s for s in STEP_ORDER if s in steps)


# ---------------------------------------------------------------------------------------------
# measuring


def image_dpi(image: Image.Image) -> float:
    """The image's resolution: its recorded dpi, else guessed from its width as an A4/letter page."""
    dpi = image.info.get("dpi")
    try:
        value = float(dpi[0]) if dpi else 0.0
    except (TypeError, ValueError, IndexError):
        value = 0.0
    if not 50 <= value <= 1200:
        value = min(image.width, image.height) / 8.3
    return float(min(max(value, 72.0), 1200.0))


def reduce_gray(gray: np.ndarray, factor: int) -> np.ndarray:
    """Box-average ``gray`` by an integer ``factor`` (uint8 in, uint8 out)."""
    if factor <= 1:
        return gray
    return np.asarray(Image.fromarray(gray).reduce(factor))


def _odd(x: float) -> int:
    n = max(3, int(round(x)))
    return n if n % 2 else n + 1


def background_level(gray: np.ndarray, size: int) -> np.ndarray:
    """Paper grey under the text: a grey closing (text is darker than ``size`` wide) then smoothing."""
    bg = ndimage.maximum_filter(gray, size=size)
    return ndimage.uniform_filter(bg.astype(np.float32), size=size * 2 + 1)


def min_pool(gray: np.ndarray, factor: int) -> np.ndarray:
    """Reduce ``gray`` by an integer ``factor`` keeping the darkest pixel of each block, so thin
    strokes and one-pixel specks survive the reduction with their own grey."""
    if factor <= 1:
        return gray
    h, w = (gray.shape[0] // factor) * factor, (gray.shape[1] // factor) * factor
    out = gray[:h:factor, :w:factor].copy()
    for dy in range(factor):
        for dx in range(factor):
            if dy or dx:
                np.minimum(out, gray[dy:h:factor, dx:w:factor], out=out)
    return out


def measure_page(gray: np.ndarray, *, dpi: float = 200.0) -> PageStats:
    """Statistics of a grey page (uint8, 0 = black) that :func:`choose_steps` decides from."""
    factor = max(1, int(round(dpi / _WORK_DPI)))
    work_dpi = dpi / factor
    small = reduce_gray(gray, factor)
    dark_small = min_pool(gray, factor)
    binary = is_bilevel(gray)

    border = border_fraction(small)
    inner = _inner(small, 0.06)
    inner_dark = _inner(dark_small, 0.06)[: inner.shape[0], : inner.shape[1]]
    inner = inner[: inner_dark.shape[0], : inner_dark.shape[1]]
    # the paper grey varies slowly: estimate it at a quarter of the working resolution
    coarse = reduce_gray(inner, 2)
    bg_coarse = background_level(coarse, _odd(work_dpi / 2 * 0.12))
    bg = np.asarray(Image.fromarray(bg_coarse, "F").resize((inner.shape[1], inner.shape[0]),
                                                             Image.Resampling.BILINEAR))
    p5, paper, p95 = (float(v) for v in np.percentile(bg[::3, ::3], [5, 90, 95]))
    lighting = (p95 - p5) / max(paper, 1.0)
    rel = inner_dark.astype(np.float32) / np.maximum(bg, 1.0)
    dark = rel < 0.75
    ink_fraction = float(dark.mean())
    if dark.sum() >= 50:
        ink = float(np.percentile(rel[dark][::7], 5))
        marks = rel < 0.85
        midtone = float(((rel > 0.45) & marks).sum() / max(marks.sum(), 1))
    else:
        ink, midtone = 1.0, 0.0

    detached = detached_midtone(rel)
    binary_small = rel < 0.7
    lines, ascent = text_direction(binary_small)
    skew = estimate_skew(binary_small) if lines != "vertical" else 0.0
    if lines != "vertical" and abs(skew) >= MIN_SKEW:
        # skewed lines smear into each other's rows (at 2.5° the blank rows between them vanish),
        # and the ink above and below the x-height with them: judge the page made straight (else
        # a skewed upside-down page passes as upright, and a skewed upright one looks doubtful)
        # (Pillow's nearest-neighbour rotation: the same pixels as ndimage.rotate's order 0 but a
        # few, at a fifth of its time)
        turned = Image.fromarray(binary_small.view(np.uint8)).rotate(-skew, resample=Image.Resampling.NEAREST)
        straight = np.asarray(turned) > 0
        lines, ascent = text_direction(straight)
    # labelling the blobs is a third of this function's time: only where choose_steps uses it
    specks = speck_fraction(rel < 0.6, dpi=work_dpi) if not binary and ink < DARK_INK else 0.0
    # a halftone screen's dots are a pixel or two: seen only at the page's own resolution
    halftone = halftone_fraction(gray < 128, dpi=dpi) if binary else 0.0
    return PageStats(paper=paper, lighting=lighting, ink=ink, midtone=midtone, detached=detached,
                     specks=specks,
                     border=border, binary=binary, lines=lines, ascent=ascent, skew=skew,
                     ink_fraction=ink_fraction, halftone=halftone)


def detached_midtone(rel: np.ndarray) -> float:
    """Share of mid-grey marks (0.45-0.8 of the paper) lying away from dark ink (< 0.45)."""
    dark = rel < 0.45
    mid = (rel >= 0.45) & (rel < 0.8)
    n_mid = int(mid.sum())
    if n_mid < 100:
        return 0.0
    near = ndimage.maximum_filter(dark, size=5)
    return float((mid & ~near).sum() / n_mid)


def _inner(a: np.ndarray, margin: float) -> np.ndarray:
    my, mx = int(a.shape[0] * margin), int(a.shape[1] * margin)
    return a[my:a.shape[0] - my or None, mx:a.shape[1] - mx or None]


def is_bilevel(gray: np.ndarray) -> bool:
    """A 1-bit page, possibly rendered to grey (anti-aliased edges): nearly every pixel is pure
    black or pure white. A grey scan's paper is never that uniform."""
    sample = gray[::3, ::3]
    lo, hi = int(sample.min()), int(sample.max())
    if hi - lo < 128:
        return False
    return float(((sample == lo) | (sample == hi)).mean()) > 0.95


def border_fraction(gray: np.ndarray) -> float:
    """Share of the four page edges covered by a dark band (scanner lid, book gutter)."""
    edge = max(2, min(gray.shape) // 40)
    paper = float(np.percentile(gray[::3, ::3], 90))
    sides = [gray[:, :edge].mean(axis=1), gray[:, -edge:].mean(axis=1),
             gray[:edge, :].mean(axis=0), gray[-edge:, :].mean(axis=0)]
    dark = [float((s < paper * 0.5).mean()) for s in sides]
    return max(dark)


def text_direction(binary: np.ndarray) -> tuple[str, float]:
    """Direction of the text lines of a binary page (``True`` = ink), and for horizontal lines
    their ascender share (:func:`ascender_share`; 0.5, 'cannot tell', otherwise).

    Between text lines there are empty rows; across them (between characters) there are few empty
    columns. So the direction with more blank stripes inside the text area is the line direction.
    """
    if binary.sum() < 200:
        return "none", 0.5
    ys, xs = np.nonzero(binary)
    y0, y1 = np.percentile(ys, [3, 97]).astype(int)
    x0, x1 = np.percentile(xs, [3, 97]).astype(int)
    area = binary[y0:y1 + 1, x0:x1 + 1]
    if min(area.shape) < 8:
        return "none", 0.5
    rows = area.mean(axis=1)
    cols = area.mean(axis=0)
    blank_rows = float((rows < 0.1 * rows.mean()).mean())
    blank_cols = float((cols < 0.1 * cols.mean()).mean())
    if max(blank_rows, blank_cols) < 0.08:
        return "none", 0.5
    if blank_cols > blank_rows * 1.5:
        return "vertical", 0.5
    if blank_rows > blank_cols * 1.5:
        return "horizontal", ascender_share(area)
    return "none", 0.5


ASCENT_CORE = 0.35
"""A text line's x-height band: its rows holding at least this share of its densest row's ink."""
ASCENT_MIN_LINES = 3


def ascender_share(area: np.ndarray) -> float:
    """How much of a text area's ink outside its lines' x-height bands lies above them, the median
    over its lines (``area``: binary, ``True`` = ink, lines horizontal and straight).

    Upright Latin text has capitals, ascenders, accents and i-dots above the band and only
    descenders, commas and cedillas below it (Portuguese laws: 0.53-0.94 a page, median 0.74, on
    the scanlab tuning sets); turned by 180° the share is one minus itself. The median over lines,
    with the band from 35% of a line's peak (rather than the summed ink with the band from half
    the peak, which the earlier cue used), is what kept the two ways up furthest apart there: a
    stamp, a signature or a dark heading sways one line, not the median. 0.5 with fewer than
    three lines holding ink outside their band."""
    rows = area.mean(axis=1)
    labels, n = ndimage.label(rows > 0.1 * rows.mean())  # text lines, between blank rows
    shares = []
    for line in ndimage.find_objects(labels):
        line_rows = rows[line[0]]
        if line_rows.size < 3:
            continue
        core = np.flatnonzero(line_rows >= ASCENT_CORE * line_rows.max())
        above, below = float(line_rows[: core[0]].sum()), float(line_rows[core[-1] + 1:].sum())
        if above + below > 0:
            shares.append(above / (above + below))
    if len(shares) < ASCENT_MIN_LINES:
        return 0.5
    return float(np.median(shares))


HALFTONE_SHARE = 0.5
"""Share of a 1-bit page's ink blobs that are halftone dots from which the dots are removed. A
grey brasão printed behind the text as a watermark and scanned in 1 bit becomes a screen of
scattered dots: Tesseract's layout analysis takes the text over it for a picture and drops those
lines (tucano-65-2001: 21 of 29 articles read, 29 of 29 with the dots removed; its pages measure
0.72-0.89). Clean 1-bit scans measure 0.00-0.04 (every page of parauapebas-17, tabira-res11
after its cover, surubim-9, gurupa-1187); over the threshold too: tabira's cover (0.63, a
printed picture) and surubim-11's page 2 (0.73, a scanner shadow dithered in its corner).
Measuring labels the page's blobs at its own resolution: ~0.1 s on a 200 dpi page, ~0.4 s at
300 dpi, and only on 1-bit pages."""

_HALFTONE_DOT = 8  # pixels at 200 dpi: a screen's dot; a full stop or an i-dot is 12-25
_HALFTONE_REACH = 2.5  # mm: the window whose share of dot pixels tells a screen from a stray dot
_HALFTONE_DENSITY = 0.06  # share of a window's pixels in dots from which it is a screen


def halftone_mask(binary: np.ndarray, *, dpi: float) -> np.ndarray:
    """Ink pixels (``binary``: ``True`` = ink) that belong to a halftone screen: blobs of a few
    pixels lying among many others like them. A full stop, an accent or a speck beside a letter
    is alone in its window and stays; letters over the screen are bigger blobs and stay whole
    (the screen's dots touching them stay too: Tesseract reads through a few)."""
    labels, n, dot = _dots(binary, dpi=dpi)
    if n == 0:
        return np.zeros_like(binary, dtype=bool)
    return _screen(dot[labels], dpi=dpi)


def halftone_fraction(binary: np.ndarray, *, dpi: float) -> float:
    """Share of the ink blobs of a 1-bit page that are halftone dots (:func:`halftone_mask`)."""
    labels, n, dot = _dots(binary, dpi=dpi)
    if n < 200 or dot.sum() < HALFTONE_SHARE * n:  # too few dots for a screen: spare the density
        return 0.0
    screen = _screen(dot[labels], dpi=dpi)
    return float(np.count_nonzero(np.bincount(labels[screen], minlength=n + 1)[1:]) / n)


def _dots(binary: np.ndarray, *, dpi: float) -> tuple[np.ndarray, int, np.ndarray]:
    """Blob labels, blob count, and per label whether it is dot-sized (index 0, paper, is not)."""
    labels, n = ndimage.label(binary, structure=np.ones((3, 3), bool))
    sizes = blob_sizes(labels, binary, n)
    dot = sizes <= round(_HALFTONE_DOT * (dpi / 200.0) ** 2)  # 199.9 dpi is 200
    dot[0] = False
    return labels, n, dot


def blob_sizes(labels: np.ndarray, binary: np.ndarray, n: int) -> np.ndarray:
    """Pixels of each of the ``n`` blobs ``labels`` numbers in ``binary`` (index 0, paper: 0).

    Counted over the ink pixels only: a page is mostly paper, and counting every pixel's label was
    ~40% of the time of measuring a 1-bit page (tuning sets: 97 -> 57 ms a page)."""
    return np.bincount(labels[binary], minlength=n + 1)


def _screen(dots: np.ndarray, *, dpi: float) -> np.ndarray:
    """The dot pixels whose window is dense with dots."""
    window = max(3, int(round(_HALFTONE_REACH / 25.4 * dpi)))
    density = ndimage.uniform_filter(dots.astype(np.float32), size=window)
    return dots & (density >= _HALFTONE_DENSITY)


def speck_fraction(binary: np.ndarray, *, dpi: float) -> float:
    """Share of the ink blobs of a binary page that are specks (see :func:`speck_mask`)."""
    labels, n, speck = _specks(binary, dpi=dpi)
    return float(speck.sum() / n) if n >= 20 else 0.0


def speck_mask(binary: np.ndarray, *, dpi: float) -> np.ndarray:
    """Ink pixels that are specks: blobs that are tiny, roundish (a dash is not a speck) and have
    no bigger blob within a small reach. Dots of ``i``, accents and full stops sit next to their
    letters, so they stay; a speck in a margin or between lines goes.
    """
    labels, n, speck = _specks(binary, dpi=dpi)
    return speck[labels] if n else np.zeros_like(binary)


def _specks(binary: np.ndarray, *, dpi: float) -> tuple[np.ndarray, int, np.ndarray]:
    """Blob labels, blob count, and per label whether it is a speck (index 0, paper, is not)."""
    labels, n = ndimage.label(binary, structure=np.ones((3, 3), bool))
    if n == 0:
        return labels, 0, np.zeros(1, bool)
    scale = dpi / 200.0
    sizes = blob_sizes(labels, binary, n)
    tiny = sizes <= 36 * scale * scale  # a 6x6 dot at 200 dpi
    tiny[0] = False
    boxes = ndimage.find_objects(labels)
    for i in np.flatnonzero(tiny):
        ys, xs = boxes[i - 1]
        h, w = ys.stop - ys.start, xs.stop - xs.start
        if max(h, w) >= 2.2 * min(h, w) and max(h, w) >= 4 * scale:  # dash, not a speck
            tiny[i] = False
    big = ~tiny
    big[0] = False
    reach = max(1, int(round(8 * scale)))  # ~1 mm: i-dots and accents are closer to their letter
    near = ndimage.maximum_filter(big[labels], size=2 * reach + 1)
    speck = np.zeros(n + 1, bool)
    found = np.unique(labels[tiny[labels] & ~near])
    speck[found[found > 0]] = True
    _keep_punctuation(labels, boxes, sizes, big, speck, scale=scale)
    return labels, n, speck


def _keep_punctuation(labels: np.ndarray, boxes: list, sizes: np.ndarray, big: np.ndarray,
                      speck: np.ndarray, *, scale: float) -> None:
    """Clear ``speck`` for full stops, commas and the lower dot of colons and semicolons.

    On a typewritten page such a mark sits in its own character cell (2.1-2.5 mm wide), up to
    ~2 mm after the letter before it, at that letter's baseline (a comma hangs below it): too
    far for the 1 mm reach, yet where dust rarely falls. Dust smaller than a full stop, above
    the baseline or before a letter stays a speck.
    """
    after, before = max(1, round(16 * scale)), max(1, round(2 * scale))
    for i in np.flatnonzero(speck):
        if sizes[i] < 9 * scale * scale:
            continue
        ys, xs = boxes[i - 1]
        window = labels[ys.start:ys.stop, max(0, xs.start - after):xs.start + before]
        for j in np.unique(window):
            if j == 0 or not big[j]:
                continue
            jy, jx = boxes[j - 1]
            height = jy.stop - jy.start
            if jx.stop > xs.start + before or height < 3 * (ys.stop - ys.start) // 2:
                continue  # not a letter to the left, or no taller than the mark
            centre = (ys.start + ys.stop) / 2
            if jy.stop - 0.4 * height <= centre <= jy.stop + 0.3 * height:
                speck[i] = False
                _keep_upper_dot(labels, boxes, speck, int(i), reach=int(height // 2))
                break


def _keep_upper_dot(labels: np.ndarray, boxes: list, speck: np.ndarray, i: int, *, reach: int) -> None:
    """The dot right above a kept full stop or comma makes it a colon or a semicolon."""
    ys, xs = boxes[i - 1]
    window = labels[max(0, ys.start - reach):ys.start, xs.start:xs.stop]
    for j in np.unique(window):
        if j and speck[j]:
            speck[j] = False


# ---------------------------------------------------------------------------------------------
# orientation and skew


def detect_orientation(image: Image.Image, *, sideways: bool = False) -> int:
    """Clockwise degrees (0, 90, 180, 270) that turn the page upright, by Tesseract OSD.

    Returns 0 when OSD fails or is unsure (blank or nearly blank pages, too little text). OSD is
    slow (~0.6 s on the middle 60% of a 200 dpi A4 page, about half of reading it), so callers ask
    only when the page looks wrong. ``sideways``: the caller saw vertical text lines, so the page
    is turned by 90 or 270 whatever OSD's confidence: OSD's pick between the two is taken even
    when unsure, and 90 when it has none (a wrong pick leaves the page upside down, which the
    reader's confidence check turns; ``pipeline.ocr.ocr_image``).
    """
    import pytesseract

    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    gray = image if image.mode == "L" else image.convert("L")
    dpi = image_dpi(image)
    if dpi > 320:  # OSD needs no more than ~300 dpi; smaller is faster
        factor = int(dpi // 200)
        gray = gray.reduce(factor)
        dpi /= factor
    if min(gray.size) > 4 * dpi:  # the middle of a page has text enough and halves OSD's time
        w, h = gray.size
        gray = gray.crop((int(w * 0.2), int(h * 0.2), int(w * 0.8), int(h * 0.8)))
    try:
        osd = pytesseract.image_to_osd(gray, config=f"--psm 0 --dpi {round(dpi)}", timeout=60)
    except Exception:  # OSD fails on pages with too few characters: treat as upright
        return 90 if sideways else 0
    rotate = re.search(r"Rotate:\s*(\d+)", osd)
    conf = re.search(r"Orientation confidence:\s*([\d.]+)", osd)
    angle = int(rotate.group(1)) % 360 if rotate else 0
    if sideways:
        return angle if angle in (90, 270) else 90
    if not rotate or not conf or float(conf.group(1)) < 1.5:
        return 0
    return angle if angle in (90, 180, 270) else 0


def rotate_upright(image: Image.Image, rotation: int) -> Image.Image:
    """Turn ``image`` clockwise by ``rotation`` (a multiple of 90) degrees, losslessly."""
    turns = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180,
             270: Image.Transpose.ROTATE_90}
    if rotation % 360 == 0:
        return image
    out = image.transpose(turns[rotation % 360])
    out.info.update(image.info)
    return out


def estimate_skew(binary: np.ndarray, *, max_angle: float = MAX_SKEW) -> float:
    """Skew of the text lines of a binary page (``True`` = ink), in degrees, counter-clockwise
    positive (lines rising to the right); :func:`deskew` undoes it.

    Projection profiles: ink pixels are sheared by candidate angles and the angle whose row
    histogram is sharpest (largest sum of squares) wins; coarse 0.5° search then 0.05° refinement.
    """
    ys, xs = np.nonzero(binary)
    if ys.size < 100:
        return 0.0
    if ys.size > 25_000:  # a sample is as good and keeps this at a few ms
        pick = np.random.default_rng(0).choice(ys.size, 25_000, replace=False)
        ys, xs = ys[pick], xs[pick]
    xs = xs.astype(np.float64) - binary.shape[1] / 2
    ys = ys.astype(np.float64)
    offset = binary.shape[1] / 2 * math.tan(math.radians(max_angle)) + 2

    def sharpness(angle: float) -> float:
        shifted = ys + xs * math.tan(math.radians(angle))
        hist = np.bincount((shifted + offset).astype(np.int64))
        return float(np.dot(hist, hist))

    coarse = np.arange(-max_angle, max_angle + 1e-9, 0.5)
    best = max(coarse, key=sharpness)
    fine = np.arange(best - 0.5, best + 0.5 + 1e-9, 0.05)
    best = max(fine, key=sharpness)
    # Sharpness of a straight page falls off symmetrically: a true 0 measured as ±0.05 is noise.
    return float(round(best, 2)) if abs(best) > 0.05 else 0.0


def deskew(image: Image.Image, angle: float) -> Image.Image:
    """Undo a skew of ``angle`` degrees (as :func:`estimate_skew` measures it): rotate the image
    by ``-angle`` about its centre (bilinear, paper-coloured fill).

    Angles under :data:`MIN_SKEW` are not rotated: not worth a resampling (the image comes back
    unchanged). Grey pages under :data:`SHEAR_UNDER_DPI` or reduced are straightened by
    :func:`shear_deskew` instead. (Bicubic resampling under 250 dpi, tried on the scanlab tune set, moved single
    pages both ways by up to 0.03 CER and cost 0.07 s more a page: not kept.)
    """
    if abs(angle) < MIN_SKEW:
        return image
    gray = image if image.mode == "L" else image.convert("L")
    paper = int(np.percentile(np.asarray(gray.reduce(8)), 90))
    out = gray.rotate(-angle, resample=Image.Resampling.BILINEAR, expand=False, fillcolor=paper)
    out.info.update(image.info)
    return out


def shear_deskew(image: Image.Image, angle: float) -> Image.Image:
    """Undo a skew of ``angle`` degrees (as :func:`estimate_skew` measures it) by shifting each
    column of pixels up or down by a whole number of rows: the text lines come out level and
    every pixel keeps its value (no resampling blur), the letters slanted by ``angle`` (at most a
    few degrees: an italic Tesseract reads as well). Paper-coloured fill where the shift uncovers
    the page; the same size as ``image``, about its middle column.

    Angles under :data:`MIN_SKEW` are not undone (the image comes back unchanged)."""
    if abs(angle) < MIN_SKEW:
        return image
    gray = np.asarray(image if image.mode == "L" else image.convert("L"))
    h, w = gray.shape
    paper = np.uint8(np.percentile(gray[::8, ::8], 90))
    # a line rising to the right (angle > 0) is lower on the left: a column right of the middle
    # moves down by its distance from the middle times the slope, one left of it up
    shifts = np.round((np.arange(w) - w / 2) * math.tan(math.radians(angle))).astype(np.int64)
    out = np.full_like(gray, paper)
    starts = np.flatnonzero(np.diff(shifts, prepend=shifts[0] - 1))  # first column of each run
    for a, b in zip(starts, [*starts[1:], w], strict=True):
        s = int(shifts[a])
        if abs(s) >= h:
            continue
        if s >= 0:
            out[s:, a:b] = gray[:h - s, a:b]
        else:
            out[:h + s, a:b] = gray[-s:, a:b]
    sheared = Image.fromarray(out, "L")
    sheared.info.update(image.info)
    return sheared


def resize_gray(image: Image.Image, scale: float) -> Image.Image:
    """``image`` resized by ``scale`` (bilinear, antialiased when reducing)."""
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    out = image.resize(size, Image.Resampling.BILINEAR)
    out.info.update(image.info)
    return out


# ---------------------------------------------------------------------------------------------
# repairs


def remove_borders(gray: np.ndarray) -> np.ndarray:
    """Paint dark bands along the page edges (scanner lid, gutter shadow) paper-white.

    A band is a run of dark columns (rows) starting at an edge; it ends at the first column whose
    mean is close to the paper grey. Text is never that dark on average, so it is kept.
    """
    out = gray.copy()
    small = reduce_gray(gray, 4)
    paper = float(np.percentile(small, 90))
    limit_x, limit_y = gray.shape[1] // 6, gray.shape[0] // 6

    def run_length(means: np.ndarray, limit: int) -> int:
        dark = means < paper * 0.75
        n = 0
        while n < min(limit, dark.size) and dark[n]:
            n += 1
        return n

    col = small.mean(axis=0)
    row = small.mean(axis=1)
    left = run_length(col, limit_x // 4) * 4
    right = run_length(col[::-1], limit_x // 4) * 4
    top = run_length(row, limit_y // 4) * 4
    bottom = run_length(row[::-1], limit_y // 4) * 4
    pad = 4  # the blurred edge of the band
    fill = np.uint8(min(255, paper))
    if left:
        out[:, :left + pad] = fill
    if right:
        out[:, gray.shape[1] - right - pad:] = fill
    if top:
        out[:top + pad, :] = fill
    if bottom:
        out[gray.shape[0] - bottom - pad:, :] = fill
    return out


def flatten_background(gray: np.ndarray, *, dpi: float = 200.0) -> np.ndarray:
    """Even out the lighting: divide by a background estimate, so the paper becomes uniform white.

    The background is a grey closing of a reduced copy (text removed), smoothed and scaled back.
    """
    factor = max(1, int(round(dpi / 50)))
    small = reduce_gray(gray, factor)
    bg_small = background_level(small, _odd(dpi / factor * 0.12))
    bg_img = Image.fromarray(np.clip(bg_small, 1, 255).astype(np.uint8))
    bg = np.asarray(bg_img.resize((gray.shape[1], gray.shape[0]), Image.Resampling.BILINEAR),
                    dtype=np.float32)
    flat = gray.astype(np.float32) * (255.0 / np.maximum(bg, 1.0))
    return np.clip(flat, 0, 255).astype(np.uint8)


def separate_ink(gray: np.ndarray, *, level: float | None = None) -> np.ndarray:
    """Keep only marks darker than ``level`` x paper (the text), as black on white.

    For a page with dark typed text and lighter marks over or behind it (a stamp in coloured
    ink, the other side of the sheet showing through): a global threshold under the marks' grey.
    ``level`` defaults to the emptiest grey between 0.35 and 0.6 of the paper (the valley between
    the text's ink and the lighter marks; 0.45 when there is no clear valley). Expects an even background (after
    :func:`flatten_background`).
    """
    sample = gray[::2, ::2]
    paper = float(np.percentile(sample[::2, ::2], 90))
    if level is None:
        rel = sample.astype(np.float32) / max(paper, 1.0)
        hist = np.bincount(np.clip(rel * 100, 0, 99).astype(np.int64).ravel(), minlength=100).astype(float)
        hist = ndimage.uniform_filter1d(hist, 5)
        # on a flat valley prefer the middle of the range
        cost = hist[35:61] + 0.003 * hist.max() * np.abs(np.arange(35, 61) - 45)
        level = (35 + int(np.argmin(cost))) / 100
    return np.where(gray < level * paper, 0, 255).astype(np.uint8)


def binarize_sauvola(gray: np.ndarray, *, window: int = 51, k: float = 0.2, r: float = 128.0,
                     scale: int = 1) -> np.ndarray:
    """Sauvola binarisation: ink (``True``) where a pixel is darker than
    ``mean * (1 + k * (std / r - 1))`` of its ``window`` neighbourhood.

    Local mean and deviation come from integral images (summed-area tables). With ``scale > 1``
    they are computed on a copy reduced by ``scale`` and interpolated back: the threshold surface
    is smooth at the window's scale, and this is several times faster.
    """
    src = reduce_gray(gray, scale) if scale > 1 else gray
    win = _odd(window / scale)
    mean, std = _local_mean_std(src.astype(np.float64), win)
    thresh = mean * (1.0 + k * (std / r - 1.0))
    if scale > 1:
        t_img = Image.fromarray(np.clip(thresh, 0, 255).astype(np.float32), "F")
        thresh = np.asarray(t_img.resize((gray.shape[1], gray.shape[0]), Image.Resampling.BILINEAR))
    return gray < thresh


def _local_mean_std(a: np.ndarray, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Mean and standard deviation over a ``window``-square neighbourhood (edges clamped)."""
    half = window // 2
    padded = np.pad(a, half + 1, mode="edge")
    s1 = padded.cumsum(0).cumsum(1)
    s2 = (padded * padded).cumsum(0).cumsum(1)
    h, w = a.shape

    def box(s: np.ndarray) -> np.ndarray:
        y0, x0 = 0, 0
        y1, x1 = window, window
        return (s[y1:y1 + h, x1:x1 + w] - s[y0:y0 + h, x1:x1 + w]
                - s[y1:y1 + h, x0:x0 + w] + s[y0:y0 + h, x0:x0 + w])

    n = float(window * window)
    mean = box(s1) / n
    var = np.maximum(box(s2) / n - mean * mean, 0.0)
    return mean, np.sqrt(var)


UPSCALE_BILEVEL_BELOW = 250.0
UPSCALE_BILEVEL_TO = 300.0
"""A 1-bit page scanned under 250 dpi (a fax, an archive's bilevel 200 dpi scan) is read at 300:
its broken, one-pixel strokes give Tesseract too few pixels per letter (independent scanlab set,
bilevel pages at 200 dpi: CER 0.165 -> 0.139, 0.104 -> 0.069; Tesseract's time grows with the
pixels, so grey pages, which read well at their own resolution, are left as they are)."""


UPSCALE_THINNER_THAN = 1.9
"""...and only when its strokes are thinner than this many pixels (:func:`stroke_width`):
enlarging costs Tesseract about 1.5x its time on the page, and only thin strokes, which break up
when Tesseract scales and thresholds them, gain from it. Scanlab tune set, the 11 bilevel pages
under 250 dpi: the three with strokes of 1.5-1.65 px read 0.016-0.027 CER better enlarged; the
eight of 2.1-8 px (bold typewriter faces, thicker printed faces, photocopies) read as well or
better at their own resolution."""


def stroke_width(gray: np.ndarray) -> float:
    """Mean width in pixels of the ink strokes (pixels under 128) of a page: twice the ink area
    over the ink's boundary length (a long stroke of width w has area L*w and boundary ~2L)."""
    ink = gray < 128
    area = int(ink.sum())
    edges = int((ink[:, 1:] != ink[:, :-1]).sum()) + int((ink[1:, :] != ink[:-1, :]).sum())
    return 2.0 * area / edges if edges else 0.0


def upscale(image: Image.Image, factor: float) -> Image.Image:
    """``image`` enlarged by ``factor`` (Lanczos: smooth edges, no new blur beyond the smoothing)."""
    size = (round(image.width * factor), round(image.height * factor))
    return image.resize(size, Image.Resampling.LANCZOS)


def smooth_bilevel(gray: np.ndarray, *, dpi: float = 240.0) -> np.ndarray:
    """A 1-bit page given grey edges (a Gaussian of about one pixel at 240 dpi): the anti-aliased
    strokes Tesseract's models were trained on, instead of a scanner's jagged threshold."""
    sigma = max(0.6, dpi / 240.0)
    # straight to uint8 (3x faster than through float; values differ by at most 2 of 255)
    return np.asarray(ndimage.gaussian_filter(gray, sigma=sigma, output=np.uint8))


def denoise_speckle(gray: np.ndarray, *, dpi: float = 200.0, ink: float = 0.6) -> np.ndarray:
    """Paint specks (:func:`speck_mask` of the pixels darker than ``ink`` x paper) paper-white.

    Works on the grey page (Tesseract reads grey better than a binarised page here); a binary
    page (0/255) works the same way. Letters, dots and dashes stay.
    """
    paper = float(np.percentile(gray[::4, ::4], 90))
    specks = speck_mask(gray < ink * paper, dpi=dpi)
    if not specks.any():
        return gray
    specks = ndimage.binary_dilation(specks)  # their soft edge too
    return np.where(specks, np.uint8(min(255, paper)), gray).astype(np.uint8)


# ---------------------------------------------------------------------------------------------
# colour scans: marker highlights

HIGHLIGHT_CHROMA = 40
"""A pixel whose brightest and dullest channels differ by more than this is coloured (a marker,
a stamp, coloured ink); a grey scan's JPEG noise stays well under it."""
HIGHLIGHT_BRIGHT = 150
"""... and whose brightest channel is above this is light: a marker's ink, not a letter's."""


def grey_without_highlights(image: Image.Image) -> Image.Image:
    """A colour page in grey, with light coloured areas (marker highlights) read as the paper.

    The luminance of a yellow, green or pink highlight is mid-grey: binarised, a heading
    highlighted by hand ('LEI Nº 3569/2008, de 14 de fevereiro de 2008.' over pink, the printed
    Ponta Porã gazettes) becomes a black bar and Tesseract reads nothing of it. In the brightest
    channel the marker is as light as the paper while the black letters on it stay black, so a
    light coloured pixel takes its brightest channel's value. Grey pixels keep their luminance."""
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    grey = rgb.convert("L")
    a = np.asarray(rgb)
    bright = a.max(axis=2)
    marker = (bright.astype(np.int16) - a.min(axis=2) > HIGHLIGHT_CHROMA) & (bright > HIGHLIGHT_BRIGHT)
    if not marker.any():
        return grey
    out = Image.fromarray(np.where(marker, bright, np.asarray(grey)).astype(np.uint8), "L")
    out.info.update({k: v for k, v in grey.info.items() if k == "dpi"})
    return out
