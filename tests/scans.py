"""Shared test factories: scan-like pages and PDFs made in code, and the broken files of issue 6.

Import as ``from scans import ...`` (pytest puts ``tests/`` on ``sys.path``). Everything is
deterministic and small (A5 at 200 dpi by default: Tesseract reads a page in well under a second).

Good inputs
    render_page(lines, *, dpi=200, skew=0.0, noise=0.0, blur=0.0, letterhead=None, seed=0, mode="L")
    make_scanned_pdf(path, pages, *, dpi=200, seed=0, **render_kw)   image-only PDF
    make_text_pdf(path, pages)                                      born-digital (text layer)
    make_pdf(path, [lines | PIL.Image, ...], dpi=200)               mixed text/scan pages
    make_tiff(path, images, *, mode="1")                            (multi-page) TIFF
    make_jpeg(path, image, *, mode="CMYK")
    law_pages(n_pages=2)                                            a small law split into pages
Broken inputs
    make_html_as_pdf, make_empty_file, make_truncated_pdf, make_random_bytes,
    make_encrypted_pdf(path, user_password=""), make_zero_page_pdf, make_pdf_image_bomb, make_blank_pdf
"""

from __future__ import annotations

import random
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from corpus.sample.rawpdf import write_pdf  # noqa: E402
from corpus.sample.scanner import (  # noqa: E402
    A5_MM,
    chars_per_line,
    font_path,
    image_pdf_bytes,
    lines_per_page,
    make_pdf,
    make_scanned_pdf,
    make_text_pdf,
    page_pixels,
    paginate,
    render_page,
    wrap_text,
)

__all__ = [
    "A5_MM", "LAW_LINES", "LETTERHEAD", "chars_per_line", "font_path", "image_pdf_bytes",
    "law_pages", "lines_per_page", "make_blank_pdf", "make_empty_file", "make_encrypted_pdf",
    "make_html_as_pdf", "make_jpeg", "make_pdf", "make_pdf_image_bomb", "make_random_bytes", "make_scanned_pdf",
    "make_text_pdf", "make_tiff", "make_truncated_pdf", "make_zero_page_pdf", "page_pixels",
    "paginate", "render_page", "wrap_text",
]

LETTERHEAD = "PREFEITURA MUNICIPAL DE SANTA RITA DO OESTE"

# A small law in the shape the segmenter expects (epígrafe, ementa, artigos, §, incisos, fecho).
LAW_LINES: tuple[str, ...] = (
    "LEI Nº 412, DE 3 DE MARÇO DE 1994",
    "",
    "Dispõe sobre a limpeza de terrenos baldios",
    "e dá outras providências.",
    "",
    "O PREFEITO MUNICIPAL DE SANTA RITA DO OESTE faz saber",
    "que a Câmara Municipal aprovou e ele sanciona a",
    "seguinte Lei:",
    "",
    "Art. 1º Os proprietários de terrenos baldios ficam",
    "obrigados a mantê-los limpos e murados.",
    "",
    "Art. 2º A notificação será feita pelo órgão de",
    "fiscalização, que fixará prazo de trinta dias.",
    "§ 1º O prazo poderá ser prorrogado uma vez.",
    "§ 2º Vencido o prazo, o Município fará a limpeza.",
    "",
    "Art. 3º Constituem infrações:",
    "I - deixar lixo acumulado no terreno;",
    "II - impedir a fiscalização;",
    "III - queimar resíduos a céu aberto.",
    "",
    "Art. 4º A multa será de dez unidades fiscais.",
    "Parágrafo único. Na reincidência a multa dobra.",
    "",
    "Art. 5º Esta Lei entra em vigor na data de sua",
    "publicação.",
    "",
    "Santa Rita do Oeste, 3 de março de 1994.",
    "JOÃO PEREIRA DA SILVA",
    "Prefeito Municipal",
)


def law_pages(n_pages: int = 2) -> list[list[str]]:
    """:data:`LAW_LINES` cut into ``n_pages`` pages at blank lines (page 2 starts at Art. 3º)."""
    if n_pages <= 1:
        return [list(LAW_LINES)]
    lines = list(LAW_LINES)
    breaks = [i for i, s in enumerate(lines) if s.startswith("Art. ")]
    # split points spread over the articles so every page starts with an article
    cut_at = [breaks[round(k * len(breaks) / n_pages)] for k in range(1, n_pages)]
    pages, start = [], 0
    for cut in cut_at:
        pages.append(lines[start:cut])
        start = cut
    pages.append(lines[start:])
    return pages


def make_tiff(path: Path, images: Sequence[Image.Image], *, mode: str = "1", dpi: int = 200) -> Path:
    """A (multi-page) TIFF; mode "1" gives a bilevel CCITT G4 fax-style file."""
    frames = [im.convert(mode) for im in images]
    compression = "group4" if mode == "1" else "tiff_lzw"
    frames[0].save(path, format="TIFF", save_all=True, append_images=frames[1:],
                   compression=compression, dpi=(dpi, dpi))
    return Path(path)


def make_jpeg(path: Path, image: Image.Image, *, mode: str = "CMYK", dpi: int = 200) -> Path:
    image.convert(mode).save(path, format="JPEG", quality=85, dpi=(dpi, dpi))
    return Path(path)


def make_html_as_pdf(path: Path) -> Path:
    """The error page a municipal portal serves instead of the PDF, saved under the PDF's name."""
    Path(path).write_text(
        "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>\n"
        "<body><h1>Arquivo não encontrado</h1></body></html>\n", encoding="utf-8")
    return Path(path)


def make_empty_file(path: Path) -> Path:
    Path(path).write_bytes(b"")
    return Path(path)


def make_truncated_pdf(path: Path, *, keep: float = 0.5) -> Path:
    """A real scanned PDF cut at ``keep`` of its length (an interrupted download)."""
    full = image_pdf_bytes([render_page(["Art. 1º Texto."], dpi=100)], dpi=100)
    Path(path).write_bytes(full[: max(16, int(len(full) * keep))])
    return Path(path)


def make_random_bytes(path: Path, *, size: int = 4096, seed: int = 7) -> Path:
    Path(path).write_bytes(random.Random(seed).randbytes(size))
    return Path(path)


def make_encrypted_pdf(path: Path, *, user_password: str = "", owner_password: str = "dono",
                       lines: Sequence[str] = ("Art. 1º Esta Lei entra em vigor na data de sua publicação.",
                                               "Art. 2º Revogam-se as disposições em contrário.",
                                               "Prefeitura Municipal de Santa Rita do Oeste.")) -> Path:
    """A text PDF encrypted with reportlab (RC4 128). An empty ``user_password`` opens without
    asking (the usual "print/copy restricted" portal PDF); a non-empty one needs the password."""
    from reportlab.lib.pdfencrypt import StandardEncryption
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    enc = StandardEncryption(user_password, owner_password, canPrint=1, canCopy=0, strength=128)
    c = canvas.Canvas(str(path), pagesize=(A5_MM[0] * mm, A5_MM[1] * mm), encrypt=enc, invariant=1)
    c.setFont("Helvetica", 10)
    y = A5_MM[1] * mm - 20 * mm
    for line in lines:
        c.drawString(14 * mm, y, line)
        y -= 15
    c.showPage()
    c.save()
    return Path(path)


def make_zero_page_pdf(path: Path) -> Path:
    """A syntactically valid PDF whose page tree is empty (/Count 0)."""
    return write_pdf(path, [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])


def make_pdf_image_bomb(path: Path, *, side: int = 30_000) -> Path:
    """A tiny one-page PDF whose image claims ``side`` x ``side`` grey pixels (900 M by default):
    decoding it whole would take gigabytes."""
    row = zlib.compress(b"\xff" * 64)
    content = b"q 420 0 0 595 0 0 cm /Im0 Do Q"
    return write_pdf(path, [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /XObject << /Im0 4 0 R >> >>"
        b" /Contents 5 0 R >>",
        b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray"
        b" /BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (side, side, len(row))
        + row + b"\nendstream",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ])


def make_blank_pdf(path: Path, *, n_pages: int = 1, dpi: int = 150, noise: float = 0.0) -> Path:
    """Image-only PDF of white pages (a scanner's empty back sides), optionally with dust."""
    images = [render_page([], dpi=dpi, noise=noise, seed=i) for i in range(n_pages)]
    Path(path).write_bytes(image_pdf_bytes(images, dpi=dpi))
    return Path(path)
