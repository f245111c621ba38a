"""``locleg serve MANIFEST --out DIR --cron "0 3 * * *"``: the batch flow on a schedule.

Prefect's own machinery: ``Flow.to_deployment`` with a cron schedule, served by ``prefect.serve``
(a long-running process that polls the Prefect API and starts the scheduled runs). It needs a
Prefect API that outlives the process: a ``prefect server start`` (set ``PREFECT_API_URL``) or
Prefect Cloud; docs/flows.md shows both this and work pools with workers on several machines.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flows import batch as batch_module
from flows.batch import ingest_manifest


def deployment_parameters(*, manifest: Path, out: Path, cache: Path | None = None, catalog: str | None = None,
                          force: bool = False, ocr: dict | None = None) -> dict:
    """The flow parameters a scheduled run gets (absolute paths: runs start elsewhere)."""
    return {
        "manifest": str(Path(manifest).resolve()),
        "out": str(Path(out).resolve()),
        "cache": str(Path(cache).resolve()) if cache else None,
        "catalog": catalog,
        "force": force,
        "ocr": ocr or {},
    }


def build_deployment(*, manifest: Path, out: Path, cron: str, name: str | None = None, timezone: str = "UTC",
                     cache: Path | None = None, catalog: str | None = None, force: bool = False,
                     ocr: dict | None = None) -> Any:
    """A ``RunnerDeployment`` of ``ingest_manifest`` with a cron schedule (not yet served)."""
    from prefect.client.schemas.schedules import CronSchedule

    from pipeline.errors import UsageError

    try:
        schedule = CronSchedule(cron=cron, timezone=timezone)
    except ValueError as exc:
        raise UsageError(f"bad cron schedule {cron!r}: {exc}") from exc
    deployment = ingest_manifest.to_deployment(
        name=name or f"locleg-{Path(manifest).stem}",
        schedule=schedule,  # type: ignore[arg-type]  # CronSchedule is a Schedule at runtime
        parameters=deployment_parameters(manifest=manifest, out=out, cache=cache, catalog=catalog, force=force,
                                          ocr=ocr),
        description=f"Ingest {Path(manifest).name} into {out} on '{cron}' ({timezone}).",
        tags=["locleg"],
    )
    # Prefect stores the entrypoint relative to the current directory; a served or scheduled run
    # may start elsewhere, so it is made absolute (this checkout's flows/batch.py).
    deployment.entrypoint = f"{Path(batch_module.__file__).resolve()}:ingest_manifest"  # type: ignore[union-attr]
    return deployment


def require_lasting_api() -> str:
    """The Prefect API a deployment is registered with; without ``PREFECT_API_URL`` (or a
    profile setting it) there is none that outlives this process, so ``serve`` refuses."""
    from prefect.settings import PREFECT_API_URL

    from pipeline.errors import UsageError

    url = PREFECT_API_URL.value()
    if not url:
        raise UsageError("serve needs a Prefect server that outlives it: start one (`prefect server start`) "
                         "and set PREFECT_API_URL=http://127.0.0.1:4200/api (or use Prefect Cloud); "
                         "for a one-off batch use `locleg run`")
    return url
