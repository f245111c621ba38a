"""Header recognition: what each line could be (artigo, parágrafo, inciso, alínea, item,
agrupador), read fuzzily because OCR damages labels ('ARTYGO', 'RTIGO', '8 1º', 'HI -').

The keywords are data (``KEYWORDS``), compared with rapidfuzz; numbers are read with OCR
confusion sets. A :class:`Header` is a candidate reading, not a decision: the segmenter decides
with the whole law in view (sequence, nesting).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz import fuzz

from pipeline.folding import fold
from pipeline.reading.numerals import (
    ORDINAL_TEN_VALUES,
    ORDINAL_UNIT_VALUES,
    ORDINALS_TO_TEN,
    int_to_roman,
    roman_to_int,
)

# (name, keyword as folded capitals, minimum rapidfuzz ratio); the kinds' levels and id prefixes
# are in models.units.
KEYWORDS: tuple[tuple[str, str, float], ...] = (
    ("parte", "PARTE", 90),
    ("livro", "LIVRO", 90),
    ("titulo", "TITULO", 80),  # one letter of six misread: 'TETULO II'
    ("capitulo", "CAPITULO", 80),
    ("secao", "SECAO", 80),
    ("secao", "SECCAO", 85),
    ("subsecao", "SUBSECAO", 85),
)


@dataclass(frozen=True)
class Header:
    """A line read as the start of a unit."""

    kind: str  # artigo | paragrafo | inciso | alinea | item | group
    label: str  # the label as printed
    rest: str  # the text after the label
    number: str | None = None  # printed number, normalised where possible
    candidates: tuple[tuple[int, float], ...] = ()  # artigo: (number, cost of that reading)
    unico: bool = False
    suffix: str | None = None  # 'A' in 'Art. 1º-A'
    group_type: str | None = None
    uppercase_rest: bool = False  # inciso-shaped line whose text is in capitals (a heading?)
    read_as: str | None = None  # how the decoder read a label the printed forms did not
    # artigo: the candidate the run of labels on its page reads (settle_run_numbers), when it is
    # not the first; what page order and the split of laws compare. The print stays the evidence.
    settled: int | None = None


# --- numbers ---------------------------------------------------------------------------------

# OCR confusions seen on typewritten roman numerals: 'HI' for III, 'H' for II, 'Y' for V,
# 'W' for II, '1'/'l'/'i' for I, '11' for II.
_ROMAN_CONFUSION = str.maketrans(
    {"H": "II", "Y": "V", "W": "II", "l": "I", "1": "I", "i": "I", "|": "I", "t": "I", "T": "I",
     "Í": "I", "Ì": "I", "í": "I"}
)


def read_roman(label: str) -> int | None:
    """Roman numeral as OCR printed it, read through the confusion set ('HI' -> 3, 'Vi' -> 6)."""
    if label[:1] == "M" and len(label) <= 4:  # 'MI': the two first strokes of 'III' run together
        return roman_to_int(("II" + label[1:]).translate(_ROMAN_CONFUSION).upper())
    if "l" in label and any(c.isupper() for c in label):
        # 'lV', 'Xl', 'XIl': a lower-case l among capitals is an I read badly, not an L.
        return roman_to_int(label.translate(_ROMAN_CONFUSION).upper())
    direct = roman_to_int(label)
    if direct is not None:
        return direct
    return roman_to_int(label.translate(_ROMAN_CONFUSION).upper())


def article_candidates(digits: str, marker: str) -> tuple[tuple[int, float], ...]:
    """Readings of a printed article number, with a cost for each (0 = as printed).

    A typewritten 'º' is often read as a digit ('102' for '10º', '514%' for '51º'): dropping
    the last digit is a cheap alternative reading.
    """
    n = int(digits)
    out: list[tuple[int, float]] = [(n, 0.0)]
    if len(digits) >= 2:
        cost = 0.6 if not marker.strip("º°ª") else 1.2
        out.append((int(digits[:-1]), cost))
    return tuple(out)


# --- patterns --------------------------------------------------------------------------------

# (a stroke standing apart between the keyword and a numeral of figures, 'Artigo | 4 PO', is a
# speck, not the numeral I: 'Artigo | Os' still reads the stroke as one)
_ARTICLE = re.compile(
    r"""^(?P<pre>(?:[^\w\s]{1,3}(?:\s[^\w\s]{1,2}(?=\s))?\s?(?:[a-zçã]{1,2}\s)?|[a-zçã]{1,4}[,.]?\s|[A-ZÀ-Ú]\s(?:[^\w\s]{1,2}\s)?(?=A))?)\s*
        (?P<kw>[A-Za-zÀ-ÿ]{1,7})(?:\.\.?|[.:,;!]{1,2}(?=[\s\d]))?\s*['’`“”"«\-–]?\s*(?:[|!]\s+(?=\d))?
        (?P<num>\d[\dlI|SOi]{0,3}(?![A-Za-np-zÀ-ÿ])|[lI|SO][\dlI|SO]{0,3}(?![A-Za-np-zÀ-ÿ])|[ÚU]NICO|[Úú]nico)
        (?P<ord>\s?[º°ªo*'](?![a-zà-ÿ])|\.[º°o](?![a-zà-ÿ])|\s[29](?=\s*[-–—:]))?
        (?P<suffix>-[A-Z](?![\wà-ÿ])(?!\s+[a-zà-ÿ]))?
        (?P<sep>[\s:;.,+%\-–—_=]*)
        (?P<rest>.*)$""",
    re.X,
)

_PARAGRAFO_UNICO = re.compile(
    r"""^(?P<pre>[^\w§$]{0,3})
        (?P<kw>[A-Za-zÀ-ÿ]{7,10}|§|\$|S|s|8)\.?\s*
        (?P<u>[ÚUúu][Nn][Ii1l][CcGg][Oo0])\b\.?
        (?P<sep>[\s:;.\-–—=]*)(?P<rest>.*)$""",
    re.X,
)

_PARAGRAFO = re.compile(
    r"""^(?P<pre>[^\w§$&]{0,2})
        (?P<sign>§§?|S\$|\$S|Ss|SS|\$|&|8S|gs|g|S|8|6|5|3)?\s*\.?\s*
        (?P<num>\d{1,3}|[lI](?=\s?\.?[º°ª]|o(?![a-zà-ÿ])))\s?
        (?P<ord>\.?[º°ª]|o(?=\s*[-:.–—]|\s+[A-ZÀ-Ú]))?
        (?P<sep>(?:\s*[:;.\-–—]+)+(?:[,'´`](?=[A-ZÀ-Ú]))?\s*|\s+)  # (a speck glued to the capital after it: '§ 1.º -,Os')
        (?P<rest>.*)$""",
    re.X,
)

_PARAGRAFO_WORD = re.compile(
    r"^(?P<kw>PAR[AÁ]GRAFO|Par[aá]grafo|Par\.)\s+(?P<num>\d{1,2}|(?i:primeiro|segundo|terceiro|quarto|quinto|sexto|s[ée]timo|oitavo|nono|d[ée]cimo)\b)"
    r"(?:\.?\s*[º°ª]|\.[0o](?=\s))?\s*(?P<sep>[:;.\-–—]*)\s*(?P<rest>.*)$"  # 'Parágrafo 1.º', '2.0' for 2.º
)

# (a stroke or a quote glued to the separator is a speck of it: 'V -|DAS DISPOSIÇÕES FINAIS', 'IV +“ DAS')
_INCISO = re.compile(
    r"""^(?P<pre>(?:[^\w\s|]{1,2}\s?|\|\s)?)
        (?P<num>[IVXLHYWivxl1|]|[MT](?=[Il1|])[IVXLHYWivxl1|tT]{0,7}|[IVXLHYWivxl1|][IVXLHYWivxl1|tT]{0,7})
        (?P<sep>\s?['’`,.]?\s*(?:[-–—=]+|\+(?=[\s|“”"]))[|“”"]{0,2}[.:]?\s*|\s*[-–—]*\s*$)
        (?P<rest>.*)$""",
    re.X,
)

_ALINEA = re.compile(
    r"""^(?P<pre>[^\w\s]{0,2})
        (?P<l>[a-zA-ZÀ-ÿ£]{1,2})\s?\)
        (?P<sep>\s*(?:[-–—=]+\s*)?)
        (?P<rest>.*)$""",
    re.X,
)

# Other label styles: incisos 'I)' and 'I.', alíneas 'a -' and 'a.'.
# (after ')' the text may open with a quantity: 'IV) 1 (um) representante')
# (a stroke or a doubled closing after the label's is a speck of it: 'I)|) usar uniforme')
_INCISO_ALT = re.compile(r"^(?P<num>[IVX][IVXl]{0,5}|l[IVX][IVXl]{0,4})(?P<sep>[).][|)\]]{0,2}\s+)"
                         r"(?P<rest>[A-Za-zÀ-ÿ\"“(].*|(?<=\)\s)\d+\s\(\w.*)$")
_ALINEA_ALT = re.compile(r"^(?P<l>[a-z])(?P<sep>\s[-–—]\s+|\.\s+)(?P<rest>[a-zà-ÿ\"“(].*)$")

_ALINEA_CUT = re.compile(r"^\)\s*(?:[-–—]\s*)?(?P<rest>[a-zà-ÿ]\w*\s.*)$")

_ITEM = re.compile(r"^(?P<n>\d{1,2})\s*(?P<sep>[.)]\s+|\s*[-–—]\s*)(?P<rest>.*)$")

_GROUP = re.compile(
    r"""^(?P<kw>[A-ZÀ-Ú][A-Za-zÀ-ÿ]{3,9})(?:[:.]?\s+|\s*[-–—]\s*)["“”'‘’]?
        (?P<num>[IVXLCDMHYWl1TÍ][IVXLCDMHYWl1TÍ]{0,6}|[ÚU]NICO|[Úú]nico|\d{1,3})\b[º°ª]?\.?
        \s*(?:[-–—:.]\s*)?(?P<title>.*)$""",
    re.X,
)


_ONE = str.maketrans({"l": "1", "I": "1", "i": "1", "|": "1", "S": "5", "O": "0"})
_TENS_TABLE, _UNITS_TABLE = tuple(ORDINAL_TEN_VALUES.items()), tuple(ORDINAL_UNIT_VALUES.items())


@cache
def _ordinal_word(word: str, table: tuple[tuple[str, int], ...]) -> int | None:
    """The value of one ordinal word as OCR printed it ('Terceíro', 'Sexfo', 'Decimo')."""
    folded = fold(word)
    best = max(table, key=lambda kv: fuzz.ratio(folded, kv[0]))
    return best[1] if fuzz.ratio(folded, best[0]) >= (100 if len(folded) <= 4 else 80) else None


def read_ordinal_words(first: str, second: str | None) -> tuple[int, bool] | None:
    """An article or paragraph number written in words: 'Primeiro' (1), 'Décimo Quarto' (14),
    'Vigésimo' (20); also with OCR damage. Returns the value and whether ``second`` was part
    of it."""
    tens = _ordinal_word(first, _TENS_TABLE)
    if tens is not None:
        unit = _ordinal_word(second, _UNITS_TABLE) if second else None
        return (tens + unit, True) if unit is not None else (tens, False)
    unit = _ordinal_word(first, _UNITS_TABLE)
    return (unit, False) if unit is not None else None


_ARTICLE_WORDS = re.compile(
    r"^(?P<pre>[^\w\s]{1,3}\s?|[A-ZÀ-Ú]\s)?(?P<kw>[A-Za-zÀ-ÿ]{2,7})\.?\s+(?P<w1>[A-Za-zÀ-ÿ]{4,14})(?:\s+(?P<w2>[A-Za-zÀ-ÿ]{4,9}))?(?P<tail>.*)$"
)
_ORDINAL_SEP = re.compile(r"^\s*[:;.,\-–—]+\s*")


def _read_words_label(text: str, keyword_ok) -> tuple[str, int, str] | None:
    """Label, number and rest of 'Artigo Décimo Quarto - ...' style headers."""
    m = _ARTICLE_WORDS.match(text + " ")
    if not m or not keyword_ok(m.group("kw")):
        return None
    got = read_ordinal_words(m.group("w1"), m.group("w2"))
    if got is None:
        return None
    value, both = got
    cut = m.end("w2") if both else m.end("w1")
    after = text[cut:]
    sep = _ORDINAL_SEP.match(after)
    rest = after[sep.end():] if sep else after.lstrip()
    if not sep and not rest[:1].isupper():
        return None  # 'Art. primeiro do Regimento' is not a header
    label = text[: len(text) - len(rest)].strip()
    if m.group("pre"):
        label = label[len(m.group("pre")):].strip()
    return label, value, rest.strip()
# Lower-case words that continue a citation rather than start an article's text.
_CITATION_REST = re.compile(r"^(?:d[aoe]s?|dest[ae]s?|nest[ae]s?|n[ao]s?|deste|e|ou|combinado|c/c|inciso|§)\b")


@cache
def _keyword(word: str) -> tuple[str, float] | None:
    folded = fold(word)
    best: tuple[str, float] | None = None
    for name, kw, minimum in KEYWORDS:
        score = fuzz.ratio(folded, kw)
        if score >= minimum and (best is None or score > best[1]):
            best = (name, score)
    return best


@cache
def _is_article_keyword(word: str) -> bool:
    folded = fold(word).rstrip(".")
    if folded in {"TIGO", "TIGOS", "RT", "RTS", "T"}:
        return True  # 'A', 'AR' or 'Ar' lost at the left margin ('rt. 7º -', 't. 9º -')
    if not word[:1].isupper():
        return False
    if folded[:1] not in {"A", "R"}:
        # 'FRTIGO', 'XRTIGO': the first letter misread, the rest intact; 'SArL': a mark glued
        # before 'Art' read as a letter
        return (len(folded) == 6 and folded.endswith("IGO") and fuzz.ratio(folded, "ARTIGO") >= 66) or (
            len(folded) == 4 and folded[1:3] == "AR" and fuzz.ratio(folded[1:], "ART") >= 66
        )  # 'NRIIGO', 'BRIIGO': 'ARTIGO' with two letters misread
    if folded in {"ART", "ARTS", "ARTIGO", "ARTIGOS"}:
        return True
    return fuzz.ratio(folded, "ARTIGO") >= 70 or (len(folded) <= 4 and fuzz.ratio(folded, "ART") >= 66)


def uppercase_share(text: str) -> float:
    """Share of capital letters among the letters of ``text``."""
    if len(text) < 256:
        letters = "".join(filter(str.isalpha, text))
        return sum(map(str.isupper, letters)) / len(letters) if letters else 0.0
    alpha = upper = 0  # (a long text, a whole law's: counted per distinct character, it has few)
    for ch, count in Counter(text).items():
        if ch.isalpha():
            alpha += count
            upper += count if ch.isupper() else 0
    return upper / alpha if alpha else 0.0


_SPECK_BEFORE = re.compile(r"^\S\s+(?=[A-ZÀ-Ú]{4})")  # a one-character speck before a heading's keyword


def read_group(text: str) -> Header | None:
    """'CAPÍTULO I', 'TÍTULO II - DOS DIREITOS', 'Seção III', 'CAPÍTULO HI', 'CAPÍTULO ÚNICO'."""
    text = text.strip().lstrip("\"“”'‘’«»*.|:; ")
    m = _GROUP.match(text) or _GROUP.match(_SPECK_BEFORE.sub("", text, count=1))  # 'p CAPÍTULO IV'
    if not m:
        return None
    if _CITATION_REST.match(m.group("title")) or m.group("title").startswith(("desta", "deste")):
        return None  # '... previstas no' / 'Capítulo II desta Lei.'
    kw = _keyword(m.group("kw"))
    if kw is None:
        return None
    num = m.group("num")
    if fold(num) == "UNICO":
        number = "único"
    else:
        value = int(num) if num.isdigit() else read_roman(num)
        if value is None:
            return None
        number = str(value)
    title = m.group("title").strip(" -–—.:")
    if len(title) <= 2 and not title.isupper():
        title = ""  # a speck after the numeral ('CAPÍTULO II k'): the title is on the next line
    label = m.string[: m.start("title")].strip() if m.group("title") else m.string.strip()
    return Header("group", label, title, number=number, group_type=kw[0], unico=number == "único")


def _lower_case_label(m: re.Match) -> bool:
    """'art. 4.º O imposto ...' at a line start: a header typed (or read) in lower case when the
    ordinal is there and the text after it is no citation ('art. 4º desta Lei')."""
    if fold(m.group("kw")) not in {"ART", "ARTIGO"} or not m.group("ord") or m.group("ord").strip() not in {"º", "°", ".º", ".°"}:
        return False
    rest = m.group("rest").lstrip("*'‘’\" ")
    return bool(rest) and not rest[0].islower() and not _CITATION_REST.match(rest)


def _misread_abbreviation(m: re.Match) -> bool:
    """'ALE. 3º -': 'Art.' with both letters after the A misread, kept only with the point, an
    ordinal and a dash, which text after a three-letter word never has."""
    kw = m.group("kw")
    after_kw = m.string[m.end("kw"):m.start("num")]
    return (len(kw) == 3 and kw[0] in "Aa" and kw[1:].isalpha() and after_kw.startswith(".")
            and m.group("ord") is not None and m.group("ord").strip() in {"º", "°"}
            and re.search(r"[-–—]", m.group("sep")) is not None)


def read_article(text: str) -> Header | None:
    """'ARTIGO 1º:-', 'Art. 1º -', 'ART. 4º —', 'ARTYGO 70º', 'RTIGO 45º', 'Art. 10.', 'Art. 1º-A';
    failing those, an article whose number OCR destroyed ('ARTIGO Go São ...')."""
    return _read_article(text) or _read_lost_number(text.strip())


def _read_article(text: str) -> Header | None:
    words = _read_words_label(text.strip(), _is_article_keyword)
    if words is not None:
        label, value, rest = words
        return Header("artigo", label, rest, number=str(value), candidates=((value, 0.0),))
    m = _ARTICLE.match(text.strip())
    if not m or not (_is_article_keyword(m.group("kw")) or _misread_abbreviation(m) or _lower_case_label(m)):
        return None  # read_article tries the lost-number reading
    num, sep, rest = m.group("num"), m.group("sep"), m.group("rest")
    cut = fold(m.group("kw"))
    if cut in {"T", "RT", "RTS"} and not (
        (m.group("ord") or cut != "T") and re.search(r"[-–—:]", sep) and num[:1].isdigit()
    ):
        return None  # a cut label ('rt. 10 -', 't. 9º -') only with its dash ('t.' also its ordinal)
    if fold(num) != "UNICO":
        if not any(c.isdigit() for c in num) and not m.group("ord") and not any(c in "l|" for c in num):
            return None  # 'Art. I' is no article; 'Art. lº' and 'ART Il' are 1 and 11 read with letters
        if not any(c.isdigit() for c in num) and any(c in "SO" for c in num):
            return None
        num = num.translate(_ONE)
        if not num.isdigit():
            return None
    if sep.strip(" ") in {",", ";"} and (not rest or rest[0].islower()):
        return None  # a citation ('artigo 58;', 'art. 5º, inciso II'), not a header
    if not sep.strip() and _CITATION_REST.match(rest):
        return None  # a wrapped citation: 'Art. 5º da Lei nº 100, de 1990.'
    rest = rest.lstrip("*' ")
    if not rest and (";" in sep or "," in sep):
        return None
    label = text.strip()[: m.start("rest")].strip()
    if m.group("pre"):
        label = label[len(m.group("pre")):].strip()
    suffix = None
    if m.group("suffix"):
        suffix = m.group("suffix").strip(" -")
    if fold(num) == "UNICO":
        return Header("artigo", label, rest.strip(), number="1", candidates=((1, 0.0),), unico=True)
    marker = (m.group("ord") or "") + sep
    return Header(
        "artigo", label, rest.strip(), number=str(int(num)),
        candidates=article_candidates(num, marker), suffix=suffix,
    )


# 'Art, JR - A Secretaria ...', 'Ari De. Ficam revogados ...': the keyword read, the number
# destroyed. The abbreviation's point or comma, one or two scraps, a dash or point, then a
# capitalised word.
_ARTICLE_LOST = re.compile(
    r"^(?:[^\w\s]{1,2}\s?)?(?P<kw>A[a-zA-Z]{1,2}|ARTIGO|Artigo)[.,]?\s+(?P<junk>[A-Za-z/|]{1,3}(?![A-Za-z])|[^\w\s]{1,2})[.,:]?[º°]?\s*"
    r"(?P<sep>[-–—=]\s*)?(?P<rest>[A-ZÀ-Ú](?:[a-zà-ú]+)?\s.*)$"
)
UNKNOWN_ARTICLE = 0  # the printed number of an article whose number OCR destroyed
# Three-letter words that follow 'ARTIGO' in running text: never scraps of a number.
_WORDS3 = frozenset("DAS DOS NAS NOS AOS UMA UNS QUE POR SEM COM SUA SEU SOB NEM OLI ATE APOS PELA PELO".split())


def _read_lost_number(text: str) -> Header | None:
    """An article whose number is unreadable, numbered later by sequence; never a plain word
    after the keyword ('Art. O ...') and never without a dash or point after the scraps."""
    m = _ARTICLE_LOST.match(text)
    if not m or not _is_article_keyword(m.group("kw")) or fold(m.group("kw"))[:2] not in {"AR", "AT"}:
        return None
    junk = m.group("junk")
    if fold(junk) in {"A", "O", "E", "AS", "OS", "DA", "DO", "NO", "NA", "EM", "SE", "AO", "UM"}:
        return None
    if len(junk) == 3 and not m.group("sep") and fold(m.group("kw")) != "ARTIGO":
        return None  # three letters are a word unless a dash says they were the number
    if (not m.group("sep") and not text[m.end("junk"):m.start("rest")].strip(" ").startswith((".", ":", "º", "°"))
            and not (fold(m.group("kw")) == "ARTIGO" and (len(junk) <= 2 or fold(junk) not in _WORDS3))):
        return None  # the whole word 'ARTIGO' needs no dash: 'ARTIGO Go São obrigações ...'
    label = text[m.start("kw"): m.start("rest")].strip()
    return Header("artigo", label, m.group("rest").strip(), number="?",
                  candidates=((UNKNOWN_ARTICLE, 3.5),))


def read_paragrafo(text: str) -> Header | None:
    """'§ 1º', '8 1º:-', '$ 2º', '& 1º', '5 2º:;-', '3 28:', '8S1º:-', '83º:-', '1º:-', '28:-',
    'PARÁGRAFO ÚNICO:-', 'Parágrafo único.', 'S ÚNICO', 'Parágrafo 2º -'."""
    t = text.strip()
    m = _PARAGRAFO_UNICO.match(t)
    if m:
        kw = m.group("kw")
        if len(kw) > 1 and fuzz.ratio(fold(kw), "PARAGRAFO") < 75:
            return None
        label = t[: m.start("rest")].strip()
        if not m.group("sep").strip() and _CITATION_REST.match(m.group("rest")):
            return None  # 'Parágrafo único do art. 2º.' wrapped to a line start
        return Header("paragrafo", label, m.group("rest").strip(), number="único", unico=True)
    words = _read_words_label(t, lambda kw: fuzz.ratio(fold(kw), "PARAGRAFO") >= 75 or fold(kw) == "PAR")
    if words is not None:
        label, value, rest = words
        return Header("paragrafo", label, rest, number=str(value))
    m = _PARAGRAFO_WORD.match(t)
    if m:
        num = m.group("num")
        number = str(ORDINALS_TO_TEN.get(fold(num), num))
        if not m.group("sep").strip() and _CITATION_REST.match(m.group("rest")):
            return None
        return Header("paragrafo", t[: m.start("rest")].strip(), m.group("rest").strip(), number=number)
    m = _PARAGRAFO.match(t)
    if not m:
        return None
    sign, digits, ordinal, sep = m.group("sign"), m.group("num"), m.group("ord"), m.group("sep")
    digits = digits.translate(_ONE)
    rest = m.group("rest").strip()
    if not sep.strip() and _CITATION_REST.match(rest):
        return None  # '§ 2º do art. 3º desta Lei' wrapped to a line start
    if not rest and not sep.strip():
        return None
    if sign in {"§", "§§", "$", "&", "8S", "gs", "g", "S", "S$", "$S", "Ss", "SS"}:
        number = digits
    elif sign in {"8", "6", "5", "3"}:
        misread_ordinal = len(digits) == 2 and (
            (digits[-1] in "28" and ":" in sep) or (digits[-1] in "0289" and rest[:1].isupper())
        )
        if not ordinal and not misread_ordinal:
            return None  # '8 (oito) anos' is text, '8 1º' and '8 20 O infrator' are paragraphs
        number = digits[:-1] if (not ordinal and len(digits) == 2) else digits
    else:
        if ordinal and (":" in sep or "-" in sep or "–" in sep or "—" in sep):
            if len(digits) >= 2 and digits[0] in "853":
                number = digits[1:]  # '83º:-': the sign read as a digit
            else:
                number = digits
        elif not ordinal and len(digits) == 2 and digits[-1] in "28" and ":" in sep:
            number = digits[:-1]  # '28:-': the ordinal read as a digit
        else:
            return None
    if not rest[:1].isalpha() and rest[:1] not in {"(", '"', "“", ""}:
        return None
    label = t[: m.start("rest")].strip()
    return Header("paragrafo", label, rest, number=str(int(number)) if number.isdigit() else number)


# 'TF DAS DISPOSIÇÕES PRELIMINARES', 'Til DOS LOCAIS E HORÁRIOS', 'EV e “DAS OBRIGAÇÕES': a
# roman-numbered heading whose numeral and dash OCR damaged. The numeral keeps a roman-looking
# letter; the title is in capitals and opens with 'DA/DAS/DO/DOS/DE'.
_DAMAGED_HEADING = re.compile(
    r"^(?P<num>(?=[A-Za-z|1]{0,3}[IVXLTl1|])[IVXLTFEHYWl1|ti]{1,3})[.:,]?\s+(?:[a-z]\s+)?[\"“”']?"
    r"(?P<rest>D[AEO]S?\s+[A-ZÀ-Ú].*)$"
)


def _read_damaged_heading(text: str) -> Header | None:
    m = _DAMAGED_HEADING.match(text)
    if not m:
        return None
    rest = m.group("rest").strip(" :|.")
    if len(rest) < 8 or uppercase_share(rest) < 0.85:
        return None
    value = read_roman(m.group("num"))
    return Header("inciso", m.group("num"), rest, number=int_to_roman(value) if value else m.group("num"),
                  uppercase_rest=True)


_VETO = re.compile(r"^\W{0,3}\(?\s*(?:VETAD|REVOGAD|SUPRIMID|VETO\b)", re.I)


def _heading_like(rest: str) -> bool:
    """Whether an inciso-shaped line's text is in capitals like a heading's title ('II - DA
    LICENÇA'); '(VETADO)', '(REVOGADO)' are an inciso's text, never a title."""
    return len(rest) >= 4 and uppercase_share(rest) >= 0.85 and not _VETO.match(rest)


def read_inciso(text: str) -> Header | None:
    """'I - ', 'III- ', 'v - ', '11 —', 'HI —', 'LI —', 'Y —', 'W —', 'Vi —', '1 -', 'I)', 'II.'."""
    t = text.strip()
    m = _INCISO.match(t)
    if not m:
        alt = _INCISO_ALT.match(t)
        honorific = re.match(r"^[A-Za-z]{1,4}\.", alt.group("rest")) if alt else None
        value = read_roman(alt.group("num")) if alt else None
        if alt and value and not honorific:
            rest = alt.group("rest").strip()
            return Header("inciso", t[: alt.start("rest")].strip(), rest, number=int_to_roman(value),
                          uppercase_rest=_heading_like(rest))
        return _read_damaged_heading(t)
    num = m.group("num")
    value = read_roman(num)
    if value is None and num.isdigit():
        value = None
    if value is None and not re.fullmatch(r"[1l|I]{1,3}", num) and not (
        len(num) <= 4 and not num.isdigit() and re.search(r"[-–—=]", m.group("sep"))
    ):
        return None  # a numeral no reading makes sense of ('IL =') still counts with its dash
    rest = m.group("rest").strip()
    if rest and not (rest[0].isalpha() or rest[0] in "\"“(«'‘" or (rest[0].isdigit() and num.isalpha()
                                                               and re.search("[-–—]", m.group("sep")))):
        return None
    label = t[: m.start("rest")].strip()
    return Header(
        "inciso", label, rest, number=int_to_roman(value) if value else num,
        uppercase_rest=_heading_like(rest),
    )


def read_alinea(text: str) -> Header | None:
    """'a) ', 'a) - ', 'b) — ', 'H) ', 'Db) ', 'hn) ', 'à) ', '£) ', 'a - ', 'a. ', ') ' (letter cut)."""
    t = text.strip()
    m = _ALINEA.match(t)
    if not m:
        alt = _ALINEA_ALT.match(t)
        if alt:
            return Header("alinea", t[: alt.start("rest")].strip(), alt.group("rest").strip(), number=alt.group("l"))
        cut = _ALINEA_CUT.match(t)
        if cut:  # the letter lost at the left margin: numbered by sequence
            return Header("alinea", t[: cut.start("rest")].strip(), cut.group("rest").strip(), number="?")
        return None
    letter = m.group("l")
    if "(" in m.group("pre"):
        return None  # '(um) ano' is text
    if len(letter) == 2 and not (letter[0].isupper() or letter[1].islower()):
        return None
    label = t[: m.start("rest")].strip()
    return Header("alinea", label, m.group("rest").strip(), number=letter[-1].lower())


def read_item(text: str) -> Header | None:
    t = text.strip()
    m = _ITEM.match(t)
    if not m or not m.group("rest")[:1].isalpha():
        return None
    return Header("item", t[: m.start("rest")].strip(), m.group("rest").strip(), number=m.group("n"))


@lru_cache(maxsize=1 << 16)
def read_header(text: str) -> Header | None:
    """The most likely header reading of a line, or None for running text (pure, so cached: the
    cleaning, the quotation finder and the segmentation all ask it of the same lines).

    Order matters: agrupador keywords before articles ('PARTE' is not 'ART'), paragraphs before
    incisos and items ('1º:-' is a paragraph, '1 -' may be an inciso).
    """
    for reader in (read_group, read_article, read_paragrafo, read_inciso, read_alinea, read_item):
        header = reader(text)
        if header is not None:
            return header
    return None


_PART_TITLE = re.compile(r"^(?:DA|DAS|DO|DOS)\s+[A-ZÀ-Ú]{3,}")


def titles_a_part(rest: str) -> bool:
    """Whether the text after a roman numeral titles a part of the law ('DAS INFRAÇÕES E
    PENALIDADES', 'DO CADASTRO'): in capitals, opening with the contraction that names what the
    part is about; an inciso's text is a phrase of the caput's sentence ('o cadastro;')."""
    return bool(_PART_TITLE.match(rest.strip(" \"“”'«»|"))) and not any(c.islower() for c in rest)


def numbered_heading(h: Header, nxt: Header | None, before: str) -> bool:
    """Whether a line read as an inciso ('II - DA LICENÇA') is an agrupador's heading printed
    without its keyword: the rest in capitals with no closing mark, no list announced by the text
    ``before`` it (':' or ';'), and a part's title or the next printed label (``nxt``) an article
    or an agrupador (the next article's label may be lost). A part's title with an article after
    it is a heading after ':' too: the last inciso's point read as a colon ('III) suspensão ... /
    dias:' / 'V -"DAS OBRIGAÇÕES' / 'Art. 10.'). The decoder's evidence and the tree builder decide
    it alike."""
    rest = h.rest.rstrip()
    titled = titles_a_part(h.rest)
    before_article = nxt is not None and nxt.kind in ("artigo", "group")
    # (a part's title may end with a point, as typists closed it: 'II - DAS DISPOSIÇÕES FINAIS.';
    # or with a colon before an article, which announces no list there: 'IL - DOS RECURSOS:')
    closed = rest.endswith((";", ",")) or (rest.endswith(":") and not (titled and before_article)) or (
        rest.endswith(".") and not titled)
    return (h.kind == "inciso" and h.uppercase_rest and not closed
            and (not before.endswith((":", ";")) or (titled and before_article and before.endswith(":")))
            and (titled or before_article))


def is_heading_text(text: str) -> bool:
    """A line in capitals that could title an agrupador ('VISTORIA', 'DAS DISPOSIÇÕES GERAIS')."""
    t = text.strip()
    if len(t) > 90 or any(c.islower() for c in t):
        return False
    words = re.findall(r"[A-ZÀ-Ú]{2,}", t)
    return sum(len(w) for w in words) >= 4 and not t.endswith((",", ";"))
