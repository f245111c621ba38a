"""Load check: a manifest of many small text-layer PDFs; the flow process's memory must stay flat.

    .venv/bin/python bench/load.py [--docs 2000] [--checkpoints 200,2000] [--json OUT.json]

Generates ``--docs`` small born-digital laws (reportlab), then for each checkpoint N runs
``locleg run`` on the first N lines of the manifest in a child process (embedded Prefect, fresh
store and cache) and reports the child's peak RSS, seconds and documents per second. Flat
memory = the peak at 2,000 is about the peak at 200.
"""

from __future__ import annotations

import argparse
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

from corpus.sample.scanner import make_text_pdf  # noqa: E402

WORDS = ("município", "prefeito", "câmara", "orçamento", "receita", "tributo", "serviço", "público", "prazo",
         "multa", "licença", "obra", "zona", "urbana", "conselho", "secretaria", "educação", "saúde", "tarifa")

_CHILD = """
import json, resource, sys, time
t0 = time.perf_counter()
from locleg.cli import main
code = main(sys.argv[2:])
open(sys.argv[1], "w").write(json.dumps({"code": code, "wall": time.perf_counter() - t0,
    "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def make_corpus(root: Path, n: int, *, seed: int = 0) -> Path:
    rnd = random.Random(seed)
    pdfs = root / "pdf"
    pdfs.mkdir(parents=True, exist_ok=True)
    manifest = root / "manifest.jsonl"
    with manifest.open("w", encoding="utf-8") as mf:
        for i in range(n):
            lines = [f"LEI Nº {i + 1}, DE 10 DE ABRIL DE 2005", ""]
            for art in range(1, rnd.randint(3, 8)):
                lines.append(f"Art. {art}º " + " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(6, 14))) + ".")
            lines.append("Esta Lei entra em vigor na data de sua publicação.")
            name = f"lei-{i:05d}.pdf"
            make_text_pdf(pdfs / name, [lines])
            mf.write(json.dumps({"source": f"pdf/{name}", "uf": "MG", "municipio": f"Cidade {i % 50}",
                                 "tipo": "Lei", "numero": str(i + 1), "ano": 2005}) + "\n")
    return manifest


def run(manifest: Path, n: int, work: Path) -> dict:
    head = work / f"manifest-{n}.jsonl"
    with manifest.open(encoding="utf-8") as src:
        head.write_text("".join(line for _, line in zip(range(n), src, strict=False)), encoding="utf-8")
    # the head manifest sits beside the PDFs' parent so relative sources still resolve
    head = head.rename(manifest.parent / head.name)
    report, summary = work / f"child-{n}.json", work / f"summary-{n}.json"
    cmd = [sys.executable, "-c", _CHILD, str(report), "run", str(head), "--out", str(work / f"out-{n}"),
           "--cache", str(work / f"cache-{n}"), "--summary-json", str(summary), "--no-progress"]
    started = time.perf_counter()
    with (work / f"child-{n}.log").open("wb") as log:
        subprocess.run(cmd, check=True, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    child = json.loads(report.read_text())
    s = json.loads(summary.read_text())
    return {"documents": s["documents"], "by_status": s["by_status"], "flow_seconds": s["seconds"],
            "wall_seconds": round(time.perf_counter() - started, 1), "peak_rss_mb": round(child["maxrss_mb"], 1),
            "documents_per_s": round(s["documents"] / s["seconds"], 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--checkpoints", default="200,2000")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--keep", type=Path)
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="locleg-load-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"generating {args.docs} text-layer PDFs in {work}...", file=sys.stderr)
    manifest = make_corpus(work / "corpus", args.docs)
    figures: dict = {"cpu_count": os.cpu_count(), "runs": {}}
    for n in (int(x) for x in args.checkpoints.split(",")):
        print(f"locleg run on {n} documents...", file=sys.stderr)
        figures["runs"][str(n)] = run(manifest, min(n, args.docs), work)
        print(json.dumps(figures["runs"][str(n)]), file=sys.stderr)
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
