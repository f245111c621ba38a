"""Emission: the intermediate tree -> ``models.Unit`` nodes with LexML Brasil ids and texts.

Ids as LexML's parser renders them: ``art5``, ``art1u`` (artigo único), ``art1-1`` (Art. 1º-A),
``art5_par2``, ``art5_par1u``, ``art5_cpt_inc3`` (inciso of the caput), ``art5_par2_inc3_ali1_ite1``;
agrupadores ``tit1_cap2_sec1`` (articles carry no agrupador prefix).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from models.norm import Unit, WarningItem
from models.units import GROUP_TYPES, LEXML_PREFIX
from pipeline.cleaning import CleanLine, stamp_debris
from pipeline.joining import join_lines
from pipeline.reading.numerals import roman_to_int
from pipeline.segmenting.tree import Issue, Node

_VETADO = re.compile(r"^\(?\s*VETADO\s*\)?\s*[.,;]?$", re.I)


def node_text(node: Node, vocab: frozenset[str]) -> str:
    parts = [node.first_text, *(ln.text for ln in node.lines[1:])] if node.lines else [node.first_text]
    text = join_lines(parts, vocab)
    if _VETADO.match(text):
        return "VETADO"
    return text


def _pages(lines: Iterable[CleanLine]) -> tuple[int, int] | None:
    pages = [ln.page_index + 1 for ln in lines]
    return (min(pages), max(pages)) if pages else None


def _confidence(lines: Iterable[CleanLine]) -> float | None:
    confs = [ln.conf for ln in lines if ln.conf is not None]
    return round(sum(confs) / len(confs), 4) if confs else None


def _article_id(node: Node) -> str:
    if node.unico:
        return "art1u"
    base = f"art{node.number}"
    if node.suffix:
        base += f"-{ord(node.suffix.upper()) - ord('A') + 1}"
    return base


def emit_units(
    roots: Sequence[Node], issues: Sequence[Issue], vocab: frozenset[str]
) -> tuple[list[Unit], list[WarningItem]]:
    """Build the ``articulacao`` and resolve each issue's node to its unit id."""
    ids: dict[int, str] = {}
    seen: set[str] = set()
    warnings: list[WarningItem] = []

    def unique(uid: str, node: Node) -> str:
        if uid not in seen:
            seen.add(uid)
            return uid
        k = 2
        while f"{uid}-dup{k}" in seen:
            k += 1
        new = f"{uid}-dup{k}"
        seen.add(new)
        warnings.append(WarningItem(code="duplicate_id", message=f"{uid} appears twice; the second is {new}",
                                    id=new))
        return new

    def unit_of(node: Node, group_path: str, parent_id: str | None, in_caput: bool) -> Unit:
        if node.kind in GROUP_TYPES:
            num = "1u" if node.number == "único" else node.number
            prefix = LEXML_PREFIX[node.kind]
            uid = f"{group_path}_{prefix}{num}" if group_path else f"{prefix}{num}"
            uid = unique(uid, node)
            children = [unit_of(c, uid, None, False) for c in node.children]
            ids[id(node)] = uid
            return Unit(id=uid, type=node.kind, number=node.number, label=node.label or None,  # type: ignore[arg-type]
                        title=node.title, text="", children=children)
        if node.kind == "alteracao":
            # LexML: the alteração sits in the amending unit's caput ('art1_cpt_alt1'); the
            # provisions it quotes keep the amended norm's ids under it ('art1_cpt_alt1_art5').
            joiner = "_cpt_" if parent_id is not None and "_" not in parent_id.rsplit("art", 1)[-1] else "_"
            uid = unique(f"{parent_id}{joiner}alt{node.number}", node)
            ids[id(node)] = uid
            quoted, _ = emit_units(node.children, (), vocab)  # own id space, no warnings
            # an article only named by the amending text ('do art. 11 ..., acrescido do § 2º'):
            # its quoted units keep its id ('art11_par2'), it is no unit of the quotation itself
            quoted = [g for c, q in zip(node.children, quoted, strict=True)
                      for g in (q.children if c.context else [q])]
            children = [_prefixed(c, uid) for c in quoted]
            return Unit(id=uid, type="alteracao", number=node.number, text=node.first_text,
                        pages=_pages(node.lines), confidence=_confidence(node.lines), children=children)
        if node.kind == "artigo":
            uid = unique(_article_id(node), node)
        else:
            if node.kind == "paragrafo":
                index = "1u" if node.number == "único" else node.number
            elif node.kind == "inciso":
                index = str(_roman_index(node.number))
            elif node.kind == "alinea":
                index = str(_letter_index(node.number))
            else:
                index = node.number
            local = f"{LEXML_PREFIX[node.kind]}{index}"
            joiner = "_cpt_" if in_caput else "_"
            uid = unique(f"{parent_id}{joiner}{local}", node)
        ids[id(node)] = uid
        children = [
            unit_of(c, group_path, uid, node.kind == "artigo" and c.kind != "paragrafo")
            for c in node.children
        ]
        text = node_text(node, vocab)
        all_lines = node.lines
        return Unit(
            id=uid, type=node.kind, number=node.number, label=node.label or None,  # type: ignore[arg-type]
            text=text, pages=_pages(all_lines), confidence=_confidence(all_lines),
            vetado=text == "VETADO", table=node.table, children=children,
        )

    units = [unit_of(n, "", None, False) for n in roots]
    for issue in issues:
        warnings.append(WarningItem(
            code=issue.code, message=issue.message,
            id=ids.get(id(issue.node)) if issue.node is not None else None,
            page_no=issue.page_no,
        ))
    return units, warnings


def stamp_doubts(units: Sequence[Unit]) -> list[WarningItem]:
    """A ``unit_doubtful`` warning on each unit whose text holds a rubber stamp's word as OCR reads
    a stamp printed over text (``pipeline.cleaning.stamp_debris``): under the stamp a label may be
    lost, the next unit's text read into this one ('atestado de antecedentes. cremes sena ConacsrRE
    COM 0 1, a ve que ... artigo poderá ser prorrogado oRLGINAL': a parágrafo under 'CONFERE COM O
    ORIGINAL'). Quoted units (alterações) are another norm's text and are left out."""
    out: list[WarningItem] = []

    def visit(unit: Unit) -> None:
        if unit.type == "alteracao":
            return
        token = stamp_debris(unit.text or "")
        if token is not None:
            out.append(WarningItem(code="unit_doubtful", id=unit.id, message=(
                f"{unit.id} holds '{token}', a rubber stamp read over its text: a label under the "
                f"stamp may be lost")))
        for child in unit.children:
            visit(child)

    for unit in units:
        visit(unit)
    return out


def _prefixed(unit: Unit, prefix: str) -> Unit:
    """A quoted unit and its descendants with ids under the alteração's id."""
    return unit.model_copy(update={
        "id": f"{prefix}_{unit.id}",
        "children": [_prefixed(c, prefix) for c in unit.children],
    })


def _roman_index(numeral: str) -> int:
    return roman_to_int(numeral) or 0


def _letter_index(letter: str) -> int:
    # not numerals.alinea_index: an alínea's decided number may be a damaged letter ('?', 'ç')
    # and still gets an id here (from its first character), where alinea_index says None
    letter = letter.lower()
    return (len(letter) - 1) * 26 + ord(letter[0]) - ord("a") + 1
