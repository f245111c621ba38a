"""PDFs written object by object, for the inputs no library writes on purpose: an empty page
tree, an image that claims 900 M pixels, a bomb five forms deep (tests/scans.py, tests, and
bench/hostile.py), and the lossless image-only PDFs of the scan lab (bench/scanlab/pdfout.py).

The caller gives the object bodies (numbered from 1, in order) and which one is the catalog;
this writes the header, the objects, a correct cross-reference table and the trailer.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def pdf_bytes(objects: Sequence[bytes], *, root: int = 1, version: bytes = b"1.4") -> bytes:
    """The PDF of ``objects`` (object ``i`` is ``objects[i - 1]``; ``root`` the catalog's number)."""
    out = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref)
    return bytes(out)


def write_pdf(path: Path, objects: Sequence[bytes], *, root: int = 1, version: bytes = b"1.4") -> Path:
    """:func:`pdf_bytes` written to ``path``; returns ``path``."""
    Path(path).write_bytes(pdf_bytes(objects, root=root, version=version))
    return Path(path)
