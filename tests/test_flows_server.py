"""Against a real ``prefect server start`` on loopback: the Dask path (prefect-dask, a LocalCluster)
and ``locleg serve`` (a cron deployment served by Prefect, a run triggered through the API)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from procs import stop_group
from scans import law_pages, make_scanned_pdf, make_text_pdf

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def prefect_server(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("prefect-server")
    prefect = Path(sys.executable).with_name("prefect")
    if not prefect.exists():
        prefect = Path(shutil.which("prefect") or "prefect")
    port = _free_port()
    env = {**os.environ, "PREFECT_HOME": str(tmp_path / "prefect-home"), "PREFECT_UI_ENABLED": "false",
           "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
    env.pop("PREFECT_API_URL", None)
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen([str(prefect), "server", "start", "--host", "127.0.0.1", "--port", str(port)],
                            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    api = f"http://127.0.0.1:{port}/api"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"prefect server exited: {(tmp_path / 'server.log').read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{api}/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("prefect server did not start within 120 s")
        yield api
    finally:
        stop_group(proc)
        log.close()


@pytest.mark.slow
def test_batch_on_a_dask_local_cluster_with_a_prefect_server(prefect_server, tmp_path):
    pages = law_pages(2)
    make_scanned_pdf(tmp_path / "lei.pdf", pages, seed=3)
    make_scanned_pdf(tmp_path / "outra.pdf", [pages[0]], seed=4)
    (tmp_path / "m.jsonl").write_text(
        json.dumps({"source": "lei.pdf", "uf": "SP", "numero": "412", "ano": 1994}) + "\n"
        + json.dumps({"source": "outra.pdf", "uf": "SP", "numero": "413", "ano": 1994}) + "\n"
        + json.dumps({"source": "nada.pdf", "uf": "SP"}) + "\n", encoding="utf-8")
    summary_path = tmp_path / "s.json"
    env = {**os.environ, "PREFECT_API_URL": prefect_server, "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
    proc = subprocess.run(
        [sys.executable, "-m", "locleg", "run", str(tmp_path / "m.jsonl"), "--out", str(tmp_path / "out"),
         "--cache", str(tmp_path / "cache"), "--dask", "--workers", "2", "--summary-json", str(summary_path),
         "--no-progress"],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    # issue 15: Dask's LocalCluster logged some 55 INFO lines per run; only warnings reach stderr
    assert [line for line in proc.stderr.splitlines() if "INFO" in line] == []
    summary = json.loads(summary_path.read_text())
    assert summary["pages_ocr"] == 3  # every page went through a Dask worker
    assert summary["by_status"]["failed"] == 1
    detail = {Path(d["source"]).name: d for d in summary["documents_detail"]}
    assert detail["lei.pdf"]["status"] != "failed" and detail["lei.pdf"]["pages"] == 2
    assert detail["nada.pdf"]["reason"] == "source_missing"
    # The run is recorded on the server (not in a temporary one per worker).
    runs = _api(f"{prefect_server}/flow_runs/filter", {}, "POST")
    assert [run["state_type"] for run in runs] == ["COMPLETED"]
    deadline = time.monotonic() + 15  # task runs arrive as events: allow the recorder a moment
    while True:
        names = [t["name"] for t in _api(f"{prefect_server}/task_runs/filter", {}, "POST")]
        if sum(1 for n in names if n.startswith("ocr-")) >= 3 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert sum(1 for n in names if n.startswith("ocr-")) == 3  # ocr-<doc id>-p<page> (issue 15)


def _api(url: str, body: dict | None = None, method: str = "GET") -> dict | list:
    """One API call; a busy server's 503 (its SQLite database locked) is retried."""
    data = json.dumps(body).encode() if body is not None else None
    for attempt in range(20):
        request = urllib.request.Request(url, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            if exc.code < 500 or attempt == 19:
                raise
            time.sleep(0.5)
    raise AssertionError("unreachable")


@pytest.mark.slow
def test_serve_registers_a_cron_deployment_that_runs(prefect_server, tmp_path):
    make_text_pdf(tmp_path / "lei.pdf", [["LEI Nº 8, DE 1º DE JUNHO DE 2010", "",
                                          "Art. 1º Fica instituída a feira do livro.",
                                          "Art. 2º Esta Lei entra em vigor na data de sua publicação."]])
    (tmp_path / "m.jsonl").write_text(json.dumps({"source": "lei.pdf", "uf": "RS", "numero": "8", "ano": 2010})
                                      + "\n", encoding="utf-8")
    env = {**os.environ, "PREFECT_API_URL": prefect_server, "PREFECT_RUNNER_POLL_FREQUENCY": "1",
           "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
    serve = subprocess.Popen(
        [sys.executable, "-m", "locleg", "serve", str(tmp_path / "m.jsonl"), "--out", str(tmp_path / "out"),
         "--cache", str(tmp_path / "cache"), "--cron", "0 3 * * *", "--name", "nightly"],
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=(tmp_path / "serve.log").open("wb"),
        start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        deployment = None
        while deployment is None:
            assert serve.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "deployment not registered"
            try:
                deployment = _api(f"{prefect_server}/deployments/name/ingest-manifest/nightly")
            except urllib.error.HTTPError:
                time.sleep(0.5)
        assert [s["schedule"]["cron"] for s in deployment["schedules"]] == ["0 3 * * *"]
        assert deployment["parameters"]["out"] == str((tmp_path / "out").resolve())
        run = _api(f"{prefect_server}/deployments/{deployment['id']}/create_flow_run", {}, "POST")
        deadline = time.monotonic() + 150
        while True:
            state = _api(f"{prefect_server}/flow_runs/{run['id']}")["state_type"]
            if state in ("COMPLETED", "FAILED", "CRASHED", "CANCELLED") or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert state == "COMPLETED", (tmp_path / "serve.log").read_text()[-3000:]
        [stored] = list((tmp_path / "out").rglob("*.json"))
        assert stored.relative_to(tmp_path / "out").parts[0] == "RS"
    finally:
        stop_group(serve, signal.SIGINT)


def test_serve_rejects_a_bad_cron_as_a_usage_error(tmp_path):
    from flows.serve import build_deployment
    from pipeline.errors import UsageError

    with pytest.raises(UsageError):
        build_deployment(manifest=tmp_path / "m.jsonl", out=tmp_path / "o", cron="61 3 * * *")
    deployment = build_deployment(manifest=tmp_path / "m.jsonl", out=tmp_path / "o", cron="*/15 * * * *",
                                  ocr={"lang": "por+Latin"})
    assert deployment.parameters["ocr"] == {"lang": "por+Latin"}
    assert deployment.parameters["manifest"] == str((tmp_path / "m.jsonl").resolve())


def test_serve_without_a_server_refuses_clearly(tmp_path, monkeypatch):
    """Issue 15: no PREFECT_API_URL means no lasting server: a usage error (exit 2) saying so,
    instead of silently starting a temporary one; and the entrypoint is absolute."""
    from flows.serve import build_deployment

    (tmp_path / "m.jsonl").write_text('{"source": "x.pdf"}\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    env["PREFECT_HOME"] = str(tmp_path / "home")
    proc = subprocess.run([sys.executable, "-m", "locleg", "serve", str(tmp_path / "m.jsonl"), "--out",
                           str(tmp_path / "o"), "--cron", "0 3 * * *"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "PREFECT_API_URL" in proc.stderr and "prefect server start" in proc.stderr
    assert "Traceback" not in proc.stderr
    monkeypatch.chdir(tmp_path)
    deployment = build_deployment(manifest=tmp_path / "m.jsonl", out=tmp_path / "o", cron="0 3 * * *")
    path, _, name = deployment.entrypoint.rpartition(":")
    assert Path(path).is_absolute() and Path(path) == ROOT / "flows" / "batch.py" and name == "ingest_manifest"


def _doc_blocks(lang: str) -> list[str]:
    import re

    text = (ROOT / "docs" / "flows.md").read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_docs_flows_work_pool_and_deploy_py_as_pasted(prefect_server, tmp_path):
    """Issue 15: docs/flows.md tested by running it. Its work-pool command and its deploy.py,
    exactly as printed there (deploy.py run as if saved at the checkout's root, its env
    variables set), against a real server: the three deployments are registered with the
    pool, the cron, this checkout's absolute flow file and the parameters the doc says."""
    [deploy] = [b for b in _doc_blocks("python") if b.startswith("# deploy.py")]
    [pool_cmd] = [line for b in _doc_blocks("sh") for line in b.splitlines() if "work-pool create" in line]
    env = {**os.environ, "PREFECT_API_URL": prefect_server, "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
           "PREFECT_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT),
           "LOCLEG_MANIFESTS": str(tmp_path / "manifests"), "LOCLEG_STORE": str(tmp_path / "store"),
           "LOCLEG_CATALOG": "postgresql://locleg@dbhost:5432/locleg"}
    prefect = Path(sys.executable).with_name("prefect")
    argv = pool_cmd.split()
    assert argv[0] == "prefect"
    created = subprocess.run([str(prefect), *argv[1:]], env=env, capture_output=True, text=True, timeout=120)
    assert created.returncode == 0, created.stdout + created.stderr
    runner = f"__file__ = {str(ROOT / 'deploy.py')!r}\nexec(compile({deploy!r}, __file__, 'exec'))\n"
    ran = subprocess.run([sys.executable, "-c", runner], env=env, cwd=tmp_path, capture_output=True, text=True,
                         timeout=300)
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-3000:]
    for uf in ("sp", "mg", "rs"):
        deployment = _api(f"{prefect_server}/deployments/name/ingest-manifest/nightly-{uf}")
        assert deployment["work_pool_name"] == "locleg"
        assert [s["schedule"]["cron"] for s in deployment["schedules"]] == ["0 3 * * *"]
        assert deployment["entrypoint"] == "flows/batch.py:ingest_manifest"
        assert deployment["parameters"]["manifest"] == str(tmp_path / "manifests" / f"{uf.upper()}.jsonl")
        assert deployment["parameters"]["out"] == str(tmp_path / "store")
        assert deployment["parameters"]["catalog"] == "postgresql://locleg@dbhost:5432/locleg"
        steps = json.dumps(deployment.get("pull_steps") or [])
        assert str(ROOT) in steps  # the worker runs this checkout (same path on every machine)
