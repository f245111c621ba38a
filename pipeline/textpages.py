"""Already-OCR'd plain text as pages: the input of ``locleg structure``."""

from __future__ import annotations

from models.ocr import DocumentText, Line, PageText


def document_from_text(text: str, *, source: str = "<text>") -> DocumentText:
    """Split plain text into pages at form feeds; each text line becomes a ``Line``."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    pages = []
    for index, chunk in enumerate(text.split("\f")):
        lines = tuple(Line(text=raw) for raw in chunk.split("\n"))
        pages.append(PageText(page_index=index, method="given", lines=lines))
    return DocumentText(source=source, pages=tuple(pages))
