"""The OCR stage: a PDF or image file in, pages of lines of words (with boxes and confidences) out.

Recipe, per document:

1. :func:`plan_pages` sniffs the file (magic bytes, not the suffix), opens it, and decides for each
   page how it will be read: ``text`` (the PDF page has a real text layer) or ``image`` (a scan, a
   blank page, an image file). Unreadable files raise :class:`InputError` with a stable reason.
2. :func:`read_page` reads one page: the text layer with pdfplumber, or the page image with
   Tesseract (``tsv`` output: words, boxes, confidences). A page that is one embedded scan is
   rendered at that scan's native resolution; other pages at ``config.dpi``. Both readers sit
   behind the protocols of ``pipeline.engine`` (:class:`Tesseract`, :class:`PdfTextLayer`);
   tests pass engines that fail.
3. :func:`ocr_document` fans the pages out over a process pool (one Tesseract per core, each with
   ``OMP_THREAD_LIMIT=1``); each worker renders, reads and drops its own page image, so a long
   document never holds more than one image per worker in memory. Only the parent merges.

The image goes to Tesseract as an uncompressed PGM in a temporary file: encoding a PNG for
pytesseract cost more than Tesseract itself (docs/ocr.md has the figures).
"""

from __future__ import annotations

import csv
import dataclasses
import errno
import functools
import hashlib
import math
import multiprocessing
import os
import re
import stat
import subprocess
import threading
import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar

from PIL import Image, ImageOps

from models.ocr import DocumentText, Line, PageText, Word
from pipeline.config import OcrConfig
from pipeline.engine import OcrEngine, TextLayerEngine
from pipeline.errors import FetchError, InputError, OcrError, error_of_page
from pipeline.scratch import page_image_dir

# Pages are rasterised to at most this many pixels (A4 at 600 dpi is 34.8 M): bigger pages (an A0
# map) are read at a lower resolution instead of exhausting memory or Tesseract's limits.
MAX_OCR_PIXELS = 36_000_000
# Tesseract/Leptonica refuse images wider or taller than 32767 px; stay well below.
MAX_OCR_SIDE = 20_000
# An image file, or the images of one PDF page, with more pixels than this are refused unread (a
# decompression bomb: a tiny file that would decode to gigabytes). An A0 scan at 400 dpi
# (~250 M px) is still read.
MAX_SOURCE_PIXELS = 400_000_000
# ...and the decoded bytes of the images of one page (PDFium decodes each whole: 4 bytes a pixel
# for colour, 1 for grey; Pillow likewise for an image file's frame), at any depth of nested form
# XObjects, within what one page worker may use (default 640 MiB: a page at the limit peaked at
# 0.85-0.95 GB with Tesseract's own, bench/hostile.py). Override:
# LOCLEG_MAX_PAGE_IMAGE_BYTES (bytes); per document: LOCLEG_MAX_DOCUMENT_IMAGE_BYTES.
MAX_PAGE_IMAGE_BYTES = 640 * 2**20
MAX_DOCUMENT_IMAGE_BYTES = 64 * 2**30
# Nested form XObjects are walked this deep when counting (PDFium's default is 15).
MAX_FORM_DEPTH = 64
# A page that is one embedded scan is rendered at the scan's own resolution, within these bounds.
NATIVE_DPI_RANGE = (150.0, 600.0)
# An image object covering at least this fraction of the page makes it a "single scan" page.
SCAN_COVERAGE = 0.85

PDF_SUFFIXES = {".pdf"}
IMAGE_FORMATS = {"PNG", "JPEG", "TIFF", "MPO", "GIF", "BMP", "WEBP", "PPM", "JPEG2000"}


@dataclass(frozen=True)
class PagePlan:
    """How one page will be read. ``width``/``height`` are PDF points for a PDF page and pixels
    for an image file; ``native_dpi`` is the resolution of the page's single embedded scan (PDF)
    or the file's recorded resolution (image), when known."""

    page_index: int
    kind: Literal["text", "image"]
    width: float
    height: float
    native_dpi: float | None = None


# ---------------------------------------------------------------------------------------------
# Tesseract


@functools.lru_cache(maxsize=1)
def tesseract_version() -> str:
    """Version of the tesseract binary on PATH, e.g. ``"5.3.0"``."""
    try:
        out = subprocess.run(
            ["tesseract", "--version"], capture_output=True, text=True, timeout=30, env=_tesseract_env()
        )
    except FileNotFoundError as exc:
        raise OcrError("tesseract is not installed (apt install tesseract-ocr tesseract-ocr-por)",
                       reason="tesseract_missing") from exc
    first = (out.stdout or out.stderr).strip().splitlines()
    if not first:
        raise OcrError("tesseract --version printed nothing", reason="tesseract_missing")
    return first[0].split()[-1].lstrip("v")


def backend_name(config: OcrConfig) -> str:
    """The OCR backend as recorded in the output, e.g. ``"tesseract 5.3.0 (por)"``."""
    return f"tesseract {tesseract_version()} ({config.lang})"


def text_backend_name() -> str:
    import pdfplumber

    return f"pdfplumber {pdfplumber.__version__} (text layer)"


def _tesseract_env() -> dict[str, str]:
    env = dict(os.environ)
    # Without this each Tesseract starts one OpenMP thread per core and pages run 3-5x slower
    # when several Tesseracts share the machine.
    env["OMP_THREAD_LIMIT"] = "1"
    return env


def run_tesseract(image: Image.Image, *, config: OcrConfig, dpi: float | None,
                  page_no: int | None = None, program: str = "tesseract") -> tuple[Line, ...]:
    """Read one page image with the Tesseract CLI and return its lines (words with [0, 1] conf).
    ``program``: the executable (tests run one that crashes, hangs or prints garbage)."""
    return run_tesseract_many([image], config=config, dpi=dpi, page_no=page_no, program=program)[0]


def run_tesseract_many(images: Sequence[Image.Image], *, config: OcrConfig, dpi: float | None,
                       page_no: int | None = None, program: str = "tesseract") -> list[tuple[Line, ...]]:
    """Read several images (crops of one page) with one Tesseract process: the lines of each.

    Tesseract reads a list file of images as the pages of one document (``page_num`` in its TSV);
    one process instead of one per image saves its start-up and model loading (~0.1-0.2 CPU s
    each, more than reading a margin label itself)."""
    if not images:
        return []
    if program == "tesseract":
        from pipeline import tessapi

        try:
            tsv = tessapi.read_tsv_many(images, lang=config.lang, psm=config.psm, oem=config.oem, dpi=dpi,
                                        timeout_s=config.timeout_s)
        except tessapi.TimeoutExceeded as exc:
            raise OcrError(f"tesseract took more than {config.timeout_s:g} s", reason="ocr_timeout",
                           page_no=page_no) from exc
        except tessapi.ReadFailed as exc:
            raise OcrError(f"tesseract failed: {exc}", reason="tesseract_failed", page_no=page_no) from exc
        if tsv is not None:
            return _lines_of_pages(parse_tsv_pages(tsv), len(images))
    with page_image_dir() as tmp:
        files = []
        for n, image in enumerate(images):
            if image.mode not in ("L", "RGB"):
                image = image.convert("L")
            src = Path(tmp) / (f"page{n}.pgm" if image.mode == "L" else f"page{n}.ppm")
            image.save(src, format="PPM")  # uncompressed: writing costs ~nothing
            files.append(src)
        if len(files) == 1:
            source = files[0]
        else:
            source = Path(tmp) / "pages.txt"
            source.write_text("".join(f"{f}\n" for f in files), encoding="utf-8")
        cmd = [program, str(source), "stdout", "-l", config.lang, "--psm", str(config.psm),
               "--oem", str(config.oem)]
        if dpi:
            cmd += ["--dpi", str(round(dpi))]
        cmd.append("tsv")
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=config.timeout_s, env=_tesseract_env())
        except FileNotFoundError as exc:
            raise OcrError("tesseract is not installed", reason="tesseract_missing", page_no=page_no) from exc
        except subprocess.TimeoutExpired as exc:
            raise OcrError(f"tesseract took more than {config.timeout_s:g} s", reason="ocr_timeout",
                           page_no=page_no) from exc
    if proc.returncode != 0:
        detail = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise OcrError(f"tesseract failed: {detail[-1] if detail else proc.returncode}",
                       reason="tesseract_failed", page_no=page_no)
    return _lines_of_pages(parse_tsv_pages(proc.stdout.decode("utf-8", "replace")), len(images))


def _lines_of_pages(by_page: dict[int, tuple[Line, ...]], n_images: int) -> list[tuple[Line, ...]]:
    if n_images == 1:  # one image: whatever page number the program printed
        return [tuple(line for lines in by_page.values() for line in lines)]
    return [by_page.get(n + 1, ()) for n in range(n_images)]


@dataclass(frozen=True)
class Tesseract:
    """The :class:`~pipeline.engine.OcrEngine` of production: the Tesseract CLI (:func:`run_tesseract`)."""

    program: str = "tesseract"

    def name(self, config: OcrConfig) -> str:
        return backend_name(config)

    def read(self, image: Image.Image, *, config: OcrConfig, dpi: float | None,
             page_no: int | None = None) -> tuple[Line, ...]:
        return run_tesseract(image, config=config, dpi=dpi, page_no=page_no, program=self.program)

    def read_many(self, images: Sequence[Image.Image], *, config: OcrConfig, dpi: float | None,
                  page_no: int | None = None) -> list[tuple[Line, ...]]:
        """The lines of each of ``images``, read by one Tesseract process (:func:`run_tesseract_many`)."""
        return run_tesseract_many(images, config=config, dpi=dpi, page_no=page_no, program=self.program)


@dataclass(frozen=True)
class PdfTextLayer:
    """The :class:`~pipeline.engine.TextLayerEngine` of production: pdfplumber (:func:`read_text_layer`)."""

    def name(self) -> str:
        return text_backend_name()

    def read(self, path: Path, page_index: int) -> PageText:
        return read_text_layer(path, page_index)


TESSERACT = Tesseract()
TEXT_LAYER = PdfTextLayer()


def parse_tsv(tsv: str) -> tuple[Line, ...]:
    """Tesseract ``tsv`` output to lines: words grouped by (block, paragraph, line), in order."""
    return tuple(line for lines in parse_tsv_pages(tsv).values() for line in lines)


def parse_tsv_pages(tsv: str) -> dict[int, tuple[Line, ...]]:
    """Tesseract ``tsv`` output to lines per page number (1-based): several images read by one
    process are its pages."""
    groups: dict[tuple[int, int, int, int], list[Word]] = {}
    # one row per line whatever the line ends: a stray carriage return inside a field (a
    # crashing or foreign program's junk) must not stop the csv module
    for row in csv.DictReader(tsv.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE):
        if row.get("level") != "5":
            continue
        text = (row.get("text") or "").strip()
        if not text:
            continue
        try:
            conf = float(row["conf"])
            left, top, width, height = (int(row[k]) for k in ("left", "top", "width", "height"))
            key = (int(row["page_num"]), int(row["block_num"]), int(row["par_num"]), int(row["line_num"]))
        except (KeyError, TypeError, ValueError):
            continue
        word = Word(text=text, conf=min(1.0, max(0.0, conf / 100.0)) if conf >= 0 else None,
                    bbox=(float(left), float(top), float(left + width), float(top + height)))
        groups.setdefault(key, []).append(word)
    pages: dict[int, list[Line]] = {}
    for key, words in groups.items():
        pages.setdefault(key[0], []).append(Line.of_words(words))
    return {n: tuple(lines) for n, lines in pages.items()}


# ---------------------------------------------------------------------------------------------
# Sniffing and planning


def sniff_format(head: bytes) -> str | None:
    """"PDF", an image format name, or None, from the first bytes of a file."""
    if b"%PDF-" in head[:1024]:
        return "PDF"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if head[:4] in (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+"):
        return "TIFF"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if head[:2] == b"BM":
        return "BMP"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    if head[:2] in (b"P4", b"P5", b"P6"):
        return "PPM"
    return None


def check_source(path: Path) -> os.stat_result:
    """Stat a source before opening it (never blocks: a FIFO is refused, not opened).

    Raises :class:`FetchError` with reason ``missing_file``, ``symlink_loop`` (too many levels
    of symbolic links), ``not_a_file`` (a directory, FIFO, device or socket) or
    ``unreadable_file`` (permission denied, other I/O errors).
    """
    try:
        st = os.stat(path)
    except FileNotFoundError as exc:
        raise FetchError(f"file not found: {path}", reason="missing_file") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FetchError(f"{path}: symlink loop (too many levels of symbolic links)",
                             reason="symlink_loop") from exc
        raise FetchError(f"cannot read {path}: {exc.strerror or exc}", reason="unreadable_file") from exc
    if stat.S_ISDIR(st.st_mode):
        raise FetchError(f"{path} is a directory, not a file", reason="not_a_file")
    if not stat.S_ISREG(st.st_mode):
        kind = "FIFO" if stat.S_ISFIFO(st.st_mode) else "socket" if stat.S_ISSOCK(st.st_mode) else "device"
        raise FetchError(f"{path} is a {kind}, not a regular file", reason="not_a_file")
    return st


def _head(path: Path) -> bytes:
    check_source(path)
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO after the stat, open does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            return fh.read(2048) or b""
    except FileNotFoundError as exc:
        raise FetchError(f"file not found: {path}", reason="missing_file") from exc
    except PermissionError as exc:
        raise FetchError(f"cannot read {path}: permission denied", reason="unreadable_file") from exc
    except OSError as exc:
        raise FetchError(f"cannot read {path}: {exc.strerror or exc}", reason="unreadable_file") from exc


def plan_pages(path: Path, *, config: OcrConfig) -> list[PagePlan]:
    """Open ``path`` (PDF or image) and decide how each page is read.

    Raises :class:`InputError` with reason ``empty_file``, ``not_pdf`` (a ``.pdf`` that is not a
    PDF, e.g. an HTML error page), ``unsupported_format``, ``truncated``, ``corrupt_pdf``,
    ``encrypted`` (only when the empty user password does not open it), ``no_pages``,
    ``corrupt_image`` or ``image_too_large``; :class:`FetchError` ``missing_file`` when absent.
    """
    path = Path(path)
    head = _head(path)
    if not head:
        raise InputError(f"{path.name} is empty (0 bytes)", reason="empty_file")
    fmt = sniff_format(head)
    if fmt == "PDF":
        return _plan_pdf(path, config=config)
    if fmt is not None:
        return _plan_image(path)
    what = _describe(head)
    if path.suffix.lower() in PDF_SUFFIXES:
        raise InputError(f"{path.name} is not a PDF ({what})", reason="not_pdf")
    raise InputError(f"{path.name}: unsupported format ({what}); expected PDF, PNG, JPEG or TIFF",
                     reason="unsupported_format")


def _describe(head: bytes) -> str:
    text = head[:512].lstrip().lower()
    if text.startswith((b"<!doctype html", b"<html")) or b"<html" in text:
        return "an HTML page"
    if text.startswith(b"<?xml"):
        return "an XML file"
    if head.startswith(b"PK\x03\x04"):
        return "a ZIP archive"
    try:
        head.decode("utf-8")
        return "plain text"
    except UnicodeDecodeError:
        return "unrecognised binary data"


# PDFium is not thread-safe, not even across documents (pypdfium2's documentation): a flow reads
# pages from threads (its task runner, the warm start's feeder), so every use of PDFium in this
# process holds this lock. Rendering is a small share of a page's time beside Tesseract, and
# processes (the page pool) each have their own.
_PDFIUM_LOCK = threading.RLock()
P = ParamSpec("P")
R = TypeVar("R")


def _pdfium_serialised(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` (which opens, reads and closes PDFium objects) run under ``_PDFIUM_LOCK``."""

    @functools.wraps(fn)
    def serialised(*args: P.args, **kwargs: P.kwargs) -> R:
        with _PDFIUM_LOCK:
            return fn(*args, **kwargs)

    return serialised


def _open_pdf(path: Path) -> Any:
    """Open with pypdfium2 (which tries the empty user password itself); classify failures."""
    import pypdfium2 as pdfium

    try:
        return pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise _classify_broken_pdf(path, exc) from exc


def _classify_broken_pdf(path: Path, exc: Exception) -> InputError:
    """The reason PDFium could not open ``path``, confirmed with pdfminer.

    PDFium's error code is process-global and stale after some failures (a zero-page file
    reports the previous file's "password" error), so it is not trusted alone.
    """
    import pdfplumber
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect

    try:
        with pdfplumber.open(path) as pdf:
            if len(pdf.pages) == 0:
                return InputError(f"{path.name} has no pages", reason="no_pages")
    except Exception as other:  # noqa: BLE001 - only used to choose the reason code
        causes = (other, *getattr(other, "args", ()), other.__context__, other.__cause__)
        if any(isinstance(c, PDFPasswordIncorrect | PDFEncryptionError) for c in causes):
            return InputError(f"{path.name} is encrypted and the empty user password does not open it",
                              reason="encrypted")
    with open(path, "rb") as fh:
        fh.seek(0, os.SEEK_END)
        size = fh.tell()
        fh.seek(max(0, size - 1024))
        tail = fh.read()
    if b"%%EOF" not in tail:
        return InputError(f"{path.name} is truncated (no end-of-file marker): {exc}", reason="truncated")
    return InputError(f"{path.name} is a damaged PDF: {exc}", reason="corrupt_pdf")


def image_byte_limits() -> tuple[int, int]:
    """(per page, per document) limits on decoded image bytes, from the environment if set."""

    def read(name: str, default: int) -> int:
        try:
            return max(1, int(os.environ.get(name, default)))
        except ValueError:
            return default

    return (read("LOCLEG_MAX_PAGE_IMAGE_BYTES", MAX_PAGE_IMAGE_BYTES),
            read("LOCLEG_MAX_DOCUMENT_IMAGE_BYTES", MAX_DOCUMENT_IMAGE_BYTES))


def _decoded_bytes(obj: Any) -> int:
    """Bytes PDFium allocates to decode one image object: 1 a pixel for grey or 1-bit, 4 for
    colour (it decodes to BGRx/BGRA), whatever the compressed size."""
    width, height = obj.get_px_size()
    per_pixel = 4
    try:
        meta = obj.get_metadata()
        if int(getattr(meta, "bits_per_pixel", 32)) <= 8:
            per_pixel = 1
    except Exception:  # noqa: BLE001 - unknown: count as colour
        pass
    return int(width) * int(height) * per_pixel


@_pdfium_serialised
def _plan_pdf(path: Path, *, config: OcrConfig) -> list[PagePlan]:
    import pypdfium2.raw as pdfium_c

    pdf = _open_pdf(path)
    try:
        n = len(pdf)
        if n == 0:
            raise InputError(f"{path.name} has no pages", reason="no_pages")
        plans = []
        document_bytes = 0
        for index in range(n):
            try:
                page = pdf[index]
            except Exception as exc:  # noqa: BLE001 - pdfium raises plain errors on broken pages
                raise InputError(f"{path.name}: page {index + 1} cannot be opened: {exc}",
                                 reason="corrupt_pdf", page_no=index + 1) from exc
            try:
                width, height = page.get_size()
                textpage = page.get_textpage()
                chars = sum(1 for ch in textpage.get_text_bounded() if not ch.isspace())
                textpage.close()
                native = None
                area = width * height
                images = list(page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=MAX_FORM_DEPTH))
                pixels = sum(a * b for a, b in (obj.get_px_size() for obj in images))
                image_bytes = sum(_decoded_bytes(obj) for obj in images)
                document_bytes += image_bytes
                _check_image_bytes(path, image_bytes, document_bytes, index + 1)
                if pixels > MAX_SOURCE_PIXELS:
                    # PDFium decodes an image whole before scaling it: a small file could
                    # otherwise claim gigabytes (a decompression bomb)
                    raise InputError(f"{path.name}: page {index + 1} holds {pixels:,} image pixels, above "
                                     f"the limit of {MAX_SOURCE_PIXELS:,}", reason="image_too_large",
                                     page_no=index + 1)
                covering = [obj for obj in images if _covers(obj, area)]
                if len(covering) == 1:
                    left, bottom, right, top = covering[0].get_bounds()
                    px_w, px_h = covering[0].get_px_size()
                    if right > left and top > bottom and px_w and px_h:
                        # width/height of the object may be swapped by a 90° placement matrix
                        sides = sorted((right - left, top - bottom))
                        pxs = sorted((px_w, px_h))
                        native = round(72.0 * pxs[1] / sides[1], 1)
            finally:
                page.close()
            kind: Literal["text", "image"] = "text" if chars >= config.min_text_chars else "image"
            plans.append(PagePlan(index, kind, float(width), float(height), native))
        return plans
    finally:
        pdf.close()


def _covers(image: Any, area: float) -> bool:
    """Whether the image object covers the page (of ``area`` square points): a scan of it."""
    left, bottom, right, top = image.get_bounds()
    return area > 0 and (right - left) * (top - bottom) >= SCAN_COVERAGE * area


@_pdfium_serialised
def _layer_over_scan(path: Path, page_index: int) -> bool:
    """Whether the page's text layer is an OCR layer a scanner's software laid over its scan: an
    image covers the page, and the page looks the same without its text (:func:`_text_hidden`).
    Asked only where the text layer is read (planning stays cheap: the warm flow plans every page
    of a manifest to find what its cache lacks)."""
    import pypdfium2.raw as pdfium_c

    pdf = _open_pdf(path)
    try:
        page = pdf[page_index]
        try:
            width, height = page.get_size()
            images = page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=MAX_FORM_DEPTH)
            return any(_covers(obj, width * height) for obj in images) and _text_hidden(page)
        finally:
            page.close()
    finally:
        pdf.close()


_HIDDEN_SCALE = 0.5  # 36 dpi: text of any size changes some pixels there
_HIDDEN_CHANGE = 1e-4  # share of the page's pixels that must change for the text to be seen


def _text_hidden(page: Any) -> bool:
    """Whether the page looks the same without its text objects: the text is invisible (render
    mode 3, as OCR software writes its layer) or painted over by the scan drawn after it (a
    scanner's layered image, vgsul-dec4889-2019). A born-digital page over a background image
    (a letterhead, a gazette's frame) shows its text. Renders the page twice at low resolution;
    removes the page's text objects (the caller closes the page unsaved)."""
    import pypdfium2.raw as pdfium_c
    from PIL import ImageChops

    before = page.render(scale=_HIDDEN_SCALE).to_pil().convert("L")
    for obj in list(page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_TEXT,), max_depth=MAX_FORM_DEPTH)):
        page.remove_obj(obj)
        obj.close()
    after = page.render(scale=_HIDDEN_SCALE).to_pil().convert("L")
    changed = sum(ImageChops.difference(before, after).histogram()[16:])
    return changed <= _HIDDEN_CHANGE * before.width * before.height


def _open_image(path: Path) -> Image.Image:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        saved = Image.MAX_IMAGE_PIXELS
        try:
            Image.MAX_IMAGE_PIXELS = None  # we apply our own limit below, before decoding
            img = Image.open(path)
        except Image.DecompressionBombError as exc:
            raise InputError(f"{path.name} is too large to read", reason="image_too_large") from exc
        except (OSError, SyntaxError, ValueError) as exc:
            raise InputError(f"{path.name} is not a readable image: {exc}", reason="corrupt_image") from exc
        finally:
            Image.MAX_IMAGE_PIXELS = saved
    if img.width * img.height > MAX_SOURCE_PIXELS:
        size = f"{img.width}x{img.height}"
        img.close()
        raise InputError(f"{path.name} is {size} pixels, above the limit of {MAX_SOURCE_PIXELS:,}",
                         reason="image_too_large")
    return img


def _image_dpi(img: Image.Image) -> float | None:
    dpi = img.info.get("dpi")
    try:
        value = float(dpi[0]) if dpi else None
    except (TypeError, ValueError, IndexError):
        value = None
    # 72 (and 1) are the defaults writers put when they do not know: not a real scan resolution
    if value is None or value < 50 or value == 72 or value > 2400:
        return None
    return value


# Bytes a pixel a page worker holds at once to decode an image file's frame (mode) and turn it
# grey (_to_grey): Pillow keeps "1" and "P" at a byte a pixel and pads RGB to 4, then the grey
# copy (1); CMYK goes through RGB; alpha through two RGBA copies; 16-bit through 32-bit. A mode
# not listed counts as the worst.
_PILLOW_BYTES_PER_PIXEL = {"L": 1, "1": 2, "P": 2, "RGB": 5, "YCbCr": 5, "CMYK": 9, "RGBA": 13, "LA": 13,
                           "PA": 13, "I;16": 11, "I;16B": 11, "I;16L": 11, "I;16N": 11, "I": 14, "F": 14}


def _image_frame_bytes(img: Image.Image) -> int:
    """Bytes Pillow allocates to decode the current frame of ``img`` as :func:`load_image_page`
    decodes it (a JPEG over MAX_OCR_PIXELS is decoded reduced, by 2, 4 or 8, as its draft mode
    allows), whatever the file's compressed size."""
    width, height = img.width, img.height
    factor = min(1.0, math.sqrt(MAX_OCR_PIXELS / max(1, width * height)), MAX_OCR_SIDE / max(width, height, 1))
    if factor < 1.0 and img.format == "JPEG":
        wanted = (int(width * factor) + 1, int(height * factor) + 1)
        room = min(width // wanted[0], height // wanted[1])
        reduce = next(s for s in (8, 4, 2, 1) if room >= s)
        width, height = -(-width // reduce), -(-height // reduce)
    per_pixel = _PILLOW_BYTES_PER_PIXEL.get(img.mode, 14)
    if img.mode == "P" and "transparency" in img.info:
        per_pixel = _PILLOW_BYTES_PER_PIXEL["RGBA"]
    return width * height * per_pixel


def _check_image_bytes(path: Path, page_bytes: int, document_bytes: int, page_no: int) -> None:
    """Refuse a page whose images decode to more than the page limit, or a document past its
    limit (:func:`image_byte_limits`): a decompression bomb is refused before it is decoded."""
    page_limit, document_limit = image_byte_limits()
    if page_bytes > page_limit or document_bytes > document_limit:
        over = "page" if page_bytes > page_limit else "document"
        raise InputError(f"{path.name}: page {page_no}'s images decode to {page_bytes:,} bytes "
                         f"({document_bytes:,} in the document so far), above the {over} limit of "
                         f"{page_limit if over == 'page' else document_limit:,} "
                         f"(LOCLEG_MAX_{over.upper()}_IMAGE_BYTES)", reason="image_too_large", page_no=page_no)


def _plan_image(path: Path) -> list[PagePlan]:
    img = _open_image(path)
    try:
        if img.format not in IMAGE_FORMATS:
            raise InputError(f"{path.name}: unsupported image format {img.format}", reason="unsupported_format")
        n = getattr(img, "n_frames", 1) or 1
        plans = []
        document_bytes = 0
        for index in range(n):
            try:
                img.seek(index)
            except EOFError as exc:
                raise InputError(f"{path.name}: frame {index + 1} missing", reason="truncated") from exc
            page_bytes = _image_frame_bytes(img)
            document_bytes += page_bytes
            _check_image_bytes(path, page_bytes, document_bytes, index + 1)
            plans.append(PagePlan(index, "image", float(img.width), float(img.height), _image_dpi(img)))
        return plans
    finally:
        img.close()


# ---------------------------------------------------------------------------------------------
# Reading one page


def read_page(path: Path, plan: PagePlan, *, config: OcrConfig, engine: OcrEngine = TESSERACT,
              text_layer: TextLayerEngine = TEXT_LAYER) -> PageText:
    """Read one planned page: its text layer (``text_layer``) or its image (``engine``).

    A blank page comes back with no lines (not an error). Raises :class:`InputError` when the page
    cannot be decoded and :class:`OcrError` when Tesseract fails.
    """
    path = Path(path)
    fmt = sniff_format(_head(path))
    rejected = False
    if fmt == "PDF" and plan.kind == "text" and config.ocr != "always":
        layer = text_layer.read(path, plan.page_index)
        if _layer_over_scan(path, plan.page_index):
            # an OCR layer made elsewhere: its readings are OCR's, not the text the page was made of
            layer = layer.model_copy(update={"ocr_layer": True})
        if plan.native_dpi is None or config.ocr == "never" or text_layer_agrees(path, plan, layer, config=config,
                                                                                   engine=engine):
            return layer if config.ocr == "never" else read_unread_images(path, plan, layer, config=config,
                                                                          engine=engine)
        rejected = True
    dpi: float | None
    if fmt == "PDF":
        image, dpi = render_pdf_page(path, plan, config=config)
    else:
        image, dpi = load_image_page(path, plan, config=config)
    page = ocr_image(image, page_index=plan.page_index, dpi=dpi, config=config, engine=engine)
    return page.model_copy(update={"text_layer_rejected": True}) if rejected else page


BBoxT = tuple[float, float, float, float]
MIXED_IMAGE_SHARE = 0.25
"""Share of a text page an image must cover, with (almost) no text-layer word over it, to be OCR'd
and its lines added to the page's: a scanned document pasted into a born-digital gazette under
the edition's header and footer (petrolina-do2737-2021, pages 7-8: its text layer holds only
them, the contract's body was lost without a word)."""
MIXED_MAX_WORDS = 5


def _unread_images(path: Path, plan: PagePlan, layer: PageText) -> list[BBoxT]:
    """Boxes (PDF points, top-left origin) of the page's images that cover a good share of it,
    not the whole page, and that no more than a few text-layer words lie over (pdfplumber places
    images inside form XObjects where PDFium reports the whole page)."""
    area = plan.width * plan.height
    try:
        with _PLUMBER_LOCK:
            page = _plumber_document(path).pages[plan.page_index]
            try:
                images = [(float(im["x0"]), float(im["top"]), float(im["x1"]), float(im["bottom"]))
                          for im in page.images]
            finally:
                page.close()
    except Exception:  # noqa: BLE001 - an odd image dictionary: the layer as it is
        return []
    out = []
    for x0, top, x1, bottom in images:
        box = (max(0.0, x0), max(0.0, top), min(plan.width, x1), min(plan.height, bottom))
        share = (box[2] - box[0]) * (box[3] - box[1]) / area if area > 0 else 0.0
        if not MIXED_IMAGE_SHARE <= share < SCAN_COVERAGE:
            continue
        inside = sum(1 for ln in layer.lines for w in ln.words if w.bbox is not None
                     and box[0] <= (w.bbox[0] + w.bbox[2]) / 2 <= box[2]
                     and box[1] <= (w.bbox[1] + w.bbox[3]) / 2 <= box[3])
        if inside <= MIXED_MAX_WORDS:
            out.append(box)
    return out


def _to_points(b: BBoxT | None, left: float, top: float, scale: float) -> BBoxT | None:
    """A box in the pixels of a crop at (``left``, ``top``) points, ``scale`` pixels a point, in points."""
    if b is None:
        return None
    return (left + b[0] / scale, top + b[1] / scale, left + b[2] / scale, top + b[3] / scale)


def read_unread_images(path: Path, plan: PagePlan, layer: PageText, *, config: OcrConfig,
                       engine: OcrEngine = TESSERACT) -> PageText:
    """The text layer with the lines of its unread images added (:func:`_unread_images`, OCR'd
    from the page rendered at ``config.dpi``, their boxes in the layer's points), in reading
    order by their tops. A page without such an image comes back as the same object."""
    try:
        boxes = _unread_images(path, plan, layer)
    except InputError:
        return layer
    if not boxes:
        return layer
    page_image, dpi = render_pdf_page(path, dataclasses.replace(plan, native_dpi=None), config=config)
    scale = dpi / 72.0
    added: list[Line] = []
    for left, top, right, bottom in boxes:
        crop = page_image.crop((int(left * scale), int(top * scale), int(right * scale), int(bottom * scale)))
        read = ocr_image(crop, page_index=plan.page_index, dpi=dpi, config=config, engine=engine)

        for ln in read.lines:
            words = tuple(w.model_copy(update={"bbox": _to_points(w.bbox, left, top, scale)}) for w in ln.words)
            added.append(ln.model_copy(update={"bbox": _to_points(ln.bbox, left, top, scale), "words": words}))
    lines = sorted([*layer.lines, *added], key=lambda ln: ln.bbox[1] if ln.bbox is not None else 0.0)
    return layer.model_copy(update={"lines": tuple(lines)})


LAYER_AGREEMENT = 0.6
"""Share of the line joins of a quick OCR (the last word of a line, the first of the next) a text
layer over a scan must also have in that order; below it the layer is rejected and the page
OCR'd. Measured on vgsul-dec5294-2021 (a layer made elsewhere, lines out of order): 0.0-0.17 on
its four broken pages, 0.5 and 0.88 on the two whose band reads in order; a layer written from
the page's own words in order scores 1.0 (tests/test_ocr.py)."""


def _norm_words(words: Iterable[str]) -> list[str]:
    out = [re.sub(r"[^\w]", "", w.lower()) for w in words]
    return [w for w in out if len(w) > 1]


def text_layer_agrees(path: Path, plan: PagePlan, layer: PageText, *, config: OcrConfig,
                      engine: OcrEngine = TESSERACT) -> bool:
    """A text layer over a full-page scan (an OCR layer made elsewhere) is trusted when a band of
    the page, OCR'd quickly, joins its lines as the layer does (words out of order fail)."""
    if not layer.lines:
        return True
    try:
        image, dpi = render_pdf_page(path, plan, config=config)
    except InputError:
        return True
    top, bottom = int(image.height * 0.2), int(image.height * 0.5)
    quick = dataclasses.replace(config, psm=6)
    lines = engine.read(image.crop((0, top, image.width, bottom)), config=quick, dpi=dpi,
                        page_no=plan.page_index + 1)
    ocr_lines = [ws for ws in (_norm_words(w.text for w in ln.words if (w.conf or 0) >= 0.6) for ln in lines) if ws]
    joins = {(a[-1], b[0]) for a, b in zip(ocr_lines, ocr_lines[1:], strict=False)}
    if len(joins) < 4:
        return True  # too little text in the band to judge
    scale = dpi / 72.0
    stream = _norm_words(w.text for ln in layer.lines for w in ln.words
                         if w.bbox is not None and top - 40 <= w.bbox[1] * scale <= bottom + 40)
    have = set(zip(stream, stream[1:], strict=False))
    return len(joins & have) / len(joins) >= LAYER_AGREEMENT


UPSIDE_DOWN_CHECK = 0.55
"""Mean word confidence under which a page is also read turned by 180° (an upside-down page
reads at 0.3-0.45; a right page of the real-world scans at 0.65-0.95)."""
UPSIDE_DOWN_SUSPECT_CHECK = 0.7
"""The same for a page whose ink cannot tell up from down (``PrepInfo.doubtful``), or said upside
down where the strip could not confirm it (:func:`_strip_reads_better_turned`): read as it lies
first (no OSD), and probed turned (the band, then the whole page) when its mean word confidence
is under this. An upright page read well is read once. (Turning such a page in
full at once, without the band, cost a whole reading on a flagged upright page that reads
badly anyway: tune101 0009, a photocopy of 0.34 CER.)"""
UPSIDE_DOWN_GAIN = 0.15
"""How much better the turned reading's confidence must be for it to be kept."""
UPSIDE_DOWN_MIN_WORDS = 20


UPSIDE_DOWN_BAND = (0.3, 0.6)
"""The band of the page (top and bottom, as shares of its height) read turned first: only when it
reads clearly better turned is the whole page read turned (most pages read badly are not upside
down, just bad; a third of a page costs a third of a reading)."""
UPSIDE_DOWN_BAND_MIN_WORDS = 8
UPSIDE_DOWN_STRIP = (0.42, 0.58)
"""The strip of a page whose ink says upside down (``PrepInfo.upside_down``) read both ways before
its first reading: when it reads clearly better turned the page is turned and read once (scanlab
held176045943: its three upside-down pages, read as they lay, probed and read turned, cost 2.1-3.4
CPU s against bare's 1.1-1.5). Upright real scans of tables and capitals can look upside down to
the ink (``pipeline.imageprep.UPSIDE_DOWN_ASCENT``): the strip keeps them as they are."""


def _strip_reads_better_turned(image: Image.Image, *, config: OcrConfig, dpi: float | None, page_no: int,
                               engine: OcrEngine) -> bool | None:
    """Whether the page's middle strip (:data:`UPSIDE_DOWN_STRIP`) reads with a mean word confidence
    clearly higher turned by 180° than as it lies; None when neither reading has words enough."""
    top, bottom = (round(image.height * f) for f in UPSIDE_DOWN_STRIP)
    strip = image.crop((0, top, image.width, bottom))
    strip.info.update(image.info)
    turned = strip.transpose(Image.Transpose.ROTATE_180)
    turned.info.update(image.info)
    read_many = getattr(engine, "read_many", None)
    reads = (read_many([strip, turned], config=config, dpi=dpi, page_no=page_no) if read_many is not None
             else [engine.read(im, config=config, dpi=dpi, page_no=page_no) for im in (strip, turned)])
    lying, other = ([w.conf for ln in lines for w in ln.words if w.conf is not None] for lines in reads)
    if max(len(lying), len(other)) < UPSIDE_DOWN_BAND_MIN_WORDS:
        return None
    if not other:
        return False
    return not lying or sum(other) / len(other) > sum(lying) / len(lying) + UPSIDE_DOWN_GAIN


def _band_reads_better_turned(image: Image.Image, lines: Sequence[Line], *, config: OcrConfig,
                              dpi: float | None, page_no: int, engine: OcrEngine) -> bool:
    """Whether a band of the page, turned by 180°, reads with a mean word confidence clearly above
    the first reading's words in that band (or the band holds too few words to tell: True)."""
    top, bottom = (round(image.height * f) for f in UPSIDE_DOWN_BAND)
    inside = [w.conf for ln in lines for w in ln.words
              if w.conf is not None and w.bbox is not None and top <= (w.bbox[1] + w.bbox[3]) / 2 < bottom]
    if len(inside) < UPSIDE_DOWN_BAND_MIN_WORDS:
        return True
    band = image.crop((0, top, image.width, bottom)).transpose(Image.Transpose.ROTATE_180)
    band.info.update(image.info)
    other = [w.conf for ln in engine.read(band, config=config, dpi=dpi, page_no=page_no) for w in ln.words
             if w.conf is not None]
    return bool(other) and sum(other) / len(other) > sum(inside) / len(inside) + UPSIDE_DOWN_GAIN


def ocr_image(image: Image.Image, *, page_index: int, dpi: float | None, config: OcrConfig,
              engine: OcrEngine = TESSERACT) -> PageText:
    """Prepare (when ``config.prepare`` and ``pipeline.imageprep`` is there) and OCR one image."""
    if dpi:
        image.info["dpi"] = (dpi, dpi)  # preparation scales its filters by the resolution
    pdf_rotate = int(image.info.get("pdf_rotate", 0))
    source_size = image.size
    image, rotation, skew, scale, down, suspect = _prepare(image, config=config, engine=engine,
                                                           page_no=page_index + 1)
    # the page's own size, upright (a reduced page's size divided back would be off by a pixel)
    width, height = source_size[::-1] if rotation in (90, 270) else source_size
    read_dpi = dpi * scale if dpi else None  # preparation may enlarge a page (1-bit, low dpi)
    rotation = (rotation + pdf_rotate) % 360
    if down:
        # the ink says upside down: a strip read both ways confirms it before the page is read
        better = _strip_reads_better_turned(image, config=config, dpi=read_dpi, page_no=page_index + 1,
                                            engine=engine)
        if better:
            info = image.info
            image = image.transpose(Image.Transpose.ROTATE_180)
            image.info.update(info)
            rotation = (rotation + 180) % 360
        suspect = better is None
    lines = engine.read(image, config=config, dpi=read_dpi, page_no=page_index + 1)
    confs = [w.conf for ln in lines for w in ln.words if w.conf is not None]
    check = UPSIDE_DOWN_SUSPECT_CHECK if suspect else UPSIDE_DOWN_CHECK
    if (config.prepare and len(confs) >= UPSIDE_DOWN_MIN_WORDS and sum(confs) / len(confs) < check
            and _band_reads_better_turned(image, lines, config=config, dpi=read_dpi, page_no=page_index + 1,
                                          engine=engine)):
        # A page read badly may be upside down where the cheap checks could not tell (a
        # typewritten page with a dark border), or as they said: read it turned, keep the
        # clearly better reading.
        turned = image.transpose(Image.Transpose.ROTATE_180)
        turned.info.update(image.info)
        other = engine.read(turned, config=config, dpi=read_dpi, page_no=page_index + 1)
        other_confs = [w.conf for ln in other for w in ln.words if w.conf is not None]
        if other_confs and sum(other_confs) / len(other_confs) > sum(confs) / len(confs) + UPSIDE_DOWN_GAIN:
            image, lines, confs, rotation = turned, other, other_confs, (rotation + 180) % 360
    if config.prepare:
        lines = read_margin_labels(image, lines, config=config, dpi=read_dpi, page_no=page_index + 1,
                                   engine=engine)
        if config.psm == 4:  # one column: a mark in the right margin was read as a line of it
            from pipeline.layout import drop_right_margin_notes

            lines = drop_right_margin_notes(lines)
        confs = [w.conf for ln in lines for w in ln.words if w.conf is not None]
    if scale != 1.0:  # boxes in the page's own pixels, as every other page
        lines = tuple(_scaled_line(ln, 1.0 / scale) for ln in lines)
    return PageText(
        page_index=page_index, method="ocr", width=float(width), height=float(height),
        dpi=dpi, rotation=rotation, skew=skew, lines=lines,
        confidence=sum(confs) / len(confs) if confs else None,
    )


MAX_MARGIN_READS = 16
"""Margins re-read on one page at most (each is one small Tesseract call, ~0.1 s)."""


def read_margin_labels(image: Image.Image, lines: tuple[Line, ...], *, config: OcrConfig, dpi: float | None,
                       page_no: int | None = None, engine: OcrEngine = TESSERACT) -> tuple[Line, ...]:
    """``lines`` with the labels Tesseract's layout analysis dropped from the margin read again:
    ink on a line's left that no line covers (``pipeline.layout.unread_margins``) is read as one
    line (psm 7) and kept, before the line it stands beside, when it has a label's shape
    (``pipeline.layout.reads_as_label``)."""
    import numpy as np

    from pipeline.layout import reads_as_label, unread_margins

    found = unread_margins(np.asarray(image.convert("L")) < 128, lines)
    if not found or len(found) > MAX_MARGIN_READS:
        return lines  # nothing dropped; or a page of marks and specks, not of labels
    single = dataclasses.replace(config, psm=7)
    crops = [image.crop((int(x0), int(y0), int(x1), int(y1))) for _, (x0, y0, x1, y1) in found]
    read_many = getattr(engine, "read_many", None)  # one process for all crops when the engine can
    reads = (read_many(crops, config=single, dpi=dpi, page_no=page_no) if read_many is not None
             else [engine.read(crop, config=single, dpi=dpi, page_no=page_no) for crop in crops])
    before: dict[int, Line] = {}
    for (index, (x0, y0, _, _)), read in zip(found, reads, strict=True):
        words = tuple(
            w.model_copy(update={"bbox": (w.bbox[0] + x0, w.bbox[1] + y0, w.bbox[2] + x0, w.bbox[3] + y0)})
            if w.bbox is not None else w
            for ln in read for w in ln.words)
        if words and reads_as_label(" ".join(w.text for w in words)):
            before[index] = Line.of_words(words)
    if not before:
        return lines
    return tuple(out for i, line in enumerate(lines) for out in ((before[i], line) if i in before else (line,)))


def _scaled_line(line: Line, factor: float) -> Line:
    """``line`` with its word boxes multiplied by ``factor``."""
    words = tuple(w.model_copy(update={"bbox": tuple(v * factor for v in w.bbox)}) if w.bbox is not None else w
                  for w in line.words)
    return Line.of_words(words) if words else line


def _prepare(image: Image.Image, *, config: OcrConfig, engine: OcrEngine = TESSERACT,
             page_no: int | None = None) -> tuple[Image.Image, int, float, float, bool, bool]:
    """Page image preparation (orientation, deskew, binarisation) from ``pipeline.imageprep``:
    the image, its rotation, skew, scale, whether its ink says upside down, and whether it
    cannot tell. A step that throws pixels away (``imageprep.CHECKED_STEPS``) is kept only when
    the page reads at least as well with it where it acted (:func:`_keeps_step`).

    That module is written separately; while it is absent pages go to Tesseract as rendered.
    """
    if not config.prepare:
        return image, 0, 0.0, 1.0, False, False
    try:
        from pipeline.imageprep import CHECKED_STEPS, image_dpi, prepare_page
    except ModuleNotFoundError as exc:
        if exc.name != "pipeline.imageprep":
            raise
        return image, 0, 0.0, 1.0, False, False
    prepared, info = prepare_page(image, config=config)
    checked = tuple(s for s in info.steps if s in CHECKED_STEPS)
    if checked:
        other, other_info = prepare_page(image, config=config, skip=checked)
        if not _keeps_step(prepared, info.scale, other, other_info.scale, config=config,
                           dpi=image_dpi(image), page_no=page_no, engine=engine):
            prepared, info = other, other_info
    return (prepared, int(info.rotation), float(info.skew), float(info.scale), bool(info.upside_down),
            bool(info.doubtful))


CHECK_GAIN = 0.0
"""How much better (mean word confidence) the band must read without a checked step for the page
to be read without it."""


def _keeps_step(prepared: Image.Image, scale: float, other: Image.Image, other_scale: float, *,
                config: OcrConfig, dpi: float, page_no: int | None, engine: OcrEngine) -> bool:
    """Whether a page prepared with a checked step (``prepared``) reads at least as well, by the
    mean word confidence of the band where the step acted (``imageprep.changed_band``), as the
    page prepared without it (``other``): two small readings, ~a third of a page's."""
    from pipeline.imageprep import changed_band

    top, bottom = changed_band(prepared, other)
    crops = []
    for im, sc in ((prepared, scale), (other, other_scale)):
        crop = im.crop((0, round(im.height * top), im.width, round(im.height * bottom)))
        crop.info["dpi"] = (dpi * sc, dpi * sc)
        crops.append(crop)
    read_many = getattr(engine, "read_many", None)
    reads = (read_many(crops, config=config, dpi=dpi * scale, page_no=page_no) if read_many is not None
             and scale == other_scale else
             [engine.read(c, config=config, dpi=dpi * sc, page_no=page_no)
              for c, sc in zip(crops, (scale, other_scale), strict=True)])
    with_step, without = ([w.conf for ln in lines for w in ln.words if w.conf is not None] for lines in reads)
    if not without:
        return True
    if not with_step:
        return False
    return sum(without) / len(without) <= sum(with_step) / len(with_step) + CHECK_GAIN


def _scale_for(width: float, height: float, dpi: float) -> float:
    """dpi lowered so that the page fits MAX_OCR_PIXELS and MAX_OCR_SIDE (width/height in pt)."""
    px_w, px_h = width / 72 * dpi, height / 72 * dpi
    factor = min(1.0, math.sqrt(MAX_OCR_PIXELS / max(1.0, px_w * px_h)), MAX_OCR_SIDE / max(px_w, px_h, 1.0))
    # 1% below the cap: PDFium rounds bitmap sides up
    return dpi * factor if factor == 1.0 else dpi * factor * 0.99


def page_dpi(plan: PagePlan, *, config: OcrConfig) -> float:
    """The resolution a PDF image page is rendered at (before the size cap)."""
    if config.native and plan.native_dpi:
        low, high = NATIVE_DPI_RANGE
        return min(high, max(low, plan.native_dpi))
    return float(config.dpi)


@_pdfium_serialised
def render_pdf_page(path: Path, plan: PagePlan, *, config: OcrConfig) -> tuple[Image.Image, float]:
    """Rasterise one PDF page (grey) with pypdfium2; returns the image and its resolution."""
    dpi = _scale_for(plan.width, plan.height, page_dpi(plan, config=config))
    pdf = _open_pdf(path)
    try:
        page = pdf[plan.page_index]
        try:
            extracted = _embedded_scan(page, plan, dpi) if plan.native_dpi else None
            if extracted is not None:
                return extracted, round(dpi, 1)
            bitmap = page.render(scale=dpi / 72.0, grayscale=True)
            image = bitmap.to_pil()
            image.load()
            bitmap.close()
        finally:
            page.close()
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - pdfium raises plain errors on broken content
        raise InputError(f"{path.name}: page {plan.page_index + 1} cannot be rendered: {exc}",
                         reason="corrupt_pdf", page_no=plan.page_index + 1) from exc
    finally:
        pdf.close()
    if image.mode != "L":
        image = image.convert("L")
    return image, round(dpi, 1)


def _embedded_scan(page: Any, plan: PagePlan, dpi: float) -> Image.Image | None:
    """The page's one scan image as stored (no resampling), when it is placed upright over the
    whole page at the resolution planned; None to fall back to rendering."""
    import pypdfium2.raw as pdfium_c

    expected = (plan.width * dpi / 72.0, plan.height * dpi / 72.0)

    def fits(size: tuple[int, int], w: float, h: float) -> bool:
        return abs(size[0] - w) <= 0.02 * w and abs(size[1] - h) <= 0.02 * h

    try:
        objs = list(page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,)))
        if len(objs) != 1:
            return None
        m = objs[0].get_matrix()
        if m.b or m.c or m.a <= 0 or m.d <= 0:
            return None  # rotated or mirrored placement: let pdfium render it
        turn = int(page.get_rotation()) % 360  # /Rotate: clockwise degrees the viewer turns the page
        px_w, px_h = objs[0].get_px_size()
        upright = (px_h, px_w) if turn in (90, 270) else (px_w, px_h)
        # judged before decoding: a scan at another resolution is rendered, and decoding it here
        # first would hold it twice (a 14,000² colour scan took the worker from 1 to 2 GB)
        if not fits(upright, *expected) and not (turn in (90, 270) and fits(upright, expected[1], expected[0])):
            return None
        bitmap = objs[0].get_bitmap(render=False)
        image = bitmap.to_pil().copy()  # own the pixels; the bitmap belongs to the image object
        del bitmap
    except Exception:  # noqa: BLE001 - unusual image encodings: render instead
        return None
    if turn:
        from pipeline.imageprep import rotate_upright

        image = rotate_upright(image, turn)
    if not fits(image.size, *expected) and not (turn in (90, 270) and fits(image.size, expected[1], expected[0])):
        return None  # the image's own size said otherwise (a mask, an odd encoding)
    image = image if image.mode == "L" else _to_grey(image)
    if turn:
        image.info["pdf_rotate"] = turn  # ocr_image adds it to the page's rotation
    return image


def load_image_page(path: Path, plan: PagePlan, *, config: OcrConfig) -> tuple[Image.Image, float | None]:
    """One frame of an image file as a grey image (1-bit, palette, CMYK, alpha all handled),
    reduced when above MAX_OCR_PIXELS; returns the image and its resolution (None if unknown)."""
    img = _open_image(path)
    frame: Image.Image | None = None
    try:
        with warnings.catch_warnings():
            # the size was checked against MAX_SOURCE_PIXELS when opening; Pillow's lower
            # warning threshold would only fire on legitimate A0 scans
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img.seek(plan.page_index)
            frame_bytes = _image_frame_bytes(img)  # checked again: the file may have changed since planning
            _check_image_bytes(path, frame_bytes, frame_bytes, plan.page_index + 1)
            factor = min(1.0, math.sqrt(MAX_OCR_PIXELS / max(1, img.width * img.height)),
                         MAX_OCR_SIDE / max(img.width, img.height, 1))
            if factor < 1.0 and img.format == "JPEG":
                # decode at 1/2, 1/4 or 1/8 scale straight from the JPEG: cheap on huge scans
                img.draft("L", (int(img.width * factor) + 1, int(img.height * factor) + 1))
            img.load()
            # a grey frame of a one-frame file is used as decoded (load closed the file): a copy
            # would hold the page twice
            single = img.mode == "L" and (getattr(img, "n_frames", 1) or 1) == 1
            frame = img if single else _to_grey(img)
    except InputError:
        raise
    except (OSError, EOFError, ValueError, SyntaxError) as exc:
        raise InputError(f"{path.name}: image page {plan.page_index + 1} cannot be decoded: {exc}",
                         reason="truncated" if "truncated" in str(exc).lower() else "corrupt_image", page_no=plan.page_index + 1) from exc
    finally:
        if frame is not img:
            img.close()
    dpi = plan.native_dpi
    scale = min(1.0, math.sqrt(MAX_OCR_PIXELS / max(1, frame.width * frame.height)),
                MAX_OCR_SIDE / max(frame.width, frame.height, 1))
    if dpi and frame.width != plan.width:
        dpi = dpi * frame.width / plan.width
    if scale < 1.0:
        # box-average by a whole factor: several times faster than a Lanczos resize on 100 M px
        factor = math.ceil(1.0 / scale)
        width = frame.width
        frame = frame.reduce(factor)
        dpi = dpi * frame.width / width if dpi else None
    return frame, (round(dpi, 1) if dpi else None)


def _to_grey(img: Image.Image) -> Image.Image:
    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA")
        canvas = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        canvas.alpha_composite(rgba)
        return canvas.convert("L")
    if img.mode in ("CMYK", "RGB", "P", "YCbCr"):
        # (Adobe CMYK JPEGs are often stored inverted; Pillow's conversion handles the common case)
        from pipeline.imageprep import grey_without_highlights

        return grey_without_highlights(img.convert("RGB") if img.mode != "RGB" else img)
    if img.mode.startswith("I;16") or img.mode in ("I", "F"):
        return ImageOps.autocontrast(img.convert("I").point(lambda v: v / 256).convert("L"))
    return img.convert("L") if img.mode != "L" else img.copy()


# One open pdfplumber document per process, reused while the pages of the same file are read:
# reopening it for every page made a 100-page text PDF 3.5x slower. pdfplumber is not thread-safe
# (a flow may read pages from threads), hence the lock around every use.
_PLUMBER_LOCK = threading.Lock()
_PLUMBER: dict[str, Any] = {}


def _plumber_document(path: Path) -> Any:
    import pdfplumber

    stat = path.stat()
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    if _PLUMBER.get("key") == key:
        return _PLUMBER["pdf"]
    close_text_layers()
    pdf = pdfplumber.open(path)
    _PLUMBER.update(key=key, pdf=pdf)
    return pdf


def close_text_layers() -> None:
    """Close the cached pdfplumber document (``ocr_document`` does it when it is done)."""
    pdf = _PLUMBER.pop("pdf", None)
    _PLUMBER.pop("key", None)
    if pdf is not None:
        pdf.close()


def read_text_layer(path: Path, page_index: int) -> PageText:
    """The page's text layer with pdfplumber: words with boxes (PDF points), grouped into lines."""
    try:
        with _PLUMBER_LOCK:
            page = _plumber_document(path).pages[page_index]
            try:
                chars = page.chars
                if any(unmapped(str(c["text"])) for c in chars):
                    _read_unmapped_chars(path, page_index, chars)
                words = page.extract_words(keep_blank_chars=False, use_text_flow=False, x_tolerance=1.5,
                                           extra_attrs=["upright"])
                width, height = float(page.width), float(page.height)
            finally:
                page.close()  # drop the page's parsed objects: memory stays flat over long files
    except Exception as exc:  # noqa: BLE001 - pdfminer raises many types on broken content
        with _PLUMBER_LOCK:
            close_text_layers()
        raise InputError(f"{path.name}: text layer of page {page_index + 1} unreadable: {exc}",
                         reason="corrupt_pdf", page_no=page_index + 1) from exc
    # a word whose middle lies off the page is not printed on it (a viewer clips it): the text of the
    # next page of a spread, left in this page's content by a gazette's layout program
    # (maceio-dec8052-2015: a fifth of the words, the neighbouring page's column glued to this one's)
    words = [w for w in words if 0 <= (w["x0"] + w["x1"]) / 2 <= width and 0 <= (w["top"] + w["bottom"]) / 2 <= height]
    upright = [w for w in words if w.get("upright", True)]
    turned = [w for w in words if not w.get("upright", True)]
    return PageText(page_index=page_index, method="text", width=width, height=height,
                    lines=group_words(upright) + group_turned_words(turned))


def unmapped(text: str) -> bool:
    """Whether pdfminer could not map a character of the text layer to Unicode: U+FFFD, or
    '(cid:N)' (a font whose ToUnicode table is wrong or missing for that glyph)."""
    return text == "\ufffd" or text.startswith("(cid:")


def mend_unmapped(chars: Sequence[dict[str, Any]], other: str) -> int:
    """Give each unmapped character of ``chars`` (pdfplumber's, in content-stream order, mutated in
    place) the character another reader of the same page (``other``: its text in the same order)
    read there. The two texts are walked side by side; a character is mended only where the other
    reader has one mapped character in its place and both read alike after it.
    Returns how many were mended. A font whose ToUnicode table maps its period to U+FFFD
    ('Art\ufffd 1o', 'Nº 1\ufffd653': Acre's state gazette of 2021) loses no label that way:
    PDFium maps the glyph by the font's own encoding."""
    # (spaces and line breaks aside: each reader places its own between words and lines)
    at = [k for k, c in enumerate(chars) if unmapped(str(c["text"])) or not str(c["text"]).isspace()]
    mine = "".join("\ufffd" if unmapped(str(chars[k]["text"])) else str(chars[k]["text"])[:1] for k in at)
    theirs = "".join(ch for ch in other if not ch.isspace())
    mended = 0
    i = j = 0
    while i < len(mine) and j < len(theirs):
        if mine[i] == theirs[j]:
            i, j = i + 1, j + 1
        elif mine[i] == "\ufffd" and not unmapped(theirs[j]) and _agree(mine, i + 1, theirs, j + 1):
            chars[at[i]]["text"] = theirs[j]
            mended += 1
            i, j = i + 1, j + 1
        else:
            # the readers part (a glyph one of them drops or splits): on from where they agree again
            i, j = _resync(mine, i, theirs, j)
    return mended


_AGREE = 4  # characters after an unmapped one that both readers must read alike
_RESYNC_WINDOW = 64  # how far ahead a parted reading looks for where the readers agree again


def _agree(mine: str, i: int, theirs: str, j: int, size: int = _AGREE, *, wild: bool = True) -> bool:
    """Whether ``mine[i:]`` and ``theirs[j:]`` read alike for ``size`` characters (or to the end;
    an unmapped character of mine matches any of theirs when ``wild``)."""
    for a, b in zip(mine[i:i + size], theirs[j:j + size], strict=False):
        if a != b and not (wild and a == "\ufffd"):
            return False
    return len(mine) - i >= size and len(theirs) - j >= size or (len(mine) - i) == (len(theirs) - j)


def _resync(mine: str, i: int, theirs: str, j: int) -> tuple[int, int]:
    """Where the two readings agree again after ``mine[i]`` / ``theirs[j]`` part: the nearest pair
    of places (fewest characters skipped) from which ``_AGREE * 2`` characters read the same (an
    unmapped one matching none: the place is found by what both read); past the window, one
    character of each skipped."""
    for skip in range(1, _RESYNC_WINDOW):
        for di in range(skip + 1):
            dj = skip - di
            if _agree(mine, i + di, theirs, j + dj, _AGREE * 2, wild=False):
                return i + di, j + dj
    return i + 1, j + 1


@_pdfium_serialised
def _read_unmapped_chars(path: Path, page_index: int, chars: Sequence[dict[str, Any]]) -> int:
    """:func:`mend_unmapped` with PDFium's text of the page as the other reader; a page PDFium
    cannot read leaves the characters as pdfminer read them."""
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError:
        return 0
    try:
        text = str(pdf[page_index].get_textpage().get_text_range())
    finally:
        pdf.close()
    return mend_unmapped(chars, text)


def group_turned_words(words: Iterable[dict[str, Any]], *, tolerance: float = 2.0) -> tuple[Line, ...]:
    """Words printed turned by 90° (a digital-signature stamp up a page's margin) as lines of
    their own, one per column, read bottom to top: pdfplumber gives their letters top to bottom
    ('ogidóc' for 'código'). Grouped with the upright words by their tops, they were glued into
    the body's lines ('... a ogidóc possibilidade de financiamento')."""
    columns: list[tuple[float, list[dict[str, Any]]]] = []
    for w in sorted(words, key=lambda w: float(w["x0"])):
        if columns and abs(columns[-1][0] - float(w["x0"])) <= tolerance:
            columns[-1][1].append(w)
        else:
            columns.append((float(w["x0"]), [w]))
    lines = []
    for _, col in columns:
        col.sort(key=lambda w: -float(w["bottom"]))
        lines.append(Line.of_words([
            Word(text=str(w["text"])[::-1], conf=None,
                 bbox=(float(w["x0"]), float(w["top"]), float(w["x1"]), float(w["bottom"])))
            for w in col
        ]))
    return tuple(lines)


def group_words(words: Iterable[dict[str, Any]], *, tolerance: float = 3.0) -> tuple[Line, ...]:
    """pdfplumber words to lines: a word joins the line whose top is within ``tolerance`` points."""
    rows: list[tuple[float, list[dict[str, Any]]]] = []
    for w in sorted(words, key=lambda w: (round(float(w["top"]), 1), float(w["x0"]))):
        top = float(w["top"])
        if rows and abs(rows[-1][0] - top) <= tolerance:
            rows[-1][1].append(w)
        else:
            rows.append((top, [w]))
    lines = []
    for _, row in rows:
        row.sort(key=lambda w: float(w["x0"]))
        lines.append(Line.of_words([
            Word(text=str(w["text"]), conf=None,
                 bbox=(float(w["x0"]), float(w["top"]), float(w["x1"]), float(w["bottom"])))
            for w in row
        ]))
    return tuple(lines)


# ---------------------------------------------------------------------------------------------
# A whole document


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


PageMapper = Callable[[Callable[[PagePlan], PageText], Sequence[PagePlan]], Iterable[PageText]]


def _read_or_record(path: Path, plan: PagePlan, *, config: OcrConfig, engine: OcrEngine,
                    text_layer: TextLayerEngine) -> PageText:
    """read_page, with an unreadable page recorded (method "none", error) instead of raised."""
    try:
        return read_page(path, plan, config=config, engine=engine, text_layer=text_layer)
    except (InputError, OcrError) as exc:
        return PageText(page_index=plan.page_index, method="none", width=plan.width, height=plan.height,
                        error=exc.page_error())


def default_workers() -> int:
    """The cores this process may run on (its CPU affinity): the default number of OCR workers,
    and of the batch flow's threads."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _pool_context() -> multiprocessing.context.BaseContext:
    # fork is fastest, but forking a multi-threaded parent (Prefect, dask) can deadlock a child.
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    if os.name != "posix":
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    # the server imports this module once; each worker then forks from it ready to read
    ctx.set_forkserver_preload([__name__])
    return ctx


def ocr_document(
    path: Path,
    *,
    config: OcrConfig,
    map_pages: PageMapper | None = None,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = None,
    engine: OcrEngine = TESSERACT,
    text_layer: TextLayerEngine = TEXT_LAYER,
) -> DocumentText:
    """Read every page of ``path`` into a :class:`DocumentText` (sha256 and backend set).

    Pages are read in parallel, one process (and one single-threaded Tesseract) per core, unless
    ``map_pages(func, plans)`` is given (e.g. a flow's own executor). A page that cannot be read
    is kept with ``method="none"`` and its error; when no page at all can be read the first
    page's error is raised. ``progress(done, total)`` is called as pages complete. ``engine``
    and ``text_layer`` read the pages (Tesseract and pdfplumber unless a test passes others).
    """
    path = Path(path)
    plans = plan_pages(path, config=config)
    digest = file_sha256(path)
    func = functools.partial(_read_or_record, path, config=config, engine=engine, text_layer=text_layer)
    total = len(plans)
    n_ocr = sum(1 for p in plans if p.kind == "image")
    try:
        if map_pages is not None:
            results: Iterable[PageText] = map_pages(func, plans)
            pages = _collect(results, total, progress)
        else:
            n_workers = min(workers or default_workers(), n_ocr)
            if n_workers <= 1:
                pages = _collect(map(func, plans), total, progress)
            else:
                with ProcessPoolExecutor(max_workers=n_workers, mp_context=_pool_context()) as pool:
                    pages = _collect(pool.map(func, plans), total, progress)
    finally:
        with _PLUMBER_LOCK:
            close_text_layers()
    if pages and all(p.method == "none" for p in pages):
        raise error_of_page(pages[0])
    pages.sort(key=lambda p: p.page_index)
    backend = engine.name(config) if any(p.method == "ocr" for p in pages) else (
        text_layer.name() if any(p.method == "text" for p in pages) else None)
    return DocumentText(source=str(path), sha256=digest, backend=backend, pages=tuple(pages))


def _collect(results: Iterable[PageText], total: int,
             progress: Callable[[int, int], None] | None) -> list[PageText]:
    pages = []
    for done, page in enumerate(results, start=1):
        pages.append(page)
        if progress is not None:
            progress(done, total)
    return pages
