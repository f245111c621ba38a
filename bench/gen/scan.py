"""Scanning: book pages -> page images of a photocopied typewritten book -> Tesseract text.

`Page.render` draws one book page (per-character ink and jitter, letterhead, crest, book-page
stamps, signatures with scribbles, rubber stamps and pen marks); `degrade` damages the image
(uneven ink, blur, rotation, paper tone, contrast, shadow, dark border, speckle, streaks, noise,
threshold, rescale); `ocr` reads images with real Tesseract, two processes at a time.
"""
import math
import os
import subprocess
import time

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = {
    "nimbus": ("/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf",
               "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf"),
    "dejavu": ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
               "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"),
    "noto": ("/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf",
             "/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf"),
    "notomono": ("/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf",
                 "/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf"),
}
PAPER = {"a4": (8.27, 11.69), "legal": (8.5, 14.0), "oficio": (8.5, 13.0), "letter": (8.5, 11.0)}


class Page:
    def __init__(self, cfg, rng):
        lay = cfg["layout"]
        self.lay = lay
        self.rng = rng
        self.dpi = lay.get("dpi", 300)
        pw, ph = PAPER[lay.get("paper", "a4")]
        self.W, self.H = int(pw * self.dpi), int(ph * self.dpi)
        reg, bold = FONTS[lay.get("font", "nimbus")]
        self.px = lay.get("pt", 11) * self.dpi / 72
        self.font = ImageFont.truetype(reg, int(round(self.px)))
        self.bold = ImageFont.truetype(bold, int(round(self.px)))
        self.cw = self.font.getlength("M")
        self.pitch = lay.get("pitch_pt", 16) * self.dpi / 72
        self.left = (self.W - self.cw * lay["chars"]) / 2 + lay.get("shift_in", 0.1) * self.dpi
        self.top_body = lay.get("top_in", 2.0) * self.dpi
        self.bottom = self.H - lay.get("bottom_in", 0.9) * self.dpi

    def lines_per_page(self):
        return int((self.bottom - self.top_body) // self.pitch)

    def new(self):
        self.img = Image.new("L", (self.W, self.H), 255)
        self.d = ImageDraw.Draw(self.img)

    def draw_str(self, x, y, s, font=None, ink=None, spacing=None, jitter=True):
        font = font or self.font
        lay, rng = self.lay, self.rng
        base = lay.get("ink", 40) if ink is None else ink
        cw = spacing or self.cw
        line_dy = rng.gauss(0, lay.get("line_jitter", 1.0))
        for j, ch in enumerate(s):
            if ch == " ":
                continue
            v = base + abs(rng.gauss(0, lay.get("ink_var", 25)))
            if rng.random() < lay.get("faint_p", 0.015):
                v = rng.uniform(150, 200)
            dx = rng.gauss(0, lay.get("char_jitter", 0.6)) if jitter else 0
            dy = line_dy + (rng.gauss(0, lay.get("char_jitter", 0.6)) if jitter else 0)
            if jitter and rng.random() < lay.get("drop_p", 0.02):
                dy += rng.choice([-1, 1]) * rng.uniform(2, 4)
            self.d.text((x + j * cw + dx, y + dy), ch, font=font, fill=int(min(v, 230)))
            if rng.random() < lay.get("heavy_p", 0.04):
                self.d.text((x + j * cw + dx + 1, y + dy), ch, font=font, fill=int(min(v, 230)))

    def center_x(self, s, cw=None):
        cw = cw or self.cw
        return self.left + (self.lay.get("cur_chars", self.lay["chars"]) * self.cw - len(s) * cw) / 2

    def letterhead(self, page_no):
        lay, rng = self.lay, self.rng
        y = lay.get("head_top_in", 0.55) * self.dpi
        scale = lay.get("head_scale", 1.15)
        hfont = ImageFont.truetype(FONTS[lay.get("font", "nimbus")][1], int(self.px * scale))
        hcw = hfont.getlength("M")
        if lay.get("crest"):
            cx, cy = self.left + 0.3 * self.dpi, y + 0.35 * self.dpi
            r = 0.33 * self.dpi
            self.d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=70, width=5)
            self.d.ellipse([cx - r * .7, cy - r * .75, cx + r * .7, cy + r * .75], outline=90,
                           width=3)
            for k in range(9):
                a = k * math.pi / 4.5
                self.d.line([cx, cy, cx + r * .6 * math.cos(a), cy + r * .6 * math.sin(a)],
                            fill=110, width=3)
        for s in lay.get("letterhead", []):
            font, cw = (hfont, hcw) if not s.startswith("~") else (self.font, self.cw)
            s = s.lstrip("~")
            self.draw_str(self.center_x(s, cw), y, s, font=font, spacing=cw)
            y += self.pitch * (1.05 if font is hfont else 0.95)
        if lay.get("rule", True):
            y += self.pitch * 0.3
            x0, x1 = self.left - 10, self.left + lay["chars"] * self.cw + 10
            self.d.line([x0, y, x1, y], fill=50, width=4)
            if lay.get("rule") == "double":
                self.d.line([x0, y + 9, x1, y + 9], fill=60, width=2)
        st = lay.get("stamp")
        if st:
            txt = st.format(n=page_no)
            font = self.font
            if lay.get("stamp_pos", "tr") == "tr":
                x = self.left + lay["chars"] * self.cw - len(txt.split("\n")[0]) * self.cw + \
                    0.2 * self.dpi
                yy = lay.get("stamp_top_in", 1.45) * self.dpi
            else:
                x = self.center_x(txt)
                yy = self.H - 0.55 * self.dpi
            for k, s in enumerate(txt.split("\n")):
                self.draw_str(x, yy + k * self.pitch * 0.9, s, ink=lay.get("stamp_ink", 70))
            if lay.get("stamp_box"):
                nl = txt.count("\n") + 1
                wmax = max(len(s) for s in txt.split("\n"))
                self.d.rectangle([x - 15, yy - 10, x + wmax * self.cw + 15,
                                  yy + nl * self.pitch * 0.9 + 5], outline=90, width=3)
        ps = lay.get("pstamp")
        if ps:
            txt = ps["fmt"].format(n=page_no)
            yy = rng.uniform(*ps.get("y", [0.3, 0.8])) * self.H
            if ps.get("side", "right") == "right":
                x = self.left + lay["chars"] * self.cw + ps.get("gap_in", 0.25) * self.dpi
            else:
                x = self.left - ps.get("gap_in", 0.25) * self.dpi - len(txt) * self.cw
            self.draw_str(x, yy, txt, ink=ps.get("ink", 60))
        for k, s in enumerate(lay.get("footer", [])):
            yy = self.H - (0.55 - 0.17 * k) * self.dpi
            sf = ImageFont.truetype(FONTS[lay.get("font", "nimbus")][0], int(self.px * 0.8))
            scw = sf.getlength("M")
            self.draw_str(self.center_x(s, scw), yy, s, font=sf, spacing=scw)

    def scribble(self, x, y, w):
        """A cursive-looking signature: a looping pen trace plus an underline flourish."""
        rng = self.rng
        pts = []
        n = 400
        loops = rng.randint(6, 11)
        r = rng.uniform(0.08, 0.14) * self.dpi
        ph = rng.uniform(0, 6)
        for k in range(n):
            t = k / (n - 1)
            env = 0.6 + 0.4 * math.sin(t * math.pi * rng.uniform(0.8, 1.2) + ph)
            pts.append((x + t * w + r * 0.8 * math.cos(t * loops * 2 * math.pi + ph),
                        y - r * 0.6 - r * env * math.sin(t * loops * 2 * math.pi + ph)
                        - 0.15 * self.dpi * math.sin(t * math.pi)))
        ink = rng.randint(30, 90)
        wd = rng.randint(3, 5)
        self.d.line(pts, fill=ink, width=wd, joint="curve")
        x0, x1 = x - 0.1 * self.dpi, x + w * rng.uniform(0.8, 1.1)
        yy = y + rng.uniform(-0.02, 0.05) * self.dpi
        self.d.line([(x0, yy + 6), ((x0 + x1) / 2, yy - 4), (x1, yy + 10)], fill=ink, width=wd,
                    joint="curve")

    def hand(self, x, y, kind):
        """Pen marks in the margin: tick, vertical bar, circle, initials, arrow."""
        rng, u = self.rng, self.dpi / 100
        ink = rng.randint(40, 90)
        wd = max(2, int(2.5 * u))
        def wob(pts):
            return [(a + rng.gauss(0, 0.6 * u), b + rng.gauss(0, 0.6 * u)) for a, b in pts]
        if kind == "tick":
            self.d.line(wob([(x, y), (x + 12 * u, y + 14 * u), (x + 34 * u, y - 22 * u)]),
                        fill=ink, width=wd, joint="curve")
        elif kind == "bar":
            self.d.line(wob([(x + k * 0.4 * u, y + k * 9 * u) for k in range(30)]), fill=ink,
                        width=wd, joint="curve")
        elif kind == "circle":
            r = 22 * u
            pts = [(x + r * math.cos(t / 20 * 2.2 * math.pi), y + 0.8 * r *
                    math.sin(t / 20 * 2.2 * math.pi)) for t in range(21)]
            self.d.line(wob(pts), fill=ink, width=wd, joint="curve")
        elif kind == "arrow":
            self.d.line(wob([(x, y), (x + 50 * u, y + 6 * u)]), fill=ink, width=wd)
            self.d.line(wob([(x + 38 * u, y - 6 * u), (x + 50 * u, y + 6 * u),
                             (x + 36 * u, y + 16 * u)]), fill=ink, width=wd)
        else:  # initials: a short scribble
            self.scribble(x, y, 0.6 * self.dpi)

    def rubber_stamp(self, x, y, lines_txt, angle):
        f = ImageFont.truetype(FONTS["dejavu"][1], int(self.px * 0.85))
        cw = f.getlength("M")
        wmax = max(len(s) for s in lines_txt)
        w, h = int(wmax * cw + 60), int(len(lines_txt) * self.px * 1.3 + 50)
        st = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(st)
        d.rectangle([4, 4, w - 5, h - 5], outline=255, width=6)
        for k, s in enumerate(lines_txt):
            d.text(((w - len(s) * cw) / 2, 25 + k * self.px * 1.3), s, font=f, fill=255)
        st = st.rotate(angle, expand=True, resample=Image.BICUBIC)
        arr = np.array(st, dtype=np.float32) / 255.0
        # patchy stamp ink
        noise = np.random.default_rng(self.rng.randint(0, 10**6)).random(arr.shape)
        arr = arr * (noise > 0.25) * self.rng.uniform(0.45, 0.7)
        base = np.array(self.img, dtype=np.float32)
        x, y = int(x), int(y)
        hh, ww = arr.shape
        hh = min(hh, base.shape[0] - y)
        ww = min(ww, base.shape[1] - x)
        region = base[y:y + hh, x:x + ww]
        base[y:y + hh, x:x + ww] = region * (1 - arr[:hh, :ww]) + 90 * arr[:hh, :ww]
        self.img = Image.fromarray(base.clip(0, 255).astype(np.uint8))
        self.d = ImageDraw.Draw(self.img)

    def render(self, plines, page_no, extras):
        lay = self.lay
        self.new()
        lay["cur_chars"] = lay["chars"]
        self.letterhead(page_no)
        lay["cur_chars"] = lay.get("col_chars", lay["chars"])
        y = self.top_body
        ncol = lay.get("columns", 1)
        cc = lay.get("col_chars", lay["chars"])
        lpp = self.lines_per_page()
        self.line_y = []
        base_left = self.left
        for li_, ln in enumerate(plines):
            if ncol > 1:
                c = li_ // lpp
                self.left = base_left + c * (cc + lay.get("col_gap", 4)) * self.cw
                y = self.top_body + (li_ % lpp) * self.pitch
                if lay.get("col_rule") and li_ == 0:
                    xr = base_left + (cc + lay.get("col_gap", 4) / 2) * self.cw
                    self.d.line([xr, self.top_body - 10, xr, self.bottom], fill=90, width=2)
            self.line_y.append((str(ln["text"]), y, self.left + ln.get("col", 0) * self.cw))
            if ln["kind"] != "blank" and ln["text"]:
                bold = ln.get("bold")
                font = self.bold if bold else self.font
                if ln["align"] == "center":
                    x = self.center_x(ln["text"])
                elif ln["align"] == "right":
                    x = self.left + (lay["chars"] - len(ln["text"])) * self.cw
                else:
                    x = self.left + ln["col"] * self.cw
                if ln.get("sign") and lay.get("scribble", True):
                    self.scribble(x - 0.2 * self.dpi, y - 0.12 * self.dpi,
                                  max(len(ln["text"]) * self.cw, 1.6 * self.dpi))
                    if lay.get("sig_line", True):
                        self.d.line([x - 20, y - 8, x + len(ln["text"]) * self.cw + 20, y - 8],
                                    fill=60, width=2)
                self.draw_str(x, y, ln["text"], font=font)
            y += self.pitch
        self.left = base_left
        for e in extras:
            if e[0] == "stamp":
                _, fx, fy, txt, ang = e
                if isinstance(fy, str):
                    hit = next((t for t in self.line_y if t[0].strip().startswith(fy[1:])), None)
                    if hit is None:
                        print("stamp target not on this page:", fy)
                        continue
                    self.rubber_stamp(hit[2] + fx * self.dpi, hit[1] - 0.25 * self.dpi, txt, ang)
                else:
                    self.rubber_stamp(fx * self.W, fy * self.H, txt, ang)
            elif e[0] == "hand":
                _, fx, fy, kind = e
                self.hand(fx * self.W, fy * self.H, kind)
            elif e[0] == "scribble":
                _, fx, fy, fw = e
                self.scribble(fx * self.W, fy * self.H, fw * self.W)
            elif e[0] == "note":
                _, fx, fy, txt = e
                f = ImageFont.truetype(FONTS["dejavu"][0], int(self.px * 0.9))
                self.draw_str(fx * self.W, fy * self.H, txt, font=f, ink=80,
                              spacing=f.getlength("M"))
        return self.img


def degrade(img, deg, rng):
    """The scanned, photocopied image of a clean page (`deg` = the damage knobs)."""
    nrng = np.random.default_rng(rng.randint(0, 10**9))
    a = np.array(img, dtype=np.float32)
    H, W = a.shape
    # uneven ink: low-frequency field lightens the ink in patches
    gh, gw = max(2, H // 300), max(2, W // 300)
    field = nrng.random((gh, gw)).astype(np.float32)
    field = np.array(Image.fromarray((field * 255).astype(np.uint8)).resize((W, H), Image.BICUBIC),
                     dtype=np.float32) / 255.0
    ink = 255 - a
    ink *= 1 - deg.get("uneven", 0.3) * field
    a = 255 - ink
    img = Image.fromarray(a.clip(0, 255).astype(np.uint8))
    if deg.get("blur", 0) > 0:
        img = img.filter(ImageFilter.GaussianBlur(deg["blur"]))
    ang = deg.get("rot", 0.5)
    img = img.rotate(ang, resample=Image.BICUBIC, fillcolor=deg.get("fill", 255), expand=False)
    a = np.array(img, dtype=np.float32)
    # paper tone and photocopy background
    paper = deg.get("paper", 245)
    bgf = nrng.random((max(2, H // 200), max(2, W // 200))).astype(np.float32)
    bgf = np.array(Image.fromarray((bgf * 255).astype(np.uint8)).resize((W, H), Image.BICUBIC),
                   dtype=np.float32) / 255.0
    bg = paper - deg.get("bg_var", 10) * bgf
    a = a / 255.0 * bg
    # contrast (photocopy): push dark darker and light lighter
    c = deg.get("contrast", 1.0)
    if c != 1.0:
        a = 128 + (a - 128) * c
    # scanner shadow on one edge
    sh = deg.get("shadow", 0)
    if sh:
        side = deg.get("shadow_side", "left")
        wpx = int(0.35 * 300)
        ramp = np.linspace(sh, 0, wpx)
        if side == "left":
            a[:, :wpx] -= ramp[None, :]
        else:
            a[:, -wpx:] -= ramp[::-1][None, :]
    # dark scanner border (lid / outside of the page)
    bd = deg.get("border", 0)
    if bd:
        dpi = deg.get("dpi", 300)
        for side in deg.get("border_sides", ["left", "top"]):
            wpx = int(bd * dpi * nrng.uniform(0.8, 1.2))
            val = nrng.uniform(25, 55)
            if side == "left":
                a[:, :wpx] = val + nrng.normal(0, 8, (H, wpx))
            elif side == "right":
                a[:, -wpx:] = val + nrng.normal(0, 8, (H, wpx))
            elif side == "top":
                a[:wpx, :] = val + nrng.normal(0, 8, (wpx, W))
            else:
                a[-wpx:, :] = val + nrng.normal(0, 8, (wpx, W))
    # speckle
    sp = deg.get("speckle", 0.0)
    if sp:
        n = int(H * W * sp / 1000)
        ys = nrng.integers(0, H, n)
        xs = nrng.integers(0, W, n)
        rs = nrng.integers(1, 4, n)
        img2 = Image.fromarray(a.clip(0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img2)
        for yy, xx, r in zip(ys, xs, rs, strict=True):
            v = int(nrng.integers(20, 120))
            d.ellipse([xx - r, yy - r, xx + r, yy + r], fill=v)
        a = np.array(img2, dtype=np.float32)
    # vertical photocopy streaks
    for _ in range(deg.get("streaks", 0)):
        x = int(nrng.integers(0, W))
        wd = int(nrng.integers(2, 7))
        a[:, x:x + wd] -= nrng.uniform(20, 60)
    # gaussian noise
    a += nrng.normal(0, deg.get("noise", 6), a.shape)
    img = Image.fromarray(a.clip(0, 255).astype(np.uint8))
    if deg.get("thresh"):
        t = deg["thresh"]
        img = img.point(lambda v: 0 if v < t else 255)
    sc = deg.get("scale", 1.0)
    if sc != 1.0:
        img = img.resize((int(W * sc), int(H * sc)), Image.LANCZOS)
    return img




def ocr(paths, lang="por", psm=3, jobs=2):
    """Tesseract text of each image (one thread per process, `jobs` processes at a time)."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    procs = {}
    out = {}
    queue = list(paths)
    while queue or procs:
        while queue and len(procs) < jobs:
            p = queue.pop(0)
            procs[p] = subprocess.Popen(["tesseract", str(p), "stdout", "-l", lang, "--psm", str(psm)],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        env=env)
        done = None
        for p, pr in procs.items():
            if pr.poll() is not None:
                done = p
                break
        if done is None:
            time.sleep(0.3)
            continue
        pr = procs.pop(done)
        out[done] = pr.stdout.read().decode("utf-8")
    return [out[p] for p in paths]
