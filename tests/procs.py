"""Helpers for tests that start real servers in their own process group."""

from __future__ import annotations

import os
import signal
import subprocess


def stop_group(proc: subprocess.Popen, sig: int = signal.SIGTERM, *, timeout: float = 20) -> None:
    """Send ``sig`` to the process group of ``proc``; kill the group if it is not gone in ``timeout`` s."""
    os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
