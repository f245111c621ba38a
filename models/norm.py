"""The emitted JSON of one norm (``NormDocument``) and its parts.

Domain words are Portuguese terms of art (artigo, inciso, fecho, signatários); machinery is
English. Unit ids follow the LexML Brasil convention (``art5_par2_inc3_ali1``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from models.codes import (
    DocumentReason,
    ErrorCategory,
    ErrorComponent,
    StatusReason,
    WarningCode,
)
from models.ocr import OcrSettings

SCHEMA_VERSION = "2.0.0"

SCHEMA_ID = "urn:uuid:0e674b28-8369-55c8-8985-7a3607472f1f"
"""The JSON Schema's ``$id``: a name, not a location (the project has no web host of its own, and
a URN does not break when the repository moves). It is
``uuid5(NAMESPACE_URL, "br-locleg-ingest/schema/norm-document/v<major>")`` of SCHEMA_VERSION's
major version: it changes only with an incompatible schema (tests/test_models.py checks the
derivation); ``schema_version`` gives the exact version. docs/output.md, "The schema"."""

Status = Literal["extracted", "partial", "needs_review", "failed"]
Reason = StatusReason
"""Why a document is not ``extracted`` (``DocumentInfo.reasons``); see models/codes.py."""
UnitType = Literal[
    "parte", "livro", "titulo", "capitulo", "secao", "subsecao",
    "artigo", "paragrafo", "inciso", "alinea", "item", "alteracao",
]
"""A unit's kind: the kinds of models.units (levels, LexML and AKN names) and the alteração."""


_BR_DATE = re.compile(r"^(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})(?:[ T].*)?$")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NormMeta(_Model):
    """The norm's identity: from the upstream record, completed from the text."""

    tipo: str | None = Field(None, description="e.g. 'Lei Ordinária', 'Lei Complementar', 'Decreto'")
    numero: str | None = Field(None, description="digits only, no separators ('1433' for '1.433')")
    ano: int | None = Field(None, description="year of the norm")
    data: dt.date | None = Field(None, description="date of the norm, ISO 8601")
    municipio: str | None = Field(None, description="the municipality's name (as the IBGE list spells it when matched)")
    uf: str | None = Field(None, description="two-letter state code")
    ementa: str | None = Field(None, description="the upstream record's ementa (the text's is NormDocument.ementa)")
    native_id: str | None = Field(None, description="the upstream crawler's id")
    ibge_code: int | None = Field(None, description="IBGE code of the municipality, when matched")
    urn: str | None = Field(None, description="LexML URN of the norm")
    sources: dict[str, Literal["metadata", "text"]] = Field(
        default_factory=dict, description="for each field set, where its value came from"
    )

    @field_validator("uf", mode="before")
    @classmethod
    def _uf_code(cls, value: object) -> object:
        """Upstream records write the UF as they please ('sp', ' SP '): the output's is upper case."""
        if isinstance(value, str):
            code = value.strip()
            if not code:
                return None
            return code.upper() if len(code) == 2 else code
        return value

    @field_validator("data", mode="before")
    @classmethod
    def _brazilian_date(cls, value: object) -> object:
        """Upstream records write dates as Brazilian portals do ('22/06/1994', '22.06.1994',
        '22-06-1994', with or without a time); ISO dates pass through."""
        if isinstance(value, str):
            m = _BR_DATE.match(value.strip())
            if m:
                day, month, year = (int(g) for g in m.groups())
                try:
                    return dt.date(year, month, day)
                except ValueError as exc:
                    raise ValueError(f"not a date: {value!r}") from exc
            if value.strip() == "":
                return None
        return value


class NormRef(_Model):
    """A norm cited by the text (another law, the norm an alteração amends)."""

    tipo: str | None = Field(None, description="LexML tipo token ('lei', 'lei.complementar', 'decreto' ...)")
    numero: str | None = Field(None, description="digits only, as NormMeta.numero")
    ano: int | None = Field(None, description="year, when the citation gives it")
    jurisdicao: str | None = Field(None, description="'federal', 'estadual', 'municipal' when said")


ReferenceKind = Literal["internal", "external", "revocation", "amount", "deadline"]


class Reference(_Model):
    """A span of a unit's text that refers to something: another unit, another norm, an amount."""

    kind: ReferenceKind = Field(
        description="another unit of this norm, another norm, a norm revoked, an amount, a deadline")
    text: str = Field(description="the span of the unit's text that refers")
    target: str | NormRef | None = Field(
        None, description="unit id (internal) or the cited norm (external, revocation)"
    )
    value: float | None = Field(None, description="amount or deadline only: the number (30 for '30 (trinta) dias')")
    unit: str | None = Field(None, description="amount or deadline only: its unit ('dias', 'UT', 'R$')")


class Unit(_Model):
    """A node of the articulação: an agrupador (parte..subsecao) or a dispositivo."""

    id: str = Field(description="LexML Brasil id of the unit, unique in the norm ('art5_par2_inc3_ali1')")
    type: UnitType = Field(description="agrupador (parte..subsecao), dispositivo (artigo..item) or alteracao")
    number: str | None = Field(None, description="normalised: '5', 'único', 'III', 'c'")
    label: str | None = Field(None, description="the label as printed ('ARTIGO 102:-', '8 1º')")
    title: str | None = Field(None, description="agrupadores only: the heading's title")
    text: str = Field("", description="the unit's own text, without its label and children")
    pages: tuple[int, int] | None = Field(None, description="first and last page_no (1-based)")
    confidence: float | None = Field(None, ge=0, le=1, description="mean OCR confidence of its words (null: not OCR'd)")
    vetado: bool = Field(False, description="the unit was vetoed (its text reads 'VETADO')")
    table: bool = Field(False, description="holds a table kept as text (not split into units)")
    references: list[Reference] = Field(default_factory=list, description="what its text refers to")
    target: NormRef | None = Field(
        None, description="alteracao only: the norm whose provisions are quoted (amended)"
    )
    target_unit: str | None = Field(
        None, description="alteracao only: id of the first quoted provision in the amended norm ('art5')"
    )
    children: list[Unit] = Field(default_factory=list, description="the units it holds, in order")


def walk_units(units: Iterable[Unit]) -> Iterator[Unit]:
    """Every unit of a tree, each before the units it holds (document order)."""
    for unit in units:
        yield unit
        yield from walk_units(unit.children)


class Signatario(_Model):
    """One who signed the norm."""

    nome: str = Field(description="the name as printed")
    cargo: str | None = Field(None, description="the office under the name ('Prefeito Municipal')")


class Fecho(_Model):
    """The closing: place and date of the signing, and who signed."""

    text: str = Field("", description="the closing line(s) as read")
    local: str | None = Field(None, description="the place it names ('Prefeitura Municipal de Canguçu')")
    data: dt.date | None = Field(None, description="the date it names, ISO 8601")
    signatarios: list[Signatario] = Field(default_factory=list, description="the signatures, in order")
    pages: tuple[int, int] | None = Field(None, description="first and last page_no (1-based)")


class Anexo(_Model):
    """An annex of the norm, kept as text."""

    label: str = Field(description="its heading as printed ('ANEXO I')")
    text: str = Field("", description="its text")
    pages: tuple[int, int] | None = Field(None, description="first and last page_no (1-based)")


class AppendedText(_Model):
    """A text printed with the norm that is no part of it: its table of contents (before the
    articulação), a bill's justificativa, the mensagem or ofício that sent it, the reasons of a
    veto, a parecer, a certidão de publicação (after it)."""

    kind: Literal["sumario", "justificativa", "exposicao_de_motivos", "mensagem", "razoes_do_veto", "parecer",
                  "certidao", "oficio"] = Field(description="what the text is, from its title or its shape")
    label: str = Field(description="its title line as printed ('JUSTIFICATIVA', 'Ofício Nº 338/89 - GP')")
    text: str = Field("", description="its text")
    pages: tuple[int, int] | None = Field(None, description="first and last page_no (1-based)")


class Neighbor(_Model):
    """Another norm printed on the same pages (the end of the previous law, the next law)."""

    epigrafe: str | None = Field(None, description="its epígrafe as read, when seen")
    tipo: str | None = Field(None, description="its tipo, from that epígrafe")
    numero: str | None = Field(None, description="its número, from that epígrafe")
    ano: int | None = Field(None, description="its year, from that epígrafe")
    pages: tuple[int, int] | None = Field(None, description="first and last page_no it covers (1-based)")
    articles: int = Field(0, description="how many of its articles were set aside")


class WarningItem(_Model):
    """A repair or a doubt worth a look; the document is still usable."""

    code: WarningCode = Field(description="stable machine code (models/codes.py; docs/output.md, 'Warning codes')")
    message: str = Field(description="what was repaired or doubted, for a person")
    id: str | None = Field(None, description="the unit concerned, if any")
    page_no: int | None = Field(None, description="the page concerned (1-based), if any")


class ErrorItem(_Model):
    """A structured error: which component failed, of what category, on which page."""

    component: ErrorComponent = Field(description="the stage that failed")
    category: ErrorCategory = Field(
        description="the error's category: the class of the error (pipeline.errors), 'page' for a page's recorded error")
    message: str = Field(description="category:reason: message, one line")
    page_no: int | None = Field(None, description="the page concerned (1-based), if any")


class WordCorrection(_Model):
    """A word post-OCR correction changed (``pipeline.correction``): as read, as emitted."""

    page_no: int = Field(ge=1, description="the page of the word (1-based)")
    original: str = Field(description="the word as Tesseract read it")
    replacement: str = Field(description="the lexicon word it was changed to")


class DocumentInfo(_Model):
    """The source document and how it was read."""

    source: str = Field(description="the path or URL read")
    sha256: str | None = Field(None, description="sha256 of the source's bytes (hex)")
    pages: int = Field(0, description="pages in the source")
    method: Literal["ocr", "text", "mixed", "given", "none"] = Field(
        "none", description="how its text was had: OCR, the text layer, both, given as text, not at all")
    backend: str | None = Field(None, description="e.g. 'tesseract 5.3.0 (por)'")
    confidence: float | None = Field(None, ge=0, le=1, description="mean OCR word confidence")
    status: Status = Field("extracted", description="extracted (trusted), partial, needs_review, failed")
    reason: DocumentReason = Field(
        "ok", description="reason code for the status: 'ok', the most severe of reasons, or the failure's error reason "
                          "(models/codes.py; docs/output.md, 'Status and reasons')")
    reasons: list[Reason] = Field(
        default_factory=list, description="every reason the document is not 'extracted' (empty when it is)"
    )
    page_order: list[int] | None = Field(
        None, description="page_no in reading order, when it differs from the source order"
    )
    corrections: list[WordCorrection] = Field(
        default_factory=list,
        description="words of OCR'd pages changed by post-OCR correction, in reading order (since schema 1.2.0)")


class PipelineInfo(_Model):
    """What made the output."""

    version: str = Field(description="the pipeline's version")
    ruleset_version: str = Field(description="digest of the rules that read the text (pipeline.ruleset): label grammar, data tables, rule code; equal exactly when the rules are")
    ocr: OcrSettings | None = Field(
        None, description="the OCR settings the text was read with (pipeline.config.OcrConfig); null when the "
                          "text was given (locleg structure) or the document failed before it was read")

    @field_validator("ocr", mode="before")
    @classmethod
    def _no_settings(cls, value: object) -> object:
        """Files written before schema 2.0.0 carry ``{}`` where the settings are unknown."""
        return None if value == {} else value


class NormDocument(_Model):
    """One norm as emitted by the pipeline: the JSON downstream consumers rely on."""

    schema_version: str = Field(SCHEMA_VERSION, description="the version of this schema the file follows")
    pipeline: PipelineInfo = Field(description="what made the output (versions, OCR settings)")
    norm: NormMeta = Field(description="the norm's identity")
    document: DocumentInfo = Field(description="the source and how it was read, status and reasons")
    epigrafe: str | None = Field(None, description="the epígrafe as read ('LEI Nº 309, DE 26 DE JUNHO DE 1990')")
    ementa: str | None = Field(None, description="the ementa as read from the text")
    preambulo: str | None = Field(None, description="the preâmbulo (enacting formula) as read")
    articulacao: list[Unit] = Field(default_factory=list, description="the norm's units, a tree")
    disposicoes_transitorias: list[Unit] = Field(
        default_factory=list,
        description="an act of transitional provisions printed after the articulação with its own numbering "
                    "(a Lei Orgânica's ADT, a constitution's ADCT): its units, ids in their own namespace (art1 ...)")
    fecho: Fecho | None = Field(None, description="the closing and signatures, when found")
    anexos: list[Anexo] = Field(default_factory=list, description="the norm's annexes")
    appended: list[AppendedText] = Field(
        default_factory=list, description="texts printed with the norm that are no part of it (never units)")
    neighbors: list[Neighbor] = Field(default_factory=list, description="other norms printed on the same pages, set aside")
    warnings: list[WarningItem] = Field(default_factory=list, description="every repair or doubt, with its code")
    errors: list[ErrorItem] = Field(default_factory=list, description="structured errors (a page not read ...)")


class ActEntry(_Model):
    """One act of a document that holds several (``locleg ingest --all-acts``)."""

    tipo: str = Field(description="the act's tipo as its epígrafe prints it")
    numero: str | None = Field(None, description="its número from the epígrafe, digits only (as NormMeta.numero)")
    ano: int | None = Field(None, description="its year from the epígrafe")
    epigrafe: str = Field(description="the act's epígrafe as read")
    page_no: int = Field(ge=1, description="1-based page where the epígrafe stands")
    document: NormDocument = Field(description="the act structured as its own norm")


class ActsDocument(_Model):
    """A gazette (or any document holding several acts): its record and every act in it."""

    schema_version: str = Field(SCHEMA_VERSION, description="the version of this schema the file follows")
    source: str = Field(description="the path or URL read")
    sha256: str | None = Field(None, description="sha256 of the source's bytes (hex)")
    pages: int = Field(ge=0, description="pages in the source")
    acts: list[ActEntry] = Field(default_factory=list, description="the acts in reading order")


UNIT_ID_PATTERN = r"^[a-z]+[0-9a-z-]*(_[a-z]+[0-9a-z-]*)*$"
"""A LexML Brasil unit id: 'art5_par2_inc3_ali1', 'art7-1' (Art. 7º-A), 'art3-dup1', 'art1_cpt_alt1_art5'."""
URN_PATTERN = r"^urn:lex:br(;[a-z0-9.-]+)*:[a-z0-9.]+:[a-z0-9.]+:[0-9]{4}(-[0-9]{2}-[0-9]{2})?;[0-9a-z.-]+$"
"""A LexML URN as ``pipeline.urn.build_urn`` writes it: 'urn:lex:br;sao.paulo;sao.joao.boa.vista:municipal:lei:1990-06-26;309'."""
SCHEMA_PATTERNS: tuple[tuple[str, str, str], ...] = (
    ("NormMeta", "uf", r"^[A-Z]{2}$"),
    ("NormMeta", "urn", URN_PATTERN),
    ("Unit", "id", UNIT_ID_PATTERN),
    ("Unit", "target_unit", UNIT_ID_PATTERN),
    ("Reference", "target", UNIT_ID_PATTERN),  # the string form: an internal reference's unit id
    ("WarningItem", "id", UNIT_ID_PATTERN),
    ("DocumentInfo", "sha256", r"^[0-9a-f]{64}$"),
)
"""(model, field, pattern) of the JSON Schema: the form every emitted value of the field has."""


def json_schema() -> dict:
    """The JSON Schema of :class:`NormDocument` (what ``locleg schema`` prints)."""
    schema = NormDocument.model_json_schema(mode="serialization")
    _require_all(schema)
    for d in schema.get("$defs", {}).values():
        _require_all(d)
    # Patterns the emitted values follow (upstream input is looser, so they are not model checks).
    defs = schema.get("$defs", {})
    for model, name, pattern in SCHEMA_PATTERNS:
        prop = defs[model]["properties"][name]
        alts = prop.get("anyOf", [prop])
        strings = [alt for alt in alts if alt.get("type") == "string"]
        if not strings:  # pragma: no cover - a table that names a field that is no string
            raise AssertionError(f"{model}.{name} has no string form to carry a pattern")
        for alt in strings:
            alt["pattern"] = pattern
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    return schema


def _require_all(obj: dict) -> None:
    """Every property is always emitted (``model_dump`` writes defaults and nulls), so every
    property is required: a consumer may rely on the key being there."""
    props = obj.get("properties")
    if isinstance(props, dict) and props:
        obj["required"] = list(props)
