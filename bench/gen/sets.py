"""An evaluation set is data: bench/sets/<name>.json.

Five kinds, one builder:
- hand-written: {"name", "dir", "books": "src", "laws": ["501", ...], "mode"} - the books are
  `<dir>/src/NNN.law` files (each with its own seed in its head);
- drawn: {"name", "dir", "seed", "n", "knobs": {...}, "mode"} - the books come from
  `draw.draw_set(seed, n, knobs)` and are written to `<dir>/src/NNN.law` as well, so a drawn
  case can be looked at and rebuilt like a hand-written one.
- simulated text: {"name", "dir", "renderer": "textsim", "laws": [...]} - bench/qa and bench/qa3:
  `<dir>/src/NNN.law` in the older @-directive markup, printed straight to OCR-like text by
  textsim.py (no page images).
- spec-written text: {"name", "dir", "renderer": "lawkit"} - bench/synthetic, whose 48 laws are
  Python specs in its make_corpus.py (lawkit.py wraps and paginates them);
- amending laws: {"name", "dir", "generator": "bench.amend", "seed", "n", "scans",
  "federal_every"} - issue 12's sets, drawn by bench/amend (its own recipes and printer; scans
  through this package's typesetter and scanner).
Common keys: "style" ('flat' or 'seeds', see book.SetDirs), "mode" (book.MODES), "pdf" (also
write the scanned pages as a PDF), "keep_png" (false: delete the page images once read),
"tesseract" ({"lang", "psm"}). A relative "dir" is relative
to the repository root.
"""
import json
from pathlib import Path

from bench.gen.book import SetDirs, build_case
from bench.gen.draw import draw_set
from bench.gen.source import dump_book, parse_book

ROOT = Path(__file__).resolve().parents[2]
SETS = ROOT / "bench" / "sets"


def load_set(ref: str | Path) -> dict:
    """A set config by name ('qa6') or path; 'dir' made absolute."""
    p = Path(ref)
    if not p.suffix:
        p = SETS / f"{ref}.json"
    spec = json.loads(p.read_text(encoding="utf-8"))
    d = Path(spec["dir"])
    spec["dir"] = str(d if d.is_absolute() else ROOT / d)
    return spec


def set_dirs(spec: dict) -> SetDirs:
    return SetDirs(Path(spec["dir"]), spec.get("style", "flat"))


def books(spec: dict) -> list:
    """The (cfg, laws) of every case of the set, in order."""
    if "seed" in spec:
        return draw_set(int(spec["seed"]), int(spec["n"]), spec.get("knobs"))
    src = Path(spec["dir"]) / spec.get("books", "src")
    return [parse_book((src / f"{nid}.law").read_text(encoding="utf-8")) for nid in spec["laws"]]


def used_seeds() -> set:
    """Seeds of the drawn sets committed in bench/sets (a fresh draw must avoid them)."""
    out = set()
    for p in SETS.glob("*.json"):
        spec = json.loads(p.read_text(encoding="utf-8"))
        if "seed" in spec:
            out.add(int(spec["seed"]))
    return out


def build_set(spec: dict, only: list | None = None, mode: str | None = None, log=print) -> list:
    """Build (or rebuild `only` some of) the cases of a set; one summary per case."""
    dirs = set_dirs(spec)
    tess = spec.get("tesseract", {})
    out = []
    if spec.get("generator") == "bench.amend":
        from bench.amend.__main__ import build

        return build(int(spec["seed"]), dirs.root, int(spec.get("n", 24)),
                     0 if mode == "text" else int(spec.get("scans", 11)), int(spec.get("federal_every", 3)), log)
    if spec.get("renderer") == "lawkit":
        from bench.synthetic.make_corpus import LAWS

        for make in LAWS:
            law = make()
            law.write(dirs.root)
            log(f"{law.stem} {len(law.units)} units {len(law.groupings)} groupings")
        return [{"id": p.name.split(".")[0], "mode": "lawkit"} for p in sorted(dirs.root.glob("*.gold.json"))]
    if spec.get("renderer") == "textsim":
        from bench.gen.textsim import render

        for nid in spec["laws"]:
            if only and nid not in only:
                continue
            gold, pages = render(str(dirs.root / spec.get("books", "src") / f"{nid}.law"), dirs.root)
            summary = {"id": nid, "mode": "textsim", "pages": pages, "units": len(gold["units"])}
            log(" ".join(f"{k}={v}" for k, v in summary.items()))
            out.append(summary)
        return out
    for cfg, laws in books(spec):
        if only and cfg["id"] not in only:
            continue
        if "seed" in spec:
            src = dirs.root / "src" / f"{cfg['id']}.law"
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_text(dump_book(cfg, laws), encoding="utf-8")
        summary = build_case(cfg, laws, dirs, mode or spec.get("mode", "ocr"),
                             pdf=spec.get("pdf", False), lang=tess.get("lang", "por"),
                             psm=tess.get("psm", 3), keep_png=spec.get("keep_png", True))
        log(" ".join(f"{k}={v}" for k, v in summary.items()))
        out.append(summary)
    if "seed" in spec:
        (dirs.root / "set.json").write_text(json.dumps(
            {k: v for k, v in spec.items() if k != "dir"}, ensure_ascii=False, indent=1) + "\n")
    return out
