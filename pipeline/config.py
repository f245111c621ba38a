"""Settings of the stages, as frozen values. Every OCR setting is part of the OCR cache key."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

from models.ocr import OcrMode, OcrSettings


@dataclass(frozen=True)
class OcrConfig:
    """How pages are read.

    lang: Tesseract language set (see README for the measured choice).
    dpi: rendering resolution for pages that are not a single embedded scan.
    native: read a page that is one embedded image at that image's own resolution.
    psm: Tesseract page segmentation mode.
    prepare: run page image preparation (orientation, deskew, binarisation) before Tesseract.
    min_text_chars: a PDF page whose text layer has fewer characters is OCR'd.
    ocr: "auto" reads a text layer when it passes the quality test (a layer over a full-page
        scan must agree with a quick OCR of a band of the page), "always" OCRs every page
        (``--force-ocr``).
    """

    lang: str = "por"
    dpi: int = 300
    native: bool = True
    psm: int = 4  # one column of text of varying sizes: measured in docs/ocr-quality.md
    oem: int = 1
    prepare: bool = True
    min_text_chars: int = 40
    timeout_s: float = 180.0
    ocr: OcrMode = "auto"

    def key(self) -> str:
        """Stable text of every setting, for cache keys and provenance."""
        return json.dumps(dataclasses.asdict(self), sort_keys=True)

    def as_dict(self) -> dict[str, str | int | float | bool]:
        """The settings with their types (``pipeline.ocr`` of the output: ``300``, ``True``)."""
        return dict(dataclasses.asdict(self))

    def settings(self) -> OcrSettings:
        """The settings as the output records them (``pipeline.ocr``, ``models.ocr.OcrSettings``)."""
        return OcrSettings(**dataclasses.asdict(self))
