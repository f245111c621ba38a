"""Typesetting: a book's laws -> lines of a typewritten page -> book pages (text only).

`layout` turns the items of every law into printed lines (wrapping at the typewriter width,
hyphenating some long words at line ends, justifying, centring headings, aligning tables);
`paginate` cuts them into book pages. Both are deterministic for a `random.Random`; the
scanner (scan.py) draws these lines, the text mode (noise.py) prints them.
"""
import dataclasses
import re

from bench.gen.source import ULEVEL
from bench.gen.wrapping import FORCED_BREAK, TYPEWRITER_BREAKING, fits_chars
from bench.gen.wrapping import wrap as wrap_words


def wrap(text, width, first_indent, indent, rng, lay):
    """Return list of (col, string) lines: `text` at the typewriter's width, its words
    hyphenated as the book's layout says ('hyph', 'nohyph'), ' // ' a forced line end."""
    breaking = dataclasses.replace(TYPEWRITER_BREAKING, p_break=lay.get("hyph", 0.6),
                                   p_nohyph=lay.get("nohyph", 0.08))
    lines = wrap_words(text.split(" "), fits_chars(width - first_indent, width - indent), breaking, rng,
                       forced=FORCED_BREAK)
    return [(first_indent if j == 0 else indent, ln.printed) for j, ln in enumerate(lines)]


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
            ncol = max(len(ln["text"]) for ln in lines[i:j])
            widths = [max(len(ln["text"][c]) if c < len(ln["text"]) else 0 for ln in lines[i:j])
                      for c in range(ncol)]
            for ln in lines[i:j]:
                cells = ln["text"] + [""] * (ncol - len(ln["text"]))
                s = ""
                for c, cell in enumerate(cells):
                    if c == ncol - 1 and re.match(r"^[\d.,]+$", cell):
                        s += cell.rjust(widths[c])
                    else:
                        s += cell.ljust(widths[c] + lay.get("table_gap", 4))
                ln["text"] = s.rstrip()
                ln["align"] = "left"
            i = j
        else:
            i += 1
    return lines


def paginate(cfg, lines, lines_per_page):
    pages = [[]]
    for ln in lines:
        if ln["kind"] == "BRK":
            if pages[-1]:
                pages.append([])
            continue
        if len(pages[-1]) >= lines_per_page:
            pages.append([])
        if not pages[-1] and ln["kind"] == "blank":
            continue
        pages[-1].append(ln)
    # keep a signature name with its role
    return pages


