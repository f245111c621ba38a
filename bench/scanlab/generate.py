"""One page: draw a profile and its parameters, typeset, ink, damage, scan."""

from __future__ import annotations

import io
import math

import numpy as np
from PIL import Image

from pipeline.reading.numerals import ordinal_figure

from . import damage as D
from . import marks as M
from . import text as T
from .render import (
    BOOK_FACES,
    PRINT_FACES,
    TYPE_FACES,
    Geometry,
    Line,
    TypeInk,
    font,
    ink_print,
    layout_print,
    layout_type,
)

PROFILES = ["typewriter", "carbon", "photocopy", "book", "fax", "bleed", "lighting"]
PAPER_MM = {"A4": (210, 297), "oficio": (216, 330), "carta": (216, 279)}
NEIGHBOURS = dict(zip("aeiouscrtnmldp", "sweyidxetbnkfo", strict=True))


def _r(x, n=3):
    return round(float(x), n)


def _rng(seed: int, index: int, salt: int = 0):
    return np.random.default_rng([int(seed), int(index), int(salt)])


# ----------------------------------------------------------------- content

def _type_params(rng, carbon=False):
    p = dict(
        ink=_r(rng.uniform(0.8, 1.0) if not carbon else rng.uniform(0.75, 0.95)),
        ink_sd=_r(rng.uniform(0.06, 0.18)),
        p_heavy=_r(rng.uniform(0.0, 0.04)),
        p_light=_r(rng.uniform(0.0, 0.025)),
        p_partial=_r(rng.uniform(0.0, 0.015)),
        p_fill=_r(0.0 if rng.random() < 0.5 else rng.uniform(0.05, 0.35)),
        jitter=_r(rng.uniform(0.3, 0.55)),
        key_sd=_r(rng.uniform(0.2, 0.5)),
        wear=_r(0.0 if rng.random() < 0.5 else rng.uniform(0.15, 0.45)),
        wear_top=bool(rng.random() < 0.6),
        bold_heads=bool(rng.random() < 0.5),
    )
    if carbon:       # no ribbon in a carbon copy: the carbon sheet inks evenly
        p["wear"] = 0.0
    return p


def _typed_document(rng, dpi, kind, profile, allow_municipal=True, force_municipal=None):
    """Typewritten page (letterhead printed). Returns (lines_type, lines_print, meta)."""
    paper = ["A4", "oficio"][int(rng.random() < 0.45)]
    wmm, hmm = PAPER_MM[paper]
    w, h = int(round(wmm / 25.4 * dpi)), int(round(hmm / 25.4 * dpi))
    municipal = allow_municipal and rng.random() < 0.55
    if force_municipal is not None:
        municipal = bool(force_municipal)
    pitch = int(rng.choice([10, 12], p=[0.6, 0.4]))
    spacing = float(rng.choice([1.0, 1.5, 2.0], p=[0.35, 0.45, 0.2]))
    if municipal:
        spacing = min(spacing, 1.5)
    face = TYPE_FACES[int(rng.integers(len(TYPE_FACES)))]
    mm = dpi / 25.4
    geo = Geometry(w, h, dpi, left=rng.uniform(25, 35) * mm, right=rng.uniform(12, 22) * mm,
                   top=rng.uniform(18, 30) * mm, bottom=rng.uniform(18, 28) * mm)
    indent = int(rng.choice([0, 5, 8, 10]))
    p_hyph = _r(rng.uniform(0.0, 0.6))
    meta = dict(paper=paper, municipal=municipal, pitch_cpi=pitch, spacing=spacing, font=face,
                indent_cols=indent, p_hyphen=p_hyph, margins_mm=[_r(geo.left / mm, 1), _r(geo.right / mm, 1),
                                                                _r(geo.top / mm, 1), _r(geo.bottom / mm, 1)])
    lines_t: list[Line] = []
    lines_p: list[Line] = []
    arms = None
    y_start = None
    if municipal:
        fr = T.municipal_frame(rng)
        meta.update(town=fr["town"], law_number=fr["number"], year=fr["year"])
        lh_face = ["NimbusSans-Bold", "NimbusRoman-Bold", "C059-Bold"][int(rng.integers(3))]
        y = geo.top * 0.8
        size0 = int(rng.uniform(13, 16) / 72 * dpi)
        for i, b in enumerate(fr["letterhead"]):
            sz = size0 if i == 0 else int(size0 * 0.72)
            f = font(lh_face if i == 0 else lh_face.replace("Bold", "Regular").replace("C059-Regular", "C059-Roman"), sz)
            y += sz * 1.25
            x = (w - f.getlength(b.text)) / 2
            lines_p.append(Line(b.text, x, y, "print", f.path.split("/")[-1].split(".")[0], sz, role="letterhead"))
        if rng.random() < 0.6:
            arms = (int(geo.left * 0.6), int(geo.top * 0.6), int(size0 * 3.2))
        y_start = y + dpi / 6 * 2.5
        meta["letterhead_font"] = lh_face
        # body: head, articles, fecho -- fecho is measured first so it always fits
        fecho = fr["fecho"]
        probe = [T.Block("Art. 9º " + fecho[0].text, "para", space_before=0.5, keep=True)] + fecho[1:]
        geo_probe = Geometry(w, 10 ** 6, dpi, geo.left, geo.right, 0, 0)
        pl, y_end, _ = layout_type(probe, geo_probe, np.random.default_rng(0), pitch, spacing, indent, face, 0.0,
                                   start_y=0.0)
        fecho_h = y_end + dpi / 6
        head_lines, y, _ = layout_type(fr["head"], geo, rng, pitch, spacing, indent, face, p_hyph,
                                       start_y=y_start)
        arts, _ = T.municipal_articles(rng, int(rng.integers(2, 7)))
        for a in arts:
            a.keep = True
        art_lines, y, done = layout_type(arts, geo, rng, pitch, spacing, indent, face, p_hyph,
                                         reserve_bottom=fecho_h, start_y=y)
        n_art = sum(1 for a in arts[:done] if a.text.startswith("Art."))
        k = n_art + 1
        closer = T.Block(f"Art. {ordinal_figure(k)} " + fecho[0].text, "para",
                         space_before=0.5, keep=True)
        geo_f = Geometry(w, h + 10 ** 6, dpi, geo.left, geo.right, geo.top, 0)
        fe_lines, y, _ = layout_type([closer] + fecho[1:], geo_f, rng, pitch, spacing, indent, face, p_hyph,
                                     start_y=y)
        lines_t = head_lines + art_lines + fe_lines
        meta["articles"] = n_art
    else:
        blocks = T.passage(rng, 70)
        top_no = None
        if rng.random() < 0.35:
            top_no = int(rng.integers(2, 40))
            cw = dpi / pitch
            s = f"- {top_no} -"
            lines_t.append(Line(s, w / 2 - len(s) * cw / 2, geo.top * 0.7, "type", face, 0, pitch=cw, role="pageno"))
            meta["page_number"] = top_no
        body, y, _ = layout_type(blocks, geo, rng, pitch, spacing, indent, face, p_hyph)
        lines_t += body
    # size of type glyphs (layout picked it); propagate to page-number line
    sizes = [ln.size for ln in lines_t if ln.size]
    for ln in lines_t:
        if not ln.size:
            ln.size = sizes[0]
    return (w, h), lines_t, lines_p, arms, meta


def _printed_document(rng, dpi):
    """Laser/inkjet or letterpress printed law (proportional face), A4."""
    paper = "A4"
    wmm, hmm = PAPER_MM[paper]
    w, h = int(round(wmm / 25.4 * dpi)), int(round(hmm / 25.4 * dpi))
    mm = dpi / 25.4
    geo = Geometry(w, h, dpi, left=rng.uniform(22, 32) * mm, right=rng.uniform(15, 22) * mm,
                   top=rng.uniform(20, 30) * mm, bottom=rng.uniform(20, 28) * mm)
    face = PRINT_FACES[int(rng.integers(len(PRINT_FACES)))]
    size = _r(rng.uniform(10.5, 12.5), 1)
    just = bool(rng.random() < 0.6)
    blocks = T.passage(rng, 70)
    lines, _, _ = layout_print(blocks, geo, rng, face, size, rng.uniform(1.15, 1.5), just,
                               rng.choice([0.0, 2.0, 4.0]), _r(rng.uniform(0.2, 0.7)))
    return (w, h), lines, dict(paper=paper, font=face, size_pt=size, justified=just)


def _book_document(rng, dpi):
    wmm, hmm = rng.uniform(150, 170), rng.uniform(215, 240)
    w, h = int(round(wmm / 25.4 * dpi)), int(round(hmm / 25.4 * dpi))
    mm = dpi / 25.4
    page_no = int(rng.integers(3, 480))
    recto = page_no % 2 == 1
    inner, outer = rng.uniform(18, 24) * mm, rng.uniform(13, 18) * mm
    geo = Geometry(w, h, dpi, left=inner if recto else outer, right=outer if recto else inner,
                   top=rng.uniform(20, 26) * mm, bottom=rng.uniform(16, 22) * mm)
    face = BOOK_FACES[int(rng.integers(len(BOOK_FACES)))]
    size = _r(rng.uniform(10, 12), 1)
    sz_px = int(round(size / 72 * dpi))
    head_at_top = rng.random() < 0.6
    running = ["CONSTITUIÇÃO DA REPÚBLICA FEDERATIVA DO BRASIL", "CONSTITUIÇÃO FEDERAL",
               "LEGISLAÇÃO MUNICIPAL", "COLETÂNEA DE LEIS"][int(rng.integers(4))]
    hsz = int(sz_px * 0.85)
    fh = font(face, hsz)
    lines: list[Line] = []
    ty = geo.top - sz_px * 1.2
    if head_at_top:
        # running head with the folio at the outer edge, in one printed line
        if recto:
            txt = f"{running} {page_no}"
            x_run = geo.left + (w - geo.left - geo.right - fh.getlength(running)) / 2
            lines.append(Line(running, x_run, ty, "print", face, hsz, role="pageno"))
            lines.append(Line(str(page_no), w - geo.right - fh.getlength(str(page_no)), ty, "print", face, hsz,
                              role="pageno"))
            truth_head = [txt]
        else:
            x_run = geo.left + (w - geo.left - geo.right - fh.getlength(running)) / 2
            lines.append(Line(str(page_no), geo.left, ty, "print", face, hsz, role="pageno"))
            lines.append(Line(running, x_run, ty, "print", face, hsz, role="pageno"))
            truth_head = [f"{page_no} {running}"]
    else:
        truth_head = []
    blocks = T.passage(rng, 80)
    body, _, _ = layout_print(blocks, geo, rng, face, size, rng.uniform(1.12, 1.3), True,
                              rng.choice([1.0, 1.5, 2.0]), _r(rng.uniform(0.5, 0.9)), start_y=geo.top + sz_px,
                              reserve_bottom=0 if head_at_top else sz_px * 1.5)
    lines += body
    truth_foot = []
    if not head_at_top:
        s = str(page_no)
        lines.append(Line(s, (w - fh.getlength(s)) / 2, h - geo.bottom + sz_px * 0.8, "print", face, hsz,
                          role="pageno"))
        truth_foot = [s]
    truth = truth_head + [ln.text for ln in body] + truth_foot
    meta = dict(font=face, size_pt=size, page_number=page_no, recto=recto,
                folio="top" if head_at_top else "bottom", running_head=running if head_at_top else None,
                page_mm=[_r(wmm, 1), _r(hmm, 1)])
    return (w, h), lines, truth, meta


# ----------------------------------------------------------------- page

def page_draws(seed: int, index: int, profiles=None) -> dict:
    """The page-level draws, independent of the profile's own parameters (cheap)."""
    rng = _rng(seed, index)
    profs = list(profiles or PROFILES)
    d = dict(profile=profs[int(rng.integers(len(profs)))])
    d["dpi"] = int(rng.choice([150, 200, 300], p=[0.25, 0.4, 0.35]))
    d["skew_deg"] = _r(rng.uniform(-2.5, 2.5), 3)
    d["rotation"] = int(rng.choice([90, 180, 270])) if rng.random() < 0.05 else 0
    d["jpeg_quality"] = int(rng.integers(25, 76)) if rng.random() < 0.3 else 0
    d["stamp"] = bool(rng.random() < 0.25)
    d["margin_note"] = bool(rng.random() < 0.2)
    d["signature"] = bool(rng.random() < 0.85)
    return d


def make_page(seed: int, index: int, profiles=None, overrides: dict | None = None):
    """Render page ``index`` of set ``seed``.

    Returns (PIL image, (xdpi, ydpi), truth lines, parameters).  ``overrides`` may
    force page-level draws (keys of :func:`page_draws`, e.g. ``{"skew_deg": 0}``) and
    ``municipal`` (True/False) -- for tests and targeted sets.
    """
    ov = dict(overrides or {})
    dr = page_draws(seed, index, profiles)
    dr.update({k: v for k, v in ov.items() if k in dr})
    profile = dr["profile"]
    dpi_choice, skew, big_rot, jpeg_q = dr["dpi"], dr["skew_deg"], dr["rotation"], dr["jpeg_quality"]
    want_stamp, want_note, want_sig = dr["stamp"], dr["margin_note"], dr["signature"]
    prng = _rng(seed, index, 1)      # profile-specific stream
    if profile == "fax":
        xdpi, ydpi = ((200, 200), (204, 196))[int(prng.random() < 0.5)]
    else:
        xdpi = ydpi = dpi_choice
    dpi = xdpi
    s = dpi / 200.0
    params: dict = dict(profile=profile, dpi=[xdpi, ydpi], skew_deg=skew, rotation=big_rot)

    # ---------- typeset
    lines_t: list[Line] = []
    lines_p: list[Line] = []
    arms = None
    truth: list[str]
    base = "typewriter"
    if profile == "book":
        (w, h), lines_p, truth, meta = _book_document(prng, dpi)
        base = "book"
    else:
        if profile in ("photocopy", "fax", "lighting") and prng.random() < 0.4:
            base = "printed"
            (w, h), lines_p, meta = _printed_document(prng, dpi)
        else:
            (w, h), lines_t, lines_p, arms, meta = _typed_document(prng, dpi, "x", profile,
                                                                   force_municipal=ov.get("municipal"))
        truth = None
    params["document"] = base
    params.update(meta)

    # fax header: printed by the sending machine along the top edge
    if profile == "fax" and prng.random() < 0.6:
        town = T.TOWNS[int(prng.integers(len(T.TOWNS)))][0]
        d, m, y = T.law_date(prng)
        fx = (f"{d:02d}/{m:02d}/{y % 100:02d} {int(prng.integers(7, 18)):02d}:{int(prng.integers(0, 60)):02d} "
              f"PREF MUN {town} FAX {int(prng.integers(11, 99))} {int(prng.integers(200, 999))} "
              f"{int(prng.integers(1000, 9999))} P.{int(prng.integers(1, 9)):02d}")
        fsz = int(9.5 / 72 * dpi)
        lines_p.insert(0, Line(fx, dpi * 0.3, dpi * 0.22, "print", "NimbusMonoPS-Regular", fsz, role="faxhead"))
        params["fax_header"] = True

    # ---------- ink
    cov = np.zeros((h, w), np.float32)
    ink_p = None
    if lines_t:
        carbon = profile == "carbon"
        ink_p = _type_params(prng, carbon)
        # typing accidents
        dbl = 0.0 if prng.random() < 0.6 else prng.uniform(0.03, 0.15)
        n_over = int(prng.integers(0, 4))
        body_idx = [i for i, ln in enumerate(lines_t) if ln.role == "body" and len(ln.text) > 10]
        for _ in range(n_over if body_idx else 0):
            ln = lines_t[body_idx[int(prng.integers(len(body_idx)))]]
            cols = [i for i, c in enumerate(ln.text) if c.lower() in NEIGHBOURS]
            if cols:
                c = cols[int(prng.integers(len(cols)))]
                ln.overstrike[c] = NEIGHBOURS[ln.text[c].lower()]
        for ln in lines_t:
            if prng.random() < dbl:
                ln.double = (prng.uniform(0.6, 1.4) * s, prng.uniform(-0.7, 0.7) * s)
        ink_p.update(double_line_p=_r(dbl), overstrikes=n_over)
        inker = TypeInk(lines_t[0].face, lines_t[0].size, prng, dpi, ink_p)
        for ln in lines_t:
            inker.line(cov, ln)
        params["typing"] = ink_p
    if lines_p:
        ink_print(cov, lines_p, ink=1.0)
    if arms is not None:
        x, y, sz = arms
        M.paste_max(cov, M.coat_of_arms(sz) * 0.9, x, y)
    if truth is None:
        truth = [ln.text for ln in lines_p if ln.role == "faxhead"] + \
                [ln.text for ln in lines_p if ln.role == "letterhead"] + \
                [ln.text for ln in lines_t] + \
                [ln.text for ln in lines_p if ln.role not in ("faxhead", "letterhead")]

    # ink behaviour on paper.  The scanner's optical blur is folded into the ink blur for
    # pages that are not re-blurred later (paper grain is already smooth): one pass, not two.
    sb, sn = prng.uniform(0.3, 0.6), prng.uniform(0.004, 0.015)
    post_blur = profile == "photocopy"
    fold = 0.0 if post_blur else sb * s
    if base == "typewriter":
        spread = prng.uniform(0.35, 0.7) * s
        if profile == "carbon":
            spread = prng.uniform(0.9, 1.5) * s
        tex = D.fine_noise(prng, h, w, 0.7 * s)
        tex_amp = prng.uniform(0.08, 0.22)
        cov = D.blur(cov, math.hypot(spread, fold))
        tex *= -tex_amp
        tex += 1.25
        if profile == "carbon":
            # the carbon's wide blur lowers the peak ink of thin strokes; the pressed
            # carbon layer is dense, so the blurred stroke keeps a solid core
            tex *= 1.0 + 0.45 * spread / s
        cov *= tex
        np.clip(cov, 0, 1, out=cov)   # ribbon fabric / carbon grain
        del tex
        params["ink_spread"] = _r(spread / s)
    else:
        cov = D.blur(cov, math.hypot(0.25 * s, fold))

    # book: the page bends into the gutter -- lines curve, get squeezed, gutter is shadowed
    gutter = None
    if profile == "book":
        frac = prng.uniform(0.15, 0.25)
        bend = prng.uniform(6, 22) * s * prng.choice([-1, 1])
        fan = prng.uniform(0.0, 0.02) * h
        squeeze = prng.uniform(0.03, 0.10)
        cov = _book_warp(cov, params["recto"], frac, bend, fan, squeeze)
        params.update(curl_width=_r(frac), curl_bend_px=_r(bend / s, 1), curl_fan=_r(fan / h),
                      curl_squeeze=_r(squeeze))
        gutter = (frac, prng.uniform(0.15, 0.45))

    # ---------- paper
    if profile == "carbon":
        level, grain, grad, yel = prng.uniform(0.82, 0.93), prng.uniform(0.015, 0.03), prng.uniform(0.0, 0.06), 0
    elif profile == "lighting":
        level, grain, grad, yel = prng.uniform(0.80, 0.93), prng.uniform(0.008, 0.02), prng.uniform(0.08, 0.25), \
            prng.uniform(0.05, 0.2)
    elif profile == "book":
        level, grain, grad, yel = prng.uniform(0.86, 0.96), prng.uniform(0.005, 0.015), prng.uniform(0.0, 0.06), \
            prng.uniform(0.0, 0.12)
    else:
        level, grain, grad, yel = prng.uniform(0.9, 0.98), prng.uniform(0.004, 0.012), prng.uniform(0.0, 0.05), \
            prng.uniform(0.0, 0.06)
    pap = D.paper(prng, h, w, s, level, grain, grad, yel)
    params["paper"] = dict(level=_r(level), grain=_r(grain), gradient=_r(grad), yellow=_r(yel))

    ink_dark = prng.uniform(0.82, 0.95)
    if profile == "carbon":
        # blue-violet carbon seen by a grey scanner: light, soft, with a halo
        ink_dark = prng.uniform(0.45, 0.65)
        halo = D.blur(cov, prng.uniform(2.5, 4.5) * s) * prng.uniform(0.15, 0.3)
        cov = np.maximum(cov, halo)
    cov *= -ink_dark
    cov += 1.0
    pap *= cov
    img = pap
    del cov
    params["ink_darkness"] = _r(ink_dark)

    if gutter is not None:
        frac, depth = gutter
        xs = np.linspace(0, 1, w, dtype=np.float32)
        dist = xs if params["recto"] else 1 - xs      # 0 at the binding
        shade = 1 - depth * np.exp(-dist / (frac * 0.35)) - 0.5 * np.exp(-dist / 0.012)
        img = img * np.clip(shade, 0.05, 1)[None, :]
        params["gutter_shadow"] = _r(depth)

    if profile == "bleed":
        other = np.zeros((h, w), np.float32)
        orng = _rng(seed, index, 2)
        (w2, h2), lt2, lp2, _, _ = _typed_document(orng, dpi, "x", "bleed", allow_municipal=False)
        ink2 = _type_params(orng)
        inker2 = TypeInk(lt2[0].face, lt2[0].size, orng, dpi, ink2)
        for ln in lt2:
            ln.x += prng.uniform(-10, 10) * s
            ln.y += prng.uniform(-6, 6) * s
            inker2.line(other, ln)
        other = D.blur(other[:, ::-1], prng.uniform(1.0, 2.2) * s)
        bd = prng.uniform(0.10, 0.30)
        img = img * (1 - bd * np.clip(other * 1.3, 0, 1))
        params["bleed_darkness"] = _r(bd)

    if profile == "lighting":
        n_st = int(prng.integers(0, 4))
        if n_st:
            img = D.stains(prng, img, s, n_st, prng.uniform(0.15, 0.35))
        n_fox = int(prng.integers(0, 160))
        if n_fox:
            img = D.foxing(prng, img, s, n_fox)
        params.update(stains=n_st, foxing=n_fox)

    # ---------- marks that are not text of this page
    sig_line = next((ln for ln in lines_t if ln.role == "sign"), None)
    if sig_line is not None and want_sig:
        sw = len(sig_line.text) * sig_line.pitch * prng.uniform(0.9, 1.4)
        sh = dpi * prng.uniform(0.45, 0.7)
        sg = M.signature(prng, sw, sh, prng.uniform(1.5, 3.0) * s)
        sx = int(sig_line.x - sw * 0.1 + prng.normal(0, 10 * s))
        sy = int(sig_line.y - sh * 0.9 + prng.normal(0, 6 * s))
        pen = np.zeros((h, w), np.float32)
        M.paste_max(pen, sg, sx, sy)
        img = img * (1 - prng.uniform(0.5, 0.85) * pen)
        params["signature"] = [sx, sy]
    if want_stamp:
        st, sinfo = M.stamp(prng, s)
        layer = np.zeros((h, w), np.float32)
        sx = int(prng.uniform(0.05, 0.7) * w)
        sy = int(prng.uniform(0.1, 0.85) * h)
        M.paste_max(layer, st, sx, sy)
        img = img * (1 - prng.uniform(0.35, 0.65) * layer)
        params["stamp"] = dict(sinfo, x=sx, y=sy)
    if want_note:
        nt, ntxt = M.margin_note(prng, s)
        vertical = prng.random() < 0.4
        if vertical:
            nt = np.ascontiguousarray(np.rot90(nt))
        layer = np.zeros((h, w), np.float32)
        left_m = int(params.get("margins_mm", [20])[0] * dpi / 25.4)
        if prng.random() < 0.6:
            nx = int(prng.uniform(0.05, 0.25) * left_m) if vertical else 2
            nx = max(2, min(nx, left_m - nt.shape[1]))
        else:
            nx = w - nt.shape[1] - int(prng.uniform(5, 30) * s)
        ny = int(prng.uniform(0.15, 0.8) * h)
        M.paste_max(layer, nt, nx, ny)
        img = img * (1 - prng.uniform(0.45, 0.8) * layer)
        params["margin_note"] = dict(text=ntxt, x=nx, y=ny, vertical=bool(vertical))

    # ---------- copying
    if profile == "photocopy":
        gens = int(prng.integers(2, 5 if dpi >= 200 else 4))   # 4th generation unreadable at 150 dpi
        ginfo = []
        # copier detail is well below 200 dpi after the first pass: for 300 dpi pages the
        # generations run at 200 dpi and the result is brought back up (bicubic) -- 2x faster
        full = img.shape
        cs = s
        if dpi > 200:
            cs = 1.0
            img = D._resize_f(img, int(full[1] * 200 / dpi), int(full[0] * 200 / dpi), Image.BOX)
        for g in range(gens):
            img, gi = D.photocopy_generation(img, prng, cs, g)
            ginfo.append(gi)
        if img.shape != full:
            img = np.clip(D._resize_f(img, full[1], full[0], Image.BICUBIC), 0, 1)
        # the copies did not lie straight or at 100 % on the glass: one combined small
        # rotation/scale for all generations (bicubic)
        img, tr = D.affine_small(img, prng, s, angle_sd=0.6, scale=(0.97, 1.03), fill=1.0)
        params["copy_affine"] = tr
        img, border = D.copy_border(img, prng, s)
        params.update(generations=gens, copies=ginfo, copy_border=border)

    # ---------- the scan itself
    fill = 0.95 if prng.random() < 0.75 else prng.uniform(0.12, 0.3)
    params["scan_bed"] = _r(fill)
    img = D.scanner(img, prng, s, sb if post_blur else 0.0, sn)
    params.update(scan_blur=_r(sb), scan_noise=_r(sn))
    # scanner auto-level: paper maps near white
    hi = float(np.percentile(img[::7, ::7], 90))
    img *= 255.0 * prng.uniform(0.93, 0.99) / max(0.3, hi)
    img += 0.5
    np.clip(img, 0, 255, out=img)
    grey = Image.fromarray(img.astype(np.uint8), "L")
    del img
    if skew:   # the sheet lies askew on the glass / in the feeder
        grey = grey.rotate(skew, resample=Image.BICUBIC, fillcolor=int(fill * 255))

    mode = "L"
    if profile == "fax":
        if ydpi != xdpi:
            grey = grey.resize((w, int(round(h * ydpi / xdpi))), Image.BICUBIC)
        bw, finfo = D.fax_damage(np.asarray(grey, np.float32) / 255.0, prng, s)
        params.update(finfo)
        out = Image.fromarray(bw.astype(np.uint8) * 255, "L").convert("1", dither=Image.Dither.NONE)
        mode = "1"
    elif profile == "photocopy" and prng.random() < 0.3 and dpi >= 200:   # 150 dpi bilevel copies: unreadable
        thr = prng.uniform(0.5, 0.65)
        out = grey.point(lambda v, t=thr * 255: 255 if v >= t else 0).convert("1", dither=Image.Dither.NONE)
        mode = "1"
        params["bilevel_threshold"] = _r(thr)
    else:
        out = grey
    params["mode"] = mode
    if big_rot:
        out = out.rotate(big_rot, expand=True)
        if big_rot in (90, 270):
            xdpi, ydpi = ydpi, xdpi
            params["dpi"] = [xdpi, ydpi]
    if jpeg_q and mode == "L":
        buf = io.BytesIO()
        out.save(buf, "JPEG", quality=jpeg_q)
        out = Image.open(io.BytesIO(buf.getvalue())).convert("L")
        params["jpeg_quality"] = jpeg_q
    params["size_px"] = list(out.size)
    params["truth_lines"] = len(truth)
    return out, (xdpi, ydpi), truth, params


def _book_warp(cov, recto, frac, bend, fan, squeeze):
    """Bend the text near the binding: vertical drift growing ~t^2, fanning about the page middle,
    and horizontal foreshortening (text squeezed toward the gutter)."""
    from scipy import ndimage
    h, w = cov.shape
    sw = int(w * frac)
    if sw < 4:
        return cov
    strip = cov[:, :sw] if recto else cov[:, w - sw:]
    # t: 0 at the flat side of the strip, 1 at the binding
    t = np.linspace(1, 0, sw, dtype=np.float32) if recto else np.linspace(0, 1, sw, dtype=np.float32)
    yy = np.arange(h, dtype=np.float32)[:, None]
    dy = (bend * t ** 2)[None, :] + fan * ((yy - h / 2) / (h / 2)) * (t ** 2)[None, :]
    # squeeze: sample farther from the flat side as we approach the binding
    xs = np.arange(sw, dtype=np.float32)
    if recto:
        src_x = (sw - 1) - ((sw - 1) - xs) * (1 + squeeze * t)
    else:
        src_x = xs * (1 + squeeze * t)
    coords = np.empty((2, h, sw), np.float32)
    coords[0] = yy - dy
    coords[1] = np.broadcast_to(src_x[None, :], (h, sw))
    warped = ndimage.map_coordinates(strip, coords, order=1, cval=0.0)
    out = cov.copy()
    if recto:
        out[:, :sw] = warped
    else:
        out[:, w - sw:] = warped
    return out
