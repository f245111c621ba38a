"""Text mode: what Tesseract might have read from a page, without drawing or reading it.

`page_text(lines, cfg, page_no, rng, level)` prints one typeset book page as OCR-like text: the
letterhead and book-page stamps, the body lines without their indentation, and, in proportion
to `level` (0 = the clean page, 1 = heavy), misread labels ('ARTIGO 3º' -> 'ARTIGO 30:', '§'
-> 'S', 'II' -> 'Il'), misread characters, margin marks at line ends, stamps glued to a line and
junk lines. Much faster than scan.py + Tesseract; less like a real scan.
"""
import re

CHAR_SWAPS = {"ç": "c", "ã": "a", "é": "e", "í": "i", "ó": "o", "õ": "o", "ú": "u", "â": "a",
              "ê": "e", "l": "1", "i": "í", "o": "o", "e": "c", "rn": "m", "m": "rn", "u": "n",
              "n": "u", "h": "b", ",": ".", ".": ",", "º": "o", "a": "à"}
LABEL_SWAPS = [("º", "o"), ("º", "2"), ("º", "9"), ("§", "S"), ("§", "$"), ("§", "8"),
               ("Art.", "Art,"), ("Art.", "Ari."), ("ARTIGO", "ARTICO"), ("ARTIGO", "AKTIGO"),
               ("Artigo", "Artígo"), (":-", ":="), (" -", " ="), ("II", "Il"), ("I ", "T "),
               ("III", "TII"), ("a)", "a}"), ("b)", "D)"), ("ÚNICO", "ÚNIGO"), ("único", "unico")]
MARKS = ["!", "'", "|", "'!", " !", " |"]
JUNK = ["Coco se an o a asa a e sas a a no", "o", "a", ">", "»", "3", ",", "—", "ss", "= a"]


def _swap_chars(s: str, rate: float, rng) -> str:
    out = []
    i = 0
    while i < len(s):
        two = s[i:i + 2]
        if two in CHAR_SWAPS and rng.random() < rate:
            out.append(CHAR_SWAPS[two])
            i += 2
            continue
        ch = s[i]
        if ch in CHAR_SWAPS and rng.random() < rate:
            out.append(CHAR_SWAPS[ch])
        elif ch != " " and rng.random() < rate * 0.15:
            pass  # a dropped character
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _damage_label(s: str, rng) -> str:
    hits = [(a, b) for a, b in LABEL_SWAPS if a in s[:14]]
    if not hits:
        return s
    a, b = rng.choice(hits)
    j = s.index(a)
    return s[:j] + b + s[j + len(a):]


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
                s = _damage_label(s, rng)
            s = _swap_chars(s, 0.012 * level, rng)
            if rng.random() < 0.12 * level:
                s += rng.choice(MARKS)
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
