"""A law book as data: the `.law` markup, its parser and writer, and the gold it implies.

A book is `(cfg, laws)`: `cfg` is the JSON head (id, seed, meta, norm, layout, degrade, scan
order, notes ...), `laws` the laws printed in the book in book order, each
`{"role": "target"|"neighbor", "desc": str, "items": [...]}`. Hand-written sets (qa4-qa6) keep
their books as `src/NNN.law` files; drawn sets (bench/gen/draw.py) build the same value in code
and write it with `dump_book`, so one typesetter, scanner and gold builder serve both.

Markup of the body (one printed paragraph per line; '#' lines are comments):
  === LAW target | === LAW neighbor | description      starts a law of the book
  EPI| text           epígrafe (centred, bold)
  EME| text           ementa (indented block on the right half)
  PRE| text           preâmbulo / enacting clause (normal paragraph)
  X| text             any other printed paragraph that is not a unit
  XC| text            centred non-unit line
  G| type | number | label | title | style    agrupador; style 2 = label and title on two
                      centred lines, 1 = 'LABEL - TITLE' on one centred line, L = left
  A| n | label | text     artigo;   P| n | label | text   parágrafo ('único' allowed)
  I| n | label | text     inciso;   L| n | label | text   alínea;   T| n | label | text   item
  +| text             continuation paragraph of the current unit (appended to its gold text)
  TB| c1 ; c2 ; c3    a table row (monospaced columns) belonging to the current unit
  C| text             fecho (place and date); goes to closing.text for the target
  S| NAME | role      signature block (scribble + name + role)
  BLANK n             n empty lines          BRK   forced page break
In text, ' // ' forces a line break at that point (not part of the gold text). A label ending
in '\\n' is printed alone on its line. A unit text '(VETADO)' / 'VETADO.' gives 'VETADO'.
"""
import json
import re

from models.units import DISPOSITIVO_LEVEL, GROUP_LEVEL, LEXML_PREFIX
from pipeline.reading.numerals import alinea_index, roman_to_int

UTYPE = {"A": "artigo", "P": "paragrafo", "I": "inciso", "L": "alinea", "T": "item"}
"""The markup's letter of each dispositivo kind; levels and LexML prefixes are models.units'."""
ULEVEL = {k: DISPOSITIVO_LEVEL[t] for k, t in UTYPE.items()}


def id_segment(kind: str, number: str) -> str:
    """A unit's own segment of its LexML id, from its kind and number: ('artigo', '3-A') ->
    'art3-1', ('paragrafo', 'único') -> 'par1u', ('inciso', 'IV') -> 'inc4', ('alinea', 'b') ->
    'ali2', ('capitulo', 'II-A') -> 'cap2-1'. Every generator's gold ids are made here."""
    prefix = LEXML_PREFIX[kind]
    if number.lower() in ("único", "única", "unica"):
        return f"{prefix}1u"
    base, _, suffix = number.partition("-")
    value: object
    if kind == "inciso":
        value = roman_to_int(base)
    elif kind in GROUP_LEVEL:  # 'CAPÍTULO II' or, in some books, 'CAPÍTULO 2'
        value = roman_to_int(base) if re.fullmatch(r"[IVXLCDM]+", base, re.I) else base
    elif kind == "alinea":
        value = alinea_index(base)
    else:
        value = int(base)
    return f"{prefix}{value}" + (f"-{ord(suffix.upper()) - ord('A') + 1}" if suffix else "")


# ----------------------------------------------------------------------------- parsing
def parse_book(raw):
    """`.law` text -> (cfg, laws)."""
    head, body = raw.split("\n---\n", 1)
    cfg = json.loads(head)
    laws = []
    cur = None
    for ln in body.split("\n"):
        if not ln.strip() or ln.startswith("#"):
            continue
        if ln.startswith("=== LAW"):
            parts = [p.strip() for p in ln[7:].split("|")]
            cur = {"role": parts[0], "desc": parts[1] if len(parts) > 1 else "", "items": []}
            laws.append(cur)
            continue
        if ln.strip() == "BRK":
            cur["items"].append({"k": "BRK"})
            continue
        if ln.startswith("BLANK"):
            cur["items"].append({"k": "BLANK", "n": int(ln.split()[1])})
            continue
        k, _, rest = ln.partition("|")
        k = k.strip()
        f = [x.strip() for x in rest.split("|")]
        it = {"k": k}
        if k in ULEVEL:
            it.update(n=f[0], label=f[1], text="|".join(f[2:]).strip())
        elif k == "G":
            it.update(type=f[0], n=f[1], label=f[2], title=f[3], style=f[4] if len(f) > 4 else "2")
        elif k == "S":
            it.update(name=f[0], role=f[1] if len(f) > 1 else "")
        elif k == "TB":
            it.update(cells=[c.strip() for c in rest.split(";")])
        else:
            it.update(text=rest.strip())
        cur["items"].append(it)
    return cfg, laws


def clean_text(t):
    """Printed paragraph -> gold text (forced breaks joined, VETADO normalised)."""
    t = t.replace(" // ", " ")
    if re.fullmatch(r"\(?\s*vetado\s*\)?\s*[.;]?", t, re.I):
        return "VETADO"
    return re.sub(r"\s+", " ", t).strip()


def build_gold(cfg, laws):
    """The gold of the target law (FORMAT.md); notes and neighbours are set by finish_gold."""
    law = next(x for x in laws if x["role"] == "target")
    units, groupings = [], []
    gstack = []  # (level, id)
    ustack = []  # (level, id)
    pending_groups = []
    last = None
    closing_text, sigs = "", []
    for it in law["items"]:
        k = it["k"]
        if k == "G":
            lvl = GROUP_LEVEL[it["type"]]
            while gstack and gstack[-1][0] >= lvl:
                gstack.pop()
            num = it["n"]
            seg = id_segment(it["type"], num)
            gid = "_".join([g[2] for g in gstack] + [seg])
            gstack.append((lvl, gid, seg))
            g = {"id": gid, "type": it["type"], "label": it["label"], "number": num,
                 "title": it["title"], "first_article": None}
            groupings.append(g)
            pending_groups.append(g)
        elif k in ULEVEL:
            lvl = ULEVEL[k]
            while ustack and ustack[-1][0] >= lvl:
                ustack.pop()
            if k == "A":
                uid = id_segment("artigo", it["n"])
                for g in pending_groups:
                    g["first_article"] = it["n"]
                pending_groups = []
            else:
                parent = ustack[-1][1]
                seg = id_segment(UTYPE[k], it["n"])
                if k != "P" and parent.count("_") == 0:
                    seg = "cpt_" + seg
                uid = f"{parent}_{seg}"
            u = {"id": uid, "type": UTYPE[k], "number": it["n"], "text": clean_text(it["text"])}
            it["uid"] = uid
            units.append(u)
            ustack.append((lvl, uid))
            last = u
        elif k == "+":
            last["text"] = (last["text"] + " " + clean_text(it["text"])).strip()
        elif k == "TB":
            last["text"] = (last["text"] + " " + " ".join(c for c in it["cells"] if c)).strip()
        elif k == "C":
            closing_text = (closing_text + " " + clean_text(it["text"])).strip()
        elif k == "S":
            sigs.append({"name": it["name"], "role": it["role"]})
    for u in units:
        if u["id"] in cfg.get("garbled", []):
            u["garbled"] = True
    gold = {
        "source": f"{cfg['id']}.txt",
        "norm": cfg["norm"],
        "groupings": groupings,
        "units": units,
        "closing": {"text": closing_text, "signatories": sigs},
        "excluded_neighbors": [x["desc"] for x in laws if x["role"] != "target"
                               and x.get("desc") and x["desc"] != "-"],
        "notes": [],
    }
    return gold




def finish_gold(gold, cfg, laws, shown):
    """Notes from the book head; neighbours = the other laws with a line on a scanned page."""
    gold["notes"] = cfg.get("notes", [])
    gold["excluded_neighbors"] = [x["desc"] for i, x in enumerate(laws) if x["role"] != "target"
                                  and i in shown and x.get("desc") not in ("", "-")]
    return gold


def _item_line(it):
    k = it["k"]
    if k in ("BRK",):
        return "BRK"
    if k == "BLANK":
        return f"BLANK {it['n']}"
    if k in ULEVEL:
        return f"{k}| {it['n']} | {it['label']} | {it['text']}"
    if k == "G":
        return f"G| {it['type']} | {it['n']} | {it['label']} | {it['title']} | {it.get('style', '2')}"
    if k == "S":
        return f"S| {it['name']} | {it['role']}"
    if k == "TB":
        return "TB| " + " ; ".join(it["cells"])
    return f"{k}| {it['text']}"


def dump_book(cfg, laws):
    """(cfg, laws) -> `.law` text; `parse_book(dump_book(c, l)) == (c, l)` for drawn books."""
    head = json.dumps(cfg, ensure_ascii=False, indent=1)
    body = []
    for law in laws:
        body.append(f"=== LAW {law['role']} | {law.get('desc', '')}".rstrip(" |"))
        body += [_item_line(it) for it in law["items"]]
    return head + "\n---\n" + "\n".join(body) + "\n"


def set_notes(path, notes):
    """Replace the "notes" of a `.law` file's head, keeping its one-key-per-line layout."""
    head, body = path.read_text(encoding="utf-8").split("\n---\n", 1)
    cfg = json.loads(head)
    cfg["notes"] = notes
    lines = ["{"]
    items = list(cfg.items())
    for k, (key, v) in enumerate(items):
        sep = "," if k < len(items) - 1 else ""
        if key == "notes":
            lines.append(' "notes": [')
            lines += ["  " + json.dumps(n, ensure_ascii=False) + ("," if j < len(v) - 1 else "")
                      for j, n in enumerate(v)]
            lines.append(" ]" + sep)
        else:
            lines.append(f' "{key}": ' + json.dumps(v, ensure_ascii=False) + sep)
    lines.append("}")
    path.write_text("\n".join(lines) + "\n---\n" + body, encoding="utf-8")
