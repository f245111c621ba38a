"""Legal references in unit texts: recognise with a spaCy pipeline, then resolve to unit ids.

Two layers, kept apart (recognise, then interpret):

* :func:`build_reference_nlp` builds a blank Portuguese spaCy pipeline of rule components,
  registered the spaCy way: an ``entity_ruler`` for norms cited by name ("Código Nacional de
  Trânsito", with or without accents; the patterns are data, :data:`NAMED_NORMS`) and the
  ``locleg_citations`` factory, which reads the citation grammar (regular expressions tolerant of the
  usual OCR damage: "Lel" for "Lei", "8"/"$"/"&" for "§", "Tncisos") and leaves, on
  ``doc._.locleg_citations``, context-free :class:`Citation` values (and ``doc.spans["locleg_refs"]``).
* :func:`find_references` runs the pipeline once (``nlp.pipe``) over every unit text of a norm
  and resolves internal citations against the ids that exist in that norm, relative to the
  citing unit ("artigo anterior", "deste artigo", "parágrafo anterior"). A citation that names
  no existing unit becomes a warning, never an invented id.

Two-digit years ("Lei nº 1693/53") are expanded relative to the citing norm's year ``Y``: the
latest year ``<= Y`` ending in those digits (53 -> 1953 and 02 -> 1902 for a 1990 law; 02 -> 2002
for a 2010 law), since a norm cannot cite a later one. Without a citing year the pivot is the
current year.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from models.norm import NormMeta, NormRef, Reference, ReferenceKind, Unit, WarningItem, walk_units
from models.tipos import TIPOS
from models.units import GROUP_TYPES, LEXML_PREFIX
from pipeline.folding import fold_lower
from pipeline.reading import numerals
from pipeline.reading.numerals import CARDINAL_WORDS, ORDINALS_TO_TEN

RULESET_VERSION = "1.1.0"

# ---------------------------------------------------------------------------------------------
# Rules as data
# ---------------------------------------------------------------------------------------------

# Norms cited by name. ``id`` becomes ``NormRef.tipo``; ``jurisdicao`` when the name implies it.
NAMED_NORMS: list[dict[str, str]] = [
    {"pattern": "Código Nacional de Trânsito", "id": "codigo.nacional.transito", "jurisdicao": "federal"},
    {"pattern": "Código de Trânsito Brasileiro", "id": "codigo.transito.brasileiro", "jurisdicao": "federal"},
    {"pattern": "Código Tributário Nacional", "id": "codigo.tributario.nacional", "jurisdicao": "federal"},
    {"pattern": "Código Tributário Municipal", "id": "codigo.tributario.municipal", "jurisdicao": "municipal"},
    {"pattern": "Código Tributário do Município", "id": "codigo.tributario.municipal", "jurisdicao": "municipal"},
    {"pattern": "Código de Posturas", "id": "codigo.posturas", "jurisdicao": "municipal"},
    {"pattern": "Código de Obras", "id": "codigo.obras", "jurisdicao": "municipal"},
    {"pattern": "Código Civil", "id": "codigo.civil", "jurisdicao": "federal"},
    {"pattern": "Código Penal", "id": "codigo.penal", "jurisdicao": "federal"},
    {"pattern": "Código de Processo Civil", "id": "codigo.processo.civil", "jurisdicao": "federal"},
    {"pattern": "Código de Defesa do Consumidor", "id": "codigo.defesa.consumidor", "jurisdicao": "federal"},
    {"pattern": "Consolidação das Leis do Trabalho", "id": "consolidacao.leis.trabalho", "jurisdicao": "federal"},
    {"pattern": "Constituição Federal", "id": "constituicao", "jurisdicao": "federal"},
    {"pattern": "Constituição da República", "id": "constituicao", "jurisdicao": "federal"},
    {"pattern": "Constituição Estadual", "id": "constituicao.estadual", "jurisdicao": "estadual"},
    {"pattern": "Constituição do Estado", "id": "constituicao.estadual", "jurisdicao": "estadual"},
    {"pattern": "Lei Orgânica do Município", "id": "lei.organica", "jurisdicao": "municipal"},
    {"pattern": "Lei Orgânica Municipal", "id": "lei.organica", "jurisdicao": "municipal"},
    {"pattern": "Estatuto da Criança e do Adolescente", "id": "estatuto.crianca.adolescente", "jurisdicao": "federal"},
]

# Units of amounts written "N (words) UNIT"; longest first. (pattern, unit as emitted)
AMOUNT_UNITS: list[tuple[str, str]] = [
    (r"b[oô]nus\s+do\s+tesouro\s+nacional", "Bônus do Tesouro Nacional"),
    (r"obriga[cç][oõ]es\s+reajust[aá]veis\s+do\s+tesouro\s+nacional", "ORTN"),
    (r"obriga[cç][oõ]es\s+do\s+tesouro\s+nacional", "OTN"),
    (r"unidades?\s+fiscais?\s+(?:do\s+munic[ií]pio|municipa(?:l|is))", "UFM"),
    (r"valores?\s+de\s+refer[eê]ncia", "VR"),
    (r"sal[aá]rios?[\s-]+m[ií]nimos?", "salário mínimo"),
    (r"UFESP|UFIR|UFM|UPF|URM|VRM|MVR|BTNF?|ORTN|OTN|UT|VR", ""),
    (r"reais", "R$"),
    (r"cruzeiros(?:\s+reais)?", "Cr$"),
    (r"cruzados(?:\s+novos)?", "Cz$"),
]

CURRENCIES = r"R\$|NCz\$|Cz\$|NCr\$|CR\$|Cr\$|US\$"
TIME_UNITS = r"dias?(?:\s+(?:[uú]teis|corridos))?|mes(?:es)?|anos?|horas?|semanas?"

_Q = "\"“”'‘’`´"
_SEP = r"(?:\s*[,.]\s*(?:e\s+)?|\s+(?:e|a|ao|até)\s+)"
# an artigo number; OCR reads 1 as "l", "I" or "|" ("artigo l9"): allowed beside a real digit
_DIGITS = r"(?=[0-9lI|]*\d)[0-9lI|]{1,4}"
_ANUM = rf"{_DIGITS}(?:\s?[º°o](?![a-z])|\.?º)?(?!\s*\(|\s*%|\d|/)"
_ROMAN = r"\b[ivxl]{1,7}\b"
_PAR_WORDS = (
    r"[uú]nico|primeiro|segundo|terceiro|quarto|quinto|sexto|s[eé]timo|oitavo|nono|d[eé]cimo"
)
_PAR_VAL = rf"(?:\d{{1,2}}(?:\s?[º°o](?![a-z]))?|(?:{_PAR_WORDS})\b)"
_ART_KW = r"(?:\barts?\.|\ba?rt[iíl1y]\s?g[o0]s?\b|\bart(?=\s\d))"
# After "art. N" the Constitution style goes on with commas: "art. 102, I, o", "art. 153, § 2º, I",
# "arts. 37, XI, 39, § 4º"; a single letter counts only before punctuation ("art. 5º, e no ..." is not).
_LETTER = r"[a-z](?=\s*[,;.:)]|\s*$)"
_PAR_NUM = r"§§?\s*\d{1,2}(?:\s?[º°o](?![a-z]))?"
_ART_PIECE = rf"(?:{_SEP}(?:{_ANUM}|\bcaput\b|{_ROMAN}|{_LETTER})|\s*,\s*{_PAR_NUM})"
_DET = r"(?:\b(?:d|n)?est[ea]s?\s+|\b(?:d|n)?[oa]s?\s+(?:mesm[oa]|presente)\s+)"
_LEI = r"l[eé][il1]\b"

ATOM_RE = re.compile(
    rf"""
      (?P<lei>{_DET}{_LEI}(?:\s+complementar)?)
    | (?P<grp_self>(?:\b(?:d|n)est[ea]\s+|\b(?:d|n)[oa]\s+(?:mesm[oa]|presente)\s+)(?P<grp_self_kind>cap[ií]tulo|subse[cç][aã]o|se[cç][aã]o|t[ií]tulo)\b)
    | (?P<grp>\b(?P<grp_kind>cap[ií]tulos?|subse[cç](?:[aã]o|[oõ]es)|se[cç](?:[aã]o|[oõ]es)|t[ií]tulos?)\s+
        (?P<grp_list>(?:{_ROMAN}|[uú]nico\b)(?:{_SEP}(?:{_ROMAN}|[uú]nico\b))*))
    | (?P<art_self>{_DET}(?:artigo|art\.))
    | (?P<par_self>{_DET}(?:par[aá]grafo|§))
    | (?P<inc_self>{_DET}inciso)
    | (?P<ali_self>{_DET}al[ií]nea)
    | (?P<all>\bseus\s+(?P<all_kind>§§|par[aá]grafos|incisos|al[ií]neas|[ií]tens))
    | (?P<caput>\bcaput\b)
    | (?P<art>{_ART_KW}\s*(?:n[º°]\.?\s*)?
        (?:(?P<art_rel>anterior|seguinte|precedente|subsequente)\b
         |(?P<art_list>{_ANUM}{_ART_PIECE}*)))
    | (?P<par>(?:§§?|\bpar[aá]grafos?\b)\s*
        (?:(?P<par_rel>anterior|seguinte)\b|(?P<par_list>{_PAR_VAL}(?:{_SEP}{_PAR_VAL})*)
           (?P<par_tail>\s*,\s*{_ROMAN}(?:{_SEP}{_ROMAN})*)?))
    | (?P<par_ocr>(?<![\w$&])(?:[$&]|8S?)\s?(?P<par_ocr_n>\d{{1,2}})\s?[º°](?!\s*\())
    | (?P<inc>(?:\b[il1t]nc[il1]sos?\b|\binc\.)\s*
        (?:(?P<inc_rel>anterior|seguinte)\b|(?P<inc_list>{_ROMAN}(?:{_SEP}{_ROMAN})*)
           (?P<inc_tail>\s*,\s*{_LETTER})?))
    | (?P<ali>\bal[ií]neas?\b\s*
        (?:(?P<ali_rel>anterior|seguinte)\b
         |(?P<ali_body>(?:(?!par[aá]grafo|§|[il1t]nciso|artigo|art\.)[^;:\n]){{1,70}}?)(?=\s*,?\s*(?:d[oa]s?|n[oa]s?|(?:d|n)?est[ea])\s+
              (?:art|inc|[il1t]nc|[ií]te|§|par|l[eé][il1]|mesm|presente|caput))
         |(?P<ali_list>[{_Q}]?\s?[a-z]\s?[{_Q}!)]?(?:{_SEP}[{_Q}]?\s?[a-z]\s?[{_Q}!)]?)*(?=[\s,.;:]|$))))
    | (?P<ite>\b[ií]te(?:m|ns)\b\s*(?P<ite_list>(?:\d{{1,2}}|{_ROMAN}|[{_Q}][a-z][{_Q}!])(?:{_SEP}(?:\d{{1,2}}|{_ROMAN}|[{_Q}][a-z][{_Q}!]))*))
    """,
    re.IGNORECASE | re.VERBOSE,
)

# Between two atoms of one citation: "do", "da", "deste"... (the determiner may sit in the atom).
GENITIVE_GAP_RE = re.compile(r"\s*(?:,\s*)?(?:(?:d[oa]s?|n[oa]s?|a[os]?|pel[oa]s?)\s*)?", re.IGNORECASE)
COMMA_GAP_RE = re.compile(r"\s*,\s*", re.IGNORECASE)
AND_GAP_RE = re.compile(r"\s*,?\s*e\s+", re.IGNORECASE)
# After a chain: it belongs to another norm ("do artigo 5º da referida Lei").
OTHER_NORM_RE = re.compile(r"\s*,?\s*(?:d[oa]s?|n[oa]s?)\s+", re.IGNORECASE)
OTHER_NORM_WORD_RE = re.compile(
    r"(?:referid|citad|mencionad)[oa]s?\s+(?:l[eé][il1]|decreto)", re.IGNORECASE
)

# how a text cites a norm's tipo (models.tipos, in its order: a longer name before the shorter one
# it begins with), each alternative with the LexML token it stands for
_CITED_TIPOS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(tipo.citation, re.IGNORECASE), tipo.lexml) for tipo in TIPOS if tipo.citation
)
_EXT_TIPO = "|".join(pattern.pattern for pattern, _ in _CITED_TIPOS)
_EXT_ITEM = (
    r"(?:\d{1,3}(?:\.\d{3})+|\d{1,6})(?:\s*[/-]\s*(?:\d\.?\d{3}|\d{2})(?!\d))?"
    r"(?:\s*,?\s*de\s+\d{1,2}\s?[º°o]?\s+de\s+[a-zç]+\s+de\s+\d\.?\d{3})?"
    r"(?!\s*\(|\s*%|\d)"
)
_EXT_MARK = r"(?:n\.?\s?[º°o]\.?\s?s?\b\.?|n[º°]s|n[uú]meros?)"
EXTERNAL_RE = re.compile(
    rf"""
    \b(?P<tipo>{_EXT_TIPO})
    (?P<jur>(?:\s+(?:federal|estadual|municipal|complementar))*)
    \s*(?P<mark>{_EXT_MARK})?\s*
    (?P<list>{_EXT_ITEM}(?:\s*(?:;|,(?!\s*de\s)|,?\s+e\s+)\s*(?:{_EXT_MARK}\s*)?{_EXT_ITEM})*)
    """,
    re.IGNORECASE | re.VERBOSE,
)
EXT_ITEM_RE = re.compile(
    r"(?P<num>\d{1,3}(?:\.\d{3})+|\d{1,6})(?:\s*[/-]\s*(?P<yy>\d\.?\d{3}|\d{2})(?!\d))?"
    r"(?:\s*,?\s*de\s+(?P<day>\d{1,2})\s?[º°o]?\s+de\s+(?P<month>[a-zç]+)\s+de\s+(?P<year>\d\.?\d{3}))?",
    re.IGNORECASE,
)
REVOCATION_RE = re.compile(r"\brevog", re.IGNORECASE)
REVOCATION_WINDOW = 400

AMOUNT_CURRENCY_RE = re.compile(
    rf"(?P<cur>{CURRENCIES})\s*(?P<num>\d{{1,3}}(?:[.,]\d{{3}})+(?:,\d{{1,2}})?|\d+(?:,\d{{1,2}})?)",
    re.IGNORECASE,
)
_AMOUNT_UNIT_ALT = "|".join(f"(?P<u{i}>{pattern})" for i, (pattern, _) in enumerate(AMOUNT_UNITS))
AMOUNT_UNIT_RE = re.compile(
    rf"(?P<num>\d{{1,3}}(?:\.\d{{3}})+(?:,\d+)?|\d+(?:,\d+)?)\s*(?:\([^()]{{2,60}}\)\s*)?(?:{_AMOUNT_UNIT_ALT})\b",
    re.IGNORECASE,
)
PERCENT_RE = re.compile(
    r"(?P<num>\d+(?:,\d+)?)\s*(?:%|por\s+cento\b)(?:\s*\([^()]{2,60}\))?", re.IGNORECASE
)
DEADLINE_RE = re.compile(
    rf"""(?:(?:no\s+|dentro\s+do\s+|pelo\s+)?prazos?\s+(?:m[aá]ximo\s+|m[ií]nimo\s+|improrrog[aá]vel\s+)?de\s+
           |dentro\s+de\s+|em\s+at[eé]\s+|at[eé]\s+)?
        (?P<num>\d{{1,4}})\s*(?:\([^()]{{2,50}}\)|-?!?\s*[^\d()\n]{{2,40}}?\))?\s*
        (?P<unit>{TIME_UNITS})\b""",
    re.IGNORECASE | re.VERBOSE,
)

# the words as printed (the text is matched unfolded): the accented spellings too
_NUMBER_WORD = "|".join(sorted(set(CARDINAL_WORDS) | {"três", "cinqüenta"}, key=len, reverse=True))
# "no prazo de trinta dias", "por mais de cento e oitenta dias" (numbers only in words)
DEADLINE_WORDS_RE = re.compile(
    rf"""(?:(?:no\s+|dentro\s+do\s+|pelo\s+)?prazos?\s+(?:m[aá]ximo\s+|m[ií]nimo\s+|improrrog[aá]vel\s+)?de\s+
           |dentro\s+de\s+|em\s+at[eé]\s+|at[eé]\s+|ap[oó]s\s+|por\s+mais\s+de\s+|antes\s+de\s+)
        \b(?P<words>(?:{_NUMBER_WORD})(?:\s+e\s+(?:{_NUMBER_WORD}))*)\s+
        (?P<unit>{TIME_UNITS})\b""",
    re.IGNORECASE | re.VERBOSE,
)


# an age is not a deadline: "maiores de 18 (dezoito) anos", "idade mínima de 35 anos", "anos de idade"
AGE_BEFORE_RE = re.compile(r"(?:idade(?:\s+m[ií]nima|\s+m[aá]xima)?|maiores?|menores?)\s+(?:de\s+)?$", re.IGNORECASE)
AGE_AFTER_RE = re.compile(r"\s+(?:de\s+idade|completos)\b", re.IGNORECASE)


def _is_age(text: str, start: int, end: int) -> bool:
    return bool(AGE_BEFORE_RE.search(text[max(0, start - 30):start]) or AGE_AFTER_RE.match(text, end))


def words_to_int(text: str) -> int | None:
    """Portuguese number words below a million ("cento e oitenta" -> 180, "dois mil e
    quinhentos" -> 2500); None if not a number."""
    total = current = 0
    for word in re.split(r"\s+e\s+|\s+", fold_lower(text).strip()):
        if word == "mil":
            total += (current or 1) * 1000
            current = 0
            continue
        value = CARDINAL_WORDS.get(word)
        if value is None:
            return None
        current += value
    return (total + current) or None


# "trinta reais", "cinco mil cruzeiros"
AMOUNT_WORDS_RE = re.compile(
    rf"\b(?P<words>(?:{_NUMBER_WORD}|mil)(?:\s+(?:e\s+)?(?:{_NUMBER_WORD}|mil))*)\s+"
    r"(?P<unit>reais|cruzeiros(?:\s+reais)?|cruzados(?:\s+novos)?)\b",
    re.IGNORECASE,
)


# agrupadores cited by name ("Capítulo II", "desta Seção"); they rank above the artigo
GROUP_ORDER = GROUP_TYPES
# the levels a citation path is ordered by: the whole law, any agrupador, then the artigo and its
# parts (the caput is a level of its own here: "caput do art. 5º")
LEVELS: dict[str, int] = {
    "lei": -2, **{kind: -1 for kind in GROUP_TYPES},
    "artigo": 1, "caput": 2, "paragrafo": 3, "inciso": 4, "alinea": 5, "item": 6,
}
_ORDINALS = {word.lower(): value for word, value in ORDINALS_TO_TEN.items()}


# ---------------------------------------------------------------------------------------------
# Recognised values (context-free)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One level of an internal citation: ``inciso`` with values ``("1", "6")``, or relative."""

    level: str
    values: tuple[str, ...] = ()
    relative: str | None = None  # "este" | "anterior" | "seguinte"
    every: bool = False  # "seus §§": every unit of that level


@dataclass(frozen=True)
class Citation:
    """A span recognised in one text, before resolution against the norm's units.

    ``paths``: internal citations, each path a chain of steps from the most general level
    ("artigo 58") to the most specific ("incisos I e VI"); a path with several values at a level
    names each combination.
    """

    kind: ReferenceKind
    start: int
    end: int
    text: str
    paths: tuple[tuple[Step, ...], ...] = ()
    norms: tuple[NormRef, ...] = ()
    value: float | None = None
    unit: str | None = None


@dataclass(frozen=True)
class _Atom:
    start: int
    end: int
    step: Step
    extra: tuple[Step, ...] = ()  # lower levels said after a comma ("§ 2º, I", "inciso I, a")
    paths: tuple[tuple[Step, ...], ...] = ()  # artigo lists in the comma style, one path per artigo

    @property
    def level(self) -> int:
        return LEVELS[self.step.level]


# ---------------------------------------------------------------------------------------------
# Small parsers
# ---------------------------------------------------------------------------------------------

def roman_to_int(text: str) -> int | None:
    """``"XIV"`` -> 14; None for what is not a well-formed roman numeral (up to 399).

    ``numerals.roman_to_int`` bounded: a cited inciso is below 400, and 'DC', 'CD' or 'MIL' in a
    citation are words."""
    value = numerals.roman_to_int(text.strip())
    return value if value is not None and 0 < value < 400 else None


def parse_brazilian_number(text: str) -> float | None:
    """``"100.000,00"`` -> 100000.0; ``"5.000"`` -> 5000.0; OCR ``"500,000,00"`` -> 500000.0."""
    s = text.strip()
    if not s:
        return None
    decimal = ""
    m = re.search(r",(\d{1,2})$", s)
    if m and not re.fullmatch(r"\d{1,3}(?:,\d{3})+", s):
        decimal = m.group(1)
        s = s[: m.start()]
    digits = re.sub(r"[.,]", "", s)
    if not digits.isdigit():
        return None
    return float(f"{int(digits)}.{decimal or '0'}")


def expand_year(text: str, citing_year: int | None) -> int | None:
    """Four digits as they are ("1.990" -> 1990); two digits: latest year <= the citing year."""
    digits = text.replace(".", "")
    if not digits.isdigit():
        return None
    if len(digits) == 4:
        return int(digits)
    if len(digits) != 2:
        return None
    pivot = citing_year if citing_year is not None else dt.date.today().year
    year = (pivot // 100) * 100 + int(digits)
    return year - 100 if year > pivot else year


def _list_items(text: str, item_re: str) -> list[tuple[str, bool]]:
    """Items of a list ("I, II e IV", "5º a 10"): (item, starts_a_range)."""
    items: list[tuple[str, bool]] = []
    pos = 0
    for m in re.finditer(item_re, text, re.IGNORECASE):
        between = text[pos:m.start()]
        is_range = bool(re.search(r"\b(?:a|ao|até)\b", between, re.IGNORECASE)) and bool(items)
        items.append((m.group(0), is_range))
        pos = m.end()
    return items


def _expand_ranges(values: list[tuple[int, bool]]) -> list[int]:
    out: list[int] = []
    for value, is_range in values:
        if is_range and out and out[-1] < value <= out[-1] + 200:
            out.extend(range(out[-1] + 1, value + 1))
        else:
            out.append(value)
    return list(dict.fromkeys(out))


_ART_PIECE_RE = re.compile(
    rf"(?P<num>{_DIGITS})(?:\s?[º°o](?![a-z])|\.?º)?|(?P<par>{_PAR_NUM})|(?P<caput>\bcaput\b)"
    rf"|(?P<roman>{_ROMAN})|(?P<letter>\b{_LETTER})",
    re.IGNORECASE,
)


def _article_paths(text: str) -> tuple[tuple[Step, ...], ...]:
    """The artigos of an artigo list, each with what the comma style adds to it:
    "102, I, o" -> art 102 / inciso 1 / alínea 15; "8º e 9º" -> art 8, art 9; "5º a 7" -> 5, 6, 7."""
    specs: list[dict[str, list[str]]] = []
    pos = 0
    for m in _ART_PIECE_RE.finditer(text):
        between = text[pos:m.start()]
        pos = m.end()
        if m.group("num"):
            number = int(re.sub(r"[lI|]", "1", m.group("num"), flags=re.IGNORECASE))
            ranged = bool(re.search(r"\b(?:a|ao|até)\b", between, re.IGNORECASE))
            if ranged and specs and len(specs[-1]) == 1 and specs[-1]["artigo"][0].isdigit():
                last = int(specs[-1]["artigo"][0])
                if last < number <= last + 200:
                    specs.extend({"artigo": [str(n)]} for n in range(last + 1, number + 1))
                    continue
            specs.append({"artigo": [str(number)]})
            continue
        if not specs:
            continue
        spec = specs[-1]
        if m.group("par"):
            digits = re.search(r"\d+", m.group("par"))
            assert digits is not None  # the pattern's 'par' holds a number
            value = digits.group(0)
            if "inciso" in spec or "alinea" in spec:
                spec = {"artigo": spec["artigo"]}
                specs.append(spec)
            spec.setdefault("paragrafo", []).append(str(int(value)))
        elif m.group("caput"):
            spec["caput"] = []
        elif m.group("roman"):
            value_int = roman_to_int(m.group("roman"))
            if value_int is None:
                continue
            if "alinea" in spec:
                spec = {k: v for k, v in spec.items() if k in ("artigo", "paragrafo", "caput")}
                specs.append(spec)
            spec.setdefault("inciso", []).append(str(value_int))
        elif m.group("letter") and "inciso" in spec and len(spec["inciso"]) == 1:
            spec.setdefault("alinea", []).append(str(ord(fold_lower(m.group("letter"))) - ord("a") + 1))
    paths = []
    for spec in specs:
        steps = [Step(level, tuple(dict.fromkeys(values))) for level, values in spec.items()]
        paths.append(tuple(sorted(steps, key=lambda st: LEVELS[st.level])))
    return tuple(paths)


def _paragraph_values(text: str) -> tuple[str, ...]:
    out: list[tuple[int, bool]] = []
    unico = False
    for s, r in _list_items(text, rf"\d{{1,2}}|{_PAR_WORDS}"):
        folded = fold_lower(s)
        if folded == "unico":
            unico = True
        elif folded.isdigit():
            out.append((int(folded), r))
        elif folded in _ORDINALS:
            out.append((_ORDINALS[folded], r))
    values = [str(v) for v in _expand_ranges(out)]
    return tuple((["unico"] if unico else []) + values)


def _roman_values(text: str) -> tuple[str, ...]:
    out: list[tuple[int, bool]] = []
    for s, r in _list_items(text, _ROMAN):
        v = roman_to_int(s)
        if v is not None:
            out.append((v, r))
    return tuple(str(v) for v in _expand_ranges(out))


def _alinea_values(text: str) -> tuple[str, ...]:
    """Letters of an alínea list, tolerant of OCR: only tokens that are one letter once
    quotes and stray marks are stripped count (``"a! e "h"`` -> a, h)."""
    out: list[tuple[int, bool]] = []
    pieces = re.split(r"(,|\s+e\s+|\s+(?:a|até)\s+)", text)
    is_range = False
    for piece in pieces:
        if piece is None:
            continue
        if re.fullmatch(r"\s+(?:a|até)\s+", piece):
            is_range = True
            continue
        if piece == "," or re.fullmatch(r"\s+e\s+", piece):
            is_range = False
            continue
        core = re.sub(rf"[\s{_Q}!.,:;()]+", "", piece)
        if len(core) == 1 and core.isalpha():
            out.append((ord(fold_lower(core)) - ord("a") + 1, is_range and bool(out)))
        is_range = False
    return tuple(str(v) for v in _expand_ranges(out) if 1 <= v <= 26)


def _item_values(text: str) -> tuple[str, str]:
    """Values and level of "item 3" / "itens 1 e 2". Drafters also say "item" for other levels:
    a roman value ("Ítem III") means an inciso, a quoted letter ("item “e”") an alínea."""
    if re.search(r"\d", text):
        items = [(int(s), r) for s, r in _list_items(text, r"\d{1,2}")]
        return ",".join(str(v) for v in _expand_ranges(items)), "item"
    if re.search(rf"[{_Q}]", text):
        return ",".join(_alinea_values(text)), "alinea"
    return ",".join(_roman_values(text)), "inciso"


def _group_type(word: str) -> str:
    folded = fold_lower(word)
    if folded.startswith("cap"):
        return "capitulo"
    if folded.startswith("subse"):
        return "subsecao"
    if folded.startswith("se"):
        return "secao"
    return "titulo"


def _atom_from_match(m: re.Match[str]) -> _Atom | None:
    g = m.groupdict()
    rel_map = {"anterior": "anterior", "precedente": "anterior", "seguinte": "seguinte",
               "subsequente": "seguinte"}
    step: Step | None = None
    group_word = g["grp_self_kind"] or g["grp_kind"]
    if group_word and fold_lower(group_word).startswith("titulo") and not group_word[0].isupper():
        return None  # "a título de", "sob o mesmo título": the common word, not the agrupador
    if g["lei"]:
        step = Step("lei")
    elif g["grp_self"]:
        step = Step(_group_type(g["grp_self_kind"]), relative="este")
    elif g["grp"]:
        values = tuple(dict.fromkeys(
            "unico" if fold_lower(v) == "unico" else str(roman_to_int(v))
            for v, _ in _list_items(g["grp_list"], rf"{_ROMAN}|[uú]nico\b")
            if fold_lower(v) == "unico" or roman_to_int(v) is not None
        ))
        step = Step(_group_type(g["grp_kind"]), values) if values else None
    elif g["art_self"]:
        step = Step("artigo", relative="este")
    elif g["par_self"]:
        step = Step("paragrafo", relative="este")
    elif g["inc_self"]:
        step = Step("inciso", relative="este")
    elif g["ali_self"]:
        step = Step("alinea", relative="este")
    elif g["all"]:
        kind = fold_lower(g["all_kind"])
        level = {"§§": "paragrafo", "paragrafos": "paragrafo", "incisos": "inciso",
                 "alineas": "alinea", "itens": "item"}[kind]
        step = Step(level, every=True)
    elif g["caput"]:
        step = Step("caput")
    elif g["art"]:
        if g["art_rel"]:
            step = Step("artigo", relative=rel_map[fold_lower(g["art_rel"])])
        else:
            paths = _article_paths(g["art_list"])
            if not paths:
                return None
            values = tuple(dict.fromkeys(p[0].values[0] for p in paths))
            return _Atom(m.start(), m.end(), Step("artigo", values), paths=paths)
    elif g["par"]:
        if g["par_rel"]:
            step = Step("paragrafo", relative=rel_map[fold_lower(g["par_rel"])])
        else:
            values = _paragraph_values(g["par_list"])
            step = Step("paragrafo", values) if values else None
            tail = _roman_values(g["par_tail"] or "")
            if step is not None and tail:
                return _Atom(m.start(), m.end(), step, extra=(Step("inciso", tail),))
    elif g["par_ocr"]:
        step = Step("paragrafo", (str(int(g["par_ocr_n"])),))
    elif g["inc"]:
        if g["inc_rel"]:
            step = Step("inciso", relative=rel_map[fold_lower(g["inc_rel"])])
        else:
            values = _roman_values(g["inc_list"])
            step = Step("inciso", values) if values else None
            tail = _alinea_values(g["inc_tail"] or "")
            if step is not None and tail and len(values) == 1:
                return _Atom(m.start(), m.end(), step, extra=(Step("alinea", tail),))
    elif g["ali"]:
        if g["ali_rel"]:
            step = Step("alinea", relative=rel_map[fold_lower(g["ali_rel"])])
        else:
            values = _alinea_values(g["ali_body"] or g["ali_list"] or "")
            step = Step("alinea", values) if values else None
    elif g["ite"]:
        joined, level = _item_values(g["ite_list"])
        if joined:
            step = Step(level, tuple(joined.split(",")))
    if step is None:
        return None
    return _Atom(m.start(), m.end(), step)


# ---------------------------------------------------------------------------------------------
# Recognition (the spaCy component's work, on one text)
# ---------------------------------------------------------------------------------------------


def _external_citations(text: str, citing_year: int | None) -> list[Citation]:
    out = []
    for m in EXTERNAL_RE.finditer(text):
        tipo_text = fold_lower(re.sub(r"\s+", " ", m.group("tipo")))
        jur_words = fold_lower(m.group("jur") or "").split()
        items = list(EXT_ITEM_RE.finditer(m.group("list")))
        plural = bool(re.search(r"(?:s|oes)\b", tipo_text.split()[0])) or (
            m.group("mark") is not None and fold_lower(m.group("mark")).rstrip(". ").endswith("s")
        )
        has_year = any(it.group("yy") or it.group("year") for it in items)
        if m.group("mark") is None and not has_year:
            continue  # "Lei 10" without "nº" nor year: too weak
        if not plural:
            items = items[:1]
        tipo = _ext_tipo_token(tipo_text, jur_words)
        jurisdicao = next((w for w in jur_words if w in ("federal", "estadual", "municipal")), None)
        norms = []
        for it in items:
            year_text = it.group("year") or it.group("yy")
            numero = re.sub(r"\D", "", it.group("num")).lstrip("0") or "0"
            ano = expand_year(year_text, citing_year) if year_text else None
            norms.append(NormRef(tipo=tipo, numero=numero, ano=ano, jurisdicao=jurisdicao))
        end = m.start("list") + items[-1].end() if items else m.end()
        out.append(Citation("external", m.start(), end, text[m.start():end], norms=tuple(norms)))
    return out


def _ext_tipo_token(tipo_text: str, jur_words: list[str]) -> str:
    """The LexML token of a cited tipo ('leis complementares' -> 'lei.complementar'); a 'Lei' whose
    jurisdiction words say 'complementar' ('Lei Municipal Complementar nº 5') is a Lei Complementar."""
    token = next((token for pattern, token in _CITED_TIPOS if pattern.fullmatch(tipo_text)), "lei")
    if token == "lei" and "complementar" in jur_words:
        return "lei.complementar"
    return token


def _named_citations(doc: Doc) -> list[Citation]:
    out = []
    jurisdictions = {entry["id"]: entry.get("jurisdicao") for entry in NAMED_NORMS}
    for ent in doc.ents:
        if ent.label_ != "NORMA":
            continue
        norm = NormRef(tipo=ent.ent_id_, jurisdicao=jurisdictions.get(ent.ent_id_))
        out.append(Citation("external", ent.start_char, ent.end_char, ent.text, norms=(norm,)))
    return out


def _internal_citations(text: str, external_starts: set[int]) -> list[Citation]:
    atoms = [a for a in (_atom_from_match(m) for m in ATOM_RE.finditer(text)) if a is not None]
    chains: list[list[_Atom]] = []
    i = 0
    while i < len(atoms):
        chain = [atoms[i]]
        i += 1
        while i < len(atoms):
            nxt = atoms[i]
            gap = text[chain[-1].end:nxt.start]
            top = min(a.level for a in chain)
            if GENITIVE_GAP_RE.fullmatch(gap) and nxt.level < top and not nxt.step.every:
                chain.append(nxt)
            elif nxt.step.every and AND_GAP_RE.fullmatch(gap) and top <= LEVELS["artigo"]:
                chain.append(nxt)  # "artigo 6º e seus §§"
            elif (
                COMMA_GAP_RE.fullmatch(gap)
                and len(chain) == 1
                and chain[0].step.level not in ("lei", "caput")
                and len(chain[0].paths) <= 1
                and nxt.level > max([chain[0].level] + [LEVELS[s.level] for p in chain[0].paths for s in p])
                and not _leads_up(atoms, i, text)
            ):
                chain.append(nxt)  # "artigo 63, inciso V", "inciso VI, alíneas b e c"
            else:
                break
            i += 1
        chains.append(chain)
    out = []
    for chain in chains:
        steps = [s for a in chain for s in (a.step, *a.extra) if s.level != "lei"]
        if not steps:
            continue  # "desta Lei" alone names the whole norm, not a unit
        start, end = min(a.start for a in chain), max(a.end for a in chain)
        if _cites_other_norm(text, end, external_starts):
            continue
        listed = next((a for a in chain if a.paths), None)
        paths: tuple[tuple[Step, ...], ...]
        if listed is None:
            paths = (tuple(sorted(steps, key=lambda s: LEVELS[s.level])),)
        else:
            others = [s for a in chain if a is not listed for s in (a.step, *a.extra) if s.level != "lei"]
            paths = tuple(
                tuple(sorted(p + tuple(s for s in others if s.level not in {x.level for x in p}),
                             key=lambda s: LEVELS[s.level]))
                for p in listed.paths
            )
        out.append(Citation("internal", start, end, text[start:end], paths=paths))
    return out


def _leads_up(atoms: Sequence[_Atom], i: int, text: str) -> bool:
    """Whether atom ``i`` is itself followed by a more general atom ("inciso I do artigo 5")."""
    if i + 1 >= len(atoms):
        return False
    gap = text[atoms[i].end:atoms[i + 1].start]
    return bool(GENITIVE_GAP_RE.fullmatch(gap)) and atoms[i + 1].level < atoms[i].level


def _cites_other_norm(text: str, end: int, external_starts: set[int]) -> bool:
    """Whether the chain ending at ``end`` goes on "da Lei nº ...", "do Código ...", "da referida Lei"."""
    m = OTHER_NORM_RE.match(text, end)
    if m is None:
        return False
    return m.end() in external_starts or OTHER_NORM_WORD_RE.match(text, m.end()) is not None


def _amount_citations(text: str) -> list[Citation]:
    out = []
    for m in AMOUNT_CURRENCY_RE.finditer(text):
        value = parse_brazilian_number(m.group("num"))
        cur = m.group("cur")
        cur = "Cr$" if cur.upper() == "CR$" else cur
        out.append(Citation("amount", m.start(), m.end(), m.group(0), value=value, unit=cur))
    for m in AMOUNT_UNIT_RE.finditer(text):
        unit = next(
            (AMOUNT_UNITS[int(k[1:])][1] or v.upper() for k, v in m.groupdict().items()
             if k.startswith("u") and k[1:].isdigit() and v),
            None,
        )
        out.append(Citation("amount", m.start(), m.end(), m.group(0),
                            value=parse_brazilian_number(m.group("num")), unit=unit))
    for m in AMOUNT_WORDS_RE.finditer(text):
        value = words_to_int(m.group("words"))
        if value is not None:
            unit = {"reais": "R$", "cruzeiros": "Cr$"}.get(fold_lower(m.group("unit")).split()[0], "Cz$")
            if fold_lower(m.group("unit")) == "cruzeiros reais":
                unit = "CR$"
            out.append(Citation("amount", m.start(), m.end(), m.group(0), value=float(value), unit=unit))
    for m in PERCENT_RE.finditer(text):
        out.append(Citation("amount", m.start(), m.end(), m.group(0).rstrip(),
                            value=parse_brazilian_number(m.group("num")), unit="%"))
    for m in DEADLINE_RE.finditer(text):
        if _is_age(text, m.start(), m.end()):
            continue
        out.append(Citation("deadline", m.start(), m.end(), m.group(0),
                            value=float(m.group("num")), unit=_time_unit(m.group("unit"))))
    for m in DEADLINE_WORDS_RE.finditer(text):
        value = words_to_int(m.group("words"))
        if value is not None and not _is_age(text, m.start(), m.end()):
            out.append(Citation("deadline", m.start(), m.end(), m.group(0),
                                value=float(value), unit=_time_unit(m.group("unit"))))
    return out


def _time_unit(text: str) -> str:
    words = fold_lower(text).split()
    unit = {"dia": "dias", "mes": "meses", "ano": "anos", "hora": "horas",
            "semana": "semanas"}.get(words[0], words[0])
    if len(words) > 1:
        unit += " úteis" if words[1] == "uteis" else " corridos"
    return unit


def _drop_overlaps(citations: Iterable[Citation]) -> list[Citation]:
    """Amount/deadline spans overlapping a longer one of the same family are dropped."""
    kept: list[Citation] = []
    for c in sorted(citations, key=lambda c: (c.start, -(c.end - c.start))):
        if any(k.start < c.end and c.start < k.end for k in kept):
            continue
        kept.append(c)
    return kept


def recognise_citations(doc: Doc, *, citing_year: int | None = None) -> list[Citation]:
    """Every citation in one processed text, in text order (context-free)."""
    text = doc.text
    named = _named_citations(doc)
    numbered = [c for c in _external_citations(text, citing_year)
                if not any(n.start < c.end and c.start < n.end for n in named)]
    externals = named + numbered
    revocation_at = [m.start() for m in REVOCATION_RE.finditer(text)]
    marked = []
    for c in externals:
        revoked = any(0 <= c.start - r <= REVOCATION_WINDOW for r in revocation_at)
        marked.append(Citation("revocation", c.start, c.end, c.text, norms=c.norms) if revoked else c)
    internal = _internal_citations(text, {c.start for c in externals})
    numbers = _drop_overlaps(_amount_citations(text))
    # a number inside a citation ("Lei nº 81/74") is not an amount
    numbers = [n for n in numbers
               if not any(c.start <= n.start < c.end for c in itertools.chain(marked, internal))]
    return sorted(marked + internal + numbers, key=lambda c: (c.start, c.end))


# ---------------------------------------------------------------------------------------------
# spaCy components
# ---------------------------------------------------------------------------------------------

if not Doc.has_extension("locleg_citations"):
    Doc.set_extension("locleg_citations", default=None)
if not Doc.has_extension("locleg_citing_year"):
    Doc.set_extension("locleg_citing_year", default=None)


class CitationRecognizer:
    """The ``locleg_citations`` component: citation grammar over ``doc.text``."""

    def __init__(self, nlp: Language, name: str, spans_key: str, ruleset_version: str):
        self.name = name
        self.spans_key = spans_key
        self.ruleset_version = ruleset_version

    def __call__(self, doc: Doc) -> Doc:
        citations = recognise_citations(doc, citing_year=doc._.locleg_citing_year)
        doc._.locleg_citations = citations
        spans = []
        for c in citations:
            span = doc.char_span(c.start, c.end, label=c.kind, alignment_mode="expand")
            if span is not None:
                spans.append(span)
        doc.spans[self.spans_key] = spans
        return doc


@Language.factory(
    "locleg_citations",
    default_config={"spans_key": "locleg_refs", "ruleset_version": RULESET_VERSION},
)
def make_citation_recognizer(nlp: Language, name: str, spans_key: str, ruleset_version: str) -> CitationRecognizer:
    return CitationRecognizer(nlp, name, spans_key, ruleset_version)


def named_norm_patterns() -> list[dict]:
    """:data:`NAMED_NORMS` as EntityRuler token patterns; each word matches with or without its
    accents, in any case ("Codigo Nacional de Transito" is found as well)."""
    patterns = []
    for entry in NAMED_NORMS:
        tokens = []
        for word in re.findall(r"\w+", entry["pattern"].lower()):
            variants = sorted({word, fold_lower(word)})
            tokens.append({"LOWER": {"IN": variants}} if len(variants) > 1 else {"LOWER": word})
        patterns.append({"label": "NORMA", "pattern": tokens, "id": entry["id"]})
    return patterns


@lru_cache(maxsize=1)
def build_reference_nlp() -> Language:
    """The reference pipeline: blank ``pt`` + ``entity_ruler`` (norms cited by name) +
    ``locleg_citations`` (the citation grammar). Built once per process (cached); nothing is
    downloaded.
    """
    nlp = spacy.blank("pt")
    ruler = nlp.add_pipe("entity_ruler", config={"validate": True, "overwrite_ents": True})
    ruler.add_patterns(named_norm_patterns())  # type: ignore[attr-defined]
    nlp.add_pipe("locleg_citations")
    return nlp


# ---------------------------------------------------------------------------------------------
# Resolution against the norm's units
# ---------------------------------------------------------------------------------------------


@dataclass
class _Tree:
    ids: set[str] = field(default_factory=set)
    parent: dict[str, str | None] = field(default_factory=dict)
    type_of: dict[str, str] = field(default_factory=dict)
    children: dict[str, list[str]] = field(default_factory=dict)
    articles: list[str] = field(default_factory=list)
    article_by_number: dict[str, str] = field(default_factory=dict)
    below: dict[str, list[str]] = field(default_factory=dict)  # every descendant of a unit
    groups: dict[str, list[str]] = field(default_factory=dict)  # agrupador type -> ids in order
    group_number: dict[str, str] = field(default_factory=dict)  # "2" for "II", "unico"

    @classmethod
    def of(cls, units: Sequence[Unit]) -> _Tree:
        tree = cls()

        def walk(unit: Unit, parent: str | None) -> None:
            tree.ids.add(unit.id)
            tree.parent[unit.id] = parent
            ancestor = parent
            while ancestor is not None:
                tree.below.setdefault(ancestor, []).append(unit.id)
                ancestor = tree.parent.get(ancestor)
            tree.type_of[unit.id] = unit.type
            tree.children.setdefault(parent or "", []).append(unit.id)
            if unit.type in GROUP_ORDER:
                tree.groups.setdefault(unit.type, []).append(unit.id)
                raw = fold_lower(unit.number or "").strip()
                number = raw if raw.isdigit() else str(roman_to_int(raw) or raw)
                tree.group_number[unit.id] = str(int(number)) if number.isdigit() else number
            if unit.type == "artigo":
                tree.articles.append(unit.id)
                number = re.sub(r"\D", "", unit.number or "")
                if number and number.lstrip("0") not in tree.article_by_number:
                    tree.article_by_number[number.lstrip("0")] = unit.id
            for child in unit.children:
                walk(child, unit.id)

        for unit in units:
            walk(unit, None)
        return tree

    def ancestors(self, uid: str) -> list[str]:
        """``uid`` and its ancestors, nearest first."""
        out = []
        cur: str | None = uid
        while cur is not None:
            out.append(cur)
            cur = self.parent.get(cur)
        return out

    def nearest(self, uid: str, utype: str) -> str | None:
        return next((a for a in self.ancestors(uid) if self.type_of[a] == utype), None)

    def sibling(self, uid: str, offset: int) -> str | None:
        if self.type_of[uid] == "artigo":
            seq = self.articles
        else:
            seq = [s for s in self.children.get(self.parent[uid] or "", [])
                   if self.type_of[s] == self.type_of[uid]]
        i = seq.index(uid) + offset
        return seq[i] if 0 <= i < len(seq) else None

    def article(self, number: str) -> str | None:
        key = number.lstrip("0")
        if key in self.article_by_number:
            return self.article_by_number[key]
        return f"art{key}" if f"art{key}" in self.ids else None


def _segment(level: str, value: str) -> str:
    if level == "paragrafo" and value == "unico":
        return f"{LEXML_PREFIX[level]}1u"
    return f"{LEXML_PREFIX[level]}{value}"


def _match_below(tree: _Tree, base: str, wanted: list[str], prefer_caput: bool) -> list[str]:
    """Existing ids under ``base`` whose segments contain ``wanted`` in order, ending with it.

    Ids with the fewest extra segments (other than ``cpt``) win.
    """
    if not wanted:
        return [base]
    exact = base + "_" + "_".join(wanted)
    if exact in tree.ids:
        return [exact]
    best: list[str] = []
    best_score = 10**6
    prefix = base + "_"
    for cand in tree.below.get(base, ()):
        if not cand.startswith(prefix):
            continue
        segs = cand[len(prefix):].split("_")
        if segs[-1] != wanted[-1]:
            continue
        it = iter(segs)
        if not all(any(s == w for s in it) for w in wanted):
            continue
        extra = [s for s in segs if s not in wanted]
        # fewest extra levels; with "caput" said, a caput path beats a parágrafo path
        score = sum(1 for s in extra if s != "cpt") * 2 + (0 if not prefer_caput or "cpt" in extra else 1)
        if score < best_score:
            best, best_score = [cand], score
        elif score == best_score:
            best.append(cand)
    return sorted(best)


@dataclass(frozen=True)
class _Resolution:
    ids: tuple[str, ...]
    problem: Literal["unresolved", "ambiguous"] | None = None  # for some or all of the targets
    detail: str = ""


def _resolve_groups(steps: Sequence[Step], unit_id: str, tree: _Tree) -> _Resolution:
    """Agrupadores named by number ("Seção I do Capítulo II") or relative ("deste Capítulo")."""
    chosen: list[str] | None = None
    context = set(tree.ancestors(unit_id))
    for step in sorted(steps, key=lambda s: GROUP_ORDER.index(s.level)):
        if step.relative is not None:
            here = tree.nearest(unit_id, step.level)
            if here is None:
                return _Resolution((), "unresolved", f"no enclosing {step.level}")
            chosen = [here]
            continue
        found: list[str] = []
        for value in step.values:
            cands = [g for g in tree.groups.get(step.level, []) if tree.group_number.get(g) == value]
            if chosen is not None:
                cands = [c for c in cands if any(c in tree.below.get(p, ()) for p in chosen)]
            if len(cands) > 1:  # "Capítulo II" said inside a Título: the one of that Título
                near = [c for c in cands if tree.parent.get(c) in context]
                cands = near or cands
            if len(cands) != 1:
                return _Resolution((), "ambiguous" if cands else "unresolved", f"{step.level} {value}: {', '.join(cands) or 'none'}")
            found.append(cands[0])
        chosen = found
    return _Resolution(tuple(chosen or ()))


def resolve_citation(steps: Sequence[Step], unit_id: str, tree: _Tree) -> _Resolution:
    """Unit ids an internal citation names, relative to the citing unit ``unit_id``."""
    groups = [s for s in steps if s.level in GROUP_ORDER]
    steps = [s for s in steps if s.level not in GROUP_ORDER]
    if groups and not steps:
        return _resolve_groups(groups, unit_id, tree)
    by_level = {s.level: s for s in steps}
    art = by_level.get("artigo")
    par = by_level.get("paragrafo")
    prefer_caput = "caput" in by_level
    bases: list[str]
    missing: list[_Resolution] = []
    if art is not None and art.relative is not None:
        here = tree.nearest(unit_id, "artigo")
        if here is None:
            return _Resolution((), "unresolved", "no enclosing artigo")
        target = here if art.relative == "este" else tree.sibling(here, -1 if art.relative == "anterior" else 1)
        if target is None:
            return _Resolution((), "unresolved", f"no artigo {art.relative} to {here}")
        bases = [target]
    elif art is not None:
        bases = []
        for value in art.values:
            art_id = tree.article(value)
            if art_id is None:
                missing.append(_Resolution((), "unresolved", f"no artigo {value} (art{value})"))
            else:
                bases.append(art_id)
    else:
        here = tree.nearest(unit_id, "artigo")
        if here is None:
            return _Resolution((), "unresolved", "no enclosing artigo")
        bases = [here]
    lower = [s for s in steps if LEVELS[s.level] > LEVELS["caput"]]
    if par is not None and par.relative is not None:
        here_par = tree.nearest(unit_id, "paragrafo")
        if here_par is None or (art is not None and art.relative != "este"):
            return _Resolution((), "unresolved", "no enclosing parágrafo")
        target = here_par if par.relative == "este" else tree.sibling(here_par, -1 if par.relative == "anterior" else 1)
        if target is None:
            return _Resolution((), "unresolved", f"no parágrafo {par.relative}")
        bases = [target]
        lower = [s for s in lower if s.level != "paragrafo"]
    for rel_level in ("inciso", "alinea"):
        step = by_level.get(rel_level)
        if step is not None and step.relative is not None:
            here_x = tree.nearest(unit_id, rel_level)
            if here_x is None:
                return _Resolution((), "unresolved", f"no enclosing {rel_level}")
            target = here_x if step.relative == "este" else tree.sibling(here_x, -1 if step.relative == "anterior" else 1)
            if target is None:
                return _Resolution((), "unresolved", f"no {rel_level} {step.relative}")
            bases = [target]
            lower = [s for s in lower if LEVELS[s.level] > LEVELS[rel_level]]
    every = [s for s in lower if s.every]
    lower = [s for s in lower if not s.every]
    # Without an explicit artigo/parágrafo, a bare "inciso II" is looked for nearest first.
    search_from_context = art is None and par is None and not any(
        by_level[lv].relative for lv in ("inciso", "alinea") if lv in by_level
    )
    ids: list[str] = []
    problems: list[_Resolution] = list(missing)
    for base in bases:
        combos = itertools.product(*[[_segment(s.level, v) for v in s.values] for s in lower]) if lower else [()]
        for combo in combos:
            one = _resolve_one(tree, base, list(combo), prefer_caput, unit_id if search_from_context else None)
            if one.problem:
                problems.append(one)
            ids.extend(one.ids)
        if every:
            level = every[0].level
            prefix = LEXML_PREFIX[level]
            pattern = re.compile(rf"{re.escape(base)}(?:_cpt)?_{prefix}\d+u?")
            members = sorted((i for i in tree.below.get(base, ()) if pattern.fullmatch(i)), key=_natural_key)
            if not members:
                problems.append(_Resolution((), "unresolved", f"no {level} under {base}"))
            ids.extend(members)
    if problems:
        # the targets that exist are kept; the others are reported, never invented
        return _Resolution(tuple(dict.fromkeys(ids)), problems[0].problem,
                           "; ".join(p.detail for p in problems))
    return _Resolution(tuple(dict.fromkeys(ids)))


def _resolve_one(tree: _Tree, base: str, wanted: list[str], prefer_caput: bool,
                 context_unit: str | None) -> _Resolution:
    attempts = [wanted]
    if wanted and wanted[0] == "par1":
        attempts.append(["par1u"] + wanted[1:])
    elif wanted and wanted[0] == "par1u":
        attempts.append(["par1"] + wanted[1:])
    for attempt in attempts:
        if context_unit is not None and attempt:
            # nearest container first: the unit itself, its parent, ... up to the artigo
            for container in tree.ancestors(context_unit):
                found = _match_below(tree, container, attempt, prefer_caput)
                if len(found) == 1:
                    return _Resolution(tuple(found))
                if container == base:
                    break
        found = _match_below(tree, base, attempt, prefer_caput)
        if len(found) == 1:
            return _Resolution(tuple(found))
        if len(found) > 1:
            return _Resolution((), "ambiguous", f"{'_'.join(attempt)} under {base}: {', '.join(found)}")
    what = "_".join(wanted) if wanted else ""
    return _Resolution((), "unresolved", f"no {base}{'_' + what if what else ''}")


def _natural_key(uid: str) -> list[object]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", uid)]


def _citing_year(meta: NormMeta | None) -> int | None:
    if meta is None:
        return None
    if meta.ano is not None:
        return meta.ano
    return meta.data.year if meta.data is not None else None


def references_of(citations: Sequence[Citation], unit_id: str, tree: _Tree) -> tuple[list[Reference], list[WarningItem]]:
    """The ``Reference`` values (and warnings) of one unit's citations."""
    refs: list[Reference] = []
    warnings: list[WarningItem] = []
    for c in citations:
        if c.kind == "internal":
            results = [resolve_citation(path, unit_id, tree) for path in c.paths]
            problems = [r for r in results if r.problem]
            if problems:
                warnings.append(WarningItem(
                    code="reference_ambiguous" if problems[0].problem == "ambiguous" else "reference_unresolved",
                    message=f"internal reference '{c.text}' not (fully) resolved: "
                            + "; ".join(r.detail for r in problems),
                    id=unit_id,
                ))
            targets = dict.fromkeys(t for r in results for t in r.ids)
            refs.extend(Reference(kind="internal", text=c.text, target=t) for t in targets)
        elif c.kind in ("external", "revocation"):
            refs.extend(Reference(kind=c.kind, text=c.text, target=n) for n in c.norms)
        else:
            refs.append(Reference(kind=c.kind, text=c.text, value=c.value, unit=c.unit))
    return refs, warnings


def find_references(
    units: list[Unit], *, meta: NormMeta | None = None
) -> tuple[list[Unit], list[WarningItem]]:
    """New units (copies) with ``references`` filled for every unit of the tree, and warnings.

    One ``nlp.pipe`` over every unit text. Internal references are resolved to ids that exist in
    ``units``; those that name no existing unit (or several) become warnings
    (``reference_unresolved`` / ``reference_ambiguous``), never invented ids.
    """
    nlp = build_reference_nlp()
    tree = _Tree.of(units)
    flat = list(walk_units(units))
    year = _citing_year(meta)
    per_unit: dict[str, list[Reference]] = {}
    warnings: list[WarningItem] = []
    texts = ((piece, u.id) for u in flat for piece in chunk_text(u.text or ""))
    for doc, uid in nlp.pipe(_with_year(texts, nlp, year), as_tuples=True, batch_size=512):
        refs, warns = references_of(doc._.locleg_citations or [], uid, tree)
        per_unit.setdefault(uid, []).extend(refs)
        warnings.extend(warns)

    def rebuild(unit: Unit) -> Unit:
        return unit.model_copy(update={
            "references": per_unit.get(unit.id, []),
            "children": [rebuild(c) for c in unit.children],
        })

    return [rebuild(u) for u in units], warnings


SPACY_CHUNK_CHARS = 100_000
"""A unit's text goes to spaCy in pieces of at most this many characters (spaCy refuses texts
over ``nlp.max_length``, 1,000,000, with E088; a unit of any length must structure)."""


def chunk_text(text: str, *, size: int = SPACY_CHUNK_CHARS) -> list[str]:
    """``text`` cut into pieces of at most ``size`` characters, at the last line break or space
    before the limit when there is one (a citation is rarely split; a cut mid-citation loses at
    most that citation), concatenating back to ``text``."""
    if len(text) <= size:
        return [text]
    pieces = []
    start = 0
    while len(text) - start > size:
        end = start + size
        cut = max(text.rfind("\n", start + size // 2, end), text.rfind(" ", start + size // 2, end))
        if cut > start:
            end = cut + 1
        pieces.append(text[start:end])
        start = end
    pieces.append(text[start:])
    return pieces


def _with_year(texts: Iterable[tuple[str, str]], nlp: Language, year: int | None) -> Iterable[tuple[Doc, str]]:
    # Docs are made here so the citing year rides on each Doc into the components.
    for text, uid in texts:
        doc = nlp.make_doc(text)
        doc._.locleg_citing_year = year
        yield doc, uid
