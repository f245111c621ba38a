"""Where a Portuguese word may be broken at a line end: one function, each set's rules as data.

Every printer of the evaluation sets asks `break_points(word, rules)`; the sets differ only in
their `Hyphenation`: which syllable patterns may break, the onset clusters never split, the
shortest head and tail. A pattern is the letters around the break '|':
    V  a vowel            C  a letter that is not a vowel
    O  an onset cluster (two letters of `onsets`: 'br', 'ch', 'qu')      .  any character
('VC|CV' breaks 'ar-te', 'V|CV' breaks 'ca-sa', 'V|OV' breaks 'li-vro'). A break never splits
an onset cluster. The four rule sets below are the ones each set was generated with (the
printers of bench/gen, bench/qa's text simulator, bench/synthetic and bench/scanlab grew their
own before they shared this function), kept as they were so every set regenerates byte for byte
(`bench/gen/fingerprint.py`). The vowels are one set: the typesetter's lacked 'Ü' and lawkit's
'ü' and 'Ü', which no set's words meet at a break.
"""
from __future__ import annotations

from dataclasses import dataclass

VOWELS = frozenset("aeiouáéíóúâêôãõàüAEIOUÁÉÍÓÚÂÊÔÃÕÀÜ")
ONSETS = frozenset({"br", "cr", "dr", "fr", "gr", "pr", "tr", "vr", "bl", "cl", "fl", "gl", "pl",
                    "tl", "ch", "lh", "nh", "qu", "gu"})


@dataclass(frozen=True)
class Hyphenation:
    """How one printer hyphenates: break patterns, the shortest head and tail, the clusters."""

    patterns: tuple[str, ...]
    head: int = 2  # at least this many characters stay before the break
    tail: int = 2  # and this many go after it
    onsets: frozenset[str] = ONSETS


def _fits(word: str, pos: int, tokens: str, rules: Hyphenation) -> bool:
    """Whether `tokens` (V, C, O, .) read `word` from `pos` on."""
    for t in tokens:
        if t == "O":
            if pos < 0 or word[pos:pos + 2].lower() not in rules.onsets:
                return False
            pos += 2
            continue
        if not 0 <= pos < len(word):
            return False
        ch = word[pos]
        if t == "V" and ch not in VOWELS or t == "C" and (ch in VOWELS or not ch.isalpha()):
            return False
        pos += 1
    return True


def _width(tokens: str) -> int:
    return sum(2 if t == "O" else 1 for t in tokens)


def break_points(word: str, rules: Hyphenation) -> list[int]:
    """The positions `word` may break before (``word[:p] + '-'`` ends the line), ascending."""
    shapes = [tuple(p.split("|")) for p in rules.patterns]
    out = []
    for i in range(rules.head, len(word) - rules.tail + 1):
        if word[i - 1:i + 1].lower() in rules.onsets:
            continue
        if any(_fits(word, i - _width(left), left, rules) and _fits(word, i, right, rules)
               for left, right in shapes):
            out.append(i)
    return out


TYPEWRITER = Hyphenation(("V|CV", ".VC|CV"), head=2, tail=3)
"""bench/gen's typesetter (qa4-qa6, the drawn sets, bench/amend's scans)."""

TEXTSIM = Hyphenation(("V|CV", "V|OV", "C|CV", "C|O"), head=2, tail=2)
"""bench/gen/textsim.py, the OCR-text simulator of bench/qa and bench/qa3."""

LAWKIT = Hyphenation(("V|C",), head=3, tail=3)
"""bench/synthetic's lawkit: after any vowel that a consonant follows."""

SCANLAB = Hyphenation(("V|CV..", "VC|CV"), head=2, tail=3, onsets=ONSETS - {"tl"})
"""bench/scanlab's page text."""
