"""bench/amend: the amending-law generator is deterministic and its gold is what its text says."""
from __future__ import annotations

import importlib.util
import json
import re
import unicodedata
from pathlib import Path

import pytest

from bench.amend.__main__ import main as amend_main
from bench.amend.draw import draw_set
from bench.amend.gold import build_gold
from bench.amend.render import text_pages

SCORE = Path(__file__).resolve().parents[2] / "shared" / "tools" / "score.py"


def flat(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    return re.sub(r"\s+", " ", text.replace("\f", " ")).strip()


@pytest.fixture(scope="module")
def laws() -> list:
    return draw_set(1212, 12)


def test_same_seed_same_files(tmp_path: Path) -> None:
    amend_main(["--seed", "5", "--out", str(tmp_path / "a"), "--n", "4", "--scans", "0"])
    amend_main(["--seed", "5", "--out", str(tmp_path / "b"), "--n", "4", "--scans", "0"])
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert "004.gold.json" in names and "003.meta.json" in names
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    amend_main(["--seed", "6", "--out", str(tmp_path / "c"), "--n", "4", "--scans", "0"])
    assert (tmp_path / "c" / "001.txt").read_text() != (tmp_path / "a" / "001.txt").read_text()


def test_every_recipe_and_pattern_is_covered(laws: list) -> None:
    features = {f for law in laws for f in law["features"]}
    for want in ("short", "multi_blocks", "nested_units", "added_article", "quoted_agrupador",
                 "omission_lines", "consolidation", "renumerado", "revocation", "amending_incisos",
                 "amending_paragraph", "own_after_with_pars", "block_across_pages", "lost_open_quote"):
        assert want in features, want
    assert {law["style"] for law in laws} == {"federal", "municipal"}


def test_gold_texts_are_printed_in_order(laws: list) -> None:
    """Every own and quoted text of the gold stands in the law's text, in the gold's order, and
    each quoted block starts after its amending unit's text."""
    for law in laws:
        text = flat(text_pages(law))
        # the letterhead repeated at a page break sits inside a unit's text: drop it for the check
        for head in ("PREFEITURA MUNICIPAL DE " + law["meta"]["municipio"].upper(), "Estado de " + law["state"]):
            text = text.replace(head + " ", "")
        gold = build_gold(law)
        pos = 0
        for u in gold["units"]:
            at = text.find(flat(u["text"]), pos)
            assert at >= 0, (law["id"], u["id"], u["text"])
            pos = at
        for alt in gold["alteracoes"]:
            parent = next(u for u in gold["units"] if u["id"] == alt["parent"])
            start = text.find(flat(parent["text"]))
            for q in alt["units"]:
                if q.get("text"):
                    assert text.find(flat(q["text"]), start) > start, (law["id"], q["id"])


def test_gold_ids_follow_the_lexml_convention(laws: list) -> None:
    for law in laws:
        gold = build_gold(law)
        ids = [u["id"] for u in gold["units"]]
        assert len(ids) == len(set(ids))
        arts = [u["number"] for u in gold["units"] if u["type"] == "artigo"]
        assert arts == [str(k) for k in range(1, len(arts) + 1)]
        for alt in gold["alteracoes"]:
            assert re.fullmatch(r"art\d+_(cpt|par\d+u?|cpt_inc\d+)(_inc\d+)?_alt\d+", alt["id"]), alt["id"]
            for q in alt["units"]:
                assert q["id"].startswith(alt["id"] + "_"), q["id"]
                assert "-A" not in q["id"], q["id"]  # Art. 7º-A is art7-1


@pytest.mark.skipif(not SCORE.exists(), reason="../shared/tools/score.py not present")
def test_gold_as_output_scores_one(laws: list) -> None:
    """The gold written as an output (own units, alterações as nodes) scores 1.0 on the shared
    scorer, and a quoted article written as an own one does not."""
    spec = importlib.util.spec_from_file_location("score", SCORE)
    score = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(score)  # type: ignore[union-attr]
    law = next(x for x in laws if len(build_gold(x)["alteracoes"]) >= 2)
    gold = json.loads(json.dumps(build_gold(law)))
    nodes = [{"id": u["id"], "type": u["type"], "number": u["number"], "text": u["text"], "children": []}
             for u in gold["units"]]
    alts = [{"id": a["id"], "type": "alteracao", "text": "", "children": [
        {"id": q["id"], "type": q["type"], "text": q.get("text", "")} for q in a["units"]]} for a in gold["alteracoes"]]
    assert score.score({"articulacao": nodes + alts, "norm": gold["norm"]}, gold)["unit_f1"] == 1.0
    quoted = gold["alteracoes"][0]["units"][0]
    leaked = nodes + [{"id": "art99", "type": "artigo", "text": quoted["text"]}]
    assert score.score({"articulacao": leaked, "norm": gold["norm"]}, gold)["unit_f1"] < 1.0


def test_committed_set_config_regenerates_the_measured_files(tmp_path: Path) -> None:
    """bench/sets/amend-1212.json: the texts, metas and golds the first sight was measured on
    come back byte for byte from the generator (the documents themselves are not committed)."""
    import hashlib

    spec = json.loads((Path(__file__).resolve().parents[1] / "bench" / "sets" / "amend-1212.json").read_text())
    amend_main(["--seed", str(spec["seed"]), "--out", str(tmp_path), "--n", str(spec["n"]), "--scans", "0",
                "--federal-every", str(spec["federal_every"])])
    digest = hashlib.sha256()
    for pattern in ("[0-9]*.txt", "[0-9]*.gold.json", "[0-9]*.meta.json"):
        for path in sorted(tmp_path.glob(pattern)):
            digest.update(path.read_bytes())
    assert digest.hexdigest() == spec["digest"]
