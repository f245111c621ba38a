"""Issue 6, inputs: every broken or odd file gets a clear answer (a reason code or a good read)."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image
from scans import (
    law_pages,
    make_blank_pdf,
    make_empty_file,
    make_encrypted_pdf,
    make_html_as_pdf,
    make_jpeg,
    make_pdf,
    make_pdf_image_bomb,
    make_random_bytes,
    make_scanned_pdf,
    make_tiff,
    make_truncated_pdf,
    make_zero_page_pdf,
    render_page,
)

from pipeline.config import OcrConfig
from pipeline.errors import FetchError, InputError
from pipeline.ingest import read_file
from pipeline.ocr import MAX_OCR_PIXELS, load_image_page, ocr_document, plan_pages

ROOT = Path(__file__).resolve().parents[1]
CONFIG = OcrConfig(prepare=False)


def _png_claiming(path: Path, width: int, height: int) -> Path:
    """A real 1x1 PNG whose header claims ``width`` x ``height`` (a decompression bomb's shape)."""
    buf = io.BytesIO()
    Image.new("L", (1, 1), 255).save(buf, format="PNG")
    raw = buf.getvalue()
    ihdr = b"IHDR" + struct.pack(">II", width, height) + raw[24:29]
    path.write_bytes(raw[:8] + struct.pack(">I", 13) + ihdr + struct.pack(">I", zlib.crc32(ihdr)) + raw[33:])
    return path


BROKEN = [
    ("html.pdf", make_html_as_pdf, "not_pdf"),
    ("empty.pdf", make_empty_file, "empty_file"),
    ("truncated.pdf", make_truncated_pdf, "truncated"),
    ("random.pdf", make_random_bytes, "not_pdf"),
    ("random.bin", make_random_bytes, "unsupported_format"),
    ("html.png", make_html_as_pdf, "unsupported_format"),
    ("locked.pdf", lambda p: make_encrypted_pdf(p, user_password="segredo"), "encrypted"),
    ("zero-pages.pdf", make_zero_page_pdf, "no_pages"),
    ("bomb.png", lambda p: _png_claiming(p, 200_000, 200_000), "image_too_large"),
    ("bomb.pdf", make_pdf_image_bomb, "image_too_large"),
]


@pytest.mark.parametrize("name, make, reason", BROKEN, ids=[b[0] for b in BROKEN])
def test_unreadable_file_raises_input_error_with_reason(tmp_path, name, make, reason):
    path = make(tmp_path / name)
    with pytest.raises(InputError) as info:
        plan_pages(path, config=CONFIG)
    assert info.value.reason == reason
    assert info.value.exit_code == 65
    with pytest.raises(InputError) as info:
        read_file(path, config=CONFIG)
    assert info.value.reason == reason


def test_missing_file_is_a_fetch_error(tmp_path):
    with pytest.raises(FetchError) as info:
        read_file(tmp_path / "nowhere.pdf", config=CONFIG)
    assert info.value.reason == "missing_file"


def test_truncated_image_file(tmp_path):
    path = make_jpeg(tmp_path / "page.jpg", render_page(["Art. 1º Texto."], dpi=100), mode="L")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError) as info:
        read_file(path, config=CONFIG)
    assert info.value.reason == "truncated"


def test_encrypted_pdf_with_empty_user_password_is_read(tmp_path):
    path = make_encrypted_pdf(tmp_path / "restricted.pdf", user_password="")
    doc = read_file(path, config=CONFIG)
    assert doc.method == "text"
    assert "Revogam-se as disposições em contrário." in doc.plain_text()


def test_blank_scanned_pages_give_pages_without_lines(tmp_path):
    path = make_blank_pdf(tmp_path / "blank.pdf", n_pages=2, noise=0.0003)
    doc = ocr_document(path, config=CONFIG, workers=1)
    assert [p.method for p in doc.pages] == ["ocr", "ocr"]
    assert all(not p.lines for p in doc.pages)
    assert doc.confidence is None


def test_blank_page_among_text_pages(tmp_path):
    first, second = law_pages(2)
    path = make_scanned_pdf(tmp_path / "law.pdf", [first, [], second], dpi=150)
    doc = ocr_document(path, config=CONFIG)
    assert [bool(p.lines) for p in doc.pages] == [True, False, True]


@pytest.mark.parametrize("angle", [90, 180])
def test_rotated_page_is_read_without_crashing(tmp_path, angle):
    image = render_page(law_pages(2)[0], dpi=150).rotate(angle, expand=True)
    path = make_pdf(tmp_path / f"rot{angle}.pdf", [image], dpi=150)
    doc = ocr_document(path, config=OcrConfig())  # with page preparation when it is available
    [page] = doc.pages
    assert page.method == "ocr"
    try:
        import pipeline.imageprep  # noqa: F401
    except ModuleNotFoundError:
        pytest.skip("pipeline.imageprep not present: orientation is not fixed yet (read without crash)")
    assert page.rotation % 360 in {angle, 360 - angle}
    assert "proprietários" in page.text


def test_very_large_bilevel_scan_is_downscaled_and_read(tmp_path):
    # 12000 x 9000 (108 M px, an A0-like map at 300 dpi), above Pillow's bomb warning threshold
    from PIL import ImageDraw, ImageFont
    from scans import font_path

    big = Image.new("1", (12000, 9000), 1)
    ImageDraw.Draw(big).text((500, 500), "Mapa do Município", font=ImageFont.truetype(font_path(), 140), fill=0)
    path = tmp_path / "map.tiff"
    big.save(path, compression="group4", dpi=(300, 300))
    [plan] = plan_pages(path, config=CONFIG)
    image, dpi = load_image_page(path, plan, config=CONFIG)
    assert image.width * image.height <= MAX_OCR_PIXELS
    assert dpi == pytest.approx(300 * image.width / 12000, rel=0.01)
    doc = ocr_document(path, config=CONFIG)
    assert "Município" in doc.plain_text()


def test_very_small_pages(tmp_path):
    tiny = tmp_path / "tiny.png"
    Image.new("L", (40, 20), 255).save(tiny)
    assert ocr_document(tiny, config=CONFIG).pages[0].lines == ()
    small = tmp_path / "small.png"
    render_page(["Art. 1º Texto."], dpi=120, size_mm=(60, 20), margin_mm=3).save(small)
    assert "Texto" in ocr_document(small, config=CONFIG).plain_text()


def test_bilevel_tiff_and_cmyk_jpeg_are_read(tmp_path):
    image = render_page(law_pages(2)[1], dpi=150)
    tiff = make_tiff(tmp_path / "fax.tif", [image], mode="1", dpi=150)
    jpeg = make_jpeg(tmp_path / "cmyk.jpg", image, mode="CMYK", dpi=150)
    assert Image.open(jpeg).mode == "CMYK"
    for path in (tiff, jpeg):
        text = read_file(path, config=CONFIG).plain_text()
        assert "Constituem infrações" in text, path.name


def _locleg(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "locleg", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)


@pytest.mark.parametrize("command", ["ocr", "ingest"])
def test_cli_on_corrupt_file_exits_65_with_one_line(tmp_path, command):
    path = make_truncated_pdf(tmp_path / "download.pdf")
    proc = _locleg(command, str(path))
    assert proc.returncode == 65, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "(truncated)" in lines[0]
    assert proc.stdout == ""


def test_cli_on_missing_file_exits_66(tmp_path):
    proc = _locleg("ocr", str(tmp_path / "nowhere.pdf"))
    assert proc.returncode == 66
    assert "Traceback" not in proc.stderr and "missing_file" in proc.stderr
