"""Pages of the target: page boundaries, copies scanned twice, and chunks put back in the order
their article numbers say."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache

import numpy as np
from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq

from pipeline.cleaning import CleanLine
from pipeline.folding import fold
from pipeline.headers import read_header
from pipeline.metadata import holds_signature, is_fecho_start, is_role_line
from pipeline.segmenting.closing import IN_FORCE
from pipeline.segmenting.numbering import SegmentConfig, sequence_cost
from pipeline.segmenting.readings import Reading, article_header, is_article, printed_number
from pipeline.segmenting.tree import Issue

# --- 2. page order ----------------------------------------------------------------------------


def page_chunks(readings: Sequence[Reading], boundaries: set[int]) -> list[list[int]]:
    chunks: list[list[int]] = [[]]
    for i in range(len(readings)):
        if i in boundaries and chunks[-1]:
            chunks.append([])
        chunks[-1].append(i)
    return chunks


def _signature_page(readings: Sequence[Reading], chunk: Sequence[int]) -> bool:
    """A page chunk with no header whose few lines close the law: a cargo line among them, or
    the dated closing (a page of the law's end scanned before the page of its last articles).
    A page that holds a signature (a name, then a cargo) is one whatever a reader took for a
    unit's label on it but an article's ('1 Secretá o', an office's ordinal, read as a parágrafo)."""
    if len(chunk) > 12 or any(is_article(readings[i]) for i in chunk):
        return False
    texts = [readings[i].line.text for i in chunk]
    if any(readings[i].header is not None for i in chunk) and not holds_signature(texts):
        return False
    return any(is_role_line(t) or is_fecho_start(t) for t in texts)


_IN_FORCE = re.compile(rf"\b{IN_FORCE}\b", re.I)


def _inversions(seq: Sequence[float]) -> int:
    return sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq)) if seq[i] > seq[j])


def before_restart(numbers: list[int]) -> list[int]:
    """A chunk's article numbers up to a restart ('13, 14, 15' then 'Art. 1º' of the next law
    printed on the same page): the numbers after it are another law's."""
    for k in range(1, len(numbers)):
        if numbers[k] <= 2 < numbers[k - 1]:
            return numbers[:k]
    return numbers


def restore_page_order(
    readings: list[Reading], boundaries: set[int], *, config: SegmentConfig
) -> tuple[list[Reading], list[int] | None, Issue | None]:
    """Put page chunks back in the order the article numbers say.

    A chunk's key is the median printed article number in it; chunks without articles stay
    glued to the chunk before them. Reordering happens only when it removes most inversions
    of the article sequence, and it is reported.
    """
    chunks = page_chunks(readings, boundaries)
    merged: list[list[int]] = []
    keys: list[float] = []
    numbers: list[list[int]] = []  # each merged chunk's printed article numbers, sorted
    for chunk in chunks:
        if merged and _signature_page(readings, chunk):
            # A page holding only signatures (the last page, scanned out of place) closes the
            # law: it is not glued to the page before it.
            merged.append(list(chunk))
            keys.append(float("inf"))
            numbers.append([])
            continue
        nums = sorted(before_restart([n for i in chunk if (n := printed_number(readings[i]))]))
        if not nums or not merged:
            if merged:
                merged[-1].extend(chunk)
            else:
                merged.append(list(chunk))
                keys.append(nums[len(nums) // 2] if nums else 0)
                numbers.append(nums)
            if nums and len(merged) == 1 and keys[0] == 0:
                keys[0] = nums[len(nums) // 2]
                numbers[0] = nums
            continue
        merged.append(list(chunk))
        keys.append(nums[len(nums) // 2])
        numbers.append(nums)
    if len(merged) < 3:
        return readings, None, None

    def article_seq(order: Sequence[int]) -> list[int]:
        return [n for k in order for i in merged[k] if (n := printed_number(readings[i]))]

    def cost(order: Sequence[int]) -> float:
        return sequence_cost([
            h.candidates for k in order for i in merged[k] if (h := article_header(readings[i])) is not None
        ], config=config)

    original = list(range(len(merged)))
    # A page that holds the law's closing (its place and date, or a signature) or its vigência clause
    # ('... entra em vigor', LC 95's last article but the revocation) closes the law: where its own numbers
    # do not continue those of the pages before it (misread: 'Art. lo E ve' for 'Art. 11 É vedado')
    # and a page after it holds articles that do, the closing page goes last (a closing page scanned
    # before the page of articles 4-10)
    @cache
    def closes(k: int) -> bool:
        texts = [readings[i].line.text for i in merged[k]]
        return k > 0 and (any(is_fecho_start(t) or _IN_FORCE.search(t) for t in texts) or holds_signature(texts))

    medians = [nums[len(nums) // 2] if nums else 0 for nums in numbers]
    later = list(itertools.accumulate(reversed(medians), max))[::-1]  # the highest median from each chunk on
    before_it = max(numbers[0], default=0)
    for k in range(1, len(merged)):
        if medians[k] <= before_it and k + 1 < len(merged) and later[k + 1] > before_it and closes(k):
            keys[k] = float("inf")
        before_it = max([before_it, *numbers[k]])

    def order_by(keys: Sequence[float]) -> list[int]:
        # The first chunk holds the epígrafe and the preamble: it stays first.
        return [0, *sorted(original[1:], key=lambda k: keys[k])]

    proposal = order_by(keys)
    if proposal == original:
        return readings, None, None
    proposal = _settle_keys(proposal, keys, numbers, order_by, cost)
    before = _inversions(article_seq(original))
    after = _inversions(article_seq(proposal))
    # A page that closes the law, scanned before pages of its articles, goes to the end even where
    # the articles themselves are in order (or where misread numbers only look out of order: the
    # articles keep their order, only the closing page moves): no law has articles after its closing.
    closing_last = article_seq(proposal) == article_seq(original)
    # So does a page whose closing the scan put before pages of articles, where the order the numbers
    # say puts it after them and the other pages' numbers are no worse ordered: a misread number does
    # not move a closing ('Art. 14', 'Art. 15', then '... em 5 de fevereiro de 1964.', before articles
    # 5-13), nor do the closing page's own misread numbers keep it in place.
    def closes_early(order: Sequence[int]) -> bool:
        return any(numbers[j] for at, k in enumerate(order) if closes(k) for j in order[at + 1:])

    def open_seq(order: Sequence[int]) -> list[int]:
        return article_seq([k for k in order if not closes(k)])

    closing_moved = (closes_early(original) and not closes_early(proposal)
                     and _inversions(open_seq(proposal)) <= _inversions(open_seq(original)))
    # Misread numbers ('ART. 32' for 3º) can look like disorder: reorder only when the
    # reordered law is much easier to number than the law as scanned.
    if not (closing_last or closing_moved) and (before == 0 or cost(proposal) + config.reorder_margin >= cost(original)):
        return readings, None, None
    new = [readings[i] for k in proposal for i in merged[k]]
    pages_in_order: list[int] = []
    for r in new:  # pages in their new reading order, each once
        if r.line.page_index + 1 not in pages_in_order:
            pages_in_order.append(r.line.page_index + 1)
    if len(pages_in_order) < 2:
        pages_in_order = []  # chunks of plain text without page breaks: no page numbers to give
    issue = Issue(
        "pages_reordered",
        f"page chunks were out of order (article numbers {keys}); restored order of chunks "
        f"{[k + 1 for k in proposal]} (inversions {before} -> {after})",
    )
    return new, pages_in_order, issue


def _settle_keys(proposal: list[int], keys: list[float], numbers: Sequence[Sequence[int]],
                 order_by: Callable[[Sequence[float]], list[int]],
                 cost: Callable[[Sequence[int]], float]) -> list[int]:
    """The proposed order, with each chunk whose printed numbers disagree (one misread: 'ATE.
    326º' and 'Art. 9270' for 327 on one page) placed where the numbering reads best: its key
    is the median of its numbers, and a misread one can be that median (a page of two articles
    sent past the law's last one). The median of its numbers without each one in turn (one or two
    other keys: one misread number left out) is tried as its key; the order the article sequence
    costs least with is kept."""
    best, best_cost = proposal, cost(proposal)
    keys = list(keys)
    for k, nums in enumerate(numbers):
        if len(nums) < 2 or nums[-1] - nums[0] <= 2 * len(nums):
            continue  # (numbers that run together agree: the median is the page's place)
        without = ([*nums[:j], *nums[j + 1:]] for j in range(len(nums)))
        for alt in dict.fromkeys(rest[len(rest) // 2] for rest in without):
            if alt == keys[k]:
                continue
            tried = [*keys[:k], alt, *keys[k + 1:]]
            order = order_by(tried)
            if order != best and (c := cost(order)) < best_cost:
                best, best_cost, keys = order, c, tried
    return best


def page_span(lines: Sequence[CleanLine]) -> tuple[int, int] | None:
    if not lines:
        return None
    pages = [ln.page_index + 1 for ln in lines]
    return (min(pages), max(pages))


ChunkPair = tuple[tuple[int, int, int], tuple[int, int, int]]


def drop_repeated_pages(
    readings: list[Reading], boundaries: set[int], *, min_chars: int = 300, similarity: float = 85.0,
    compared: set[ChunkPair] | None = None,
) -> tuple[list[Reading], set[int], list[int]]:
    """A page scanned twice: of two nearly identical chunks the one that read fewer labels is
    dropped (the later one when they read alike).

    ``compared`` (filled when given): the pairs of kept chunks (later, earlier; each by the
    identity of its first and last reading and its length) found not to repeat; a second pass
    over the kept readings skips them, so only chunks cut differently cost a comparison again.
    (Only kept chunks are recorded: their readings live on in what is returned, so their ids
    name them while the caller holds that.)"""
    chunks = page_chunks(readings, boundaries)
    if len(chunks) < 2:
        return readings, boundaries, []
    ident = [(id(readings[c[0]]), id(readings[c[-1]]), len(c)) for c in chunks]
    texts = [fold(" ".join(readings[i].line.text for i in chunk)) for chunk in chunks]
    placed_numbers = [[n for i in chunk if (n := printed_number(readings[i]))] for chunk in chunks]
    # how well a copy read: the epígrafes it read (one lost, 'LEI. MUNICIPAL Nº 990', loses the
    # law its page opens), the labels of any level, its article numbers, then Tesseract's mean
    # confidence in its lines
    labelled = [(sum(readings[i].epigrafe is not None for i in chunk), sum(readings[i].header is not None for i in chunk),
                 len(placed_numbers[k]), _mean_conf(readings, chunk)) for k, chunk in enumerate(chunks)]
    numbers = [sorted(ns) for ns in placed_numbers]
    # the acts each chunk opens: a gazette's pages built on one template ('DECRETO LEGISLATIVO
    # N.º 008' ... 'N.º 013', each rejecting one year's accounts) differ by little but their number
    named = [{(e.tipo, (e.numero or "").lstrip("0")) for i in chunk if (e := readings[i].epigrafe) is not None
              and e.numero} for chunk in chunks]
    shared = _SharedLetters(texts)

    def repeats(k: int, j: int) -> bool:
        if abs(len(texts[k]) - len(texts[j])) >= 0.2 * len(texts[k]):
            return False
        if named[k] and named[j] and named[k].isdisjoint(named[j]):
            return False  # each opens an act of its own
        # Nearly the same text is a copy read with OCR variation, unless the labels say other
        # articles (pages built on one template differ by little but their numbers): then only a
        # near-exact copy. Labels that agree in order, each copy misreading or losing its own
        # ('60, 7' / '6, 70' for 6, 7; '10, 1, 13' / '10, 11, 12, 13'), are the same articles; a
        # copy whose labels OCR lost entirely says nothing against it.
        pk, pj = placed_numbers[k], placed_numbers[j]
        same = set(pk) & set(pj)
        alike = (not pk or not pj or numbers[k] == numbers[j]
                 or (len(same) >= 2 and (len(same) >= 0.6 * len(set(pk) | set(pj))
                                         or LCSseq.similarity(pk, pj) >= max(2, 0.5 * max(len(pk), len(pj))))))
        cutoff = similarity if alike else 98.0
        if shared.ceiling(k, j) < cutoff - 1e-6:
            return False  # (their letters alone cannot agree this much: no alignment needed)
        return fuzz.ratio(texts[k], texts[j], score_cutoff=cutoff) >= cutoff

    def distinct_pairs(k: int) -> tuple[list[ChunkPair], int | None]:
        """The pairs of chunk ``k`` with each kept one, and the kept chunk it repeats (None when
        it repeats none; the pairs are then all of them)."""
        pairs: list[ChunkPair] = []
        for j in keep:
            pair = (ident[k], ident[j])
            if compared is not None and pair in compared:
                continue
            if repeats(k, j):
                return pairs, j
            pairs.append(pair)
        return pairs, None

    keep: list[int] = []
    dropped: list[int] = []
    copies: dict[int, list[int]] = {}  # kept chunk -> the copies of it left out
    for k, text in enumerate(texts):
        pairs, j = distinct_pairs(k) if len(text) >= min_chars else ([], None)
        if j is not None:
            if labelled[k] <= labelled[j]:
                dropped.append(readings[chunks[k][0]].line.page_index + 1)
                copies.setdefault(j, []).append(k)
                continue
            # the later copy read more of its labels: it takes the earlier one's place
            keep.remove(j)
            dropped.append(readings[chunks[j][0]].line.page_index + 1)
            if compared is not None:
                compared.difference_update({pair for pair in compared if ident[j] in pair})
            pairs, again = distinct_pairs(k)
            if again is not None:
                keep.append(j)  # it repeats a second kept chunk too: the earlier copies stay
                keep.sort()
                dropped[-1] = readings[chunks[k][0]].line.page_index + 1
                copies.setdefault(j, []).append(k)
                continue
            copies[k] = [j, *copies.pop(j, [])]
        keep.append(k)
        keep.sort()
        if compared is not None:
            compared.update(pairs)
    if not dropped:
        return readings, boundaries, []
    new: list[Reading] = []
    bounds: set[int] = set()
    for k in keep:
        if new:
            bounds.add(len(new))
        new.extend(labels_from_copies(readings, chunks[k], [chunks[c] for c in copies.get(k, ())]))
    return new, bounds, dropped


class _SharedLetters:
    """An upper bound of ``fuzz.ratio`` between texts, from the characters they share: a common
    subsequence of two texts holds at most min(count in one, count in the other) of each
    character, and the ratio is 200 * LCS / (len(a) + len(b)). Counted once per text (numpy),
    each text's shares with all the others at once, when first asked."""

    def __init__(self, texts: Sequence[str]):
        self.lengths = np.array([len(t) for t in texts], dtype=np.float64)
        alphabet = sorted(set().union(*map(set, texts)))
        codes = [np.frombuffer(t.encode("utf-32-le"), dtype=np.uint32) for t in texts]
        lookup = np.zeros(ord(alphabet[-1]) + 1 if alphabet else 1, dtype=np.intp)
        lookup[[ord(c) for c in alphabet]] = np.arange(len(alphabet))
        self.counts = np.array([np.bincount(lookup[c], minlength=len(alphabet)) for c in codes], dtype=np.int64
                               ).reshape(len(texts), len(alphabet))
        self.rows: dict[int, list[float]] = {}

    def ceiling(self, k: int, j: int) -> float:
        row = self.rows.get(k)
        if row is None:
            common = np.minimum(self.counts[k], self.counts).sum(axis=1)
            with np.errstate(divide="ignore", invalid="ignore"):
                row = self.rows[k] = (200.0 * common / (self.lengths[k] + self.lengths)).tolist()
        return row[j]


_TWIN_LINE = 70.0  # a line of a copy and a line of the page kept read this alike (in order): the same printed line


def _label_cost(r: Reading) -> float:
    """How cleanly a line's label read: an article's cheapest number of 1 or more, any other
    unit's label at no cost, none at all infinitely."""
    if r.header is None:
        return math.inf
    if r.header.kind != "artigo":
        return 0.0
    return min((cost for n, cost in r.header.candidates if n >= 1), default=math.inf)


def labels_from_copies(readings: Sequence[Reading], kept: Sequence[int],
                       copies: Sequence[Sequence[int]]) -> list[Reading]:
    """The readings of a page kept, each line whose label OCR lost or garbled there read from a
    copy of the page that read it more cleanly ('ARTYG0 O permissionário' kept, 'Art. 9º O
    permissíonarío' in the copy left out): a person with two copies reads each label from the
    clearer one. The line keeps its place and page. (Two clean readings that disagree are left
    to the sequence.)"""
    out = [readings[i] for i in kept]
    folded = [fold(r.line.text) for r in out]
    for copy in copies:
        twins = _twin_lines(folded, [fold(readings[i].line.text) for i in copy])
        for at, c in twins:
            r = readings[copy[c]]
            if out[at].epigrafe is None and _label_cost(r) < _label_cost(out[at]):
                place = out[at].line
                out[at] = replace(r, line=replace(r.line, page_index=place.page_index, line_index=place.line_index))
    return out


def _twin_lines(kept: Sequence[str], copy: Sequence[str]) -> list[tuple[int, int]]:
    """The lines of a page and of its copy that are the same printed line: the most pairs, in
    order, of lines at least ``_TWIN_LINE`` alike (an alignment of the two pages)."""
    n, m = len(kept), len(copy)
    alike = [[fuzz.ratio(a, b, score_cutoff=_TWIN_LINE) >= _TWIN_LINE for b in copy] for a in kept]
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best[i][j] = max(best[i + 1][j], best[i][j + 1], best[i + 1][j + 1] + 1 if alike[i][j] else 0)
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < n and j < m:
        if alike[i][j] and best[i][j] == best[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def _mean_conf(readings: Sequence[Reading], chunk: Sequence[int]) -> float:
    confs = [c for i in chunk if (c := readings[i].line.conf) is not None]
    return sum(confs) / len(confs) if confs else 0.0


def drop_repeated_runs(
    readings: list[Reading], boundaries: set[int], *, min_run: int = 3, similarity: float = 88.0
) -> tuple[list[Reading], set[int], list[int]]:
    """A page scanned twice where no page break shows (form feeds lost, no letterhead): a run of
    at least ``min_run`` article starts that repeats, in order, the starts of an earlier run
    (same printed numbers, nearly the same text) is a copy; the copy, as long as the original
    run, is dropped. Returns the readings, the boundaries moved with them and the pages dropped."""
    arts = [i for i, r in enumerate(readings) if is_article(r)]
    if len(arts) < 2 * min_run:
        return readings, boundaries, []
    keys = [fold(readings[i].line.text) for i in arts]
    nums = [printed_number(readings[i]) for i in arts]
    by_number: dict[int | None, list[int]] = {}
    drop: set[int] = set()
    k = 0
    while k < len(arts):
        best: tuple[int, int] | None = None
        for j in by_number.get(nums[k], []):
            length = 0
            while (k + length < len(arts) and j + length < k
                   and _same_number(nums[j + length], nums[k + length])
                   and fuzz.ratio(keys[j + length], keys[k + length]) >= similarity):
                length += 1
            if length >= min_run and (best is None or length > best[1]):
                best = (j, length)
        if best is None:
            by_number.setdefault(nums[k], []).append(k)
            k += 1
            continue
        j, length = best
        size = arts[j + length] - arts[j]  # the original run, to the start after it
        stop = arts[k + length] if k + length < len(arts) else len(readings)
        drop.update(range(arts[k], min(arts[k] + size, stop)))
        k += length
    if not drop:
        return readings, boundaries, []
    pages = sorted({readings[i].line.page_index + 1 for i in drop})
    kept = [i for i in range(len(readings)) if i not in drop]
    position = {old: new for new, old in enumerate(kept)}
    bounds = {position[b] for b in boundaries if b in position and position[b] > 0}
    return [readings[i] for i in kept], bounds, pages


def _same_number(a: int | None, b: int | None) -> bool:
    """Two article starts of a run and its copy: the same printed number, or one unread."""
    return a is None or b is None or a == b


def page_boundaries(lines: Sequence[CleanLine], positions: Sequence[int]) -> set[int]:
    """Content positions where a page starts: a new page_index, or after a run of furniture,
    page stamps or contact lines (pages glued together in plain text).

    Furniture interleaved with a few lines that hold no article (a heading printed inside the
    letterhead block) makes one page start, not several.
    """
    pages: set[int] = set()
    inferred: list[int] = []
    # (where the scan has pages of its own, a page's number stamped in its margin mid-page, 'NM 17',
    # starts none: only a letterhead or a contact line inside a scanned page does, two book pages
    # on one image)
    paged = len({lines[b].page_index for b in positions}) > 1
    breaks = ("furniture", "phone") if paged else ("furniture", "page_stamp", "phone")
    for k in range(1, len(positions)):
        a, b = positions[k - 1], positions[k]
        if lines[b].page_index != lines[a].page_index:
            pages.add(k)
        elif any(lines[j].reason in breaks for j in range(a + 1, b)):
            inferred.append(k)
    out = set(pages)
    last: int | None = None
    for k in inferred:
        if last is not None and k - last <= 3 and not any(
            _looks_like_article(lines[positions[j]].text) for j in range(last, k)
        ):
            continue
        out.add(k)
        last = k
    return out


def _looks_like_article(text: str) -> bool:
    h = read_header(text)
    return h is not None and h.kind == "artigo"
