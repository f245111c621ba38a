"""The structuring recipe: pages of text -> ``NormDocument``. Reads like the list of stages."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from models.codes import DocumentReason, StatusReason
from models.norm import (
    Anexo,
    AppendedText,
    DocumentInfo,
    ErrorItem,
    Fecho,
    Neighbor,
    NormDocument,
    NormMeta,
    PipelineInfo,
    Status,
    Unit,
    WarningItem,
    WordCorrection,
)
from models.ocr import DocumentText
from pipeline import __version__
from pipeline.alteracoes import quotation_doubts, resolve_alteracoes
from pipeline.cleaning import CleanConfig, CleanLine, clean_document, vocabulary
from pipeline.correction import Correction, correct_document
from pipeline.emission import emit_units, stamp_doubts
from pipeline.heap import settle
from pipeline.joining import join_lines
from pipeline.layout import read_layout
from pipeline.metadata import lookup_municipio, match_municipio, normalize_tipo, parse_date, parse_fecho
from pipeline.ruleset import ruleset_version
from pipeline.segmentation import Segmentation, segment_lines
from pipeline.segmenting.closing import PUBLICATION_ORDER
from pipeline.segmenting.numbering import SegmentConfig
from pipeline.status import Evidence, article_numbers, fecho_year_conflict, reasons_from, status_of


@dataclass(frozen=True)
class StructureConfig:
    clean: CleanConfig = field(default_factory=CleanConfig)
    segment: SegmentConfig = field(default_factory=SegmentConfig)
    references: bool = True
    correct: bool = True  # post-OCR word correction (pipeline.correction) on OCR'd pages


def structure_document(
    doc: DocumentText, meta: NormMeta | None = None, *, config: StructureConfig | None = None
) -> NormDocument:
    """Clean, segment and emit one document. Never raises on odd text: what cannot be
    recognised ends as warnings and a status.

    The recipe: each stage returns its value and its issues (warnings), and the output's
    warnings are those issues in the order of the stages."""
    config = config or StructureConfig()
    meta = meta or NormMeta()
    doc = read_layout(doc)
    corrections: tuple[Correction, ...] = ()
    if config.correct and any(p.method == "ocr" for p in doc.pages):
        doc, corrections = correct_document(doc)
    lines = clean_document(doc, config=config.clean)
    vocab = vocabulary(lines)
    numero = normalize_numero(meta.numero, meta.ano) if meta.numero else None
    seg = segment_lines(lines, numero=numero, ano=meta.ano, tipo=meta.tipo, ementa=meta.ementa,
                        config=config.segment)
    units, unit_issues = emit_units(seg.articulacao, seg.issues, vocab)
    transitorias, transit_issues = emit_transitorias(seg, vocab)
    fecho = build_fecho(seg, vocab)
    norm, meta_issues = complete_meta(meta, seg, [ln.text for ln in lines], fecho=fecho)
    reference_issues: list[WarningItem] = []
    if config.references and units:
        units, reference_issues = find_unit_references(units, norm)
        units = resolve_alteracoes(units)  # issue 12: what each alteração amends; revocations
    errors = page_errors(doc)
    conflict = fecho_year_conflict(norm.ano, fecho.data if fecho else None,
                                   seg.epigrafe.ano if seg.epigrafe else None)
    warnings = [*unit_issues, *quotation_doubts(units), *stamp_doubts(units), *transit_issues, *meta_issues, *reference_issues,
                *([conflict] if conflict else [])]
    (status, reason), status_issues = decide_status(units, seg, doc, errors)
    warnings += status_issues
    reasons: list[StatusReason] = []
    if status == "extracted" or reason == "page_errors":
        reasons = reasons_from(Evidence(
            articles=article_numbers(units),
            # an epígrafe that names the norm: its número and ano known (from it or the record)
            # (a Lei Orgânica carries no número: its tipo and year name it)
            has_epigrafe=seg.epigrafe is not None and norm.ano is not None and (
                norm.numero is not None or norm.tipo == "Lei Orgânica"),
            # (signatures with no place and date read, OCR's wreck of them: where the law ends was
            # inferred from the signatures alone, no closing was read)
            has_fecho=fecho is not None and (fecho.data is not None or (bool(fecho.signatarios) and bool(fecho.text))),
            meta_named=meta.numero is not None, confidence=doc.confidence,
            page_errors=sum(1 for p in doc.pages if p.error or p.method == "none"),
            warning_codes=frozenset(w.code for w in warnings),
            turned_pages=sum(1 for p in doc.pages if p.rotation % 360),
            rejected_layers=sum(1 for p in doc.pages if p.text_layer_rejected),
            # (a neighbour with more articles than this norm is one too, its epígrafe unread: the
            # norm an epígrafe names was taken before it, a choice the record makes, ce-dec44-2013)
            other_norms=sum(1 for n in seg.neighbors if n.articles and (
                n.epigrafe is not None or n.articles > len(article_numbers(units)))),
        ))
        status, reason = status_of(reasons, meta_named=meta.numero is not None)
    settle()  # once per process: what the first document loaded for good, out of the collector's way
    return NormDocument(
        pipeline=PipelineInfo(version=__version__, ruleset_version=ruleset_version()),
        norm=norm,
        document=DocumentInfo(
            source=doc.source, sha256=doc.sha256, pages=len(doc.pages), method=doc.method,
            backend=doc.backend, confidence=_round(doc.confidence), status=status, reason=reason,
            reasons=reasons,
            page_order=seg.page_order,
            corrections=[WordCorrection(page_no=c.page_index + 1, original=c.original, replacement=c.replacement)
                         for c in corrections],
        ),
        epigrafe=seg.epigrafe.text if seg.epigrafe else None,
        ementa=clean_ementa(join_lines([ln.text for ln in seg.ementa], vocab)) or None,
        preambulo=join_lines([ln.text for ln in seg.preambulo], vocab) or None,
        articulacao=units,
        disposicoes_transitorias=transitorias,
        fecho=fecho,
        anexos=build_anexos(seg, vocab),
        appended=build_appended(seg, vocab),
        neighbors=[
            Neighbor(epigrafe=n.text, tipo=n.epigrafe.tipo if n.epigrafe else None,
                     numero=n.epigrafe.numero if n.epigrafe else None,
                     ano=n.epigrafe.ano if n.epigrafe else None, pages=n.pages, articles=n.articles)
            for n in seg.neighbors
        ],
        warnings=warnings,
        errors=errors,
    )


def emit_transitorias(seg: Segmentation, vocab: frozenset[str]) -> tuple[list[Unit], list[WarningItem]]:
    """The disposições transitórias (an ADT numbered from 1 again) as units, and their issues."""
    units, issues = emit_units(seg.transitorias, seg.transit_issues, vocab)
    # their ids are another namespace's: the message says so
    return units, [w.model_copy(update={"message": f"(disposições transitórias) {w.message}"}) for w in issues]


def page_errors(doc: DocumentText) -> list[ErrorItem]:
    """One error item per page that was not read: its error as recorded, or ``unreadable``."""
    recorded = [ErrorItem(component="ocr", category="page", message=p.error.text, page_no=p.page_no)
                for p in doc.pages if p.error]
    bare = [ErrorItem(component="ocr", category="input", message="unreadable", page_no=p.page_no)
            for p in doc.pages if p.method == "none" and not p.error]
    return recorded + bare


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def clean_ementa(text: str) -> str:
    """The ementa without junk before its opening quote and without the quotes."""
    quote = re.search(r"[\"“”]", text[:12])
    if quote:
        text = text[quote.end():]
    return text.strip().strip("\"“”'").strip()


def normalize_numero(numero: str, ano: int | None) -> str:
    """Digits without separators; crawlers write '345/80', where the '/yy' is the year."""
    numero = re.sub(r"[.\s]", "", numero)
    m = re.fullmatch(r"(\d+)/(\d{2}|\d{4})", numero)
    if m and (ano is None or str(ano).endswith(m.group(2))):
        return m.group(1)
    return numero


def complete_meta(
    meta: NormMeta, seg: Segmentation, all_lines: list[str], *, fecho: Fecho | None = None,
) -> tuple[NormMeta, list[WarningItem]]:
    """Fill what the upstream record lacks from the text; the contradictions are its issues.

    The date comes from the epígrafe, else from a 'De 22 de agosto de 1978' line right after
    it, else from the fecho when its year is the norm's year.
    """
    warnings: list[WarningItem] = []
    values = meta.model_dump()
    sources = dict(meta.sources)
    for key in ("tipo", "numero", "ano", "data", "municipio", "uf", "ementa", "native_id"):
        if values.get(key) is not None:
            sources.setdefault(key, "metadata")
    if values.get("numero") is not None:
        values["numero"] = normalize_numero(str(values["numero"]), values.get("ano"))
    epi = seg.epigrafe
    if epi is not None:
        found = {"tipo": epi.tipo, "numero": epi.numero, "ano": epi.ano, "data": epi.data}
        for key, value in found.items():
            if value is None:
                continue
            have = values.get(key)
            if have is None:
                values[key] = value
                sources[key] = "text"
            elif key == "numero" and str(have).lstrip("0") != str(value).lstrip("0"):
                warnings.append(WarningItem(
                    code="metadata_mismatch",
                    message=f"metadata says número {have}, the epígrafe '{epi.text}' says {value}; "
                            "used the metadata",
                ))
            elif key in ("ano", "data") and have != value:
                warnings.append(WarningItem(
                    code="metadata_mismatch",
                    message=f"metadata says {key} {have}, the epígrafe says {value}; used the metadata",
                ))
    if values.get("data") is None:
        candidates = []
        if seg.ementa:
            first = seg.ementa[0].text.strip()
            if re.match(r"^(de|em)\s+\d", first, re.I):
                candidates.append(parse_date(first))
        if fecho is not None:
            candidates.append(fecho.data)
        for date in candidates:
            if date is not None and (values.get("ano") is None or date.year == values["ano"]):
                values["data"], sources["data"] = date, "text"
                if values.get("ano") is None:
                    values["ano"], sources["ano"] = date.year, "text"
                break
    if values.get("tipo"):
        values["tipo"] = normalize_tipo(values["tipo"])
    if values.get("municipio") is not None:
        given = lookup_municipio(values["municipio"], uf=values.get("uf"))
        if given is not None:
            values["ibge_code"] = given.ibge_code
            if values.get("uf") is None:
                values["uf"], sources["uf"] = given.uf, "text"
    if values.get("municipio") is None or values.get("uf") is None:
        match = match_municipio(all_lines, uf=values.get("uf"))
        if match is not None:
            if values.get("municipio") is None:
                values["municipio"], sources["municipio"] = match.name, "text"
            if values.get("uf") is None:
                values["uf"], sources["uf"] = match.uf, "text"
            values["ibge_code"] = match.ibge_code
    if values.get("ementa") is None and seg.ementa:
        ementa = clean_ementa(join_lines([ln.text for ln in seg.ementa]))
        if ementa:
            values["ementa"], sources["ementa"] = ementa, "text"
    values["sources"] = sources
    norm = NormMeta.model_validate(values)
    try:
        from pipeline.urn import build_urn
    except ImportError:  # pragma: no cover - the module ships with the package
        return norm, warnings
    return norm.model_copy(update={"urn": build_urn(norm)}), warnings


def build_fecho(seg: Segmentation, vocab: frozenset[str]) -> Fecho | None:
    """Place, date and signatários; the text is the place-and-date sentence as printed
    (with the 'Registre-se, publique-se' order when there is one)."""
    if not seg.fecho and not seg.signatures:
        return None
    lines = [ln.text for ln in seg.fecho] + [ln.text for ln in seg.signatures]
    fecho = parse_fecho(lines)
    text = fecho.text or join_lines([ln.text for ln in seg.fecho], vocab)
    orders = [ln.text for ln in seg.fecho if PUBLICATION_ORDER.match(ln.text)]
    if orders and fecho.text:
        text = join_lines([*orders, fecho.text], vocab)
    pages = [ln.page_index + 1 for ln in seg.fecho + seg.signatures]
    return fecho.model_copy(update={"text": text, "pages": (min(pages), max(pages)) if pages else None})


def _titled(lines: list[CleanLine], vocab: frozenset[str]) -> tuple[str, str, tuple[int, int]]:
    """A text that opens with its title line: the title, the text after it, its pages."""
    pages = [ln.page_index + 1 for ln in lines]
    return lines[0].text.strip(), join_lines([ln.text for ln in lines[1:]], vocab), (min(pages), max(pages))


def build_anexos(seg: Segmentation, vocab: frozenset[str]) -> list[Anexo]:
    out = []
    for lines in seg.anexos:
        label, text, pages = _titled(lines, vocab)
        out.append(Anexo(label=label, text=text, pages=pages))
    return out


def build_appended(seg: Segmentation, vocab: frozenset[str]) -> list[AppendedText]:
    texts = ([("sumario", seg.contents)] if seg.contents else []) + seg.appended
    out = []
    for kind, lines in texts:
        label, text, pages = _titled(lines, vocab)
        out.append(AppendedText(kind=kind, label=label, text=text, pages=pages))
    return out


def find_unit_references(units: list[Unit], norm: NormMeta) -> tuple[list[Unit], list[WarningItem]]:
    """The units with the legal references in their texts, and the issues found on the way."""
    try:
        from pipeline.references import find_references
    except ImportError:  # pragma: no cover - the module ships with the package
        return units, []
    return find_references(units, meta=norm)


def decide_status(units: list[Unit], seg: Segmentation, doc: DocumentText,
                  errors: list[ErrorItem]) -> tuple[tuple[Status, DocumentReason], list[WarningItem]]:
    """(extracted | partial | needs_review | failed, a reason code), and the issue that says why
    a document without articles is not a norm (when one does)."""
    if not doc.pages or all(p.method == "none" for p in doc.pages):
        return ("failed", "no_text"), []
    text_chars = sum(len(ln.text) for p in doc.pages for ln in p.lines)
    if not units:
        if text_chars < 40:
            return ("needs_review", "no_text"), []
        if seg.epigrafe is None:
            return ("needs_review", "not_a_law"), [WarningItem(
                code="not_a_law", message="no epígrafe and no article: this does not look like a norm")]
        return ("needs_review", "no_articles"), [WarningItem(code="no_articles", message="no article was recognised")]
    if errors:
        return ("partial", "page_errors"), []
    return ("extracted", "ok"), []
