"""Reading a flow run's task runs back from Prefect, as they settle.

Prefect records task-run states from events its server consumes after the run: read right after
a flow returns (on a loaded machine above all), a task run may be missing or not final yet."""

from __future__ import annotations

import time


def settled_task_runs(run_id: str, names: set[str], *, timeout: float = 60.0) -> dict:
    """The task runs of flow run ``run_id`` by name, once every one of ``names`` is there in a
    final state (or ``timeout`` seconds have passed: then as they are, for the caller's asserts)."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    deadline = time.monotonic() + timeout
    with get_client(sync_client=True) as client:
        flow_run = client.read_flow_run(run_id)
        while True:
            runs = {t.name: t for t in client.read_task_runs(
                flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run.id])))}
            if all(n in runs and runs[n].state is not None and runs[n].state.is_final() for n in names) \
                    or time.monotonic() > deadline:
                return runs
            time.sleep(0.5)
