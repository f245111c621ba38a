"""One file in, one norm out: the single-document path of ``locleg ingest`` and ``locleg ocr``.

No Prefect here: a single document must not pay the flow engine's start-up. The batch flow calls
the same two functions per document.
"""

from __future__ import annotations

from pathlib import Path

from models.norm import ActsDocument, DocumentInfo, ErrorItem, NormDocument, NormMeta
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

    The document block (source, sha256, pages, method, backend, confidence) comes from the read
    when the structuring stage left it unset; unreadable pages become error items and make an
    ``extracted`` result ``partial`` (reason ``page_errors``).
    """
    doc = read_file(path, config=config)
    from pipeline.structure import structure_document

    result = structure_document(doc, meta)
    return complete_document(result, doc, config=config)


def ingest_acts(path: Path, *, meta: NormMeta | None, config: OcrConfig) -> ActsDocument:
    """Read ``path`` once and structure every act it holds as its own norm (a gazette)."""
    return structure_acts_of(read_file(path, config=config), meta, config=config)


def structure_acts_of(doc: DocumentText, meta: NormMeta | None, *, config: OcrConfig) -> ActsDocument:
    """Every act of an already-read document as its own norm, each completed with what the read
    knows (the batch flow's path for a manifest line with ``"all_acts": true``)."""
    from pipeline.acts import acts_document

    record = acts_document(doc, meta)
    acts = [act.model_copy(update={"document": complete_document(act.document, doc, config=config)})
            for act in record.acts]
    return record.model_copy(update={"acts": acts})


def complete_document(result: NormDocument, doc: DocumentText, *, config: OcrConfig) -> NormDocument:
    """Fill what the reading stage knows into ``result`` where the structuring stage did not."""
    info = result.document
    updates: dict[str, object] = {}
    if not info.source or info.source.startswith("<"):
        updates["source"] = doc.source
    if info.sha256 is None:
        updates["sha256"] = doc.sha256
    if not info.pages:
        updates["pages"] = len(doc.pages)
    if info.method == "none":
        updates["method"] = doc.method
    if info.backend is None:
        updates["backend"] = doc.backend
    if info.confidence is None and doc.confidence is not None:
        updates["confidence"] = round(doc.confidence, 4)
    unread = [p for p in doc.pages if p.method == "none"]
    if unread and info.status == "extracted":
        updates["status"] = "partial"
        updates["reason"] = "page_errors"  # the code structure_document uses
    new_info = DocumentInfo.model_validate({**info.model_dump(), **updates})
    errors = list(result.errors)
    known = {(e.component, e.page_no) for e in errors}
    for page in unread:
        if ("ocr", page.page_no) not in known:
            errors.append(ErrorItem(component="ocr", category=page.error.category if page.error else "input",
                                    message=page.error.text if page.error else "unreadable", page_no=page.page_no))
    pipeline_info = result.pipeline
    if not pipeline_info.ocr:
        pipeline_info = pipeline_info.model_copy(update={"ocr": config.as_dict()})
    return result.model_copy(update={"document": new_info, "errors": errors, "pipeline": pipeline_info})
