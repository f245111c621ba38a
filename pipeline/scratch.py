"""Scratch directories of page images, and the start-up sweep of those a killed run left.

Each page is written to a ``locleg-ocr-*`` directory in the temp dir for Tesseract to read, and
removed after. SIGKILL (the OOM killer, ``kill -9``) skips that cleanup; the next run's start-up
sweep removes what is left. Not one of the OCR recipe's modules (``pipeline.ruleset``): how a
scratch directory is kept decides nothing about what a page reads as.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: killed runs' pages then go by age
    fcntl = None  # type: ignore[assignment]

OWNER_LOCKS = fcntl is not None
"""Whether this platform has the owner locks below (not on Windows)."""


def hold_owner_lock(fd: int) -> None:
    """Lock ``fd``'s file for as long as this process keeps it open: it says "my owner lives",
    and the kernel lets go of it when the process dies, however it dies (SIGKILL included)."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)


def owner_alive(fd: int) -> bool:
    """Whether a live process holds ``fd``'s owner lock. When none does, the lock is taken (the
    caller now owns what the dead process left) and False is returned."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    return False


TEMP_PREFIX = "locleg-ocr-"
OWNER_FILE = ".owner"  # in a page-image directory: locked by the process that reads the page
_OWNER_GRACE_S = 2.0  # between making a directory and locking its owner file


@contextlib.contextmanager
def page_image_dir() -> Iterator[str]:
    """A temporary directory for one page's image, with an owner file locked while the page is
    read: a lock dies with its process, so a sweep tells a killed run's directory from a live
    one at once (without waiting out Tesseract's timeout)."""
    with tempfile.TemporaryDirectory(prefix=TEMP_PREFIX) as tmp:
        fd = os.open(os.path.join(tmp, OWNER_FILE), os.O_CREAT | os.O_WRONLY, 0o600)
        try:
            hold_owner_lock(fd)
            yield tmp
        finally:
            os.close(fd)


def _owner_gone(directory: Path) -> bool:
    """The directory's owner file exists and its lock is free: the process that read there died."""
    if not OWNER_LOCKS:
        return False
    try:
        fd = os.open(directory / OWNER_FILE, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False  # no owner file: an older run's, or one just being made
    try:
        return not owner_alive(fd)  # locked: a live read
    finally:
        os.close(fd)


def sweep_stale_page_images(*, older_than_s: float, tmp_dir: str | None = None) -> int:
    """Remove page-image directories left in the temp dir by a killed run (SIGKILL skips the
    cleanup): ``locleg-ocr-*`` directories whose owner's lock is free (the process died), and
    any untouched for ``older_than_s`` (a live read never lasts longer than Tesseract's
    timeout). Returns how many were removed."""
    import shutil
    import time

    root = Path(tmp_dir or tempfile.gettempdir())
    removed = 0
    now = time.time()
    try:
        candidates = list(root.glob(f"{TEMP_PREFIX}*"))
    except OSError:
        return 0
    for path in candidates:
        try:
            st = os.lstat(path)
            if not stat.S_ISDIR(st.st_mode):
                continue
            if hasattr(os, "getuid") and st.st_uid != os.getuid():
                continue
            age = now - st.st_mtime
            if age < older_than_s and not (age >= _OWNER_GRACE_S and _owner_gone(path)):
                continue
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
        except OSError:
            continue
    return removed
