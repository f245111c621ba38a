"""Consistency checks of a set's gold files (FORMAT.md), and a perfect self-score.

Checks keys, norm fields, id syntax against type and number, unique ids, parents before
children, article order, grouping ids / first_article, signatories present in the text
(fuzzily; a warning), and that the gold turned into a pipeline-style output scores perfectly
with ../shared/tools/score.py.
"""
import json
import re
import subprocess
import sys
import tempfile
from difflib import SequenceMatcher
from pathlib import Path

from bench.gen.source import id_segment
from models.units import LEXML_PREFIX
from pipeline.reading.numerals import roman_to_int


def find_shared() -> Path:
    """The shared inputs (seeds, gold, tools/score.py): the nearest ancestor's shared/."""
    for p in Path(__file__).resolve().parents:
        if (p / "shared" / "tools" / "score.py").exists():
            return p / "shared"
    raise FileNotFoundError("no shared/tools/score.py above " + __file__)


SCORE = find_shared() / "tools" / "score.py"
KEYS = ["source", "norm", "groupings", "units", "closing", "excluded_neighbors", "notes"]
NORM = ["tipo", "numero", "ano", "data", "municipio", "uf", "ementa"]


def seg_for(u):
    """The last id segment a unit's type and number imply ('3-A' -> art3-1, 'único' -> par1u)."""
    return id_segment(u["type"], u["number"])


def artkey(n):
    if n == "único":
        return (1, 0)
    b, _, s = n.partition("-")
    return (int(b), ord(s) - 64 if s else 0)


def to_output(gold):
    """Gold -> a pipeline-style output (articulacao tree): groupings nested by id, articles
    under the deepest grouping open at that point, children under their parent id."""
    nodes = {}
    roots = []
    # groupings: nest by id prefix, attach articles to the deepest grouping open at that point
    gnodes = []
    for g in gold["groupings"]:
        n = {"id": g["id"], "type": g["type"], "number": g["number"], "title": g["title"],
             "text": "", "children": []}
        gnodes.append((g, n))
    first = {}
    for g, n in gnodes:
        first.setdefault(g["first_article"], []).append((g, n))
    stack = []
    for u in gold["units"]:
        i = u["id"].replace("_cpt", "")
        n = {"id": u["id"], "type": u["type"], "number": u["number"], "text": u["text"],
             "children": []}
        nodes[i] = n
        if u["type"] == "artigo":
            for g, gn in first.get(u["number"], []):
                while stack and not g["id"].startswith(stack[-1][0]["id"] + "_"):
                    stack.pop()
                (stack[-1][1]["children"] if stack else roots).append(gn)
                stack.append((g, gn))
            (stack[-1][1]["children"] if stack else roots).append(n)
        else:
            parent = nodes.get(i.rsplit("_", 1)[0])
            (parent["children"] if parent else roots).append(n)
    return {"norm": gold["norm"], "articulacao": roots}


def check(gold_path, text_path):
    """(gold, errors, warnings) of one gold file; warnings do not fail a set."""
    errs, warns = [], []
    path = gold_path
    g = json.loads(path.read_text(encoding="utf-8"))
    stem = path.name.split(".")[0]
    txt = text_path.read_text(encoding="utf-8") if text_path.exists() else ""
    if list(g.keys()) != KEYS:
        errs.append(f"keys {list(g.keys())}")
    for k in NORM:
        if k not in g["norm"]:
            errs.append(f"norm lacks {k}")
        elif not g["norm"][k]:
            warns.append(f"norm.{k} is empty")
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", g["norm"].get("data", "")):
        errs.append("norm.data not ISO")
    if not isinstance(g["norm"].get("ano"), int):
        errs.append("norm.ano not int")
    if g["source"] != f"{stem}.txt":
        errs.append("source name")
    lost_pages = any("missing from the scan" in n for n in g["notes"])
    ids = [u["id"] for u in g["units"]]
    if len(ids) != len(set(ids)):
        errs.append("duplicate ids")
    seen, arts = set(), []
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
                (warns if lost_pages else errs).append(f"parent of {i} not seen before")
            if not re.match(r"^art\d+(-\d+|u)?_(cpt|par\d+(-\d+)?|par1u)(_|$)", i) and u["type"] != "paragrafo":
                errs.append(f"child of a caput without _cpt: {i}")
        seen.add(i.replace("_cpt", ""))
        t = u["text"]
        if not t or "\n" in t or "  " in t or t != t.strip() or "//" in t:
            errs.append(f"text whitespace {i}")
        if re.match(r"^(Art|ART|§|Par[áa]grafo|PAR[ÁA]GRAFO|[IVX]+ [-–—)]|[a-zA-Z]\)|\d+\. )", t):
            errs.append(f"label left in text? {i}: {t[:30]}")
    if not arts or [artkey(a) for a in arts] != sorted(artkey(a) for a in arts):
        errs.append(f"articles not in order {arts}")
    # a fragment (e.g. of a Code) may start at any article: consecutive from the first one
    plain = [int(a) for a in arts if a.isdigit()]
    if plain and (plain != list(range(plain[0], plain[0] + len(plain))) or
                  (plain[0] != 1 and not any("FRAGMENT" in n for n in g["notes"]))):
        (warns if lost_pages or len(plain) < len(arts) else errs).append(
            f"articles not consecutive from 1 (or a fragment not noted) {arts}")
    for gr in g["groupings"]:
        if str(gr["first_article"]) not in set(arts):
            errs.append(f"grouping {gr['id']} first_article {gr['first_article']} not an article")
        last = gr["id"].split("_")[-1]
        if not re.match(r"^(prt|liv|tit|cap|sec|sub)(\d+|1u)$", last) or \
                not last.startswith(LEXML_PREFIX.get(gr["type"], "?")):
            errs.append(f"grouping id/type mismatch {gr['id']} {gr['type']}")
        elif last[3:] != "1u" and int(last[3:]) != roman_to_int(gr["number"]):
            errs.append(f"grouping id/number mismatch {gr['id']} {gr['number']}")
        for k in ("id", "type", "label", "number", "title", "first_article"):
            if not gr.get(k):
                errs.append(f"grouping {gr.get('id')} lacks {k}")
    if not g["notes"]:
        warns.append("no notes")
    if not g["closing"]["text"]:
        warns.append("no closing text")
    lines = [ln.strip() for ln in txt.split("\n")]
    for s in g["closing"]["signatories"]:
        best = max([SequenceMatcher(None, s["name"], ln).ratio() for ln in lines if ln] or [0.0])
        if best < 0.8 and not any("SIGNATORY" in n for n in g["notes"]):
            warns.append(f"signatory {s['name']} hardly in the text ({best:.2f})")
    # perfect score of gold against itself
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(to_output(g), f, ensure_ascii=False)
    r = subprocess.run([sys.executable, str(SCORE), f.name, str(path), "--json"],
                       capture_output=True, text=True)
    Path(f.name).unlink()
    s = json.loads(r.stdout)
    if not (s["unit_f1"] == 1.0 and s["art_order_ok"] and s["group_f1"] == 1.0
            and s["meta_ok"] == "6/6" and s["text_mean"] == 1.0 and s["dup_ids"] == 0):
        errs.append(f"self-score not perfect: {s}")
    return g, errs, warns


def validate_dir(dirs, only=(), log=print):
    """Check every gold of a set; 1 when any has an error."""
    bad = 0
    for stem in dirs.stems():
        if only and stem not in only:
            continue
        g, errs, warns = check(dirs.gold(stem), dirs.text(stem))
        types = {}
        for u in g["units"]:
            types[u["type"]] = types.get(u["type"], 0) + 1
        log(f"{stem}: {types}, {len(g['groupings'])} groupings, "
            f"{len(g['closing']['signatories'])} signatories, "
            f"{len(g['excluded_neighbors'])} neighbours, {len(errs)} issues, {len(warns)} warnings")
        for e in errs:
            log("   -", e)
        for w in warns:
            log("   ~", w)
        bad += bool(errs)
    return 1 if bad else 0
