"""Norm metadata read from the text: epígrafe, dates, fecho, signatários, município and UF.

Pure functions over lines of OCR text (no I/O except reading the packaged IBGE list of
municipalities once). They are tolerant of the OCR damage seen in typewritten municipal laws
("LEl N9 310", "1.990", "PARANATINSA", "S.Paulo", accents lost) and return ``None`` rather than
guess when the evidence is weak.

Conventions
- ``numero`` keeps the digits as printed without separators: "009/2002" -> "009",
  "1.234" -> "1234". Leading zeros are kept (consumers compare with ``lstrip("0")``).
- Two-digit years are expanded with a pivot: 00-29 -> 2000-2029, 30-99 -> 1930-1999.
- Matching is done on a "folded" form of the text: upper case, accents removed, one character
  for one character, so that spans found on the folded text index the original text too.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from rapidfuzz import fuzz, process

from models.norm import Fecho, Signatario
from models.tipos import EPIGRAFE_PATTERNS, MUNICIPAL_TIPOS, TIPOS
from pipeline.errors import InputError
from pipeline.folding import fold_same_length, key_runs
from pipeline.joining import join_lines
from pipeline.reading.numerals import CARDINAL_WORDS

MUNICIPIOS_CSV = resources.files("pipeline.data") / "municipios.csv"  # (as packaged: no __file__, which compiled modules lack)

# --------------------------------------------------------------------------------------------
# Folding: pipeline.folding's same-length variant, as metadata cuts printed lines at positions
# found in the folded text

_fold = fold_same_length


def _squash(text: str) -> str:
    """Folded, punctuation to spaces, single spaces: the key used to compare names."""
    return key_runs(_fold(text))


# Margin marks that OCR leaves at line ends ("!", "'", "|", '"!') and at line starts.
_EDGE_JUNK = " \t|!'\"*+`´’‘“”»«•·"


def _strip_margin(line: str) -> str:
    return line.strip().strip(_EDGE_JUNK).strip()


# --------------------------------------------------------------------------------------------
# Tipo

# every epígrafe title of models.tipos, one named group each, in the table's order (longer names first)
_TIPO_RE = re.compile(
    "|".join(f"(?P<t{i}>{pat})" for i, (_, pat) in enumerate(EPIGRAFE_PATTERNS)) + r"(?![A-Z])"
)


def _tipo_of(m: re.Match[str]) -> str:
    """The canonical tipo a match of ``_TIPO_RE`` names (its alternatives are the groups 't<i>')."""
    group = m.lastgroup
    assert group is not None  # every alternative is a named group
    return EPIGRAFE_PATTERNS[int(group[1:])][0]

# every tipo as an epígrafe prints it, folded ('LEI COMPLEMENTAR', 'DECRETO LEI'): what a damaged
# title is compared with when the record says which norm to expect
TIPO_TITLES: tuple[str, ...] = tuple(sorted(
    {" ".join(_fold(name).replace("-", " ").split()) for name, _ in EPIGRAFE_PATTERNS}
    | {title for tipo in TIPOS for title in tipo.titles}
))


def normalize_tipo(text: str) -> str:
    """The normalised tipo of a norm ('LEI' -> 'Lei Ordinária', 'DECRETO LEGISLATIVO' ->
    'Decreto Legislativo'). Text that names no known tipo comes back trimmed and title-cased."""
    folded = _fold(text.strip())
    folded = re.sub(r"^(?:A|DA|DE|DO)\s+", "", folded)
    folded = re.sub(r"\bMUNICIPA[LI1]\s*", "", folded).strip()
    for name in MUNICIPAL_TIPOS:
        if _squash(name) == _squash(folded):
            return name
    m = _TIPO_RE.match(folded)
    if m:
        return _tipo_of(m)
    cleaned = " ".join(text.split())
    return cleaned[:1].upper() + cleaned[1:].lower() if cleaned.isupper() else cleaned


# --------------------------------------------------------------------------------------------
# Dates

_MONTHS = (
    "JANEIRO", "FEVEREIRO", "MARCO", "ABRIL", "MAIO", "JUNHO",
    "JULHO", "AGOSTO", "SETEMBRO", "OUTUBRO", "NOVEMBRO", "DEZEMBRO",
)
# the shared cardinal words and what dates add: the notaries' 'hum', 'primeiro' (of the month),
# the European spellings and 'mil'; in the order of their values (fuzzy ties go to the first)
_NUMBER_WORDS = dict(sorted(
    [(word.upper(), value) for word, value in CARDINAL_WORDS.items()]
    + [("HUM", 1), ("PRIMEIRO", 1), ("DEZASSEIS", 16), ("DEZASSETE", 17), ("DEZANOVE", 19), ("MIL", 1000)],
    key=lambda kv: kv[1],
))
_NUMBER_WORD_LIST = tuple(_NUMBER_WORDS)
# Words between a day and its month ("vinte dias do mês de junho") and a month and its year.
_DATE_FILLERS = ("DE", "DO", "MES", "DIA", "DIAS", "ANO", "DEL", "DC")

_NUMERIC_DATE_RE = re.compile(
    r"(?<![\d.])(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d\.\d{3}|\d{4}|\d{2})(?![\d])"
)
# Numbers (an ordinal "1º" folds to "1O") and words, on folded text.
_TOKEN_RE = re.compile(r"(?:\d[\d.]*\d|\d)(?:[O°](?![A-Z]))?|[A-Z][A-Z01]*")
_WORD_FIX = str.maketrans("01", "OI")


_DIGITISH_RE = re.compile(r"(?<![A-Z])[0-9OIL|]*[0-9][0-9OIL|.]*(?![A-Z])")
_DIGIT_FIX = str.maketrans("OIL|", "0111")


_BANG_ONE_RE = re.compile(r"(?<=\d)!(?=\d)")  # '20!9': a text layer's '1' read as '!'


def _fix_digits(folded: str) -> str:
    """O -> 0 and I/L/| -> 1 inside runs of digits ('3O9', '1.99O'), and ! -> 1 between two
    digits ('20!9', an old OCR layer's 2019: vgsul-dec4889 was dated 2020 from '20'), same
    length. A day's ordinal ('1º', folded '1O') is left alone."""

    def fix(m: re.Match[str]) -> str:
        run = m.group()
        if re.fullmatch(r"\d{1,2}O", run):
            return run
        return run.translate(_DIGIT_FIX)

    return _DIGITISH_RE.sub(fix, _BANG_ONE_RE.sub("1", folded))


def _expand_year(year: int) -> int:
    if year < 100:
        return 2000 + year if year < 30 else 1900 + year
    return year


def _make_date(year: int, month: int, day: int) -> dt.date | None:
    year = _expand_year(year)
    if not 1800 <= year <= 2100:
        return None
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _month_of(token: str) -> int | None:
    token = token.translate(_WORD_FIX)
    if re.fullmatch(r"MA[IL]O", token):  # "MAlO": too short for a fuzzy match
        return 5
    if token in _MONTHS:
        return _MONTHS.index(token) + 1
    if len(token) >= 5:
        hit = process.extractOne(token, _MONTHS, scorer=fuzz.ratio, score_cutoff=80)
        if hit is not None:
            return hit[2] + 1
    return None


def _number_word(token: str) -> int | None:
    token = token.translate(_WORD_FIX)
    if token in _NUMBER_WORDS:
        return _NUMBER_WORDS[token]
    # OCR glues the conjunction to the next word: "vinte ecinco".
    if token.startswith("E") and token[1:] in _NUMBER_WORDS:
        return _NUMBER_WORDS[token[1:]]
    if len(token) >= 5:
        hit = process.extractOne(token, _NUMBER_WORD_LIST, scorer=fuzz.ratio, score_cutoff=85)
        if hit is not None:
            return _NUMBER_WORDS[hit[0]]
    return None


def _words_value(values: Sequence[int]) -> int:
    """Value of a sequence of number words ("mil novecentos e noventa" -> 1990)."""
    total = current = 0
    for v in values:
        if v == 1000:
            total += (current or 1) * 1000
            current = 0
        else:
            current += v
    return total + current


def _is_filler(token: str) -> bool:
    if token in _DATE_FILLERS:
        return True
    return len(token) >= 3 and any(fuzz.ratio(token, f) >= 75 for f in ("DIAS", "MES", "DIA"))


def _digits_value(token: str) -> int | None:
    digits = token.rstrip("O°").replace(".", "")
    return int(digits) if digits.isdigit() and len(digits) <= 4 else None


def _textual_dates(folded: str) -> list[tuple[int, int, dt.date]]:
    """Dates written with the month's name: '26 DE JUNHO DE 1.990', 'aos vinte e seis dias do
    mês de junho de mil novecentos e noventa'. Returns (start, end, date) spans."""
    toks = [(m.group(), m.start(), m.end()) for m in _TOKEN_RE.finditer(folded)]
    found: list[tuple[int, int, dt.date]] = []
    for i, (tok, _, _) in enumerate(toks):
        month = _month_of(tok) if tok[0].isalpha() else None
        if month is None:
            continue
        # Day: walk left over fillers, then a number or number words.
        j, skipped = i - 1, 0
        while j >= 0 and skipped < 4 and toks[j][0][0].isalpha() and _is_filler(toks[j][0]):
            j, skipped = j - 1, skipped + 1
        day, start = None, None
        if j >= 0 and toks[j][0][0].isdigit():
            day, start = _digits_value(toks[j][0]), toks[j][1]
        else:
            values: list[int] = []
            while j >= 0 and len(values) < 6:
                tok_j = toks[j][0]
                if tok_j == "E" and values:
                    j -= 1
                    continue
                v = _number_word(tok_j) if tok_j[0].isalpha() else None
                if v is None or v >= 100:
                    break
                values.append(v)
                start = toks[j][1]
                j -= 1
            day = _words_value(values[::-1]) if values else None
        if day is None or start is None:
            continue
        # Year: walk right over fillers, then digits or number words.
        k, skipped = i + 1, 0
        while k < len(toks) and skipped < 3 and toks[k][0][0].isalpha() and toks[k][0] in _DATE_FILLERS:
            k, skipped = k + 1, skipped + 1
        if k >= len(toks):
            continue
        year, end = None, toks[k][2]
        if toks[k][0][0].isdigit():
            digits = toks[k][0].replace(".", "")
            if len(digits) == 1 and k + 1 < len(toks) and re.fullmatch(r"\d{3}", toks[k + 1][0]):
                digits, end = digits + toks[k + 1][0], toks[k + 1][2]  # "1 990"
            year = int(digits) if digits.isdigit() and len(digits) in (2, 4) else None
        else:
            values = []
            while k < len(toks) and len(values) < 8:
                tok_k = toks[k][0]
                if tok_k == "E" and values:
                    k += 1
                    continue
                v = _number_word(tok_k) if tok_k[0].isalpha() else None
                if v is None:
                    break
                values.append(v)
                end = toks[k][2]
                k += 1
            year = _words_value(values) if values else None
            if year is not None and year < 1000:
                year = None
        if year is None:
            continue
        date = _make_date(year, month, day)
        if date is not None:
            found.append((start, end, date))
    return found


def _find_dates(text: str) -> list[tuple[int, int, dt.date]]:
    folded = _fix_digits(_fold(text))
    found = _textual_dates(folded)
    for m in _NUMERIC_DATE_RE.finditer(folded):
        year = int(m.group(4).replace(".", ""))
        date = _make_date(year, int(m.group(3)), int(m.group(1)))
        if date is not None:
            found.append((m.start(), m.end(), date))
    return sorted(found, key=lambda f: f[0])


def parse_date(text: str) -> dt.date | None:
    """The first date written in ``text``: '26 DE JUNHO DE 1.990', '08 de abril de 2002',
    '(26.06.90)', '26/06/1990', or in words ('aos vinte e seis dias do mês de junho de mil
    novecentos e noventa', 'ao primeiro dia do mês de maio de 1995'). None if there is none."""
    found = _find_dates(text)
    return found[0][2] if found else None


# --------------------------------------------------------------------------------------------
# Epígrafe


@dataclass(frozen=True)
class Epigrafe:
    """A norm's epígrafe ('LEI Nº 309, DE 26 DE JUNHO DE 1.990') and what it says."""

    text: str
    tipo: str
    numero: str | None
    ano: int | None
    data: dt.date | None


# Words that, right before a tipo word, show the line is the middle of a sentence (on the same
# line, in lower case; or ending the line above: pipeline.segmenting.readings).
SENTENCE_WORDS = frozenset(
    "A O E AS OS DA DE DO DAS DOS NA NO NAS NOS PELA PELO PELAS PELOS EM COM PARA SUA SEU "
    "DESTA DESTE NESTA NESTE CONFORME VIDE CF QUE".split()
)
_MAX_JUNK = 6
_TIPO_NEAR_START = re.compile(rf".{{0,{_MAX_JUNK}}}?(?:{_TIPO_RE.pattern})")  # a match of _TIPO_RE there
# "Nº", "N°", "N.º", "N.o", "Nº.", "N9 310" (º read as 9), "Nr.", "NUMERO"; dust before the
# N read as punctuation or a dash ('LEI.Nº', 'LEI -N.º 2.261').
_MARKER_RE = re.compile(  # 'Nº', 'N.º', 'N:º' (its point read as a colon), 'NUM.', 'N9', 'NS 350', 'N"' (º read as a quote) ... also after dust read as '.' ('LEI.Nº')
    r"(?:\s*[.,;:'\"\-–—~*]+(?=\s*N))?\s*(?:N(?:UMERO|UM|R)?\s*[.:,]?\s*(?:[O°*]|[925S](?=\s+\d))?\s*\.?\s*:?['’`\"“”]?"
    r"|[.,;:'\"“”‘’]{1,3}\s*[O°](?=\s*\d))?\s*"  # the N lost, its sign kept: 'LEI MUNICIPAL ::º 1.453', 'EI “:º 587'
)
# thousands separated by '.', or by what OCR reads a dot as ('1..591', '1:592', '1,591')
_NUMBER_RE = re.compile(r"(?P<num>\d{1,3}(?:(?:\.\s|[.\s]|[.:,;]{1,2})\d{3}(?!\d))+|\d+)(?:\s*/\s*(?P<yr>\d\.\d{3}|\d{4}|\d{2})(?!\d))?")
# the issuing office's initials or name printed after the number, before the date or the end
_ISSUER_AFTER_RE = re.compile(  # also two offices joined by '/': 'Nº 752/2021 – SESAU/PMPF'; a series'
    # letter after '/', 'DECRETO Nº 204/E, DE 22 DE NOVEMBRO DE 2013' (Boa Vista's executive decrees)
    r"\s*(?:/\s*[A-Z](?=\W)|(?:/|[-–—]|\s)\s*(?!(?:DE|DO|DA|EM)\b)[A-Z]{2,12}\.?(?:\s+[A-Z]{3,12}){0,2}(?:/[A-Z]{2,12})?)"
    r"(?=\s*(?:,|$|DE\s+\d))")
# a kind of the tipo printed between its word and its number ('DECRETO EXECUTIVO 270/2021', 'PORTARIA
# DE VIAGEM Nº 351/2019', 'PORTARIA INTERNA Nº 09/2022': paudosferros-do3056-2021, aam-do2541-2020):
# one word, or 'DE' and one word, and then the number's sign or the number itself
_TIPO_KIND_RE = re.compile(
    r"\s+(?:EXECUTIV[OA]|INTERN[AO]|DE\s+(?!LEI\b)[A-Z]{4,12})(?=\s*N\S{0,3}(?:\s*O)?\s*\d|\s+\d)")
# a council or office named after the number, running to the line's end where the heading wraps
# ('RESOLUÇÃO Nº 129/2014 - CONSELHO MUNICIPAL DO' / 'MEIO AMBIENTE - COMDEMA', 'RESOLUÇÃO
# 128/2014 DO CONSELHO ...': famurs-do1381-2014)
_BODY_AFTER_RE = re.compile(
    r"\s*(?:[-–—/]\s*|\s)(?:D[OAE]\s+)?(?:CONSELHO|SECRETARIA|GABINETE|COMISSAO|COMITE|FUNDO|INSTITUTO|"
    r"DEPARTAMENTO|DIRETORIA|PROCURADORIA|CONTROLADORIA|COORDENADORIA|SUPERINTENDENCIA|AUTARQUIA)\b"
    r"(?:\s+[A-Z]{1,14}\.?){0,6}\s*[-–—]?\s*$")
_DATE_LEAD_DUST = "'\"’‘´`“”*+|!»«•·"  # specks between the number and the date: quotes, stars ('2.096, *DE 8')
_TRAIL_PUNCT = " \t.,;:!|'\"*+`´’‘“”»«-–—)"


# the place before an epígrafe's date, as a closing gives it ('LEI Nº 624/2021/GAPRE Assis Brasil – AC,
# 16 de dezembro de 2021': Assis Brasil, AC, doeac13188): an office's initials after the number, the
# municipality's name, its state, a comma
_PLACE_LEAD_RE = re.compile(
    r"\s*(?:/[A-Z]{2,12}\b)?[\s,\-–—]*(?P<place>[^\W\d_](?:[^\W\d_]|[' .-]){1,48}?)"
    r"(?:\s*[-–—/]\s*(?P<uf>[A-Z]{2}))?\s*,\s*(?:EM\s+)?")


def _names_place(lead: str) -> bool:
    """Whether ``lead`` (between an epígrafe's number and its date) is a place and a comma, the
    place a municipality's name."""
    m = _PLACE_LEAD_RE.fullmatch(_fold(lead))
    # (by its name alone: 'Rio Branco' is a municipality of two states, a place either way)
    return m is not None and _squash(m.group("place")) in _gazetteer().by_key


_SPACED_RE = re.compile(r"(?<!\S)(?:[A-Za-zÀ-ÖØ-öø-ÿ] ){2,}[A-Za-zÀ-ÖØ-öø-ÿ](?!\S)")


def parse_epigrafe(line: str, *, heading: bool = False) -> Epigrafe | None:
    """Parse one line as an epígrafe, or return None.

    The line must start (after at most a few characters of margin junk) with the tipo word,
    carry a number (except a Lei Orgânica), and end after the number and date: an ordinary
    sentence that mentions a law ("nos termos da Lei nº 8.666, de 21 de junho de 1993, ...")
    is not an epígrafe. ``ano`` comes from the date, else from a '/YY' suffix of the number.
    In running case a line needs its date too ('Lei nº 4.320/64.' is a sentence's end), unless
    the caller knows it stands as a heading (``heading``: its ementa follows, 'Decreto nº 018/2025'
    / 'Regulamenta, no âmbito do Município ...').
    """
    if len(line) > 160:
        return None
    # Typewritten headings spaced out: "L E I  Nº 309" -> "LEI  Nº 309".
    line = _SPACED_RE.sub(lambda m: m.group().replace(" ", ""), line)
    folded = _fold(line)
    m = None
    # (a tipo word must start within the first characters: most lines have none there, and
    # finditer alone would look for one through the whole line)
    for cand in _TIPO_RE.finditer(folded) if _TIPO_NEAR_START.match(folded) else ():
        if cand.start() > _MAX_JUNK:
            break
        at = cand.start()
        # a margin mark glued to the word ("ILEI", "|LEI") is junk, a letter in a word is not
        if at == 0 or not folded[at - 1].isalnum() or (at == 1 and line[0] in "|!Il1"):
            m = cand
            break
    if m is None:
        return None
    tipo = _tipo_of(m)
    printed_tipo = line[m.start():m.end()]
    upper = printed_tipo.replace("l", "I").upper() == printed_tipo.replace("l", "I")  # "LEl", "El": l for I
    junk = line[:m.start()]
    junk_words = junk.split()
    if junk_words:
        last = _fold(junk_words[-1])  # "a LEI" continues a sentence, "a, LEI" is debris
        if last in SENTENCE_WORDS and not junk_words[-1].isupper():
            return None
        if not upper and any(c.isalpha() for c in junk):
            return None
    pos = m.end()
    rest = _fix_digits(folded[pos:])
    # the issuer between the tipo and its number: 'LEI MUNICIPAL', 'RESOLUÇÃO DA MESA', or an
    # office's initials ('PORTARIA DP Nº 74', 'PORTARIA GP/SEMAD Nº 12')
    mm = re.match(r"\s+(?:MUNICIPA[LI1]|D[AO]\s+(?:MESA(?:\s+DIRETORA)?|CAMARA(?:\s+MUNICIPAL)?|PRESIDENCIA))\b"
                  r"|\s+[A-Z]{2,6}(?:/[A-Z]{2,6})?(?=\s*N\S{0,3}(?:\s*O)?\s*\d)", rest)  # 'GP N. º 1045'
    if mm is None:  # a kind of the tipo before its number: 'DECRETO EXECUTIVO 270/2021', 'PORTARIA DE VIAGEM Nº 351'
        mm = _TIPO_KIND_RE.match(rest)
    if mm:
        rest, pos = rest[mm.end():], pos + mm.end()
    marker = _MARKER_RE.match(rest)
    after_marker = marker.end() if marker else 0
    num = _NUMBER_RE.match(rest, after_marker)
    numero: str | None = None
    ano: int | None = None
    consumed = 0
    if num is not None:
        numero = re.sub(r"[.\s:,;]", "", num.group("num"))
        if num.group("yr"):
            ano = _expand_year(int(num.group("yr").replace(".", "")))
        consumed = num.end()
        issuer = (_ISSUER_AFTER_RE.match(rest, consumed) or _BODY_AFTER_RE.match(rest, consumed)) if upper else None
        if issuer is not None:  # the issuing office after the number: 'Nº 0058/SEAD', 'Nº 006/2021 DIR. ACADÊMICA'
            consumed = issuer.end()
    elif tipo != "Lei Orgânica":
        return None
    tail = line[pos + consumed:]
    data: dt.date | None = None
    dates = _find_dates(tail)
    if dates:
        start, end, date = dates[0]
        lead = _fold(tail[:start])
        # "DE", "EM", or a damaged short word ("DF") between the number and the date
        if re.fullmatch(r"[\s,.:;\-–—(" + re.escape(_DATE_LEAD_DUST) + r"]*(?:[A-Z]{1,3})?[\s,.:;]*", lead) or (
                upper and _names_place(tail[:start])):  # "369,'DE 22"; 'Nº 624/2021/GAPRE Assis Brasil – AC, 16 de'
            data, consumed_tail = date, end
            tail_rest = tail[end:]
            ano = date.year
        else:
            tail_rest, consumed_tail = tail, 0
    else:
        tail_rest, consumed_tail = tail, 0
    trailing = tail_rest.strip(_TRAIL_PUNCT)
    if trailing:
        ftrail = _fold(trailing)
        if numero is None and re.fullmatch(r"D[OE]\s+MUNICIPIO(?:\s+DE\s+[A-Z .'-]+)?", ftrail) and upper:
            consumed_tail += len(tail_rest.rstrip(_TRAIL_PUNCT))
        elif data is None and upper and re.match(r"[\s,.;:\-–—]*(?:[A-Z]{2}\b|[A-Z][^\w\s]\s)", _fold(tail_rest)) and (
            len(ftrail.split()) <= 8 and not re.search(r"[a-z]{3}", trailing)
            and (re.search(r"\d", ftrail) or any(_month_of(t) for t in ftrail.split()))
        ):
            # A date too damaged to read ("DE 26 DE JXXHQ DE 1.99O", "DE UZ DE ABRIL DE Zúié", "D' DE
            # JUNHO-DE 1:91": a digit or the month left): still an epígrafe.
            year = re.search(r"(?<!\d)(1[89]\d\d|20\d\d|[12]\.\d{3})(?!\d)", _fix_digits(ftrail))
            if year and ano is None:
                ano = int(year.group().replace(".", ""))
            consumed_tail += len(tail_rest.rstrip(_TRAIL_PUNCT))
        elif len(trailing) > 3:
            return None
    if not upper and ((data is None and not heading) or re.search(r"[,;]\s*$", line.rstrip(_EDGE_JUNK + " "))):
        # In lower case only a full "Lei nº N, de <date>" line counts: "Lei nº 4.320/64." or
        # "Lei nº 8.666, de 21 de junho de 1993," is a sentence wrapped onto its own line.
        return None
    text = line[m.start():pos + consumed + consumed_tail].rstrip(_TRAIL_PUNCT)
    if ano is not None and not 1800 <= ano <= 2100:
        ano = None
    return Epigrafe(text=" ".join(text.split()), tipo=tipo, numero=numero, ano=ano, data=data)


# --------------------------------------------------------------------------------------------
# IBGE municipalities and states


@dataclass(frozen=True)
class _Municipio:
    ibge_code: int
    name: str
    uf: str


@dataclass(frozen=True)
class _Gazetteer:
    municipios: tuple[_Municipio, ...]
    states: dict[str, str]                         # uf -> state name
    by_key: dict[str, tuple[_Municipio, ...]]      # squashed name -> municipalities
    keys_by_uf: dict[str, tuple[str, ...]]         # uf -> squashed names in that state
    all_keys: tuple[str, ...]


@functools.cache
def _gazetteer() -> _Gazetteer:
    """The IBGE list, read once (pipeline/data/municipios.csv, see pipeline/data/README.md)."""
    municipios: list[_Municipio] = []
    states: dict[str, str] = {}
    for row in csv.DictReader(io.StringIO(MUNICIPIOS_CSV.read_text(encoding="utf-8"), newline="")):
        municipios.append(_Municipio(int(row["ibge_code"]), row["name"], row["uf"]))
        states[row["uf"]] = row["state_name"]
    by_key: dict[str, list[_Municipio]] = defaultdict(list)
    keys_by_uf: dict[str, set[str]] = defaultdict(set)
    for mun in municipios:
        key = _squash(mun.name)
        by_key[key].append(mun)
        keys_by_uf[mun.uf].add(key)
    return _Gazetteer(
        municipios=tuple(municipios),
        states=states,
        by_key={k: tuple(v) for k, v in by_key.items()},
        keys_by_uf={k: tuple(sorted(v)) for k, v in keys_by_uf.items()},
        all_keys=tuple(sorted(by_key)),
    )


def state_names() -> dict[str, str]:
    """Every UF code and its state's name ('SP': 'São Paulo'), from the IBGE list."""
    return dict(_gazetteer().states)


def state_name(uf: str) -> str:
    """'SP' -> 'São Paulo'. Raises InputError (reason 'unknown_uf') for an unknown code."""
    states = _gazetteer().states
    code = uf.strip().upper() if isinstance(uf, str) else ""
    if code not in states:
        raise InputError(f"unknown UF {uf!r}", reason="unknown_uf")
    return states[code]


@functools.cache
def _state_keys() -> dict[str, str]:
    """Squashed state name (and common abbreviations) -> uf."""
    keys = {_squash(name): uf for uf, name in _gazetteer().states.items()}
    for uf, name in list(_gazetteer().states.items()):
        squashed = _squash(name)
        for full, short in (("SAO ", "S "), ("SANTA ", "STA "), ("RIO GRANDE ", "R G "), ("ESPIRITO ", "E ")):
            if squashed.startswith(full):
                keys[short + squashed[len(full):]] = uf
    return keys


@functools.cache
def _ufs() -> str:
    """The UF codes of the IBGE list as a regex alternation ('AC|AL|...')."""
    return "|".join(sorted(_gazetteer().states))


_ESTADO_RE = re.compile(r"\bESTADO\s+D[OEA]\s+(?P<name>[A-Z][A-Z .]{2,40})")


@functools.cache
def _uf_suffix_re() -> re.Pattern[str]:
    """'Paranatinga-MT', 'Itu/SP', 'Itu - SP,' (spaced only before punctuation: 'I - SE o' is text)."""
    return re.compile(
        rf"[A-Za-zÀ-ÿ](?:[-/–](?P<uf>{_ufs()})(?![A-Za-z0-9])|\s[-/–]\s(?P<uf2>{_ufs()})\s*(?:[,.;)]|$))")


def _best_prefix(words: Sequence[str], choices: Sequence[str], cutoff: float) -> tuple[str, float] | None:
    """Fuzzy match of the longest leading run of ``words`` (up to 6) that matches one of
    ``choices``: 'PIMENTA BUBNO' is Pimenta Bueno, not Pimenta; 'MATO GROSSO DO SUL' is not
    Mato Grosso; 'PARANATINGA APROVOU' falls back to 'PARANATINGA'. None when two different
    choices score within ``_AMBIGUITY_MARGIN`` of each other (and neither is exact)."""
    for n in range(min(len(words), 6), 0, -1):
        cand = " ".join(words[:n])
        hits = process.extract(cand, choices, scorer=fuzz.ratio, score_cutoff=cutoff, limit=2)
        if not hits:
            continue
        best = hits[0]
        if best[1] < 100 and len(hits) > 1 and best[1] - hits[1][1] < _AMBIGUITY_MARGIN:
            return None
        return best[0], best[1]
    return None


_AMBIGUITY_MARGIN = 6.0


def detect_uf(lines: Sequence[str]) -> str | None:
    """The state named in letterheads and preambles: 'ESTADO DE MATO GROSSO', 'Estado de
    S.Paulo', '...Paranatinga-MT', '/SP'. The most attested state wins; None on a tie or none."""
    votes: dict[str, float] = defaultdict(float)
    state_keys = _state_keys()
    choices = tuple(state_keys)
    for line in lines:
        folded = _fold(line)
        for m in _ESTADO_RE.finditer(folded):
            words = _squash(m.group("name").split(",")[0]).split()
            hit = _best_prefix(words, choices, 85)
            if hit is not None:
                votes[state_keys[hit[0]]] += 2
        for m in _uf_suffix_re().finditer(line):
            votes[m.group("uf") or m.group("uf2")] += 1
    if not votes:
        return None
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


@dataclass(frozen=True)
class MunicipioMatch:
    """A municipality found in the text, with the line that named it."""

    name: str
    uf: str
    ibge_code: int
    score: float
    evidence: str


# The institution names the place: "CÂMARA MUNICIPAL DE X", "PREFEITURA MUNICIPAL DE X",
# "Prefeito Municipal de X-MT", "Câmara de Vereadores de X"; OCR damage on the anchors
# ("MUNICIPAI", "IMUNICIPAL"). "MUNICÍPIO DE X" only opening a line or in a capitals line
# (letterhead, "LEI ORGÂNICA DO MUNICÍPIO DE X"): in running text ("na cidade do Rio de
# Janeiro", "sediadas no município de X") a place is often another one.
_ANCHOR_RE = re.compile(
    r"\b(?:CAMARA|PREFEITURA|PREFEIT[OA]|PACO)"
    r"(?:\s+[IL]?M[UV]N[IL1]C[IL1]PA[IL1L]|\s+DE\s+VEREADORES|\s+D[OA]\s+MUNICIPIO)?"
    r"\s+D[EOA](?:\s+(?P<name>.*))?$"
)
_MUNICIPIO_ANCHOR_RE = re.compile(r"\bMUNICIPIO\s+D[EOA](?:\s+(?P<name>.*))?$")
_NAME_STOP_RE = re.compile(r"[,;:(\"“]|\s[-–—]\s|\bESTADO\b|\b(?:AOS?|EM)\s+\d")
MUNICIPIO_CUTOFF = 85.0
_SHORT_NAME_CUTOFF = 90.0
_LETTER_FIX = str.maketrans("015", "OIS")


def _name_candidates(lines: Sequence[str]) -> list[tuple[list[str], str, str | None]]:
    """(words, evidence line, uf suffix) for each place named after an anchor."""
    out: list[tuple[list[str], str, str | None]] = []
    for i, line in enumerate(lines):
        folded = _fold(line)
        anchors = list(_ANCHOR_RE.finditer(folded))
        if not anchors:
            opening = re.match(r"[\W\d_]{0,3}MUNICIPIO", folded)
            if opening or (line.upper() == line and any(c.isalpha() for c in line)):
                anchors = list(_MUNICIPIO_ANCHOR_RE.finditer(folded))
        for m in anchors:
            raw = m.group("name") or ""
            printed = line[m.start("name"):] if m.group("name") else ""
            evidence = line.strip()
            if not raw.strip(_EDGE_JUNK + " .-"):
                # "PREFEITURA MUNICIPAL DE" with the name on the next line.
                nxt = next((x for x in lines[i + 1:i + 3] if x.strip(_EDGE_JUNK + " ")), None)
                if nxt is None:
                    continue
                raw, printed = _fold(nxt), nxt
                evidence = f"{line.strip()} / {nxt.strip()}"
            first_letter = next((c for c in printed if c.isalpha()), "")
            if not first_letter.isupper():
                continue  # a place name is capitalised: "de Prefeitura de capital" is not one
            stop = _NAME_STOP_RE.search(raw)
            if stop:
                raw = raw[:stop.start()]
            uf_suffix = None
            suf = re.search(rf"\s?[-/–]\s?({_ufs()})\s*$", raw.strip(_EDGE_JUNK + " ."))
            if suf:
                uf_suffix = suf.group(1)
                raw = raw.strip(_EDGE_JUNK + " .")[:suf.start()]
            # digits read for letters inside a word: "SORRIS0", "D0"
            words = [w.translate(_LETTER_FIX) if re.search(r"[A-Z]", w) else w for w in _squash(raw).split()]
            if words:
                out.append((words, evidence, uf_suffix))
    return out


def _resolve(words: Sequence[str], state: str | None, *, trust_state: bool) -> tuple[_Municipio, float] | None:
    """One municipality for a place name's words, within ``state`` when known. An untrusted
    (detected) state may be wrong: a near-exact match elsewhere is then accepted."""
    gaz = _gazetteer()
    choices = gaz.keys_by_uf.get(state, ()) if state else gaz.all_keys
    hit = _best_prefix(words, choices, MUNICIPIO_CUTOFF)
    if hit is not None and len(hit[0]) < 8 and hit[1] < _SHORT_NAME_CUTOFF:
        hit = None  # one wrong letter in a short word is another word ("CAPITAL" ~ "Capitão")
    if hit is None and state and 1 <= len(words) <= 2 and len(" ".join(words)) >= 5:
        # The short name a town goes by ('CAMPOS' for Campos dos Goytacazes): the one name of
        # the state that begins with those words.
        head = " ".join(words) + " "
        longer = [k for k in choices if k.startswith(head)]
        if len(longer) == 1:
            hit = (longer[0], 90.0)
    if hit is None and state and not trust_state:
        hit = _best_prefix(words, gaz.all_keys, 92.0)
        state = None
    if hit is None:
        return None
    found = gaz.by_key[hit[0]]
    if state:
        found = tuple(f for f in found if f.uf == state) or found
    if len(found) != 1:
        return None  # homonyms in several states and none known
    return found[0], float(hit[1])


def _valid_uf(uf: str | None) -> str | None:
    code = uf.strip().upper() if isinstance(uf, str) else None
    return code if code in _gazetteer().keys_by_uf else None


def match_municipio(lines: Sequence[str], *, uf: str | None = None) -> MunicipioMatch | None:
    """The municipality named in letterheads, preamble or fecho lines, matched fuzzily to the
    IBGE list ('VIA FLORES' -> Vila Flores). Restricted to ``uf`` when given, else to the state
    detected in the lines; a name shared by several states with no state known, two names that
    fit about as well, or a score under ``MUNICIPIO_CUTOFF`` give None. The place named most
    often wins (letterheads repeat on every page)."""
    given = _valid_uf(uf)
    detected = given or detect_uf(lines)
    tally: dict[int, list] = {}
    # a letterhead names the place on every page: each distinct name is resolved once
    seen: dict[tuple[tuple[str, ...], str | None], tuple[_Municipio, float] | None] = {}
    for words, evidence, suffix in _name_candidates(lines):
        state = given or suffix or detected
        if (tuple(words), state) not in seen:
            seen[tuple(words), state] = _resolve(words, state, trust_state=given is not None)
        resolved = seen[tuple(words), state]
        if resolved is None:
            continue
        mun, score = resolved
        entry = tally.setdefault(mun.ibge_code, [mun, 0.0, 0, evidence])
        if score > entry[1]:
            entry[1], entry[3] = score, evidence
        entry[2] += 1
    if not tally:
        return None
    mun, score, _, evidence = max(tally.values(), key=lambda e: (e[2], e[1]))
    return MunicipioMatch(name=mun.name, uf=mun.uf, ibge_code=mun.ibge_code, score=float(score),
                          evidence=evidence)


def lookup_municipio(name: str, *, uf: str | None = None) -> MunicipioMatch | None:
    """A municipality given by name (e.g. by the upstream record: 'Sao Joao da Boa Vista',
    'Paranatinga-MT'), resolved to its IBGE spelling, code and state; fuzzy as
    ``match_municipio``, None when unsure or when the name exists in several states and
    ``uf`` is not given."""
    text = _strip_margin(str(name))
    suffix = re.search(rf"\s?[-/–]\s?({_ufs()})$", text)
    given = _valid_uf(uf) or (suffix.group(1) if suffix else None)
    if suffix:
        text = text[:suffix.start()]
    words = [w.translate(_LETTER_FIX) if re.search(r"[A-Z]", w) else w for w in _squash(text).split()]
    if not words or len(words) > 8:
        return None
    resolved = _resolve(words, given, trust_state=True)
    if resolved is None:
        return None
    mun, score = resolved
    return MunicipioMatch(name=mun.name, uf=mun.uf, ibge_code=mun.ibge_code, score=score, evidence=str(name))


# --------------------------------------------------------------------------------------------
# Fecho

_FECHO_PLACES = (
    "SECRETARIA DA CAMARA", "SECRETARIA DA PREFEITURA", "SECRETARIA ADMINISTRATIVA",
    "SECRETARIA MUNICIPAL", "SECRETARIA GERAL", "GABINETE DO PREFEITO", "GABINETE DA PREFEITA",
    "GABINETE DO EXECUTIVO", "PREFEITURA MUNICIPAL", "PREFEITURA DO MUNICIPIO",
    "PACO MUNICIPAL", "PACO D",  # 'Paço da Prefeitura', 'PAÇO DO GOVERNO MUNICIPAL DE X, em' (ce-lei2077-2022)
    "PALACIO", "CAMARA MUNICIPAL", "SALA DAS SESSOES", "PLENARIO",
    "EDIFICIO DA PREFEITURA", "CENTRO ADMINISTRATIVO",
)
_FECHO_KEY_CHARS = 4 + max(len(p) for p in _FECHO_PLACES)  # a junk token, its space, a place, one more
_NUMBER_WORDS_RE = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
# After the place: the start of a date ("em 10 de", ", 08 de abril", ", 10/05/1998", ", aos vinte
# e seis dias"), or the sentence broken right before it (", aos" / ", em" / ", em 10 de" at the
# line end). "Prefeitura Municipal, em 30 (trinta) dias" is an article's text, not a fecho.
_DATEISH_RE = re.compile(
    r"\b(?:EM|AOS?)\s*$"
    r"|\bAOS?\s+[A-Z]{2,10}(?:\s+E\s+[A-Z]{2,8})?\s+DIAS?\s+D[OE]\b"  # 'aos dcz dias do mês'
    r"|(?:,|\bEM\b|\bAOS?\b)\s*(?:EM\s+|AOS?\s+)?"
    r"(?:\d{1,2}\s*[O°]?\s*(?:DE\s+[A-Z]{3}|[./-]\s?\d|DIAS?\b|DE\s*$|$)"
    rf"|(?:{_NUMBER_WORDS_RE})\b(?:\s+E\s+\w+)?\s+(?:DIAS?|DE\s+[A-Z]{{3}}))"
)


def is_fecho_start(line: str) -> bool:
    """True for the place-and-date sentence that closes a law: 'Secretaria da Câmara ...,
    aos', 'Gabinete do Prefeito ...-MT, 08 de abril', 'Prefeitura Municipal de X, em 10 de ...',
    'Paço Municipal ...'. A letterhead ('PREFEITURA MUNICIPAL DE') has no date and is not."""
    text = _strip_margin(line)
    if not _opens_with_place(text):
        return False
    folded = _fold(text)
    return bool(_DATEISH_RE.search(folded) or parse_date(text))


_JUNK_TOKEN = re.compile(r"^(?:[A-Z0-9]{1,2} )?")


def names_fecho_place(line: str) -> bool:
    """Whether a line starts with the place a closing names ('Câmara Municipal de Araxá, em/5.'),
    whatever OCR left of its date: the closing's first line, where a signature follows it."""
    return _opens_with_place(_strip_margin(line))


def _opens_with_place(text: str) -> bool:
    """Whether ``text`` (margin marks stripped) starts with one of ``_FECHO_PLACES``."""
    if not text or len(text) > 200:
        return False
    # only the line's start is compared with the places: the squashed key of a prefix is a
    # prefix of the line's key, exact once it is longer than a junk token and the longest place
    squashed = _squash(text[:80])
    if len(squashed) < _FECHO_KEY_CHARS and len(text) > 80:
        squashed = _squash(text)
    start = _JUNK_TOKEN.sub("", squashed)  # one short junk token
    return _names_fecho_place(start[:_FECHO_KEY_CHARS])


@functools.lru_cache(maxsize=1024)
def _names_fecho_place(start: str) -> bool:
    """Whether a squashed line start is one of ``_FECHO_PLACES`` (OCR's damage within 85%).
    (A closing is tried alone and joined with its next line: the same start, known once.)"""
    for place in _FECHO_PLACES:
        head = start[:len(place)]
        if head == place or (len(head) == len(place) and fuzz.ratio(head, place) >= 85):
            return True
    return False


_ROLES = (
    "Prefeito Municipal", "Prefeita Municipal", "Vice-Prefeito", "Vice-Prefeita", "Presidente",
    "Presidente da Câmara", "Presidente da Câmara Municipal", "Vice-Presidente", "1º Secretário",
    "2º Secretário", "1ª Secretária", "2ª Secretária", "Secretário", "Secretária",
    "Secretário Municipal", "Secretária Municipal", "Secretário Geral", "Secretária Geral",
    "Vereador", "Vereadora", "Chefe de Gabinete", "Diretor Geral", "Diretora Geral",
    "Prefeito Municipal em Exercício", "Presidente em Exercício",
)
_ROLE_KEYS = {_squash(r): r for r in _ROLES}
_ROLE_HEADS = ("PREFEITO", "PREFEITA", "PRESIDENTE", "SECRETARIO", "SECRETARIA", "VEREADOR",
               "VEREADORA", "VICE", "CHEFE", "DIRETOR", "DIRETORA", "PROCURADOR", "ASSESSOR")
_NAME_PARTICLES = frozenset({"de", "da", "do", "das", "dos", "e", "DE", "DA", "DO", "DAS", "DOS", "E"})
_INSTITUTIONAL = frozenset(
    "ESTADO PREFEITURA MUNICIPAL MUNICIPAI CAMARA REPUBLICA SECRETARIA GABINETE LEI ARTIGO "
    "CAPITULO PUBLICADO PUBLIQUE REGISTRADO REGISTRE CUMPRA GOVERNO FEDERATIVA BRASIL PODER "
    "LEGISLATIVO EXECUTIVO TEL FONE CEP".split()
)


def _match_role(line: str) -> str | None:
    """The cargo on a signature line, canonical when it is a known role ('Prefelto Municipal'
    -> 'Prefeito Municipal'), as printed when it only starts like one."""
    text = _strip_margin(line)
    key = _squash(text)
    if not key or len(key) > 80:
        return None
    hit = process.extractOne(key, tuple(_ROLE_KEYS), scorer=fuzz.ratio, score_cutoff=88)
    if hit is not None:
        return _ROLE_KEYS[hit[0]]
    words = key.split()
    first = _ROLE_NUMBER.sub("", key).split()[:1] or words[:1]
    if first and len(first[0]) >= 4 and process.extractOne(
        first[0], _ROLE_HEADS, scorer=fuzz.ratio, score_cutoff=88
    ) is not None and all(w.isalpha() or re.fullmatch(r"\d[OA]?", w) for w in words) and len(words) <= 8:
        lowered = [w for w in text.split() if w.islower()]
        # the remainder must read like words, not OCR debris ("PresidentoE q municipal")
        if all(len(w) >= 2 for w in lowered):
            return " ".join(text.split())
    return None


_ROLE_NUMBER = re.compile(r"^\d[OA]?\s*")  # '1º Secretário' squashed: '1O SECRETARIO'


def is_role_line(line: str) -> bool:
    """A signature's cargo line ('Prefeito Municipal', 'Presidente da Câmara')."""
    return _match_role(line) is not None


def is_signature_start(lines: Sequence[str]) -> bool:
    """Whether ``lines`` open with a signature: a person's name, then a cargo line."""
    return len(lines) >= 2 and _is_name(lines[0]) and _match_role(lines[1]) is not None


def holds_signature(lines: Sequence[str]) -> bool:
    """Whether a signature starts anywhere among ``lines`` (a name line, then a cargo line)."""
    return any(is_signature_start(lines[k:k + 2]) for k in range(len(lines) - 1))


def _is_name(line: str) -> bool:
    """A person's name: 2+ capitalised, alphabetic words (particles de/da/dos... allowed)."""
    text = _strip_margin(line)
    words = text.split()
    if not 2 <= len(words) <= 7 or len(text) > 70:
        return False
    main = 0
    for w in words:
        if w in _NAME_PARTICLES:
            continue
        core = w[:-1] if len(w) <= 2 and w.endswith(".") else w  # an initial: "J."
        if any(c.isalpha() for c in core[:1]):
            core = core.translate(_WORD_FIX)  # "N0RA": a digit read for a letter
        if not core.replace("'", "").replace("-", "").isalpha() or not core[0].isupper():
            return False
        if any(p in _INSTITUTIONAL or p == "SE" for p in _fold(core).split("-")):
            return False  # "REGISTRE-SE", "PUBLIQUE-SE"
        if len(core) == 1 and not w.endswith("."):
            return False
        if len(core) >= 2 and not (core.isupper() or core[1:].islower()):
            return False
        main += 1
    return main >= 2 and _match_role(text) is None


def _join_lines(lines: Sequence[str]) -> str:
    """Wrapped lines of the fecho as one text, margin marks stripped (``joining.join_lines``:
    'publica-' 'ção', 'SETEM-' 'BRO', 'Caxias do Sul-' 'RS')."""
    return join_lines([_strip_margin(raw) for raw in lines])


_MAX_SIGNATURE_LINES = 16
_PAREN_DATE_RE = re.compile(r"^\(?\s*\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{2,4}\s*\)?\s*\.?$")
_LOCAL_RE = re.compile(
    r"\b(?:[IL]?M[UV]N[IL1]C[IL1]PA[IL1]|MUNICIPIO|CIDADE|PREFEITURA|CAMARA)\s+D[EOA]\s+(?P<name>[^,]+)"
)


def _fecho_local(text: str) -> str | None:
    folded = _fold(text)
    head_end = folded.find(",")
    head = folded[:head_end] if head_end >= 0 else folded
    m = _LOCAL_RE.search(head)
    if m:
        start, end = m.start("name"), m.end("name")
    elif head_end >= 0 and len(head.split()) <= 6:
        start, end = 0, len(head)  # "São Paulo, 5 de maio de 1990": only if it is a municipality
    else:
        return None
    anchored = m is not None
    printed = text[start:end].strip(" .-")
    printed = re.sub(rf"\s?[-/–]\s?(?:{_ufs()})$", "", printed).strip()
    if not printed:
        return None
    hit = match_municipio([f"MUNICIPIO DE {printed}"], uf=detect_uf([text]))
    if hit is not None and hit.score >= 90:
        return hit.name
    return printed if anchored else None


# A gazette's note of who posted the act ('Publicado por:' / 'Código Identificador:F4E526D0', the
# SIGPub gazettes of the AMA, AMM, APRECE, AAM and FAMURS): the act's signatures ended above it
_POSTED_BY = re.compile(r"\s*(?:Publicado\s+por\s*:|C[óo]digo\s+Identificador\s*:)", re.I)


def _parse_signatarios(lines: Sequence[str]) -> list[Signatario]:
    """Signature blocks: a name line then a cargo line; 'NAME - Cargo' or 'NAME, Cargo' on one
    line; two blocks side by side (columns 3+ spaces apart). Anything else is debris."""
    out: list[Signatario] = []
    pending: list[str] = []

    def flush() -> None:
        out.extend(Signatario(nome=name) for name in pending)
        pending.clear()

    for line in lines:
        if parse_epigrafe(line) or re.match(r"\s*(?:ART(?:IGO)?\b|ART\.)", _fold(line)) or _POSTED_BY.match(line):
            break
        cols = [" ".join(c.split()) for c in re.split(r"\s{3,}|\t", _strip_margin(line)) if c.strip()]
        if not cols:
            continue
        if all(_is_name(c) for c in cols):
            flush()
            pending.extend(cols)
            continue
        if len(cols) == 1:
            parts = re.split(r"\s[-–—]\s|,\s", cols[0], maxsplit=1)
            if len(parts) == 2 and _is_name(parts[0]) and _match_role(parts[1]):
                flush()
                out.append(Signatario(nome=parts[0], cargo=_match_role(parts[1])))
                continue
        roles = [_match_role(c) for c in cols]
        if pending and all(roles):
            if len(roles) == len(pending):
                out.extend(Signatario(nome=n, cargo=r) for n, r in zip(pending, roles, strict=True))
                pending.clear()
            else:
                out.append(Signatario(nome=pending.pop(0), cargo=roles[0]))
                flush()
    flush()
    return out


def parse_fecho(lines: Sequence[str]) -> Fecho:
    """The fecho of a law from its closing lines: the place-and-date sentence (joined, margin
    junk removed), its place and date, and the signatários (a name line followed by a cargo
    line). Debris between or after signatures ('alho Da: o Nholla', 'N', '|') is ignored."""
    lines = [str(x) for x in lines]
    # the place may take a line of its own before the date ('PAÇO DA PREFEITURA MUNICIPAL DE
    # BARROQUINHA,' / 'aos 25 de abril de 2018.', ce-lei551-2018): read with the next line
    start = next((i for i, x in enumerate(lines) if is_fecho_start(x) or (
        i + 1 < len(lines) and x.rstrip().endswith(",") and is_fecho_start(f"{x} {lines[i + 1]}"))), None)
    if start is None:
        start = next((i for i, x in enumerate(lines) if parse_date(x)), None)
    if start is None and is_signature_start(lines[:2]):
        # signed with no place and date left to read (OCR wrecked them): the signatures alone
        return Fecho(signatarios=_parse_signatarios(lines[:_MAX_SIGNATURE_LINES]))
    start = start or 0
    sentence: list[str] = []
    i = start
    while i < len(lines) and len(sentence) < 5:
        line = lines[i]
        if sentence and (_is_name(line) or _match_role(line) or parse_epigrafe(line)):
            break
        sentence.append(line)
        i += 1
        joined = _join_lines(sentence)
        if parse_date(joined) is None:
            continue
        nxt = _strip_margin(lines[i]) if i < len(lines) else ""
        if nxt and _PAREN_DATE_RE.match(nxt):
            sentence.append(lines[i])  # "(26.06.90)." after the date in words
            i += 1
            break
        # the date may go on ("... mil novecentos" / "e noventa") unless the sentence ended
        if re.search(r"[.)]\s*\S{0,3}\s*$", joined) or not nxt[:1].islower():
            break
    text = _join_lines(sentence)
    # Drop debris after the sentence's final stop ("de 2002. N").
    cut = re.search(r"^(.*[.)])\s+[^\s.]{1,3}$", text)
    if cut and parse_date(cut.group(1)):
        text = cut.group(1)
    if not text:
        return Fecho()
    signatarios = _parse_signatarios(lines[i:i + _MAX_SIGNATURE_LINES])
    return Fecho(text=text, local=_fecho_local(text), data=parse_date(text), signatarios=signatarios)
