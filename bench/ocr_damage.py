"""Scan-like pages of laws written here, with controlled damage and the printed text known.

The OCR evaluation set (``bench/eval_ocr.py``) is generated, not shipped: a seeded generator writes
municipal laws (epígrafe, ementa, artigos, parágrafos with ``§``, incisos, alíneas), types them
on A4 pages at 200 dpi in a monospaced typewriter face with per-character ink variation, and
applies one kind of damage per page. The printed text of every page is returned with its image,
so every reader can be scored against it.

Run directly to write the set as PNG + TXT pairs::

    .venv/bin/python bench/ocr_damage.py out/ocr-eval --per-kind 3
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

from pipeline.reading.numerals import int_to_roman

DPI = 200
A4 = (1654, 2339)  # pixels at 200 dpi

KINDS = (
    "clean",
    "skew",
    "blur",
    "speckle",
    "faint",
    "bleed",
    "stamp",
    "bitonal",
    "lighting",
    "borders",
    "rotated",
)
"""Damage kinds, one per page. ``rotated`` pages lie on their side or upside down."""


@dataclass(frozen=True)
class DamagedPage:
    """One generated page: its image (mode ``L`` or ``1``, 200 dpi) and the text printed on it."""

    name: str
    kind: str
    image: Image.Image
    text: str


# --------------------------------------------------------------------------- law text

_TEMAS = [
    ("o serviço de transporte coletivo urbano", "transporte coletivo"),
    ("a coleta seletiva de resíduos sólidos", "coleta seletiva"),
    ("o funcionamento das feiras livres", "feiras livres"),
    ("a arborização das vias públicas", "arborização urbana"),
    ("o Conselho Municipal de Saúde", "Conselho de Saúde"),
    ("a concessão de alvarás de construção", "alvarás"),
    ("o cemitério municipal e os serviços funerários", "serviços funerários"),
    ("a denominação de logradouros públicos", "logradouros"),
]
_ORGAOS = [
    "a Secretaria Municipal de Obras",
    "o Departamento de Administração",
    "a Prefeitura Municipal",
    "o Poder Executivo",
    "a Secretaria de Finanças",
    "a Comissão Permanente de Licitação",
]
_VERBOS = [
    "fiscalizar o cumprimento",
    "expedir as normas complementares",
    "manter o cadastro atualizado",
    "aplicar as penalidades cabíveis",
    "publicar no órgão oficial a relação",
    "promover a divulgação",
]
_OBJETOS = [
    "dos permissionários e das respectivas licenças",
    "das taxas e dos preços públicos fixados em decreto",
    "dos veículos, equipamentos e instalações utilizados",
    "das obrigações previstas nesta Lei",
    "dos contratos firmados com terceiros",
    "dos horários de funcionamento e das tarifas",
]
_INCISOS = [
    "advertência por escrito",
    "multa de cinco a vinte Unidades Fiscais do Município",
    "suspensão da licença por até trinta dias",
    "cassação da permissão",
    "apreensão dos bens e mercadorias",
    "proibição de contratar com o Município pelo prazo de dois anos",
    "comprovante de residência no Município",
    "certidão negativa de débitos municipais",
    "atestado de saúde ocupacional",
    "prova de quitação com o serviço militar",
]
_PARAGRAFOS = [
    "A reincidência será punida com o dobro da multa aplicada.",
    "O prazo previsto neste artigo poderá ser prorrogado uma única vez, por igual período.",
    "Os recursos serão julgados no prazo de quinze dias, contados do seu recebimento.",
    "Fica vedada a transferência da permissão a terceiros, a qualquer título.",
    "As despesas decorrentes desta Lei correrão por conta de dotações próprias do orçamento.",
    "O valor da multa será atualizado anualmente, na forma da legislação tributária.",
    "É assegurado ao interessado o direito de defesa, no prazo de dez dias.",
]
_MESES = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro"]
_CIDADES = ["SÃO JOÃO DA BOA VISTA", "VÁRZEA GRANDE", "CAMPO VERDE", "ITAPIRANGA", "PORTO ALEGRE DO NORTE"]


def write_law(rng: random.Random) -> list[str]:
    """Paragraphs of one invented municipal law (each a logical line before wrapping)."""
    tema, curto = rng.choice(_TEMAS)
    cidade = rng.choice(_CIDADES)
    numero, ano = rng.randint(12, 1999), rng.randint(1962, 1999)
    dia, mes = rng.randint(1, 28), rng.choice(_MESES)
    out = [
        f"PREFEITURA MUNICIPAL DE {cidade}",
        f"LEI Nº {numero}, DE {dia} DE {mes.upper()} DE {ano}",
        f"Dispõe sobre {tema} e dá outras providências.",
        f"O PREFEITO MUNICIPAL DE {cidade.title()}, no uso de suas atribuições legais, faz saber "
        "que a Câmara Municipal aprovou e ele sanciona a seguinte Lei:",
    ]
    n_art = rng.randint(9, 14)
    for art in range(1, n_art + 1):
        label = f"Art. {art}º" if art < 10 else f"Art. {art}."
        shape = rng.random()
        if art == 1:
            out.append(f"{label} Esta Lei regulamenta {tema}, observadas as disposições da legislação "
                       "federal e estadual aplicáveis.")
        elif shape < 0.35:
            out.append(f"{label} Compete a {rng.choice(_ORGAOS).split(' ', 1)[1]} {rng.choice(_VERBOS)} "
                       f"{rng.choice(_OBJETOS)}.")
        elif shape < 0.65:
            out.append(f"{label} São requisitos para a obtenção da licença de {curto}:")
            for i, inciso in enumerate(rng.sample(_INCISOS, rng.randint(3, 5))):
                out.append(f"{int_to_roman(i + 1)} - {inciso};")
        else:
            out.append(f"{label} A infração ao disposto nesta Lei sujeita o infrator às seguintes "
                       "penalidades, aplicadas isolada ou cumulativamente:")
            for i, inciso in enumerate(rng.sample(_INCISOS[:6], rng.randint(2, 4))):
                out.append(f"{int_to_roman(i + 1)} - {inciso};")
        if rng.random() < 0.45:
            pars = rng.sample(_PARAGRAFOS, rng.randint(1, 2))
            if len(pars) == 1:
                out.append(f"Parágrafo único. {pars[0]}")
            else:
                out.extend(f"§ {i + 1}º {p}" for i, p in enumerate(pars))
    out.append(f"Art. {n_art + 1}. Esta Lei entra em vigor na data de sua publicação, revogadas as "
               "disposições em contrário.")
    out.append(f"Gabinete do Prefeito Municipal de {cidade.title()}, em {dia} de {mes} de {ano}.")
    return out


def wrap_paragraphs(paragraphs: list[str], width: int) -> list[str]:
    """Typewriter lines: words wrapped at ``width`` characters, never hyphenated."""
    lines: list[str] = []
    for par in paragraphs:
        current = ""
        for word in par.split():
            if current and len(current) + 1 + len(word) > width:
                lines.append(current)
                current = word
            else:
                current = f"{current} {word}" if current else word
        lines.append(current)
    return lines


# --------------------------------------------------------------------------- typing


@lru_cache(maxsize=8)
def find_font(family: str) -> str | None:
    """Path of an installed font of ``family`` (via fc-list), or None."""
    try:
        out = subprocess.run(["fc-list", f":family={family}", "file", "style"],
                             capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    regular = [ln.split(":")[0] for ln in out.splitlines() if "Regular" in ln or "Book" in ln]
    files = regular or [ln.split(":")[0] for ln in out.splitlines() if ln.strip()]
    return sorted(files)[0] if files else None


def typewriter_fonts() -> list[str]:
    """Monospaced faces available here, typewriter-like first."""
    fonts = [find_font(f) for f in ("Nimbus Mono PS", "DejaVu Sans Mono", "Noto Sans Mono")]
    found = [f for f in fonts if f]
    if not found:
        raise RuntimeError("no monospaced TTF/OTF font found by fc-list (install fonts-dejavu-core)")
    return found


def type_page(lines: list[str], rng: random.Random, font_path: str, size_px: int = 34) -> Image.Image:
    """Type ``lines`` on a white A4 page, one character at a time with uneven ink and baseline."""
    font = ImageFont.truetype(font_path, size_px)
    advance = font.getlength("M")
    img = Image.new("L", A4, 255)
    draw = ImageDraw.Draw(img)
    x0, y = 150, 170
    pitch = int(size_px * 1.55)
    bold = "Nimbus" in font_path  # Courier strokes are thin; a typewriter's are not
    for line in lines:
        for i, ch in enumerate(line):
            if ch == " ":
                continue
            ink = rng.randint(0, 70)
            pos = (x0 + i * advance + rng.uniform(-0.8, 0.8), y + rng.choice((-1, 0, 0, 0, 1)))
            draw.text(pos, ch, font=font, fill=ink, stroke_width=1 if bold else 0, stroke_fill=ink)
        y += pitch
    return img


def pages_of_laws(rng: random.Random, n_pages: int, width: int = 64, per_page: int = 40) -> list[list[str]]:
    """``n_pages`` pages of typed lines cut from as many invented laws as needed."""
    lines: list[str] = []
    while len(lines) < n_pages * per_page:
        lines += wrap_paragraphs(write_law(rng), width)
    return [lines[i * per_page:(i + 1) * per_page] for i in range(n_pages)]


# --------------------------------------------------------------------------- damage

def _as_float(img: Image.Image) -> np.ndarray:
    return np.asarray(img.convert("L"), dtype=np.float32) / 255.0


def _as_image(arr: np.ndarray) -> Image.Image:
    return Image.fromarray((np.clip(arr, 0, 1) * 255 + 0.5).astype(np.uint8), "L")


def _scan_noise(arr: np.ndarray, rng: np.random.Generator, sigma: float = 0.025) -> np.ndarray:
    """Paper tone and sensor noise that every scan has."""
    paper = 0.93 + 0.02 * rng.random()
    out = arr * paper + rng.normal(0, sigma, arr.shape).astype(np.float32)
    return np.clip(out, 0, 1)


def _rotate(img: Image.Image, angle: float) -> Image.Image:
    return img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=255)


def damage_page(clean: Image.Image, kind: str, rng: random.Random, other: Image.Image | None = None) -> Image.Image:
    """Apply one damage ``kind`` (see :data:`KINDS`) to a typed page."""
    nrng = np.random.default_rng(rng.randint(0, 2**31))
    h, w = clean.height, clean.width
    if kind == "clean":
        return _as_image(_scan_noise(_as_float(clean), nrng, 0.015))
    if kind == "skew":
        angle = rng.choice((-1, 1)) * rng.uniform(1.2, 3.5)
        return _as_image(_scan_noise(_as_float(_rotate(clean, angle)), nrng))
    if kind == "blur":
        arr = ndimage.gaussian_filter(_as_float(clean), rng.uniform(1.6, 2.2))
        return _as_image(_scan_noise(arr, nrng, 0.03))
    if kind == "speckle":
        arr = _scan_noise(_as_float(clean), nrng)
        n = rng.randint(2500, 5000)
        ys, xs = nrng.integers(0, h, n), nrng.integers(0, w, n)
        rs = nrng.choice([1, 1, 2, 2, 3], n)
        for y, x, r in zip(ys, xs, rs, strict=True):
            arr[max(0, y - r):y + r, max(0, x - r):x + r] = nrng.uniform(0.0, 0.35)
        return _as_image(arr)
    if kind == "faint":
        arr = ndimage.gaussian_filter(_as_float(clean), 0.7)
        level = rng.uniform(0.45, 0.6)  # share of the ink lost
        dropout = ndimage.gaussian_filter(nrng.random(arr.shape).astype(np.float32), 2.0)
        ink = (1 - arr) * (1 - level) * np.clip(0.8 + 2 * (dropout - 0.5), 0.4, 1.2)
        return _as_image(_scan_noise(1 - ink, nrng, 0.03))
    if kind == "bleed":
        back = _as_float((other or clean).transpose(Image.Transpose.FLIP_LEFT_RIGHT))
        back = ndimage.gaussian_filter(back, 1.8)
        arr = _as_float(clean) * (1 - rng.uniform(0.3, 0.45) * (1 - back))
        return _as_image(_scan_noise(arr, nrng))
    if kind == "stamp":
        return _as_image(_scan_noise(_as_float(_stamp(clean, rng)), nrng))
    if kind == "bitonal":
        arr = ndimage.gaussian_filter(_as_float(clean), 0.9) + nrng.normal(0, 0.12, (h, w))
        return Image.fromarray(arr > rng.uniform(0.5, 0.62)).convert("1")
    if kind == "lighting":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = rng.choice((0, w)), rng.uniform(0, h)
        dist = np.hypot(xx - cx, yy - cy) / math.hypot(w, h)
        light = 0.3 + 0.75 * np.clip(dist * 1.4, 0, 1) ** 0.8
        shade = 1 - 0.35 * np.exp(-((xx - (w - cx)) / (0.06 * w)) ** 2)  # gutter shadow
        return _as_image(_scan_noise(_as_float(clean), nrng) * np.clip(light, 0, 1) * shade)
    if kind == "borders":
        arr = _scan_noise(_as_float(clean), nrng)
        left, top = rng.randint(40, 110), rng.randint(20, 70)
        arr[:, :left] = nrng.uniform(0.02, 0.12, (h, left))
        arr[:top, :] = nrng.uniform(0.02, 0.12, (top, w))
        right = rng.randint(25, 60)
        arr[:, w - right:] *= np.linspace(1, 0.1, right)[None, :]
        return _as_image(arr)
    if kind == "rotated":
        turned = clean.transpose(rng.choice((Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180,
                                             Image.Transpose.ROTATE_270)))
        return _as_image(_scan_noise(_as_float(turned), nrng))
    raise ValueError(f"unknown damage kind {kind!r}")


def _stamp(page: Image.Image, rng: random.Random) -> Image.Image:
    """A round office stamp and a signature scribble in mid-grey ink, over the text."""
    img = page.copy()
    layer = Image.new("L", (520, 520), 0)
    d = ImageDraw.Draw(layer)
    d.ellipse((10, 10, 510, 510), outline=255, width=9)
    d.ellipse((70, 70, 450, 450), outline=255, width=5)
    font_path = find_font("DejaVu Sans") or typewriter_fonts()[0]
    d.text((260, 215), "PROTOCOLO", font=ImageFont.truetype(font_path, 56), fill=255, anchor="mm")
    d.text((260, 300), f"{rng.randint(1, 28):02d}/0{rng.randint(1, 9)}/19{rng.randint(70, 99)}",
           font=ImageFont.truetype(font_path, 46), fill=255, anchor="mm")
    layer = layer.rotate(rng.uniform(-25, 25), resample=Image.Resampling.BILINEAR)
    grey = rng.randint(110, 150)
    for _ in range(2):
        pos = (rng.randint(100, page.width - 620), rng.randint(300, page.height - 620))
        img.paste(Image.new("L", layer.size, grey), pos, layer.point(lambda v: int(v * 0.85)))
    d = ImageDraw.Draw(img)
    x, y = rng.randint(500, 900), rng.randint(1200, 1900)
    pts = [(x + 22 * t, y + 50 * math.sin(t * 0.9 + rng.random()) + 9 * t * rng.uniform(-1, 1))
           for t in range(30)]
    d.line(pts, fill=rng.randint(40, 90), width=6, joint="curve")
    return img


def make_eval_set(per_kind: int = 2, seed: int = 4, kinds: tuple[str, ...] = KINDS) -> list[DamagedPage]:
    """``per_kind`` damaged pages for each kind, each with different printed text."""
    rng = random.Random(seed)
    fonts = typewriter_fonts()
    texts = pages_of_laws(rng, per_kind * len(kinds) + 1)
    pages: list[DamagedPage] = []
    spare = type_page(texts[-1], rng, fonts[0])
    for k, kind in enumerate(kinds):
        for j in range(per_kind):
            lines = texts[k * per_kind + j]
            clean = type_page(lines, rng, fonts[(k + j) % len(fonts)])
            image = damage_page(clean, kind, rng, other=spare)
            image.info["dpi"] = (DPI, DPI)
            pages.append(DamagedPage(f"{kind}-{j + 1}", kind, image, "\n".join(lines)))
    return pages


def write_eval_set(out_dir: Path, per_kind: int = 2, seed: int = 4) -> list[Path]:
    """Write the set as ``<name>.png`` (200 dpi) + ``<name>.txt`` pairs; return the PNG paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for page in make_eval_set(per_kind, seed):
        png = out_dir / f"{page.name}.png"
        page.image.save(png, dpi=(DPI, DPI))
        (out_dir / f"{page.name}.txt").write_text(page.text + "\n", encoding="utf-8")
        paths.append(png)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--per-kind", type=int, default=2)
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args()
    for path in write_eval_set(args.out_dir, args.per_kind, args.seed):
        print(path)


if __name__ == "__main__":
    main()
