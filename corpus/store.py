"""The store of results: a tree of JSON files plus the catalog.

Layout under ``out``::

    <uf>/<municipio-slug>/<tipo-slug>-<numero>-<ano>.json     one NormDocument per document
    .ocr/<sha[:2]>/<sha256>.json.gz                          the OCR'd DocumentText (for reprocess)
    acts/<sha256[:16]>.json                                  a gazette's acts, each stored as its own norm
    .partial/                                                temporary files, renamed into place
    catalog.sqlite                                           unless --catalog postgresql://...

Names come from the norm's metadata, slugged to ``[a-z0-9-]`` (metadata can never name a path
outside the store). Unknown parts fall back to ``XX`` (uf), ``municipio-desconhecido``, ``norma``,
``sn`` (numero) and ``sd`` (ano); a document with neither numero nor ano is named by its key's
hash. When two documents would get the same name, the later one gets ``-<hash8>`` appended.

Writes are atomic: a temporary file in ``.partial/`` is fsynced then renamed over the target, so a
reader (or a run killed with SIGKILL) sees the old file or the new one. ``sweep_partials`` removes
the temporary files of dead processes of this host at the start of a run.

Replacement policy: a ``failed`` result never replaces a stored result that is not ``failed``
unless ``force``; the attempt is still recorded in the catalog (``document_runs``,
``documents.last_status``). Any other new result replaces the stored one (re-runs and
``reprocess`` reflect pipeline changes, better or worse).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import uuid
from dataclasses import dataclass
from pathlib import Path

from corpus.atomic import commit_file, sweep_dead_writers, writer_tag
from corpus.catalog import Catalog
from models.codes import ErrorCategory, ErrorComponent, ErrorReason
from models.norm import ActsDocument, NormDocument, NormMeta
from models.ocr import DocumentText
from pipeline.folding import strip_marks

STATUS_RANK = {"failed": 0, "needs_review": 1, "partial": 2, "extracted": 3}


@dataclass(frozen=True)
class StoreResult:
    doc_key: str
    status: str
    reason: str
    json_path: Path | None
    stored: bool
    """False when a worse result was refused and the previous one kept."""


def slugify(text: str | None, *, max_len: int = 60) -> str:
    """ASCII, lower case, ``[a-z0-9-]``: 'São José dos Campos' -> 'sao-jose-dos-campos'.

    Not ``fold_lower``: a file name keeps ASCII only (what has no ASCII form, 'ß' or '–', is
    dropped, not turned into a separator) and words are joined by hyphens."""
    if not text:
        return ""
    ascii_text = strip_marks(text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:max_len].rstrip("-")


def _hash8(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def norm_relpath(meta: NormMeta, doc_key: str) -> Path:
    """``<uf>/<municipio-slug>/<tipo-slug>-<numero>-<ano>.json`` with the documented fallbacks."""
    uf = meta.uf.upper() if meta.uf and re.fullmatch(r"[A-Za-z]{2}", meta.uf.strip()) else "XX"
    municipio = slugify(meta.municipio) or "municipio-desconhecido"
    tipo = slugify(meta.tipo) or "norma"
    numero = slugify(meta.numero, max_len=20) or "sn"
    ano = str(meta.ano) if meta.ano and 1000 <= meta.ano <= 2999 else "sd"
    if numero == "sn" and ano == "sd":
        name = f"{tipo}-{_hash8(doc_key)}"
    else:
        name = f"{tipo}-{numero}-{ano}"
    return Path(uf.strip()) / municipio / f"{name}.json"


class Store:
    """JSON tree + catalog under ``out``."""

    def __init__(self, out: Path, catalog: Catalog):
        self.out = Path(out).resolve()
        self.catalog = catalog
        self.partial_dir = self.out / ".partial"
        self.partial_dir.mkdir(parents=True, exist_ok=True)

    # -- atomic writes ----------------------------------------------------------------------
    def write_atomic(self, target: Path, data: bytes) -> None:
        """Write then rename; the temporary file lives in ``.partial/`` (same filesystem)."""
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.partial_dir / f"{writer_tag()}-{uuid.uuid4().hex}.tmp"
        try:
            commit_file(tmp.open("wb"), tmp, target, data)
        finally:
            tmp.unlink(missing_ok=True)

    def sweep_partials(self) -> int:
        """Remove temporary files left by dead processes of this host. Returns how many."""
        return sweep_dead_writers(self.partial_dir, "*.tmp")

    # -- paths ------------------------------------------------------------------------------
    def _free_relpath(self, meta: NormMeta, doc_key: str) -> Path:
        rel = norm_relpath(meta, doc_key)
        owner = self.catalog.path_owner(rel.as_posix())
        if owner is not None and owner != doc_key:
            rel = rel.with_name(f"{rel.stem}-{_hash8(doc_key)}.json")
        return rel

    def ocr_relpath(self, sha256: str) -> Path:
        return Path(".ocr") / sha256[:2] / f"{sha256}.json.gz"

    # -- save / load ------------------------------------------------------------------------
    def save(self, *, run_id: str, doc_key: str, source: str, result: NormDocument,
             ocr: DocumentText | None = None, manifest_meta: NormMeta | None = None,
             force: bool = False) -> StoreResult:
        """Store one document's result (and its OCR), applying the replacement policy."""
        status, reason = result.document.status, result.document.reason
        previous = self.catalog.get_document(doc_key)
        if (previous is not None and status == "failed" and previous.status != "failed" and not force
                and previous.json_path and (self.out / previous.json_path).is_file()):
            self.catalog.record_attempt(run_id=run_id, doc_key=doc_key, status=status, reason=reason)
            return StoreResult(doc_key, status, reason, self.out / previous.json_path, stored=False)

        ocr_rel: str | None = previous.ocr_path if previous else None
        if ocr is not None and ocr.sha256:
            rel = self.ocr_relpath(ocr.sha256)
            self.write_atomic(self.out / rel, gzip.compress(ocr.model_dump_json().encode("utf-8"), 6))
            ocr_rel = rel.as_posix()

        rel_json = self._free_relpath(result.norm, doc_key)
        self.write_atomic(self.out / rel_json, (result.model_dump_json(indent=2) + "\n").encode("utf-8"))
        if previous is not None and previous.json_path and previous.json_path != rel_json.as_posix():
            # The name changed (better metadata): the old file must not linger as a duplicate.
            old = (self.out / previous.json_path).resolve()
            if old.is_relative_to(self.out):
                old.unlink(missing_ok=True)
        meta_json = (manifest_meta or NormMeta()).model_dump_json(exclude_defaults=True)
        self.catalog.record_document(run_id=run_id, doc_key=doc_key, source=source, result=result,
                                     json_path=rel_json.as_posix(), ocr_path=ocr_rel, meta_json=meta_json)
        return StoreResult(doc_key, status, reason, self.out / rel_json, stored=True)

    def save_acts_index(self, *, source: str, doc_key: str, record: ActsDocument,
                        stored: list[tuple[str, str | None]]) -> Path:
        """A gazette's record of its acts, ``acts/<sha256[:16]>.json`` (named by the key's hash
        when the bytes have none): each act's identity, its status and its JSON relative to the
        store. ``stored``: per act of ``record``, the status and JSON path it was stored with."""
        acts = [{"tipo": act.tipo, "numero": act.numero, "ano": act.ano, "epigrafe": act.epigrafe,
                 "page_no": act.page_no, "status": status,
                 "json_path": Path(json_path).relative_to(self.out).as_posix() if json_path else None}
                for act, (status, json_path) in zip(record.acts, stored, strict=True)]
        index = {"source": source, "sha256": record.sha256, "pages": record.pages, "acts": acts}
        name = (record.sha256 or hashlib.sha256(doc_key.encode()).hexdigest())[:16]
        target = self.out / "acts" / f"{name}.json"
        self.write_atomic(target, (json.dumps(index, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
        return target

    def load_ocr(self, ocr_path: str) -> DocumentText:
        path = (self.out / ocr_path).resolve()
        if not path.is_relative_to(self.out):
            raise ValueError(f"OCR path outside the store: {ocr_path}")
        return DocumentText.model_validate_json(gzip.decompress(path.read_bytes()))


def failed_result(*, source: str, meta: NormMeta | None, reason: ErrorReason, message: str,
                  category: ErrorCategory = "input", component: ErrorComponent = "ingest", sha256: str | None = None,
                  pages: int = 0, page_no: int | None = None) -> NormDocument:
    """The record of a document that could not be processed: status ``failed`` with its reason."""
    from models.norm import DocumentInfo, ErrorItem, PipelineInfo
    from pipeline.urn import build_urn

    norm = meta or NormMeta()
    return NormDocument(
        pipeline=PipelineInfo(version=_pipeline_version(), ruleset_version=_ruleset_version()),
        # the URN is built from the record's keys, as for a structured norm (never an upstream string)
        norm=norm.model_copy(update={"urn": build_urn(norm)}),
        document=DocumentInfo(source=source, sha256=sha256, pages=pages, status="failed", reason=reason),
        errors=[ErrorItem(component=component, category=category, message=message, page_no=page_no)],
    )


def _pipeline_version() -> str:
    from pipeline import __version__

    return __version__


def _ruleset_version() -> str:
    from pipeline.ruleset import ruleset_version

    return ruleset_version()
