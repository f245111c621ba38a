"""The batch flows with real Prefect (test harness) and real Tesseract on tiny generated scans."""

from __future__ import annotations

import contextlib
import http.server
import json
import re
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from scans import law_pages, make_scanned_pdf, make_truncated_pdf

from locleg.cli import main
from models.norm import NormDocument, json_schema

pytestmark = pytest.mark.usefixtures("prefect_harness")

VALIDATOR = jsonschema.Draft202012Validator(json_schema())


def _manifest(path: Path, records: list[dict | str]) -> Path:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records) + "\n",
                    encoding="utf-8")
    return path


def _stored_json(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*.json") if ".ocr" not in p.parts)


def _db(out: Path) -> sqlite3.Connection:
    return sqlite3.connect(out / "catalog.sqlite")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Two one-page scanned laws, a truncated PDF; a manifest with a missing file, a bad JSON
    line and a duplicate."""
    root = tmp_path_factory.mktemp("corpus")
    pages = law_pages(2)
    make_scanned_pdf(root / "a.pdf", [pages[0]], seed=1)
    make_scanned_pdf(root / "b.pdf", [pages[1]], seed=2)
    make_truncated_pdf(root / "corrupt.pdf")
    manifest = _manifest(root / "manifest.jsonl", [
        {"source": "a.pdf", "municipio": "Santa Rita do Oeste", "uf": "SP", "tipo": "Lei Ordinária",
         "numero": "412", "ano": 1994},
        {"source": "b.pdf", "municipio": "Santa Rita do Oeste", "uf": "SP", "tipo": "Lei Ordinária",
         "numero": "413", "ano": 1994},
        {"source": "corrupt.pdf", "uf": "SP", "numero": "9", "ano": 2000},
        {"source": "missing.pdf", "uf": "SP", "numero": "10", "ano": 2000},
        '{"source": "a.pdf", "uf": ',
        {"source": "./a.pdf", "municipio": "Santa Rita do Oeste", "uf": "SP", "tipo": "Lei Ordinária",
         "numero": "412", "ano": 1994},
    ])
    return root, manifest


@pytest.fixture(scope="module")
def first_run(corpus, tmp_path_factory):
    root, manifest = corpus
    out = tmp_path_factory.mktemp("out")
    cache = tmp_path_factory.mktemp("cache")
    summary_path = out.parent / f"{out.name}-summary.json"
    code = main(["run", str(manifest), "--out", str(out), "--cache", str(cache), "--summary-json",
                 str(summary_path), "--strict", "--no-progress"])
    return code, json.loads(summary_path.read_text()), out, cache


def test_batch_with_a_corrupt_file_completes_and_records_everything(first_run, corpus):
    code, summary, out, _ = first_run
    assert code == 1  # --strict: not every document came out extracted
    for key in ("documents", "pages", "pages_ocr", "by_status", "seconds"):
        assert key in summary
    assert summary["documents"] == 5  # a, b, corrupt, missing + the bad line (duplicate run once)
    assert summary["by_status"]["failed"] == 3
    assert summary["pages_ocr"] == 2 and summary["cache"]["misses"] == 2
    assert [(e["line"], e["reason"]) for e in summary["manifest_errors"]] == [(5, "manifest_bad_json")]
    assert [(d["line"], d["reason"]) for d in summary["duplicates"]] == [(6, "duplicate_entry")]
    detail = {Path(d["source"]).name: d for d in summary["documents_detail"]}
    assert detail["a.pdf"]["status"] != "failed" and detail["b.pdf"]["status"] != "failed"
    assert detail["missing.pdf"]["reason"] == "source_missing"
    assert detail["corrupt.pdf"]["status"] == "failed" and detail["corrupt.pdf"]["reason"] not in ("ok", "")

    files = _stored_json(out)
    assert len(files) == 4
    by_source = {}
    for f in files:
        data = json.loads(f.read_text())
        VALIDATOR.validate(data)
        by_source[Path(data["document"]["source"]).name] = (f, data)
    assert by_source["a.pdf"][0] == out / "SP" / "santa-rita-do-oeste" / "lei-ordinaria-412-1994.json"
    assert by_source["a.pdf"][1]["articulacao"], "articles found by real OCR"
    with _db(out) as db:
        rows = dict(((Path(k).name, (s, r)) for k, s, r in db.execute("SELECT doc_key, status, reason FROM documents")))
        bad_lines = db.execute("SELECT reason FROM document_runs WHERE doc_key LIKE '%#L5'").fetchall()
    for name, (_f, data) in by_source.items():  # one status + reason, the same in JSON and catalog
        assert rows[name] == (data["document"]["status"], data["document"]["reason"])
    assert bad_lines == [("manifest_bad_json",)]


def test_second_run_does_no_ocr_and_duplicates_nothing(first_run, corpus):
    _, first, out, cache = first_run
    _, manifest = corpus
    before = {p: p.read_bytes() for p in _stored_json(out)}
    summary_path = out.parent / f"{out.name}-summary2.json"
    assert main(["run", str(manifest), "--out", str(out), "--cache", str(cache), "--summary-json",
                 str(summary_path), "--no-progress"]) == 0
    second = json.loads(summary_path.read_text())
    assert second["pages_ocr"] == 0
    assert second["cache"]["misses"] == 0 and second["cache"]["hits"] == first["pages_ocr"]
    assert second["by_status"] == first["by_status"]
    assert sorted(before) == _stored_json(out)
    with _db(out) as db:
        assert db.execute("SELECT count(*) FROM documents").fetchone()[0] == 4
        assert db.execute("SELECT count(*) FROM runs").fetchone()[0] == 2
        assert db.execute("SELECT count(*) FROM norms").fetchone()[0] == 4
        units = db.execute("SELECT count(*), count(DISTINCT doc_key || unit_id) FROM units").fetchone()
    assert units[0] == units[1] > 0


def test_changing_an_ocr_setting_re_ocrs(first_run, corpus, tmp_path):
    root, _ = corpus
    _, _, _, cache = first_run
    manifest = _manifest(tmp_path / "m.jsonl", [{"source": str(root / "a.pdf")}])
    summary_path = tmp_path / "s.json"
    assert main(["run", str(manifest), "--out", str(tmp_path / "o"), "--cache", str(cache), "--psm", "6",
                 "--summary-json", str(summary_path), "--no-progress"]) == 0
    summary = json.loads(summary_path.read_text())
    assert summary["pages_ocr"] == 1 and summary["cache"]["misses"] == 1


def test_search_finds_an_article_by_phrase(first_run, capsys):
    _, _, out, _ = first_run
    data = json.loads((out / "SP" / "santa-rita-do-oeste" / "lei-ordinaria-412-1994.json").read_text())
    unit = next(u for u in data["articulacao"] if u["type"] == "artigo" and len(u["text"].split()) >= 5)
    phrase = " ".join(w.strip(".,;:") for w in unit["text"].split()[1:4])
    capsys.readouterr()
    assert main(["search", phrase, "--out", str(out), "--uf", "SP"]) == 0
    printed = capsys.readouterr().out
    assert unit["id"] in printed and "412" in printed
    assert main(["search", phrase, "--out", str(out), "--uf", "RJ"]) == 0
    assert unit["id"] not in capsys.readouterr().out


def test_reprocess_rewrites_json_from_stored_ocr_without_sources(first_run, corpus, tmp_path):
    root, manifest = corpus
    _, _, out, cache = first_run
    work = tmp_path / "work"
    shutil.copytree(root, work)
    store = tmp_path / "store"
    assert main(["run", str(work / manifest.name), "--out", str(store), "--cache", str(cache), "--no-progress"]) == 0
    shutil.rmtree(work)  # no source left to OCR
    before = {p: json.loads(p.read_text()) for p in _stored_json(store)}
    summary_path = tmp_path / "s.json"
    assert main(["reprocess", "--out", str(store), "--summary-json", str(summary_path), "--no-progress"]) == 0
    summary = json.loads(summary_path.read_text())
    assert summary["pages_ocr"] == 0
    assert summary["documents"] == 2 and summary["skipped_no_ocr"] == 2  # missing + corrupt had no OCR
    assert {p: json.loads(p.read_text()) for p in _stored_json(store)} == before
    with _db(store) as db:
        run_ids = {r for (r,) in db.execute("SELECT run_id FROM documents WHERE ocr_path IS NOT NULL")}
    assert run_ids == {summary["run_id"]}


class _OneFile(http.server.BaseHTTPRequestHandler):
    body = b""

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802
        code, body = (200, self.body) if self.path == "/leis/a.pdf" else (404, b"<html>404</html>")
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def _serving(handler: type[http.server.BaseHTTPRequestHandler]) -> Iterator[str]:
    """A threaded HTTP server on loopback with ``handler``, for the block: its base URL."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()


def test_manifest_with_http_urls(first_run, corpus, tmp_path):
    root, _ = corpus
    _, _, _, cache = first_run
    handler = type("H", (_OneFile,), {"body": (root / "a.pdf").read_bytes()})
    with _serving(handler) as base:
        manifest = _manifest(tmp_path / "m.jsonl", [
            {"source": f"{base}/leis/a.pdf", "uf": "SP", "municipio": "Santa Rita do Oeste", "numero": "412",
             "ano": 1994, "tipo": "Lei Ordinária"},
            {"source": f"{base}/leis/gone.pdf", "uf": "SP", "numero": "5", "ano": 1999},
        ])
        summary_path = tmp_path / "s.json"
        assert main(["run", str(manifest), "--out", str(tmp_path / "o"), "--cache", str(cache),
                     "--summary-json", str(summary_path), "--no-progress"]) == 0
    detail = {d["source"].rsplit("/", 1)[-1]: d for d in json.loads(summary_path.read_text())["documents_detail"]}
    assert detail["a.pdf"]["status"] != "failed" and detail["a.pdf"]["pages"] == 1
    assert (detail["gone.pdf"]["status"], detail["gone.pdf"]["reason"]) == ("failed", "http_error")
    stored = NormDocument.model_validate_json(Path(detail["a.pdf"]["json"]).read_text())
    assert stored.document.source == f"{base}/leis/a.pdf" and stored.articulacao
    assert list((cache / "downloads").iterdir()) == []  # downloads are not kept once stored


class _BusyTwice(http.server.BaseHTTPRequestHandler):
    """``/busy/a.pdf``: HTTP 503 twice, then the file; anything else: 404. Counts the requests."""

    body = b""
    hits: dict[str, list[float]] = {}

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802
        seen = self.hits.setdefault(self.path, [])
        seen.append(time.monotonic())
        code, body = (404, b"<html>404</html>")
        if self.path == "/busy/a.pdf":
            code, body = (503, b"busy") if len(seen) <= 2 else (200, self.body)
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_a_busy_source_is_fetched_again_by_prefect_with_backoff(first_run, corpus, tmp_path):
    """Issue 15: a transient HTTP failure (503) makes the fetch task fail, and Prefect retries it
    after 0.5 s, then 1 s (the task run shows three tries and ends completed); a 404 is the
    document's answer at once: one try, one request, a completed task and a failed document."""
    from prefect_runs import settled_task_runs

    root, _ = corpus
    _, _, _, cache = first_run
    handler = type("H", (_BusyTwice,), {"body": (root / "a.pdf").read_bytes(), "hits": {}})
    with _serving(handler) as base:
        manifest = _manifest(tmp_path / "m.jsonl", [
            {"source": f"{base}/busy/a.pdf", "uf": "SP", "municipio": "Santa Rita do Oeste", "numero": "412",
             "ano": 1994, "tipo": "Lei Ordinária", "native_id": "busy-a"},
            {"source": f"{base}/gone.pdf", "uf": "SP", "numero": "5", "ano": 1999, "native_id": "gone"},
        ])
        assert main(["run", str(manifest), "--out", str(tmp_path / "o"), "--cache", str(cache),
                     "--summary-json", str(tmp_path / "s.json"), "--no-progress"]) == 0
    summary = json.loads((tmp_path / "s.json").read_text())
    detail = {d["source"].rsplit("/", 1)[-1]: d for d in summary["documents_detail"]}
    assert detail["a.pdf"]["status"] != "failed" and detail["a.pdf"]["pages"] == 1
    assert (detail["gone.pdf"]["status"], detail["gone.pdf"]["reason"]) == ("failed", "http_error")
    busy, gone = handler.hits["/busy/a.pdf"], handler.hits["/gone.pdf"]
    assert len(busy) == 3 and len(gone) == 1
    assert busy[1] - busy[0] >= 0.4 and busy[2] - busy[1] >= 0.9  # Prefect's backoff: 0.5 s, then 1 s
    runs = settled_task_runs(summary["run_id"], {"fetch-busy-a", "fetch-gone"})
    assert runs["fetch-busy-a"].run_count == 3 and runs["fetch-busy-a"].state.is_completed()
    assert runs["fetch-gone"].run_count == 1 and runs["fetch-gone"].state.is_completed()


def test_a_failure_does_not_replace_a_good_result_unless_forced(first_run, corpus, tmp_path):
    root, _ = corpus
    _, _, _, cache = first_run
    src = tmp_path / "lei.pdf"
    shutil.copy(root / "b.pdf", src)
    manifest = _manifest(tmp_path / "m.jsonl", [{"source": "lei.pdf", "uf": "SP", "numero": "413", "ano": 1994}])
    out = tmp_path / "o"
    args = ["run", str(manifest), "--out", str(out), "--cache", str(cache), "--no-progress"]
    assert main(args) == 0
    [good] = _stored_json(out)
    good_bytes = good.read_bytes()
    make_truncated_pdf(src)  # the portal now serves a broken file under the same name
    assert main(args) == 0
    assert _stored_json(out) == [good] and good.read_bytes() == good_bytes
    with _db(out) as db:
        assert db.execute("SELECT status, last_status FROM documents").fetchall() == [
            (json.loads(good_bytes)["document"]["status"], "failed")]
    assert main([*args, "--force"]) == 0
    [replaced] = _stored_json(out)
    assert json.loads(replaced.read_text())["document"]["status"] == "failed"


def _count_documents(catalog: Path) -> int:
    try:
        with sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=1) as db:
            return db.execute("SELECT count(*) FROM documents").fetchone()[0]
    except sqlite3.Error:
        return 0


@pytest.mark.slow
def test_sigkill_mid_run_then_resume(tmp_path):
    """Kill a real ``locleg run`` (its whole process group) after some documents are stored, run
    again: the rest are finished, the finished ones kept, no partial file, no duplicate row."""
    import os
    import signal
    import subprocess
    import sys
    import time

    n_docs = 6
    records = []
    for i in range(n_docs):
        lines = [f"LEI Nº {100 + i}, DE 2 DE MAIO DE 2001", "", f"Art. 1º Fica criado o fundo número {i}.",
                 "Art. 2º Esta Lei entra em vigor na data de sua publicação."]
        make_scanned_pdf(tmp_path / f"lei-{i}.pdf", [lines], seed=10 + i)
        records.append({"source": f"lei-{i}.pdf", "uf": "MG", "municipio": "Ouro Preto", "tipo": "Lei",
                        "numero": str(100 + i), "ano": 2001})
    manifest = _manifest(tmp_path / "m.jsonl", records)
    out, cache = tmp_path / "out", tmp_path / "cache"
    catalog = out / "catalog.sqlite"
    cmd = [sys.executable, "-m", "locleg", "run", str(manifest), "--out", str(out), "--cache", str(cache),
           "--no-progress", "--workers", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                            cwd=Path(__file__).resolve().parents[1])
    try:
        deadline = time.monotonic() + 180
        while _count_documents(catalog) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    with sqlite3.connect(catalog) as db:
        before = dict(db.execute("SELECT doc_key, json_path FROM documents").fetchall())
    assert 2 <= len(before) < n_docs, f"the run was not killed mid-way ({len(before)} of {n_docs} stored)"
    for f in _stored_json(out):  # whatever is there is whole
        VALIDATOR.validate(json.loads(f.read_text()))
    assert all((out / p).is_file() for p in before.values())

    summary_path = tmp_path / "s.json"
    assert main(["run", str(manifest), "--out", str(out), "--cache", str(cache), "--summary-json",
                 str(summary_path), "--no-progress"]) == 0
    summary = json.loads(summary_path.read_text())
    assert summary["documents"] == n_docs and summary["by_status"]["failed"] == 0
    assert summary["cache"]["hits"] >= len(before)  # finished pages are not OCR'd again
    with sqlite3.connect(catalog) as db:
        rows = dict(db.execute("SELECT doc_key, json_path FROM documents").fetchall())
        assert db.execute("SELECT count(*), count(DISTINCT doc_key) FROM norms").fetchone() == (n_docs, n_docs)
    assert len(rows) == n_docs and len(set(rows.values())) == n_docs
    assert {k: rows[k] for k in before} == before
    assert len(_stored_json(out)) == n_docs
    assert list((out / ".partial").iterdir()) == []


def test_summary_is_kept_as_a_prefect_artifact(first_run):
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey

    _, summary, _, _ = first_run
    with get_client(sync_client=True) as client:
        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=["locleg-summary-manifest"])))
    assert artifacts and artifacts[0].type == "table"
    table = {row["metric"]: row["value"] for row in json.loads(artifacts[-1].data)}
    assert table["documents"] == summary["documents"] and table["status failed"] == 3


def test_ingest_document_flow_for_one_source(first_run, corpus, tmp_path):
    from flows.batch import ingest_document

    root, _ = corpus
    _, _, _, cache = first_run
    summary = ingest_document(source=str(root / "a.pdf"), out=str(tmp_path / "o"), cache=str(cache),
                              meta={"uf": "SP", "municipio": "Santa Rita do Oeste", "numero": "412", "ano": 1994})
    assert summary["documents"] == 1 and summary["pages_ocr"] == 0  # the batch already read it
    [stored] = _stored_json(tmp_path / "o")
    assert json.loads(stored.read_text())["document"]["sha256"]


def test_runs_are_named_tagged_and_handled_documents_do_not_fail_tasks(corpus, tmp_path, monkeypatch, capsys):
    """Issue 15: flow-run name from the manifest and date, task runs named by document and page,
    tags from the metadata, a missing or corrupt file a completed task (the document failed, the
    task did not), and a markdown artifact with one row per document."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterKey,
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )

    _, manifest = corpus
    monkeypatch.setenv("LOCLEG_WARM_START", "0")  # every page a task run (as with a lasting server)
    main(["run", str(manifest), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache"),
          "--summary-json", str(tmp_path / "s.json"), "--no-progress"])
    summary = json.loads((tmp_path / "s.json").read_text())
    with get_client(sync_client=True) as client:
        flow_run = client.read_flow_run(summary["run_id"])
        task_runs = client.read_task_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run.id])))
        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=["locleg-documents-manifest"])))
        # the flow's own lines go through Prefect's run logger to the server (not to the
        # terminal); run logs are shipped in batches: wait for them (a loaded machine is slow)
        deadline = time.monotonic() + 60
        while True:
            logs = client.read_logs(log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(any_=[flow_run.id])))
            failed_lines = [log for log in logs if "source_missing" in log.message]
            if failed_lines or time.monotonic() > deadline:
                break
            time.sleep(0.5)
    assert failed_lines and all(log.level >= 20 and "\n" not in log.message for log in failed_lines)
    assert "Traceback" not in capsys.readouterr().err
    assert flow_run.name.startswith("manifest-20")
    by_name = {t.name: t for t in task_runs}
    assert {"fetch-a", "fetch-b", "ocr-a-p1", "ocr-b-p1", "structure-a", "fetch-missing"} <= set(by_name)
    assert "uf:SP" in by_name["ocr-a-p1"].tags and "tipo:Lei Ordinária" in by_name["ocr-a-p1"].tags
    assert by_name["fetch-missing"].state.is_completed()  # handled: the document failed, not the task
    assert by_name["plan-corrupt"].state.is_completed()
    assert not [t.name for t in task_runs if t.state and t.state.is_failed()]
    assert artifacts and artifacts[-1].type == "markdown"
    md = artifacts[-1].data
    # one row per document: its status and reason as structuring decided them (a.pdf's one-page
    # law has no fecho: partial)
    assert "| missing.pdf | failed | source_missing |" in md and "| a.pdf | partial | no_fecho | 1 |" in md  # OCR'd: 1, or 0 when the warm start read it
    # ...with its confidence and a link to its stored JSON
    [row] = [line for line in md.splitlines() if "| a.pdf |" in line]
    cells = [c.strip() for c in row.strip().strip("|").split("|")]  # line, source, status, reason, pages, OCR'd, confidence, JSON
    assert 0 < float(cells[6]) <= 1
    link = re.fullmatch(r"\[([^]]+\.json)\]\(file://(.+)\)", cells[7])
    assert link is not None and link.group(2).endswith("/" + link.group(1))
    linked = Path(link.group(2))
    assert json.loads(linked.read_text())["document"]["status"] == "partial"


def test_a_gazette_line_stores_every_act_as_its_own_document(tmp_path):
    page = [
        "DECRETO Nº 56, DE 26 DE OUTUBRO DE 2020",
        "Dispõe sobre o expediente no dia do servidor.",
        "O PREFEITO MUNICIPAL, no uso de suas atribuições, DECRETA:",
        "Art. 1º Fica transferido o ponto facultativo.",
        "Art. 2º Este Decreto entra em vigor nesta data.",
        "Prefeitura Municipal, 26 de outubro de 2020.",
        "JOÃO DA SILVA",
        "Prefeito Municipal",
        "PORTARIA Nº 74, DE 8 DE OUTUBRO DE 2020",
        "Dispõe sobre a nomeação de servidora.",
        "O PREFEITO MUNICIPAL, no uso de suas atribuições, RESOLVE:",
        "Art. 1º Nomear MARIA DE SOUZA para o cargo de Assistente.",
        "Art. 2º Esta Portaria entra em vigor nesta data.",
        "Prefeitura Municipal, 8 de outubro de 2020.",
        "JOÃO DA SILVA",
        "Prefeito Municipal",
    ]
    make_scanned_pdf(tmp_path / "diario.pdf", [page], seed=3)
    manifest = _manifest(tmp_path / "m.jsonl", [
        {"source": "diario.pdf", "all_acts": True, "municipio": "Pratânia", "uf": "SP"}])
    out, summary_path = tmp_path / "out", tmp_path / "summary.json"
    assert main(["run", str(manifest), "--out", str(out), "--cache", str(tmp_path / "cache"),
                 "--summary-json", str(summary_path), "--no-progress"]) == 0
    summary = json.loads(summary_path.read_text())
    assert summary["documents"] == 2
    [index] = list((out / "acts").glob("*.json"))
    record = json.loads(index.read_text(encoding="utf-8"))
    assert [(a["tipo"], a["numero"]) for a in record["acts"]] == [("Decreto", "56"), ("Portaria", "74")]
    for act in record["acts"]:
        doc = json.loads((out / act["json_path"]).read_text(encoding="utf-8"))  # relative to the store
        VALIDATOR.validate(doc)
        assert [u["id"] for u in doc["articulacao"]] == ["art1", "art2"]
        assert doc["norm"]["municipio"] == "Pratânia"
    with _db(out) as db:
        keys = sorted(k for (k,) in db.execute("SELECT doc_key FROM documents"))
    assert [k.rsplit("#", 1)[1] for k in keys] == ["act1", "act2"]
