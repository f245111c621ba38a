"""Getting a manifest's source onto local disk: local files checked, http(s) URLs downloaded.

Downloads have a size limit (``max_bytes``, checked while streaming, not trusted from the
``Content-Length`` alone), a total time limit per attempt (name resolution included), and are
retried with exponential backoff on connection errors, timeouts, HTTP 429 and 5xx. Other HTTP errors fail at once.
Redirects are followed only to the same host (``http`` -> ``https`` allowed): the process never
fetches a URL the manifest did not name on some other host. Failures raise
:class:`pipeline.errors.FetchError` with a stable ``reason``:

``source_missing``, ``symlink_loop``, ``not_a_file``, ``too_large``, ``empty_source``, ``url_unreachable``,
``http_error``, ``fetch_timeout``, ``redirect_refused``.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import http.client
import os
import socket
import stat
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from corpus.atomic import writer_tag
from pipeline.errors import FetchError
from pipeline.ocr import file_sha256

SAFE_SUFFIXES = (".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff", ".txt")
_CHUNK = 1 << 16


@dataclass(frozen=True)
class FetchLimits:
    max_bytes: int = 200 * 1024 * 1024
    timeout_s: float = 60.0
    """Wall-clock limit of one download attempt, name resolution, connect, headers and body
    together (a timer closes the connection at the deadline: a server dripping bytes, or a
    resolver that never answers, cannot hold it longer)."""
    retries: int = 3
    """Attempts after the first one, for transient failures only."""
    backoff_s: float = 0.5
    """First wait; doubled after each failed attempt."""


@dataclass(frozen=True)
class FetchedSource:
    path: Path
    sha256: str
    size: int
    url: str | None = None
    attempts: int = 1


def check_local(path: Path, *, limits: FetchLimits = FetchLimits()) -> FetchedSource:
    """A local source: it must exist, be a regular file (a directory, FIFO, device or socket is
    ``not_a_file``, and is never opened: a FIFO would block), and fit the size limit."""
    path = Path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError as exc:
        raise FetchError(f"source not found: {path}", reason="source_missing") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FetchError(f"source is a symlink loop: {path}", reason="symlink_loop") from exc
        raise FetchError(f"source unreadable: {path}: {exc.strerror}", reason="source_missing") from exc
    if not stat.S_ISREG(st.st_mode):
        kind = ("directory" if stat.S_ISDIR(st.st_mode) else "FIFO" if stat.S_ISFIFO(st.st_mode)
                else "socket" if stat.S_ISSOCK(st.st_mode) else "device")
        raise FetchError(f"source is a {kind}, not a regular file: {path}", reason="not_a_file")
    if st.st_size > limits.max_bytes:
        raise FetchError(f"source is {st.st_size} bytes, over the {limits.max_bytes} limit", reason="too_large")
    return FetchedSource(path=path, sha256=file_sha256(path), size=st.st_size)


class _SameHostRedirects(urllib.request.HTTPRedirectHandler):
    """Follow a redirect only to the host the manifest named."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D102
        old, new = urlsplit(req.full_url), urlsplit(newurl)
        if new.scheme not in ("http", "https") or (new.hostname or "").lower() != (old.hostname or "").lower():
            raise FetchError(f"redirect to another host refused: {newurl}", reason="redirect_refused")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class _Deadline:
    """One wall-clock limit for a whole attempt: name resolution, connect, status line, headers
    and body.

    A socket timeout bounds each ``recv`` only, so a server sending one byte a second never
    trips it; at the deadline a timer shuts the attempt's sockets down, which ends any read
    blocked in them (headers included), wakes a wait for the resolver, and the attempt fails as
    ``fetch_timeout``.
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self.expired = False
        self._socks: list[socket.socket] = []
        self._owned: list[socket.socket] = []
        self._waits: list[threading.Event] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Deadline:
        self._timer.start()
        with _LIVE_LOCK:
            _LIVE.add(self)
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        with _LIVE_LOCK:
            _LIVE.discard(self)
        with self._lock:
            for sock in self._owned:
                sock.close()

    def remaining(self) -> float:
        return max(0.001, self.at - time.monotonic())

    def watch(self, sock: socket.socket | None, *, owned: bool = False) -> None:
        """Shut ``sock`` down at the deadline; ``owned``: also close it when the attempt ends."""
        if sock is None:
            return
        with self._lock:
            self._socks.append(sock)
            if owned:
                self._owned.append(sock)
            if self.expired:
                _shutdown(sock)

    def wake(self, event: threading.Event) -> None:
        """Set ``event`` when the deadline passes or the download is aborted (now, if it has)."""
        with self._lock:
            self._waits.append(event)
            if self.expired:
                event.set()

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._socks:
                _shutdown(sock)
            for event in self._waits:
                event.set()


_LIVE: set[_Deadline] = set()  # the attempts in progress, in every thread
_LIVE_LOCK = threading.Lock()


INTERRUPTED = threading.Event()  # set by SIGINT/SIGTERM: no download starts after it


def abort_downloads() -> None:
    """End every download in progress now, as its deadline would, and refuse new ones (SIGINT or
    SIGTERM: a batch stops at once, even where an orchestrator's code swallows the interrupt,
    instead of waiting for a slow source's thread). Safe in a signal handler."""
    INTERRUPTED.set()
    with _LIVE_LOCK:
        live = list(_LIVE)
    for deadline in live:
        deadline._expire()


def _shutdown(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


MAX_RESOLVER_THREADS = 8
"""Name resolutions running at once. The C resolver cannot be interrupted, so a resolution the
download stopped waiting for (its deadline passed, or the run was interrupted) runs on in its
thread until the system resolver gives up (``/etc/resolv.conf``: ``timeout`` x ``attempts`` x
name servers, for each search domain: seconds to minutes). Those threads are bounded: attempts on
one host name share its resolution, and past this many an attempt waits for a free one within
its own deadline instead of starting another."""


class _Resolution:
    """One ``getaddrinfo`` in its daemon thread, shared by every attempt that needs its name
    while it runs."""

    def __init__(self, host: str, port: int):
        self.key = (host, port)
        self.found: list[tuple] = []
        self.failed: list[BaseException] = []
        self.done = threading.Event()
        self._waiters: list[threading.Event] = []

    def run(self) -> None:
        try:
            self.found.extend(socket.getaddrinfo(self.key[0], self.key[1], 0, socket.SOCK_STREAM))
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting attempts
            self.failed.append(exc)
        finally:
            with _RESOLVING_LOCK:
                self.done.set()
                if _RESOLVING.get(self.key) is self:
                    del _RESOLVING[self.key]
                waiters, self._waiters = self._waiters, []
                _RESOLVING_LOCK.notify_all()  # a slot is free
            for event in waiters:
                event.set()

    def wake(self, event: threading.Event) -> None:
        """Set ``event`` when the resolution ends (now, if it has). Called under the lock."""
        if self.done.is_set():
            event.set()
        else:
            self._waiters.append(event)


_RESOLVING: dict[tuple[str, int], _Resolution] = {}  # the resolutions whose thread still runs
_RESOLVING_LOCK = threading.Condition()


def _start_resolution(host: str, port: int, deadline: _Deadline) -> _Resolution:
    """The running resolution of ``host``, or a new one once fewer than ``MAX_RESOLVER_THREADS``
    run (waiting for that at most until the deadline or an abort)."""
    key = (host, port)
    with _RESOLVING_LOCK:
        while True:
            running = _RESOLVING.get(key)
            if running is not None:
                return running
            if len(_RESOLVING) < MAX_RESOLVER_THREADS:
                resolution = _Resolution(host, port)
                _RESOLVING[key] = resolution
                break
            if deadline.expired or deadline.at <= time.monotonic():
                raise TimeoutError(f"name resolution of {host} not started: {len(_RESOLVING)} "
                                   "earlier ones still wait for the system resolver")
            _RESOLVING_LOCK.wait(min(0.1, deadline.remaining()))  # an abort shows within 0.1 s
    threading.Thread(target=resolution.run, name=f"resolve {host}", daemon=True).start()
    return resolution


def _resolve_within(host: str, port: int, deadline: _Deadline) -> list[tuple]:
    """``getaddrinfo`` bounded by the deadline: the C resolver cannot be interrupted (a dead DNS
    server holds it for its own timeouts, retries and search domains), so it runs in a daemon
    thread (shared, and bounded in number: ``MAX_RESOLVER_THREADS``) and the attempt stops
    waiting for it at the deadline or an abort. The thread is left to end on its own."""
    resolution = _start_resolution(host, port, deadline)
    woken = threading.Event()  # resolved, or the deadline passed, or the download was aborted
    deadline.wake(woken)
    with _RESOLVING_LOCK:
        resolution.wake(woken)
    woken.wait(deadline.remaining())
    if deadline.expired or not resolution.done.is_set():
        deadline._expire()  # the wait ran out just before the timer: the same outcome
        raise TimeoutError(f"name resolution of {host} did not end within the deadline")
    if resolution.failed:
        raise resolution.failed[0]
    return list(resolution.found)


def _connect_within(address: tuple[str, int], timeout: float | None = None,
                    source_address: tuple[str, int] | None = None, *, deadline: _Deadline) -> socket.socket:
    """``socket.create_connection`` with the name resolved within the deadline and every
    connecting socket watched by it (an abort cuts a connect in progress too). The connection
    keeps the URL's host name for the ``Host`` header and the TLS server name and certificate
    check: only the address it connects to comes from here."""
    host, port = address
    error: OSError | None = None
    for family, kind, proto, _name, sockaddr in _resolve_within(host, port, deadline):
        sock = socket.socket(family, kind, proto)
        # a duplicate descriptor: shutting it down still ends the TLS handshake after ``ssl``
        # has taken the original's descriptor over (``wrap_socket`` detaches it)
        deadline.watch(sock.dup(), owned=True)
        try:
            if deadline.expired:
                raise TimeoutError(f"connect to {host} cut at the deadline")
            sock.settimeout(deadline.remaining())
            if source_address:
                sock.bind(source_address)
            sock.connect(sockaddr)
            return sock
        except OSError as exc:
            error = exc
            sock.close()
    raise error or OSError(f"no address found for {host}")


def _guarded(base: type, deadline: _Deadline) -> type:
    class Connection(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            # http.client's one hook for opening the socket (HTTPS wraps it afterwards with
            # ``server_hostname=self.host``): resolution and connect under the deadline
            self._create_connection = functools.partial(_connect_within, deadline=deadline)

        def connect(self) -> None:
            self.timeout = deadline.remaining()  # connect within what is left
            super().connect()
            deadline.watch(self.sock)

    return Connection


class _GuardedHTTP(urllib.request.HTTPHandler):
    def __init__(self, deadline: _Deadline):
        super().__init__()
        self._deadline = deadline

    def http_open(self, req):  # noqa: D102
        return self.do_open(_guarded(http.client.HTTPConnection, self._deadline), req)


class _GuardedHTTPS(urllib.request.HTTPSHandler):
    def __init__(self, deadline: _Deadline):
        super().__init__()
        self._deadline = deadline

    def https_open(self, req):  # noqa: D102
        return self.do_open(_guarded(http.client.HTTPSConnection, self._deadline), req, context=self._context)


def _download_once(url: str, dest: Path, *, limits: FetchLimits) -> int:
    if INTERRUPTED.is_set():
        raise FetchError(f"{url}: not fetched, the run was interrupted", reason="fetch_timeout")
    with _Deadline(limits.timeout_s) as deadline:
        try:
            return _download_within(url, dest, limits=limits, deadline=deadline)
        except FetchError:
            raise
        except Exception as exc:
            if deadline.expired or time.monotonic() >= deadline.at:
                raise FetchError(f"{url}: download took over {limits.timeout_s:g} s "
                                 "(name resolution, connect, headers and body)",
                                 reason="fetch_timeout") from exc
            raise


def _download_within(url: str, dest: Path, *, limits: FetchLimits, deadline: _Deadline) -> int:
    opener = urllib.request.build_opener(_SameHostRedirects(), _GuardedHTTP(deadline), _GuardedHTTPS(deadline))
    request = urllib.request.Request(url, headers={"User-Agent": "br-locleg-ingest/0.1"})
    tmp = dest.with_name(f".{dest.name}.{writer_tag()}.part")  # a killed run's: OcrCache.sweep_partials
    size = 0
    try:
        with opener.open(request, timeout=limits.timeout_s) as response, tmp.open("wb") as out:
            declared = response.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > limits.max_bytes:
                raise FetchError(f"{url}: {declared} bytes declared, over the {limits.max_bytes} limit",
                                 reason="too_large")
            while True:
                if deadline.expired or time.monotonic() > deadline.at:
                    raise FetchError(f"{url}: download took over {limits.timeout_s:g} s", reason="fetch_timeout")
                chunk = response.read(_CHUNK)
                if not chunk:
                    break
                size += len(chunk)
                if size > limits.max_bytes:
                    raise FetchError(f"{url}: over the {limits.max_bytes} byte limit", reason="too_large")
                out.write(chunk)
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return size


def _is_transient(exc: BaseException) -> bool:
    if isinstance(exc, urllib.error.HTTPError):
        return exc.code == 429 or exc.code >= 500
    return isinstance(exc, (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError,
                            http.client.HTTPException))


def download_path(url: str, downloads_dir: Path) -> Path:
    """Where a URL is downloaded: named by the URL's hash (never by anything the server says)."""
    suffix = Path(urlsplit(url).path).suffix.lower()
    if suffix not in SAFE_SUFFIXES:
        suffix = ".bin"
    return Path(downloads_dir) / f"{hashlib.sha256(url.encode()).hexdigest()[:32]}{suffix}"


def fetch_url(url: str, downloads_dir: Path, *, limits: FetchLimits = FetchLimits(),
              sleep=time.sleep) -> FetchedSource:
    """Download ``url`` into ``downloads_dir`` with retries; the file appears complete or not at all."""
    if urlsplit(url).scheme.lower() not in ("http", "https"):
        raise FetchError(f"only http(s) URLs are fetched: {url}", reason="unsupported_scheme")
    dest = download_path(url, downloads_dir)
    dest.parent.mkdir(parents=True, exist_ok=True)
    wait = limits.backoff_s
    last: BaseException | None = None
    for attempt in range(1, limits.retries + 2):
        try:
            size = _download_once(url, dest, limits=limits)
        except FetchError:
            raise
        except Exception as exc:  # noqa: BLE001 - classified below
            last = exc
            if not _is_transient(exc) or attempt > limits.retries:
                break
            sleep(wait)
            wait *= 2
            continue
        if size == 0:
            raise FetchError(f"{url}: empty response", reason="empty_source")
        return FetchedSource(path=dest, sha256=file_sha256(dest), size=size, url=url, attempts=attempt)
    if isinstance(last, urllib.error.HTTPError):
        raise FetchError(f"{url}: HTTP {last.code} {last.reason}", reason="http_error") from last
    if isinstance(last, (socket.timeout, TimeoutError)):
        raise FetchError(f"{url}: timed out", reason="fetch_timeout") from last
    detail = getattr(last, "reason", last)
    raise FetchError(f"{url}: unreachable after {limits.retries + 1} attempts: {detail}",
                     reason="url_unreachable") from last
