"""The documented Python API (docs/api.md) as pasted."""

from __future__ import annotations

import jsonschema

from models.norm import json_schema


def test_structure_and_export_through_the_api(tmp_path):
    from locleg.api import NormDocument, export, structure

    doc = structure("LEI Nº 1, DE 2 DE JANEIRO DE 2000\n\nArt. 1º Fica criado o programa.\n\n"
                    "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n",
                    meta={"uf": "SP", "municipio": "Santa Rita do Oeste"})
    assert isinstance(doc, NormDocument)
    assert [u.id for u in doc.articulacao] == ["art1", "art2"] and doc.norm.uf == "SP"
    jsonschema.Draft202012Validator(json_schema()).validate(doc.model_dump(mode="json"))
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "lei.json").write_text(doc.model_dump_json(), encoding="utf-8")
    summary = export(tmp_path / "c", tmp_path / "corpus.parquet")
    assert summary.norms == 1 and (tmp_path / "corpus.norms.parquet").is_file()


def test_ingest_a_scan_through_the_api(tmp_path):
    from scans import law_pages, make_scanned_pdf

    from locleg.api import ingest

    make_scanned_pdf(tmp_path / "a.pdf", [law_pages(1)[0]], seed=1)
    doc = ingest(tmp_path / "a.pdf", meta={"uf": "SP"})
    assert doc.document.method == "ocr" and doc.articulacao and doc.pipeline.ocr is not None and doc.pipeline.ocr.dpi == 300
