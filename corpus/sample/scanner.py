"""Scan-like pages rendered from text: the sample corpus and the test fixtures are made with these.

A page is typewriter-like text (DejaVu Sans Mono) on white, optionally under a letterhead, turned
by a small skew, sprinkled with speckles and slightly blurred, deterministic for a given ``seed``.
``make_scanned_pdf`` wraps such pages into an image-only PDF (one JPEG per page, the page size
set so that the image's native resolution is ``dpi``); ``make_text_pdf`` writes a born-digital
PDF with a real text layer (reportlab, a dev dependency); ``make_pdf`` mixes both kinds.
"""

from __future__ import annotations

import io
import random
import subprocess
import textwrap
import time
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

A5_MM = (148.0, 210.0)
_EPOCH = time.gmtime(0)
MM_PER_INCH = 25.4
_FALLBACK_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
)


@lru_cache(maxsize=1)
def font_path() -> str:
    """Path of a monospace TTF with Portuguese glyphs (º, §, ç, ã)."""
    for candidate in _FALLBACK_FONTS:
        if Path(candidate).exists():
            return candidate
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{file}", "DejaVu Sans Mono"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        out = ""
    if out and Path(out).exists():
        return out
    raise RuntimeError("no monospace TrueType font found (install fonts-dejavu-core)")


@lru_cache(maxsize=16)
def _font(size_px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(), size_px)


def page_pixels(dpi: int, size_mm: tuple[float, float] = A5_MM) -> tuple[int, int]:
    return (round(size_mm[0] / MM_PER_INCH * dpi), round(size_mm[1] / MM_PER_INCH * dpi))


def chars_per_line(*, dpi: int = 200, size_mm: tuple[float, float] = A5_MM, font_pt: float = 10.0,
                   margin_mm: float = 14.0) -> int:
    """How many monospace characters fit between the margins."""
    font = _font(max(6, round(font_pt * dpi / 72)))
    char_w = font.getlength("M")
    usable = (size_mm[0] - 2 * margin_mm) / MM_PER_INCH * dpi
    return max(10, int(usable // char_w))


def wrap_text(text: str, width: int) -> list[str]:
    """Wrap each paragraph (one text line) to ``width`` characters; blank lines are kept."""
    out: list[str] = []
    for para in text.splitlines():
        if not para.strip():
            out.append("")
            continue
        out.extend(textwrap.wrap(para, width=width, break_long_words=True, break_on_hyphens=False))
    return out


def paginate(lines: Sequence[str], lines_per_page: int) -> list[list[str]]:
    """Cut lines into pages; a form feed in a line forces a page break."""
    pages: list[list[str]] = [[]]
    for line in lines:
        if "\f" in line:
            pages.append([])
            line = line.replace("\f", "")
            if not line:
                continue
        if len(pages[-1]) >= lines_per_page:
            pages.append([])
        pages[-1].append(line)
    return [p for p in pages if any(s.strip() for s in p)] or [[]]


def lines_per_page(*, dpi: int = 200, size_mm: tuple[float, float] = A5_MM, font_pt: float = 10.0,
                   margin_mm: float = 14.0, letterhead: bool = True, line_spacing: float = 1.45) -> int:
    line_h = round(font_pt * dpi / 72) * line_spacing
    usable = (size_mm[1] - 2 * margin_mm) / MM_PER_INCH * dpi
    if letterhead:
        usable -= 3.2 * line_h
    return max(1, int(usable // line_h))


def render_page(
    lines: Sequence[str],
    *,
    dpi: int = 200,
    size_mm: tuple[float, float] = A5_MM,
    font_pt: float = 10.0,
    margin_mm: float = 14.0,
    line_spacing: float = 1.45,
    letterhead: str | None = None,
    skew: float = 0.0,
    noise: float = 0.0,
    blur: float = 0.0,
    seed: int = 0,
    mode: str = "L",
) -> Image.Image:
    """Render ``lines`` (already wrapped) onto a white page image, scan-like.

    letterhead: a title centred at the top, underlined (the repeated page furniture of real scans).
    skew: degrees the printed text is turned (counter-clockwise positive), as a crooked scan.
    noise: fraction of pixels turned into dark speckles (0.002 is a dusty scan).
    blur: Gaussian radius in pixels, softens the glyph edges like a scanner does.
    mode: "L" (grey), "1" (bilevel), "RGB" or "CMYK".
    """
    width, height = page_pixels(dpi, size_mm)
    img = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(img)
    font_px = max(6, round(font_pt * dpi / 72))
    font = _font(font_px)
    line_h = round(font_px * line_spacing)
    x0 = round(margin_mm / MM_PER_INCH * dpi)
    y = x0
    if letterhead:
        head = _font(round(font_px * 1.15))
        text_w = head.getlength(letterhead)
        draw.text(((width - text_w) / 2, y), letterhead, font=head, fill=0)
        y += round(line_h * 1.5)
        draw.line((x0, y, width - x0, y), fill=0, width=max(1, dpi // 100))
        y += round(line_h * 1.7)
    for line in lines:
        if y + line_h > height - x0 / 2:
            break
        if line:
            draw.text((x0, y), line, font=font, fill=0)
        y += line_h
    rng = random.Random(seed)
    if skew:
        img = img.rotate(skew, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=255)
    if blur:
        img = img.filter(ImageFilter.GaussianBlur(blur))
    if noise > 0:
        img = _speckle(img, noise, rng)
    if mode != "L":
        img = img.convert(mode)
    img.info["dpi"] = (dpi, dpi)
    return img


def _speckle(img: Image.Image, amount: float, rng: random.Random) -> Image.Image:
    """Dark dots of 1-3 px at random places (dust, toner), reproducible by the seed."""
    draw = ImageDraw.Draw(img)
    width, height = img.size
    # amount is the covered fraction; a dot covers ~4 px on average
    count = int(width * height * amount / 4)
    for _ in range(count):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.choice((0, 1, 1, 2))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=rng.randrange(0, 90))
    return img


def image_pdf_bytes(images: Sequence[Image.Image], *, dpi: int = 200, quality: int = 80) -> bytes:
    """An image-only PDF, one image per page, each page sized so the image is at ``dpi``."""
    if not images:
        raise ValueError("no page images")
    prepared = [im if im.mode in ("L", "RGB", "1", "CMYK") else im.convert("RGB") for im in images]
    buf = io.BytesIO()
    prepared[0].save(buf, format="PDF", save_all=True, append_images=list(prepared[1:]),
                     resolution=float(dpi), quality=quality,
                     # fixed dates: the same pages give the same bytes (reproducible corpus)
                     creationDate=_EPOCH, modDate=_EPOCH)
    return buf.getvalue()


def make_scanned_pdf(path: Path, pages: Sequence[Sequence[str]], *, dpi: int = 200, seed: int = 0,
                     **render_kw: object) -> Path:
    """Render each page's lines with :func:`render_page` and save them as an image-only PDF.

    The page seed is ``seed + page_index`` so that pages differ but the file is reproducible.
    """
    images = [render_page(lines, dpi=dpi, seed=seed + i, **render_kw)  # type: ignore[arg-type]
              for i, lines in enumerate(pages)]
    path = Path(path)
    path.write_bytes(image_pdf_bytes(images, dpi=dpi))
    return path


def make_text_pdf(path: Path, pages: Sequence[Sequence[str]], *, size_mm: tuple[float, float] = A5_MM,
                  font_pt: float = 10.0, margin_mm: float = 14.0) -> Path:
    """A born-digital PDF: each page's lines drawn as real text (a text layer pdfplumber reads)."""
    return make_pdf(path, list(pages), size_mm=size_mm, font_pt=font_pt, margin_mm=margin_mm)


def make_pdf(path: Path, pages: Sequence[Sequence[str] | Image.Image], *, dpi: int = 200,
             size_mm: tuple[float, float] = A5_MM, font_pt: float = 10.0, margin_mm: float = 14.0) -> Path:
    """A PDF whose pages are text (a list of lines) or one full-page scan (a PIL image at ``dpi``).

    Mixing both kinds gives the "mixed" documents of real portals (a typed cover, scanned body).
    """
    from reportlab.lib.units import mm
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    if "DejaVuSansMono" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVuSansMono", font_path()))
    path = Path(path)
    page_w, page_h = size_mm[0] * mm, size_mm[1] * mm
    c = canvas.Canvas(str(path), pagesize=(page_w, page_h), invariant=1)
    for page in pages:
        if isinstance(page, Image.Image):
            w_pt = page.width / dpi * 72
            h_pt = page.height / dpi * 72
            c.setPageSize((w_pt, h_pt))
            img = page if page.mode in ("L", "RGB") else page.convert("L")
            c.drawImage(ImageReader(img), 0, 0, width=w_pt, height=h_pt)
        else:
            c.setPageSize((page_w, page_h))
            c.setFont("DejaVuSansMono", font_pt)
            y = page_h - margin_mm * mm - font_pt
            for line in page:
                c.drawString(margin_mm * mm, y, line)
                y -= font_pt * 1.45
        c.showPage()
    c.save()
    return path
