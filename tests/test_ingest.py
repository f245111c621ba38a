"""Single-file ingestion end to end (real Tesseract, real CLI) and the sample corpus renderer."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from scans import LETTERHEAD, law_pages, make_scanned_pdf, make_text_pdf

from pipeline.config import OcrConfig
from pipeline.ingest import read_file
from pipeline.ocr import plan_pages

ROOT = Path(__file__).resolve().parents[1]


def _locleg(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "locleg", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=300)


def _units(nodes: list[dict]) -> list[dict]:
    out = []
    for node in nodes:
        out.append(node)
        out.extend(_units(node.get("children", [])))
    return out


def test_cli_ingest_two_page_scan_finds_the_articles(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "lei-412-1994.pdf", law_pages(2), dpi=200, letterhead=LETTERHEAD,
                           skew=0.4, noise=0.0002, blur=0.3, seed=7)
    meta = tmp_path / "meta.json"
    meta.write_text(json.dumps({"municipio": "Santa Rita do Oeste", "uf": "SP", "tipo": "Lei Ordinária",
                                "numero": "412", "ano": 1994, "native_id": "test-412"}), encoding="utf-8")
    out = tmp_path / "lei.json"
    proc = _locleg("ingest", str(pdf), "--meta", str(meta), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text(encoding="utf-8"))

    document = data["document"]
    assert document["pages"] == 2
    assert document["method"] == "ocr"
    assert document["backend"].startswith("tesseract 5")
    assert document["sha256"] == hashlib.sha256(pdf.read_bytes()).hexdigest()
    assert 0.5 < document["confidence"] <= 1.0

    units = {u["id"]: u for u in _units(data["articulacao"])}
    artigos = [u["id"] for u in _units(data["articulacao"]) if u["type"] == "artigo"]
    assert artigos == ["art1", "art2", "art3", "art4", "art5"]
    assert {"art2_par1", "art2_par2", "art4_par1u"} <= set(units)
    incisos = [i for i in units if i.startswith("art3_cpt_inc")]
    assert len(incisos) >= 2 and "art3_cpt_inc1" in incisos
    assert units["art1"]["pages"] == [1, 1]
    assert units["art3"]["pages"][0] == 2  # the second page starts at Art. 3º
    assert "terrenos baldios" in units["art1"]["text"]

    check = _locleg("validate", str(out))
    assert check.returncode == 0, check.stderr


def test_cli_ocr_writes_pages_separated_by_form_feeds(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "lei.pdf", law_pages(2), dpi=150)
    out = tmp_path / "lei.txt"
    proc = _locleg("ocr", str(pdf), "-o", str(out), "--no-prepare")
    assert proc.returncode == 0, proc.stderr
    pages = out.read_text(encoding="utf-8").split("\f")
    assert len(pages) == 2
    assert "Art. 1º" in pages[0] and "Constituem" in pages[1]


def test_read_file_of_text_and_of_born_digital_pdf(tmp_path):
    txt = tmp_path / "lei.txt"
    txt.write_text("LEI Nº 1\nArt. 1º Um.\fArt. 2º Dois.\n", encoding="utf-8")
    doc = read_file(txt, config=OcrConfig())
    assert doc.method == "given" and len(doc.pages) == 2
    assert doc.sha256 == hashlib.sha256(txt.read_bytes()).hexdigest()

    pdf = make_text_pdf(tmp_path / "lei.pdf", law_pages(2))
    doc = read_file(pdf, config=OcrConfig())
    assert doc.method == "text" and doc.pages[1].lines[0].text == "Art. 3º Constituem infrações:"


def test_sample_manifest_matches_the_render_script(tmp_path):
    from corpus.sample.render import SAMPLE, manifest_lines, render_sample

    committed = (ROOT / "corpus" / "sample" / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    assert committed == manifest_lines()
    for line in committed:
        record = json.loads(line)
        assert set(record) == {"source", "municipio", "uf", "tipo", "numero", "ano", "data", "ementa",
                               "native_id"}
        assert record["numero"].isdigit()

    paths = render_sample(tmp_path, manifest=None)
    assert [p.name for p in paths] == [f"{law.name}.pdf" for law in SAMPLE]
    kinds = {p.name: [plan.kind for plan in plan_pages(p, config=OcrConfig())] for p in paths}
    assert kinds["lei-1433-1998-cangucu.pdf"] == ["image", "image"]  # the two-page scan
    assert kinds["lc-12-2006-garanhuns.pdf"] == ["text"]  # the born-digital one
    # deterministic: a second rendering gives the same bytes
    again = render_sample(tmp_path / "again", manifest=None)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in paths]


@pytest.mark.parametrize("name", ["lei-309-1990-itapecerica", "lc-12-2006-garanhuns"])
def test_sample_law_is_read_with_its_epigrafe(tmp_path, name):
    from corpus.sample.render import SAMPLE, render_law

    law = next(law for law in SAMPLE if law.name == name)
    doc = read_file(render_law(law, tmp_path), config=OcrConfig())
    text = doc.plain_text()
    assert f"{law.meta['numero']}, DE" in text
    assert "Art. 1º" in text or "Art 1º" in text
    assert "Municipal" in text


def test_ingest_file_with_an_unreadable_page_is_partial_with_an_error_item(tmp_path):
    from scans import make_pdf, render_page

    from pipeline.ingest import ingest_file

    first, second = law_pages(2)
    pdf = make_pdf(tmp_path / "mixed.pdf", [first, render_page(second, dpi=150)], dpi=150)
    config = OcrConfig(prepare=False, timeout_s=0.001)  # the scanned page 2 cannot be OCR'd in time
    result = ingest_file(pdf, meta=None, config=config)
    assert result.document.pages == 2
    assert result.document.method == "text"
    assert result.document.status == "partial" and result.document.reason == "page_errors"
    [error] = [e for e in result.errors if e.component == "ocr"]
    assert error.page_no == 2 and "ocr_timeout" in error.message
    assert result.pipeline.ocr is not None and result.pipeline.ocr.timeout_s == 0.001  # typed (issue 15), not "0.001"
    ids = {u.id for u in result.articulacao}
    assert {"art1", "art2"} <= ids and "art3" not in ids
