"""The Python API of br-locleg ingest: three functions over the CLI's stages (see docs/api.md).

    from locleg.api import ingest, structure, export

    doc = ingest("lei-309-1990.pdf", meta={"uf": "MG", "municipio": "Itapecerica"})
    doc.norm.urn, doc.document.status, [u.id for u in doc.articulacao]

Everything returned is a :class:`models.norm.NormDocument` (pydantic v2; ``doc.model_dump()``
gives the JSON of ``locleg ingest``). Errors are :class:`pipeline.errors.LoclegError` subclasses
with ``category``, ``reason`` and ``message``.
"""

from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from models.norm import ActsDocument, NormDocument, NormMeta

if TYPE_CHECKING:  # the export module is imported when export() runs
    from corpus.export import ExportSummary

ExportFormat = Literal["lexml", "akn", "jsonl", "parquet"]

__all__ = ["ingest", "ingest_acts", "structure", "export", "ExportFormat", "NormDocument", "NormMeta", "ActsDocument"]


def _meta(meta: NormMeta | dict[str, Any] | None) -> NormMeta | None:
    if meta is None or isinstance(meta, NormMeta):
        return meta
    return NormMeta.model_validate(meta)


def ingest(path: str | PathLike[str], *, meta: NormMeta | dict[str, Any] | None = None,
           lang: str = "por", dpi: int = 300, psm: int = 4, prepare: bool = True) -> NormDocument:
    """One PDF or image (scanned, born-digital or mixed) through the whole pipeline, as
    ``locleg ingest`` does. ``meta``: the upstream record (keys of ``NormMeta``), all optional."""
    from pipeline.config import OcrConfig
    from pipeline.ingest import ingest_file

    return ingest_file(Path(path), meta=_meta(meta), config=OcrConfig(lang=lang, dpi=dpi, psm=psm, prepare=prepare))


def ingest_acts(path: str | PathLike[str], *, meta: NormMeta | dict[str, Any] | None = None,
                lang: str = "por", dpi: int = 300, psm: int = 4, prepare: bool = True) -> ActsDocument:
    """A gazette (or any document of several acts) read once, every act structured as its own
    norm, as ``locleg ingest --all-acts`` does. ``meta`` gives what the acts share (município, uf)."""
    from pipeline.config import OcrConfig
    from pipeline.ingest import ingest_acts as _ingest_acts

    return _ingest_acts(Path(path), meta=_meta(meta), config=OcrConfig(lang=lang, dpi=dpi, psm=psm, prepare=prepare))


def structure(text: str, *, meta: NormMeta | dict[str, Any] | None = None, source: str = "<text>") -> NormDocument:
    """Already-OCR'd text (pages separated by form feeds) cleaned, segmented and emitted, as
    ``locleg structure`` does."""
    from pipeline.structure import structure_document
    from pipeline.textpages import document_from_text

    return structure_document(document_from_text(text, source=source), _meta(meta))


def export(corpus_dir: str | PathLike[str], out: str | PathLike[str], *, fmt: ExportFormat = "parquet",
           validate: bool = False) -> ExportSummary:
    """A directory of output JSON as ``lexml``, ``akn``, ``jsonl`` or ``parquet`` (units, plus the
    norms table beside them), as ``locleg export`` does; returns the export summary
    (:class:`corpus.export.ExportSummary`: ``norms``, ``units``, ``files``, ``invalid`` ...)."""
    from corpus.export import export_corpus

    return export_corpus(Path(corpus_dir), Path(out), fmt=fmt, validate=validate)
