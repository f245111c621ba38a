"""Measure the OCR stage's choices on pages rendered from the sample laws (figures in docs/ocr.md).

    .venv/bin/python bench/ocr_choices.py            # all measurements
    .venv/bin/python bench/ocr_choices.py lang io    # a subset: lang, io, dpi, workers

- lang: character error rate (CER) and seconds per page of Tesseract language sets, on clean and
  on dusty, skewed pages; and how many of the printed ``§`` were read as ``§``.
- io: how the page image reaches Tesseract: pytesseract (PNG encoding) vs an uncompressed PGM
  file and the CLI.
- dpi: a 200-dpi embedded scan read at its native resolution vs re-rendered at 300 dpi.
- workers: seconds for a 6-page scanned PDF with 1 and 2 worker processes.
"""

from __future__ import annotations

import resource
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rapidfuzz.distance import Levenshtein  # noqa: E402

from corpus.sample.render import DPI, SAMPLE, layout  # noqa: E402
from corpus.sample.scanner import make_scanned_pdf, render_page  # noqa: E402
from pipeline.config import OcrConfig  # noqa: E402
from pipeline.ocr import ocr_document, plan_pages, read_page, run_tesseract  # noqa: E402

CONDITIONS = {
    "clean": dict(skew=0.0, noise=0.0, blur=0.4),
    "dusty": dict(skew=0.8, noise=0.0010, blur=0.7),
}


def _child_cpu() -> float:
    """CPU seconds used so far by finished child processes (Tesseract): steadier than wall time
    on a machine shared with other jobs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _norm(text: str) -> str:
    return " ".join(text.split())


def pages_with_truth() -> list[tuple[str, list[str], str]]:
    """(law name, lines of one page, letterhead) for every page of every sample law."""
    out = []
    for law in SAMPLE:
        head = law.letterhead or "PREFEITURA MUNICIPAL"
        for lines in layout(law):
            out.append((law.name, lines, head))
    return out


def bench_lang() -> None:
    langs = ["por", "por+Latin", "Latin+por", "Latin"]
    pages = pages_with_truth()
    print(f"lang: {len(pages)} pages at {DPI} dpi, CER = edit distance / truth length (whitespace folded)")
    for cond, kw in CONDITIONS.items():
        images = [render_page(lines, dpi=DPI, letterhead=head, seed=i, **kw)  # type: ignore[arg-type]
                  for i, (_, lines, head) in enumerate(pages)]
        truths = [_norm("\n".join([head, *lines])) for _, lines, head in pages]
        n_sect = sum(t.count("§") for t in truths)
        n_ord = sum(t.count("º") for t in truths)
        for lang in langs:
            config = OcrConfig(lang=lang, prepare=False)
            dist = total = 0
            secs, cpu = [], []
            got_sect = got_ord = 0
            for image, truth in zip(images, truths, strict=True):
                t0, c0 = time.perf_counter(), _child_cpu()
                lines = run_tesseract(image, config=config, dpi=DPI)
                secs.append(time.perf_counter() - t0)
                cpu.append(_child_cpu() - c0)
                text = _norm("\n".join(ln.text for ln in lines))
                dist += Levenshtein.distance(text, truth)
                total += len(truth)
                got_sect += min(text.count("§"), truth.count("§"))
                got_ord += min(text.count("º"), truth.count("º"))
            print(f"  {cond:5} {lang:10} CER {100 * dist / total:5.2f}%  {statistics.mean(secs):.2f} s/page"
                  f" ({statistics.mean(cpu):.2f} s CPU)"
                  f"  § read {got_sect}/{n_sect}  º read {got_ord}/{n_ord}")


def bench_io() -> None:
    import os

    import pytesseract

    os.environ["OMP_THREAD_LIMIT"] = "1"  # same footing as run_tesseract

    lines = layout(SAMPLE[0])[0]
    for dpi, size in ((200, "A5"), (300, "A4")):
        size_mm = (148.0, 210.0) if size == "A5" else (210.0, 297.0)
        image = render_page(lines, dpi=dpi, size_mm=size_mm, letterhead="PREFEITURA")
        config = OcrConfig(prepare=False)
        t_cli, t_py, c_cli, c_py = [], [], [], []
        for _ in range(3):
            t0, c0 = time.perf_counter(), time.process_time() + _child_cpu()
            run_tesseract(image, config=config, dpi=dpi)
            t_cli.append(time.perf_counter() - t0)
            c_cli.append(time.process_time() + _child_cpu() - c0)
            t0, c0 = time.perf_counter(), time.process_time() + _child_cpu()
            pytesseract.image_to_data(image, lang="por", config=f"--psm 3 --oem 1 --dpi {dpi}")
            t_py.append(time.perf_counter() - t0)
            c_py.append(time.process_time() + _child_cpu() - c0)
        print(f"io: {size} {dpi} dpi ({image.width}x{image.height}): PGM + CLI tsv {min(t_cli):.2f} s"
              f" ({min(c_cli):.2f} s CPU), pytesseract.image_to_data {min(t_py):.2f} s"
              f" ({min(c_py):.2f} s CPU) (best of 3)")


def bench_dpi() -> None:
    config = OcrConfig(prepare=False)
    with tempfile.TemporaryDirectory() as tmp:
        for law in SAMPLE[:2]:
            pages = layout(law)
            truth = _norm("\n".join([law.letterhead, *pages[0]]))
            pdf = make_scanned_pdf(Path(tmp) / "x.pdf", [pages[0]], dpi=200, letterhead=law.letterhead,
                                   **CONDITIONS["dusty"])  # type: ignore[arg-type]
            [plan] = plan_pages(pdf, config=config)
            for label, cfg in (("native 200", config), ("render 300", replace(config, native=False, dpi=300))):
                t0 = time.perf_counter()
                page = read_page(pdf, plan, config=cfg)
                secs = time.perf_counter() - t0
                cer = Levenshtein.distance(_norm(page.text), truth) / len(truth)
                print(f"dpi: {law.name} {label}: CER {100 * cer:.2f}%  {secs:.2f} s")


def bench_workers() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pages = [p for law in SAMPLE[:3] for p in layout(law)][:6]
        pdf = make_scanned_pdf(Path(tmp) / "six.pdf", pages, dpi=200, letterhead="PREFEITURA MUNICIPAL")
        for workers in (1, 2):
            t0 = time.perf_counter()
            ocr_document(pdf, config=OcrConfig(prepare=False), workers=workers)
            print(f"workers: 6-page scan, {workers} worker(s): {time.perf_counter() - t0:.2f} s")


def main(argv: list[str]) -> int:
    chosen = argv or ["lang", "io", "dpi", "workers"]
    for name in chosen:
        {"lang": bench_lang, "io": bench_io, "dpi": bench_dpi, "workers": bench_workers}[name]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
