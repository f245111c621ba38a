"""The text model: what a run of characters costs as running legal text (-ln P per character).

Learned by ``bench/learn_text_model.py``; the decoder weighs a label reading against it, so a
short label ('a)') needs its ')' where running text ('a pessoa') has none.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def _costs() -> tuple[dict[str, float], float]:
    data = json.loads(resources.files("pipeline.data").joinpath("text_chars.json").read_text(encoding="utf-8"))
    cap = float(data.get("cap", data["unseen"]))
    return {c: min(float(v), cap) for c, v in data["costs"].items()}, min(float(data["unseen"]), cap)


def text_cost(text: str) -> float:
    """-ln P(text) as running text, one character at a time."""
    costs, unseen = _costs()
    return sum(costs.get(c, unseen) for c in text)
