"""Throughput of the batch pipeline against bare Tesseract, on the same page images, same cores.

    .venv/bin/python bench/throughput.py [--pages 40] [--docs 10] [--dpi 300] [--size a4]
                                         [--big 300] [--json OUT.json]

1. Renders a scanned corpus (``--docs`` image-only PDFs, ``--pages`` pages in all; one JPEG per
   page at ``--dpi``) and keeps each page's JPEG bytes as a file too.
2. Bare Tesseract: ``tesseract page.jpg stdout -l LANG --psm P --oem O --dpi DPI tsv`` over the
   page files, one process per core (``OMP_THREAD_LIMIT=1``), wall time -> pages/s.
3. The pipeline: ``locleg run`` (Prefect flow, embedded server, fresh OCR cache) in a child
   process; pages/s from the flow's own ``seconds`` (Prefect start-up reported apart) and the
   child's peak RSS. Ratio = pipeline pages/s / bare pages/s. Also in CPU seconds (process
   tree, minus an empty run's fixed cost): on a shared machine the wall-clock ratio depends on
   what else runs during each half, the CPU ratio does not.
4. Structuring alone: the OCR'd documents saved by the store, through structure + JSON emission,
   pages/s.
5. ``--big N``: peak RSS of the flow process for one N-page scan (A5, 200 dpi) — streaming means
   the page images never sit in memory together.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gzip
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from corpus.sample.scanner import (  # noqa: E402
    chars_per_line,
    lines_per_page,
    paginate,
    render_page,
    wrap_text,
)
from pipeline.config import OcrConfig  # noqa: E402

NOISE = 0.001  # speckle density of the sample corpus scans
SIZES = {"a4": (210.0, 297.0), "a5": (148.0, 210.0)}
WORDS = ("município", "prefeito", "lei", "disposições", "câmara", "vereadores", "orçamento", "receita",
         "tributo", "serviço", "público", "contrato", "prazo", "multa", "fiscalização", "licença", "obra",
         "zona", "urbana", "rural", "conselho", "secretaria", "educação", "saúde", "transporte", "táxi",
         "tarifa", "imposto", "taxa", "parágrafo", "inciso", "artigo", "regulamento", "decreto", "publicação")


def law_text(n_articles: int, *, seed: int) -> str:
    rnd = random.Random(seed)
    lines = [f"LEI Nº {100 + seed}, DE 3 DE MARÇO DE 1994", "",
             "Dispõe sobre matéria de interesse local e dá outras providências.", ""]
    for art in range(1, n_articles + 1):
        body = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(12, 40)))
        lines.append(f"Art. {art}º {body.capitalize()}.")
        if rnd.random() < 0.3:
            for roman in ("I", "II", "III")[: rnd.randint(1, 3)]:
                lines.append(f"{roman} - " + " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(4, 12))) + ";")
        lines.append("")
    lines.append("Esta Lei entra em vigor na data de sua publicação.")
    return "\n".join(lines)


def make_corpus(root: Path, *, pages: int, docs: int, dpi: int, size_mm: tuple[float, float],
                seed: int = 0) -> tuple[Path, list[Path]]:
    """Image-only PDFs and, for the bare run, each page's JPEG (the very bytes in the PDF)."""
    from PIL import Image

    width = chars_per_line(dpi=dpi, size_mm=size_mm)
    per_page = lines_per_page(dpi=dpi, size_mm=size_mm)
    page_files: list[Path] = []
    root.mkdir(parents=True, exist_ok=True)
    manifest = root / "manifest.jsonl"
    with manifest.open("w", encoding="utf-8") as mf:
        left = pages
        for d in range(docs):
            n = left // (docs - d)
            left -= n
            text_pages = paginate(wrap_text(law_text(12 * n, seed=seed + d), width), per_page)[:n]
            while len(text_pages) < n:
                text_pages.append(text_pages[-1])
            jpegs = []
            for i, lines in enumerate(text_pages):
                img = render_page(lines, dpi=dpi, size_mm=size_mm, seed=seed + 100 * d + i, skew=0.4, blur=0.6,
                                  noise=NOISE, letterhead="PREFEITURA MUNICIPAL DE SANTA RITA DO OESTE")
                buf = io.BytesIO()
                img.convert("L").save(buf, format="JPEG", quality=80, dpi=(dpi, dpi))
                page = root / "pages" / f"doc{d:03d}-p{i:03d}.jpg"
                page.parent.mkdir(parents=True, exist_ok=True)
                page.write_bytes(buf.getvalue())
                page_files.append(page)
                jpegs.append(page)
            images = [Image.open(p) for p in jpegs]
            pdf = root / f"doc{d:03d}.pdf"
            images[0].save(pdf, format="PDF", save_all=True, append_images=images[1:], resolution=float(dpi))
            mf.write(json.dumps({"source": pdf.name, "uf": "SP", "municipio": "Santa Rita do Oeste",
                                 "tipo": "Lei", "numero": str(100 + d), "ano": 1994}) + "\n")
    return manifest, page_files


def bare_tesseract(pages: list[Path], *, config: OcrConfig, dpi: int, workers: int) -> tuple[float, int]:
    """Wall seconds and words read (so both sides are seen to read the pages)."""
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}

    def one(page: Path) -> int:
        out = subprocess.run(["tesseract", str(page), "stdout", "-l", config.lang, "--psm", str(config.psm),
                              "--oem", str(config.oem), "--dpi", str(dpi), "tsv"],
                             check=True, capture_output=True, env=env).stdout.decode("utf-8", "replace")
        rows = [r.split("\t") for r in out.splitlines()[1:]]
        return sum(1 for r in rows if len(r) >= 12 and r[0] == "5" and r[11].strip())

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        words = sum(pool.map(one, pages))
    return time.perf_counter() - started, words


def bare_cpu(pages: list[Path], *, config: OcrConfig, dpi: int, workers: int) -> tuple[float, float, int]:
    before = _children_cpu()
    seconds, words = bare_tesseract(pages, config=config, dpi=dpi, workers=workers)
    return seconds, _children_cpu() - before, words


def stored_words(store: Path) -> int:
    from models.ocr import DocumentText

    total = 0
    for p in (store / ".ocr").rglob("*.json.gz"):
        doc = DocumentText.model_validate_json(gzip.decompress(p.read_bytes()))
        total += sum(len(line.words) for page in doc.pages for line in page.lines)
    return total


_CHILD = """
import json, resource, sys, time
t0 = time.perf_counter()
from locleg.cli import main
code = main(sys.argv[2:])
out = {"code": code, "wall": time.perf_counter() - t0,
       "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
open(sys.argv[1], "w").write(json.dumps(out))
"""


def _children_cpu() -> float:
    """CPU seconds of every finished descendant (a child's waited-for children roll up)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_pipeline(manifest: Path, out: Path, cache: Path, *, workers: int) -> dict:
    report = out.parent / f"{out.name}-child.json"
    summary = out.parent / f"{out.name}-summary.json"
    cmd = [sys.executable, "-c", _CHILD, str(report), "run", str(manifest), "--out", str(out), "--cache",
           str(cache), "--summary-json", str(summary), "--no-progress", "--workers", str(workers)]
    cpu_before = _children_cpu()
    with (out.parent / f"{out.name}-child.log").open("wb") as log:
        subprocess.run(cmd, check=True, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    child = json.loads(report.read_text())
    return {**child, "cpu_seconds": _children_cpu() - cpu_before, "summary": json.loads(summary.read_text())}


def structuring_speed(store: Path, *, min_seconds: float = 5.0) -> tuple[float, int]:
    from models.ocr import DocumentText
    from pipeline.ingest import with_ocr_config
    from pipeline.structure import structure_document

    docs = [DocumentText.model_validate_json(gzip.decompress(p.read_bytes()))
            for p in sorted((store / ".ocr").rglob("*.json.gz"))]
    config = OcrConfig()
    pages = 0
    started = time.perf_counter()
    while True:
        for doc in docs:
            result = with_ocr_config(structure_document(doc, None), config=config)
            result.model_dump_json()
            pages += len(doc.pages)
        elapsed = time.perf_counter() - started
        if elapsed >= min_seconds:
            return pages / elapsed, pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--docs", type=int, default=10)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--size", choices=sorted(SIZES), default="a4")
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--big", type=int, default=0, help="also: peak RSS for one scan of this many pages")
    parser.add_argument("--json", type=Path, help="write the figures as JSON")
    parser.add_argument("--keep", type=Path, help="work directory to keep (default: a temporary one)")
    args = parser.parse_args()

    work = args.keep or Path(tempfile.mkdtemp(prefix="locleg-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    config = OcrConfig()
    print(f"rendering {args.pages} pages ({args.size.upper()}, {args.dpi} dpi) in {args.docs} documents...",
          file=sys.stderr)
    manifest, page_files = make_corpus(work / "corpus", pages=args.pages, docs=args.docs, dpi=args.dpi,
                                       size_mm=SIZES[args.size])
    figures: dict = {"pages": len(page_files), "dpi": args.dpi, "size": args.size, "workers": args.workers,
                     "lang": config.lang, "cpu_count": os.cpu_count()}

    print("bare tesseract...", file=sys.stderr)
    bare_s, bare_cpu_s, bare_words = bare_cpu(page_files, config=config, dpi=args.dpi, workers=args.workers)
    figures["bare_seconds"] = round(bare_s, 2)
    figures["bare_cpu_seconds"] = round(bare_cpu_s, 2)
    figures["bare_words"] = bare_words
    figures["bare_pages_per_s"] = round(len(page_files) / bare_s, 3)

    print("pipeline (locleg run)...", file=sys.stderr)
    run = run_pipeline(manifest, work / "out", work / "cache", workers=args.workers)
    summary = run["summary"]
    assert summary["pages_ocr"] == len(page_files), summary
    figures["pipeline_seconds"] = summary["seconds"]
    figures["pipeline_pages_per_s"] = round(len(page_files) / summary["seconds"], 3)
    figures["pipeline_wall_seconds_with_prefect_startup"] = round(run["wall"], 2)
    figures["pipeline_peak_rss_mb"] = round(run["maxrss_mb"], 1)
    figures["ratio_to_bare"] = round(figures["pipeline_pages_per_s"] / figures["bare_pages_per_s"], 3)
    # The same ratio in CPU time, which a busy shared machine does not distort: the pipeline's
    # whole process tree (flow process, Tesseracts, Prefect's temporary server) minus what a run
    # of an empty manifest costs (imports, server start-up).
    empty = work / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    idle = run_pipeline(empty, work / "out-empty", work / "cache-empty", workers=args.workers)
    figures["pipeline_cpu_seconds"] = round(run["cpu_seconds"], 2)
    figures["pipeline_fixed_cpu_seconds"] = round(idle["cpu_seconds"], 2)
    figures["cpu_ratio_to_bare"] = round(bare_cpu_s / (run["cpu_seconds"] - idle["cpu_seconds"]), 3)
    figures["by_status"] = summary["by_status"]
    figures["pipeline_words"] = stored_words(work / "out")

    print("structuring alone...", file=sys.stderr)
    speed, _ = structuring_speed(work / "out")
    figures["structuring_pages_per_s"] = round(speed, 1)

    if args.big:
        print(f"one {args.big}-page scan (A5, 200 dpi)...", file=sys.stderr)
        big_manifest, _ = make_corpus(work / "big", pages=args.big, docs=1, dpi=200, size_mm=SIZES["a5"], seed=7)
        big = run_pipeline(big_manifest, work / "big-out", work / "big-cache", workers=args.workers)
        figures["big_pages"] = args.big
        figures["big_seconds"] = big["summary"]["seconds"]
        figures["big_peak_rss_mb"] = round(big["maxrss_mb"], 1)

    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
