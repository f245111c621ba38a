"""Fixed overhead of a batch: ``locleg run`` on the sample manifest, with and without a Prefect server.

For each mode (``embedded``: no PREFECT_API_URL, Prefect's temporary server; ``server``: a
``prefect server start`` on loopback started here beforehand, as a long-lived one would be) it
measures, from the moment the command is launched:

- first run (fresh store and OCR cache): time to the first Tesseract process (OCR started), to
  the first page OCR'd (that process has exited), and the whole wall time;
- no-op rerun (same store, same cache): wall time (answered from the store, no Prefect);
- rerun through the flow (``--restructure``: every page from the cache, structuring and store
  again): wall time.

    .venv/bin/python bench/startup.py [--modes embedded,server] [--manifest corpus/sample/manifest.jsonl]

Render the sample first (``python -m corpus.sample.render``). Prints one table; ``--json`` too.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(home: Path) -> tuple[subprocess.Popen, str]:
    prefect = Path(sys.executable).with_name("prefect")
    port = _free_port()
    env = {**os.environ, "PREFECT_HOME": str(home), "PREFECT_UI_ENABLED": "false",
           "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
    env.pop("PREFECT_API_URL", None)
    proc = subprocess.Popen([str(prefect), "server", "start", "--host", "127.0.0.1", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    api = f"http://127.0.0.1:{port}/api"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{api}/health", timeout=2) as r:
                if r.status == 200:
                    return proc, api
        except OSError:
            time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGTERM)
    raise SystemExit("prefect server did not start within 180 s")


def stop_server(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def timed_run(argv: list[str], env: dict) -> dict:
    """Wall time of one command, and when its first tesseract child started and ended."""
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ps = psutil.Process(proc.pid)
    first_start = first_end = None
    seen: set[int] = set()
    while proc.poll() is None:
        try:
            kids = [k for k in ps.children(recursive=True)
                    if k.name() == "tesseract" and not {"--version", "--list-langs"} & set(k.cmdline())]
        except psutil.Error:
            kids = []
        now = time.monotonic() - t0
        if kids and first_start is None:
            first_start = now
        alive = {k.pid for k in kids}
        if first_start is not None and first_end is None and seen and not (seen & alive):
            first_end = now
        if first_end is None:
            seen |= alive
        time.sleep(0.02)
    wall = time.monotonic() - t0
    return {"wall_s": round(wall, 2), "rc": proc.returncode,
            "first_ocr_started_s": None if first_start is None else round(first_start, 2),
            "first_page_ocrd_s": None if first_end is None else round(first_end, 2)}


def measure(mode: str, manifest: Path, work: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
    env.pop("PREFECT_API_URL", None)
    server = None
    if mode == "server":
        server, api = start_server(work / f"{mode}-prefect-home")
        env["PREFECT_API_URL"] = api
    else:
        env["PREFECT_HOME"] = str(work / f"{mode}-prefect-home")
    try:
        out, cache = work / f"{mode}-out", work / f"{mode}-cache"
        base = [sys.executable, "-m", "locleg", "run", str(manifest), "--out", str(out), "--cache", str(cache),
                "--no-progress"]
        first = timed_run(base, env)
        noop = timed_run(base, env)
        flow_rerun = timed_run(base + ["--restructure"], env)
    finally:
        if server is not None:
            stop_server(server)
    return {"mode": mode, "first_run": first, "noop_rerun": noop, "flow_rerun": flow_rerun}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", type=Path, default=ROOT / "corpus/sample/manifest.jsonl")
    ap.add_argument("--modes", default="embedded,server")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="locleg-startup-"))
    try:
        results = [measure(m, args.manifest.resolve(), work) for m in args.modes.split(",")]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{'mode':<9} {'1st OCR start':>13} {'1st page done':>13} {'1st run':>8} {'no-op rerun':>11} "
          f"{'flow rerun':>10}")
    for r in results:
        f = r["first_run"]
        print(f"{r['mode']:<9} {f['first_ocr_started_s']!s:>13} {f['first_page_ocrd_s']!s:>13} {f['wall_s']:>8} "
              f"{r['noop_rerun']['wall_s']:>11} {r['flow_rerun']['wall_s']:>10}")
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
