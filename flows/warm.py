"""Read the first pages while Prefect starts.

Importing Prefect takes 2-3 s on a busy 2-core machine and its temporary server (no
``PREFECT_API_URL``) 10-20 s more, all before the flow submits its first ``read-page`` task. So
``locleg run`` first plans the manifest's first documents and starts Tesseract on up to one page
per worker in plain threads (:func:`start`), then imports Prefect. When the flow reaches those
pages (``flows.batch._read_pages``) it takes the running reads (:func:`take`) instead of
submitting tasks: no page is read twice, the results go through the same OCR cache and
structuring, and the flow log says which pages were read this way (they are not Prefect task
runs). Only in embedded mode (no ``PREFECT_API_URL``; there the temporary server is thrown away
with the run): with a lasting server every page is a task run. ``LOCLEG_WARM_START=0`` turns it
off. Nothing here imports Prefect.
"""

from __future__ import annotations

import concurrent.futures
import threading
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_pending: dict[str, concurrent.futures.Future] = {}
_executor: concurrent.futures.ThreadPoolExecutor | None = None


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
