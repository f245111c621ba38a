"""Page image preparation: each step on small generated pages, and prepare_page end to end.

Pages are A5 at 200 dpi rendered in code (``scans.render_page``); the Tesseract cases run the real
binary (OSD, and reading before/after a repair).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from rapidfuzz.distance import Levenshtein
from scans import LAW_LINES, render_page
from scipy import ndimage

from pipeline.config import OcrConfig
from pipeline.imageprep import (
    READ_DPI_MAX,
    SHEAR_UNDER_DPI,
    STEP_ORDER,
    UPRIGHT_ASCENT,
    UPSCALE_THINNER_THAN,
    UPSIDE_DOWN_ASCENT,
    PageStats,
    PrepInfo,
    ascender_share,
    binarize_sauvola,
    blob_sizes,
    changed_band,
    choose_steps,
    denoise_speckle,
    deskew,
    detect_orientation,
    estimate_skew,
    flatten_background,
    grey_without_highlights,
    halftone_fraction,
    halftone_mask,
    is_bilevel,
    is_upside_down,
    looks_doubtful,
    measure_page,
    prepare_page,
    remove_borders,
    resize_gray,
    separate_ink,
    shear_deskew,
    speck_mask,
    stroke_width,
)

TEXT = [line for line in LAW_LINES if line]
CONFIG = OcrConfig()


def _page(**kw) -> Image.Image:
    img = render_page(TEXT, dpi=200, **kw)
    img.info["dpi"] = (200, 200)
    return img


@pytest.fixture(scope="module")
def clean_page() -> Image.Image:
    return _page(noise=0.0, blur=0.6)


def _ocr(img: Image.Image) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "p.pgm"
        img.convert("L").save(src)
        return subprocess.run(["tesseract", str(src), "stdout", "-l", "por", "--dpi", "200"],
                              capture_output=True, text=True, check=True,
                              env=dict(os.environ, OMP_THREAD_LIMIT="1")).stdout


def _cer(text: str) -> float:
    ref, hyp = " ".join(" ".join(TEXT).split()), " ".join(text.split())
    return Levenshtein.distance(ref, hyp) / len(ref)


def _binary_of(img: Image.Image) -> np.ndarray:
    return np.asarray(img.convert("L")) < 128


def _uneven(img: Image.Image) -> Image.Image:
    """Light falling off to 25% towards the left edge, as a photo of a book page."""
    arr = np.asarray(img.convert("L"), dtype=np.float32)
    light = np.linspace(0.25, 1.0, arr.shape[1])[None, :] ** 0.7
    out = Image.fromarray(np.clip(arr * light, 0, 255).astype(np.uint8), "L")
    out.info["dpi"] = (200, 200)
    return out


# --------------------------------------------------------------------------- prepare_page


def test_clean_page_is_left_untouched(clean_page):
    out, info = prepare_page(clean_page, config=CONFIG)
    assert info == PrepInfo(rotation=0, skew=0.0, steps=())
    assert np.array_equal(np.asarray(out), np.asarray(clean_page))


def test_prepare_off_returns_the_image(clean_page):
    skewed = _page(skew=2.0)
    out, info = prepare_page(skewed, config=OcrConfig(prepare=False))
    assert out is skewed and info.steps == ()


@pytest.mark.parametrize("size", [(1, 1), (40, 30), (300, 400)])
def test_blank_or_tiny_images_pass_through(size):
    img = Image.new("L", size, 255)
    out, info = prepare_page(img, config=CONFIG)
    assert info.steps == () and out.size == size


@pytest.mark.parametrize("make", [
    lambda: Image.new("L", (1000, 1400), 0),  # black
    lambda: Image.fromarray(np.random.default_rng(0).integers(0, 256, (1200, 900), dtype=np.uint8)),
    lambda: Image.new("RGB", (800, 1100), (250, 250, 240)),
    lambda: Image.new("1", (800, 1100), 1),
    lambda: Image.new("I;16", (800, 1100), 30000),
    lambda: Image.new("L", (5000, 70), 255),
], ids=["black", "noise", "rgb", "1bit", "i16", "strip"])
def test_odd_images_are_left_alone(make):
    img = make()
    out, info = prepare_page(img, config=CONFIG)
    assert info.steps == () and out is img


@pytest.mark.parametrize("transpose, rotation", [(Image.Transpose.ROTATE_90, 90), (Image.Transpose.ROTATE_270, 270)])
def test_rotated_page_comes_out_upright_told_by_its_ink(clean_page, monkeypatch, transpose, rotation):
    """A page lying on its side is turned upright by the ink of the page turned a quarter
    (sideways_turn), either way, without asking OSD."""
    import pipeline.imageprep as imageprep

    def no_osd(*args, **kwargs):
        raise AssertionError("OSD asked")

    monkeypatch.setattr(imageprep, "detect_orientation", no_osd)
    turned = clean_page.transpose(transpose)  # lying on its side
    turned.info["dpi"] = (200, 200)
    out, info = prepare_page(turned, config=CONFIG)
    assert info.rotation == rotation and not info.upside_down and not info.doubtful
    assert "orient" in info.steps
    assert out.size == clean_page.size
    # the same pixels as the upright page (up to the other steps, which this page does not need)
    diff = np.abs(np.asarray(out, dtype=np.int16) - np.asarray(clean_page, dtype=np.int16))
    assert diff.mean() < 2.0


def test_a_sideways_page_whose_ink_cannot_tell_is_turned_by_osd(clean_page, monkeypatch):
    import pipeline.imageprep as imageprep

    monkeypatch.setattr(imageprep, "ascender_share", lambda area: 0.5)
    turned = clean_page.transpose(Image.Transpose.ROTATE_270)
    turned.info["dpi"] = (200, 200)
    out, info = prepare_page(turned, config=CONFIG)
    assert info.rotation == 270 and "orient" in info.steps  # real OSD
    assert out.size == clean_page.size


def test_two_degree_skew_comes_out_under_threshold():
    skewed = _page(skew=2.0)
    measured = estimate_skew(_binary_of(skewed))
    assert abs(measured - 2.0) < 0.3
    out, info = prepare_page(skewed, config=CONFIG)
    assert "deskew" in info.steps and abs(info.skew - 2.0) < 0.3
    assert abs(estimate_skew(_binary_of(out))) < 0.3


def test_uneven_lighting_is_read_after_preparation():
    page = _uneven(_page(blur=0.6))
    before = _cer(_ocr(page))
    out, info = prepare_page(page, config=CONFIG)
    after = _cer(_ocr(out))
    assert "flatten" in info.steps
    assert after < 0.05 and after < before / 2


# --------------------------------------------------------------------------- steps


@pytest.mark.parametrize("angle", [-3.0, -0.8, 0.0, 1.5])
def test_estimate_skew_measures_the_printed_angle(angle):
    page = _page(skew=angle)
    assert abs(estimate_skew(_binary_of(page)) - angle) < 0.25


def test_deskew_ignores_tiny_angles(clean_page):
    assert deskew(clean_page, 0.1) is clean_page
    assert deskew(clean_page, 1.0) is not clean_page


def _grey_levels(img: Image.Image) -> set[int]:
    return set(np.unique(np.asarray(img.convert("L"))).tolist())


@pytest.mark.parametrize("angle", [-2.2, -0.6, 1.4])
def test_shear_deskew_levels_the_lines_without_new_grey_levels(angle):
    page = _page(skew=angle, blur=0.6)
    out = shear_deskew(page, estimate_skew(_binary_of(page)))
    assert out.size == page.size and out.info["dpi"] == page.info["dpi"]
    assert abs(estimate_skew(_binary_of(out))) < 0.3
    # every pixel is one of the page's own (or the paper filling what the shifts uncovered)
    assert _grey_levels(out) <= _grey_levels(page)
    # each column keeps its pixels, shifted: its ink is the same but what left the page's edge
    ink_in, ink_out = _binary_of(page).sum(axis=0), _binary_of(out).sum(axis=0)
    assert np.abs(ink_in - ink_out).sum() <= 0.01 * ink_in.sum()
    assert shear_deskew(page, 0.1) is page


def test_a_low_resolution_grey_page_is_straightened_by_shifts_a_200_dpi_one_rotated():
    """Under SHEAR_UNDER_DPI a bilinear rotation blurs strokes of a few pixels: the page keeps its
    own grey levels. At 200 dpi the rotation stays (even on the tuning sets, and the bundled
    sample's laws read as before); 1-bit pages are rotated, their smoothing follows anyway."""
    assert 150 < SHEAR_UNDER_DPI < 200
    low = render_page(TEXT, dpi=150, skew=1.2, blur=0.5)
    low.info["dpi"] = (150, 150)
    out, info = prepare_page(low, config=CONFIG)
    assert info.steps == ("deskew",) and abs(estimate_skew(_binary_of(out))) < 0.3
    assert _grey_levels(out) <= _grey_levels(low)
    mid = _page(skew=1.2, blur=0.5)
    out, info = prepare_page(mid, config=CONFIG)
    assert info.steps == ("deskew",)
    assert np.array_equal(np.asarray(out), np.asarray(deskew(mid, info.skew)))


def test_the_band_where_two_preparations_differ_is_found(clean_page):
    gray = np.asarray(clean_page).copy()
    h = gray.shape[0]
    marked = gray.copy()
    rows = slice(int(h * 0.7), int(h * 0.8))
    marked[rows, 40:-40] = np.minimum(marked[rows, 40:-40], 100)  # a dark smear over those rows
    top, bottom = changed_band(Image.fromarray(gray), Image.fromarray(marked), share=0.16)
    assert bottom - top == pytest.approx(0.16, abs=0.01)
    assert top <= 0.71 and bottom >= 0.79
    # the same pages at two sizes (one reduced) compare alike
    small = Image.fromarray(marked).resize((gray.shape[1] * 4 // 5, h * 4 // 5))
    top2, bottom2 = changed_band(Image.fromarray(gray), small, share=0.16)
    assert top2 <= 0.71 and bottom2 >= 0.79


def test_detect_orientation_on_blank_page_is_zero():
    assert detect_orientation(Image.new("L", (800, 1100), 250)) == 0


def test_detect_orientation_upside_down(clean_page):
    assert detect_orientation(clean_page.transpose(Image.Transpose.ROTATE_180)) == 180


def test_measure_page_sees_orientation(clean_page):
    gray = np.asarray(clean_page)
    assert measure_page(gray).lines == "horizontal" and measure_page(gray).ascent >= UPRIGHT_ASCENT
    assert measure_page(np.rot90(gray).copy()).lines == "vertical"
    assert measure_page(np.rot90(gray, 2).copy()).ascent <= UPSIDE_DOWN_ASCENT


@pytest.mark.parametrize("kw", [{}, {"noise": 0.002}, {"blur": 1.5}, {"skew": 0.8},
                                # skewed so far that no row between lines is blank any more:
                                # judged on the page made straight
                                {"skew": 2.5}, {"skew": -3.0}])
def test_upside_down_is_told_from_upright_without_osd(kw):
    gray = np.asarray(_page(**kw))
    up, down = measure_page(gray), measure_page(np.rot90(gray, 2).copy())
    assert not is_upside_down(up) and not looks_doubtful(up)
    assert is_upside_down(down)


def test_sauvola_keeps_text_readable_under_uneven_light():
    page = _uneven(_page(blur=0.6))
    gray = np.asarray(page)
    binary = binarize_sauvola(gray, window=51, k=0.2, scale=2)
    out = Image.fromarray(np.where(binary, 0, 255).astype(np.uint8))
    global_thr = Image.fromarray(np.where(gray < 128, 0, 255).astype(np.uint8))
    assert _cer(_ocr(out)) < 0.05
    assert _cer(_ocr(out)) < _cer(_ocr(global_thr))


def test_sauvola_full_and_reduced_agree(clean_page):
    gray = np.asarray(clean_page)
    full = binarize_sauvola(gray, window=41, k=0.2)
    fast = binarize_sauvola(gray, window=41, k=0.2, scale=2)
    assert (full != fast).mean() < 0.01
    assert 0.01 < full.mean() < 0.3  # some ink, mostly paper


def test_flatten_background_evens_the_paper():
    page = _uneven(Image.new("L", (800, 1100), 235))
    flat = flatten_background(np.asarray(page), dpi=200)
    assert np.asarray(page).std() > 30
    assert flat.std() < 6 and flat.mean() > 240


def test_speckle_removal_removes_dots_keeps_letters(clean_page):
    gray = np.asarray(clean_page).copy()
    rng = np.random.default_rng(1)
    letters = gray < 128
    # 300 dots of 2-5 px in empty places
    placed = 0
    free = ~np.pad(letters, 25, constant_values=False)
    dots = np.zeros_like(letters)
    while placed < 300:
        y, x = rng.integers(10, gray.shape[0] - 10), rng.integers(10, gray.shape[1] - 10)
        r = int(rng.integers(2, 6))
        if free[y + 25 - 20:y + 25 + 20, x + 25 - 20:x + 25 + 20].all():
            dots[y:y + r, x:x + r] = True
            placed += 1
    noisy = np.where(dots, 20, gray).astype(np.uint8)
    clean = denoise_speckle(noisy, dpi=200)
    assert (clean[dots] > 200).mean() > 0.98  # dots gone
    kept = (clean < 128) & letters
    # letters, i-dots and accents stay (a semicolon's dot far from its comma may go)
    assert kept.sum() / letters.sum() > 0.99
    assert np.array_equal(denoise_speckle(clean, dpi=200), clean)  # idempotent


def test_speck_mask_spares_dashes_and_dots_next_to_letters():
    img = np.zeros((60, 200), bool)
    img[20:40, 20:30] = True  # a letter stem
    img[14:17, 24:27] = True  # its dot (i)
    img[29:32, 80:92] = True  # a dash between words
    img[30:34, 150:154] = True  # a lone speck
    mask = speck_mask(img, dpi=200)
    assert mask[30:34, 150:154].all()
    assert not mask[:, :140].any()


def test_remove_borders_whitens_dark_bands_keeps_text(clean_page):
    gray = np.asarray(clean_page).copy()
    text = gray < 128
    gray[:, :60] = 15
    gray[:30, :] = 15
    out = remove_borders(gray)
    assert out[:, :60].min() > 200 and out[:30, :].min() > 200
    assert ((out < 128) & text).sum() / text[:, 70:].sum() > 0.99


def test_separate_ink_drops_grey_marks_keeps_dark_text(clean_page):
    gray = np.asarray(clean_page).copy()
    text = gray < 100
    stamp = np.zeros_like(text)
    stamp[200:400, 100:500] = True
    marked = np.where(stamp & ~text, 150, gray).astype(np.uint8)  # a grey stamp over the text
    out = separate_ink(marked)
    assert (out[stamp & ~text] == 255).all()
    assert (out[text] == 0).mean() > 0.99


def test_bilevel_pages_are_recognised_even_rendered_to_grey(clean_page):
    bilevel = clean_page.convert("1")
    assert is_bilevel(np.asarray(bilevel.convert("L")))
    # a 1-bit page resampled by a PDF renderer: anti-aliased edges, still bilevel
    resampled = bilevel.convert("L").resize((clean_page.width + 1, clean_page.height),
                                            Image.Resampling.BILINEAR)
    assert is_bilevel(np.asarray(resampled))
    assert not is_bilevel(np.asarray(clean_page))


def _stats(**kw) -> PageStats:
    base = dict(paper=235.0, lighting=0.02, ink=0.05, midtone=0.15, detached=0.0, specks=0.01,
                border=0.0, binary=False, lines="horizontal", ascent=0.7, skew=0.0,
                ink_fraction=0.1)
    base.update(kw)
    return PageStats(**base)


@pytest.mark.parametrize("kw, expected", [
    ({}, ()),
    ({"skew": 0.2}, ()),
    ({"skew": -1.4}, ("deskew",)),
    ({"lines": "vertical"}, ("orient",)),
    ({"ascent": 0.3}, ()),  # turned by the reader once a strip confirms it (is_upside_down)
    ({"ascent": 0.5}, ()),  # read as it lies; the reader judges by its first reading
    ({"border": 0.9}, ("borders",)),
    ({"lighting": 0.4}, ("flatten",)),
    ({"lighting": 0.25}, ()),  # moderately uneven light: Tesseract's own threshold copes
    ({"lighting": 0.4, "border": 0.9}, ("flatten",)),
    ({"detached": 0.5}, ("flatten", "separate")),
    ({"detached": 0.5, "ink": 0.4}, ()),  # blurred text: its grey edges are not a stamp
    ({"ink": 0.8}, ("flatten", "binarize")),
    ({"specks": 0.4}, ("despeckle",)),
    ({"specks": 0.4, "binary": True}, ("smooth",)),  # a 1-bit scan is smoothed, never despeckled
    ({"binary": True, "skew": 1.2}, ("deskew", "smooth")),
    ({"ink_fraction": 0.0005, "skew": 3.0}, ()),  # blank page
    ({"ink_fraction": 0.9, "lighting": 0.5}, ()),  # black page or photo
])
def test_choose_steps(kw, expected):
    steps = choose_steps(_stats(**kw))
    assert steps == expected
    assert list(steps) == [s for s in STEP_ORDER if s in steps]


def test_punctuation_of_a_typewritten_line_survives_despeckling_dust_does_not():
    # Monospaced cells of 17 px; letters 20 px tall standing on the baseline at row 40.
    img = np.zeros((80, 260), bool)
    for x in (10, 27, 44):
        img[20:40, x:x + 11] = True  # three letters
    img[35:40, 65:69] = True  # a full stop in the next cell, 10 px after the last letter
    for x in (100, 117):
        img[20:40, x:x + 11] = True
    img[36:44, 138:142] = True  # a comma hanging below the baseline
    for x in (170, 187):
        img[20:40, x:x + 11] = True
    img[35:40, 208:212] = True  # a colon: its lower dot ...
    img[25:30, 208:212] = True  # ... and its upper dot
    img[60:64, 30:34] = True  # dust between the lines
    img[22:26, 150:154] = True  # dust at the top of a word gap
    img[35:39, 90:94] = True  # dust before a letter, far from the one before it
    mask = speck_mask(img, dpi=200)
    for rows, cols in ((slice(35, 40), slice(65, 69)), (slice(36, 44), slice(138, 142)),
                       (slice(35, 40), slice(208, 212)), (slice(25, 30), slice(208, 212))):
        assert not mask[rows, cols].any()
    for rows, cols in ((slice(60, 64), slice(30, 34)), (slice(22, 26), slice(150, 154)),
                       (slice(35, 39), slice(90, 94))):
        assert mask[rows, cols].all()


def test_a_clean_typewritten_page_loses_no_punctuation(clean_page):
    gray = np.asarray(clean_page)
    assert not speck_mask(gray < 0.6 * 255, dpi=200).any()


def test_a_bilevel_page_is_smoothed_to_grey_edges_and_keeps_its_strokes():
    from pipeline.imageprep import smooth_bilevel

    page = np.full((60, 60), 255, np.uint8)
    page[20:40, 28:34] = 0  # a stroke six pixels wide
    out = smooth_bilevel(page, dpi=240)
    assert out.dtype == np.uint8 and out.shape == page.shape
    assert out[30, 31] < 40 and out[30, 10] == 255  # the stroke stays ink, the paper stays paper
    edge = out[30, 26:36]
    assert ((edge > 0) & (edge < 255)).sum() >= 2  # grey at the stroke's edges: no longer 1-bit
    assert smooth_bilevel(page, dpi=480)[30, 27] < smooth_bilevel(page, dpi=240)[30, 27]  # wider at more dpi


def test_a_sideways_page_is_turned_even_when_osd_is_unsure(clean_page):
    # vertical lines say the page lies on its side: OSD only picks 90 or 270, at any confidence
    turned = clean_page.transpose(Image.Transpose.ROTATE_90)
    turned.info["dpi"] = (200, 200)
    assert detect_orientation(turned, sideways=True) == 90
    assert detect_orientation(clean_page.transpose(Image.Transpose.ROTATE_270), sideways=True) == 270
    # no answer at all (too little text): 90, which the reader's confidence check turns if wrong
    assert detect_orientation(Image.new("L", (800, 1100), 250), sideways=True) == 90
    assert detect_orientation(Image.new("L", (800, 1100), 250)) == 0


def test_a_low_resolution_bilevel_page_is_read_at_300_dpi(clean_page):
    bilevel = clean_page.convert("1")
    bilevel.info["dpi"] = (200, 200)
    out, info = prepare_page(bilevel, config=CONFIG)
    assert info.steps[-2:] == ("smooth", "upscale") and info.scale == 1.5
    assert out.size == (round(bilevel.width * 1.5), round(bilevel.height * 1.5))
    assert out.info["dpi"] == (300.0, 300.0)
    grey = clean_page.copy()
    grey.info["dpi"] = (200, 200)
    assert prepare_page(grey, config=CONFIG)[1].scale == 1.0  # grey pages keep their pixels
    hi = _page(noise=0.0, blur=0.6).resize((clean_page.width * 3 // 2, clean_page.height * 3 // 2)).convert("1")
    hi.info["dpi"] = (300, 300)
    assert "upscale" not in prepare_page(hi, config=CONFIG)[1].steps


def test_blob_sizes_count_each_blobs_pixels():
    rng = np.random.default_rng(3)
    binary = rng.random((300, 400)) < 0.2
    labels, n = ndimage.label(binary, structure=np.ones((3, 3), bool))
    sizes = blob_sizes(labels, binary, n)
    assert sizes.shape == (n + 1,) and sizes[0] == 0
    assert (sizes[1:] == np.bincount(labels.ravel(), minlength=n + 1)[1:]).all()
    assert sizes.sum() == binary.sum()


def test_a_bilevel_page_with_thick_strokes_keeps_its_resolution(clean_page):
    """Only thin strokes (under 1.9 px) gain from reading at 300 dpi; a bold face at 200 dpi is
    smoothed but read at its own resolution (enlarging costs Tesseract ~1.5x its time)."""
    from PIL import ImageFilter

    thin = clean_page.convert("1").convert("L")
    bold = thin.filter(ImageFilter.MinFilter(3))
    assert stroke_width(np.asarray(thin)) < UPSCALE_THINNER_THAN < stroke_width(np.asarray(bold))
    bold.info["dpi"] = (200, 200)
    out, info = prepare_page(bold, config=CONFIG)
    assert "smooth" in info.steps and "upscale" not in info.steps
    assert info.scale == 1.0 and out.size == bold.size


def test_an_enlarged_page_is_recorded_in_its_own_pixels(clean_page):
    from pipeline.ocr import ocr_image

    bilevel = clean_page.convert("1")
    page = ocr_image(bilevel, page_index=0, dpi=200, config=CONFIG)
    assert (page.width, page.height) == (bilevel.width, bilevel.height) and page.dpi == 200
    boxes = [w.bbox for ln in page.lines for w in ln.words if w.bbox is not None]
    assert boxes and max(b[2] for b in boxes) <= bilevel.width and max(b[3] for b in boxes) <= bilevel.height
    assert _cer(page.text) < 0.05


def test_a_300_dpi_page_prepared_anyway_is_read_reduced_and_recorded_in_its_own_pixels():
    from pipeline.ocr import ocr_image

    skewed = render_page(TEXT, dpi=300, skew=1.5, blur=0.8)
    skewed.info["dpi"] = (300, 300)
    out, info = prepare_page(skewed, config=CONFIG)
    assert info.steps[:2] == ("reduce", "deskew") and info.scale == pytest.approx(READ_DPI_MAX / 300)
    assert out.size == (round(skewed.width * info.scale), round(skewed.height * info.scale))
    assert abs(estimate_skew(_binary_of(out))) < 0.3  # straightened
    # reduced with averaging first, then straightened by whole-pixel shifts (not resampled twice)
    skew = measure_page(np.asarray(skewed.convert("L")), dpi=300).skew
    expected = shear_deskew(resize_gray(skewed.convert("L"), info.scale), skew)
    assert np.array_equal(np.asarray(out), np.asarray(expected))
    assert out.info["dpi"] == (READ_DPI_MAX, READ_DPI_MAX)
    page = ocr_image(skewed, page_index=0, dpi=300, config=CONFIG)
    assert (page.width, page.height) == (skewed.width, skewed.height) and page.dpi == 300
    boxes = [w.bbox for ln in page.lines for w in ln.words if w.bbox is not None]
    assert max(b[2] for b in boxes) > 0.8 * skewed.width * info.scale  # mapped back, not left reduced
    assert max(b[2] for b in boxes) <= skewed.width and max(b[3] for b in boxes) <= skewed.height
    assert _cer(page.text) < 0.03
    # a page that needs no preparation keeps its own pixels, whatever its resolution
    straight = render_page(TEXT, dpi=300, blur=0.8)
    straight.info["dpi"] = (300, 300)
    same, info = prepare_page(straight, config=CONFIG)
    assert same is straight and info == PrepInfo()


def _screened(page: Image.Image) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A 1-bit page with a grey emblem printed behind its text as a halftone screen (the 1-bit
    scan of a watermark: scattered dots of one to four pixels, one pixel in five inked): the
    page, its letters' pixels and the screen's pixels."""
    gray = np.where(np.asarray(page.convert("L")) < 128, 0, 255).astype(np.uint8)
    letters = gray == 0
    rng = np.random.default_rng(7)
    h, w = gray.shape
    emblem = np.zeros_like(letters)
    emblem[h // 8:h * 7 // 8, w // 8:w * 7 // 8] = True
    seeds = (rng.random((h, w)) < 0.07) & emblem
    screen = seeds | (np.roll(seeds, 1, axis=1) & (rng.random((h, w)) < 0.5))  # dots of 1-2 px, more where they touch
    screen &= ~ndimage.binary_dilation(letters, iterations=2)  # the screen is printed under the text
    assert screen[emblem].mean() > 0.05
    return np.where(screen, 0, gray).astype(np.uint8), letters, screen


def test_a_halftone_screen_behind_a_bilevel_page_is_removed_and_its_letters_kept(clean_page):
    page, letters, screen = _screened(clean_page)
    clean = np.where(np.asarray(clean_page.convert("L")) < 128, 0, 255).astype(np.uint8)
    assert halftone_fraction(page < 128, dpi=200) > 0.5
    assert halftone_fraction(clean < 128, dpi=200) < 0.05  # letters, full stops, accents: no screen
    mask = halftone_mask(page < 128, dpi=200)
    assert mask[screen].mean() > 0.85  # (dots that touch make a blob too big to tell from a mark)
    assert (mask & letters).sum() / letters.sum() < 0.005
    stats = measure_page(page, dpi=200)
    assert stats.binary and "dehalftone" in choose_steps(stats)
    assert "dehalftone" not in choose_steps(measure_page(clean, dpi=200))
    img = Image.fromarray(page)
    img.info["dpi"] = (200, 200)
    prepared, info = prepare_page(img, config=CONFIG)
    assert "dehalftone" in info.steps
    # Tesseract reads through the screen only once it is gone (dots that touch, left over, cost
    # some letters; over the screen Tesseract finds no text at all)
    assert _cer(_ocr(prepared)) < 0.25 and _cer(_ocr(img)) > 0.6


def test_a_marker_highlight_reads_as_paper_and_its_letters_stay_black() -> None:
    # the Ponta Porã gazettes: headings highlighted by hand in pink, yellow or green; in luminance
    # the marker is mid-grey (pink 246,154,211 -> 188) and Tesseract read nothing of the heading
    grey = np.full((60, 200), 250, np.uint8)
    grey[20:40, 30:170] = 20  # a bar of 'letters'
    rgb = np.stack([grey] * 3, axis=2).astype(np.float32)
    marked = rgb.copy()
    for (y0, y1), colour in zip([(0, 20), (40, 60)], [(246, 154, 211), (240, 230, 60)], strict=True):
        marked[y0:y1] *= np.array(colour, np.float32) / 255
    marked[25:35, 0:20] = (30, 40, 150)  # blue ink, darker than any marker: not paper either
    img = Image.fromarray(marked.astype(np.uint8), "RGB")
    out = np.asarray(grey_without_highlights(img))
    plain = np.asarray(img.convert("L"))
    assert plain[5, 100] < 200 and out[5, 100] >= 240 and out[50, 100] >= 235  # marker -> paper
    assert out[30, 100] == plain[30, 100] < 40  # the letters as they were
    assert out[30, 10] == plain[30, 10]  # dark coloured ink keeps its luminance
    grey_img = Image.fromarray(np.stack([grey] * 3, axis=2), "RGB")
    assert np.array_equal(np.asarray(grey_without_highlights(grey_img)), np.asarray(grey_img.convert("L")))


def test_a_colour_page_with_a_highlighted_heading_is_read_whole(tmp_path) -> None:
    from pipeline.ocr import ocr_document

    page = np.asarray(_page(noise=0.0, blur=0.6).convert("L")).astype(np.float32)
    rows = np.flatnonzero((page < 128).sum(axis=1))
    first = rows[: np.flatnonzero(np.diff(rows) > 1)[0] + 1]  # the epígrafe's line
    rgb = np.stack([page] * 3, axis=2)
    rgb[first[0] - 8:first[-1] + 8] *= np.array((246, 154, 211), np.float32) / 255
    path = tmp_path / "page.png"
    Image.fromarray(rgb.astype(np.uint8), "RGB").save(path, dpi=(200, 200))
    doc = ocr_document(path, config=CONFIG)
    assert doc.pages[0].lines[0].text == TEXT[0]


def test_an_upside_down_page_is_flagged_by_its_ink_without_osd(clean_page, monkeypatch):
    """The ascender share tells a page upside down from the ink alone: PrepInfo.upside_down (the
    reader confirms it on a strip read both ways, then turns it); no OSD asked, pixels kept."""
    import pipeline.imageprep as imageprep

    def no_osd(*args, **kwargs):
        raise AssertionError("OSD asked")

    monkeypatch.setattr(imageprep, "detect_orientation", no_osd)
    turned = clean_page.transpose(Image.Transpose.ROTATE_180)
    turned.info["dpi"] = (200, 200)
    out, info = prepare_page(turned, config=CONFIG)
    assert info.upside_down and not info.doubtful and info.rotation == 0 and info.steps == () and out is turned
    same, upright = prepare_page(clean_page, config=CONFIG)
    assert not upright.upside_down and not upright.doubtful and same is clean_page


def test_a_page_whose_ink_cannot_tell_up_from_down_is_flagged_doubtful(clean_page, monkeypatch):
    """Between the two thresholds the page keeps its pixels and PrepInfo.doubtful tells the
    reader (pipeline.ocr.ocr_image) to judge it by its first reading."""
    import pipeline.imageprep as imageprep

    monkeypatch.setattr(imageprep, "ascender_share", lambda area: 0.5)
    turned = clean_page.transpose(Image.Transpose.ROTATE_180)
    turned.info["dpi"] = (200, 200)
    out, info = prepare_page(turned, config=CONFIG)
    assert info.doubtful and not info.upside_down and info.rotation == 0 and out is turned


@pytest.mark.parametrize("area, expected", [
    # three lines of x-height ink (rows 2-4) with ascenders (rows 0-1) and a descender (row 5)
    (["X....X", "X.....", "XXXXXX", "XXXXXX", "XXXXXX", ".X....", "......"] * 3, 0.75),
    (["......", "....X.", "XXXXXX", "XXXXXX", "XXXXXX", ".....X", "X....X"] * 3, 0.25),  # upside down
    (["XXXXXX", "XXXXXX", "XXXXXX", "......"] * 3, 0.5),  # capitals only: nothing outside the band
    (["X....X", "X.....", "XXXXXX", "XXXXXX", "......"] * 2, 0.5),  # two lines: too few to tell
])
def test_ascender_share_of_drawn_lines(area, expected):
    binary = np.array([[ch == "X" for ch in row] for row in area])
    assert ascender_share(binary) == pytest.approx(expected)
