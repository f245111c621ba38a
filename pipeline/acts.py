"""Every act of a document that holds several (an official gazette, a book page run): each read
as its own norm.

A diário oficial prints decrees, portarias and laws one after another, each with its epígrafe,
text, closing and signatures. :func:`find_acts` lists the acts by their epígrafes (headings in
capitals, not laws cited in a sentence); :func:`structure_acts` structures the document once per
act with that act as the target, so every act gets what a single law gets: its own articulação,
its own closing and signatures, and the other acts set aside as neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.norm import ActEntry, ActsDocument, NormDocument, NormMeta
from models.ocr import DocumentText
from pipeline.cleaning import clean_document
from pipeline.headers import uppercase_share
from pipeline.layout import read_layout
from pipeline.metadata import parse_epigrafe
from pipeline.segmenting.laws import enacts, preamble_start
from pipeline.segmenting.readings import Reading, is_article, read_lines
from pipeline.structure import StructureConfig, structure_document

HEADING_SHARE = 0.6
"""Share of capital letters from which an epígrafe line is a heading; a law cited in a sentence
('... nos termos da Lei Municipal Nº 725 de 10 Abril de 2019') is written in lower case."""


@dataclass(frozen=True)
class Act:
    """One act found in a document: its identity as its epígrafe prints it."""

    tipo: str
    numero: str | None
    ano: int | None
    epigrafe: str
    page_no: int


def find_acts(doc: DocumentText) -> list[Act]:
    """The acts of ``doc`` in reading order, one per (tipo, número, ano): every epígrafe printed
    as a heading. A gazette's index and a repeated heading name an act once."""
    lines = [ln for ln in clean_document(read_layout(doc)) if not ln.is_noise]
    acts: dict[tuple[str, str | None, int | None], Act] = {}
    readings = read_lines(lines)
    for k, reading in enumerate(readings):
        epi = reading.epigrafe
        if epi is None and reading.header is None and opens_act(readings, k):
            # 'Lei nº 3556/2007.' in running case is read as a law cited in a wrapped sentence;
            # followed by a preâmbulo, it is the next act's epígrafe
            epi = parse_epigrafe(reading.line.text.upper())
        if epi is None or epi.tipo is None:
            continue
        if uppercase_share(reading.line.text) < HEADING_SHARE and not opens_act(readings, k):
            continue
        if _titled(readings, k, epi.tipo):
            continue
        numero = (epi.numero or "").lstrip("0") or epi.numero
        key = (epi.tipo, numero, epi.ano)
        if key not in acts:
            acts[key] = Act(epi.tipo, numero, epi.ano, epi.text, reading.line.page_index + 1)
    return list(acts.values())


def _titled(readings: list[Reading], k: int, tipo: str) -> bool:
    """Whether the epígrafe at ``k`` is a title set over the act's own heading: the very next line
    is an epígrafe of the same tipo that opens the act. A gazette's publisher titles each
    matter ('DECRETO MUNICIPAL N° 4337/2011' over 'DECRETO Nº 4.338, de 07 de fevereiro de 2011.',
    famurs-do0483-2011); the act is the heading its text follows."""
    if k + 1 >= len(readings):
        return False
    nxt = readings[k + 1].epigrafe
    if nxt is None and readings[k + 1].header is None:
        nxt = parse_epigrafe(readings[k + 1].line.text.upper())
    return nxt is not None and nxt.tipo == tipo and opens_act(readings, k + 1)


OPENING_REACH = 8
"""Lines after an epígrafe in running case within which its act's preâmbulo or enacting clause
begins (its ementa and an 'Autor:' line come between)."""


def opens_act(readings: list[Reading], k: int) -> bool:
    """Whether the epígrafe at ``k`` opens an act, whatever its case: a preâmbulo ('O Prefeito
    Municipal de ..., faz saber ...') or an enacting clause ('... sanciona a seguinte Lei:')
    follows within a few lines, before any article or other epígrafe. A gazette prints 'Lei nº
    3556/2007.' in running case (pontapora-do456-2007); a law cited in a sentence is followed by
    the sentence, not by a preâmbulo."""
    texts: list[str] = []
    for r in readings[k + 1:k + 1 + OPENING_REACH]:
        if r.epigrafe is not None or is_article(r):
            break
        texts.append(r.line.text)
    return preamble_start(texts) is not None or any(enacts(texts, j) for j in range(len(texts)))


def structure_acts(doc: DocumentText, meta: NormMeta | None = None, *,
                   config: StructureConfig | None = None) -> list[tuple[Act, NormDocument]]:
    """Each act of ``doc`` structured as its own norm (``meta`` gives what they share: município,
    uf). A document with no act heading comes back as one norm, as :func:`structure_document`
    reads it."""
    base = meta or NormMeta()
    acts = find_acts(doc)
    if not acts:
        result = structure_document(doc, meta, config=config)
        act = Act(result.norm.tipo or "", result.norm.numero, result.norm.ano, result.epigrafe or "", 1)
        return [(act, result)]
    out = []
    for act in acts:
        own = base.model_copy(update={"tipo": act.tipo, "numero": act.numero, "ano": act.ano,
                                      "data": None, "ementa": None, "native_id": None})
        result = structure_document(doc, own, config=config)
        if act.ano is None:  # a date wrapped off the epígrafe's line: as the act's text gives it
            act = replace(act, ano=result.norm.ano)
        out.append((act, result))
    return out


def acts_document(doc: DocumentText, meta: NormMeta | None = None, *,
                  config: StructureConfig | None = None) -> ActsDocument:
    """:func:`structure_acts` as the record ``locleg ingest --all-acts`` emits."""
    acts = [ActEntry(tipo=act.tipo, numero=act.numero, ano=act.ano, epigrafe=act.epigrafe, page_no=act.page_no,
                     document=result) for act, result in structure_acts(doc, meta, config=config)]
    return ActsDocument(source=doc.source, sha256=doc.sha256, pages=len(doc.pages), acts=acts)
