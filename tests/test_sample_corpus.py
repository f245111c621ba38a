"""The README's main job, as a newcomer runs it: the bundled sample corpus through the batch
flow (real Tesseract, real Prefect in its embedded mode), every output valid JSON."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from models.norm import json_schema

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_sample_corpus_runs_end_to_end(tmp_path: Path) -> None:
    sample = tmp_path / "sample"
    shutil.copy(ROOT / "corpus" / "sample" / "manifest.jsonl", tmp_path / "manifest.jsonl")
    subprocess.run([sys.executable, "-m", "corpus.sample.render", "--out", str(tmp_path / "pdf")],
                   check=True, cwd=ROOT, capture_output=True)
    env = {**os.environ, "LOCLEG_CACHE_DIR": str(tmp_path / "cache"), "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
    done = subprocess.run(
        [sys.executable, "-m", "locleg", "run", str(tmp_path / "manifest.jsonl"), "--out", str(sample),
         "--summary-json", str(tmp_path / "summary.json"), "--no-progress"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "extracted" in done.stdout and "documents" in done.stdout  # the summary table
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    # all five whole ('LEI NS 309, DE 26 DE JUNHO*DE 1990' is read as the epígrafe it is); one
    # closing's date is wrecked in the scan ('lá de outubro de 1998'): it is found by its place line
    # and its signature, and no date is invented for it
    assert summary["documents"] == 5 and summary["by_status"].get("extracted") == 5
    assert summary["by_status"].get("partial", 0) == 0 and summary["by_status"].get("needs_review", 0) == 0
    assert summary["pages_ocr"] >= 4  # the scans went through Tesseract
    outputs = [p for p in sample.rglob("*.json") if p.name != "summary.json"]
    assert len(outputs) == 5
    validator = jsonschema.Draft202012Validator(json_schema())
    for path in outputs:
        data = json.loads(path.read_text(encoding="utf-8"))
        validator.validate(data)
        assert data["articulacao"], path
        assert (data["document"]["status"] == "extracted") == (data["document"]["reasons"] == []), path
        ids = [u["id"] for u in data["articulacao"]]
        assert len(ids) == len(set(ids))
        if data["norm"].get("municipio") == "Canguçu":
            fecho = data["fecho"]
            assert "Canguçu" in fecho["text"] and fecho["data"] is None
            assert [s["nome"] for s in fecho["signatarios"]] == ["ANTÔNIO CARLOS BORGES"]
