"""Regenerate every evaluation set the generators make, text only, and checksum what they write.

    cp -r TREE /tmp/copy && cd /tmp/copy && PYTHONPATH=$PWD python bench/gen/fingerprint.py OUT

Run in a throw-away copy of the tree: the hand-written sets are rebuilt where they live
(bench/qa*, bench/synthetic), so their committed OCR text is overwritten. Drawn sets go to OUT.
What is checksummed (the generators' text, never page images, which differ run to run):
- qa, qa3 (gen/textsim): NNN.txt, .meta.json, .gold.json;
- synthetic (synthetic/make_corpus.py): the same;
- qa4, qa5, qa6, tune, report and every first-* set (gen/book): modes 'text' (noisy OCR-like text)
  and 'clean', each with its layout.txt (the typeset lines, what a scan would draw) and
  pages.json, plus the drawn books' src/NNN.law;
- amend-* (bench.amend, --scans 0): texts, golds, metas, set.json; and, for the laws it would
  scan, the typeset pages the scanner would draw (page images faked, so no rendering);
- scanlab (--seed 1 --pages N): each page's printed text and parameters (and the PNGs, which the
  generator keeps byte-identical for a seed).
Writes OUT/SHA256SUMS (one line a file) and prints one digest per set. Two trees give the same
outputs when their SHA256SUMS are the same.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path.cwd()


def _digest(files: list[Path], base: Path) -> tuple[str, list[str]]:
    rows = []
    for f in sorted(files):
        rows.append(f"{hashlib.sha256(f.read_bytes()).hexdigest()}  {f.relative_to(base)}")
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()[:16], rows


def _flat(d: Path) -> list[Path]:
    return [p for p in d.glob("*") if p.is_file() and p.name.split(".", 1)[-1] in ("txt", "meta.json", "gold.json")]


def main(out: Path, scanlab_pages: int = 14, only: set | None = None) -> None:
    from bench.gen.sets import build_set, load_set

    out.mkdir(parents=True, exist_ok=True)
    sums: list[str] = []
    report: dict = {}

    def record(name: str, files: list[Path], base: Path) -> None:
        dg, rows = _digest(files, base)
        report[name] = (dg, len(files))
        sums.extend(f"{r}  [{name}]" for r in rows)
        print(f"{name:<22} {len(files):>5} files  {dg}", flush=True)

    def want(name: str) -> bool:
        return only is None or any(name.startswith(o) for o in only)

    quiet = lambda *a, **k: None  # noqa: E731
    for name in ("qa", "qa3"):
        if not want(name):
            continue
        spec = load_set(name)
        build_set(spec, log=quiet)
        record(name, _flat(Path(spec["dir"])), ROOT)
    if want("synthetic"):
        subprocess.run([sys.executable, "bench/synthetic/make_corpus.py"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        record("synthetic", _flat(ROOT / "bench/synthetic"), ROOT)
    names = ["qa4", "qa5", "qa6", "tune", "report"] + sorted(
        p.stem for p in (ROOT / "bench/sets").glob("first-*.json"))
    for name in names:
        if not want(name):
            continue
        for mode in ("text", "clean"):
            spec = load_set(name)
            if "seed" in spec:
                spec["dir"] = str(out / "drawn" / name)
            build_set(spec, mode=mode, log=quiet)
            d = Path(spec["dir"])
            files = [p for p in d.rglob("*") if p.is_file() and p.suffix not in (".png", ".pdf")]
            record(f"{name}:{mode}", files, d)
    amend_seeds = sorted(json.loads(p.read_text())["seed"] for p in (ROOT / "bench/sets").glob("amend-*.json"))
    for seed in amend_seeds:
        if not want(f"amend-{seed}"):
            continue
        d = out / f"amend-{seed}"
        _amend(seed, d)
        record(f"amend-{seed}", [p for p in d.rglob("*") if p.is_file()], d)
    if want("scanlab"):
        from bench.scanlab.__main__ import build

        d = out / "scanlab"
        build(1, scanlab_pages, d, quiet=True)
        record("scanlab:text", [p for p in (d / "pages").glob("*") if p.suffix in (".txt", ".json")], d)
        record("scanlab:png", list((d / "pages").glob("*.png")), d)
    (out / "SHA256SUMS").write_text("\n".join(sums) + "\n")
    (out / "digests.json").write_text(json.dumps(report, indent=1) + "\n")


def _amend(seed: int, d: Path) -> None:
    """bench.amend without its scans, then the typeset pages of the laws it would scan."""
    import bench.amend.scan as amend_scan
    from bench.amend.__main__ import main as amend_main
    from bench.amend.__main__ import pick_scans
    from bench.amend.draw import draw_set

    spec = json.loads((ROOT / "bench/sets" / f"amend-{seed}.json").read_text())
    argv = ["--seed", str(seed), "--out", str(d), "--n", str(spec.get("n", 24)), "--scans", "0",
            "--federal-every", str(spec.get("federal_every", 3))]
    with contextlib.redirect_stdout(io.StringIO()):
        amend_main(argv)
    laws = draw_set(seed, spec.get("n", 24), spec.get("federal_every", 3))
    scans = pick_scans(laws, spec.get("scans", 11))

    class Drawn:  # a page image that keeps the lines it was asked to draw
        def __init__(self, plines: list, page_no: int):
            self.text = f"=== page {page_no}\n" + "\n".join(
                (" " * ln["col"] if ln["align"] == "left" else f"[{ln['align']}] ") + str(ln["text"]) for ln in plines)

        def save(self, path, save_all=False, append_images=(), resolution=0.0):
            Path(path).write_text("\n".join(x.text for x in [self, *append_images]) + "\n")

    class FakePage(amend_scan.Page):
        def render(self, plines, page_no, extras):
            return Drawn(plines, page_no)

    real_page, real_degrade = amend_scan.Page, amend_scan.degrade
    amend_scan.Page, amend_scan.degrade = FakePage, lambda img, deg, rng: img
    try:
        for law in laws:
            if law["id"] in scans:
                amend_scan.scan_law(law, d / "typeset" / f"{law['id']}.txt")
    finally:
        amend_scan.Page, amend_scan.degrade = real_page, real_degrade


if __name__ == "__main__":
    args = sys.argv[1:]
    only = {a[7:] for a in args if a.startswith("--only=")} or None
    main(Path([a for a in args if not a.startswith("--")][0]), only=only)
