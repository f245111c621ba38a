"""One file in, one norm out: the single-document path of ``locleg ingest`` and ``locleg ocr``.

No Prefect here: a single document must not pay the flow engine's start-up. The batch flow calls
the same two functions per document.
"""

from __future__ import annotations

from pathlib import Path

from models.norm import ActsDocument, NormDocument, NormMeta
from models.ocr import DocumentText
from pipeline.config import OcrConfig
from pipeline.ocr import ocr_document
from pipeline.textpages import document_from_text

TEXT_SUFFIXES = {".txt"}


def read_file(path: Path, *, config: OcrConfig) -> DocumentText:
    """Read a PDF or image (:func:`pipeline.ocr.ocr_document`), or a ``.txt`` of already-OCR'd
    text (pages separated by form feeds), into a :class:`DocumentText`."""
    path = Path(path)
    if path.suffix.lower() in TEXT_SUFFIXES:
        from pipeline.errors import FetchError
        from pipeline.ocr import check_source, file_sha256

        check_source(path)
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise FetchError(f"cannot read {path}: {exc.strerror or exc}", reason="unreadable_file") from exc
        doc = document_from_text(text, source=str(path))
        return doc.model_copy(update={"sha256": file_sha256(path)})
    return ocr_document(path, config=config)


def ingest_file(path: Path, *, meta: NormMeta | None, config: OcrConfig) -> NormDocument:
    """Read ``path`` and structure it into a :class:`NormDocument` (cleaning, segmentation).

    The structuring stage owns the whole output (the document block, the status, an error item
    per unread page, which makes an ``extracted`` result ``partial``); this adds the OCR
    settings it was read with.
    """
    doc = read_file(path, config=config)
    from pipeline.structure import structure_document

    return with_ocr_config(structure_document(doc, meta), config=config)


def ingest_acts(path: Path, *, meta: NormMeta | None, config: OcrConfig) -> ActsDocument:
    """Read ``path`` once and structure every act it holds as its own norm (a gazette)."""
    return structure_acts_of(read_file(path, config=config), meta, config=config)


def structure_acts_of(doc: DocumentText, meta: NormMeta | None, *, config: OcrConfig) -> ActsDocument:
    """Every act of an already-read document as its own norm, each with the OCR settings it was
    read with (the batch flow's path for a manifest line with ``"all_acts": true``)."""
    from pipeline.acts import acts_document

    record = acts_document(doc, meta)
    acts = [act.model_copy(update={"document": with_ocr_config(act.document, config=config)})
            for act in record.acts]
    return record.model_copy(update={"acts": acts})


def with_ocr_config(result: NormDocument, *, config: OcrConfig) -> NormDocument:
    """``result`` with the OCR settings its text was read with (``pipeline.ocr``): the one field
    of the output the structuring stage cannot know. A result that has them is returned as is."""
    if result.pipeline.ocr is not None:
        return result
    return result.model_copy(update={"pipeline": result.pipeline.model_copy(update={"ocr": config.settings()})})
