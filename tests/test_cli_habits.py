"""CLI habits (issue 15): --version, -q/--log-level, per-subcommand usage, clean messages,
``--summary-json -`` on stdout (tested in test_startup)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _locleg(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "locleg", *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd or ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_version():
    from pipeline import __version__

    proc = _locleg("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"locleg {__version__}"


def test_a_subcommands_bad_flag_prints_that_subcommands_usage(tmp_path):
    proc = _locleg("run", "m.jsonl", "--out", str(tmp_path), "--bogus")
    assert proc.returncode == 2
    assert "usage: locleg run " in proc.stderr and "locleg run: error: unrecognized arguments: --bogus" in proc.stderr


def test_quiet_and_log_level_are_accepted_and_pydantic_links_are_dropped(tmp_path):
    (tmp_path / "t.txt").write_text("LEI Nº 1, DE 2 DE JANEIRO DE 2000\n\nArt. 1º Teste.\n", encoding="utf-8")
    (tmp_path / "meta.json").write_text(json.dumps({"ano": "x"}), encoding="utf-8")
    proc = _locleg("-q", "structure", str(tmp_path / "t.txt"), "--meta", str(tmp_path / "meta.json"))
    assert proc.returncode == 2
    assert "ano" in proc.stderr and "For further information" not in proc.stderr
    proc = _locleg("--log-level", "error", "schema")
    assert proc.returncode == 0 and json.loads(proc.stdout)["title"] == "NormDocument"


def test_dash_is_stdout_and_v_is_verbose(tmp_path):
    """'-o -' writes to stdout (no file named '-'); '-v' is '--verbose' (the traceback)."""
    (tmp_path / "t.txt").write_text("LEI Nº 1, DE 2 DE JANEIRO DE 2000\n\nArt. 1º Teste.\n", encoding="utf-8")
    proc = _locleg("structure", str(tmp_path / "t.txt"), "-o", "-", cwd=tmp_path)
    assert proc.returncode == 0 and json.loads(proc.stdout)["articulacao"][0]["id"] == "art1"
    assert not (tmp_path / "-").exists()
    proc = _locleg("ocr", str(tmp_path / "t.txt"), "-o", "-", cwd=tmp_path)
    assert proc.returncode == 0 and "Art. 1º Teste." in proc.stdout and not (tmp_path / "-").exists()
    proc = _locleg("structure", str(tmp_path / "missing.txt"), "-v", cwd=tmp_path)
    assert proc.returncode == 66 and "Traceback" in proc.stderr
    proc = _locleg("structure", str(tmp_path / "missing.txt"), cwd=tmp_path)
    assert proc.returncode == 66 and "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_run_and_serve_pass_the_ocr_mode_to_the_flow():
    """``--ocr always`` / ``--force-ocr`` reach the batch flow's OCR options (they were accepted
    and then dropped)."""
    import argparse

    from locleg.batch import ocr_options

    assert ocr_options(argparse.Namespace(ocr="always")) == {"ocr": "always"}
    assert ocr_options(argparse.Namespace(ocr=None, force_ocr=True, dpi=200)) == {"ocr": "always", "dpi": 200}
    assert ocr_options(argparse.Namespace(ocr="never", no_prepare=True)) == {"ocr": "never", "prepare": False}
