"""Line wrapping for every printer of the evaluation sets: one greedy loop, each set's recipe as data.

`wrap(words, fits, breaking, rng)` fills lines word by word while `fits(line, n)` (n: lines
already set; a typewriter counts characters, scanlab's renderer measures pixels). A word that
does not fit is offered to `break_word`, which reads the printer's `Breaking`: whether and where a
word is hyphenated (`hyphenation.break_points` under the set's rules), or broken at its own
hyphen ('far-' + 'se-á'), and in which order the random numbers are drawn. The sets were made
by five wrappers that grew apart (bench/gen's typesetter, bench/qa's text simulator, bench/
synthetic's lawkit, scanlab's page text, bench/amend's text pages with `textwrap`); their
recipes below are those wrappers' behaviour, draw for draw, so every committed set regenerates
byte for byte (`bench/gen/fingerprint.py`). A new set picks a recipe, or writes one.
"""
from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from bench.gen.hyphenation import LAWKIT, SCANLAB, TEXTSIM, TYPEWRITER, Hyphenation, break_points

FORCED_BREAK = "//"
"""A word of its own that ends the line (bench/gen's `.law` markup)."""
SPLIT_MARK = "¦"
"""Inside a word: break the word here, whatever the width (bench/qa's authoring marker)."""


@dataclass(frozen=True)
class Breaking:
    """How a printer breaks a word that does not fit at the end of a line."""

    rules: Hyphenation | None = None
    """Syllable breaks; None: never hyphenated."""
    core: str = r"([^\W\d_]+)"
    """Matched against the whole word: its first group that matched is what the rules break."""
    p_break: float | None = None
    """Chance a word that does not fit is hyphenated; None: never (and nothing is drawn)."""
    draw_on_points: bool = False
    """The chance is drawn only for a word with a syllable break that fits (else for every word)."""
    min_len: int = 0
    """Shorter words are never hyphenated (and draw nothing)."""
    min_head: int = 0
    """No break is tried unless this many characters and the hyphen still fit on the line."""
    line_start: bool = True
    """A line's first word may be broken."""
    break_overlong: bool = True
    """A word wider than an empty line is broken if it can be (else it is set whole)."""
    compound: str | None = None
    """Matched at the word's start: its end is just after the compound's own hyphen."""
    p_compound_first: float | None = None
    """A compound that fits breaks at its hyphen with this chance, drawn before `p_break`."""
    p_compound: float = 0.0
    """Once a word is to be broken, the chance a compound breaks at its own hyphen (before syllables)."""
    compound_last: bool = False
    """A compound that fits breaks at its own hyphen when no syllable break is taken (nothing drawn)."""
    marks: tuple[str, ...] = ("-",)
    """The hyphen printed at a syllable break (drawn when several); the first is the room it takes."""
    p_nohyph: float | None = None
    """Chance the hyphen is left out of a syllable break (drawn at each one when set)."""


NEVER = Breaking()
"""Words are never broken: bench/amend's text pages (as `textwrap.wrap` without long-word breaks)."""

TYPEWRITER_BREAKING = Breaking(
    TYPEWRITER, core=r"([\wÀ-ÿ]{5,})[^\wÀ-ÿ]*|([\wÀ-ÿ]+)[,.;:]?", p_break=0.6, draw_on_points=True,
    p_nohyph=0.08)
"""bench/gen's typesetter (qa4-qa6, the drawn sets, bench/amend's scans); the layout sets
`p_break` ('hyph') and `p_nohyph` ('nohyph') per book."""

TEXTSIM_BREAKING = Breaking(
    TEXTSIM, core=r"([^\W\d_]+)[^-]*", p_break=0.55, min_head=2, break_overlong=False,
    compound=r"[^\W\d_]{2,}-(?=..)", p_compound_first=0.85, p_compound=1.0, p_nohyph=0.0)
"""bench/gen/textsim.py (bench/qa, bench/qa3); `p_break`, `marks` and `p_nohyph` from each law's cfg."""

LAWKIT_BREAKING = Breaking(
    LAWKIT, core=r"([^\W\d_]{7,})[,.;:]*", break_overlong=False, compound=r"[^-]*-(?=.*[^,.;:])",
    p_compound=0.5)
"""bench/synthetic's lawkit; `p_break` (None when a spec's rate is 0) and `marks` per law."""

SCANLAB_BREAKING = Breaking(
    SCANLAB, core=r"(.*?)[.,;:)]*", p_break=0.5, min_len=6, line_start=False,
    compound=r".[^-]*-(?=.)", compound_last=True)
"""bench/scanlab's page text (pixel widths); `p_break` None where it is not hyphenated."""


@dataclass(frozen=True)
class Wrapped:
    """One printed line: its text, the hyphen printed after it (not part of the word), and
    whether the last word goes on at the start of the next line."""

    text: str
    mark: str = ""
    broken: bool = False

    @property
    def printed(self) -> str:
        return self.text + self.mark


def _chance(rng: random.Random | None, p: float) -> bool:
    return p >= 1 or p > 0 and rng.random() < p


def _mark(b: Breaking, rng: random.Random | None) -> str:
    return b.marks[0] if len(b.marks) == 1 else rng.choice(b.marks)


def break_word(word: str, fits: Callable[[str], bool], rng: random.Random | None, b: Breaking,
               has_words: bool) -> tuple[str, str, str] | None:
    """(head, hyphen, tail) of `word` at the end of a line, or None; `fits(s)`: whether `s` still
    fits after the line's words."""
    if not has_words and not b.line_start:
        return None
    if b.min_head and not fits("x" * b.min_head + b.marks[0]):
        return None
    m = re.match(b.compound, word) if b.compound else None
    k = m.end() if m else 0
    whole = bool(k) and fits(word[:k])
    hyphenates = b.p_break is not None and len(word) >= b.min_len
    go = b.p_compound_first is not None and whole and rng.random() < b.p_compound_first
    if not go and hyphenates and not b.draw_on_points:
        go = rng.random() < b.p_break
    if go and k and _chance(rng, b.p_compound) and fits(word[:k]):
        return word[:k], "", word[k:]
    core = None
    if b.rules is not None:
        cm = re.fullmatch(b.core, word)
        core = next((g for g in cm.groups() if g is not None), None) if cm else None
    points = [p for p in break_points(core, b.rules) if fits(word[:p] + b.marks[0])] if core and b.rules else []
    if b.draw_on_points and hyphenates and points:
        go = rng.random() < b.p_break
    if go and points:
        p = points[-1]
        mark = _mark(b, rng)
        if b.p_nohyph is not None and rng.random() < b.p_nohyph:
            mark = ""
        return word[:p], mark, word[p:]
    if b.compound_last and whole:
        return word[:k], "", word[k:]
    return None


def wrap(words: list[str], fits: Callable[[str, int], bool], breaking: Breaking = NEVER,
         rng: random.Random | None = None, prefix: str = "", forced: str | None = None) -> list[Wrapped]:
    """The lines `words` fill. `fits(line, n)`: whether `line` fits as the line after `n` set
    lines; `prefix` opens the first line (a label, with its separator); a word equal to
    `forced` ends the line there."""
    words = list(words)
    out: list[Wrapped] = []
    lead, body = prefix, ""  # the line is lead + body; only the first line has a lead
    i = 0
    while i < len(words):
        w = words[i]
        line, sep = lead + body, " " if body else ""
        if forced is not None and w == forced:
            out.append(Wrapped(line))
            lead, body = "", ""
            i += 1
            continue
        if SPLIT_MARK in w:
            head, tail = w.split(SPLIT_MARK, 1)
            if line and not fits(line + sep + head, len(out)):
                out.append(Wrapped(line))
                line, sep = "", ""
            mark = _mark(breaking, rng)
            out.append(Wrapped(line + sep + head, "" if head.endswith("-") else mark, True))
            lead, body = "", ""
            words[i] = tail
            continue
        if fits(line + sep + w, len(out)) or (not line and not breaking.break_overlong):
            body += sep + w
            i += 1
            continue
        piece = break_word(w, functools.partial(_fits_after, fits, line + sep, len(out)), rng, breaking,
                           bool(body))
        if piece:
            head, mark, tail = piece
            out.append(Wrapped(line + sep + head, mark, True))
            words[i] = tail
        elif line:
            out.append(Wrapped(line))
        else:
            out.append(Wrapped(w))
            i += 1
        lead, body = "", ""
    if lead + body:
        out.append(Wrapped(lead + body))
    return out


def _fits_after(fits: Callable[[str, int], bool], so_far: str, n: int, s: str) -> bool:
    return fits(so_far + s, n)


def fits_chars(first: int, rest: int | None = None) -> Callable[[str, int], bool]:
    """A typewriter's measure: `first` characters on the first line, `rest` (default: the
    same) on the others."""
    later = first if rest is None else rest
    return lambda s, n: len(s) <= (first if n == 0 else later)
