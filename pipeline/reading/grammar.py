"""The label grammar, as data: how each kind of unit prints its label.

One table (``LABEL_FORMS``) says every printed form of every label the decoder expects: the
forms of LC 95/1998 and those municipal laws have used since the 1940s. A form is a template
over one number; ``render_label`` prints it for a given number, and the decoder compares what
it prints with what OCR read (``pipeline.reading.channel``). Adding a form is one entry here
and one test; ``GRAMMAR_DIGEST`` changes with the table, and with it the rule-set version.

Template fields: ``{n}`` arabic number, ``{o}`` the ordinal mark that LC 95 prints up to nine
('1º' but '10'), ``{R}``/``{r}`` roman numeral in capitals/lower case, ``{l}``/``{L}`` alínea
letter, ``{W}``/``{WW}`` ordinal words capitalised/in capitals ('Décimo Quarto').
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache

from models.units import DISPOSITIVO_TYPES, GROUP_KINDS
from pipeline.reading.numerals import alinea_letter, int_to_roman, ordinal_words

# The kinds of the articulação a label opens, outermost first (LC 95/1998, art. 10).
UNIT_KINDS: tuple[str, ...] = DISPOSITIVO_TYPES


@dataclass(frozen=True)
class LabelForm:
    """One printed form of a label."""

    kind: str
    template: str
    cost: float = 0.0  # prior cost: rarer forms cost a little more than the LC 95 ones
    unico: bool = False  # the 'único' form: the only unit of its kind, number 1


LABEL_FORMS: tuple[LabelForm, ...] = (
    # artigos
    LabelForm("artigo", "Art. {n}{o}"),
    LabelForm("artigo", "ART. {n}{o}"),
    LabelForm("artigo", "Artigo {n}{o}"),
    LabelForm("artigo", "ARTIGO {n}{o}"),
    LabelForm("artigo", "Art. {n}.{o}", cost=0.3),  # the typewriter's ordinal after a point, '1.º'
    LabelForm("artigo", "ART. {n}.{o}", cost=0.3),
    LabelForm("artigo", "Artigo {n}.{o}", cost=0.3),
    LabelForm("artigo", "ARTIGO {n}.{o}", cost=0.3),
    LabelForm("artigo", "Art {n}{o}", cost=0.5),
    LabelForm("artigo", "Artigo {W}", cost=0.5),
    LabelForm("artigo", "ARTIGO {WW}", cost=0.5),
    LabelForm("artigo", "Art. único", unico=True, cost=0.5),
    LabelForm("artigo", "Artigo único", unico=True, cost=0.5),
    LabelForm("artigo", "ARTIGO ÚNICO", unico=True, cost=0.5),
    # parágrafos
    LabelForm("paragrafo", "§ {n}{o}"),
    LabelForm("paragrafo", "§{n}{o}", cost=0.2),
    LabelForm("paragrafo", "§ {n}.{o}", cost=0.3),  # the typewriter's '§ 1.º', as 'Art. 1.º'
    LabelForm("paragrafo", "Parágrafo único", unico=True),
    LabelForm("paragrafo", "PARÁGRAFO ÚNICO", unico=True),
    LabelForm("paragrafo", "Parágrafo {W}", cost=0.5),
    LabelForm("paragrafo", "PARÁGRAFO {WW}", cost=0.5),
    LabelForm("paragrafo", "Parágrafo {n}{o}", cost=0.5),
    LabelForm("paragrafo", "Parágrafo {n}.{o}", cost=0.8),
    # incisos
    LabelForm("inciso", "{R} -"),
    LabelForm("inciso", "{R} –"),
    LabelForm("inciso", "{R} —"),
    LabelForm("inciso", "{R})", cost=0.3),
    LabelForm("inciso", "{R}.", cost=0.5),
    LabelForm("inciso", "{r} -", cost=0.8),
    # alíneas
    LabelForm("alinea", "{l})"),
    LabelForm("alinea", "{l} -", cost=0.3),
    LabelForm("alinea", "{l} —", cost=0.3),  # (a typed hyphen as OCR often reads it, as for incisos)
    LabelForm("alinea", "{l}.", cost=0.5),
    LabelForm("alinea", "{L})", cost=0.8),
    # itens
    LabelForm("item", "{n})"),
    LabelForm("item", "{n}.", cost=0.3),
    LabelForm("item", "{n} -", cost=0.3),
)


@dataclass(frozen=True)
class GroupForm:
    """An agrupador: its kind, its level (outer first), its LexML id prefix and keywords."""

    kind: str
    level: int
    prefix: str
    keywords: tuple[str, ...]


# The keywords an agrupador's heading prints; its level and id prefix are the unit kind's
# (models.units).
_GROUP_KEYWORDS: dict[str, tuple[str, ...]] = {
    "parte": ("PARTE",),
    "livro": ("LIVRO",),
    "titulo": ("TÍTULO", "Título"),
    "capitulo": ("CAPÍTULO", "Capítulo"),
    "secao": ("SEÇÃO", "Seção", "SECÇÃO"),
    "subsecao": ("SUBSEÇÃO", "Subseção"),
}
GROUP_FORMS: tuple[GroupForm, ...] = tuple(
    GroupForm(k.kind, k.level, k.prefix, _GROUP_KEYWORDS[k.kind]) for k in GROUP_KINDS
)


def render_label(form: LabelForm, n: int) -> str | None:
    """The label ``form`` prints for number ``n`` ('Art. {n}{o}', 10 -> 'Art. 10'); None when the
    form cannot print it (ordinal words past 99, 'único' for anything but 1)."""
    if form.unico:
        return form.template if n == 1 else None
    t = form.template
    if "{W" in t:
        words = ordinal_words(n)
        if words is None:
            return None
        return t.replace("{WW}", words.upper()).replace("{W}", words)
    return (
        t.replace("{n}", str(n))
        .replace("{o}", "º" if n <= 9 else "")
        .replace("{R}", int_to_roman(n) if "{R}" in t else "")
        .replace("{r}", int_to_roman(n).lower() if "{r}" in t else "")
        .replace("{l}", alinea_letter(n) if "{l}" in t else "")
        .replace("{L}", alinea_letter(n).upper() if "{L}" in t else "")
    )


@cache
def forms_of(kind: str) -> tuple[LabelForm, ...]:
    return tuple(f for f in LABEL_FORMS if f.kind == kind)


@cache
def rendered_labels(kind: str, n: int, unico: bool = False) -> tuple[tuple[str, float, bool], ...]:
    """Every label a unit of ``kind`` number ``n`` may print: (text, form cost, unico)."""
    out = []
    for form in forms_of(kind):
        if form.unico and not unico and n != 1:
            continue
        text = render_label(form, n)
        if text is not None:
            out.append((text, form.cost, form.unico))
    return tuple(out)


def _digest() -> str:
    body = repr((UNIT_KINDS, LABEL_FORMS, GROUP_FORMS)).encode()
    return hashlib.sha256(body).hexdigest()[:10]


GRAMMAR_DIGEST = _digest()
