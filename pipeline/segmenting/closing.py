"""The end of a norm: where its fecho starts, its signatures, and annexes after them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from rapidfuzz import fuzz, process

from pipeline.cleaning import CleanLine
from pipeline.folding import fold
from pipeline.headers import is_heading_text
from pipeline.metadata import (
    holds_signature,
    is_fecho_start,
    is_role_line,
    is_signature_start,
    names_fecho_place,
)
from pipeline.segmenting.readings import Reading, is_article, printed_number

T = TypeVar("T")

PUBLICATION_ORDER = re.compile(r"^\W{0,3}(registre-se|publique-se|cumpra-se)\b", re.I)
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
ANEXO = re.compile(r"^\W{0,3}ANEXO\b(?:\s+[IVXLC\d]+|\s+[ÚU]NICO)?", re.I)


def fecho_like(text: str) -> bool:
    return bool(
        is_fecho_start(text) or PUBLICATION_ORDER.match(text) or _PLACE_DATE.match(text)
        or _PLACE_DATE_BARE.match(text)
    )


# the vigência clause's words ('... entra em vigor', 'entrará'), wherever they stand in a line
IN_FORCE = r"entra(?:r[áa])?\s+em\s+vigor"

# a vigência clause of the law itself, behind what is left of its label ('3º - Esta Lei entra em vigor')
_OWN_IN_FORCE = re.compile(r"^\W{0,3}(?:\S{1,12}\s+){0,3}?(?:Esta|Este|A\s+presente|O\s+presente)\s+\S+(?:\s+\S+)?\s+"
                           + IN_FORCE, re.I)
_CONTINUES = 2  # an article numbered up to this many past the last one may continue the law
_SIGNATURE_REACH = 4  # lines after a closing's start within which its signature begins
_PLACE_REACH = 3  # lines before a signature within which the closing's place may stand


def _signature_closes(body: Sequence[Reading], j: int, like: Callable[[int], bool]) -> int | None:
    """Where the closing starts when a signature (a name, then a cargo) starts at ``j`` and no
    dated closing follows it (OCR wrecked the date: 'Câmara Municipal de Araxá, em/5.'): at the
    line naming the closing's place just before the signature, else at the signature itself. No
    unit's text is a person's name over an office; None when ``j`` starts no signature."""
    if body[j].header is not None or j + 1 >= len(body) or not is_signature_start(
            [body[j].line.text, body[j + 1].line.text]):
        return None
    if any(like(k) for k in range(j + 1, min(len(body), j + 2 + _SIGNATURE_REACH))):
        return None  # the dated closing comes after the name: it is the closing (a name before it is text)
    if any(_OWN_IN_FORCE.match(body[k].line.text) for k in range(j + 2, len(body))):
        # the law's own vigência clause comes later: the law goes on, and what reads as a name over
        # an office is a table's row ('Cargos Requisitos' / 'Assessor Executivo Nível superior ...'
        # in an amended anexo before '3º - Esta Lei entra em vigor', pontapora-3743-2010)
        return None
    for k in range(j - 1, max(-1, j - 1 - _PLACE_REACH), -1):
        if body[k].header is not None:
            break
        if names_fecho_place(body[k].line.text):
            return k
    return j


def _signed(body: Sequence[Reading], j: int) -> bool:
    """Whether a signature (a name, then a cargo line) follows the closing that starts at ``j``."""
    texts = [r.line.text for r in body[j + 1:j + 1 + _SIGNATURE_REACH + 1]]
    return holds_signature(texts)


def find_closing(body: Sequence[Reading]) -> tuple[int | None, int | None]:
    """Where the fecho starts, and where an annex with articles of its own starts (a
    regulamento printed after the signatures), if any.

    A fecho candidate followed by articles that continue the numbering was a false alarm; one
    followed by articles that start again (Art. 1º) closes the norm.
    """
    articles = [j for j, r in enumerate(body) if is_article(r)]
    if not articles:
        start = 0
    else:
        start = articles[0]
    alone: dict[int, bool] = {}  # fecho_like of a line, asked of it alone and as the next line

    def like(k: int) -> bool:
        got = alone.get(k)
        if got is None:
            got = alone[k] = fecho_like(body[k].line.text)
        return got

    for j in range(start, len(body)):
        if body[j].header is not None:
            continue
        text = body[j].line.text
        nxt = body[j + 1].line.text if j + 1 < len(body) and body[j + 1].header is None else None
        # joined as a reader would: a word cut by a hyphen ('de se-' / 'tembro de 2006') is one
        both = text if nxt is None else (text[:-1] + nxt if text.endswith("-") else f"{text} {nxt}")
        # The date of a closing often wraps ('... Ponta Porã-MS 14 de setembro' / 'de 2005'); a
        # next line that is a closing on its own starts it ('... em contrário,' / 'Câmara
        # Municipal de Parnaíba, em 2 de maio de 1988.': the last article's line is no part of it)
        if not (like(j) or (len(text) < 90 and fecho_like(both) and not (nxt and like(j + 1)))):
            signed = _signature_closes(body, j, like)
            if signed is None:
                continue
            j = signed
        before = [n for a in articles if a < j and (n := printed_number(body[a]))]
        after = [a for a in articles if a > j]
        if not after:
            return j, None
        first_after = printed_number(body[after[0]])
        if before and first_after is not None and first_after > max(before) + _CONTINUES and _signed(body, j):
            # the closing and its signature, then an 'article' that does not continue the law's
            # numbering: a citation in capitals on the page below ('ARTIGO 57, INCISO II, DA LEI
            # Nº 8.666/93', another act's text in a gazette: ce-lei2077-2022), no article of this law
            return j, None
        if before and max(before) >= 2 and first_after is not None and first_after <= 2:
            k = after[0]
            while k - 1 > j + 1 and (
                ((h := body[k - 1].header) is not None and h.kind == "group")
                or (is_heading_text(body[k - 1].line.text) and not fecho_like(body[k - 1].line.text))
            ):
                k -= 1
            return j, k
    return None, None


def _split_at_titles(items: Sequence[T], is_title: Callable[[T], object]) -> list[list[T]]:
    """``items`` (lines or their readings) in groups, each from a title (``is_title``) to the next
    one; the first group starts at the first item whatever it is."""
    out: list[list[T]] = []
    for item in items:
        if not out or is_title(item):
            out.append([])
        out[-1].append(item)
    return out


def split_anexos(lines: Sequence[CleanLine]) -> list[list[CleanLine]]:
    """Annexes after the signatures, each from its 'ANEXO ...' line to the next one."""
    return _split_at_titles(lines, lambda ln: ANEXO.match(ln.text))


def split_fecho(tail: Sequence[Reading]) -> tuple[list[CleanLine], list[CleanLine]]:
    """The place-and-date sentence (after any 'Registre-se, publique-se' order), then the
    signature lines."""
    fecho: list[CleanLine] = []
    if is_signature_start([r.line.text for r in tail[:2]]):
        return fecho, [r.line for r in tail]  # signed with no place and date left to read
    k = 0
    while k < len(tail) and PUBLICATION_ORDER.match(tail[k].line.text):
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


def split_signatures_at_page(fecho: Sequence[CleanLine], signatures: Sequence[CleanLine]
                             ) -> tuple[list[CleanLine], list[CleanLine]]:
    """The signature lines of a closing, and what follows them on later pages. Once a
    signatory's cargo has been read, a page break ends the signatures unless the next page opens
    with another signature (a name, then a cargo): the next page holds another text (the
    instrução normativa a decree approves, an annex) whose header lines read like names."""
    page = fecho[-1].page_index if fecho else (signatures[0].page_index if signatures else 0)
    role_seen = False
    for j, ln in enumerate(signatures):
        if ln.page_index != page:
            if role_seen and not is_signature_start([x.text for x in signatures[j:j + 2]]):
                return list(signatures[:j]), list(signatures[j:])
            page = ln.page_index
        role_seen = role_seen or is_role_line(ln.text)
    return list(signatures), []


# Texts printed after a norm that are no part of it (issue 13): a bill's justificativa, the
# mensagem or ofício that sent it to the Câmara, the veto's reasons, a parecer, a certidão de
# publicação. Each opens with its title on a line of its own; folded capitals -> kind.
APPENDED_TITLES: dict[str, str] = {
    "JUSTIFICATIVA": "justificativa",
    "JUSTIFICACAO": "justificativa",
    "EXPOSICAO DE MOTIVOS": "exposicao_de_motivos",
    "MENSAGEM": "mensagem",
    "RAZOES DO VETO": "razoes_do_veto",
    "PARECER": "parecer",
    "CERTIDAO": "certidao",
    "CERTIDAO DE PUBLICACAO": "certidao",
    "OFICIO": "oficio",
}
# what may follow the title on its line: a number ('MENSAGEM Nº 12/2019', 'Ofício Nº 338/89 - GP')
_TITLE_TAIL = re.compile(r"\s+N\W{0,3}\s*\d.*$|\s+\d.*$|\s*[:.\-–—]+\s*$")


def appended_title(text: str) -> str | None:
    """The kind of text a line's title opens ('JUSTIFICATIVA' -> 'justificativa', 'Ofício Nº
    338/89 - GP' -> 'oficio', 'JUSTIFICATTVA' as OCR read it too), or None: a short line that
    starts with a capital and is that title alone (a number after it allowed)."""
    t = text.strip().strip("|'\"*.:·•- ")
    if not 6 <= len(t) <= 60 or not t[:1].isupper() or t.endswith((",", ";")):
        return None
    head = _TITLE_TAIL.sub("", fold(t)).strip()
    if not head or len(head.split()) > 4:
        return None
    got = process.extractOne(head, tuple(APPENDED_TITLES), scorer=fuzz.ratio, score_cutoff=85)
    return APPENDED_TITLES[got[0]] if got is not None else None


def split_appended(body: Sequence[Reading]) -> tuple[list[Reading], list[tuple[str, list[CleanLine]]]]:
    """The norm's body without the texts printed after it (:func:`appended_title`), and those
    texts with their kinds, each from its title to the next one. Only after the first article,
    on a line no reader took for a unit, in capitals or after a line that closes (a sentence, a
    date, a name in capitals, an office): 'a sua' / 'Mensagem,' / 'anual.' is a sentence."""
    first = next((j for j, r in enumerate(body) if is_article(r)), None)
    if first is None:
        return list(body), []
    for j in range(first + 1, len(body)):
        r = body[j]
        if r.header is not None or not appended_title(r.line.text):
            continue  # (the title first: most lines are too long or too many words for one)
        prev = body[j - 1].line.text.strip()
        closed = prev.endswith((".", ";", ":", "!", "?", ")")) or prev[-1:].isdigit() or prev.isupper() or is_role_line(prev)
        if closed or r.line.text.isupper():
            groups = _split_at_titles(body[j:], lambda x: x.header is None and appended_title(x.line.text))
            return list(body[:j]), [(appended_title(g[0].line.text) or "", [x.line for x in g]) for g in groups]
    return list(body), []


# 'ATO DAS DISPOSIÇÕES CONSTITUCIONAIS TRANSITÓRIAS', 'ATO DAS DISPOSIÇÕES ORGÂNICAS TRANSITÓRIAS',
# 'ATO DAS DISPOSIÇÕES TRANSITÓRIAS' (folded capitals, OCR's damage read fuzzily)
_TRANSIT_TITLES = ("ATO DAS DISPOSICOES TRANSITORIAS", "ATO DAS DISPOSICOES CONSTITUCIONAIS TRANSITORIAS",
                   "ATO DAS DISPOSICOES ORGANICAS TRANSITORIAS")


def split_transitorias(body: Sequence[Reading]) -> tuple[list[Reading], list[Reading]]:
    """The body, and the transitional provisions printed after it as an act of their own (a Lei
    Orgânica's ADT, a constitution's ADCT: their articles numbered from 1 again), from their
    title line; ([body], []) when there are none. The title alone is not enough: a chapter
    'DAS DISPOSIÇÕES TRANSITÓRIAS' continues the numbering; the act's first article is 1."""
    first = next((j for j, r in enumerate(body) if is_article(r)), None)
    if first is None:
        return list(body), []
    for j in range(first + 1, len(body)):
        r = body[j]
        text = fold(r.line.text.strip().strip("|'\"*.:-–— "))
        if r.header is not None or not 20 <= len(text) <= 70 or not text.startswith("AT"):
            continue
        if process.extractOne(" ".join(text.split()), _TRANSIT_TITLES, scorer=fuzz.ratio, score_cutoff=85) is None:
            continue
        nxt = next((k for k in range(j + 1, len(body)) if is_article(body[k])), None)
        if nxt is not None and printed_number(body[nxt]) == 1:
            return list(body[:j]), list(body[j:])
    return list(body), []
