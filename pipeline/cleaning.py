"""Cleaning: decide, with the whole document in view, which OCR lines are noise.

Every rule is a named, idempotent function, registered in order in ``LINE_RULES`` (rules that
look at one line) or applied by :func:`clean_document` (rules that need the whole document:
furniture repeated across pages, runs of short junk lines). A rule never edits the words of
the law: it strips margin marks at line ends (and the debris of an omission line before a
quotation's closing) or marks a whole line as noise with a reason.
The rule-set version is derived from this code (:mod:`pipeline.ruleset`): nothing to bump.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

import numpy as np
from rapidfuzz import fuzz, process
from rapidfuzz.distance import LCSseq

from models.ocr import DocumentText
from pipeline.folding import fold, key_runs
from pipeline.headers import read_header, uppercase_share
from pipeline.layout import page_indents
from pipeline.metadata import state_names
from pipeline.native import pickled_by_fields


@dataclass(frozen=True)
class CleanLine:
    """One OCR line after cleaning: content, or noise with the name of the rule that said so."""

    text: str
    page_index: int
    line_index: int
    kind: str = "content"  # "content" | "noise"
    reason: str | None = None
    conf: float | None = None
    top: float | None = None  # relative vertical position on the page (0 top, 1 bottom)
    bottom: float | None = None  # relative position of the line's bottom
    text_layer: bool = False  # born-digital text from the PDF's text layer (not OCR'd here nor an OCR layer laid over a
    # scan elsewhere): no label of it was lost to OCR
    indent: float | None = None  # characters from the page's text margin (``pipeline.layout.page_indents``)
    left: float | None = None  # relative horizontal position of the line's box (0 left edge, 1 right edge)
    right: float | None = None

    @property
    def is_noise(self) -> bool:
        return self.kind == "noise"


@dataclass(frozen=True)
class CleanConfig:
    furniture_min_repeats: int = 3
    furniture_similarity: float = 84.0
    furniture_block_similarity: float = 70.0  # beside another furniture line
    short_line_chars: int = 4
    garbage_mean_token_len: float = 2.9
    # a mark printed at one place of every page (see find_fixed_marks): OCR confidence below this
    # on each page it recurs on, its box within these shares of the page's height and width
    mark_conf: float = 0.6
    mark_place_height: float = 0.012
    mark_place_width: float = 0.03

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return pickled_by_fields(self)  # (compiled by pipeline.native, a frozen dataclass pickles no other way)


# specks and scraps read after a line's last mark ('fiscalização; | ; RR', 'desta Lei. E',
# 'a seguinte Lei: f'): capitals, digits, a consonant alone (the vowels are words: 'a', 'e', 'o');
# after a sentence's point, any scrap of two letters (no sentence opens in lower case: 'quando
# necessário. eu'); after a word's colon, an accented letter alone ending the line ('membros : é':
# the word 'é' does not end a line that announces a list)
_DUST_AFTER_MARK = re.compile(
    r"(?<=[.;:])(?:\s*[^\w\s]{1,3}|\s+(?:[A-ZÀ-Ú]{1,2}|[b-df-hj-np-tv-z]|\d{1,3})(?!\w))+\s*$"
    r"|(?<=\.)\s+[a-zà-ú]{1,2}(?:\s*[^\w\s]{1,3})?\s*$"
    r"|(?:(?<=\w:)|(?<=\w\s:))\s+[à-ú]\s*$")


@lru_cache(maxsize=16384)
def without_end_dust(text: str) -> str:
    """The line without the dust after its last mark ('penalidades: NM 155' -> 'penalidades:')."""
    t = text.rstrip()
    cut = max(0, len(t) - 32)  # the dust is short: only the line's tail is looked at
    return t[:cut] + _DUST_AFTER_MARK.sub("", t[cut:])


@cache
def stop_words() -> frozenset[str]:
    from spacy.lang.pt.stop_words import STOP_WORDS

    return frozenset(w.lower() for w in STOP_WORDS) | {"a", "e", "o", "à", "é", "ou", "nº"}


# --- single-line rules: text -> text (edits) -----------------------------------------------

# (Each pattern that a line is searched with opens with a lookahead on the characters a match can
# start with: the search then skips the other places of the line at once, instead of trying the
# whole pattern at each; the matches are the same.)
_MARGIN_TAIL = re.compile(r"""(?=[\s'"!|*+»«])(?:\s*(?:['"!|*+»«]|\s\.|\s,)){1,4}\s*$""")
_MARGIN_TAIL_SAFE_END = re.compile(r"""["']\s*$""")


def strip_margin_marks(text: str) -> str:
    """Drop stray marks typed or scanned at the right margin: ``!``, ``'!``, ``|``, ``"!``, ``*``.

    A closing quote that ends a quotation (``"Táxi"``) is kept: only a quote followed or preceded
    by another mark, or standing apart from the word, goes.
    """
    stripped = text.rstrip()
    while True:
        match = _MARGIN_TAIL.search(stripped)
        if not match:
            break
        tail = match.group(0)
        # A lone closing quote glued to a word is punctuation of the law, not a margin mark.
        if tail.strip() in {'"', "'", "''"} and not tail.startswith(" "):
            break
        new = stripped[: match.start()].rstrip()
        if new == stripped or not new:
            break
        stripped = new
    return stripped


_LEADER_DEBRIS = re.compile(
    r"(\.{3,})(?!\.)((?:\s*(?:[^\s\d]*c[^\s\d]*|[.:+«»\-]+)(?=\s|$))+)"
)


def strip_leader_debris(text: str) -> str:
    """Dot leaders of tables read as letters ('anos.....ccccrcrcr ce cer... +... 05 pontos'):
    drop the debris tokens (OCR of dots is mostly c, r, e) after the leader, keep the value."""
    return _LEADER_DEBRIS.sub(lambda m: m.group(1), text)


_STAMP_PREFIX = re.compile(r"^[\W_]{0,3}(?P<mark>(?:NM|MN|Fl|F1|FL|Fls)[\s.…º°:]*)?\d{1,4}\s+(?=\S)")


def strip_stamp_prefix(text: str) -> str:
    """A folio stamp or page number OCR read on the same line as a unit's label ('NM 172 II.
    prova de residência', 'NM 10 ART. 8º - ...', '163 Artigo 1º - ...') or as a norm's epígrafe
    ('NM 74 É A LEI No 2.311, DE 22 DE DEZEMBRO DE 1977'): it goes when what follows starts a unit
    (a bare number only before a keyword label: artigo, parágrafo, agrupador) or a norm."""
    m = _STAMP_PREFIX.match(text)
    if m is None:
        return text
    from pipeline.headers import read_header  # headers reads lines with this module's rules
    from pipeline.metadata import parse_epigrafe

    rest = text[m.end():]
    header = read_header(rest)
    if header is None and m.group("mark") and parse_epigrafe(rest) is not None and parse_epigrafe(text) is None:
        return rest
    if header is None or read_header(text) is not None:
        return text
    return rest if m.group("mark") or header.kind in ("artigo", "paragrafo", "group") else text


EDIT_RULES: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("margin_marks", strip_margin_marks),
    ("leader_debris", strip_leader_debris),
    ("stamp_prefix", strip_stamp_prefix),
)


# --- single-line rules: text -> is noise ----------------------------------------------------

_STAMP = re.compile(
    r"""^[\W_]{0,3}(?:
        (?:N|NM|MN|NR|Nº|N°|No|Fl|F1|FL|Fls|Pag|Pág|P)[\s.…º°:]*\d{1,4}   # NM 57, Nº 60, Fl. 03, F1. 05
      | C\.?\s?[MmN]\.?[\s.]*[A-Za-zç€]{0,3}[\s.€]*\d{0,3}                 # C.M. Cc. 12, CM €.18, C.Mc. if
      | C[A-Za-z]?\.\s?[Mm][\s.]*[A-Za-z]{0,3}                            # Cc.M cm
    )[\W_]{0,3}$""",
    re.X,
)


def is_page_stamp(text: str) -> bool:
    """Page stamps and folio marks: 'NM 57', 'Nº 60', 'C.M. Cc. 12', 'Fl. 03', 'F1. 05'."""
    t = text.strip()
    return 0 < len(t) <= 16 and bool(_STAMP.match(t))


_PHONE = re.compile(r"(?=[(\d])\(?\d{2}\)?\s*\d{3,4}[-.\s]?\d{4}")


_CONTACT = re.compile(r"(?=[CWH@P\d])(?:CEP[:.\s]*[\d.]{5,}|\b\d{5}-\d{3}\b|www\.|https?://|@[\w-]+\.|\bP[áa]gina\s+\d+)",
                      re.I)


def is_phone_line(text: str) -> bool:
    """Letterhead and footer contact lines: 'Tel.: (65) 573-1329 /1330', 'Rua Alfredo Chaves,
    1333 - CEP 95020-460 - Caxias do Sul - RS', 'www.caxias.rs.gov.br', 'Página 2'."""
    t = text.strip()
    phone, contact = _PHONE.search(t) is not None, _CONTACT.search(t) is not None
    if not (phone or contact):
        return False  # (most lines: their words are not counted)
    words = _WORDS3.findall(t)
    if phone and len(words) <= 3:
        return True  # (a phone in a longer line is a contact line only with an address mark too)
    return contact and len(words) <= 8 and not t.rstrip().endswith((";", ":"))


_WORDS3 = re.compile(r"[A-Za-zÀ-ÿ]{3,}")


def letters(text: str) -> int:
    return sum(map(str.isalpha, text))


_LONE_WORD = re.compile(r"^\s*[aeoàéAEO][:;.,]\s*$")
_LONE_LABEL = re.compile(r"^\s*[a-z]\)\s*[-–—]?\s*$")


# The end of a quotation on a line of its own (issue 12): an omission line closed by the quote
# and the amended provision's mark ('..........”(NR)', '…" (AC)', '(...)” (NR)'), or the quote
# after an omission line, or the mark alone. It says where the amended norm's text ends.
_QUOTATION_END = re.compile(
    r"^\s*(?:[.…·_]{3,}|…|\(\s*(?:\.{3}|…)\s*\))?\s*(?:[”\"»]|''|’’)?\s*\(\s*(?:NR|AC|VETADO)\s*\)\s*[.;]?\s*$"
    r"|^\s*(?:[.…·_]{3,}|…|\(\s*(?:\.{3}|…)\s*\))\s*(?:[”\"»]|''|’’)\s*[.;]?\s*$"
    # the mark with its parenthesis misread ('o UNR)', '[NR]'), a speck before it
    r"|^\s*\S{0,2}\s*(?:[\[{|]|[UC])\s*(?:NR|AC)\s*[)\]}]\s*[.;]?\s*$")


# A quoted text's last line: an omission mark or a word, then the closing quote ('[...]”', '– CMC.”',
# ce-lei551-2018). Short, it reads as a stamp ('CMC.' as 'C.M.'), as symbols or as junk; dropped,
# the quotation runs on over the amending law's next articles. Typographic closers only: a straight
# '"' is also what OCR reads specks as.
_QUOTED_END = re.compile(r"(?:[\[(]\s*(?:\.{3}|…)\s*[\])]|[A-Za-zÀ-ÿ]{2,}[.;!?]?)\s*[”»]\s*[.;]?\s*$")


def is_quotation_end(text: str) -> bool:
    """Whether the line is a quotation's closing alone ('.......”(NR)', '(NR)') or a quoted text's
    last words with the closing quote ('[...]”', '– CMC.”'): never noise."""
    if _QUOTATION_END.match(text):
        return True
    tail = text.rstrip()[-4:]  # (the closer ends the line: most lines are known by their tail alone)
    return ("”" in tail or "»" in tail) and bool(_QUOTED_END.search(text))


# The quote and the amended provision's mark that close a quotation, at a line's end.
_QUOTATION_CLOSE = re.compile(r"(?=[”\"»'’\s(])(?:[”\"»]|''|’’)?\s*\(\s*(?:NR|AC|VETADO)\s*\)\s*[.;]?\s*$")


def quotation_end_behind_debris(text: str) -> str | None:
    """The closing of a quotation ('» (NR)') at the end of a line that is otherwise debris, or None.

    An omission line ('..........»(NR)') whose dots OCR read as letters ('RR RR AR o race R » (NR)')
    is garbage by its words, but its end says where the amended norm's text ends: dropped whole,
    the quotation swallowed the law's next article. Called on lines already judged noise."""
    m = _QUOTATION_CLOSE.search(text)
    if m is None or not text[:m.start()].strip():
        return None
    return text[m.start():].strip()


def is_symbol_junk(text: str) -> bool:
    """Lines with fewer than two letters: '>', '3', '»', '%', '(8)', '- - -', '. . .'.

    Kept: a lone article or conjunction ending a sentence ('a:'), decided in context later,
    numbers with four or more digits (a date '(26.06.90).', an amount), and a quotation's
    closing on an omission line ('..........”').
    """
    if _two_letters(text):
        return False  # (most lines: the exceptions below are weighed only for lines without two letters)
    if _LONE_WORD.match(text) or _LONE_LABEL.match(text) or is_quotation_end(text):
        return False
    digits = sum(map(str.isdigit, text))
    return letters(text) < 2 and digits < 4


def _two_letters(text: str) -> bool:
    """Whether ``text`` has two letters or more (``letters(text) >= 2``, stopping at the second)."""
    seen = False
    for ch in text:
        if ch.isalpha():
            if seen:
                return True
            seen = True
    return False


_REPEATED_CHARS = re.compile(r"([A-Za-z])\1{3,}|(?:[A-Za-z]{2})\1{2,}")
_ALTERNATING = re.compile(r"(?i)([a-z]{1,2})\1{3,}")


_RUN = re.compile(r"(.)\1{3,}")
_CONSONANTS = re.compile(r"[^AEIOUY\W\d]{5,}|^[^AEIOUY\W\d]{3,}$")
_TOKEN = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=65536)
def _is_noise_token(t: str) -> bool:
    """``t`` is a folded token."""
    if len(t) < 3:
        return False
    if _ALTERNATING.search(t) or _RUN.search(t) or _CONSONANTS.search(t):
        return True
    return len(t) >= 6 and max(map(t.count, set(t))) / len(t) > 0.5  # 'AADAADADAAA'


_NORM_TITLE = re.compile(
    r"^\W{0,8}\w{0,3}\W{0,3}(LEI|DECRETO|RESOLU|PORTARIA|EMENDA|DELIBERA|ATO)\w*\b.{0,40}\d", re.I
)


# a number sign, a number and a full date: an epígrafe whatever OCR left of its tipo word
# 'Nº 587, DE 7 DE SETEMBRO DE 1964', also with the N lost ('“:º 587') or the month broken ('SETEM RO')
_DATED_NUMBER = re.compile(
    r"(?:\bN\S{0,3}|[^\w\s]{1,3}[º°])\s*\d.{0,20}\bDE\s+\d{1,2}\s*[º°]?\s+DE\s+[A-ZÇ][A-ZÇ ]{3,10}\s+DE\s+\d", re.I)


# A norm or a provision cited by its number ('Lei nº 511', 'Decreto n.º 12', 'art. 7º', 'arts. 4º'):
# speckle does not read as one.
_CITATION = re.compile(
    r"\b(?:lei|decreto|resolu[çc][ãa]o|portaria|emenda)\s+(?:(?:complementar|municipal|estadual|federal)\s+)?"
    r"n[º°o.]{1,3}\s*\d|\barts?\s*[.:;,]\s*\d{1,3}\s*[º°]", re.I)


def _starts_with_label(text: str) -> bool:
    from pipeline.headers import read_header  # headers reads lines with this module's rules

    return read_header(text) is not None


def has_letter_runs(text: str) -> bool:
    """Tokens no language writes: letter runs ('AADAADADAAA', 'anaaaaaaaaaareeereoo'),
    consonant clusters ('JJSSJENSTIITIST', 'SSD'), in a line made mostly of them."""
    tokens = _TOKEN.findall(fold(text))
    if not tokens:
        return False
    bad = [t for t in tokens if len(t) >= 3 and _is_noise_token(t)]  # (shorter tokens are never noise)
    if not bad:
        return False
    # Mostly made of them, by characters: one long scrap among words ('À insfTtição é ...
    # intransferível') is a damaged word of a sentence, not a line of speckle.
    share = sum(map(len, bad)) / sum(map(len, tokens))
    if any(len(t) >= 8 for t in bad) and share >= 0.5:
        return True
    return len(bad) >= 2 and len(bad) / len(tokens) >= 0.4


# a heading set with its letters spaced out ('P O R T A R I A Nº 289/2023 – S E D E S T')
_SPACED_OUT = re.compile(r"(?<!\S)(?:[^\W\d_] ){2,}[^\W\d_](?!\S)")


def is_garbage(text: str, vocab: frozenset[str] | None = None, *, mean_token_len: float = 2.9) -> bool:
    """Lines of OCR garbage: fragments of speckle and stamps read as letters.

    Seen: 'Coco se an o a asa a e sas a a no o nn o en nero os ta na 04' (many one- and two-letter
    tokens, and the longer ones are words the document never uses), 'SI SSD AADAADADAAA DADA
    DAT', 'anaaaaaaaaaareeereoo' (letter runs). Without a vocabulary only letter runs count.
    """
    tokens = _TOKEN.findall(text)
    if not tokens or not _garbage_shape(text, tokens, vocab, mean_token_len):
        return False
    # (what may be all short words and is no garbage: weighed only for lines of garbage's shape)
    return not (_NORM_TITLE.match(text) or _NORM_TITLE.match(_SPACED_OUT.sub(lambda m: m.group().replace(" ", ""), text))
                or _DATED_NUMBER.search(text) or _starts_with_label(text)  # an epígrafe or a unit ('III - a taxa
                # de lixo e o ISS;')
                or _CITATION.search(text))  # a citation ('o art. 7º da Lei nº 511, de 1974;')


def _garbage_shape(text: str, tokens: list[str], vocab: frozenset[str] | None, mean_token_len: float) -> bool:
    """Whether the tokens of a line have garbage's shape (see :func:`is_garbage`)."""
    if vocab is None:
        return has_letter_runs(text)
    if len(tokens) >= 3 and all(len(t) <= 2 for t in tokens) and sum(t.lower() in vocab for t in tokens) < len(tokens) / 2:
        return True  # 'pu So IA A'
    if len(tokens) < 6:
        return False
    mean = sum(len(t) for t in tokens) / len(tokens)
    if not mean < mean_token_len:
        return False  # (most lines: their words are not weighed)
    short = sum(len(t) <= 2 for t in tokens) / len(tokens)
    if not short >= 0.5:
        return False
    longer = [t.lower() for t in tokens if len(t) >= 3]
    known = sum(t in vocab for t in longer) / len(longer) if longer else 0.0
    return known < 0.4


@cache
def _state_names() -> tuple[str, ...]:
    """The 27 federative units' names (the IBGE list's), folded."""
    return tuple(fold(name) for name in state_names().values())


_LETTERHEAD = re.compile(
    r"^(?:ESTADO\s+D[EOA]\s+(?P<state>[A-Z ]{4,24})"
    r"|.?(?:REFEITURA|AMARA|UNICIPIO)\s+(?:MUNICIPAL\s+)?D[EOA]\s+[A-Z][A-Z'-]+(?:\s+[A-Z][A-Z'-]*){0,4}"
    r"|GABINETE\s+DO\s+PREFEITO(?:\s+MUNICIPAL)?|PODER\s+(?:EXECUTIVO|LEGISLATIVO)(?:\s+MUNICIPAL)?)$"
)


_RUNS_ON = frozenset({"DE", "DO", "DA", "DOS", "DAS", "E"})
"""Words a sentence's line ends with when the sentence runs on to the next line (with the article
that opens it, 'A Câmara ...': a letterhead has none; 'Prefeitura Municipal de Arapiraca de' is a
letterhead read with a speck)."""


def runs_on(text: str) -> bool:
    """A sentence's first line that runs on to the next: it opens with an article and ends with
    a word that cannot end it ('O PREFEITO DO MUNICÍPIO DE JUAZEIRO DO', 'A Câmara Municipal de
    Cachoeiro de'). A preâmbulo opens so in every act of a gazette: it recurs, yet it is no
    letterhead or furniture."""
    t = text.strip()
    words = _folded_key(t).split()
    return (len(words) >= 3 and words[0] in ("A", "O") and words[1] in _SUBJECTS and words[-1] in _RUNS_ON
            and re.match(r"[AO]\s+\w", t) is not None)


_SUBJECTS = frozenset(
    "CAMARA PREFEITO PREFEITA PRESIDENTE VICE GOVERNADOR GOVERNADORA PLENARIO MESA SECRETARIO SECRETARIA "
    "DIRETOR DIRETORA GESTOR GESTORA CONSELHO SUPERINTENDENTE PROCURADOR PROCURADORA CONTROLADOR".split())
"""Who opens a preâmbulo after its article ('O PREFEITO ...', 'A Câmara ...'): a garbled letterhead
('O APANATINSA MT PREFEITURA MUNICIPAL DE') opens with none of them."""


_ENACTS = frozenset("DECRETA APROVA APROVOU PROMULGA PROMULGO SANCIONA SANCIONO RESOLVE".split())
"""Verbs of an enacting clause: a line with one is a preâmbulo's, never a letterhead's."""


def is_letterhead_line(text: str) -> bool:
    """A line of a municipal letterhead standing alone: 'ESTADO DE RIO GRANDE DO SUL', 'Estado de
    São Paulo', 'PREFEITURA MUNICIPAL DE CAMAQUÃ', 'CÂMARA MUNICIPAL DE ALEGRETE', 'Gabinete do
    Prefeito' (with OCR dust at its ends: "'* Gabinete do Prefeito", '... DO SUL É'). A page's
    letterhead that recurs too few times to be furniture still is no text of a unit; a line that
    runs on ('A CÂMARA MUNICIPAL DE X, Estado de Y, aprovou'), or whose last word says it runs on
    to the next line (the preamble's first line 'A Câmara Municipal de Cachoeiro de'), or that
    carries a date is not one."""
    t = text.strip()
    if not t or len(t) > 60 or "," in t or any(ch.isdigit() for ch in t):
        return False
    key = _folded_key(t)
    words = key.split()
    while words and len(words[-1]) == 1:  # a speck read as a letter after the line
        words.pop()
    while words and len(words[0]) == 1 and len(words) > 2 and words[1] in ("ESTADO", "GABINETE", "PREFEITURA",
                                                                           "CAMARA", "PODER"):
        words.pop(0)
    if runs_on(t):
        return False  # 'A Câmara Municipal de Cachoeiro de' / 'Itapemirim, ... APROVA': a wrapped sentence
    if _ENACTS.intersection(words):
        return False  # 'A CÂMARA MUNICIPAL DE CURVELO DECRETA E EU': the enacting clause's first line
    m = _LETTERHEAD.match(" ".join(words))
    if m is None:
        return False
    state = m.group("state")
    return state is None or process.extractOne(state.strip(), _state_names(), scorer=fuzz.ratio,
                                               score_cutoff=85) is not None


# what rubber stamps print over a page (folded capitals, letters only): a certified copy's 'CONFERE
# COM O ORIGINAL', a reception or publication stamp
_RUBBER_STAMPS = ("CONFERECOMOORIGINAL", "CONFERECOMORIGINAL", "PUBLICADONOMURAL",
                  "RECEBIDOEM", "PROTOCOLADO")


def is_rubber_stamp(text: str) -> bool:
    """A rubber stamp's words on a line of their own, whole or cut ('| CONFERE COM O', 'CONFERE COM
    O ORIGINAL', 'PROTOCOLADO'): the line in capitals, its letters the start of a stamp's."""
    t = text.strip()
    if not 6 <= len(t) <= 40 or any(c.islower() for c in t):
        return False
    letters = "".join(c for c in fold(t) if c.isalpha())
    return len(letters) >= 7 and any(
        fuzz.ratio(letters, stamp[:len(letters)]) >= 85 for stamp in _RUBBER_STAMPS if len(stamp) >= len(letters) - 1)


# the words of a certified copy's and a reception's stamps (folded capitals) that a law's own text
# seldom uses ('publicado' and 'recebido' it does: read with a capital misplaced, they are no stamp)
_STAMP_WORDS = ("CONFERE", "ORIGINAL", "PROTOCOLADO")
_LONG_TOKEN = re.compile(r"[^\W\d_]{6,}")


def stamp_debris(text: str) -> str | None:
    """A rubber stamp's word read inside running text, in a shape no word is printed in ('oRLGINAL',
    'ConacsrRE', 'coNFERE': the stamp and the line under it read as one), or None. OCR under a
    stamp is unreliable: what it printed over may have hidden a unit's label."""
    from pipeline.segmenting.lost import word_shaped  # (lost reads lines with this module's rules)

    for token in _LONG_TOKEN.findall(text):
        if word_shaped(token):
            continue
        folded = fold(token).upper()
        if any(fuzz.ratio(folded, word) >= 80 for word in _STAMP_WORDS):
            return token
    return None


LINE_RULES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("blank", lambda t: not t.strip()),
    ("page_stamp", is_page_stamp),
    ("rubber_stamp", is_rubber_stamp),
    ("phone", is_phone_line),
    ("symbols", is_symbol_junk),
    ("letter_runs", has_letter_runs),
)


# --- document rules -------------------------------------------------------------------------

_LABEL_START = re.compile(
    r"^\s*(?:[“\"«']{1,2}\s?)?(?:ART|Art|art|§|PAR[AÁ]GRAFO|Par[aá]grafo|[IVXL]{1,5}\s*[-–—]|[a-z]\)|\d+[º°]|CAP[IÍ]TULO|Cap[ií]tulo"
    r"|T[IÍ]TULO|SE[CÇ][AÃ]O|SUBSE[CÇ][AÃ]O|Subse[cç][aã]o|PARTE|LIVRO|LEI\b)"
)


_GROUP_LABEL_ONLY = re.compile(r"^(PARTE|LIVRO|TITULO|CAPITULO|SECAO|SUBSECAO)\s+[A-Z0-9]{1,8}\W*$")


def _folded_key(text: str) -> str:
    return key_runs(fold(text))


def _dated(text: str) -> bool:
    """Whether ``text`` carries a full date ('9 de agosto de 1972', '12/04/1995')."""
    return _FULL_DATE.search(text) is not None


def _closing_lines(texts: Sequence[str], *, after: int = 4, dated_text: Callable[[str], bool] = _dated) -> set[int]:
    """A dated closing line ('..., em 9 de agosto de 1972.', also when the year wrapped to the
    next line) and the signature lines after it. A book of laws repeats the same mayor's name
    and cargo under every law: they recur like a letterhead but belong to each law's fecho."""
    out: set[int] = set()
    dated = [dated_text(t) for t in texts]
    for i, t in enumerate(texts):
        if dated[i] or (i + 1 < len(texts) and not dated[i + 1] and dated_text(_joined_lines(t, texts[i + 1]))):
            out.update(range(i, min(len(texts), i + 2 + after)))
    return out


def _joined_lines(line: str, after: str) -> str:
    """Two lines as one text, a word hyphenated at the first one's end joined again ('em 7 de de-' /
    'zembro de 1990.' -> 'em 7 de dezembro de 1990.')."""
    t = line.rstrip()
    return t[:-1] + after.lstrip() if t.endswith("-") and t[-2:-1].isalpha() else f"{line} {after}"


_UNIT_VETOED = re.compile(r"\((?:VETAD|REVOGAD|SUPRIMID)[OA]S?\)\W{0,3}$", re.I)


def _unit_label(text: str) -> bool:
    """Whether the line opens a unit: it starts with a clean label's prefix (``_LABEL_START``), or
    the printed-form readers read an article's or a parágrafo's label at its start ('S 1º —
    (VETADO)', its sign misread), or it ends as a vetoed or revoked unit's whole text does ("Ar'. 687º. (VETADO)"); or an inciso's, alínea's or item's label
    opens a clause that ends as a list's members do ('I) prova de residência no Município;': a
    law asks for the same documents in two articles). A long law vetoes many units alike, and a
    line that recurs on many pages is no letterhead when it is a unit."""
    if _LABEL_START.match(text) or _UNIT_VETOED.search(text):
        return True
    header = read_header(text)
    return header is not None and (header.kind in ("artigo", "paragrafo") or (
        header.kind in ("inciso", "alinea", "item") and _MEMBER_END.search(text) is not None))


_MEMBER_END = re.compile(r"\w\s?[;:]\W{0,2}$")  # (a word, then the ';' or ':' a list's member ends with)


def find_furniture(texts: Sequence[str], *, config: CleanConfig = CleanConfig(),
                   key: Callable[[str], str] = _folded_key, dated: Callable[[str], bool] = _dated) -> set[int]:
    """Indices of letterhead/footer lines: short lines, mostly capitals or contact lines, that
    recur (fuzzily: OCR varies them, 'PREFEITURA IMUNICIPAL DE') at least ``min_repeats`` times.

    Never a fixed list: what repeats is learned from the document itself.
    """
    keys = [key(t) for t in texts]
    # In a law typed in capitals, capitals are no evidence: one-word lines ('ESTRADAS') that
    # recur are the ends of wrapped sentences, not letterheads.
    caps_document = uppercase_share("".join(texts)) > 0.7
    closing = _closing_lines(texts, dated_text=dated)
    candidates = []
    for i, (t, k) in enumerate(zip(texts, keys, strict=True)):
        if len(k) < 5 or len(k) > 60 or i in closing or _unit_label(t):
            continue
        upper = uppercase_share(t)
        # A long capitalised line that runs on into the next one is a sentence (an enacting
        # clause 'A CÂMARA MUNICIPAL DE ..., ESTADO' / 'de São Paulo, aprovou'), not furniture.
        continues = t.rstrip().endswith(",") or (
            len(t.split()) >= 6 and i + 1 < len(texts) and texts[i + 1][:1].islower()
        ) or runs_on(t)
        if caps_document and len(k.split()) < 2:
            continue
        if (upper >= 0.6 and not continues) or _PHONE.search(t):
            candidates.append(i)
    # Lines are compared by their distinct keys (a letterhead repeats one key on every page),
    # in C; no key's similar keys are listed once it is known to be furniture (a letterhead
    # read differently on each of 20,000 pages would list 20,000 for each).
    distinct = list(dict.fromkeys(keys[i] for i in candidates))
    lines_of: dict[str, list[int]] = {}
    for i in candidates:
        lines_of.setdefault(keys[i], []).append(i)
    like = _KeyIndex(distinct)
    need = config.furniture_min_repeats
    cutoff = config.furniture_similarity
    # (a key's similar keys, itself included, found in full only for the keys that are not
    # furniture on the way: their lines are few, so are their similar keys)
    similar = like.sure_repeats([len(lines_of[k]) for k in distinct], need, cutoff)
    furniture = {i for i in candidates if keys[i] not in similar}
    # A letterhead block of two or more lines printed on two pages (no page breaks in the
    # text): each line recurs only twice, but the lines recur together.
    pair_of = {
        i: [j for m in similar[keys[i]] for j in lines_of[m] if j != i]
        for i in candidates if i not in furniture
    }
    for i, partners in pair_of.items():
        if len(partners) != 1:
            continue
        j = partners[0]
        for d in (1, -1):
            if i + d in pair_of and j + d in pair_of.get(i + d, []) and abs(i - j) > 3:
                furniture.update({i, j, i + d, j + d})
    # The line after a label-only heading ('SEÇÃO I') is its title: a title that recurs
    # ('DISPOSIÇÕES GERAIS') is not furniture when it only ever stands after such labels: a
    # key whose lines all stand after labels, and none of whose similar furniture keys has a
    # line that does not, takes out its similar furniture keys of that kind with it.
    def after_label(i: int) -> bool:
        return i > 0 and bool(_GROUP_LABEL_ONLY.match(fold(texts[i - 1]).strip()))

    members: dict[str, set[int]] = {}
    for i in furniture:
        members.setdefault(keys[i], set()).add(i)
    titles = [k for k, js in members.items() if all(after_label(j) for j in js)]
    if titles:
        placed = [k for k in members if k not in set(titles)]
        alone = ~like.any_similar(titles, placed, cutoff)
        lone = [k for k, a in zip(titles, alone, strict=True) if a]
        gone = alone | like.any_similar(titles, lone, cutoff)
        for k in itertools.compress(titles, gone):
            furniture.difference_update(members[k])
    # A line that contains a furniture line with a little junk around it ('0 4) PREFEITURA
    # MUNICIPAL DE', 'PREFEITURA A MUNICIPAL DE') is furniture too (each distinct key once).
    models = list(dict.fromkeys(keys[i] for i in sorted(furniture)))
    rest = list(dict.fromkeys(keys[i] for i in candidates if i not in furniture))
    contained = like.contain(models, rest)
    furniture.update(i for i in candidates if i not in furniture and keys[i] in contained)
    # A letterhead line worse read on one page ('GÂMARA MUNI(lFAL DF PELOTAS') still stands in
    # its block: next to another furniture line and fairly like a furniture line (a run of such
    # lines joins from either end, a wave at a time; each distinct key is scored once).
    candidate_set = set(candidates)
    fairly: dict[str, bool] = {}
    frontier = set(furniture)
    while frontier:
        reached = {j for i in frontier for j in (i - 1, i + 1) if j in candidate_set and j not in furniture}
        new_keys = list(dict.fromkeys(keys[j] for j in sorted(reached) if keys[j] not in fairly))
        fairly.update(zip(new_keys, like.any_similar(new_keys, models, config.furniture_block_similarity).tolist(),
                          strict=True))
        frontier = {j for j in reached if fairly[keys[j]]}
        furniture |= frontier
    return furniture - distinct_epigrafes(texts, furniture)


def distinct_epigrafes(texts: Sequence[str], lines: set[int]) -> set[int]:
    """Of ``lines``, those that read as epígrafes of one tipo with different numbers: the acts
    of a gazette printed one to a page under the same heading ('DECRETO LEGISLATIVO N.º 008',
    '... N.º 009', ...), which recur like a running head but each opens its own act. A law's
    own epígrafe repeated as its pages' running head keeps one number: it stays furniture."""
    from pipeline.metadata import parse_epigrafe

    numbered: dict[int, tuple[str, str]] = {}
    for i in lines:
        epi = parse_epigrafe(texts[i])
        if epi is not None and epi.tipo and epi.numero:
            numbered[i] = (epi.tipo, epi.numero.lstrip("0") or epi.numero)
    numbers: dict[str, set[str]] = {}
    for tipo, numero in numbered.values():
        numbers.setdefault(tipo, set()).add(numero)
    return {i for i, (tipo, _n) in numbered.items() if len(numbers[tipo]) > 1}


class _KeyIndex:
    """The distinct keys of the furniture candidates, and the searches find_furniture needs
    among them, each in C by bands of rows (rapidfuzz), none listing more than it must: a key
    that repeats enough is settled without a search, a partial_ratio (costly) is computed only
    for pairs whose longest common subsequence allows it."""

    _ROWS = 256

    def __init__(self, keys: Sequence[str]) -> None:
        self.keys = list(keys)

    def similar(self, queries: Sequence[str], choices: Sequence[str], cutoff: float) -> list[list[int]]:
        """For each query, the indices (ascending) of the choices whose ``fuzz.ratio`` with it
        reaches ``cutoff``."""
        out: list[list[int]] = []
        for start in range(0, len(queries), self._ROWS):
            band = queries[start:start + self._ROWS]
            scores = process.cdist(band, choices, scorer=fuzz.ratio, score_cutoff=cutoff)
            out += [row.nonzero()[0].tolist() for row in scores >= cutoff]
        return out

    def any_similar(self, queries: Sequence[str], choices: Sequence[str], cutoff: float) -> np.ndarray:
        """For each query, whether one of the choices has a ``fuzz.ratio`` with it of ``cutoff``."""
        out = np.zeros(len(queries), dtype=bool)
        for start in range(0, len(queries) if choices else 0, self._ROWS):
            band = queries[start:start + self._ROWS]
            scores = process.cdist(band, choices, scorer=fuzz.ratio, score_cutoff=cutoff)
            out[start:start + len(band)] = (scores >= cutoff).any(axis=1)
        return out

    def sure_repeats(self, counts: Sequence[int], need: int, cutoff: float) -> dict[str, list[str]]:
        """The keys whose similar keys (``fuzz.ratio`` >= ``cutoff``, itself included) hold
        fewer than ``need`` lines in all, each with those similar keys (in the keys' order).

        A key with ``need`` lines of its own, or with enough similar keys among its neighbours
        in sorted order (a letterhead read a little differently on each page sorts together),
        is settled without a search: only the others are compared with every key.
        """
        n = len(self.keys)
        total = np.asarray(counts, dtype=np.int64).copy()
        seen: set[tuple[int, int]] = set()
        for order in (sorted(range(n), key=self.keys.__getitem__),
                      sorted(range(n), key=lambda i: self.keys[i][::-1])):
            idx = np.asarray(order, dtype=np.int64)
            for step in (1, 2, 3):
                a, b = idx[:-step], idx[step:]
                open_ = (total[a] < need) | (total[b] < need)
                a, b = a[open_], b[open_]
                if not len(a):
                    continue
                scores = process.cpdist([self.keys[i] for i in a], [self.keys[j] for j in b],
                                        scorer=fuzz.ratio, score_cutoff=cutoff)
                hit = scores >= cutoff
                for i, j in zip(a[hit].tolist(), b[hit].tolist(), strict=True):
                    if (min(i, j), max(i, j)) not in seen:
                        seen.add((min(i, j), max(i, j)))
                        total[i] += counts[j]
                        total[j] += counts[i]
        left = np.flatnonzero(total < need).tolist()
        found = self.similar([self.keys[i] for i in left], self.keys, cutoff)
        return {self.keys[i]: [self.keys[j] for j in js] for i, js in zip(left, found, strict=True)
                if sum(counts[j] for j in js) < need}

    def contain(self, models: Sequence[str], queries: Sequence[str]) -> set[str]:
        """The queries k that some model m of 10 characters or more contains with a little junk
        around it: ``len(k) <= len(m) + 12`` and ``fuzz.partial_ratio(m, k) >= 90``."""
        models = [m for m in models if len(m) >= 10]
        out: set[str] = set()
        if not models or not queries:
            return out
        lm = np.fromiter((len(m) for m in models), dtype=np.int64, count=len(models))
        # partial_ratio >= 90: the shorter key s is like (ratio >= 90) a window w of the other,
        # |w| <= |s|, so |w| >= 0.818 |s| and their common subsequence, hence the pair's, holds
        # 0.818 |s| characters at least (0.80 taken: a point of slack against rounding).
        for start in range(0, len(queries), self._ROWS):
            band = queries[start:start + self._ROWS]
            lq = np.fromiter((len(q) for q in band), dtype=np.int64, count=len(band))
            common = process.cdist(band, models, scorer=LCSseq.similarity, dtype=np.int32)
            shorter = np.minimum(lq[:, None], lm[None, :])
            rows, cols = np.nonzero((common >= 0.80 * shorter) & (lq[:, None] <= lm[None, :] + 12))
            if not len(rows):
                continue
            scores = process.cpdist([models[j] for j in cols.tolist()], [band[i] for i in rows.tolist()],
                                    scorer=fuzz.partial_ratio, score_cutoff=90)
            out.update(band[i] for i in rows[scores >= 90].tolist())
        return out


def _vocabulary(texts: Sequence[str]) -> frozenset[str]:
    """Words the document itself uses whole (not at a line's ends, where they may be cut) on
    at least two lines (one garbage line does not make a word)."""
    counts: dict[str, int] = {}
    for t in set(texts):
        toks = re.findall(r"[^\W\d_]+", t.lower())
        for w in {w for w in toks[1:-1] if len(w) >= 3}:
            counts[w] = counts.get(w, 0) + 1
    return frozenset(w for w, c in counts.items() if c >= 2) | stop_words()


def _ends_open(text: str) -> bool:
    """The line ends mid-sentence (no final punctuation)."""
    t = text.rstrip()
    return bool(t) and t[-1] not in ".;:!?)"


def _is_fragment_completion(prev: str, frag: str, vocab: frozenset[str]) -> bool:
    last = re.findall(r"[^\W\d_]+$", re.sub(r"[-=—–]+$", "", prev.rstrip()))
    first = re.findall(r"^[^\W\d_]+", frag.strip())
    if not last or not first:
        return False
    joined = (last[0].rstrip("-") + first[0]).lower()
    return joined in vocab


def _is_short_junk(text: str, prev: str | None, vocab: frozenset[str], *, max_chars: int) -> bool:
    """A short line that is not a word of the law: 'co', 'dy', 'ps,', 'pm', 'sea', '[sad'.

    Kept: words the document uses ('anos.'), stop words continuing an open sentence ('a:'),
    and fragments that complete the previous line's last word ('Munici' + 'pal.').
    """
    if is_quotation_end(text):
        return False  # '..........”(NR)': where a quotation ends (its quote is no dust)
    text = without_end_dust(text)
    if letters(text) > max_chars or _LABEL_START.match(text) or _starts_with_label(text.lstrip("“\"«'*‘` ")):
        return False
    if sum(c.isdigit() for c in text) >= 4:
        return False  # a date or an amount ('de 2002.', '(26.06.90).')
    tokens = re.findall(r"[^\W\d_]+", text.lower())
    if not tokens:
        return sum(c.isdigit() for c in text) < 4
    if prev is not None and re.search(r"[-=—–]$", prev.rstrip()):
        return False  # the rest of a word hyphenated at the end of the previous line
    if prev is not None and _ends_open(prev):
        if _is_fragment_completion(prev, text, vocab):
            return False
        if re.fullmatch(r"[^\W\d_]{2,4}[.;:]", text.strip()):
            return False  # the tail of a word wrapped without hyphen, closing the sentence
        if all(t in vocab for t in tokens) and len(text.strip()) > 1:
            return False
    if any(len(t) >= 3 and t in vocab for t in tokens) and re.search(r"[.;:,]$", text.strip()):
        return False
    return True


FOOTER_BAND = 0.8
"""A page's footer is printed below this share of its height."""
FOOTER_GAP = 2.5
"""White space, in the footer's line heights, that sets a footer block apart from the text above."""
FOOTER_ABOVE = 3
"""Lines a footer block holds above its first contact line (an address, a name: never a sentence)."""


def find_footer_blocks(lines: Sequence[CleanLine]) -> list[int]:
    """Indices of the content lines of a page's footer block: a contact line (phone, CEP, site:
    reason ``phone``) in the page's bottom band marks a footer, and the lines printed with it,
    set close together above it ('Praça Jerônimo Monteiro, 28 - Centro' over 'Cachoeiro de
    Itapemirim - ES - Cep 29300-170'), are the footer too when a wide white space parts the block
    from the text above. A one-page law gives no repetition to find its footer by; without this
    the address line ends the last article."""
    out: list[int] = []
    pages: dict[int, list[int]] = {}
    for i, ln in enumerate(lines):
        if ln.top is not None and ln.bottom is not None and ln.text.strip():
            pages.setdefault(ln.page_index, []).append(i)
    for idx in pages.values():
        idx.sort(key=lambda i: lines[i].top or 0.0)
        anchors = [p for p, i in enumerate(idx) if lines[i].reason == "phone" and (lines[i].top or 0) >= FOOTER_BAND]
        if not anchors:
            continue
        first, last = anchors[0], anchors[-1]
        block = list(range(first, last + 1))
        p = first
        while p > 0:
            above, here = lines[idx[p - 1]], lines[idx[p]]
            height = max(1e-6, (above.bottom or 0) - (above.top or 0))
            if (above.top or 0) < FOOTER_BAND or (here.top or 0) - (above.bottom or 0) > height:
                break
            if not above.is_noise and (first - p >= FOOTER_ABOVE or _LABEL_START.match(above.text)
                                       or re.search(r"[.;:]\W*$", above.text.strip())):
                break  # a unit's label or a sentence's end: the text's own lines run down to the footer
            p -= 1
            block.insert(0, p)
        if p == 0:
            continue  # nothing above the block: no text to part it from
        above, here = lines[idx[p - 1]], lines[idx[p]]
        height = max(1e-6, (here.bottom or 0) - (here.top or 0))
        if (here.top or 0) - (above.bottom or 0) < FOOTER_GAP * height:
            continue  # set as the text is: the text's own last lines
        out.extend(idx[q] for q in block if not lines[idx[q]].is_noise)
    return sorted(out)


def clean_document(doc: DocumentText, *, config: CleanConfig = CleanConfig()) -> list[CleanLine]:
    """Classify every line of every page as content or noise; strip margin marks from content.

    Order of the rules: per-line edits, per-line noise rules, furniture (needs all pages),
    then runs of short junk lines (needs neighbours and the document's vocabulary).
    """
    lines: list[CleanLine] = []
    for page in doc.pages:
        height, width = page.height or None, page.width or None
        for index, (line, indent) in enumerate(zip(page.lines, page_indents(page), strict=True)):
            top = bottom = left = right = None
            if line.bbox is not None and height:
                top, bottom = line.bbox[1] / height, line.bbox[3] / height
            if line.bbox is not None and width:
                left, right = line.bbox[0] / width, line.bbox[2] / width
            lines.append(CleanLine(line.text, page.page_index, index, conf=line.conf, top=top, bottom=bottom,
                                   text_layer=page.method == "text" and not page.ocr_layer, indent=indent, left=left, right=right))
    lines = [apply_line_rules(line) for line in lines]
    for i in find_footer_blocks(lines):
        lines[i] = replace(lines[i], kind="noise", reason="footer")
    lines = [replace(ln, kind="noise", reason="page_counter") if is_page_counter(ln, len(doc.pages)) else ln
             for ln in lines]
    for i in find_continuation_notes(lines):
        lines[i] = replace(lines[i], kind="noise", reason="continuation")

    content_idx = [i for i, ln in enumerate(lines) if not ln.is_noise]
    # (a line's folded key, asked by several rules of the same lines, is computed once a document)
    key, dated = cache(_folded_key), cache(_dated)
    furniture = find_furniture([lines[i].text for i in content_idx], config=config, key=key, dated=dated)
    for k in furniture:
        i = content_idx[k]
        lines[i] = replace(lines[i], kind="noise", reason="furniture")

    banded = find_page_bands(lines, config=config, key=key, dated=dated)
    for i in banded - distinct_epigrafes([ln.text for ln in lines], banded):
        lines[i] = replace(lines[i], kind="noise", reason="furniture")
    for i in find_fixed_marks(lines, config=config):
        lines[i] = replace(lines[i], kind="noise", reason="fixed_mark")
    # A letterhead line that recurs too few times to be furniture is still no unit's text (it
    # does not mark a page break: only furniture found by repetition does).
    lines = [replace(ln, kind="noise", reason="letterhead") if not ln.is_noise and is_letterhead_line(ln.text)
             else ln for ln in lines]

    vocab = _vocabulary([ln.text for ln in lines if not ln.is_noise])
    lines = [
        _noise_unless_quotation_end(ln, "garbage")
        if not ln.is_noise and is_garbage(ln.text, vocab, mean_token_len=config.garbage_mean_token_len)
        else ln
        for ln in lines
    ]
    return mark_short_junk(lines, vocab, config=config)


def _noise_unless_quotation_end(line: CleanLine, reason: str) -> CleanLine:
    """The line as noise for ``reason``, unless it ends with a quotation's closing behind debris:
    then the closing alone, as content (:func:`quotation_end_behind_debris`)."""
    closing = quotation_end_behind_debris(line.text)
    if closing is not None:
        return replace(line, text=closing)
    return replace(line, kind="noise", reason=reason)


_BANDS_EXACT = 3000  # band lines (about 500 pages) compared all against all
_BANDS_SAMPLE_PAGES = 128  # pages whose band lines are the candidates of a longer document
_FULL_DATE = re.compile(r"(?=\d)(?:\d{1,2}\s*[º°]?\s+de\s+[A-Za-zçÇ]{4,9}\s+de\s+\d[\d.]{3,4}|\d{1,2}/\d{1,2}/\d{2,4})")
# (the lookahead: see _MARGIN_TAIL)


_PAGE_COUNTER = re.compile(r"^\s*(?:P[áa]g(?:ina)?\.?\s*)?(\d{1,4})\s*(?:/|de)\s*(\d{1,4})\s*$", re.I)


def is_page_counter(line: CleanLine, n_pages: int) -> bool:
    """'55/64', 'Página 3 de 12' printed by the generating site: the page's own number out of the
    document's page count (never a '345/80' law number: both numbers must be the page's)."""
    m = _PAGE_COUNTER.match(line.text)
    return m is not None and n_pages > 1 and int(m.group(2)) == n_pages and int(m.group(1)) == line.page_index + 1


_CONTINUATION_WORDS = ("CONTINUA", "CONTINUACAO", "CONTINUA NA PROXIMA PAGINA", "CONTINUA NO VERSO")


def is_continuation_note(text: str) -> bool:
    """'Continua.', 'Continuso', '- Segue -': a typist's note that the text goes on overleaf."""
    words = " ".join(_TOKEN.findall(fold(text)))
    if words == "SEGUE":
        return True
    if not 7 <= len(words) <= 30:
        return False
    return max(fuzz.ratio(words, w) for w in _CONTINUATION_WORDS) >= 80


def find_continuation_notes(lines: Sequence[CleanLine]) -> list[int]:
    """Indices of continuation notes among the last two content lines of each page but the last."""
    by_page: dict[int, list[int]] = {}
    for i, ln in enumerate(lines):
        if not ln.is_noise and ln.text.strip():
            by_page.setdefault(ln.page_index, []).append(i)
    pages = sorted(by_page)
    out: list[int] = []
    for page in pages:
        idx = by_page[page]
        if page != pages[-1]:
            out.extend(i for i in idx[-2:] if is_continuation_note(lines[i].text))
    return out


def _page_copies(lines: Sequence[CleanLine], pages: dict[int, list[int]], *, band: int,
                 share: float = 0.6, key: Callable[[str], str] = _folded_key,
                 similarity: float = 85.0) -> dict[int, int]:
    """Pages that are copies of an earlier page (a page scanned twice): most of the lines
    between their bands (``share``; a letterhead repeats, a body does not) are that page's.
    OCR reads the two scans of a page differently, so where a page shares two body lines or more
    with an earlier one, lines close to that page's (``similarity``, fuzzy) count too.
    Maps each copy to the page it repeats. Linear: lines are looked up by key, and a page is
    compared with at most three earlier ones."""
    first_page: dict[str, set[int]] = {}
    bodies: dict[int, list[str]] = {}
    out: dict[int, int] = {}
    for p in sorted(pages):
        keys = {k for i in pages[p][band:-band] if len(k := key(lines[i].text)) >= 12}
        counts: dict[int, int] = {}
        for k in keys:
            for q in first_page.get(k, ()):
                counts[q] = counts.get(q, 0) + 1
        best = max(counts.items(), key=lambda kv: kv[1], default=None)
        if best is not None and len(keys) >= 4 and best[1] >= share * len(keys):
            out[p] = out.get(best[0], best[0])
            continue
        body = sorted(keys)
        if len(keys) >= 4:
            for q, shared in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]:
                if shared < 2:
                    break
                close = process.cdist(body, bodies[q], scorer=fuzz.ratio, score_cutoff=similarity,
                                      dtype=np.uint8).any(axis=1)
                if int(close.sum()) >= share * len(keys):
                    out[p] = out.get(q, q)
                    break
            if p in out:
                continue
        bodies[p] = body
        for k in keys:
            first_page.setdefault(k, set()).add(p)
    return out


def _running_heads(lines: Sequence[CleanLine], pages: dict[int, list[int]], *,
                   config: CleanConfig) -> set[int]:
    """The first lines of pages that recur, their words in any order, on half of the pages: a
    running head set recto and verso ('02 DIÁRIO OFICIAL DO MUNICÍPIO JUAZEIRO DO NORTE-CE, 27 DE
    SETEMBRO DE 2023' / 'JUAZEIRO DO NORTE-CE, 27 DE SETEMBRO DE 2023 DIÁRIO OFICIAL DO
    MUNICÍPIO 03'), which neither form alone does."""
    firsts = [idx[0] for idx in pages.values() if idx]
    keys = [" ".join(sorted(re.sub(r"\d+", " ", _folded_key(lines[i].text)).split())) for i in firsts]
    need = max(2, (len(pages) + 1) // 2)
    out: set[int] = set()
    if len(firsts) < 2 or len(firsts) > _BANDS_EXACT:
        return out
    similar = process.cdist(keys, keys, scorer=fuzz.ratio, score_cutoff=config.furniture_similarity,
                            dtype=np.uint8) > 0
    for a, i in enumerate(firsts):
        if len(keys[a]) >= 10 and not _LABEL_START.match(lines[i].text) and int(similar[a].sum()) >= need:
            out.add(i)
    return out


def _content_by_page(lines: Sequence[CleanLine]) -> dict[int, list[int]]:
    """The indices of the content lines of each page, in reading order."""
    pages: dict[int, list[int]] = {}
    for i, ln in enumerate(lines):
        if not ln.is_noise:
            pages.setdefault(ln.page_index, []).append(i)
    return pages


def find_page_bands(lines: Sequence[CleanLine], *, config: CleanConfig = CleanConfig(), band: int = 3,
                    key: Callable[[str], str] = _folded_key, dated: Callable[[str], bool] = _dated) -> set[int]:
    """With real page breaks: lines in the top or bottom band of their page that recur in the
    bands of at least half of the pages (two pages are enough), whatever their case."""
    pages = _content_by_page(lines)
    if len(pages) < 2:
        return set()
    # A law's own closing can stand at a page bottom and recur (a regulamento printed after it
    # closes the same way): a dated line and the signature lines after it are never bands.
    # A gazette's running head carries the edition's date ('02 DIÁRIO OFICIAL DO MUNICÍPIO
    # JUAZEIRO DO NORTE-CE, 27 DE SETEMBRO DE 2023'): a page's first line opens no closing.
    closing: set[int] = set()
    for idx in pages.values():
        for pos, i in enumerate(idx):
            # (the date may wrap, hyphenated: 'Prefeitura Municipal de X, em 7 de de-' / 'zembro de 1990.')
            after = lines[idx[pos + 1]].text if pos + 1 < len(idx) else ""
            if pos and (dated(lines[i].text) or dated(_joined_lines(lines[i].text, after))):
                closing.update(idx[pos:pos + 4])
    # A sentence that goes on from the line before it ('... implicará o' / 'indeferimento do
    # pedido.'), or that closes a quotation ('indeferimento do pedido.» (NR)'), is the text's: a
    # law repeats its phrases, and one that ends two pages is no running foot.
    # So is a long line whose sentence runs on into the next line of its page ('SE so — O prazo de
    # que trata este artigo poderá ser' / 'prorrogado uma única vez'): a running head stands alone.
    text_lines = _sentence_lines(lines, [i for idx in pages.values() for i in idx])
    text_lines.update(i for idx in pages.values() for i, nxt in itertools.pairwise(idx)
                      if len(lines[i].text.split()) >= 6 and _OPENS_LOWER.match(lines[nxt].text)
                      and _ends_open(lines[i].text))
    bands = {p: [i for i in idx[:band] + idx[-band:] if i not in closing and i not in text_lines]
             for p, idx in pages.items()}
    # A page scanned twice repeats every line of it: its copies count as one page (their first
    # lines are no letterhead for repeating there).
    copy_of = _page_copies(lines, pages, band=band, key=key)
    out = _running_heads(lines, pages, config=config)
    order = [(copy_of.get(p, p), i) for p, idx in bands.items() for i in idx]
    keys = [key(lines[i].text) for _p, i in order]
    need = max(2, (len(pages) - len(copy_of) + 1) // 2)
    eligible = [len(keys[a]) >= 5 and not _unit_label(lines[i].text)
                for a, (_p, i) in enumerate(order)]
    page_of = np.fromiter((p for p, _i in order), dtype=np.int64, count=len(order))
    if len(order) <= _BANDS_EXACT:
        # Every band line against every other, in C (one similarity matrix).
        similar = process.cdist(keys, keys, scorer=fuzz.ratio, score_cutoff=config.furniture_similarity,
                                dtype=np.uint8) > 0
        for a, (p, i) in enumerate(order):
            if eligible[a] and len(set(page_of[similar[a]].tolist()) | {p}) >= need:
                out.add(i)
        return out
    # A long document: a line that recurs on half of the pages recurs on half of any spread
    # of pages, so the band lines of a sample of pages (pairs of neighbours, for furniture that
    # alternates recto and verso) are the candidates; each candidate's pages are counted over
    # the whole document, and the lines like a recurring candidate are bands. Linear in pages.
    page_ids = sorted(bands)
    step = max(1, len(page_ids) // (_BANDS_SAMPLE_PAGES // 2))
    sample_pages = {page_ids[k] for j in range(0, len(page_ids), step) for k in (j, j + 1) if k < len(page_ids)}
    reps = [a for a, (p, _i) in enumerate(order) if p in sample_pages and eligible[a]]
    for start in range(0, len(reps), 64):
        chunk = reps[start:start + 64]
        similar = process.cdist([keys[a] for a in chunk], keys, scorer=fuzz.ratio,
                                score_cutoff=config.furniture_similarity, dtype=np.uint8) > 0
        for row, a in zip(similar, chunk, strict=True):
            if len(set(page_of[row].tolist()) | {order[a][0]}) >= need:
                out.update(order[b][1] for b in row.nonzero()[0] if eligible[b])
                out.add(order[a][1])
    return out


def find_fixed_marks(lines: Sequence[CleanLine], *, config: CleanConfig = CleanConfig(), band: int = 3) -> set[int]:
    """Lines OCR read poorly at the same place of most pages: a folio stamp, a seal or a rubric
    printed at one spot of every page and read as another scrap each time ('Les El 2', 'Ce po BL',
    'Ee PIAS' for 'Lº 7 - Fl. 128'), which no repetition of text finds. A content line read with
    confidence below ``config.mark_conf`` whose box (top, left and right edges) recurs within
    ``mark_place_height`` / ``mark_place_width`` of the page on at least half of the pages (two
    at least), read as poorly there, among the first or last ``band`` content lines of its page
    (a paragraph's short last line, its ':' read poorly, stands at one place of two pages too).
    A line as wide as the text is no mark (the first line of each page stands at the same place
    too), nor is a unit's label."""
    pages = _content_by_page(lines)
    if len(pages) < 2:
        return set()
    need = max(2, (len(pages) + 1) // 2)
    bands = {i for idx in pages.values() for i in idx[:band] + idx[-band:]}
    marks = [i for i in sorted(bands) if not (ln := lines[i]).text_layer and ln.conf is not None and ln.conf < config.mark_conf
             and ln.top is not None and ln.left is not None and ln.right is not None
             and ln.right - ln.left < 0.5 and not _unit_label(ln.text)]
    rows: dict[int, list[int]] = {}  # by the top's place, in steps of the tolerance
    for i in marks:
        rows.setdefault(int((lines[i].top or 0.0) / config.mark_place_height), []).append(i)
    out: set[int] = set()
    for i in marks:
        a = lines[i]
        row = int((a.top or 0.0) / config.mark_place_height)
        alike = {a.page_index} | {
            b.page_index for r in (row - 1, row, row + 1) for j in rows.get(r, ())
            if abs(((b := lines[j]).top or 0.0) - (a.top or 0.0)) <= config.mark_place_height
            and abs((b.left or 0.0) - (a.left or 0.0)) <= config.mark_place_width
            and abs((b.right or 0.0) - (a.right or 0.0)) <= config.mark_place_width}
        if len(alike) >= need:
            out.add(i)
    return out


_OPENS_LOWER = re.compile(r"^\W{0,2}[a-zà-ú]{2,}\s+[^\W\d_]")


def _sentence_lines(lines: Sequence[CleanLine], content: Sequence[int]) -> set[int]:
    """Of the ``content`` lines (indices, in reading order), those that are a sentence's text by
    their shape: a phrase in lower case right after a line that ends open ('... de contas dos' /
    'recursos aplicados.'; a contact line, 'www.camara.gov.br', aside), or a line that closes a
    quotation with the amended provision's mark ('pedido.» (NR)')."""
    out: set[int] = set()
    for prev, i in zip([None, *content], content, strict=False):
        text = lines[i].text
        if _QUOTATION_CLOSE.search(text):
            out.add(i)
        elif (prev is not None and _OPENS_LOWER.match(text) and _ends_open(lines[prev].text)
              and not _CONTACT.search(text) and not _PHONE.search(text)):
            out.add(i)
    return out


_SHAPE_RULES = frozenset({"page_stamp", "rubber_stamp", "symbols"})  # rules that judge a line by its shape alone


def apply_line_rules(line: CleanLine) -> CleanLine:
    text = line.text
    for _name, edit in EDIT_RULES:
        text = edit(text)
    for name, rule in LINE_RULES:
        if rule(text) and not (name in _SHAPE_RULES and is_quotation_end(text)):
            return replace(line, text=text, kind="noise", reason=name)
    return line if text == line.text else replace(line, text=text)


def mark_short_junk(
    lines: list[CleanLine], vocab: frozenset[str], *, config: CleanConfig = CleanConfig()
) -> list[CleanLine]:
    """Mark short junk lines; a run of three or more short lines is junk as a whole (a column
    of margin debris), unless they are unit labels."""
    out = list(lines)
    content = [i for i, ln in enumerate(out) if not ln.is_noise]
    short = [letters(out[i].text) <= config.short_line_chars for i in content]
    for pos, i in enumerate(content):
        text = out[i].text
        if not short[pos]:
            continue
        run = 1
        k = pos - 1
        while k >= 0 and short[k]:
            run += 1
            k -= 1
        k = pos + 1
        while k < len(content) and short[k]:
            run += 1
            k += 1
        prev = out[content[pos - 1]].text if pos > 0 else None
        if run >= 3 and not _LABEL_START.match(text) and not is_quotation_end(text):
            out[i] = _noise_unless_quotation_end(out[i], "junk_column")
        elif _is_short_junk(text, prev, vocab, max_chars=config.short_line_chars):
            out[i] = _noise_unless_quotation_end(out[i], "short_junk")
    return out


def vocabulary(lines: Sequence[CleanLine]) -> frozenset[str]:
    """The document's vocabulary over its content lines (for joining wrapped words)."""
    return _vocabulary([ln.text for ln in lines if not ln.is_noise])
