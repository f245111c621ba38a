"""Text simulator of bench/qa and bench/qa3 (no images): a law description -> OCR-like text.

Render a law description (src/NNN.law) into simulated Tesseract OCR text (NNN.txt),
the upstream record (NNN.meta.json) and the expected structure (NNN.gold.json).

The gold is derived from the very lines that are printed, so it stays consistent with the
text: unit text = the unit's printed body pieces (after the simulated OCR confusions and
margin cuts), noise lines removed, hyphenated breaks re-joined, lines joined with spaces.

DSL (one directive per line, content lines follow the directive):
  @meta {json}            upstream record (written as NNN.meta.json)
  @norm {json}            gold norm block (ementa filled from @text ementa if absent)
  @cfg {json}             render configuration (see DEFAULTS)
  @note text / @excl text gold notes / excluded_neighbors
  @raw TAG                following lines printed verbatim (TAG: noise, head, closing, sign,
                          neighbor, anexo, ementa); closing/ementa lines feed the gold
  @text TAG               following lines = prose, wrapped (TAG as above)
  @group TYPE NUMBER :: TRUE_LABEL :: GOLD_TITLE   following lines printed verbatim
  @unit TYPE NUMBER [flags] :: PRINTED_LABEL       following lines = prose of the unit;
                          a content line starting with '>' starts a new printed line.
                          flags: garbled, ^cpt (inciso of the caput), noconf (no confusions),
                          sep=STR (separator between label and text, default ' ')
  @sign NAME :: ROLE      gold signatory (printing is done with @raw sign)
  @noise TEXT             one noise line here
  @break                  page break here
qa3 extensions:
  %break                  (a content line inside a @unit/@text block) page break inside the unit
  unit flag lsplit=end|alone   the first token of the printed label ('Art.') is printed at the
                          end of the previous line (end) or alone on its own line (alone)
  unit flag gold=TEXT     gold text override ('_' = space), e.g. gold=VETADO for '(VETADO)'
  cfg upper               prose of units/text blocks printed in capitals (caps confusions)
  cfg header_first        letterhead lines of the first true page (instead of header)
  cfg frags               [[owner, k, nwords, delay]]: the last nwords of the k-th printed line
                          of owner are printed as a separate line 'delay' lines later
                          ('end' = after the owner's last line), as Tesseract does with short
                          right-margin fragments; the gold keeps the true reading order
  cfg order               may contain "blank" / "blank:TEXT" entries (blank scanned pages)
"""
import dataclasses
import json
import random
import re
import sys
from pathlib import Path

from bench.gen.book import SetDirs, print_pages, write_case
from bench.gen.noise import (
    CONFUSIONS,
    LETTERHEAD_NOISE,
    UPPER_CONFUSIONS,
    char_noise,
    confuse,
    garbage_line,
    margin_mark,
)
from bench.gen.source import id_segment
from bench.gen.wrapping import TEXTSIM_BREAKING, fits_chars
from bench.gen.wrapping import wrap as wrap_words
from models.units import GROUP_TYPES

DEFAULTS = {
    "seed": 1,
    "width": 66,              # characters per printed line (typewriter ~ 62-72)
    "lpp": 34,                # content lines per page
    "lpp_jitter": 2,
    "hyphen": "-",            # hyphen style printed at syllable breaks ('-', '--', '=-')
    "p_hyph": 0.55,           # probability to split a word that does not fit
    "p_nohyph": 0.0,          # probability that a split is printed without any hyphen
    "p_mark": 0.0,            # probability of a margin mark at a prose line end
    "marks": ["!", "'", "|", "'!", " !", " '"],
    "conf": 0.02,             # probability that a word gets an OCR confusion
    "formfeed": True,
    "header": [],             # letterhead lines, noisy-varied on each page
    "header_noise": 0.08,     # per-character noise on letterhead lines
    "header_skip": [],        # pages (0-based true index) with no letterhead
    "footer": [],             # lines with {n} / {n2} / {N} (page number, 2 digits, total)
    "footer_first": True,     # footer also on the first page
    "stamps": [],             # lines inserted mid-page (one per page, random place) with {n}
    "p_stamp": 0.0,
    "garbage": 0,             # garbage lines per page (max), random positions
    "garbage_lines": [],      # specific garbage pool (else generated)
    "order": None,            # physical order of true pages (repeat = rescanned page, omit = lost)
    "cut": {},                # {"page": maxchars} left-margin cut
    "swaps": [],              # [[page, line_index]] swap content lines i, i+1 in print
    "lead_noise": {},         # {"page": [line_index, "text"]} garbage glued before a line
    "upper_labels": False,
    "upper": False,
    "header_first": None,
    "frags": [],
}

class Line:
    __slots__ = ("owner", "prefix", "body", "join", "hy", "suffix", "lead", "kind", "pbody",
                 "tail")

    def __init__(self, owner, body, prefix="", join=" ", hy="", kind="prose"):
        self.owner = owner      # unit id, 'ementa', 'closing', None (noise) ...
        self.prefix = prefix    # printed label (first line of a unit)
        self.body = body        # gold-relevant text piece
        self.join = join        # how this piece joins the NEXT piece: ' ' or '' (concat)
        self.hy = hy            # printed hyphen after body (not gold)
        self.suffix = ""        # margin mark (not gold)
        self.lead = ""          # garbage glued before the line (not gold)
        self.kind = kind
        self.pbody = None       # printed body when it differs from the gold piece (fragments)
        self.tail = ""          # printed after everything (a split label's first token)

    def printed(self):
        body = self.body if self.pbody is None else self.pbody
        return (self.lead + self.prefix + body + self.hy + self.suffix + self.tail).strip()

    def copy(self):
        n = Line(self.owner, self.body, self.prefix, self.join, self.hy, self.kind)
        n.suffix, n.lead, n.pbody, n.tail = self.suffix, self.lead, self.pbody, self.tail
        return n


def wrap(owner, prefix, text, cfg, rng, kind="prose"):
    """Wrap prefix+text into Lines. '\n' in text forces a new printed line, a segment with a
    form feed is a page break ('BREAK')."""
    hy = cfg["hyphen"]
    breaking = dataclasses.replace(TEXTSIM_BREAKING, p_break=cfg["p_hyph"], p_nohyph=cfg["p_nohyph"],
                                   marks=(hy,) if isinstance(hy, str) else tuple(hy))
    lines, lead = [], prefix  # the label opens the first printed segment
    for seg in text.split("\n"):
        if "\x0c" in seg:
            lines.append("BREAK")
            continue
        for k, ln in enumerate(wrap_words(seg.split(), fits_chars(cfg["width"]), breaking, rng, prefix=lead)):
            body = ln.text[len(lead):] if k == 0 else ln.text
            lines.append(Line(owner, body, lead if k == 0 else "", "" if ln.broken else " ", ln.mark, kind))
        lead = ""
    return lines


def parse(path):
    doc = {"meta": None, "norm": {}, "cfg": dict(DEFAULTS), "notes": [], "excl": [],
           "blocks": [], "signs": []}
    cur = None
    for raw in Path(path).read_text(encoding="utf-8").split("\n"):
        if raw.startswith("#"):
            continue
        if raw.startswith("@"):
            d, _, rest = raw[1:].partition(" ")
            rest = rest.strip()
            cur = None
            if d == "meta":
                doc["meta"] = json.loads(rest)
            elif d == "norm":
                doc["norm"] = json.loads(rest)
            elif d == "cfg":
                doc["cfg"].update(json.loads(rest))
            elif d == "note":
                doc["notes"].append(rest)
            elif d == "excl":
                doc["excl"].append(rest)
            elif d == "sign":
                name, role = [x.strip() for x in rest.split("::")]
                doc["signs"].append({"name": name, "role": role})
            elif d == "noise":
                doc["blocks"].append({"k": "noise", "lines": [rest]})
            elif d == "break":
                doc["blocks"].append({"k": "break"})
            elif d in ("raw", "text"):
                cur = {"k": d, "tag": rest or "noise", "lines": []}
                doc["blocks"].append(cur)
            elif d == "group":
                head, label, title = [x.strip() for x in rest.split("::")]
                typ, num = head.split()
                cur = {"k": "group", "type": typ, "number": num, "label": label,
                       "title": title, "lines": []}
                doc["blocks"].append(cur)
            elif d == "unit":
                head, _, plabel = rest.partition("::")
                parts = head.split()
                typ, num, flags = parts[0], parts[1], parts[2:]
                cur = {"k": "unit", "type": typ, "number": num, "flags": flags,
                       "label": plabel.strip(), "lines": []}
                doc["blocks"].append(cur)
            else:
                raise SystemExit(f"unknown directive {d}")
        else:
            if cur is None:
                if raw.strip():
                    raise SystemExit(f"content outside block: {raw!r}")
                continue
            if raw.strip() == "" and cur["k"] != "raw":
                continue
            if cur["k"] == "raw" and raw.strip() == "":
                continue
            cur["lines"].append(raw.rstrip())
    return doc


def prose(lines):
    out = []
    for ln in lines:
        if ln.strip() == "%break":
            out.append("\n\x0c\n")
            continue
        if ln.startswith(">"):
            out.append("\n" + ln[1:].strip())
        else:
            out.append(ln.strip())
    s = " ".join(out)
    s = re.sub(r" \n", "\n", s)
    s = re.sub(r"\n ", "\n", s)
    return s.lstrip("\n")


def assign_ids(doc):
    """Derive LexML ids for units and groupings (hierarchy by reading order)."""
    art = par = inc = ali = None
    gstack = {}
    for b in doc["blocks"]:
        if b["k"] == "group":
            t = b["type"]
            lvl = GROUP_TYPES.index(t)
            for o in GROUP_TYPES[lvl:]:
                gstack.pop(o, None)
            parent = [gstack[o] for o in GROUP_TYPES[:lvl] if o in gstack]
            b["id"] = "_".join(parent[-1:] + [id_segment(t, b["number"])])
            gstack[t] = b["id"]
            continue
        if b["k"] != "unit":
            continue
        t, n, fl = b["type"], b["number"], b["flags"]
        if t == "artigo":
            art = id_segment(t, n)
            par = inc = ali = None
            b["id"] = art
        elif t == "paragrafo":
            par = f"{art}_{id_segment(t, n)}"
            inc = ali = None
            b["id"] = par
        elif t == "inciso":
            base = par if (par and "^cpt" not in fl) else f"{art}_cpt"
            inc = f"{base}_{id_segment(t, n)}"
            ali = None
            b["id"] = inc
        elif t == "alinea":
            base = inc or par or f"{art}_cpt"
            ali = f"{base}_{id_segment(t, n)}"
            b["id"] = ali
        elif t == "item":
            base = ali or inc
            b["id"] = f"{base}_{id_segment(t, n)}"
        else:
            raise SystemExit(f"bad unit type {t}")


def render(src, outdir):
    doc = parse(src)
    cfg = doc["cfg"]
    rng = random.Random(cfg["seed"])
    assign_ids(doc)
    stem = Path(src).stem

    # 1. flat list of content lines in true order
    flat = []
    overrides = {}
    split_notes = []
    table = UPPER_CONFUSIONS + CONFUSIONS if cfg["upper"] else None
    for b in doc["blocks"]:
        k = b["k"]
        if k == "break":
            flat.append("BREAK")
        elif k == "noise":
            flat.append(Line(None, b["lines"][0], kind="noise"))
        elif k == "raw":
            tag = b["tag"]
            owner = tag if tag in ("closing", "ementa") else None
            for ln in b["lines"]:
                flat.append(Line(owner, ln, kind=tag))
        elif k == "text":
            tag = b["tag"]
            owner = tag if tag in ("closing", "ementa") else None
            text = prose(b["lines"])
            if cfg["upper"]:
                text = text.upper()
            text = confuse(text, cfg["conf"], rng, table)
            flat.extend(wrap(owner, "", text, cfg, rng, kind=tag))
        elif k == "group":
            for ln in b["lines"]:
                flat.append(Line("group:" + b["id"], ln, kind="group"))
        elif k == "unit":
            text = prose(b["lines"])
            if cfg["upper"]:
                text = text.upper()
            if "noconf" not in b["flags"]:
                text = confuse(text, cfg["conf"], rng, table)
            sep = " "
            lsplit = None
            for f in b["flags"]:
                if f.startswith("sep="):
                    sep = f[4:].replace("_", " ")
                if f.startswith("lsplit="):
                    lsplit = f[7:]
                if f.startswith("gold="):
                    overrides[b["id"]] = f[5:].replace("_", " ")
            label = b["label"]
            if lsplit and label:
                head = label.split()[0]
                label = label[len(head):].strip()
                if lsplit == "end":
                    prev = [x for x in flat if x != "BREAK"][-1]
                    prev.tail = " " + head
                    where = "at the end of the previous printed line"
                else:
                    flat.append(Line(None, head, kind="labelfrag"))
                    where = "alone on the line before"
                split_notes.append(f"label '{b['label']}' split by the OCR: '{head}' {where}, "
                                   f"'{label}' opens the unit's first line ({b['id']})")
            prefix = (label + sep) if label else ""
            if not text:
                flat.append(Line(b["id"], "", b["label"], kind="unit"))
            else:
                flat.extend(wrap(b["id"], prefix, text, cfg, rng, kind="unit"))

    # 1b. right-margin fragments printed out of place
    frag_notes = []
    for owner, k, n, delay in cfg["frags"]:
        idxs = [i for i, x in enumerate(flat) if x != "BREAK" and x.owner == owner]
        src_i = idxs[k]
        src = flat[src_i]
        words = (src.body if src.pbody is None else src.pbody).split()
        if len(words) <= n:
            raise SystemExit(f"{owner}: line {k} too short for a fragment of {n}")
        cut = " ".join(words[-n:]) + src.hy
        src.pbody = " ".join(words[:-n])
        src.hy = ""
        fr = Line(None, cut, kind="frag")
        if delay == "end":
            pos = idxs[-1] + 1
        else:
            pos = src_i + 1 + int(delay)
        flat.insert(pos, fr)
        frag_notes.append(f"Tesseract layout: the end of a line of {owner} ('{cut}') is printed "
                          f"as a separate line further down; the gold restores it in place.")

    # 2. pages
    pages = [[]]
    target = cfg["lpp"] + rng.randint(-cfg["lpp_jitter"], cfg["lpp_jitter"])
    for ln in flat:
        if ln == "BREAK":
            if pages[-1]:
                pages.append([])
                target = cfg["lpp"] + rng.randint(-cfg["lpp_jitter"], cfg["lpp_jitter"])
            continue
        if len(pages[-1]) >= target:
            pages.append([])
            target = cfg["lpp"] + rng.randint(-cfg["lpp_jitter"], cfg["lpp_jitter"])
        pages[-1].append(ln)
    N = len(pages)

    # margin marks
    for pg in pages:
        for ln in pg:
            if ln.kind in ("unit", "neighbor") and not ln.hy and ln.join == " " and ln.body \
                    and not ln.tail and ln.pbody is None:
                ln.suffix = margin_mark(rng, cfg["p_mark"], cfg["marks"])

    # left-margin cut (physical damage on that page)
    cutlabels = []
    for pno, maxk in cfg["cut"].items():
        crng = random.Random(cfg["seed"] * 7 + int(pno))
        for ln in pages[int(pno)]:
            if ln.kind not in ("unit", "group", "neighbor", "closing", "head", "ementa"):
                continue
            k = min(maxk, crng.choice([0, 1, 1, 1, 2]))
            if ln.prefix:
                if k:
                    cutlabels.append((ln.owner, ln.prefix.strip(), ln.prefix[k:].strip()))
                ln.prefix = ln.prefix[k:]
            else:
                ln.body = ln.body[k:]
                if ln.pbody is not None:
                    ln.pbody = ln.pbody[k:]
    for pno, spec in cfg["lead_noise"].items():
        for idx, txt in spec:
            pages[int(pno)][idx].lead = txt + " "

    # 3. decorate pages with letterhead, footer, stamps, garbage
    def decorate(pno, copyno):
        drng = random.Random(cfg["seed"] * 1000 + pno * 10 + copyno)
        body = [ln.copy() for ln in pages[pno]]
        if copyno > 0:  # a rescan: slightly different OCR of the same page
            for ln in body:
                if ln.kind == "unit" and drng.random() < 0.3 and ln.body:
                    ln.body = confuse(ln.body, 0.08, drng)
                if drng.random() < 0.15:
                    ln.suffix = drng.choice(["", "!", "'", "|"]) if not ln.hy else ""
        for pg, i in cfg["swaps"]:
            if pg == pno and i + 1 < len(body):
                body[i], body[i + 1] = body[i + 1], body[i]
        out = []
        hdr = cfg["header_first"] if (pno == 0 and cfg["header_first"]) else cfg["header"]
        if pno not in cfg["header_skip"] and hdr:
            for h in hdr:
                v = char_noise(h, cfg["header_noise"], drng, LETTERHEAD_NOISE)
                if v:
                    out.append(v)
        # stamps mid-page
        items = [ln.printed() for ln in body]
        if cfg["stamps"] and drng.random() < cfg["p_stamp"]:
            st = drng.choice(cfg["stamps"]).format(n=pno + 1, n2=f"{pno + 1:02d}", N=N,
                                                      n3=pno + 1 + cfg.get("stamp_base", 0))
            items.insert(drng.randint(max(1, len(items) // 3), max(1, len(items) - 1)), st)
        for _ in range(drng.randint(0, cfg["garbage"])):
            g = drng.choice(cfg["garbage_lines"]) if cfg["garbage_lines"] else garbage_line(drng)
            items.insert(drng.randint(0, len(items)), g)
        out.extend(items)
        if cfg["footer"] and (pno > 0 or cfg["footer_first"]):
            for f in cfg["footer"]:
                v = f.format(n=pno + 1, n2=f"{pno + 1:02d}", N=N,
                             n3=pno + 1 + cfg.get("stamp_base", 0))
                out.append(char_noise(v, cfg["header_noise"] / 2, drng, LETTERHEAD_NOISE))
        return [o for o in out if o is not None]

    order = cfg["order"] if cfg["order"] is not None else list(range(N))
    if any(isinstance(p, int) and p >= N for p in order):
        raise SystemExit(f"{src}: order {order} but only {N} pages")
    seen = {}
    phys = []
    for p in order:
        if isinstance(p, str):
            phys.append(p.partition(":")[2] if p.startswith("blank") else p)
            continue
        seen[p] = seen.get(p, 0) + 1
        phys.append(decorate(p, seen[p] - 1))
    text = print_pages([[x] if isinstance(x, str) else x for x in phys], cfg["formfeed"])

    # 4. gold from true-order pages, lost pages excluded
    present = set(p for p in order if isinstance(p, int))
    lost = [p for p in range(N) if p not in present]
    pieces = {}
    labelled = set()
    for p in range(N):
        if p not in present:
            continue
        for ln in pages[p]:
            if ln.owner is None:
                continue
            pieces.setdefault(ln.owner, []).append(ln)
            if ln.prefix or ln.kind == "group":
                labelled.add(ln.owner)

    def joined(owner):
        s = ""
        for ln in pieces.get(owner, []):
            s += ln.body + ln.join
        s = re.sub(r"\s+", " ", s).strip()
        return s

    units, groups, missing = [], [], []
    pending_groups = []
    for b in doc["blocks"]:
        if b["k"] == "group":
            if ("group:" + b["id"]) in labelled:
                g = {"id": b["id"], "type": b["type"], "label": b["label"],
                     "number": b["number"], "title": b["title"], "first_article": None}
                groups.append(g)
                pending_groups.append(g)
            else:
                missing.append(b["id"])
        elif b["k"] == "unit":
            if b["id"] not in labelled:
                missing.append(b["id"])
                continue
            u = {"id": b["id"], "type": b["type"], "number": b["number"],
                 "text": overrides.get(b["id"], joined(b["id"]))}
            if "garbled" in b["flags"]:
                u["garbled"] = True
            units.append(u)
            if b["type"] == "artigo":
                for g in pending_groups:
                    g["first_article"] = b["number"]
                pending_groups = []
    norm = dict(doc["norm"])
    if "ementa" not in norm:
        norm["ementa"] = joined("ementa")
    closing = {"text": joined("closing"), "signatories": doc["signs"]}
    notes = list(doc["notes"])
    if cfg["order"] is not None and cfg["order"] != list(range(N)):
        blank_note = "; 'blank' = an empty scanned page" if any(
            isinstance(x, str) for x in order) else ""
        notes.append(f"Physical page order in the file (0-based true pages{blank_note}): {order}; "
                     f"true order is 0..{N - 1}.")
    notes.extend(split_notes)
    notes.extend(frag_notes)
    if lost:
        notes.append(f"Page(s) {lost} (0-based true order) are missing from the scan; units whose "
                     f"label line was on a missing page are absent from the gold: {missing}. "
                     f"Units cut by the gap keep only the text that is present.")
    for p in range(N):
        if p not in present or (p - 1) in present or p == 0:
            continue
        orphan = []
        for ln in pages[p]:
            if ln.owner and not ln.owner.startswith("group:") and ln.owner in missing:
                orphan.append(ln)
            elif ln.owner:
                break
        if orphan:
            txt = " ".join(ln.body for ln in orphan)
            notes.append(f"After the gap, true page {p} opens with '{txt}', the end of "
                         f"{orphan[0].owner} whose label was on the missing page: it belongs to no "
                         f"unit of the gold (it must not be glued to the last unit before the gap).")
    if cfg["cut"]:
        notes.append(f"Left-margin cut on true page(s) {sorted(int(k) for k in cfg['cut'])}: "
                     f"first characters of lines lost (labels like 'rt.' and word starts kept "
                     f"as printed in the text).")
    for owner, a, b_ in cutlabels:
        if owner and not owner.startswith("group:") and owner not in missing:
            notes.append(f"label '{a}' cut at the margin to '{b_}' ({owner})")
    # automatic label-misread notes
    for b in doc["blocks"]:
        if b["k"] == "unit" and b["id"] not in missing and b["label"]:
            shown = b["label"]
            tn = b["number"]
            if b["type"] in ("artigo", "paragrafo", "item"):
                digits = re.findall(r"\d+", shown)
                ok = (tn == "único" and re.search(r"[úu]nico", shown, re.I)) or \
                     (digits and digits[0] == tn.split("-")[0]) or b["type"] == "artigo" and \
                     re.search(r"(?i)primeiro|segundo|terceiro|quarto|quinto|sexto|s[ée]timo|oitavo|nono|d[ée]cimo|vig[ée]simo", shown)
                if not ok:
                    notes.append(f"label printed '{shown}' -> {b['type']} {tn} ({b['id']})")
            elif b["type"] == "inciso":
                m = re.match(r"^\W*([IVXLivxl1HYW]+)", shown)
                if not m or m.group(1) != tn.split("-")[0]:
                    notes.append(f"label printed '{shown}' -> inciso {tn} ({b['id']})")
            elif b["type"] == "alinea":
                m = re.match(r"^\W*(\w)", shown)
                if not m or m.group(1) != tn:
                    notes.append(f"label printed '{shown}' -> alínea {tn} ({b['id']})")
    gold = {"source": f"{stem}.txt", "norm": norm, "groupings": groups, "units": units,
            "closing": closing, "excluded_neighbors": doc["excl"], "notes": notes}
    write_case(SetDirs(Path(outdir)), stem, doc["meta"], gold, text)
    return gold, N


if __name__ == "__main__":
    for s in sys.argv[1:]:
        g, n = render(s, Path(s).parent.parent)
        print(f"{s}: pages={n} units={len(g['units'])} "
              f"arts={sum(u['type'] == 'artigo' for u in g['units'])} groups={len(g['groupings'])}")
