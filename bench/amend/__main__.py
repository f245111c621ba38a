"""python -m bench.amend --seed N --out DIR [--n 24] [--scans 11] [--federal-every 3]

Writes DIR/NNN.txt (the law as OCR'd text, pages split by form feeds), DIR/NNN.meta.json (the
upstream record), DIR/NNN.gold.json (gold/FORMAT.md plus `alteracoes`), DIR/pdf/NNN.pdf for the
scanned subset (every municipal law first, then federal ones, up to --scans), and DIR/set.json
(what was drawn: per law its style, recipes, features, blocks, and whether it is scanned).
The same seed writes the same files.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench.amend.draw import draw_set
from bench.amend.gold import build_gold
from bench.amend.render import count_blocks, text_pages
from bench.gen.book import SetDirs, write_case


def pick_scans(laws: list, n: int) -> list:
    """Municipal laws first (the typewritten scans the issue is about), then a few federal."""
    mun = [x["id"] for x in laws if x["style"] == "municipal"]
    fed = [x["id"] for x in laws if x["style"] == "federal"]
    n_fed = min(len(fed), max(2, n // 5))
    return sorted(mun[: n - n_fed] + fed[:n_fed])


def build(seed: int, out: Path, n: int = 24, scans: int = 11, federal_every: int = 3, log=print) -> list:
    """Write the set (see the module's docstring); one summary row per law."""
    laws = draw_set(seed, n, federal_every)
    scanned = pick_scans(laws, scans) if scans else []
    out.mkdir(parents=True, exist_ok=True)
    summary = []
    for law in laws:
        nid = law["id"]
        gold = build_gold(law)
        write_case(SetDirs(out), nid, law["meta"], gold, text_pages(law))
        pages = None
        if nid in scanned:
            from bench.amend.scan import scan_law  # late: Pillow and fonts only when scanning

            pages = scan_law(law, out / "pdf" / f"{nid}.pdf")
        row = {"id": nid, "style": law["style"], "recipes": law["recipes"], "features": law["features"],
               "units": len(gold["units"]), "alteracoes": count_blocks(law),
               "quoted": sum(len(x["units"]) for x in gold["alteracoes"]), "scanned": pages}
        summary.append(row)
        log(" ".join(f"{k}={v}" for k, v in row.items()))
    (out / "set.json").write_text(json.dumps({"seed": seed, "n": n, "scans": scanned,
                                              "federal_every": federal_every, "laws": summary},
                                             ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return summary


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.amend", description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--n", type=int, default=24)
    ap.add_argument("--scans", type=int, default=11, help="how many laws to scan (0: none)")
    ap.add_argument("--federal-every", type=int, default=3)
    a = ap.parse_args(argv)
    build(a.seed, a.out, a.n, a.scans, a.federal_every, log=lambda line: print(line, flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
