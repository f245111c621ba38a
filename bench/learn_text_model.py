#!/usr/bin/env python3
"""Learn the decoder's text model: what each character costs in running legal text.

The decoder weighs a label reading against the line being plain text: a line that starts
'a pessoa' is cheap as text, 'a) pessoa' is not. The cost of a character as text is
-ln P(char) in the unit texts of a clean corpus (the 1988 Constitution's gold, whose texts
have their labels removed), add-one smoothed and capped at 8 nats (OCR text holds every mark now and then).

    python bench/learn_text_model.py [--gold ../shared/real/cf88.gold.json]

writes pipeline/data/text_chars.json.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", default=str(ROOT.parent / "shared" / "real" / "cf88.gold.json"))
    ap.add_argument("--out", default=str(ROOT / "pipeline" / "data" / "text_chars.json"))
    args = ap.parse_args()
    gold = json.loads(Path(args.gold).read_text(encoding="utf-8"))
    counts: Counter[str] = Counter()
    for unit in gold["units"]:
        counts.update(unit.get("text") or "")
    total = sum(counts.values()) + len(counts) + 1
    costs = {c: round(-math.log((n + 1) / total), 3) for c, n in sorted(counts.items())}
    unseen = round(-math.log(1 / total), 3)
    out = {
        "about": "cost (-ln P) of each character in running legal text; learned by "
                 "bench/learn_text_model.py from the unit texts of the 1988 Constitution's gold",
        "characters": sum(counts.values()),
        "unseen": unseen,
        "cap": 8.0,  # OCR text holds every mark now and then: no character costs more as text
        "costs": costs,
    }
    Path(args.out).write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(costs)} characters from {sum(counts.values())} ; unseen {unseen}")
    for c in " ae)-§º1I.:":
        print(repr(c), costs.get(c, unseen))


if __name__ == "__main__":
    main()
