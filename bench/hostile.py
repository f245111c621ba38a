"""Heavy hostile inputs (issue 16): decompression bombs and the largest pages the limits let
through, each read by a page worker of its own; wall time and peak memory (RSS).

The inputs are built in a temporary directory (nothing is kept unless ``--keep DIR``); their
compressed streams are made without holding the decoded bytes (a zlib stream of a repeated
block, its checksum computed apart), so a 1.2 GB image costs a second to write:

- ``form-bomb``: one page whose grey 34,000² image sits 5 form XObjects deep (1.1 MB PDF, 1.16 GB
  decoded); must be refused unread (``image_too_large``);
- ``colour-20k``: one page with a colour 20,000² image (1.2 MB PDF, 1.6 GB decoded by PDFium);
  refused unread;
- ``png-20k``: a colour PNG of 20,000² (1.2 MB, 1.6 GB decoded by Pillow); refused unread;
- ``colour-max``: the largest colour PDF image the page limit lets through (4 bytes a pixel just
  under LOCLEG_MAX_PAGE_IMAGE_BYTES), read in full (rendered, prepared, Tesseract);
- ``grey-max``: a grey 20,000² PDF image (400 M pixels, the pixel limit), read in full;
- ``png-max``: the largest colour PNG the page limit lets through, read in full;
- ``small``: an A4 grey page at 300 dpi, read in full (the worker's baseline).

Each case runs in a child process: ``plan_pages`` then ``read_page`` of every page, as a page
worker does. The child reports its own peak RSS (``RUSAGE_SELF``), Tesseract's (its children's
VmHWM, sampled) and the CPU seconds of both (wall time means little on a loaded machine); the
issue's bar is 1 GB for a page worker, Tesseract included (their sum is checked, as both hold
their image at once).

Usage: python bench/hostile.py [--only form-bomb,colour-max] [--keep DIR] [--timeout 600]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from corpus.sample.rawpdf import write_pdf  # noqa: E402

LIMIT_MB = 1024.0
_BLOCK = 1 << 20


def repeated_zlib(unit: bytes, count: int, tail: bytes = b"") -> bytes:
    """The zlib stream of ``unit * count + tail``, made without building that string: each unit
    is compressed after a full flush (no history), so every copy compresses to the same bytes;
    the Adler-32 trailer is computed over the real data."""
    if count == 0:
        return zlib.compress(tail, 9)
    co = zlib.compressobj(9)
    first = co.compress(unit) + co.flush(zlib.Z_FULL_FLUSH)
    again = co.compress(unit) + co.flush(zlib.Z_FULL_FLUSH) if count > 1 else b""
    if count > 2:
        assert co.compress(unit) + co.flush(zlib.Z_FULL_FLUSH) == again, "flushed copies differ"
    end = co.compress(tail) + co.flush()
    adler = 1
    for _ in range(count):
        adler = zlib.adler32(unit, adler)
    adler = zlib.adler32(tail, adler)
    middle = again * max(0, count - 2) if count > 2 else b""
    return first + (again if count > 1 else b"") + middle + end[:-4] + struct.pack(">I", adler)


def _repeated_bytes(value: int, total: int) -> bytes:
    """zlib of ``total`` bytes all ``value``."""
    block = bytes([value]) * min(_BLOCK, total)
    count, rest = divmod(total, len(block))
    return repeated_zlib(block, count, bytes([value]) * rest)


def image_pdf(path: Path, *, width: int, height: int, colour: bool, depth: int = 0,
              page_pt: tuple[int, int] = (595, 842)) -> Path:
    """One page whose only image (``width`` x ``height``, white, fully encoded: the stream really
    decodes to width x height x 1 or 3 bytes) sits ``depth`` form XObjects deep."""
    pw, ph = page_pt
    space, channels = (b"/DeviceRGB", 3) if colour else (b"/DeviceGray", 1)
    data = _repeated_bytes(0xFF, width * height * channels)
    first_form, image_no = 4, 4 + depth
    contents_no = image_no + 1
    draw = b"q %d 0 0 %d 0 0 cm /X Do Q" % (pw, ph)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /XObject << /X %d 0 R >> >>"
        b" /Contents %d 0 R >>" % (pw, ph, first_form if depth else image_no, contents_no),
    ]
    for level in range(depth):
        inner = first_form + level + 1
        body = draw if inner == image_no else b"/X Do"
        objects.append(b"<< /Type /XObject /Subtype /Form /BBox [0 0 %d %d] /Resources << /XObject << /X %d 0 R >> >>"
                       b" /Length %d >>\nstream\n" % (pw, ph, inner, len(body)) + body + b"\nendstream")
    objects.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8"
                   b" /Filter /FlateDecode /Length %d >>\nstream\n" % (width, height, space, len(data))
                   + data + b"\nendstream")
    content = b"/X Do" if depth else draw
    objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    return write_pdf(path, objects, version=b"1.7")


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def image_png(path: Path, *, width: int, height: int, colour: bool) -> Path:
    """A white PNG of ``width`` x ``height`` (8-bit RGB or grey), fully encoded."""
    channels = 3 if colour else 1
    row = b"\x00" + b"\xff" * (width * channels)  # filter byte 'none', then the pixels
    rows_per_unit = max(1, _BLOCK // len(row))
    count, rest = divmod(height, rows_per_unit)
    data = repeated_zlib(row * rows_per_unit, count, row * rest)
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if colour else 0, 0, 0, 0)
    idat = b"".join(_png_chunk(b"IDAT", data[i:i + _BLOCK]) for i in range(0, len(data), _BLOCK))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + idat + _png_chunk(b"IEND", b""))
    return path


def _page_limit() -> int:
    from pipeline.ocr import image_byte_limits

    return image_byte_limits()[0]


def cases() -> dict[str, tuple[str, Callable[[Path], Path], bool]]:
    """name -> (what, builder, refused expected)."""
    colour_side = math.isqrt(_page_limit() // 4) - 8  # PDFium: 4 bytes a pixel decoded
    png_side = math.isqrt(_page_limit() // 5) - 8  # Pillow: 4 decoded, 1 for the grey copy
    return {
        "form-bomb": ("grey 34,000² image 5 forms deep", lambda d: image_pdf(
            d / "form-bomb.pdf", width=34_000, height=34_000, colour=False, depth=5), True),
        "colour-20k": ("colour PDF image 20,000²", lambda d: image_pdf(
            d / "colour-20k.pdf", width=20_000, height=20_000, colour=True), True),
        "png-20k": ("colour PNG 20,000²", lambda d: image_png(
            d / "png-20k.png", width=20_000, height=20_000, colour=True), True),
        "colour-max": (f"colour PDF image {colour_side:,}² (page limit)", lambda d: image_pdf(
            d / "colour-max.pdf", width=colour_side, height=colour_side, colour=True), False),
        "grey-max": ("grey PDF image 20,000² (pixel limit)", lambda d: image_pdf(
            d / "grey-max.pdf", width=20_000, height=20_000, colour=False), False),
        "png-max": (f"colour PNG {png_side:,}² (page limit)", lambda d: image_png(
            d / "png-max.png", width=png_side, height=png_side, colour=True), False),
        "grey-png": ("grey PNG 20,000² (pixel limit)", lambda d: image_png(
            d / "grey-png.png", width=20_000, height=20_000, colour=False), False),
        "small": ("grey A4 page at 300 dpi", lambda d: image_pdf(
            d / "small.pdf", width=2480, height=3508, colour=False), False),
    }


class _ChildPeaks:
    """The largest peak RSS (VmHWM) of this process's children (Tesseract), sampled every 20 ms.
    RUSAGE_CHILDREN would not do: a child forked from a worker at 1 GB counts that gigabyte."""

    def __init__(self) -> None:
        import threading

        self.peak_kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        import psutil

        me = psutil.Process()
        while not self._stop.wait(0.02):
            for child in me.children(recursive=True):
                try:
                    with open(f"/proc/{child.pid}/status", encoding="ascii") as fh:
                        for line in fh:
                            if line.startswith("VmHWM:"):
                                self.peak_kb = max(self.peak_kb, int(line.split()[1]))
                except (OSError, ValueError):
                    continue

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        return self.peak_kb / 1024


def read_in_worker(path: Path) -> dict:
    """The child's part: plan and read every page as a page worker does; peak memory after."""
    import resource

    from pipeline.config import OcrConfig
    from pipeline.errors import LoclegError
    from pipeline.ocr import plan_pages, read_page

    config = OcrConfig()
    outcome, pages = "read", 0
    tesseract = _ChildPeaks()
    try:
        for plan in plan_pages(path, config=config):
            page = read_page(path, plan, config=config)
            pages += 1
            if page.error:
                outcome = f"page error {page.error}"
    except LoclegError as exc:
        outcome = f"refused: {exc.reason}"
    tesseract_mb = tesseract.stop()
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime
    return {"outcome": outcome, "pages": pages, "worker_mb": round(own.ru_maxrss / 1024, 1),
            "tesseract_mb": round(tesseract_mb, 1), "cpu_s": round(cpu, 1)}


def run_case(path: Path, timeout: float) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, __file__, "--child", str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, text=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return {"outcome": f"over {timeout:g} s", "seconds": timeout}
    seconds = time.monotonic() - started
    if proc.returncode != 0:
        tail = (err.strip().splitlines() or ["?"])[-1]
        return {"outcome": f"child exited {proc.returncode}: {tail}", "seconds": seconds}
    result = json.loads(out.strip().splitlines()[-1])
    result["seconds"] = round(seconds, 1)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--keep", type=Path, help="build the inputs here and keep them")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(read_in_worker(args.child)))
        return 0
    table = cases()
    names = args.only.split(",") if args.only else list(table)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="locleg-hostile-") as tmp:
        where = args.keep or Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        print(f"{'case':12} {'input':44} {'file':>9} {'wall s':>6} {'CPU s':>6} {'worker MB':>9} {'tess. MB':>8}  outcome")
        for name in names:
            what, build, refused = table[name]
            t0 = time.monotonic()
            path = build(where)
            built = time.monotonic() - t0
            r = run_case(path, args.timeout)
            peak = r.get("worker_mb", 0.0) + r.get("tesseract_mb", 0.0)
            ok = r["outcome"].startswith("refused") == refused and (refused or r["outcome"] == "read")
            ok = ok and peak <= LIMIT_MB
            failures += not ok
            print(f"{name:12} {what:44} {path.stat().st_size / 2**20:7.2f}MB {r['seconds']:6.1f} {r.get('cpu_s', 0):6.1f} "
                  f"{r.get('worker_mb', 0):9.0f} {r.get('tesseract_mb', 0):8.0f}  {r['outcome']}"
                  f"{'' if ok else '  <-- NOT AS EXPECTED'}  (built in {built:.1f} s)", flush=True)
            if not args.keep:
                path.unlink()
    print(f"bar: refused bombs, pages read within {LIMIT_MB:.0f} MB (worker + Tesseract); "
          f"{'all met' if not failures else f'{failures} case(s) not met'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
