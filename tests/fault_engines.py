"""OCR engines that fail on one page, for fault tests (after OCRmyPDF's crash plugins).

:class:`FaultOnPage` reads every page with Tesseract except one, where it runs a stand-in
program through the same call (:class:`pipeline.ocr.Tesseract` with another executable): one
that dies of a segmentation fault, one that hangs past the timeout, one that prints garbage
instead of TSV; or it raises a Python error from the engine itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image

from models.ocr import Line
from pipeline.config import OcrConfig
from pipeline.ocr import TESSERACT, Tesseract

Fault = Literal["crash", "hang", "garbage"]

SCRIPTS: dict[Fault, str] = {
    "crash": 'echo "Segmentation fault" >&2\nkill -SEGV $$\n',
    "hang": "exec sleep 600\n",
    # a header, a word with a nonsense text and box, rows that are not numbers, binary junk
    "garbage": ("printf 'level\\tpage_num\\tblock_num\\tpar_num\\tline_num\\tword_num\\tleft\\ttop\\twidth"
                "\\theight\\tconf\\ttext\\n'\n"
                "printf '5\\t1\\t1\\t1\\t1\\t1\\t-40\\t99999\\t3\\t0\\t7.5\\t~~|¬¬|~~\\n'\n"
                "printf '5\\tx\\ty\\tz\\t\\t\\t\\t\\t\\t\\tnan\\t\\n'\n"
                # binary junk, the same every run: NUL, bytes that are no UTF-8, a bare carriage
                # return inside a field, a lone quote
                "printf '5\\t1\\t\\000\\377\\376\\t\\r1\\t\"\\t\\r\\n\\200\\201junk\\r\\r\\n'\n"),
}


def fault_program(directory: Path, fault: Fault) -> str:
    """An executable standing in for ``tesseract`` that fails as ``fault`` says."""
    path = directory / f"tesseract-{fault}"
    path.write_text("#!/bin/sh\n" + SCRIPTS[fault], encoding="utf-8")
    path.chmod(0o755)
    return str(path)


@dataclass(frozen=True)
class FaultOnPage:
    """Tesseract, except on page ``page_no`` (1-based): there ``program`` runs in its place, or
    the engine raises ``RuntimeError(raises)`` when that is given."""

    page_no: int
    program: str = "tesseract"
    raises: str | None = None

    def name(self, config: OcrConfig) -> str:
        return TESSERACT.name(config)

    def read(self, image: Image.Image, *, config: OcrConfig, dpi: float | None,
             page_no: int | None = None) -> tuple[Line, ...]:
        if page_no != self.page_no:
            return TESSERACT.read(image, config=config, dpi=dpi, page_no=page_no)
        if self.raises is not None:
            raise RuntimeError(self.raises)
        return Tesseract(self.program).read(image, config=config, dpi=dpi, page_no=page_no)
