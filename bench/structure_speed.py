"""Structuring speed: text in, JSON out, without OCR.

Builds a ~60-page law by joining the pages of a typewritten seed three times over (form feeds
between pages of ~40 lines), and times ``structure_document`` warm, with and without the
reference finder. Usage: python bench/structure_speed.py [--shared DIR] [--pages N] [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from pathlib import Path

from models.norm import NormMeta
from pipeline import native
from pipeline.headers import read_header
from pipeline.structure import StructureConfig, structure_document
from pipeline.textpages import document_from_text

ROOT = Path(__file__).resolve().parents[1]


def synthetic_law(seed_text: str, pages: int, lines_per_page: int = 40) -> str:
    """The seed's own law (from its epígrafe to its last article) with its articles repeated,
    renumbered to continue, until the text fills ``pages`` pages of OCR lines."""
    lines = seed_text.splitlines()
    start = next(i for i, ln in enumerate(lines) if "LEI Nº 309" in ln)
    end = next(i for i, ln in enumerate(lines) if ln.startswith("Secretaria da Câmara") and i > start)
    head = lines[start:start + 12]
    body = lines[start + 12:end]
    out = list(head)
    offset = 0
    while len(out) < pages * lines_per_page:
        for ln in body:
            m = re.match(r"^(\W{0,2}A?RT\w*\s*)(\d+)(.*)$", ln)
            out.append(f"{m.group(1)}{int(m.group(2)) + offset}{m.group(3)}" if m and offset else ln)
        offset += 73
    out = out[: pages * lines_per_page]
    return "\f".join("\n".join(out[k:k + lines_per_page]) for k in range(0, len(out), lines_per_page))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--pages", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    seed = args.shared / "seeds" / "000.txt"
    meta = NormMeta.model_validate(json.loads((args.shared / "seeds" / "000.meta.json").read_text()))
    doc = document_from_text(synthetic_law(seed.read_text(encoding="utf-8"), args.pages))
    t0 = time.perf_counter()
    structure_document(doc, meta)
    print(f"first call (imports, spaCy pipeline, IBGE list): {time.perf_counter() - t0:.2f} s")
    print(f"structuring modules: {native.status()}")
    for refs in (False, True):
        config = StructureConfig(references=refs)
        times, cpu = [], []
        for _ in range(args.repeat):
            read_header.cache_clear()  # each run reads its lines as a law never seen before
            t0, c0 = time.perf_counter(), time.process_time()
            result = structure_document(doc, meta, config=config)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        median = statistics.median(times)
        units = sum(1 for _ in _walk(result.articulacao))
        # (CPU time too: on a machine shared with other jobs the wall clock measures them as well)
        print(f"{len(doc.pages)} pages, {units} units, references={'on' if refs else 'off'}: "
              f"median {median:.3f} s ({len(doc.pages) / median:.0f} pages/s), "
              f"CPU median {statistics.median(cpu):.3f} s, CPU min {min(cpu):.3f} s")
    return 0


def _walk(units):
    for u in units:
        yield u
        yield from _walk(u.children)


if __name__ == "__main__":
    raise SystemExit(main())
