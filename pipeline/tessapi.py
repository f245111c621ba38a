"""Tesseract's own library, loaded once per process: the pages of a worker read without starting
the ``tesseract`` program and loading its model for every image.

Starting the program and loading ``por`` costs ~0.07 CPU s (measured: ``tesseract`` on a 40x20
image, ``-l por --psm 4``), about 5% of reading a 200 dpi page, and it was paid again for every
margin re-read and every upside-down probe. Through the C API (``libtesseract.so.5``, the same
library and model files the program uses, called by :mod:`ctypes`) the model is loaded once per
process and thread; the program's ``--dpi`` is the same ``user_defined_dpi`` variable, its TSV
output the same ``GetTSVText`` (``tests/test_ocr.py`` checks the two read a page alike).

Used by :func:`pipeline.ocr.run_tesseract_many` when the program asked for is ``tesseract`` and
the library loads; otherwise (another program, a test's stand-in, ``LOCLEG_TESSERACT_CLI=1``, no
library, or OpenMP already started in this process without a thread limit) the program runs as
before. A time limit is Tesseract's own monitor deadline (recognition stops there) and the
reading's wall time checked after it.
"""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import os
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

_LIBRARY_NAMES = ("libtesseract.so.5", "libtesseract.so")


class TimeoutExceeded(Exception):
    """The reading ran past its time limit."""


class ReadFailed(Exception):
    """The library refused or failed the reading (the message says which call)."""


@dataclass(frozen=True)
class _Lib:
    cdll: ctypes.CDLL


_LOAD_LOCK = threading.Lock()
_LOADED: dict[str, _Lib | None] = {}


def _gomp_loaded() -> bool:
    """Whether OpenMP's runtime is already in this process (it reads OMP_THREAD_LIMIT once, when
    it loads: loaded earlier without the limit, Tesseract would start one thread per core)."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as fh:
            return "libgomp" in fh.read()
    except OSError:
        return True  # cannot tell: do not risk it


def _declare(lib: ctypes.CDLL) -> None:
    p, c, i = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
    sigs: dict[str, tuple[list, object]] = {
        "TessVersion": ([], c),
        "TessBaseAPICreate": ([], p),
        "TessBaseAPIDelete": ([p], None),
        "TessBaseAPIEnd": ([p], None),
        "TessBaseAPIInit2": ([p, c, c, i], i),
        "TessBaseAPISetVariable": ([p, c, c], i),
        "TessBaseAPISetPageSegMode": ([p, i], None),
        "TessBaseAPISetImage": ([p, c, i, i, i, i], None),
        "TessBaseAPISetSourceResolution": ([p, i], None),
        "TessBaseAPIRecognize": ([p, p], i),
        "TessBaseAPIGetTsvText": ([p, i], p),
        "TessBaseAPIClear": ([p], None),
        "TessDeleteText": ([p], None),
        "TessMonitorCreate": ([], p),
        "TessMonitorDelete": ([p], None),
        "TessMonitorSetDeadlineMSecs": ([p, i], None),
    }
    for name, (args, res) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes = args
        fn.restype = res


def library() -> _Lib | None:
    """The loaded library, or None when the program must be used instead (see the module doc)."""
    if os.environ.get("LOCLEG_TESSERACT_CLI") == "1":
        return None
    with _LOAD_LOCK:
        if "lib" in _LOADED:
            return _LOADED["lib"]
        lib = None
        if os.environ.get("OMP_THREAD_LIMIT") == "1" or not _gomp_loaded():
            saved = os.environ.get("OMP_THREAD_LIMIT")
            os.environ["OMP_THREAD_LIMIT"] = "1"  # read by OpenMP's runtime as the library loads it
            try:
                for name in (*_LIBRARY_NAMES, ctypes.util.find_library("tesseract")):
                    if not name:
                        continue
                    try:
                        cdll = ctypes.CDLL(name)
                        _declare(cdll)
                        lib = _Lib(cdll)
                        break
                    except (OSError, AttributeError):
                        continue
                if lib is not None:
                    _silence_leptonica()
            finally:
                if saved is None:
                    os.environ.pop("OMP_THREAD_LIMIT", None)
                else:
                    os.environ["OMP_THREAD_LIMIT"] = saved
        _LOADED["lib"] = lib
        return lib


def _silence_leptonica() -> None:
    """Leptonica's messages ('Error in pixScanForForeground: invalid box', harmless on odd crops)
    went to the program's stderr, which was captured; in this process they would reach the
    user's terminal."""
    try:
        lept = ctypes.CDLL("liblept.so.5")
        lept.setMsgSeverity.argtypes = [ctypes.c_int]
        lept.setMsgSeverity(6)  # L_SEVERITY_NONE
    except (OSError, AttributeError):
        pass


def library_version() -> str | None:
    """The library's version, e.g. ``"5.3.0"`` (None without the library)."""
    lib = library()
    if lib is None:
        return None
    return (lib.cdll.TessVersion() or b"").decode("ascii", "replace").strip() or None


class _Handle:
    """One initialised ``TessBaseAPI`` (a language and engine mode), owned by one thread."""

    def __init__(self, lib: _Lib, lang: str, oem: int) -> None:
        self.pid = os.getpid()
        self.lib = lib.cdll
        self.ptr = self.lib.TessBaseAPICreate()
        if not self.ptr:
            raise ReadFailed("TessBaseAPICreate failed")
        # Tesseract's own messages ('Detected 77 diacritics') went to the program's captured
        # stderr; here they would reach the user's terminal
        self.lib.TessBaseAPISetVariable(self.ptr, b"debug_file", os.devnull.encode())
        if self.lib.TessBaseAPIInit2(self.ptr, None, lang.encode(), oem) != 0:
            self.lib.TessBaseAPIDelete(self.ptr)
            self.ptr = None
            raise ReadFailed(f"cannot load the language '{lang}'")

    def end(self) -> None:
        ptr, self.ptr = self.ptr, None
        if ptr and self.pid == os.getpid():  # a forked child leaves its parent's copy alone
            self.lib.TessBaseAPIEnd(ptr)
            self.lib.TessBaseAPIDelete(ptr)

    def __del__(self) -> None:
        self.end()

    def read_tsv(self, image: Image.Image, *, psm: int, dpi: float | None, page_number: int,
                 deadline: float | None) -> str:
        lib, ptr = self.lib, self.ptr
        if image.mode not in ("L", "RGB"):
            image = image.convert("L")
        depth = 1 if image.mode == "L" else 3
        lib.TessBaseAPISetPageSegMode(ptr, psm)
        # the program's --dpi sets this variable, which overrides any resolution of the image
        lib.TessBaseAPISetVariable(ptr, b"user_defined_dpi", str(round(dpi) if dpi else 0).encode())
        lib.TessBaseAPISetImage(ptr, image.tobytes(), image.width, image.height, depth, image.width * depth)
        if dpi:
            lib.TessBaseAPISetSourceResolution(ptr, round(dpi))
        monitor = lib.TessMonitorCreate()
        started = time.monotonic()
        try:
            if deadline is not None:
                lib.TessMonitorSetDeadlineMSecs(monitor, max(1, int(deadline * 1000)))
            failed = lib.TessBaseAPIRecognize(ptr, monitor) != 0
        finally:
            lib.TessMonitorDelete(monitor)
        if deadline is not None and time.monotonic() - started > deadline:
            lib.TessBaseAPIClear(ptr)
            raise TimeoutExceeded()
        if failed:
            lib.TessBaseAPIClear(ptr)
            raise ReadFailed("recognition failed")
        raw = lib.TessBaseAPIGetTsvText(ptr, page_number)
        try:
            text = ctypes.string_at(raw).decode("utf-8", "replace") if raw else ""
        finally:
            if raw:
                lib.TessDeleteText(raw)
            lib.TessBaseAPIClear(ptr)
        return text


_LOCAL = threading.local()
# every live handle of this process, ended at its exit (Tesseract warns of leaked dictionaries on
# stderr otherwise); weak: a thread's handles end with the thread (a long `locleg serve` starts
# new reading threads, each would otherwise keep its ~15-40 MB model)
_ALL: weakref.WeakSet[_Handle] = weakref.WeakSet()


@atexit.register
def _end_all() -> None:
    """End this process's live handles."""
    with _LOAD_LOCK:
        mine = [h for h in list(_ALL) if h.pid == os.getpid()]
    for h in mine:
        h.end()


def _handle(lib: _Lib, lang: str, oem: int) -> _Handle:
    """This thread's handle for (lang, oem), made on first use. Keyed by the process id too: a
    forked child does not use its parent's (it makes its own)."""
    key = (os.getpid(), lang, oem)
    handles: dict = getattr(_LOCAL, "handles", None) or {}
    if key not in handles:
        handles = {k: v for k, v in handles.items() if k[0] == os.getpid()}
        handles[key] = _Handle(lib, lang, oem)
        with _LOAD_LOCK:
            _ALL.add(handles[key])
        _LOCAL.handles = handles
    return handles[key]


TSV_HEADER = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"


def read_tsv_many(images: Sequence[Image.Image], *, lang: str, psm: int, oem: int, dpi: float | None,
                  timeout_s: float | None) -> str | None:
    """The TSV the ``tesseract`` program prints for ``images`` read as the pages of one list file
    (``page_num`` 1, 2, ...), or None when the library is not to be used. Raises
    :class:`TimeoutExceeded` past ``timeout_s`` (for all images together) and :class:`ReadFailed`."""
    lib = library()
    if lib is None:
        return None
    handle = _handle(lib, lang, oem)
    started = time.monotonic()
    parts = [TSV_HEADER]
    for n, image in enumerate(images):
        left = None if timeout_s is None else timeout_s - (time.monotonic() - started)
        if left is not None and left <= 0:
            raise TimeoutExceeded()
        parts.append(handle.read_tsv(image, psm=psm, dpi=dpi, page_number=n, deadline=left))
    return "".join(parts)
