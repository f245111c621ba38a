"""Read the first pages while Prefect starts.

Importing Prefect takes 2-3 s on a busy 2-core machine, its temporary server (no
``PREFECT_API_URL``) 10-20 s more, and even with a lasting server the flow run and its first
task are created through the API before a ``read-page`` task starts. So ``locleg run`` first
plans the manifest's first documents and starts Tesseract on up to one page per worker in plain
threads (:func:`start`), waits for the first of them (:func:`wait_first_page`, bounded), then
imports Prefect; a feeder thread keeps one page per worker being read, in manifest order, until
the flow's first ``read-page`` task begins, so the cores read pages while Prefect starts instead
of waiting for it. The flow still submits a ``read-page`` task run for
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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_pending: dict[str, concurrent.futures.Future] = {}
_first_read = threading.Event()  # set when this process's first page read ended
_first_page_at: float | None = None  # time.time() when this process finished its first page read


def note_page_read() -> None:
    """Record that a page read ended now (only the first one is kept)."""
    global _first_page_at
    with _lock:
        if _first_page_at is None:
            _first_page_at = time.time()
    _first_read.set()


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


def _candidates(manifest: Path, *, cache_dir: Path | None, ocr: dict) -> Iterator[tuple[str, Path, Any, Any]]:
    """``(page key, path, plan, config)`` of every uncached page of the manifest's local
    documents, in manifest order (planned one document at a time, as they are needed)."""
    from corpus.cache import OcrCache, default_cache_dir, page_key
    from corpus.manifest import read_manifest
    from pipeline.config import OcrConfig
    from pipeline.ocr import file_sha256, plan_pages, tesseract_version

    parsed = read_manifest(Path(manifest))
    config = OcrConfig(**ocr)
    cache = OcrCache(Path(cache_dir) if cache_dir else default_cache_dir())
    engine, config_key = tesseract_version(), config.key()
    for entry in parsed.entries:
        if entry.is_url or entry.problem is not None or entry.path is None or not entry.path.is_file():
            continue
        if entry.path.suffix.lower() == ".txt":
            continue
        try:
            sha = file_sha256(entry.path)
            plans = plan_pages(entry.path, config=config)
        except Exception:  # noqa: BLE001 - the flow reports a bad document
            continue
        for plan in plans:
            key = page_key(sha, plan.page_index, config_key, engine)
            if cache.get(key) is None:
                yield key, entry.path, plan, config


class _Feed:
    """One run's warm reads: at most ``workers`` at a time, in manifest order, until stopped."""

    def __init__(self, workers: int) -> None:
        self.stopped = threading.Event()
        self.slots = threading.Semaphore(workers)
        self.executor = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="locleg-warm")

    def submit(self, key: str, path: Path, plan: Any, config: Any) -> bool:
        """Start reading one page when a slot is free; False once the feed is stopped."""
        while not self.slots.acquire(timeout=0.2):
            if self.stopped.is_set():
                return False
        with _lock:
            if self.stopped.is_set() or _feed is not self:
                self.slots.release()
                return False
            if key in _pending:
                self.slots.release()
                return True
            future = self.executor.submit(_read, path, plan, config)
            _pending[key] = future
        future.add_done_callback(lambda _f: self.slots.release())
        return True

    def keep_feeding(self, rest: Iterator[tuple[str, Path, Any, Any]]) -> None:
        """The feeder thread: the manifest's next pages, as slots free up, until stopped."""
        try:
            for key, path, plan, config in rest:
                if not self.submit(key, path, plan, config):
                    return
        except Exception:  # noqa: BLE001 - a warm start is an optimisation, never a failure
            return

    def stop(self) -> None:
        self.stopped.set()


_feed: _Feed | None = None


def start(manifest: Path, *, cache_dir: Path | None, ocr: dict, workers: int) -> int:
    """Start reading up to ``workers`` uncached pages of the manifest's first local documents,
    and keep that many reads running on its next pages (a feeder thread) until the flow's first
    ``read-page`` task begins (:func:`take`): the cores read pages while Prefect starts, which
    takes 2-3 s with a lasting server and 10-20 s with its temporary one. Returns how many reads
    were started at once (0 on any doubt: the flow then reads everything)."""
    global _feed
    try:
        candidates = _candidates(manifest, cache_dir=cache_dir, ocr=ocr)
        with _lock:
            if _feed is not None and not _feed.stopped.is_set():
                return 0  # already warm-starting this run
            _first_read.clear()
            feed = _feed = _Feed(workers)
        started = 0
        for key, path, plan, config in candidates:
            if key in _pending:
                continue
            if not feed.submit(key, path, plan, config):
                return started
            started += 1
            if started >= workers:
                break
        if started >= workers:
            threading.Thread(target=feed.keep_feeding, args=(candidates,), name="locleg-warm-feed",
                             daemon=True).start()
        return started
    except Exception:  # noqa: BLE001 - a warm start is an optimisation, never a failure
        return 0


def wait_first_page(timeout: float) -> bool:
    """Wait (at most ``timeout`` s) until the first warm read ended. ``locleg run`` imports
    Prefect only then: its import (~1 CPU-s, pure Python under the GIL) and its server's start
    would otherwise share the first page's core and slow its preparation, while the other cores
    read the next pages anyway. True if it ended."""
    return _first_read.wait(timeout)


def take(key: str) -> concurrent.futures.Future | None:
    """The running read of this page key, if one was started (each is taken once). The first
    call stops the feed: from then on the flow's own tasks read the pages nobody started."""
    with _lock:
        if _feed is not None:
            _feed.stop()
        return _pending.pop(key, None)


def started_keys() -> set[str]:
    """The page keys read (or being read) here and not taken yet."""
    with _lock:
        return set(_pending)


def feeding() -> bool:
    """Whether the feeder may still start reads (no ``read-page`` task has begun yet)."""
    with _lock:
        return _feed is not None and not _feed.stopped.is_set()


def discard() -> None:
    """Forget reads nobody took (e.g. the flow failed before reaching them); let them finish."""
    global _feed
    with _lock:
        _pending.clear()
        feed, _feed = _feed, None
    if feed is not None:
        feed.stop()
        feed.executor.shutdown(wait=False, cancel_futures=True)
