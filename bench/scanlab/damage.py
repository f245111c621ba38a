"""Paper, ink and copying damage on float32 luminance images (1.0 = white)."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter
from scipy import ndimage


def _resize_f(a: np.ndarray, w: int, h: int, resample=Image.BICUBIC) -> np.ndarray:
    return np.array(Image.fromarray(a.astype(np.float32, copy=False)).resize((w, h), resample), np.float32)


def lowfreq(rng, h: int, w: int, cell: float, octaves: int = 1) -> np.ndarray:
    """Smooth noise in ~[-1, 1] with feature size ``cell`` px: built small, upscaled once."""
    c_fine = max(2.0, cell / (2 ** (octaves - 1)))
    sh, sw = max(2, int(h / c_fine) + 2), max(2, int(w / c_fine) + 2)
    acc = np.zeros((sh, sw), np.float32)
    amp, tot = 1.0, 0.0
    for o in range(octaves):
        c = max(2.0, cell / (2 ** o))
        oh, ow = max(2, int(h / c) + 2), max(2, int(w / c) + 2)
        g = ndimage.gaussian_filter(rng.standard_normal((oh, ow)).astype(np.float32), 0.8)
        g /= max(1e-6, float(np.abs(g).max()))
        acc += amp * (_resize_f(g, sw, sh) if (oh, ow) != (sh, sw) else g)
        tot += amp
        amp *= 0.5
    return np.clip(_resize_f(acc / tot, w, h), -1.0, 1.0)


_TILE = 640


def fine_noise(rng, h: int, w: int, sigma: float, half: bool = True) -> np.ndarray:
    """Grain with unit std and correlation length ~sigma px.

    A random tile (640 px) is made and repeated with a random phase: the period
    is 2-4 inches on paper, invisible as a pattern, and it keeps pages fast.
    """
    g = rng.standard_normal((_TILE, _TILE), dtype=np.float32)
    if sigma > 0.3:
        g = ndimage.gaussian_filter(g, sigma, mode="wrap")
    g /= max(1e-6, float(g.std()))
    g = np.roll(g, (int(rng.integers(_TILE)), int(rng.integers(_TILE))), axis=(0, 1))
    reps = (h // _TILE + 1, w // _TILE + 1)
    return np.tile(g, reps)[:h, :w]


def blur(a: np.ndarray, sigma: float) -> np.ndarray:
    if sigma <= 0.05:
        return a
    if sigma > 1.6:     # wide blurs: work on a reduced copy (the result is smooth anyway)
        k = int(sigma // 0.8)
        h, w = a.shape
        small = _resize_f(a, max(2, w // k), max(2, h // k), Image.BOX)
        small = ndimage.gaussian_filter(small, sigma / k, truncate=2.5)
        return _resize_f(small, w, h, Image.BILINEAR)
    return ndimage.gaussian_filter(a, sigma, truncate=2.5)


def paper(rng, h, w, s, level, grain, gradient, yellow=0.0):
    """Paper luminance: base level, a lighting/yellowing gradient, fibre grain."""
    p = np.full((h, w), level, np.float32)
    if gradient > 0:
        # one-sided lighting falloff plus large blotchy variation
        ang = rng.uniform(0, 2 * math.pi)
        yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
        lin = (np.cos(ang) * xx / w + np.sin(ang) * yy / h)
        lin = (lin - lin.min()) / max(1e-6, float(lin.max() - lin.min()))
        lf = lowfreq(rng, yy.shape[0], yy.shape[1], 300 * s / 8, 2) * 0.5 + 0.5
        p -= _resize_f(gradient * (lin + 0.5 * lf), w, h, Image.BILINEAR)
    if yellow > 0:
        # yellowing is strongest at the edges (exposed to air)
        yy = np.minimum(np.arange(h), np.arange(h)[::-1]).astype(np.float32) / (60 * s)
        xx = np.minimum(np.arange(w), np.arange(w)[::-1]).astype(np.float32) / (60 * s)
        edge = np.exp(-np.minimum(yy[::4, None], xx[None, ::4])).astype(np.float32)
        edge *= 0.7 + 0.3 * lowfreq(rng, edge.shape[0], edge.shape[1], 20 * s)
        p -= _resize_f(yellow * edge, w, h, Image.BILINEAR)
    if grain > 0:
        g = fine_noise(rng, h, w, 0.9 * s)
        g *= grain
        p += g
    return p


def stains(rng, img, s, n, strength):
    """Water/coffee stains: soft blobs with a darker tide line at the rim."""
    h, w = img.shape
    k = 8
    sh, sw = h // k + 1, w // k + 1
    acc = np.zeros((sh, sw), np.float32)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    for _ in range(n):
        cy, cx = rng.uniform(0, sh), rng.uniform(0, sw)
        r = rng.uniform(60, 400) * s / k
        wob = lowfreq(rng, sh, sw, r * 0.8) * 0.35
        d = np.sqrt(((yy - cy) / r) ** 2 + ((xx - cx) / (r * rng.uniform(0.6, 1.4))) ** 2) + wob
        body = np.clip(1 - d, 0, 1) ** 0.5 * rng.uniform(0.5, 0.9)
        rim = np.exp(-((d - 1.0) / 0.06) ** 2) * rng.uniform(0.5, 1.0)
        acc += (body + rim) * rng.uniform(0.5, 1.0)
    acc = ndimage.gaussian_filter(acc, 1.0)
    up = Image.fromarray(np.clip(acc * 255, 0, 255).astype(np.uint8)).resize((w, h), Image.BICUBIC)
    return img * (1 - strength * np.asarray(up, np.float32) / 255.0)


def foxing(rng, img, s, n):
    """Foxing: small rust-brown spots, in loose clusters."""
    h, w = img.shape
    lay = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(lay)
    centers = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(max(1, n // 12))]
    for _ in range(n):
        cx, cy = centers[int(rng.integers(len(centers)))]
        x = cx + rng.normal(0, 120 * s)
        y = cy + rng.normal(0, 120 * s)
        r = rng.uniform(0.8, 5.0) * s
        d.ellipse([x - r, y - r * rng.uniform(0.7, 1.3), x + r, y + r], fill=int(rng.uniform(60, 200)))
    lay = lay.filter(ImageFilter.GaussianBlur(1.2 * s))
    return img * (1 - 0.45 * np.asarray(lay, np.float32) / 255.0)


def sigmoid_contrast(img, center, gain):
    """Photocopier tone curve: pushes greys toward black or white."""
    return 1.0 / (1.0 + np.exp(-gain * (img - center)))


def affine_small(img, rng, s, angle_sd=0.4, scale=(0.98, 1.02), fill=1.0):
    """Slight rotation/scale/shift of a copy on the glass (bicubic)."""
    h, w = img.shape
    sc = rng.uniform(*scale)
    ang = rng.normal(0, angle_sd)
    tx, ty = rng.normal(0, 8 * s), rng.normal(0, 8 * s)
    im = Image.fromarray(np.clip(img * 255, 0, 255).astype(np.uint8))
    c, sn = math.cos(math.radians(ang)) / sc, math.sin(math.radians(ang)) / sc
    cx, cy = w / 2, h / 2
    # inverse map: output (x,y) -> input
    a, b = c, sn
    d_, e = -sn, c
    cc = cx - a * (cx + tx) - b * (cy + ty)
    f = cy - d_ * (cx + tx) - e * (cy + ty)
    im = im.transform((w, h), Image.AFFINE, (a, b, cc, d_, e, f), resample=Image.BICUBIC,
                      fillcolor=int(fill * 255))
    return np.asarray(im, np.float32) / 255.0, dict(angle=round(ang, 3), scale=round(sc, 4))


def photocopy_generation(img, rng, s, gen_index):
    """One pass through an office copier."""
    h, w = img.shape
    info = {}
    # the copier optics soften; toner scatters around strokes (noise before the tone curve)
    sig = rng.uniform(0.6, 1.1) * s
    img = blur(img, sig)
    if not img.flags.writeable:
        img = img.copy()
    scatter = rng.uniform(0.02, 0.07)
    n = fine_noise(rng, h, w, rng.uniform(0.5, 1.0) * s)
    n *= scatter
    img += n
    del n
    # toner spreads: strokes thicken (min filter on luminance = grow dark)
    if rng.random() < 0.5:
        k = 2 if s < 1.2 else 3
        img = np.minimum(img, ndimage.minimum_filter(img, size=k) * 0.5 + img * 0.5)
        info["thicken"] = k
    # tone curve: copiers have contrast gain.  A light setting loses thin strokes
    # and breaks letters; a dark one fills counters and merges letters.
    center = float(np.clip(rng.normal(0.55, 0.08), 0.38, 0.72))
    gain = rng.uniform(6, 14)
    lo = sigmoid_contrast(0.0, center, gain)
    hi = sigmoid_contrast(1.0, center, gain)
    lut = ((sigmoid_contrast(np.linspace(-0.25, 1.25, 1536), center, gain) - lo) / (hi - lo)).astype(np.float32)
    idx = img * 1024
    idx += 256
    np.clip(idx, 0, 1535, out=idx)
    img = lut[idx.astype(np.int16)]
    del idx
    # drum noise: faint background grey with dust/toner specks
    bg = rng.uniform(0.0, 0.08)
    img *= 1 - bg * (0.6 + 0.4 * lowfreq(rng, h, w, 200 * s))
    n_specks = int(rng.uniform(50, 1500) * (h * w) / (2500 * 3500))
    if n_specks:
        r = max(1, int(round(1.3 * s)))
        ys = rng.integers(0, h - r, n_specks)
        xs = rng.integers(0, w - r, n_specks)
        v = 1 - rng.uniform(0.4, 1.0, n_specks).astype(np.float32)
        for dy in range(r):
            for dx in range(r):
                img[ys + dy, xs + dx] *= v
    # smudge streak along the paper path, sometimes
    if rng.random() < 0.3:
        x0 = int(rng.uniform(0, w))
        wd = int(rng.uniform(3, 25) * s)
        img[:, x0:x0 + wd] *= rng.uniform(0.75, 0.95)
        info["streak"] = x0
    info.update(blur=round(sig, 2), center=round(center, 2), gain=round(gain, 1),
                scatter=round(scatter, 3), specks=n_specks)
    return np.clip(img, 0, 1), info


def copy_border(img, rng, s):
    """Black/grey bands where the copy was smaller than the glass or shifted."""
    h, w = img.shape
    out = img.copy()
    info = {}
    for side in ("top", "bottom", "left", "right"):
        if rng.random() < 0.45:
            t = int(rng.uniform(4, 60) * s)
            g = rng.uniform(0.05, 0.45)
            # ragged inner edge
            jag = (lowfreq(rng, 1, max(h, w), 40 * s)[0] * 6 * s).astype(int)
            if side == "top":
                for x in range(0, w, 8):
                    out[:max(0, t + jag[x]), x:x + 8] = g
            elif side == "bottom":
                for x in range(0, w, 8):
                    out[h - max(0, t + jag[x]):, x:x + 8] = g
            elif side == "left":
                for y in range(0, h, 8):
                    out[y:y + 8, :max(0, t + jag[y])] = g
            else:
                for y in range(0, h, 8):
                    out[y:y + 8, w - max(0, t + jag[y]):] = g
            info[side] = t
    return out, info


def to_bilevel(img, threshold):
    return (img >= threshold)


def fax_damage(img, rng, s):
    """Fax line: the sender's cheap CCD and a hard threshold, scan-line dropouts,
    broken thin strokes, noise specks."""
    h, w = img.shape
    info = {}
    img = blur(img, rng.uniform(0.5, 1.0) * s)
    if not img.flags.writeable:
        img = img.copy()
    thr = rng.uniform(0.48, 0.66)
    # hairlines break: lighten thin strokes with a small max filter (erodes dark)
    thin = rng.random() < 0.7
    if thin:
        k = rng.uniform(0.2, 0.45)
        img = ndimage.maximum_filter(img, size=(1, 2)) * k + img * (1 - k)
        info["thin"] = round(k, 2)
    nz = rng.uniform(0.03, 0.09)
    n = fine_noise(rng, h, w, 0.7 * s)
    n *= nz
    img += n
    bw = img >= thr
    # dropouts: whole scan lines lost (white) or stuck (black streaks)
    n_drop = int(rng.integers(0, 25))
    rows = rng.integers(0, h, n_drop)
    for r in rows:
        k = int(rng.integers(1, 3))
        bw[r:r + k, :] = True
    if rng.random() < 0.3:
        r = int(rng.integers(0, h))
        x0 = int(rng.integers(0, w // 2))
        bw[r, x0:x0 + int(rng.integers(w // 8, w // 2))] = False
    # salt noise
    n_salt = int(rng.uniform(100, 3000))
    bw[rng.integers(0, h, n_salt), rng.integers(0, w, n_salt)] = False
    info.update(threshold=round(thr, 3), noise=round(nz, 3), dropouts=n_drop)
    return bw, info


def scanner(img, rng, s, blur_sigma, noise_sd):
    img = blur(img, blur_sigma * s)
    if noise_sd > 0:
        n = fine_noise(rng, *img.shape, 0.0)
        n *= noise_sd
        if not img.flags.writeable:
            img = img.copy()
        img += n
    return img
