"""LexML URNs of municipal norms: ``urn:lex:br;<estado>;<municipio>:municipal:<tipo>:<data>;<numero>``.

The LexML Brasil naming rules applied here: names in lower case, accents removed, the
connectives (de, da, do, dos, das, e) dropped, the remaining words joined by dots; the state is
given by its full name; the number loses its separators and leading zeros. Example::

    urn:lex:br;sao.paulo;sao.joao.boa.vista:municipal:lei:1990-06-26;309
"""

from __future__ import annotations

import re

from models.norm import NormMeta
from models.tipos import TIPOS
from pipeline.errors import LoclegError
from pipeline.folding import fold_lower
from pipeline.metadata import state_name

CONNECTIVES = frozenset({"de", "da", "do", "dos", "das", "e"})


def _tipo_key(text: str) -> str:
    """A tipo as written in a record, folded to its words ('Decreto-Lei' -> 'decreto lei')."""
    return " ".join(w for w in re.split(r"[^0-9a-z]+", fold_lower(text)) if w)


# Norm type as written in the metadata (folded) -> LexML ``tipo`` token (models.tipos: each
# canonical name and its other spellings).
TIPO_TOKENS: dict[str, str] = {
    key: tipo.lexml for tipo in TIPOS for key in (_tipo_key(tipo.name), *tipo.spellings)
}


def lexml_name(text: str) -> str:
    """A name as a LexML URN component: folded, connectives dropped, words joined by dots."""
    words = [w for w in re.split(r"[^0-9a-z]+", fold_lower(text)) if w]
    kept = [w for w in words if w not in CONNECTIVES]
    return ".".join(kept)


def lexml_tipo(tipo: str) -> str | None:
    """The LexML ``tipo`` token of a norm type (``"Lei Complementar"`` -> ``"lei.complementar"``)."""
    key = _tipo_key(tipo)
    if not key:
        return None
    if key in TIPO_TOKENS:
        return TIPO_TOKENS[key]
    return lexml_name(tipo) or None


def _state_name(uf: str) -> str | None:
    """The state's name from the IBGE list (``pipeline.metadata``); None for an unknown UF."""
    try:
        return state_name(uf)
    except LoclegError:
        return None


def lexml_numero(numero: str) -> str | None:
    """The number without separators or leading zeros (``"1.433"`` -> ``"1433"``; ``"12-A"`` -> ``"12-a"``)."""
    compact = re.sub(r"[\s.,/]", "", fold_lower(numero))
    match = re.fullmatch(r"0*(\d+)(-?[a-z])?", compact)
    if match is None:
        return None
    return match.group(1) + (("-" + match.group(2).lstrip("-")) if match.group(2) else "")


def build_urn(meta: NormMeta) -> str | None:
    """The LexML URN of a municipal norm, or None when an essential part is missing.

    Essential: ``uf`` (a known state), ``municipio``, ``tipo``, ``numero`` and the date
    (``data``; when only ``ano`` is known the date component is the year alone).
    """
    if not (meta.uf and meta.municipio and meta.tipo and meta.numero):
        return None
    state = _state_name(meta.uf)
    if state is None:
        return None
    tipo = lexml_tipo(meta.tipo)
    numero = lexml_numero(meta.numero)
    municipio = lexml_name(meta.municipio)
    if meta.data is not None:
        date = meta.data.isoformat()
    elif meta.ano is not None:
        date = f"{meta.ano:04d}"
    else:
        return None
    if not (tipo and numero and municipio):
        return None
    return f"urn:lex:br;{lexml_name(state)};{municipio}:municipal:{tipo}:{date};{numero}"
