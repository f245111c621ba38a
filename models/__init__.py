"""The data contract of br-locleg ingest: every record the pipeline emits or stores.

pydantic v2 models with ``extra="forbid"``; no I/O here. ``locleg schema`` prints the JSON
Schema generated from :class:`models.norm.NormDocument`; ``models/schema.json`` is that schema,
committed and checked by the tests.
"""

from models.norm import (
    SCHEMA_VERSION,
    Anexo,
    DocumentInfo,
    ErrorItem,
    Fecho,
    Neighbor,
    NormDocument,
    NormMeta,
    NormRef,
    PipelineInfo,
    Reference,
    Signatario,
    Unit,
    WarningItem,
)
from models.ocr import DocumentText, Line, PageError, PageText, Word

__all__ = [
    "SCHEMA_VERSION",
    "DocumentInfo",
    "DocumentText",
    "ErrorItem",
    "Anexo",
    "Fecho",
    "Line",
    "Neighbor",
    "NormDocument",
    "NormMeta",
    "NormRef",
    "PageError",
    "PageText",
    "PipelineInfo",
    "Reference",
    "Signatario",
    "Unit",
    "WarningItem",
    "Word",
]
