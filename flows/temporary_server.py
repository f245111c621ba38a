"""The temporary Prefect server of a run, and the start-up sweep of those a killed run left.

Without ``PREFECT_API_URL`` Prefect starts a temporary server (a uvicorn child process) and stops
it at exit. SIGKILL (the OOM killer, ``kill -9``) skips that: the server runs on, an orphan of
200+ MB. So a run records its server: ``locleg-server-<pid>.lock`` in the temp dir, locked by
the run for as long as it lives, holds the server's pid and start time. A lock dies with its
process; the next run's sweep (:func:`sweep_orphan_servers`) takes the lock of every such file
it finds free, stops the server named there if it is still that process (same start time, a
Prefect server's command line) and removes the file.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from pipeline.scratch import OWNER_LOCKS, hold_owner_lock, owner_alive

PREFIX = "locleg-server-"
_SERVER_APP = b"prefect.server.api.server:create_app"

_lock = threading.Lock()
_record: dict[str, Any] = {}  # fd, path, servers of this process's registration


def _start_time(pid: int) -> int | None:
    """The process's start time (clock ticks since boot, /proc/<pid>/stat), None when it is gone,
    a zombie, or there is no /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2:].split()
    if not fields or fields[0] in ("Z", "X"):
        return None
    return int(fields[19])


def _is_prefect_server(pid: int) -> bool:
    try:
        return _SERVER_APP in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def record_server(pid: int) -> None:
    """Note ``pid`` as this process's temporary server in its registration file (made and
    locked on the first call)."""
    if not OWNER_LOCKS:  # not on Windows: there nothing is recorded or swept
        return
    with _lock:
        if "fd" not in _record:
            path = Path(tempfile.gettempdir()) / f"{PREFIX}{os.getpid()}.lock"
            fd = os.open(path, os.O_CREAT | os.O_RDWR | os.O_NOFOLLOW, 0o600)
            hold_owner_lock(fd)
            _record.update(fd=fd, path=path, servers=[])
            atexit.register(_forget)
        servers: list[list[int | None]] = _record["servers"]
        if any(p == pid for p, _start in servers):
            return
        servers.append([pid, _start_time(pid)])
        body = json.dumps({"owner": os.getpid(), "servers": servers}).encode()
        os.ftruncate(_record["fd"], 0)
        os.pwrite(_record["fd"], body, 0)


def _forget() -> None:
    """At a normal exit (Prefect stopped the server): the registration goes."""
    with _lock:
        if "fd" in _record:
            try:
                os.unlink(_record["path"])
            except OSError:
                pass
            os.close(_record["fd"])
            _record.clear()


def register_temporary_server() -> None:
    """Record every temporary server Prefect starts in this process, the moment it starts it.
    (Prefect has no hook for this: its private ``_run_uvicorn_command`` is wrapped; when that
    is gone the server is still recorded once the run opens, see :func:`deprioritize_temporary_server`.)"""
    try:
        from prefect.server.api.server import SubprocessASGIServer
    except ImportError:  # pragma: no cover
        return
    original = getattr(SubprocessASGIServer, "_run_uvicorn_command", None)
    if original is None or getattr(original, "_locleg_records", False):
        return

    def run_and_record(self: Any) -> Any:
        proc = original(self)
        record_server(proc.pid)
        return proc

    run_and_record._locleg_records = True  # type: ignore[attr-defined]
    SubprocessASGIServer._run_uvicorn_command = run_and_record  # type: ignore[method-assign]


def _stop(pid: int, start: int, *, grace_s: float = 5.0) -> bool:
    """SIGTERM, then SIGKILL after ``grace_s``, the process ``pid`` if it is still the one that
    started at ``start``; True when it was running."""
    if _start_time(pid) != start or not _is_prefect_server(pid):
        return False
    try:
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline and _start_time(pid) == start:
            time.sleep(0.05)
        if _start_time(pid) == start:
            os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return True


def sweep_orphan_servers(*, tmp_dir: str | None = None) -> int:
    """Stop the temporary servers of runs that died without stopping them (their registration's
    lock is free) and remove those registrations. Returns how many servers were stopped."""
    if not OWNER_LOCKS:
        return 0
    stopped = 0
    try:
        candidates = list(Path(tmp_dir or tempfile.gettempdir()).glob(f"{PREFIX}*.lock"))
    except OSError:
        return 0
    for path in candidates:
        try:
            fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            if hasattr(os, "getuid") and os.fstat(fd).st_uid != os.getuid():
                continue
            if owner_alive(fd):
                continue  # its run is alive
            body = os.pread(fd, 1 << 16, 0)
            if not body and time.time() - os.fstat(fd).st_mtime < 10:
                continue  # just made: its run has not locked it yet
            try:
                servers = json.loads(body or b"{}").get("servers", [])
            except (ValueError, AttributeError):
                servers = []
            for pid, start in servers:
                if isinstance(pid, int) and isinstance(start, int) and _stop(pid, start):
                    stopped += 1
            path.unlink(missing_ok=True)
        except OSError:
            continue
        finally:
            os.close(fd)
    return stopped


def deprioritize_temporary_server() -> None:
    """Let OCR have the cores: the temporary Prefect server this process started (embedded
    mode, no PREFECT_API_URL) records task runs from events, asynchronously, and competed with
    Tesseract for CPU on small machines. Its niceness is raised; a real server is untouched.

    ``SubprocessASGIServer()`` is the process's temporary server, the one Prefect's own clients
    start (its constructor returns that one instance; the test harness registers its server
    as that instance too)."""
    try:
        from prefect.server.api.server import SubprocessASGIServer
    except ImportError:  # pragma: no cover
        return
    proc = getattr(SubprocessASGIServer(), "server_process", None)
    if proc is not None and proc.poll() is None:
        record_server(proc.pid)  # already recorded when it started, unless Prefect changed
        try:
            os.setpriority(os.PRIO_PROCESS, proc.pid, 10)
        except OSError:
            pass
