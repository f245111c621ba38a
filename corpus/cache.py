"""Content-addressed OCR cache: one read page per file, keyed by what determines its text.

key = sha256(file bytes) + page_index + ``OcrConfig.key()`` (every OCR setting) + the Tesseract
version + the OCR recipe (``pipeline.ruleset.ocr_recipe``: the code of preparation, reading and
margin re-reads). The same page of the same bytes read with the same settings by the same engine
and recipe is never OCR'd twice; changing any of them misses the cache.

Where: ``--cache DIR``, else ``$LOCLEG_CACHE_DIR``, else ``$XDG_CACHE_HOME/locleg``, else
``~/.cache/locleg``. Layout: ``pages/<k[:2]>/<k>.json`` (a ``models.ocr.PageText``), written
atomically, its first line the sha256 of its key and value (an entry altered or copied under
another key is not served: it counts as an error and a miss); ``downloads/`` holds fetched URLs;
``tmp/`` the entries being written (named by their writer: :meth:`OcrCache.sweep_partials` removes a
killed run's at the next start). Deleting the directory is always safe.

The counters (``hits``, ``misses``, ``writes``) are what the tests assert on: a second run of a
manifest has ``misses == 0``.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from corpus.atomic import sweep_dead_writers, writer_tag
from models.ocr import PageText
from pipeline.ruleset import ocr_recipe

CACHE_FORMAT = "2"
"""2: every entry starts with a checksum line, sha256 over its key and its value."""


def _entry_digest(key: str, value: bytes) -> str:
    return hashlib.sha256(key.encode("ascii", "replace") + b"\n" + value).hexdigest()


def default_cache_dir() -> Path:
    """The per-user default: ``$LOCLEG_CACHE_DIR``, ``$XDG_CACHE_HOME/locleg`` or ``~/.cache/locleg``."""
    env = os.environ.get("LOCLEG_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "locleg"


def page_key(sha256: str, page_index: int, config_key: str, engine_version: str) -> str:
    """The cache key of one page (hex sha256 over the four parts and the OCR recipe's code)."""
    material = json.dumps([CACHE_FORMAT, sha256, page_index, config_key, engine_version, ocr_recipe()])
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    writes: int = 0
    errors: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"hits": self.hits, "misses": self.misses, "writes": self.writes, "errors": self.errors}


@dataclass
class OcrCache:
    """The page cache under ``root``. Thread-safe counters; files are written atomically."""

    root: Path
    stats: CacheStats = field(default_factory=CacheStats)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        self.root = Path(self.root).expanduser()

    @property
    def downloads_dir(self) -> Path:
        return self.root / "downloads"

    @property
    def tmp_dir(self) -> Path:
        return self.root / "tmp"

    def sweep_partials(self) -> int:
        """Remove the entries and downloads that dead processes of this host were writing (a run
        killed by SIGKILL); returns how many."""
        return (sweep_dead_writers(self.tmp_dir, "*.tmp")
                + sweep_dead_writers(self.downloads_dir, ".*.part"))

    def _path(self, key: str) -> Path:
        return self.root / "pages" / key[:2] / f"{key}.json"

    def _count(self, name: str) -> None:
        with self._lock:
            setattr(self.stats, name, getattr(self.stats, name) + 1)

    def get(self, key: str) -> PageText | None:
        """The cached page, or None (a corrupt entry counts as a miss and is ignored)."""
        path = self._path(key)
        try:
            raw = path.read_bytes()
            digest, sep, data = raw.partition(b"\n")
            if not sep or digest.decode("ascii", "replace") != _entry_digest(key, data):
                raise ValueError("cache entry checksum mismatch")
            page = PageText.model_validate_json(data)
        except FileNotFoundError:
            self._count("misses")
            return None
        except (OSError, ValidationError, ValueError):
            self._count("errors")
            self._count("misses")
            return None
        self._count("hits")
        return page

    def put(self, key: str, page: PageText) -> None:
        """Store a page. Pages that were not read (``method == "none"``) are not cached."""
        if page.method == "none":
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.tmp_dir.mkdir(exist_ok=True)
        tmp = self.tmp_dir / f"{writer_tag()}-{threading.get_ident()}-{key[:16]}.tmp"
        try:
            value = page.model_dump_json().encode("utf-8")
            tmp.write_bytes(_entry_digest(key, value).encode("ascii") + b"\n" + value)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        self._count("writes")
