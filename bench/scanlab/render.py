"""Typesetting and inking: lines of text -> an ink-coverage array (float32, 1 = full ink).

Two ways text gets on paper here:
* ``type``  -- a typewriter: fixed pitch grid, each character struck on its own,
  with its own ink, its own small position error and a per-key fixed offset;
* ``print`` -- set type (book, letterpress letterhead, laser printer): proportional
  face, drawn by word, justified or not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

from . import text as T

FONTS = {
    # typewriter faces
    "NimbusMonoPS-Regular": "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf",
    "NimbusMonoPS-Bold": "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf",
    "DejaVuSansMono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "NotoMono-Regular": "/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf",
    "NotoSansMono-Regular": "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf",
    # set type
    "NimbusRoman-Regular": "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf",
    "NimbusRoman-Bold": "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf",
    "C059-Roman": "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf",
    "C059-Bold": "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf",
    "URWBookman-Light": "/usr/share/fonts/opentype/urw-base35/URWBookman-Light.otf",
    "URWBookman-Demi": "/usr/share/fonts/opentype/urw-base35/URWBookman-Demi.otf",
    "P052-Roman": "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf",
    "P052-Bold": "/usr/share/fonts/opentype/urw-base35/P052-Bold.otf",
    "DejaVuSerif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "DejaVuSerif-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "NimbusSans-Regular": "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
    "NimbusSans-Bold": "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
    "NimbusSans-Italic": "/usr/share/fonts/opentype/urw-base35/NimbusSans-Italic.otf",
    "C059-Italic": "/usr/share/fonts/opentype/urw-base35/C059-Italic.otf",
    "URWBookman-LightItalic": "/usr/share/fonts/opentype/urw-base35/URWBookman-LightItalic.otf",
}
BOLD_OF = {"NimbusRoman-Regular": "NimbusRoman-Bold", "C059-Roman": "C059-Bold",
           "URWBookman-Light": "URWBookman-Demi", "P052-Roman": "P052-Bold",
           "DejaVuSerif": "DejaVuSerif-Bold", "NimbusSans-Regular": "NimbusSans-Bold"}
TYPE_FACES = ["NimbusMonoPS-Regular", "NimbusMonoPS-Bold", "DejaVuSansMono", "NotoMono-Regular",
              "NotoSansMono-Regular"]
BOOK_FACES = ["NimbusRoman-Regular", "C059-Roman", "URWBookman-Light", "P052-Roman"]
PRINT_FACES = ["NimbusRoman-Regular", "DejaVuSerif", "NimbusSans-Regular", "C059-Roman"]


@lru_cache(maxsize=64)
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[name], size)


@lru_cache(maxsize=1)
def _mono_ratio_cache() -> dict:
    return {}


def mono_advance_ratio(name: str) -> float:
    c = _mono_ratio_cache()
    if name not in c:
        c[name] = font(name, 100).getlength("M") / 100.0
    return c[name]


@dataclass
class Line:
    text: str                   # as printed (truth)
    x: float                    # left edge, px
    y: float                    # baseline, px
    mode: str                   # "type" | "print"
    face: str
    size: int                   # px (print) / glyph size px (type)
    pitch: float = 0.0          # type: advance per char, px
    justify: float = 0.0        # print: target width if justified
    bold: bool = False
    role: str = "body"          # body | letterhead | pageno | faxhead | heading
    overstrike: dict = field(default_factory=dict)   # col -> wrong char (type)
    double: tuple | None = None                      # (dx, dy) second strike


# ------------------------------------------------------------------ layout

@dataclass
class Geometry:
    w: int
    h: int
    dpi: float
    left: float
    right: float
    top: float
    bottom: float


def lines_that_fit(block, n: int, y: float, lh: float, limit: float) -> int:
    """How many of a block's ``n`` lines, the first at ``y``, fit above ``limit``: all, some
    (a paragraph is cut at the page end: pages end mid-provision), or 0 (the page is full; a
    heading or a block kept whole goes to the next page)."""
    if y + lh * (n - 1) <= limit:
        return n
    if block.keep or block.kind == "heading":
        return 0
    return max(0, int((limit - y) // lh) + 1)


def layout_type(blocks, geo: Geometry, rng, pitch_cpi: int, spacing: float, indent_cols: int,
                face: str, p_hyphen: float, reserve_bottom: float = 0.0, start_y=None):
    """Typewriter layout. Returns (lines, y_end, blocks_done)."""
    cw = geo.dpi / pitch_cpi
    lh = geo.dpi / 6.0 * spacing
    size = int(round(cw / mono_advance_ratio(face) * rng.uniform(0.97, 1.03)))
    cols = int((geo.w - geo.left - geo.right) // cw)
    y = start_y if start_y is not None else geo.top + lh * 0.8
    limit = geo.h - geo.bottom - reserve_bottom
    lines: list[Line] = []
    done = 0
    for b in blocks:
        txt = b.text.replace("–", "-").replace("—", "-").replace("“", '"').replace("”", '"')
        y_b = y + b.space_before * (geo.dpi / 6.0) * (1 if spacing < 1.6 else 0.5)
        if b.kind in ("heading", "center", "sign"):
            wl = T.wrap(txt, lambda s: len(s) <= cols - 6)
            pos = [((cols - len(s)) // 2 if b.kind != "sign" else max(0, cols // 2 - len(s) // 2 + 8), s)
                   for s in wl]
        elif b.kind == "ementa":
            c0 = cols // 2 - 2
            wl = T.wrap(txt, lambda s, c0=c0: len(s) <= cols - c0, rng=rng, p_hyphen=p_hyphen)
            pos = [(c0, s) for s in wl]
        else:
            first = indent_cols if b.kind == "para" else 0
            wl = T.wrap(txt, lambda s: len(s) <= cols, first_width=lambda s, first=first: len(s) <= cols - first,
                        rng=rng, p_hyphen=p_hyphen)
            pos = [(first if i == 0 else 0, s) for i, s in enumerate(wl)]
        n_fit = lines_that_fit(b, len(pos), y_b, lh, limit)
        if pos and n_fit == 0:
            break
        pos = pos[:n_fit]
        for col, s in pos:
            lines.append(Line(s, geo.left + col * cw, y_b, "type", face, size, pitch=cw,
                              bold=b.bold, role="heading" if b.kind == "heading" else
                              ("sign" if b.meta.get("signatory") else "body")))
            y_b += lh
        y = y_b
        done += 1
        if y > limit:
            break
    return lines, y, done


def layout_print(blocks, geo: Geometry, rng, face: str, size_pt: float, leading: float,
                 justified: bool, indent_em: float, p_hyphen: float, start_y=None,
                 reserve_bottom: float = 0.0):
    size = int(round(size_pt / 72.0 * geo.dpi))
    f = font(face, size)
    fb = font(BOLD_OF.get(face, face), size)
    lh = size * leading
    width = geo.w - geo.left - geo.right
    y = start_y if start_y is not None else geo.top + size
    limit = geo.h - geo.bottom - reserve_bottom
    lines: list[Line] = []
    done = 0
    for b in blocks:
        fo = fb if b.bold else f
        y_b = y + b.space_before * lh * 0.6
        if b.kind in ("heading", "center", "sign", "letterhead"):
            wl = T.wrap(b.text, lambda s, fo=fo: fo.getlength(s) <= width * 0.9)
            pos = [((width - fo.getlength(s)) / 2, s, 0.0) for s in wl]
        elif b.kind == "ementa":
            x0 = width * 0.45
            wl = T.wrap(b.text, lambda s, fo=fo, x0=x0: fo.getlength(s) <= width - x0, rng=rng, p_hyphen=p_hyphen,
                        justified=justified)
            pos = [(x0, s, (width - x0) if (justified and i < len(wl) - 1) else 0.0)
                   for i, s in enumerate(wl)]
        else:
            ind = indent_em * size
            wl = T.wrap(b.text, lambda s, fo=fo: fo.getlength(s) <= width,
                        first_width=lambda s, fo=fo, ind=ind: fo.getlength(s) <= width - ind,
                        rng=rng, p_hyphen=p_hyphen, justified=justified)
            pos = []
            for i, s in enumerate(wl):
                x0 = ind if i == 0 else 0.0
                j = (width - x0) if (justified and i < len(wl) - 1) else 0.0
                pos.append((x0, s, j))
        n_fit = lines_that_fit(b, len(pos), y_b, lh, limit)
        if pos and n_fit == 0:
            break
        if n_fit < len(pos):
            pos = pos[:n_fit]
            # a cut paragraph's last shown line is still a justified line
            x0, s, j = pos[-1]
            if justified:
                pos[-1] = (x0, s, width - x0)
        for x0, s, j in pos:
            lines.append(Line(s, geo.left + x0, y_b, "print", BOLD_OF.get(face, face) if b.bold else face,
                              size, justify=j, bold=b.bold,
                              role="heading" if b.kind == "heading" else "body"))
            y_b += lh
        y = y_b
        done += 1
        if y > limit:
            break
    return lines, y, done


# ------------------------------------------------------------------ inking

class TypeInk:
    """Per-character typewriter striking into a float32 coverage array."""

    def __init__(self, face: str, size: int, rng, dpi: float, params: dict):
        self.f = font(face, size)
        self.size = size
        self.rng = rng
        self.s = dpi / 200.0
        self.p = params
        self.cache: dict = {}
        # each key of a given machine sits a little off: fixed per character
        self.key_off: dict = {}

    def glyph(self, ch: str, filled: bool):
        k = (ch, filled)
        g = self.cache.get(k)
        if g is None:
            x0, t, r, b = self.f.getbbox(ch, anchor="ls")
            if r <= x0 or b <= t:
                g = (None, 0, 0)
            else:
                im = Image.new("L", (r - x0 + 2, b - t + 2), 0)
                ImageDraw.Draw(im).text((1 - x0, 1 - t), ch, font=self.f, fill=255, anchor="ls")
                a = np.asarray(im, dtype=np.float32) / 255.0
                if filled:
                    holes = ndimage.binary_fill_holes(a > 0.35) & (a <= 0.35)
                    a = np.maximum(a, ndimage.gaussian_filter(holes.astype(np.float32), 0.6) * 0.95)
                g = (a, x0 - 1, t - 1)
            self.cache[k] = g
        return g

    def koff(self, ch):
        o = self.key_off.get(ch)
        if o is None:
            sd = self.p["key_sd"] * self.s
            o = (self.rng.normal(0, sd), self.rng.normal(0, sd))
            self.key_off[ch] = o
        return o

    def strike(self, cov, ch, x, y, intensity, filled=False, partial=None):
        a, ox, oy = self.glyph(ch, filled)
        if a is None:
            return
        a = a * intensity
        wear = self.p["wear"]
        if wear > 0:     # worn ribbon band: top (or bottom) of every glyph lighter
            rows = (np.arange(a.shape[0]) + oy) / self.size      # ~ -0.75 .. 0.2
            if self.p["wear_top"]:
                prof = 1.0 - wear * np.clip((-rows - 0.35) / 0.35, 0, 1)
            else:
                prof = 1.0 - wear * np.clip((rows + 0.25) / 0.35, 0, 1)
            a = a * prof[:, None].astype(np.float32)
        if partial is not None:
            side, cut = partial
            hh, ww = a.shape
            if side < 2:
                ramp = np.linspace(0, 1, hh, dtype=np.float32)
                ramp = ramp if side == 0 else ramp[::-1]
                a = a * np.clip((ramp - cut) / 0.25, 0.05, 1)[:, None]
            else:
                ramp = np.linspace(0, 1, ww, dtype=np.float32)
                ramp = ramp if side == 2 else ramp[::-1]
                a = a * np.clip((ramp - cut) / 0.25, 0.05, 1)[None, :]
        x0 = int(round(x + ox))
        y0 = int(round(y + oy))
        H, W = cov.shape
        h, w = a.shape
        if x0 < 0 or y0 < 0 or x0 + w > W or y0 + h > H:
            return
        sub = cov[y0:y0 + h, x0:x0 + w]
        np.maximum(sub, a, out=sub)

    def line(self, cov, ln: Line):
        rng, p, s = self.rng, self.p, self.s
        n = len(ln.text)
        base = p["ink"]
        inten = np.exp(rng.normal(0, p["ink_sd"], n)) * base
        heavy = rng.random(n) < p["p_heavy"]
        inten[heavy] *= 1.35
        light = rng.random(n) < p["p_light"]
        inten[light] *= rng.uniform(0.35, 0.7, light.sum())
        jx = rng.normal(0, p["jitter"] * s, n)
        jy = rng.normal(0, p["jitter"] * s, n)
        part = rng.random(n) < p["p_partial"]
        fill_draw = rng.random(n) < p["p_fill"]
        line_dy = rng.normal(0, 0.3 * s)
        strikes = [(0.0, 0.0, 1.0)]
        if ln.double:
            strikes.append((ln.double[0], ln.double[1], 0.8))
        for dx2, dy2, k2 in strikes:
            for i, ch in enumerate(ln.text):
                if ch == " ":
                    continue
                kx, ky = self.koff(ch)
                x = ln.x + i * ln.pitch + jx[i] + kx + dx2
                y = ln.y + jy[i] + ky + line_dy + dy2
                partial = None
                if part[i]:
                    partial = (int(rng.integers(0, 4)), float(rng.uniform(0.1, 0.45)))
                filled = bool(fill_draw[i]) and ch in "oeaO"   # clogged type: counters of o/e/a fill
                wrong = ln.overstrike.get(i)
                if wrong and dx2 == 0.0:
                    self.strike(cov, wrong, x + rng.normal(0, 0.6 * s), y, inten[i] * 0.9)
                self.strike(cov, ch, x, y, min(1.0, inten[i] * k2), filled, partial)
                if ln.bold and ln.role == "heading" and p.get("bold_heads", False):
                    self.strike(cov, ch, x + max(1.0, s), y, inten[i] * 0.9)


def ink_print(cov: np.ndarray, lines: list[Line], ink: float = 1.0):
    """Draw proportional lines onto the coverage array (via a PIL L canvas)."""
    if not lines:
        return
    H, W = cov.shape
    y0 = max(0, int(min(ln.y for ln in lines) - max(ln.size for ln in lines) * 1.3))
    y1 = min(H, int(max(ln.y for ln in lines) + max(ln.size for ln in lines) * 0.6))
    im = Image.new("L", (W, y1 - y0), 0)
    d = ImageDraw.Draw(im)
    for ln in lines:
        f = font(ln.face, ln.size)
        if ln.justify and " " in ln.text:
            words = ln.text.split(" ")
            wl = [f.getlength(w) for w in words]
            gap = (ln.justify - sum(wl)) / (len(words) - 1)
            x = ln.x
            for word, wlen in zip(words, wl, strict=True):
                d.text((x, ln.y - y0), word, font=f, fill=255, anchor="ls")
                x += wlen + gap
        else:
            d.text((ln.x, ln.y - y0), ln.text, font=f, fill=255, anchor="ls")
    a = np.asarray(im, dtype=np.float32) * (ink / 255.0)
    sub = cov[y0:y1]
    np.maximum(sub, a, out=sub)
