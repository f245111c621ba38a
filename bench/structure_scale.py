"""Structuring cost against input size (issue 16): wall time and peak memory of `locleg structure`.

Two inputs the script writes itself, each at three sizes so the growth curve shows:
- pages: N short form-feed separated pages, a law's head on the first, then on each a running
  header, one article and a folio;
- lines: one page (no form feed) of N article lines, numbered 1 to N (labels past 9999 are no
  article numbers: their lines are text);
- same: one page of N article lines all printed 'Art. 1º' (the issue's hostile case; the
  copies are read as pages scanned twice and dropped).
- caps: one page of N distinct lines in capitals (words drawn at random: a law typed in capitals
  whose every line is a furniture candidate, none like another);
- near: one page of N nearly identical lines in capitals (a letterhead and a number: every line
  is like every other, all are furniture).
Each size runs `locleg structure` in its own child process; the peak RSS is that child's
(``os.wait4``). The issue's bar: 20,000 pages and 100,000 lines each under 60 s and 1.5 GB.

Usage: python bench/structure_scale.py [--pages 1000,5000,20000] [--lines 10000,50000,100000]
       [--same 10000,100000] [--caps 5000,20000] [--near 5000,20000] [--timeout 300] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEAD = "LEI Nº 1.234, DE 5 DE MARÇO DE 1990.\nDispõe sobre o teste de escala.\n"
LIMIT_SECONDS, LIMIT_MB = 60.0, 1536.0


def pages_text(n: int) -> str:
    """A law's head, then ``n`` short pages: a running header, one article, a folio."""
    return HEAD + "".join(f"\fPREFEITURA MUNICIPAL DE TESTE\nArt. {k}º Fica instituído o teste "
                          f"número {k},\nconforme o anexo {k}.\n{k + 1}\n" for k in range(1, n + 1))


def lines_text(n: int) -> str:
    """A law's head, then ``n`` article lines numbered 1 to ``n``, on one page."""
    return HEAD + "".join(f"Art. {k}º Fica instituído o teste número {k}.\n" for k in range(1, n + 1))


def same_text(n: int) -> str:
    """A law's head, then ``n`` article lines all printed 'Art. 1º', on one page."""
    return HEAD + "".join(f"Art. 1º Fica instituído o teste número {k}.\n" for k in range(1, n + 1))


_SYLLABLES = ("BA", "CE", "DI", "FO", "GU", "LA", "ME", "NI", "PO", "RU", "SA", "TE", "VI", "ZO", "CAO",
              "MEN", "TRA", "DOS", "RES", "PRO", "LHO", "NHA", "QUI", "SEM")


def caps_lines(n: int, *, seed: int = 16) -> list[str]:
    """``n`` distinct lines in capitals, three to six made-up words each (no two alike)."""
    rng = random.Random(seed)
    words = list(dict.fromkeys("".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4)))
                               for _ in range(4000)))
    out: dict[str, None] = {}
    while len(out) < n:
        out[" ".join(rng.choice(words) for _ in range(rng.randint(3, 6)))] = None
    return list(out)


def near_lines(n: int) -> list[str]:
    """``n`` nearly identical lines in capitals: one letterhead, a different number on each."""
    return [f"PREFEITURA MUNICIPAL DE VILA NOVA - FOLHA {k}" for k in range(1, n + 1)]


def caps_text(n: int) -> str:
    """A law's head, then ``n`` distinct lines in capitals, on one page."""
    return HEAD + "".join(f"{line}\n" for line in caps_lines(n))


def near_text(n: int) -> str:
    """A law's head, then ``n`` nearly identical lines in capitals, on one page."""
    return HEAD + "".join(f"{line}\n" for line in near_lines(n))


def run_structure(path: Path, timeout: float) -> tuple[float, float, float, str]:
    """Seconds, CPU seconds (user + system: what the run costs whatever else the machine does),
    peak RSS in MB and an outcome ('ok', 'exit N', 'timeout') of one run."""
    cmd = [sys.executable, "-m", "locleg", "structure", str(path), "-o", os.devnull]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = t0 + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pid, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = -9
            return time.perf_counter() - t0, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, "timeout"
        time.sleep(0.05)
    seconds = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    if code != 0 and proc.stderr is not None:
        sys.stderr.write(proc.stderr.read().decode(errors="replace")[-2000:])
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, "ok" if code == 0 else f"exit {code}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default="1000,5000,20000")
    parser.add_argument("--lines", default="10000,50000,100000")
    parser.add_argument("--same", default="10000,100000")
    parser.add_argument("--caps", default="5000,20000")
    parser.add_argument("--near", default="5000,20000")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--keep", type=Path, help="write the inputs here (default: a temp dir)")
    args = parser.parse_args()
    cases = [("pages", pages_text, int(n)) for n in args.pages.split(",") if n] + [
        ("lines", lines_text, int(n)) for n in args.lines.split(",") if n] + [
        ("same", same_text, int(n)) for n in args.same.split(",") if n] + [
        ("caps", caps_text, int(n)) for n in args.caps.split(",") if n] + [
        ("near", near_text, int(n)) for n in args.near.split(",") if n]
    failed = False
    with tempfile.TemporaryDirectory(prefix="locleg-scale-") as tmp:
        where = args.keep or Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        print(f"{'input':<8}{'size':>8}{'MB in':>8}{'seconds':>10}{'CPU s':>8}{'peak MB':>10}  outcome")
        for kind, make, n in cases:
            path = where / f"{kind}-{n}.txt"
            path.write_text(make(n), encoding="utf-8")
            seconds, cpu, peak, outcome = run_structure(path, args.timeout)
            size_mb = path.stat().st_size / 1e6
            over = outcome != "ok" or seconds > LIMIT_SECONDS or peak > LIMIT_MB
            failed |= over and n >= (100000 if kind in ("lines", "same") else 20000)  # the bar
            print(f"{kind:<8}{n:>8}{size_mb:>8.1f}{seconds:>10.1f}{cpu:>8.1f}{peak:>10.0f}  {outcome}"
                  f"{'  OVER 60 s / 1.5 GB' if over else ''}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
