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

6. **Draws** (``--draws``): the rendered pages do not cover every typewriter face and damage the
   pipeline meets, so the (printed, OCR) line pairs of ``bench/gen`` evaluation draws are counted
   too: each scanned page's Tesseract lines (``text/NNN.json``) paired with the lines typed on the
   book page it shows (``png/NNN/pages.json``, ``png/NNN/layout.txt``) by a monotone alignment
   within the page, keeping only confident pairs (:func:`draw_pairs`). A draw line counts
   ``weight`` times against a rendered one; the weight is the best of ``--draw-weights`` on the
   held-out laws (``id % 5 == 4``) of those draws. ``--check-draws`` are only evaluated on: never
   list a draw there that is learned from (the script refuses), nor learn from the check draws.

Run::

    PYTHONPATH=$PWD .venv/bin/python bench/learn_confusions.py --pages 75 --seed 11 --work /work/data/channel/s11 --generate-only
    PYTHONPATH=$PWD .venv/bin/python bench/learn_confusions.py --reuse --work /work/data/channel/s11 /work/data/channel/s12 \\
        --draws /work/data/fresh/seed-A ... --check-draws /work/data/fresh/seed-B ... --draw-weights 0.25,1,4

``--reuse`` skips rendering and OCR and learns again from the pairs saved under ``--work``.

Measured 2026-12-06 (issue 11), not shipped: relearnt from 150 regenerated rendered pages plus 9,425
lines of draws 872912511/884706200/650381402/980812984/454777142, the label top-1 on the check
draws' lines rose a little at weight 0.25 (0.887 -> 0.896), but structure unit_f1 fell on the
check draws (906449953 -0.004, 882777060 -0.002, 767427769 -0.001) and three decoder tests whose
thresholds were set against the rendered costs failed: the draws read 'º' right 94% of the time,
so 'º'->'0' stays ~4.8 nats, and their mass makes case, accent and 'I'->'l' confusions dearer.
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

from pipeline.reading.numerals import ORDINAL_TENS, ORDINAL_UNITS, int_to_roman

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

_ORDINAIS = [*ORDINAL_UNITS, ORDINAL_TENS[0]]  # Primeiro .. Décimo


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
        return f"{int_to_roman(n)} {rng.choice(('-', '-', '–', ')', '.'))}" if rng.random() < 0.8 else \
            f"{int_to_roman(n)}{rng.choice((' -', ')', '.', ' –'))}"
    if kind == "ali":
        letter = rng.choice("abcdefghijklmnopqrstuvwxyz"[: rng.choice((6, 12, 26))])
        return f"{letter}{rng.choice((')', ')', ')', ' -', '.'))}"
    if kind == "item":
        return f"{rng.randint(1, 15)}{rng.choice((')', '.', ' -'))}"
    word = rng.choice(("CAPÍTULO", "SEÇÃO", "TÍTULO", "Subseção", "Capítulo", "Seção", "LIVRO"))
    return f"{word} {int_to_roman(rng.randint(1, 14))}"


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



# --------------------------------------------------------------------------- pairs from evaluation draws

# a draw's OCR line is paired with a printed line only when they share this much (Indel similarity)
# and no other printed line of the same page shares more: a confident pair, not a guess
DRAW_PAIR_SIMILARITY = 0.6


def read_layout(path: Path) -> dict[int, list[str]]:
    """The printed lines of each book page as ``bench/gen`` typeset them (``png/NNN/layout.txt``):
    blank lines dropped, runs of spaces (indentation, justification, table columns) made one space,
    as Tesseract reads them."""
    pages: dict[int, list[str]] = {}
    current: list[str] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^===== book page (\d+)$", raw)
        if m:
            current = pages.setdefault(int(m.group(1)), [])
            continue
        text = raw[4:] if raw.startswith("[c] ") else raw
        text = " ".join(text.split())
        if text and current is not None:
            current.append(text)
    return pages


def pair_page(printed: Sequence[str], read: Sequence[str],
              min_similarity: float = DRAW_PAIR_SIMILARITY) -> list[tuple[int, int, float]]:
    """(printed index, read index, similarity) of the confident pairs of one page, in order.

    A monotone alignment (both sides keep their order; unpaired lines on either side are free, as
    letterheads, stamps and page numbers are read but not in the typeset text) maximising the summed
    similarity of its pairs; a pair is kept only if the read line shares at least ``min_similarity``
    with its printed line and no other printed line of the page is closer to it (a line printed
    twice on a page may pair with either copy: order decides)."""
    from rapidfuzz.distance import Indel
    from rapidfuzz.process import cdist

    if not printed or not read:
        return []
    sim = cdist(list(read), list(printed), scorer=Indel.normalized_similarity)
    n, m = len(read), len(printed)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    step = [[0] * (m + 1) for _ in range(n + 1)]  # 0 pair, 1 skip read, 2 skip printed
    for i in range(1, n + 1):
        row_max = float(sim[i - 1].max())
        for j in range(1, m + 1):
            s = float(sim[i - 1][j - 1])
            choice, v = 1, best[i - 1][j]
            if best[i][j - 1] > v:
                choice, v = 2, best[i][j - 1]
            if s >= min_similarity and s >= row_max - 1e-9 and best[i - 1][j - 1] + s > v:
                choice, v = 0, best[i - 1][j - 1] + s
            best[i][j], step[i][j] = v, choice
    out = []
    i, j = n, m
    while i and j:
        if step[i][j] == 0:
            out.append((j - 1, i - 1, float(sim[i - 1][j - 1])))
            i, j = i - 1, j - 1
        elif step[i][j] == 1:
            i -= 1
        else:
            j -= 1
    return out[::-1]


def draw_pairs(draw: Path) -> list[dict]:
    """(printed, read) line records of one evaluation draw of ``bench/gen`` (``/work/data/fresh/seed-N``):
    each scanned page's OCR lines (``text/NNN.json``, the real Tesseract) paired with the lines of the
    book page it shows (``png/NNN/pages.json`` says which, ``png/NNN/layout.txt`` what was typed)."""
    records = []
    for text_path in sorted((draw / "text").glob("*.json")):
        nid = text_path.stem
        layout_path, pages_path = draw / "png" / nid / "layout.txt", draw / "png" / nid / "pages.json"
        if not (layout_path.exists() and pages_path.exists()):
            continue
        typed = read_layout(layout_path)
        scans = {p["scan"]: p["book_page"] for p in json.loads(pages_path.read_text(encoding="utf-8"))}
        doc = json.loads(text_path.read_text(encoding="utf-8"))
        law = _law_layout(draw / "src" / f"{nid}.law")
        for page in doc["pages"]:
            printed = typed.get(scans.get(page["page_index"], -1), [])
            read = [ln["text"] for ln in page["lines"]]
            for pi, ri, s in pair_page(printed, read):
                records.append({"source": "draw", "draw": draw.name, "law": nid, "page": page["page_index"],
                                "font": law.get("font", "?"), "dpi": law.get("dpi", 300), "ink": law.get("ink"),
                                "similarity": round(s, 3), "printed": printed[pi], "read": read[ri],
                                "backend": doc.get("backend")})
    return records


def _law_layout(path: Path) -> dict:
    """The ``layout`` block of a ``.law`` file (its JSON header, before the ``---`` line)."""
    if not path.exists():
        return {}
    head = path.read_text(encoding="utf-8").split("\n---\n", 1)[0]
    try:
        return json.loads(head).get("layout", {})
    except json.JSONDecodeError:
        return {}


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
    if printed == read:  # most lines of a draw: read right, every character kept
        return [(ch, ch) for ch in printed]
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
    def printed_chars(self) -> float:
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


def count_ops(alignments: Iterable[list[Op]], weights: Sequence[float] | None = None) -> Counts:
    """Operation counts over ``alignments``, each line counted ``weights[k]`` times (1 by default):
    how two sources of pairs are mixed."""
    c = Counts(Counter(), defaultdict(Counter), Counter(), Counter(), Counter(), Counter())
    for k_line, ops in enumerate(alignments):
        w = 1.0 if weights is None else weights[k_line]
        c.lines += 1
        skip = _runs_to_skip(ops)
        lead = True
        had_dust = False
        for k, (p, r) in enumerate(ops):
            if lead and p == "":
                if r != " ":
                    c.dust[r] += w
                    had_dust = True
                continue
            lead = False
            if k in skip:
                c.lost += 1
                continue
            if len(p) == 1 and len(r) == 1:
                if p == r:
                    c.ident[p] += w
                else:
                    c.sub[p][r] += w
            elif len(p) == 1 and r == "":
                c.dele[p] += w
            elif p == "" and len(r) == 1:
                c.ins[r] += w
            else:
                c.multi[(p, r)] += w
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


def estimate(c: Counts, printed_texts: Sequence[str], weights: Sequence[float] | None = None) -> tuple[dict, dict]:
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
            occurrences[p] = sum(t.count(p) * (1.0 if weights is None else weights[k])
                                 for k, t in enumerate(printed_texts))
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


def learn(pairs: Sequence[tuple[str, str]], rounds: int = 3,
          weights: Sequence[float] | None = None) -> tuple[dict, dict, Counts]:
    """Hard EM: align with the current costs, count, re-estimate; start from plain Levenshtein.
    ``weights[k]``: how many times line ``k`` counts (mixes the rendered pages with the draws)."""
    printed = [p for p, _ in pairs]
    current = Costs({}, {}, {}, {}, {})
    counts = None
    for rnd in range(rounds):
        t = time.time()
        alignments = [align(p, r, current) for p, r in pairs]
        counts = count_ops(alignments, weights)
        costs, defaults = estimate(counts, printed, weights)
        cands: Counter = Counter()
        if rnd == 0:
            for k, ops in enumerate(alignments):
                for cand in multi_candidates(ops):
                    cands[cand] += 1.0 if weights is None else weights[k]
        keep = [pr for pr, k in cands.items() if k >= 2] + list(PRIOR_MULTI)
        if rnd > 0:
            keep = list(PRIOR_MULTI)
        current = costs_for_alignment(costs, defaults, keep)
        print(f"round {rnd + 1}: {len(pairs)} lines aligned in {time.time() - t:.0f} s, "
              f"{sum(sum(s.values()) for s in counts.sub.values()):.0f} substitutions, {sum(counts.dele.values()):.0f} "
              f"deletions, {sum(counts.ins.values()):.0f} insertions, {sum(counts.dust.values()):.0f} dust, "
              f"{sum(counts.multi.values()):.0f} multi", file=sys.stderr, flush=True)
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
            comp = [f"{lead}{int_to_roman(k)}" for k in sorted({n - 1, n + 1, n - 2, n + 2, n + 10}) if k >= 1 and k != n]
            return kind, f"{lead}{int_to_roman(n)}", comp
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


def is_held_out(r: dict) -> bool:
    """Held out from the counts: rendered pages with ``page % 5 == 4``, draw laws with ``id % 5 == 4``."""
    if r.get("source") == "draw":
        return int(r["law"]) % 5 == 4
    return r["page"] % 5 == 4


def learn_and_report(records: Sequence[dict], meta: dict, args: argparse.Namespace,
                     check: Sequence[dict] = ()) -> int:
    """Learn on the training lines (rendered pages, plus the draws' pairs counted ``draw_weight``
    times, the weight chosen among ``args.draw_weights`` by the top-1 rate on the held-out laws of
    the training draws), evaluate on the held-out ones (and on ``check``, lines of draws never
    learned from), write the JSON and the fixture."""
    from rapidfuzz.distance import Indel

    from pipeline.reading.channel import ConfusionModel

    # a line whose reading shares less than MIN_SIMILARITY of its characters with the print is a
    # pairing or a page Tesseract lost, not a sample of character confusions
    usable = [r for r in records if Indel.normalized_similarity(r["printed"], r["read"]) >= MIN_SIMILARITY]
    train_r = [r for r in usable if not is_held_out(r)]
    train = [(r["printed"], r["read"]) for r in train_r]
    held_render = [(r["printed"], r["read"]) for r in usable if is_held_out(r) and r.get("source") != "draw"]
    held_draw = [(r["printed"], r["read"]) for r in usable if is_held_out(r) and r.get("source") == "draw"]
    is_draw = [r.get("source") == "draw" for r in train_r]
    previous = ConfusionModel.from_dict(json.loads(Path(args.out).read_text(encoding="utf-8"))) \
        if Path(args.out).exists() else None
    old = json.loads(Path(args.out).read_text(encoding="utf-8")) if Path(args.out).exists() else {}
    weights = args.draw_weights if any(is_draw) else [0.0]
    tried: dict[str, float] = {}
    best: tuple[float, float, tuple] | None = None
    for w in weights:
        line_w = [w if d else 1.0 for d in is_draw]
        costs, defaults, counts = learn(train, weights=line_w)
        candidate = ConfusionModel.from_dict({"costs": costs, "defaults": defaults | {
            "boundary": old.get("defaults", {}).get("boundary", 6.0)}})
        score = evaluate(held_draw, {"m": candidate})["m"].get("all", 0.0) if held_draw else 0.0
        tried[f"{w:g}"] = score
        print(f"draw weight {w:g}: held-out draw laws top-1 {score:.3f}", file=sys.stderr, flush=True)
        if best is None or score > best[0]:
            best = (score, w, (costs, defaults, counts))
    assert best is not None
    _, weight, (costs, defaults, counts) = best
    # the boundary penalty is the decoder's, not a confusion cost: kept from the file replaced
    if "boundary" in old.get("defaults", {}):
        defaults["boundary"] = old["defaults"]["boundary"]
    rendered = [r for r in records if r.get("source") != "draw"]
    drawn = [r for r in records if r.get("source") == "draw"]
    backends = sorted({r.get("backend") or "" for r in drawn} - {""})
    doc = {
        "format": "locleg-ocr-confusions/1",
        "name": f"tesseract {meta.get('tesseract', '?')} por, learned {time.strftime('%Y-%m-%d')}"
                + (" from rendered pages and evaluation draws" if drawn else ""),
        "units": "natural log: cost = -log P(read | printed) + log P(printed read right); 0 = exact",
        "costs": costs,
        "defaults": defaults,
        "made": {
            "script": "bench/learn_confusions.py",
            "tesseract": meta.get("tesseract"),
            "rendered": {
                "ocr": "pipeline.ocr.ocr_image (pipeline.imageprep preparation, tesseract -l por --psm 4 --oem 1)",
                "seeds": meta.get("seeds"),
                "pages": len({(r.get("work", 0), r["page"]) for r in rendered}),
                "lines": len(rendered),
                "fonts": sorted({r["font"] for r in rendered}),
                "dpi": sorted({r["dpi"] for r in rendered}),
                "ink": sorted({r["ink"] for r in rendered}),
                "damage": sorted({d for r in rendered for d in r["damage"]}),
                "held_out": "pages with page % 5 == 4",
            },
            "draws": {
                "what": "bench/gen evaluation draws: png/NNN/layout.txt (the typed lines of each book page) "
                        "paired with text/NNN.json (real Tesseract on the scanned page), monotone alignment "
                        "within each page, a pair kept when the read line is closest to its printed line "
                        f"and shares >= {DRAW_PAIR_SIMILARITY} of it (Indel similarity)",
                "ocr": backends,
                "draws": sorted({r["draw"] for r in drawn}),
                "laws": len({(r["draw"], r["law"]) for r in drawn}),
                "lines": len(drawn),
                "fonts": sorted({str(r["font"]) for r in drawn}),
                "held_out": "laws with id % 5 == 4",
                "weight": weight,
                "weights_tried": tried,
                "weight_chosen_by": "top-1 on the held-out laws of these draws (never on the check draws)",
            } if drawn else None,
            "fonts": sorted({r["font"] for r in rendered} | {f"bench/gen {r['font']}" for r in drawn}),
            "dpi": sorted({r["dpi"] for r in records}),
            "damage": sorted({d for r in rendered for d in r["damage"]} | ({"bench/gen scan degrade"} if drawn else set())),
            "lines": len(records),
            "lines_unread": len(records) - len(usable),
            "train_lines": len(train),
            "held_out_lines": len(held_render) + len(held_draw),
            "printed_chars": round(counts.printed_chars),
            "counts": {"substitutions": round(sum(sum(s.values()) for s in counts.sub.values())),
                       "deletions": round(sum(counts.dele.values())), "insertions": round(sum(counts.ins.values())),
                       "dust": round(sum(counts.dust.values())), "dust_lines": counts.dust_lines,
                       "multi": round(sum(counts.multi.values())),
                       "lost_in_long_runs": counts.lost, "weighted": "draw lines counted `draws.weight` times"},
            "min_similarity": MIN_SIMILARITY,
            "smoothing": f"additive, alpha={ALPHA} spread over the outcomes; costs clipped to "
                         f"[{MIN_COST}, {MAX_COST}]; space insertion/deletion capped at {SPACE_COST} by design",
            "boundary": "defaults.boundary (the decoder's penalty for a label ending mid-word) kept from the "
                        "file this one replaced",
        },
    }
    model = ConfusionModel.from_dict(doc)
    models: dict[str, object] = {"learned": model}
    if previous is not None:
        models["previous"] = previous
    models["levenshtein"] = ConfusionModel.uniform()
    sets = {"rendered held-out pages": held_render, "draws held-out laws": held_draw,
            "check draws (never learned from)": [(r["printed"], r["read"]) for r in check
                                                 if Indel.normalized_similarity(r["printed"], r["read"])
                                                 >= MIN_SIMILARITY]}
    results = {name: evaluate(pairs, models) for name, pairs in sets.items() if pairs}
    doc["made"]["held_out_top1"] = {name: res["learned"] | {"levenshtein": res["levenshtein"]["all"]}
                                    for name, res in results.items()}
    out = Path(args.out)
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes); draw weight {weight:g} (tried {tried})")
    print(f"train {len(train)} lines ({sum(is_draw)} from draws), held-out {len(held_render)} rendered + "
          f"{len(held_draw)} draw lines, check {len(sets['check draws (never learned from)'])} lines")
    for name, result in results.items():
        print(f"== {name}")
        kinds = [k for k in result["learned"] if not k.startswith("n ")]
        print(f"{'label kind':16} {'n':>5} " + " ".join(f"{m:>12}" for m in models))
        for k in kinds:
            print(f"{k:16} {result['learned']['n ' + k]:5d} "
                  + " ".join(f"{result[m][k]:12.3f}" for m in models))
    if args.fixture:
        write_fixture(Path(args.fixture), held_render + held_draw, args.fixture_size)
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
    ap.add_argument("--work", type=Path, nargs="+", default=[Path("/work/data/channel")],
                    help="where OCR'd pairs are kept (several: pairs of several seeds, learned together)")
    ap.add_argument("--reuse", action="store_true", help="learn from the pairs already under --work")
    ap.add_argument("--generate-only", action="store_true")
    ap.add_argument("--draws", type=Path, nargs="*", default=[],
                    help="bench/gen evaluation draws (seed-N folders) whose OCR lines are learned from too")
    ap.add_argument("--draw-weights", type=lambda s: [float(x) for x in s.split(",")], default=[1.0],
                    help="comma-separated weights of a draw line against a rendered one; the best on the "
                         "held-out laws of --draws is kept")
    ap.add_argument("--check-draws", type=Path, nargs="*", default=[],
                    help="draws only evaluated on (never learned from): the top-1 check")
    ap.add_argument("--out", default="pipeline/data/ocr_confusions.json")
    ap.add_argument("--fixture", default="tests/data/channel_heldout.txt")
    ap.add_argument("--fixture-size", type=int, default=48)
    args = ap.parse_args(argv)
    overlap = {d.resolve() for d in args.draws} & {d.resolve() for d in args.check_draws}
    if overlap:
        raise SystemExit(f"a draw cannot be both learned from and checked on: {sorted(map(str, overlap))}")
    records: list[dict] = []
    meta: dict = {"seeds": []}
    for k, work in enumerate(args.work):
        got, m = load_or_generate(work, args.pages, args.seed, args.reuse)
        for r in got:
            r["work"] = k
        records += got
        meta["tesseract"] = meta.get("tesseract") or m.get("tesseract")
        meta["seeds"].append(m.get("seed"))
    if args.generate_only:
        print(f"{len(records)} line pairs under {args.work}")
        return 0
    for draw in args.draws:
        records += draw_pairs(draw)
    check = [r for draw in args.check_draws for r in draw_pairs(draw)]
    return learn_and_report(records, meta, args, check)


if __name__ == "__main__":
    raise SystemExit(main())
