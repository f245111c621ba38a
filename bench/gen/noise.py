"""OCR noise without images: every set's text-noise model, one function per kind of damage.

`page_text(lines, cfg, page_no, rng, level)` prints one typeset book page as OCR-like text: the
letterhead and book-page stamps, the body lines without their indentation, and, in proportion
to `level` (0 = the clean page, 1 = heavy), misread labels ('ARTIGO 3º' -> 'ARTIGO 30:', '§'
-> 'S', 'II' -> 'Il'), misread characters, margin marks at line ends, stamps glued to a line and
junk lines. Much faster than scan.py + Tesseract; less like a real scan.

The kinds of damage, shared by every printer of text sets (bench/gen's text mode above,
bench/qa's textsim, bench/synthetic's lawkit):
- `char_noise`: characters misread one by one (a `CharNoise` table: what each reads as, how
  often a character is dropped; bench/gen's body lines, textsim's letterheads and stamps);
- `confuse_once` / `confuse`: one confusion pair applied to a word (bench/gen's labels,
  textsim's words; the pairs are data: `LABEL_SWAPS`, `CONFUSIONS`, `UPPER_CONFUSIONS`);
- `margin_mark`: a mark left at a line end ('!', '|', ...).
The tables and the order each model draws its random numbers in are those the committed sets
were made with (`bench/gen/fingerprint.py`); lawkit's specs write their damage by hand.
"""
import re
from dataclasses import dataclass, field

LABEL_SWAPS = [("º", "o"), ("º", "2"), ("º", "9"), ("§", "S"), ("§", "$"), ("§", "8"),
               ("Art.", "Art,"), ("Art.", "Ari."), ("ARTIGO", "ARTICO"), ("ARTIGO", "AKTIGO"),
               ("Artigo", "Artígo"), (":-", ":="), (" -", " ="), ("II", "Il"), ("I ", "T "),
               ("III", "TII"), ("a)", "a}"), ("b)", "D)"), ("ÚNICO", "ÚNIGO"), ("único", "unico")]
MARKS = ["!", "'", "|", "'!", " !", " |"]
JUNK = ["Coco se an o a asa a e sas a a no", "o", "a", ">", "»", "3", ",", "—", "ss", "= a"]

# textsim's word confusions (bench/qa, bench/qa3): a pair (printed, read) applied to a word
CONFUSIONS = [("m", "rn"), ("rn", "m"), ("d", "cl"), ("cl", "d"), ("l", "1"), ("l", "I"),
              ("i", "l"), ("ç", "c"), ("ã", "a"), ("õ", "o"), ("é", "e"), ("á", "a"),
              ("í", "i"), ("ê", "e"), ("ó", "o"), ("e", "c"), ("c", "e"), ("h", "b"),
              ("u", "n"), ("n", "u"), ("t", "f"), ("f", "t"), ("0", "O"), ("1", "l"),
              ("ri", "n"), ("li", "h"), ("o", "0"), ("a", "à"), ("ú", "u"), ("ç", "g"),
              ("e", "é"), ("â", "a"), ("ô", "o")]
UPPER_CONFUSIONS = [("O", "0"), ("I", "l"), ("I", "1"), ("Ç", "C"), ("Ã", "A"), ("Õ", "O"),
                    ("É", "E"), ("Á", "A"), ("Í", "I"), ("Ê", "E"), ("Ó", "O"), ("E", "F"),
                    ("B", "8"), ("S", "5"), ("D", "O"), ("M", "IVI"), ("U", "LI"), ("H", "II"),
                    ("N", "H"), ("RN", "M"), ("CL", "D"), ("G", "C"), ("Q", "O")]


@dataclass(frozen=True)
class CharNoise:
    """Characters misread one at a time: each model's table and the order it draws in."""

    reads: dict = field(default_factory=dict)
    """What a character (or two) is read as: a string, or a tuple of readings one is drawn from."""
    drop: float = 0.0
    """A character with no misreading is dropped with `drop` x the rate..."""
    drop_spaces: bool = False
    """... a space (True: words run together) or any other character (False)."""
    draw_every: bool = False
    """Draw for every character (True), or only for one the table or the drop applies to."""
    lead: tuple = ()
    """A speck glued before the line, drawn from these with the rate as chance."""
    twos: bool = False
    """Two characters ('rn') are tried together before one (the last alone gets that try too)."""


BODY_NOISE = CharNoise(
    {"ç": "c", "ã": "a", "é": "e", "í": "i", "ó": "o", "õ": "o", "ú": "u", "â": "a", "ê": "e", "l": "1",
     "i": "í", "o": "o", "e": "c", "rn": "m", "m": "rn", "u": "n", "n": "u", "h": "b", ",": ".", ".": ",",
     "º": "o", "a": "à"}, drop=0.15, twos=True)
"""bench/gen's text mode, the body lines of a book page."""

LETTERHEAD_NOISE = CharNoise(
    {ch: tuple(alts) for ch, alts in {
        "I": "l|1", "l": "I1|", "M": "IVI|N", "U": "LI", "E": "F", "O": "0Q", "A": "Á4", "Ç": "C", "Ã": "A",
        "Í": "I", "C": "G(", "P": "F", "R": "K", "S": "5$", "N": "H", "o": "0", "e": "c", "a": "à", "i": "í",
        "n": "u"}.items()} | {"m": "rn", "d": "cl"},
    drop=0.25, drop_spaces=True, draw_every=True, lead=("", "'", "|", "»", "«", ".", "ã"))
"""textsim's heavy noise on letterheads, footers and stamps."""


def _read_as(reading, rng) -> str:
    return reading if isinstance(reading, str) else rng.choice(reading)


def char_noise(s: str, rate: float, rng, model: CharNoise) -> str:
    """`s` with characters misread, dropped (and a speck before it) at `rate`, as `model` says."""
    out = []
    i = 0
    while i < len(s):
        two = s[i:i + 2]
        if model.twos and two in model.reads and rng.random() < rate:
            out.append(_read_as(model.reads[two], rng))
            i += 2
            continue
        ch = s[i]
        droppable = (ch == " ") == model.drop_spaces
        if model.draw_every:
            hit = rng.random() < rate and ch in model.reads
            dropped = not hit and rng.random() < rate * model.drop and droppable
        else:
            hit = ch in model.reads and rng.random() < rate
            dropped = not hit and droppable and rng.random() < rate * model.drop
        if hit:
            out.append(_read_as(model.reads[ch], rng))
        elif not dropped:
            out.append(ch)
        i += 1
    r = "".join(out)
    if model.lead and rng.random() < rate:
        r = rng.choice(model.lead) + " " + r
    return r.strip() if model.lead else r


def confuse_once(s: str, pairs, rng, window: int | None = None, first: bool = False) -> str:
    """`s` with one of the `pairs` (printed, read) whose printed form it holds (in its first
    `window` characters) applied, at a drawn occurrence (or the first)."""
    opts = [(a, b) for a, b in pairs if a in s[:window]]
    if not opts:
        return s
    a, b = rng.choice(opts)
    k = s.index(a) if first else rng.choice([m.start() for m in re.finditer(re.escape(a), s)])
    return s[:k] + b + s[k + len(a):]


def confuse(text: str, rate: float, rng, pairs=None) -> str:
    """Each word of three letters or more, with chance `rate`, read with one confusion pair."""
    if rate <= 0:
        return text
    out = []
    for tok in text.split(" "):
        if tok and rng.random() < rate and not re.match(r"^\W*$", tok) and "\x0c" not in tok:
            if len(tok) >= 3:
                tok = confuse_once(tok, pairs or CONFUSIONS, rng)
        out.append(tok)
    return " ".join(out)


def garbage_line(rng):
    """A line of OCR garbage (textsim's, where a law gives no pool of its own)."""
    kinds = [
        lambda: rng.choice(["'", "|", "»", "a", ".", ",", "—", "“", "«", "!", "y", "%", "/", "E"]),
        lambda: " ".join(rng.choice(["ss", ";", "E", "se", "a", "o", "|", "ce", "na", "é", "ra",
                                      "nn", "ea", "pe", "um", "'", "DA", "é"])
                         for _ in range(rng.randint(2, 6))),
        lambda: "|| " + str(rng.randint(1, 9)) + " ||",
        lambda: "".join(rng.choice("aeocsnrmuiE;:.-—|'") for _ in range(rng.randint(4, 14))),
        lambda: rng.choice(["Coco se an o a asa", "pm", "ps,", "po", "Da", "=", "sea", "Ea",
                            "q”", "À - -", "ay , -", "ss ; ;E", "nx", "MB", "e"]),
    ]
    return rng.choice(kinds)()


def margin_mark(rng, p: float, marks) -> str:
    """A mark left at a line's end, with chance `p` ('' else)."""
    return rng.choice(marks) if rng.random() < p else ""


def page_text(lines: list, cfg: dict, page_no: int, rng, level: float) -> str:
    """OCR-like text of one typeset book page (`lines` from typeset.paginate)."""
    lay = cfg["layout"]
    out = [s.lstrip("~") for s in lay.get("letterhead", [])]
    if lay.get("stamp"):
        out += lay["stamp"].format(n=page_no).split("\n")
    out.append("")
    body = []
    prev_uid = None
    for ln in lines:
        if ln["kind"] == "blank":
            if body and body[-1] != "":
                body.append("")
            continue
        s = re.sub(r"\s{2,}", " ", str(ln["text"]).strip()) if ln["kind"] == "table" else str(ln["text"]).strip()
        s = re.sub(r" {2,}", " ", s)
        if level > 0:
            first = ln["kind"] == "unit" and ln.get("uid") not in (None, prev_uid)
            if first and rng.random() < 0.25 * level:
                s = confuse_once(s, LABEL_SWAPS, rng, window=14, first=True)
            s = char_noise(s, 0.012 * level, rng, BODY_NOISE)
            s += margin_mark(rng, 0.12 * level, MARKS)
            if ln["kind"] == "sig" and rng.random() < 0.6:
                body.append(rng.choice(["Ee", "qe”", "A", "/ Ma"]))
        body.append(s)
        prev_uid = ln.get("uid")
        if level > 0 and rng.random() < 0.03 * level:
            body.append(rng.choice(JUNK))
    ps = lay.get("pstamp")
    if ps and body:
        txt = ps["fmt"].format(n=page_no)
        k = rng.randrange(len(body))
        if level > 0 and rng.random() < 0.5 and body[k]:
            body[k] = body[k] + " " + txt
        else:
            body.insert(k, txt)
    for s in lay.get("footer", []):
        body.append(s)
    return "\n".join(out + body).strip("\n") + "\n"
