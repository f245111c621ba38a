"""bench.scanlab: the independent scanned-page generator (determinism, PDF, truth, coverage)."""

from __future__ import annotations

import io
import json
import re
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from bench.scanlab.__main__ import build
from bench.scanlab.generate import PROFILES, make_page, page_draws
from bench.scanlab.text import cf88_lines, hyphen_points, wrap

pdfium = pytest.importorskip("pypdfium2")

QUIET = {"stamp": False, "margin_note": False, "signature": False, "rotation": 0, "jpeg_quality": 0}


def _png(im, dpi) -> bytes:
    buf = io.BytesIO()
    im.save(buf, "PNG", dpi=dpi, compress_level=2)
    return buf.getvalue()


@pytest.fixture(scope="module")
def small_set(tmp_path_factory):
    out = tmp_path_factory.mktemp("scanlab")
    build(11, 4, out, quiet=True, overrides={"dpi": 150})
    return out


def test_same_seed_same_bytes(tmp_path):
    a = build(3, 2, tmp_path / "a", quiet=True, overrides={"dpi": 150})
    build(3, 2, tmp_path / "b", quiet=True, overrides={"dpi": 150})
    for m in a:
        assert (tmp_path / "a" / m["image"]).read_bytes() == (tmp_path / "b" / m["image"]).read_bytes()
        assert (tmp_path / "a" / m["truth"]).read_bytes() == (tmp_path / "b" / m["truth"]).read_bytes()
    # and a different seed gives a different page
    im, dpi, _, _ = make_page(4, 0, overrides={"dpi": 150})
    assert _png(im, dpi) != (tmp_path / "a" / a[0]["image"]).read_bytes()


def test_files_and_manifest(small_set):
    man = json.loads((small_set / "manifest.json").read_text(encoding="utf-8"))
    assert man["generator"] == "bench.scanlab" and len(man["pages"]) == 4
    for m in man["pages"]:
        im = Image.open(small_set / m["image"])
        p = json.loads((small_set / "pages" / f"{m['page']}.json").read_text(encoding="utf-8"))
        assert p == m["params"] and p["profile"] in PROFILES
        assert im.mode == p["mode"] in ("L", "1")
        assert [round(v) for v in im.info["dpi"]] == p["dpi"]
        assert list(im.size) == p["size_px"]
        truth = (small_set / m["truth"]).read_text(encoding="utf-8").splitlines()
        assert truth and all(t.strip() == t and t for t in truth)
        assert len(truth) == p["truth_lines"]


def test_pdf_pages_sizes_and_dpi(small_set):
    man = json.loads((small_set / "manifest.json").read_text(encoding="utf-8"))["pages"]
    pdf = pdfium.PdfDocument(str(small_set / "set.pdf"))
    assert len(pdf) == len(man)
    for page, m in zip(pdf, man, strict=True):
        xdpi, ydpi = m["params"]["dpi"]
        w, h = m["params"]["size_px"]
        pw, ph = page.get_size()
        assert pw == pytest.approx(w / xdpi * 72, abs=0.05) and ph == pytest.approx(h / ydpi * 72, abs=0.05)
        imgs = [o for o in page.get_objects() if isinstance(o, pdfium.PdfImage)]
        assert len(imgs) == 1
        assert tuple(imgs[0].get_px_size()) == (w, h)
        md = imgs[0].get_metadata()
        assert md.horizontal_dpi == pytest.approx(xdpi, abs=0.5)
        assert md.bits_per_pixel == (1 if m["params"]["mode"] == "1" else 8)
        # lossless: the embedded pixels are the PNG's pixels
        png = Image.open(small_set / m["image"]).convert("L")
        got = imgs[0].get_bitmap().to_pil().convert("L")
        assert np.array_equal(np.asarray(png), np.asarray(got))


def _squash(s: str) -> str:
    return re.sub(r"[\s\-]", "", s)


@pytest.mark.parametrize("profile", ["typewriter", "photocopy", "book"])
def test_truth_is_consecutive_source_text(profile):
    src = _squash("".join(cf88_lines()))
    for i in range(3):
        im, dpi, truth, p = make_page(21, i, [profile], dict(QUIET, dpi=150, municipal=False))
        body = truth
        if p.get("page_number") and profile != "book":
            body = [t for t in truth if not re.fullmatch(r"- \d+ -", t)]
        if profile == "book":
            body = truth[1:] if p["folio"] == "top" else truth[:-1]
        assert _squash("".join(body)) in src, (profile, i)


def test_municipal_page_has_frame():
    for i in range(4):
        _, _, truth, p = make_page(5, i, ["typewriter"], dict(QUIET, dpi=150, municipal=True))
        text = "\n".join(truth)
        assert truth[0].startswith("PREFEITURA MUNICIPAL DE ")
        assert re.search(r"^LEI( COMPLEMENTAR)? Nº [\d.]+, DE \d+º? DE [A-ZÇ]+ DE \d{4}$", text, re.M)
        assert "Gabinete do Prefeito" in text and truth[-1] in ("Prefeito Municipal",
                                                               "Secretário Municipal de Administração")


def _text_rows(im: Image.Image) -> int:
    a = np.asarray(im.convert("L")) < 140
    rows = a.sum(1) >= 2
    runs, n, prev = 0, 0, False
    for r in rows:
        if r and not prev:
            n = 0
        n += r
        if prev and not r and n >= 4:
            runs += 1
        prev = r
    return runs


def test_rendered_line_count_matches_truth():
    """On an unskewed, unstamped typewriter page with 1.5/2 spacing, the printed text rows
    (horizontal projection) are exactly the truth lines."""
    checked = 0
    for i in range(12):
        im, dpi, truth, p = make_page(8, i, ["typewriter"], dict(QUIET, dpi=200, skew_deg=0.0, municipal=False))
        if p["spacing"] < 1.5:
            continue
        assert _text_rows(im) == len(truth), (i, p)
        checked += 1
        if checked == 2:
            break
    assert checked


def test_profile_and_draw_coverage():
    draws = [page_draws(1, i) for i in range(400)]
    c = Counter(d["profile"] for d in draws)
    assert set(c) == set(PROFILES) and min(c.values()) >= 30
    sk = [d["skew_deg"] for d in draws]
    assert max(map(abs, sk)) <= 2.5 and len(set(sk)) > 360
    assert sum(abs(x - round(x)) > 0.05 for x in sk) > 300          # fractional, not rounded
    rot = sum(d["rotation"] != 0 for d in draws)
    assert 5 <= rot <= 40
    jp = [d["jpeg_quality"] for d in draws if d["jpeg_quality"]]
    assert 80 <= len(jp) <= 160 and min(jp) >= 25 and max(jp) <= 75
    assert Counter(d["dpi"] for d in draws).keys() == {150, 200, 300}
    # --profiles restricts the draw
    assert {page_draws(1, i, ["fax", "book"])["profile"] for i in range(50)} == {"fax", "book"}


def test_fax_is_bilevel_at_fax_resolution():
    for i in range(2):
        im, dpi, truth, p = make_page(2, i, ["fax"], {"rotation": 0})
        assert im.mode == "1" and dpi in ((200, 200), (204, 196))


def test_wrap_and_hyphenation():
    assert hyphen_points("constitucional")           # some break exists
    for p in hyphen_points("administração"):
        assert 2 <= p <= len("administração") - 3
    rng = np.random.default_rng(0)
    text = " ".join(cf88_lines()[40:44])
    lines = wrap(text, lambda s: len(s) <= 50, rng=rng, p_hyphen=1.0)
    assert all(len(s) <= 50 for s in lines)
    assert _squash("".join(lines)) == _squash(text)
