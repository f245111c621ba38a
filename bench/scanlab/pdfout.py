"""Image-only PDF, one scanned image per page at its own resolution (Flate, lossless)."""

from __future__ import annotations

import zlib

from corpus.sample.rawpdf import write_pdf as _write_pdf


def write_pdf(path, pages):
    """pages: iterable of (PIL image in mode L or 1, (xdpi, ydpi))."""
    objs: list[bytes] = []

    def add(b: bytes) -> int:
        objs.append(b)
        return len(objs)

    kids = []
    placeholders = []
    for im, (xdpi, ydpi) in pages:
        w, h = im.size
        if im.mode == "1":
            bpc, data = 1, im.tobytes()          # 1 bit/px, rows padded to bytes; 0 = black
        else:
            im = im.convert("L")
            bpc, data = 8, im.tobytes()
        z = zlib.compress(data, 1)
        img_id = add(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                     b"/BitsPerComponent %d /Filter /FlateDecode /Length %d >>\nstream\n" % (w, h, bpc, len(z))
                     + z + b"\nendstream")
        pw, ph = w / xdpi * 72.0, h / ydpi * 72.0
        content = b"q %.4f 0 0 %.4f 0 0 cm /Im0 Do Q" % (pw, ph)
        c_id = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        page_id = add(b"")   # filled once the Pages id is known
        placeholders.append((page_id, img_id, c_id, pw, ph))
        kids.append(page_id)
    pages_id = len(objs) + 1
    for page_id, img_id, c_id, pw, ph in placeholders:
        objs[page_id - 1] = (b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.4f %.4f] "
                             b"/Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                             % (pages_id, pw, ph, img_id, c_id))
    add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids)))
    cat_id = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
    _write_pdf(path, objs, root=cat_id)
