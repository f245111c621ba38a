"""Measure the pipeline on laws nobody has seen: draw a new set, run `locleg` on it, score it.

Usage: python bench/fresh.py [--seed N] [--n 10] [--out DIR] [--text-only] [--knobs JSON]
                             [--jobs 2] [--reuse-seed]
- draws n invented laws with bench/gen from a seed never used before (not a seed of a set in
  bench/sets, not one in the ledger DIR/../used_seeds.txt; without --seed a random one), into
  DIR (default /work/data/fresh/seed-N: seeds/NNN.txt + NNN.meta.json, gold/NNN.json, src/);
- full mode: the pages are drawn, damaged and written as pdf/NNN.pdf, and the pipeline runs as
  a user runs it: `locleg ingest pdf/NNN.pdf --meta seeds/NNN.meta.json -o out/NNN.json`
  (its own Tesseract);
- --text-only: no images; OCR-like noisy text (bench/gen/noise.py) goes through
  `locleg structure seeds/NNN.txt --meta ...` (fast);
- scores each output with ../shared/tools/score.py and prints one line per law and the means
  (unit_f1, art_f1 and the other figures); writes DIR/scores.json.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import secrets
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.gen.sets import build_set, set_dirs, used_seeds  # noqa: E402
from bench.gen.validate import find_shared  # noqa: E402

NUMERIC = ("unit_f1", "unit_p", "unit_r", "art_f1", "text_mean", "text_ge90", "group_f1")
FRESH = Path("/work/data/fresh")


def load_scorer():
    spec = importlib.util.spec_from_file_location("score", find_shared() / "tools" / "score.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def ledger_seeds(ledger: Path) -> set[int]:
    if not ledger.exists():
        return set()
    return {int(x) for x in ledger.read_text().split() if x.strip().isdigit()}


def pick_seed(seed: int | None, taken: set[int], reuse: bool) -> int:
    """The given seed if never used (or --reuse-seed), else a fresh random one."""
    if seed is not None:
        if seed in taken and not reuse:
            raise SystemExit(f"seed {seed} was used before (bench/sets or the ledger); "
                             f"pick another or pass --reuse-seed")
        return seed
    while True:
        s = 1000 + secrets.randbelow(10**9)
        if s not in taken:
            return s


def run_locleg(args: list[str]) -> tuple[int, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "locleg", *args], cwd=ROOT, env=env,
                       capture_output=True, text=True)
    return r.returncode, r.stderr[-400:]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--text-only", action="store_true", help="noisy text, no rendering or OCR")
    ap.add_argument("--knobs", default="{}", help="JSON overrides of bench/gen/draw.py KNOBS")
    ap.add_argument("--jobs", type=int, default=2, help="locleg processes at a time")
    ap.add_argument("--reuse-seed", action="store_true")
    ap.add_argument("--ledger", type=Path, default=FRESH / "used_seeds.txt")
    a = ap.parse_args()
    seed = pick_seed(a.seed, used_seeds() | ledger_seeds(a.ledger), a.reuse_seed)
    out = a.out or FRESH / f"seed-{seed}"
    spec = {"name": f"fresh-{seed}", "dir": str(out.resolve()), "style": "seeds", "seed": seed,
            "n": a.n, "knobs": json.loads(a.knobs), "mode": "text" if a.text_only else "images",
            "pdf": not a.text_only, "keep_png": False}
    t0 = time.perf_counter()
    build_set(spec, log=lambda *x: None)
    a.ledger.parent.mkdir(parents=True, exist_ok=True)
    with a.ledger.open("a") as f:
        f.write(f"{seed}\n")
    dirs = set_dirs(spec)
    print(f"drew {a.n} laws from seed {seed} into {out} ({time.perf_counter() - t0:.0f}s, "
          f"{'text-only' if a.text_only else 'PDF scans'})")
    (out / "out").mkdir(exist_ok=True)

    def run(stem: str) -> tuple[str, int, str]:
        meta = ["--meta", str(dirs.meta(stem)), "-o", str(out / "out" / f"{stem}.json")]
        if a.text_only:
            return (stem, *run_locleg(["structure", str(dirs.text(stem)), *meta]))
        return (stem, *run_locleg(["ingest", str(dirs.pdf(stem)), *meta]))

    with ThreadPoolExecutor(max(1, a.jobs)) as pool:
        runs = list(pool.map(run, dirs.stems()))
    score = load_scorer()
    rows = {}
    for stem, rc, err in runs:
        path = out / "out" / f"{stem}.json"
        gold = json.loads(dirs.gold(stem).read_text(encoding="utf-8"))
        if rc != 0 or not path.exists():
            print(f"{stem}: locleg failed (exit {rc}): {err.strip().splitlines()[-1:] }")
            rows[stem] = {k: 0.0 for k in NUMERIC}
            continue
        figures = score.score(json.loads(path.read_text(encoding="utf-8")), gold)
        rows[stem] = figures
        print(f"{stem}: " + " ".join(f"{k}={v}" for k, v in figures.items()))
    means = {k: round(sum(float(r[k]) for r in rows.values()) / max(1, len(rows)), 4) for k in NUMERIC}
    print(f"MEAN over {len(rows)} laws (seed {seed}): " + " ".join(f"{k}={v}" for k, v in means.items()))
    (out / "scores.json").write_text(json.dumps({"seed": seed, "mode": spec["mode"], "laws": rows,
                                                  "mean": means}, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
