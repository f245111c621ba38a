"""The batch commands of the CLI: ``locleg run``, ``reprocess``, ``serve`` and ``search``.

They check their arguments, quiet Prefect, install the progress display, call the flows
(``flows.batch``, ``flows.serve``), print the summary and turn it into an exit code. Prefect is
imported only when a flow is about to run: ``search`` and the no-op rerun never import it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pipeline.errors import EXIT_IO, FetchError, InputError, LoclegError, OutputError


def ocr_options(args: Any) -> dict:
    """OcrConfig fields given on the command line (``--lang``, ``--dpi``, ``--psm``, ``--no-prepare``,
    ``--ocr``, ``--force-ocr``)."""
    options: dict[str, Any] = {name: getattr(args, name) for name in ("lang", "dpi", "psm")
                               if getattr(args, name, None) is not None}
    if getattr(args, "no_prepare", False):
        options["prepare"] = False
    if getattr(args, "ocr", None):
        options["ocr"] = args.ocr
    if getattr(args, "force_ocr", False):
        options["ocr"] = "always"
    return options


def checked_ocr_options(args: Any) -> dict:
    """:func:`ocr_options`, refused early when OcrConfig does not accept them."""
    from pipeline.config import OcrConfig

    options = ocr_options(args)
    OcrConfig(**options)
    return options


def exit_code(summary: dict, strict: bool) -> int:
    """74 when some result could not be stored; with ``--strict``, 1 unless every document was
    extracted; else 0."""
    if summary.get("by_reason", {}).get("store_failed"):
        return EXIT_IO  # the batch went on, but some result is not on disk (full disk, read-only)
    if strict and summary["documents"] != summary["by_status"].get("extracted", 0):
        return 1
    return 0


def print_summary(summary: dict, summary_json: Path | str | None) -> None:
    """The summary table on stdout (on stderr when the JSON goes to stdout), and the JSON."""
    from corpus.summary import format_summary, write_summary_json

    print(format_summary(summary), file=sys.stderr if str(summary_json) == "-" else sys.stdout)
    write_summary_json(summary_json, summary)


def quiet_prefect(verbose: bool) -> None:
    """Without ``--verbose`` the terminal shows no Prefect chatter: a failed document is an
    expected outcome, reported as one line (progress, summary), and Prefect would print a full
    traceback per failed task. The flow- and task-run loggers stay at INFO, though, so their
    lines (ours included: a failed document's one line, a page taken over from the warm start)
    still reach the Prefect server's run logs; only the console handler drops them."""
    import logging
    import os

    if verbose:
        return
    # the processes started from here (Dask workers) configure Prefect's logging themselves: their
    # console handler prints warnings only, their run logs still go to the API at INFO
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")
    for name in ("prefect", "prefect.server", "distributed", "prefect.task_runner.dask"):
        logging.getLogger(name).setLevel(logging.WARNING)
    for name in ("prefect.task_engine", "prefect.flow_engine"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    for name in _RUN_LOGGERS:
        logging.getLogger(name).setLevel(logging.INFO)
    from prefect.logging.handlers import APILogHandler

    # every terminal handler (Prefect's console handler, the CLI's own basicConfig one); the API
    # handler sits on the run loggers themselves, not on the root
    for handler in logging.getLogger().handlers:
        if not isinstance(handler, APILogHandler) and not any(isinstance(f, _NoRunLogs) for f in handler.filters):
            handler.addFilter(_NoRunLogs())


_RUN_LOGGERS = ("prefect.flow_runs", "prefect.task_runs")


class _NoRunLogs:
    """A console-handler filter: run logs go to the server, not to the terminal."""

    def filter(self, record: Any) -> bool:
        return not record.name.startswith(_RUN_LOGGERS)


def prefect_settings() -> Any:
    """Settings for a CLI run: in embedded mode (no PREFECT_API_URL) the temporary server is
    discarded at exit, so shipping every task's log lines to it is pure cost; and that server
    is recorded as it starts, for the start-up sweep of a run killed by SIGKILL."""
    from contextlib import nullcontext

    from prefect.settings import PREFECT_API_URL, PREFECT_LOGGING_TO_API_ENABLED, temporary_settings

    if PREFECT_API_URL.value():
        return nullcontext()
    from flows.temporary_server import register_temporary_server

    register_temporary_server()  # a run killed by SIGKILL leaves its server to the next run's sweep
    return temporary_settings(updates={PREFECT_LOGGING_TO_API_ENABLED: False})


def run_manifest(args: Any) -> int:
    """``locleg run MANIFEST --out DIR``: run the batch flow, print the summary table."""
    # Prefect first: importing it configures its loggers, which quiet_prefect then turns down.
    from corpus.fetch import INTERRUPTED
    from flows import warm
    from flows.batch import ingest_manifest
    from flows.progress import set_progress
    from flows.runtime import make_task_runner
    from locleg.progress import progress_bar

    manifest = Path(args.manifest)
    if not manifest.is_file():
        raise FetchError(f"manifest not found (or not a file): {manifest}", reason="missing_file")
    INTERRUPTED.clear()  # a new run in this process starts uninterrupted
    quiet_prefect(getattr(args, "verbose", False))
    runner = make_task_runner(workers=getattr(args, "workers", None), dask=getattr(args, "dask", False),
                              dask_address=getattr(args, "dask_address", None))
    flow_fn = ingest_manifest.with_options(task_runner=runner)
    with prefect_settings(), progress_bar(enabled=not getattr(args, "no_progress", False),
                                             quiet=bool(getattr(args, "quiet", False))) as bar:
        set_progress(bar)
        try:
            summary = flow_fn(manifest=str(manifest), out=str(args.out),
                              cache=str(args.cache) if args.cache else None,
                              catalog=getattr(args, "catalog", None), force=bool(args.force),
                              ocr=checked_ocr_options(args))
        except KeyboardInterrupt:
            from corpus.fetch import abort_downloads

            abort_downloads()  # a slow source's thread would hold the exit until its deadline
            raise
        except Exception as exc:  # the store, the catalog or the orchestrator (documents never raise)
            raise batch_error(exc, args) from exc
        finally:
            set_progress(None)
            warm.discard()
    if INTERRUPTED.is_set():  # the interrupt was swallowed inside the flow: what was done is stored
        raise KeyboardInterrupt()
    summary["first_page_s"] = warm.first_page_seconds()  # bench/startup.py: time to the first OCR'd page
    print_summary(summary, args.summary_json)
    return exit_code(summary, bool(args.strict))


def reprocess_store(args: Any) -> int:
    """``locleg reprocess --out DIR``: re-structure every stored document from its saved OCR."""
    from flows.batch import reprocess  # Prefect first, as in run_manifest
    from flows.progress import set_progress
    from locleg.progress import progress_bar

    if not Path(args.out).is_dir():
        raise FetchError(f"store not found: {args.out}", reason="missing_file")
    quiet_prefect(getattr(args, "verbose", False))
    with prefect_settings(), progress_bar(enabled=not getattr(args, "no_progress", False),
                                             quiet=bool(getattr(args, "quiet", False))) as bar:
        set_progress(bar)
        try:
            summary = reprocess(out=str(args.out), catalog=getattr(args, "catalog", None))
        except Exception as exc:  # as in run_manifest
            raise batch_error(exc, args) from exc
        finally:
            set_progress(None)
    print_summary(summary, getattr(args, "summary_json", None))
    return exit_code(summary, bool(getattr(args, "strict", False)))


def serve_manifest(args: Any) -> int:  # pragma: no cover - blocks until interrupted
    """``locleg serve MANIFEST --out DIR --cron ...``: serve the batch flow on a schedule."""
    from flows.serve import build_deployment, require_lasting_api  # (flows.batch sets Prefect's environment)
    from pipeline.errors import UsageError

    if not Path(args.manifest).is_file():
        raise FetchError(f"manifest not found: {args.manifest}", reason="missing_file")
    require_lasting_api()
    if getattr(args, "dask", False) or getattr(args, "dask_address", None) or getattr(args, "workers", None):
        # A served run starts from the flow's entrypoint with its default thread runner; to
        # run served pages on Dask, deploy to a work pool (docs/flows.md).
        raise UsageError("--dask, --dask-address and --workers apply to `locleg run`, not to `serve`")
    deployment = build_deployment(manifest=args.manifest, out=args.out, cron=args.cron, name=args.name,
                                  timezone=args.timezone, cache=args.cache, catalog=args.catalog,
                                  force=args.force, ocr=checked_ocr_options(args))
    from prefect import serve

    serve(deployment)
    return 0


_SQLITE_WRITE_FAILURES = ("disk is full", "disk i/o error", "readonly database", "unable to open database file")


def batch_error(exc: Exception, args: Any) -> LoclegError:
    """What stopped a batch flow (``run``, ``reprocess``), as the exit-code table says: a document
    never raises, so this is the run's own store, catalog or orchestrator. A store or SQLite
    catalog that cannot be written (a full disk, a read-only place, a file where the store's
    directory should be) is an I/O error (74); a catalog that is not a database (65) or a server
    that does not answer (66) as for ``search``; anything else ``flow_failed`` (70)."""
    import sqlite3

    if isinstance(exc, LoclegError):
        return exc
    target = getattr(args, "catalog", None) or str(Path(args.out) / "catalog.sqlite")
    if isinstance(exc, sqlite3.OperationalError) and any(m in str(exc).lower() for m in _SQLITE_WRITE_FAILURES):
        return OutputError(f"catalog {target} cannot be written: {exc}", reason="write_failed")
    if isinstance(exc, OSError) and not isinstance(exc, (ConnectionError, TimeoutError)):
        where = f": {exc.filename}" if exc.filename else ""
        return OutputError(f"cannot write the store {args.out}: {exc.strerror or exc}{where}", reason="write_failed")
    if type(exc).__module__.split(".")[0] in ("sqlite3", "psycopg"):
        return catalog_error(target, exc)
    return LoclegError(f"the batch flow failed: {type(exc).__name__}: {exc}", reason="flow_failed")


def catalog_error(target: str, exc: Exception) -> LoclegError:
    """A catalog that cannot be used: not a database (65), or a server not reachable (66)."""
    import sqlite3

    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in str(exc):
        return InputError(f"{target} is not a catalog database: {exc}", reason="catalog_unreadable")
    name = type(exc).__name__
    if name in ("OperationalError", "ConnectionError", "InterfaceError") or isinstance(exc, OSError):
        detail = " ".join(str(exc).split())[:200]
        return FetchError(f"catalog {target} unreachable: {detail}", reason="catalog_unreachable")
    return LoclegError(f"catalog {target}: {name}: {exc}", reason="catalog_failed")


def search_store(args: Any) -> int:
    """``locleg search PHRASE [--uf SP] [--out DIR]``: matching units with norm and unit ids."""
    from corpus.catalog import open_catalog

    out = Path(args.out)
    target = getattr(args, "catalog", None)
    if target is None and not (out / "catalog.sqlite").is_file():
        raise FetchError(f"no catalog in {out} (run `locleg run MANIFEST --out {out}` first)",
                         reason="missing_file")
    try:
        catalog = open_catalog(target, out)
        try:
            hits = catalog.search(args.phrase, uf=args.uf, limit=args.limit)
        finally:
            catalog.close()
    except LoclegError:
        raise
    except Exception as exc:  # noqa: BLE001 - classified: a bad catalog is the user's input
        raise catalog_error(target or str(out / "catalog.sqlite"), exc) from exc
    if getattr(args, "json", False):
        print(json.dumps([{**h.__dict__, "norm": h.norm_label} for h in hits], ensure_ascii=False, indent=2))
        return 0
    for h in hits:
        text = " ".join(h.text.split())
        print(f"{h.norm_label}  {h.unit_id}  [{h.json_path}]")
        print(f"    {text[:300]}{'...' if len(text) > 300 else ''}")
    if not hits:
        print(f"no unit matches {args.phrase!r}", file=sys.stderr)
    return 0
