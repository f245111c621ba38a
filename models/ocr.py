"""What the OCR stage produces: pages of lines of words, with boxes and confidences.

These values are also what the OCR cache stores, so that cleaning and segmentation can be re-run
(``reprocess``) without OCR. Coordinates are pixels of the image Tesseract read (or PDF points
for a text-layer page), origin top-left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

OcrMode = Literal["auto", "always", "never"]
"""When a PDF page's text layer is read instead of OCR'ing the page: 'auto' when the layer passes the
quality test, 'always' OCRs every page (``--force-ocr``), 'never' trusts any text layer."""

BBox = tuple[float, float, float, float]
"""(x0, y0, x1, y1), origin top-left."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class OcrSettings(_Frozen):
    """The settings a document's pages were read with (``pipeline.ocr`` of the output): the fields of
    ``pipeline.config.OcrConfig``, typed (tests/test_models.py checks that the two agree)."""

    lang: str = Field(min_length=1, description="Tesseract language set ('por', 'por+eng')")
    dpi: int = Field(gt=0, description="rendering resolution of pages that are not a single embedded scan")
    native: bool = Field(description="a page that is one embedded image was read at that image's own resolution")
    psm: int = Field(ge=0, le=13, description="Tesseract page segmentation mode (4: one column of text)")
    oem: int = Field(ge=0, le=3, description="Tesseract OCR engine mode (1: the LSTM engine)")
    prepare: bool = Field(description="page images were prepared (orientation, deskew, binarisation) before Tesseract")
    min_text_chars: int = Field(
        ge=0, description="a PDF page whose text layer has fewer characters was OCR'd instead")
    timeout_s: float = Field(gt=0, description="seconds Tesseract was given per page")
    ocr: OcrMode = Field(
        description="'auto': a text layer that passes the quality test was read instead of OCR; 'always': every "
                    "page OCR'd (--force-ocr); 'never': any text layer trusted")


class Word(_Frozen):
    text: str
    conf: float | None = Field(None, ge=0, le=1, description="Tesseract word confidence in [0, 1]")
    bbox: BBox | None = None


class Line(_Frozen):
    text: str
    bbox: BBox | None = None
    conf: float | None = Field(None, ge=0, le=1, description="mean word confidence of the line")
    words: tuple[Word, ...] = ()

    @classmethod
    def of_words(cls, words: Sequence[Word]) -> Line:
        """The line these words make: their text joined by spaces, the box around theirs, the
        mean of their confidences."""
        boxes = [w.bbox for w in words if w.bbox is not None]
        bbox = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes)) if boxes else None
        confs = [w.conf for w in words if w.conf is not None]
        return cls(text=" ".join(w.text for w in words), bbox=bbox,
                   conf=sum(confs) / len(confs) if confs else None, words=tuple(words))


class PageError(_Frozen):
    """Why a page was not read: the error's category (``input``, ``ocr``), its stable reason code
    (``corrupt_pdf``, ``ocr_timeout``...) and its message."""

    category: str
    reason: str
    message: str

    @property
    def text(self) -> str:
        """``category:reason: message``, the form the output's error items carry."""
        return f"{self.category}:{self.reason}: {self.message}"

    @classmethod
    def parse(cls, text: str) -> PageError:
        """Read the ``category:reason: message`` form (how pages recorded their error before this
        type: OCR cache entries and stored OCR written then still load)."""
        head, sep, message = text.partition(": ")
        category, _, reason = head.partition(":")
        if not (sep and category and reason):  # not that form: keep the words whole
            return cls(category="input", reason="unreadable", message=text)
        return cls(category=category, reason=reason, message=message)


class PageText(_Frozen):
    """One page as read: by Tesseract (``ocr``), from the PDF text layer (``text``), given as
    plain text (``given``), or not read at all (``none``, with ``error``)."""

    page_index: int = Field(ge=0, description="0-based position of the page in the source")
    method: Literal["ocr", "text", "given", "none"]
    width: float | None = None
    height: float | None = None
    dpi: float | None = None
    rotation: int = Field(0, description="degrees the page image was rotated to be upright")
    skew: float = Field(0.0, description="degrees of skew corrected before OCR")
    lines: tuple[Line, ...] = ()
    confidence: float | None = Field(None, ge=0, le=1, description="mean word confidence")
    error: PageError | None = None
    text_layer_rejected: bool = Field(
        False, description="the page's text layer failed the quality test; the page was OCR'd")
    ocr_layer: bool = Field(
        False, description="the text layer read is an OCR layer laid over the page's scan by other "
                           "software (invisible text): OCR's readings, not born-digital text")

    @field_validator("error", mode="before")
    @classmethod
    def _error_from_text(cls, value: object) -> object:
        return PageError.parse(value) if isinstance(value, str) else value

    @property
    def page_no(self) -> int:
        return self.page_index + 1

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


class DocumentText(_Frozen):
    """All pages of one source document, in source order."""

    source: str
    sha256: str | None = None
    backend: str | None = None
    pages: tuple[PageText, ...] = ()

    @property
    def method(self) -> Literal["ocr", "text", "mixed", "given", "none"]:
        kinds: set[Literal["ocr", "text", "given", "none"]] = {p.method for p in self.pages if p.method != "none"}
        if not kinds:
            return "none"
        if len(kinds) == 1:
            return kinds.pop()
        return "mixed"

    @property
    def confidence(self) -> float | None:
        """Mean word confidence over all OCR'd words (None when nothing was OCR'd)."""
        confs = [w.conf for p in self.pages for ln in p.lines for w in ln.words if w.conf is not None]
        return sum(confs) / len(confs) if confs else None

    def map_pages(self, fn: Callable[[PageText], PageText]) -> DocumentText:
        """``fn`` on every page; the same object when it returns every page unchanged."""
        pages = tuple(fn(p) for p in self.pages)
        if all(a is b for a, b in zip(pages, self.pages, strict=True)):
            return self
        return self.model_copy(update={"pages": pages})

    def plain_text(self) -> str:
        """Pages separated by form feeds: what ``locleg structure`` reads back."""
        return "\f".join(p.text for p in self.pages)
