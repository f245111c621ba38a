"""What reads a page: the two small protocols the OCR stage calls through.

``pipeline.ocr`` reads a page image with an :class:`OcrEngine` (``pipeline.ocr.Tesseract``; a test
passes a faulty one) and a PDF page's own text with a :class:`TextLayerEngine`
(``pipeline.ocr.PdfTextLayer``). The recipe around them (planning, rendering, preparation, the
upside-down and margin re-reads, the text-layer check) is the OCR stage's, whatever the engine.
An engine raises :class:`pipeline.errors.OcrError` or :class:`~pipeline.errors.InputError` for
a page it cannot read; the stage records that page's error and reads the others. Engines are
passed to page workers in other processes: they must pickle (a module-level class does).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PIL import Image

from models.ocr import Line, PageText
from pipeline.config import OcrConfig


class OcrEngine(Protocol):
    """Reads the lines of a page image (Tesseract in production)."""

    def name(self, config: OcrConfig) -> str:
        """The backend as recorded in the output, e.g. ``"tesseract 5.3.0 (por)"``."""
        ...

    def read(self, image: Image.Image, *, config: OcrConfig, dpi: float | None,
             page_no: int | None = None) -> tuple[Line, ...]:
        """The image's lines of words (boxes in its pixels, confidences in [0, 1])."""
        ...


class TextLayerEngine(Protocol):
    """Reads the text layer of one PDF page (pdfplumber in production)."""

    def name(self) -> str:
        """The backend as recorded in the output when no page was OCR'd."""
        ...

    def read(self, path: Path, page_index: int) -> PageText:
        """The page's words as a ``method="text"`` page (boxes in PDF points)."""
        ...
