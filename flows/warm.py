"""Read the first pages while Prefect starts.

Importing Prefect takes 2-3 s on a busy 2-core machine, its temporary server (no
``PREFECT_API_URL``) 10-20 s more, and even with a lasting server the flow run and its first
task are created through the API before a ``read-page`` task starts. So ``locleg run`` first
plans the manifest's first documents and starts Tesseract on up to one page per worker in plain
threads (:func:`start`), then imports Prefect. The flow still submits a ``read-page`` task run for
every page (named ``ocr-<doc>-p<n>``, tagged, visible on the server); the task of a page started
here takes the running read (:func:`take`) instead of reading it again, so no page is read
twice and the results go through the same OCR cache and structuring. Not with Dask (tasks run
in other processes). ``LOCLEG_WARM_START=0`` turns it off. Nothing here imports Prefect.

:func:`first_page_seconds` is the figure ``bench/startup.py`` reports as the time to the first
OCR'd page: from the process's start to the end of its first page read (warm or task).
"""

from __future__ import annotations

import concurrent.futures
import threading
import time
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_pending: dict[str, concurrent.futures.Future] = {}
_executor: concurrent.futures.ThreadPoolExecutor | None = None
_first_page_at: float | None = None  # time.time() when this process finished its first page read


def note_page_read() -> None:
    """Record that a page read ended now (only the first one is kept)."""
    global _first_page_at
    with _lock:
        if _first_page_at is None:
            _first_page_at = time.time()


def first_page_seconds() -> float | None:
    """Seconds from this process's start to the end of its first page read, or None when it
    read no page (all cached, or pages read in other processes: Dask)."""
    if _first_page_at is None:
        return None
    try:
        import psutil  # a dependency of dask.distributed

        started = psutil.Process().create_time()
    except Exception:  # noqa: BLE001 - the figure is informative only
        return None
    return round(_first_page_at - started, 3)


def _read(path: Path, plan: Any, config: Any) -> Any:
    """One page as ``read_page_task`` reads it (an unreadable page is returned, not raised)."""
    from models.ocr import PageText
    from pipeline.errors import InputError, OcrError
    from pipeline.ocr import read_page

    try:
        return read_page(path, plan, config=config)
    except (InputError, OcrError) as exc:
        error = exc.page_error()
    except Exception as exc:  # noqa: BLE001
        error = OcrError(f"{type(exc).__name__}: {exc}").page_error()
    finally:
        note_page_read()
    return PageText(page_index=plan.page_index, method="none", width=plan.width, height=plan.height, error=error)


def start(manifest: Path, *, cache_dir: Path | None, ocr: dict, workers: int) -> int:
    """Start reading up to ``workers`` uncached pages of the manifest's first local documents.
    Returns how many reads were started (0 on any doubt: the flow then reads everything)."""
    global _executor
    try:
        from corpus.cache import OcrCache, default_cache_dir, page_key
        from corpus.manifest import read_manifest
        from pipeline.config import OcrConfig
        from pipeline.ocr import file_sha256, plan_pages, tesseract_version

        parsed = read_manifest(Path(manifest))
        config = OcrConfig(**ocr)
        cache = OcrCache(Path(cache_dir) if cache_dir else default_cache_dir())
        engine, config_key = tesseract_version(), config.key()
        started = 0
        for entry in parsed.entries:
            if started >= workers:
                break
            if entry.is_url or entry.problem is not None or entry.path is None or not entry.path.is_file():
                continue
            if entry.path.suffix.lower() == ".txt":
                continue
            sha = file_sha256(entry.path)
            try:
                plans = plan_pages(entry.path, config=config)
            except Exception:  # noqa: BLE001 - the flow reports a bad document
                continue
            for plan in plans:
                if started >= workers:
                    break
                key = page_key(sha, plan.page_index, config_key, engine)
                if key in _pending or cache.get(key) is not None:
                    continue
                with _lock:
                    if _executor is None:
                        _executor = concurrent.futures.ThreadPoolExecutor(max_workers=workers,
                                                                          thread_name_prefix="locleg-warm")
                    _pending[key] = _executor.submit(_read, entry.path, plan, config)
                started += 1
        return started
    except Exception:  # noqa: BLE001 - a warm start is an optimisation, never a failure
        return 0


def take(key: str) -> concurrent.futures.Future | None:
    """The running read of this page key, if one was started (each is taken once)."""
    with _lock:
        return _pending.pop(key, None)


def discard() -> None:
    """Forget reads nobody took (e.g. the flow failed before reaching them); let them finish."""
    global _executor
    with _lock:
        _pending.clear()
        executor, _executor = _executor, None
    if executor is not None:
        executor.shutdown(wait=False, cancel_futures=True)
