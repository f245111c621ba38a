"""Shared fixtures. ``tests/`` is on ``sys.path`` (``from scans import ...``)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
os.environ.setdefault("PREFECT_SERVER_LOGGING_LEVEL", "CRITICAL")


@pytest.fixture(scope="session")
def prefect_harness():
    """Real Prefect (a temporary server with its own database), started once per session."""
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=120):
        yield
