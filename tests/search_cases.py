"""One set of search expectations, run on the SQLite catalog (tests/test_store.py) and on a real
PostgreSQL server (tests/test_store_postgres.py): the ementa is searched with the articles,
accents and case fold on both sides, and the query syntax (OR, prefix, phrase, NEAR) behaves
the same on both."""

from __future__ import annotations

from corpus.catalog import Catalog
from models.norm import DocumentInfo, NormDocument, NormMeta, PipelineInfo, Unit


def norm_with_ementa(numero: str, *, ementa: str | None, articles: list[str], uf: str = "SP") -> NormDocument:
    return NormDocument(
        pipeline=PipelineInfo(version="t", ruleset_version="t"),
        norm=NormMeta(tipo="Lei Ordinária", numero=numero, ano=2003, municipio="Pirenópolis", uf=uf),
        document=DocumentInfo(source=f"{numero}.pdf", pages=1, status="extracted"),
        ementa=ementa,
        articulacao=[Unit(id=f"art{i}", type="artigo", number=str(i), text=t) for i, t in enumerate(articles, 1)],
    )


def save_search_corpus(catalog: Catalog) -> None:
    catalog.record_document(run_id="r", doc_key="feiras", source="57.pdf", json_path="go/57.json", ocr_path=None,
                            meta_json=None, result=norm_with_ementa(
                                "57", ementa="Regulamenta o horário de funcionamento das feiras livres do Município.",
                                articles=["As bancas serão montadas a partir das cinco horas da manhã.",
                                          "A coleta do lixo das feiras cabe ao feirante, sob pena de multa.",
                                          "Este Decreto entra em vigor na data de sua publicação."]))
    catalog.record_document(run_id="r", doc_key="taxa", source="12.pdf", json_path="go/12.json", ocr_path=None,
                            meta_json=None, result=norm_with_ementa(
                                "12", ementa=None, uf="PE",
                                articles=["A taxa de coleta de lixo domiciliar é devida anualmente.",
                                          "Ficam isentos da taxa os imóveis de entidades beneficentes."]))


def check_search(catalog: Catalog) -> None:
    def keys(query: str, **kw: str) -> list[tuple[str, str]]:
        return sorted((h.doc_key, h.unit_id) for h in catalog.search(query, **kw))

    # the ementa is found like an article, as its own row
    assert keys("feiras livres") == [("feiras", "ementa")]
    [hit] = catalog.search("horario de funcionamento")  # and its accents fold
    assert (hit.type, hit.numero, hit.json_path) == ("ementa", "57", "go/57.json")
    # accents and case fold both ways: query without, text with; query with, text without
    assert keys("PUBLICACAO") == [("feiras", "art3")] == keys("publicação")
    assert keys("imoveis") == [("taxa", "art2")] == keys("imóveis")
    assert keys("munícipio") == [("feiras", "ementa")]  # an accent the text does not have
    # NEAR: within N words, either order; phrases and prefixes inside
    assert keys("NEAR(coleta lixo, 2)") == [("feiras", "art2"), ("taxa", "art1")]
    assert keys("NEAR(taxa domiciliar, 2)") == []  # 4 words apart
    assert keys("NEAR(taxa domiciliar, 4)") == [("taxa", "art1")]
    assert keys("NEAR(lixo coleta, 1)") == keys("NEAR(coleta lixo, 2)")  # one word between, either order
    assert keys("NEAR(coleta lixo, 0)") == []  # never adjacent
    assert keys('NEAR("coleta do lixo" feirante*)') == [("feiras", "art2")]
    assert keys("NEAR(bancas publicação, 30)") == []  # in other units
    assert keys("NEAR(coleta lixo, 2)", uf="PE") == [("taxa", "art1")]
    assert keys("NEAR(isentos OR taxa") == keys("isentos OR taxa")  # unclosed: plain words, never SQL
    assert keys("NEAR(coleta lixo, 2) OR feiras*") == [("feiras", "art2"), ("feiras", "ementa"),
                                                       ("taxa", "art1")]
    for hostile in ("NEAR(); DROP TABLE units; --", "NEAR(' OR 1=1 --, 5)", "NEAR(a b, -1)", "\x00 NEAR(x y)",
                    "NEAR(a b c d e f g h, 99999999)"):
        catalog.search(hostile)  # runs, whatever it finds
    assert catalog.count("units") == 6  # 5 articles + 1 ementa (the second norm has none), nothing dropped
