"""Status from evidence (pipeline/status.py): extracted only when the structure is whole."""

from __future__ import annotations

import pytest

from models.norm import NormMeta
from models.ocr import DocumentText, Line, PageText, Word
from pipeline.status import Evidence, in_sequence, reasons_from, status_of
from pipeline.structure import structure_document
from pipeline.textpages import document_from_text

WHOLE = """LEI Nº 88, DE 3 DE MAIO DE 1985
Autoriza o Poder Executivo a conceder o uso de próprios municipais.
A CÂMARA MUNICIPAL DE PIRACEMA aprova e eu sanciono a seguinte Lei:
Art. 1º Fica o Poder Executivo autorizado a conceder o uso de imóveis do Município.
Art. 2º A concessão será precedida de licitação.
Art. 3º Esta Lei entra em vigor na data de sua publicação.
Prefeitura Municipal de Piracema, 3 de maio de 1985.
JOAQUIM PEREIRA LIMA
Prefeito Municipal
"""


def _status(text: str, meta: NormMeta | None = None):
    doc = structure_document(document_from_text(text), meta).document
    return doc.status, doc.reason, doc.reasons


def test_a_whole_law_is_extracted_with_no_reasons() -> None:
    assert _status(WHOLE) == ("extracted", "ok", [])


def test_a_lost_article_needs_review() -> None:
    text = WHOLE.replace("Art. 2º A concessão será precedida de licitação.\n", "")
    status, reason, reasons = _status(text)
    assert status == "needs_review" and reason == "articles_missing" and "articles_missing" in reasons


def test_fecho_year_against_the_epigrafe_is_a_metadata_conflict_not_a_silent_choice() -> None:
    doc = structure_document(document_from_text(WHOLE.replace("3 de maio de 1985.", "3 de maio de 1986.")))
    assert doc.document.status == "needs_review" and "metadata_conflict" in doc.document.reasons
    assert any(w.code == "metadata_conflict" and "1986" in w.message for w in doc.warnings)


def test_record_against_the_epigrafe_is_a_metadata_conflict() -> None:
    status, _reason, reasons = _status(WHOLE, NormMeta(numero="88", ano=1984))
    assert status == "needs_review" and "metadata_conflict" in reasons


def test_without_fecho_the_law_is_partial() -> None:
    text = WHOLE.split("Prefeitura Municipal de Piracema,")[0]
    assert _status(text) == ("partial", "no_fecho", ["no_fecho"])


def test_low_ocr_confidence_needs_review_and_turned_pages_are_said() -> None:
    doc = document_from_text(WHOLE)
    pages = tuple(p.model_copy(update={
        "method": "ocr", "rotation": 180,
        "lines": tuple(Line(text=ln.text, conf=0.6, words=tuple(Word(text=t, conf=0.6) for t in ln.text.split())) for ln in p.lines),
    }) for p in doc.pages)
    result = structure_document(DocumentText(source="x.pdf", pages=pages))
    assert result.document.status == "needs_review"
    assert result.document.reasons[:1] == ["low_confidence"] and "upside_down_pages" in result.document.reasons


def test_rejected_text_layer_is_a_reason() -> None:
    doc = document_from_text(WHOLE)
    pages = tuple(p.model_copy(update={"text_layer_rejected": True}) for p in doc.pages)
    result = structure_document(DocumentText(source="x.pdf", pages=pages))
    assert (result.document.status, result.document.reasons) == ("partial", ["text_layer_rejected"])


def test_sequence_and_severity() -> None:
    assert in_sequence(["art1", "art2", "art2-1", "art3"])
    assert not in_sequence(["art1", "art2", "art2", "art3"])
    assert not in_sequence(["art1", "art3"])
    assert not in_sequence([])
    ev = Evidence(articles=["art1"], has_epigrafe=False, has_fecho=True, meta_named=True, confidence=None,
                  page_errors=0, warning_codes=frozenset())
    assert status_of(reasons_from(ev), meta_named=True) == ("partial", "no_epigrafe")
    assert status_of(reasons_from(ev), meta_named=False) == ("needs_review", "no_epigrafe")


def test_page_text_defaults() -> None:
    assert PageText(page_index=0, method="text").text_layer_rejected is False


@pytest.mark.parametrize(("codes", "reason", "status"), [
    ({"units_missing"}, "units_missing", "needs_review"),  # an inciso or alínea lost in the scan
    ({"unit_doubtful"}, "units_doubtful", "needs_review"),  # a unit may be lost into its neighbour
    ({"inciso_renumbered"}, "units_renumbered", "partial"),  # a lower label the sequence overrode
    ({"group_renumbered"}, "units_renumbered", "partial"),  # a heading numbered otherwise than printed
    ({"alinea_renumbered"}, "units_renumbered", "partial"),
])
def test_lower_units_lost_or_doubtful_are_reasons(codes, reason, status) -> None:
    ev = Evidence(articles=["art1", "art2"], has_epigrafe=True, has_fecho=True, meta_named=True,
                  confidence=None, page_errors=0, warning_codes=frozenset(codes))
    reasons = reasons_from(ev)
    assert reasons == [reason]
    assert status_of(reasons, meta_named=True) == (status, reason)


def test_a_lost_alinea_makes_the_document_need_review() -> None:
    text = WHOLE.replace("Art. 2º A concessão será precedida de licitação.",
                         "Art. 2º A concessão exige:\na) licitação;\nb) parecer;\nd) publicação;\ne) registro.")
    status, reason, reasons = _status(text)
    assert status == "needs_review" and "units_missing" in reasons


def test_a_repaired_numbering_without_a_closing_needs_review() -> None:
    assert status_of(["articles_renumbered"], meta_named=True)[0] == "partial"
    assert status_of(["no_fecho"], meta_named=True)[0] == "partial"
    assert status_of(["articles_renumbered", "no_fecho"], meta_named=True)[0] == "needs_review"


def test_an_item_whose_printed_number_the_sequence_overrode_is_said_and_not_extracted() -> None:
    text = (
        "LEI Nº 12, DE 3 DE MARÇO DE 1975\nDispõe sobre a coleta de resíduos.\n"
        "O PREFEITO MUNICIPAL faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:\n"
        "Art. 1º A coleta compreende:\n"
        "a) os resíduos de hospitais, que serão:\n"
        "4. incinerados no próprio estabelecimento;\n"
        "b) os animais mortos.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
        "Prefeitura Municipal, 3 de março de 1975.\nFULANO DE TAL\nPrefeito\n"
    )
    result = structure_document(document_from_text(text))
    codes = [w.code for w in result.warnings]
    assert "item_renumbered" in codes and result.document.status != "extracted"
    assert "units_renumbered" in result.document.reasons


def test_a_second_closing_after_articles_in_the_anexo_is_a_doubt() -> None:
    # pages out of order, form feeds lost: a neighbour law with its closing sits between the
    # target's first articles and the rest, which end with the target's own closing
    text = (
        "LEI Nº 2.243, DE 27 DE FEVEREIRO DE 1979\nCria o Conselho Municipal.\n"
        "O PREFEITO MUNICIPAL faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:\n"
        "Art. 1º.- Fica criado o Conselho Municipal de Cultura.\n"
        "Art. 2º.- O Conselho será composto por cinco membros.\n"
        "Prefeitura Municipal de Garanhuns, em 27 de fevereiro de 1979.\nFULANO DE TAL\nPrefeito\n"
        "Art. 1.º - Fica declarada de utilidade pública a Escola de Samba Unidos da Vila.\n"
        "Art. 2.º - Esta Lei entra em vigor na data de sua publicação.\n"
        "Prefeitura Municipal de Garanhuns, em 27 de fevereiro de 1979.\nBELTRANO DE TAL\nPrefeito\n"
        "Art. 3º.- O mandato dos membros será de dois anos.\n"
        "Art. 4º.- Esta Lei entrará em vigor na data de sua publicação.\n"
        "Prefeitura Municipal de Garanhuns, aos vinte e sete dias do mês de fevereiro de 1979.\n"
        "FULANO DE TAL\nPrefeito\n"
    )
    result = structure_document(document_from_text(text))
    assert "closing_after_annex_articles" in [w.code for w in result.warnings]
    assert result.document.status == "needs_review" and "units_doubtful" in result.document.reasons


def test_two_whole_laws_and_no_record_naming_one_is_a_choice_not_extracted() -> None:
    # blind5 pontapora-4054-2014: the archive's 'Lei_4054.pdf' prints Lei 4.053 first; the first
    # law was structured and called extracted. With the record the choice is the record's.
    law = ("LEI {n}, DE 11 DE NOVEMBRO DE 2014.\nDispõe sobre a matéria {n}.\n"
           "O Prefeito Municipal de Ponta Porã faz saber que a Câmara Municipal aprovou e eu sanciono a seguinte lei:\n"
           "Art. 1º. Fica facultado o que esta Lei dispõe.\nArt. 2º. Esta Lei entra em vigor na data de sua publicação.\n"
           "Ponta Porã – MS, 11 de novembro de 2014.\nLudimar Godoy Novaes\nPrefeito Municipal\n")
    doc = document_from_text(law.format(n="4.053") + law.format(n="4.054"))
    alone = structure_document(doc)
    assert alone.norm.numero == "4053" and [n.numero for n in alone.neighbors] == ["4054"]
    assert (alone.document.status, alone.document.reasons) == ("partial", ["several_norms"])
    named = structure_document(doc, NormMeta(numero="4054", ano=2014))
    assert named.norm.numero == "4054" and named.document.status == "extracted"
    one = structure_document(document_from_text(law.format(n="4.053")))
    assert one.document.status == "extracted"
