"""Post-OCR word correction (``pipeline/correction.py``) measured on real Tesseract output.

Each draw ``/work/data/fresh/seed-N/`` holds invented typewritten laws rendered as scans and read
by Tesseract ``por``: ``text/NNN.json`` (the OCR, a ``DocumentText``) and ``png/NNN/layout.txt``
(the printed text of every book page) with ``png/NNN/pages.json`` (which book page each scan
shows, in scan order: a page may be scanned twice or out of order). The truth of a law is its
scanned pages' printed lines in scan order (``[c]`` centring marks and indentation dropped),
whitespace-normalised; the OCR is every word of every page in order. The letterhead and page
stamps are printed on the scans but not in ``layout.txt``: they count as inserted words, the same
before and after correction.

Per draw: CER (character Levenshtein over the length of the truth, summed over laws) and WER (the
same over word sequences) before and after correction; changes right (the word became its aligned
truth word), wrong (a right word made wrong, or a wrong word made another wrong word) and neutral
(no aligned truth word: letterhead, split or merged words); words compared without surrounding
punctuation. Then the ceiling: the character errors of aligned one-to-one words (and of the rest)
by the reason the corrector leaves them (numbers and labels, names, real words, confident, ...).

    .venv/bin/python bench/eval_correction.py --sets tune
    .venv/bin/python bench/eval_correction.py --sets held
    .venv/bin/python bench/eval_correction.py --sets 872912511,884706200 --set max_conf=0.9 --show 30
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from models.ocr import DocumentText, Word  # noqa: E402
from pipeline.cleaning import clean_document  # noqa: E402
from pipeline.correction import (  # noqa: E402
    CorrectionConfig,
    Lexicon,
    TokenContext,
    base_lexicon,
    correct_document,
    document_words,
    is_reserved,
    is_word_of,
    may_be_cut,
    protected,
    split_token,
    token_contexts,
    with_document,
)

FRESH = Path("/work/data/fresh")
SETS = {
    "tune": (872912511, 884706200, 650381402, 980812984, 454777142),
    "held": (767427769, 947131733, 719590962),
}
_PAGE = re.compile(r"^===== book page (\d+)\s*$")


def truth_pages(layout: str) -> dict[int, list[str]]:
    """Printed lines of each book page of a ``layout.txt`` (markup and indentation dropped)."""
    pages: dict[int, list[str]] = {}
    current: list[str] | None = None
    for raw in layout.splitlines():
        m = _PAGE.match(raw)
        if m:
            current = pages.setdefault(int(m.group(1)), [])
            continue
        text = raw.strip()
        if text.startswith("[c]"):
            text = text[3:].strip()
        if current is not None and text:
            current.append(text)
    return pages


def truth_words(law_dir: Path) -> list[str]:
    """The printed words of a law's scans, in scan order."""
    pages = truth_pages((law_dir / "layout.txt").read_text(encoding="utf-8"))
    scans = json.loads((law_dir / "pages.json").read_text(encoding="utf-8"))
    return " ".join(" ".join(pages.get(s["book_page"], [])) for s in sorted(scans, key=lambda s: s["scan"])).split()


def doc_words(doc: DocumentText) -> list[str]:
    return [w.text for p in doc.pages for ln in p.lines for w in ln.words]


def aligned(ocr: list[str], truth: list[str]) -> dict[int, int]:
    """OCR word index -> truth word index for the words aligned one to one: equal words, and
    inside each replaced block the pairs of a character-similarity alignment (a pair whose
    words are less than 40% alike is no pair, unless both are short (``'S'`` for ``'§'``): that OCR
    word is a split, a merge or noise)."""
    out: dict[int, int] = {}
    for op in Levenshtein.opcodes(ocr, truth):
        if op.tag == "equal":
            for k in range(op.src_end - op.src_start):
                out[op.src_start + k] = op.dest_start + k
        elif op.tag == "replace":
            out.update(_align_block(ocr, truth, op.src_start, op.src_end, op.dest_start, op.dest_end))
    return out


def _align_block(ocr: list[str], truth: list[str], i0: int, i1: int, j0: int, j1: int) -> dict[int, int]:
    """Monotone alignment of ocr[i0:i1] with truth[j0:j1]: a pair costs the normalised character
    distance of its words, a gap 0.6."""
    n, m, gap = i1 - i0, j1 - j0, 0.6
    if n * m > 40000:  # a long garbled stretch: pair by position only when sizes agree
        return {i0 + k: j0 + k for k in range(n)} if n == m else {}
    d = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        d[i][0] = i * gap
    for j in range(1, m + 1):
        d[0][j] = j * gap
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            pair = Levenshtein.normalized_distance(ocr[i0 + i - 1], truth[j0 + j - 1])
            d[i][j] = min(d[i - 1][j - 1] + pair, d[i - 1][j] + gap, d[i][j - 1] + gap)
    out: dict[int, int] = {}
    i, j = n, m
    while i > 0 and j > 0:
        pair = Levenshtein.normalized_distance(ocr[i0 + i - 1], truth[j0 + j - 1])
        if abs(d[i][j] - (d[i - 1][j - 1] + pair)) < 1e-9:
            if pair <= 0.6 or max(len(ocr[i0 + i - 1]), len(truth[j0 + j - 1])) <= 3:
                out[i0 + i - 1] = j0 + j - 1
            i, j = i - 1, j - 1
        elif abs(d[i][j] - (d[i - 1][j] + gap)) < 1e-9:
            i -= 1
        else:
            j -= 1
    return out


def core(token: str) -> str:
    return split_token(token)[1]


@dataclass
class Tally:
    laws: int = 0
    pages: int = 0
    truth_chars: int = 0
    truth_words: int = 0
    cer_before: int = 0
    cer_after: int = 0
    wer_before: int = 0
    wer_after: int = 0
    changes: int = 0
    right: int = 0
    wrong: int = 0
    neutral: int = 0
    seconds: float = 0.0
    page_ms: list[float] = field(default_factory=list)
    ceiling: Counter[str] = field(default_factory=Counter)
    examples: list[tuple[str, str, str, str]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for f in dataclasses.fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            if isinstance(a, list):
                a.extend(b)
            elif isinstance(a, Counter):
                a.update(b)
            else:
                setattr(self, f.name, a + b)


def reason_kept(token: str, conf: float | None, ctx: TokenContext, lex: Lexicon, config: CorrectionConfig) -> str:
    """Why the corrector leaves a (wrong) word: the first rule of ``correct_word`` that stops it."""
    lead, c, trail = split_token(token)
    if not c:
        return "punctuation only"
    if ctx.fragment or trail.endswith("-"):
        return "hyphen fragment"
    if not c.isalpha():
        return "digits or inner punctuation"
    if is_reserved(c) or len(c) < config.min_len:
        return "reserved: label/roman/short"
    if conf is not None and conf >= config.max_conf:
        return "confident"
    if conf is not None and conf < config.min_conf:
        return "unreadable (confidence 0)"
    if protected(c, lex, config=config):
        return "real word (in lexicon)"
    if (ctx.line_end and not trail and may_be_cut(c, lex, at_end=True)) or (
            ctx.line_start and not lead and may_be_cut(c, lex, at_end=False)):
        return "may be cut at the line's edge"
    if ctx.name_like:
        return "name-like, no document word"
    return "no or ambiguous candidate"


def content_mask(doc: DocumentText) -> list[bool]:
    """For every word of ``doc`` in order: whether its line is content for the cleaning stage
    (letterhead, furniture, page stamps and junk lines are dropped before structuring: they are
    also not in the printed truth)."""
    noise = {(ln.page_index, ln.line_index) for ln in clean_document(doc) if ln.is_noise}
    return [(p.page_index, li) not in noise for p in doc.pages for li, ln in enumerate(p.lines) for _ in ln.words]


def score_law(doc: DocumentText, truth: list[str], config: CorrectionConfig, tally: Tally, show: int,
              lines: str) -> None:
    lex0 = base_lexicon()
    t0 = time.perf_counter()
    fixed, corrections = correct_document(doc, lexicon=lex0, config=config)
    dt = time.perf_counter() - t0
    n_pages = len(doc.pages)
    tally.laws += 1
    tally.pages += n_pages
    tally.seconds += dt
    tally.page_ms.append(1000 * dt / max(1, n_pages))
    keep = content_mask(doc) if lines == "content" else [True] * len(doc_words(doc))
    before_all, after_all = doc_words(doc), doc_words(fixed)
    assert len(before_all) == len(after_all) == len(keep)
    index = [i for i, k in enumerate(keep) if k]
    before, after = [before_all[i] for i in index], [after_all[i] for i in index]
    tstr, bstr, astr = " ".join(truth), " ".join(before), " ".join(after)
    tally.truth_chars += len(tstr)
    tally.truth_words += len(truth)
    tally.cer_before += Levenshtein.distance(bstr, tstr)
    tally.cer_after += Levenshtein.distance(astr, tstr)
    tally.wer_before += Levenshtein.distance(before, truth)
    tally.wer_after += Levenshtein.distance(after, truth)
    align = {index[i]: j for i, j in aligned(before, truth).items()}
    for i, (b, a) in enumerate(zip(before_all, after_all, strict=True)):
        if a == b:
            continue
        tally.changes += 1
        j = align.get(i)
        if j is None:
            tally.neutral += 1
            verdict = "neutral"
        elif core(a) == core(truth[j]) and core(b) != core(truth[j]):
            tally.right += 1
            verdict = "right"
        else:
            tally.wrong += 1
            verdict = "WRONG"
        if show and (verdict != "right" or len(tally.examples) < show):
            tally.examples.append((verdict, b, a, truth[j] if j is not None else "-"))
    # the ceiling: character errors left, by the reason the corrector keeps the word
    words, titles = document_words([ln for p in doc.pages for ln in p.lines], config=config)
    lex = with_document(lex0, words, titles)
    flat: list[tuple[Word, TokenContext]] = []
    for p in fixed.pages:
        for ln, ctxs in zip(p.lines, token_contexts(p.lines, is_word_of(lex)), strict=True):
            flat.extend((w, ctx) for w, ctx in zip(ln.words, ctxs, strict=True))
    flat = [flat[i] for i in index]
    pairs = aligned(after, truth)
    for op in Levenshtein.opcodes(after, truth):
        if op.tag == "equal":
            continue
        block = Levenshtein.distance(" ".join(after[op.src_start:op.src_end]), " ".join(truth[op.dest_start:op.dest_end]))
        inside = sum(Levenshtein.distance(after[i], truth[pairs[i]]) for i in range(op.src_start, op.src_end)
                     if i in pairs)
        tally.ceiling["not aligned 1:1 (split, merged, lost, extra)"] += max(0, block - inside)
    for i, j in pairs.items():
        w, ctx = flat[i]
        if w.text == truth[j]:
            continue
        cost = Levenshtein.distance(w.text, truth[j])
        if core(w.text) == core(truth[j]):
            tally.ceiling["punctuation around the word"] += cost
            continue
        tally.ceiling[reason_kept(w.text, w.conf, ctx, lex, config)] += cost


def run_draw(seed: int, config: CorrectionConfig, show: int, lines: str) -> Tally:
    base = FRESH / f"seed-{seed}"
    tally = Tally()
    for path in sorted((base / "text").glob("*.json")):
        doc = DocumentText.model_validate_json(path.read_text(encoding="utf-8"))
        truth = truth_words(base / "png" / path.stem)
        law = Tally()
        score_law(doc, truth, config, law, show, lines)
        tally.add(law)
    return tally


def pct(a: int, b: int) -> str:
    return f"{100.0 * a / b:6.2f}" if b else "   -  "


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="tune", help="tune, held, tune,held, or comma-separated seeds")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="override a CorrectionConfig field (repeatable)")
    ap.add_argument("--lines", choices=("content", "all"), default="content",
                    help="score the words of content lines (default: noise lines dropped as cleaning does) or all")
    ap.add_argument("--show", type=int, default=0, help="print changes (all wrong/neutral, this many right)")
    args = ap.parse_args(argv)
    overrides = {}
    fields = {f.name: f.type for f in dataclasses.fields(CorrectionConfig)}
    for kv in args.set:
        k, _, v = kv.partition("=")
        if k not in fields:
            ap.error(f"unknown config field {k!r}")
        default = getattr(CorrectionConfig(), k)
        overrides[k] = (v.lower() in {"1", "true", "yes"}) if isinstance(default, bool) else type(default)(v)
    config = CorrectionConfig(**overrides)
    t0 = time.perf_counter()
    base_lexicon()
    build = time.perf_counter() - t0
    groups: list[tuple[str, tuple[int, ...]]] = []
    for part in args.sets.split(","):
        if part in SETS:
            groups.append((part.upper(), SETS[part]))
        else:
            groups.append((part, (int(part),)))
    print(f"config: {config}")
    print(f"lexicon built in {build:.2f} s")
    head = (f"{'draw':>10} {'laws':>4} {'pages':>5} | {'CER%':>6} {'->':>2} {'CER%':>6} | {'WER%':>6} {'->':>2} "
            f"{'WER%':>6} | {'chg':>4} {'right':>5} {'wrong':>5} {'neutr':>5} | {'ms/page':>7}")
    everything = Tally()
    for name, seeds in groups:
        print(f"\n{name}\n{head}")
        group = Tally()
        rows = []
        for seed in seeds:
            t = run_draw(seed, config, args.show, args.lines)
            rows.append(t)
            group.add(t)
            print(f"{seed:>10} {t.laws:>4} {t.pages:>5} | {pct(t.cer_before, t.truth_chars)} -> "
                  f"{pct(t.cer_after, t.truth_chars)} | {pct(t.wer_before, t.truth_words)} -> "
                  f"{pct(t.wer_after, t.truth_words)} | {t.changes:>4} {t.right:>5} {t.wrong:>5} {t.neutral:>5} | "
                  f"{1000 * t.seconds / max(1, t.pages):>7.1f}")
        mean = statistics.fmean
        print(f"{name + ' mean':>10} {group.laws:>4} {group.pages:>5} | "
              f"{mean(100 * t.cer_before / t.truth_chars for t in rows):6.2f} -> "
              f"{mean(100 * t.cer_after / t.truth_chars for t in rows):6.2f} | "
              f"{mean(100 * t.wer_before / t.truth_words for t in rows):6.2f} -> "
              f"{mean(100 * t.wer_after / t.truth_words for t in rows):6.2f} | "
              f"{group.changes:>4} {group.right:>5} {group.wrong:>5} {group.neutral:>5} | "
              f"{1000 * group.seconds / max(1, group.pages):>7.1f}")
        saved = group.cer_before - group.cer_after
        print(f"  char errors removed: {saved} of {group.cer_before} ({pct(saved, group.cer_before).strip()}%); "
              f"words fixed: {group.wer_before - group.wer_after} of {group.wer_before}; "
              f"max ms/page (per law) {max(group.page_ms):.1f}")
        print("  remaining character errors by why the corrector leaves them (words aligned 1:1; the rest of"
              " each differing stretch as 'not aligned'):")
        total = sum(group.ceiling.values())
        for why, n in group.ceiling.most_common():
            print(f"    {why:<42} {n:>6} {pct(n, total)}%")
        everything.add(group)
        if args.show:
            for verdict, b, a, tr in group.examples:
                print(f"    {verdict:<7} {b!r:>22} -> {a!r:<22} truth {tr!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
