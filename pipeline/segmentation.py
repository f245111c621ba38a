"""Segmentation: cleaned lines -> the parts of the norm and the intermediate tree of units.

Decisions are taken with the whole document in view:
1. laws are split at their epígrafes; the target is the one the metadata names (or the main
   one); the others become ``neighbors`` and never lend their articles;
2. page chunks of the target are put back in order when the article sequence says they are out
   of order;
3. article numbers are decoded for the whole law at once (dynamic programming over candidate
   readings: 'ARTIGO 102' between 9 and 11 is 10), every repair a warning;
4. units nest by LC 95/1998 rules; incisos, alíneas, itens and parágrafos are numbered by
   sequence, the printed label kept.

The output is the intermediate tree (:class:`Node`); ids and JSON are emission's business.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from models.units import DISPOSITIVO_TYPES
from pipeline.alteracoes import attach_alteracoes, blank_quoted, mark_formula_tails, read_alteracoes
from pipeline.cleaning import CleanLine
from pipeline.metadata import Epigrafe, is_signature_start
from pipeline.segmenting.closing import (
    ANEXO,
    fecho_like,
    find_closing,
    split_anexos,
    split_appended,
    split_fecho,
    split_signatures_at_page,
    split_transitorias,
)
from pipeline.segmenting.contents import CONTENTS_TITLE, split_contents
from pipeline.segmenting.laws import (
    claim_orphan_pages,
    continues_target,
    enacts,
    preamble_start,
    running_headers,
    split_laws,
)
from pipeline.segmenting.numbering import SegmentConfig, decode_articulacao, number_text, settle_run_numbers
from pipeline.segmenting.pages import (
    ChunkPair,
    drop_repeated_pages,
    drop_repeated_runs,
    page_boundaries,
    page_span,
    restore_page_order,
)
from pipeline.segmenting.readings import Reading, is_article, read_lines, rejoin_split_labels
from pipeline.segmenting.tree import Issue, Node, build_tree, mark_tables, number_by_sequence


@dataclass(frozen=True)
class NeighborLaw:
    epigrafe: Epigrafe | None
    text: str | None
    pages: tuple[int, int] | None
    articles: int


@dataclass
class Segmentation:
    epigrafe: Epigrafe | None = None
    ementa: list[CleanLine] = field(default_factory=list)
    preambulo: list[CleanLine] = field(default_factory=list)
    articulacao: list[Node] = field(default_factory=list)
    fecho: list[CleanLine] = field(default_factory=list)
    signatures: list[CleanLine] = field(default_factory=list)
    anexos: list[list[CleanLine]] = field(default_factory=list)
    appended: list[tuple[str, list[CleanLine]]] = field(default_factory=list)  # (kind, lines) after the norm
    contents: list[CleanLine] = field(default_factory=list)  # a table of contents before the body
    transitorias: list[Node] = field(default_factory=list)  # an ADCT/ADT: its own articulação
    transit_issues: list[Issue] = field(default_factory=list)
    neighbors: list[NeighborLaw] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    page_order: list[int] | None = None


_LATE_ENACTING_REACH = 8  # lines from a stray unit line to the end of an enacting clause after it (a
# wrapped ementa's citations, then the clause's own lines: 'ART. 5º, NO INCISO II, DO § 3º DO ART. 37, NO' /
# '§ 2º, DO ART. 216, DA CONSTITUIÇÃO' / ... / 'Faço saber que ... sanciono a' / 'seguinte Lei:')


def segment_lines(
    lines: Sequence[CleanLine],
    *,
    numero: str | None = None,
    ano: int | None = None,
    tipo: str | None = None,
    ementa: str | None = None,
    config: SegmentConfig = SegmentConfig(),
) -> Segmentation:
    """Segment cleaned lines (noise included, so page boundaries can be seen) into a norm."""
    positions = [i for i, ln in enumerate(lines) if not ln.is_noise]
    content = rejoin_split_labels([lines[i] for i in positions])
    readings = read_lines(content, numero=numero, tipo=tipo)
    running = running_headers(readings)
    if running:
        # The norm's title repeated at the top of every page ('LEI ORGÂNICA DO MUNICÍPIO',
        # 'LEI Nº 1.234/85') is page furniture, not the epígrafe of another norm.
        marked = {id(readings[k].line) for k in running}
        lines = [replace(ln, kind="noise", reason="running_header") if id(ln) in marked else ln for ln in lines]
        positions = [i for i, ln in enumerate(lines) if not ln.is_noise]
        content = rejoin_split_labels([lines[i] for i in positions])
        readings = read_lines(content, numero=numero, tipo=tipo)
    boundaries = page_boundaries(lines, positions)
    readings = settle_run_numbers(readings, boundaries, config=config)
    seg = Segmentation()
    # A page scanned twice is a copy whatever law it holds: dropped before the laws are told
    # apart (a copy of the page with the epígrafe would open a second law of the same number).
    compared: set[ChunkPair] = set()  # page pairs found distinct, by the ids of kept readings
    readings, boundaries, copies = _drop_page_copies(readings, boundaries, compared)
    for page_no in copies:
        seg.issues.append(Issue("duplicate_page", f"page {page_no} repeats another page (scanned twice); "
                                "the copy that read worse was left out", page_no=page_no))

    (a, b), neighbor_spans, issues = split_laws(readings, numero=numero, ano=ano, ementa=ementa)
    seg.issues.extend(issues)
    target_idx = list(range(a, b))
    moved_starts: set[int] = set()
    kept_spans: list[list[int]] = []
    paged = len({r.line.page_index for r in readings}) > 1  # real page breaks, not one page of plain text
    for na, nb in neighbor_spans:
        span = list(range(na, nb))
        if na > a:
            span, moved = claim_orphan_pages(readings, span, target_idx, boundaries)
            for chunk in moved:
                moved_starts.add(chunk[0])
                target_idx.extend(chunk)
        elif readings[na].epigrafe is None:
            # Pages scanned before the epígrafe's page that carry the target's later articles
            # (numbering that does not start again) are the target's; what shares the
            # epígrafe's page is the end of a previous law.
            chunks: list[list[int]] = [[]]
            for k in span:
                if k in boundaries and chunks[-1]:
                    chunks.append([])
                chunks[-1].append(k)
            same_page = [] if a in boundaries else chunks.pop()
            # (with real page breaks, what stands on the epígrafe's own page is that page's,
            # whatever furniture run or signatures cut it from the epígrafe: 734534063/027)
            epi_page = readings[a].line.page_index
            while (chunks and chunks[-1] and paged
                   and all(readings[k].line.page_index == epi_page for k in chunks[-1])):
                same_page = chunks.pop() + same_page
            span = []
            for chunk in chunks:
                if continues_target(readings, chunk, target_idx):
                    moved_starts.add(chunk[0])
                    target_idx.extend(chunk)
                else:
                    span.extend(chunk)
            span.extend(same_page)
        # A span with no article of its own before the target is a title or cover line
        # ('LEI ORGÂNICA DO MUNICÍPIO DE ...'), not another norm.
        if span and (span[0] > a or any(is_article(readings[k]) for k in span)):
            kept_spans.append(span)
    for span in kept_spans:
        epi = readings[span[0]].epigrafe
        which = epi.text if epi else "the end of a previous law" if span[0] < a else "a later law whose epígrafe was lost"
        seg.neighbors.append(NeighborLaw(
            epigrafe=epi,
            text=epi.text if epi else None,
            pages=page_span([readings[k].line for k in span]),
            articles=sum(is_article(readings[k]) for k in span),
        ))
        seg.issues.append(Issue(
            "neighbor_law",
            f"lines of another norm ({which}) "
            "were left out of this one",
        ))

    target = [readings[k] for k in target_idx]
    local_bounds = {pos for pos, k in enumerate(target_idx) if pos and (k in boundaries or k in moved_starts)}
    target, local_bounds, dropped = drop_repeated_pages(target, local_bounds, compared=compared)
    target, local_bounds, copied = drop_repeated_runs(target, local_bounds)
    dropped = sorted(set(dropped) | set(copied))
    for page_no in dropped:
        seg.issues.append(Issue("duplicate_page", f"page {page_no} repeats another page (scanned twice); "
                                "the copy that read worse was left out", page_no=page_no))
    target = blank_quoted(target)  # issue 12: quoted labels are no page-order evidence
    target, page_order, issue = restore_page_order(target, local_bounds, config=config)
    if issue is not None:
        seg.issues.append(issue)
        seg.page_order = page_order or None

    def opens_body(j: int) -> bool:
        h = target[j].header
        if h is None:
            return False
        if h.kind in ("artigo", "group"):
            return True
        # A roman-numbered heading in capitals right before an article ('I - DAS DISPOSIÇÕES').
        nxt = target[j + 1].header if j + 1 < len(target) else None
        return h.kind == "inciso" and h.uppercase_rest and nxt is not None and nxt.kind == "artigo"

    at = epigrafe_position(target, next((j for j in range(len(target)) if opens_body(j)), len(target)))
    k = 0
    if at is not None:
        seg.epigrafe = target[at].epigrafe
        k = at + 1
        before = closing_in_head(target[:at]) if at else None
        if before is not None:  # the end of another act (its closing and signature) above the epígrafe
            seg.issues.append(Issue(
                "neighbor_law", f"'{target[0].line.text.strip()[:60]}' and the lines down to a closing "
                "before this norm's epígrafe are another text's, left out of this one",
                page_no=target[0].line.page_index + 1))
    first_unit = next((j for j in range(k, len(target)) if opens_body(j)), len(target))
    # The body begins after the enacting clause ('... SANCIONO A SEGUINTE LEI:', 'DECRETA:'),
    # even where OCR damaged the first articles' labels past what the printed-form readers read:
    # the decoder reads them by expectation (what it does not read goes back to the preamble).
    head_texts = [r.line.text for r in target[k:first_unit]]
    enacted = [k + j for j in range(len(head_texts)) if enacts(head_texts, j)]
    if not enacted and first_unit < len(target):
        # an enacting clause right after the first line read as a unit, no other unit between them:
        # that line is the preamble's, a citation wrapped to a line's start ('... conferidas pelo' /
        # 'art. 57°, Inciso II e V da Lei Orgânica ...' / 'DECRETA:'); LC 95 puts the clause before
        # every article
        reach = [r.line.text for r in target[first_unit:first_unit + _LATE_ENACTING_REACH]]
        late = next((j for j in range(1, len(reach)) if enacts(reach, j)), None)
        if late is not None and not any(opens_body(first_unit + j) for j in range(1, late + 1)):
            enacted = [first_unit + late]
    if enacted and first_unit < len(target):
        first_unit = enacted[-1] + 1
    head = target[k:first_unit]
    body = target[first_unit:]
    closed = closing_in_head(head)
    after: list[CleanLine] = []
    if closed is not None:
        # an act without articles ('Nomear ... Ponta Porã/MS, 19 de Junho de 2015.' and its
        # signature) ends at its closing; what follows, articles included, is another text's
        close_at, signed_to = closed
        seg.fecho = [r.line for r in head[close_at:close_at + 1]]
        seg.signatures = [r.line for r in head[close_at + 1:signed_to]]
        after = [r.line for r in head[signed_to:]] + [r.line for r in body]
        head, body = head[:close_at], []
    pre_start = preamble_start([r.line.text for r in head])
    if pre_start is None:
        seg.ementa = [r.line for r in head]
    else:
        seg.ementa = [r.line for r in head[:pre_start]]
        seg.preambulo = [r.line for r in head[pre_start:]]
    if closed is not None:
        if after:
            seg.neighbors.append(NeighborLaw(epigrafe=None, text=None, pages=page_span(after),
                                             articles=sum(is_article(r) for r in target[first_unit:])))
            seg.issues.append(Issue(
                "neighbor_law", f"'{after[0].text.strip()[:60]}' follows this norm's closing and signatures "
                "before any article of its own: another text's, left out of this one",
                page_no=after[0].page_index + 1))
        return seg

    contents, body = split_contents(body)
    if contents:
        # its title ('SUMÁRIO') closes the head: it goes with it
        head_lines = seg.preambulo if seg.preambulo else seg.ementa
        if head_lines and CONTENTS_TITLE.match(head_lines[-1].text):
            contents.insert(0, head_lines.pop())
        seg.contents = contents
        seg.issues.append(Issue(
            "table_of_contents",
            f"a table of contents ({len(contents)} lines from '{contents[0].text.strip()[:40]}') "
            "was kept apart: its labels are the body's, printed again", page_no=contents[0].page_index + 1,
        ))
    quoted, lost_articles = read_alteracoes(body, body=True)  # issue 12 (was mark_quotations)
    tails = mark_formula_tails(body)  # 'IV-A:' wrapped from '... do seguinte Capítulo': no unit
    body = [Reading(r.line, None, None) if j in quoted or j in tails else r for j, r in enumerate(body)]
    body, seg.appended = split_appended(body)
    for kind, lines in seg.appended:
        seg.issues.append(Issue(
            "appended_text",
            f"'{lines[0].text.strip()[:60]}' opens a text printed after the norm "
            f"({kind}): kept apart, no part of the norm",
            page_no=lines[0].page_index + 1,
        ))
    body, transit = split_transitorias(body)
    main_body = body
    if transit:  # a Lei Orgânica's closing follows its transitional provisions
        body = transit
    fecho_at, annex_at = find_closing(body)
    if fecho_at is not None:
        end = annex_at if annex_at is not None else len(body)
        articulacao, tail = body[:fecho_at], body[fecho_at:end]
        fecho, signatures = split_fecho(tail)
        signatures, overflow = split_signatures_at_page(fecho, signatures)
        annex_lines = overflow + [r.line for r in body[end:]]
        anexo_at = next((j for j, ln in enumerate(signatures) if ANEXO.match(ln.text)), None)
        if anexo_at is not None:
            annex_lines = signatures[anexo_at:] + annex_lines
            signatures = signatures[:anexo_at]
        if annex_lines:
            seg.anexos = split_anexos(annex_lines)
            if annex_at is not None:
                seg.issues.append(Issue(
                    "annex_with_articles",
                    f"the text after the signatures ('{annex_lines[0].text.strip()[:60]}') has articles "
                    "of its own; kept as an anexo, not as units of this norm",
                ))
                closing = next((ln for ln in annex_lines if fecho_like(ln.text)), None)
                if closing is not None:
                    # an annex closes with no date and place of its own: a second closing after
                    # articles says the first one was a neighbour law's (pages out of order)
                    seg.issues.append(Issue(
                        "closing_after_annex_articles",
                        f"a closing ('{closing.text.strip()[:60]}') follows the articles after the "
                        "signatures: the closing taken may be another norm's, and articles of this "
                        "norm may be in the anexo", page_no=closing.page_index + 1,
                    ))
        seg.fecho, seg.signatures = fecho, signatures
    else:
        articulacao = body
    if transit:
        offset = len(main_body) + 1  # the transit readings' place in the body 'quoted' indexes
        seg.transitorias = _articulacao(articulacao[1:], [j + offset in quoted for j in range(len(articulacao) - 1)],
                                        seg.transit_issues, config=config)[0]
        seg.issues.append(Issue(
            "transitional_provisions",
            f"'{transit[0].line.text.strip()[:60]}' opens transitional provisions numbered from 1 again: kept as "
            "their own articulação (disposicoes_transitorias)", page_no=transit[0].line.page_index + 1,
        ))
        articulacao = main_body

    frozen = [j in quoted for j in range(len(articulacao))]
    seg.articulacao, leading = _articulacao(articulacao, frozen, seg.issues, config=config,
                                            lost_articles=frozenset(lost_articles))
    if leading:
        seg.preambulo.extend(leading)
    return seg


_LETTERHEAD_REACH = 12  # lines of letterhead an epígrafe is looked for under, whatever follows


def epigrafe_position(target: Sequence[Reading], body: int) -> int | None:
    """Where the target's epígrafe stands: the first line read as one among the first lines (a
    letterhead may come first), or further down before the body (``body``: the first unit's
    position) when the text above it is no part of this norm: a gazette page's masthead and
    board, or the end of the acts printed before it. Of several epígrafes above the body, the
    first after which no closing (a date line and a signature) comes before the body: a closed
    act above is another's (an act without articles, a decree's tail), not this norm's head."""
    found = [j for j in range(min(len(target), max(body, _LETTERHEAD_REACH))) if target[j].epigrafe is not None]
    for j in found:
        if closing_in_head(target[j + 1:body]) is None:
            return j
    return next((j for j in found if j < _LETTERHEAD_REACH), None)


def closing_in_head(head: Sequence[Reading]) -> tuple[int, int] | None:
    """A closing printed before any article: a place-and-date line, then a signature (a name and
    a cargo) within the next lines. Returns (the closing's position, the end of its signature)
    in ``head``, or None. A norm is closed once, after its articles; a closing before them ends
    an act that has none (a gazette's nominating decree) and the text after it is another's."""
    for j, r in enumerate(head):
        if not fecho_like(r.line.text) or is_article(r):
            continue
        texts = [x.line.text for x in head[j + 1:j + 1 + _SIGNATURE_REACH]]
        for n in range(len(texts) - 1):
            if is_signature_start(texts[n:]):
                return j, j + 1 + n + 2
    return None


_SIGNATURE_REACH = 3  # lines from a closing's date to the signatário's cargo


def _drop_page_copies(readings: list[Reading], boundaries: set[int], compared: set[ChunkPair]
                      ) -> tuple[list[Reading], set[int], list[int]]:
    """Whole pages (by their page index) that repeat an earlier page, dropped; the page starts
    inferred inside pages (letterheads in plain text) are kept for what remains. ``compared``
    collects the pairs of pages found distinct (the target's pass skips them)."""
    real = {k for k in boundaries if readings[k].line.page_index != readings[k - 1].line.page_index}
    kept, _bounds, copies = drop_repeated_pages(readings, real, compared=compared)
    if not copies:
        return readings, boundaries, []
    kept_ids = {id(r) for r in kept}
    index: dict[int, int] = {}
    for k, r in enumerate(readings):
        if id(r) in kept_ids:
            index[k] = len(index)
    return kept, {index[k] for k in boundaries if k in index and index[k] > 0} | _bounds, copies


def _articulacao(readings: list[Reading], frozen: list[bool], issues: list[Issue], *,
                 config: SegmentConfig, lost_articles: frozenset[int] = frozenset()
                 ) -> tuple[list[Node], list[CleanLine]]:
    """The tree of an articulação's readings (``frozen``: quoted lines, no unit starts there;
    ``lost_articles``: lines that open an own article whose label OCR destroyed, as the
    quotations around them show), its doubts and gaps as ``issues``; also the lines before its
    first unit."""
    quoted_lines = [r.line for r, q in zip(readings, frozen, strict=True) if q]  # issue 12
    lines_before = [r.line for r in readings]
    readings, numbers, doubts = decode_articulacao(readings, frozen, config=config, lost_articles=lost_articles)
    for d in doubts:
        label = number_text(d.kind, d.number, d.unico) if d.kind != "unit" else ""
        if d.broken:
            message = (f"'{d.text.strip()}' runs on at the margin, yet the line above closed its unit (with ';', "
                       "or a paragraph's point): the lines between them (a unit's start among them) may be lost")
        elif d.titled:
            message = (f"'{d.text.strip()}' titles a part of the law where a label stands, its numeral and keyword "
                       "unreadable: kept as text, it may be an agrupador's heading")
        elif d.kind == "unit" and d.number:
            message = (f"'{d.text.strip()}' opens with {d.number}, the numeral of the next unit, after a "
                       "sentence's end, its keyword unreadable, but was kept as text: a unit may be lost")
        elif d.kind == "unit":
            message = (f"'{d.text.strip()}' starts like a unit whose label is unreadable (a scrap where a "
                       "label stands, after a clause's end) but was kept as text: a unit may be lost")
        elif d.lost:
            message = (f"'{d.text.strip()}' was read as {d.kind} {label}, whose label OCR lost entirely (the "
                       "next printed one shows the gap): where it starts is a guess")
        elif d.skip:
            message = (f"'{d.text.strip()}' was read as {d.kind} {label} by expectation from a costly label "
                       f"(cost {d.margin:.1f}) that reads better as the next number: {d.kind} {label} may be lost")
        elif d.taken:
            message = (f"'{d.text.strip()}' was read as {d.kind} {label}, the first of its level, from a weak "
                       f"label (cost {d.margin:.1f}) that no unit confirms: it may be text")
        else:
            message = (f"'{d.text.strip()}' reads almost as {d.kind} {label} (short by {d.margin:.1f}) but was "
                       "kept as the text of the unit before it: a unit may be lost")
        issues.append(Issue("unit_doubtful", message, page_no=lines_before[d.line].page_index + 1))
    article_readings = [r for r in readings if is_article(r)]
    for prev, (number, r) in zip([0, *numbers], zip(numbers, article_readings, strict=True), strict=False):
        if number > prev + 1:
            missing = f"{prev + 1}" if number == prev + 2 else f"{prev + 1} to {number - 1}"
            issues.append(Issue(
                "articles_missing",
                f"no article {missing} before article {number}: lost in the scan or merged into the "
                "previous unit", page_no=r.line.page_index + 1,
            ))
    roots, leading = build_tree(readings, numbers, issues)
    number_by_sequence(roots, issues)
    mark_tables(roots, issues)
    attach_alteracoes(roots, quoted_lines)  # issue 12: quoted blocks -> alteracao nodes
    issues.extend(find_merged_vigencia(roots))
    return roots, leading


# The vigência clause (LC 95, art. 8), its 'Esta' maybe damaged, after a sentence's end and at
# most four scraps (what OCR left of a label: 'Ape. do —')
_MERGED_VIGENCIA = re.compile(
    r"[.;:]\s+(?:\S{1,8}\s+){0,4}?\S{0,2}st[ae]\s+(?:Lei|Decreto|Resolu[çc][ãa]o|Portaria|Emenda)\b[^.;]{0,40}?"
    r"\bentra(?:rá)?\s+em\s+vigor", re.I)


def find_merged_vigencia(roots: Sequence[Node]) -> list[Issue]:
    """A unit whose text goes on, after a sentence's end, with the vigência clause ('... do
    Município. Ape. do — nsta Lei entra em vigor'): that clause opens an article of its own, whose
    label was lost, so the law's articles are not whole. Quoted provisions aside (an amended
    norm's own clauses), and units read from a PDF's text layer (no label was lost there)."""
    issues: list[Issue] = []
    stack = [n for n in roots]
    while stack:
        node = stack.pop()
        if node.kind == "alteracao":
            continue
        stack.extend(node.children)
        if node.kind not in DISPOSITIVO_TYPES or (node.lines and all(ln.text_layer for ln in node.lines)):
            continue  # (a text layer lost no label to OCR: an unnumbered clause there is the drafter's)
        text = " ".join([node.first_text, *(ln.text for ln in node.lines[1:])])  # as emitted: no label
        m = _MERGED_VIGENCIA.search(text)
        if m is not None:
            issues.append(Issue(
                "unit_doubtful",
                f"'{text[m.start() + 1:].strip()[:60]}' is the vigência clause, which opens an article of its "
                "own, read inside another unit's text: an article's label may be lost", node=node,
                page_no=node.lines[0].page_index + 1 if node.lines else None))
    return issues
