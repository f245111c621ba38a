"""The kinds of unit of a norm's articulação (LC 95/1998, arts. 10 and 11), in one table.

Every stage that needs to know a kind asks here: the reader (which kinds exist, how deep each
one nests), emission (LexML id prefixes: ``cap2_art5_par1u_inc3_ali1``), references (the same
prefixes, the order of agrupadores), and the exports (canonical heading words, LexML and Akoma
Ntoso element names, AKN eId words). How a label is printed is not here: that is the label
grammar (``pipeline.reading.grammar``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UnitKind:
    """One kind of unit and its names in every vocabulary we write."""

    kind: str  # our ``Unit.type``: 'capitulo', 'artigo'
    level: int  # nesting depth within its family, outermost 0 (parte 0 .. subsecao 5; artigo 0 .. item 4)
    prefix: str  # LexML id prefix ('cap' in 'cap2', 'par' in 'par1u')
    lexml: str  # LexML element ('Capitulo', 'Paragrafo')
    akn: str  # Akoma Ntoso 3.0 element ('chapter', 'paragraph')
    akn_eid: str  # Akoma Ntoso eId word ('chp' in 'chp_2', 'para' in 'para_1u')
    heading: str | None = None  # the word an agrupador's heading prints ('CAPÍTULO'); dispositivos have none


GROUP_KINDS: tuple[UnitKind, ...] = (
    UnitKind("parte", 0, "prt", "Parte", "part", "part", "PARTE"),
    UnitKind("livro", 1, "liv", "Livro", "book", "book", "LIVRO"),
    UnitKind("titulo", 2, "tit", "Titulo", "title", "title", "TÍTULO"),
    UnitKind("capitulo", 3, "cap", "Capitulo", "chapter", "chp", "CAPÍTULO"),
    UnitKind("secao", 4, "sec", "Secao", "section", "sec", "SEÇÃO"),
    UnitKind("subsecao", 5, "sub", "Subsecao", "subsection", "subsec", "SUBSEÇÃO"),
)
"""The agrupadores, outermost first."""

DISPOSITIVO_KINDS: tuple[UnitKind, ...] = (
    UnitKind("artigo", 0, "art", "Artigo", "article", "art"),
    UnitKind("paragrafo", 1, "par", "Paragrafo", "paragraph", "para"),
    UnitKind("inciso", 2, "inc", "Inciso", "point", "inc"),
    UnitKind("alinea", 3, "ali", "Alinea", "point", "ali"),
    UnitKind("item", 4, "ite", "Item", "point", "item"),
)
"""The dispositivos, outermost first (AKN has no inciso, alínea or item: all are points)."""

UNIT_KIND: dict[str, UnitKind] = {k.kind: k for k in (*GROUP_KINDS, *DISPOSITIVO_KINDS)}
GROUP_TYPES: tuple[str, ...] = tuple(k.kind for k in GROUP_KINDS)
DISPOSITIVO_TYPES: tuple[str, ...] = tuple(k.kind for k in DISPOSITIVO_KINDS)
GROUP_LEVEL: dict[str, int] = {k.kind: k.level for k in GROUP_KINDS}
DISPOSITIVO_LEVEL: dict[str, int] = {k.kind: k.level for k in DISPOSITIVO_KINDS}
LEXML_PREFIX: dict[str, str] = {k.kind: k.prefix for k in UNIT_KIND.values()}
