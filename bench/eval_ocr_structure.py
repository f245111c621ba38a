"""End-to-end structuring through real OCR: synthetic laws typed on scan-like pages, read back by
``locleg ingest`` (Tesseract), scored against their gold.

For each chosen law of ``bench/synthetic`` (default 017, 020, 021, 024, 025, 027) the pages of ``NNN.txt``
(form-feed separated, in file order; a page longer than an A4 sheet runs over several) are rendered with ``corpus.sample.scanner.make_scanned_pdf``
(A4, 200 dpi, slight skew, blur and dust) into an image-only PDF in a temporary directory;
``.venv/bin/locleg ingest X.pdf --meta NNN.meta.json -o X.json`` runs the whole pipeline on it
(``OMP_THREAD_LIMIT=1``, two laws at a time), and ``../shared/tools/score.py`` compares the JSON with
``NNN.gold.json``. The same law structured from its ideal text (no OCR) is scored too, so the
``ocr`` row minus the ``text`` row is what Tesseract's damage costs the structuring.

    .venv/bin/python bench/eval_ocr_structure.py [--only 017,025 | --all] [--keep DIR] [--details]
        [--no-prepare] [--psm N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from eval_synthetic import load_scorer, print_details, structure_file  # noqa: E402

from corpus.sample.scanner import MM_PER_INCH, make_scanned_pdf, page_pixels  # noqa: E402

SYNTH = ROOT / "bench" / "synthetic"
A4_MM = (210.0, 297.0)
DPI, FONT_PT, MARGIN_MM, LINE_SPACING = 200, 10.0, 14.0, 1.45
DEFAULT = ("017", "020", "021", "024", "025", "027")
FIGURES = ("unit_f1", "art_f1", "art_order_ok", "dup_ids", "text_mean", "group_f1", "meta_ok")


def fit_pages(pages: list[list[str]], *, dpi: int, font_pt: float) -> list[list[str]]:
    """Cut pages and lines to what one A4 page holds (``render_page`` clips what does not fit).

    A law without form feeds is one "page" of the text file; printed, it runs over several sheets.
    Over-long lines are wrapped at a word boundary, as a typist would have.
    """
    width, height = page_pixels(dpi, A4_MM)
    font_px = max(6, round(font_pt * dpi / 72))
    margin = round(MARGIN_MM / MM_PER_INCH * dpi)
    per_page = int((height - margin * 1.5) // round(font_px * LINE_SPACING))
    per_line = int((width - 2 * margin) // (font_px * 0.61))
    fitted: list[list[str]] = []
    for lines in pages:
        wrapped = [part for line in lines
                   for part in (textwrap.wrap(line, per_line, break_long_words=True) or [""])]
        fitted.extend(wrapped[i:i + per_page] for i in range(0, len(wrapped), per_page))
    return fitted


def render_law(stem: str, out_dir: Path) -> Path:
    """The law's pages (file order, long ones split over several sheets) as an image-only PDF."""
    text = (SYNTH / f"{stem}.txt").read_text(encoding="utf-8")
    pages = [p.strip("\n").split("\n") for p in text.split("\f") if p.strip()]
    pdf = out_dir / f"{stem}.pdf"
    make_scanned_pdf(pdf, fit_pages(pages, dpi=DPI, font_pt=FONT_PT), dpi=DPI, seed=int(stem),
                     size_mm=A4_MM, font_pt=FONT_PT, margin_mm=MARGIN_MM, line_spacing=LINE_SPACING,
                     skew=0.35, blur=0.6, noise=0.0015)
    return pdf


def ingest(pdf: Path, meta: Path, out: Path, extra: list[str]) -> tuple[float, str]:
    """Run ``locleg ingest``; seconds and stderr tail."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    t0 = time.perf_counter()
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "locleg"), "ingest", str(pdf), "--meta", str(meta),
                           "-o", str(out), *extra], capture_output=True, text=True, env=env, cwd=ROOT)
    return time.perf_counter() - t0, (proc.stderr or "")[-400:] if proc.returncode else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(DEFAULT), help="comma-separated stems")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--keep", type=Path, help="keep PDFs and JSON here instead of a temp dir")
    parser.add_argument("--details", action="store_true", help="missing/extra units of the OCR run")
    parser.add_argument("--no-prepare", action="store_true", help="pass --no-prepare to locleg ingest")
    parser.add_argument("--psm", type=int, help="pass --psm N to locleg ingest")
    parser.add_argument("--all", action="store_true", help="every law of bench/synthetic")
    args = parser.parse_args()
    score = load_scorer(args.shared)
    stems = [s.strip() for s in args.only.split(",") if s.strip()]
    if args.all:
        stems = sorted(p.name[:3] for p in SYNTH.glob("*.gold.json"))
    extra = (["--no-prepare"] if args.no_prepare else []) + (["--psm", str(args.psm)] if args.psm else [])
    with tempfile.TemporaryDirectory(prefix="ocr-structure-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        pdfs = {s: render_law(s, work) for s in stems}

        def run(stem: str) -> tuple[str, float, str]:
            seconds, err = ingest(pdfs[stem], SYNTH / f"{stem}.meta.json", work / f"{stem}.json", extra)
            return stem, seconds, err

        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(run, stems))
        rows = {"text": [], "ocr": []}
        for stem, seconds, err in results:
            gold = json.loads((SYNTH / f"{stem}.gold.json").read_text(encoding="utf-8"))
            ideal, _, _ = structure_file(SYNTH / f"{stem}.txt", SYNTH / f"{stem}.meta.json")
            text_fig = score.score(ideal, gold)
            rows["text"].append(text_fig)
            n_pages = len(pdfs[stem].read_bytes().split(b"/Type /Page\n")) - 1
            if err or not (work / f"{stem}.json").exists():
                print(f"{stem} ocr: FAILED {err.strip()}")
                continue
            out = json.loads((work / f"{stem}.json").read_text(encoding="utf-8"))
            ocr_fig = score.score(out, gold)
            rows["ocr"].append(ocr_fig)
            for kind, fig in (("text", text_fig), ("ocr", ocr_fig)):
                line = " ".join(f"{k}={fig[k]}" for k in FIGURES)
                tail = f" seconds={seconds:.1f} pages={n_pages}" if kind == "ocr" else ""
                print(f"{stem} {kind:4}: {line}{tail}")
            if args.details:
                print_details(score, out, gold)
        for kind, figs in rows.items():
            if not figs:
                continue
            n = len(figs)
            means = " ".join(f"{k}={sum(f[k] for f in figs) / n:.4f}" for k in ("unit_f1", "art_f1", "text_mean", "group_f1"))
            meta = sum(int(f["meta_ok"].split("/")[0]) for f in figs)
            print(f"MEAN {kind:4} ({n} laws): {means} art_order_ok={sum(f['art_order_ok'] for f in figs)}/{n}"
                  f" dup_ids={sum(f['dup_ids'] for f in figs)} meta_ok={meta}/{6 * n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
