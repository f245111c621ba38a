"""Writing files the way ``cp`` and shell redirection do, atomically where that is possible.

- A regular file (or a path that does not exist yet) is replaced atomically: written to a
  temporary file beside it, fsynced, renamed over it. Readers see the old file or the new one.
- A symlink is followed: its *target* is written (atomically if the target is a regular file or
  does not exist yet); the link itself stays a link. The rename never lands on the link.
- A device (``/dev/null``, ``/dev/stdout``, a tape), a FIFO or a socket is opened and written
  directly: renaming a plain file over ``/dev/full`` would replace the device node.
- A directory is refused.

Failures raise :class:`pipeline.errors.OutputError` (exit code 74) with one line of message.

Every temporary file of this project is named with its writer, ``<host>-<pid>`` (:func:`writer_tag`):
after SIGKILL (no cleanup runs) the next writer there removes those whose process is dead
(:func:`sweep_dead_writers`): the store's ``.partial/``, the OCR cache's ``tmp/`` and downloads, and
the temporaries beside an output written here.
"""

from __future__ import annotations

import errno
import glob
import os
import re
import socket
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO

from pipeline.errors import OutputError

HOST = re.sub(r"[^A-Za-z0-9]", "", socket.gethostname())[:40] or "host"
_WRITER = re.compile(rf"(?:^|[.-]){re.escape(HOST)}-(\d+)[-.]")


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists on this host (another user's counts as alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def writer_tag() -> str:
    """``<host>-<pid>``: put in a temporary file's name, it tells a sweep whose it is."""
    return f"{HOST}-{os.getpid()}"


def sweep_dead_writers(directory: Path, pattern: str = "*") -> int:
    """Remove the files matching ``pattern`` in ``directory`` written by a dead process of this
    host (their name holds :func:`writer_tag`); a live writer's and other hosts' stay."""
    removed = 0
    try:
        candidates = list(Path(directory).glob(pattern))
    except OSError:
        return 0
    for path in candidates:
        match = _WRITER.search(path.name)
        if match and not pid_alive(int(match.group(1))):
            try:
                path.unlink()
                removed += 1
            except OSError:
                pass
    return removed


def _fail(path: Path, exc: OSError) -> OutputError:
    what = exc.strerror or type(exc).__name__
    return OutputError(f"cannot write {path}: {what}", reason="write_failed")


def _target_of(path: Path) -> tuple[Path, os.stat_result | None]:
    """``path`` with symlinks resolved (the file a shell redirection would write) and its stat."""
    try:
        st = os.stat(path)  # follows symlinks
    except FileNotFoundError:
        st = None
    except OSError as exc:  # ELOOP, EACCES on a parent, ENOTDIR...
        raise _fail(path, exc) from exc
    if os.path.islink(path):
        # a dangling link: the shell creates its target; a live one: write what it points to
        path = Path(os.path.realpath(path))
    return path, st


def commit_file(fh: BinaryIO, tmp: Path, target: Path, data: bytes) -> None:
    """The atomic step itself: ``data`` written through ``fh`` (open on the temporary file
    ``tmp``, closed here), made durable (fsync), then ``tmp`` renamed over ``target``. Where the
    temporary file lives and what a failure means is the caller's: beside the target here, in
    the store's ``.partial/`` (swept by owner pid) for ``corpus.store``."""
    with fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, target)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (see the module docstring for symlinks, devices and FIFOs)."""
    original = Path(path)
    target, st = _target_of(original)
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputError(f"cannot write {original}: is a directory", reason="write_failed")
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_direct(original, data)
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        sweep_dead_writers(target.parent, f".{glob.escape(target.name)}.*.tmp")  # a killed writer's
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{writer_tag()}-", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise _fail(original, exc) from exc
    try:
        if st is not None:
            mode = stat.S_IMODE(st.st_mode)  # an overwritten file keeps its mode, as with cp
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask  # mkstemp makes 0600; results are meant to be shared
        os.fchmod(fd, mode)
        commit_file(os.fdopen(fd, "wb"), Path(tmp), target, data)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _fail(original, exc) from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_direct(path: Path, data: bytes) -> None:
    """A device, FIFO or socket: open and write it in place (a FIFO waits for its reader, as a
    shell redirection does)."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise _fail(path, exc) from exc
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            if n <= 0:
                raise OSError(errno.EIO, "short write")
            view = view[n:]
    except OSError as exc:
        raise _fail(path, exc) from exc
    finally:
        os.close(fd)


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))
