"""The store: paths from metadata, atomic writes, catalog upserts, replacement policy, FTS search."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from corpus.catalog import Catalog, open_catalog
from corpus.store import Store, failed_result, norm_relpath, slugify
from models.norm import DocumentInfo, NormDocument, NormMeta, PipelineInfo, Unit
from models.ocr import DocumentText, Line, PageText


def _result(numero: str = "412", *, status: str = "extracted", text: str = "A bandeirada noturna custa dez reais.",
            municipio: str = "São José dos Campos", uf: str = "SP") -> NormDocument:
    art = Unit(id="art1", type="artigo", number="1", label="Art. 1º", text="Esta Lei regula os táxis.",
               children=[Unit(id="art1_par1u", type="paragrafo", number="único", text=text)])
    return NormDocument(
        pipeline=PipelineInfo(version="t", ruleset_version="t"),
        norm=NormMeta(tipo="Lei Ordinária", numero=numero, ano=1994, municipio=municipio, uf=uf),
        document=DocumentInfo(source="x.pdf", sha256="ab" * 32, pages=1, method="ocr", status=status,
                              reason="ok" if status == "extracted" else "no_fecho"),
        epigrafe=f"LEI Nº {numero}, DE 3 DE MARÇO DE 1994",
        articulacao=[art, Unit(id="art2", type="artigo", number="2", text="Revogam-se as disposições.")],
    )


@pytest.fixture()
def store(tmp_path):
    s = Store(tmp_path / "out", open_catalog(None, tmp_path / "out"))
    yield s
    s.catalog.close()


def test_paths_are_slugs_under_the_store():
    assert slugify("São José dos Campos") == "sao-jose-dos-campos"
    rel = norm_relpath(NormMeta(tipo="Lei Complementar", numero="1433", ano=2001, municipio="Itú", uf="sp"), "k")
    assert rel.as_posix() == "SP/itu/lei-complementar-1433-2001.json"
    evil = norm_relpath(NormMeta(tipo="../../etc", numero="../x", municipio="/root/.ssh", uf="../"), "k")
    assert evil.parts[0] == "XX" and ".." not in evil.parts and not evil.is_absolute()
    assert norm_relpath(NormMeta(), "k1") != norm_relpath(NormMeta(), "k2")  # unknown: by key hash
    assert norm_relpath(NormMeta(), "k1").as_posix().startswith("XX/municipio-desconhecido/norma-")


def test_save_twice_updates_in_place(store):
    ocr = DocumentText(source="x.pdf", sha256="ab" * 32, pages=(PageText(page_index=0, method="ocr",
                                                                        lines=(Line(text="Art. 1º"),)),))
    first = store.save(run_id="r1", doc_key="/src/x.pdf", source="x.pdf", result=_result(), ocr=ocr)
    second = store.save(run_id="r2", doc_key="/src/x.pdf", source="x.pdf", result=_result(), ocr=ocr)
    assert first.json_path == second.json_path == store.out / "SP/sao-jose-dos-campos/lei-ordinaria-412-1994.json"
    assert NormDocument.model_validate_json(second.json_path.read_text()).norm.numero == "412"
    assert store.catalog.count("documents") == 1 and store.catalog.count("norms") == 1
    assert store.catalog.count("units") == 3 and store.catalog.count("document_runs") == 2
    assert store.load_ocr(store.catalog.get_document("/src/x.pdf").ocr_path) == ocr
    assert [p.name for p in store.out.rglob("*.json")] == ["lei-ordinaria-412-1994.json"]
    assert list(store.partial_dir.iterdir()) == []


def test_renamed_result_leaves_no_old_file(store):
    store.save(run_id="r1", doc_key="k", source="x.pdf", result=failed_result(
        source="x.pdf", meta=NormMeta(uf="SP"), reason="source_missing", message="gone"))
    assert len(list(store.out.rglob("*.json"))) == 1
    store.save(run_id="r2", doc_key="k", source="x.pdf", result=_result())
    files = [p.relative_to(store.out).as_posix() for p in store.out.rglob("*.json")]
    assert files == ["SP/sao-jose-dos-campos/lei-ordinaria-412-1994.json"]


def test_same_name_for_two_documents_gets_a_suffix(store):
    a = store.save(run_id="r", doc_key="a", source="a.pdf", result=_result())
    b = store.save(run_id="r", doc_key="b", source="b.pdf", result=_result())
    assert a.json_path != b.json_path and b.json_path.name.startswith("lei-ordinaria-412-1994-")
    assert store.save(run_id="r2", doc_key="b", source="b.pdf", result=_result()).json_path == b.json_path


def test_failure_never_replaces_a_good_result_unless_forced(store):
    good = store.save(run_id="r1", doc_key="k", source="x.pdf", result=_result())
    before = good.json_path.read_bytes()
    bad = failed_result(source="x.pdf", meta=NormMeta(), reason="truncated", message="cut")
    kept = store.save(run_id="r2", doc_key="k", source="x.pdf", result=bad)
    assert not kept.stored and kept.json_path == good.json_path and good.json_path.read_bytes() == before
    row = store.catalog.get_document("k")
    assert (row.status, row.reason) == ("extracted", "ok")
    forced = store.save(run_id="r3", doc_key="k", source="x.pdf", result=bad, force=True)
    assert forced.stored
    assert NormDocument.model_validate_json(forced.json_path.read_text()).document.status == "failed"
    assert store.catalog.get_document("k").reason == "truncated"
    assert len(list(store.out.rglob("*.json"))) == 1
    # A worse but not failed result (pipeline changed its mind) does replace.
    store.save(run_id="r4", doc_key="k", source="x.pdf", result=_result(status="needs_review"))
    assert store.catalog.get_document("k").status == "needs_review"


def test_fts_search_by_phrase_with_uf_filter(store):
    store.save(run_id="r", doc_key="a", source="a.pdf", result=_result())
    store.save(run_id="r", doc_key="b", source="b.pdf",
               result=_result("7", text="A tarifa diurna é menor.", municipio="Belo Horizonte", uf="MG"))
    hits = store.catalog.search("bandeirada noturna")
    assert [(h.doc_key, h.unit_id, h.article_id) for h in hits] == [("a", "art1_par1u", "art1")]
    assert hits[0].numero == "412" and hits[0].json_path.endswith("lei-ordinaria-412-1994.json")
    assert store.catalog.search("BANDEIRADA  noturna")  # case and spacing
    assert store.catalog.search("noturna bandeirada") == []  # a phrase, not a bag of words
    assert store.catalog.search("bandeirada noturna", uf="MG") == []
    assert [h.doc_key for h in store.catalog.search("tarifa diurna", uf="mg")] == ["b"]
    assert [h.doc_key for h in store.catalog.search("tarifa diurna")] == ["b"]
    assert store.catalog.search('"; DROP TABLE units; --') == []
    # issue 15: OR, prefix, quoted phrase; still never SQL
    assert sorted(h.doc_key for h in store.catalog.search("bandeirada OR diurna")) == ["a", "b"]
    assert [h.doc_key for h in store.catalog.search("bandeir*")] == ["a"]
    assert [h.doc_key for h in store.catalog.search('"tarifa diurna" OR inexistente')] == ["b"]
    assert store.catalog.search('noturna "bandeirada"') and store.catalog.search("bande*", uf="MG") == []
    assert store.catalog.search('" OR * OR "') == [] and store.catalog.search("units*) OR (*") == []
    store.save(run_id="r2", doc_key="a", source="a.pdf", result=_result(text="Outro texto."))
    assert store.catalog.search("bandeirada noturna") == []  # the index follows updates


def test_sweep_removes_temporary_files_of_dead_processes(store):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    from corpus.atomic import HOST as host

    stale = store.partial_dir / f"{host}-{dead}-abc.tmp"
    live = store.partial_dir / f"{host}-{os.getpid()}-abc.tmp"
    stale.write_text("half")
    live.write_text("in progress")
    assert store.sweep_partials() == 1
    assert not stale.exists() and live.exists()


def test_catalog_reopens_without_losing_rows(tmp_path):
    cat = Catalog(tmp_path / "c.sqlite")
    cat.begin_run("r", manifest="m", out_dir="o")
    cat.finish_run("r", {"documents": 1})
    cat.close()
    again = Catalog(tmp_path / "c.sqlite")
    assert again.count("runs") == 1
    again.close()


def test_search_ementa_accents_and_near_on_sqlite(tmp_path):
    """Issue 15: the ementa searchable, accents folded, NEAR; the same cases as on PostgreSQL."""
    from search_cases import check_search, save_search_corpus

    catalog = open_catalog(None, tmp_path / "out")
    try:
        save_search_corpus(catalog)
        check_search(catalog)
    finally:
        catalog.close()
