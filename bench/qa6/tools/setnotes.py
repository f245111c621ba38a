#!/usr/bin/env python3
"""Replace the "notes" list of src/NNN.law's JSON head: setnotes.py NNN notes.json"""
import json, sys
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent
nid, nf = sys.argv[1], sys.argv[2]
p = ROOT / "src" / f"{nid}.law"
head, body = p.read_text(encoding="utf-8").split("\n---\n", 1)
cfg = json.loads(head)
cfg["notes"] = json.loads(Path(nf).read_text(encoding="utf-8"))
lines = ["{"]
items = list(cfg.items())
for k, (key, v) in enumerate(items):
    sep = "," if k < len(items) - 1 else ""
    if key == "notes":
        lines.append(' "notes": [')
        lines += ["  " + json.dumps(n, ensure_ascii=False) + ("," if j < len(v) - 1 else "")
                  for j, n in enumerate(v)]
        lines.append(" ]" + sep)
    elif key in ("layout", "degrade"):
        lines.append(f' "{key}": ' + json.dumps(v, ensure_ascii=False) + sep)
    else:
        lines.append(f' "{key}": ' + json.dumps(v, ensure_ascii=False) + sep)
lines.append("}")
p.write_text("\n".join(lines) + "\n---\n" + body, encoding="utf-8")
