"""Alterações: the provisions an amending law quotes, as ``alteracao`` nodes of the tree.

An amending unit ('O art. 5º da Lei nº 939, de 2013, passa a vigorar com a seguinte redação:')
quotes the amended norm's new wording ('“Art. 5º ...” (NR)'). Those quoted lines are found by
:func:`mark_alteracoes` and reach ``build_tree`` as plain text of the amending unit;
this stage takes them out of the unit's text again and puts each quoted block in a child node
of kind ``alteracao`` whose children are the quoted provisions, read with the same reader and
numbered as the amended norm numbers them. Nothing found inside a block is reported: its
numbering is the amended norm's, not this one's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from models.units import GROUP_TYPES
from pipeline.cleaning import CleanLine
from pipeline.folding import fold
from pipeline.headers import read_header
from pipeline.segmenting.readings import Reading, is_article, printed_number, read_lines
from pipeline.segmenting.tree import Node, build_tree

# The opening quote of a block as printed or as OCR reads it (“ " '' ‘‘ `` ,, « and '*').
# OCR may leave a speck or two before it ('. “Art. 6º', ': “Art. 2º').
_OPEN = re.compile(r"^\s*(?:[.,:;|!'’`´\-–—_~]\s*){0,3}?(?:[“\"«*]|''|‘‘|``|,,)\s*")
# The closing quote with the marks of the amended provision ('” (NR)', "'' (AC).", '" (VETADO)').
_CLOSE = re.compile(r"\s*(?:[”\"»]|''|’’)\s*(?:\(\s*(?:NR|AC|R|VETADO)\s*\))?\s*[.;,]?\s*$")
# The mark alone (the quote lost), maybe with specks OCR read after it ('previs tas (NR) : ;'), or
# its opening parenthesis read as a letter or a stroke ('estas. UNR)', '[NR]', '|AC)').
_MARK_ONLY = re.compile(
    r"\s*(?:\(\s*(?:NR|AC|R)|(?:[\[{|]|(?<![^\W\d_])[UC]?)\s*(?:NR|AC))\s*[)\]}]\s*[.;]?(?:\s*[.,:;'`´|])*\s*$")
# An omission line: the provisions of the amended norm left as they are ('......', '…').
_OMISSION = re.compile(r"^[\s.…·_\-]*$")
_OMISSION_TAIL = re.compile(r"\s*[.…·_]{4,}\s*$")


# What an amending unit says before the wording it quotes, folded: the formulas of LC 95/1998
# art. 12 ('passa(m) a vigorar com a seguinte redação / com as seguintes alterações / acrescido(a)
# do(s) seguinte(s)', 'fica(m) acrescido(s)', 'renumerado') and their municipal variants.
_FORMULA = re.compile(
    r"PASSA[MR]? A VIGORAR|VIGORAR (?:COM|ACRESCID)|(?:SEGUINTE|NOVA) REDA[CG][AO]O|ACRESCID[OA]S?\b"
    r"|ACRESCENTAD|ACRESIDO|FICA[MR]? INCLUID|RENUMERAD|SEGUINTES? ALTERAC"
    r"|SEGUINTES? (?:ART|PARAGRAFO|§|INCISO|ALINEA|ITEM|CAPITULO|SECAO|DISPOSITIVO)"
)
# An own article of the amending law: it amends, revokes or sets the law in force.
_OWN_ARTICLE_TEXT = re.compile(
    r"PASSA[MR]? A VIGORAR|FICA[MR]? (?:ACRESCID|ALTERAD|REVOGAD|INCLUID)|REVOGA|ENTRA(?:RA)? EM VIGOR"
    r"|\bESTA LEI|DA LEI (?:MUNICIPAL |COMPLEMENTAR )?N"
)
_RENUMBERS = re.compile(r"FICA[MR]? RENUMERAD")  # an own article that renumbers the amended norm's
_OPEN_CURLY, _CLOSE_CURLY = "“", "”"
_REVOKING = re.compile(r"\b(?:ficam?\s+revogad|revogam-se|revoga-se|revogad[oa]s?\s*:)", re.I)
# The announcing sentence ends: a ':' at the line's end, maybe with specks after it.
_ANNOUNCES = re.compile(r":[\s.,;:'`]*$")


def _article_number(text: str) -> int | None:
    h = read_header(text)
    if h is None or h.kind != "artigo" or not h.candidates:
        return None
    return h.candidates[0][0] or None


def _plain_article_number(text: str) -> int | None:
    """The number of an article label without a letter ('Art. 5º', not 'Art. 5º-A'), or None."""
    h = read_header(text)
    return _article_number(text) if h is not None and not h.suffix else None


# An article cited by number ('ART. 5O'), and the numbers listed or spanned after it ('ARTS. 3O,
# 5O E 8O', 'ARTS. 2O A 7O'), in folded text; a lettered one ('5O-A') is another article.
_NUMBER = r"(\d{1,4})\s*[O°º]?(\s*-\s*[A-Z]\b)?"
_CITED_ARTICLES = re.compile(
    rf"\bART(?:IGO)?S?\.?\s*{_NUMBER}((?:\s*(?:,|\bE\b|\bA\b|\bAO\b)\s*(?:ART(?:IGO)?S?\.?\s*)?\d{{1,4}}\s*[O°º]?"
    rf"(?:\s*-\s*[A-Z]\b)?)*)")
_MORE_CITED = re.compile(rf"(,|\bE\b|\bA\b|\bAO\b)\s*(?:ART(?:IGO)?S?\.?\s*)?{_NUMBER}")
_MAX_SPAN = 60  # articles a consolidation quotes at most ('arts. 2º a 7º'); more is a misreading


def named_articles(intro: str) -> frozenset[int]:
    """The articles the last citation of an amending text names, the ones its quotation is to
    hold ('OS ARTS. 3O A 5O DA LEI NO 9 PASSAM A VIGORAR' -> {3, 4, 5}; 'O ART. 5O' -> {5};
    'OS ARTS. 3O, 5O E 8O' -> {3, 5, 8}). ``intro`` is folded. Lettered articles ('5O-A') are
    left out: their numbers are no other article's."""
    last = next(iter(reversed(list(_CITED_ARTICLES.finditer(intro[-300:])))), None)
    if last is None:
        return frozenset()
    out: set[int] = set()
    prev = None if last.group(2) else int(last.group(1))
    if prev is not None:
        out.add(prev)
    for m in _MORE_CITED.finditer(last.group(3)):
        n = None if m.group(3) else int(m.group(2))
        if n is not None and m.group(1) in ("A", "AO") and prev is not None and 0 < n - prev <= _MAX_SPAN:
            out.update(range(prev + 1, n + 1))
        elif n is not None:
            out.add(n)
        prev = n
    return frozenset(out)


def announces(text: str) -> bool:
    """Whether a line ends the sentence that announces a quotation: with a ':' (specks after it
    allowed), or, the ':' misread, with the formula's last words ('com a seguinte redacac.',
    'seguintes alterações. E')."""
    return _ANNOUNCES.search(text) is not None or _ANNOUNCING_WORDS.search(fold(text)) is not None


_ANNOUNCING_WORDS = re.compile(r"(?=S)\bSEGUINTES?\s+(?:REDA[CG]\w{0,3}|ALTERA[CG]\w{0,4})\W{0,3}(?:\s\S)?\s*$")  # (lookahead: skips)
# a formula that announces several alterações, each a block of its own
_SEVERAL = re.compile(r"SEGUINTES ALTERAC|ACRESCID[OA]S? D[OA]S SEGUINTES")
# what OCR left of a quoted article's label, its quote lost: a scrap, the number, its separator,
# then the article's sentence ('e. 17: A Secretaria' for '“Art. 17. A Secretaria')
_ARTICLE_DEBRIS = re.compile(r"^\W{0,3}\S{0,4}?[\s.,:;]*(\d{1,3})\s*[º°o]?\s*[.:\-–—]{1,2}\s+[A-ZÀ-Ú][a-zà-ú]*\s")


def _quoted_article_debris(text: str, outer: int) -> bool:
    """Whether ``text`` opens with what is left of an article label of the amended norm: a number
    past the first (an own parágrafo's '§ 1º' shows 1) that is not the law's own next article."""
    m = _ARTICLE_DEBRIS.match(text)
    return m is not None and 2 <= int(m.group(1)) != outer + 1


def _own_article_follows(texts: Sequence[str], j: int, outer: int, max_lines: int) -> bool:
    """The law's own next article (by number and own clause) comes after line ``j`` before any
    closing quote does: a block opened at ``j`` by inference ends there, short of the fecho."""
    for k in range(j + 1, min(len(texts), j + max_lines)):
        if _own_article_at(texts, k, outer):
            return True
        if closes_block(texts[k]):
            return False
    return False


def _opens_quoted_text(text: str) -> bool:
    """What follows a line's opening quote reads as the start of quoted provisions: a unit's
    label, a capital letter (a caput quoted alone), an omission line."""
    body = _OPEN.sub("", text, count=1)
    return bool(body[:1].isupper() or _OMISSION.match(body) or body[:1] in "§…." or read_header(body) is not None)


def opens_quote(text: str) -> bool:
    """Whether a line opens with a quote as printed or as OCR reads it."""
    return bool(_OPEN.match(text))


def mark_alteracoes(readings: Sequence, *, max_lines: int = 400, body: bool = False) -> set[int]:
    """Positions of the lines an amending unit quotes (several blocks per unit, across pages):
    the first of :func:`read_alteracoes`."""
    return read_alteracoes(readings, max_lines=max_lines, body=body)[0]


def read_alteracoes(readings: Sequence, *, max_lines: int = 400, body: bool = False) -> tuple[set[int], set[int]]:
    """Positions of the lines an amending unit quotes (several blocks per unit, across pages),
    and of the lines that open an own article whose label OCR destroyed (see below).

    A block opens on a line that starts with a quote (or, when OCR lost the quote, a label right
    after the formula's ':' that is not the law's own next article) when the amending formula
    precedes it, or right after a block that closed (the next block of the same unit). It ends
    on its closing quote ('” (NR)', "'' (AC)", a dotted omission line with the quote), or, when
    OCR lost that quote, before the law's own next article ('Art. 3º O art. 8º da Lei ... passa
    a vigorar', 'Art. 5º Esta Lei entra em vigor'). Works on the line texts (the readings'
    headers may have been blanked already) and is idempotent.

    After a block closed, an unquoted line with no article label that carries an amending formula
    or a final clause is the law's own next article whose label OCR destroyed ('ARREGO 20) — Os
    arts. 4º a 11 ... passam a vigorar'); one that does not, and whose text closes with a quote
    before any article label, is the next block with its quote and label lost ('GARE o no OM
    fornecedores ...” (AC)'). ``body``: the readings are a law's body, its first line the first
    article even when OCR left no label of it ('ARIIGO IS —- A Lei nº 1.381 passa a vigorar').
    """
    from pipeline.folding import fold

    texts = [r.line.text for r in readings]
    quoted: set[int] = set()
    lost: set[int] = set()  # own articles whose label OCR destroyed
    outer: int | None = None  # the amending law's own last article
    intro = ""  # the own text since that article's label
    listing = False  # that article lists its alterações in own incisos ('I - o art. 6º passa a vigorar')
    j = 0
    n = len(texts)
    while j < n:
        text = texts[j]
        quote = opens_quote(text)
        h = read_header(text)
        start = False
        prev_closed = bool(j) and (j - 1) in quoted and closes_block(texts[j - 1])
        announced = bool(j) and announces(texts[j - 1])
        # (the formula searched last: most lines open no quotation and follow no closed one)
        if j and outer is not None and (quote or announced or prev_closed) and _FORMULA.search(intro):
            # inside an own article
            if quote:
                # unless a speck read as a quote opens the law's own next article ('“ARTIGO 5º - O
                # Poder Executivo'): no quotation that opens there closes before the law's own
                # article after it ('ARTIGO 6º - Esta Lei entrará em vigor')
                # (unless the formula names that number among the articles it amends: 'Os arts.
                # 3º a 5º ... passam a vigorar', then '“Art. 3º')
                # A quote that follows no announcing ':' nor a closed block opens the amended
                # norm's text only with a unit's label, a capital or an omission line: '* 13/1964,
                # que passam a ser os arts. 15 a 19' is a speck before the wrapped caput of an
                # article that renumbers
                number = _article_number(text)
                start = (announced or prev_closed or _opens_quoted_text(text)) and not (
                    number == outer + 1 and number not in named_articles(intro)
                    and not _closes_before_own(texts, j, outer + 1, max_lines))
            elif announced and _FORMULA.search(intro[-240:]):
                # the formula announced a quotation whose opening quote OCR lost or garbled
                # ('CATE. 9º', 'ACC. 13'): the next line starts it, unless it is the law's own
                # next article or an own unit that itself amends ('I – o art. 6º passa a vigorar
                # com a seguinte redação:') or revokes
                start = not _own_unit(text, h, outer, texts, j, max_lines, named_articles(intro))
                listing = listing or (not start and (h is None or h.kind != "artigo"))
            elif prev_closed and h is None and _amends_or_ends(texts, j):
                if listing and _goes_on_in_lower_case(text):
                    # the next own inciso of an article that lists its alterações in incisos, its
                    # label destroyed ('TI fica acrescido o art. 7º-A, com a seguinte redação:'):
                    # a sentence of an article opens in capitals; its quotation is the inciso's
                    intro = _join_folded(intro, fold(text))[-400:]
                    j += 1
                    continue
                # the law's own next article, its label destroyed: its quotations are its own
                outer, intro = outer + 1, fold(text)
                lost.add(j)
                j += 1
                continue
            elif prev_closed and h is None:
                # the next block, its quote and label lost ('GARE o no OM fornecedores serão'):
                # it closes before any article label does; or, its closing lost too, an article
                # of the amended norm by what is left of its label ('e. 17: A Secretaria' for
                # '“Art. 17. A Secretaria'), among the several alterações the formula announces,
                # up to the law's own next article
                start = _closes_before_article(texts, j, max_lines) or (
                    _SEVERAL.search(intro) is not None and _quoted_article_debris(text, outer)
                    and _own_article_follows(texts, j, outer, max_lines))
            elif prev_closed and h is not None and h.kind in ("artigo", "paragrafo", "group"):
                # the next block of the same unit, its opening quote lost ('Art. 14-A ...” (AC)'):
                # it closes before any own article does
                # and does not itself amend ('Art 30 O caput do art. 41 ... / ... passa a vigorar
                # com a seguinte redação:', its number damaged): read with its next line
                number = _article_number(text)
                head = fold(" ".join(texts[j:j + 2]))
                start = (not _OWN_ARTICLE_TEXT.search(head) and not _FORMULA.search(head)
                         and number != outer + 1 and _closes_before_article(texts, j, max_lines))
        if start:
            k = j
            # the articles the formula names are the quotation's ('Os arts. 3º a 5º ... passam a
            # vigorar'): until each is quoted, its number is no own article's
            pending = set(named_articles(intro))
            ended = False
            while k < n and k - j < max_lines:
                if k > j and _ends_block_before(texts, k, outer, max_lines, inferred=not quote,
                                                pending=frozenset(pending)):
                    k -= 1
                    ended = True
                    break
                quoted.add(k)
                pending.discard(_plain_article_number(texts[k]))
                if closes_block(texts[k]) and not _inner_quote(texts[k], k == j):
                    if k + 1 < n and _MARK_ONLY.fullmatch(texts[k + 1]):
                        k += 1  # the mark wrapped to a line of its own ('... do Município.”' / '(NR)')
                        quoted.add(k)
                    break
                k += 1
            lost_at = _lost_own_article(texts, j, k, outer) if ended and not quote else None
            if lost_at is not None:
                # the own article between, its label wrecked ('ár. & - As despesas ... correrão à
                # conta de dotações'): the block ends before it, and it is the law's next article
                quoted.difference_update(range(lost_at, k + 1))
                outer, intro = (outer or 0) + 1, fold(texts[lost_at])
                lost.add(lost_at)
                j = lost_at + 1
                continue
            j = k + 1
            continue
        number = _article_number(text)
        if not quote and (number is not None or (h is not None and h.kind == "artigo")):
            # an own article; its label's number lost ('ARTIGO FO') it is the next one
            outer, intro = number if number is not None else (outer or 0) + 1, fold(text)
            listing = False
        elif body and j == 0 and not quote and h is None:
            outer, intro = 1, fold(text)  # the body's first line is article 1, its label lost
            listing = False
            lost.add(j)
        else:
            intro = _join_folded(intro, fold(text))[-400:]
        j += 1
    return quoted, lost


_WORDS = re.compile(r"[^\W\d_]+")


def _goes_on_in_lower_case(text: str) -> bool:
    """Whether the first word of ``text`` past what is left of a label ('TI', 'E =', 'ARREGO 20)')
    is in lower case ('TI fica acrescido', 'E = o art. 7º passa'): the text of an inciso or alínea,
    not of an article ('ARREGO 20) — Os arts. 4º'). Words in capitals and one or two letters that
    are no stop word are taken for the label's debris."""
    from pipeline.cleaning import stop_words

    for m in list(_WORDS.finditer(text))[:6]:
        word = m.group()
        if word.isupper() or len(word) < 2 or (len(word) == 2 and word.lower() not in stop_words()):
            continue
        return word[0].islower()
    return False


_OWN_FINAL = re.compile(r"ENTRA(?:RA)? EM VIGOR|REVOGAM-SE|REVOGA-SE|FICA[MR]? REVOGAD")


def _join_folded(before: str, line: str) -> str:
    """Two folded lines as one text, a word cut at the line's end joined again ('AS SE-' +
    'GUINTES ALTERACOES:' -> 'AS SEGUINTES ALTERACOES:')."""
    if before.endswith("-") and "A" <= before[-2:-1] <= "Z" and line[:1].isalpha():
        return before[:-1] + line
    return f"{before} {line}" if before else line


def _amends_or_ends(texts: Sequence[str], j: int) -> bool:
    """Line ``j`` opens what an own article says, not a quoted one: an amending formula that
    announces its quotation within three lines ('A Lei nº 9 passa a vigorar com / as seguintes
    alterações:'), a revocation or the vigência ('Esta Lei entra em vigor')."""
    from pipeline.folding import fold

    head = texts[j:j + 3]
    ends = next((k for k, t in enumerate(head) if _ANNOUNCES.search(t)), None)
    if ends is not None and _FORMULA.search(fold(" ".join(head[:ends + 1]))):
        return True
    return bool(_OWN_FINAL.search(fold(" ".join(head[:2]))))


def _own_unit(text: str, h, outer: int, texts: Sequence[str], j: int, max_lines: int,
              named: frozenset[int] = frozenset()) -> bool:
    """Whether the unquoted line ``j`` after an announcing ':' is the law's own: its next article
    (by number with an own clause, or with no closing quote before the article after it, unless
    the formula names that number: ``named``), or a unit whose text amends or revokes by itself
    (the own incisos listing the alterações)."""
    from pipeline.folding import fold

    folded = fold(text)
    if _FORMULA.search(folded) or _REVOKING.search(text):
        return True
    if h is not None and h.kind == "artigo":
        number = _article_number(text)
        head = _join_folded(folded, fold(texts[j + 1])) if _wraps(texts, j) else folded  # the clause may wrap
        if _OWN_ARTICLE_TEXT.search(head) and (number is None or number == outer + 1):
            return True
        if number == outer + 1 and number not in named:
            return not _closes_before_own(texts, j, outer, max_lines)
    return False


def _closes_before_article(texts: Sequence[str], j: int, max_lines: int) -> bool:
    """A closing quote comes before the next unquoted article label after line ``j``."""
    for k in range(j, min(len(texts), j + max_lines)):
        if closes_block(texts[k]):
            return True
        if k > j and not opens_quote(texts[k]) and _article_number(texts[k]) is not None:
            return False
    return False


def _own_article(text: str, outer: int | None) -> bool:
    """An unquoted article of the amending law itself, by its text: its next number with an
    amending or final clause ('O art. 8º da Lei ... passa a vigorar', 'Esta Lei entra em vigor')."""
    from pipeline.folding import fold

    if outer is None or opens_quote(text) or _article_number(text) != outer + 1:
        return False
    return bool(_OWN_ARTICLE_TEXT.search(fold(text)))


def _own_article_at(texts: Sequence[str], k: int, outer: int | None) -> bool:
    """:func:`_own_article` read on line ``k`` with the next one (the clause may wrap: 'ARTIGO 2º -
    Ficam renumerados os arts. 17 a 24 da Lei' / 'Municipal nº 645')."""
    from pipeline.folding import fold

    if _own_article(texts[k], outer):
        return True
    if outer is None or opens_quote(texts[k]) or _article_number(texts[k]) != outer + 1:
        return False
    head = _join_folded(fold(texts[k]), fold(texts[k + 1])) if _wraps(texts, k) else fold(texts[k])
    return bool(_OWN_ARTICLE_TEXT.search(head) or _RENUMBERS.search(head))


def _wraps(texts: Sequence[str], k: int) -> bool:
    """Line ``k``'s sentence may go on on the next line: it closes no block and the next line is
    no unit's label nor a quotation."""
    return (k + 1 < len(texts) and not closes_block(texts[k]) and not opens_quote(texts[k + 1])
            and read_header(texts[k + 1]) is None)


def _ends_block_before(texts: Sequence[str], k: int, outer: int | None, max_lines: int, *,
                       inferred: bool = False, pending: frozenset[int] = frozenset()) -> bool:
    """Line ``k`` (inside a block) is the law's own next article: it has its number, unquoted,
    and no closing quote comes before the next own article (the block's quote was lost). In a
    block whose opening quote was never seen (``inferred``: opened by the formula's ':' alone),
    an own final clause ('Art. 3º Esta Lei entra em vigor') ends it even where the article
    between was lost to OCR ('ár. & - As despesas'): its number may run two ahead. A number
    the formula named and the block has not quoted yet (``pending``) is the amended norm's, unless
    the line is an own final clause ('Art. 3º Esta Lei entra em vigor')."""
    if outer is None or opens_quote(texts[k]):
        return False
    number = _article_number(texts[k])
    if number in pending:
        from pipeline.folding import fold

        return bool(_OWN_FINAL.search(fold(texts[k])))
    if inferred and number is not None and outer + 1 < number <= outer + 3:
        from pipeline.folding import fold

        return bool(_OWN_ARTICLE_TEXT.search(fold(texts[k])))
    if inferred and number is None:
        # the law's own vigência behind what OCR left of its label ('3º - Esta Lei entra em
        # vigor', its keyword lost after a quoted annex table: pontapora-3743-2010)
        from pipeline.segmenting.lost import final_clause_after_label

        at = final_clause_after_label(texts[k])
        if at and any(c.isdigit() for c in texts[k][:at]):
            return True
    if number != outer + 1:
        return False
    return _own_article_at(texts, k, outer) or not _closes_before_own(texts, k, outer, max_lines)


def _lost_own_article(texts: Sequence[str], j: int, k: int, outer: int | None) -> int | None:
    """Where, in the block ``j``..``k`` whose quotation the formula's ':' alone opened, the law's
    own next article begins with its label wrecked, or None: the own article after the block
    carries a number two or more ahead ('Art, 3º - Esta Lei entra em vigor' after 'Art. 1º ...
    com a seguinte redação:' and a quoted annex table), and the block's last line that opens with
    what is left of an article label ('ár. & - As despesas', Lei1169-2014) is the one between."""
    from pipeline.segmenting.lost import lost_article_end

    number = _article_number(texts[k + 1]) if k + 1 < len(texts) else None
    if outer is None or number is None or number < outer + 2:
        return None
    return next((i for i in range(k, j, -1) if lost_article_end(texts[i]) is not None), None)


def _closes_before_own(texts: Sequence[str], j: int, outer: int | None, max_lines: int) -> bool:
    for k in range(j, min(len(texts), j + max_lines)):
        if k > j and _own_article_at(texts, k, outer):
            return False
        if closes_block(texts[k]):
            return True
    return False


def _inner_quote(text: str, first: bool) -> bool:
    """A line ending in a quotation of its own ('denominada “Rua X”.'), no closing mark."""
    if _MARK_ONLY.search(_CLOSE.sub("", text)) or re.search(r"\((?:NR|AC|R|VETADO)\)\s*[.;]?\s*$", text):
        return False
    body = _OPEN.sub("", text, count=1) if first else text
    return body.count(_OPEN_CURLY) >= body.count(_CLOSE_CURLY) > 0


def closes_block(text: str) -> bool:
    """Whether a quoted line ends its block (a closing quote, with or without (NR)/(AC))."""
    return bool(_CLOSE.search(text)) or bool(_MARK_ONLY.search(text))


def quoted_blocks(lines: Sequence[CleanLine]) -> list[list[CleanLine]]:
    """Split a run of quoted lines into blocks: a block ends at its closing quote, and a
    line opening a new quote after that starts the next one."""
    blocks: list[list[CleanLine]] = []
    closed = True
    for ln in lines:
        if closed and blocks and _MARK_ONLY.fullmatch(ln.text):
            blocks[-1].append(ln)  # the mark wrapped to a line of its own ('(NR)')
            continue
        if closed or (_OPEN.match(ln.text) and blocks and not blocks[-1]):
            blocks.append([])
        blocks[-1].append(ln)
        closed = closes_block(ln.text)
    return [b for b in blocks if b]


def strip_quotation(block: Sequence[CleanLine]) -> list[CleanLine]:
    """The block's lines without the quotes, the (NR)/(AC) marks and the omission lines."""
    out: list[CleanLine] = []
    for k, ln in enumerate(block):
        text = ln.text
        if k == 0:
            text = _OPEN.sub("", text, count=1)
        if k == len(block) - 1:
            text = _CLOSE.sub("", text)
            text = _MARK_ONLY.sub("", text)
        text = _OMISSION_TAIL.sub("", text)
        if _OMISSION.match(text):
            continue
        out.append(replace(ln, text=text))
    return out


# The article an amending text names ('... do art. 11 da Lei nº 397, acrescido do § 2º'): the last one.
_NAMED_ARTICLE = re.compile(r"\bART(?:IGO)?\.?\s*(\d+)\s*[º°O]?(?:\s*-\s*([A-Z])\b)?")


def read_block(block: Sequence[CleanLine], amending_text: str = "") -> Node:
    """One quoted block as an ``alteracao`` node holding the provisions it quotes. A block that
    opens with a parágrafo, inciso or alínea ('“§ 2º ...” (AC)') hangs from the article the
    amending text names, as a context node that is not emitted ('art11_par2')."""
    from pipeline.folding import fold

    lines = strip_quotation(block)
    readings = read_lines(lines)
    named = _NAMED_ARTICLE.findall(fold(amending_text))
    first = readings[0].header if readings else None
    context = None
    if named and first is not None and first.kind in ("paragrafo", "inciso", "alinea"):
        number, letter = named[-1]
        context = replace(lines[0], text=f"Art. {number}{'-' + letter if letter else ''}.")
        lines = [context, *lines]
        readings = read_lines(lines)
    numbers = [(printed_number(r) or 0) for r in readings if is_article(r)]
    roots, leading = build_tree(readings, numbers, [])  # the amended norm's numbering: no issues
    if context is not None and roots and roots[0].kind == "artigo":
        roots[0].context = True
    node = Node("alteracao", "", lines=list(block))
    node.children = roots
    # Lines before the first quoted unit (a paragraph quoted alone, '§ 3º ...', or text that
    # reads as no unit) stay the block's text.
    node.first_text = " ".join(ln.text.strip() for ln in leading)
    return node


def attach_alteracoes(roots: Sequence, quoted: Sequence[CleanLine]) -> int:
    """Move the quoted lines out of the units that hold them into ``alteracao`` children.

    ``quoted`` are the lines ``mark_quotations`` found quoted. Returns how many blocks were
    attached. The amending unit keeps its text up to where the quotation begins.
    """
    marked = {id(ln) for ln in quoted}
    if not marked:
        return 0
    count = 0
    stack = list(roots)
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        inside = [ln for ln in node.lines if id(ln) in marked]
        if not inside or node.kind == "alteracao":
            continue
        own = [ln for ln in node.lines if id(ln) not in marked]
        if node.lines and id(node.lines[0]) in marked:
            # The header line itself is never quoted: mark_quotations leaves it alone.
            own = [node.lines[0], *own]
        node.lines = own
        amending = " ".join([node.first_text, *(ln.text for ln in own)])
        blocks = [read_block(b, amending) for b in quoted_blocks(inside)]
        # LexML puts the alteração in the caput of the amending unit: after its own incisos
        # of the caput, before its parágrafos (the quotation is where the caput ends).
        at = next((k for k, c in enumerate(node.children) if c.kind == "paragrafo"), len(node.children))
        for k, alt in enumerate(blocks, 1):
            alt.number = str(k)
        node.children[at:at] = blocks
        count += len(blocks)
    return count


# --- after the references stage: what each alteração amends; what a revoking article revokes ---



def _amended_unit(amending, alt) -> str | None:  # (Unit, Unit) -> str | None
    """The amended norm's id of the provision a block quotes: the one the amending text cites
    inside the block ('acrescido do seguinte § 3º' -> 'art4_par3'), else the block's first unit."""
    prefix = alt.id + "_"
    for ref in amending.references:
        if ref.kind == "internal" and isinstance(ref.target, str) and ref.target.startswith(prefix):
            return ref.target[len(prefix):]
    first = alt.children[0] if alt.children else None
    while first is not None and first.type in GROUP_TYPES:
        first = first.children[0] if first.children else None
    return first.id[len(prefix):] if first is not None and first.id.startswith(prefix) else None


def resolve_alteracoes(units: list) -> list:  # list[Unit] -> list[Unit]
    """Set each alteração's ``target`` (the norm its amending unit cites) and ``target_unit``;
    turn the norms and provisions listed by a revoking article into ``revocation`` references.

    Runs after the references stage, on ``models.Unit`` trees; returns new units.
    """
    from models.norm import NormRef

    def visit(unit, target: NormRef | None, revoking: bool):
        own_target = next((r.target for r in unit.references
                           if r.kind in ("external", "revocation") and isinstance(r.target, NormRef)), None)
        target = own_target or target
        revoking = revoking or bool(_REVOKING.search(unit.text))
        update: dict = {}
        if revoking and unit.type != "alteracao":
            update["references"] = [r.model_copy(update={"kind": "revocation"}) if r.kind == "external" else r
                                    for r in unit.references]
        children = []
        for child in unit.children:
            if child.type == "alteracao":
                child = child.model_copy(update={"target": target, "target_unit": _amended_unit(unit, child)})
                children.append(child)  # the quoted text is the amended norm's: left as it is
            else:
                children.append(visit(child, target, revoking))
        update["children"] = children
        return unit.model_copy(update=update)

    return [visit(u, None, False) for u in units]


# A formula that names the kind of unit it adds, wrapped before the unit's label ('acrescida do
# seguinte Capítulo' / 'IV-A:'): the label on the next line is the formula's, not a unit.
_NAMES_KIND = re.compile(
    r"SEGUINTES? (?:CAPITULO|SECAO|SUBSECAO|TITULO|ART(?:IGO)?S?\.?|PARAGRAFOS?|§+|INCISOS?|ALINEAS?|ITE(?:M|NS))\s*$"
)


# ... or the formula wrapped before the kind's name itself ('acrescida do seguinte' / 'Capítulo II-A:')
_NAMES_NEXT = re.compile(r"\bSEGUINTES?\s*$")
_KIND_NAMED = re.compile(
    r"^(?:CAPITULO|SECAO|SUBSECAO|TITULO|ART(?:IGO)?S?\.?|PARAGRAFOS?|§+|INCISOS?|ALINEAS?|ITE(?:M|NS))\s")


def mark_formula_tails(readings: Sequence) -> set[int]:
    """Positions of the lines that end an amending formula with the label it names ('IV-A:'
    after '... acrescida do seguinte Capítulo', 'Capítulo II-A:' after '... acrescida do
    seguinte'): own text of the amending unit, no unit."""
    from pipeline.folding import fold

    out: set[int] = set()
    for k in range(1, len(readings)):
        text = readings[k].line.text.strip()
        if len(text) > 24 or not _ANNOUNCES.search(text) or opens_quote(text):
            continue
        before = fold(readings[k - 1].line.text.strip())
        if _NAMES_KIND.search(before) or (_NAMES_NEXT.search(before) and _KIND_NAMED.match(fold(text))):
            out.add(k)
    return out


def blank_quoted(readings: list[Reading]) -> list[Reading]:
    """The readings with the quoted lines' headers taken away: a quoted 'Art. 12' is no unit
    of this law and no evidence of its page order or numbering; nor is the label a wrapped
    formula names ('IV-A:')."""
    quoted = mark_alteracoes(readings) | mark_formula_tails(readings)
    return [Reading(r.line, None, None) if k in quoted else r for k, r in enumerate(readings)]


_MARK_INSIDE = re.compile(r"\(\s*(?:NR|AC)\s*\)")


def quotation_doubts(units: list) -> list:  # list[Unit] -> list[WarningItem]
    """Doubts about alterações whose quotation reads as if it ran past its end (its closing lost
    to OCR): a quoted unit that announces a quotation of its own, as the amending law's units do
    ('fica acrescido o art. 6º-A, com a seguinte redação:' inside the quoted art. 6º: the law's
    next inciso swallowed), or one that carries the block's closing mark with more quoted text
    after it ('... em dobro.” (NR) É É', then a quoted art. 3º-A). Each is a ``unit_doubtful``
    warning on that unit: what follows it may be the law's own text."""
    from models.norm import WarningItem, walk_units
    from pipeline.folding import fold

    out: list = []

    def visit(unit) -> None:
        if unit.type != "alteracao":
            for child in unit.children:
                visit(child)
            return
        quoted = list(walk_units(unit.children))
        for k, u in enumerate(quoted):
            text = u.text or ""
            if _FORMULA.search(fold(text)) and _ANNOUNCES.search(text):
                why = "announces a quotation of its own, as the amending law's own units do"
            elif k + 1 < len(quoted) and _MARK_INSIDE.search(text):
                why = "carries the quotation's closing mark, and more quoted text follows it"
            else:
                continue
            out.append(WarningItem(code="unit_doubtful", id=u.id, message=(
                f"quoted unit {u.id} {why}: the quotation's end may be lost, and the units after it "
                f"the amending law's own")))
            return  # one doubt per alteração: the rest of it is in question anyway

    for unit in units:
        visit(unit)
    return out
