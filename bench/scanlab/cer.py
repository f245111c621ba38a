"""Bare-Tesseract readability check of a scanlab set.

python -m bench.scanlab.cer DIR [--jobs 2] [--lang por]

CER = Levenshtein(ocr, truth) / len(truth), both whitespace-normalised
(all runs of whitespace -> one space).  No image preparation at all: this is
what Tesseract makes of the page as the scanner delivered it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rapidfuzz.distance import Levenshtein


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def ocr(png: Path, lang: str) -> str:
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    r = subprocess.run(["tesseract", str(png), "stdout", "-l", lang], capture_output=True, env=env, check=False)
    return r.stdout.decode("utf-8", "replace")


def cer(hyp: str, ref: str) -> float:
    h, r = norm(hyp), norm(ref)
    return Levenshtein.distance(h, r) / max(1, len(r))


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", type=Path)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--lang", default="por")
    ap.add_argument("--json", type=Path, help="write per-page results here")
    a = ap.parse_args(argv)
    man = json.loads((a.dir / "manifest.json").read_text(encoding="utf-8"))["pages"]

    def run(m):
        hyp = ocr(a.dir / m["image"], a.lang)
        ref = (a.dir / m["truth"]).read_text(encoding="utf-8")
        return m, cer(hyp, ref)

    rows = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for m, c in ex.map(run, man):
            p = m["params"]
            tag = []
            if p.get("rotation"):
                tag.append(f"rot{p['rotation']}")
            if p.get("jpeg_quality"):
                tag.append(f"jpeg{p['jpeg_quality']}")
            if p.get("generations"):
                tag.append(f"gen{p['generations']}")
            rows.append(dict(page=m["page"], profile=m["profile"], dpi=p["dpi"][0], mode=p["mode"],
                             document=p.get("document"), cer=round(c, 4), tags=tag))
            print(f"{m['page']} {m['profile']:<10} {p['dpi'][0]:>3} {p['mode']} {c * 100:6.1f}% {' '.join(tag)}",
                  file=sys.stderr)
    by = defaultdict(list)
    for r in rows:
        by[r["profile"]].append(r["cer"])
    print("| profile | pages | median CER | mean CER | min | max | pages (CER %) |")
    print("|---|---|---|---|---|---|---|")
    for prof in sorted(by):
        v = sorted(by[prof])
        med = v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2
        per = ", ".join(f"{r['cer'] * 100:.1f}{'*' if r['tags'] else ''}" for r in rows if r["profile"] == prof)
        print(f"| {prof} | {len(v)} | {med * 100:.1f}% | {sum(v) / len(v) * 100:.1f}% | {v[0] * 100:.1f}% | "
              f"{v[-1] * 100:.1f}% | {per} |")
    allv = sorted(r["cer"] for r in rows)
    print(f"| all | {len(allv)} | {allv[len(allv) // 2] * 100:.1f}% | {sum(allv) / len(allv) * 100:.1f}% | "
          f"{allv[0] * 100:.1f}% | {allv[-1] * 100:.1f}% | |")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
