"""Issue 17: the OCR engine fails on one page of a real small PDF (it crashes, hangs past the
timeout, prints garbage, or raises): that page comes out with its typed error, the others are
read, the document is structured, and a batch goes on. Real Tesseract reads the other pages."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from fault_engines import FaultOnPage, fault_program
from scans import law_pages, make_scanned_pdf

from models.ocr import PageError
from pipeline.config import OcrConfig
from pipeline.errors import OcrError
from pipeline.ingest import with_ocr_config
from pipeline.ocr import backend_name, ocr_document, read_page
from pipeline.structure import structure_document

CONFIG = OcrConfig(prepare=False, timeout_s=6)  # every Tesseract call goes through the engine


@pytest.fixture(scope="module")
def law_pdf(tmp_path_factory) -> Path:
    """Three scanned pages: Art. 1º-2º, Art. 3º, Art. 4º-5º."""
    return make_scanned_pdf(tmp_path_factory.mktemp("law") / "lei.pdf", law_pages(3), dpi=150)


def _article_numbers(result) -> list[str]:
    return [u.number for u in result.articulacao if u.type == "artigo" and u.number]


@pytest.mark.parametrize(("fault", "reason", "message"), [
    ("crash", "tesseract_failed", "tesseract failed: Segmentation fault"),
    ("hang", "ocr_timeout", "tesseract took more than 6 s"),
])
def test_a_page_the_engine_cannot_read_keeps_its_typed_error(law_pdf, tmp_path, fault, reason, message):
    engine = FaultOnPage(2, program=fault_program(tmp_path, fault))
    doc = ocr_document(law_pdf, config=CONFIG, workers=1, engine=engine)
    assert [p.method for p in doc.pages] == ["ocr", "none", "ocr"]
    assert doc.pages[1].error == PageError(category="ocr", reason=reason, message=message)
    assert "Art. 1º" in doc.pages[0].text and "Art. 4º" in doc.pages[2].text
    assert doc.backend == backend_name(CONFIG)

    result = with_ocr_config(structure_document(doc, None), config=CONFIG)
    assert [(e.component, e.category, e.message, e.page_no) for e in result.errors] == [
        ("ocr", "page", f"ocr:{reason}: {message}", 2)]
    # the lost page's article is missed: reviewed, with the page error among the reasons
    assert (result.document.status, result.document.reasons) == ("needs_review", ["page_errors", "articles_missing"])
    assert {"1", "2", "4", "5"} <= set(_article_numbers(result)) and "3" not in _article_numbers(result)


def test_garbage_from_the_engine_is_a_page_of_garbage_not_a_failure(law_pdf, tmp_path):
    engine = FaultOnPage(2, program=fault_program(tmp_path, "garbage"))
    doc = ocr_document(law_pdf, config=CONFIG, workers=1, engine=engine)
    assert [p.method for p in doc.pages] == ["ocr", "ocr", "ocr"]
    assert [p.error for p in doc.pages] == [None, None, None]
    assert doc.pages[1].text == "~~|¬¬|~~"  # the one row that parses; the rest is dropped
    result = with_ocr_config(structure_document(doc, None), config=CONFIG)
    assert not result.errors
    assert {"1", "2", "4", "5"} <= set(_article_numbers(result))


def test_an_engine_that_fails_on_every_page_raises_the_first_pages_error(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "one.pdf", law_pages(1), dpi=150)
    with pytest.raises(OcrError) as info:
        ocr_document(pdf, config=CONFIG, workers=1, engine=FaultOnPage(1, program=fault_program(tmp_path, "crash")))
    assert (info.value.reason, info.value.page_no) == ("tesseract_failed", 1)


@pytest.mark.usefixtures("prefect_harness")
def test_a_batch_goes_on_past_an_engine_that_crashes_or_raises(tmp_path, monkeypatch, capsys):
    """Through the batch flow (one task per page): in lei-a the engine raises a Python error on
    page 2, in lei-b Tesseract dies on page 2. Both documents are stored, each with that page's
    error item and its other pages read; no traceback."""
    from flows import tasks
    from locleg.cli import main

    pages = law_pages(3)
    make_scanned_pdf(tmp_path / "lei-a.pdf", pages, dpi=150)
    make_scanned_pdf(tmp_path / "lei-b.pdf", pages, dpi=150, seed=3)
    (tmp_path / "faults.jsonl").write_text("".join(
        json.dumps({"source": f"lei-{x}.pdf", "uf": "SP", "municipio": "Santa Rita do Oeste",
                    "tipo": "Lei Ordinária", "numero": n, "ano": 1994}) + "\n" for x, n in (("a", "412"), ("b", "413"))))
    crash = fault_program(tmp_path, "crash")

    def read_with_faults(path: Path, plan, *, config: OcrConfig):
        engine = FaultOnPage(2, raises="engine bug") if Path(path).name == "lei-a.pdf" else FaultOnPage(2, crash)
        return read_page(path, plan, config=config, engine=engine)

    monkeypatch.setattr(tasks, "read_page", functools.partial(read_with_faults))
    monkeypatch.setenv("LOCLEG_WARM_START", "0")  # every page read by the flow's task
    out = tmp_path / "out"
    main(["run", str(tmp_path / "faults.jsonl"), "--out", str(out), "--cache", str(tmp_path / "cache"),
          "--summary-json", str(tmp_path / "s.json"), "--no-prepare", "--no-progress"])
    assert "Traceback" not in capsys.readouterr().err
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["documents"] == 2 and summary["pages_ocr"] == 4 and summary["cache"]["writes"] == 4
    stored = {Path(d["document"]["source"]).name: d
              for d in (json.loads(f.read_text()) for f in out.rglob("*.json") if ".ocr" not in f.parts)}
    assert {name: [(e["category"], e["message"], e["page_no"]) for e in d["errors"] if e["component"] == "ocr"]
            for name, d in stored.items()} == {
        "lei-a.pdf": [("page", "ocr:ocr_failed: RuntimeError: engine bug", 2)],
        "lei-b.pdf": [("page", "ocr:tesseract_failed: tesseract failed: Segmentation fault", 2)],
    }
    for d in stored.values():
        assert d["document"]["status"] == "needs_review" and "page_errors" in d["document"]["reasons"]
        assert {"1", "4"} <= {u["number"] for u in d["articulacao"] if u["type"] == "artigo"}


@pytest.mark.usefixtures("prefect_harness")
def test_a_page_whose_tesseract_crashes_once_is_retried_by_prefect(tmp_path, monkeypatch, capsys):
    """Issue 15: an OCR crash is retried by Prefect (backoff 1 s, 4 s), not just recorded: Tesseract
    dies of a segmentation fault on page 2 the first time only; the page task is run again and the
    law comes out whole, with no page error; the task run shows the second try."""
    from prefect_runs import settled_task_runs

    from flows import tasks
    from locleg.cli import main

    make_scanned_pdf(tmp_path / "lei-c.pdf", law_pages(3), dpi=150, seed=5)
    (tmp_path / "once.jsonl").write_text(json.dumps(
        {"source": "lei-c.pdf", "uf": "SP", "municipio": "Santa Rita do Oeste", "tipo": "Lei Ordinária",
         "numero": "414", "ano": 1994}) + "\n", encoding="utf-8")
    crash_once = tmp_path / "tesseract-crash-once"
    crash_once.write_text(f'#!/bin/sh\nif [ ! -e "{tmp_path}/crashed" ]; then : > "{tmp_path}/crashed"; '
                          'echo "Segmentation fault" >&2; kill -SEGV $$; fi\nexec tesseract "$@"\n')
    crash_once.chmod(0o755)

    def read_crashing_once(path: Path, plan, *, config: OcrConfig):
        return read_page(path, plan, config=config, engine=FaultOnPage(2, str(crash_once)))

    monkeypatch.setattr(tasks, "read_page", read_crashing_once)
    monkeypatch.setenv("LOCLEG_WARM_START", "0")
    out = tmp_path / "out"
    assert main(["run", str(tmp_path / "once.jsonl"), "--out", str(out), "--cache", str(tmp_path / "cache"),
                 "--summary-json", str(tmp_path / "s.json"), "--no-prepare", "--no-progress"]) == 0
    assert (tmp_path / "crashed").exists()  # it did crash once
    assert "Traceback" not in capsys.readouterr().err
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["pages_ocr"] == 3
    [stored] = [json.loads(f.read_text()) for f in out.rglob("*.json") if ".ocr" not in f.parts]
    assert [e for e in stored["errors"] if e["component"] == "ocr"] == []
    assert {"1", "2", "3", "4", "5"} <= {u["number"] for u in stored["articulacao"] if u["type"] == "artigo"}
    runs = settled_task_runs(summary["run_id"], {"ocr-lei-c-p1", "ocr-lei-c-p2"})
    assert runs["ocr-lei-c-p2"].run_count == 2 and runs["ocr-lei-c-p2"].state.is_completed()
    assert runs["ocr-lei-c-p1"].run_count == 1
