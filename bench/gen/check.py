"""Look at what the scan and OCR did to each unit of a case (for the notes and READMEs).

For every gold unit: the text line where it most likely starts (label as printed) and the
similarity of the unit's gold text to the best matching span. Units whose label was not
recognisable or whose text similarity is low are flagged '!!'.
"""
import json
import re
import unicodedata
from difflib import SequenceMatcher


def norm(t):
    t = unicodedata.normalize("NFKD", t)
    t = "".join(c for c in t if not unicodedata.combining(c)).lower()
    t = re.sub(r"[^\w]+", " ", t)
    return re.sub(r"\s+", " ", t).strip()


def check_case(dirs, nid, show_all=False):
    """Print, per gold unit, the text line where it most likely starts and its best similarity."""
    gold = json.loads(dirs.gold(nid).read_text())
    txt = dirs.text(nid).read_text()
    lines = txt.replace("\f", "\n<FF>\n").split("\n")
    nl = [norm(ln) for ln in lines]
    # word stream with line index
    words, wline = [], []
    for i, ln in enumerate(nl):
        for w in ln.split():
            words.append(w)
            wline.append(i)
    out = []
    for u in gold["units"]:
        gw = norm(u["text"]).split()
        n = len(gw)
        if not n:
            continue
        target = " ".join(gw)
        best = (0, 0)
        head = " ".join(gw[:4])
        # candidate starts: positions whose first words resemble the head
        for s in range(0, max(1, len(words) - 1)):
            h = " ".join(words[s:s + 4])
            if SequenceMatcher(None, h, head).ratio() < 0.55:
                continue
            for ln in (n - 2, n, n + 3):
                cand = " ".join(words[s:s + max(1, ln)])
                r = SequenceMatcher(None, cand, target, autojunk=False).ratio()
                if r > best[0]:
                    best = (r, s)
        r, s = best
        li = wline[s] if words else 0
        printed = lines[li].strip() if r > 0 else "?"
        flag = "  " if r >= 0.85 else "!!"
        out.append((flag, u["id"], round(r, 2), printed[:70]))
    for f, i, r, p in out:
        if show_all or f == "!!":
            print(f"{f} {i:24s} {r:5.2f}  {p}")
    rs = [o[2] for o in out]
    print(f"{nid}: {len(rs)} units, mean best-span similarity {sum(rs)/len(rs):.3f}, "
          f"<0.85: {sum(r < 0.85 for r in rs)}, <0.6: {sum(r < 0.6 for r in rs)}; "
          f"form feeds {txt.count(chr(12))}; lines {len(lines)}")
