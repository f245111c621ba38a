"""bench/learn_confusions.py: pairing a draw's printed lines with its OCR lines, and weighted counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.learn_confusions import Costs, align, count_ops, draw_pairs, is_held_out, pair_page, read_layout

LAYOUT = """===== book page 7
[c] LEI MUNICIPAL Nº 862/78

      Art. 1º - O plantio e a poda de árvores nos passeios
públicos obedecerá ao disposto nesta Lei.
    Por dia               0,5 ORTN
===== book page 8
      Art. 2º - Revogam-se as disposições em contrário.
"""


def test_read_layout_keeps_the_typed_lines_of_each_book_page_with_single_spaces(tmp_path: Path):
    path = tmp_path / "layout.txt"
    path.write_text(LAYOUT, encoding="utf-8")
    pages = read_layout(path)
    assert pages == {
        7: ["LEI MUNICIPAL Nº 862/78", "Art. 1º - O plantio e a poda de árvores nos passeios",
            "públicos obedecerá ao disposto nesta Lei.", "Por dia 0,5 ORTN"],
        8: ["Art. 2º - Revogam-se as disposições em contrário."],
    }


def test_pair_page_skips_what_was_not_typed_and_keeps_the_order():
    printed = ["Art. 1º - O plantio e a poda de árvores", "públicos obedecerá ao disposto nesta Lei.",
               "Art. 2º - O plantio e a poda de árvores", "regulamento."]
    read = ["PREFEITURA MUNICIPAL DE PATOS", "Art. 10 - O plantio e a poda de árvores",
            "públicos obedecerá ao disposto nesta Lei.", "Art. 2º - O plantio e a poda de árvores",
            "ze", "5 130"]
    pairs = pair_page(printed, read)
    # the letterhead, the page number and a scrap are read but were not typed: no pair; the two
    # lines that differ only in their label pair with their own printed line (the order decides)
    assert [(p, r) for p, r, _ in pairs] == [(0, 1), (1, 2), (2, 3)]
    assert all(s >= 0.6 for _, _, s in pairs)
    assert pair_page(printed, []) == [] and pair_page([], read) == []


def test_pair_page_refuses_a_line_closer_to_another_printed_line():
    printed = ["Art. 5º - Compete à Secretaria Municipal", "Art. 6º - Compete à Secretaria Municipal de Obras"]
    read = ["Art. 6º - Compete à Secretaria Municipal de Obras"]
    assert [(p, r) for p, r, _ in pair_page(printed, read)] == [(1, 0)]


def test_draw_pairs_reads_a_bench_gen_draw(tmp_path: Path):
    draw = tmp_path / "seed-1"
    (draw / "png" / "004").mkdir(parents=True)
    (draw / "text").mkdir()
    (draw / "src").mkdir()
    (draw / "png" / "004" / "layout.txt").write_text(LAYOUT, encoding="utf-8")
    # scanned in the other order: scan 0 shows book page 8
    (draw / "png" / "004" / "pages.json").write_text(json.dumps([{"scan": 0, "book_page": 8},
                                                                 {"scan": 1, "book_page": 7}]))
    (draw / "src" / "004.law").write_text(json.dumps({"layout": {"font": "nimbus", "dpi": 300}})
                                           + "\n---\n=== LAW target\n", encoding="utf-8")
    doc = {"backend": "tesseract 5.3.0 (por)", "pages": [
        {"page_index": 0, "lines": [{"text": "Art. 20 - Revogam-se as disposições em contrário."}]},
        {"page_index": 1, "lines": [{"text": "LEI MUNICIPAL Nº 862/78"}, {"text": "Por dia e 09 ORTN"}]},
    ]}
    (draw / "text" / "004.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    records = draw_pairs(draw)
    got = [(r["page"], r["printed"], r["read"]) for r in records]
    assert got == [(0, "Art. 2º - Revogam-se as disposições em contrário.",
                    "Art. 20 - Revogam-se as disposições em contrário."),
                   (1, "LEI MUNICIPAL Nº 862/78", "LEI MUNICIPAL Nº 862/78"),
                   (1, "Por dia 0,5 ORTN", "Por dia e 09 ORTN")]
    assert {r["font"] for r in records} == {"nimbus"} and all(r["source"] == "draw" for r in records)
    assert is_held_out(records[0]) is True  # law 004: id % 5 == 4


@pytest.mark.parametrize("weight", [0.5, 2.0])
def test_counts_are_weighted_per_line(weight: float):
    lev = Costs({}, {}, {}, {}, {})
    alignments = [align("Art. 2º", "Art. 20", lev), align("§ 3º", "S 3º", lev)]
    plain = count_ops(alignments)
    weighted = count_ops(alignments, [weight, 1.0])
    assert plain.sub["º"]["0"] == 1 and weighted.sub["º"]["0"] == weight
    assert weighted.sub["§"]["S"] == plain.sub["§"]["S"] == 1
    assert weighted.ident["A"] == weight and weighted.ident["3"] == 1
