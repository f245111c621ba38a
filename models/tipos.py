"""The tipos of norm (Lei Ordinária, Lei Complementar, Decreto, Resolução...), in one table.

Every stage that needs to know a tipo asks here: metadata (the canonical names a record's or an
epígrafe's tipo is normalised to, and the OCR-tolerant patterns of an epígrafe's title), the
reader of damaged titles (the titles a damaged word is compared with), the LexML URN and the
exports (the LexML ``tipo`` token), and references (how a cited norm's tipo is written in a
text). Like :mod:`models.units`, plain data: the folding these are compared in belongs to the
callers (``pipeline.folding``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tipo:
    """One tipo of norm and its names in every vocabulary we read or write."""

    name: str  # canonical, as ``NormMeta.tipo`` stores it: 'Lei Complementar'
    lexml: str  # LexML URN ``tipo`` token: 'lei.complementar'
    # the title of an epígrafe, on folded upper-case text, OCR damage tolerated ('LEl COMPL...');
    # empty for a tipo not read from epígrafes (a federal one, or 'Ato', known only by name)
    epigrafe: tuple[str, ...] = ()
    # how a text cites it, singular or plural, case ignored ('leis complementares'); None: not cited
    citation: str | None = None
    # other record spellings that name it, folded lower case ('lei municipal' for Lei Ordinária)
    spellings: tuple[str, ...] = ()
    # other titles an epígrafe prints, folded upper case ('LEI MUNICIPAL'): what a damaged title
    # is compared with besides the name
    titles: tuple[str, ...] = ()
    municipal: bool = True  # a tipo of municipal norm (read and normalised from municipal texts)


# Order matters: the epígrafe patterns and the citation patterns are tried in this order, so a
# longer name comes before the shorter one it begins with (Lei Complementar before Lei, Decreto-Lei
# before Decreto).
TIPOS: tuple[Tipo, ...] = (
    Tipo(
        "Emenda à Lei Orgânica", "emenda.lei.organica",
        epigrafe=(
            r"EMENDA\s+(?:A\s+)?(?:LEI\s+ORG\w*|L\.?\s*O\.?\s*M?\.?)",
            # "EMENDA Nº 3" in a municipal book amends the Lei Orgânica; "EMENDA REGIMENTAL" does not
            r"EMENDA(?=\s*(?:N\b|N\W|NO\b|\d))",
        ),
        spellings=("emenda lei organica",),
    ),
    Tipo("Lei Orgânica", "lei.organica", epigrafe=(r"LEI\s*ORG\w*",), citation=r"leis?\s+org[aâ]nicas?"),
    Tipo(
        "Lei Complementar", "lei.complementar",
        epigrafe=(r"L[E3][I1L|!]\s*C[O0]MPL\w*",), citation=r"leis?\s+complementar(?:es)?",
        titles=("LEI COMPLEMENTAR MUNICIPAL",),
    ),
    Tipo("Lei Delegada", "lei.delegada", epigrafe=(r"L[E3][I1L|!]\s+DELEGADA",)),
    Tipo(
        "Lei Ordinária", "lei",
        epigrafe=(
            r"L[E3][I1L|!](?:\s+ORDINARIA)?",
            # 'El N.º 37': the L lost at the margin, kept only when the number sign and a number follow
            r"(?<![A-Z])E[I1L](?=\s+N\W{0,2}O?\W{0,2}\s*\d)",
        ),
        citation=r"l[eé][il1]s?",
        spellings=("lei", "lei municipal"),
        titles=("LEI", "LEI MUNICIPAL"),
    ),
    Tipo(
        "Decreto Legislativo", "decreto.legislativo",
        epigrafe=(r"DECRET[O0][\s-]*LEGISL\w*",), citation=r"decretos?\s+legislativos?",
    ),
    Tipo("Decreto-Lei", "decreto.lei", epigrafe=(r"DECRET[O0]\s*-\s*LEI",), citation=r"decretos?[\s-]+leis?"),
    Tipo("Decreto", "decreto", epigrafe=(r"DECRET[O0]",), citation=r"decretos?"),
    Tipo(
        "Resolução", "resolucao",
        epigrafe=(r"RES[O0]LU[C\xc7][A\xc3][O0]",), citation=r"resolu[cç](?:[aã]o|[oõ]es)",
    ),
    Tipo("Portaria", "portaria", epigrafe=(r"P[O0]RTARIA",), citation=r"portarias?"),
    Tipo("Ato da Mesa", "ato.mesa", epigrafe=(r"AT[O0]\s+D[AO]\s+MESA(?:\s+DIRETORA)?",)),
    Tipo(
        "Instrução Normativa", "instrucao.normativa",
        epigrafe=(r"INSTRU[C\xc7][A\xc3][O0]\s+NORMATIVA",),
        citation=r"instru[cç](?:[aã]o|[oõ]es)\s+normativas?",
    ),
    Tipo(
        "Deliberação", "deliberacao",
        epigrafe=(r"DELIBERA[C\xc7][A\xc3][O0]",), citation=r"delibera[cç](?:[aã]o|[oõ]es)",
    ),
    Tipo("Ato", "ato"),
    Tipo("Medida Provisória", "medida.provisoria", citation=r"medidas?\s+provis[oó]rias?", municipal=False),
    Tipo(
        "Emenda Constitucional", "emenda.constitucional",
        citation=r"emendas?\s+constitucion(?:al|ais)", municipal=False,
    ),
)

MUNICIPAL_TIPOS: frozenset[str] = frozenset(t.name for t in TIPOS if t.municipal)
"""The canonical names a municipal record's or epígrafe's tipo is normalised to."""

EPIGRAFE_PATTERNS: tuple[tuple[str, str], ...] = tuple((t.name, p) for t in TIPOS for p in t.epigrafe)
"""(canonical name, pattern on folded text) of every epígrafe title, in the table's order."""
