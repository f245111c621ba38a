"""models.tipos is the one table of norm tipos: every reader and writer of a tipo agrees with it."""

from __future__ import annotations

import pytest

from models.tipos import MUNICIPAL_TIPOS, TIPOS
from pipeline.metadata import TIPO_TITLES, normalize_tipo, parse_epigrafe
from pipeline.urn import lexml_tipo


@pytest.mark.parametrize("tipo", TIPOS, ids=lambda t: t.name)
def test_every_tipo_has_one_token_and_one_name(tipo) -> None:
    assert lexml_tipo(tipo.name) == tipo.lexml
    assert all(lexml_tipo(spelling) == tipo.lexml for spelling in tipo.spellings)
    if tipo.municipal:
        assert normalize_tipo(tipo.name) == tipo.name
        assert normalize_tipo(tipo.name.upper()) == tipo.name


@pytest.mark.parametrize("tipo", [t for t in TIPOS if t.epigrafe], ids=lambda t: t.name)
def test_an_epigrafe_of_every_tipo_read_from_the_table_is_read_as_that_tipo(tipo) -> None:
    epi = parse_epigrafe(f"{tipo.name.upper()} Nº 12, DE 3 DE MARÇO DE 1989")
    assert epi is not None and epi.tipo == tipo.name and epi.numero == "12" and epi.ano == 1989
    assert all(title in TIPO_TITLES for title in tipo.titles)


def test_tokens_are_unique_and_federal_tipos_are_not_municipal() -> None:
    assert len({t.lexml for t in TIPOS}) == len(TIPOS)
    assert "Medida Provisória" not in MUNICIPAL_TIPOS and "Ato" in MUNICIPAL_TIPOS
    # a federal tipo is not a canonical municipal name: it is only tidied
    assert normalize_tipo("MEDIDA PROVISORIA") == "Medida provisoria"
