"""bench/gen: one generator for the evaluation sets (drawn and hand-written)."""

import dataclasses
import json
import os
import random
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bench.gen.book import SetDirs, build_case, print_pages, write_case
from bench.gen.draw import draw_set
from bench.gen.hyphenation import LAWKIT, SCANLAB, TEXTSIM, TYPEWRITER, Hyphenation, break_points
from bench.gen.noise import BODY_NOISE, LABEL_SWAPS, LETTERHEAD_NOISE, char_noise, confuse_once
from bench.gen.sets import build_set, load_set
from bench.gen.source import dump_book, id_segment, parse_book
from bench.gen.validate import find_shared, validate_dir
from bench.gen.wrapping import (
    LAWKIT_BREAKING,
    SCANLAB_BREAKING,
    TEXTSIM_BREAKING,
    TYPEWRITER_BREAKING,
    fits_chars,
    wrap,
)

ROOT = Path(__file__).resolve().parents[1]
SMALL = {"arts": [4, 7], "p_prev": 0.0, "p_next": 0.0, "p_shuffle": 0.0, "p_dup": 0.0}


def spec(tmp: Path, seed: int, n: int, mode: str, knobs: dict | None = None) -> dict:
    return {"name": "t", "dir": str(tmp), "style": "seeds", "seed": seed, "n": n,
            "knobs": knobs or {}, "mode": mode}


def files(d: Path) -> dict:
    return {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def test_a_seed_draws_the_same_set_and_another_seed_another():
    a, b = draw_set(4242, 3), draw_set(4242, 3)
    assert json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)
    c = draw_set(4243, 3)
    assert [x[0]["norm"] for x in a] != [x[0]["norm"] for x in c]
    for cfg, laws in a:  # the markup is the data: writing and reading it changes nothing
        assert parse_book(dump_book(cfg, laws)) == (cfg, laws)


def test_built_files_are_identical_for_a_seed(tmp_path):
    build_set(spec(tmp_path / "a", 77, 3, "text"), log=lambda *x: None)
    build_set(spec(tmp_path / "b", 77, 3, "text"), log=lambda *x: None)
    fa, fb = files(tmp_path / "a"), files(tmp_path / "b")
    assert len([k for k in fa if k.startswith("gold/")]) == 3
    assert fa == fb


def test_drawn_gold_validates_against_the_format(tmp_path):
    build_set(spec(tmp_path, 515, 4, "text"), log=lambda *x: None)
    log: list = []
    assert validate_dir(SetDirs(tmp_path, "seeds"), log=lambda *x: log.append(x)) == 0, log
    gold = json.loads((tmp_path / "gold" / "001.json").read_text())
    assert gold["units"][0]["id"] == "art1" and gold["closing"]["signatories"]


def test_clean_text_of_a_drawn_law_scores_perfectly(tmp_path):
    cfg, laws = draw_set(9090, 1, SMALL)[0]
    dirs = SetDirs(tmp_path, "seeds")
    build_case(cfg, laws, dirs, "clean")
    out = tmp_path / "out.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "locleg", "structure", str(dirs.text("001")),
                    "--meta", str(dirs.meta("001")), "-o", str(out)], check=True, cwd=ROOT, env=env)
    r = subprocess.run([sys.executable, str(find_shared() / "tools" / "score.py"), str(out),
                        str(dirs.gold("001")), "--json"], capture_output=True, text=True, check=True)
    figures = json.loads(r.stdout)
    assert figures["unit_f1"] == 1.0 and figures["art_f1"] == 1.0, figures


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs Tesseract")
def test_a_drawn_law_is_scanned_and_read_by_tesseract(tmp_path):
    cfg, laws = draw_set(3131, 1, dict(SMALL, arts=[2, 3], damage=[0.1, 0.2]))[0]
    dirs = SetDirs(tmp_path, "seeds")
    build_case(cfg, laws, dirs, "ocr", pdf=True)
    text = dirs.text("001").read_text(encoding="utf-8")
    assert cfg["norm"]["municipio"].split()[-1].upper()[:5] in text.upper()
    assert dirs.pdf("001").read_bytes()[:5] == b"%PDF-"
    assert list(dirs.png("001").glob("*.png"))


def test_hand_written_sets_rebuild_their_committed_gold(tmp_path):
    for name in ("qa4", "qa5", "qa6"):
        s = load_set(name)
        shutil.copytree(s["dir"], tmp_path / name)
        s["dir"] = str(tmp_path / name)
        build_set(s, mode="gold", log=lambda *x: None)
        for stem in s["laws"]:
            for suffix in (".gold.json", ".meta.json"):
                assert (tmp_path / name / f"{stem}{suffix}").read_bytes() == \
                    (ROOT / "bench" / name / f"{stem}{suffix}").read_bytes(), (stem, suffix)
            assert (tmp_path / name / "png" / stem / "layout.txt").read_bytes() == \
                (ROOT / "bench" / name / "png" / stem / "layout.txt").read_bytes()


def test_fresh_draws_runs_locleg_scores_and_refuses_a_used_seed(tmp_path):
    ledger = tmp_path / "used.txt"
    cmd = [sys.executable, str(ROOT / "bench" / "fresh.py"), "--n", "2", "--text-only",
           "--ledger", str(ledger), "--jobs", "1"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(cmd + ["--out", str(tmp_path / "a")], capture_output=True, text=True,
                       env=env, check=True)
    seed = int(ledger.read_text().split()[0])
    scores = json.loads((tmp_path / "a" / "scores.json").read_text())
    assert scores["seed"] == seed and sorted(scores["laws"]) == ["001", "002"]
    assert f"MEAN over 2 laws (seed {seed})" in r.stdout and "unit_f1=" in r.stdout
    assert 0.0 < scores["mean"]["unit_f1"] <= 1.0
    for used in (seed, 202):  # the ledger's seed and the report set's seed are both taken
        again = subprocess.run(cmd + ["--seed", str(used), "--out", str(tmp_path / "b")],
                               capture_output=True, text=True, env=env)
        assert again.returncode != 0 and "used before" in again.stderr


# --- hyphenation: one function, each set's rules as data ------------------------------------

@pytest.mark.parametrize("rules, word, points", [
    (TYPEWRITER, "administração", [4, 10]),    # admi-nis..., adminis-tração: 'st|r' would split 'tr'
    (TYPEWRITER, "arte", []),                  # 'VC|CV' wants a letter before the vowel
    (TYPEWRITER, "livro", []),                 # no 'V|OV' on the typewriter
    (TEXTSIM, "livro", [2]),                   # li-vro
    (TEXTSIM, "instrumento", [3, 6, 9]),       # ins-tru-men-to ('C|O' before 'tr')
    (LAWKIT, "palavras", [4]),                 # after a vowel a consonant follows, 3 letters kept
    (TEXTSIM, "atlântico", [5, 7]),            # 'tl' is an onset: never at-lântico
    (SCANLAB, "atlântico", [2, 5]),            # scanlab's clusters have no 'tl'; 'V|CV..' keeps 4
])
def test_break_points_follow_each_sets_rules(rules, word, points):
    assert break_points(word, rules) == points


@pytest.mark.parametrize("rules", [TYPEWRITER, TEXTSIM, LAWKIT, SCANLAB])
def test_no_rule_set_splits_an_onset_or_leaves_a_short_end(rules):
    for word in ("cachorro", "trabalhadores", "qualquer", "vinhedo", "obrigatoriedade", "ab"):
        for p in break_points(word, rules):
            assert word[p - 1:p + 1] not in rules.onsets
            assert p >= rules.head and len(word) - p >= rules.tail


_WORDS = ("a", "de", "Município", "licença", "far-se-á", "estabelecimentos", "contribuinte,",
          "bem-estar;", "administração.", "§", "1º", "(VETADO)", "inconstitucionalidade", "R$", "10,00")


def _texts(seed: int, n: int = 150) -> list[tuple[str, int]]:
    rng = random.Random(seed)
    return [(" ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 40))), rng.randint(6, 40))
            for _ in range(n)]


def test_a_wrapper_that_never_breaks_words_sets_lines_as_textwrap_does():
    # bench/amend's text pages were wrapped by textwrap before the one wrapper took them over
    for text, width in _texts(1):
        assert [ln.text for ln in wrap(text.split(), fits_chars(width))] == textwrap.wrap(
            text, width, break_long_words=False, break_on_hyphens=False)


@pytest.mark.parametrize("breaking", [TYPEWRITER_BREAKING, TEXTSIM_BREAKING,
                                      dataclasses.replace(LAWKIT_BREAKING, p_break=0.6),
                                      SCANLAB_BREAKING, dataclasses.replace(TYPEWRITER_BREAKING, p_break=1.0)])
def test_every_recipe_keeps_to_the_width_and_its_lines_join_back_to_the_text(breaking):
    rng = random.Random(7)
    broke = 0
    for text, width in _texts(2):
        lines = wrap(text.split(), fits_chars(width), breaking, rng)
        joined = ""
        for ln in lines:
            assert len(ln.printed) <= width or " " not in ln.printed, (width, ln)
            joined += ln.text + ("" if ln.broken else " ")
            broke += ln.broken
        assert joined.strip() == " ".join(text.split())
    assert broke > 0  # every recipe breaks some word at these widths


def test_character_noise_keeps_a_clean_line_and_misreads_what_its_table_names():
    rng = random.Random(3)
    line = "PREFEITURA MUNICIPAL DE IMPERATRIZ - licença de funcionamento"
    assert char_noise(line, 0.0, rng, BODY_NOISE) == line
    heavy = char_noise("IIII", 1.0, rng, LETTERHEAD_NOISE)  # every 'I' is read as one of 'l|1'
    assert set(heavy.split()[-1]) <= set("l|1") and len(heavy.split()[-1]) == 4
    assert char_noise("rn", 1.0, rng, BODY_NOISE) == "m"  # two characters read as one


def test_one_confusion_at_a_label_changes_the_label_only():
    rng = random.Random(4)
    for _ in range(50):
        out = confuse_once("ARTIGO 3º - O Município", LABEL_SWAPS, rng, window=14, first=True)
        assert out != "ARTIGO 3º - O Município" and out.endswith("O Município")


def test_a_pattern_reads_letters_and_clusters_around_the_break():
    only_onsets = Hyphenation(("V|OV",))
    assert break_points("cobre", only_onsets) == [2]      # co-bre
    assert break_points("corte", only_onsets) == []       # 'rt' is no onset


# --- what every generator shares: gold ids, the page printer, the case files -----------------

@pytest.mark.parametrize("kind, number, segment", [
    ("artigo", "5", "art5"), ("artigo", "12-A", "art12-1"), ("artigo", "único", "art1u"),
    ("paragrafo", "único", "par1u"), ("paragrafo", "2", "par2"), ("inciso", "XIV", "inc14"),
    ("inciso", "IV-B", "inc4-2"), ("alinea", "c", "ali3"), ("item", "3", "ite3"),
    ("capitulo", "II-A", "cap2-1"), ("secao", "ÚNICA", "sec1u"), ("titulo", "3", "tit3"),
])
def test_id_segment_is_lexmls(kind, number, segment):
    assert id_segment(kind, number) == segment


def test_pages_print_as_form_feed_text_and_a_case_as_three_files(tmp_path):
    pages = [["LEI Nº 1", "", "Art. 1º Texto."], ["Art. 2º Outro."]]
    assert print_pages(pages) == "LEI Nº 1\n\nArt. 1º Texto.\n\fArt. 2º Outro.\n"
    assert print_pages(pages, formfeed=False) == "LEI Nº 1\n\nArt. 1º Texto.\nArt. 2º Outro.\n"
    write_case(SetDirs(tmp_path, "seeds"), "007", {"uf": "SP"}, {"units": []}, "x\n")
    assert (tmp_path / "seeds" / "007.txt").read_text() == "x\n"
    assert (tmp_path / "seeds" / "007.meta.json").read_text() == '{"uf": "SP"}\n'
    assert json.loads((tmp_path / "gold" / "007.json").read_text()) == {"units": []}
