"""Properties of cleaning and structuring: never raise, idempotent, unique ids, nothing lost."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.norm import NormDocument
from pipeline.cleaning import EDIT_RULES, CleanLine, apply_line_rules, clean_document
from pipeline.structure import structure_document
from pipeline.textpages import document_from_text

# The first structuring loads spaCy and what it imports lazily; one of those ('rich') draws from the
# global random generator at import, which Hypothesis reports when it happens during a draw.
structure_document(document_from_text("LEI Nº 1\nArt. 1º Teste."))

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ocr_alphabet = st.characters(
    whitelist_categories=("Lu", "Ll", "Nd", "Zs", "Po", "Pd", "Ps", "Pe", "Sm", "So", "Sc"),
    whitelist_characters="§º°ª\n\f",
)
labels = st.sampled_from(
    ["ARTIGO 1º:-", "Art. 2º", "RTIGO 3º", "8 1º:-", "$ 2º", "PARÁGRAFO ÚNICO:-", "I -", "HI —", "a)", "1.",
     "CAPÍTULO II", "TÍTULO I", "LEI Nº 12, DE 3 DE MAIO DE 1990", "NM 57", "ESTADO DE GOIÁS", "VETADO"]
)
ocr_like = st.lists(
    st.one_of(st.text(ocr_alphabet, max_size=60), st.builds(lambda a, b: f"{a} {b}", labels, st.text(ocr_alphabet, max_size=40))),
    max_size=40,
).map("\n".join)


def _all_units(units):
    for u in units:
        yield u
        yield from _all_units(u.children)


@SETTINGS
@given(ocr_like)
def test_arbitrary_text_never_raises_and_ids_are_unique(text: str) -> None:
    result = structure_document(document_from_text(text))
    NormDocument.model_validate(result.model_dump())
    ids = [u.id for u in _all_units(result.articulacao)]
    assert len(ids) == len(set(ids))
    assert result.document.status in {"extracted", "partial", "needs_review", "failed"}


@SETTINGS
@given(st.text(ocr_alphabet, max_size=80))
def test_line_rules_are_idempotent(text: str) -> None:
    for _name, edit in EDIT_RULES:
        assert edit(edit(text)) == edit(text)
    line = apply_line_rules(CleanLine(text, 0, 0))
    again = apply_line_rules(CleanLine(line.text, 0, 0))
    assert again.text == line.text and again.kind == line.kind


words = st.lists(st.sampled_from(
    "município prefeitura concessão serviço público veículo taxa licença prazo obra estabelecimento "
    "fiscalização permissionário autorização regulamento infração multa cadastro".split()
), min_size=3, max_size=12).map(" ".join)


@st.composite
def laws(draw):
    lines = ["LEI Nº 31, DE 4 DE ABRIL DE 1989", "Dispõe sobre " + draw(words) + "."]
    for n in range(1, draw(st.integers(1, 8)) + 1):
        lines.append(f"Art. {n}º {draw(words).capitalize()}:")
        for _k, roman in enumerate(["I", "II", "III"][: draw(st.integers(0, 3))]):
            lines.append(f"{roman} - {draw(words)};")
        if draw(st.booleans()):
            lines.append(f"Parágrafo único. {draw(words).capitalize()}.")
    return "\n".join(lines)


@SETTINGS
@given(laws())
def test_every_word_of_a_law_is_kept_somewhere(text: str) -> None:
    result = structure_document(document_from_text(text))
    out = " ".join(
        [result.epigrafe or "", result.ementa or "", result.preambulo or ""]
        + [f"{u.label or ''} {u.title or ''} {u.text}" for u in _all_units(result.articulacao)]
    ).lower()
    for word in re.findall(r"[^\W\d_]+", text.lower()):
        assert word in out
    # whole but for its fecho (the generated laws have none): partial, for that reason only
    assert (result.document.status, result.document.reasons) == ("partial", ["no_fecho"])


noise = st.sampled_from(["NM 57", "»", "Coco se an o a asa a e sas a a no o nn o en", "%", "C.M. Cc. 12", "ps,", "Tel.: (65) 573-1329"])


@SETTINGS
@given(laws(), st.lists(st.tuples(st.integers(0, 60), noise), max_size=6))
def test_document_cleaning_is_idempotent_on_laws(text: str, insertions) -> None:
    lines = text.split("\n")
    for at, junk in insertions:
        lines.insert(min(at, len(lines)), junk)
    once = [ln.text for ln in clean_document(document_from_text("\n".join(lines))) if not ln.is_noise]
    twice = [ln.text for ln in clean_document(document_from_text("\n".join(once))) if not ln.is_noise]
    assert twice == once
    assert not any(junk in once for _at, junk in insertions)
