"""OCR evaluation: our reader vs bare Tesseract vs OCRmyPDF on generated scan-like law pages.

``make eval-ocr`` runs this. It generates the evaluation set (``bench/ocr_damage.py``: laws written
by a seeded generator, typed on 200 dpi A4 pages, one kind of damage per page, printed text known),
puts the pages in one lossless image-only PDF, and reads them with:

- ``ours``: ``pipeline.ocr.ocr_document`` on the PDF (what ``locleg ocr`` does: native-resolution
  image, page preparation, Tesseract TSV), two worker processes, ``OMP_THREAD_LIMIT=1``;
- ``ours-noprep``: the same with preparation off (isolates what preparation does);
- ``bare``: ``tesseract PAGE.png stdout -l por --dpi 200``, two processes, ``OMP_THREAD_LIMIT=1``;
- ``ocrmypdf``: ``ocrmypdf -l por --deskew --clean --force-ocr --sidecar`` on the PDF (its default
  ``-j``), from its own venv ``bench/.venv-ocrmypdf`` created on first use (``--clean`` needs the
  Debian ``unpaper`` package);
- ``ours por+Latin`` and ``bare por+Latin``: the language set question of issue 4.

CER is the Levenshtein distance (rapidfuzz) between whitespace-normalised texts over the length of
the printed text, summed over pages; WER the same over word sequences. Seconds per page are the
wall time of the whole run over the number of pages (two pages in flight), so pages/s compares
throughput on this 2-core machine. ``--json`` writes every figure.

    .venv/bin/python bench/eval_ocr.py [--per-kind 2] [--out out/ocr-eval] [--skip ocrmypdf]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ocr_damage import DPI, KINDS, write_eval_set  # noqa: E402

OCRMYPDF_VENV = ROOT / "bench" / ".venv-ocrmypdf"
WORKERS = 2


@dataclass
class Run:
    """One reader over the whole set: text and seconds per page, wall time of the run."""

    reader: str
    texts: dict[str, str] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    wall: float = 0.0
    cpu: float = 0.0
    note: str = ""
    doc: object = None  # the DocumentText read (ours PDF), for the correction column


def _cpu_now() -> float:
    """CPU seconds of this process and of all its finished descendants (tesseract, workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed_run(run: Run, body: Callable[[], None]) -> Run:
    """Run ``body`` and record its wall time and CPU time (contention-proof) on ``run``."""
    wall0, cpu0 = time.perf_counter(), _cpu_now()
    body()
    run.wall, run.cpu = time.perf_counter() - wall0, _cpu_now() - cpu0
    return run


# --------------------------------------------------------------------------- scoring


def normalise(text: str) -> str:
    return " ".join(text.split())


def errors(ref: str, hyp: str) -> tuple[int, int, int, int]:
    """(char edits, ref chars, word edits, ref words) on whitespace-normalised text."""
    r, h = normalise(ref), normalise(hyp)
    rw, hw = r.split(), h.split()
    return Levenshtein.distance(r, h), len(r), Levenshtein.distance(rw, hw), len(rw)


def score(run: Run, truth: dict[str, str], names: Iterable[str]) -> tuple[float, float]:
    ce = cn = we = wn = 0
    for name in names:
        a, b, c, d = errors(truth[name], run.texts.get(name, ""))
        ce, cn, we, wn = ce + a, cn + b, we + c, wn + d
    return ce / max(cn, 1), we / max(wn, 1)


# --------------------------------------------------------------------------- readers


def _tesseract_env() -> dict[str, str]:
    return dict(os.environ, OMP_THREAD_LIMIT="1")


PAGE_DPI: dict[str, int] = {}
"""Resolution of each page by name, for sets whose pages differ (scanlab); others are at DPI."""


def _bare_one(png: Path, lang: str) -> tuple[str, str, float]:
    start = time.perf_counter()
    dpi = PAGE_DPI.get(png.stem, DPI)
    out = subprocess.run(["tesseract", str(png), "stdout", "-l", lang, "--dpi", str(dpi)],
                         capture_output=True, text=True, env=_tesseract_env(), check=False).stdout
    return png.stem, out, time.perf_counter() - start


def run_bare(pngs: Sequence[Path], lang: str) -> Run:
    run = Run(f"bare tesseract -l {lang}")

    def body() -> None:
        with ThreadPoolExecutor(WORKERS) as pool:
            for name, text, secs in pool.map(functools.partial(_bare_one, lang=lang), pngs):
                run.texts[name], run.seconds[name] = text, secs

    return timed_run(run, body)


def _timed(func: Callable, plan):  # module level: picklable for the process pool
    start = time.perf_counter()
    page = func(plan)
    return page, time.perf_counter() - start


def run_ours(pdf: Path, names: Sequence[str], lang: str, prepare: bool) -> Run:
    import pipeline.imageprep  # noqa: F401  (imported before forking, as the CLI has it)
    from pipeline.config import OcrConfig
    from pipeline.ocr import ocr_document

    config = OcrConfig(lang=lang, prepare=prepare)
    run = Run(f"ours PDF -l {lang}" + ("" if prepare else " (no prep)"))
    times: dict[int, float] = {}

    def map_pages(func, plans):
        with ProcessPoolExecutor(WORKERS) as pool:
            for page, secs in pool.map(functools.partial(_timed, func), plans):
                times[page.page_index] = secs
                yield page

    docs = []
    timed_run(run, lambda: docs.append(ocr_document(pdf, config=config, map_pages=map_pages)))
    _record(run, docs[0].pages, names, times)
    run.doc = docs[0]
    return run


def run_corrected(ours: Run, names: Sequence[str]) -> Run:
    """``ours`` after post-OCR word correction (``pipeline.correction``, what ``structure``
    applies to OCR'd pages): the same reading, its words corrected; time is the correction's."""
    from pipeline.correction import base_lexicon, correct_document

    run = Run(ours.reader + " + correction")
    base_lexicon()  # built once per process, not counted per document
    made = []
    timed_run(run, lambda: made.append(correct_document(ours.doc)))  # type: ignore[arg-type]
    doc, corrections = made[0]
    for page in doc.pages:
        run.texts[names[page.page_index]] = page.text
    run.note = f"{len(corrections)} words changed"
    return run


def _read_png(png: Path, config):  # module level: picklable
    from pipeline.ocr import plan_pages, read_page

    start = time.perf_counter()
    page = read_page(png, plan_pages(png, config=config)[0], config=config)
    return page, time.perf_counter() - start


def run_ours_png(pngs: Sequence[Path], lang: str, prepare: bool) -> Run:
    """``pipeline.ocr.read_page`` on each PNG page: the same pixels bare Tesseract gets."""
    import pipeline.imageprep  # noqa: F401  (imported before forking, as the CLI has it)
    import pipeline.ocr  # noqa: F401
    from pipeline.config import OcrConfig

    config = OcrConfig(lang=lang, prepare=prepare)
    run = Run(f"ours PNG -l {lang}" + ("" if prepare else " (no prep)"))
    pages, times = [], {}

    def body() -> None:
        with ProcessPoolExecutor(WORKERS) as pool:
            for i, (page, secs) in enumerate(pool.map(functools.partial(_read_png, config=config), pngs)):
                pages.append(page.model_copy(update={"page_index": i}))
                times[i] = secs

    timed_run(run, body)
    _record(run, pages, [p.stem for p in pngs], times)
    return run


def _record(run: Run, pages, names: Sequence[str], times: dict[int, float]) -> None:
    steps: dict[str, int] = defaultdict(int)
    for page in pages:
        name = names[page.page_index]
        run.texts[name] = page.text
        run.seconds[name] = times.get(page.page_index, 0.0)
        if page.rotation:
            steps["rotated"] += 1
        if page.skew:
            steps["deskewed"] += 1
    run.note = ", ".join(f"{k} {v}" for k, v in sorted(steps.items()))


def ensure_ocrmypdf() -> Path | None:
    """``ocrmypdf`` from the benchmark's own venv, created on first use; None if impossible."""
    exe = OCRMYPDF_VENV / "bin" / "ocrmypdf"
    if not exe.exists():
        print(f"creating {OCRMYPDF_VENV} with ocrmypdf (first run only)...", file=sys.stderr)
        try:
            subprocess.run([sys.executable, "-m", "venv", str(OCRMYPDF_VENV)], check=True)
            subprocess.run([str(OCRMYPDF_VENV / "bin" / "pip"), "install", "-q", "ocrmypdf"], check=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"ocrmypdf could not be installed: {exc}", file=sys.stderr)
            return None
    if shutil.which("unpaper") is None:
        print("unpaper missing: installing it (apt) for ocrmypdf --clean...", file=sys.stderr)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "unpaper"], check=False,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return exe if exe.exists() else None


def load_scanlab(set_dir: Path) -> tuple[list[Path], Path, list[str]]:
    """The pages, PDF and profiles of a set written by ``python -m bench.scanlab``; fills
    :data:`PAGE_DPI`, :data:`PAGE_KIND`, :data:`PAGE_TURNED` and :data:`PAGE_CLEAN` from each
    page's parameters."""
    pngs = sorted((set_dir / "pages").glob("*.png"))
    for png in pngs:
        params = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
        dpi = params.get("dpi", DPI)
        PAGE_DPI[png.stem] = int(round(float(dpi[0] if isinstance(dpi, list) else dpi)))
        PAGE_KIND[png.stem] = str(params.get("profile", "page"))
        PAGE_TURNED[png.stem] = bool(params.get("rotation") or params.get("turn"))
        PAGE_CLEAN[png.stem] = is_clean_page(params)
    return pngs, set_dir / "set.pdf", sorted(set(PAGE_KIND.values()))


def build_pdf(pngs: Sequence[Path], pdf: Path) -> None:
    """One image-only PDF of all pages, lossless (img2pdf from the ocrmypdf venv when there)."""
    img2pdf = OCRMYPDF_VENV / "bin" / "img2pdf"
    if img2pdf.exists():
        subprocess.run([str(img2pdf), *map(str, pngs), "-o", str(pdf)], check=True)
        return
    from PIL import Image

    images = [Image.open(p) for p in pngs]
    images[0].save(pdf, format="PDF", save_all=True, append_images=images[1:], resolution=float(DPI))


def run_ocrmypdf(exe: Path, pdf: Path, names: Sequence[str], work: Path) -> Run:
    run = Run("ocrmypdf --deskew --clean")
    sidecar = work / "ocrmypdf.txt"
    procs = []
    timed_run(run, lambda: procs.append(subprocess.run(
        [str(exe), "-l", "por", "--deskew", "--clean", "--force-ocr", "--sidecar", str(sidecar),
         str(pdf), str(work / "ocrmypdf.pdf")],
        capture_output=True, text=True, env=_tesseract_env(), check=False)))
    proc = procs[0]
    if proc.returncode != 0:
        run.note = f"failed: {proc.stderr.strip().splitlines()[-1:]}"
        return run
    pages = sidecar.read_text(encoding="utf-8").split("\f")
    for name, text in zip(names, pages, strict=False):
        run.texts[name] = text
    return run


# --------------------------------------------------------------------------- report


def steps_per_page(pngs: Sequence[Path]) -> dict[str, tuple[tuple[str, ...], float]]:
    """What ``prepare_page`` does to each page and how long it takes (best of 2)."""
    from PIL import Image

    from pipeline.config import OcrConfig
    from pipeline.imageprep import prepare_page

    out = {}
    for png in pngs:
        img = Image.open(png)
        img.load()
        best = float("inf")
        for _ in range(2):
            start = time.perf_counter()
            _, info = prepare_page(img, config=OcrConfig())
            best = min(best, time.perf_counter() - start)
        out[png.stem] = (info.steps, best)
    return out


def step_costs(pages_dir: Path) -> str:
    """Milliseconds of each preparation step on a 200 dpi A4 page (best of 3, one process)."""
    import numpy as np
    from PIL import Image

    from pipeline import imageprep as ip

    def best(func) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            func()
            times.append(time.perf_counter() - start)
        return min(times) * 1000

    gray = np.asarray(Image.open(pages_dir / "speckle-1.png").convert("L"))
    small = ip.min_pool(gray, 2) < 128
    rotated = Image.open(pages_dir / "clean-1.png").transpose(Image.Transpose.ROTATE_180)
    rows = [
        ("measure_page (statistics for choose_steps)", best(lambda: ip.measure_page(gray, dpi=200))),
        ("estimate_skew (on the 100 dpi copy)", best(lambda: ip.estimate_skew(small))),
        ("deskew (bilinear rotation)", best(lambda: ip.deskew(Image.fromarray(gray), 2.0))),
        ("remove_borders", best(lambda: ip.remove_borders(gray))),
        ("flatten_background", best(lambda: ip.flatten_background(gray, dpi=200))),
        ("separate_ink", best(lambda: ip.separate_ink(gray))),
        ("binarize_sauvola (stats at 100 dpi)", best(lambda: ip.binarize_sauvola(gray, window=51, scale=2))),
        ("binarize_sauvola (full resolution)", best(lambda: ip.binarize_sauvola(gray, window=51))),
        ("denoise_speckle", best(lambda: ip.denoise_speckle(gray, dpi=200))),
        ("detect_orientation (Tesseract OSD)", best(lambda: ip.detect_orientation(rotated))),
    ]
    out = ["| step | ms on a 200 dpi A4 page |", "|---|---|"]
    out += [f"| {name} | {ms:.0f} |" for name, ms in rows]
    return "\n".join(out)


def kind_of(name: str) -> str:
    """A page's damage kind: the scanlab profile when the set says so, else the name's prefix."""
    return PAGE_KIND.get(name) or name.rsplit("-", 1)[0]


PAGE_KIND: dict[str, str] = {}
PAGE_TURNED: dict[str, bool] = {}
PAGE_CLEAN: dict[str, bool] = {}
"""Whether each page of a scanlab set is clean (:func:`is_clean_page`)."""

CLEAN_PROFILES = ("typewriter", "book")
"""Scanlab profiles of an original scanned as it is: a typed sheet, a printed book page. The others
are a copy or a transmission of one (carbon, photocopy, fax) or damage laid over it (bleed-through,
uneven light and stains)."""


def is_clean_page(params: dict) -> bool:
    """Whether a scanlab page (its recorded parameters, ``pages/NNNN.json``) is clean in issue 14's
    sense, 'never worse than bare Tesseract on a clean page': an original (:data:`CLEAN_PROFILES`)
    scanned in grey, upright (no quarter or half turn), not JPEG-recompressed, with no stamp or
    handwritten note over it. The scanner's own damage stays (its blur and noise, a skew within
    ±2.5°), and so do the typist's (uneven strikes, a worn ribbon) and a signature on the
    signatory's line: every scanlab page has them."""
    return (params.get("profile") in CLEAN_PROFILES and params.get("mode") == "L"
            and not params.get("rotation") and not params.get("jpeg_quality")
            and not params.get("stamp") and not params.get("margin_note"))


def table(runs: Sequence[Run], truth: dict[str, str], kinds: Sequence[str]) -> str:
    by_kind = {k: [n for n in truth if kind_of(n) == k] for k in kinds}
    groups = [(k, by_kind[k]) for k in kinds if by_kind[k]]
    groups.append(("ALL", list(truth)))
    groups.append(("ALL but rotated", [n for n in truth if kind_of(n) != "rotated"
                                       and not PAGE_TURNED.get(n)]))
    head = "| damage | pages | " + " | ".join(r.reader for r in runs) + " |"
    out = [
        "CER / WER per damage kind (lower is better); last rows: seconds per page (wall time of "
        f"the run / pages, {WORKERS} in flight), pages/s, and CPU seconds per page (all processes; "
        "not disturbed by other load on the machine)",
        "",
        head,
        "|" + "---|" * (2 + len(runs)),
    ]
    for name, pages in groups:
        cells = []
        for r in runs:
            if not r.texts:
                cells.append("n/a")
                continue
            c, w = score(r, truth, pages)
            cells.append(f"{c:.4f} / {w:.3f}")
        out.append(f"| {name} | {len(pages)} | " + " | ".join(cells) + " |")
    n = len(truth)
    out.append("| s/page | | " + " | ".join(f"{r.wall / n:.2f}" if r.wall else "n/a" for r in runs) + " |")
    out.append("| pages/s | | " + " | ".join(f"{n / r.wall:.2f}" if r.wall else "n/a" for r in runs) + " |")
    out.append("| CPU s/page | | " + " | ".join(f"{r.cpu / n:.2f}" if r.cpu else "n/a" for r in runs) + " |")
    sections = [
        "| § read (of " + str(sum(t.count("§") for t in truth.values())) + ") | | "
        + " | ".join(str(sum(r.texts.get(k, "").count("§") for k in truth)) if r.texts else "n/a"
                     for r in runs) + " |"
    ]
    out.extend(sections)
    notes = [f"- {r.reader}: {r.note}" for r in runs if r.note]
    if notes:
        out += ["", *notes]
    return "\n".join(out)


WORSE = 0.002
"""CER by which a page read by ours must exceed bare Tesseract's to count as made worse (issue 14:
'never worse than bare on a clean page')."""


def worse_than_bare(texts: dict[str, dict[str, str]], truth: dict[str, str],
                    clean: dict[str, bool] | None = None) -> str:
    """One line per reader of ``texts`` (reader -> page -> text) other than bare: the pages it
    reads worse than bare Tesseract by more than :data:`WORSE` CER, with both CERs; with
    ``clean`` (page -> :func:`is_clean_page`), how many of them are clean pages, marked '(clean)'."""
    bare = next((r for r in texts if r.startswith("bare tesseract -l por") and "Latin" not in r), None)
    if bare is None:
        return ""
    out = []
    for reader, pages in texts.items():
        if reader.startswith(("bare", "ocrmypdf")) or not pages:
            continue
        worse, worse_clean = [], 0
        for name, ref in truth.items():
            ce, cn, _, _ = errors(ref, pages.get(name, ""))
            be, _, _, _ = errors(ref, texts[bare].get(name, ""))
            if ce / max(cn, 1) > be / max(cn, 1) + WORSE:
                mark = " (clean)" if clean and clean.get(name) else ""
                worse_clean += bool(mark)
                worse.append(f"{name} {ce / max(cn, 1):.4f} vs {be / max(cn, 1):.4f}{mark}")
        among = (f"; clean pages: {worse_clean} of {sum(map(bool, clean.values()))}"
                 if clean else "")
        out.append(f"- {reader}: {len(worse)} of {len(truth)} pages worse than bare by > {WORSE}{among}"
                   + (f" ({'; '.join(worse)})" if worse else ""))
    return "\n".join(out)


def per_kind_seconds(runs: Sequence[Run], truth: dict[str, str], kinds: Sequence[str]) -> str:
    """Mean seconds one page took in its worker, per kind (readers that report per page)."""
    timed = [r for r in runs if r.seconds]
    out = ["| damage | " + " | ".join(r.reader for r in timed) + " |", "|" + "---|" * (1 + len(timed))]
    for k in kinds:
        names = [n for n in truth if kind_of(n) == k]
        if names:
            out.append(f"| {k} | " + " | ".join(
                f"{sum(r.seconds.get(n, 0) for n in names) / len(names):.2f}" for r in timed) + " |")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-kind", type=int, default=2)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "ocr-eval")
    ap.add_argument("--skip", action="append", default=[],
                    help="reader to skip: ocrmypdf, latin, noprep, png, bare (repeatable)")
    ap.add_argument("--json", type=Path, help="write all figures here")
    ap.add_argument("--worse-from", type=Path,
                    help="print only the pages worse than bare, from the --json of an earlier run")
    ap.add_argument("--set", type=Path,
                    help="read a set made by bench/scanlab (DIR with pages/ and set.pdf) instead of "
                         "generating bench/ocr_damage pages")
    args = ap.parse_args()
    if args.worse_from:
        saved = json.loads(args.worse_from.read_text(encoding="utf-8"))
        print(worse_than_bare({k: v["texts"] for k, v in saved["runs"].items()}, saved["truth"],
                              saved.get("clean")))
        return 0

    work = args.out
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    kinds: Sequence[str] = KINDS
    if args.set:
        pngs, pdf, kinds = load_scanlab(args.set)
    else:
        pngs = write_eval_set(work / "pages", args.per_kind, args.seed)
        pdf = work / "eval.pdf"
        build_pdf(pngs, pdf)
    names = [p.stem for p in pngs]
    truth = {p.stem: p.with_suffix(".txt").read_text(encoding="utf-8") for p in pngs}
    exe = None if "ocrmypdf" in args.skip else ensure_ocrmypdf()
    print(f"{len(pngs)} pages in {pdf}", file=sys.stderr)

    runs: list[Run] = []
    runs.append(run_ours(pdf, names, "por", prepare=True))
    runs.append(run_corrected(runs[0], names))
    if "png" not in args.skip:
        runs.append(run_ours_png(pngs, "por", prepare=True))
    if "noprep" not in args.skip:
        runs.append(run_ours_png(pngs, "por", prepare=False))
    if "bare" not in args.skip:
        runs.append(run_bare(pngs, "por"))
    print("ours and bare done", file=sys.stderr)
    if exe is not None:
        runs.append(run_ocrmypdf(exe, pdf, names, work))
        print("ocrmypdf done", file=sys.stderr)
    else:
        runs.append(Run("ocrmypdf --deskew --clean", note="not installed: not measured"))
    if "latin" not in args.skip:
        runs.append(run_ours_png(pngs, "por+Latin", prepare=True))
        runs.append(run_bare(pngs, "por+Latin"))

    chosen = steps_per_page(pngs)
    report = table(runs, truth, kinds)
    print(report)
    print()
    print(per_kind_seconds(runs, truth, kinds))
    print()
    print(worse_than_bare({r.reader: r.texts for r in runs}, truth, PAGE_CLEAN if args.set else None))
    print()
    if not args.set:
        print(step_costs(pngs[0].parent))
    print()
    print("Preparation steps chosen per page, and their cost (prepare_page alone, one process):")
    for name, (steps, secs) in chosen.items():
        print(f"- {name}: {', '.join(steps) or '(none)'}  {secs * 1000:.0f} ms")
    if args.json:
        payload = {r.reader: {"texts": r.texts, "seconds": r.seconds, "wall": r.wall, "cpu": r.cpu,
                              "note": r.note}
                   for r in runs}
        saved = {"truth": truth, "runs": payload}
        if args.set:
            saved["clean"] = {name: PAGE_CLEAN[name] for name in names}
        args.json.write_text(json.dumps(saved, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
