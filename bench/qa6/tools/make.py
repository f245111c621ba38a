#!/usr/bin/env python3
"""Build one QA case of bench/qa6 (generator adapted from bench/qa4) from its clean source src/NNN.law.

    python3 tools/make.py 401 [--no-ocr | --gold-only]

qa6 additions: layout "pstamp" = {"fmt": "NM {n}", "side": "right"|"left", "y": [lo, hi]} is a book-page stamp in the margin at a random height; qa5 additions: layout "columns": 2 with "col_chars"/"col_gap" (two-column page, left column
read first); extras ["stamp", fx, "@Art. 7", lines, angle] puts a stamp on the line that starts
with that text; extras ["hand", fx, fy, kind] draws pen marks (kind: tick, bar, circle, initials,
arrow); degrade "border" (dark scanner border in inches, "border_sides") and "fill" (the colour
uncovered by rotation); degrade "scale" simulates another resolution (e.g. 400/300).

--no-ocr renders the page images but skips Tesseract. --gold-only rewrites only the meta and
gold files (the layout is recomputed; the images and NNN.txt are left alone). The page images
go to png/NNN/ (with pages.json = scan order, and layout.txt = the clean typeset pages); delete
the PNGs when done, since they can be remade.

Steps: parse the source (a JSON config block, a line '---', then the laws of the book in
book order) -> lay the text out on typewritten pages -> draw page images (per-character ink,
jitter, letterhead, stamps, scribbles) -> degrade them (blur, rotation, speckle, photocopy)
-> OCR each scanned page with real Tesseract (por, psm 3) -> NNN.txt, NNN.meta.json,
NNN.gold.json. The gold is built from the clean source (true order, true numbers).

Source body markup (one printed paragraph per line; '#' lines are comments):
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
  +| text             continuation paragraph of the current unit (printed as a new
                      paragraph, appended to the unit's gold text)
  TB| c1 ; c2 ; c3    a table row (monospaced columns) belonging to the current unit
  C| text             fecho (place and date); goes to closing.text for the target
  S| NAME | role      signature block (scribble + name + role)
  BLANK n             n empty lines          BRK   forced page break
In text, ' // ' forces a line break at that point (not part of the gold text).
A unit text '(VETADO)' / 'VETADO.' gives the gold text 'VETADO'.
"""
import hashlib
import json
import math
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent.parent
FONTS = {
    "nimbus": ("/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf",
               "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf"),
    "dejavu": ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
               "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"),
    "noto": ("/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf",
             "/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf"),
    "notomono": ("/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf",
                 "/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf"),
}
PAPER = {"a4": (8.27, 11.69), "legal": (8.5, 14.0), "oficio": (8.5, 13.0), "letter": (8.5, 11.0)}
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
ABBR = {"parte": "prt", "livro": "liv", "titulo": "tit", "capitulo": "cap", "secao": "sec",
        "subsecao": "sub"}
GLEVEL = {"parte": 0, "livro": 1, "titulo": 2, "capitulo": 3, "secao": 4, "subsecao": 5}
ULEVEL = {"A": 0, "P": 1, "I": 2, "L": 3, "T": 4}
UTYPE = {"A": "artigo", "P": "paragrafo", "I": "inciso", "L": "alinea", "T": "item"}


def rom(s):
    t = p = 0
    for ch in reversed(s.upper()):
        v = ROMAN[ch]
        t = t - v if v < p else t + v
        p = max(p, v)
    return t


# ----------------------------------------------------------------------------- parsing
def parse(path):
    raw = path.read_text(encoding="utf-8")
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
    t = t.replace(" // ", " ")
    if re.fullmatch(r"\(?\s*vetado\s*\)?\s*[.;]?", t, re.I):
        return "VETADO"
    return re.sub(r"\s+", " ", t).strip()


def build_gold(cfg, laws):
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
            lvl = GLEVEL[it["type"]]
            while gstack and gstack[-1][0] >= lvl:
                gstack.pop()
            num = it["n"]
            seg = ABBR[it["type"]] + (str(rom(num)) if re.fullmatch(r"[IVXLC]+", num) else num)
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
                uid = f"art{it['n']}"
                for g in pending_groups:
                    g["first_article"] = it["n"]
                pending_groups = []
            else:
                parent = ustack[-1][1]
                if k == "P":
                    seg = "par1u" if it["n"] == "único" else f"par{it['n']}"
                elif k == "I":
                    seg = f"inc{rom(it['n'])}"
                    if parent.count("_") == 0:
                        seg = "cpt_" + seg
                elif k == "L":
                    seg = f"ali{ord(it['n']) - 96}"
                    if parent.count("_") == 0:
                        seg = "cpt_" + seg
                else:
                    seg = f"ite{it['n']}"
                    if parent.count("_") == 0:
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


# ----------------------------------------------------------------------------- layout
VOW = set("aeiouáéíóúâêôãõàüAEIOUÁÉÍÓÚÂÊÔÃÕÀ")
INSEP = {"ch", "lh", "nh", "qu", "gu", "br", "cr", "dr", "fr", "gr", "pr", "tr", "vr", "bl",
         "cl", "fl", "gl", "pl", "tl"}


def hyph_points(w):
    pts = []
    core = re.sub(r"[^\wÀ-ÿ]", "", w)
    if len(core) < 5 or not w[:len(core)] == core:
        # only plain words (optionally followed by punctuation)
        if not re.fullmatch(r"[\wÀ-ÿ]+[,.;:]?", w):
            return pts
    for i in range(2, len(core) - 2):
        a, b, c = core[i - 1], core[i], core[i + 1]
        if a in VOW and b not in VOW and c in VOW and b.isalpha():
            pts.append(i)
        elif a not in VOW and b not in VOW and a.isalpha() and b.isalpha() and \
                (a + b).lower() not in INSEP and i >= 3 and core[i - 2] in VOW and c in VOW:
            pts.append(i)
    return pts


def wrap(text, width, first_indent, indent, rng, lay):
    """Return list of (col, string) lines."""
    words = text.split(" ")
    lines = []
    col0 = first_indent
    cur = ""
    avail = width - col0
    i = 0
    forced = False
    while i < len(words):
        w = words[i]
        if w == "//":
            lines.append((col0, cur))
            col0, cur, avail = indent, "", width - indent
            i += 1
            continue
        cand = (cur + " " + w) if cur else w
        if len(cand) <= avail:
            cur = cand
            i += 1
            continue
        # does not fit: try hyphenation
        room = avail - len(cur) - (1 if cur else 0) - 1
        pts = [p for p in hyph_points(w) if p <= room]
        if pts and rng.random() < lay.get("hyph", 0.6):
            p = max(pts)
            sep = "-" if rng.random() > lay.get("nohyph", 0.08) else ""
            cur = (cur + " " if cur else "") + w[:p] + sep
            words[i] = w[p:]
        elif not cur:
            cur = w
            i += 1
        lines.append((col0, cur))
        col0, cur, avail = indent, "", width - indent
    if cur:
        lines.append((col0, cur))
    return lines


def justify(s, width):
    words = s.split(" ")
    if len(words) < 3 or len(s) >= width or len(s) < width * 0.8:
        return s
    gaps = len(words) - 1
    extra = width - len(s)
    out = words[0]
    for j, w in enumerate(words[1:]):
        add = 1 + (extra // gaps) + (1 if j < extra % gaps else 0)
        out += " " * add + w
    return out


def layout(cfg, laws, rng):
    lay = cfg["layout"]
    W = lay.get("col_chars", lay["chars"])
    ind = lay.get("indent", 6)
    lines = []  # dicts: text, col, align, bold, law, kind, uid

    def para(text, first, rest, law_i, kind, uid=None, just=False):
        ls = wrap(text, W, first, rest, rng, lay)
        for j, (c, s) in enumerate(ls):
            if just and j < len(ls) - 1:
                s = justify(s, W - c)
            lines.append({"text": s, "col": c, "align": "left", "law": law_i, "kind": kind,
                          "uid": uid})
        return ls

    def blank(n=1):
        for _ in range(n):
            lines.append({"text": "", "col": 0, "align": "left", "law": None, "kind": "blank"})

    gap = lay.get("para_gap", 1)
    just = lay.get("justify", False)
    for li, law in enumerate(laws):
        ustack = []
        for it in law["items"]:
            k = it["k"]
            if k == "BRK":
                lines.append({"kind": "BRK", "text": "", "col": 0, "align": "left", "law": li})
                continue
            if k == "BLANK":
                blank(it["n"])
                continue
            if k == "EPI":
                blank(1)
                lines.append({"text": it["text"], "col": 0, "align": "center", "bold": True,
                              "law": li, "kind": "epi"})
                blank(gap)
            elif k == "EME":
                ec = lay.get("ementa_col", W // 2 - 4)
                ls = wrap(it["text"], W, ec, ec, rng, {"hyph": 0.7})
                for c, s in ls:
                    lines.append({"text": s, "col": c, "align": "left", "law": li, "kind": "eme"})
                blank(gap)
            elif k in ("PRE", "X"):
                para(it["text"], ind, 0, li, k.lower())
                blank(gap)
            elif k == "XC":
                lines.append({"text": it["text"], "col": 0, "align": "center", "law": li,
                              "kind": "xc"})
                blank(gap)
            elif k == "G":
                st = it["style"]
                if st == "2":
                    blank(1)
                    lines.append({"text": it["label"], "col": 0, "align": "center", "law": li,
                                  "kind": "grp", "bold": lay.get("bold_groups", False)})
                    lines.append({"text": it["title"], "col": 0, "align": "center", "law": li,
                                  "kind": "grp", "bold": lay.get("bold_groups", False)})
                elif st == "1":
                    blank(1)
                    lines.append({"text": f"{it['label']} - {it['title']}", "col": 0,
                                  "align": "center", "law": li, "kind": "grp",
                                  "bold": lay.get("bold_groups", False)})
                else:
                    blank(1)
                    lines.append({"text": f"{it['label']} - {it['title']}" if it["label"]
                                  else it["title"], "col": ind, "align": "left", "law": li,
                                  "kind": "grp"})
                blank(gap)
            elif k in ULEVEL:
                lvl = ULEVEL[k]
                extra = lay.get("nest_indent", {}).get(k, 0)
                txt = (it["label"] + " " + it["text"]).strip() if it["label"] else it["text"]
                if it["label"].endswith("\\n"):
                    # label alone on its line
                    lab = it["label"][:-2]
                    lines.append({"text": lab, "col": ind + extra, "align": "left", "law": li,
                                  "kind": "unit"})
                    txt = it["text"]
                para(txt, ind + extra, lay.get("hang", {}).get(k, 0), li, "unit", uid=it.get("uid"),
                     just=just)
                blank(gap)
            elif k == "+":
                para(it["text"], ind + lay.get("quote_indent", 4), lay.get("quote_indent", 4)
                     if lay.get("quote_hang") else 0, li, "unit", just=just)
                blank(gap)
            elif k == "TB":
                lines.append({"text": it["cells"], "col": lay.get("table_col", 4),
                              "align": "table", "law": li, "kind": "table"})
            elif k == "C":
                blank(1)
                para(it["text"], ind, 0, li, "close")
                blank(gap)
            elif k == "S":
                blank(lay.get("sig_gap", 3))
                lines.append({"text": it["name"], "col": 0, "align": lay.get("sig_align", "center"),
                              "law": li, "kind": "sig", "sign": True})
                if it["role"]:
                    lines.append({"text": it["role"], "col": 0,
                                  "align": lay.get("sig_align", "center"), "law": li,
                                  "kind": "sigrole"})
                blank(1)
        blank(lay.get("law_gap", 3))
    # table column widths per consecutive block
    i = 0
    while i < len(lines):
        if lines[i]["kind"] == "table":
            j = i
            while j < len(lines) and lines[j]["kind"] == "table":
                j += 1
            ncol = max(len(l["text"]) for l in lines[i:j])
            widths = [max(len(l["text"][c]) if c < len(l["text"]) else 0 for l in lines[i:j])
                      for c in range(ncol)]
            for l in lines[i:j]:
                cells = l["text"] + [""] * (ncol - len(l["text"]))
                s = ""
                for c, cell in enumerate(cells):
                    if c == ncol - 1 and re.match(r"^[\d.,]+$", cell):
                        s += cell.rjust(widths[c])
                    else:
                        s += cell.ljust(widths[c] + lay.get("table_gap", 4))
                l["text"] = s.rstrip()
                l["align"] = "left"
            i = j
        else:
            i += 1
    return lines


def paginate(cfg, lines, lines_per_page):
    pages = [[]]
    for l in lines:
        if l["kind"] == "BRK":
            if pages[-1]:
                pages.append([])
            continue
        if len(pages[-1]) >= lines_per_page:
            pages.append([])
        if not pages[-1] and l["kind"] == "blank":
            continue
        pages[-1].append(l)
    # keep a signature name with its role
    return pages


# ----------------------------------------------------------------------------- drawing
class Page:
    def __init__(self, cfg, rng):
        lay = cfg["layout"]
        self.lay = lay
        self.rng = rng
        self.dpi = lay.get("dpi", 300)
        pw, ph = PAPER[lay.get("paper", "a4")]
        self.W, self.H = int(pw * self.dpi), int(ph * self.dpi)
        reg, bold = FONTS[lay.get("font", "nimbus")]
        self.px = lay.get("pt", 11) * self.dpi / 72
        self.font = ImageFont.truetype(reg, int(round(self.px)))
        self.bold = ImageFont.truetype(bold, int(round(self.px)))
        self.cw = self.font.getlength("M")
        self.pitch = lay.get("pitch_pt", 16) * self.dpi / 72
        self.left = (self.W - self.cw * lay["chars"]) / 2 + lay.get("shift_in", 0.1) * self.dpi
        self.top_body = lay.get("top_in", 2.0) * self.dpi
        self.bottom = self.H - lay.get("bottom_in", 0.9) * self.dpi

    def lines_per_page(self):
        return int((self.bottom - self.top_body) // self.pitch)

    def new(self):
        self.img = Image.new("L", (self.W, self.H), 255)
        self.d = ImageDraw.Draw(self.img)

    def draw_str(self, x, y, s, font=None, ink=None, spacing=None, jitter=True):
        font = font or self.font
        lay, rng = self.lay, self.rng
        base = lay.get("ink", 40) if ink is None else ink
        cw = spacing or self.cw
        line_dy = rng.gauss(0, lay.get("line_jitter", 1.0))
        for j, ch in enumerate(s):
            if ch == " ":
                continue
            v = base + abs(rng.gauss(0, lay.get("ink_var", 25)))
            if rng.random() < lay.get("faint_p", 0.015):
                v = rng.uniform(150, 200)
            dx = rng.gauss(0, lay.get("char_jitter", 0.6)) if jitter else 0
            dy = line_dy + (rng.gauss(0, lay.get("char_jitter", 0.6)) if jitter else 0)
            if jitter and rng.random() < lay.get("drop_p", 0.02):
                dy += rng.choice([-1, 1]) * rng.uniform(2, 4)
            self.d.text((x + j * cw + dx, y + dy), ch, font=font, fill=int(min(v, 230)))
            if rng.random() < lay.get("heavy_p", 0.04):
                self.d.text((x + j * cw + dx + 1, y + dy), ch, font=font, fill=int(min(v, 230)))

    def center_x(self, s, cw=None):
        cw = cw or self.cw
        return self.left + (self.lay.get("cur_chars", self.lay["chars"]) * self.cw - len(s) * cw) / 2

    def letterhead(self, page_no):
        lay, rng = self.lay, self.rng
        y = lay.get("head_top_in", 0.55) * self.dpi
        scale = lay.get("head_scale", 1.15)
        hfont = ImageFont.truetype(FONTS[lay.get("font", "nimbus")][1], int(self.px * scale))
        hcw = hfont.getlength("M")
        if lay.get("crest"):
            cx, cy = self.left + 0.3 * self.dpi, y + 0.35 * self.dpi
            r = 0.33 * self.dpi
            self.d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=70, width=5)
            self.d.ellipse([cx - r * .7, cy - r * .75, cx + r * .7, cy + r * .75], outline=90,
                           width=3)
            for k in range(9):
                a = k * math.pi / 4.5
                self.d.line([cx, cy, cx + r * .6 * math.cos(a), cy + r * .6 * math.sin(a)],
                            fill=110, width=3)
        for s in lay.get("letterhead", []):
            font, cw = (hfont, hcw) if not s.startswith("~") else (self.font, self.cw)
            s = s.lstrip("~")
            self.draw_str(self.center_x(s, cw), y, s, font=font, spacing=cw)
            y += self.pitch * (1.05 if font is hfont else 0.95)
        if lay.get("rule", True):
            y += self.pitch * 0.3
            x0, x1 = self.left - 10, self.left + lay["chars"] * self.cw + 10
            self.d.line([x0, y, x1, y], fill=50, width=4)
            if lay.get("rule") == "double":
                self.d.line([x0, y + 9, x1, y + 9], fill=60, width=2)
        st = lay.get("stamp")
        if st:
            txt = st.format(n=page_no)
            font = self.font
            if lay.get("stamp_pos", "tr") == "tr":
                x = self.left + lay["chars"] * self.cw - len(txt.split("\n")[0]) * self.cw + \
                    0.2 * self.dpi
                yy = lay.get("stamp_top_in", 1.45) * self.dpi
            else:
                x = self.center_x(txt)
                yy = self.H - 0.55 * self.dpi
            for k, s in enumerate(txt.split("\n")):
                self.draw_str(x, yy + k * self.pitch * 0.9, s, ink=lay.get("stamp_ink", 70))
            if lay.get("stamp_box"):
                nl = txt.count("\n") + 1
                wmax = max(len(s) for s in txt.split("\n"))
                self.d.rectangle([x - 15, yy - 10, x + wmax * self.cw + 15,
                                  yy + nl * self.pitch * 0.9 + 5], outline=90, width=3)
        ps = lay.get("pstamp")
        if ps:
            txt = ps["fmt"].format(n=page_no)
            yy = rng.uniform(*ps.get("y", [0.3, 0.8])) * self.H
            if ps.get("side", "right") == "right":
                x = self.left + lay["chars"] * self.cw + ps.get("gap_in", 0.25) * self.dpi
            else:
                x = self.left - ps.get("gap_in", 0.25) * self.dpi - len(txt) * self.cw
            self.draw_str(x, yy, txt, ink=ps.get("ink", 60))
        for k, s in enumerate(lay.get("footer", [])):
            yy = self.H - (0.55 - 0.17 * k) * self.dpi
            sf = ImageFont.truetype(FONTS[lay.get("font", "nimbus")][0], int(self.px * 0.8))
            scw = sf.getlength("M")
            self.draw_str(self.center_x(s, scw), yy, s, font=sf, spacing=scw)

    def scribble(self, x, y, w):
        """A cursive-looking signature: a looping pen trace plus an underline flourish."""
        rng = self.rng
        pts = []
        n = 400
        loops = rng.randint(6, 11)
        r = rng.uniform(0.08, 0.14) * self.dpi
        ph = rng.uniform(0, 6)
        for k in range(n):
            t = k / (n - 1)
            env = 0.6 + 0.4 * math.sin(t * math.pi * rng.uniform(0.8, 1.2) + ph)
            pts.append((x + t * w + r * 0.8 * math.cos(t * loops * 2 * math.pi + ph),
                        y - r * 0.6 - r * env * math.sin(t * loops * 2 * math.pi + ph)
                        - 0.15 * self.dpi * math.sin(t * math.pi)))
        ink = rng.randint(30, 90)
        wd = rng.randint(3, 5)
        self.d.line(pts, fill=ink, width=wd, joint="curve")
        x0, x1 = x - 0.1 * self.dpi, x + w * rng.uniform(0.8, 1.1)
        yy = y + rng.uniform(-0.02, 0.05) * self.dpi
        self.d.line([(x0, yy + 6), ((x0 + x1) / 2, yy - 4), (x1, yy + 10)], fill=ink, width=wd,
                    joint="curve")

    def hand(self, x, y, kind):
        """Pen marks in the margin: tick, vertical bar, circle, initials, arrow."""
        rng, u = self.rng, self.dpi / 100
        ink = rng.randint(40, 90)
        wd = max(2, int(2.5 * u))
        def wob(pts):
            return [(a + rng.gauss(0, 0.6 * u), b + rng.gauss(0, 0.6 * u)) for a, b in pts]
        if kind == "tick":
            self.d.line(wob([(x, y), (x + 12 * u, y + 14 * u), (x + 34 * u, y - 22 * u)]),
                        fill=ink, width=wd, joint="curve")
        elif kind == "bar":
            self.d.line(wob([(x + k * 0.4 * u, y + k * 9 * u) for k in range(30)]), fill=ink,
                        width=wd, joint="curve")
        elif kind == "circle":
            r = 22 * u
            pts = [(x + r * math.cos(t / 20 * 2.2 * math.pi), y + 0.8 * r *
                    math.sin(t / 20 * 2.2 * math.pi)) for t in range(21)]
            self.d.line(wob(pts), fill=ink, width=wd, joint="curve")
        elif kind == "arrow":
            self.d.line(wob([(x, y), (x + 50 * u, y + 6 * u)]), fill=ink, width=wd)
            self.d.line(wob([(x + 38 * u, y - 6 * u), (x + 50 * u, y + 6 * u),
                             (x + 36 * u, y + 16 * u)]), fill=ink, width=wd)
        else:  # initials: a short scribble
            self.scribble(x, y, 0.6 * self.dpi)

    def rubber_stamp(self, x, y, lines_txt, angle):
        f = ImageFont.truetype(FONTS["dejavu"][1], int(self.px * 0.85))
        cw = f.getlength("M")
        wmax = max(len(s) for s in lines_txt)
        w, h = int(wmax * cw + 60), int(len(lines_txt) * self.px * 1.3 + 50)
        st = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(st)
        d.rectangle([4, 4, w - 5, h - 5], outline=255, width=6)
        for k, s in enumerate(lines_txt):
            d.text(((w - len(s) * cw) / 2, 25 + k * self.px * 1.3), s, font=f, fill=255)
        st = st.rotate(angle, expand=True, resample=Image.BICUBIC)
        arr = np.array(st, dtype=np.float32) / 255.0
        # patchy stamp ink
        noise = np.random.default_rng(self.rng.randint(0, 10**6)).random(arr.shape)
        arr = arr * (noise > 0.25) * self.rng.uniform(0.45, 0.7)
        base = np.array(self.img, dtype=np.float32)
        x, y = int(x), int(y)
        hh, ww = arr.shape
        hh = min(hh, base.shape[0] - y)
        ww = min(ww, base.shape[1] - x)
        region = base[y:y + hh, x:x + ww]
        base[y:y + hh, x:x + ww] = region * (1 - arr[:hh, :ww]) + 90 * arr[:hh, :ww]
        self.img = Image.fromarray(base.clip(0, 255).astype(np.uint8))
        self.d = ImageDraw.Draw(self.img)

    def render(self, plines, page_no, extras):
        lay = self.lay
        self.new()
        lay["cur_chars"] = lay["chars"]
        self.letterhead(page_no)
        lay["cur_chars"] = lay.get("col_chars", lay["chars"])
        y = self.top_body
        ncol = lay.get("columns", 1)
        cc = lay.get("col_chars", lay["chars"])
        lpp = self.lines_per_page()
        self.line_y = []
        base_left = self.left
        for li_, l in enumerate(plines):
            if ncol > 1:
                c = li_ // lpp
                self.left = base_left + c * (cc + lay.get("col_gap", 4)) * self.cw
                y = self.top_body + (li_ % lpp) * self.pitch
                if lay.get("col_rule") and li_ == 0:
                    xr = base_left + (cc + lay.get("col_gap", 4) / 2) * self.cw
                    self.d.line([xr, self.top_body - 10, xr, self.bottom], fill=90, width=2)
            self.line_y.append((str(l["text"]), y, self.left + l.get("col", 0) * self.cw))
            if l["kind"] != "blank" and l["text"]:
                bold = l.get("bold")
                font = self.bold if bold else self.font
                if l["align"] == "center":
                    x = self.center_x(l["text"])
                elif l["align"] == "right":
                    x = self.left + (lay["chars"] - len(l["text"])) * self.cw
                else:
                    x = self.left + l["col"] * self.cw
                if l.get("sign") and lay.get("scribble", True):
                    self.scribble(x - 0.2 * self.dpi, y - 0.12 * self.dpi,
                                  max(len(l["text"]) * self.cw, 1.6 * self.dpi))
                    if lay.get("sig_line", True):
                        self.d.line([x - 20, y - 8, x + len(l["text"]) * self.cw + 20, y - 8],
                                    fill=60, width=2)
                self.draw_str(x, y, l["text"], font=font)
            y += self.pitch
        self.left = base_left
        for e in extras:
            if e[0] == "stamp":
                _, fx, fy, txt, ang = e
                if isinstance(fy, str):
                    hit = next((t for t in self.line_y if t[0].strip().startswith(fy[1:])), None)
                    if hit is None:
                        print("stamp target not on this page:", fy)
                        continue
                    self.rubber_stamp(hit[2] + fx * self.dpi, hit[1] - 0.25 * self.dpi, txt, ang)
                else:
                    self.rubber_stamp(fx * self.W, fy * self.H, txt, ang)
            elif e[0] == "hand":
                _, fx, fy, kind = e
                self.hand(fx * self.W, fy * self.H, kind)
            elif e[0] == "scribble":
                _, fx, fy, fw = e
                self.scribble(fx * self.W, fy * self.H, fw * self.W)
            elif e[0] == "note":
                _, fx, fy, txt = e
                f = ImageFont.truetype(FONTS["dejavu"][0], int(self.px * 0.9))
                self.draw_str(fx * self.W, fy * self.H, txt, font=f, ink=80,
                              spacing=f.getlength("M"))
        return self.img


def degrade(img, deg, rng):
    nrng = np.random.default_rng(rng.randint(0, 10**9))
    a = np.array(img, dtype=np.float32)
    H, W = a.shape
    # uneven ink: low-frequency field lightens the ink in patches
    gh, gw = max(2, H // 300), max(2, W // 300)
    field = nrng.random((gh, gw)).astype(np.float32)
    field = np.array(Image.fromarray((field * 255).astype(np.uint8)).resize((W, H), Image.BICUBIC),
                     dtype=np.float32) / 255.0
    ink = 255 - a
    ink *= 1 - deg.get("uneven", 0.3) * field
    a = 255 - ink
    img = Image.fromarray(a.clip(0, 255).astype(np.uint8))
    if deg.get("blur", 0) > 0:
        img = img.filter(ImageFilter.GaussianBlur(deg["blur"]))
    ang = deg.get("rot", 0.5)
    img = img.rotate(ang, resample=Image.BICUBIC, fillcolor=deg.get("fill", 255), expand=False)
    a = np.array(img, dtype=np.float32)
    # paper tone and photocopy background
    paper = deg.get("paper", 245)
    bgf = nrng.random((max(2, H // 200), max(2, W // 200))).astype(np.float32)
    bgf = np.array(Image.fromarray((bgf * 255).astype(np.uint8)).resize((W, H), Image.BICUBIC),
                   dtype=np.float32) / 255.0
    bg = paper - deg.get("bg_var", 10) * bgf
    a = a / 255.0 * bg
    # contrast (photocopy): push dark darker and light lighter
    c = deg.get("contrast", 1.0)
    if c != 1.0:
        a = 128 + (a - 128) * c
    # scanner shadow on one edge
    sh = deg.get("shadow", 0)
    if sh:
        side = deg.get("shadow_side", "left")
        wpx = int(0.35 * 300)
        ramp = np.linspace(sh, 0, wpx)
        if side == "left":
            a[:, :wpx] -= ramp[None, :]
        else:
            a[:, -wpx:] -= ramp[::-1][None, :]
    # dark scanner border (lid / outside of the page)
    bd = deg.get("border", 0)
    if bd:
        dpi = deg.get("dpi", 300)
        for side in deg.get("border_sides", ["left", "top"]):
            wpx = int(bd * dpi * nrng.uniform(0.8, 1.2))
            val = nrng.uniform(25, 55)
            if side == "left":
                a[:, :wpx] = val + nrng.normal(0, 8, (H, wpx))
            elif side == "right":
                a[:, -wpx:] = val + nrng.normal(0, 8, (H, wpx))
            elif side == "top":
                a[:wpx, :] = val + nrng.normal(0, 8, (wpx, W))
            else:
                a[-wpx:, :] = val + nrng.normal(0, 8, (wpx, W))
    # speckle
    sp = deg.get("speckle", 0.0)
    if sp:
        n = int(H * W * sp / 1000)
        ys = nrng.integers(0, H, n)
        xs = nrng.integers(0, W, n)
        rs = nrng.integers(1, 4, n)
        img2 = Image.fromarray(a.clip(0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img2)
        for yy, xx, r in zip(ys, xs, rs):
            v = int(nrng.integers(20, 120))
            d.ellipse([xx - r, yy - r, xx + r, yy + r], fill=v)
        a = np.array(img2, dtype=np.float32)
    # vertical photocopy streaks
    for _ in range(deg.get("streaks", 0)):
        x = int(nrng.integers(0, W))
        wd = int(nrng.integers(2, 7))
        a[:, x:x + wd] -= nrng.uniform(20, 60)
    # gaussian noise
    a += nrng.normal(0, deg.get("noise", 6), a.shape)
    img = Image.fromarray(a.clip(0, 255).astype(np.uint8))
    if deg.get("thresh"):
        t = deg["thresh"]
        img = img.point(lambda v: 0 if v < t else 255)
    sc = deg.get("scale", 1.0)
    if sc != 1.0:
        img = img.resize((int(W * sc), int(H * sc)), Image.LANCZOS)
    return img


# ----------------------------------------------------------------------------- main
def ocr(paths):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    procs = {}
    out = {}
    queue = list(paths)
    while queue or procs:
        while queue and len(procs) < 2:
            p = queue.pop(0)
            procs[p] = subprocess.Popen(["tesseract", str(p), "stdout", "-l", "por", "--psm", "3"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        env=env)
        done = None
        for p, pr in procs.items():
            if pr.poll() is not None:
                done = p
                break
        if done is None:
            import time
            time.sleep(0.3)
            continue
        pr = procs.pop(done)
        out[done] = pr.stdout.read().decode("utf-8")
    return [out[p] for p in paths]


def page_summary(pl, laws, gold_ids):
    """First words of the page and which target units it holds."""
    units = [l.get("uid") for l in pl if l.get("uid")]
    return units


def main(argv):
    nid = argv[0]
    do_ocr = "--no-ocr" not in argv
    gold_only = "--gold-only" in argv  # rewrite meta + gold only (keeps NNN.txt and images)
    cfg, laws = parse(ROOT / "src" / f"{nid}.law")
    rng = random.Random(cfg.get("seed", int(nid)))
    gold = build_gold(cfg, laws)
    lines = layout(cfg, laws, rng)
    pg = Page(cfg, rng)
    pages = paginate(cfg, lines, pg.lines_per_page() * cfg["layout"].get("columns", 1))
    tgt = next(i for i, x in enumerate(laws) if x["role"] == "target")
    # book pages: those that hold a line of the target, unless cfg says otherwise
    with_t = [i for i, p in enumerate(pages) if any(l.get("law") == tgt for l in p)]
    keep = cfg.get("book_pages") or list(range(with_t[0], with_t[-1] + 1))
    first_no = cfg["layout"].get("first_page_no", 1)
    order = cfg.get("scan_order") or list(range(len(keep)))
    imgdir = ROOT / "png" / nid
    if gold_only:
        order = []
        do_ocr = False
    imgdir.mkdir(parents=True, exist_ok=True)
    for f in ([] if gold_only else imgdir.glob("*.png")):
        f.unlink()
    paths = []
    info = []
    degs = cfg.get("degrade", {})
    for si, k in enumerate(order):
        bp = keep[k]
        extras = [tuple(e[1:]) for e in cfg.get("extras", []) if e[0] == k]
        img = pg.render(pages[bp], first_no + bp, extras)
        deg = dict(degs.get("all", {}))
        deg["dpi"] = cfg["layout"].get("dpi", 300)
        deg.update(degs.get(str(si), {}))
        if "rot" not in degs.get(str(si), {}):
            deg["rot"] = rng.uniform(*deg.get("rot_range", [-1.0, 1.0]))
        img = degrade(img, deg, rng)
        p = imgdir / f"s{si:02d}_p{first_no + bp}.png"
        img.save(p, optimize=True)
        paths.append(p)
        first = next((l["text"] for l in pages[bp] if l["kind"] not in ("blank",) and l["text"]),
                     "")
        info.append({"scan": si, "book_page": first_no + bp, "first": first[:50],
                     "rot": round(deg["rot"], 2)})
    if not gold_only:
        (imgdir / "pages.json").write_text(json.dumps(info, ensure_ascii=False, indent=1))
    # clean layout dump (for the README / notes)
    with open(imgdir / "layout.txt", "w") as f:
        for bp in keep:
            f.write(f"===== book page {first_no + bp}\n")
            for l in pages[bp]:
                f.write((" " * l["col"] if l["align"] == "left" else "[c] ") + str(l["text"]) + "\n")
    if do_ocr:
        texts = ocr(paths)
        if cfg.get("formfeed", True):
            txt = "".join(t if t.endswith("\f") else t + "\f" for t in texts)
            txt = txt.rstrip("\f")
        else:
            txt = "".join(t.replace("\f", "") for t in texts)
        (ROOT / f"{nid}.txt").write_text(txt, encoding="utf-8")
    (ROOT / f"{nid}.meta.json").write_text(json.dumps(cfg["meta"], ensure_ascii=False) + "\n",
                                          encoding="utf-8")
    gold["notes"] = cfg.get("notes", [])
    shown = {l.get("law") for bp in keep for l in pages[bp]}
    gold["excluded_neighbors"] = [x["desc"] for i, x in enumerate(laws) if x["role"] != "target"
                                  and i in shown and x.get("desc") not in ("", "-")]
    (ROOT / f"{nid}.gold.json").write_text(json.dumps(gold, ensure_ascii=False, indent=1) + "\n",
                                          encoding="utf-8")
    print(nid, "pages", len(keep), "scans", len(order), "units", len(gold["units"]))


if __name__ == "__main__":
    main(sys.argv[1:])
