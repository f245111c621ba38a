"""Scan an amending law as a typewritten book: bench/gen's typesetter, page renderer and damage.

The law's printed paragraphs (render.book_items) go through bench/gen's `layout` and `paginate`
(wrapping, hyphenation, centring) and `Page.render` + `degrade` (ink, jitter, letterhead, blur,
skew, speckle); the pages are written as an image-only PDF at the page's dpi. The gold is the
law's gold, unchanged: what the scan must still yield.
"""
from __future__ import annotations

import random
from pathlib import Path

from bench.amend.render import book_items
from bench.gen.scan import Page, degrade
from bench.gen.typeset import layout, paginate


def page_layout(law: dict, rng: random.Random) -> dict:
    """bench/gen layout knobs for the law's look (letterhead on every page; a book-page stamp)."""
    city, state = law["meta"]["municipio"], law["state"]
    fed = law["style"] == "federal"
    head = ([f"DIÁRIO OFICIAL DO MUNICÍPIO DE {city.upper()}"] if fed else
            [f"PREFEITURA MUNICIPAL DE {city.upper()}", f"~Estado de {state}"])
    return {"font": "dejavu" if fed else rng.choice(["nimbus", "nimbus", "noto"]),
            "pt": 10 if fed else rng.choice([11, 11, 12]), "dpi": 300,
            "paper": "a4" if fed else rng.choice(["a4", "oficio"]),
            "chars": 78 if fed else rng.randint(60, 68), "pitch_pt": 13.5 if fed else rng.choice([14.5, 15, 16]),
            "indent": 4 if fed else rng.choice([6, 8]), "para_gap": 0 if fed else rng.choice([0, 1]),
            "top_in": 1.6, "bottom_in": 0.9, "letterhead": head, "crest": not fed and rng.random() < 0.4,
            "rule": True, "first_page_no": rng.randint(1, 120), "ink": rng.randint(32, 46),
            "ink_var": 8 if fed else rng.randint(15, 25), "faint_p": 0.002 if fed else 0.012,
            "char_jitter": 0.2 if fed else 0.6, "drop_p": 0.0 if fed else 0.02,
            "hyph": 0.0 if fed else 0.5, "nohyph": 0.05, "justify": fed, "law_gap": 2, "sig_gap": 3,
            "quote_indent": 4, "stamp": None if fed else "Fl. {n:02d}"}


def damage(law: dict, rng: random.Random) -> dict:
    d = 0.1 if law["style"] == "federal" else rng.uniform(0.15, 0.55)
    return {"blur": round(0.3 + 0.5 * d, 2), "speckle": round(0.005 + 0.03 * d, 3),
            "uneven": round(0.2 + 0.3 * d, 2), "noise": round(4 + 5 * d, 1),
            "paper": rng.randint(236, 250), "bg_var": rng.randint(6, 12), "streaks": 0,
            "contrast": round(rng.uniform(1.0, 1.2), 2), "dpi": 300}


def scan_law(law: dict, pdf: Path) -> int:
    """Render, damage and write the law's pages as an image-only PDF; the number of pages."""
    rng = random.Random(f"scan:{law['seed']}:{law['id']}")
    cfg = {"id": law["id"], "layout": page_layout(law, rng)}
    laws = [{"role": "target", "desc": "", "items": book_items(law)}]
    lines = layout(cfg, laws, rng)
    page = Page(cfg, rng)
    pages = paginate(cfg, lines, page.lines_per_page())
    deg = damage(law, rng)
    images = []
    for k, plines in enumerate(pages):
        img = page.render(plines, cfg["layout"]["first_page_no"] + k, [])
        images.append(degrade(img, dict(deg, rot=rng.uniform(-0.8, 0.8)), rng))
    pdf.parent.mkdir(parents=True, exist_ok=True)
    images[0].save(pdf, save_all=True, append_images=images[1:], resolution=300.0)
    return len(images)
