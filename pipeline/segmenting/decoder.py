"""The unit decoder: where every unit of a law starts, decided at once, by expectation.

A careful reader of a damaged scan does not recognise 'Br SA permissão' as 'Art. 5º - A
permissão' by knowing that scrap: after article 4 she expects article 5, sees something
'Art. 5º'-shaped where a unit can start, and reads it so. The decoder does the same for every
level of the articulação (artigos, parágrafos, incisos, alíneas, itens):

* candidates: every line start, and inside a line after ';' ':' '.' (OCR merged two lines);
* each candidate is costed by the noisy channel (``pipeline.reading.channel``): how much it
  costs for the label that the expected next unit would print (``pipeline.reading.grammar``)
  to have been read as the line's prefix, plus layout evidence (what the previous line ends
  with) — a line the printed-form readers already read keeps that reading at no cost;
* a beam search over the whole law chooses the kind and number of every start, where printed
  numbers that agree with each other are trusted: a lost unit is a gap, never a shift of all
  that follow.

Pure: lines in, decisions out. Agrupadores are read by their printed form and only reset the
expectation; the tree is built by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz.distance import LCSseq, Levenshtein

from models.units import DISPOSITIVO_LEVEL
from pipeline.cleaning import stop_words, without_end_dust
from pipeline.folding import fold
from pipeline.headers import titles_a_part, uppercase_share
from pipeline.native import pickled_by_fields
from pipeline.reading.channel import ConfusionModel, boundary_ok, default_model, lower_bound, prefix_cost
from pipeline.reading.grammar import LabelForm, forms_of, render_label
from pipeline.reading.numerals import alinea_index, alinea_letter, roman_to_int
from pipeline.reading.text_model import text_cost
from pipeline.segmenting.indentation import Mark, paragraph_marks
from pipeline.segmenting.lost import (
    CLOSED,
    NUMERAL_LIKE,
    TOKEN,
    VETOED_END,
    WORD3,
    ZERO_FOR_O,
    common_word,
    final_clause_after_label,
    final_clause_at,
    label_behind_letter,
    label_debris_end,
    lost_article_end,
    lost_label_end,
    lost_label_of_paragraph,
    lost_separator,
    ordinal_start,
    reads_as_text,
    scrap_label,
    vetoed_debris_end,
    vocabulary,
    word_shaped,
)


@dataclass(frozen=True)
class DecodeConfig:
    """Costs of the decoder, in the channel's units (an ordinary OCR confusion costs about 1)."""

    min_evidence: float = 1.5  # nats a label reading must beat running text by
    max_evidence: float = 10.0  # a clean label is strong evidence, but the sequence still counts
    max_emission: float = 8.0  # labels read worse than this (channel cost) are not candidates
    # ... nor long ones read worse than this per character, nor is the evidence of a long label
    # capped below this per character: both the channel's cost and running text's grow with the
    # label's length ('Raragrafo:3º' is 'Parágrafo 3º' with two misread letters; no sentence
    # starts so)
    emission_per_char: float = 1.0
    evidence_per_char: float = 1.1
    channel_weight: float = 0.7  # the channel's costs, scaled to the damage of real scans
    lost_numeral: float = 4.0  # a label whose keyword was read and whose numeral was lost
    lost_first: float = 1.0  # ... more for the first of its level, lost where ':' announced it
    lost_keyword: float = 1.0  # ... more for an article whose keyword is a scrap too ('Ares Ii Os')
    numeral_digit: float = 1.0  # ... more where a digit of its numeral was lost or misread too ('o 01º.')
    lost_other_level: float = 1.0  # ... more for another level than the sibling's that closed with ';'
    printed_renumber: float = 3.0  # a printed label of the right kind whose numeral was misread
    empty_rest: float = 3.0  # a unit start with no text after its label
    rest_not_text: float = 5.0  # what follows the label is no word
    gap_base: float = 2.0  # a unit lost between two printed ones
    gap_per_missing: float = 0.5
    gap_max: float = 5.0  # printed numbers that agree with each other past a long gap
    first_article: float = 2.0  # a first article that is not article 1
    single_member: float = 2.0  # an enumeration (incisos, alíneas, itens) closed after one member: a
    # list has two at least (the one member is likelier a sibling of the level above misread, or the
    # second member's label was lost)
    item_under_inciso: float = 2.0  # itens straight under an inciso (LC 95, art. 10: itens divide alíneas)
    inciso_after_alineas: float = 3.0  # incisos after alíneas of the same caput or parágrafo (LC 95:
    # alíneas divide incisos; a caput lists one or the other)
    backward: float = 6.0  # a number at or below the current one
    open_sentence: float = 2.0  # the previous line ends in the middle of a sentence
    word_cut: float = 4.0  # the previous line ends with a word cut by a hyphen
    first_unannounced: float = 3.0  # a first inciso, alínea or item read where no ':' announced it
    cited_number: float = 8.0  # the previous line ends on a word a number must follow ('Lei n.º')
    after_colon: float = 1.0  # incisos, alíneas and itens after 'seguintes:'
    after_semicolon: float = 0.5
    after_period: float = 1.0  # a member of a list (or of a deeper one) read by expectation after a
    # member's line closed with '.': LC 95 closes a list's last member with it, what follows is the level above
    inline_penalty: float = 1.5  # starting a unit inside a line OCR merged
    citation_rest: float = 2.5  # what follows the label reads as a citation ('do art. 2º')
    damaged_keyword: float = 3.0  # a keyword damaged past the channel ('Alto 4º =' for 'Art. 4º -'),
    # read where the numeral and a separator follow it
    margin_dust: float = 1.0  # each character of a margin mark before a label ('PE Art. 54º')
    clean_behind_dust: float = 1.0  # ... whose label, read after the marks, costs at most this
    label_lost: float = 3.0  # evidence for an article whose whole label OCR lost, where the next
    # printed article shows the gap and a paragraph starts (after a heading, or a short closed line)
    label_guessed: float = 2.5  # ... where a scrap of label debris opens a line after a closed one
    # ('nom rc A matrícula', 'BEE, LOCA infração'), or the vigência clause does ('Esta Lei entra em vigor')
    indent_opens: float = 1.0  # a unit starting a line at the indent the document's units open at
    indent_runs_on: float = 3.0  # ... at the margin its running text continues at
    beam: int = 16
    beam_margin: float = 8.0  # states this much worse than the best are dropped
    doubt_margin: float = 2.0  # text that reads within this of the expected unit is a doubt
    opening_doubt: float = 5.0  # a first inciso/alínea/item read by expectation at this label cost is a doubt

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return pickled_by_fields(self)  # (compiled by pipeline.native, a frozen dataclass pickles no other way)


@dataclass(frozen=True)
class Printed:
    """What the printed-form readers read on a line (see ``pipeline.headers``)."""

    kind: str  # artigo | paragrafo | inciso | alinea | item | group | heading
    number: int | None  # printed number (alínea letters as 1, 2 ...), None if unreadable
    unico: bool = False
    suffix: bool = False  # 'Art. 3º-A': shares the number of the article before it
    alternatives: tuple[tuple[int, float], ...] = ()  # other readings of an article number
    label: str = ""  # the label as printed


@lru_cache(maxsize=4096)
def unsure_letters(p: Printed) -> str:
    """The letters of a printed alínea label that holds more than one ('Cc)', 'Db)', 'Fl)'); ''
    for any other label. Which of them is the alínea's, if any, the sequence says: such a label
    is read as the alínea whose letter it holds or the one the next printed alínea follows, at
    the cost of a renumbering, and never as a jump to the letter the printed-form readers took
    ('Fl)', a folio's stamp, is no alínea l; 'SI)' after '1)' is no alínea i). Otherwise only the
    channel reads it."""
    if p.kind != "alinea":
        return ""
    letters = re.sub(r"[^a-zà-ÿ]", "", p.label.lower().split(")")[0])
    return letters if len(letters) >= 2 else ""


LabelReader = Callable[[str], "Printed | None"]
"""The printed-form readers on a text: what they read at its start (``pipeline.headers``)."""


@dataclass(frozen=True)
class Start:
    """A unit start the decoder chose."""

    line: int  # index of the line
    offset: int  # character offset in the line (0, or where OCR merged two lines)
    kind: str
    number: int  # decided number (roman, letters and 'único' as their value)
    unico: bool
    label: str  # the characters read as the label
    rest: str  # the text after the label
    cost: float  # channel cost of the label (0: as the printed-form readers read it)
    printed: Printed | None  # the printed-form reading of that line, if any


_LEVEL = DISPOSITIVO_LEVEL  # artigo 0 .. item 4
_SPLIT = re.compile(r"(?<=[;:.])\s+(?=\S)")
_LONE_SIGN = re.compile(r"\s*\S{1,2}[;:.]$")  # a line's first one or two characters and a mark
_SEPARATOR = re.compile(r"[\s:;.,\-–—=+_|'\"*º°ª«»~]*")  # the marks between a label and its text


def _after_separator(text: str, at: int, stop: int | None = None) -> str:
    """``text[at:stop]`` without the separator marks it opens with: what follows a label ending at
    ``at`` (matched in place, no slice made first)."""
    stop = len(text) if stop is None else stop
    m = _SEPARATOR.match(text, at, stop)
    return text[m.end() if m is not None else at:stop]


_CITATION = re.compile(r"^(?:d[aoe]s?|dest[ae]s?|nest[ae]s?|n[ao]s?|e|ou|c/c|inciso|al[ií]nea|§)\b")
# A number written out after its figures is a quantity of the text ('3 (três) mudas'): a label
# is never followed by its number in words. Nor by a month ('31 de julho de 2014').
_QUANTITY = re.compile(
    r"^\(\s*(?:zero|uma?|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|"
    r"qu?atorze|quinze|dez[eo]s?seis|dez[eo]s?sete|dezoito|dez[eo]nove|vinte|trinta|quarenta|cinq[uü]enta|"
    r"sessenta|setenta|oitenta|noventa|cem|cento|duzent|trezent|quatrocent|quinhent|seiscent|setecent|"
    r"oitocent|novecent|mil)",
    re.I,
)
_DATE_REST = re.compile(
    r"^de\s+(?:janeiro|fevereiro|mar[cç]o|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b",
    re.I,
)
_DASHED = re.compile(r"[-–—=]")
_NUMERAL_SCRAP = re.compile(r"\S{1,3}?[\s.:\-–—º°]+(?=[A-ZÀ-Ú])")
_COMMA_CLAUSE = re.compile(r"\s*,\s+[a-zà-ú]")
_INTRODUCES = re.compile(r":[\s\W]{0,3}$")  # a text that announces an enumeration ends with ':'
_RUNS_ON = re.compile(r"[^\W\d_]\s*$")  # a line that ends on a letter: its sentence runs on
_WORD_CUT = re.compile(r"\w[-‐‑=]+[—–]?$")
# A line that ends on a word a number must follow ('... a Lei n.º' / '12, de 5 de março', 'o
# disposto no art.' / '3º da Lei'): the number on the next line is the citation's.
_CITES_NUMBER = re.compile(
    r"(?:\b(?:arts?|n|núm|num)\.\s*[º°o]?\.?|\bn\.?\s*[º°]\.?|\bn[º°o]s?\.?|§§?|\b(?:artigos?|incisos?|al[íi]neas?|itens|item|"
    r"par[áa]grafos?|[ií]tens?|[ií]tem|leis?|decretos?|resolu[çc][ãa]o|portaria|complementar|dia)|\b(?:inc|al)\.)"
    r"[\s!|'*]*$",
    re.I,
)


# --- emission -------------------------------------------------------------------------------

_SHORT_KINDS = ("inciso", "alinea", "item")
_INF = float("inf")
_WINDOW = 200  # characters of a line kept for reading its label and what follows it
_REACH = 48  # characters of a line a label can be aligned with (longest label, 32, + dust + slack)
_SCREEN_COST = 6.5  # a keyword read worse than this is not a keyword (one unseen speck of dust, 6.2, passes)
_SCREEN_PER_CHAR = 1.2  # ... or, for a long keyword, worse than this per character ('Raragrafo')


@cache
def _form_heads(kind: str) -> tuple[tuple[LabelForm, str, str], ...]:
    """Each form of ``kind`` with its keyword ('Art.' of 'Art. {n}{o}', '' for '{R} -') and the
    keyword tried alone when a numeral is lost (keywords of three characters or more; '§' too,
    where its numeral's scrap ends with a dash: see :meth:`_Piece.emission`)."""
    out = []
    for form in forms_of(kind):
        core = (form.template.split("{")[0] if "{" in form.template else form.template).strip()
        lost = form.template.split("{")[0].strip() if "{" in form.template else ""
        out.append((form, core, lost if (len(lost) >= 3 or lost == "§") and not form.unico else ""))
    return tuple(out)


@cache
def _form_heads_of(kind: str, unico: bool) -> tuple[tuple[LabelForm, str, str], ...]:
    """The forms of :func:`_form_heads` that print a 'único' (``unico``) or a numbered unit."""
    return tuple(head for head in _form_heads(kind) if head[0].unico == unico)


_RENDERED: dict[tuple[str, bool, int], str | None] = {}


def _render(form: LabelForm, n: int) -> str | None:
    """``render_label``, known once per template and number (keyed by the template, not the
    form: a dataclass's hash is computed field by field at every call)."""
    key = (form.template, form.unico, n)
    got = _RENDERED.get(key, _UNRENDERED)
    if got is _UNRENDERED:
        if len(_RENDERED) >= 65536:
            _RENDERED.clear()
        got = _RENDERED[key] = render_label(form, n)
    return got  # type: ignore[return-value]


_UNRENDERED = object()


@cache
def _damageable_forms(kind: str) -> tuple[tuple[LabelForm, str], ...]:
    """The forms of ``kind`` with a keyword of three letters or more before an arabic numeral,
    each with its keyword ('Art. {n}{o}': 'Art.')."""
    out = []
    for form in forms_of(kind):
        core, brace, numeral = form.template.partition("{")
        if brace and not form.unico and sum(c.isalpha() for c in core) >= 3 and numeral.startswith("n}"):
            out.append((form, core.strip()))
    return tuple(out)


# a numeral whose keyword was lost: at most a scrap of four characters before it ('het. 2o - E'),
# up to five figures (a code of thousands of articles; a leading 0 where a figure was lost, 'o 01º.'),
# its ordinal sign (or the 'o' OCR reads for it), a separator ('.', '-', '—', ':-', a comma after
# the ordinal: 'e. 54º, Compete') and a capital; or three scraps before it (``far``: 'EM ao nero 5º. O
# pedido'), read only with the ordinal sign where the next printed unit shows the gap (keyword_lost); or
# one scrap of five to seven characters (``long``: 'BELAS 3º. A infração', the keyword's length), read
# only with the ordinal sign where the next printed unit comes after it
_NUMERAL_ONLY = re.compile(
    r"^(?:[^\w\s]{0,2}\s*|\S{1,4}\s+|\S{1,2}\s\S{1,2}\s+|(?P<far>\S{1,4}\s\S{1,4}\s\S{1,4}\s+)|(?P<long>\S{5,7}\s+))(?P<num>[1-9]\d{0,4}|0\d{1,4})(?:\s?(?P<ord>[º°ª])|(?P<o>o))?"
    r"(?P<sep>\s?\.?\s?[-–—=:]{1,2}|\.|(?<=[º°ª]),?)\s+(?=[A-ZÀ-Ú])"  # (LC 95's 'Art. 12º O pedido': no separator)
)
_LOWER_START = re.compile(r"^[a-zà-ú]{3,}")
# (two letters with a dash too, 'já - multa'; one letter and a dash is an alínea's own label, 'a — nas praças')
_FIRST_MEMBER_SCRAP = re.compile(r"^(?P<scrap>[a-zà-ú]{2}\s?[-–—]+|[a-zà-ú]{1,2})\s+(?=[a-zà-ú]{3,})")
_DECIMAL = re.compile(r"\d+,\d")  # a number with a decimal comma (at a line's start '2,0' may be '2.º')
_ALNUM = re.compile(r"[^\W_]")
_NON_DIGITS = re.compile(r"\D+")
_LAST_WORD = re.compile(r"(\w+)\W*$")
_DASH_AFTER_WORD = re.compile(r"\w\s*[-–—]")
_DASH_SEPARATOR = re.compile(r"\s?[-–—=]+\s")
_NUMBERED_SENTENCE = re.compile(r"[º°ª]?\s?[-–—=.:]{1,2}\s*[A-ZÀ-Ú]")  # '. O', ' - A' after a numeral
_STOP_WORD_SEPARATED = re.compile(r"^\W{0,2}[^\W\d_]{1,3}\s+[-–—=]+\s")  # 'E = o art', 'E - não ceder
_NUMERAL_NEXT = re.compile(r"\s*[\dIl|!]")
_SEPARATED = re.compile(r"^[º°ª]?[.,]?\s{0,2}[-–—=«»:~]")  # ' -', ' =', 'º.-', '.-' after the numeral


@lru_cache(maxsize=8192)
def _keyword_tokens(text: str) -> tuple[tuple[int, int, str], ...]:
    """Where a keyword may stand at the start of ``text``: (characters of margin marks before
    it, end of the keyword, the keyword as read, cut before a digit glued to it ('Art.1º')).
    Only words a numeral follows (a digit, or a stroke OCR reads for one: 'Arte IB2 -')."""
    out = []
    dust = 0
    for k, m in enumerate(TOKEN.finditer(text[:_REACH])):
        word = m.group()
        head = _NON_DIGITS.match(word)
        if head is not None and _NUMERAL_NEXT.match(text, m.start() + head.end()):
            out.append((dust, m.start() + head.end(), head.group()))
        dust += len(word)
        # margin marks are short scraps, no prose: a stamp's 'NM IS' before 'ARTIGO 2º -' is,
        # 'do' before a citation or 'Texto' before 'compilad0' is not
        if k >= 2 or dust > _MAX_DUST or len(word) > 3 or (word.isalpha() and word.islower() and len(word) >= 2):
            break
    return tuple(out)


_MAX_DUST = 6  # characters of margin marks before a damaged keyword


@lru_cache(maxsize=4096)
def _resembles(word: str, keyword: str) -> bool:
    """Whether ``word`` may be ``keyword`` damaged: of about its length, sharing two of its
    letters in order ('trts', 'AXto', 'âvte' for 'Art.'), and no stop word."""
    w = fold(word).strip(".,:;'\"*|")
    k = fold(keyword).strip(".")
    if not 2 <= len(w) <= len(k) + 2 or w in stop_words():
        return False
    return LCSseq.similarity(w, k) >= min(2, len(k))


# a parágrafo's sign and figures opening the debris ('Ss 1022005 valores' for '§ 1º - Os valores':
# the sentence's first word merged into the numeral): a label's shape, whatever follows it
_SIGN_AND_FIGURES = re.compile(r"^\W{0,2}(?:§§?|\$|Ss?|ss?)\s*\d")


def _lone_keyword(text: str) -> bool:
    """A line that holds nothing but an article's keyword as OCR left it ('Atogo', 'ARTIGO'): the
    label's numeral lost, its text begun on the next line. A word of the language ('Antigo',
    'Ato') is no keyword."""
    word = text.strip().strip(".:-–—'\"*|")
    if not word or not word.isalpha():
        return False
    low = fold(word).lower()
    return low in ("art", "artigo") or (any(_resembles(word, k) for k in ("Art", "Artigo")) and not common_word(low))


def _keyword_end(text: str) -> int:
    """Where a line's first word ends when it may be an article's or a parágrafo's keyword,
    damaged ('Art:', 'Arc.', 'Parágrafo:'): the mark after it is the label's, no sentence ends
    there ('Art: So — São obrigações' is one label, not 'Art' and a parágrafo 'So —';
    'Parágrafo: 2:º.= A' one, not an inciso '2:º.='); else 0."""
    m = TOKEN.match(text)
    if m is None or not m.group()[:1].isupper() or m.group()[-1] not in ".:;":
        return 0  # (a keyword is capitalised, and only the mark after it is in question)
    word = m.group()
    return m.end() if any(_resembles(word, k) for k in ("Art", "Artigo", "Parágrafo")) else 0


# up to a label's closing mark, if any (a point inside a number is none: '5.000,00')
_TOKEN_TO_MARK = re.compile(r"(?:[^\s.)\-–—:]|[.:](?=\d))*[.)\-–—:]?")


_NO_QUOTES = str.maketrans("", "", "'\"“”‘’´`")


def _first_token(text: str) -> str:
    """The line's first token, up to a label's closing mark ('IV.' of "IV.'não ceder", 'b)' of
    'b)multa'): a quote or a word glued to a label does not make it a word."""
    t = text.lstrip(" .,:;'\"*|-_~`´^")
    m = _TOKEN_TO_MARK.match(t)
    return m.group() if m is not None else ""


class _Piece:
    """A place where a unit may start, with its channel costs computed on demand."""

    __slots__ = ("line", "offset", "text", "printed", "frozen", "bonus", "cache", "heads", "screened", "short_ok",
                 "seen", "closes", "lost_end", "lost_article_end", "next_printed", "heads_damaged", "lost_whole",
                 "after_heading", "numeral_only", "final_article", "layered", "lost_bare", "lost_guess", "guess_open",
                 "vigencia", "shifted", "reader", "lost_debris", "first_alnum", "lost_heads", "listed", "clause_end",
                 "before_final", "head_floors", "starts", "scores", "mark", "article_after_next", "titled")

    def __init__(self, line: int, offset: int, text: str, printed: Printed | None, bonus: float,
                 frozen: bool, closes: str = "", words: frozenset[str] = frozenset()):
        # Only the line's first characters can hold a label: a window, so a line of a million
        # characters split at every ';' costs linear time and memory, not quadratic.
        self.line, self.offset, self.text = line, offset, text[:_WINDOW]
        self.printed, self.bonus, self.frozen = printed, bonus, frozen
        self.cache: dict[tuple[str, int, bool], tuple[float, int]] = {}
        self.heads: dict[str, bool] = {}
        self.screened: dict[tuple[str, bool], tuple[tuple[LabelForm, str], ...]] = {}
        self.lost_heads: dict[str, tuple[float, int] | None] = {}
        self.head_floors: dict[str, float] = {}
        self.starts: dict[str, bool] = {}  # may_start, per kind (known once the decoder set the piece up)
        self.scores: dict[tuple[str, int, bool], float | None] = {}  # _score as the search weighed it
        self.seen = frozenset(text[:_REACH])  # what a label's alignment can reach
        first = _ALNUM.search(self.text)
        self.first_alnum = first.start() if first else len(self.text)  # a prefix up to here reads no letter or figure
        token = _first_token(text)
        # A numeral is short, and no word of three letters with a vowel is one ('de' may be
        # 'b)' misread, 'pessoa' is no 'a)').
        bare = token.translate(_NO_QUOTES)  # (a quote glued to a label is a speck: "a'-" is 'a -')
        self.short_ok = len(token) <= 7 and not (
            len(bare) >= 3 and any(c in "aeouáéóúâêôãõ" for c in bare) and not set(token) <= NUMERAL_LIKE
        )
        # What the text before this place ends with (';' closes a sibling, ':' announces a list),
        # and where a label lost to OCR would end here (None: no scrap a label can have become).
        self.closes = closes
        self.lost_end = (lost_label_end(self.text, words, first=closes == ":")
                         if closes in (";", ":") and offset == 0 else None)
        # ... or nothing of it left: the unit's text starts the line in lower case ('advertência
        # por escrito;' after 'penalidades:'), read only where the next printed sibling is the
        # one after this one (see emission)
        self.lost_bare = (self.lost_end is None and closes in (";", ":") and offset == 0
                          and bool(_LOWER_START.match(self.text)))
        # ... or debris longer than a scrap before the unit's first word ('AEIEAE O memorial
        # descritivo;', 'TEL *- 2: (dois) representantes'): where it ends, read on the same terms
        self.lost_debris = (label_debris_end(self.text, words, member=closes == ";")
                            if self.lost_end is None and not self.lost_bare and closes in (";", ":") and offset == 0
                            else None)
        if self.lost_debris is None and self.lost_end is None and closes == ":" and offset == 0:
            # ... or, for the first member a ':' announces, a letter or two in lower case (and a dash)
            # before its words in lower case ('o observar as normas' for 'a - observar', 'na cumprir os
            # horários' for 'I - cumprir', 'já - multa'): no sentence of a list opens so; read, as bare
            # text is, only where the next printed sibling is the second (see emission)
            first = _FIRST_MEMBER_SCRAP.match(self.text)
            self.lost_debris = first.end("scrap") if first is not None else None
        self.listed = False  # an item of a revocation list (set by decode): an inciso, its label maybe lost
        # An article label OCR destroyed, keyword and numeral ('ARES GI C A fiscalização'), after
        # a sentence's end or a heading; read only where the next printed article confirms the
        # gap (set by decode: kind -> the number the next printed unit of that kind carries).
        self.lost_article_end: int | None = None
        self.next_printed: dict[str, int] = {}
        self.article_after_next = 0  # the printed article after the next printed one (0: none; see lacks_article)
        self.titled = False  # read by expectation as a member whose text is a part's title (see _score)
        self.heads_damaged: dict[str, tuple[tuple[LabelForm, str, int, int, str], ...]] = {}
        # Where the label ends of an article whose whole label OCR lost or left a scrap of, on a
        # line that opens a paragraph (0: nothing of it left); None: no such line (set by decode).
        self.lost_whole: int | None = None
        # Right after an agrupador's heading (and its title): LC 95 opens every agrupador with an
        # article, so no other unit is read here by expectation (set by decode).
        self.after_heading = False
        # Where the debris of a lost article label ends on a line after a closed one, when no
        # shape above fits ('PN aq sp = E Compete à ...'): read only where the next printed
        # article shows the gap, or where the vigência clause follows (set by decode).
        self.lost_guess: int | None = None
        self.guess_open = False  # ... after a line that does not close: the debris must hold a keyword
        self.vigencia = False
        # Between the last printed article and a final clause whose label OCR lost: an article
        # still comes after this one (LC 95 gives the clause an article of its own), as a printed
        # one ahead would say (set by decode).
        self.before_final = False
        self.clause_end: int | None = None  # a label read, scraps after it, then a final clause: where it starts
        self.numeral_only = _NUMERAL_ONLY.match(self.text) if offset == 0 else None
        # a bare numeral before the vigência or revocation clause ('3º - Esta Lei entra em vigor'):
        # LC 95 gives that clause an article of its own, so no parágrafo is read there
        self.final_article = self.numeral_only is not None and final_clause_at(self.text, self.numeral_only.end())
        self.layered = False  # read from a text layer, where no keyword was lost (set by decode)
        self.shifted: list[tuple[int, int, _Piece]] | None = None  # see behind_dust
        self.reader: LabelReader | None = None  # the printed-form readers, for a label behind dust
        # The line's place in the document's paragraph layout, where its indentation tells one:
        # 'opens' (at the indent units start at), 'runs_on' (at the margin their text continues at)
        # (set by decode, see pipeline.segmenting.indentation)
        self.mark: Mark = None

    def emission(self, kind: str, n: int, unico: bool, config: DecodeConfig,
                 limit: float = float("inf")) -> tuple[float, int]:
        """(channel cost, end of label) of reading a unit ``kind`` number ``n`` here; end -1
        when the printed-form readers read it so. Exact when the cost is at most ``limit``;
        above it, only known to be above (forms whose lower bound exceeds it are not aligned)."""
        renumber, weight, lost = config.printed_renumber, config.channel_weight, config.lost_numeral
        key = (kind, n, unico)
        got = self.cache.get(key)
        if got is not None:
            return got
        best = (float("inf"), 0)
        p = self.printed
        if self.layered and p is not None and p.kind == kind and p.number is not None and p.number != n \
                and not unsure_letters(p):
            # born-digital text misreads no numeral: its 'Art. 6º' after 'Art. 2º' is article 6, the
            # gap the law's own (bujari-lei648-2021: 'Art. 6° -. Registra-se, ...'); an OCR layer laid
            # over a scan is no such text (pipeline.ocr: PageText.ocr_layer)
            self.cache[key] = best
            return best
        if p is not None and p.kind == kind:
            # The printed-form readers know the kind; its numeral may be misread.
            letters = unsure_letters(p)
            if not letters or alinea_letter(n) in letters or self.next_printed.get(kind) == n + 1:
                best = (renumber, -1)
            if p.number == n and p.unico == unico and not letters:
                best = (0.0, -1)
            for alt, cost in p.alternatives:
                if alt == n and cost < best[0]:
                    best = (cost, -1)
        # A printed label whose numeral reads cleanly as another number ('ART. 2,' where the
        # sequence expects 12) is that label renumbered, at the one flat cost whatever number the
        # sequence asks of it: aligned character by character, the nearer number (a lost '1')
        # would pay more than a farther one renumbered.
        renumbered = p is not None and p.kind == kind and best[0] > 0 and _printed_as_other(
            p.label.strip(_LABEL_EDGE), kind, n)
        if best[0] > 0 and not renumbered and (kind not in _SHORT_KINDS or self.short_ok):
            model = default_model()
            boundary = model.boundary
            for form, head in self.forms(kind, unico):
                text = _render(form, n)
                if text is None:
                    continue
                form_limit = max(limit, config.emission_per_char * len(text))
                floor = lower_bound(text, self.seen, model=model) * weight + form.cost
                if floor < best[0] and floor <= form_limit:
                    cost, end = prefix_cost(text, self.text, model=model, boundary=boundary)
                    cost = cost * weight + form.cost
                    # (an alignment that reads no letter or figure of the label, '—.' for 'c —',
                    # reads no label: the evidence refuses it, so it must not hide a reading that
                    # the lost-label shapes below would give)
                    if cost < best[0] and (end == self.lost_end or end > self.first_alnum):
                        best = (cost, end)
                if head and self.head_floor(head, model) * weight + form.cost + lost <= min(best[0], form_limit):
                    # The keyword read, the numeral lost ('Art Esta Lei ...'): numbered by the
                    # sequence, when a capitalised word follows.
                    got = self.keyword_alone(head)
                    if got is not None:
                        cost = got[0] * weight + form.cost + lost
                        if cost < best[0]:
                            best = (cost, got[1])
        if best[0] > config.damaged_keyword and self.offset == 0 and self.printed is None:
            # a clean label behind margin marks ('Eca Parágrafo único. Ficam', 'PE Art. 54º'):
            # the label read after the marks, each of their characters at ``margin_dust``
            for at, dust, inner in self.behind_dust():
                cost, end = inner.emission(kind, n, unico, config, limit)
                q = inner.printed
                if end < 0 and q is not None and q.kind == kind and cost < renumber:
                    # the printed-form readers read it there, its number or one of their
                    # alternatives ('Rel Artigo 40. A licença': 4º, the ordinal read as a 0)
                    end = len(q.label)
                elif not (end > 0 and cost <= config.clean_behind_dust):
                    continue
                if cost + config.margin_dust * dust < best[0]:
                    best = (cost + config.margin_dust * dust, at + end)
        if not unico and best[0] > config.damaged_keyword and self.damaged_heads(kind):
            got = self.damaged(kind, n, config)
            if got[0] < best[0]:
                best = got
        if kind in ("artigo", "paragrafo") and not unico and self.numeral_only is not None:
            got = self.keyword_lost(kind, n, config)
            if got[0] < best[0]:
                best = got
        if (kind == "artigo" and not unico and self.lost_article_end is not None
                and (self.lacks_article(n) or self.after_heading or self.before_final)):
            # The label is a scrap, but the next printed article comes after this one (or an
            # agrupador's heading is above: LC 95 opens every agrupador with an article): an
            # article the gap lacks starts here, numbered by the sequence.
            cost = lost + config.lost_keyword
            if cost < best[0]:
                best = (cost, self.lost_article_end)
        if (kind == "artigo" and not unico and self.lost_whole is not None
                and self.lacks_article(n) and lost + config.lost_keyword < best[0]):
            # Nothing (or a scrap) of the label is left, but the next printed article comes after
            # this one and a paragraph starts here: a lost article, numbered by the gap (the
            # sequence says which, when the gap lacks more than one).
            best = (lost + config.lost_keyword, self.lost_whole)
        # (the next printed sibling is the one after this one; or comes later where the line stands
        # at the indent the document's units open at: the layout says a unit starts here, the gap
        # that its number is free: 'IEitsia RR ira de saúde;' between 'E planta ...;' and 'IV -')
        if kind in _SHORT_KINDS and (self.lost_bare or self.lost_debris is not None) \
                and (self.next_printed.get(kind) == n + 1 or (self.mark == "opens" and self.next_printed.get(kind, 0) > n)
                     or self.last_member(kind)) and (
                (self.closes == ";" and n >= 2) or (self.closes == ":" and n == 1 and not unico)):
            cost = lost + (self.closes == ":") * config.lost_first + min(lost_separator(kind, ""), 1.0)
            if cost < best[0]:
                best = (cost, 0 if self.lost_debris is None else self.lost_debris)  # (bare: nothing left)
        if kind in _SHORT_KINDS and self.lost_end is not None and self.next_printed.get(kind, n + 1) > n and (
                (self.closes == ";" and n >= 2) or (self.closes == ":" and n == 1 and not unico
                                                    and kind in self.next_printed)):
            # (the first of a level, its label a scrap, only where a printed sibling follows: a
            # scrap after ':' with none is furniture or a stamp as often as a lost 'I -')
            # The sibling before closed with ';' (or ':' announced the list) and the line starts
            # with a scrap: the label was lost, the number is the sequence's (never the number
            # the next printed sibling carries: that one is printed there, 'ES Mie El 076' a stamp).
            cost = lost + (self.closes == ":") * config.lost_first + lost_separator(kind, self.text[:self.lost_end])
            if cost < best[0]:
                best = (cost, self.lost_end)
        self.cache[key] = best
        return best

    def head_floor(self, head: str, model: ConfusionModel) -> float:
        """:func:`lower_bound` of the keyword ``head`` here (the same for every number asked)."""
        got = self.head_floors.get(head)
        if got is None:
            got = self.head_floors[head] = lower_bound(head, self.seen, model=model)
        return got

    def keyword_alone(self, head: str) -> tuple[float, int] | None:
        """(channel cost, end) of the keyword ``head`` read here with its numeral lost, when a
        capitalised word follows it (or the numeral's scrap of letters and then one); None when
        none does. The same for every number the sequence may ask: known once per keyword."""
        if head in self.lost_heads:
            return self.lost_heads[head]
        model = default_model()
        cost, end = prefix_cost(head, self.text, model=model, boundary=model.boundary)
        after = _after_separator(self.text, end)
        scrap = _NUMERAL_SCRAP.match(after)
        if scrap is not None and (not after[:1].isupper() or _DASHED.search(scrap.group())):
            # the numeral read as a scrap of letters ('Art. do São', 'ART. do. O'; a capital too
            # when the label's dash follows it: 'Art: So — São obrigações')
            end, cost = len(self.text) - len(after) + scrap.end(), cost + 1.0
            after = after[scrap.end():]
        if len(head) < 3 and (scrap is None or not _DASHED.search(scrap.group())):
            after = ""  # a lone 'S' opens sentences too: only 'S to - A ...' is '§ 1º -'
        got = self.lost_heads[head] = (cost, end) if after[:1].isupper() else None
        return got

    def behind_dust(self) -> list[tuple[int, int, _Piece]]:
        """The line read from after each run of margin marks at its start: (where, characters
        of marks, the line from there as a piece of its own). Marks are up to three short scraps
        of no word's shape (as for damaged keywords, ``_keyword_tokens``; a folio stamp OCR set on
        the line, 't. 210 “ Parágrafo 3º -'), ``_MAX_DUST`` characters at most."""
        if self.shifted is None:
            self.shifted = []
            dust = 0
            for k, m in enumerate(TOKEN.finditer(self.text[:_REACH])):
                word = m.group()
                # (a capital that is a word alone, 'É', 'E', opens sentences: a mark before a label only
                # where the printed-form readers read an article's or a parágrafo's label right after it,
                # 'É 8 1.º - Ficam isentos': no sentence goes on with a label)
                capital = k == 0 and len(word) == 1 and word.isupper() and word.lower() in stop_words()
                if k >= 3 or len(word) > 3 or (word.isalpha() and word.islower() and len(word) >= 2) \
                        or (word.lower() in stop_words() and not capital) or (k == 2 and any(c.isalpha() for c in word)):
                    break  # (a third scrap only of figures or marks: a folio's number, a quote)
                dust += len(word)
                if dust > _MAX_DUST:
                    break
                at = m.end() + len(self.text[m.end():]) - len(self.text[m.end():].lstrip())
                if at < len(self.text):
                    rest = self.text[at:]
                    label = self.reader(rest) if self.reader is not None else None
                    if capital and (label is None or label.kind not in ("artigo", "paragrafo")):
                        break
                    self.shifted.append((at, dust, _Piece(self.line, at, rest, label, 0.0, False)))
        return self.shifted

    def damaged(self, kind: str, n: int, config: DecodeConfig) -> tuple[float, int]:
        """(cost, end) of a label whose keyword OCR damaged past what the channel knows ('Alto 4º
        = À CONDEC', 'trts 1º = A ação', 'Xá Arte 14º - Os autos'): a word that shares two letters
        with the keyword, at most three characters of margin marks before it, then the numeral
        the sequence expects and a separator. A citation ('arts. 2º e 3º') has no separator
        after its numeral; running text has no numeral there. Right under an agrupador's heading,
        where the next printed article shows the gap, the separator may be lost too ('Antas 52
        ea prefeitura' for 'Art. 5º - A prefeitura'): LC 95 opens every agrupador with an
        article, and no citation opens one."""
        best = (float("inf"), 0)
        model, weight = default_model(), config.channel_weight
        expected = kind == "artigo" and self.after_heading and n < self.next_printed.get("artigo", 0)
        for form, core, dust, kw_end, kw in self.damaged_heads(kind):
            text = _render(form, n)
            if text is None:
                continue
            keyword = min(prefix_cost(core, kw, model=model, max_dust=0, boundary=model.boundary)[0] * weight,
                          config.damaged_keyword)
            rest = self.text[kw_end:]
            lead = len(rest) - len(rest.lstrip())
            # typewriters raised the ordinal sign past nine too ('Art. 14º')
            for digits in dict.fromkeys((text[len(core):].lstrip(), f"{n}º")):
                cost, end = prefix_cost(digits, rest[lead:], model=model, max_dust=0, boundary=model.boundary)
                if not (_SEPARATED.match(rest[lead + end:]) or (expected and rest[lead + end:lead + end + 1] == " ")):
                    continue
                total = keyword + config.margin_dust * dust + cost * weight + form.cost
                if total < best[0]:
                    best = (total, kw_end + lead + end)
        return best

    def keyword_lost(self, kind: str, n: int, config: DecodeConfig) -> tuple[float, int]:
        """(cost, end) of a label whose keyword OCR lost or left a scrap of up to four characters
        ('e 2º. Nenhum ambulante', 'het. 2o - E vedado', '3º — Na reincidência') while its
        numeral, ordinal sign and separator came through: the number the sequence expects, then a
        separator and a capital (``_NUMERAL_ONLY``). Numbers up to nine need their ordinal sign,
        or the 'o' OCR reads for it ('2. ' opens items too)."""
        m = self.numeral_only
        if m is None or (n <= 9 and not (m.group("ord") or m.group("o"))):
            return float("inf"), 0
        if m.group("far") and not (m.group("ord") and self.next_printed.get(kind, 0) == n + 1):
            return float("inf"), 0  # (three scraps may be a sentence's words: the gap must say so)
        if m.group("long") and not (m.group("ord") and self.next_printed.get(kind, 0) > n):
            return float("inf"), 0  # (a word of a sentence, 'inciso 3º.', as often: the gap must say so)
        cost = config.lost_numeral + config.lost_keyword
        if int(m.group("num")) != n:
            # a digit of a longer number lost or misread too ('o 01º. Os preços' for 101º), where
            # the next printed unit of the kind shows the gap it fills
            if not (n >= 10 and Levenshtein.distance(m.group("num"), str(n)) == 1
                    and self.next_printed.get(kind, 0) > n):
                return float("inf"), 0
            cost += config.numeral_digit
        if self.layered and not m.group("sep"):
            # a text layer lost no keyword: a numeral and its ordinal with no separator there opens
            # a list of offices ('3º Vice-Presidente: Mariovane ...', a gazette's expediente box,
            # famurs-do1384-2014), not a unit whose keyword OCR wrecked
            return float("inf"), 0
        return cost, m.end("sep")

    def damaged_heads(self, kind: str) -> tuple[tuple[LabelForm, str, int, int, str], ...]:
        """The forms of ``kind`` whose keyword a word at this line's start may be, damaged: (form,
        keyword, margin characters before the word, end of the word, the word). Line starts only."""
        got = self.heads_damaged.get(kind)
        if got is None:
            forms = _damageable_forms(kind)  # (none for incisos, alíneas and itens: no tokens needed)
            tokens = _keyword_tokens(self.text) if self.offset == 0 and forms else ()
            got = self.heads_damaged[kind] = tuple(
                (form, core, dust, end, word) for form, core in forms
                for dust, end, word in tokens if _resembles(word, core))
        return got

    def forms(self, kind: str, unico: bool) -> tuple[tuple[LabelForm, str], ...]:
        """The forms of ``kind`` whose keyword this line roughly starts with, each with the
        keyword to try alone when its numeral was lost ('' when the form has none)."""
        key = (kind, unico)
        got = self.screened.get(key)
        if got is None:
            heads = self.heads  # (a keyword several forms share is screened once; one whose first
            # three characters are not read here is not screened at all: see screen)
            got = self.screened[key] = tuple(
                (form, lost_head) for form, core, lost_head in _form_heads_of(kind, unico)
                if (heads[core] if core in heads else heads.get(core[:3]) is not False and self.screen(core)))
        return got

    def printed_cleanly(self) -> bool:
        """Whether the line starts with a label of the grammar exactly as the printed-form
        readers read it (kind and number), ending where a label can end."""
        p = self.printed
        if p is None or p.number is None:
            return False
        for form in forms_of(p.kind):
            if form.unico != p.unico:
                continue
            text = _render(form, p.number)
            if text is not None and self.text.startswith(text) and boundary_ok(self.text, len(text)):
                return True
        return False

    def may_start(self, kind: str) -> bool:
        """Whether a unit of ``kind`` could be read here at all (state-independent; known once
        the decoder has set the piece up, so asked once per kind)."""
        got = self.starts.get(kind)
        if got is None:
            got = self.starts[kind] = self._may_start(kind)
        return got

    def _may_start(self, kind: str) -> bool:
        if self.printed is not None and self.printed.kind == kind:
            return True
        if kind in _SHORT_KINDS:
            return self.short_ok or self.lost_end is not None or (
                (self.lost_bare or self.lost_debris is not None) and (kind in self.next_printed or self.last_member(kind)))
        if kind == "artigo" and (self.lost_article_end is not None or self.lost_whole is not None
                                 or self.lost_guess is not None) and "artigo" in self.next_printed:
            return True
        if kind == "artigo" and (self.lost_article_end is not None or self.lost_guess is not None) \
                and self.after_heading:
            return True  # an agrupador opens with an article, whatever is left of its label
        if kind == "paragrafo" and self.lost_guess is not None and not (self.guess_open or self.vigencia) \
                and ("paragrafo" in self.next_printed or self.mark == "opens"):
            return True
        if kind == "artigo" and self.vigencia:
            return True
        if kind in ("artigo", "paragrafo") and self.numeral_only is not None:
            return True
        return bool(self.forms(kind, False) or self.forms(kind, True) or self.damaged_heads(kind)) or (
            self.offset == 0 and self.printed is None
            and any(inner.forms(kind, False) or inner.forms(kind, True) for _at, _dust, inner in self.behind_dust()))


    def screen(self, core: str) -> bool:
        """Whether the line starts roughly with a form's keyword ('Art.' of 'Art. {n}{o}'): a
        cheap screen before the channel's DP."""
        got = self.heads.get(core)
        if got is None:
            # A label's prefix never costs more than the label (costs are not negative): when
            # 'Art' is not read here, neither is 'Artigo' nor 'Art. único'.
            got = not core or (
                (len(core) <= 3 or self.screen(core[:3]))
                and prefix_cost(core, self.text)[0] <= max(_SCREEN_COST, _SCREEN_PER_CHAR * len(core))
            )
            self.heads[core] = got
        return got

    def confirmed(self, kind: str, n: int, unico: bool) -> bool:
        """Whether the layout and the next printed sibling agree that unit ``kind`` ``n`` starts
        this line: the text before it closed a sibling with ';' (or announced the list with ':'
        for the first), and the next unit of its kind printed before a higher level comes after
        n ('a título de eleitor' between 'documentos:' and 'b - comprovante': alínea a, its
        separator lost; 'Ties (três) representantes' before 'IV - 2 (dois)': a lost inciso of
        the gap). A weak label there is read so, whatever its letters spell."""
        if kind not in _SHORT_KINDS or unico or self.offset:
            return False
        if self.closes == ";" and n >= 2 and self.lost_end is not None and self.next_printed.get(kind, n + 1) > n:
            return True  # a sibling closed with ';' announces another one: a scrap opens it ('MD (dois)')
            # (unless the next printed sibling is that one: the scrap is a stamp, 'ES Mie El 076')
        return self.next_printed.get(kind, 0) > n and (
            (self.closes == ";" and n >= 2) or (self.closes == ":" and n == 1))

    def evidence(self, kind: str, n: int, unico: bool, config: DecodeConfig) -> tuple[float, int]:
        """How much better the line reads as that label than as running text (nats), and the
        label's end."""
        if kind == "paragrafo" and self.final_article:
            return float("-inf"), 0
        got = self._label_evidence(kind, n, unico, config)
        if kind == "artigo" and self.vigencia and self.lost_guess is not None and 0 <= got[1] < self.lost_guess \
                and _after_separator(self.text, got[1], self.lost_guess).strip():
            # the label read, then scraps up to the final clause: all label ('ARTIGO 1L/0:— Revogam-se':
            # 'ARTIGO 17' read, '/0:—' left of its ordinal and dash)
            got = (got[0], self.lost_guess)
            self.clause_end = self.lost_guess
        if got[0] < config.label_lost and got[0] > float("-inf") and self.confirmed(kind, n, unico):
            return config.label_lost, got[1]
        # (the shape of a whole article label lost is a parágrafo's debris too: '8.10 « Na
        # reincidência' where the next printed is '$ 20')
        guess = self.lost_guess if self.lost_guess is not None or kind != "paragrafo" else self.lost_whole
        # (a reading of the label that leaves no text after it, '8' of '8.10 « Na reincidência',
        # is no better than the debris: the debris reading ends where the text starts)
        # (nor, after a closed line, is one that leaves a token of the debris before the text: 'SE' of 'SE
        # so — O prazo' for '§ 3º — O prazo', of 'SE de e A autorização' for '§ 2º - A autorização')
        worse = config.label_guessed > got[0] or (
            guess is not None and 0 <= got[1] < guess
            and (not _rest_is_text(rest := _after_separator(self.text, got[1]))
                 or (not self.guess_open and len(self.text) - len(rest) < guess))
            and config.label_guessed - self.guess_open * config.open_sentence > got[0] - config.rest_not_text)
        if (not unico and guess is not None and worse and (
                (kind == "artigo" and (self.vigencia or self.after_heading
                                       or self.lacks_article(n, exactly=True)))
                or (kind == "paragrafo" and not (self.vigencia or self.guess_open)
                    and (n == self.next_printed.get("paragrafo", 0) - 1 or self.sibling_opens(n))))):
            # Only debris of the label is left, on a line after a closed one, and it reads no
            # better as a label: the article (or parágrafo: 'Spas A autorização' between § 1 and
            # 'S 3.º') the gap lacks (or the vigência clause's, which LC 95
            # gives an article of its own). The evidence is the gap (or the clause) and the debris;
            # the label ends where the debris does.
            self.cache[(kind, n, unico)] = (config.lost_numeral + config.lost_keyword + 1.0, guess)
            return config.label_guessed - self.guess_open * config.open_sentence, guess
        return got

    def lacks_article(self, n: int, *, exactly: bool = False) -> bool:
        """Whether the gap the printed articles ahead show lacks article ``n`` here (``exactly``: n
        and no other). The next printed one comes after n; or it is a number the sequence passed
        already, misread, and the one after it leaves room for n and that one ('DEE Jo, = A
        fiscalização' after article 6, then 'Art. 6º' and 'Art 9º': article 7, the printed '6º' is 8)."""
        ahead = self.next_printed.get("artigo", 0)
        if n < ahead:
            return not exactly or n == ahead - 1
        if 0 < ahead < n and n + 1 < self.article_after_next:
            return not exactly or n == self.article_after_next - 2
        return False

    def opens_member(self) -> bool:
        """Whether the layout opens a list's member here: the line stands at the indent the
        document's units open at, right after a sibling closed with ';' (another member comes)."""
        return self.mark == "opens" and self.closes == ";" and self.offset == 0

    def last_member(self, kind: str) -> bool:
        """Whether a list's last member whose label OCR lost may start here: the layout opens a
        member (``opens_member``) and no sibling of ``kind`` is printed after it ('bom junto às
        escolas e hospitais.' after 'a - durante as festividades;', then 'ARTIGO 9º': alínea b, its
        'b -' read 'bom')."""
        return self.opens_member() and kind not in self.next_printed

    def sibling_opens(self, n: int) -> bool:
        """Whether the layout opens parágrafo ``n`` here after its printed sibling, where no printed
        one follows ('S 1º — Na reincidência ...' / 'Size O regulamento disporá ...': the line
        stands at the indent the document's units open at, after a closed sentence, debris of a
        label before a capital): the last parágrafo of its article, its label wrecked. Not the
        first (n = 1): a paragraph of the caput opens so too. Debris that holds a figure is
        another unit's label ('BEE. 5o.-' is article 5's), and a title in capitals after it an
        agrupador's heading ('CAPÍTULO ILI - DO PROCEDIMENTO')."""
        if not (self.mark == "opens" and n >= 2 and self.next_printed.get("paragrafo", n + 1) > n
                and self.lost_guess is not None):
            return False
        rest = self.text[self.lost_guess:]
        return not any(c.isdigit() for c in self.text[:self.lost_guess]) and uppercase_share(rest) < 0.5

    def _label_evidence(self, kind: str, n: int, unico: bool, config: DecodeConfig) -> tuple[float, int]:
        limit, limit_evidence = config.max_emission, config.max_evidence
        cost, end = self.emission(kind, n, unico, config, limit)
        if cost == _INF:
            return -_INF, end  # (no reading at all: most places, for most kinds)
        if end == self.lost_whole and kind == "artigo":
            return config.label_lost, end  # the evidence is the gap and the paragraph, not a label
        if kind in _SHORT_KINDS and (
                (end == 0 and self.lost_bare) or (self.lost_debris is not None and end == self.lost_debris)):
            return config.label_lost, end  # ... the gap the next printed sibling shows, and the ';' or ':'
        # (a label of this kind printed here, read up to its end or less, is that label: the line reads as
        # running text the same whatever number is asked of it, 'ARTIGO 19º :-' read as article 10 by the
        # channel, up to '19', or as 11 renumbered: the same label against the same text)
        as_printed = self.printed is not None and (
            end < 0 or (self.printed.kind == kind and end <= len(self.printed.label)))
        consumed = self.printed.label if as_printed and self.printed is not None else self.text[:end]
        size = len(consumed.strip())
        if cost > max(limit, config.emission_per_char * size):
            return float("-inf"), end
        if end >= 0 and end != self.lost_end and end <= self.first_alnum:
            return float("-inf"), end  # no numeral read at all: the label's number is unknown
        if kind in _SHORT_KINDS and end >= 0 and not as_printed and self.offset == 0 and self.closes in (";", ":"):
            # a member's label read short of the separator its form prints ('b' of "b' - manter", the
            # speck costing more than the separator's loss), where the line above closed a sibling or
            # announced the list, is weighed through the separator the line shows, as a reading that
            # took it is: the same label against the same text
            sep = _SEPARATOR.match(self.text, end)
            if sep is not None and sep.end() > end:
                consumed = self.text[:sep.end()]
        if self.offset == 0:  # a long label at a line start; inside a line, a citation is likelier
            limit_evidence = max(limit_evidence, config.evidence_per_char * len(consumed.strip()))
        return min(text_cost(consumed.strip()), limit_evidence) - cost, end


# the scrap of a label before what a revocation list's item says ('TE o art.', 'Spa a Lei')
_ITEM_SCRAP = re.compile(r"^(?P<scrap>\S{1,4})\s+(?=[ao]s?\s+\S)")
_REVOKES_LIST = re.compile(r"(?=R)(?:\bREVOGAD[OA]S|\bREVOGAM-SE)\W{0,3}:\W{0,3}$")  # (the lookahead skips the other places)
_ITEM_END = re.compile(r"[;:]\W{0,2}$")
_LIST_END = re.compile(r"\.\W{0,2}$")


def revocation_lists(texts: Sequence[str], printed: Sequence[Printed | None],
                     frozen: Sequence[bool] | None = None) -> dict[int, int]:
    """The lines of the lists a revoking caput announces ('Ficam revogados:' / 'I - a Lei nº 311;'
    / 'II - o art. 5º da Lei nº 981;' / 'III - o § 3º do art. 12.'; LC 95 lists them as incisos),
    each with the number of the item it belongs to: the items run from the caput's ':' to a line
    that ends with a point, one ending at each line closed with ';' (or ':', OCR's reading of it),
    none past an article or agrupador label or a quoted line. Only lists of two items or more."""
    out: dict[int, int] = {}
    for j, text in enumerate(texts):
        if (frozen and frozen[j]) or not _REVOKES_LIST.search(fold(text)):
            continue
        lines: dict[int, int] = {}
        item = 1
        for k in range(j + 1, min(len(texts), j + 40)):
            p = printed[k]
            if (frozen and frozen[k]) or (p is not None and p.kind in ("artigo", "group", "heading")):
                break
            lines[k] = item
            if _LIST_END.search(texts[k]):
                break
            if _ITEM_END.search(texts[k]):
                item += 1
        if max(lines.values(), default=0) >= 2:
            out.update(lines)
    return out


def _look_ahead(pieces: Sequence[_Piece]) -> None:
    """Tell each piece the number that the next printed unit of each kind carries, up to a
    printed unit of a higher level or an agrupador (after article 4, 'Art. 6º' printed next says
    one is lost)."""
    ahead: dict[str, int] = {}
    after_next = 0  # the printed article after the one ``ahead`` holds
    for piece in reversed(pieces):
        piece.next_printed = dict(ahead)
        piece.article_after_next = after_next
        p = piece.printed
        if p is not None and p.kind in ("group", "heading") and not piece.frozen:
            ahead = {k: v for k, v in ahead.items() if k == "artigo"}  # an agrupador ends the article's parts
            continue
        if piece.frozen or p is None or p.kind not in _LEVEL or p.number is None or p.suffix:
            continue
        if p.kind == "inciso" and any(c.isdigit() for c in p.label):
            continue  # a Roman numeral read from figures ('1 - distância' for 'I -') is an item's label as
            # well ('1 -' under 'a) ...:'): the next printed inciso is not known from it
        level = _LEVEL[p.kind]
        if p.kind == "artigo":
            after_next = ahead.get("artigo", 0)
        ahead = {k: v for k, v in ahead.items() if _LEVEL[k] <= level}
        # (a parágrafo's '20' that may be 2º: the smaller reading, so a gap before it shows)
        ahead[p.kind] = min([p.number, *(a for a, _c in p.alternatives)]) if p.kind == "paragrafo" else p.number


# an abbreviation a number follows, at the end of a word OCR fused it with ('oart.', 'doart.')
_CITING_TAIL = re.compile(r"(?:art|arts|inc|par)$", re.I)
# the abbreviation alone: its point (read ':' or ';') ends no clause, whatever OCR made of the numbers
_CITING_WORD = re.compile(r"(?:art|arts|inc|incs|par)", re.I)
# (or a numeral OCR misread as a stroke or a letter, known by its ordinal sign: 'art: /º-A' for 'art. 7º-A')
_NUMBER_AFTER = re.compile(r"\s*(?:\d{1,4}\s*[º°o]?|[\d/|!lIi]{1,3}\s*[º°])(?![^\W_])")


def _text_after_label(text: str, end: int) -> bool:
    """What follows a label ending at ``end`` reads as a unit's text: a word or a quote, not a
    citation's words ('do Oart. 0º da lei' is the scrap of a label and the text's first words)."""
    rest = _after_separator(text, end)
    return bool(rest) and (rest[0].isalpha() or rest[0] in "\"“'‘(«") and not _CITATION.match(rest)


# a figure or two left of the label's numeral, then its separator and the text's capital ('6º2.- Compete':
# the typed ordinal read as two glyphs)
_LABEL_TAIL = re.compile(r"[\dº°ª]{1,2}[.\s]*[-–—:]+\s*[A-ZÀ-Ú]")


def _rest_is_text(rest: str) -> bool:
    """Whether what follows a label (its separator taken off) opens a unit's text: a word, a quote
    or a quantity ('3 (três) representantes'; '0 pedido', its 'O' read as a zero); or the debris of
    the label's numeral before its separator and the text ('2.- Compete')."""
    return bool(rest) and (rest[0].isalpha() or rest[0] in "\"“'‘(«" or bool(_QUANTITY.match(rest.lstrip("0123456789.,º° ")))
                           or bool(ZERO_FOR_O.match(rest)) or bool(_LABEL_TAIL.match(rest)))


def _sentence_end(text: str, at: int) -> bool:
    """Whether the mark before ``at`` ends a clause (not 'Art.' or 'n.' in a citation, nor the
    separator after a label's numeral: 'BRR 7.º: O pedido')."""
    if text[at - 1] == ":" and at >= 2 and (text[at - 2].isdigit() or text[at - 2] in "ºª°"):
        return False
    word = _LAST_WORD.search(text[max(0, at - 64):at])
    if word is not None and _CITING_TAIL.search(word.group(1)) and _NUMBER_AFTER.match(text[at:]):
        return False  # 'oart. 6º passa', 'o art: 4º-A': 'o art.' fused or misread by OCR, the number is cited
    if word is not None and _CITING_WORD.fullmatch(word.group(1)):
        return False  # 'passam a ser os arts: E a Da.' ('arts. 15 a 24'): an abbreviation's point, misread
    if text[at - 1] in ";:":
        return True
    return word is not None and len(word.group(1)) >= 4 and not word.group(1)[0].isupper()


def _layout_bonus(prev: str, kind: str, config: DecodeConfig) -> float:
    """Evidence from the line before: what it ends with (dust after its last mark aside)."""
    end = _line_end(prev)
    if end == "cut":
        return -config.word_cut
    if end == "cites":
        return -config.cited_number
    if end == ":":
        return config.after_colon if kind in ("inciso", "alinea", "item") else 0.0
    if end == ";":
        return config.after_semicolon if kind in ("inciso", "alinea", "item") else 0.0
    if end == "open":
        return -config.open_sentence
    return 0.0


@lru_cache(maxsize=4096)
def _line_end(prev: str) -> str:
    """How a line ends, for the line after it (weighed for every state and reading of that
    line, so known once): 'cut' (a word cut by a hyphen), 'cites' (a word a number must
    follow), ':', ';' or '.', 'open' (a letter, a figure or a comma: the sentence runs on), or ''."""
    t = without_end_dust(prev)
    if not t:
        return ""
    if _WORD_CUT.search(t):
        return "cut"
    if _CITES_NUMBER.search(t):
        return "cites"
    last = t[-1]
    if last in ":;.":
        return last
    return "open" if last.isalnum() or last == "," else ""


# --- the search -----------------------------------------------------------------------------

# State: (article, paragraph, inciso, alinea, item) counters; -1 paragraph = 'único' taken.
State = tuple[int, int, int, int, int]


def _counter(s: State, kind: str) -> int:
    """The number of the last unit of ``kind`` in state ``s`` (the 'único' parágrafo counts 1)."""
    return abs(s[_LEVEL[kind]])


def _hypotheses(kind: str, s: State, p: Printed | None) -> list[tuple[int, bool]]:
    a, par, inc, ali, ite = s
    current = _counter(s, kind)
    out = [(current + 1, False), (current + 2, False)]
    if kind == "paragrafo" and par == 0:
        out.append((1, True))
    if kind == "alinea" and ali + 1 in (11, 23, 25):  # k, w, y skipped by older laws
        out.append((current + 2, False))
    if p is not None and p.kind == kind and p.number and not unsure_letters(p):
        out.append((p.number, p.unico))
        out.extend((alt, p.unico) for alt, _c in p.alternatives if alt > 0)
    return list(dict.fromkeys(out)) if len(out) > 2 else out  # (the first two always differ)


def _transition(kind: str, n: int, unico: bool, s: State, config: DecodeConfig) -> tuple[float, State] | None:
    a, par, inc, ali, ite = s
    if kind != "artigo" and a == 0:
        return None  # nothing but an article opens the articulação
    if kind == "item" and ali == 0 and inc == 0:
        return None  # itens are parts of alíneas (or of incisos that have none)
    level = _LEVEL[kind]
    current = abs(s[level])  # (_counter)
    if n == current + 1:
        cost = 0.0
    elif kind == "artigo" and a == 0:
        cost = config.first_article  # a law printed from article 101 on (a part of a code)
    elif n > current + 1:
        cost = min(config.gap_base + config.gap_per_missing * (n - current - 2), config.gap_max)
    else:
        cost = config.backward
    if kind == "paragrafo" and par < 0:
        cost += config.gap_base  # a parágrafo after the 'único' one
    if kind == "alinea" and n == current + 2 and current + 1 in (11, 23, 25):
        cost = 0.3
    if kind == "inciso" and inc == 0 and ali > 0:
        cost += config.inciso_after_alineas
    if kind == "item" and ali == 0:
        cost += config.item_under_inciso
    if any(s[d] == 1 for d in range(max(level + 1, _LEVEL["inciso"]), len(s))):
        cost += config.single_member  # a list closed with one member ('II - ...:' / '1 - ...' / '§ 1º')
    if kind == "artigo":
        return cost, (n, 0, 0, 0, 0)
    if kind == "paragrafo":
        return cost, (a, -1 if unico else n, 0, 0, 0)
    if kind == "inciso":
        return cost, (a, par, n, 0, 0)
    if kind == "alinea":
        return cost, (a, par, inc, n, 0)
    return cost, (a, par, inc, ali, n)


_KINDS = tuple(_LEVEL)


def _gap_relief(piece: _Piece, kind: str, n: int, s: State, config: DecodeConfig) -> float:
    """What reading unit ``kind`` ``n`` here saves the next printed unit of its kind: the gap
    it would otherwise pay (article 6 read, 'Art. 8º' printed ahead: a weak article 7 between
    them costs less than the gap). A reading weaker than running text is weighed against that,
    not dropped (the cheapest place in the gap takes the lost unit)."""
    ahead = piece.next_printed.get(kind, 0)
    if not ahead > n > _counter(s, kind):
        return 0.0
    before = _transition(kind, ahead, False, s, config)
    here = _transition(kind, n, False, s, config)
    if before is None or here is None:
        return 0.0
    after = _transition(kind, ahead, False, here[1], config)
    return max(0.0, before[0] - (after[0] if after is not None else before[0]))


def _state_cost(piece: _Piece, kind: str, n: int, unico: bool, s: State, prev_text: str,
                config: DecodeConfig) -> float:
    """What the state says against a reading by expectation of an inciso, alínea or item: a
    level opened where the text before announced no enumeration with ':' (a printed label of
    the level renumbered to open it too: 'ET)' after 'I) ...;' read as alínea t is no first
    alínea, nothing announced one); a label lost to OCR read as another level than the deepest
    one open (the sibling that closed with ';' is the likelier kind); one more member where the
    line above closed its member's list with '.'."""
    if kind not in _SHORT_KINDS:
        return 0.0
    channel, end = piece.cache.get((kind, n, unico), (0.0, -1))
    if end < 0 and channel == 0.0:
        return 0.0  # printed so
    cost = 0.0
    if _counter(s, kind) == 0 and not _INTRODUCES.search(without_end_dust(prev_text)):
        cost += config.first_unannounced
    lost_here, closed = end == piece.lost_end, _line_end(prev_text) == "."
    if (lost_here or closed) and s[_LEVEL["inciso"]:] != (0, 0, 0):
        deepest = max((k for k in _SHORT_KINDS if _counter(s, k)), key=_LEVEL.__getitem__)
        if lost_here and kind != deepest:
            cost += config.lost_other_level
        if closed and _LEVEL[kind] >= _LEVEL[deepest]:
            # the member the line above belongs to closed its list with '.': one more member of that
            # list, or of a deeper one, is unlikely ('TE) ... 30 (trinta) dias.' / 'Ba rágra ta jo o O
            # prazo', a wrecked 'Parágrafo único', is no alínea b); the level above may follow ('2)
            # presença do responsável.' / 'b) nas praças', the next alínea after an alínea's itens)
            cost += config.after_period
    return cost


_LABEL_EDGE = " .,:;'\"*|-_~`´^“”"  # marks around a label's words


def _printed_as_other(label: str, kind: str, n: int) -> bool:
    """Whether ``label`` ends in a numeral that reads cleanly as another number of ``kind``."""
    m = re.search(r"(?<![^\W\d_])([IVXLC]+|\d+)\W*$", label) if kind != "alinea" else None
    if m is None:
        return False
    token = m.group(1)
    if set(label[m.end(1):]) & NUMERAL_LIKE:
        return False  # 'I!' is no clean 'I': the '!' is a misread stroke of the numeral ('II')
    if token.isdigit() and len(token) == len(str(n)) + 1 and token.startswith(str(n)):
        return False  # '30' for 3º: the ordinal sign read as a digit, the number is n's
    value = printed_value(kind, token)
    return value is not None and value != n


def _score(piece: _Piece, kind: str, n: int, unico: bool, prev_text: str, config: DecodeConfig) -> float | None:
    """The evidence (nats) that ``piece`` starts unit ``kind`` ``n``; None when it cannot."""
    evidence, end = piece.evidence(kind, n, unico, config)
    if evidence == float("-inf"):
        return None
    label_end = len(piece.printed.label) if end < 0 and piece.printed is not None else max(end, 0)
    speck = _SPECK_REST.fullmatch(piece.text, label_end)
    if speck is not None and speck.group("letters").lower() not in stop_words() and kind not in piece.next_printed:
        return None  # a line that holds a label and a letter or two of no word ('o) t' after '... penalidades:',
        # 'I - advertência' next): specks whose shape a label has. A unit's text is words, and a typed line
        # breaks only when full; in a run of labelled siblings it may have been lost ('a) a' / 'b) -')
    score = evidence + piece.bonus
    if end >= 0 and kind != "artigo" and piece.after_heading:
        return None  # an agrupador opens with an article
    # the indentation, for every reading of the line alike: where units open, where their text runs on
    # (but a label whose numeral is the very number the gap between two printed siblings lacks
    # speaks louder than where OCR put its left edge: 'Arts 5990, vedado' between 598 and 600)
    score += config.indent_opens if piece.mark == "opens" else -config.indent_runs_on if (
        piece.mark == "runs_on" and not _fills_gap(piece, kind, n, end)) else 0.0
    if end >= 0:  # read by expectation: the layout must not speak against it
        # (the layout is weighed already where a lost label's shape was found; and it says nothing
        # of a number read again on a line whose label of this kind was printed: its printed
        # reading does not pay it either, 'ARTIGO 19º' after 'DAS DISPOSIÇÕES FINAIS' is 10 or 19)
        if not (end in (piece.lost_whole, piece.lost_guess) and kind in ("artigo", "paragrafo")) and not (
                piece.printed is not None and piece.printed.kind == kind and piece.offset == 0):
            score += _layout_bonus(prev_text, kind, config)
        word = piece.text[:end].strip(_LABEL_EDGE)
        first, _, after = word.partition(" ")
        # (and the first of a list a ':' announces, its label read as a stop word and a separator: 'E = o
        # art. 7º passa' after '... as seguintes alterações:' is 'I - '; no sentence says 'e =')
        separated = _STOP_WORD_SEPARATED.match(piece.text)
        dashed = (end == piece.lost_end and bool(_DASH_AFTER_WORD.search(piece.text[:end]))) or (
            n == 1 and piece.closes == ":" and not after and separated is not None) or (
            # a parágrafo's sign read as a stop word, its numeral lost, then its dash and the
            # sentence's capital ('Se - A relação' for '§ 2º - A relação'): no sentence says 'Se - A'
            kind == "paragrafo" and piece.offset == 0 and separated is not None
            and piece.text[separated.end():][:1].isupper()) or (
            # a list's letter read with its point, then the separator's dash, where ':' or ';'
            # closed the line above ('a.- junto às escolas'): no sentence says 'a.- junto'
            kind in _SHORT_KINDS and piece.offset == 0 and piece.closes in (":", ";")
            and bool(_DASH_SEPARATOR.match(piece.text, end)))
        confirmed = piece.confirmed(kind, n, unico)  # (the layout and a printed sibling say so: no veto)
        # (so does the layout alone for a member after a sibling closed with ';', the line standing at
        # the indent units open at: 'É fere 2 (dois) representantes' after 'IV — ... Maçônica;' is
        # the list's last member, its 'V -' wrecked; no sentence opens a paragraph after a ';')
        opens_member = kind in _SHORT_KINDS and n >= 2 and piece.opens_member()
        # (nor a keyword read as a stop word before its numeral, a separator and the sentence's capital:
        # 'SE 20. O prazo' for '§ 2º. O prazo'; no sentence says 'se 20. O', 'as 22:00 horas' goes on in lower case)
        numbered = after.isdigit() and kind in ("artigo", "paragrafo") and piece.offset == 0 \
            and _NUMBERED_SENTENCE.match(piece.text, end) is not None
        if ((word.isalpha() or (first.isalpha() and after.isdigit())) and first.lower() in stop_words()
                and word_shaped(first) and not dashed and not numbered
                and not confirmed and not opens_member):
            return None  # 'E As destilarias', 'Da decisão', 'as 22:00 horas': the sentence's words
            # ('E - não ceder' after a sibling closed with ';' is 'II -' lost: no sentence says 'e -')
        if _printed_as_other(word, kind, n):
            score -= config.printed_renumber  # 'III' is a clean numeral: read as I it is renumbered
        if _COMMA_CLAUSE.match(piece.text[end:]) and not confirmed and not (
                (kind in _SHORT_KINDS and without_end_dust(prev_text).endswith(";"))
                or (kind == "artigo" and piece.offset == 0 and word[:1].isupper() and not first.isdigit()
                    and CLOSED.search(without_end_dust(prev_text)))):
            return None  # 'III, mediante', 'SIM, vinculado': a sentence's words ('3º,- Esta' is a label;
            # after a sibling closed with ';', 'II, cassação' is the next one, its point read as a comma;
            # so is 'Artigo 3º, compete à' at a line's start after a sentence's end: no sentence opens so)
        rest = _after_separator(piece.text, end)
        if piece.offset and kind in ("artigo", "paragrafo") and rest[:1].islower():
            return None  # inside a line, by expectation: an article's or parágrafo's sentence opens
            # with a capital ('Os avbs. 5º a 11 da lei' cites 'arts. 5º a 11', no '§ 1º' starts there)
        if kind in _SHORT_KINDS and piece.printed is None and piece.closes not in (":", ";") and titles_a_part(rest):
            piece.titled = True  # a part's title in capitals after a closed sentence ('vI |- DAS DISPOSIÇÕES
            return None  # FINAIS'): an agrupador's heading printed without its keyword (headers.numbered_heading),
            # no member; kept as text, a doubt (see decode)
        # (a label closed by its dash is followed by its unit's text, a quantity whose figure OCR lost
        # included: 'II - ; (dois) representantes')
        dashed_off = any(c in "-–—" for c in piece.text[max(0, end - 1):len(piece.text) - len(rest)])
        if (_QUANTITY.match(rest) and not dashed_off or _DATE_REST.match(rest)) and not confirmed:
            return None  # '60 (sessenta) dias', '31 de julho de 2014': a number of the text
        if _CITATION.match(rest):
            if kind in _SHORT_KINDS and _layout_bonus(prev_text, kind, config) < 0:
                return None  # 'incisos I, II, III e' / 'IV do artigo 12': the sentence's words
            score -= config.citation_rest
        if not rest.strip():
            score -= config.empty_rest
        elif not _rest_is_text(rest):
            score -= config.rest_not_text  # a unit's text starts with a word or a quantity ('3 (três)
            # representantes'); '81/74' is a law's number
    return score


_DIGIT_RUN = re.compile(r"\d+")
_VETOED_LINE = 32  # characters of a line that is a vetoed unit's label and '(VETADO)', at most
_SPECK_REST = re.compile(r"[^\w]*(?P<letters>[^\W\d_]{1,2})[^\w]*")  # a letter or two and marks: all a line holds after a label


def _shows_keyword(debris: str) -> bool:
    """Whether a token of a lost label's debris still shows the article's keyword ('ART.', 'rt', 'Area')."""
    return any(_resembles(t, "Art") or _resembles(t, "Artigo") for t in debris.split())


def _fills_gap(piece: _Piece, kind: str, n: int, end: int) -> bool:
    """Whether the label read up to ``end`` prints n's numeral (an ordinal read as one more digit
    allowed: '5990' for 599º) where the next printed unit of ``kind`` is n + 1."""
    if end <= 0 or piece.next_printed.get(kind) != n + 1:
        return False
    want = str(n)
    return any(run.startswith(want) and len(run) <= len(want) + 1 for run in _DIGIT_RUN.findall(piece.text[:end]))


def _startable(piece: _Piece, also: str | None = None) -> tuple[str, ...]:
    """The kinds that may start at ``piece`` (and ``also``), in level order: an item of a
    revocation list is an inciso or nothing."""
    return tuple(kind for kind in _KINDS if kind == also or (
        piece.may_start(kind) and (kind == "inciso" or not piece.listed)))


def _speck_close(line: str) -> bool:
    """Whether the ';' that ends ``line`` follows a stop word, after which no clause ends ('terão o
    prazo de ;'): a speck OCR read at the line's end."""
    words = line[:-1].split()
    return bool(words) and words[-1].lower() in stop_words()


@dataclass(frozen=True)
class Doubt:
    """A place kept as running text that reads almost as well as the unit expected there: the
    evidence a careful reader would want to look at (a unit lost into its neighbour's text)."""

    line: int
    offset: int
    kind: str  # 'unit': a line shaped like a unit start, no reading close (number: its numeral, or 0)
    number: int
    unico: bool
    margin: float  # nats the reading fell short of being taken by (0 < margin <= doubt_margin)
    text: str  # the line's first characters
    taken: bool = False  # a level opened on a weak label alone (taken, but nothing confirms it)
    lost: bool = False  # taken where OCR lost the whole label: where the unit starts is a guess
    skip: bool = False  # taken by expectation from a costly label that reads better as the next
    # number ('TIE)' read as II, though nearer to III): the unit before it may be lost
    broken: bool = False  # text running on at the margin after a line that closed its unit with ';'
    # (or after a paragraph's point): the lines between them were lost
    titled: bool = False  # a part's title where a member's label stands, kept as text: an agrupador's
    # heading whose keyword and numeral OCR damaged


@dataclass(frozen=True)
class Decoding:
    starts: list[Start]
    doubts: list[Doubt]


def decode_starts(
    texts: Sequence[str],
    printed: Sequence[Printed | None],
    *,
    frozen: Sequence[bool] | None = None,
    config: DecodeConfig = DecodeConfig(),
) -> list[Start]:
    """The chosen unit starts of ``decode``."""
    return decode(texts, printed, frozen=frozen, config=config).starts


def decode(
    texts: Sequence[str],
    printed: Sequence[Printed | None],
    *,
    frozen: Sequence[bool] | None = None,
    config: DecodeConfig = DecodeConfig(),
    lost_articles: frozenset[int] = frozenset(),
    read_label: LabelReader | None = None,
    text_layer: Sequence[bool] | None = None,
    indents: Sequence[float | None] | None = None,
) -> Decoding:
    """Choose the unit starts of a law's articulação.

    ``texts`` are its lines in reading order, ``printed`` what the printed-form readers read on
    each (None for running text), ``frozen`` lines where no unit may start (quoted wording of
    another norm), ``lost_articles`` lines that open an article whose label OCR destroyed, as
    the text around says (an amending formula right after a closed quotation): read as the
    article the gap lacks where the next printed one shows the gap; ``read_label`` the
    printed-form readers, to read a label behind margin marks as they read one at a line start;
    ``text_layer`` the lines read from a PDF's text layer (a final clause opening one with no
    label left is unnumbered, not an article whose label OCR lost); ``indents`` each line's indentation
    (``pipeline.layout.page_indents``, None unknown), weighed where the document's labelled lines
    show a paragraph layout (``pipeline.segmenting.indentation``). Agrupadores (printed kind
    'group') and headings reset the expectation below the article. Returns the chosen starts in order, and the doubts: places kept as text that
    read as the unit expected there within ``config.doubt_margin``.
    """
    pieces: list[_Piece] = []
    words = vocabulary(texts)
    listed = revocation_lists(texts, printed, frozen)
    for i, text in enumerate(texts):
        p = printed[i]
        is_frozen = bool(frozen and frozen[i])
        before = without_end_dust(texts[i - 1]) if i else ""
        # a vetoed sibling ('IV - (VETADO)') is closed as one ending in ';' is; so is an item of a
        # revocation list whose ';' OCR read ':' ('Spa tei nº 766, de 1963:')
        closes = ";" if VETOED_END.search(before) or (i - 1 in listed and before.endswith(":")) else before[-1:]
        pieces.append(_Piece(i, 0, text, p, 0.0, is_frozen, closes, words))
        pieces[-1].reader = read_label
        if not is_frozen and (p is None or p.kind not in ("group", "heading")):
            # (nor inside the scrap of a keyword and its ordinal numeral: 'RPE: 8º -— A Prefeitura' is
            # article 8's label whole, not 'RPE' and a parágrafo '8º'; a folio's figures have no ordinal
            # sign, 'Fl. 191 : II. 3 (três)' is a stamp and an inciso)
            numeral = pieces[-1].numeral_only if p is None else None  # (_NUMERAL_ONLY, matched once per line)
            numeral_end = numeral.end("sep") if numeral is not None and (numeral.group("ord") or numeral.group("o")) else 0
            label_end = len(p.label) if p is not None else max(_keyword_end(text), numeral_end)
            for m in _SPLIT.finditer(text):
                if m.end() >= len(text) - 2 or m.end() <= label_end + 2 or not _sentence_end(text, m.start()) \
                        or _DECIMAL.match(text, m.end()) or (m.start() <= 4 and _LONE_SIGN.match(text, 0, m.start())):
                    continue  # (a value after a colon, 'Por mês: 6,0 ORTN', opens no unit; nor does
                    # what follows a mark after a lone sign at the line's start: 'S; 2º Bicam' is a
                    # label, its sign and a speck, not a scrap and a parágrafo '2º')
                pieces.append(_Piece(i, m.end(), text[m.end():], None, -config.inline_penalty, False))
    prev_texts = [""] + list(texts[:-1])
    for piece in pieces:
        piece.layered = bool(text_layer and text_layer[piece.line])
        if piece.layered:
            # a text layer loses no label: a line there without one is text (a budget line
            # 'Órgão: 05 - Secretaria ...' where a law printed no Art. 3 is no lost article)
            piece.lost_end, piece.lost_bare, piece.lost_debris = None, False, None
    if indents is not None:
        at_start = [piece for piece in pieces if piece.offset == 0]
        line_ends = [_line_end(prev_texts[q.line]) for q in at_start]
        # the lines that run on: after a word cut by a hyphen; where the law cuts too few, after any
        # line that ends mid-sentence (a line whose point OCR lost ends so too: fewer agree)
        cut = [end == "cut" for end in line_ends]
        runs = cut if sum(cut) >= 3 else [end in ("cut", "open") for end in line_ends]
        marks = paragraph_marks(indents, [q.printed is not None and q.printed.kind in _LEVEL for q in at_start], runs)
        for q, mark in zip(at_start, marks, strict=True):
            q.mark = mark
    _look_ahead(pieces)
    for piece in pieces:
        if piece.offset or piece.line not in listed or piece.printed is not None or piece.frozen:
            continue
        # an item of a revocation list whose label OCR damaged past reading: an inciso (LC 95
        # unfolds a caput into incisos), the first confirmed by the list's own ';' as a printed
        # sibling would ('Ta tel no sil de 1971;'), its label the scrap before the item's words
        # ('TE o art. 7º da Lei ...;': 'te' is a word elsewhere, not before 'o art.')
        piece.listed = True
        if listed[piece.line] == 1 and "inciso" not in piece.next_printed:
            piece.next_printed["inciso"] = 2
        if piece.closes in (";", ":") and piece.lost_end is None and not piece.lost_bare and piece.lost_debris is None:
            scrap = _ITEM_SCRAP.match(piece.text)
            piece.lost_end = lost_label_end(piece.text, words) or (scrap.end("scrap") if scrap else None)
    lengths = sorted(len(t.strip()) for t in texts if t.strip())
    short = 0.7 * lengths[len(lengths) * 3 // 4] if lengths else 0.0  # a paragraph's last line is short
    for piece in pieces:
        p = piece.printed
        if piece.offset == 0 and not piece.frozen and (p is None or p.kind not in ("group", "heading", "artigo")):
            back = piece.line - 1
            while back > 0 and frozen and frozen[back] and printed[back] is None:
                back -= 1  # a heading's title lines ('CAPÍTULO II' / 'Sossego Público')
            above = printed[back] if piece.line else None
            # (the articulação's first line, after the enacting clause, opens with an article too)
            after_heading = piece.line == 0 or (above is not None and above.kind in ("group", "heading"))
            piece.after_heading = after_heading
            prev = prev_texts[piece.line].rstrip()
            if piece.line == 0:
                prev = ":"  # the articulação's first line follows the enacting clause ('... a seguinte Lei:')
            # (a line at the indent the document's units open at starts a paragraph: the line above
            # closed its sentence, whatever OCR read for its point: 'dia 120 .de cada mês,')
            closed = CLOSED.search(prev) is not None or (piece.mark == "opens" and _line_end(prev) == "open")
            if after_heading or closed or (prev.isupper() and len(prev) > 3):
                piece.lost_article_end = lost_article_end(piece.text)
            if piece.layered:
                piece.lost_article_end = None
            elif piece.lost_article_end is None:
                piece.lost_whole = lost_label_of_paragraph(piece.text, after_heading or (closed and len(prev) < short),
                                                            after_heading or closed)
                if piece.lost_whole is None and (closed or after_heading) and p is None:
                    piece.lost_guess = label_debris_end(piece.text, words, opening=True)
                    if piece.lost_guess is None:  # (a scrap that spells a word, 'Beto dib= (VETADO)')
                        piece.lost_guess = vetoed_debris_end(piece.text)
                elif piece.lost_whole is None and p is None:
                    # after a line that runs on (its '.' read as ','), only debris that still
                    # shows the keyword ('«s ART. S.09.=', 'rt Jo —'): the gap ahead decides
                    debris = label_debris_end(piece.text, words)
                    if debris is not None and _shows_keyword(piece.text[:debris]):
                        piece.lost_guess, piece.guess_open = debris, True
            if p is None and piece.line in lost_articles:
                # an article starts here (the quotations around say so): its label ends where a
                # shape above says, or, where none leaves a unit's text after it, at the line's start
                ends = (piece.lost_article_end, piece.lost_whole, piece.lost_guess,
                        lost_label_of_paragraph(piece.text, True, True))
                piece.lost_whole = next((e for e in ends if e is not None and _text_after_label(piece.text, e)), 0)
                piece.lost_article_end = piece.lost_guess = None
            if p is None:
                # a final clause after whatever is left of its label (up to four tokens): after a
                # closed line, or behind a numeral of its label after one whose '.' OCR read as
                # ',' ('dos órgãos da Prefeitura,' / 'o, 82) Soto Lei entrará em vigor')
                end = final_clause_after_label(piece.text)
                if end is None and final_clause_at(piece.text, 0, revocation=True) and _lone_keyword(prev):
                    end = 0  # the label's keyword alone on the line above ('Atogo' / 'Revogam-se as ...')
                if end == 0 and piece.layered:
                    end = None  # a text layer's clause with no label is unnumbered: OCR lost nothing there
                # (after a line that runs on, the debris must show a numeral or the keyword: 'Area
                # Revogam-se ...' after '... da Prefeitura,', its point read as a comma)
                if end is not None and (after_heading or CLOSED.search(without_end_dust(prev))
                                        or any(c.isdigit() for c in piece.text[:end]) or _lone_keyword(prev)
                                        or _shows_keyword(piece.text[:end])):
                    piece.vigencia, piece.lost_guess = True, end

    final = False
    for piece in reversed(pieces):
        p = piece.printed
        if piece.vigencia and piece.offset == 0:
            final = True
        elif p is not None and (p.kind in ("group", "heading", "artigo")) and not piece.frozen:
            final = False
        elif final and piece.offset == 0:
            piece.before_final = True
    # beam: state -> (cost, back-pointer); a back-pointer is (previous, piece index, kind, n, unico)
    beam: dict[State, tuple[float, tuple | None]] = {(0, 0, 0, 0, 0): (0.0, None)}
    for k, piece in enumerate(pieces):
        p = piece.printed
        if piece.frozen:
            continue
        if p is not None and p.kind in ("group", "heading"):
            # An agrupador closes the article's parts; the next unit is an article.
            new: dict[State, tuple[float, tuple | None]] = {}
            for s, (cost, bp) in beam.items():
                t = (s[0], 0, 0, 0, 0)
                if t not in new or cost < new[t][0]:
                    new[t] = (cost, bp)
            beam = new
            continue
        if piece.offset == 0:
            prev_text = prev_texts[piece.line]
        else:
            prev_text = texts[piece.line][max(0, piece.offset - 64): piece.offset]
        # A printed reading that fits the expectation of some state is trusted: other kinds
        # are weighed only when it does not (or when there is no printed reading).
        kinds: tuple[str, ...]
        trusted = False
        if p is not None and p.kind in _LEVEL and (p.suffix or any(
            (tr := _transition(p.kind, p.number or 0, p.unico, st, config)) is not None and tr[0] == 0
            for st in beam
        )):
            # A label printed cleanly is trusted as printed by every state that expects its
            # number: its other readings are not weighed there (a careful reader does not doubt
            # 'Art. 5º' after article 4). Damaged or unexpected labels get the full search, of
            # the other kinds too ('. Iº —' after '... documentos:' may be a parágrafo whose sign
            # was lost, or inciso I: the list ahead tells).
            trusted = not p.suffix and p.number is not None and piece.printed_cleanly()
            kinds = (p.kind,) if trusted or p.suffix else _startable(piece, also=p.kind)
        else:
            kinds = _startable(piece)
            if not kinds:
                continue  # nothing here can be a label: running text, the beam carries on
        new = dict(beam)  # running text: the state carries on
        scores = piece.scores
        for s, (cost, bp) in beam.items():
            for kind in kinds:
                if kind == "artigo" and p is not None and p.kind == "artigo" and p.suffix and s[0] > 0:
                    total = cost - config.max_evidence  # 'Art. 3º-A' keeps the number before it
                    t = (s[0], 0, 0, 0, 0)
                    if t not in new or total < new[t][0]:
                        new[t] = (total, (bp, k, kind, s[0], False))
                    continue
                if kind != "artigo" and (s[0] == 0 or (kind == "item" and s[2] == 0 and s[3] == 0)):
                    continue  # no unit of this kind can follow this state (see _transition): none weighed
                hypotheses: list[tuple[int, bool]]
                if trusted and p is not None and p.number is not None and (
                        tr := _transition(kind, p.number, p.unico, s, config)) is not None and tr[0] == 0:
                    hypotheses = [(p.number, p.unico)]
                else:
                    hypotheses = _hypotheses(kind, s, p)
                for n, unico in hypotheses:
                    key = (kind, n, unico)
                    if key in scores:
                        score = scores[key]
                    else:
                        score = scores[key] = _score(piece, kind, n, unico, prev_text, config)
                    if score is None:
                        continue
                    relief = _gap_relief(piece, kind, n, s, config)
                    if score <= config.min_evidence - relief:
                        continue  # no reading of this label beats running text from any state
                    trans = _transition(kind, n, unico, s, config)
                    if trans is None:
                        continue
                    total = cost + trans[0] + config.min_evidence - score + _state_cost(
                        piece, kind, n, unico, s, prev_text, config)
                    if total >= cost + relief:
                        continue  # no better than running text from this state
                    t = trans[1]
                    if t not in new or total < new[t][0]:
                        new[t] = (total, (bp, k, kind, n, unico))
        ranked = sorted(new.items(), key=lambda kv: kv[1][0])[: config.beam]
        floor = ranked[0][1][0] + config.beam_margin
        beam = {st: v for st, v in ranked if v[0] <= floor}

    _cost, bp = min(beam.values(), key=lambda v: v[0])
    chosen: list[tuple[int, str, int, bool]] = []
    while bp is not None:
        bp, k, kind, n, unico = bp
        chosen.append((k, kind, n, unico))
    chosen.reverse()
    out: list[Start] = []
    for k, kind, n, unico in chosen:
        piece = pieces[k]
        emission, end = piece.emission(kind, n, unico, config) if not (
            piece.printed and piece.printed.suffix) else (0.0, -1)
        if kind == "artigo" and piece.clause_end is not None and end >= 0:
            end = piece.clause_end
        if end < 0:  # as the printed-form readers read it: the caller keeps their label
            label, rest = "", texts[piece.line][piece.offset:]
        else:
            label = piece.text[:end].strip()
            rest = _after_separator(texts[piece.line], piece.offset + end).strip()
        out.append(Start(piece.line, piece.offset, kind, n, unico, label, rest, emission, piece.printed))
    doubts = _doubts(pieces, chosen, texts, prev_texts, config, words)
    started = {pieces[k].line for k, *_ in chosen if pieces[k].offset == 0}
    for piece in pieces:
        if piece.titled and piece.line not in started:
            doubts.append(Doubt(piece.line, piece.offset, "unit", 0, False, 0.0, piece.text[:40], titled=True))
        if (piece.offset == 0 and not piece.frozen and piece.line not in started and piece.printed is None
                and len(piece.text) <= _VETOED_LINE and VETOED_END.search(piece.text)):
            # a line that is a vetoed unit's whole text, its label wrecked ('821.0 - (VETADO)' for '§ 1.º -
            # (VETADO)'), kept as the text of the unit above: a unit may be lost there
            doubts.append(Doubt(piece.line, 0, "unit", 0, False, 0.0, piece.text[:40]))
        if piece.offset or piece.mark != "runs_on" or piece.frozen or piece.line in started:
            continue
        prev = prev_texts[piece.line]
        if (piece.closes == ";" and not _speck_close(without_end_dust(prev))) or (
                _line_end(prev) == "." and len(prev.strip()) < short and _LOWER_START.match(piece.text)
                and WORD3.search(prev)):
            # the line above closed its unit with ';' (another sibling comes), yet this one stands at
            # the margin where text runs on: the lines between them, a unit's start among them, were lost
            # (a ';' after a word no clause ends with, 'terão o prazo de ;', is a speck); so were they
            # where a paragraph closed (its sentence's point on a short last line: OCR reads specks as
            # points at the ends of full lines) and this line goes on in lower case, as no sentence opens
            # ('... aplicada em' / 'dobro . e' / 'ciência física e os maiores': '§ 2º - Ficam isentos ... defi-' lost;
            # a line of specks, 'É . a', closes no paragraph)
            doubts.append(Doubt(piece.line, 0, "unit", 0, False, 0.0, piece.text[:40], broken=True))
    return Decoding(out, sorted(doubts, key=lambda d: (d.line, d.offset)))


def _doubts(pieces: Sequence[_Piece], chosen: Sequence[tuple[int, str, int, bool]], texts: Sequence[str],
            prev_texts: Sequence[str], config: DecodeConfig, words: frozenset[str] = frozenset()) -> list[Doubt]:
    """Along the chosen path, the places kept as text where the next unit of some level reads
    within ``config.doubt_margin`` of being taken, and the units taken on doubtful evidence
    (``words``: the law's vocabulary, to tell a unit's text from specks)."""
    taken = {k: (kind, n, unico) for k, kind, n, unico in chosen}
    after = {k: i + 1 for i, (k, _kind, _n, _u) in enumerate(chosen)}  # where the units after k start
    s: State = (0, 0, 0, 0, 0)
    out: list[Doubt] = []
    for k, piece in enumerate(pieces):
        p = piece.printed
        if piece.frozen:
            continue
        if p is not None and p.kind in ("group", "heading"):
            s = (s[0], 0, 0, 0, 0)
            continue
        if k in taken:
            kind, n, unico = taken[k]
            if kind == "artigo" and p is not None and p.suffix:
                s = (s[0], 0, 0, 0, 0)
                continue
            if kind in ("artigo", "paragrafo") and (piece.lost_whole is not None or piece.lost_guess is not None) and \
                    piece.cache.get((kind, n, unico), (0.0, -1))[1] in (piece.lost_whole, piece.lost_guess):
                out.append(Doubt(piece.line, piece.offset, kind, n, unico, 0.0, piece.text[:40], True, True))
            cost, end = piece.cache.get((kind, n, unico), (0.0, -1))
            if end >= 0 and not reads_as_text(piece.text[end:], words):
                # read by expectation, and what follows the label is no text ('Ss Des g- BAs 20',
                # a stamp at a page's top, read as a parágrafo): taken, but doubtful
                out.append(Doubt(piece.line, piece.offset, kind, n, unico, round(cost, 2), piece.text[:40], True))
            if kind in _SHORT_KINDS and _counter(s, kind) == 0:
                cost, end = piece.cache.get((kind, n, unico), (0.0, -1))
                weak = end >= 0 and cost >= config.opening_doubt
                if not weak and end < 0 and p is not None and ")" not in p.label and piece.offset == 0:
                    # a printed first label without its ')' after a sentence that runs on, no ':'
                    # announcing a list ('... que causar' / 'a. terceiros'): the sentence's word?
                    before = without_end_dust(prev_texts[piece.line])
                    weak = bool(_RUNS_ON.search(before)) and not _INTRODUCES.search(before)
                if weak and not _confirmed(pieces, chosen, after[k], kind, n):
                    # the first of its level, read from a weak label: no unit after it agrees
                    out.append(Doubt(piece.line, piece.offset, kind, n, unico, round(cost, 2), piece.text[:40], True))
            if kind in _SHORT_KINDS and n > 1 and not unico:
                cost, end = piece.cache.get((kind, n, unico), (0.0, -1))
                if end >= 0 and cost >= config.opening_doubt and \
                        piece.emission(kind, n + 1, False, config, limit=cost)[0] < cost and \
                        not _confirmed(pieces, chosen, after[k], kind, n):
                    out.append(Doubt(piece.line, piece.offset, kind, n, unico, round(cost, 2), piece.text[:40],
                                     True, skip=True))
            trans = _transition(kind, n, unico, s, config)
            if trans is not None:
                s = trans[1]
            continue
        if piece.offset == 0:
            prev_text = prev_texts[piece.line]
        else:
            prev_text = texts[piece.line][max(0, piece.offset - 64): piece.offset]
        best: Doubt | None = None
        for kind in _KINDS:
            if not piece.may_start(kind):
                continue
            current = _counter(s, kind)
            options = [(current + 1, False)] + ([(1, True)] if kind == "paragrafo" and s[1] == 0 else [])
            for n, unico in options:
                trans = _transition(kind, n, unico, s, config)
                if trans is None:
                    continue
                key = (kind, n, unico)
                if key in piece.scores and piece.lost_guess is None:
                    # as the search weighed it (only a piece with debris of a lost label changes
                    # its reading when weighed again: see evidence)
                    score = piece.scores[key]
                else:
                    score = _score(piece, kind, n, unico, prev_text, config)
                if score is None:
                    continue
                margin = config.min_evidence + trans[0] - score + _state_cost(
                    piece, kind, n, unico, s, prev_text, config)
                if 0 < margin <= config.doubt_margin and (best is None or margin < best.margin):
                    best = Doubt(piece.line, piece.offset, kind, n, unico, round(margin, 2), piece.text[:40])
        debris = next((e for e in (piece.lost_whole, None if piece.guess_open or piece.vigencia else piece.lost_guess)
                       if e), None)
        if best is None and piece.offset == 0 and s[0] > 0 and (
                scrap_label(piece.text, prev_text)
                or (debris is not None and CLOSED.search(prev_text)
                    and (piece.text[debris:debris + 1].isupper() or _SIGN_AND_FIGURES.match(piece.text)))):
            # (or debris of several scraps before a capitalised sentence: '620 15 À infração')
            # a label too damaged to read ('SIDO A infração ...' for '§ 2º - A infração') after a
            # sentence's end: no reading is close, but the line starts like a unit
            best = Doubt(piece.line, 0, "unit", 0, False, 0.0, piece.text[:40])
        if best is None and piece.offset == 0 and s[0] > 0 and CLOSED.search(prev_text) and \
                _scrap_closed_as_label(piece.text, words):
            # after a sentence's end, scraps closed by a label's ')' before the text in lower case
            # ('PRE LAO) regulamento disporá' for '§ 3º - O regulamento'): a label too damaged to read
            best = Doubt(piece.line, 0, "unit", 0, False, 0.0, piece.text[:40])
        if best is None and piece.offset and any(s[2:]) and texts[piece.line][:piece.offset].rstrip().endswith(";"):
            # a list's member OCR merged onto the line of the one before it, after its ';', its label
            # wrecked into debris before the member's text in lower case ('multa de 10 (dez) a 20 (vinte)
            # OTN; AEITIÇE suspensão da licença ...' for 'III - suspensão'): a unit may be lost
            # (the debris one token in capitals that no word of the law is, as a roman numeral's wreck
            # reads: a citation's 'artigo 53;', a speck 'à', a scrap 'ne' are the clause's own words)
            scrap = _CAPS_SCRAP.match(piece.text)
            if scrap is not None and scrap.group(1).lower() not in words and scrap.group(1).lower() not in stop_words():
                best = Doubt(piece.line, piece.offset, "unit", 0, False, 0.0, piece.text[:40])
        if best is None and piece.offset == 0 and s[0] > 0:
            # the next unit's numeral, its keyword and separator wrecked; or a speck, then a list label
            numeral = ordinal_start(piece.text, (s[0] + 1, _counter(s, "paragrafo") + 1), prev_text)
            if numeral is not None or label_behind_letter(piece.text, prev_text):
                best = Doubt(piece.line, 0, "unit", numeral or 0, False, 0.0, piece.text[:40])
        if best is not None:
            out.append(best)
    return out


_CAPS_SCRAP = re.compile(r"^(?=\S*[A-ZÀ-Ú]{2})([^\W\d_a-zà-ÿ]{2,}[^\s]{0,3})\s+[a-zà-ú]{3,}")  # 'AEITIÇE suspensão'
_SCRAPS_CLOSED = re.compile(r"^\W{0,2}(?P<scraps>(?:\S{1,4}\s+){0,2}\S{1,4})\)\s+[a-zà-ú]")


def _scrap_closed_as_label(text: str, words: frozenset[str]) -> bool:
    """Whether a line opens with up to three scraps, the last closed by ')', that are no words of
    the law nor stop words, before text in lower case: a label's shape ('PRE LAO) regulamento')."""
    m = _SCRAPS_CLOSED.match(text)
    if m is None:
        return False
    tokens = [t.strip("(.,:;-–—'\"") for t in m.group("scraps").split()]
    return all(t and not (t.lower() in words or t.lower() in stop_words()) for t in tokens)


def _confirmed(pieces: Sequence[_Piece], chosen: Sequence[tuple[int, str, int, bool]], start: int,
               kind: str, n: int) -> bool:
    """Whether the next unit of ``kind`` in ``chosen`` from ``start`` on (before a unit of a
    higher level) was printed as number ``n + 1``: a sibling that agrees with a label read by
    expectation ('I' lost, 'II' printed)."""
    for pos in range(start, len(chosen)):
        k, other, _number, _unico = chosen[pos]
        if _LEVEL[other] < _LEVEL[kind]:
            return False
        if other == kind:
            p = pieces[k].printed
            return p is not None and p.kind == kind and p.number == n + 1
    return False


def printed_value(kind: str, number: str | None) -> int | None:
    """The value of a printed number of a unit ('III' -> 3, 'c' -> 3, '12' -> 12)."""
    if number is None:
        return None
    if kind == "inciso":
        return roman_to_int(number)
    if kind == "alinea":
        return alinea_index(number)
    return int(number) if number.isdigit() else None
