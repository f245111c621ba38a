"""The status of one emitted norm, computed from evidence.

``extracted`` is a claim that the structure is whole: the norm's identity is read (an epígrafe,
or an upstream record the text does not contradict), the articles run 1..n without gaps or
renumbering, the fecho was found, no page failed and the reading confidence (when there is one)
is above a measured threshold. Anything short of that says why, as machine-readable reasons
(``DocumentInfo.reasons``): ``partial`` when the articulação is whole but an outer part is not
(no fecho, no epígrafe but the record names the norm), ``needs_review`` when the content itself
may be wrong (articles lost, low confidence, the metadata in conflict, pages read upside down,
a text layer rejected).

The thresholds were calibrated by ``bench/calibrate_status.py`` (figures in docs/output.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from models.codes import REASON_SEVERITY, DocumentReason, StatusReason, WarningCode
from models.norm import Status, WarningItem

MIN_CONFIDENCE = 0.80
"""Mean word confidence below which an OCR'd document is ``low_confidence`` (calibrated)."""

SEQUENCE_WARNINGS: frozenset[WarningCode] = frozenset({"articles_missing"})
"""Warnings that mean an article was lost. ``article_renumbered`` (a damaged label the sequence
repaired) is its own, milder reason ``articles_renumbered``: calibration found one wrong document
that only it flagged (synthetic/029), and nine right ones."""


LOWER_RENUMBERED: frozenset[WarningCode] = frozenset({"paragraph_renumbered", "inciso_renumbered", "alinea_renumbered", "item_renumbered",
                              "group_renumbered"})
"""A parágrafo, inciso, alínea, item or agrupador whose printed label the sequence overrode. A
heading numbered otherwise than printed means a heading lost or misread before it (draw
906449953/002: 'CAPÍTULO-I.' not read, 'CAPÍTULO 11' numbered 1, called extracted); counting it
cost 1 of 52 right-extracted labelled documents and 3 of 62 in the draws, and removed that silent one."""


@dataclass(frozen=True)
class Evidence:
    articles: list[str]
    has_epigrafe: bool
    has_fecho: bool
    meta_named: bool
    confidence: float | None
    page_errors: int
    warning_codes: frozenset[WarningCode]
    turned_pages: int = 0
    rejected_layers: int = 0
    other_norms: int = 0  # norms of their own (an epígrafe and articles) left out of this one


def article_numbers(units) -> list[str]:
    out: list[str] = []

    def walk(nodes):
        for node in nodes:
            if node.type == "alteracao":
                continue  # the amended norm's articles, quoted: not this law's (issue 12)
            if node.type == "artigo":
                out.append(node.id)
            walk(node.children)

    walk(units)
    return out


def in_sequence(ids: list[str]) -> bool:
    """Article ids art1..artN, each once; inserted articles ('art5-1' for 5-A) after their base."""
    expected = 1
    for unit_id in ids:
        m = re.fullmatch(r"art(\d+)(-\d+)?", unit_id)
        if not m:
            return False
        value = int(m.group(1))
        if value == expected and not m.group(2):
            expected += 1
        elif value == expected - 1 and m.group(2):
            continue
        else:
            return False
    return bool(ids)


def reasons_from(ev: Evidence, *, min_confidence: float = MIN_CONFIDENCE) -> list[StatusReason]:
    reasons: list[StatusReason] = []
    if ev.confidence is not None and ev.confidence < min_confidence:
        reasons.append("low_confidence")
    if ev.page_errors:
        reasons.append("page_errors")
    if not ev.has_epigrafe:
        reasons.append("no_epigrafe")
    if ev.warning_codes & SEQUENCE_WARNINGS or not in_sequence(ev.articles):
        reasons.append("articles_missing")
    if "article_renumbered" in ev.warning_codes and "articles_missing" not in reasons:
        reasons.append("articles_renumbered")
    if "units_missing" in ev.warning_codes:
        reasons.append("units_missing")
    if ev.warning_codes & LOWER_RENUMBERED:
        reasons.append("units_renumbered")
    if ev.warning_codes & {"unit_doubtful", "closing_after_annex_articles"}:
        reasons.append("units_doubtful")  # (the second: this norm's articles may be in its anexo)
    if "metadata_conflict" in ev.warning_codes:
        reasons.append("metadata_conflict")
    if "duplicate_id" in ev.warning_codes:
        reasons.append("duplicate_id")
    if "metadata_mismatch" in ev.warning_codes and "metadata_conflict" not in reasons:
        reasons.append("metadata_conflict")
    if ev.turned_pages and "upside_down_pages" not in reasons:
        reasons.append("upside_down_pages")
    if ev.rejected_layers:
        reasons.append("text_layer_rejected")
    if not ev.has_fecho:
        reasons.append("no_fecho")
    if ev.other_norms and not ev.meta_named:
        # the document holds other whole norms and no record names the one it is filed as: the
        # one structured (the one with most articles, the first of equals) is a choice, not a reading
        reasons.append("several_norms")
    return reasons


def status_of(reasons: list[StatusReason], *, meta_named: bool) -> tuple[Status, DocumentReason]:
    """(status, primary reason) from the reasons; the most severe reason is the primary one."""
    if not reasons:
        return "extracted", "ok"
    ranked = sorted(reasons, key=lambda r: -REASON_SEVERITY[r])
    worst = ranked[0]
    severe = REASON_SEVERITY[worst] >= 2 or (worst == "no_epigrafe" and not meta_named)
    # A numbering repaired by the sequence and no closing found: where the law ends is in doubt
    # (its last articles may be lost or another law's), so the content needs review.
    severe = severe or ("no_fecho" in reasons and bool({"articles_renumbered", "units_renumbered"} & set(reasons)))
    return ("needs_review" if severe else "partial"), worst


def fecho_year_conflict(norm_ano: int | None, fecho_data, epigrafe_ano: int | None) -> WarningItem | None:
    """The fecho dated in another year than the epígrafe (or the record) says: a broken reading."""
    if fecho_data is None or norm_ano is None:
        return None
    if fecho_data.year != norm_ano or (epigrafe_ano is not None and epigrafe_ano != norm_ano):
        return WarningItem(code="metadata_conflict",
                           message=f"the norm's year is {norm_ano} but the fecho is dated {fecho_data.isoformat()}")
    return None
