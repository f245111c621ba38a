"""Draw one amending law from a seed: its own articles and the blocks of amended text it quotes.

A law is plain data:
    {"id", "style" ("federal" | "municipal"), "meta", "norm", "epigrafe", "ementa", "preamble",
     "articles": [Unit], "fecho", "signatures": [[name, role]], "features": [str], ...}
    Unit  = {"type": "artigo"|"paragrafo"|"inciso"|"alinea", "num", "text", "children": [Unit],
             "blocks": [Block]}                                  a provision of the law itself
    Block = {"items": [Quoted], "mark": "NR"|"AC"|None, "quote": QUOTES key, "target": NormRef,
             "base_art": "8" (a block that starts below an article), "brk": k (page break
             printed before item k, or None)}                    one quotation = one alteração
    Quoted = {"type": "artigo"|"paragrafo"|"inciso"|"alinea"|"capitulo"|"omit", "num",
              "suffix" ("A" for Art. 7º-A), "text", "title", "form" (omission line form)}
What a law covers is chosen by RECIPES: the i-th law of a set takes recipe i (mod the list) and
up to two more at random, so a set of 12 or more covers every recipe. The wording of the law
(own labels, quote marks, page breaks) is rendered by render.py; the gold by gold.py.
"""
from __future__ import annotations

import random

from bench.amend import banks
from bench.gen import draw as gen_draw
from bench.gen.draw import epigrafe_text, fecho_text, law_records, preamble_text, printed_number
from bench.gen.words import date_figures
from pipeline.metadata import state_name
from pipeline.reading.numerals import int_to_roman, ordinal_figure

LETTERS = "abcdefghij"
# quote marks of a block: opening, closing (a lost opening mark is a real OCR loss)
QUOTES = {"curly": ("“", "”"), "straight": ('"', '"'), "apos": ("''", "''"),
          "guillemets": ("«", "»"), "lost": ("", "”")}


class Drawer(gen_draw.Drawer):
    """The random choices of one amending law (one `random.Random`, so one seed gives one law):
    bench/gen's drawer (names, dates, the law's formulas and records) and the quotations."""

    def __init__(self, rng: random.Random, style: str):
        super().__init__(rng, {})
        self.style = style
        self.subject = rng.choice(banks.SUBJECTS)
        organ = self.subject["organ"]
        fem = organ.split()[0] in ("Secretaria", "Controladoria")
        self.slots = {"o_organ": ("a " if fem else "o ") + organ, "O_organ": ("A " if fem else "O ") + organ,
                      "do_organ": ("da " if fem else "do ") + organ, "ao_organ": ("à " if fem else "ao ") + organ,
                      "who": self.subject["who"], "whos": self.subject["whos"]}

    def fill(self, text: str) -> str:
        r = self.r
        return text.format(days=r.choice([10, 15, 30, 60, 90]), value=r.choice([5, 10, 20, 50, 100]),
                           pct=r.choice([10, 20, 25, 30, 40]), **self.slots)

    def quote_style(self) -> str:
        r = self.r
        if self.style == "federal":
            return r.choices(list(QUOTES), [0.6, 0.15, 0.1, 0.05, 0.1])[0]
        return r.choices(list(QUOTES), [0.35, 0.3, 0.15, 0.1, 0.1])[0]

    # -------------------------------------------------------------- quoted provisions
    def q_article(self, num: int, suffix: str = "", pars: int = 0, incs: int = 0,
                  alis: bool = False, omit_caput: bool = False) -> list:
        """A quoted article: caput, then incisos (alíneas under the first) and parágrafos."""
        r = self.r
        bank = [t for t in banks.QUOTED_CAPUT if incs or not t.endswith(":")]
        caput = "" if omit_caput else self.fill(r.choice(bank))
        if incs and caput and not caput.endswith(":"):
            caput = caput.rstrip(".") + ", nos seguintes casos:"
        out = [{"type": "artigo", "num": str(num), "suffix": suffix, "text": caput}]
        inc_texts = r.sample(banks.QUOTED_INC, incs)
        for k, t in enumerate(inc_texts, 1):
            last = k == incs
            if alis and k == 1:
                out.append({"type": "inciso", "num": int_to_roman(k), "text": t + ", observado o seguinte:"})
                for j, a in enumerate(r.sample(banks.QUOTED_ALI, 2), 1):
                    out.append({"type": "alinea", "num": LETTERS[j - 1], "text": a + (";" if j == 1 else ";")})
                continue
            out.append({"type": "inciso", "num": int_to_roman(k), "text": t + ("." if last else ";")})
        for m in range(1, pars + 1):
            out.append({"type": "paragrafo", "num": "único" if pars == 1 and r.random() < 0.5 else str(m),
                        "text": self.fill(r.choice(banks.QUOTED_PAR))})
        return out

    def block(self, items: list, mark: str | None, target: dict, base_art: str | None = None) -> dict:
        return {"items": items, "mark": mark, "quote": self.quote_style(), "target": target,
                "base_art": base_art, "brk": None}

    @staticmethod
    def omit(form: str = "dots") -> dict:
        return {"type": "omit", "form": form}


def cite(t: dict, rng: random.Random) -> str:
    """How the amending law names the amended one ('Lei Municipal nº 939, de 2013', 'Lei nº 12/2001')."""
    num = printed_number(t["numero"])
    form = rng.choice(["year", "slash", "full", "municipal"])
    if form == "slash":
        return f"Lei nº {t['numero']}/{t['ano']}"
    if form == "full":
        return f"Lei nº {num}, de {date_figures(t['day'], t['month'], t['ano'])}"
    if form == "municipal":
        return f"Lei Municipal nº {num}, de {t['ano']}"
    return f"Lei nº {num}, de {t['ano']}"


def art_ord(n: int) -> str:
    """'5º', '10': an article number in running text."""
    return ordinal_figure(n, period=False)


# -------------------------------------------------------------------------- recipes
# Each recipe appends own articles to `arts` (numbering is done afterwards) and returns the
# features it covers. `d` is the Drawer, `t` the amended law (a dict), `c` how it is cited.

def r_short(d: Drawer, t: dict, c: str, arts: list) -> list:
    n = d.r.randint(2, 12)
    intro = d.r.choice([f"Fica alterada a redação do art. {art_ord(n)} da {c}, que passa a vigorar com a seguinte redação:",
                        f"O art. {art_ord(n)} da {c} passa a vigorar com a seguinte redação:"])
    arts.append(unit("artigo", intro, blocks=[d.block(d.q_article(n), "NR", t)]))
    return ["short"]


def r_multi(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    nums = sorted(r.sample(range(2, 25), r.randint(2, 4)))
    blocks = []
    for k, n in enumerate(nums):
        add = k > 0 and r.random() < 0.3
        items = d.q_article(n, "A" if add else "", pars=r.choice([0, 0, 1, 2]))
        blocks.append(d.block(items, "AC" if add else "NR", t))
    arts.append(unit("artigo", f"A {c} passa a vigorar com as seguintes alterações:", blocks=blocks))
    return ["multi_blocks", "added_article"]


def r_nested(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    n = r.randint(3, 9)
    items = d.q_article(n, pars=2, incs=r.randint(3, 4), alis=True)
    add = d.q_article(n, "A", pars=1)
    arts.append(unit("artigo", f"A {c} passa a vigorar com as seguintes alterações:",
                     blocks=[d.block(items, "NR", t), d.block(add, "AC", t)]))
    return ["nested_units", "added_article"]


def r_chapter(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    cap = r.randint(2, 6)
    n = r.randint(12, 30)
    items = [{"type": "capitulo", "num": int_to_roman(cap), "suffix": "A", "title": r.choice(banks.CHAPTER_TITLES)}]
    items += d.q_article(n, "A", pars=r.choice([1, 2]))
    items += d.q_article(n, "B", incs=r.choice([0, 3]))
    arts.append(unit("artigo", f"A {c} passa a vigorar acrescida do seguinte Capítulo {int_to_roman(cap)}-A:",
                     blocks=[d.block(items, "AC", t)]))
    return ["quoted_agrupador", "added_article"]


def r_omit(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    n = r.randint(2, 15)
    form = r.choice(["dots", "ellipsis"])
    items = [{"type": "artigo", "num": str(n), "suffix": "", "text": ""}, d.omit(form),
             {"type": "paragrafo", "num": str(r.randint(2, 4)), "text": d.fill(r.choice(banks.QUOTED_PAR))}]
    if r.random() < 0.6:
        items.append(d.omit(form))  # closed as '.............” (NR)'
    m = n + r.randint(1, 4)
    items2 = d.q_article(m) + [d.omit("dots")] + [
        {"type": "inciso", "num": int_to_roman(r.randint(3, 6)), "text": r.choice(banks.QUOTED_INC) + ";"}, d.omit("dots")]
    arts.append(unit("artigo", f"A {c} passa a vigorar com as seguintes alterações:",
                     blocks=[d.block(items, "NR", t), d.block(items2, "NR", t)]))
    return ["omission_lines"]


def r_consolidation(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    first = r.randint(2, 6)
    count = r.randint(5, 9)
    items: list = []
    for n in range(first, first + count):
        items += d.q_article(n, pars=r.choice([0, 1, 2]), incs=r.choice([0, 0, 3]))
    last = first + count - 1
    arts.append(unit("artigo", f"Os arts. {art_ord(first)} a {art_ord(last)} da {c} passam a vigorar com a seguinte redação:",
                     blocks=[d.block(items, "NR", t)]))
    return ["consolidation"]


def r_renumber(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    n = r.randint(3, 12)
    par = {"type": "paragrafo", "num": "2", "text": d.fill(r.choice(banks.QUOTED_PAR))}
    arts.append(unit("artigo", f"Fica renumerado para § 1º o parágrafo único do art. {art_ord(n)} da {c}, "
                     f"acrescido do § 2º, com a seguinte redação:",
                     blocks=[d.block([par], "AC", t, base_art=str(n))]))
    a, b = sorted(r.sample(range(14, 30), 2))
    arts.append(unit("artigo", f"Ficam renumerados os arts. {a} a {b} da {c}, que passam a ser os arts. "
                     f"{a + 1} a {b + 1}."))
    return ["renumerado"]


def r_incisos(d: Drawer, t: dict, c: str, arts: list) -> list:
    """Amending incisos: each inciso of the law introduces its own quotation."""
    r = d.r
    n = r.randint(2, 8)
    inc1 = unit("inciso", f"o art. {art_ord(n)} passa a vigorar com a seguinte redação:",
                blocks=[d.block(d.q_article(n, pars=1), "NR", t)])
    inc2 = unit("inciso", f"fica acrescido o art. {art_ord(n)}-A, com a seguinte redação:",
                blocks=[d.block(d.q_article(n, "A"), "AC", t)])
    arts.append(unit("artigo", f"A {c} passa a vigorar com as seguintes alterações:", children=[inc1, inc2]))
    return ["amending_incisos", "added_article"]


def r_paragraph(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    n = r.randint(2, 10)
    par = unit("paragrafo", f"O art. {art_ord(n)} da {c} passa a vigorar com a seguinte redação:",
               blocks=[d.block(d.q_article(n, incs=r.choice([0, 3])), "NR", t)], num="único")
    arts.append(unit("artigo", d.fill("Compete {ao_organ} rever os cadastros existentes no prazo de {days} dias."),
                     children=[par]))
    return ["amending_paragraph"]


def r_revoke(d: Drawer, t: dict, c: str, arts: list) -> list:
    r = d.r
    other = f"Lei nº {r.randint(100, 900)}, de {r.randint(min(1970, t['ano']), t['ano'])}"
    incs = [unit("inciso", f"a {other};"),
            unit("inciso", f"o art. {art_ord(r.randint(2, 9))} da {c};"),
            unit("inciso", f"o § {r.randint(1, 3)}º do art. {art_ord(r.randint(10, 19))} da {c}.")]
    arts.append(unit("artigo", "Ficam revogados:", children=incs))
    return ["revocation"]


RECIPES = [r_short, r_multi, r_nested, r_chapter, r_omit, r_consolidation, r_renumber,
           r_revoke, r_incisos, r_paragraph]


def unit(typ: str, text: str, children: list | None = None, blocks: list | None = None,
         num: str | None = None) -> dict:
    return {"type": typ, "num": num, "text": text, "children": children or [], "blocks": blocks or []}


def number_units(arts: list) -> None:
    """Own numbering: articles 1..N, parágrafos 1..M ('único' when alone), incisos I.., alíneas a.."""
    for i, a in enumerate(arts, 1):
        a["num"] = str(i)
        pars = [c for c in a["children"] if c["type"] == "paragrafo"]
        for m, p in enumerate(pars, 1):
            p["num"] = "único" if len(pars) == 1 else str(m)
        for k, inc in enumerate((c for c in a["children"] if c["type"] == "inciso"), 1):
            inc["num"] = int_to_roman(k)


def draw_law(seed: int, index: int, style: str) -> dict:
    """Law `index` (1-based) of the set of `seed`, in `style`."""
    r = random.Random(f"amend:{seed}:{index}")
    d = Drawer(r, style)
    city, uf = r.choice(banks.PLACES)
    year = r.randint(2001, 2023) if style == "federal" else r.randint(1972, 1999)
    month, day = d.month_day()
    num = r.randint(40, 3999)
    tipo = "Lei Complementar" if r.random() < 0.2 else "Lei Ordinária"
    t_year = r.randint(year - 15, year - 1)
    target = {"tipo": "lei", "numero": r.randint(10, max(11, num - 5)), "ano": t_year,
              "day": r.randint(1, 28), "month": r.randint(1, 12), "jurisdicao": "municipal"}
    c = cite(target, r)
    recipes = [RECIPES[(index - 1) % len(RECIPES)]]
    for extra in r.sample(RECIPES, r.choice([0, 1, 1, 2])):
        if extra not in recipes:
            recipes.append(extra)
    if recipes == [r_revoke]:  # every law amends: a revoking law quotes one block too
        recipes.insert(0, r_short)
    if r_revoke in recipes:  # a revocation reads last, before vigência
        recipes.remove(r_revoke)
        recipes.append(r_revoke)
    arts: list = []
    features: list = []
    for rec in recipes:
        features += rec(d, target, c, arts)
    if r.random() < 0.6:  # an own article with own parágrafos after the quotations
        pars = [unit("paragrafo", p) for p in r.sample(banks.OWN_PARS, r.choice([1, 2]))]
        arts.append(unit("artigo", d.fill(r.choice(banks.OWN_AFTER)), children=pars))
        features.append("own_after_with_pars")
    arts.append(unit("artigo", r.choice(banks.VIGENCIA)))
    if r.random() < 0.5:
        arts.append(unit("artigo", r.choice(banks.REVOGA)))
    number_units(arts)
    blocks = [b for a in arts for b in all_blocks(a)]
    for b in blocks:
        if b["quote"] == "lost":
            features.append("lost_open_quote")
        if b["quote"] in ("apos", "guillemets", "straight"):
            features.append(f"quote_{b['quote']}")
    page_break = style == "municipal" or r.random() < 0.4
    if page_break and r.random() < 0.6:  # a page break inside the longest quotation
        b = max(blocks, key=lambda x: len(x["items"]))
        if len(b["items"]) >= 2:
            b["brk"] = r.randint(1, len(b["items"]) - 1)
            features.append("block_across_pages")
    pnum = printed_number(num)
    word = "LEI COMPLEMENTAR" if tipo == "Lei Complementar" else "LEI"
    ementa = f"Altera a {c}, {d.subject['name']}, e dá outras providências."
    mayor = d.name(banks.FIRST, banks.LAST, p_particle=None)
    epigrafe = epigrafe_text(f"{word} Nº", pnum, day, month, year)
    if style == "federal":
        preamble = preamble_text("prefeito_faco", city, uf)
        fecho = f"{city}, {date_figures(day, month, year)}."
    else:
        epigrafe += "."
        preamble = preamble_text("prefeito_faz", city, uf)
        fecho = fecho_text("Prefeitura Municipal", city, day, month, year)
    meta, norm = law_records(tipo, num, year, month, day, city, uf, ementa, f"amend-{seed}-{index:03d}")
    return {"id": f"{index:03d}", "seed": seed, "style": style, "meta": meta, "norm": norm,
            "state": state_name(uf), "epigrafe": epigrafe, "ementa": ementa, "preamble": preamble,
            "articles": arts, "fecho": fecho, "signatures": [[mayor, "Prefeito Municipal"]],
            "recipes": [x.__name__ for x in recipes], "features": sorted(set(features)),
            "page_lines": r.randint(34, 48), "layout": {
                "art": r.choice(["ARTIGO {o} -", "Art. {o}.-", "Art. {o} -", "mixed"]),
                "width": r.randint(58, 72), "gap": r.random() < 0.5,
                "one_line": style == "federal" and r.random() < 0.7}}


def all_blocks(u: dict) -> list:
    """The blocks of a unit and of its children, in printed order."""
    return list(u["blocks"]) + [b for c in u["children"] for b in all_blocks(c)]


def draw_set(seed: int, n: int, federal_every: int = 3) -> list:
    """n laws; every `federal_every`-th one (2nd, 5th, ...) in the federal (Planalto) layout."""
    return [draw_law(seed, i, "federal" if i % federal_every == 2 else "municipal") for i in range(1, n + 1)]
