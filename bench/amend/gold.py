"""The gold of an amending law (FORMAT.md), with its alterações described beside the units.

`units` holds the law's OWN provisions only (what ../shared/tools/score.py scores: it skips the
inside of an `alteracao`); the amending unit's text ends where its quotation begins. Each
quotation is one entry of `alteracoes`, in the shape docs/output.md gives the `alteracao` node:
    {"id": "art1_cpt_alt1", "type": "alteracao", "number": null, "text": "", "parent": "art1",
     "target": {"tipo": "lei", "numero": "939", "ano": 2013, "jurisdicao": "municipal"},
     "target_unit": "art5",
     "units": [{"id": "art1_cpt_alt1_art5", "type": "artigo", "number": "5", "text": ...}, ...]}
Quoted ids are the amended norm's own ids under the alteração's id ('art7-1' for Art. 7º-A,
'cap2-1' for CAPÍTULO II-A); quotes, omission lines and (NR)/(AC) are not part of any text.
"""
from __future__ import annotations

from bench.gen.source import id_segment


def own_segment(u: dict) -> str:
    return id_segment(u["type"], u["num"])


def _numbered(q: dict) -> str:
    """A quoted unit's number with its letter: '7' and 'A' -> '7-A' (LexML's art7-1)."""
    return q["num"] + (f"-{q['suffix']}" if q.get("suffix") else "")


def quoted_units(block: dict, prefix: str) -> list:
    """The quoted provisions of one block with their ids under `prefix` (nesting by type)."""
    out = []
    art = f"art{block['base_art']}" if block.get("base_art") else None
    par = inc = None
    for q in block["items"]:
        t = q["type"]
        if t == "omit":
            continue
        if t == "capitulo":
            gid = id_segment("capitulo", _numbered(q))
            out.append({"id": f"{prefix}_{gid}", "type": "capitulo",
                        "number": _numbered(q),
                        "title": q["title"], "text": ""})
            continue
        if t == "artigo":
            art, par, inc = id_segment("artigo", _numbered(q)), None, None
            uid = art
            number = _numbered(q)
        elif t == "paragrafo":
            par, inc = id_segment("paragrafo", q["num"]), None
            uid = f"{art}_{par}"
            number = q["num"]
        elif t == "inciso":
            inc = f"{art}_{par or 'cpt'}_{id_segment('inciso', q['num'])}"
            uid = inc
            number = q["num"]
        else:  # alinea
            uid = f"{inc}_{id_segment('alinea', q['num'])}"
            number = q["num"]
        out.append({"id": f"{prefix}_{uid}", "type": t, "number": number, "text": q["text"]})
    return out


def build_gold(law: dict) -> dict:
    units: list = []
    alts: list = []

    def visit(u: dict, parent_id: str) -> None:
        seg = own_segment(u)
        if u["type"] == "artigo":
            uid = seg
        elif u["type"] == "inciso" and "_par" not in parent_id and "_inc" not in parent_id:
            uid = f"{parent_id}_cpt_{seg}"
        else:
            uid = f"{parent_id}_{seg}"
        units.append({"id": uid, "type": u["type"], "number": u["num"], "text": u["text"]})
        for c in u["children"]:
            visit(c, uid)
        base = f"{uid}_cpt" if u["type"] == "artigo" else uid
        for k, b in enumerate(u["blocks"], 1):
            aid = f"{base}_alt{k}"
            quoted = quoted_units(b, aid)
            first = next((q for q in quoted if q["type"] != "capitulo"), None)
            target = {k2: (str(v) if k2 == "numero" else v) for k2, v in b["target"].items()
                      if k2 in ("tipo", "numero", "ano", "jurisdicao")}
            alts.append({"id": aid, "type": "alteracao", "number": None, "text": "", "parent": uid,
                         "target": target,
                         "target_unit": first["id"][len(aid) + 1:] if first else None,
                         "mark": b["mark"], "units": quoted})

    for a in law["articles"]:
        visit(a, "")
    return {"source": f"{law['id']}.txt", "norm": law["norm"], "groupings": [], "units": units,
            "alteracoes": alts,
            "closing": {"text": law["fecho"],
                        "signatories": [{"name": n, "role": r} for n, r in law["signatures"]]},
            "excluded_neighbors": [],
            "notes": [f"bench/amend seed {law['seed']} law {law['id']} ({law['style']} style); "
                      f"recipes {', '.join(law['recipes'])}; covers {', '.join(law['features'])}"]}
