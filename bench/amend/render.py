"""Print an amending law: its paragraphs as printed, then as OCR-like text pages or book items.

`paragraphs(law)` is the law as printed, one entry per printed paragraph:
    {"kind": "center"|"eme"|"pre"|"unit"|"quote"|"close"|"sig"|"role"|"brk", "text": str}
('quote' = a line of quoted text, 'brk' = a forced page break). Two layouts:
- federal (the Planalto/LexML renderer): 'Art. 1º A Lei ...', 'Art. 10. ...', 'I – ...', curly
  quotes, long omission lines, one paragraph per line (or wrapped at 90);
- municipal typewritten: CAPS epígrafe, 'ARTIGO 1º -' / 'Art. 2º.-' labels, hyphen dashes, lines
  wrapped at the typewriter width, the letterhead repeated at the top of every page.
`text_pages` joins them into the seeds' text format (pages split by form feeds); `book_items`
hands them to bench/gen's typesetter and scanner (scan.py here).
"""
from __future__ import annotations

import random

from bench.amend.draw import QUOTES, all_blocks, art_ord
from bench.gen.book import print_pages
from bench.gen.wrapping import fits_chars, wrap
from pipeline.reading.numerals import ordinal_figure


def own_label(law: dict, u: dict) -> str:
    fed = law["style"] == "federal"
    n = u["num"]
    if u["type"] == "artigo":
        if fed:
            return f"Art. {ordinal_figure(int(n))}"
        form = law["layout"]["art"]
        if form == "mixed":
            form = "ARTIGO {o} -" if n == "1" else "Art. {o}.-"
        return form.format(o=art_ord(int(n)))
    return _part_label(u["type"], n, fed, "PARÁGRAFO ÚNICO -")


def quoted_label(law: dict, q: dict) -> str:
    fed = law["style"] == "federal"
    n, suf = q["num"], q.get("suffix", "")
    if q["type"] == "artigo":
        o = art_ord(int(n)) + (f"-{suf}" if suf else "")
        if fed:
            return f"Art. {o}" + ("." if suf or int(n) >= 10 else "")
        return f"Art. {o} -"
    return _part_label(q["type"], n, fed, "Parágrafo único -")


def _part_label(kind: str, n: str, fed: bool, unico: str) -> str:
    """The label of a parágrafo, inciso or alínea, own or quoted alike (``unico``: the municipal
    'Parágrafo único' form, which the two print differently)."""
    if kind == "paragrafo":
        if n == "único":
            return "Parágrafo único." if fed else unico
        return f"§ {art_ord(int(n))}" + ("" if fed else " -")
    if kind == "inciso":
        return f"{n} –" if fed else f"{n} -"
    return f"{n})"


def omission(rng: random.Random, form: str, width: int) -> str:
    if form == "ellipsis":
        return rng.choice(["…", "…", "(...)"])
    return "." * rng.randint(width // 2, width - 8)


def block_paragraphs(law: dict, b: dict, rng: random.Random) -> list:
    width = law["layout"]["width"]
    out: list = []
    for k, q in enumerate(b["items"]):
        if b["brk"] == k:
            out.append({"kind": "brk", "text": ""})
        if q["type"] == "omit":
            out.append({"kind": "quote", "text": omission(rng, q["form"], width)})
        elif q["type"] == "capitulo":
            out.append({"kind": "qcenter", "text": f"CAPÍTULO {q['num']}" + (f"-{q['suffix']}" if q.get("suffix") else "")})
            out.append({"kind": "qcenter", "text": q["title"]})
        elif q["type"] == "artigo" and not q["text"]:
            out.append({"kind": "quote", "text": quoted_label(law, q) + " " + "." * rng.randint(20, width - 20)})
        else:
            out.append({"kind": "quote", "text": f"{quoted_label(law, q)} {q['text']}"})
    opening, closing = QUOTES[b["quote"]]
    first = next(p for p in out if p["kind"] != "brk")
    first["text"] = opening + first["text"]
    mark = {"NR": " (NR)", "AC": " (AC)", None: ""}[b["mark"]]
    if mark and rng.random() < 0.2:
        mark = mark.strip()
    out[-1]["text"] = out[-1]["text"] + closing + mark
    return out


def paragraphs(law: dict) -> list:
    rng = random.Random(f"print:{law['seed']}:{law['id']}")
    fed = law["style"] == "federal"
    out = [{"kind": "center", "text": law["epigrafe"]},
           {"kind": "eme", "text": law["ementa"].upper() if not fed and rng.random() < 0.4 else law["ementa"]},
           {"kind": "pre", "text": law["preamble"]}]

    def visit(u: dict) -> None:
        out.append({"kind": "unit", "text": f"{own_label(law, u)} {u['text']}"})
        for b in u["blocks"]:
            out.extend(block_paragraphs(law, b, rng))
        for c in u["children"]:
            visit(c)

    for a in law["articles"]:
        visit(a)
    out.append({"kind": "close", "text": law["fecho"]})
    for name, role in law["signatures"]:
        out.append({"kind": "sig", "text": name})
        out.append({"kind": "role", "text": role})
    return out


def letterhead(law: dict, page_no: int) -> list:
    city = law["meta"]["municipio"]
    if law["style"] == "federal":
        return [f"DIÁRIO OFICIAL DO MUNICÍPIO DE {city.upper()}",
                f"Ano {law['meta']['ano'] - 1990} - Edição nº {int(law['meta']['numero']) % 900 + 100} - Página {page_no}"]
    return [f"PREFEITURA MUNICIPAL DE {city.upper()}", f"Estado de {law['state']}", ""]


def text_lines(law: dict, p: dict) -> list:
    """One printed paragraph as OCR'd lines (no indentation: OCR text has none)."""
    lay = law["layout"]
    if p["kind"] in ("center", "qcenter", "sig", "role"):
        return [p["text"]]
    if law["style"] == "federal" and lay["one_line"]:
        return [p["text"]]
    width = 90 if law["style"] == "federal" else lay["width"]
    return [ln.text for ln in wrap(p["text"].split(), fits_chars(width))] or [""]


def text_pages(law: dict) -> str:
    """The law as the seeds' OCR text: pages split by form feeds, the letterhead atop each."""
    fed = law["style"] == "federal"
    paras = paragraphs(law)
    page_len = law["page_lines"] + (20 if fed else 0)
    pages: list = [[]]
    paged = not fed or any(p["kind"] == "brk" for p in paras)
    if paged:
        pages[-1] += letterhead(law, 1)
    for p in paras:
        lines = [] if p["kind"] == "brk" else text_lines(law, p)
        if law["layout"]["gap"] and not fed and p["kind"] != "brk":
            lines = lines + [""]
        if paged and (p["kind"] == "brk" or len(pages[-1]) + len(lines) > page_len):
            pages.append(letterhead(law, len(pages) + 1))
        pages[-1] += lines
    return print_pages([_without_blank_end(pg) for pg in pages])


def _without_blank_end(lines: list) -> list:
    while lines and not lines[-1]:
        lines = lines[:-1]
    return lines


def book_items(law: dict) -> list:
    """The law as bench/gen items (source.py markup kinds) for its typesetter and scanner."""
    items: list = []
    for p in paragraphs(law):
        k = p["kind"]
        if k == "center":
            items.append({"k": "EPI", "text": p["text"]})
        elif k == "eme":
            items.append({"k": "EME", "text": p["text"]})
        elif k in ("pre", "unit"):
            items.append({"k": "PRE" if k == "pre" else "X", "text": p["text"]})
        elif k == "quote":
            items.append({"k": "+", "text": p["text"]})
        elif k == "qcenter":
            items.append({"k": "XC", "text": p["text"]})
        elif k == "brk":
            items.append({"k": "BRK"})
        elif k == "close":
            items.append({"k": "C", "text": p["text"]})
        elif k == "sig":
            items.append({"k": "S", "name": p["text"], "role": ""})
        elif k == "role":
            items[-1]["role"] = p["text"]
    return items


def count_blocks(law: dict) -> int:
    return sum(len(all_blocks(a)) for a in law["articles"])
