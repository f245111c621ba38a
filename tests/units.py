"""Helpers for tests that look at an emitted norm's units (``from units import unit_ids``)."""

from __future__ import annotations

from models.norm import NormDocument


def unit_ids(doc: NormDocument) -> list[str]:
    """Every unit id of ``doc``'s articulação, depth first, in reading order."""
    out: list[str] = []

    def walk(units):
        for u in units:
            out.append(u.id)
            walk(u.children)

    walk(doc.articulacao)
    return out
