"""``locleg``: the command line. The only place where errors become exit codes.

Exit codes, the same for every command (README.md has the table): 0 ok; 1 ``validate`` found
the file invalid, or ``--strict`` and some document did not come out ``extracted``; 2 usage
error; 65 unreadable input; 66 source not found or not fetched; 70 internal error; 71 OCR
failed; 74 I/O error (an output could not be written, a batch could not store a document);
130 interrupted (SIGINT); 143 terminated (SIGTERM). Errors are one line on stderr; ``--verbose``
adds the traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from pipeline.errors import (
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_IO,
    EXIT_SIGINT,
    EXIT_SIGTERM,
    FetchError,
    InputError,
    LoclegError,
    UsageError,
)

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")

FIRST_PAGE_WAIT_S = 15.0
"""How long ``locleg run`` lets its first page be read before it starts Prefect (flows.warm)."""


def _write_json(payload: str, out: Path | None) -> None:
    if out is None or str(out) == "-":  # '-o -': stdout, as every Unix tool
        sys.stdout.write(payload + "\n")
        return
    from corpus.atomic import write_text_atomic

    write_text_atomic(out, payload + "\n")


def _load_meta(path: Path | None):
    from models.norm import NormMeta

    if path is None:
        return None
    try:
        return NormMeta.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError as exc:
        raise FetchError(f"metadata file not found: {path}", reason="missing_file") from exc
    except OSError as exc:
        raise UsageError(f"metadata file {path} unreadable: {exc.strerror or exc}") from exc
    except (ValueError, json.JSONDecodeError) as exc:
        raise UsageError(f"metadata file {path} is not a valid record: {exc}") from exc


def _ocr_config(args: argparse.Namespace):
    from locleg.batch import ocr_options
    from pipeline.config import OcrConfig

    return OcrConfig(**ocr_options(args))


def cmd_structure(args: argparse.Namespace) -> int:
    from pipeline.ocr import check_source
    from pipeline.structure import structure_document
    from pipeline.textpages import document_from_text

    check_source(args.text)
    try:
        text = args.text.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise FetchError(f"cannot read {args.text}: {exc.strerror or exc}", reason="unreadable_file") from exc
    doc = document_from_text(text, source=args.text.name)
    result = structure_document(doc, _load_meta(args.meta))
    _write_json(result.model_dump_json(indent=2, exclude_none=False), args.output)
    return 0


def cmd_ingest(args: argparse.Namespace) -> int:
    from pipeline.ingest import ingest_acts, ingest_file

    if args.all_acts:
        record = ingest_acts(args.doc, meta=_load_meta(args.meta), config=_ocr_config(args))
        _write_json(record.model_dump_json(indent=2), args.output)
        return 0
    result = ingest_file(args.doc, meta=_load_meta(args.meta), config=_ocr_config(args))
    _write_json(result.model_dump_json(indent=2), args.output)
    return 0


def cmd_ocr(args: argparse.Namespace) -> int:
    from pipeline.ingest import read_file

    doc = read_file(args.doc, config=_ocr_config(args))
    text = doc.plain_text()
    if args.output is None or str(args.output) == "-":
        sys.stdout.write(text + "\n")
    else:
        from corpus.atomic import write_text_atomic

        write_text_atomic(args.output, text + "\n")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from models.norm import json_schema

    sys.stdout.write(json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    import jsonschema

    from models.norm import json_schema
    from pipeline.ocr import check_source

    check_source(args.file)
    try:
        data = json.loads(args.file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise FetchError(f"cannot read {args.file}: {exc.strerror or exc}", reason="unreadable_file") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{args.file} is not text (not UTF-8 at byte {exc.start})", reason="not_json") from exc
    except json.JSONDecodeError as exc:
        print(f"{args.file}: not JSON: {exc}", file=sys.stderr)
        return 1
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(json_schema()).iter_errors(data)
    )
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        print(f"{args.file}: invalid at {where}: {error.message}", file=sys.stderr)
        return 1
    print(f"{args.file}: valid")
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from locleg.batch import ocr_options, run_manifest
    from locleg.noop import noop_rerun
    from pipeline.ocr import check_source, default_workers

    # before anything reads it: a FIFO with no writer would hold the run for ever (the manifest
    # is read more than once, so a pipe could not serve anyway); a loop or directory is 66 too
    check_source(args.manifest)
    code = noop_rerun(args)  # every document stored and current: answered without Prefect
    if code is not None:
        return code
    if not (args.dask or args.dask_address or os.environ.get("LOCLEG_WARM_START") == "0"):
        from flows import warm

        # Tesseract starts on the first pages now; Prefect's start-up (import, temporary server
        # or API calls to a lasting one) runs beside it; their read-page tasks take these reads.
        if warm.start(args.manifest, cache_dir=args.cache, ocr=ocr_options(args),
                      workers=args.workers or default_workers()):
            # Prefect's import and server start would share the first page's core (and its GIL
            # while the page is prepared); the other cores read the next pages meanwhile.
            warm.wait_first_page(FIRST_PAGE_WAIT_S)
    return run_manifest(args)


def cmd_reprocess(args: argparse.Namespace) -> int:
    from locleg.batch import reprocess_store

    return reprocess_store(args)


def cmd_search(args: argparse.Namespace) -> int:
    from locleg.batch import search_store

    return search_store(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from locleg.batch import serve_manifest

    return serve_manifest(args)


def cmd_export(args: argparse.Namespace) -> int:
    from corpus.export import export_corpus

    summary = export_corpus(args.corpus, args.out, fmt=args.format, validate=args.validate)
    print(f"exported {summary.norms - len(summary.failed)} norms ({summary.units} units) as {summary.format} to {args.out}; "
          f"{len(summary.skipped)} other JSON files skipped", file=sys.stderr)
    for problem in summary.invalid:
        print(f"invalid: {problem}", file=sys.stderr)
    for problem in summary.failed:
        print(f"failed: {problem}", file=sys.stderr)
    if summary.failed:
        return EXIT_INPUT
    return 1 if summary.invalid else 0


def bounded_int(low: int, high: int):
    """An argparse type: an integer in [low, high] (``--dpi 0`` or ``--limit 1e20`` are usage
    errors, not a corrupt PDF or an SQLite overflow)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from exc
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside {low}..{high}")
        return value

    parse.__name__ = "integer"
    return parse


def _add_verbose(p: argparse.ArgumentParser) -> None:
    p.add_argument("-v", "--verbose", action="store_true", help="show tracebacks (and Prefect's logs in flows)")


def _add_export_command(sub) -> None:
    """``locleg export``; owned with corpus/export.py."""
    p = sub.add_parser("export", help="export a directory of output JSON as LexML, Akoma Ntoso, JSONL or Parquet")
    p.add_argument("--format", required=True, choices=("lexml", "akn", "jsonl", "parquet"))
    p.add_argument("corpus", type=Path, metavar="CORPUS_DIR", help="directory tree of NormDocument JSON files")
    p.add_argument("out", type=Path, metavar="OUT", help="output directory (lexml, akn) or file (jsonl, parquet)")
    p.add_argument("--validate", action="store_true", help="check XML outputs against their schema; exit 1 if any fails")
    _add_verbose(p)
    p.set_defaults(func=cmd_export)


def _add_batch_options(p: argparse.ArgumentParser) -> None:
    """Options of the flow commands (run, serve); owned with flows/."""
    p.add_argument("--catalog", help="catalog: postgresql://... URL or SQLite file (default: OUT/catalog.sqlite)")
    p.add_argument("--workers", type=bounded_int(1, 1024), help="pages read in parallel (default: one per core)")
    p.add_argument("--dask", action="store_true", help="run pages on a local Dask cluster (prefect-dask)")
    p.add_argument("--dask-address", help="run pages on this Dask scheduler (tcp://host:8786)")
    p.add_argument("--no-progress", action="store_true", help="no progress display on stderr")
    p.add_argument("-v", "--verbose", action="store_true", help="show Prefect's flow and task logs")


def _add_flow_commands(sub) -> None:
    p = sub.add_parser("reprocess", help="re-structure a store from its saved OCR (no OCR)")
    p.add_argument("--out", type=Path, required=True, help="store directory filled by `locleg run`")
    p.add_argument("--catalog", help="catalog URL or file (default: OUT/catalog.sqlite)")
    p.add_argument("--summary-json", type=Path, help="also write the summary as JSON")
    p.add_argument("--strict", action="store_true", help="exit 1 unless every document is extracted")
    p.add_argument("--no-progress", action="store_true", help="no progress display on stderr")
    p.add_argument("-v", "--verbose", action="store_true", help="show Prefect's flow and task logs")
    p.set_defaults(func=cmd_reprocess)

    p = sub.add_parser("search", help="full-text search of the stored units and ementas: a phrase, or OR, prefix*, \"phrase\", NEAR(a b, N)")
    p.add_argument("phrase")
    p.add_argument("--uf", help="only norms of this state (two letters)")
    p.add_argument("--out", type=Path, default=Path("out/sample"), help="store directory (default: out/sample)")
    p.add_argument("--catalog", help="catalog URL or file (default: OUT/catalog.sqlite)")
    p.add_argument("--limit", type=bounded_int(1, 1_000_000), default=20)
    p.add_argument("--json", action="store_true", help="print the hits as JSON")
    _add_verbose(p)
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("serve", help="serve the batch flow on a schedule (Prefect serve)")
    p.add_argument("manifest", type=Path)
    p.add_argument("--out", type=Path, required=True, help="store directory")
    p.add_argument("--cron", required=True, help='cron schedule, e.g. "0 3 * * *"')
    p.add_argument("--name", help="deployment name (default: the manifest's stem)")
    p.add_argument("--cache", type=Path, help="OCR cache directory")
    p.add_argument("--force", action="store_true", help="replace a stored good result even with a worse one")
    p.add_argument("--timezone", default="UTC", help="timezone of the cron schedule (default UTC)")
    _add_ocr_options(p)
    _add_batch_options(p)
    p.set_defaults(func=cmd_serve)


def _add_ocr_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", help="Tesseract language set (default: por)")
    p.add_argument("--dpi", type=bounded_int(10, 2400), help="render resolution for non-scan pages (default 300)")
    p.add_argument("--psm", type=bounded_int(0, 13), help="Tesseract page segmentation mode (default 4, one column; 3 for multi-column pages)")
    p.add_argument("--no-prepare", action="store_true", help="skip page image preparation")
    p.add_argument("--ocr", choices=("auto", "always", "never"), default=None,
                   help="auto (default): a text layer is read when it passes the quality test; "
                        "always: OCR every page; never: trust any text layer")
    p.add_argument("--force-ocr", action="store_true", help="the same as --ocr always")


def _version() -> str:
    from pipeline import __version__

    return f"locleg {__version__}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="locleg", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=_version())
    parser.add_argument("-q", "--quiet", action="store_true", help="only warnings and errors on stderr")
    parser.add_argument("--log-level", choices=("debug", "info", "warning", "error"),
                        help="level of the log lines on stderr (default: warning; -q: error)")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("ingest", help="full pipeline on one PDF or image")
    p.add_argument("doc", type=Path)
    p.add_argument("--meta", type=Path, help="upstream record of the norm (JSON)")
    p.add_argument("-o", "--output", type=Path, help="output JSON (default or -: stdout)")
    p.add_argument("--all-acts", action="store_true",
                   help="a gazette or any document of several acts: every act as its own norm, in one "
                        "record (--meta gives what they share: municipio, uf)")
    _add_ocr_options(p)
    _add_verbose(p)
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("structure", help="clean + segment + emit already-OCR'd text")
    p.add_argument("text", type=Path)
    p.add_argument("--meta", type=Path, help="upstream record of the norm (JSON)")
    p.add_argument("-o", "--output", type=Path, help="output JSON (default or -: stdout)")
    _add_verbose(p)
    p.set_defaults(func=cmd_structure)

    p = sub.add_parser("ocr", help="the OCR stage alone: text, pages separated by form feeds")
    p.add_argument("doc", type=Path)
    p.add_argument("-o", "--output", type=Path, help="output text (default or -: stdout)")
    _add_ocr_options(p)
    _add_verbose(p)
    p.set_defaults(func=cmd_ocr)

    p = sub.add_parser("schema", help="print the JSON Schema of the output")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser("validate", help="check an output JSON against the schema")
    p.add_argument("file", type=Path)
    _add_verbose(p)
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("run", help="batch ingestion flow (Prefect) over a JSON Lines manifest")
    p.add_argument("manifest", type=Path)
    p.add_argument("--out", type=Path, required=True, help="store directory")
    p.add_argument("--summary-json", type=Path, help="also write the summary as JSON")
    p.add_argument("--cache", type=Path, help="OCR cache directory (default: $LOCLEG_CACHE_DIR or ~/.cache/locleg)")
    p.add_argument("--strict", action="store_true", help="exit 1 unless every document is extracted")
    p.add_argument("--force", action="store_true", help="replace a stored good result even with a worse one")
    p.add_argument("--restructure", action="store_true",
                   help="run the flow even when every document is stored and current (default: answered from the store)")
    _add_ocr_options(p)
    _add_batch_options(p)
    p.set_defaults(func=cmd_run)
    _add_flow_commands(sub)
    _add_export_command(sub)
    return parser


def _parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """Like ``parse_args``, but an unknown option is reported with the usage of the subcommand
    it was given to (``locleg run: error: ...``), not the top-level usage."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        sub.choices[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _set_log_level(args: argparse.Namespace) -> None:
    import logging

    level = (args.log_level or ("error" if args.quiet else "warning")).upper()
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(level)
    for name in ("prefect", "locleg"):
        logging.getLogger(name).setLevel(level)
    # Dask's LocalCluster logs some 50 INFO lines per run; only its warnings unless debugging.
    logging.getLogger("distributed").setLevel(level if level in ("DEBUG", "ERROR") else "WARNING")
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "warning" if level != "DEBUG" else "info")


def _clean_message(message: str) -> str:
    """pydantic's 'For further information visit https://errors.pydantic.dev/...' lines dropped."""
    return "\n".join(line for line in message.splitlines()
                     if not line.strip().startswith("For further information visit")).strip()
class Terminated(KeyboardInterrupt):
    """SIGTERM, delivered like Ctrl-C so a batch stops at once (exit 143)."""


_SIGTERM_SEEN: list[bool] = []  # a SIGTERM whose Terminated was swallowed still exits 143


def _on_interrupt(signum: int, frame: object) -> None:
    """SIGINT raises KeyboardInterrupt, SIGTERM :class:`Terminated`. Downloads are cut here, in
    the handler: the exception may be raised inside an orchestrator's code that swallows it, and a
    slow source would then hold the run."""
    import signal

    from corpus.fetch import abort_downloads

    terminated = signum == signal.SIGTERM
    if terminated:
        _SIGTERM_SEEN.append(True)
    abort_downloads()
    raise Terminated() if terminated else KeyboardInterrupt()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = _parse(parser, argv)
    _set_log_level(args)
    verbose = bool(getattr(args, "verbose", False))
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_interrupt)
        signal.signal(signal.SIGINT, _on_interrupt)
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk behind `> file` shows here, not at interpreter exit
        return code
    except LoclegError as exc:
        return _report(exc.category, exc.reason, _clean_message(exc.message), exc.exit_code, exc, verbose)
    except KeyboardInterrupt as exc:
        terminated = isinstance(exc, Terminated) or bool(_SIGTERM_SEEN)
        if not verbose:
            # the embedded Prefect server, cancelled mid-request, logs its shutdown errors with
            # tracebacks (sqlalchemy's pool, asyncio's CancelledError): an interrupt is one line
            import logging

            logging.disable(logging.CRITICAL)
        print(f"locleg: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return EXIT_SIGTERM if terminated else EXIT_SIGINT
    except BrokenPipeError as exc:
        # the reader of stdout went away (`locleg schema | head -1`): nothing more to say
        _silence_stdout()
        return _report("io", "broken_pipe", "output pipe closed", EXIT_IO, exc, verbose)
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        return _report("io", "os_error", f"{exc.strerror or exc}{where}", EXIT_IO, exc, verbose)
    except Exception as exc:  # noqa: BLE001 - the one boundary: a bug is one line and exit 70
        return _report("internal", "internal_error", f"{type(exc).__name__}: {exc}", EXIT_INTERNAL, exc,
                       verbose)


def _report(category: str, reason: str, message: str, code: int, exc: BaseException, verbose: bool) -> int:
    if verbose:
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    # one line: a multi-line message (pydantic's) joined, so its details stay readable
    first = "; ".join(ln.strip() for ln in message.strip().splitlines() if ln.strip()) or reason
    print(f"locleg: {category} error ({reason}): {first}", file=sys.stderr)
    return code


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
