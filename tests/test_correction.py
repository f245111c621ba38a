"""Post-OCR word correction: right corrections, the safety rules, case and punctuation kept,
every change recorded. The lexicon is built from a small inline frequency table (fast, exact);
one test checks the packaged wordfreq lexicon."""

from __future__ import annotations

import pytest

from models.ocr import DocumentText, Line, PageText, Word
from pipeline.correction import (
    Correction,
    Lexicon,
    base_lexicon,
    build_lexicon,
    correct_document,
    correct_lines,
    correct_word,
    count_corrections,
    document_words,
    edit_cost,
    token_contexts,
    with_document,
)

FREQ = {
    "será": 6e-4, "sera": 8e-6, "poderá": 7e-5, "podera": 3e-7, "preços": 5e-5, "devidos": 2e-6,
    "municipal": 1e-4, "prefeito": 7e-5, "prefeitura": 7e-5, "terceiros": 1e-5, "recursos": 1e-4,
    "nesta": 2e-4, "desta": 3e-4, "festa": 1e-4, "lei": 3e-4, "de": 5e-2, "da": 1e-2, "dá": 3e-4,
    "o": 3e-2, "a": 3e-2, "e": 3e-2, "que": 3e-2, "publicação": 6e-5, "obrigações": 2e-5,
    "provenientes": 5e-6, "arrecadação": 5e-6, "exercício": 3e-5, "contrário": 1e-4,
    "revogadas": 3e-7, "revisadas": 3e-7, "licença": 1e-4, "licensa": 1e-7,
    "capítulo": 3e-5, "capitulo": 2e-6, "barbacena": 7e-7, "queiroz": 1e-5, "quieroz": 0.0,
    "período": 2e-4, "periodo": 2e-5, "secretaria": 1e-4, "secretário": 6e-5,
}


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return build_lexicon({w: f for w, f in FREQ.items() if f > 0}, legal=("munícipe",))


def fix(word: str, lex: Lexicon, **kw: object) -> str:
    got = correct_word(word, lex, **kw)  # type: ignore[arg-type]
    return word if got is None else got[0]


@pytest.mark.parametrize(("read", "printed"), [
    ("Munitipal", "Municipal"),        # c read as t
    ("prefcito", "prefeito"),          # e read as c
    ("tcrceiros", "terceiros"),
    ("préços", "preços"),              # a speck read as an accent
    ("dévidos", "devidos"),
    ("publicacão", "publicação"),      # a cedilla lost
    ("sera", "será"),                  # an in-lexicon form far rarer than its accented variant
    ("podera", "poderá"),
    ("hesta", "nesta"),                # n read as h beats d/f
])
def test_ocr_misreads_are_corrected(lex: Lexicon, read: str, printed: str) -> None:
    assert fix(read, lex) == printed


@pytest.mark.parametrize("word", [
    "Lei", "de", "recursos", "desta",       # words of the lexicon
    "dá",                                   # a short word with an accent is a word ('dá nova redação')
    "1978", "20", "3º", "2o", "Cr$",         # numbers and anything with a digit
    "I", "II", "III", "Iv", "HI", "TI", "XL",  # roman-numeral-like labels: the label reader's
    "Art", "ARTIGO", "ARIIGO", "Artigo",    # unit-label words, even misread
    "UPE", "ORIN",                          # short all-caps tokens (units, abbreviations)
    "a", "e",                               # single letters
    "§", "-", "—",                          # no letters at all
    "munícipe",                             # legal vocabulary
])
def test_reserved_and_known_words_are_left_alone(lex: Lexicon, word: str) -> None:
    assert correct_word(word, lex) is None


def test_confident_words_are_trusted(lex: Lexicon) -> None:
    assert fix("Munitipal", lex, conf=0.97) == "Munitipal"
    assert fix("Munitipal", lex, conf=0.5) == "Municipal"


def test_a_word_tesseract_gave_up_on_is_not_guessed(lex: Lexicon) -> None:
    assert fix("Munitipal", lex, conf=0.0) == "Munitipal"


def test_ties_are_left_alone() -> None:
    tie = build_lexicon({"parada": 1e-5, "pavada": 1e-5, "revogadas": 3e-7, "revisadas": 3e-7}, legal=())
    assert correct_word("paxada", tie) is None  # two words, same cost, same frequency: no evidence
    # the confusion weights break a tie of plain edit distance: g read as s is a known misread
    assert fix("revosadas", tie) == "revogadas"
    # an accent misread between two words: 'estã' is 'está' or 'esta'
    both = build_lexicon({"está": 2e-3, "esta": 9e-4, "estã": 1e-8}, legal=())
    assert correct_word("estã", both) is None


def test_case_pattern_and_punctuation_are_kept(lex: Lexicon) -> None:
    assert fix("MUNITIPAL", lex) == "MUNICIPAL"
    assert fix("Munitipal,", lex) == "Municipal,"
    assert fix("“prefcito;", lex) == "“prefeito;"
    assert fix("(dévidos).", lex) == "(devidos)."


def test_capitals_do_not_get_accents_a_typewriter_may_not_have_had(lex: Lexicon) -> None:
    assert correct_word("CAPITULO", lex) is None


def test_names_are_corrected_only_to_words_of_the_document(lex: Lexicon) -> None:
    # inside a sentence a capitalised non-word may be a name: left alone ...
    assert fix("Quieroz", lex, name_like=True) == "Quieroz"
    assert fix("Prefcito", lex, name_like=True) == "Prefcito"
    # ... unless the document itself reads the candidate capitalised, confidently, elsewhere
    doc_lex = with_document(lex, frozenset({"prefeito"}), frozenset({"prefeito"}))
    assert fix("Prefcito", doc_lex, name_like=True) == "Prefeito"


def test_a_word_cut_at_the_line_edge_is_not_completed(lex: Lexicon) -> None:
    assert fix("períod", lex, line_end=True) == "períod"
    assert fix("ecretaria", lex, line_start=True) == "ecretaria"
    assert fix("períod,", lex, line_end=True) in {"períod,", "período,"}  # punctuation closes it


def test_edit_cost_is_confusion_weighted() -> None:
    assert edit_cost("municipal", "munitipal") < edit_cost("municipal", "munixipal")
    assert edit_cost("modo", "rnodo") < 1.0  # m read as rn
    assert edit_cost("será", "sera") < 0.5  # an accent
    assert edit_cost("lei", "lei") == 0.0


def _line(*words: tuple[str, float]) -> Line:
    ws = tuple(Word(text=t, conf=c) for t, c in words)
    return Line(text=" ".join(w.text for w in ws), words=ws)


def test_a_capitalised_non_word_inside_a_sentence_needs_document_evidence(lex: Lexicon) -> None:
    out, made = correct_lines((_line(("o", 0.9), ("Munitipal", 0.6), ("informou.", 0.9)),), lex)
    assert made == ()  # 'Munitipal' may be a name here; 'municipal' is never read capitalised elsewhere


def test_lines_are_corrected_and_every_change_recorded(lex: Lexicon) -> None:
    lines = (
        _line(("Munitipal", 0.6), ("sera", 0.7), ("informado.", 0.95)),
        _line(("Art.", 0.9), ("2º", 0.9), ("-", 0.9), ("Lei", 0.95)),
    )
    out, made = correct_lines(lines, lex, page_index=3)
    assert out[0].text == "Municipal será informado."
    assert [w.text for w in out[0].words] == ["Municipal", "será", "informado."]
    assert out[1] is lines[1]  # untouched lines are the same objects
    assert made == (Correction(3, 0, 0, "Munitipal", "Municipal", made[0].cost),
                    Correction(3, 0, 1, "sera", "será", made[1].cost))
    assert count_corrections(made) == {3: 2}


def test_hyphenated_fragments_are_left_for_the_cleaning_stage(lex: Lexicon) -> None:
    lines = (_line(("com", 0.9), ("recursos", 0.9), ("pro-", 0.9)),
             _line(("venientes", 0.8), ("da", 0.9), ("arrecadação", 0.9)))
    ctx = token_contexts(lines)
    assert ctx[0][2].fragment and ctx[1][0].fragment
    out, made = correct_lines(lines, lex)
    assert made == ()


def test_a_lost_hyphen_is_recognised_by_the_joined_word(lex: Lexicon) -> None:
    lines = (_line(("recursos", 0.9), ("pro", 0.9)), _line(("venientes", 0.8), ("da", 0.9)))
    ctx = token_contexts(lines, lambda w: w in FREQ)
    assert ctx[0][1].fragment and ctx[1][0].fragment


def test_a_capitalised_word_inside_a_sentence_is_name_like() -> None:
    ctx = token_contexts((_line(("o", 0.9), ("Quieroz", 0.5), ("disse.", 0.9), ("Prefcito", 0.5)),))
    assert ctx[0][1].name_like and not ctx[0][3].name_like


def test_document_words_need_confident_or_repeated_reads() -> None:
    lines = (_line(("loteador", 0.95), ("Barbacena", 0.95), ("xyzzy", 0.3)),
             _line(("loteador", 0.95), ("Barbacena", 0.92), ("marchantes", 0.5)),
             _line(("marchantes", 0.4),))
    words, titles = document_words(lines)
    assert {"loteador", "barbacena", "marchantes"} <= words and "xyzzy" not in words
    assert titles == frozenset({"barbacena"})


def test_a_document_word_is_never_changed_and_may_replace_misreads(lex: Lexicon) -> None:
    page = PageText(page_index=0, method="ocr", lines=(
        _line(("loteador", 0.95), ("Garbacena", 0.6), ("e", 0.9)),
        _line(("o", 0.95), ("loteador", 0.93), ("de", 0.9), ("Barbacena", 0.95)),
        _line(("a", 0.9), ("Barbacena", 0.95), ("munitipal", 0.5)),
    ))
    doc = DocumentText(source="x.pdf", pages=(page,))
    fixed, made = correct_document(doc, lexicon=lex)
    texts = [ln.text for ln in fixed.pages[0].lines]
    assert texts[0] == "loteador Barbacena e"
    assert texts[2] == "a Barbacena municipal"
    assert [(c.original, c.replacement) for c in made] == [("Garbacena", "Barbacena"), ("munitipal", "municipal")]


def test_text_layer_pages_are_not_touched(lex: Lexicon) -> None:
    page = PageText(page_index=0, method="text", lines=(_line(("Munitipal", 0.5)),))
    doc = DocumentText(source="x.pdf", pages=(page,))
    fixed, made = correct_document(doc, lexicon=lex)
    assert made == () and fixed.pages[0] is page


@pytest.mark.parametrize("text", ["", " ", "!!", "a-b", "ÇÃÕ", "x" * 60, "Munic1pal", "é", "'", "--"])
def test_odd_tokens_never_raise(lex: Lexicon, text: str) -> None:
    correct_word(text, lex)
    correct_word(text, lex, name_like=True, line_end=True, line_start=True)


def test_the_packaged_lexicon_corrects_real_misreads() -> None:
    lex = base_lexicon()
    assert fix("Munitipal", lex) == "Municipal"
    assert fix("estabelccidos", lex) == "estabelecidos"
    assert fix("exertício", lex) == "exercício"
    assert correct_word("constarão", lex) is None  # a rare word is still a word
    assert correct_word("revogadas", lex) is None


def test_structuring_corrects_ocr_pages_and_records_every_change() -> None:
    from pipeline.structure import StructureConfig, structure_document

    def ocr_line(text: str, unsure: str = "") -> Line:
        return _line(*((w, 0.5 if w == unsure else 0.95) for w in text.split()))

    page = PageText(page_index=0, method="ocr", lines=(
        ocr_line("LEI Nº 12, DE 3 DE MARÇO DE 1980"),
        ocr_line("Art. 1º Fica o Prefeito autorizado a abrir crédito."),
        ocr_line("Art. 2º Esta Lei entra em vigor na data de sua publicacão.", unsure="publicacão."),
    ))
    doc = DocumentText(source="x.pdf", pages=(page,))
    out = structure_document(doc)
    assert [(c.page_no, c.original, c.replacement) for c in out.document.corrections] == [
        (1, "publicacão.", "publicação.")]
    assert out.articulacao[1].text.endswith("data de sua publicação.")
    raw = structure_document(doc, config=StructureConfig(correct=False))
    assert raw.document.corrections == [] and raw.articulacao[1].text.endswith("publicacão.")
