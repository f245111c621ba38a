"""Where the time to the first OCR'd page goes: a timeline of one ``locleg`` command, in process.

Runs ``locleg.cli.main`` on the given arguments with the stages of the first pages wrapped
(no-op check, warm start, planning, rendering, preparation, Tesseract, the first page read, the
flow's start) and the first import of the heavy libraries noted, then prints, for each event, the
seconds since the process started, the process's CPU seconds by then and the thread::

    PYTHONPATH=. .venv/bin/python bench/first_page_trace.py run corpus/sample/manifest.jsonl \\
        --out /tmp/o --cache /tmp/c --no-progress
    PYTHONPATH=. .venv/bin/python bench/first_page_trace.py ingest corpus/sample/pdf/lei-1433-1998-cangucu.pdf -o /dev/null

Tesseract runs in child processes: its CPU is not in the process's column (``bench/startup.py``
counts the whole tree). The wrappers cost microseconds; the import hook a little more. For
``ingest`` the pages are read in worker processes: their results are noted as the parent gets them.
"""

from __future__ import annotations

import atexit
import functools
import importlib
import importlib.abc
import sys
import threading
import time
from typing import Any

import psutil

T0 = psutil.Process().create_time()
EVENTS: list[tuple[float, float, str, str]] = []
WATCHED = {"prefect", "spacy", "pdfplumber", "numpy", "scipy", "pypdfium2", "PIL", "pydantic", "pandas", "pyarrow",
           "httpx", "sqlalchemy", "fastapi", "uvicorn", "jsonschema", "dask", "rapidfuzz"}
STAGES = [("locleg.noop", "noop_rerun"), ("flows.warm", "start"), ("flows.warm", "wait_first_page"),
          ("locleg.batch", "run_manifest"), ("flows.batch", "ingest_manifest"), ("pipeline.ocr", "plan_pages"),
          ("pipeline.ocr", "render_pdf_page"), ("pipeline.ocr", "_prepare"), ("pipeline.ocr", "run_tesseract_many"),
          ("pipeline.ocr", "read_margin_labels"), ("pipeline.ocr", "tesseract_version"),
          ("pipeline.ocr", "ocr_document")]


def note(what: str) -> None:
    EVENTS.append((time.time() - T0, time.process_time(), threading.current_thread().name, what))


class _FirstImports(importlib.abc.MetaPathFinder):
    seen: set[str] = set()

    def find_spec(self, name: str, path: Any, target: Any = None) -> None:
        top = name.split(".")[0]
        if top in WATCHED and top not in self.seen:
            self.seen.add(top)
            note(f"import {top}")
        return None


def _wrap(module: str, name: str) -> None:
    mod = importlib.import_module(module)
    func = getattr(mod, name)
    if hasattr(func, "fn"):  # a Prefect flow: wrap its function, the flow object stays
        inner = func.fn

        @functools.wraps(inner)
        def flow_fn(*a: Any, **k: Any) -> Any:
            note(f"> {module}.{name} (flow body)")
            return inner(*a, **k)

        func.fn = flow_fn
        return

    @functools.wraps(func)
    def wrapper(*a: Any, **k: Any) -> Any:
        note(f"> {module}.{name}")
        try:
            return func(*a, **k)
        finally:
            note(f"< {module}.{name}")

    setattr(mod, name, wrapper)


def _first_page_hooks() -> None:
    from flows import warm

    real_note = warm.note_page_read

    def note_page_read() -> None:
        if warm.first_page_seconds() is None:
            note("first page read ended (flows.warm.note_page_read)")
        real_note()

    warm.note_page_read = note_page_read
    import pipeline.ocr as ocr

    real_collect = ocr._collect

    def collect(results: Any, total: int, progress: Any) -> Any:
        def each() -> Any:
            for page in results:
                note(f"page {page.page_index + 1} back in the parent ({page.method})")
                yield page

        return real_collect(each(), total, progress)

    ocr._collect = collect


def main(argv: list[str]) -> int:
    note("interpreter up")
    sys.meta_path.insert(0, _FirstImports())
    import locleg.cli

    note("locleg.cli imported")
    if argv and argv[0] == "run":
        for module, name in STAGES:
            _wrap(module, name)
    else:
        for module, name in STAGES:
            if module == "pipeline.ocr":
                _wrap(module, name)
    _first_page_hooks()
    note("stages wrapped")
    atexit.register(_print)
    code = locleg.cli.main(argv)
    note("main returned")
    return code


def _print() -> None:
    print(f"{'wall s':>7} {'cpu s':>6}  {'thread':<18} event", file=sys.stderr)
    for wall, cpu, thread, what in EVENTS:
        print(f"{wall:7.3f} {cpu:6.2f}  {thread[:18]:<18} {what}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
