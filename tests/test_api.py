"""The documented Python API (docs/api.md) as pasted."""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
import typing
from pathlib import Path

import jsonschema
import pytest

from models.norm import json_schema

ROOT = Path(__file__).resolve().parents[1]


def test_structure_and_export_through_the_api(tmp_path):
    from locleg.api import NormDocument, export, structure

    doc = structure("LEI Nº 1, DE 2 DE JANEIRO DE 2000\n\nArt. 1º Fica criado o programa.\n\n"
                    "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n",
                    meta={"uf": "SP", "municipio": "Santa Rita do Oeste"})
    assert isinstance(doc, NormDocument)
    assert [u.id for u in doc.articulacao] == ["art1", "art2"] and doc.norm.uf == "SP"
    jsonschema.Draft202012Validator(json_schema()).validate(doc.model_dump(mode="json"))
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "lei.json").write_text(doc.model_dump_json(), encoding="utf-8")
    summary = export(tmp_path / "c", tmp_path / "corpus.parquet")
    assert summary.norms == 1 and (tmp_path / "corpus.norms.parquet").is_file()


def test_ingest_a_scan_through_the_api(tmp_path):
    from scans import law_pages, make_scanned_pdf

    from locleg.api import ingest

    make_scanned_pdf(tmp_path / "a.pdf", [law_pages(1)[0]], seed=1)
    doc = ingest(tmp_path / "a.pdf", meta={"uf": "SP"})
    assert doc.document.method == "ocr" and doc.articulacao and doc.pipeline.ocr is not None and doc.pipeline.ocr.dpi == 300


def _documented_example() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 1, "docs/api.md has one example, run by this test"
    return blocks[0]


@pytest.mark.slow
def test_the_documented_example_runs_as_pasted(tmp_path) -> None:
    """docs/api.md's block, unchanged, in a directory laid out as the repository after
    `python -m corpus.sample.render` (real Tesseract on the sample law, a real Parquet export)."""
    subprocess.run([sys.executable, "-m", "corpus.sample.render", "--out", str(tmp_path / "corpus" / "sample" / "pdf")],
                   check=True, cwd=ROOT, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LOCLEG_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", _documented_example()], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    status, urn = lines[0].split(" ", 1)
    assert status in ("extracted", "partial", "needs_review") and urn.startswith("urn:lex:br;minas.gerais;itapecerica:")
    assert any(line.startswith("art1 ") for line in lines[1:])
    assert "['art1'] None" in lines  # structure(): given text, no OCR settings
    assert lines[-1].startswith("1 ") and (tmp_path / "corpus.norms.parquet").is_file()
    assert (tmp_path / "my-corpus" / "lei-309-1990.json").is_file()


def test_the_api_signatures_are_typed() -> None:
    """Every parameter and return of the documented functions is annotated, none with Any."""
    import locleg.api as api

    for name in ("ingest", "ingest_acts", "structure", "export"):
        sig = inspect.signature(getattr(api, name))
        assert sig.return_annotation is not inspect.Signature.empty and "Any" not in str(sig.return_annotation), name
        for param in sig.parameters.values():
            assert param.annotation is not inspect.Parameter.empty, (name, param.name)
    hints = typing.get_type_hints(api.export, globalns={**vars(api), "ExportSummary": __import__(
        "corpus.export", fromlist=["ExportSummary"]).ExportSummary})
    assert typing.get_args(hints["fmt"]) == ("lexml", "akn", "jsonl", "parquet")
    assert hints["return"].__name__ == "ExportSummary"
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in ("ingest", "ingest_acts", "structure", "export"):
        assert f"`{name}(" in text, name
