"""Fixed overhead of a batch (issue 15): the no-op rerun answered without Prefect, and the first
pages read while Prefect starts. Real Prefect (test harness), real Tesseract on tiny scans."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scans import law_pages, make_scanned_pdf

from locleg.cli import main

pytestmark = pytest.mark.usefixtures("prefect_harness")

ROOT = Path(__file__).resolve().parents[1]
META = {"municipio": "Santa Rita do Oeste", "uf": "SP", "tipo": "Lei Ordinária", "numero": "412", "ano": 1994}


def _write_manifest(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A one-document manifest run once through the flow."""
    root = tmp_path_factory.mktemp("startup")
    make_scanned_pdf(root / "a.pdf", [law_pages(1)[0]], seed=3)
    manifest = _write_manifest(root / "m.jsonl", [{"source": "a.pdf", **META}])
    out, cache = root / "out", root / "cache"
    code = main(["run", str(manifest), "--out", str(out), "--cache", str(cache), "--no-progress",
                 "--summary-json", str(root / "first.json")])
    assert code == 0
    first = json.loads((root / "first.json").read_text())
    assert first["pages_ocr"] == 1 and "up_to_date" not in first
    return root, manifest, out, cache


def _run_in_fresh_process(args: list[str]) -> tuple[int, dict, set[str]]:
    """locleg run in a new interpreter; returns the exit code, the summary and the top-level
    modules it imported."""
    code = ("import json, sys; from locleg.cli import main; rc = main(sys.argv[1:]); "
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr); sys.exit(rc)")
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300,
                          cwd=ROOT, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    modules = set(json.loads(proc.stderr.strip().splitlines()[-1]))
    return proc.returncode, json.loads(proc.stdout[proc.stdout.index("{"):]), modules


def test_noop_rerun_is_answered_from_the_store_without_importing_prefect(stored):
    root, manifest, out, cache = stored
    rc, summary, modules = _run_in_fresh_process(["run", str(manifest), "--out", str(out), "--cache", str(cache),
                                                  "--no-progress", "--summary-json", "-"])
    assert rc == 0
    assert summary["up_to_date"] == 1 and summary["prefect"] is False
    assert summary["documents"] == 1 and summary["by_status"]["extracted"] == 1 and summary["pages_ocr"] == 0
    assert summary["documents_detail"][0]["json"].endswith(".json")
    assert summary["seconds"] < 3.0
    assert "prefect" not in modules and "spacy" not in modules
    # the run is still recorded in the catalog
    import sqlite3

    with sqlite3.connect(out / "catalog.sqlite") as db:
        runs = [json.loads(s) for (s,) in db.execute("SELECT summary_json FROM runs")]
    assert any(r.get("run_id") == summary["run_id"] and r.get("up_to_date") == 1 for r in runs)


def test_changed_bytes_are_not_current(stored, tmp_path):
    from corpus.catalog import open_catalog
    from corpus.current import Versions, current_document
    from corpus.manifest import read_manifest

    root, manifest, out, cache = stored
    parsed = read_manifest(manifest)
    catalog = open_catalog(None, out)
    try:
        assert current_document(parsed.entries[0], out.resolve(), catalog, Versions.now({})) is not None
        assert current_document(parsed.entries[0], out.resolve(), catalog, Versions.now({"psm": 3})) is None
        entry = parsed.entries[0]
        original = entry.path.read_bytes()
        try:
            entry.path.write_bytes(original + b"\n% one more byte\n")  # same path, other bytes
            assert current_document(entry, out.resolve(), catalog, Versions.now({})) is None
        finally:
            entry.path.write_bytes(original)
    finally:
        catalog.close()


def test_changed_metadata_or_restructure_runs_the_flow(stored, tmp_path):
    root, manifest, out, cache = stored
    changed = _write_manifest(root / "changed.jsonl", [{"source": "a.pdf", **META, "ementa": "Outra ementa."}])
    assert main(["run", str(changed), "--out", str(out), "--cache", str(cache), "--no-progress",
                 "--summary-json", str(tmp_path / "s1.json")]) == 0
    s1 = json.loads((tmp_path / "s1.json").read_text())
    assert "up_to_date" not in s1 and s1["pages_cached"] == 1 and s1["pages_ocr"] == 0
    assert main(["run", str(changed), "--out", str(out), "--cache", str(cache), "--no-progress", "--restructure",
                 "--summary-json", str(tmp_path / "s2.json")]) == 0
    assert "up_to_date" not in json.loads((tmp_path / "s2.json").read_text())


def test_first_pages_are_read_while_prefect_starts_and_never_twice(tmp_path, monkeypatch):
    from flows import tasks, warm

    make_scanned_pdf(tmp_path / "b.pdf", [law_pages(1)[0]], seed=5)
    manifest = _write_manifest(tmp_path / "m.jsonl", [{"source": "b.pdf", **{**META, "numero": "413"}}])
    task_reads = []
    real = tasks.read_page
    monkeypatch.setattr(tasks, "read_page", lambda *a, **k: task_reads.append(1) or real(*a, **k))
    started = warm.start(manifest, cache_dir=tmp_path / "cache", ocr={}, workers=2)
    assert started == 1
    assert main(["run", str(manifest), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache"),
                 "--no-progress", "--summary-json", str(tmp_path / "s.json")]) == 0
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["pages_ocr"] == 1 and summary["documents"] == 1 and not summary["by_status"].get("failed")
    assert task_reads == []  # the page was taken from the warm read, not read again by a task
    assert warm.take("anything") is None
    # ...and it is still a task run of its own (named, tagged, its log line on the server)
    import time

    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import LogFilter, LogFilterFlowRunId
    from prefect_runs import settled_task_runs

    task_runs = settled_task_runs(summary["run_id"], {"ocr-b-p1"})
    with get_client(sync_client=True) as client:
        flow_run = client.read_flow_run(summary["run_id"])
        for _ in range(40):  # run logs are shipped to the server in batches, after the run too
            logs = [log.message for log in client.read_logs(
                log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(any_=[flow_run.id])))]
            if any("read started before Prefect, taken over" in m for m in logs):
                break
            time.sleep(0.5)
    assert task_runs["ocr-b-p1"].state.is_completed() and "uf:SP" in task_runs["ocr-b-p1"].tags
    assert any("read started before Prefect, taken over" in m for m in logs)
    # the time to the first OCR'd page, from the process's start (this pytest process: an upper bound)
    assert 0 < summary["first_page_s"]


def _one_page_laws(root: Path, n: int, *, seed: int) -> Path:
    records = []
    for i in range(n):
        page = [line.replace("412", str(500 + i)) for line in law_pages(1)[0]]  # other bytes, other keys
        make_scanned_pdf(root / f"w{i}.pdf", [page], seed=seed + i)
        records.append({"source": f"w{i}.pdf", **{**META, "numero": str(500 + i)}})
    return _write_manifest(root / "m.jsonl", records)


def test_the_warm_feed_reads_the_next_pages_until_a_task_takes_one(tmp_path):
    """While Prefect starts, the cores keep reading the manifest's next pages (one per worker at a
    time); the first read-page task stops the feed, and from then on the flow reads the rest."""
    import time

    from flows import warm

    manifest = _one_page_laws(tmp_path, 3, seed=20)
    warm.discard()
    try:
        assert warm.start(manifest, cache_dir=tmp_path / "cache", ocr={}, workers=1) == 1
        assert warm.wait_first_page(120)
        deadline = time.monotonic() + 240
        while len(warm.started_keys()) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        keys = warm.started_keys()
        assert len(keys) == 3  # every page of the three documents, not only the first worker's
        first = sorted(keys)[0]
        read = warm.take(first)
        assert read is not None and read.result(timeout=240).method == "ocr"
        assert not warm.feeding() and warm.take(first) is None  # taken once; the feed is stopped
    finally:
        warm.discard()


def test_a_run_reads_every_page_once_whoever_reads_it(tmp_path, monkeypatch):
    """Pages read by the warm feed are taken over by their tasks; the others are read by the
    tasks: each page exactly once, one worker."""
    import pipeline.ocr
    from flows import tasks, warm

    manifest = _one_page_laws(tmp_path, 3, seed=30)
    reads: list[tuple[str, int]] = []
    real = pipeline.ocr.read_page

    def counted(path, plan, **kw):
        reads.append((Path(path).name, plan.page_index))
        return real(path, plan, **kw)

    monkeypatch.setattr(pipeline.ocr, "read_page", counted)  # the warm reads
    monkeypatch.setattr(tasks, "read_page", counted)  # the tasks' own reads
    assert main(["run", str(manifest), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache"),
                 "--workers", "1", "--no-progress", "--summary-json", str(tmp_path / "s.json")]) == 0
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["documents"] == 3 and summary["pages_ocr"] == 3 and not summary["by_status"].get("failed")
    assert sorted(reads) == [("w0.pdf", 0), ("w1.pdf", 0), ("w2.pdf", 0)]
    assert not warm.feeding() and warm.started_keys() == set()


def test_quiet_run_prints_only_the_failed_documents(stored, capsys):
    """``locleg -q run``: no line per document on stderr, only the failed one's (a warning); the
    summary still goes to stdout. Without ``-q`` (stderr not a terminal): a line per document."""
    root, _, out, cache = stored
    manifest = _write_manifest(root / "q.jsonl", [{"source": "a.pdf", **META},
                                                  {"source": "nowhere.pdf", **{**META, "numero": "9"}}])
    capsys.readouterr()
    assert main(["-q", "run", str(manifest), "--out", str(out), "--cache", str(cache)]) == 0
    quiet = capsys.readouterr()
    assert [line for line in quiet.err.splitlines() if line.strip()] == [
        line for line in quiet.err.splitlines() if "failed" in line and "nowhere.pdf" in line]
    assert len(quiet.err.strip().splitlines()) == 1 and "documents" in quiet.out
    assert main(["run", str(manifest), "--out", str(out), "--cache", str(cache)]) == 0
    loud = capsys.readouterr().err.splitlines()
    assert sorted(line.split()[0] for line in loud if line.startswith("[")) == ["[1/2]", "[2/2]"]
