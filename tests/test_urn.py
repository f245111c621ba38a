"""LexML URNs of municipal norms (pipeline/urn.py)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from models.norm import NormMeta
from pipeline.metadata import state_names
from pipeline.urn import build_urn, lexml_name, lexml_numero, lexml_tipo


def _meta(**kw) -> NormMeta:
    base = dict(tipo="Lei Ordinária", numero="309", ano=1990, data=dt.date(1990, 6, 26),
                municipio="São João da Boa Vista", uf="SP")
    base.update(kw)
    return NormMeta(**base)


def test_issue_example() -> None:
    assert build_urn(_meta()) == "urn:lex:br;sao.paulo;sao.joao.boa.vista:municipal:lei:1990-06-26;309"


@pytest.mark.parametrize(
    ("tipo", "token"),
    [
        ("Lei Ordinária", "lei"),
        ("Lei", "lei"),
        ("LEI COMPLEMENTAR", "lei.complementar"),
        ("Decreto", "decreto"),
        ("Decreto Legislativo", "decreto.legislativo"),
        ("Resolução", "resolucao"),
        ("Portaria", "portaria"),
        ("Emenda à Lei Orgânica", "emenda.lei.organica"),
        ("Ato da Mesa", "ato.mesa"),
    ],
)
def test_tipo_tokens(tipo: str, token: str) -> None:
    assert lexml_tipo(tipo) == token


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("São João da Boa Vista", "sao.joao.boa.vista"),
        ("Rio Grande do Sul", "rio.grande.sul"),
        ("Mogi das Cruzes", "mogi.cruzes"),
        ("Embu-Guaçu", "embu.guacu"),
        ("  Santa Bárbara d'Oeste ", "santa.barbara.d.oeste"),
        ("Espírito Santo", "espirito.santo"),
    ],
)
def test_names(name: str, expected: str) -> None:
    assert lexml_name(name) == expected


@pytest.mark.parametrize(
    ("numero", "expected"), [("1.433", "1433"), ("0309", "309"), ("12-A", "12-a"), ("12 a", "12-a"), ("abc", None)]
)
def test_numero(numero: str, expected: str | None) -> None:
    assert lexml_numero(numero) == expected


def test_other_states_and_types() -> None:
    urn = build_urn(_meta(uf="rs", municipio="Santa Cruz do Sul", tipo="Lei Complementar", numero="01.234",
                          data=dt.date(2002, 1, 9), ano=2002))
    assert urn == "urn:lex:br;rio.grande.sul;santa.cruz.sul:municipal:lei.complementar:2002-01-09;1234"
    urn = build_urn(_meta(uf="DF", municipio="Brasília", tipo="Decreto"))
    assert urn is not None and urn.startswith("urn:lex:br;distrito.federal;brasilia:municipal:decreto:")


def test_year_alone_when_date_unknown() -> None:
    assert build_urn(_meta(data=None)) == "urn:lex:br;sao.paulo;sao.joao.boa.vista:municipal:lei:1990;309"


@pytest.mark.parametrize(
    "missing",
    [dict(uf=None), dict(uf="ZZ"), dict(municipio=None), dict(tipo=None), dict(numero=None),
     dict(numero="s/n"), dict(data=None, ano=None)],
)
def test_none_when_essential_part_missing(missing: dict) -> None:
    assert build_urn(_meta(**missing)) is None


def test_every_state_gives_a_clean_urn() -> None:
    assert len(state_names()) == 27
    for uf in state_names():
        urn = build_urn(_meta(uf=uf))
        assert urn is not None
        assert re.fullmatch(r"urn:lex:br;[a-z0-9.]+;[a-z0-9.]+:municipal:[a-z.]+:\d{4}-\d{2}-\d{2};\d+", urn), urn
