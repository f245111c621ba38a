"""Fixed overhead of a batch: ``locleg run`` on the sample manifest, with and without a Prefect server.

For each mode (``embedded``: no PREFECT_API_URL, Prefect's temporary server; ``server``: a
``prefect server start`` on loopback started here beforehand, as a long-lived one would be) it
measures, from the moment the command is launched:

- first run (fresh store and OCR cache): time to the first Tesseract process (OCR started), to
  the first page OCR'd (``first_page_s`` of the run's summary: from the process's start to the end
  of its first page read, measured inside the run, see ``flows.warm``), the CPU seconds of the
  whole process tree by then (a figure the machine's load moves less), and the whole wall time;
- no-op rerun (same store, same cache): wall time (answered from the store, no Prefect);
- rerun through the flow (``--restructure``: every page from the cache, structuring and store
  again): wall time.

Every run also reports its CPU seconds (user + system of the command and every process it
waited for: Tesseract, Prefect's temporary server) and the 1-minute load average when it
started and ended: on a machine shared with other jobs the wall times move with the load, the
CPU seconds much less.

    .venv/bin/python bench/startup.py [--modes embedded,server] [--manifest corpus/sample/manifest.jsonl]
                                      [--no-flow-rerun] [--repeat N]

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


def _tree_cpu(ps: psutil.Process) -> float:
    total = 0.0
    for p in [ps, *ps.children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            pass
    return total


def timed_run(argv: list[str], env: dict, summary: Path | None = None) -> dict:
    """Wall time of one command, when its first tesseract child started, and (from the run's
    summary) when its first page read ended; the process tree's CPU seconds by then."""
    load_before = os.getloadavg()[0]
    t0 = time.monotonic()
    argv = argv + (["--summary-json", str(summary)] if summary else [])
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ps = psutil.Process(proc.pid)
    first_start = None
    cpu_samples: list[tuple[float, float]] = []
    usage = None
    while True:
        # wait4 rather than poll: the child's rusage includes the processes it reaped (Tesseract)
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            usage = ru
            break
        try:
            kids = [k for k in ps.children(recursive=True)
                    if k.name() == "tesseract" and not {"--version", "--list-langs"} & set(k.cmdline())]
            cpu_samples.append((time.monotonic() - t0, _tree_cpu(ps)))
        except psutil.Error:
            kids = []
        if kids and first_start is None:
            first_start = time.monotonic() - t0
        time.sleep(0.02)
    wall = time.monotonic() - t0
    first_page = None
    if summary is not None and summary.is_file():
        first_page = json.loads(summary.read_text()).get("first_page_s")
    cpu_by_then = None
    if first_page is not None:
        before = [c for t, c in cpu_samples if t <= first_page]
        cpu_by_then = round(before[-1], 2) if before else None
    cpu = round(usage.ru_utime + usage.ru_stime, 2) if usage is not None else None
    return {"wall_s": round(wall, 2), "rc": proc.returncode, "cpu_s": cpu,
            "load1_before": round(load_before, 1), "load1_after": round(os.getloadavg()[0], 1),
            "first_ocr_started_s": None if first_start is None else round(first_start, 2),
            "first_page_ocrd_s": first_page, "cpu_s_by_first_page": cpu_by_then}


def measure(mode: str, manifest: Path, work: Path, *, flow_rerun: bool = True) -> dict:
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
        first = timed_run(base, env, work / f"{mode}-first.json")
        noop = timed_run(base, env)
        rerun = timed_run(base + ["--restructure"], env) if flow_rerun else None
    finally:
        if server is not None:
            stop_server(server)
    return {"mode": mode, "first_run": first, "noop_rerun": noop, "flow_rerun": rerun}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", type=Path, default=ROOT / "corpus/sample/manifest.jsonl")
    ap.add_argument("--modes", default="embedded,server")
    ap.add_argument("--no-flow-rerun", action="store_true", help="skip the --restructure rerun")
    ap.add_argument("--repeat", type=int, default=1, help="measure each mode N times (fresh store and cache)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = []
    for _ in range(args.repeat):
        for mode in args.modes.split(","):
            work = Path(tempfile.mkdtemp(prefix="locleg-startup-"))
            try:
                results.append(measure(mode, args.manifest.resolve(), work, flow_rerun=not args.no_flow_rerun))
            finally:
                shutil.rmtree(work, ignore_errors=True)
            results[-1]["load1"] = round(os.getloadavg()[0], 1)
    print(f"{'mode':<9} {'1st OCR start':>13} {'1st page done':>13} {'CPU-s by then':>13} {'1st run':>8} "
          f"{'no-op rerun':>11} {'no-op CPU-s':>11} {'flow rerun':>10} {'load1 (start-end)':>17}")
    for r in results:
        f, noop = r["first_run"], r["noop_rerun"]
        rerun = r["flow_rerun"]["wall_s"] if r["flow_rerun"] else "-"
        load = f"{f['load1_before']}-{r['load1']}"
        print(f"{r['mode']:<9} {f['first_ocr_started_s']!s:>13} {f['first_page_ocrd_s']!s:>13} "
              f"{f['cpu_s_by_first_page']!s:>13} {f['wall_s']:>8} {noop['wall_s']:>11} {noop['cpu_s']!s:>11} "
              f"{rerun!s:>10} {load:>17}")
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
