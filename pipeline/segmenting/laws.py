"""Laws in the document: the target norm's span, its neighbours, and pages of the target
printed among a neighbour's (split at epígrafes; a running title is no new norm)."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.metadata import Epigrafe, is_fecho_start
from pipeline.segmenting.closing import fecho_like
from pipeline.segmenting.readings import Reading, article_header, is_article, printed_number
from pipeline.segmenting.tree import Issue

# --- 1. laws in the document ------------------------------------------------------------------


def _matches_meta(epi: Epigrafe, numero: str | None, ano: int | None) -> bool:
    if numero is None:
        return False
    same_num = (epi.numero or "").lstrip("0") == str(numero).replace(".", "").lstrip("0")
    return same_num and (ano is None or epi.ano is None or epi.ano == ano)


def split_laws(
    readings: Sequence[Reading], *, numero: str | None, ano: int | None
) -> tuple[tuple[int, int], list[tuple[int, int]], list[Issue]]:
    """Spans of the target law and of the neighbours, by epígrafe.

    The span before the first epígrafe is the end of a previous law when it holds articles;
    otherwise it belongs to the target (letterhead, cover).
    """
    starts = [i for i, r in enumerate(readings) if r.epigrafe is not None]
    issues: list[Issue] = []
    if not starts:
        return (0, len(readings)), [], issues
    bounds = [*starts, len(readings)]
    spans = [(bounds[k], bounds[k + 1]) for k in range(len(starts))]
    articles = [sum(is_article(readings[i]) for i in range(a, b)) for a, b in spans]
    target_k = None
    for k, (a, _b) in enumerate(spans):
        if _matches_meta(readings[a].epigrafe, numero, ano):  # type: ignore[arg-type]
            target_k = k
            break
    if target_k is None:
        target_k = max(range(len(spans)), key=lambda k: (articles[k], -k))
        if numero is not None:
            epi = readings[spans[target_k][0]].epigrafe
            issues.append(Issue(
                "metadata_mismatch",
                f"no epígrafe matches the metadata (número {numero}, ano {ano}); "
                f"kept the main law '{epi.text if epi else ''}' and used the metadata values",
            ))
    prelude = (0, starts[0])
    neighbors = [s for k, s in enumerate(spans) if k != target_k]
    target = spans[target_k]
    if any(is_article(readings[i]) for i in range(*prelude)):
        neighbors.insert(0, prelude)
    elif target_k == 0:
        target = (0, target[1])
    return target, neighbors, issues


def continues_target(readings: Sequence[Reading], span: list[int], target: list[int]) -> bool:
    """Whether a page chunk scanned before the target's epígrafe carries its later articles.

    Never when the target is an 'Artigo único' (nothing follows it), nor when both the chunk
    and the target close with a fecho of their own (a law has one).
    """
    if any((h := article_header(readings[k])) is not None and h.unico for k in target):
        return False
    if any(is_fecho_start(readings[k].line.text) for k in span) and any(
        is_fecho_start(readings[k].line.text) for k in target
    ):
        return False
    own = {n for k in target if (n := printed_number(readings[k]))}
    nums = [n for k in span if (n := printed_number(readings[k]))]
    return bool(nums) and bool(own) and min(nums) > 1 and not own.intersection(nums)


def claim_orphan_pages(
    readings: Sequence[Reading], span: list[int], target: list[int], boundaries: set[int]
) -> tuple[list[int], list[list[int]]]:
    """Pages printed after a neighbouring law's epígrafe whose articles fill the gaps of the
    target's numbering belong to the target (pages out of order around the next law), and so do
    pages that continue it (its next article numbers) when the target's own pages hold no fecho
    (its end was scanned after the next law's page)."""
    chunks: list[list[int]] = [[]]
    for k in span:
        if k in boundaries and chunks[-1]:
            chunks.append([])
        chunks[-1].append(k)
    own = {n for k in target if (n := printed_number(readings[k]))}
    if len(own) < 2:
        return span, []
    closed = any(fecho_like(readings[k].line.text) for k in target)
    keep, moved = list(chunks[0]), []
    for chunk in chunks[1:]:
        nums = [n for k in chunk if (n := printed_number(readings[k]))]
        fills = nums and min(nums) > min(own) and max(nums) < max(own)
        continues = nums and not closed and max(own) < min(nums) <= max(own) + 2
        if (fills or continues) and not own.intersection(nums):
            moved.append(chunk)
            own.update(nums)
            closed = closed or any(fecho_like(readings[k].line.text) for k in chunk)
        else:
            keep.extend(chunk)
    return keep, moved


def running_headers(readings: Sequence[Reading]) -> list[int]:
    """Positions of epígrafes that repeat an earlier one (same tipo, número, ano and date):
    a running title, not a new norm. The first occurrence stays the epígrafe."""
    seen: set[tuple] = set()
    out: list[int] = []
    for k, r in enumerate(readings):
        epi = r.epigrafe
        if epi is None:
            continue
        key = (epi.tipo, epi.numero, epi.ano, epi.data)
        if key in seen:
            out.append(k)
        seen.add(key)
    return out
