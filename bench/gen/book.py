"""Build one case of a set from its book: typeset, scan (or print as noisy text), OCR, gold.

    typeset -> pages kept (those holding the target) -> scan order
      mode "ocr"    : draw + damage each scanned page, Tesseract -> NNN.txt   (+ optional PDF)
      mode "images" : draw + damage, no OCR (page images and PDF only)
      mode "text"   : noise.page_text on each scanned page -> NNN.txt          (no images)
      mode "clean"  : the typeset pages in book order, undamaged -> NNN.txt
      mode "gold"   : only NNN.meta.json and the gold
The random draws happen in the same order as in the old bench/qa4-qa6 tools/make.py, so a
hand-written book gives the same page images and gold as before.
"""
import json
import random
from pathlib import Path

from bench.gen import noise
from bench.gen.source import build_gold, finish_gold
from bench.gen.typeset import layout, paginate

MODES = ("ocr", "images", "text", "clean", "gold")


class SetDirs:
    """Where a set's files go: 'flat' (bench/qa*: NNN.txt, NNN.gold.json side by side) or
    'seeds' (like /work/shared: seeds/NNN.txt, seeds/NNN.meta.json, gold/NNN.json)."""

    def __init__(self, root: Path, style: str = "flat"):
        self.root, self.style = Path(root), style

    def text(self, nid: str) -> Path:
        return self.root / ("seeds" if self.style == "seeds" else "") / f"{nid}.txt"

    def meta(self, nid: str) -> Path:
        return self.root / ("seeds" if self.style == "seeds" else "") / f"{nid}.meta.json"

    def gold(self, nid: str) -> Path:
        if self.style == "seeds":
            return self.root / "gold" / f"{nid}.json"
        return self.root / f"{nid}.gold.json"

    def png(self, nid: str) -> Path:
        return self.root / "png" / nid

    def pdf(self, nid: str) -> Path:
        return self.root / "pdf" / f"{nid}.pdf"

    def stems(self) -> list:
        if self.style == "seeds":
            return sorted(p.stem for p in (self.root / "gold").glob("*.json"))
        return sorted(p.name.split(".")[0] for p in self.root.glob("*.gold.json"))


def typeset_book(cfg: dict, laws: list):
    """rng (positioned for the scanner), gold, Page, book pages, kept page indexes."""
    from bench.gen.scan import Page

    rng = random.Random(cfg.get("seed", int(cfg["id"])))
    gold = build_gold(cfg, laws)
    lines = layout(cfg, laws, rng)
    pg = Page(cfg, rng)
    pages = paginate(cfg, lines, pg.lines_per_page() * cfg["layout"].get("columns", 1))
    tgt = next(i for i, x in enumerate(laws) if x["role"] == "target")
    with_t = [i for i, p in enumerate(pages) if any(ln.get("law") == tgt for ln in p)]
    keep = cfg.get("book_pages") or list(range(with_t[0], with_t[-1] + 1))
    return rng, gold, pg, pages, keep


def count_pages(cfg: dict, laws: list) -> int:
    """How many book pages hold the target (what the scan order permutes)."""
    return len(typeset_book(cfg, laws)[4])


def print_pages(pages: list, formfeed: bool = True) -> str:
    """Pages of printed lines -> the text of an OCR'd file: each page after the first opens with
    a form feed (or nothing, as a scan may come), and a newline ends the file. Every set's
    text is written so (textsim's, lawkit's, bench/amend's; noise.page_text's pages too)."""
    return ("\n\f" if formfeed else "\n").join("\n".join(p) for p in pages) + "\n"


def write_case(dirs: SetDirs, nid: str, meta: dict, gold: dict, text: str | None = None) -> None:
    """A case's files, as every generator writes them: NNN.txt (when given), NNN.meta.json (the
    upstream record, one line) and NNN.gold.json (indented one space)."""
    for path in (dirs.text(nid), dirs.meta(nid), dirs.gold(nid)):
        path.parent.mkdir(parents=True, exist_ok=True)
    if text is not None:
        dirs.text(nid).write_text(text, encoding="utf-8")
    dirs.meta(nid).write_text(json.dumps(meta, ensure_ascii=False) + "\n", encoding="utf-8")
    dirs.gold(nid).write_text(json.dumps(gold, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def join_pages(texts: list, formfeed: bool) -> str:
    """Page texts -> one file: form feeds between pages, or none at all (as a scan may come)."""
    if formfeed:
        return "".join(t if t.endswith("\f") else t + "\f" for t in texts).rstrip("\f")
    return "".join(t.replace("\f", "") for t in texts)


def build_case(cfg: dict, laws: list, dirs: SetDirs, mode: str = "ocr", pdf: bool = False,
               lang: str = "por", psm: int = 3, level: float | None = None,
               keep_png: bool = True) -> dict:
    """Write one case's files; returns a summary (pages, scans, units, mode)."""
    if mode not in MODES:
        raise ValueError(f"mode {mode!r} not in {MODES}")
    nid = cfg["id"]
    rng, gold, pg, pages, keep = typeset_book(cfg, laws)
    first_no = cfg["layout"].get("first_page_no", 1)
    order = [] if mode == "gold" else (cfg.get("scan_order") or list(range(len(keep))))
    imgdir = dirs.png(nid)
    imgdir.mkdir(parents=True, exist_ok=True)
    for f in ([] if mode == "gold" else imgdir.glob("*.png")):
        f.unlink()
    texts, paths, info = [], [], []
    if mode in ("ocr", "images"):
        from bench.gen.scan import degrade

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
            info.append(_page_info(si, first_no + bp, pages[bp], round(deg["rot"], 2)))
    elif mode in ("text", "clean"):
        nrng = random.Random(f"{cfg.get('seed')}:text")
        lvl = 0.0 if mode == "clean" else (_level(cfg) if level is None else level)
        if mode == "clean":
            order = list(range(len(keep)))
        for si, k in enumerate(order):
            bp = keep[k]
            texts.append(noise.page_text(pages[bp], cfg, first_no + bp, nrng, lvl))
            info.append(_page_info(si, first_no + bp, pages[bp], 0.0))
    if mode != "gold":
        (imgdir / "pages.json").write_text(json.dumps(info, ensure_ascii=False, indent=1))
    with open(imgdir / "layout.txt", "w") as f:
        for bp in keep:
            f.write(f"===== book page {first_no + bp}\n")
            for ln in pages[bp]:
                f.write((" " * ln["col"] if ln["align"] == "left" else "[c] ") + str(ln["text"]) + "\n")
    if pdf and paths:
        from PIL import Image

        imgs = [Image.open(p) for p in paths]
        dirs.pdf(nid).parent.mkdir(parents=True, exist_ok=True)
        imgs[0].save(dirs.pdf(nid), save_all=True, append_images=imgs[1:],
                     resolution=float(cfg["layout"].get("dpi", 300)))
    if mode == "ocr":
        from bench.gen.scan import ocr

        texts = ocr(paths, lang=lang, psm=psm)
    if not keep_png:
        for p in paths:
            p.unlink()
    shown = {ln.get("law") for bp in keep for ln in pages[bp]}
    gold = finish_gold(gold, cfg, laws, shown)
    if dirs.style == "seeds":
        gold["source"] = f"{nid}.txt"
    write_case(dirs, nid, cfg["meta"], gold, join_pages(texts, cfg.get("formfeed", True)) if texts else None)
    return {"id": nid, "mode": mode, "pages": len(keep), "scans": len(order), "units": len(gold["units"])}


def _page_info(scan: int, book_page: int, plines: list, rot: float) -> dict:
    first = next((ln["text"] for ln in plines if ln["kind"] != "blank" and ln["text"]), "")
    return {"scan": scan, "book_page": book_page, "first": str(first)[:50], "rot": rot}


def _level(cfg: dict) -> float:
    """Text-mode noise level from the scan damage knobs (blur 0.3 .. 0.8 -> 0.3 .. 1)."""
    blur = cfg.get("degrade", {}).get("all", {}).get("blur", 0.55)
    return max(0.3, min(1.0, 0.3 + (blur - 0.3) / 0.5 * 0.7))
