"""The intermediate tree: units nested by LC 95/1998 rules, then numbered by their place (the
printed label kept, every difference a warning)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from models.codes import WarningCode
from models.units import GROUP_KINDS, GROUP_LEVEL
from pipeline.cleaning import CleanLine
from pipeline.folding import fold
from pipeline.headers import Header, is_heading_text, numbered_heading, read_roman, uppercase_share
from pipeline.reading.numerals import alinea_index, int_to_roman
from pipeline.segmenting.readings import Reading

# The letter of an inserted heading left after its numeral's hyphen ('CAPÍTULO IV-' + 'A').
_INSERTED_LETTER = re.compile(r"^([A-Z])(?:\s+[-–—.]?\s*|$)(.*)$")


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
    context: bool = False  # an article only named by an amending text: its quoted units' parent, not emitted

    def iter(self):
        yield self
        for child in self.children:
            yield from child.iter()


@dataclass(frozen=True)
class Issue:
    """A warning raised while segmenting; ``node`` is resolved to a unit id at emission."""

    code: WarningCode
    message: str
    node: Node | None = None
    page_no: int | None = None


_CLEAN_ROMAN = re.compile(r"^\W{0,2}([IVXLC]+)\s*(?:[-–—).]|$)")  # 'II -', 'IV)', 'III.'
_PREAMBLE_END = re.compile(r"^\W{0,2}(LEI|DECRETA|RESOLVE|PROMULGA|SANCIONA|DECRETO)\s*[:.\-]*\s*$", re.I)
_DOT_LEADER = re.compile(r"\.{4,}")


def _container_of(article: Node) -> Node:
    """Where incisos and alíneas go: the last parágrafo, or the article itself (its caput)."""
    paragraphs = [c for c in article.children if c.kind == "paragrafo"]
    return paragraphs[-1] if paragraphs else article


def _last_of(node: Node, kind: str) -> Node | None:
    kids = [c for c in node.children if c.kind == kind]
    return kids[-1] if kids else None


_HEADING_WORD = re.compile(r"[^\W\d_]{3,}")


def _heading_words(text: str) -> list[str]:
    return [w.lower() if w.isascii() else fold(w).lower() for w in _HEADING_WORD.findall(text)]  # (ASCII: fold is upper)


def _words_of_the_law(text: str, vocabulary: Counter[str]) -> bool:
    """Whether a line in capitals reads as words, not as a stamp or a scrap ('ECRM TO', 'CUM
    ALSO' at a page's top, repeated on other pages): half of its words of three letters or more
    are words the law's running text uses in lower case ('DISPOSIÇÕES' of 'revogadas as
    disposições', 'VISTORIA')."""
    words = [w for w in _heading_words(text) if w not in ("das", "dos")]
    return bool(words) and 2 * sum(vocabulary[w] >= 1 for w in words) >= len(words)


def _group_number(node: Node) -> int | None:
    printed = (node.number or "").strip()
    return int(printed) if printed.isdigit() else read_roman(printed) if printed else None


def keywordless_kind(
    stack: Sequence[Node], decided: str | None, number: int | None, seen: Sequence[str]
) -> str:
    """The kind of an agrupador printed without its keyword ('II - DAS INFRAÇÕES'). A typist
    prints one level the same way throughout, so once decided the kind stays. The first such
    heading continues the numbering of the open heading above it (TÍTULO I, then 'II - ...'),
    or opens the level below it: 'I - DAS DISPOSIÇÕES PRELIMINARES' under 'TÍTULO I' is its
    first capítulo (LC 95, art. 10: títulos hold capítulos), under 'CAPÍTULO II' its first
    seção. Otherwise it takes the kind of the last heading, as before any was open."""
    if decided is not None:
        return decided
    if not stack:
        return seen[-1] if seen else "capitulo"
    top = stack[-1]
    above = _group_number(top)
    level = GROUP_LEVEL.get(top.kind, 3)
    below = next((k.kind for k in GROUP_KINDS if k.level == level + 1), top.kind)
    if number is not None and above is not None and number == above + 1:
        return top.kind
    if number == 1 or level < GROUP_LEVEL["capitulo"]:
        return below
    return top.kind


def build_tree(
    readings: Sequence[Reading], article_numbers: Sequence[int], issues: list[Issue]
) -> tuple[list[Node], list[CleanLine]]:
    """Nest the articulação; returns the top-level nodes and lines before the first unit."""
    roots: list[Node] = []
    stack: list[Node] = []  # open agrupadores, outermost first
    # In a law typed all in capitals a capitalised line is no evidence of a heading.
    caps_document = uppercase_share(" ".join(r.line.text for r in readings)) > 0.8
    # (a word in ASCII lower case folds to itself)
    vocabulary = Counter(w if w.isascii() else fold(w).lower()
                         for r in readings for w in _HEADING_WORD.findall(r.line.text) if w.islower())
    article: Node | None = None
    current: Node | None = None  # the unit that running text continues
    leading: list[CleanLine] = []
    numbers = iter(article_numbers)
    group_kinds_seen: list[str] = []
    keywordless: str | None = None  # the kind of the headings printed without their keyword
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
            and (is_heading_text(readings[k + 1].line.text) or is_word_debris(readings[k].line.text))
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
            title, label, printed = h.rest, h.label, h.number
            inserted = _INSERTED_LETTER.match(title) if label.rstrip().endswith(("-", "–")) and printed else None
            if inserted:  # 'CAPÍTULO IV-A': a heading inserted after IV, LexML 'cap4-1'
                letter, title = inserted.group(1), inserted.group(2)
                label, printed = label.rstrip() + letter, f"{printed}-{ord(letter) - ord('A') + 1}"
            j = i + 1
            if not title:
                title, j = take_title(i + 1)
            open_group(h.group_type or "capitulo", label, title, printed, h.unico)
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
        if h is not None and numbered_heading(h, nxt, prev_text):
            number = read_roman(h.number or "") if h.number else None
            # (its kind by the numeral as printed: the decoder may have numbered a worn 'EV' I)
            kind = keywordless_kind(stack, keywordless, read_roman(h.label.strip(" -–—.)")), group_kinds_seen)
            keywordless = kind
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
            and _words_of_the_law(text, vocabulary)
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
                    h.kind == "item" and last_inciso is not None
                    and (not last_inciso.children or last_inciso.children[-1].kind == "item")) else None)
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


def _append_text(node: Node | None, line: CleanLine) -> None:
    if node is not None:
        node.lines.append(line)


def _ends_unit(node: Node) -> bool:
    last = node.lines[-1].text.rstrip() if len(node.lines) > 1 else node.first_text.rstrip()
    return not last or last[-1] in ".;:!?)\"'”"


def is_word_debris(text: str) -> bool:
    """A line of one- and two-letter scraps ('é o o se ra'): speckle read as words."""
    words = re.findall(r"[^\W\d_]+", text)
    return len(words) >= 3 and max(map(len, words)) <= 2


_ALINEA_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _next_letter(letter: str) -> str:
    """'' -> 'a', 'a' -> 'b', 'z' -> 'aa'."""
    if not letter:
        return "a"
    if letter[-1] == "z":
        return "a" * (len(letter) + 1)
    return letter[:-1] + chr(ord(letter[-1]) + 1)


def number_by_sequence(nodes: list[Node], issues: list[Issue]) -> None:
    """Incisos, alíneas, itens and parágrafos take the number of their place; groups too,
    within their parent. The printed label stays in ``label``; differences are reported."""
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
        if value is None or value <= pos or (nxt is not None and printed_value(nxt) != value + 1):
            return 0
        if nxt is None and (node.kind != "paragrafo" or value != pos + 1):
            # (the last inciso's numeral may have lost a stroke, 'V' for IV; a parágrafo's figure
            # does not lose a unit that way: '§ 2º' after the caput alone is § 1 lost)
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
        for kind, offset in offsets.items():
            # the headings before the first printed one were lost: say so (unless the numbering
            # runs on from an earlier parent's: CAPÍTULO III opening TÍTULO II after I and II)
            if offset > numbered.get(kind, 0):
                first = next(c for c in parent_children if c.kind == kind)
                issues.append(Issue("units_missing", f"no heading before '{first.label or first.title}': "
                                    f"{offset - numbered.get(kind, 0)} lost in the scan", node=first))
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
                clean = _CLEAN_ROMAN.match(node.label or "")
                if node.number != expected or (clean is not None and clean.group(1) != expected):
                    # (a label read by expectation whose numeral reads cleanly as another number,
                    # 'II -' taken for inciso III, is renumbered too)
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
                printed = re.match(r"\W*(\d{1,3})\b", node.label or "")
                if printed is not None and int(printed.group(1)) != pos:
                    issues.append(Issue("item_renumbered",
                                        f"printed '{node.label}' numbered item {pos} by sequence", node=node))
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
                numbered[node.kind] = max(numbered.get(node.kind, 0), pos)
            visit(node.children)

    numbered: dict[str, int] = {}  # the highest number given to each kind of agrupador so far
    visit(nodes)


def mark_tables(nodes: list[Node], issues: list[Issue]) -> None:
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
