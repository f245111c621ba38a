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

from rapidfuzz import fuzz

from pipeline.alteracoes import attach_alteracoes, blank_quoted, mark_alteracoes
from pipeline.cleaning import CleanLine
from pipeline.folding import fold
from pipeline.headers import GROUP_LEVEL, Header, is_heading_text, read_header, read_roman, uppercase_share
from pipeline.metadata import Epigrafe, is_fecho_start, is_role_line, parse_epigrafe
from pipeline.reading.numerals import alinea_index, alinea_letter, int_to_roman
from pipeline.segmenting.decoder import DecodeConfig, Doubt, Printed, Start, decode


@dataclass
class Node:
    """A unit of the intermediate tree (mutable while the tree is built, then left alone)."""

    kind: str  # artigo | paragrafo | inciso | alinea | item | a group type
    number: str  # decided number ('10', 'único', 'III', 'c')
    label: str = ""
    title: str | None = None
    lines: list[CleanLine] = field(default_factory=list)  # text lines (label stripped)
    first_text: str = ""  # text after the label on the header line
    children: list[Node] = field(default_factory=list)
    unico: bool = False
    suffix: str | None = None
    table: bool = False

    def iter(self):
        yield self
        for child in self.children:
            yield from child.iter()


@dataclass(frozen=True)
class Issue:
    """A warning raised while segmenting; ``node`` is resolved to a unit id at emission."""

    code: str
    message: str
    node: Node | None = None
    page_no: int | None = None


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
    neighbors: list[NeighborLaw] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    page_order: list[int] | None = None


@dataclass(frozen=True)
class SegmentConfig:
    # Costs of the article-number decoding (see decode_article_numbers).
    cost_sequence_reading: float = 3.0
    cost_gap_base: float = 2.0
    cost_gap_per_missing: float = 0.5
    cost_backward: float = 6.0
    max_states: int = 24
    reorder_margin: float = 3.0
    decoder: DecodeConfig = DecodeConfig()


# --- line readings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    line: CleanLine
    header: Header | None
    epigrafe: Epigrafe | None = None


_WORD_CUT = re.compile(r"\w[-‐‑=]+[—–]?$")


_LABEL_AT_END = re.compile(r"(?:^|\s)(Art\.?|ART\.?|Artigo|ARTIGO)\s*$")
# '5º', '5.º', '5 º -', '11 —', '12. ' (an article number with its ordinal or its dash)
_NUMBER_AT_START = re.compile(r"^\s*\d{1,3}(?:\s?\.?\s?[º°ª]|\.?\s*[-–—]\s)")


def rejoin_split_labels(lines: Sequence[CleanLine]) -> list[CleanLine]:
    """'... de Trânsito. Art.' / '5º - É proibido': the label cut at a line end goes back to
    the line it opens."""
    out = list(lines)
    for k in range(len(out) - 1):
        m = _LABEL_AT_END.search(out[k].text)
        if m and _NUMBER_AT_START.match(out[k + 1].text):
            out[k + 1] = replace(out[k + 1], text=f"{m.group(1)} {out[k + 1].text.lstrip()}")
            out[k] = replace(out[k], text=out[k].text[: m.start()].rstrip())
    return out  # a line left empty ('Art.' alone) keeps its place: positions index the lines


_DAMAGED_TITLE = re.compile(r"^\W{0,3}(?:[a-z]{1,2}\W{0,2}\s+)?(?P<word>[A-Za-zÀ-ÿ]{2,12})\s*(?P<rest>N\S{0,3}\s*\d.{0,120})$")
_TITLE_WORDS = ("LEI", "DECRETO", "RESOLUÇÃO", "PORTARIA")


def expected_epigrafe(text: str, numero: str | None) -> Epigrafe | None:
    """The epígrafe of the norm the record names, read by expectation where its tipo word is
    damaged ('LET Nº 1.698, DE 27 DE MARÇO DE 1997', 'o LEI Nº 1.839, DE 1 DE OUTUBRO DE 1981 E)'):
    a tipo-like word, then a number sign and the record's own número. Without a record's
    número nothing is read so."""
    if not numero:
        return None
    m = _DAMAGED_TITLE.match(text.strip())
    if m is None:
        return None
    word = fold(m.group("word"))
    title = max(_TITLE_WORDS, key=lambda t: fuzz.ratio(word, fold(t)))
    if fuzz.ratio(word, fold(title)) < 66:
        return None
    rest = re.sub(r"(?:\s+\S{1,2})+\W*$", "", m.group("rest")) if re.search(r"\d{4}\W*\s+\S{1,2}\W*$", m.group("rest")) else m.group("rest")
    epi = parse_epigrafe(f"{title} {rest}")
    if epi is None or (epi.numero or "").lstrip("0") != numero.lstrip("0"):
        return None
    return replace(epi, text=text.strip())


def read_lines(lines: Sequence[CleanLine], *, numero: str | None = None) -> list[Reading]:
    """Read every line as a possible header or epígrafe.

    A line right after a word cut by a hyphen ('8 (oi-' / 'to) anos') continues that word: a
    lower-case label there ('to)') is text. A law cited in a sentence that wrapped ('na forma
    da' / 'Lei n.º 201, de 12 de março de 1954.') is no epígrafe. With the record's ``numero``,
    its epígrafe is also read where its tipo word is damaged (:func:`expected_epigrafe`).
    """
    out = []
    prev = ""
    for ln in lines:
        header = read_header(ln.text)
        if (
            header is not None and header.kind in ("alinea", "item")
            and _WORD_CUT.search(prev.rstrip())
        ):
            header = None
        epigrafe = None
        if header is None or header.kind not in ("artigo", "paragrafo"):
            epigrafe = parse_epigrafe(ln.text) or (expected_epigrafe(ln.text, numero) if header is None else None)
            if epigrafe is not None and prev and _sentence_open(prev) and uppercase_share(ln.text) < 0.6:
                epigrafe = None
            if epigrafe is not None:
                header = None
        prev = ln.text
        out.append(Reading(ln, header, epigrafe))
    return out


def _sentence_open(text: str) -> bool:
    t = text.rstrip()
    return bool(t) and (t[-1].isalpha() or t[-1] in ",-")


def _is_article(r: Reading) -> bool:
    return r.header is not None and r.header.kind == "artigo"


def _printed_number(r: Reading) -> int | None:
    """The article number as printed (its first reading), None when OCR destroyed it."""
    if not _is_article(r) or not r.header.candidates:  # type: ignore[union-attr]
        return None
    return r.header.candidates[0][0] or None  # type: ignore[union-attr]


# --- 1. laws in the document ------------------------------------------------------------------


def _matches_meta(epi: Epigrafe, numero: str | None, ano: int | None) -> bool:
    if numero is None:
        return False
    same_num = (epi.numero or "").lstrip("0") == str(numero).replace(".", "").lstrip("0")
    return same_num and (ano is None or epi.ano is None or epi.ano == ano)


def split_laws(
    readings: Sequence[Reading], *, numero: str | None, ano: int | None
) -> tuple[tuple[int, int], list[tuple[int, int]], list[Issue]]:
    """Spans of the target law and of the neighbours, by epígrafe.

    The span before the first epígrafe is the end of a previous law when it holds articles;
    otherwise it belongs to the target (letterhead, cover).
    """
    starts = [i for i, r in enumerate(readings) if r.epigrafe is not None]
    issues: list[Issue] = []
    if not starts:
        return (0, len(readings)), [], issues
    bounds = [*starts, len(readings)]
    spans = [(bounds[k], bounds[k + 1]) for k in range(len(starts))]
    articles = [sum(_is_article(readings[i]) for i in range(a, b)) for a, b in spans]
    target_k = None
    for k, (a, _b) in enumerate(spans):
        if _matches_meta(readings[a].epigrafe, numero, ano):  # type: ignore[arg-type]
            target_k = k
            break
    if target_k is None:
        target_k = max(range(len(spans)), key=lambda k: (articles[k], -k))
        if numero is not None:
            epi = readings[spans[target_k][0]].epigrafe
            issues.append(Issue(
                "metadata_mismatch",
                f"no epígrafe matches the metadata (número {numero}, ano {ano}); "
                f"kept the main law '{epi.text if epi else ''}' and used the metadata values",
            ))
    prelude = (0, starts[0])
    neighbors = [s for k, s in enumerate(spans) if k != target_k]
    target = spans[target_k]
    if any(_is_article(readings[i]) for i in range(*prelude)):
        neighbors.insert(0, prelude)
    elif target_k == 0:
        target = (0, target[1])
    return target, neighbors, issues


# --- 2. page order ----------------------------------------------------------------------------


def _chunks(readings: Sequence[Reading], boundaries: set[int]) -> list[list[int]]:
    chunks: list[list[int]] = [[]]
    for i in range(len(readings)):
        if i in boundaries and chunks[-1]:
            chunks.append([])
        chunks[-1].append(i)
    return chunks


def _signature_page(readings: Sequence[Reading], chunk: Sequence[int]) -> bool:
    """A page chunk with no header, a cargo line among its few lines, and no dated closing (a
    page that ends the law with the date belongs after its articles anyway)."""
    if len(chunk) > 12 or any(readings[i].header is not None for i in chunk):
        return False
    texts = [readings[i].line.text for i in chunk]
    return any(is_role_line(t) for t in texts) and not any(is_fecho_start(t) for t in texts)


def _inversions(seq: Sequence[float]) -> int:
    return sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq)) if seq[i] > seq[j])


def _before_restart(numbers: list[int]) -> list[int]:
    """A chunk's article numbers up to a restart ('13, 14, 15' then 'Art. 1º' of the next law
    printed on the same page): the numbers after it are another law's."""
    for k in range(1, len(numbers)):
        if numbers[k] <= 2 < numbers[k - 1]:
            return numbers[:k]
    return numbers


def restore_page_order(
    readings: list[Reading], boundaries: set[int], *, config: SegmentConfig
) -> tuple[list[Reading], list[int] | None, Issue | None]:
    """Put page chunks back in the order the article numbers say.

    A chunk's key is the median printed article number in it; chunks without articles stay
    glued to the chunk before them. Reordering happens only when it removes most inversions
    of the article sequence, and it is reported.
    """
    chunks = _chunks(readings, boundaries)
    merged: list[list[int]] = []
    keys: list[float] = []
    for chunk in chunks:
        if merged and _signature_page(readings, chunk):
            # A page holding only signatures (the last page, scanned out of place) closes the
            # law: it is not glued to the page before it.
            merged.append(list(chunk))
            keys.append(float("inf"))
            continue
        nums = sorted(_before_restart([n for i in chunk if (n := _printed_number(readings[i]))]))
        if not nums or not merged:
            if merged:
                merged[-1].extend(chunk)
            else:
                merged.append(list(chunk))
                keys.append(nums[len(nums) // 2] if nums else 0)
            if nums and len(merged) == 1 and keys[0] == 0:
                keys[0] = nums[len(nums) // 2]
            continue
        merged.append(list(chunk))
        keys.append(nums[len(nums) // 2])
    if len(merged) < 3:
        return readings, None, None

    def article_seq(order: Sequence[int]) -> list[int]:
        return [n for k in order for i in merged[k] if (n := _printed_number(readings[i]))]

    def cost(order: Sequence[int]) -> float:
        return sequence_cost([
            readings[i].header.candidates  # type: ignore[union-attr]
            for k in order for i in merged[k] if _is_article(readings[i])
        ], config=config)

    original = list(range(len(merged)))
    # The first chunk holds the epígrafe and the preamble: it stays first.
    proposal = [0, *sorted(original[1:], key=lambda k: keys[k])]
    if proposal == original:
        return readings, None, None
    before = _inversions(article_seq(original))
    after = _inversions(article_seq(proposal))
    # Misread numbers ('ART. 32' for 3º) can look like disorder: reorder only when the
    # reordered law is much easier to number than the law as scanned.
    if before == 0 or cost(proposal) + config.reorder_margin >= cost(original):
        return readings, None, None
    new = [readings[i] for k in proposal for i in merged[k]]
    pages_in_order: list[int] = []
    for r in new:  # pages in their new reading order, each once
        if r.line.page_index + 1 not in pages_in_order:
            pages_in_order.append(r.line.page_index + 1)
    if len(pages_in_order) < 2:
        pages_in_order = []  # chunks of plain text without page breaks: no page numbers to give
    issue = Issue(
        "pages_reordered",
        f"page chunks were out of order (article numbers {keys}); restored order of chunks "
        f"{[k + 1 for k in proposal]} (inversions {before} -> {after})",
    )
    return new, pages_in_order, issue


# --- 3. article numbers -------------------------------------------------------------------------


def decode_article_numbers(
    candidates: Sequence[Sequence[tuple[int, float]]], *, config: SegmentConfig = SegmentConfig()
) -> list[int]:
    return _viterbi(candidates, config=config)[1]


def sequence_cost(
    candidates: Sequence[Sequence[tuple[int, float]]], *, config: SegmentConfig = SegmentConfig()
) -> float:
    """How badly the best numbering fits (0 for 1, 2, 3... printed cleanly)."""
    return _viterbi(candidates, config=config)[0]


def _viterbi(
    candidates: Sequence[Sequence[tuple[int, float]]], *, config: SegmentConfig = SegmentConfig()
) -> tuple[float, list[int]]:
    """Choose one number per article header so that the whole sequence fits best.

    Viterbi over states = chosen number. Reading a header as printed costs 0, as one of its
    alternative readings its listed cost, as 'previous + 1' against the print
    ``cost_sequence_reading``. Moving from y to x costs 0 when x = y + 1, a gap cost when x > y + 1
    and ``cost_backward`` when x <= y.
    """
    if not candidates:
        return 0.0, []
    # A path is a linked list (number, previous): extending it is O(1), not a copy of the path.
    Chain = tuple[int, object]
    states: dict[int, tuple[float, Chain]] = {}
    for number, cost in candidates[0]:
        states[number] = (cost, (number, None))
    if 1 not in states:
        states[1] = (config.cost_sequence_reading, (1, None))
    for cands in candidates[1:]:
        options = dict(cands)
        for prev in list(states):
            options.setdefault(prev + 1, config.cost_sequence_reading)
        new: dict[int, tuple[float, Chain]] = {}
        for x, emission in options.items():
            best: tuple[float, Chain] | None = None
            for y, (total, path) in states.items():
                if x == y + 1:
                    trans = 0.0
                elif x > y + 1:
                    trans = config.cost_gap_base + config.cost_gap_per_missing * (x - y - 1)
                else:
                    trans = config.cost_backward
                score = total + trans + emission
                if best is None or score < best[0]:
                    best = (score, path)
            assert best is not None
            new[x] = (best[0], (x, best[1]))
        states = dict(sorted(new.items(), key=lambda kv: kv[1][0])[: config.max_states])
    total, node = min(states.values(), key=lambda v: v[0])
    numbers: list[int] = []
    while node is not None:
        number, node = node  # type: ignore[misc, assignment]
        numbers.append(number)
    numbers.reverse()
    return total, numbers


# --- 3b. every unit start, by expectation ------------------------------------------------------


def _printed_of(readings: Sequence[Reading], j: int) -> Printed | None:
    """What the printed-form readers read on line ``j``, as the decoder's evidence."""
    h = readings[j].header
    if h is None:
        return None
    if h.kind == "group":
        return Printed("group", None)
    if h.kind == "inciso" and h.uppercase_rest and not h.rest.rstrip().endswith((".", ";", ":", ",")):
        nxt = next((readings[k].header for k in range(j + 1, min(j + 4, len(readings)))
                    if readings[k].header is not None), None)
        prev = readings[j - 1].line.text.rstrip() if j else ""
        if nxt is not None and nxt.kind in ("artigo", "group") and not prev.endswith((":", ";")):
            return Printed("heading", None)  # 'II - DA LICENÇA' before an article: build_tree decides
    if h.kind == "artigo":
        first = h.candidates[0][0] if h.candidates else 0
        return Printed("artigo", first or None, unico=h.unico, suffix=bool(h.suffix),
                       alternatives=tuple(h.candidates[1:]), label=h.label)
    if h.kind == "paragrafo":
        return Printed("paragrafo", 1 if h.unico else (int(h.number) if h.number and h.number.isdigit() else None),
                       unico=h.unico, label=h.label)
    if h.kind == "inciso":
        return Printed("inciso", read_roman(h.number or "") if h.number else None, label=h.label)
    if h.kind == "alinea":
        return Printed("alinea", alinea_index(h.number or ""), label=h.label)
    if h.kind == "item":
        return Printed("item", int(h.number) if h.number and h.number.isdigit() else None, label=h.label)
    return None


def _number_text(kind: str, n: int, unico: bool) -> str:
    if kind == "paragrafo" and unico:
        return "único"
    if kind == "inciso":
        return int_to_roman(n)
    if kind == "alinea":
        return alinea_letter(n)
    return str(n)


def _header_of(start: Start, reading: Reading) -> Header:
    """The header of a decided start: the printed reading renumbered, or the label the
    decoder read by expectation (kept as printed, with a note for the warning)."""
    number = _number_text(start.kind, start.number, start.unico)
    h = reading.header if start.offset == 0 else None
    if h is not None and h.kind == start.kind and not start.label:
        if start.kind == "artigo":
            return h if h.suffix else replace(h, number=str(start.number))
        return replace(h, number=number, unico=start.unico if start.kind == "paragrafo" else h.unico)
    note = f"'{start.label}' read as {start.kind} {number} by expectation (label cost {start.cost:.1f})"
    return Header(start.kind, start.label, start.rest, number=number,
                  candidates=((start.number, 0.0),) if start.kind == "artigo" else (),
                  unico=start.unico, read_as=note)


def decode_articulacao(
    readings: Sequence[Reading], frozen: Sequence[bool], *, config: SegmentConfig
) -> tuple[list[Reading], list[int], list[Doubt]]:
    """Every unit start of the articulação decided at once (``pipeline.segmenting.decoder``);
    returns the readings with their headers decided (lines OCR merged split in two), the
    article numbers in order and the decoder's doubts (line indices are ``readings``')."""
    printed = [_printed_of(readings, j) for j in range(len(readings))]
    frozen = list(frozen)
    for j, r in enumerate(readings):
        if r.header is not None and r.header.kind == "group" and not r.header.rest:
            # The title lines of a label-only heading ('CAPÍTULO III' / 'DA NACIONALIDADE').
            k = j + 1
            while k < len(readings) and k <= j + 3 and readings[k].header is None and (
                is_heading_text(readings[k].line.text) or k == j + 1
            ):
                frozen[k] = True
                k += 1
    decoding = decode([r.line.text for r in readings], printed, frozen=frozen, config=config.decoder)
    starts = decoding.starts
    by_line: dict[int, list[Start]] = {}
    for st in starts:
        by_line.setdefault(st.line, []).append(st)
    out: list[Reading] = []
    numbers: list[int] = []
    for j, r in enumerate(readings):
        here = by_line.get(j, [])
        keep_printed = printed[j] is not None and printed[j].kind in ("group", "heading")  # type: ignore[union-attr]
        cuts = [st.offset for st in here if st.offset > 0]
        texts = []
        bounds = [0, *cuts, len(r.line.text)]
        for a, b in zip(bounds, bounds[1:], strict=False):
            texts.append(r.line.text[a:b].rstrip() if b < len(r.line.text) else r.line.text[a:b])
        head_start = next((st for st in here if st.offset == 0), None)
        if keep_printed:
            head = r.header
        elif head_start is not None:
            head = _header_of(head_start, r)
        else:
            head = None
        if cuts and head is not None and head.rest:
            # The line's own unit ends where the first unit OCR merged onto it begins.
            tail = len(r.line.text) - min(cuts)
            if len(head.rest) >= tail:
                head = replace(head, rest=head.rest[:len(head.rest) - tail].rstrip())
        first = r if not cuts and head is r.header else Reading(replace(r.line, text=texts[0]) if cuts else r.line, head, r.epigrafe)
        if first.header is not None and first.header.kind == "artigo":
            numbers.append(head_start.number if head_start else 0)
        out.append(first)
        for st, text in zip([st for st in here if st.offset > 0], texts[1:], strict=True):
            piece = Reading(replace(r.line, text=text), None)
            h = _header_of(st, piece)
            tail = len(r.line.text) - st.offset - len(text)  # the units merged after this one
            if tail > 0 and len(h.rest) >= tail:
                h = replace(h, rest=h.rest[:len(h.rest) - tail].rstrip())
            out.append(Reading(piece.line, h))
            if h.kind == "artigo":
                numbers.append(st.number)
    return out, numbers, decoding.doubts


# --- 4. the tree --------------------------------------------------------------------------------

_PREAMBLE_START = re.compile(
    r"^\W{0,3}(?:[AO]\s+C[AÂ]MARA|[AO]\s+PREFEIT|O\s+PRESIDENTE|[AO]\s+GOVERNADOR|O\s+VICE|"
    r"FA[ÇC]O\s+SABER|O\s+SENHOR|O\s+EXCELENT|O\s+POVO|O\s+DOUTOR|O\s+DR\.|O\s+SR\.|A\s+MESA|EU,)",
    re.I,
)
_PREAMBLE_END = re.compile(r"^\W{0,2}(LEI|DECRETA|RESOLVE|PROMULGA|SANCIONA|DECRETO)\s*[:.\-]*\s*$", re.I)
_DOT_LEADER = re.compile(r"\.{4,}")
_PUBLICATION_ORDER = re.compile(r"^\W{0,3}(registre-se|publique-se|cumpra-se)\b", re.I)
# A closing that starts with the place: 'Itajaí, 17 de setembro de 2019.', 'Sobral (CE), em
# 12 de abril de 1995.', 'Paço da Câmara Municipal de Sobral, 12/04/1995.'
_PLACE_DATE = re.compile(
    r"^\W{0,2}[A-ZÀ-Ú][^\d,;:]{1,70}?(?:,[^\d,;:]{1,50}?)?(?:\s?[-/(]\s?[A-Z]{2}\)?)?,\s*(?:em\s+|aos\s+)?"
    r"\d{1,2}\s?[º°]?\s*(?:de\s+[A-Za-zçÇ]+\s+de\s+\d[\d.]{3,4}|[/.]\d{1,2}[/.]\d{2,4})"
)
# The same without the comma (OCR loses it), only when the date ends the line.
_PLACE_DATE_BARE = re.compile(
    r"^\W{0,2}[A-ZÀ-Ú][^\d,;:]{1,50}?\s+(?:em\s+)?\d{1,2}\s?[º°]?\s+de\s+\W?[A-Za-zçÇ]+\s+de\s+\d[\d.]{3,4}.{0,4}$"
)
_ANEXO = re.compile(r"^\W{0,3}ANEXO\b(?:\s+[IVXLC\d]+|\s+[ÚU]NICO)?", re.I)


def _container_of(article: Node) -> Node:
    """Where incisos and alíneas go: the last parágrafo, or the article itself (its caput)."""
    paragraphs = [c for c in article.children if c.kind == "paragrafo"]
    return paragraphs[-1] if paragraphs else article


def _last_of(node: Node, kind: str) -> Node | None:
    kids = [c for c in node.children if c.kind == kind]
    return kids[-1] if kids else None


def build_tree(
    readings: Sequence[Reading], article_numbers: Sequence[int], issues: list[Issue]
) -> tuple[list[Node], list[CleanLine]]:
    """Nest the articulação; returns the top-level nodes and lines before the first unit."""
    roots: list[Node] = []
    stack: list[Node] = []  # open agrupadores, outermost first
    # In a law typed all in capitals a capitalised line is no evidence of a heading.
    caps_document = uppercase_share(" ".join(r.line.text for r in readings)) > 0.8
    article: Node | None = None
    current: Node | None = None  # the unit that running text continues
    leading: list[CleanLine] = []
    numbers = iter(article_numbers)
    group_kinds_seen: list[str] = []
    i = 0
    n = len(readings)

    def next_header(k: int) -> Header | None:
        while k < n:
            if readings[k].header is not None:
                return readings[k].header
            return None
        return None

    def open_group(kind: str, header_label: str, title: str, printed: str | None, unico: bool) -> Node:
        nonlocal article, current
        level = GROUP_LEVEL.get(kind, 3)
        while stack and GROUP_LEVEL.get(stack[-1].kind, 3) >= level:
            stack.pop()
        node = Node(kind, printed or "", label=header_label, title=title or None, unico=unico)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)
        group_kinds_seen.append(kind)
        article = None
        current = node
        return node

    def take_title(k: int) -> tuple[str, int]:
        """Title lines after a label-only heading: capitals, until the next header. A line of
        debris right before a title in capitals is passed over."""
        parts: list[str] = []
        if (
            k + 1 < n and readings[k].header is None and readings[k + 1].header is None
            and not is_heading_text(readings[k].line.text)
            and (is_heading_text(readings[k + 1].line.text) or _is_word_debris(readings[k].line.text))
        ):
            k += 1
        while k < n and readings[k].header is None and len(parts) < 3:
            text = readings[k].line.text.strip()
            if parts and not is_heading_text(text):
                break
            if not parts and not (is_heading_text(text) or len(text) < 90):
                break
            parts.append(text)
            k += 1
            if not is_heading_text(text):
                break
        return " ".join(parts).strip(" -–—.:"), k

    while i < n:
        r = readings[i]
        h = r.header
        text = r.line.text.strip()
        nxt = next_header(i + 1)
        if h is not None and h.kind == "group":
            title = h.rest
            j = i + 1
            if not title:
                title, j = take_title(i + 1)
            open_group(h.group_type or "capitulo", h.label, title, h.number, h.unico)
            i = j
            continue
        prev_text = readings[i - 1].line.text.rstrip() if i else ""
        prev_text = re.sub(r"(?<=[.])\s+[:;|'\"]+$", "", prev_text)  # '... populares. :' ends at the point
        wrapped = 0
        if h is not None and h.kind == "inciso" and h.uppercase_rest and nxt is None:
            # 'IV — DA ADMINISTRAÇÃO E DA FISCALIZAÇÃO' / 'DA FEIRA' / 'Art. 9º ...'
            while (
                wrapped < 2 and i + 1 + wrapped < n and readings[i + 1 + wrapped].header is None
                and is_heading_text(readings[i + 1 + wrapped].line.text)
            ):
                wrapped += 1
            nxt = next_header(i + 1 + wrapped) if wrapped else None
        if (
            h is not None and h.kind == "inciso" and h.uppercase_rest
            and nxt is not None and nxt.kind in ("artigo", "group")
            and not h.rest.rstrip().endswith((".", ";", ":", ","))
            and not prev_text.endswith((":", ";"))
        ):
            kind = next((k for k in reversed(group_kinds_seen)), "capitulo")
            number = read_roman(h.number or "") if h.number else None
            title = " ".join([h.rest, *(readings[i + 1 + w].line.text.strip() for w in range(wrapped))])
            open_group(kind, h.label, title.strip(" -–—"), str(number) if number else None, False)
            i += 1 + wrapped
            continue
        if (
            h is None and article is not None and is_heading_text(text) and not caps_document
            and nxt is not None and nxt.kind == "artigo"
            and not _PREAMBLE_END.match(text)
            and not text.endswith((".", ";", ":", ","))
            and not re.match(r"^\W*A?RT", text)
            and (current is None or _ends_unit(current))
        ):
            kind = next((k for k in reversed(group_kinds_seen)), "capitulo")
            open_group(kind, "", text.strip(" -–—"), None, False)
            issues.append(Issue("heading_without_label", f"heading '{text}' has no printed label",
                                node=stack[-1], page_no=r.line.page_index + 1))
            i += 1
            continue
        if h is not None and h.kind == "artigo":
            number = next(numbers)
            article = Node("artigo", str(number), label=h.label, first_text=h.rest,
                           unico=h.unico, suffix=h.suffix, lines=[r.line])
            (stack[-1].children if stack else roots).append(article)
            current = article
            _note_expectation(h, article, r, issues)
            if h.candidates and number != h.candidates[0][0] and not h.suffix:
                issues.append(Issue(
                    "article_renumbered",
                    f"printed '{h.label}' read as article {number} from the sequence",
                    node=article, page_no=r.line.page_index + 1,
                ))
            i += 1
            continue
        if article is None:
            if current is not None and stack and current is stack[-1]:
                leading.append(r.line)  # text between a heading and the first article
            else:
                leading.append(r.line)
            i += 1
            continue
        if h is not None and h.kind == "paragrafo":
            node = Node("paragrafo", h.number or "", label=h.label, first_text=h.rest,
                        unico=h.unico, lines=[r.line])
            article.children.append(node)
            current = node
            _note_expectation(h, node, r, issues)
        elif h is not None and h.kind == "inciso" and _continues_alineas(h, article):
            container = _container_of(article)
            parent = _last_of(container, "inciso") or container
            node = Node("alinea", h.label[:1].lower(), label=h.label, first_text=h.rest, lines=[r.line])
            parent.children.append(node)
            current = node
            _note_expectation(h, node, r, issues)
        elif h is not None and h.kind == "alinea" and not _fits_alinea(h, article):
            _append_text(current, r.line)
        elif h is not None and h.kind == "alinea":
            container = _container_of(article)
            parent = _last_of(container, "inciso") or container
            node = Node("alinea", h.number or "", label=h.label, first_text=h.rest, lines=[r.line])
            parent.children.append(node)
            current = node
            _note_expectation(h, node, r, issues)
        elif h is not None and h.kind in ("inciso", "item"):
            container = _container_of(article)
            last_inciso = _last_of(container, "inciso")
            open_alinea = _last_of(last_inciso or container, "alinea")
            is_digit = (h.label or "")[:1].isdigit()
            if h.kind == "item" or (is_digit and open_alinea is not None):
                holder = open_alinea if open_alinea is not None else (last_inciso if h.read_as or (
                    h.kind == "item" and last_inciso is not None and not last_inciso.children) else None)
                if holder is None:
                    _append_text(current, r.line)
                    i += 1
                    continue
                node = Node("item", h.number or "", label=h.label, first_text=h.rest, lines=[r.line])
                holder.children.append(node)
            else:
                node = Node("inciso", h.number or "", label=h.label, first_text=h.rest, lines=[r.line])
                container.children.append(node)
            current = node
            _note_expectation(h, node, r, issues)
        else:
            _append_text(current, r.line)
        i += 1
    return roots, leading


def _note_expectation(h: Header | None, node: Node, r: Reading, issues: list[Issue]) -> None:
    if h is not None and h.read_as:
        issues.append(Issue("label_read_by_expectation", h.read_as, node=node, page_no=r.line.page_index + 1))


def _continues_alineas(h: Header, article: Node) -> bool:
    """'i -' after 'h -' is the ninth alínea, not inciso I (likewise 'v -', 'x -')."""
    letter = h.label[:1]
    if not letter.islower() or letter not in "ivx":
        return False
    container = _container_of(article)
    parent = _last_of(container, "inciso") or container
    last = _last_of(parent, "alinea")
    return last is not None and parent.children[-1] is last and _next_letter(last.number) == letter


def _fits_alinea(h: Header, article: Node) -> bool:
    """A two-letter label ('Db)', 'hn)') is an alínea only if one of its letters is the next
    expected one; otherwise it is text ('to) anos' after '8 (oi-')."""
    letters = re.sub(r"[^a-zà-ÿ]", "", h.label.lower().split(")")[0])
    if len(letters) < 2:
        return True
    container = _container_of(article)
    parent = _last_of(container, "inciso") or container
    count = sum(1 for c in parent.children if c.kind == "alinea")
    expected = _ALINEA_LETTERS[count % 26]
    return expected in letters


def _append_text(node: Node | None, line: CleanLine) -> None:
    if node is not None:
        node.lines.append(line)


def _ends_unit(node: Node) -> bool:
    last = node.lines[-1].text.rstrip() if len(node.lines) > 1 else node.first_text.rstrip()
    return not last or last[-1] in ".;:!?)\"'”"


# --- the whole document -------------------------------------------------------------------------


def _page_span(lines: Sequence[CleanLine]) -> tuple[int, int] | None:
    if not lines:
        return None
    pages = [ln.page_index + 1 for ln in lines]
    return (min(pages), max(pages))


def drop_repeated_pages(
    readings: list[Reading], boundaries: set[int], *, min_chars: int = 300, similarity: float = 85.0
) -> tuple[list[Reading], set[int], list[int]]:
    """A page scanned twice: a chunk nearly identical to an earlier one is dropped."""
    chunks = _chunks(readings, boundaries)
    if len(chunks) < 2:
        return readings, boundaries, []
    texts = [fold(" ".join(readings[i].line.text for i in chunk)) for chunk in chunks]
    placed_numbers = [[n for i in chunk if (n := _printed_number(readings[i]))] for chunk in chunks]
    numbers = [sorted(ns) for ns in placed_numbers]

    def repeats(k: int, j: int) -> bool:
        if abs(len(texts[k]) - len(texts[j])) >= 0.2 * len(texts[k]):
            return False
        # Same articles (a label misread in one copy allowed): a copy even with OCR variation;
        # other articles: only a near-exact copy.
        same, either = set(numbers[k]) & set(numbers[j]), set(numbers[k]) | set(numbers[j])
        # labels in the same places: each copy misread its own ('60, 7' / '6, 70' for 6, 7)
        pk, pj = placed_numbers[k], placed_numbers[j]
        placed = len(pk) == len(pj) and sum(a == b for a, b in zip(pk, pj, strict=True)) >= max(2, 0.6 * len(pk))
        alike = numbers[k] == numbers[j] or placed or (len(same) >= 2 and len(same) >= 0.6 * len(either))
        return fuzz.ratio(texts[k], texts[j]) >= (similarity if alike else 98.0)

    keep: list[int] = []
    dropped: list[int] = []
    for k, text in enumerate(texts):
        if len(text) >= min_chars and any(repeats(k, j) for j in keep):
            dropped.append(readings[chunks[k][0]].line.page_index + 1)
            continue
        keep.append(k)
    if not dropped:
        return readings, boundaries, []
    new: list[Reading] = []
    bounds: set[int] = set()
    for k in keep:
        if new:
            bounds.add(len(new))
        new.extend(readings[i] for i in chunks[k])
    return new, bounds, dropped


def drop_repeated_runs(
    readings: list[Reading], boundaries: set[int], *, min_run: int = 3, similarity: float = 88.0
) -> tuple[list[Reading], set[int], list[int]]:
    """A page scanned twice where no page break shows (form feeds lost, no letterhead): a run of
    at least ``min_run`` article starts that repeats, in order, the starts of an earlier run
    (same printed numbers, nearly the same text) is a copy; the copy, as long as the original
    run, is dropped. Returns the readings, the boundaries moved with them and the pages dropped."""
    arts = [i for i, r in enumerate(readings) if _is_article(r)]
    if len(arts) < 2 * min_run:
        return readings, boundaries, []
    keys = [fold(readings[i].line.text) for i in arts]
    nums = [_printed_number(readings[i]) for i in arts]
    by_number: dict[int | None, list[int]] = {}
    drop: set[int] = set()
    k = 0
    while k < len(arts):
        best: tuple[int, int] | None = None
        for j in by_number.get(nums[k], []):
            length = 0
            while (k + length < len(arts) and j + length < k
                   and fuzz.ratio(keys[j + length], keys[k + length]) >= similarity):
                length += 1
            if length >= min_run and (best is None or length > best[1]):
                best = (j, length)
        if best is None:
            by_number.setdefault(nums[k], []).append(k)
            k += 1
            continue
        j, length = best
        size = arts[j + length] - arts[j]  # the original run, to the start after it
        stop = arts[k + length] if k + length < len(arts) else len(readings)
        drop.update(range(arts[k], min(arts[k] + size, stop)))
        k += length
    if not drop:
        return readings, boundaries, []
    pages = sorted({readings[i].line.page_index + 1 for i in drop})
    kept = [i for i in range(len(readings)) if i not in drop]
    position = {old: new for new, old in enumerate(kept)}
    bounds = {position[b] for b in boundaries if b in position and position[b] > 0}
    return [readings[i] for i in kept], bounds, pages


def _continues_target(readings: Sequence[Reading], span: list[int], target: list[int]) -> bool:
    """Whether a page chunk scanned before the target's epígrafe carries its later articles.

    Never when the target is an 'Artigo único' (nothing follows it), nor when both the chunk
    and the target close with a fecho of their own (a law has one).
    """
    if any(_is_article(readings[k]) and readings[k].header.unico for k in target):  # type: ignore[union-attr]
        return False
    if any(is_fecho_start(readings[k].line.text) for k in span) and any(
        is_fecho_start(readings[k].line.text) for k in target
    ):
        return False
    own = {n for k in target if (n := _printed_number(readings[k]))}
    nums = [n for k in span if (n := _printed_number(readings[k]))]
    return bool(nums) and bool(own) and min(nums) > 1 and not own.intersection(nums)


def claim_orphan_pages(
    readings: Sequence[Reading], span: list[int], target: list[int], boundaries: set[int]
) -> tuple[list[int], list[list[int]]]:
    """Pages printed after a neighbouring law's epígrafe whose articles fill the gaps of the
    target's numbering belong to the target (pages out of order around the next law), and so do
    pages that continue it (its next article numbers) when the target's own pages hold no fecho
    (its end was scanned after the next law's page)."""
    chunks: list[list[int]] = [[]]
    for k in span:
        if k in boundaries and chunks[-1]:
            chunks.append([])
        chunks[-1].append(k)
    own = {n for k in target if (n := _printed_number(readings[k]))}
    if len(own) < 2:
        return span, []
    closed = any(_fecho_like(readings[k].line.text) for k in target)
    keep, moved = list(chunks[0]), []
    for chunk in chunks[1:]:
        nums = [n for k in chunk if (n := _printed_number(readings[k]))]
        fills = nums and min(nums) > min(own) and max(nums) < max(own)
        continues = nums and not closed and max(own) < min(nums) <= max(own) + 2
        if (fills or continues) and not own.intersection(nums):
            moved.append(chunk)
            own.update(nums)
            closed = closed or any(_fecho_like(readings[k].line.text) for k in chunk)
        else:
            keep.extend(chunk)
    return keep, moved


def _boundaries(lines: Sequence[CleanLine], positions: Sequence[int]) -> set[int]:
    """Content positions where a page starts: a new page_index, or after a run of furniture,
    page stamps or contact lines (pages glued together in plain text).

    Furniture interleaved with a few lines that hold no article (a heading printed inside the
    letterhead block) makes one page start, not several.
    """
    pages: set[int] = set()
    inferred: list[int] = []
    for k in range(1, len(positions)):
        a, b = positions[k - 1], positions[k]
        if lines[b].page_index != lines[a].page_index:
            pages.add(k)
        elif any(lines[j].reason in ("furniture", "page_stamp", "phone") for j in range(a + 1, b)):
            inferred.append(k)
    out = set(pages)
    last: int | None = None
    for k in inferred:
        if last is not None and k - last <= 3 and not any(
            _looks_like_article(lines[positions[j]].text) for j in range(last, k)
        ):
            continue
        out.add(k)
        last = k
    return out


def _is_word_debris(text: str) -> bool:
    """A line of one- and two-letter scraps ('é o o se ra'): speckle read as words."""
    words = re.findall(r"[^\W\d_]+", text)
    return len(words) >= 3 and max(map(len, words)) <= 2


def _running_headers(readings: Sequence[Reading]) -> list[int]:
    """Positions of epígrafes that repeat an earlier one (same tipo, número, ano and date):
    a running title, not a new norm. The first occurrence stays the epígrafe."""
    seen: set[tuple] = set()
    out: list[int] = []
    for k, r in enumerate(readings):
        epi = r.epigrafe
        if epi is None:
            continue
        key = (epi.tipo, epi.numero, epi.ano, epi.data)
        if key in seen:
            out.append(k)
        seen.add(key)
    return out


def _looks_like_article(text: str) -> bool:
    h = read_header(text)
    return h is not None and h.kind == "artigo"


def segment_lines(
    lines: Sequence[CleanLine],
    *,
    numero: str | None = None,
    ano: int | None = None,
    config: SegmentConfig = SegmentConfig(),
) -> Segmentation:
    """Segment cleaned lines (noise included, so page boundaries can be seen) into a norm."""
    positions = [i for i, ln in enumerate(lines) if not ln.is_noise]
    content = rejoin_split_labels([lines[i] for i in positions])
    readings = read_lines(content, numero=numero)
    running = _running_headers(readings)
    if running:
        # The norm's title repeated at the top of every page ('LEI ORGÂNICA DO MUNICÍPIO',
        # 'LEI Nº 1.234/85') is page furniture, not the epígrafe of another norm.
        marked = {id(readings[k].line) for k in running}
        lines = [replace(ln, kind="noise", reason="running_header") if id(ln) in marked else ln for ln in lines]
        positions = [i for i, ln in enumerate(lines) if not ln.is_noise]
        content = rejoin_split_labels([lines[i] for i in positions])
        readings = read_lines(content, numero=numero)
    boundaries = _boundaries(lines, positions)
    seg = Segmentation()

    (a, b), neighbor_spans, issues = split_laws(readings, numero=numero, ano=ano)
    seg.issues.extend(issues)
    target_idx = list(range(a, b))
    moved_starts: set[int] = set()
    kept_spans: list[list[int]] = []
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
            span = []
            for chunk in chunks:
                if _continues_target(readings, chunk, target_idx):
                    moved_starts.add(chunk[0])
                    target_idx.extend(chunk)
                else:
                    span.extend(chunk)
            span.extend(same_page)
        # A span with no article of its own before the target is a title or cover line
        # ('LEI ORGÂNICA DO MUNICÍPIO DE ...'), not another norm.
        if span and (span[0] > a or any(_is_article(readings[k]) for k in span)):
            kept_spans.append(span)
    for span in kept_spans:
        epi = readings[span[0]].epigrafe
        seg.neighbors.append(NeighborLaw(
            epigrafe=epi,
            text=epi.text if epi else None,
            pages=_page_span([readings[k].line for k in span]),
            articles=sum(_is_article(readings[k]) for k in span),
        ))
        seg.issues.append(Issue(
            "neighbor_law",
            f"lines of another norm ({epi.text if epi else 'the end of a previous law'}) "
            "were left out of this one",
        ))

    target = [readings[k] for k in target_idx]
    local_bounds = {pos for pos, k in enumerate(target_idx) if pos and (k in boundaries or k in moved_starts)}
    target, local_bounds, dropped = drop_repeated_pages(target, local_bounds)
    target, local_bounds, copied = drop_repeated_runs(target, local_bounds)
    dropped = sorted(set(dropped) | set(copied))
    for page_no in dropped:
        seg.issues.append(Issue("duplicate_page", f"page {page_no} repeats an earlier page (scanned twice); "
                                "the copy was left out", page_no=page_no))
    target = blank_quoted(target)  # issue 12: quoted labels are no page-order evidence
    target, page_order, issue = restore_page_order(target, local_bounds, config=config)
    if issue is not None:
        seg.issues.append(issue)
        seg.page_order = page_order or None

    k = 0
    if target and target[0].epigrafe is not None:
        seg.epigrafe = target[0].epigrafe
        k = 1
    elif target:
        # The target may start with a letterhead before its epígrafe.
        for j, r in enumerate(target[:12]):
            if r.epigrafe is not None:
                seg.epigrafe = r.epigrafe
                k = j + 1
                break

    def opens_body(j: int) -> bool:
        h = target[j].header
        if h is None:
            return False
        if h.kind in ("artigo", "group"):
            return True
        # A roman-numbered heading in capitals right before an article ('I - DAS DISPOSIÇÕES').
        nxt = target[j + 1].header if j + 1 < len(target) else None
        return h.kind == "inciso" and h.uppercase_rest and nxt is not None and nxt.kind == "artigo"

    first_unit = next((j for j in range(k, len(target)) if opens_body(j)), len(target))
    head = target[k:first_unit]
    pre_start = next((j for j, r in enumerate(head) if _PREAMBLE_START.match(r.line.text)), None)
    if pre_start is None:
        seg.ementa = [r.line for r in head]
    else:
        seg.ementa = [r.line for r in head[:pre_start]]
        seg.preambulo = [r.line for r in head[pre_start:]]

    body = target[first_unit:]
    quoted = mark_alteracoes(body)  # issue 12 (was mark_quotations)
    body = [Reading(r.line, None, None) if j in quoted else r for j, r in enumerate(body)]
    fecho_at, annex_at = find_closing(body)
    if fecho_at is not None:
        end = annex_at if annex_at is not None else len(body)
        articulacao, tail = body[:fecho_at], body[fecho_at:end]
        fecho, signatures = _split_fecho(tail)
        annex_lines = [r.line for r in body[end:]]
        anexo_at = next((j for j, ln in enumerate(signatures) if _ANEXO.match(ln.text)), None)
        if anexo_at is not None:
            annex_lines = signatures[anexo_at:] + annex_lines
            signatures = signatures[:anexo_at]
        if annex_lines:
            seg.anexos = _split_anexos(annex_lines)
            if annex_at is not None:
                seg.issues.append(Issue(
                    "annex_with_articles",
                    f"the text after the signatures ('{annex_lines[0].text.strip()[:60]}') has articles "
                    "of its own; kept as an anexo, not as units of this norm",
                ))
        seg.fecho, seg.signatures = fecho, signatures
    else:
        articulacao = body

    frozen = [j in quoted for j in range(len(articulacao))]
    quoted_lines = [r.line for r, q in zip(articulacao, frozen, strict=True) if q]  # issue 12
    lines_before = [r.line for r in articulacao]
    articulacao, numbers, doubts = decode_articulacao(articulacao, frozen, config=config)
    for d in doubts:
        label = _number_text(d.kind, d.number, d.unico) if d.kind != "unit" else ""
        if d.kind == "unit":
            message = (f"'{d.text.strip()}' starts like a unit whose label is unreadable (a scrap, then a "
                       "capitalised sentence after a sentence's end) but was kept as text: a unit may be lost")
        elif d.taken:
            message = (f"'{d.text.strip()}' was read as {d.kind} {label}, the first of its level, from a weak "
                       f"label (cost {d.margin:.1f}) that no unit confirms: it may be text")
        else:
            message = (f"'{d.text.strip()}' reads almost as {d.kind} {label} (short by {d.margin:.1f}) but was "
                       "kept as the text of the unit before it: a unit may be lost")
        seg.issues.append(Issue("unit_doubtful", message, page_no=lines_before[d.line].page_index + 1))
    article_readings = [r for r in articulacao if _is_article(r)]
    for prev, (number, r) in zip([0, *numbers], zip(numbers, article_readings, strict=True), strict=False):
        if number > prev + 1:
            missing = f"{prev + 1}" if number == prev + 2 else f"{prev + 1} to {number - 1}"
            seg.issues.append(Issue(
                "articles_missing",
                f"no article {missing} before article {number}: lost in the scan or merged into the "
                "previous unit", page_no=r.line.page_index + 1,
            ))
    roots, leading = build_tree(articulacao, numbers, seg.issues)
    if leading:
        seg.preambulo.extend(leading)
    seg.articulacao = roots
    _number_by_sequence(roots, seg.issues)
    _mark_tables(roots, seg.issues)
    attach_alteracoes(roots, quoted_lines)  # issue 12: quoted blocks -> alteracao nodes
    return seg


_OPEN_QUOTE = re.compile(r"^\s*(?:[“\"«*]|''|‘‘|``|,,)")  # '*' is a quote OCR misread
_CLOSE_QUOTE = re.compile(r"(?:[”\"»]|''|’’)\s*(?:\((?:NR|AC|R)\))?\s*[.;]?\s*$")
# What an amending provision says before the wording it quotes ('passa a vigorar com a seguinte
# redação:', 'fica acrescido do seguinte artigo:', 'ficam incluídos os seguintes incisos:'), folded.
_AMENDING_INTRO = re.compile(
    r"REDA[CG][AO]O|VIGORAR|ACRESC|ACRESI|INCLUI|INSERID|INTRODUZ|SUBSTITUI|ALTERA|PASSA[MR]? A "
    r"|SEGUINTES? (?:TEOR|TEXTO|DISPOSITIVO|ART|PARAGRAFO|INCISO|ALINEA|ITEM|CAPITULO|SECAO)"
)
# The verbs of amendment: new wording follows even when OCR lost the opening quote.
_AMENDING_VERB = re.compile(
    r"PASSA[MR]? A VIGORAR|VIGORAR (?:COM|ACRESCID)|REDA[CG][AO]O\W*$|FICA[MR]? ACRESCID|ACRESCENTAD"
    r"|ACRESCID[OA]S? (?:D[OA]S? |A[OS]? )?SEGUINTES?"
)
# The strongest of them: new wording follows even when OCR lost the colon ('... redação.').
_NEW_WORDING = re.compile(r"REDA[CG][AO]O|VIGORAR|ACRESCID|ACRESCENT|SEGUINTES? (?:ART|PARAGRAFO|INCISO|ALINEA|§)")


def _introduces_quotation(readings: Sequence[Reading], j: int) -> bool:
    """Whether the lines before position ``j`` announce new wording quoted from line ``j`` on.

    An opening quote alone is no evidence: OCR strews quotes over dusty pages ('“Bs1e:: :'), and
    a line ending in ':' (an article that lists incisos) is common. Evidence is the amending
    vocabulary with the ':' that introduces the quotation, or, when OCR lost that colon, the
    strongest amending words with a quoted line that is itself a provision ('“Art. 15. ...').
    """
    if j == 0:
        return False
    intro = fold(" ".join(r.line.text for r in readings[max(0, j - 3):j]))
    if not _OPEN_QUOTE.match(readings[j].line.text):
        # The opening quote lost (speckle removal, a faint mark): an amending verb, the colon,
        # and a provision that cannot be the amending norm's own next article ('Art. 15.'
        # after 'Art. 1º ... passa a vigorar com a seguinte redação:').
        h = readings[j].header
        if h is None or not readings[j - 1].line.text.rstrip().endswith(":") or not _AMENDING_VERB.search(intro):
            return False
        outer = _outer_article(readings, j)
        return h.kind != "artigo" or (outer is not None and h.number != str(outer + 1))
    if readings[j - 1].line.text.rstrip().endswith(":"):
        return _AMENDING_INTRO.search(intro) is not None
    quoted_label = read_header(_OPEN_QUOTE.sub("", readings[j].line.text, count=1))
    return quoted_label is not None and _NEW_WORDING.search(intro) is not None


def _outer_article(readings: Sequence[Reading], j: int) -> int | None:
    """The number of the amending norm's own article last seen before position ``j``."""
    for r in reversed(readings[:j]):
        if _is_article(r) and r.header.number.isdigit():  # type: ignore[union-attr]
            return int(r.header.number)  # type: ignore[union-attr, arg-type]
    return None


def mark_quotations(readings: Sequence[Reading], *, max_lines: int = 200) -> set[int]:
    """Positions of lines quoted by an amending provision ('... passa a vigorar com a
    seguinte redação:' / '“Art. 15. ...' / '... § 2º ....” (NR)'): they are text of the
    amending unit, never units of this norm.

    A quotation ends at its closing quote or, when OCR lost that (a quote on a dotted line read
    as noise), before the amending norm's next article ('Art. 3º' after 'Art. 2º'), unquoted.
    """
    quoted: set[int] = set()
    j = 0
    while j < len(readings):
        text = readings[j].line.text
        if (_OPEN_QUOTE.match(text) or readings[j].header is not None) and _introduces_quotation(readings, j):
            outer = _outer_article(readings, j)
            k = j
            while k < len(readings) and k - j < max_lines:
                r = readings[k]
                if (k > j and outer is not None and _is_article(r) and r.header.number == str(outer + 1)  # type: ignore[union-attr]
                        and not _OPEN_QUOTE.match(r.line.text)):
                    k -= 1
                    break
                quoted.add(k)
                if _CLOSE_QUOTE.search(r.line.text):
                    break
                k += 1
            j = k + 1
            continue
        j += 1
    return quoted


def _fecho_like(text: str) -> bool:
    return bool(
        is_fecho_start(text) or _PUBLICATION_ORDER.match(text) or _PLACE_DATE.match(text)
        or _PLACE_DATE_BARE.match(text)
    )


def find_closing(body: Sequence[Reading]) -> tuple[int | None, int | None]:
    """Where the fecho starts, and where an annex with articles of its own starts (a
    regulamento printed after the signatures), if any.

    A fecho candidate followed by articles that continue the numbering was a false alarm; one
    followed by articles that start again (Art. 1º) closes the norm.
    """
    articles = [j for j, r in enumerate(body) if _is_article(r)]
    if not articles:
        start = 0
    else:
        start = articles[0]
    for j in range(start, len(body)):
        if body[j].header is not None:
            continue
        text = body[j].line.text
        nxt = body[j + 1].line.text if j + 1 < len(body) and body[j + 1].header is None else None
        # joined as a reader would: a word cut by a hyphen ('de se-' / 'tembro de 2006') is one
        both = text if nxt is None else (text[:-1] + nxt if text.endswith("-") else f"{text} {nxt}")
        # The date of a closing often wraps ('... Ponta Porã-MS 14 de setembro' / 'de 2005').
        if not (_fecho_like(text) or (len(text) < 90 and _fecho_like(both))):
            continue
        before = [n for a in articles if a < j and (n := _printed_number(body[a]))]
        after = [a for a in articles if a > j]
        if not after:
            return j, None
        first_after = _printed_number(body[after[0]])
        if before and max(before) >= 2 and first_after is not None and first_after <= 2:
            k = after[0]
            while k - 1 > j + 1 and (
                (body[k - 1].header is not None and body[k - 1].header.kind == "group")  # type: ignore[union-attr]
                or (is_heading_text(body[k - 1].line.text) and not _fecho_like(body[k - 1].line.text))
            ):
                k -= 1
            return j, k
    return None, None


def _split_anexos(lines: Sequence[CleanLine]) -> list[list[CleanLine]]:
    """Annexes after the signatures, each from its 'ANEXO ...' line to the next one."""
    out: list[list[CleanLine]] = []
    for ln in lines:
        if _ANEXO.match(ln.text) or not out:
            out.append([])
        out[-1].append(ln)
    return out


def _split_fecho(tail: Sequence[Reading]) -> tuple[list[CleanLine], list[CleanLine]]:
    """The place-and-date sentence (after any 'Registre-se, publique-se' order), then the
    signature lines."""
    fecho: list[CleanLine] = []
    k = 0
    while k < len(tail) and _PUBLICATION_ORDER.match(tail[k].line.text):
        fecho.append(tail[k].line)
        k += 1
    while k < len(tail):
        line = tail[k].line
        fecho.append(line)
        k += 1
        if re.search(r"(\d{2,4}\)?\s*[.]?|\.)\s*$", line.text.strip()) and re.search(r"\d", " ".join(
            ln.text for ln in fecho
        )):
            break
        if len(fecho) >= 4:
            break
    return fecho, [r.line for r in tail[k:]]


_ALINEA_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _next_letter(letter: str) -> str:
    """'' -> 'a', 'a' -> 'b', 'z' -> 'aa'."""
    if not letter:
        return "a"
    if letter[-1] == "z":
        return "a" * (len(letter) + 1)
    return letter[:-1] + chr(ord(letter[-1]) + 1)


def _number_by_sequence(nodes: list[Node], issues: list[Issue]) -> None:
    """Incisos, alíneas, itens and parágrafos take the number of their place; groups too,
    within their parent. The printed label stays in ``label``; differences are reported."""
    from pipeline.headers import int_to_roman

    def group_offset(parent_children: list[Node], kind: str) -> int:
        """Groups whose printed numbers run on from a number above 1 (II, III, IV, V) keep them:
        the first heading was lost to OCR, not the numbering."""
        printed = [c.number for c in parent_children if c.kind == kind]
        if len(printed) < 2 or not all(n.isdigit() for n in printed) or int(printed[0]) <= 1:
            return 0  # one heading alone is no evidence of a numbering
        start = int(printed[0])
        return start - 1 if all(int(n) == start + i for i, n in enumerate(printed)) else 0

    def printed_value(node: Node) -> int | None:
        if node.kind == "inciso":
            return read_roman(node.number) if node.number else None
        if node.kind == "paragrafo" and node.number.isdigit():
            return int(node.number)
        return None

    def lost_before(node: Node, pos: int, later: list[Node]) -> int:
        """How many incisos or parágrafos OCR lost right before ``node``: its printed number
        runs ahead of its place and the next one printed confirms it ('II', [III lost], 'IV',
        'V'). A lone jump is a misreading, numbered by place."""
        value = printed_value(node)
        nxt = next((c for c in later if c.kind == node.kind), None)
        if value is None or value <= pos or nxt is None or printed_value(nxt) != value + 1:
            return 0
        return value - pos

    def lost_letters(node: Node, expected: str, later: list[Node]) -> int:
        """How many alíneas OCR lost right before ``node``: its letter runs ahead of the
        expected one and the next alínea printed confirms it ('b)', [c) lost], 'd)', 'e)')."""
        value, want = alinea_index(node.number or ""), alinea_index(expected)
        nxt = next((c for c in later if c.kind == "alinea"), None)
        if value is None or want is None or value <= want or nxt is None:
            return 0
        return value - want if alinea_index(nxt.number or "") == value + 1 else 0

    def visit(parent_children: list[Node]) -> None:
        counters: dict[str, int] = {}
        offsets = {k: group_offset(parent_children, k) for k in GROUP_LEVEL}
        last_letter = ""
        for i, node in enumerate(parent_children):
            counters[node.kind] = counters.get(node.kind, 0) + 1
            pos = counters[node.kind] + offsets.get(node.kind, 0)
            if node.kind in ("inciso", "paragrafo"):
                lost = lost_before(node, pos, parent_children[i + 1:])
                if lost:
                    issues.append(Issue("units_missing",
                                        f"printed '{node.label}' after {node.kind} {pos - 1}: "
                                        f"{lost} lost in the scan", node=node))
                    counters[node.kind] += lost
                    pos += lost
            if node.kind == "paragrafo":
                total = sum(1 for c in parent_children if c.kind == "paragrafo")
                if node.unico and total == 1:
                    node.number = "único"
                else:
                    if node.number not in (str(pos),):
                        issues.append(Issue("paragraph_renumbered",
                                            f"printed '{node.label}' numbered § {pos} by sequence", node=node))
                    node.number, node.unico = str(pos), False
            elif node.kind == "inciso":
                expected = int_to_roman(pos)
                if node.number != expected:
                    issues.append(Issue("inciso_renumbered",
                                        f"printed '{node.label}' numbered {expected} by sequence", node=node))
                node.number = expected
            elif node.kind == "alinea":
                expected = _next_letter(last_letter)
                skipped = _next_letter(expected)
                # Older laws follow the Portuguese alphabet without k, w, y: 'j)' then 'l)'.
                if expected in "kwy" and node.number == skipped:
                    expected = skipped
                elif (lost := lost_letters(node, expected, parent_children[i + 1:])):
                    issues.append(Issue("units_missing",
                                        f"printed '{node.label}' after alínea '{last_letter}': "
                                        f"{lost} lost in the scan", node=node))
                    expected = node.number
                last_letter = expected
                if node.number != expected:
                    issues.append(Issue("alinea_renumbered",
                                        f"printed '{node.label}' read as alínea {expected} by sequence", node=node))
                node.number = expected
            elif node.kind == "item":
                node.number = str(pos)
            elif node.kind in GROUP_LEVEL:
                total = sum(1 for c in parent_children if c.kind == node.kind)
                if node.unico and total == 1:
                    node.number = "único"
                else:
                    if node.number != str(pos):
                        issues.append(Issue("group_renumbered",
                                            f"heading '{node.label or node.title}' numbered {pos} by sequence",
                                            node=node))
                    node.number, node.unico = str(pos), False
            visit(node.children)

    visit(nodes)


def _mark_tables(nodes: list[Node], issues: list[Issue]) -> None:
    for node in nodes:
        for unit in node.iter():
            if unit.kind != "artigo":
                continue
            leaders = sum(
                bool(_DOT_LEADER.search(ln.text)) for sub in unit.iter() for ln in sub.lines
            )
            if leaders >= 3:
                unit.table = True
                issues.append(Issue("table_as_text",
                                    "a table inside this article was kept as text, not split into units",
                                    node=unit))


