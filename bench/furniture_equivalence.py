"""find_furniture against its previous, quadratic version (issue 16): the same furniture on every input.

The reference is the function as it stood at d820630 (copied below, with its helper). Inputs:
- every evaluation document (the .txt files of /work/shared/seeds, /work/shared/real, the bench
  sets, the draws' OCR caches): its raw lines, and the lines clean_document hands to
  find_furniture (after the margin joins, the word correction of OCR'd pages, the line rules);
- random line lists made from those lines with mutations (letters swapped or dropped, case
  changed, page numbers added, letterhead lines repeated, group labels before titles);
- the hostile inputs of bench/structure_scale.py (distinct and nearly identical lines in
  capitals, and both interleaved) at a few sizes (--big adds 20,000 lines: minutes for the
  reference).
Prints the number of inputs compared, the time of each version, and every difference; exit 1 on one.

Usage: python bench/furniture_equivalence.py [--random 3000] [--seed 16] [--big]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from rapidfuzz import fuzz, process

from models.ocr import DocumentText
from pipeline import cleaning
from pipeline.cleaning import (
    _GROUP_LABEL_ONLY,
    _LABEL_START,
    _PHONE,
    CleanConfig,
    _closing_lines,
    _folded_key,
)
from pipeline.folding import fold
from pipeline.textpages import document_from_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from structure_scale import caps_lines, near_lines  # noqa: E402

TEXT_DIRS = [Path("/work/shared/seeds"), Path("/work/shared/real"), Path("/work/main/bench/synthetic")]
OCR_GLOB = "/work/data/fresh/seed-*/text/*.json"


def reference_find_furniture(texts: Sequence[str], *, config: CleanConfig | None = None) -> set[int]:
    """find_furniture as of d820630 (every candidate key's similar keys in a full score matrix)."""
    config = config or CleanConfig()
    keys = [_folded_key(t) for t in texts]
    letters_all = [ch for t in texts for ch in t if ch.isalpha()]
    caps_document = bool(letters_all) and sum(ch.isupper() for ch in letters_all) / len(letters_all) > 0.7
    closing = _closing_lines(texts)
    candidates = []
    for i, (t, k) in enumerate(zip(texts, keys, strict=True)):
        if len(k) < 5 or len(k) > 60 or _LABEL_START.match(t) or i in closing:
            continue
        alpha = [c for c in t if c.isalpha()]
        upper = sum(c.isupper() for c in alpha) / len(alpha) if alpha else 0.0
        continues = t.rstrip().endswith(",") or (
            len(t.split()) >= 6 and i + 1 < len(texts) and texts[i + 1][:1].islower()
        )
        if caps_document and len(k.split()) < 2:
            continue
        if (upper >= 0.6 and not continues) or _PHONE.search(t):
            candidates.append(i)
    distinct = list(dict.fromkeys(keys[i] for i in candidates))
    like = _reference_similar_keys(distinct, config.furniture_similarity)
    lines_of: dict[str, list[int]] = {}
    for i in candidates:
        lines_of.setdefault(keys[i], []).append(i)
    repeats = {k: sum(len(lines_of[m]) for m in like[k]) for k in distinct}
    furniture = {i for i in candidates if repeats[keys[i]] >= config.furniture_min_repeats}
    pair_of = {
        i: [j for m in like[keys[i]] for j in lines_of[m] if j != i]
        for i in candidates if i not in furniture
    }
    for i, partners in pair_of.items():
        if len(partners) != 1:
            continue
        j = partners[0]
        for d in (1, -1):
            if i + d in pair_of and j + d in pair_of.get(i + d, []) and abs(i - j) > 3:
                furniture.update({i, j, i + d, j + d})

    def after_label(i: int) -> bool:
        return i > 0 and bool(_GROUP_LABEL_ONLY.match(fold(texts[i - 1]).strip()))

    members: dict[str, set[int]] = {}
    for i in furniture:
        members.setdefault(keys[i], set()).add(i)
    unlabelled = {k: sum(not after_label(j) for j in js) for k, js in members.items()}
    for i in sorted(furniture):
        group_keys = [m for m in like[keys[i]] if members.get(m)]
        if all(unlabelled[m] == 0 for m in group_keys):
            for m in group_keys:
                furniture.difference_update(members[m])
                members[m] = set()
    models = {keys[i] for i in furniture}
    for i in candidates:
        if i in furniture:
            continue
        for m in models:
            if len(keys[i]) <= len(m) + 12 and fuzz.partial_ratio(m, keys[i]) >= 90 and len(m) >= 10:
                furniture.add(i)
                break
    changed = True
    while changed:
        changed = False
        for i in candidates:
            if i in furniture or not ({i - 1, i + 1} & furniture):
                continue
            if any(fuzz.ratio(keys[i], m) >= config.furniture_block_similarity for m in models):
                furniture.add(i)
                changed = True
    return furniture


def _reference_similar_keys(keys: Sequence[str], cutoff: float, *, rows: int = 256) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for start in range(0, len(keys), rows):
        band = keys[start:start + rows]
        scores = process.cdist(band, keys, scorer=fuzz.ratio, score_cutoff=cutoff)
        for key, row in zip(band, scores >= cutoff, strict=True):
            out[key] = [keys[j] for j in row.nonzero()[0]]
    return out


# --- inputs --------------------------------------------------------------------------------

def _documents() -> Iterator[tuple[str, DocumentText]]:
    here = Path(__file__).resolve().parent
    dirs = TEXT_DIRS + sorted(p for p in here.glob("qa*") if p.is_dir())
    for d in dirs:
        for path in sorted(d.rglob("*.txt")):
            yield str(path), document_from_text(path.read_text(encoding="utf-8", errors="replace"), source=str(path))
    for path in sorted(Path("/").glob(OCR_GLOB.lstrip("/"))):
        yield str(path), DocumentText.model_validate_json(path.read_text(encoding="utf-8"))


def _cleaning_input(doc: DocumentText) -> list[str]:
    """The lines clean_document hands to find_furniture, as structure_document calls it."""
    from pipeline.correction import correct_document
    from pipeline.layout import join_document_lines

    seen: list[list[str]] = []
    real = cleaning.find_furniture

    def record(texts: Sequence[str], *, config: CleanConfig | None = None) -> set[int]:
        seen.append(list(texts))
        return real(texts, config=config or CleanConfig())

    doc = join_document_lines(doc)
    if any(p.method == "ocr" for p in doc.pages):
        doc, _ = correct_document(doc)
    cleaning.find_furniture = record  # type: ignore[assignment]
    try:
        cleaning.clean_document(doc)
    finally:
        cleaning.find_furniture = real  # type: ignore[assignment]
    return seen[0]


_PAGE_NO = ("{n}", "- {n} -", "Pág. {n}", "fl. {n}", "{n}/{t}", "PÁGINA {n}")
_GROUP = ("CAPÍTULO I", "SEÇÃO II", "TÍTULO III", "CAPÍTULO IV", "SUBSEÇÃO V")


def _mutate(line: str, rng: random.Random) -> str:
    """One OCR-like change: letters swapped or dropped, case changed, a number or junk added."""
    chars = list(line)
    kind = rng.randrange(7)
    if kind == 0 and len(chars) > 3:
        j = rng.randrange(len(chars) - 1)
        chars[j], chars[j + 1] = chars[j + 1], chars[j]
    elif kind == 1 and chars:
        del chars[rng.randrange(len(chars))]
    elif kind == 2:
        return line.upper() if rng.random() < 0.7 else line.lower()
    elif kind == 3:
        return f"{line} {rng.randint(1, 400)}"
    elif kind == 4 and chars:
        chars[rng.randrange(len(chars))] = rng.choice("IlO0|.,;ÃÇÉ ")
    elif kind == 5:
        return f"{rng.choice(['0 4)', 'a', '|', '.', 'Ê'])} {line}"
    elif kind == 6:
        return line.title()
    return "".join(chars)


def _random_lists(pool: list[list[str]], n: int, rng: random.Random) -> Iterator[list[str]]:
    """Line lists made from the documents' lines: slices, repeated letterheads, mutations."""
    caps = [ln for doc in pool for ln in doc if sum(c.isupper() for c in ln) > 4]
    for _ in range(n):
        doc = rng.choice(pool)
        start = rng.randrange(max(1, len(doc)))
        body = doc[start:start + rng.randint(5, 300)]
        head = [rng.choice(caps) for _ in range(rng.randint(0, 4))] if caps else []
        out: list[str] = []
        pages = rng.randint(1, 12)
        per = max(1, len(body) // pages)
        for p in range(pages):
            if rng.random() < 0.85:
                out += [_mutate(h, rng) if rng.random() < 0.3 else h for h in head]
            chunk = body[p * per:(p + 1) * per]
            for ln in chunk:
                r = rng.random()
                if r < 0.05:
                    out.append(rng.choice(_GROUP))
                    out.append(_mutate(ln, rng) if rng.random() < 0.5 else ln)
                elif r < 0.25:
                    out.append(_mutate(ln, rng))
                elif r < 0.3 and caps:
                    out.append(_mutate(rng.choice(caps), rng))
                else:
                    out.append(ln)
            if rng.random() < 0.6:
                out.append(rng.choice(_PAGE_NO).format(n=p + 1, t=pages))
        if rng.random() < 0.2:
            rng.shuffle(out)
        yield out


def _hostile(big: bool) -> Iterator[tuple[str, list[str]]]:
    sizes = (500, 2000, 5000) + ((20000,) if big else ())
    for n in sizes:
        yield f"caps-{n}", caps_lines(n)
        yield f"near-{n}", near_lines(n)
        mixed = [ln for pair in zip(caps_lines(n // 2), near_lines(n // 2), strict=True) for ln in pair]
        yield f"mixed-{n}", mixed
        labelled = [ln for k, t in enumerate(near_lines(n // 2)) for ln in (_GROUP[k % 5], t)]
        yield f"labelled-{n}", labelled


def compare(name: str, texts: list[str], timing: dict[str, float],
            new: Callable[[Sequence[str]], set[int]]) -> bool:
    t0 = time.perf_counter()
    want = reference_find_furniture(texts)
    t1 = time.perf_counter()
    got = new(texts)
    t2 = time.perf_counter()
    timing["reference"] += t1 - t0
    timing["new"] += t2 - t1
    if got != want:
        print(f"DIFFERENT {name}: only reference {sorted(want - got)[:10]}, only new {sorted(got - want)[:10]}")
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--big", action="store_true", help="also the 20,000-line hostile inputs")
    args = parser.parse_args()
    new = cleaning.find_furniture
    counts = {"documents": 0, "document inputs": 0, "random": 0, "hostile": 0}
    timing = {"reference": 0.0, "new": 0.0}
    ok = True
    pool: list[list[str]] = []
    for name, doc in _documents():
        raw = [ln.text for page in doc.pages for ln in page.lines]
        fed = _cleaning_input(doc)
        counts["documents"] += 1
        for kind, texts in (("raw", raw), ("fed", fed)):
            ok &= compare(f"{name} ({kind})", texts, timing, new)
            counts["document inputs"] += 1
        pool.append(fed)
    rng = random.Random(args.seed)
    for k, texts in enumerate(_random_lists(pool, args.random, rng)):
        ok &= compare(f"random #{k}", texts, timing, new)
        counts["random"] += 1
    for name, texts in _hostile(args.big):
        before = timing["reference"], timing["new"]
        ok &= compare(name, texts, timing, new)
        counts["hostile"] += 1
        print(f"{name}: reference {timing['reference'] - before[0]:.2f} s, new {timing['new'] - before[1]:.2f} s",
              flush=True)
    print(", ".join(f"{k} {v}" for k, v in counts.items()),
          f"| reference {timing['reference']:.1f} s, new {timing['new']:.1f} s |", "SAME" if ok else "DIFFERENT")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
