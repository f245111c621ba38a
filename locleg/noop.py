"""``locleg run`` on a manifest that is already done: answered from the store, Prefect never started.

See :mod:`corpus.current` for when a document counts as current. ``--force`` and
``--restructure`` always run the flow; so does any URL, new, changed or failed document.
"""

from __future__ import annotations

import datetime as dt
import time
import uuid
from pathlib import Path
from typing import Any


def noop_rerun(args: Any, *, started: float | None = None) -> int | None:
    """The exit code of a rerun with nothing to do, or None when the flow must run."""
    from corpus.current import check_manifest, summary_of_current
    from corpus.manifest import read_manifest
    from corpus.summary import without_detail
    from locleg.batch import exit_code, ocr_options, print_summary

    started = time.monotonic() if started is None else started
    if getattr(args, "force", False) or getattr(args, "restructure", False):
        return None
    if getattr(args, "dask", False) or getattr(args, "dask_address", None):
        return None
    manifest_path = Path(args.manifest)
    if not manifest_path.is_file():
        return None  # the flow path reports it
    try:
        manifest = read_manifest(manifest_path)
        done = check_manifest(manifest, Path(args.out), getattr(args, "catalog", None), ocr_options(args))
    except Exception:  # noqa: BLE001 - any doubt: run the flow, which reports properly
        return None
    if done is None:
        return None
    from corpus.catalog import open_catalog

    run_id = uuid.uuid4().hex
    finished_at = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    summary = summary_of_current(manifest, done, run_id=run_id, out=Path(args.out).resolve(),
                                 seconds=time.monotonic() - started, finished_at=finished_at)
    catalog = open_catalog(getattr(args, "catalog", None), Path(args.out))
    try:
        catalog.begin_run(run_id, manifest=str(manifest.path), out_dir=str(Path(args.out).resolve()))
        catalog.finish_run(run_id, without_detail(summary))
    finally:
        catalog.close()
    print_summary(summary, getattr(args, "summary_json", None))
    return exit_code(summary, bool(getattr(args, "strict", False)))
