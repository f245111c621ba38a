"""The OCR channel model: prefix alignment costs of printed labels against OCR line starts."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest

from pipeline.reading import channel
from pipeline.reading.channel import ConfusionModel, boundary_ok, default_model, prefix_cost

FIXTURE = Path(__file__).parent / "data" / "channel_heldout.txt"


def test_exact_match_costs_nothing_and_ends_after_the_label():
    assert prefix_cost("Art. 10", "Art. 10 - Fica criado") == (0.0, 7)
    assert prefix_cost("§ 2º", "§ 2º") == (0.0, 4)
    assert prefix_cost("b)", "b) multa;") == (0.0, 2)


def _as_decoded(expected: str, observed: str) -> tuple[float, int]:
    """The cost as the decoder asks for it: an end where no label can end pays the boundary."""
    return prefix_cost(expected, observed, boundary=default_model().boundary)


def test_a_digit_misread_prefers_the_expected_number():
    ten, end10 = _as_decoded("ARTIGO 10º", "ARTIGO 102:- Fica o Poder Executivo")
    eleven, _ = _as_decoded("ARTIGO 11º", "ARTIGO 102:- Fica o Poder Executivo")
    assert ten < eleven
    assert end10 == 10  # 'ARTIGO 102' consumed: the '2' is the misread 'º'
    assert ten < 4.0
    # without the boundary the label may stop before the '2' ('º' lost): the decoder never asks so
    assert prefix_cost("ARTIGO 10º", "ARTIGO 102:- Fica")[0] <= ten


def test_section_sign_read_as_eight_is_cheap():
    cost, end = prefix_cost("§ 1º", "8 1º A reincidência será punida")
    assert cost < 1.0 and end == 4
    assert cost < prefix_cost("§ 2º", "8 1º A reincidência será punida")[0]
    assert cost < prefix_cost("Art. 1º", "8 1º A reincidência será punida")[0]


def test_roman_three_read_as_hi_is_cheap_and_beats_its_neighbours():
    cost, end = _as_decoded("III", "HI - advertência por escrito;")
    assert end == 2
    assert cost < 3.5  # the learned 'II' -> 'H' confusion: cheaper than two unrelated edits
    assert cost < _as_decoded("II", "HI - advertência por escrito;")[0]
    assert cost < _as_decoded("IV", "HI - advertência por escrito;")[0]


def test_dust_before_the_label_is_consumed_and_costed():
    cost, end = prefix_cost("Art. 5º", ". Art. 5º - Compete")
    assert end == len(". Art. 5º")
    assert 0.0 < cost < 4.0
    assert prefix_cost("Art. 5º", ". Art. 5º - Compete", max_dust=0)[0] > cost
    # more junk than max_dust: the label cannot start that late
    assert prefix_cost("Art. 5º", ".,;' Art. 5º", max_dust=3)[0] > prefix_cost("Art. 5º", ".,; Art. 5º")[0]


def test_a_speck_standing_between_the_words_of_a_label_costs_as_dust():
    # 'Parágrafo |1º': the speck is the noise read before labels, not a character of the label
    apart, end = prefix_cost("Parágrafo 1º", "Parágrafo |1º - Os valores")
    assert end == len("Parágrafo |1º") and apart < 3.0
    glued, _ = prefix_cost("Parágrafo 1º", "Parág|rafo 1º - Os valores")
    assert glued > apart + 2.0  # inside a word it is an insertion the channel rarely saw


def test_spaces_matter_little():
    lost, end = prefix_cost("Art. 10", "Art.10 Fica")
    assert lost <= 0.6 and end == 6
    extra, end = prefix_cost("§ 2º", "§  2º Fica")
    assert extra <= 0.6 and end == 5


def test_case_matters():
    assert prefix_cost("ART. 5º", "Art. 5º")[0] > 0.0


def test_an_unrelated_character_costs_several_units():
    cost, _ = prefix_cost("b)", "w)")
    assert 3.0 <= cost <= 8.0


def test_only_the_first_characters_of_the_line_matter():
    short = prefix_cost("Art. 10", "Arl. 10")
    assert prefix_cost("Art. 10", "Arl. 10" + " x" * 50) == short


@pytest.mark.parametrize(("observed", "end", "ok"), [
    ("Artigos", 3, False),          # a word, not the label 'Art'
    ("Art. 10", 6, False),          # 'Art. 1' runs on into a digit
    ("Art. 10", 7, True),           # end of line
    ("Art. 10 - Fica", 7, True),    # a space follows
    ("Art. 10- Fica", 7, True),     # punctuation follows
    ("III- multa", 3, True),
    ("b)multa", 2, True),           # the label itself ends in punctuation
    ("Art. 5ºFica", 7, True),       # after an ordinal sign
    ("ARTIGO 1O", 8, False),        # a letter O that may be a misread zero
])
def test_boundary(observed: str, end: int, ok: bool):
    assert boundary_ok(observed, end) is ok


def test_packaged_model_loads_with_its_tables_and_provenance():
    data = json.loads(resources.files("pipeline.data").joinpath("ocr_confusions.json").read_text(encoding="utf-8"))
    for key in ("substitutions", "insertions", "deletions", "dust", "multi"):
        assert data["costs"][key], key
    for key in ("substitution", "case", "accent", "deletion", "insertion", "dust", "space", "dust_space"):
        assert data["defaults"][key] > 0
    made = data["made"]
    assert made["tesseract"] and made["fonts"] and made["damage"] and made["train_lines"] > 300
    model = default_model()
    assert model is default_model()  # loaded once
    assert model.substitutions["§"]["8"] < 1.0  # a confusion the data must show


def test_fast_path_equals_the_full_recurrence():
    """The generated column-by-column DP and the generic row-by-row DP agree on random text."""
    model = default_model()
    rng = random.Random(7)
    alphabet = "Art.ARTIGO§º°12345670IVXlHS8 -:)bce"
    for _ in range(400):
        expected = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        observed = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 19)))
        label = channel._label(model, expected)
        row = channel._align_generic(model, label, observed, 3)  # the whole last row
        best = min(row)
        generic = (best, len(row) - 1 - row[::-1].index(best))  # on a tie the longer reading
        ins, row0 = channel._observed_costs(model, observed, 3)
        fast = label.run(observed, ins, row0, label.columns.get, label.miss)
        multi_possible = any(r in observed for r in label.multi_reads)
        assert fast[0] >= generic[0] - 1e-9  # multi-character confusions can only make it cheaper
        if not multi_possible:
            assert fast[0] == pytest.approx(generic[0]) and fast[1] == generic[1]


def test_uniform_model_is_plain_levenshtein():
    lev = ConfusionModel.uniform()
    assert prefix_cost("Art. 10", "Arl. 1O", model=lev) == (2.0, 7)
    assert prefix_cost("III", "HI", model=lev) == (2.0, 2)


def _rank(model: ConfusionModel, read: str, true: str, competitors: list[str]) -> float:
    def score(label: str) -> float:
        cost, end = prefix_cost(label, read, model=model)
        return cost + (0.0 if boundary_ok(read, end) else 2.0)

    t = score(true)
    others = [score(c) for c in competitors]
    return 0.0 if any(o < t for o in others) else 1.0 / (1 + sum(o == t for o in others))


def test_learned_costs_rank_printed_labels_first_more_often_than_levenshtein():
    rows = [ln.split("\t") for ln in FIXTURE.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    assert len(rows) >= 30
    learned = sum(_rank(default_model(), read, true, comp.split("|")) for _, read, true, comp in rows)
    plain = sum(_rank(ConfusionModel.uniform(), read, true, comp.split("|")) for _, read, true, comp in rows)
    assert learned > plain, (learned, plain, len(rows))
