"""The unit-kind table (models.units) against the contract and the ids emission writes."""

from typing import get_args

from locleg.api import structure
from models.norm import UnitType
from models.units import DISPOSITIVO_KINDS, GROUP_KINDS, LEXML_PREFIX, UNIT_KIND


def test_every_kind_of_the_contract_is_in_the_table() -> None:
    assert set(get_args(UnitType)) == set(UNIT_KIND) | {"alteracao"}
    assert [k.level for k in GROUP_KINDS] == list(range(len(GROUP_KINDS)))
    assert [k.level for k in DISPOSITIVO_KINDS] == list(range(len(DISPOSITIVO_KINDS)))
    assert len(set(LEXML_PREFIX.values())) == len(LEXML_PREFIX)  # ids stay unambiguous


def _walk(units):
    for u in units:
        yield u
        yield from _walk(u.children)


def test_emitted_ids_use_the_table_prefixes() -> None:
    text = (
        "LEI Nº 10, DE 2 DE MARÇO DE 1990\n"
        "Dispõe sobre a limpeza urbana.\n"
        "CAPÍTULO I\nDAS DISPOSIÇÕES GERAIS\n"
        "Art. 1º A limpeza urbana compreende:\n"
        "I - a varrição;\n"
        "II - a coleta, que inclui:\n"
        "a) o lixo doméstico;\n"
        "b) o entulho.\n"
        "Parágrafo único. O serviço é municipal.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
    )
    doc = structure(text)
    units = list(_walk(doc.articulacao))
    assert {u.type for u in units} >= {"capitulo", "artigo", "inciso", "alinea", "paragrafo"}
    for u in units:
        last = u.id.rsplit("_", 1)[-1]
        assert last.startswith(LEXML_PREFIX[u.type]), u.id
    assert {"cap1", "art1_cpt_inc2_ali2", "art1_par1u", "art2"} <= {u.id for u in units}


def test_the_fecho_joins_its_wrapped_lines_as_every_other_part_does():
    # one join (pipeline.joining): a month cut by a hyphen across lines is one word again, a
    # place's hyphen before the UF stays, margin marks go
    from pipeline.metadata import _join_lines

    assert _join_lines(["| Caxias do Sul-", "RS, 14 de SETEM-", "BRO de 2006. !"]) == "Caxias do Sul-RS, 14 de SETEMBRO de 2006."
