"""Non-text marks: signature scribbles, rubber stamps, handwritten margin notes, coats of arms.

None of these is part of the page's printed text (the truth); they return ink
layers (float32 coverage) to be composed with their own ink darkness.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from .render import font

STAMPS = [
    ["PUBLICADO", "em ____/____/____", "Quadro de Avisos"],
    ["CONFERE COM O", "ORIGINAL"],
    ["ARQUIVADO"],
    ["CÂMARA MUNICIPAL", "PROTOCOLO Nº {n}", "{d}/{m}/{y}"],
    ["REGISTRADO", "Livro {n2} fls. {n3}"],
    ["SECRETARIA DE ADMINISTRAÇÃO", "RECEBIDO"],
]
NOTES = ["Revogada pela Lei {n}/{y2}", "ver Lei {n}/{y2}", "alterado", "v. art. {a}",
         "Regulamentada pelo Dec. {n}", "revogado", "cópia", "publ. {d}/{m}/{y2}", "ok"]


def signature(rng, w_px: float, h_px: float, pen: float) -> np.ndarray:
    """A fast cursive scribble: loops along a drifting baseline, plus a flourish."""
    W, H = int(w_px), int(h_px)
    im = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(im)
    n = 500
    t = np.linspace(0, 1, n)
    loops = rng.uniform(5, 12)
    amp = H * rng.uniform(0.18, 0.32)
    x = W * (0.05 + 0.75 * t) + amp * 0.55 * np.sin(2 * math.pi * loops * t + rng.uniform(0, 6))
    y = (H * 0.55 + amp * np.cos(2 * math.pi * loops * t) * (0.6 + 0.4 * np.sin(2 * math.pi * rng.uniform(0.5, 2) * t))
         - H * rng.uniform(-0.15, 0.15) * t)
    # a few capital-like tall strokes
    for _ in range(int(rng.integers(1, 3))):
        c = rng.uniform(0.05, 0.6)
        y -= H * 0.35 * np.exp(-((t - c) / 0.02) ** 2)
    pts = list(zip(x.tolist(), y.tolist(), strict=True))
    # pen lifts: break into 1-3 strokes
    cuts = sorted(rng.integers(50, n - 50, int(rng.integers(0, 3))).tolist())
    prev = 0
    for c in cuts + [n]:
        seg = pts[prev:c]
        if len(seg) > 1:
            d.line(seg, fill=255, width=max(1, int(round(pen))), joint="curve")
        prev = c
    # underline flourish
    if rng.random() < 0.8:
        fx = np.linspace(W * rng.uniform(0.0, 0.3), W * rng.uniform(0.7, 1.0), 60)
        fy = H * 0.8 + H * 0.08 * np.sin(np.linspace(0, math.pi, 60)) * rng.choice([-1, 1])
        d.line(list(zip(fx.tolist(), fy.tolist(), strict=True)), fill=255, width=max(1, int(round(pen))), joint="curve")
    im = im.filter(ImageFilter.GaussianBlur(0.5))
    return np.asarray(im, np.float32) / 255.0


def stamp(rng, s: float) -> tuple[np.ndarray, dict]:
    lines = STAMPS[int(rng.integers(len(STAMPS)))]
    vals = dict(n=int(rng.integers(100, 9999)), n2=int(rng.integers(1, 30)), n3=int(rng.integers(1, 300)),
                d=int(rng.integers(1, 29)), m=int(rng.integers(1, 13)), y=int(rng.integers(62, 100)))
    lines = [t.format(**vals) for t in lines]
    size = int(rng.uniform(22, 34) * s)
    f = font("NimbusSans-Bold", size)
    tw = max(f.getlength(t) for t in lines)
    pad = size * 0.7
    W = int(tw + 2 * pad)
    H = int(len(lines) * size * 1.3 + 2 * pad)
    oval = rng.random() < 0.35
    if oval:
        W, H = int(W * 1.25), int(H * 1.35)
    im = Image.new("L", (W + 8, H + 8), 0)
    d = ImageDraw.Draw(im)
    bw = max(2, int(3 * s))
    if oval:
        d.ellipse([4, 4, W, H], outline=255, width=bw)
        d.ellipse([4 + 3 * bw, 4 + 3 * bw, W - 3 * bw, H - 3 * bw], outline=255, width=max(1, bw // 2))
    else:
        d.rectangle([4, 4, W, H], outline=255, width=bw)
    y = (H + 8) / 2 - len(lines) * size * 1.3 / 2 + size
    for t in lines:
        d.text(((W + 8) / 2, y), t, font=f, fill=255, anchor="ms")
        y += size * 1.3
    ang = rng.uniform(-25, 25)
    im = im.rotate(ang, resample=Image.BICUBIC, expand=True)
    a = np.asarray(im, np.float32) / 255.0
    # uneven inking of a rubber stamp: pressure gradient and dry patches
    h, w = a.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    th = rng.uniform(0, 2 * math.pi)
    grad = 0.55 + 0.45 * ((np.cos(th) * xx / w + np.sin(th) * yy / h) % 1.0)
    dry = rng.random((h // 4 + 1, w // 4 + 1)).astype(np.float32)
    dry = np.asarray(Image.fromarray((dry * 255).astype(np.uint8)).resize((w, h), Image.BILINEAR),
                     np.float32) / 255.0
    a = a * grad * np.clip(dry * 1.6, 0.2, 1.0)
    return a, dict(text=lines, angle=round(ang, 1), oval=oval)


def margin_note(rng, s: float) -> tuple[np.ndarray, str]:
    txt = NOTES[int(rng.integers(len(NOTES)))].format(
        n=f"{int(rng.integers(1, 3)) }.{int(rng.integers(100, 999))}", y2=int(rng.integers(70, 99)),
        a=int(rng.integers(2, 40)), d=int(rng.integers(1, 29)), m=int(rng.integers(1, 13)))
    face = ["NimbusSans-Italic", "C059-Italic", "URWBookman-LightItalic"][int(rng.integers(3))]
    size = int(rng.uniform(20, 30) * s)
    f = font(face, size)
    W = int(f.getlength(txt) + size)
    H = int(size * 1.8)
    im = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(im)
    x = size * 0.3
    for ch in txt:   # wobbly handwriting: each letter bobs and leans
        d.text((x, size * 1.2 + rng.normal(0, 1.5 * s)), ch, font=f, fill=255, anchor="ls")
        x += f.getlength(ch) * rng.uniform(0.9, 1.15)
    if rng.random() < 0.5:
        d.line([(size * 0.2, size * 1.45), (x, size * 1.4 + rng.normal(0, 2 * s))], fill=255,
               width=max(1, int(1.5 * s)))
    a = np.asarray(im.filter(ImageFilter.GaussianBlur(0.6 * s)), np.float32) / 255.0
    return a, txt


def coat_of_arms(size: int) -> np.ndarray:
    """A crude municipal brasão: shield outline with a crown and bands."""
    im = Image.new("L", (size, int(size * 1.2)), 0)
    d = ImageDraw.Draw(im)
    w, h = size, int(size * 1.2)
    lw = max(1, size // 30)
    shield = [(w * 0.15, h * 0.25), (w * 0.85, h * 0.25), (w * 0.85, h * 0.65), (w * 0.5, h * 0.95),
              (w * 0.15, h * 0.65)]
    d.polygon(shield, outline=255, width=lw)
    for k in range(4):   # crown towers
        x = w * (0.2 + 0.17 * k)
        d.rectangle([x, h * 0.08, x + w * 0.1, h * 0.22], outline=255, width=lw)
    d.line([(w * 0.15, h * 0.45), (w * 0.85, h * 0.45)], fill=255, width=lw)
    d.line([(w * 0.5, h * 0.25), (w * 0.5, h * 0.93)], fill=255, width=lw)
    d.ellipse([w * 0.28, h * 0.30, w * 0.42, h * 0.42], fill=160)
    return np.asarray(im, np.float32) / 255.0


def paste_max(dst: np.ndarray, a: np.ndarray, x: int, y: int):
    H, W = dst.shape
    h, w = a.shape
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(W, x + w), min(H, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    sub = dst[y0:y1, x0:x1]
    np.maximum(sub, a[y0 - y:y1 - y, x0 - x:x1 - x], out=sub)
