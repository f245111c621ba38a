"""Speed of ``pipeline.reading.channel.prefix_cost``: microseconds per call.

Labels of 8-12 characters against 16-character OCR line prefixes, as the decoder asks them:
every expected label of a law against every line start. Three figures:

- cold: every (label, line) pair new (caches cleared before each pass) — the DP itself;
- decoder-like: each line asked about a dozen candidate labels, many pairs asked again by
  different decoder states (the caches' effect on a real workload);
- exact: lines that start with the label (the ``startswith`` shortcut).

Run::

    PYTHONPATH=$PWD .venv/bin/python bench/channel_speed.py
"""

from __future__ import annotations

import argparse
import random
import time

from pipeline.reading import channel
from pipeline.reading.channel import default_model, prefix_cost

_LABELS = [f"Art. {n}º -" for n in range(1, 10)] + [f"ARTIGO {n}º" for n in range(1, 10)] + \
    [f"Art. {n}. -" for n in range(10, 200)] + [f"§ {n}º -" for n in range(1, 10)] + \
    [f"{r} - " for r in ("VIII", "XIII", "XVIII", "XXIII", "XXVIII", "XXXVII")] + \
    ["Parágrafo único", "PARÁGRAFO ÚNICO", "CAPÍTULO XII", "SEÇÃO VIII -", "TÍTULO III -"]
_LABELS = [x for x in _LABELS if 8 <= len(x) <= 12] or _LABELS

_NOISE = "ARTI60 102:- Fica o Poder Executivo autorizado. ‘8 1º Compete HI - ll)"


def _lines(rng: random.Random, n: int) -> list[str]:
    """OCR-like lines: a label with a few misreadings, or prose, cut to 16 characters."""
    swaps = {"º": "2", "1": "l", "§": "8", "I": "l", "r": "n", "t": "l", " ": "", ".": ","}
    out = []
    for _ in range(n):
        if rng.random() < 0.6:
            text = rng.choice(_LABELS) + " Fica o Poder"
            text = "".join(swaps.get(c, c) if rng.random() < 0.15 else c for c in text)
            if rng.random() < 0.2:
                text = rng.choice((". ", "' ", ", ")) + text
        else:
            k = rng.randint(0, len(_NOISE) - 20)
            text = _NOISE[k:k + 20]
        out.append(text[:16])
    return out


def _clear() -> None:
    channel._align.cache_clear()
    channel._observed_costs.cache_clear()
    channel._label.cache_clear()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--pairs", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    model = default_model()
    lines = _lines(rng, args.pairs)
    labels = [rng.choice(_LABELS) for _ in range(args.pairs)]
    non_exact = [(e, o) for e, o in zip(labels, lines, strict=True) if not o.startswith(e)]

    _clear()
    t = time.perf_counter()
    for e, o in non_exact:
        prefix_cost(e, o, model=model)
    cold = (time.perf_counter() - t) / len(non_exact) * 1e6

    # decoder-like: 300 lines, each asked about 12 labels near the expected one, by 10 states
    _clear()
    law = _lines(rng, 300)
    calls = 0
    t = time.perf_counter()
    for _state in range(10):
        for k, o in enumerate(law):
            base = k % (len(_LABELS) - 12)
            for e in _LABELS[base:base + 12]:
                prefix_cost(e, o, model=model)
                calls += 1
    decoder = (time.perf_counter() - t) / calls * 1e6

    exact = [(e, e + " Fica") for e in labels[:5000]]
    t = time.perf_counter()
    for e, o in exact:
        prefix_cost(e, o, model=model)
    fast = (time.perf_counter() - t) / len(exact) * 1e6

    mean_len = sum(len(e) for e, _ in non_exact) / len(non_exact)
    print(f"model: {model.name}; labels {mean_len:.1f} characters on average, lines cut to 16")
    print(f"cold (every pair new, {len(non_exact)} calls): {cold:7.1f} us/call")
    print(f"decoder-like ({calls} calls, 300 lines x 12 labels x 10 states): {decoder:7.1f} us/call")
    print(f"exact prefix ({len(exact)} calls): {fast:7.2f} us/call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
