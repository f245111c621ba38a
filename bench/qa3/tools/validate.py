#!/usr/bin/env python3
"""Consistency checks for the bench/qa3 gold files (independent of the renderer)."""
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEYS = ["source", "norm", "groupings", "units", "closing", "excluded_neighbors", "notes"]
NORM = ["tipo", "numero", "ano", "data", "municipio", "uf", "ementa"]
ROM = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def rom(s):
    t = p = 0
    for ch in reversed(s):
        v = ROM[ch]
        t = t - v if v < p else t + v
        p = max(p, v)
    return t


def seg_for(u):
    n, t = u["number"], u["type"]
    base, _, suf = n.partition("-")
    sfx = f"-{ord(suf) - 64}" if suf else ""
    if t == "artigo":
        return "art1u" if n == "único" else f"art{int(base)}{sfx}"
    if t == "paragrafo":
        return "par1u" if n == "único" else f"par{int(base)}{sfx}"
    if t == "inciso":
        return f"inc{rom(base)}{sfx}"
    if t == "alinea":
        return f"ali{ord(base) - 96}"
    if t == "item":
        return f"ite{int(base)}"
    raise ValueError(t)


def artkey(n):
    if n == "único":
        return (1, 0)
    b, _, s = n.partition("-")
    return (int(b), ord(s) - 64 if s else 0)


def check(path):
    errs = []
    g = json.loads(path.read_text(encoding="utf-8"))
    stem = path.name.split(".")[0]
    meta = json.loads((path.parent / f"{stem}.meta.json").read_text(encoding="utf-8"))
    txt = (path.parent / f"{stem}.txt").read_text(encoding="utf-8")
    txt_j = re.sub(r"(=-|--|-)\n", "", txt)
    txt_n = txt.replace("\n", "")
    # words broken by a hyphen across noise lines (page breaks: footer + letterhead in between)
    lines = txt.split("\n")
    broken = []
    for i, ln in enumerate(lines):
        m = re.search(r"(\w+)(=-|--|-)$", ln.strip())
        if m:
            for nxt in lines[i + 1:i + 9]:
                w = nxt.strip().split(" ")[0] if nxt.strip() else ""
                if w:
                    broken.append(m.group(1) + re.sub(r"\W+$", "", w))
    broken_s = " ".join(broken)
    if list(g.keys()) != KEYS:
        errs.append(f"keys {list(g.keys())}")
    for k in NORM:
        if k not in g["norm"]:
            errs.append(f"norm lacks {k}")
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", g["norm"].get("data", "")):
        errs.append("norm.data not ISO")
    if not isinstance(g["norm"].get("ano"), int):
        errs.append("norm.ano not int")
    ids = [u["id"] for u in g["units"]]
    if len(ids) != len(set(ids)):
        errs.append("duplicate ids")
    seen = set()
    arts = []
    for u in g["units"]:
        i = u["id"]
        if not re.match(r"^art\d+(-\d+|u)?(_(cpt|par\d+(-\d+)?|par1u))?(_inc\d+(-\d+)?)?(_ali\d+)?(_ite\d+)?$", i):
            errs.append(f"bad id {i}")
        if not i.endswith(seg_for(u)):
            errs.append(f"id/number mismatch {i} {u['type']} {u['number']}")
        if u["type"] == "artigo":
            arts.append(u["number"])
        else:
            parent = i.rsplit("_", 1)[0].replace("_cpt", "")
            if parent not in seen:
                errs.append(f"parent of {i} not seen before (ok only across a missing page)")
        seen.add(i.replace("_cpt", ""))
        t = u["text"]
        if not t or "\n" in t or "  " in t or t != t.strip():
            errs.append(f"text whitespace {i}")
        if re.match(r"^(Art|ART|§|\$|Par[áa]grafo|[IVX]+ [-–)]|[a-z]\))", t):
            errs.append(f"label left in text? {i}: {t[:30]}")
        words = re.findall(r"\w{4,}", t)
        miss = [w for w in words if w not in txt and w not in txt_j and w not in txt_n
                and w not in broken_s]
        if words and len(miss) / len(words) > 0.1:
            errs.append(f"text words not in OCR {i}: {miss[:5]}")
    if [artkey(a) for a in arts] != sorted(artkey(a) for a in arts):
        errs.append(f"articles not in order {arts}")
    for gr in g["groupings"]:
        if gr["first_article"] not in arts:
            errs.append(f"grouping {gr['id']} first_article {gr['first_article']} not an article")
    abbr = {"parte": "prt", "livro": "liv", "titulo": "tit", "capitulo": "cap", "secao": "sec",
            "subsecao": "sub"}
    prev_first = None
    for gr in g["groupings"]:
        last = gr["id"].split("_")[-1]
        if not re.match(r"^(prt|liv|tit|cap|sec|sub)(\d+|1u)$", last) or \
                not last.startswith(abbr.get(gr["type"], "?")):
            errs.append(f"grouping id/type mismatch {gr['id']} {gr['type']}")
        elif last[3:] != "1u" and int(last[3:]) != rom(gr["number"]):
            errs.append(f"grouping id/number mismatch {gr['id']} {gr['number']}")
        for k in ("id", "type", "label", "number", "title", "first_article"):
            if not gr.get(k):
                errs.append(f"grouping {gr.get('id')} lacks {k}")
        if gr["first_article"] in arts:
            pos = arts.index(gr["first_article"])
            if prev_first is not None and pos < prev_first:
                errs.append(f"grouping {gr['id']} first_article out of order")
            prev_first = pos
    if not g["notes"]:
        errs.append("no notes")
    if g["source"] != f"{stem}.txt":
        errs.append("source name")
    gids = [gr["id"] for gr in g["groupings"]]
    if len(gids) != len(set(gids)):
        errs.append("duplicate grouping ids")
    for s in g["closing"]["signatories"]:
        if s["name"] not in txt:
            errs.append(f"signatory {s['name']} not in OCR")
    for k in ("municipio", "uf", "tipo", "numero", "ano"):
        if k not in meta:
            pass
    return g, errs


def main():
    files = sorted(ROOT.glob("2*.gold.json"))
    bad = 0
    for f in files:
        g, errs = check(f)
        n = len(g["units"])
        na = sum(u["type"] == "artigo" for u in g["units"])
        types = {}
        for u in g["units"]:
            types[u["type"]] = types.get(u["type"], 0) + 1
        print(f"{f.name}: {na} artigos, {n} units {types}, {len(g['groupings'])} groupings, "
              f"{len(g['closing']['signatories'])} signatories, {len(errs)} issues")
        for e in errs:
            print("   -", e)
        bad += bool([e for e in errs if "missing page" not in e])
    return 0


if __name__ == "__main__":
    sys.exit(main())
