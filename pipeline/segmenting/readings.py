"""Line readings: every cleaned line read as a possible unit header or epígrafe."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rapidfuzz import fuzz

from pipeline.cleaning import CleanLine
from pipeline.folding import fold
from pipeline.headers import Header, read_header, uppercase_share
from pipeline.metadata import SENTENCE_WORDS, TIPO_TITLES, Epigrafe, is_role_line, parse_epigrafe

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


# a word after which 'art.' is cited, not a label: 'ALTERA A REDAÇÃO DO INCISO I, DO ART.' / '3º., O
# ART. 4º ...' (an ementa wrapped, ce-lei551-2018)
_CITING_WORD = re.compile(r"(?:^|\s)(?:d[oa]s?|n[oa]s?|a[o]?s?|o|pel[oa]s?|de|e|com|conforme|vide|seus?)\s*$", re.I)


def rejoin_split_labels(lines: Sequence[CleanLine]) -> list[CleanLine]:
    """'... de Trânsito. Art.' / '5º - É proibido': the label cut at a line end goes back to
    the line it opens; 'do art.' / '3º ...' is a citation wrapped, left as it is. A label alone at
    a page's foot that the next page's top prints again with its text is left out there."""
    out = list(lines)
    for k in range(len(out) - 1):
        m = _LABEL_AT_END.search(out[k].text)
        if m and _CITING_WORD.search(out[k].text[:m.start()]):
            continue
        if m and _NUMBER_AT_START.match(out[k + 1].text):
            out[k + 1] = replace(out[k + 1], text=f"{m.group(1)} {out[k + 1].text.lstrip()}")
            out[k] = replace(out[k], text=out[k].text[: m.start()].rstrip())
        elif out[k].page_index != out[k + 1].page_index and _carried_label(out[k].text, out[k + 1].text):
            # a label alone at a page's foot, printed again with its text at the next page's top
            # ('Art. 101' / 'Art. 101 Os acréscimos ...', a law site's print: cacador-lc89-2006)
            out[k] = replace(out[k], text="")
    return out  # a line left empty ('Art.' alone) keeps its place: positions index the lines


def _carried_label(text: str, nxt: str) -> bool:
    """Whether ``text`` is a unit's label alone and ``nxt`` opens with the same label and its text."""
    here = read_header(text)
    if here is None or here.number is None or here.rest.strip(" .,:;-–—"):
        return False
    there = read_header(nxt)
    return (there is not None and (there.kind, there.number, there.unico) == (here.kind, here.number, here.unico)
            and bool(there.rest.strip()))


# one to five words before the number sign: the tipo as printed ('LET', 'LET COMPLEMENTAR',
# 'DECRETO LEGISIATIVO'), each word as damaged as OCR left it, or broken where OCR lost letters
# ('LEI MU ICIP L' for 'LEI MUNICIPAL'); the fewest that leave a sign after them ('LET N.º 947':
# the tipo is 'LET', the sign 'N.º')
_SIGN = r"(?:N\S{0,3}|[^\w\s]{1,3}[º°])"  # 'Nº', or the N lost: '“:º'
_SIGN_AND_NUMBER = _SIGN + r"\s*\d.{0,120}"  # 'Nº 587', '“:º 587'
_DAMAGED_TITLE = re.compile(
    r"^\W{0,3}(?:[^\W\d_]{1,2}\W{0,2}\s+){0,2}(?P<word>[A-Za-zÀ-ÿ]{2,12}(?:[\s-]+[A-Za-zÀ-ÿ]{1,14}){0,4}?)"
    r"\s*(?P<rest>" + _SIGN_AND_NUMBER + ")$"
)


_FIGURE = re.compile(r"\d")
_GLUED_DUST = re.compile(r"(?<=[A-Za-zÀ-ÿ])[-–—:;.,'\"’`]+(?=\s)")


# the record's epígrafe with its tipo word lost whole: at most a scrap, then the number sign
_SIGN_FIRST = re.compile(r"^\W{0,3}(?:[^\W\d_]{1,2}\W{0,2}\s+)?(?P<rest>" + _SIGN_AND_NUMBER + ")$")


def expected_epigrafe(text: str, numero: str | None, tipo: str | None = None) -> Epigrafe | None:
    """The epígrafe of the norm the record names, read by expectation where its tipo word is
    damaged ('LET Nº 1.698, DE 27 DE MARÇO DE 1997', 'o LEI Nº 1.839, DE 1 DE OUTUBRO DE 1981 E)'):
    a tipo-like word, then a number sign and the record's own número. Without a record's
    número (``None``), only an epígrafe whole but for its tipo word is read so: a number and a
    full date after the sign ('LEU NS 350, DE 27 DE MARÇO DE 2017.'); the caller asks only of a
    document's first lines."""
    if _FIGURE.search(text) is None:
        return None  # (no number after a sign: neither shape below can match)
    # dust glued to a word of the title ('LEI- No 1.988', 'LEI: Nº 12') is no part of it
    m = _DAMAGED_TITLE.match(_GLUED_DUST.sub("", text.strip()))
    if m is None:
        bare = _SIGN_FIRST.match(text.strip()) if numero and tipo else None
        if bare is None or uppercase_share(bare.group("rest")) < 0.6:
            return None  # (in lower case: a citation's tail wrapped onto its own line)
        # the record names the norm: its número and a full date after the sign are its epígrafe,
        # the tipo word lost ('a No 1.231, DE 18 DE JANEIRO DE 1.998'); the tipo is the record's
        epi = parse_epigrafe(f"LEI {bare.group('rest')}")
        if epi is None or epi.data is None or (epi.numero or "").lstrip("0") != (numero or "").lstrip("0"):
            return None
        return replace(epi, tipo=tipo or epi.tipo, text=text.strip())
    word = " ".join(fold(m.group("word")).replace("-", " ").split())
    title = max(TIPO_TITLES, key=lambda t: fuzz.ratio(word, t))
    if fuzz.ratio(word, title) < 66:
        return None
    if not numero and fuzz.ratio(word.split()[0], title.split()[0]) < 66:
        return None  # the tail of a citation wrapped onto its own line ('MUNICIPAL Nº 940, DE ...')
    rest = re.sub(r"(?:\s+\S{1,2})+\W*$", "", m.group("rest")) if re.search(r"\d{4}\W*\s+\S{1,2}\W*$", m.group("rest")) else m.group("rest")
    epi = parse_epigrafe(f"{title} {rest}")
    if (epi is None or not epi.numero) and numero and (repaired := _number_by_record(rest, numero)) is not None:
        epi = parse_epigrafe(f"{title} {repaired}")
    if epi is None or not epi.numero:
        return None
    if (epi.data is None) if not numero else epi.numero.lstrip("0") != numero.lstrip("0"):
        return None
    return replace(epi, text=text.strip())


_NUMBER_READ = re.compile(_SIGN + r"\s*(?P<num>\d[\d.:;,!|]{1,10}\d)")


def _number_by_record(rest: str, numero: str) -> str | None:
    """``rest`` (the number sign and what follows it) with its number read as the record's, when
    OCR turned one figure of it into a mark ('Nº 2.:39/69' for the record's 2339): as many figures
    once the thousands' points are dropped, all but that one agreeing in order. None otherwise (a
    number of other figures is another norm's: 'Nº 2.338/69')."""
    m = _NUMBER_READ.match(rest)
    if m is None:
        return None
    read, wanted = m.group("num").replace(".", ""), numero.lstrip("0")
    if len(read) != len(wanted):
        return None
    differ = [got for got, want in zip(read, wanted, strict=True) if got != want]
    if len(differ) != 1 or differ[0].isdigit():
        return None
    return f"{rest[:m.start('num')]}{numero}{rest[m.end('num'):]}"


_HEAD_LINES = 15  # a document's first lines, where its own epígrafe stands


def read_lines(lines: Sequence[CleanLine], *, numero: str | None = None, tipo: str | None = None) -> list[Reading]:
    """Read every line as a possible header or epígrafe.

    A line right after a word cut by a hyphen ('8 (oi-' / 'to) anos') continues that word: a
    lower-case label there ('to)') is text. A law cited in a sentence that wrapped ('na forma
    da' / 'Lei n.º 201, de 12 de março de 1954.') is no epígrafe. With the record's ``numero``,
    its epígrafe is also read where its tipo word is damaged, or lost when the record's ``tipo``
    is given (:func:`expected_epigrafe`).
    """
    out = []
    prev = ""
    for k, ln in enumerate(lines):
        header = read_header(ln.text)
        if (
            header is not None and header.kind in ("alinea", "item")
            and _WORD_CUT.search(prev.rstrip())
        ):
            header = None
        epigrafe = None
        if header is None or header.kind not in ("artigo", "paragrafo"):
            epigrafe = parse_epigrafe(ln.text) or (
                expected_epigrafe(ln.text, numero, tipo) if header is None and (numero or k < _HEAD_LINES) else None)
            ementa_next = k + 1 < len(lines) and _EMENTA_START.match(lines[k + 1].text) is not None
            if epigrafe is None and header is None and ementa_next and not (prev and _sentence_open(prev)):
                epigrafe = parse_epigrafe(ln.text, heading=True)  # its ementa follows: a heading, date or none
            if (epigrafe is not None and not ementa_next and prev and _sentence_open(prev)
                    and uppercase_share(ln.text) < 0.6):
                epigrafe = None
            if epigrafe is not None and epigrafe.numero is None and any(
                    word in SENTENCE_WORDS for word in fold(prev).split()[-1:]):
                # a title without a number after a line whose last word needs one after it, in
                # capitals too: the sentence's citation ('... DE QUE TRATA O ARTIGO 142 DA' / 'LEI
                # ORGÂNICA DO MUNICÍPIO DE GURUPÁ.', an ementa's end), not a Lei Orgânica's heading
                epigrafe = None
            if epigrafe is not None:
                header = None
        prev = ln.text
        out.append(Reading(ln, header, epigrafe))
    return out


_HEADING_SHARE = 0.9  # a line this much in capitals is a heading ('EXTRATO DE RESCISÃO CONTRATUAL')

_EMENTA_START = re.compile(
    r"\W{0,3}(?:Altera|Disp[õo]e|Institui|Autoriza|Cria|Concede|Estabelece|Denomina|Declara|Fixa|Regulamenta"
    r"|Aprova|Acrescenta|Abre|Reajusta|Revoga|Ratifica|Torna|Proíbe|Proibe|Define)\b")
"""The first word of an ementa. An epígrafe in running case after a line left open (a gazette's
news text that ends without a full stop: 'pela realização do evento' / 'Lei nº 3743, de 23 de
Novembro de 2010.' / 'Altera dispositivos ...', pontapora-3743-2010) is still one when its ementa
follows; a law cited at a sentence's end is followed by the next sentence."""


def _sentence_open(text: str) -> bool:
    """Whether ``text`` ends mid-sentence ('... na forma da'), so the next line continues it. A
    heading in capitals ends without a full stop and opens no sentence: the act printed under it
    in running case ('Lei nº 3714, de 07 de Junho de 2010.', a gazette's next act) is its own;
    so does the signatário's cargo ('Prefeito Municipal') that closes the act before it."""
    t = text.rstrip()
    return (bool(t) and (t[-1].isalpha() or t[-1] in ",-") and uppercase_share(t) < _HEADING_SHARE
            and not is_role_line(t))


def article_header(r: Reading) -> Header | None:
    """The reading's header when it opens an artigo, else None."""
    h = r.header
    return h if h is not None and h.kind == "artigo" else None


def is_article(r: Reading) -> bool:
    return article_header(r) is not None


def printed_number(r: Reading) -> int | None:
    """The article number as printed (its first reading, or the one its page's run of labels
    settled on), None when OCR destroyed it."""
    h = article_header(r)
    if h is None or not h.candidates:
        return None
    if h.settled:
        return h.settled
    return h.candidates[0][0] or None
