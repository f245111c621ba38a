"""Learn Tesseract's character confusions on label-rich legal lines: the costs of ``pipeline/reading/channel.py``.

Recipe:

1. **Write** lines a Brazilian municipal law prints at a unit start (every label form: ``Art. 1º -``,
   ``ART. 12.``, ``ARTIGO 3º:-``, ``Artigo Primeiro``, ``§ 2º``, ``PARÁGRAFO ÚNICO:-``, roman incisos
   with ``-``/``–``/``)``/``.``, alíneas, itens, ``CAPÍTULO IV`` ...) followed by legal prose, and plain
   prose lines (:func:`write_lines`).
2. **Render** them several to a page with Pillow in typewriter (Nimbus Mono, DejaVu Sans Mono,
   Liberation Mono, FreeMono) and book (Liberation Serif, FreeSerif, Nimbus Roman) faces at
   200-300 dpi, bold or light ink, and **damage** each page (blur, uneven ink, stroke dropout,
   dust specks, many of them just before line starts, photocopy threshold, JPEG, slight skew,
   bleed-through) (:func:`render_page`, :func:`damage_page`).
3. **Read** each page with the pipeline's own OCR stage (``pipeline.ocr.ocr_image``: the page
   preparation of ``pipeline/imageprep.py`` then ``tesseract -l por --psm 4``), one Tesseract at a
   time, and pair each OCR line with the printed line at its height.
4. **Align** printed vs read (weighted Levenshtein with backtrace, multi-character operations such as
   ``II``->``H``, ``rn``->``m``, ``m``->``rn``), re-estimating the costs from the alignments
   a few times (hard EM), and write ``pipeline/data/ocr_confusions.json``: cost = -log P(read | printed)
   relative to a correct reading, additively smoothed.
5. **Evaluate** on held-out pages (never used for the counts): how often the learned cost ranks the
   printed label first among competing labels (``Art. 10`` vs ``Art. 11`` / ``Art. 1`` / ``§ 10``),
   next to plain Levenshtein (every edit costs 1) in the same prefix alignment.

Run::

    PYTHONPATH=$PWD .venv/bin/python bench/learn_confusions.py --pages 60 --work /work/data/channel

``--reuse`` skips rendering and OCR and learns again from the pairs saved under ``--work``.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from scipy import ndimage

# --------------------------------------------------------------------------- fonts

FONT_DIRS = (Path("/usr/share/fonts"),)
MONO_FONTS = (
    "opentype/urw-base35/NimbusMonoPS-Regular.otf",
    "opentype/urw-base35/NimbusMonoPS-Bold.otf",
    "truetype/dejavu/DejaVuSansMono.ttf",
    "truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "truetype/liberation/LiberationMono-Regular.ttf",
    "truetype/liberation/LiberationMono-Bold.ttf",
    "truetype/freefont/FreeMono.ttf",
    "truetype/freefont/FreeMonoBold.ttf",
)
SERIF_FONTS = (
    "truetype/liberation/LiberationSerif-Regular.ttf",
    "truetype/liberation/LiberationSerif-Bold.ttf",
    "truetype/freefont/FreeSerif.ttf",
    "truetype/freefont/FreeSerifBold.ttf",
    "opentype/urw-base35/NimbusRoman-Regular.otf",
    "opentype/urw-base35/NimbusRoman-Bold.otf",
)


def available_fonts() -> tuple[list[str], list[str]]:
    """(monospaced, serif) font files found under /usr/share/fonts."""
    def found(names: Iterable[str]) -> list[str]:
        return [str(d / n) for n in names for d in FONT_DIRS if (d / n).exists()]

    mono, serif = found(MONO_FONTS), found(SERIF_FONTS)
    if not mono:
        raise SystemExit("no monospaced font found under /usr/share/fonts (fonts-urw-base35, fonts-dejavu)")
    return mono, serif


# --------------------------------------------------------------------------- text

_ROMAN = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
          (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
_ORDINAIS = ["Primeiro", "Segundo", "Terceiro", "Quarto", "Quinto", "Sexto", "Sétimo", "Oitavo", "Nono",
             "Décimo"]


def roman(n: int) -> str:
    out = ""
    for value, letters in _ROMAN:
        while n >= value:
            out += letters
            n -= value
    return out


_PROSA = [
    "Fica o Poder Executivo autorizado a firmar convênio com o Estado para a execução dos serviços",
    "A concessão será outorgada mediante licitação, na modalidade de concorrência pública",
    "Compete à Secretaria Municipal de Obras fiscalizar o cumprimento do disposto nesta Lei",
    "O valor da multa será atualizado anualmente, na forma da legislação tributária municipal",
    "As despesas decorrentes desta Lei correrão por conta de dotações próprias do orçamento vigente",
    "É assegurado ao interessado o direito de defesa, no prazo de dez dias contados da notificação",
    "Os recursos serão julgados no prazo de quinze dias, contados do seu recebimento pela Comissão",
    "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário",
    "advertência por escrito, com prazo para a regularização da atividade;",
    "multa de cinco a vinte Unidades Fiscais do Município, dobrada na reincidência;",
    "suspensão da licença por até trinta dias, sem prejuízo das demais sanções;",
    "cassação da permissão e apreensão dos bens e mercadorias encontrados;",
    "certidão negativa de débitos com a Fazenda Pública Municipal;",
    "comprovante de residência no Município há mais de dois anos;",
    "Da Organização Administrativa e das Competências dos Órgãos Municipais",
    "DAS DISPOSIÇÕES GERAIS E TRANSITÓRIAS",
    "DO CONSELHO MUNICIPAL DE DESENVOLVIMENTO RURAL",
    "Dos Tributos de Competência do Município",
    "o serviço de transporte coletivo urbano de passageiros será prestado diretamente",
    "a denominação de logradouros públicos dependerá de parecer da Comissão de Cultura",
    "os servidores ocupantes de cargos em comissão farão jus à gratificação prevista",
    "no exercício de 1987, ficam mantidas as alíquotas fixadas pela Lei nº 1.204/85",
    "nos termos do art. 37 da Constituição Federal e do art. 12 da Lei Orgânica do Município",
    "o Prefeito Municipal regulamentará a presente Lei no prazo de sessenta (60) dias",
    "a importância de Cz$ 150.000,00 (cento e cinquenta mil cruzados) para as obras",
    "observado o disposto no § 2º do art. 5º, no inciso III do art. 8º e na alínea b",
]


def _number_label(rng: random.Random, n: int) -> str:
    """An article label in one of the forms used since the 1940s."""
    word = "Art." if rng.random() < 0.6 else ("ART." if rng.random() < 0.5 else rng.choice(("ARTIGO", "Artigo")))
    if word in ("ARTIGO", "Artigo") and n <= 10 and rng.random() < 0.3:
        num = _ORDINAIS[n - 1] if word == "Artigo" else _ORDINAIS[n - 1].upper()
    elif n < 10:
        num = f"{n}{rng.choice(('º', 'º', 'º', '.º', 'o', '°'))}" if rng.random() < 0.9 else str(n)
    else:
        num = str(n) if rng.random() < 0.7 else f"{n}º"
    sep = rng.choice(("", "", " -", " –", ".", ":-", " :", ".-", "."))
    return f"{word} {num}{sep}"


def write_label(rng: random.Random) -> str:
    """One unit-start label as printed (with its separator)."""
    kind = rng.choices(("art", "par", "parun", "inc", "ali", "item", "grp"), (30, 14, 5, 22, 14, 6, 9))[0]
    if kind == "art":
        n = rng.choice((rng.randint(1, 12), rng.randint(1, 40), rng.randint(1, 250)))
        return _number_label(rng, n)
    if kind == "par":
        n = rng.randint(1, 12)
        num = f"{n}{rng.choice(('º', 'º', '.º', '°'))}" if n < 10 else str(n)
        return f"§ {num}{rng.choice(('', '', ' -', '.', '.-', ' –', ':'))}"
    if kind == "parun":
        return rng.choice(("Parágrafo único.", "Parágrafo único -", "PARÁGRAFO ÚNICO:-", "PARÁGRAFO ÚNICO -",
                           "Parágrafo Único.", "PARÁGRAFO ÚNICO."))
    if kind == "inc":
        n = rng.choice((rng.randint(1, 12), rng.randint(1, 60)))
        return f"{roman(n)} {rng.choice(('-', '-', '–', ')', '.'))}" if rng.random() < 0.8 else \
            f"{roman(n)}{rng.choice((' -', ')', '.', ' –'))}"
    if kind == "ali":
        letter = rng.choice("abcdefghijklmnopqrstuvwxyz"[: rng.choice((6, 12, 26))])
        return f"{letter}{rng.choice((')', ')', ')', ' -', '.'))}"
    if kind == "item":
        return f"{rng.randint(1, 15)}{rng.choice((')', '.', ' -'))}"
    word = rng.choice(("CAPÍTULO", "SEÇÃO", "TÍTULO", "Subseção", "Capítulo", "Seção", "LIVRO"))
    return f"{word} {roman(rng.randint(1, 14))}"


def write_lines(rng: random.Random, n: int, width: int) -> list[str]:
    """``n`` lines of at most ``width`` characters: 70% start with a label, the rest are prose."""
    out = []
    for _ in range(n):
        prose = rng.choice(_PROSA)
        if rng.random() < 0.5:
            prose = prose[0].lower() + prose[1:] if rng.random() < 0.3 else prose
        if rng.random() < 0.7:
            line = f"{write_label(rng)} {prose}"
        else:
            words = prose.split()
            line = " ".join(words[rng.randint(0, len(words) // 2):])
        out.append(_cut(line, width))
    return out


def _cut(line: str, width: int) -> str:
    if len(line) <= width:
        return line
    cut = line.rfind(" ", 0, width + 1)
    return line[: cut if cut > width // 2 else width]


# --------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class PageSpec:
    """How one training page was made: font, resolution, ink and damage."""

    font: str
    dpi: int
    size_px: int
    ink: str  # "bold", "normal", "light"
    damage: tuple[str, ...]


@dataclass(frozen=True)
class RenderedLine:
    text: str
    top: float
    bottom: float
    left: float


def render_page(lines: Sequence[str], spec: PageSpec, rng: random.Random) -> tuple[Image.Image, list[RenderedLine]]:
    """Type ``lines`` on a white A4 page (one every ~2 line heights) and return the page and where each went."""
    w, h = round(8.27 * spec.dpi), round(11.69 * spec.dpi)
    img = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(spec.font, spec.size_px)
    mono = spec.font in _MONO_SET
    pitch = int(spec.size_px * 2.1)
    y = int(0.08 * h)
    base_x = int(rng.uniform(0.08, 0.14) * w)
    placed = []
    for line in lines:
        x = base_x + rng.choice((0, 0, 0, 1, 2, 4)) * spec.size_px * 0.6  # indentation of some units
        ink_base = {"bold": 0, "normal": 25, "light": 95}[spec.ink]
        stroke = 1 if spec.ink == "bold" and rng.random() < 0.7 else 0
        if mono:
            advance = font.getlength("M")
            for i, ch in enumerate(line):  # typewriter: every key strikes with its own force
                if ch == " ":
                    continue
                ink = min(200, ink_base + rng.randint(0, 60))
                pos = (x + i * advance + rng.uniform(-0.6, 0.6), y + rng.choice((-1, 0, 0, 0, 1)))
                draw.text(pos, ch, font=font, fill=ink, stroke_width=stroke, stroke_fill=ink)
        else:
            ink = ink_base + rng.randint(0, 30)
            draw.text((x, y), line, font=font, fill=ink, stroke_width=stroke, stroke_fill=ink)
        bbox = draw.textbbox((x, y), line, font=font)
        placed.append(RenderedLine(line, float(bbox[1]), float(bbox[3]), float(x)))
        y += pitch
    return img, placed


_MONO_SET: set[str] = set()

DAMAGES = ("blur", "uneven", "dropout", "dust", "photocopy", "jpeg", "skew", "bleed")


def choose_damage(rng: random.Random) -> tuple[str, ...]:
    """Two to four damages per page; dust is common (it is what puts junk before labels)."""
    k = rng.choice((1, 2, 2, 3, 3, 4))
    picked = set(rng.sample(DAMAGES, k))
    if rng.random() < 0.5:
        picked.add("dust")
    return tuple(d for d in DAMAGES if d in picked)


def damage_page(img: Image.Image, placed: Sequence[RenderedLine], spec: PageSpec, rng: random.Random) -> Image.Image:
    """Apply ``spec.damage`` in a fixed order (skew last but JPEG, which is how a scan is saved)."""
    nrng = np.random.default_rng(rng.randint(0, 2**31))
    arr = np.asarray(img, dtype=np.float32) / 255.0
    h, w = arr.shape
    scale = spec.dpi / 200.0
    dmg = set(spec.damage)
    if "bleed" in dmg:  # the other side's text, mirrored and soft
        back = arr[:, ::-1]
        back = np.roll(back, int(rng.uniform(-0.3, 0.3) * spec.size_px * 2), axis=0)
        back = ndimage.gaussian_filter(back, 1.5 * scale)
        arr = arr * (1 - rng.uniform(0.25, 0.45) * (1 - back))
    if "uneven" in dmg:  # ink that varies over the page (ribbon wear, pressure)
        field = ndimage.gaussian_filter(nrng.random((h // 8, w // 8)).astype(np.float32), 6)
        field = (field - field.min()) / max(1e-6, float(np.ptp(field)))
        field = np.kron(field, np.ones((8, 8), np.float32))[:h, :w]
        field = np.pad(field, ((0, h - field.shape[0]), (0, w - field.shape[1])), mode="edge")
        loss = rng.uniform(0.35, 0.65)
        arr = 1 - (1 - arr) * (1 - loss * field)
    if "dropout" in dmg:  # broken strokes: small holes in the ink
        holes = ndimage.gaussian_filter(nrng.random((h, w)).astype(np.float32), 1.2 * scale)
        thr = np.quantile(holes, 1 - rng.uniform(0.06, 0.16))
        arr = np.where(holes > thr, np.maximum(arr, 0.85), arr)
    if "blur" in dmg:
        arr = ndimage.gaussian_filter(arr, rng.uniform(0.6, 1.5) * scale)
    if "dust" in dmg:
        arr = _dust(arr, placed, spec, rng, nrng)
    arr = arr * rng.uniform(0.9, 0.96) + nrng.normal(0, 0.02, arr.shape).astype(np.float32)  # paper and sensor
    out = Image.fromarray((np.clip(arr, 0, 1) * 255).astype(np.uint8), "L")
    if "skew" in dmg:
        out = out.rotate(rng.choice((-1, 1)) * rng.uniform(0.2, 1.2), resample=Image.Resampling.BICUBIC,
                         fillcolor=int(rng.uniform(225, 245)))
    if "photocopy" in dmg:  # a bitonal copy of a copy: thresholded after a little blur
        soft = out.filter(ImageFilter.GaussianBlur(0.6 * scale))
        a = np.asarray(soft, dtype=np.float32) / 255 + nrng.normal(0, 0.06, (h, w))
        out = Image.fromarray(((a > rng.uniform(0.45, 0.65)) * 255).astype(np.uint8), "L")
    if "jpeg" in dmg:
        buf = io.BytesIO()
        out.save(buf, format="JPEG", quality=rng.randint(12, 35))
        out = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    out.info["dpi"] = (spec.dpi, spec.dpi)
    return out


def _dust(arr: np.ndarray, placed: Sequence[RenderedLine], spec: PageSpec, rng: random.Random,
          nrng: np.random.Generator) -> np.ndarray:
    """Specks over the page, and marks of the size of a point or comma just before some line starts."""
    h, w = arr.shape
    arr = arr.copy()
    scale = spec.dpi / 200.0
    for _ in range(int(rng.uniform(300, 1500) * scale * scale)):
        y, x = int(nrng.integers(0, h)), int(nrng.integers(0, w))
        r = max(1, int(rng.choice((1, 1, 2, 2, 3)) * scale))
        arr[max(0, y - r):y + r, max(0, x - r):x + r] = rng.uniform(0.0, 0.4)
    for ln in placed:
        if rng.random() > 0.35:
            continue
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            size = spec.size_px * rng.uniform(0.08, 0.22)
            cx = ln.left - spec.size_px * rng.uniform(0.3, 1.6)
            cy = rng.uniform(ln.top, ln.bottom + spec.size_px * 0.1)
            shape = rng.random()
            if shape < 0.5:  # a round speck
                ry, rx = size, size * rng.uniform(0.7, 1.3)
            elif shape < 0.8:  # a short vertical scratch (reads as | ! ' :)
                ry, rx = size * rng.uniform(1.8, 4), size * 0.5
            else:  # a short horizontal one (reads as - _ ~)
                ry, rx = size * 0.5, size * rng.uniform(1.8, 3.5)
            y0, y1 = int(max(0, cy - ry)), int(min(h, cy + ry))
            x0, x1 = int(max(0, cx - rx)), int(min(w, cx + rx))
            if y1 > y0 and x1 > x0:
                yy, xx = np.mgrid[y0:y1, x0:x1]
                inside = ((yy - cy) / max(ry, 1)) ** 2 + ((xx - cx) / max(rx, 1)) ** 2 <= 1
                arr[y0:y1, x0:x1][inside] = rng.uniform(0.0, 0.3)
    return arr


# --------------------------------------------------------------------------- OCR


def ocr_page(image: Image.Image, dpi: int) -> list[tuple[float, float, str]]:
    """The pipeline's own page OCR (preparation + Tesseract ``-l por --psm 4``): (top, left, text) per line."""
    from pipeline.config import OcrConfig
    from pipeline.ocr import ocr_image

    page = ocr_image(image, page_index=0, dpi=float(dpi), config=OcrConfig())
    out = []
    for ln in page.lines:
        if ln.bbox is None:
            continue
        out.append(((ln.bbox[1] + ln.bbox[3]) / 2, ln.bbox[0], ln.text))
    return out


def pair_lines(placed: Sequence[RenderedLine], read: Sequence[tuple[float, float, str]],
               pitch: float) -> list[tuple[str, str]]:
    """Each printed line with the OCR text whose centre lies at its height ('' when nothing was read)."""
    got: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for cy, left, text in read:
        best = min(range(len(placed)), key=lambda i: abs((placed[i].top + placed[i].bottom) / 2 - cy))
        if abs((placed[best].top + placed[best].bottom) / 2 - cy) < pitch * 0.45:
            got[best].append((left, text))
    return [(ln.text, " ".join(t for _, t in sorted(got.get(i, [])))) for i, ln in enumerate(placed)]


def generate_pairs(n_pages: int, seed: int, log: Path | None = None) -> list[dict]:
    """Render, damage and OCR ``n_pages`` pages; one record per printed line."""
    from pipeline.ocr import tesseract_version

    rng = random.Random(seed)
    mono, serif = available_fonts()
    _MONO_SET.update(mono)
    records = []
    t0 = time.time()
    for page_no in range(n_pages):
        font = rng.choice(mono) if (rng.random() < 0.7 or not serif) else rng.choice(serif)
        dpi = rng.choice((200, 240, 300))
        pt = rng.uniform(10, 13)
        spec = PageSpec(font=font, dpi=dpi, size_px=round(pt / 72 * dpi),
                        ink=rng.choices(("bold", "normal", "light"), (3, 4, 3))[0], damage=choose_damage(rng))
        font_obj = ImageFont.truetype(font, spec.size_px)
        avail = 0.74 * 8.27 * dpi
        width = max(20, int(avail / max(1.0, font_obj.getlength("abcdefghij klmnopqrst") / 21)))
        n_lines = min(26, int((0.84 * 11.69 * dpi) / (spec.size_px * 2.1)))
        lines = write_lines(rng, n_lines, width)
        img, placed = render_page(lines, spec, rng)
        img = damage_page(img, placed, spec, rng)
        read = ocr_page(img, dpi)
        for printed, got in pair_lines(placed, read, spec.size_px * 2.1):
            records.append({"page": page_no, "font": Path(font).name, "dpi": dpi, "size_px": spec.size_px,
                            "ink": spec.ink, "damage": list(spec.damage), "printed": printed, "read": got})
        print(f"page {page_no + 1}/{n_pages}: {Path(font).name} {dpi} dpi {spec.ink} {'+'.join(spec.damage)}"
              f" {len(placed)} lines, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    if log:
        log.write_text(json.dumps({"tesseract": tesseract_version(), "seed": seed, "pages": n_pages}))
    return records



# --------------------------------------------------------------------------- alignment

# (printed, read) pairs always tried as one operation (kept only if the data confirm them)
PRIOR_MULTI = (("II", "H"), ("II", "U"), ("III", "HI"), ("rn", "m"), ("m", "rn"), ("ni", "m"), ("in", "m"),
               ("cl", "d"), ("li", "h"), ("º", "°"), ("§ ", "8"), ("§", "$$"), ("1º", "12"), ("nt", "m"),
               ("IV", "TV"), ("VI", "VL"), ("ll", "U"), ("º.", "*"), ("º", "*."))

Op = tuple[str, str]  # (printed, read): ("a", "a") right, ("a", "") deletion, ("", "a") insertion


@dataclass
class Costs:
    """The costs one alignment pass uses (plain Levenshtein before anything was learned)."""

    sub: dict[str, dict[str, float]]
    dele: dict[str, float]
    ins: dict[str, float]
    dust: dict[str, float]
    multi: dict[tuple[str, str], float]
    sub_default: float = 1.0
    del_default: float = 1.0
    ins_default: float = 1.0
    dust_default: float = 1.0

    def s(self, a: str, b: str) -> float:
        return 0.0 if a == b else self.sub.get(a, {}).get(b, self.sub_default)


def align(printed: str, read: str, costs: Costs) -> list[Op]:
    """Cheapest alignment of the whole printed line with the whole read line, as operations.

    Leading insertions (before the first printed character) are dust and cost ``costs.dust``."""
    n, m = len(printed), len(read)
    inf = float("inf")
    D = [[inf] * (m + 1) for _ in range(n + 1)]
    B: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    D[0][0] = 0.0
    for j in range(1, m + 1):
        D[0][j] = D[0][j - 1] + costs.dust.get(read[j - 1], costs.dust_default)
        B[0][j] = (0, 1)
    multi_keys = costs.multi
    lens = sorted({(len(p), len(r)) for p, r in multi_keys})
    for i in range(1, n + 1):
        a = printed[i - 1]
        da = costs.dele.get(a, costs.del_default)
        Di, Dp = D[i], D[i - 1]
        Bi = B[i]
        Di[0], Bi[0] = Dp[0] + da, (1, 0)
        for j in range(1, m + 1):
            b = read[j - 1]
            best, step = Dp[j - 1] + costs.s(a, b), (1, 1)
            v = Dp[j] + da
            if v < best:
                best, step = v, (1, 0)
            v = Di[j - 1] + costs.ins.get(b, costs.ins_default)
            if v < best:
                best, step = v, (0, 1)
            for k, ln in lens:
                if k <= i and ln <= j:
                    c = multi_keys.get((printed[i - k:i], read[j - ln:j]))
                    if c is not None and D[i - k][j - ln] + c < best:
                        best, step = D[i - k][j - ln] + c, (k, ln)
            Di[j], Bi[j] = best, step
    ops: list[Op] = []
    i, j = n, m
    while i or j:
        step = B[i][j]
        assert step is not None
        k, ln = step
        ops.append((printed[i - k:i], read[j - ln:j]))
        i, j = i - k, j - ln
    ops.reverse()
    return ops


def multi_candidates(ops: Sequence[Op]) -> Iterable[tuple[str, str]]:
    """Runs of adjacent edits whose printed and read sides differ in length (1-3 characters each)."""
    run: list[Op] = []
    for op in [*ops, ("#", "#")]:
        if op[0] != op[1] and op[0] != " " and op[1] != " ":
            run.append(op)
            continue
        if len(run) >= 2:
            p, r = "".join(x for x, _ in run), "".join(y for _, y in run)
            if 1 <= len(p) <= 3 and 1 <= len(r) <= 3 and len(p) != len(r):
                yield p, r
        run = []


@dataclass
class Counts:
    ident: Counter
    sub: dict[str, Counter]
    dele: Counter
    ins: Counter
    dust: Counter
    multi: Counter
    lines: int = 0
    dust_lines: int = 0
    lost: int = 0

    @property
    def printed_chars(self) -> int:
        return sum(self.ident.values()) + sum(sum(c.values()) for c in self.sub.values()) + sum(self.dele.values())


def _runs_to_skip(ops: Sequence[Op], longest: int = 3) -> set[int]:
    """Indices of ops inside runs of more than ``longest`` deletions or insertions in a row: a word
    or a line's end Tesseract lost (or a scrap it made up), not a character misread."""
    skip: set[int] = set()
    for kind in ("del", "ins"):
        run: list[int] = []
        for k, (p, r) in enumerate([*ops, ("#", "#")]):
            hit = (len(p) == 1 and r == "") if kind == "del" else (p == "" and len(r) == 1)
            if hit:
                run.append(k)
                continue
            if len(run) > longest:
                skip.update(run)
            run = []
    return skip


def count_ops(alignments: Iterable[list[Op]]) -> Counts:
    c = Counts(Counter(), defaultdict(Counter), Counter(), Counter(), Counter(), Counter())
    for ops in alignments:
        c.lines += 1
        skip = _runs_to_skip(ops)
        lead = True
        had_dust = False
        for k, (p, r) in enumerate(ops):
            if lead and p == "":
                if r != " ":
                    c.dust[r] += 1
                    had_dust = True
                continue
            lead = False
            if k in skip:
                c.lost += 1
                continue
            if len(p) == 1 and len(r) == 1:
                if p == r:
                    c.ident[p] += 1
                else:
                    c.sub[p][r] += 1
            elif len(p) == 1 and r == "":
                c.dele[p] += 1
            elif p == "" and len(r) == 1:
                c.ins[r] += 1
            else:
                c.multi[(p, r)] += 1
        c.dust_lines += had_dust
    return c


MIN_SIMILARITY = 0.6
ALPHA = 10.0  # additive smoothing mass, spread over the ~V possible outcomes
MAX_COST = 6.0  # an unrelated character: what a cost is never above
MIN_COST = 0.05
SPACE_COST = 0.5  # by design: Tesseract's word spacing is no evidence between labels
DUST_SPACE = 0.2


def _clip(x: float) -> float:
    return round(min(MAX_COST, max(MIN_COST, x)), 3)


def estimate(c: Counts, printed_texts: Sequence[str]) -> tuple[dict, dict]:
    """Costs (-log P(read | printed) - -log P(printed | printed)) with additive smoothing, and defaults."""
    outcomes = max(50, len(set(c.ident) | {r for s in c.sub.values() for r in s}))
    total = c.printed_chars
    n_sub = sum(sum(s.values()) for s in c.sub.values())
    r_sub, r_del = n_sub / total, sum(c.dele.values()) / total
    r_ins = sum(c.ins.values()) / total
    multi_src = Counter()
    for (p, _), k in c.multi.items():
        multi_src[p] += k

    def n_of(x: str) -> float:
        return c.ident[x] + sum(c.sub[x].values()) + c.dele[x] + multi_src.get(x, 0)

    def p_right(x: str) -> float:
        return (c.ident[x] + ALPHA * (1 - r_sub - r_del)) / (n_of(x) + ALPHA)

    subs: dict[str, dict[str, float]] = {}
    for x, reads in sorted(c.sub.items()):
        row = {}
        for y, k in sorted(reads.items()):
            p = (k + ALPHA * r_sub / outcomes) / (n_of(x) + ALPHA)
            row[y] = _clip(-math.log(p) + math.log(p_right(x)))
        if row:
            subs[x] = row
    dels = {}
    for x, k in sorted(c.dele.items()):
        p = (k + ALPHA * r_del) / (n_of(x) + ALPHA)
        dels[x] = _clip(-math.log(p) + math.log(p_right(x)))
    dels[" "] = min(dels.get(" ", SPACE_COST), SPACE_COST)
    ins = {}
    for y, k in sorted(c.ins.items()):
        ins[y] = _clip(-math.log((k + ALPHA * r_ins / outcomes) / (total + ALPHA)))
    ins[" "] = min(ins.get(" ", SPACE_COST), SPACE_COST)
    dust = {}
    dust_total = sum(c.dust.values())
    for y, k in sorted(c.dust.items()):
        dust[y] = _clip(-math.log((k + ALPHA / outcomes) / (dust_total + ALPHA)))
    occurrences = Counter()
    for (p, _) in c.multi:
        if p not in occurrences:
            occurrences[p] = sum(t.count(p) for t in printed_texts)
    multi: dict[str, dict[str, float]] = {}
    for (p, r), k in sorted(c.multi.items()):
        if k < 2 or not p or not r:
            continue
        cost = _clip(-math.log((k + 0.5) / (occurrences[p] + 1)))
        multi.setdefault(p, {})[r] = cost
    defaults = {
        "substitution": _clip(-math.log(ALPHA * r_sub / outcomes / (2000 + ALPHA))),
        "case": _median_cost(subs, lambda x, y: x != y and x.lower() == y.lower(), 3.0),
        "accent": _median_cost(subs, lambda x, y: x != y and _base(x) == _base(y) and x.lower() != y.lower(), 2.5),
        "deletion": _clip(-math.log(ALPHA * r_del / (2000 + ALPHA))),
        "insertion": _clip(-math.log(ALPHA * r_ins / outcomes / (total + ALPHA))),
        "dust": _clip(-math.log(ALPHA / outcomes / (dust_total + ALPHA))),
        "space": SPACE_COST,
        "dust_space": DUST_SPACE,
    }
    return {"substitutions": subs, "deletions": dels, "insertions": ins, "dust": dust, "multi": multi}, defaults


def _base(ch: str) -> str:
    """A letter without its accents, lower-cased: the base of ``'Á'`` is ``'a'``."""
    import unicodedata

    return unicodedata.normalize("NFD", ch)[0].lower()


def _median_cost(subs: dict[str, dict[str, float]], related, fallback: float) -> float:
    """The median learned cost of the pairs ``related(printed, read)`` selects (the default for such
    pairs not seen in training), or ``fallback`` when none was seen."""
    got = sorted(v for x, row in subs.items() for y, v in row.items() if related(x, y))
    return round(got[len(got) // 2], 3) if got else fallback


def costs_for_alignment(costs: dict, defaults: dict, candidates: Iterable[tuple[str, str]]) -> Costs:
    multi = {(p, r): v for p, reads in costs["multi"].items() for r, v in reads.items()}
    for p, r in candidates:
        multi.setdefault((p, r), 1.5)
    return Costs(sub=costs["substitutions"], dele=costs["deletions"], ins=costs["insertions"], dust=costs["dust"],
                 multi=multi, sub_default=defaults["substitution"], del_default=defaults["deletion"],
                 ins_default=defaults["insertion"], dust_default=defaults["dust"])


def learn(pairs: Sequence[tuple[str, str]], rounds: int = 3) -> tuple[dict, dict, Counts]:
    """Hard EM: align with the current costs, count, re-estimate; start from plain Levenshtein."""
    printed = [p for p, _ in pairs]
    current = Costs({}, {}, {}, {}, {})
    counts = None
    for rnd in range(rounds):
        t = time.time()
        alignments = [align(p, r, current) for p, r in pairs]
        counts = count_ops(alignments)
        costs, defaults = estimate(counts, printed)
        cands: Counter = Counter()
        if rnd == 0:
            for ops in alignments:
                cands.update(multi_candidates(ops))
        keep = [pr for pr, k in cands.items() if k >= 2] + list(PRIOR_MULTI)
        if rnd > 0:
            keep = list(PRIOR_MULTI)
        current = costs_for_alignment(costs, defaults, keep)
        print(f"round {rnd + 1}: {len(pairs)} lines aligned in {time.time() - t:.0f} s, "
              f"{sum(sum(s.values()) for s in counts.sub.values())} substitutions, {sum(counts.dele.values())} "
              f"deletions, {sum(counts.ins.values())} insertions, {sum(counts.dust.values())} dust, "
              f"{sum(counts.multi.values())} multi", file=sys.stderr, flush=True)
    assert counts is not None
    return costs, defaults, counts


# --------------------------------------------------------------------------- evaluation

_LABEL_RES = [
    ("art", re.compile(r"^(Art\.|ART\.|ARTIGO|Artigo) (\d+)(º|\.º|o|°)?(?=$|[\s.:;–-])")),
    ("artword", re.compile(r"^(ARTIGO|Artigo) ([A-ZÉa-zé]+)(?=$|[\s.:;–-])")),
    ("par", re.compile(r"^(§) (\d+)(º|\.º|°)?(?=$|[\s.:;–-])")),
    ("parun", re.compile(r"^(Parágrafo único|PARÁGRAFO ÚNICO|Parágrafo Único)")),
    ("grp", re.compile(r"^(CAPÍTULO|SEÇÃO|TÍTULO|Subseção|Capítulo|Seção|LIVRO) ([IVXLC]+)\b")),
    ("inc", re.compile(r"^()([IVXLC]+)(?= ?[-–).])")),
    ("ali", re.compile(r"^()([a-z])(\))")),
    ("item", re.compile(r"^()(\d+)(\))")),
]


def _roman_value(s: str) -> int:
    vals = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for a, b in zip(s, [*s[1:], ""], strict=True):
        v = vals[a]
        total += -v if b and vals[b] > v else v
    return total


def label_candidates(printed: str) -> tuple[str, str, list[str]] | None:
    """(kind, the printed label, competing labels a decoder would weigh) of a line, or None for prose."""
    for kind, rx in _LABEL_RES:
        m = rx.match(printed)
        if not m:
            continue
        if kind == "art":
            word, n, suffix = m.group(1), int(m.group(2)), m.group(3) or ""
            def form(k: int, word: str = word, suffix: str = suffix, n: int = n) -> str:
                return f"{word} {k}{suffix if (k < 10 or n >= 10) else ''}" if suffix else f"{word} {k}"
            others = {n - 1, n + 1, n - 2, n + 2, n * 10 + 2, n * 10 + 1, n // 10, n % 10 if n >= 10 else n * 10}
            comp = [form(k) for k in sorted(others) if k >= 1 and k != n] + [f"§ {n}º" if n < 10 else f"§ {n}"]
            return kind, form(n), comp
        if kind == "par":
            n, suffix = int(m.group(2)), m.group(3) or ""
            def pform(k: int, suffix: str = suffix) -> str:
                return f"§ {k}{suffix if k < 10 else ''}"
            others = {n - 1, n + 1, n + 2, n * 10 + 2, n // 10}
            comp = [pform(k) for k in sorted(others) if k >= 1 and k != n] + [f"Art. {n}º" if n < 10 else f"Art. {n}"]
            return kind, pform(n), comp
        if kind in ("grp", "inc"):
            word, n = m.group(1), _roman_value(m.group(2))
            lead = f"{word} " if word else ""
            comp = [f"{lead}{roman(k)}" for k in sorted({n - 1, n + 1, n - 2, n + 2, n + 10}) if k >= 1 and k != n]
            return kind, f"{lead}{roman(n)}", comp
        if kind == "ali":
            k = ord(m.group(2)) - ord("a")
            comp = [f"{chr(ord('a') + x)})" for x in (k - 2, k - 1, k + 1, k + 2) if 0 <= x < 26]
            return kind, m.group(2) + ")", comp + ["1)", "l)"] * 0
        if kind == "item":
            n = int(m.group(2))
            comp = [f"{k})" for k in sorted({n - 1, n + 1, n + 10, n // 10}) if k >= 1 and k != n]
            return kind, f"{n})", comp
        if kind == "parun":
            return kind, m.group(1), ["§ 1º", "Art. 1º", "§ 2º"]
        return None  # ordinal words: no numeric neighbours to compete
    return None


def rank_true_label(model: object, read: str, true: str, competitors: Sequence[str],
                    boundary_penalty: float = 2.0) -> float:
    """1 when the printed label is strictly cheapest, 1/k when tied with k-1 others, else 0."""
    from pipeline.reading.channel import boundary_ok, prefix_cost

    def score(label: str) -> float:
        cost, end = prefix_cost(label, read, model=model)  # type: ignore[arg-type]
        return cost + (0.0 if boundary_ok(read, end) else boundary_penalty)

    t = score(true)
    others = [score(c) for c in competitors]
    if any(o < t for o in others):
        return 0.0
    return 1.0 / (1 + sum(1 for o in others if o == t))


def evaluate(held: Sequence[tuple[str, str]], models: dict[str, object]) -> dict[str, dict[str, float]]:
    """Top-1 rate of the printed label among its competitors, per label kind and overall, per model."""
    per: dict[str, dict[str, list[float]]] = {name: defaultdict(list) for name in models}
    for printed, read in held:
        got = label_candidates(printed)
        if not got or not read:
            continue
        kind, true, comp = got
        for name, model in models.items():
            r = rank_true_label(model, read, true, comp)
            per[name][kind].append(r)
            per[name]["all"].append(r)
            if not read.startswith(true):
                per[name]["all (misread)"].append(r)
    return {name: {k: round(sum(v) / len(v), 3) for k, v in sorted(d.items())} | {
        f"n {k}": len(v) for k, v in sorted(d.items())} for name, d in per.items()}


def learn_and_report(records: Sequence[dict], meta: dict, args: argparse.Namespace) -> int:
    """Learn on the training pages, evaluate on the held-out ones, write the JSON and the fixture."""
    from rapidfuzz.distance import Indel

    from pipeline.reading.channel import ConfusionModel

    # a line whose reading shares less than MIN_SIMILARITY of its characters with the print is a
    # pairing or a page Tesseract lost, not a sample of character confusions
    usable = [r for r in records if Indel.normalized_similarity(r["printed"], r["read"]) >= MIN_SIMILARITY]
    train = [(r["printed"], r["read"]) for r in usable if r["page"] % 5 != 4]
    held = [(r["printed"], r["read"]) for r in usable if r["page"] % 5 == 4]
    costs, defaults, counts = learn(train)
    doc = {
        "format": "locleg-ocr-confusions/1",
        "name": f"tesseract {meta.get('tesseract', '?')} por psm4, learned {time.strftime('%Y-%m-%d')}",
        "units": "natural log: cost = -log P(read | printed) + log P(printed read right); 0 = exact",
        "costs": costs,
        "defaults": defaults,
        "made": {
            "script": "bench/learn_confusions.py",
            "tesseract": meta.get("tesseract"),
            "ocr": "pipeline.ocr.ocr_image (pipeline.imageprep preparation, tesseract -l por --psm 4 --oem 1)",
            "seed": meta.get("seed"),
            "pages": len({r["page"] for r in records}),
            "lines": len(records),
            "lines_unread": len(records) - len(usable),
            "train_lines": len(train),
            "held_out_lines": len(held),
            "printed_chars": counts.printed_chars,
            "fonts": sorted({r["font"] for r in records}),
            "dpi": sorted({r["dpi"] for r in records}),
            "ink": sorted({r["ink"] for r in records}),
            "damage": sorted({d for r in records for d in r["damage"]}),
            "counts": {"substitutions": sum(sum(s.values()) for s in counts.sub.values()),
                       "deletions": sum(counts.dele.values()), "insertions": sum(counts.ins.values()),
                       "dust": sum(counts.dust.values()), "dust_lines": counts.dust_lines,
                       "multi": sum(counts.multi.values()),
                       "lost_in_long_runs": counts.lost},
            "min_similarity": MIN_SIMILARITY,
            "smoothing": f"additive, alpha={ALPHA} spread over the outcomes; costs clipped to "
                         f"[{MIN_COST}, {MAX_COST}]; space insertion/deletion capped at {SPACE_COST} by design",
        },
    }
    model = ConfusionModel.from_dict(doc)
    result = evaluate(held, {"learned": model, "levenshtein": ConfusionModel.uniform()})
    doc["made"]["held_out_top1"] = result
    out = Path(args.out)
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    print(f"train {len(train)} lines, held-out {len(held)} lines (pages with page % 5 == 4)")
    kinds = [k for k in result["learned"] if not k.startswith("n ")]
    print(f"{'label kind':16} {'n':>5} {'learned':>8} {'levenshtein':>12}")
    for k in kinds:
        print(f"{k:16} {result['learned']['n ' + k]:5d} {result['learned'][k]:8.3f} {result['levenshtein'][k]:12.3f}")
    if args.fixture:
        write_fixture(Path(args.fixture), held, args.fixture_size)
    return 0


def write_fixture(path: Path, held: Sequence[tuple[str, str]], size: int, seed: int = 3) -> None:
    """A small text fixture: a random sample of held-out label lines that OCR misread (3 in 4) or read
    right (1 in 4), one per line: printed TAB read TAB printed label TAB competitors joined by ``|``."""
    misread, right = [], []
    for printed, read in held:
        got = label_candidates(printed)
        if got and read:
            (right if read.startswith(got[1]) else misread).append((printed, read, got[1], got[2]))
    rng = random.Random(seed)
    chosen = rng.sample(misread, min(len(misread), size * 3 // 4))
    chosen += rng.sample(right, min(len(right), size - len(chosen)))
    lines = ["# held-out line pairs from bench/learn_confusions.py (never used for the counts), a random sample;",
             "# printed TAB read TAB printed label TAB competing labels separated by |"]
    lines += [f"{p}\t{r}\t{t}\t{'|'.join(c)}" for p, r, t, c in chosen]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {path} ({len(chosen)} pairs)")

def load_or_generate(work: Path, n_pages: int, seed: int, reuse: bool) -> tuple[list[dict], dict]:
    """The OCR'd pairs under ``work`` (``pairs.jsonl``), generated unless ``reuse`` and present."""
    pairs_path, meta_path = work / "pairs.jsonl", work / "pairs.meta.json"
    if not (reuse and pairs_path.exists()):
        work.mkdir(parents=True, exist_ok=True)
        records = generate_pairs(n_pages, seed, log=meta_path)
        with pairs_path.open("w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    records = [json.loads(x) for x in pairs_path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return records, json.loads(meta_path.read_text()) if meta_path.exists() else {}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--pages", type=int, default=60, help="pages to render and OCR (~20 lines each)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--work", type=Path, default=Path("/work/data/channel"), help="where OCR'd pairs are kept")
    ap.add_argument("--reuse", action="store_true", help="learn from the pairs already under --work")
    ap.add_argument("--generate-only", action="store_true")
    ap.add_argument("--out", default="pipeline/data/ocr_confusions.json")
    ap.add_argument("--fixture", default="tests/data/channel_heldout.txt")
    ap.add_argument("--fixture-size", type=int, default=48)
    args = ap.parse_args(argv)
    records, meta = load_or_generate(args.work, args.pages, args.seed, args.reuse)
    if args.generate_only:
        print(f"{len(records)} line pairs under {args.work}")
        return 0
    return learn_and_report(records, meta, args)


if __name__ == "__main__":
    raise SystemExit(main())
