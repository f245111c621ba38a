"""Segmentation and emission on small laws written for the tests: structure, ids, repairs."""

from __future__ import annotations

import pytest
from units import unit_ids

from models.norm import NormMeta
from pipeline.segmenting.numbering import decode_article_numbers
from pipeline.structure import structure_document
from pipeline.textpages import document_from_text


def _structure(text: str, **meta):
    return structure_document(document_from_text(text), NormMeta(**meta) if meta else None)




def _own_ids(result) -> list[str]:
    """Ids of the norm's own units: the inside of an alteração is the amended norm's (issue 12)."""
    return [i for i in unit_ids(result) if "_alt" not in i]


def _quoted(result, uid: str) -> str:
    """The text quoted by unit ``uid`` (its alterações), labels of the quoted units included."""
    parts: list[str] = []

    def walk(units):
        for u in units:
            parts.extend(p for p in (u.label, u.text) if p)
            walk(u.children)

    walk([c for c in _unit(result, uid).children if c.type == "alteracao"])
    return " ".join(parts)


def _unit(result, uid: str):
    def walk(units):
        for u in units:
            if u.id == uid:
                return u
            found = walk(u.children)
            if found:
                return found
        return None

    return walk(result.articulacao)


def _codes(result) -> list[str]:
    return [w.code for w in result.warnings]


def test_decode_repairs_misread_numbers_by_sequence() -> None:
    readings = [[(n, 0.0)] for n in (7, 8)] + [[(92, 0.0), (9, 0.6)]] + [[(10, 0.0)], [(11, 0.0)]]
    assert decode_article_numbers(readings) == [7, 8, 9, 10, 11]
    # a duplicated print right after 12 is 13, not a second 28
    readings = [[(11, 0.0)], [(12, 0.0)], [(28, 0.0), (2, 0.6)], [(14, 0.0)]]
    assert decode_article_numbers(readings) == [11, 12, 13, 14]


def test_decode_keeps_a_clean_sequence() -> None:
    readings = [[(n, 0.0)] for n in range(1, 40)]
    assert decode_article_numbers(readings) == list(range(1, 40))


LAW = """LEI Nº 88, DE 3 DE MAIO DE 1985
Autoriza o Poder Executivo a conceder o uso de próprios municipais.
A CÂMARA MUNICIPAL DE PIRACEMA aprova e eu sanciono a seguinte Lei:
I - DAS DISPOSIÇÕES GERAIS
ARTIGO 1º:- Fica o Poder Executivo autorizado a conceder o uso de
imóveis do Município, observado o seguinte:
a) - prazo máximo de dez anos;
b) - destinação de interesse público.
ARTIGO 2º:- A concessão será precedida de licitação, dispensada nos
casos de:
I - entidade assistencial sem fins lucrativos;
II - órgão público de qualquer esfera.
8 1º:- O termo de concessão fixará as obrigações do concessionário.
$ 2º:- VETADO.
II - DAS OBRIGAÇÕES
ARTIGO 32:- O concessionário responderá pela conservação do imóvel.
PARÁGRAFO ÚNICO:- O descumprimento implica revogação da conces-
são, independentemente de notificação.
ARTIGO 4º:- Esta Lei entrará em vigor na data de sua publicação.
Prefeitura Municipal de Piracema, aos três dias do mês de maio de mil novecentos e oitenta e cinco.
JOAQUIM PEREIRA LIMA
Prefeito Municipal
"""


def test_a_typewritten_law_comes_out_with_lexml_ids() -> None:
    result = _structure(LAW)
    assert unit_ids(result) == [
        "cap1", "art1", "art1_cpt_ali1", "art1_cpt_ali2",
        "art2", "art2_cpt_inc1", "art2_cpt_inc2", "art2_par1", "art2_par2",
        "cap2", "art3", "art3_par1u", "art4",
    ]
    assert _unit(result, "cap2").title == "DAS OBRIGAÇÕES"
    assert _unit(result, "art3").label == "ARTIGO 32:-"
    assert "article_renumbered" in _codes(result)
    assert _unit(result, "art2_par2").vetado and _unit(result, "art2_par2").text == "VETADO"
    assert _unit(result, "art3_par1u").text == (
        "O descumprimento implica revogação da concessão, independentemente de notificação."
    )
    assert _unit(result, "art1").text == (
        "Fica o Poder Executivo autorizado a conceder o uso de imóveis do Município, observado o seguinte:"
    )


def test_metadata_and_fecho_come_from_the_text() -> None:
    result = _structure(LAW)
    norm = result.norm
    assert (norm.tipo, norm.numero, norm.ano, str(norm.data)) == ("Lei Ordinária", "88", 1985, "1985-05-03")
    assert norm.sources["numero"] == "text"
    assert result.epigrafe == "LEI Nº 88, DE 3 DE MAIO DE 1985"
    assert result.ementa == "Autoriza o Poder Executivo a conceder o uso de próprios municipais."
    assert result.fecho is not None and str(result.fecho.data) == "1985-05-03"
    assert [(s.nome, s.cargo) for s in result.fecho.signatarios] == [("JOAQUIM PEREIRA LIMA", "Prefeito Municipal")]
    # 'ARTIGO 32:-' was renumbered by the sequence: whole, but not claimed as extracted
    assert (result.document.status, result.document.reasons) == ("partial", ["articles_renumbered"])


def test_metadata_that_contradicts_the_text_is_reported() -> None:
    result = _structure(LAW, numero="89", ano=1985)
    assert result.norm.numero == "89"
    assert "metadata_mismatch" in _codes(result)


NEIGHBORS = """ARTIGO 3º:- Fica denominada Rua das Acácias a via pública do Loteamento Sol.
ARTIGO 4º:- Esta Lei entrará em vigor na data de sua publicação.
Sala das Sessões da Câmara Municipal de Piracema, 2 de maio de 1985.
LEI Nº 88, DE 3 DE MAIO DE 1985
Autoriza a concessão de uso.
ARTIGO 1º:- Fica autorizada a concessão de uso do imóvel.
ARTIGO 2º:- Esta Lei entrará em vigor na data de sua publicação.
Prefeitura Municipal de Piracema, 3 de maio de 1985.
LEI Nº 89, DE 3 DE MAIO DE 1985
Denomina praça pública.
ARTIGO 1º:- Fica denominada Praça da Matriz a área pública central.
ARTIGO 2º:- Esta Lei entrará em vigor na data de sua publicação.
"""


def test_neighbouring_laws_are_kept_apart() -> None:
    result = _structure(NEIGHBORS, numero="88", ano=1985)
    assert unit_ids(result) == ["art1", "art2"]
    assert _unit(result, "art1").text == "Fica autorizada a concessão de uso do imóvel."
    assert [n.numero for n in result.neighbors] == [None, "89"]
    assert [n.articles for n in result.neighbors] == [2, 2]


def test_the_target_is_the_law_the_metadata_names() -> None:
    result = _structure(NEIGHBORS, numero="89", ano=1985)
    assert _unit(result, "art1").text == "Fica denominada Praça da Matriz a área pública central."
    assert result.epigrafe is not None and "89" in result.epigrafe


def _page(first: int, last: int) -> str:
    lines = ["ESTADO DE MINAS GERAIS", "PREFEITURA MUNICIPAL DE PIRACEMA"]
    for n in range(first, last + 1):
        lines.append(f"Art. {n}º O permissionário observará a obrigação número {n} desta Lei.")
    return "\n".join(lines)


def test_pages_out_of_order_are_restored_and_reported() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 3)
    pages = [first, _page(13, 15), _page(10, 12), _page(7, 9), _page(4, 6)]
    result = _structure("\f".join(pages))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 16)]
    assert "pages_reordered" in _codes(result)
    assert result.document.page_order == [1, 5, 4, 3, 2]
    assert _unit(result, "art4").pages == (5, 5)


def _raised_o(first: int, last: int) -> str:
    """Articles whose 'º' the typewriter raised and OCR read as a '0' ('Art. 30.-' for 3º);
    from 10 on the ordinal is not printed ('Art. 10.-' is article 10)."""
    return "\n".join(f"Art. {n}0.- O permissionário cumprirá o dever número {n}." if n < 10
                     else f"Art. {n}.- O permissionário cumprirá o dever número {n}." for n in range(first, last + 1))


def test_ordinals_read_as_zeros_are_read_by_the_run_of_labels_before_pages_are_ordered() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _raised_o(1, 3)
    closing = "Prefeitura Municipal de Araxá, em 9 de maio de 1985.\nJOÃO DA SILVA\nPrefeito Municipal"
    pages = [first, _raised_o(12, 14) + "\n" + closing, _raised_o(4, 11)]
    result = _structure("\f".join(pages))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 15)]
    assert result.document.page_order == [1, 3, 2]
    assert "articles_missing" not in _codes(result)


def test_a_page_of_two_articles_one_misread_is_placed_where_the_numbering_reads_best() -> None:
    # (778784414: 'ATE. 326º.' and 'Art. 9270' on one page; the median of two, the misread
    # 9270, sent the page past the law's last article)
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 3)
    two = "\n".join(["ESTADO DE MINAS GERAIS", "PREFEITURA MUNICIPAL DE PIRACEMA",
                     "Art. 10º O permissionário observará a obrigação número 10 desta Lei.",
                     "Art. 9110 O permissionário observará a obrigação número 11 desta Lei."])
    pages = [first, _page(12, 14), two, _page(7, 9), _page(4, 6)]
    result = _structure("\f".join(pages))
    assert result.document.page_order == [1, 5, 4, 3, 2]
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 15)]


def test_pages_in_order_are_left_alone() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 3)
    result = _structure("\f".join([first, _page(4, 6), _page(7, 9)]))
    assert "pages_reordered" not in _codes(result)
    assert result.document.page_order is None


def test_modern_style_with_nested_agrupadores_items_and_suffixes() -> None:
    text = """LEI COMPLEMENTAR Nº 12, DE 5 DE JUNHO DE 2015
Institui o Código de Obras.
TÍTULO I
DAS DISPOSIÇÕES GERAIS
CAPÍTULO I
DO OBJETO
Art. 1º Este Código disciplina as obras:
I - de construção, compreendendo:
a) edificações novas, em especial:
1. residenciais;
2. comerciais;
b) ampliações;
II - de demolição.
Art. 1º-A Aplica-se este Código às obras públicas.
CAPÍTULO II - DAS LICENÇAS
Seção I
Do Alvará
Art. 2º Nenhuma obra será iniciada sem alvará.
Parágrafo único. O alvará terá validade de um ano.
TÍTULO II
DAS PENALIDADES
Art. 3º As infrações serão punidas com multa.
"""
    result = _structure(text)
    assert unit_ids(result) == [
        "tit1", "tit1_cap1", "art1", "art1_cpt_inc1", "art1_cpt_inc1_ali1", "art1_cpt_inc1_ali1_ite1",
        "art1_cpt_inc1_ali1_ite2", "art1_cpt_inc1_ali2", "art1_cpt_inc2", "art1-1",
        "tit1_cap2", "tit1_cap2_sec1", "art2", "art2_par1u", "tit2", "art3",
    ]
    assert _unit(result, "tit1_cap2").title == "DAS LICENÇAS"
    assert _unit(result, "tit1_cap2_sec1").title == "Do Alvará"
    assert result.norm.tipo == "Lei Complementar"


def test_artigo_unico() -> None:
    result = _structure("DECRETO Nº 7, DE 2 DE JANEIRO DE 2001\nArtigo único - Fica declarado ponto facultativo o dia 2.\n")
    assert unit_ids(result) == ["art1u"]


def test_text_without_articles_needs_review() -> None:
    result = _structure("Relatório de atividades da Secretaria de Obras.\nForam executados 12 serviços no mês.\n")
    assert result.articulacao == []
    assert (result.document.status, result.document.reason) == ("needs_review", "not_a_law")


def test_a_law_whose_articles_are_unreadable_needs_review() -> None:
    result = _structure("LEI Nº 5, DE 2 DE JANEIRO DE 2001\nDispõe sobre a criação de cargos.\ntexto ilegível do corpo\n")
    assert (result.document.status, result.document.reason) == ("needs_review", "no_articles")


def test_a_table_inside_an_article_is_kept_as_text_and_reported() -> None:
    text = """Art. 1º A pontuação obedecerá aos critérios:
I - tempo de serviço:
a) até 5 anos ........................ 01 ponto
b) de 5 a 10 anos .................... 02 pontos
c) mais de 10 anos ................... 03 pontos
Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert _unit(result, "art1").table
    assert "table_as_text" in _codes(result)
    assert unit_ids(result)[:5] == ["art1", "art1_cpt_inc1", "art1_cpt_inc1_ali1", "art1_cpt_inc1_ali2", "art1_cpt_inc1_ali3"]


@pytest.mark.parametrize(
    ("printed", "expected"),
    [("HI —", "III"), ("LI —", "III"), ("W —", "II"), ("11 —", "II")],
)
def test_damaged_inciso_numerals_are_numbered_by_sequence(printed: str, expected: str) -> None:
    labels = {"III": ["I -", "II -", printed], "II": ["I -", printed, "III -"]}[expected]
    body = "\n".join(f"{label} requisito de número {k};" for k, label in enumerate(labels, 1))
    result = _structure(f"Art. 5º São requisitos:\n{body}\nArt. 6º Revogam-se as disposições em contrário.\n")
    incisos = [u for u in _unit(result, "art5").children]
    assert [u.number for u in incisos] == ["I", "II", "III"]
    assert any(u.label == printed for u in incisos)


def test_provisions_quoted_by_an_amending_article_are_its_text() -> None:
    text = """LEI Nº 77, DE 2 DE MARÇO DE 2010
Altera a Lei nº 40, de 2001.
Art. 1º O art. 9º da Lei nº 40, de 2001, passa a vigorar com a seguinte redação:
“Art. 9º É proibido o uso de fogos de artifício:
I - nas praças;
§ 1º A multa será de dez UFM.” (NR)
Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert _own_ids(result) == ["art1", "art2"]
    assert "§ 1º A multa será de dez UFM" in _quoted(result, "art1")


def test_a_stray_opening_quote_after_a_colon_is_not_a_quotation() -> None:
    # Dust read as quotes and colons: '“' opening a line after a line ending in ':' is no
    # amendment unless the lines before announce new wording.
    text = """Art. 1º O permissionário deverá: , :
“§ 1º A indicação do auxiliar será feita em trinta dias.
§ 2º Decorrido o prazo, a permissão será cassada.
Art. 2º O número de permissões será fixado por decreto.
Art. 3º Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert unit_ids(result) == ["art1", "art1_par1", "art1_par2", "art2", "art3"]


def test_a_quotation_whose_colon_ocr_lost_is_still_the_amending_articles_text() -> None:
    text = """Art. 1º O art. 15 da Lei nº 6.329, de 1999, passa a vigorar com a seguinte redação.
''Art. 15. É proibido perturbar o sossego público:
I - com motores sem silenciosos;
§ 1º A multa será de cinco UFM.''
Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert _own_ids(result) == ["art1", "art2"]
    assert "§ 1º A multa será de cinco UFM" in _quoted(result, "art1")


def test_a_quotation_whose_closing_quote_was_lost_ends_before_the_next_article() -> None:
    text = """Art. 1º O art. 31 da Lei nº 401, de 1993, passa a vigorar com a seguinte redação:
“Art. 31. São alíquotas do imposto:
II - serviços de saúde: 3% (três por cento);
(NR)
Art. 2º O art. 40 da Lei nº 401, de 1993, fica revogado.
Art. 3º Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert _own_ids(result) == ["art1", "art2", "art3"]
    assert "serviços de saúde" in _quoted(result, "art1")


_BOOK = """ESTADO DO RIO GRANDE DO SUL
Art. 2º - As despesas correrão por conta da dotação própria.
Art. 3º - Esta Lei entrará em vigor na data de sua publicação.
GABINETE DO PREFEITO MUNICIPAL DE VILA NOVA, em 9 de agosto de
1972.
JOSÉ CARLOS PEREIRA
Prefeito Municipal
LEI Nº 208, DE 9 DE AGOSTO DE 1972
Declara de utilidade pública as entidades que menciona.
Artigo único - Fica declarada de utilidade pública a Associação dos Amigos do Hospital.
GABINETE DO PREFEITO MUNICIPAL DE VILA NOVA, em 9 de agosto de
1972.
JOSÉ CARLOS PEREIRA
Prefeito Municipal
LEI Nº 209, DE 9 DE AGOSTO DE 1972
Autoriza convênio.
Art. 1º - Fica o Executivo autorizado a firmar convênio com o Estado.
Art. 2º - Esta Lei entra em vigor na data de sua publicação.
GABINETE DO PREFEITO MUNICIPAL DE VILA NOVA, em 9 de agosto de 1972.
JOSÉ CARLOS PEREIRA
Prefeito Municipal
"""


def test_an_artigo_unico_between_two_laws_of_a_book_takes_nothing_of_theirs() -> None:
    # The previous law's last articles (2, 3) would continue '1' of any other law.
    result = _structure(_BOOK, numero="208", ano=1972)
    assert unit_ids(result) == ["art1u"]
    assert [n.numero for n in result.neighbors if n.numero] == ["209"]


def test_the_mayor_signing_every_law_of_a_book_is_a_signatory_not_a_letterhead() -> None:
    result = _structure(_BOOK, numero="208", ano=1972)
    assert result.fecho is not None
    assert [(s.nome, s.cargo) for s in result.fecho.signatarios] == [("JOSÉ CARLOS PEREIRA", "Prefeito Municipal")]


def test_a_norm_title_repeated_on_every_page_is_a_running_header_not_another_norm() -> None:
    page = "LEI ORGÂNICA DO MUNICÍPIO DE VILA NOVA\n"
    text = "\f".join([
        page + "TÍTULO I\nDISPOSIÇÕES GERAIS\nArt. 1º O Município rege-se por esta Lei Orgânica.\n"
               "Art. 2º São Poderes do Município o Legislativo e o Executivo.",
        page + "Art. 3º São símbolos do Município a bandeira e o hino.\nTÍTULO II\nDA CÂMARA\n"
               "Art. 4º O Poder Legislativo é exercido pela Câmara Municipal.",
        page + "Art. 5º A Câmara reunir-se-á anualmente.",
    ])
    result = _structure(text)
    assert [u.id for u in result.articulacao] == ["tit1", "tit2"]
    assert unit_ids(result).count("art5") == 1 and not result.neighbors
    assert "LEI ORGÂNICA" not in _unit(result, "art2").text


@pytest.mark.parametrize("cut", ["regional. Art.\n5.º — É proibida", "regional.\nArt.\n5.º — É proibida",
                                 "regional. Art.\n5 — É proibida"])
def test_an_article_label_cut_from_its_number_at_a_line_end(cut: str) -> None:
    text = ("Art. 4.º — Os valores serão revistos por lei, até o limite da variação do salário mínimo "
            + cut + " a venda de carne fora do Mercado.\nArt. 6.º — Esta lei entra em vigor na data de sua publicação.\n")
    result = _structure(text)
    assert unit_ids(result) == ["art4", "art5", "art6"]
    assert _unit(result, "art4").text.endswith("regional.")


def test_alineas_whose_letters_were_cut_are_lettered_by_sequence() -> None:
    text = ("Art. 10. Compete ao administrador:\n) fiscalizar o cumprimento desta Lei;\n"
            ") manter em dia o registro dos locatários;\nc) aplicar as multas previstas.\n"
            "Art. 11. Esta Lei entra em vigor na data de sua publicação.\n")
    result = _structure(text)
    assert [u.number for u in _unit(result, "art10").children] == ["a", "b", "c"]


def test_word_debris_between_a_section_label_and_its_title_is_passed_over() -> None:
    text = ("CAPÍTULO I\nDO REGISTRO\nSeção I\né o o se ra\nDo Registro Geral de Animais\n"
            "Art. 1º Fica instituído o Registro Geral de Animais.\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")
    result = _structure(text)
    assert _unit(result, "cap1_sec1").title == "Do Registro Geral de Animais"


def test_a_quotation_whose_opening_quote_ocr_lost_is_still_the_amending_articles_text() -> None:
    text = """Art. 1º O art. 15 da Lei nº 6.329, de 1999, passa a vigorar com a seguinte redação:
Art. 15. É proibido perturbar o sossego público:
I - com motores sem silenciosos;
§ 1º A multa será de cinco UFM.” (NR)
Art. 2º Fica acrescido ao art. 20 da mesma Lei o seguinte § 3º:
§ 3º O alvará será cassado na reincidência.
Art. 3º Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert _own_ids(result) == ["art1", "art2", "art3"]
    assert "I - com motores" in _quoted(result, "art1")
    assert "§ 3º O alvará" in _quoted(result, "art2")


def test_a_list_announced_without_amending_words_stays_units() -> None:
    text = """Art. 5º O decreto indicará as medidas coercitivas a vigorarem, dentre as seguintes:
I - restrições ao direito de reunião;
II - ocupação temporária de bens.
Art. 6º Esta Lei entra em vigor na data de sua publicação.
"""
    assert unit_ids(_structure(text)) == ["art5", "art5_cpt_inc1", "art5_cpt_inc2", "art6"]


def test_an_article_whose_number_ocr_destroyed_is_numbered_by_sequence() -> None:
    text = """Art. 6º - Os valores das multas passam a ser expressos em OTN.
Art, JR - A Secretaria de Governo publicará o texto consolidado.
Ari De. Ficam revogados o art. 13 e o § 2º do art. 21 da Lei nº 1.520.
Art. 9º - Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert unit_ids(result) == ["art6", "art7", "art8", "art9"]
    assert "article_renumbered" in _codes(result)


def test_chapters_keep_their_printed_numbers_when_only_the_first_heading_was_lost() -> None:
    text = ("CAPÍTULO, E\nDISPOSIÇÕES PRELIMINARES\nArt. 1º Fica regulado o loteamento.\n"
            "CAPÍTULO II\nDOS REQUISITOS\nArt. 2º Os lotes terão doze metros de frente.\n"
            "CAPÍTULO III\nDO PROJETO\nArt. 3º O projeto será aprovado por decreto.\n"
            "Art. 4º Esta Lei entra em vigor na data de sua publicação.\n")
    result = _structure(text)
    assert [u.id for u in result.articulacao] == ["art1", "cap2", "cap3"]


def test_a_signature_page_scanned_out_of_place_closes_the_law() -> None:
    pages = [
        "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre os boxes.\nCAPÍTULO I\nDISPOSIÇÕES GERAIS\n"
        "Art. 1º Os boxes serão ocupados mediante permissão.\nCAPÍTULO II\nSeção I",
        "ALCEU BERTOLUCCI\nPrefeito Municipal",
        "Art. 5º A permissão será cassada na reincidência.\n"
        "Art. 6º Esta Lei entra em vigor na data de sua publicação.\nCaxias do Sul, 9 de maio de 1985.",
        "Da Licitação\nArt. 2º A permissão será precedida de licitação.\nArt. 3º O edital indicará o box.\n"
        "Art. 4º O prazo será de cinco anos.",
    ]
    result = _structure("\f".join(pages), numero="90", ano=1985)
    assert unit_ids(result) == ["cap1", "art1", "cap2", "cap2_sec1", "art2", "art3", "art4", "art5", "art6"]
    assert _unit(result, "cap2_sec1").title == "Da Licitação"
    assert result.fecho is not None and [s.nome for s in result.fecho.signatarios] == ["ALCEU BERTOLUCCI"]


def test_a_signature_page_goes_last_whatever_its_office_lines_and_misread_numbers_look_like() -> None:
    # the page of signatures scanned between the law's pages: its secretary's office read as a
    # parágrafo's label ('1 Secretá o'), and the law's own pages look out of order ('Artigo | 1º'
    # for 3º): the articles keep their order, only the closing page moves
    pages = [
        "LEI Nº 12, DE 2 DE MAIO DE 1989\nDispõe sobre o táxi.\n"
        "Art. 1º A exploração do serviço obedecerá a esta Lei.\nArt. 2º O motorista responderá pelos danos.\n"
        "Artigo | 1º. A licença será requerida ao Prefeito.",
        "FRANCISCO COSTA GOMES\nPresidente da Câmara\nANTÔNIO DE RODRIGUES QUEIROZ\n1 Secretá o",
        "Art. 4º A Prefeitura poderá revogar a licença.\n"
        "Art. 5º Esta Lei entra em vigor na data de sua publicação.\nCâmara Municipal de Tupã, em 2 de maio de 1989.",
    ]
    result = _structure("\f".join(pages), numero="12", ano=1989)
    assert unit_ids(result) == ["art1", "art2", "art3", "art4", "art5"]
    assert result.fecho is not None
    assert [s.nome for s in result.fecho.signatarios][:1] == ["FRANCISCO COSTA GOMES"]


def test_a_signature_closes_the_law_where_ocr_wrecked_the_closings_date() -> None:
    text = ("LEI Nº 7, DE 5 DE ABRIL DE 1988\nDispõe sobre a publicidade.\n"
            "Art. 1º Fica proibida a publicidade nas vias públicas fora dos horários fixados.\n"
            "Art. 2º Revogam-se as disposições em contrário.\n"
            "Câmara Municipal de Araxá, em/5.\nODETE BARBOSA OLIVEIRA\nPresidente da Câmara\n"
            "RUBENS DO NASCIMENTO PEREIRA\n1º Secretário\n")
    result = _structure(text, numero="7", ano=1988)
    # the secretary's office is no parágrafo of the last article, the place no part of its text
    assert unit_ids(result) == ["art1", "art2"]
    assert _unit(result, "art2").text == "Revogam-se as disposições em contrário."
    assert result.fecho is not None and "Araxá" in result.fecho.text
    assert [s.nome for s in result.fecho.signatarios] == ["ODETE BARBOSA OLIVEIRA", "RUBENS DO NASCIMENTO PEREIRA"]
    # with no place left either, the closing starts at the signature
    result = _structure(text.replace("Câmara Municipal de Araxá, em/5.\n", ""), numero="7", ano=1988)
    assert unit_ids(result) == ["art1", "art2"]
    assert result.fecho is not None and [s.nome for s in result.fecho.signatarios][:1] == ["ODETE BARBOSA OLIVEIRA"]
    # ... but no closing was read: where the law ends is inferred, so it is not extracted as whole
    assert "no_fecho" in result.document.reasons and result.document.status != "extracted"
    # a name over an office inside the articulação, articles after it continuing the numbering, is text
    inner = text.replace("Art. 2º Revogam-se", "Art. 2º Fica nomeado:\nJOSÉ DA SILVA PEREIRA\nVereador\nArt. 3º Revogam-se")
    assert unit_ids(_structure(inner, numero="7", ano=1988)) == ["art1", "art2", "art3"]


def test_no_more_members_of_a_list_after_its_member_closed_it_with_a_period() -> None:
    # 'I)' read '1)', 'II)' wrecked ('TE)'), and the line after the list's '.' a wrecked 'Parágrafo
    # único': read as alíneas 1 and 2 ('Ba' for 'b)'), the incisos were lost; LC 95 closes a list's
    # last member with '.', so no member of it (or of a deeper list) is expected after one
    text = ("Art. 1º Fica criado o cadastro de criadores.\n"
            "Art. 2º A infração sujeita o infrator às seguintes penalidades:\n"
            "1) nda de 10 (dez) a 100 (cem) UFM;\nTE) Ra da autorização Se 30 | (trinta) dias.\n"
            "Ba rágra ta jo o O prazo de que trata este artigo poderá ser\n"
            "prorrogado uma única vez, por igual período.\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n")
    assert unit_ids(_structure(text)) == ["art1", "art2", "art2_cpt_inc1", "art2_cpt_inc2", "art3"]
    # the level above after a deeper list's '.' is read as ever (an alínea after its itens)
    text = ("Art. 1º São condições:\na) as seguintes:\n1) distância mínima de cem metros;\n"
            "2) presença do responsável.\nb) nas praças e jardins;\nc) durante as festividades.\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")
    assert unit_ids(_structure(text)) == ["art1", "art1_cpt_ali1", "art1_cpt_ali1_ite1", "art1_cpt_ali1_ite2",
                                          "art1_cpt_ali2", "art1_cpt_ali3", "art2"]


def test_the_page_after_a_neighbours_final_clause_continues_the_target_whose_closing_came_first() -> None:
    # (684009502/027: the target's closing page scanned before its middle; that page goes on with the
    # next law, whose closing OCR wrecked: its final clause ends it, so the page after it, whose
    # articles continue the target's numbering, is the target's)
    pages = [
        "LEI Nº 691, DE 19 DE JULHO DE 1987\nDisciplina o comércio ambulante.\n"
        "O Prefeito Municipal de Botucatu faz saber que a Câmara Municipal decretou e ele sanciona a seguinte Lei:\n"
        "Art. 1º O comércio ambulante obedecerá ao disposto nesta Lei.\n"
        "Art. 2º A infração sujeita o infrator à multa.\nArt. 3º A licença será requerida ao Prefeito",
        "Prefeitura Municipal de Botucatu, aos dezenove dias do mês de julho de 1987.\n"
        "MARIA DOS SANTOS\nPrefeito Municipal\n"
        "LEI Nº 692, DE 19 DE JULHO DE 1987\nAutoriza a doação de imóvel.\n"
        "O Prefeito Municipal de Botucatu faz saber que a Câmara Municipal decretou e ele sanciona a seguinte Lei:\n"
        "Art. 1º Fica o Executivo autorizado a doar o lote nº 18.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
        "de julho de mil novecentos e oitefj\n-aos-dezenove dias do mês",
        "pelo interessado e terá validade de cinco meses.\n"
        "Art. 4º A Prefeitura manterá cadastro dos ambulantes.\n"
        "Art. 5º Esta Lei entra em vigor na data de sua publicação.",
    ]
    result = _structure("\f".join(pages), numero="691", ano=1987)
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3", "art4", "art5"]
    assert result.fecho is not None and result.fecho.data is not None


def test_an_inciso_lost_to_ocr_does_not_shift_the_numbers_of_the_next_ones() -> None:
    text = ("Art. 5º São requisitos para candidatar-se:\nI - reconhecida idoneidade moral;\n"
            "II - idade superior a vinte e um anos;\nUBE & residência no Município;\n"
            "IV - conclusão do ensino médio;\nV - experiência de dois anos.\n"
            "Art. 6º Esta Lei entra em vigor na data de sua publicação.\n")
    # the label's debris between closed siblings, III printed nowhere: inciso III all the same
    result = _structure(text)
    assert [u.number for u in _unit(result, "art5").children] == ["I", "II", "III", "IV", "V"]
    assert "residência no Município" in _unit(result, "art5_cpt_inc3").text
    # the whole line lost: a gap, the next ones keep their numbers
    result = _structure(text.replace("UBE & residência no Município;\n", ""))
    assert [u.number for u in _unit(result, "art5").children] == ["I", "II", "IV", "V"]
    assert "units_missing" in _codes(result)
    # a lone jump is a misreading, numbered by its place
    result = _structure(text.replace("V - experiência", "Vl - experiência").replace("IV - conclusão", "VI - conclusão"))
    assert [u.number for u in _unit(result, "art5").children] == ["I", "II", "III", "IV", "V"]


def test_a_damaged_roman_heading_after_dust_at_a_sentence_end_opens_a_chapter() -> None:
    text = ("CAPÍTULO I\nDISPOSIÇÕES GERAIS\nArt. 1º O horário será das sete às vinte e duas horas\n"
            "nos dias de festas populares. :\nEV e “DAS OBRIGAÇÕES DO VENDEDOR |\n"
            "Art. 2º São obrigações do vendedor portar o cartão.\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n")
    result = _structure(text)
    assert [u.id for u in result.articulacao] == ["cap1", "cap2"]
    assert _unit(result, "cap2").title == "DAS OBRIGAÇÕES DO VENDEDOR"


def test_a_regulamento_after_the_signatures_is_an_anexo() -> None:
    text = """DECRETO Nº 5, DE 3 DE ABRIL DE 1975
Aprova o Regulamento do Cemitério Municipal.
Art. 1º Fica aprovado o Regulamento do Cemitério Municipal.
Art. 2º Este Decreto entra em vigor na data de sua publicação.
Paço Municipal de Ibiá, 3 de abril de 1975.
CARLOS ALBERTO NUNES
Prefeito Municipal
REGULAMENTO DO CEMITÉRIO MUNICIPAL
Art. 1º O Cemitério será administrado pela Secretaria de Obras.
Art. 2º Os sepultamentos serão feitos das 8 às 17 horas.
"""
    result = _structure(text)
    assert unit_ids(result) == ["art1", "art2"]
    assert [a.label for a in result.anexos] == ["REGULAMENTO DO CEMITÉRIO MUNICIPAL"]
    assert "annex_with_articles" in _codes(result)
    assert result.fecho is not None and [s.nome for s in result.fecho.signatarios] == ["CARLOS ALBERTO NUNES"]


def test_a_closing_that_starts_with_the_place_ends_the_articles() -> None:
    result = _structure("Art. 1º Fica criado o fundo.\nArt. 2º Revogam-se as disposições em contrário.\n"
                        "Itajaí, 17 de setembro de 2019.\nVOLNEI MORASTONI\nPrefeito Municipal\n")
    assert _unit(result, "art2").text == "Revogam-se as disposições em contrário."
    assert result.fecho is not None and str(result.fecho.data) == "2019-09-17"


def test_pages_out_of_order_around_the_next_law_come_back_to_the_target() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 3)
    last = _page(10, 10) + "\nLEI Nº 91, DE 9 DE MAIO DE 1985\nDenomina via pública.\nArt. 1º Fica denominada Rua A a via B.\n" \
        "Art. 2º Esta Lei entra em vigor na data de sua publicação."
    result = _structure("\f".join([first, last, _page(7, 9), _page(4, 6)]), numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 11)]
    assert [(n.numero, n.articles) for n in result.neighbors] == [("91", 2)]
    assert "pages_reordered" in _codes(result)


def test_a_law_in_capitals_keeps_its_last_incisos() -> None:
    text = """ART. 1º - OS PROPRIETÁRIOS SÃO OBRIGADOS A:
I - MANTER LIMPAS AS VALETAS;
II - CONSERVAR AS CERCAS.
ART. 2º - É PROIBIDO:
I - FECHAR ESTRADAS;
II - DESVIAR ÁGUAS;
ART. 3º - ESTA LEI ENTRA EM VIGOR NA DATA DE SUA PUBLICAÇÃO.
"""
    result = _structure(text)
    assert unit_ids(result) == ["art1", "art1_cpt_inc1", "art1_cpt_inc2", "art2", "art2_cpt_inc1", "art2_cpt_inc2", "art3"]


def test_misread_numbers_do_not_look_like_pages_out_of_order() -> None:
    pages = ["LEI Nº 4, DE 2 DE MAIO DE 1979\nDispõe sobre estradas.\n" + _page(1, 2), _page(3, 3).replace("Art. 3º", "Art. 32"),
             _page(4, 4), _page(5, 5).replace("Art. 5º", "Art. 59"), _page(6, 7)]
    result = _structure("\f".join(pages))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 8)]
    assert "pages_reordered" not in _codes(result)


def test_an_inciso_after_a_stray_hyphen_keeps_its_label() -> None:
    text = "Art. 1º Compete ao Município:\nI - legislar sobre assuntos de interesse local;\nII - dispor sobre os servi-\nços locais-\nIII - dispor sobre os bens públicos.\n"
    result = _structure(text)
    assert unit_ids(result) == ["art1", "art1_cpt_inc1", "art1_cpt_inc2", "art1_cpt_inc3"]


def test_a_page_scanned_twice_is_dropped_and_reported() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 6)
    result = _structure("\f".join([first, _page(7, 12), _page(7, 12), _page(13, 15)]))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 16)]
    assert "duplicate_page" in _codes(result)


def test_a_page_scanned_twice_is_dropped_even_when_one_copy_misread_a_label() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 6)
    copy = (_page(7, 12).replace("Art. 9º", "ARTYGO").replace("permissionário", "permissíonarío")
            .replace("obrigação", "obrigaçao").replace("desta Lei", "desla Lel").replace("observará", "observara"))
    result = _structure("\f".join([first, _page(7, 12), copy, _page(13, 15)]))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 16)]
    assert "duplicate_page" in _codes(result)


def test_a_page_scanned_twice_is_dropped_when_each_copy_misread_other_labels() -> None:
    # '60' for 6º in one copy, '70' for 7º in the other: the labels still stand in the same places
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 5)
    one = _page(6, 11).replace("Art. 6º", "Art. 60")
    two = (_page(6, 11).replace("Art. 7º", "Art. 70")
           .replace("permissionário", "permissíonarío").replace("obrigação", "obrigaçao")
           .replace("desta Lei", "desla Lel").replace("observará", "observara"))
    result = _structure("\f".join([first, one, two, _page(12, 14)]))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 15)]
    assert "duplicate_page" in _codes(result)


def test_of_a_page_scanned_twice_the_copy_that_read_its_labels_is_kept() -> None:
    # the first copy misread three of six labels ('1' for 10º, '1Pp', 'ARTYGO'): only 6, 9 and 11
    # agree, in order; the second copy, read whole, is kept and the first is the one left out
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 5)
    worn = (_page(6, 11).replace("Art. 7º", "ARTYGO").replace("Art. 8º", "Art. 1Pp").replace("Art. 10º", "Art. 1 -")
            .replace("permissionário", "permissíonarío").replace("obrigação", "obrigaçao"))
    result = _structure("\f".join([first, worn, _page(6, 11), _page(12, 14)]))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 15)]
    assert all("permissionário" in u.text for u in result.articulacao)
    assert [w.page_no for w in result.warnings if w.code == "duplicate_page"] == [2]


def test_of_a_page_scanned_twice_each_line_is_read_from_the_copy_that_read_its_label() -> None:
    # each copy lost a different label ('ARTYG0' for 9º in one, 'ARTYGO' for 10º in the other)
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 5)
    one = _page(6, 11).replace("Art. 9º", "ARTYG0")
    two = (_page(6, 11).replace("Art. 10º", "ARTYGO").replace("permissionário", "permissíonarío")
           .replace("desta Lei", "desla Lel"))
    result = _structure("\f".join([first, one, two, _page(12, 14)]))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 15)]
    assert not [w for w in result.warnings if "ARTYG" in w.message]  # each label read where it printed cleanly


def test_a_page_scanned_twice_whose_copy_lost_every_label_is_still_a_copy() -> None:
    # the copy's labels all went unread ('At. .'): no number speaks against the copy, the text decides
    import pipeline.segmenting.pages as pages_mod
    from pipeline.cleaning import CleanLine
    from pipeline.segmenting.readings import read_lines

    blind = (_page(6, 11).replace("permissionário", "permissíonarío").replace("obrigação", "obrigaçao")
             .replace("desta Lei", "desla Lel"))
    for n in range(6, 12):
        blind = blind.replace(f"Art. {n}º", "At. . ")
    pages = [_page(1, 5), _page(6, 11), blind, _page(12, 14)]
    lines = [CleanLine(t, p, k) for p, page in enumerate(pages) for k, t in enumerate(page.splitlines())]
    readings = read_lines(lines)
    bounds = {k for k in range(1, len(readings)) if readings[k].line.page_index != readings[k - 1].line.page_index}
    assert pages_mod.drop_repeated_pages(readings, bounds)[2] == [3]
    # a page of other articles with the same words is no copy
    other = pages[:2] + [_page(12, 17)]
    lines = [CleanLine(t, p, k) for p, page in enumerate(other) for k, t in enumerate(page.splitlines())]
    readings = read_lines(lines)
    bounds = {k for k in range(1, len(readings)) if readings[k].line.page_index != readings[k - 1].line.page_index}
    assert pages_mod.drop_repeated_pages(readings, bounds)[2] == []


def test_pages_found_distinct_are_not_compared_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # the target's pass over the same pages skips the pairs the first pass found distinct
    import pipeline.segmenting.pages as pages_mod
    from pipeline.cleaning import CleanLine
    from pipeline.segmenting.readings import Reading

    words = ("feira transporte coleta cemitério iluminação abastecimento licença alvará merenda estrada "
             "horário limpeza terreno calçada ônibus escola praça mercado tributo multa prazo vereador").split()
    texts = ["\n".join(" ".join(words[(page * 7 + k * 3 + w) % len(words)] for w in range(12)) for k in range(5))
             for page in (0, 1, 2, 2)]
    readings = [Reading(CleanLine(t, p, k), None) for p, page in enumerate(texts) for k, t in enumerate(page.splitlines())]
    bounds = {k for k in range(1, len(readings)) if readings[k].line.page_index != readings[k - 1].line.page_index}
    calls: list[int] = []
    ratio = pages_mod.fuzz.ratio
    monkeypatch.setattr(pages_mod.fuzz, "ratio", lambda a, b, **kw: calls.append(1) or ratio(a, b, **kw))
    compared: set = set()
    kept, kept_bounds, dropped = pages_mod.drop_repeated_pages(readings, bounds, compared=compared)
    assert dropped == [4] and len(compared) == 3  # kept pages 2-1, 3-1, 3-2 distinct (4 repeats 3: not kept)
    first = len(calls)
    again = pages_mod.drop_repeated_pages(kept, kept_bounds, compared=compared)
    assert again[2] == [] and len(calls) == first  # nothing compared twice
    assert pages_mod.drop_repeated_pages(kept, kept_bounds)[2] == [] and len(calls) > first


def test_a_page_scanned_twice_without_a_page_break_is_dropped() -> None:
    # form feeds lost and no letterhead: only the repeated run of articles shows the copy
    body = "\n".join(f"Art. {n}º O permissionário observará a obrigação número {n} desta Lei." for n in range(1, 9))
    copy = "\n".join(f"Art. {n}º O permissionário observará a obrigaçao número {n} desla Lei." for n in range(4, 9))
    tail = "\n".join(f"Art. {n}º O permissionário observará a obrigação número {n} desta Lei." for n in range(9, 11))
    result = _structure("LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + "\n".join([body, copy, tail]))
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 11)]
    assert "duplicate_page" in _codes(result)


@pytest.mark.parametrize("title", ["LET Nº 1.698, DE 27 DE MARÇO DE 1997", "o LEI Nº 1.698, DE 27 DE MARÇO DE 1997 E)"])
def test_the_records_epigrafe_is_read_where_its_tipo_word_is_damaged(title: str) -> None:
    from pipeline.segmenting.readings import expected_epigrafe

    epi = expected_epigrafe(title, "1698")
    assert epi is not None and (epi.numero, epi.ano) == ("1698", 1997)
    assert expected_epigrafe(title, "1699") is None  # another number: not this norm's epígrafe
    assert expected_epigrafe("nos termos da Lei nº 1.698, de 1997", "1698") is None  # a citation


@pytest.mark.parametrize(("title", "tipo"), [
    ("- LET COMPLEMENTAR Nº 706, DE 6 DE DEZEMBRO DE 1972", "Lei Complementar"),
    ("DECRETO LEGISIATIVO Nº 706, DE 6 DE DEZEMBRO DE 1972", "Decreto Legislativo"),
    ("RESOLUCÂO N.º 706, DE 6 DE DEZEMBRO DE 1972", "Resolução"),
    ("LEI- No 706, DE 6 DE DEZEMBRO DE 1.972", "Lei Ordinária"),  # dust glued to the tipo
    ("EI “:º 706, DE 6 DE DEZEM RO DE 1.972", "Lei Ordinária"),  # the L and the sign's N lost, the month broken
])
def test_a_damaged_tipo_of_several_words_is_read_as_the_tipo_it_resembles(title: str, tipo: str) -> None:
    from pipeline.segmenting.readings import expected_epigrafe

    epi = expected_epigrafe(title, "706")
    assert epi is not None and (epi.tipo, epi.numero, epi.ano) == (tipo, "706", 1972)
    assert expected_epigrafe("A Prefeitura providenciará Nº 706, de 1972", "706") is None  # no tipo there


def test_a_next_laws_first_articles_on_the_last_page_do_not_move_that_page() -> None:
    from pipeline.segmenting.pages import before_restart

    assert before_restart([13, 14, 15, 1, 2]) == [13, 14, 15]  # 'Art. 1º' of the law printed after
    assert before_restart([1, 2, 3]) == [1, 2, 3]
    assert before_restart([32, 4, 5]) == [32, 4, 5]  # a misread number is no restart


def test_the_targets_last_page_scanned_after_the_next_laws_page_is_claimed() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 4)
    neighbour = ("LEI Nº 91, DE 9 DE MAIO DE 1985\nDispõe sobre feiras.\n" + _page(1, 3)
                 + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.")
    last = _page(9, 10) + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985."
    result = _structure("\f".join([first, _page(5, 8), neighbour, last]), numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 11)]
    assert result.fecho is not None


def test_pages_scanned_before_the_epigrafe_page_are_claimed_by_the_target() -> None:
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 3)
    last = _page(10, 10) + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985."
    result = _structure("\f".join([_page(4, 6), last, first, _page(7, 9)]), numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 11)]
    assert result.neighbors == []
    assert result.fecho is not None


def test_letterhead_printed_twice_without_page_breaks_is_left_out() -> None:
    text = """CÂMARA MUNICIPAL DE VARGINHA
ESTADO DE MINAS GERAIS
LEI Nº 44, DE 2 DE MARÇO DE 1988
Dispõe sobre multas.
Art. 1º - Fica instituída a multa por infração de posturas.
Art. 2º - A multa será de dez Unidades Fiscais, aplicada em
Fl. 01
CÂMARA MUNICIPAL DE VARGINHA
ESTADO DE MINAS GERAIS
dobro na reincidência.
Art. 3º - Esta Lei entra em vigor na data de sua publicação.
"""
    result = _structure(text)
    assert _unit(result, "art2").text == "A multa será de dez Unidades Fiscais, aplicada em dobro na reincidência."


def test_a_closing_whose_date_wraps_and_lost_its_comma() -> None:
    text = ("Art. 1º Fica criada a feira.\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n"
            "Gabinete do Prefeito Municipal de Ponta Porã-MS 14 de setembro\nde 2005 N\nJOSÉ CARLOS LIMA\nPrefeito Municipal\n")
    result = _structure(text)
    assert _unit(result, "art2").text == "Esta Lei entra em vigor na data de sua publicação."
    assert result.fecho is not None and [s.nome for s in result.fecho.signatarios] == ["JOSÉ CARLOS LIMA"]


def test_roman_heading_wrapped_onto_two_lines() -> None:
    text = ("Art. 1º Fica criada a feira.\nIV — DA ADMINISTRAÇÃO E DA FISCALIZAÇÃO\nDA FEIRA\n"
            "Art. 2º A feira será administrada pela Secretaria.\n")
    result = _structure(text)
    assert [u.id for u in result.articulacao] == ["art1", "cap1"]
    assert _unit(result, "cap1").title == "DA ADMINISTRAÇÃO E DA FISCALIZAÇÃO DA FEIRA"


@pytest.mark.parametrize(("title", "numero", "ano"), [
    ("LEU NS 350, DE 27 DE MARÇO DE 2017.", "350", 2017),  # 'NS' for 'Nº'
    ("LEINº1. 230/2017, DE 19 DE DEZEMBRO DE 2017.", "1230", 2017),  # glued, '1. 230'
    ("P as LEI MUNICIPAL Nº 1.216, DE 30 DE DEZEMBRO DE 2016.", "1216", 2016),  # margin scrawl
    ("LET Nº 017/89, DE 27 DE JUNHO DE 1989 Q L-", "017", 1989),
])
def test_without_a_record_a_damaged_epigrafe_is_read_where_number_and_full_date_follow(
        title: str, numero: str, ano: int) -> None:
    from pipeline.segmenting.readings import expected_epigrafe

    epi = expected_epigrafe(title, None)
    assert epi is not None and (epi.numero, epi.ano) == (numero, ano)
    result = _structure(
        "PREFEITURA MUNICIPAL DE TUCANO\n"
        f"{title}\n"
        "Dispõe sobre as multas de trânsito de março de 2017 e dá outras providências.\n"
        "O PREFEITO MUNICIPAL DE TUCANO faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:\n"
        "Art. 1º As multas de trânsito do Município serão cobradas na forma desta Lei.\n"
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
        "Gabinete do Prefeito, 27 de março de 2017.\nFULANO DE TAL\nPrefeito Municipal\n")
    assert result.epigrafe is not None and result.epigrafe.startswith(title[:8])
    assert result.norm.numero is not None and result.norm.numero.lstrip("0") == numero.lstrip("0")
    assert result.norm.ano == ano


@pytest.mark.parametrize("line", [
    "MUNICIPAL Nº 940, DE 09 DE MAIO DE 2006.",  # the tail of a citation wrapped onto its own line
    "LET Nº 017/89",  # no date: without a record, too little to go on
    "da Lei nº 939, de 09 de maio de 2006, que dispõe",
])
def test_without_a_record_citations_and_bare_numbers_are_no_epigrafe(line: str) -> None:
    from pipeline.segmenting.readings import expected_epigrafe

    assert expected_epigrafe(line, None) is None


_BILL_HEAD = (
    "LEI Nº 12, DE 3 DE MARÇO DE 2015\n"
    "Dispõe sobre a denominação de logradouro público.\n"
    "O PREFEITO MUNICIPAL DE TUCANO, Estado da Bahia, faço saber que a Câmara Municipal aprovou "
    "e eu sanciono a seguinte Lei:\n"
    "Art. 1º Fica denominada Rua José da Silva a atual Rua 10 do Bairro Centro.\n"
    "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
)
_JUSTIFICATIVA = (
    "JUSTIFICATTVA\n"  # as OCR read it
    "Senhores Vereadores,\n"
    "O presente projeto tem por objetivo homenagear o cidadão José da Silva.\n"
    "Sala das Sessões, 3 de março de 2015.\n"
    "MARIA SOUZA\n"
    "Vereadora\n"
)


@pytest.mark.parametrize("closing", ["", "Tucano, 3 de março de 2015.\nJOÃO PEREIRA\nPrefeito Municipal\n"])
def test_a_justificativa_after_the_norm_is_kept_apart_with_its_own_closing(closing: str) -> None:
    doc = structure_document(document_from_text(_BILL_HEAD + closing + _JUSTIFICATIVA))
    assert unit_ids(doc) == ["art1", "art2"]
    assert doc.articulacao[-1].text == "Esta Lei entra em vigor na data de sua publicação."
    [appended] = doc.appended
    assert appended.kind == "justificativa" and appended.label == "JUSTIFICATTVA"
    assert appended.text.startswith("Senhores Vereadores,") and appended.text.endswith("Vereadora")
    assert "appended_text" in [w.code for w in doc.warnings]
    if closing:  # the norm's own closing, not the justificativa's
        assert doc.fecho is not None and [s.nome for s in doc.fecho.signatarios] == ["JOÃO PEREIRA"]
    else:  # no closing of its own: never 'extracted' with the justificativa's
        assert doc.fecho is None and doc.document.status != "extracted"


def test_a_word_of_the_text_on_a_line_of_its_own_opens_no_appended_text() -> None:
    body = _BILL_HEAD.replace("Art. 2º Esta Lei", "Art. 2º O Executivo enviará à Câmara a sua\nMensagem,\nanual. Art. 3º Esta Lei")
    doc = structure_document(document_from_text(body + "Tucano, 3 de março de 2015.\nJOÃO PEREIRA\n"))
    assert doc.appended == [] and "Mensagem" in doc.articulacao[1].text



_CODE = """LEI COMPLEMENTAR Nº 89, DE 10 DE MAIO DE 2006
Institui o Código de Posturas do Município.
O PREFEITO MUNICIPAL DE CAÇADOR faço saber que a Câmara Municipal aprovou e eu sanciono a seguinte Lei:
SUMÁRIO
TÍTULO I - DAS DISPOSIÇÕES GERAIS (arts. 1º a 3º)
CAPÍTULO I - DO OBJETO (arts. 1º e 2º)
CAPÍTULO II - DAS DEFINIÇÕES (art. 3º)
TÍTULO II - DA HIGIENE PÚBLICA (arts. 4º a 6º)
CAPÍTULO I - DA LIMPEZA (arts. 4º a 6º)
TÍTULO I
DAS DISPOSIÇÕES GERAIS
CAPÍTULO I
DO OBJETO
Art. 1º Este Código contém as medidas de polícia administrativa do Município.
Art. 2º Cabe ao Prefeito zelar pela observância deste Código.
CAPÍTULO II
DAS DEFINIÇÕES
Art. 3º Para os efeitos deste Código, considera-se logradouro público a rua.
TÍTULO II
DA HIGIENE PÚBLICA
CAPÍTULO I
DA LIMPEZA
Art. 4º É proibido lançar lixo nas vias públicas.
Art. 5º A limpeza das calçadas cabe aos proprietários.
Art. 6º Esta Lei entra em vigor na data de sua publicação.
Caçador, 10 de maio de 2006.
FULANO DE TAL
Prefeito Municipal
"""


def test_a_table_of_contents_before_the_body_is_kept_apart_not_read_as_empty_agrupadores() -> None:
    doc = structure_document(document_from_text(_CODE))
    groups = [u for u in doc.articulacao]
    assert [g.id for g in groups] == ["tit1", "tit2"]  # not tit1..tit4, two of them empty
    assert [c.id for c in groups[1].children] == ["tit2_cap1"]
    assert [u for u in unit_ids(doc) if u.startswith("art")] == ["art1", "art2", "art3", "art4", "art5", "art6"]
    [contents] = doc.appended
    assert contents.kind == "sumario" and contents.label == "SUMÁRIO"
    assert "DA HIGIENE PÚBLICA (arts. 4º a 6º)" in contents.text
    assert "table_of_contents" in [w.code for w in doc.warnings]
    # the same body without its table of contents: nothing is taken away
    plain = structure_document(document_from_text(_CODE.split("SUMÁRIO\n")[0] + "TÍTULO I\n" + _CODE.split("TÍTULO I\n", 1)[1]))
    assert plain.appended == [] and [g.id for g in plain.articulacao] == ["tit1", "tit2"]



_LEI_ORGANICA = """LEI ORGÂNICA DO MUNICÍPIO DE TUCANO
PREÂMBULO
Nós, representantes do povo tucanense, promulgamos a seguinte Lei Orgânica:
TÍTULO I
DA ORGANIZAÇÃO DO MUNICÍPIO
Art. 1º O Município de Tucano é pessoa jurídica de direito público interno.
Art. 2º São poderes do Município o Legislativo e o Executivo.
Parágrafo único. É vedada a delegação de atribuições entre os Poderes.
TÍTULO II
DAS DISPOSIÇÕES FINAIS
Art. 3º Esta Lei Orgânica entra em vigor na data de sua promulgação.
ATO DAS DISPOSIÇÕES ORGÂNICAS TRANSITÓRIAS
Art. 1º O Prefeito e os Vereadores prestarão o compromisso de manter esta Lei Orgânica.
Art. 2º O Município promoverá edição popular do texto desta Lei Orgânica.
Parágrafo único. A edição será distribuída nas escolas.
Tucano, 5 de abril de 1990.
A MESA DA CÂMARA MUNICIPAL
"""


def test_transitional_provisions_numbered_from_one_again_are_their_own_articulacao() -> None:
    doc = structure_document(document_from_text(_LEI_ORGANICA))
    assert [u for u in unit_ids(doc) if u.startswith("art")] == ["art1", "art2", "art2_par1u", "art3"]
    assert [u.id for u in doc.disposicoes_transitorias] == ["art1", "art2"]
    assert [c.id for c in doc.disposicoes_transitorias[1].children] == ["art2_par1u"]
    assert doc.fecho is not None and doc.fecho.data is not None  # the closing after them is the norm's
    assert doc.document.status == "extracted"  # a Lei Orgânica is named by its tipo and year, no número
    codes = [w.code for w in doc.warnings]
    assert "transitional_provisions" in codes and "duplicate_id" not in codes
    # a chapter of transitional provisions that continues the numbering stays in the articulação
    chapter = _LEI_ORGANICA.replace("ATO DAS DISPOSIÇÕES ORGÂNICAS TRANSITÓRIAS", "CAPÍTULO ÚNICO\nDAS DISPOSIÇÕES TRANSITÓRIAS")
    chapter = chapter.replace("Art. 1º O Prefeito", "Art. 4º O Prefeito").replace("Art. 2º O Município", "Art. 5º O Município")
    kept = structure_document(document_from_text(chapter))
    assert kept.disposicoes_transitorias == [] and "art5_par1u" in unit_ids(kept)



def test_the_records_epigrafe_is_read_where_its_tipo_word_is_lost_whole() -> None:
    from pipeline.segmenting.readings import expected_epigrafe

    line = "a No 1.231, DE 18 DE JANEIRO DE 1.998"  # 'LEI MUNICIPAL' worn to 'a'
    epi = expected_epigrafe(line, "1231", "Lei Ordinária")
    assert epi is not None and (epi.tipo, epi.numero, epi.ano) == ("Lei Ordinária", "1231", 1998)
    assert expected_epigrafe(line, "1232", "Lei Ordinária") is None  # another norm's number
    assert expected_epigrafe(line, "1231") is None  # without the record's tipo, no tipo to give it
    assert expected_epigrafe("Nº 1.231, de 18 de janeiro de 1998.", "1231", "Lei Ordinária") is None  # a citation's tail


def test_a_roman_label_before_a_parts_title_after_a_closed_sentence_is_a_doubt_not_an_inciso() -> None:
    text = (
        "LEI Nº 12, DE 3 DE MARÇO DE 1975\nDispõe sobre o abate.\n"
        "Art. 1º A infração sujeita o infrator às seguintes penalidades:\n"
        "I - apreensão do animal;\nII - cassação da inscrição.\n"
        "II - .DAS OBRIGAÇÕES\n"  # a heading whose speck hid its capitals
        "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
        "Cruz Alta, 3 de março de 1975.\nJOÃO DA SILVA\nPrefeito Municipal\n"
    )
    doc = structure_document(document_from_text(text))
    assert "art1_cpt_inc3" not in unit_ids(doc)  # a part's title after a closed sentence, no third inciso ...
    assert doc.document.status != "extracted"  # ... but its heading is not read: never silently
    assert any(w.code == "unit_doubtful" and "titles a part" in w.message for w in doc.warnings)


def _closed_neighbour_end() -> str:
    return ("Art. 2º O imóvel reverterá ao patrimônio do Município.\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n"
            "Câmara Municipal de Piracema, aos três dias do mês de maio de 1993.\n"
            "HELENA TEIXEIRA MACHADO\nPresidente da Câmara")


def test_a_law_whose_epigrafe_ocr_lost_is_found_by_its_enacting_clause() -> None:
    # The previous law's end, then the target with its epígrafe worn to nothing, then the next
    # law: the enacting clause after articles opens a law, and the next law's epígrafe names
    # another número, so the target is the law without one.
    target = ("Cria o Conselho Municipal de Turismo e dá outras providências.\n"
              "A CÂMARA MUNICIPAL DE PIRACEMA aprovou e o seu Presidente\npromulga a seguinte Lei:\n"
              + "\n".join(f"Art. {n}º O Conselho observará a obrigação número {n} desta Lei." for n in range(1, 6))
              + "\nCâmara Municipal de Piracema, aos três dias do mês de maio de 1993.\n"
              "HELENA TEIXEIRA MACHADO\nPresidente da Câmara")
    following = ("LEI Nº 1.592, DE 3 DE MAIO DE 1993\nAutoriza a doação de imóvel.\n"
                 "Art. 1º Fica o Poder Executivo autorizado a doar o lote.\n"
                 "Art. 2º Esta Lei entra em vigor na data de sua publicação.")
    result = _structure("\n".join([_closed_neighbour_end(), target, following]), numero="1591", ano=1993,
                        ementa="Cria o Conselho Municipal de Turismo e dá outras providências.")
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 6)]
    assert result.ementa is not None and result.ementa.startswith("Cria o Conselho")
    assert len(result.neighbors) == 2
    assert "metadata_mismatch" in _codes(result)  # the epígrafe is not there to agree


def test_an_enacting_clause_right_after_its_epigrafe_opens_no_other_law() -> None:
    text = ("LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n"
            "A CÂMARA MUNICIPAL DE PIRACEMA aprovou e eu sanciono a seguinte Lei:\n" + _page(1, 3))
    result = _structure(text, numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3"] and result.neighbors == []


def test_articles_after_a_neighbours_closing_are_the_targets_out_of_order_page() -> None:
    # The target's last page was scanned after the next law's page, whose epígrafe OCR garbled:
    # the next law closed on its own page, so the articles after it continue the target.
    first = ("LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 3)
             + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.")
    neighbour = ("LEI Nº 91, DE 9 DE MAIO DE 1985\nDispõe sobre feiras.\n" + _page(1, 2)
                 + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.")
    result = _structure("\f".join([first, neighbour, _page(4, 6)]), numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 7)]
    assert [(n.numero, n.articles) for n in result.neighbors] == [("91", 2)]


def test_the_targets_page_after_a_closed_neighbour_is_claimed_past_a_misread_label_and_a_gap() -> None:
    # 460048651/007: 'Art: 10' is article 1 misread (its ordinal read as 0), and the target's
    # last page, scanned after the next law's, opens with two labels OCR wrecked; the next law
    # closed on its own page and the target did not, so the page is the target's
    first = ("LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n"
             + _page(1, 4).replace("Art. 1º O", "Art: 10 - O"))
    neighbour = ("LEI Nº 91, DE 9 DE MAIO DE 1985\nDispõe sobre feiras.\n" + _page(1, 2)
                 + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.")
    last = (_page(7, 9).replace("PIRACEMA", "PIRACEMA\nAmo Ds Compete à Secretaria a fiscalização.\n"
                                "Are, O\" = São obrigações do permissionário as desta Lei.")
            + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.")
    result = _structure("\f".join([first, neighbour, last]), numero="90", ano=1985)
    ids = [u.id for u in result.articulacao]
    assert {"art7", "art8", "art9"} <= set(ids) and ids[:4] == ["art1", "art2", "art3", "art4"], ids
    assert [(n.numero, n.articles) for n in result.neighbors] == [("91", 2)]


def test_a_page_that_fills_the_targets_gap_is_claimed_past_a_label_misread_as_the_targets_number() -> None:
    # 74925262/018: pages scanned [0, 2, 1]; the middle page of the target (articles 6-11) comes
    # after the next law's, and OCR read its 'Art. 9º' as 'ART 2 SUA': the page's own numbers
    # are those that rise, and they fill the target's gap
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 5)
    last = _page(12, 13) + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985."
    neighbour = ("LEI Nº 91, DE 9 DE MAIO DE 1985\nDispõe sobre feiras.\n" + _page(1, 2)
                 + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.")
    middle = _page(6, 11).replace("Art. 9º O", "ART 2 SUA O")
    result = _structure("\f".join([first, last + "\n" + neighbour, middle]), numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 14)]
    assert [(n.numero, n.articles) for n in result.neighbors] == [("91", 2)]


def test_an_enacting_clause_whose_seguinte_ocr_wrecked_still_ends_the_preambulo() -> None:
    # 460048651/024: 'sanciono a pes ante Lei:' then the first article, its keyword damaged
    # ('AR “IGo 1º'): the preâmbulo ends at the clause, the line after it opens the articulação
    text = ("LEI Nº 1.097, DE 9 DE ABRIL DE 1996\nDispõe sobre o horário do comércio.\n"
            "A Câmara Municipal de Lins aprovou e eu, Prefeito\nMunicipal, sanciono a pes ante Lei:\n"
            "AR “IGo 1º - A abertura e o fechamento do comércio\nobedecerá ao disposto nesta Lei.\n"
            "ARTIGO 2º - A licença especial será requerida ao Prefeito.\n"
            "ARTIGO 3º - Esta Lei entra em vigor na data de sua publicação.\n"
            "Prefeitura Municipal de Lins, 9 de abril de 1996.\n")
    result = _structure(text, numero="1097", ano=1996)
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3"]
    assert result.preambulo is not None and "abertura" not in result.preambulo


_LAST_ARTICLE_LAW = (
    "LEI Nº 1.562, DE 7 DE JANEIRO DE 1975.\nDispõe sobre as despesas.\n"
    "O PREFEITO MUNICIPAL DE FORMIGA faz saber que a Câmara Municipal aprovou e eu sanciono a seguinte Lei:\n"
    "Art. 1º - Compete à Controladoria Geral do Município rever os cadastros existentes.\n"
    "Art. 2º - As despesas decorrentes da execução desta Lei correrão por conta de dotações próprias.\n"
    "PARÁGRAFO ÚNICO - O texto consolidado será publicado no órgão oficial de imprensa do Município.\n"
    "{last} Lei entra em vigor na data de sua publicação.\n"
    "Prefeitura Municipal de Formiga, em 7 de janeiro de 1975.\nREGINA FERREIRA BRAGA\nPrefeito Municipal\n")


def test_the_vigencia_clause_with_its_first_word_damaged_opens_the_last_article() -> None:
    # seed 1212 scan 001: 'Art. 3º - Esta Lei' read 'Ape. do — nsta Lei': the vigência clause is an
    # article of its own (LC 95, art. 8) even with its label lost and its 'Esta' damaged
    result = _structure(_LAST_ARTICLE_LAW.format(last="Ape. do — nsta"), numero="1562", ano=1975)
    assert _own_ids(result) == ["art1", "art2", "art2_par1u", "art3"]
    assert result.document.status != "extracted"  # a label read by expectation where none is printed


def test_a_vigencia_clause_left_inside_another_unit_flags_the_law() -> None:
    # what no reading recovers ('Xp2 — Q3sta Lei'): the clause stays in the parágrafo's text, and the
    # law, whose last article is lost, is not called extracted
    from pipeline.segmentation import find_merged_vigencia
    from pipeline.segmenting.tree import Node

    par = Node("paragrafo", "único", first_text="O texto será publicado. Ape. do — nsta Lei entra em vigor na data.")
    art = Node("artigo", "2", first_text="As despesas correrão por conta de dotações.", children=[par])
    assert [(i.code, i.node) for i in find_merged_vigencia([art])] == [("unit_doubtful", par)]
    art5 = Node("artigo", "5", first_text="Esta Lei entra em vigor na data de sua publicação.")
    assert find_merged_vigencia([art5]) == []
    quoted = Node("alteracao", "1", children=[Node("artigo", "9", first_text="A multa. Esta Lei entra em vigor já.")])
    assert find_merged_vigencia([Node("artigo", "1", children=[quoted])]) == []
    result = _structure(_LAST_ARTICLE_LAW.format(last="O texto. Ape. do — Q3sta"), numero="1562", ano=1975)
    assert result.document.status != "extracted"
    assert "unit_doubtful" in {w.code for w in result.warnings}


def test_a_copy_of_the_page_with_the_epigrafe_is_dropped_before_the_laws_are_told_apart() -> None:
    # page 1 is page 0 scanned again (OCR read it a little differently): its epígrafe must not
    # open a second law of the same number that takes the pages after it
    first = (
        "Art. 2º.- O crédito será coberto com recursos provenientes do excesso de arrecadação.\n"
        "Art. 3º.- Esta Lei entra em vigor na data de sua publicação.\n"
        "Prefeitura Municipal de Araxá, em 10 de abril de 1984.\n"
        "MARIA DOS FREITAS MOURA\nPrefeito Municipal\n"
        "LEI Nº 676, DE 10 DE ABRIL DE 1984\n"
        "Dispõe sobre o comércio ambulante no Município.\n"
        "A Câmara Municipal de Araxá aprovou e eu, Prefeito Municipal, sanciono a seguinte Lei:\n"
        "ART. 1º. O exercício do comércio ambulante nas vias e logradouros públicos obedecerá ao disposto nesta Lei.\n"
        "ART. 2º. (VETADO)\n"
        "ART. 3º. A infração ao disposto nesta Lei sujeita o infrator às seguintes penalidades:\n"
        "I - advertência por escrito;\nII - (VETADO)\nIII - suspensão da licença por até 5 (cinco) dias.\n"
    )
    copy = (first.replace("provenientes", "prove-\nnientes").replace("I - advertência", "Ee den")
            .replace("Araxá aprovou", "Araxá aprovou-"))
    rest = (
        "ART. 4º. As infrações a esta Lei serão apuradas mediante auto lavrado pelo agente fiscal.\n"
        "ART. 5º. O pedido de licença será instruído com os documentos exigidos pelo regulamento.\n"
        "ART. 6º. Revogam-se as disposições em contrário.\n"
        "Prefeitura Municipal de Araxá, aos dez dias do mês de abril de mil novecentos e oitenta e quatro.\n"
        "MARIA DOS FREITAS MOURA\nPrefeito Municipal\n"
    )
    result = _structure("\f".join([first, copy, rest]), numero="676", ano=1984, tipo="Lei Ordinária")
    assert [i for i in _own_ids(result) if "_" not in i] == [f"art{k}" for k in range(1, 7)]
    assert "duplicate_page" in _codes(result)


DECREE_WITH_IN = """DECRETO Nº 27.326
APROVA A INSTRUÇÃO NORMATIVA Nº 02/2017 DE PAGAMENTO DE DESPESAS.
O PREFEITO MUNICIPAL DE CACHOEIRO DE ITAPEMIRIM, usando das atribuições legais, DECRETA:
Art. 1º Fica aprovada a Instrução Normativa SFI nº 02/2017, que faz parte integrante deste Decreto.
Art. 2º Este Decreto entra em vigor na data de sua publicação.
Cachoeiro de Itapemirim, 31 de outubro de 2017.
VICTOR DA SILVA COELHO
Prefeito Municipal
\f{next}"""


def test_the_signatures_end_at_the_page_break_when_the_next_page_opens_another_text() -> None:
    # the instrução normativa the decree approves opens the next page: its header lines read like
    # a name ('Procedimento de Pagamento de Despesas') but are no signatory's
    text = DECREE_WITH_IN.format(next="Número:\nINSTRUÇÃO NORMATIVA SFI – 02\nPonto de Controle:\n"
                                      "Procedimento de Pagamento de Despesas\nVersão: 01\n"
                                      "1 Finalidade\nEstabelecer critérios e procedimentos de pagamento.\n")
    out = structure_document(document_from_text(text))
    assert out.fecho is not None
    assert [(s.nome, s.cargo) for s in out.fecho.signatarios] == [("VICTOR DA SILVA COELHO", "Prefeito Municipal")]
    assert out.fecho.pages == (1, 1)
    assert any("INSTRUÇÃO NORMATIVA SFI" in (a.text or "") or "INSTRUÇÃO NORMATIVA SFI" in (a.label or "")
               for a in out.anexos)  # kept, as an anexo


def test_a_signature_continued_on_the_next_page_is_still_the_closings() -> None:
    text = DECREE_WITH_IN.format(next="JOSÉ SANTIAGO DE LIMA\nSecretário Municipal\n")
    out = structure_document(document_from_text(text))
    assert out.fecho is not None
    assert [s.nome for s in out.fecho.signatarios] == ["VICTOR DA SILVA COELHO", "JOSÉ SANTIAGO DE LIMA"]


SHUFFLED_BOOK = """Paço da Câmara Municipal de Sobral, 10 de abril de 1995.
FRANCISCO DAS CHAGAS ARRUDA
Presidente
LEI Nº 118, DE 12 DE ABRIL DE 1995
Cria o Conselho Municipal de Defesa do Patrimônio Histórico.
A CÂMARA MUNICIPAL DE SOBRAL aprovou e eu promulgo a seguinte Lei:
Art. 1º - Fica criado o Conselho Municipal de Defesa do Patrimônio Histórico.
Art. 2º - O Conselho será composto por membros assim distribuídos:
I - três representantes do Poder Executivo;
II - um representante da Câmara Municipal;
\fLEI Nº 119, DE 12 DE ABRIL DE 1995
Fixa o calendário escolar da rede municipal de ensino.
A CÂMARA MUNICIPAL DE SOBRAL aprovou e eu promulgo a seguinte Lei:
Art. 1º - O ano letivo terá duração mínima de duzentos dias.
Art. 2º - Esta Lei entra em vigor na data de sua publicação.
Paço da Câmara Municipal de Sobral, 12 de abril de 1995.
FRANCISCO DAS CHAGAS ARRUDA
Presidente
\fIII - um representante da Diocese de Sobral.
Art. 3º - O Conselho elegerá, dentre seus membros, o Presidente.
Art. 4º - Esta Lei entra em vigor na data de sua publicação.
Paço da Câmara Municipal de Sobral, 12 de abril de 1995.
FRANCISCO DAS CHAGAS ARRUDA
Presidente
"""


def test_a_page_after_a_neighbours_final_clause_continues_the_target_not_the_neighbour() -> None:
    # the neighbour's page ends with its vigência clause (Art. 2º): its law ends there, so the
    # next page's Art. 3º, which follows its numbering too, is the target's page out of order
    out = structure_document(document_from_text(SHUFFLED_BOOK), NormMeta(numero="118", ano=1995))
    assert [u.number for u in out.articulacao] == ["1", "2", "3", "4"]


@pytest.mark.parametrize(("head", "ementa", "preambulo"), [
    ("Dispõe sobre a aprovação do cadastro da Entidade REDE CIDADÃ.\n"
     "O Plenário do CONSELHO MUNICIPAL DE DEFESA DOS DIREITOS DA CRIANÇA, em sua Reunião Ordinária,\n"
     "usando das atribuições que lhe são conferidas pela Lei Federal nº 8.069/1990, RESOLVE:",
     "Dispõe sobre a aprovação do cadastro da Entidade REDE CIDADÃ.", "O Plenário do CONSELHO"),
    ("A DIRETORA ACADÊMICA DA FACULDADE DE PETROLINA - FACAPE, no\n"
     "uso de suas atribuições estatutárias, RESOLVE:", None, "A DIRETORA ACADÊMICA"),
])
def test_a_preambulo_opened_by_any_authority_is_set_apart_from_the_ementa(head: str, ementa: str | None,
                                                                        preambulo: str) -> None:
    text = f"RESOLUÇÃO Nº 010 DE 11 DE AGOSTO DE 2021\n{head}\nArt. 1º Aprovar o cadastro.\n" \
           "Art. 2º Esta Resolução entra em vigor na data de sua publicação.\n"
    out = structure_document(document_from_text(text))
    assert (out.ementa or None) == ementa
    assert out.preambulo is not None and out.preambulo.startswith(preambulo)


def test_a_lost_article_label_before_a_gap_of_two_is_read_by_the_sequence() -> None:
    # the label of art. 2 lost to a scrap ('Epis'), art. 3's printed clean but its first word
    # misread ('e infrações'): the gap before 'Art. 4º' lacks two, the sequence says which is which
    text = ("LEI Nº 7, DE 2 DE JANEIRO DE 1984\nCria o Conselho Municipal de Turismo.\n"
            "Art. 1º - Fica criado o Conselho Municipal de Turismo, órgão consultivo e de assessoramento\n"
            "do Poder Executivo.\n"
            "Epis e Conselho será composto pelos seguintes membros:\n"
            "I - 2 (dois) representantes do Rotary Clube;\n"
            "II - 3 (três) representantes da Paróquia local.\n"
            "Art. 3º e infrações a esta Lei serão apuradas mediante auto lavrado pelo agente\n"
            "fiscal, com a assinatura do infrator ou de duas testemunhas.\n"
            "Art. 4º - Compete à Administração do Mercado a fiscalização do cumprimento desta Lei.\n"
            "Art. 5º - Esta Lei entrará em vigor na data de sua publicação.\n")
    result = _structure(text)
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 6)]
    assert [u.id for u in result.articulacao[1].children] == ["art2_cpt_inc1", "art2_cpt_inc2"]


def test_a_clean_numeral_misread_is_renumbered_to_the_next_not_beyond() -> None:
    # 'ART. 12' printed, its '1' lost: read as 12 (the next), never as 13 (a gap) because the
    # nearer number aligned worse than a farther one renumbered
    arts = "\n".join(f"ART. {n} - O permissionário cumprirá a obrigação número {n} do regulamento." for n in range(1, 12))
    result = _structure("LEI Nº 9, DE 10 DE ABRIL DE 1984\nDispõe sobre o mercado.\n" + arts
                        + "\nART. 2, Revogam-se as disposições em contrário.\n")
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 13)]


def test_a_part_titled_after_its_numeral_opens_with_an_article_whose_label_ocr_destroyed() -> None:
    # 'II - DAS INFRAÇÕES E PENALIDADES' titles a part (no ':' or ';' announced a list), though
    # the next line's label is a scrap ('ALE SC'): LC 95 opens every agrupador with an article
    text = ("LEI Nº 1.828, DE 21 DE MARÇO DE 1983\nDisciplina o transporte escolar.\n"
            "I - DAS DISPOSIÇÕES PRELIMINARES\n"
            "Art. 1º - O transporte de escolares obedecerá ao disposto nesta Lei.\n"
            "Art. 2º - (VETADO)\n"
            "II - DAS INFRAÇÕES E PENALIDADES\n"
            "ALE SC Fica proibido o transporte de escolares no\n"
            "território do Município fora dos horários fixados em decreto do\n"
            "Executivo.\n"
            "Are. 0 - A autorização será requerida ao Prefeito Municipal.\n")
    result = _structure(text)
    ids = unit_ids(result)
    assert [i for i in ids if i.startswith("art") and "_" not in i] == ["art1", "art2", "art3", "art4"]
    assert not any("inc" in i for i in ids)  # the part's numeral is no inciso of art. 2


def test_a_label_scrap_that_recurs_at_line_starts_is_no_word_of_the_law() -> None:
    # the typewriter's 'ART. 1º -' and 'ART. 2º -' both read 'ARES': recurring, but only where
    # labels stand, so no word a sentence opens with; each opens its chapter's article
    text = ("LEI Nº 1.905, DE 9 DE JUNHO DE 1971\nRegulamenta o comércio ambulante no Município.\n"
            "CAPÍTULO I\nDAS DISPOSIÇÕES PRELIMINARES\n"
            "ARES to o) exercício do comércio ambulante nas vias e\n"
            "logradouros públicos obedecerá ao disposto nesta Lei e em seu\nregulamento.\n"
            "CAPÍTULO II\nDOS RECURSOS\n"
            "ARES Doc O pedido de licença será instruído com os\nseguintes documentos:\n"
            "I. planta do local, em duas vias;\nII. certidão negativa de débitos.\n"
            "ART. 3º. Esta Lei entra em vigor na data de sua publicação.\n")
    ids = unit_ids(_structure(text))
    assert [i for i in ids if i.startswith("art") and "_" not in i] == ["art1", "art2", "art3"]
    assert "art2_cpt_inc1" in ids


def test_an_act_in_running_case_under_a_heading_in_capitals_is_its_epigrafe() -> None:
    # a gazette page: the section's heading in capitals, then the law's epígrafe in running case
    # (pontapora-3714-2010); the heading ends without a full stop but opens no sentence
    text = ("Diário Oficial de Ponta Porã-MS 11.06.2010\n"
            "EXTRATO DE RESCISÃO CONTRATUAL\n"
            "Lei nº 3714, de 07 de Junho de 2010.\n"
            "Modifica o Anexo I da Lei nº 3.468, de 31.03.2006.\n"
            "O Prefeito Municipal de Ponta Porã faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte lei:\n"
            "Art. 1º O Anexo I passa a vigorar com a seguinte alteração.\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
            "Ponta Porã - MS, 07 de Junho de 2010.\n")
    result = _structure(text)
    assert result.epigrafe == "Lei nº 3714, de 07 de Junho de 2010"
    assert (result.norm.numero, result.norm.ano) == ("3714", 2010)


def test_a_law_cited_by_a_sentence_that_wrapped_is_no_epigrafe() -> None:
    text = ("LEI Nº 12, DE 3 DE MARÇO DE 1990\n"
            "Dispõe sobre a feira livre.\n"
            "Art. 1º A feira será regida na forma da\n"
            "Lei nº 201, de 12 de março de 1954.\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")
    result = _structure(text)
    assert (result.norm.numero, result.norm.ano) == ("12", 1990)
    assert result.neighbors == []


_MASTHEAD = "\n".join(["Minas Gerais , 29 de Setembro de 2023 • Diário Oficial dos Municípios • Nº 3612a"]
                      + [f"{k}º Vice-Presidente – Fulano de Tal {k} - Cidade {k}" for k in range(1, 15)])


def test_the_epigrafe_under_a_gazette_masthead_longer_than_a_letterhead_is_the_norms() -> None:
    # blind5 curvelo-3685-2023: fifteen lines of masthead and board before the epígrafe; the
    # letterhead reach (12 lines) missed it and the masthead became the ementa
    text = (f"{_MASTHEAD}\nLEI Nº 3.685, DE 28 DE SETEMBRO DE 2023\nCRIA O PROGRAMA APADRINHAMENTO AFETIVO.\n"
            "A CÂMARA MUNICIPAL DE CURVELO DECRETA E EU\nSANCIONO A SEGUINTE LEI:\n"
            "Art. 1º Fica criado o Programa.\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n"
            "Curvelo, 28 de setembro de 2023.\nLUIZ PAULO GLÓRIA GUIMARÃES\nPrefeito\n")
    result = _structure(text)
    assert (result.norm.numero, result.norm.ano) == ("3685", 2023)
    assert result.ementa == "CRIA O PROGRAMA APADRINHAMENTO AFETIVO."
    assert result.preambulo is not None and result.preambulo.startswith("A CÂMARA MUNICIPAL DE CURVELO DECRETA")
    assert _own_ids(result) == ["art1", "art2"] and result.document.status == "extracted"


def test_acts_closed_above_the_epigrafe_are_anothers_not_this_norms_head() -> None:
    # blind5 pontapora-3702-2010: a gazette page opens with two dispensas (a closing and a
    # signature each) before the law's epígrafe; the first closing ended 'the act' and the law
    # was called not_a_law
    dispensa = ("Considerando o cumprimento dos requisitos previstos no parágrafo único do art. 26, RATIFICO "
                "a dispensa de licitação.\nPonta Porã/MS, 25 de março de 2010.\nFLÁVIO KAYATT\nPrefeito Municipal\n")
    text = ("Diário Oficial de Ponta Porã-MS 25.03.2010 7\n" + dispensa * 3 + "Leis\n"
            "Lei nº 3702, de 25 de março de 2010.\nDispõe sobre a revisão geral anual.\n"
            "O Prefeito Municipal de Ponta Porã faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte lei:\n"
            "Art. 1º - Ficam reajustados em 4,31% as remunerações.\nArt. 2º - Esta Lei entra em vigor na data "
            "de sua publicação.\nPonta Porã, MS, 25 de março de 2010.\nFlávio Kayatt\nPrefeito Municipal\n")
    result = _structure(text)
    assert (result.norm.numero, result.norm.ano) == ("3702", 2010)
    assert _own_ids(result) == ["art1", "art2"]
    assert result.ementa == "Dispõe sobre a revisão geral anual."
    assert "neighbor_law" in _codes(result)  # the dispensas above are said to be left out


def test_a_heading_printed_twice_keeps_the_record_named_norms_articles() -> None:
    # blind5 teofilootoni-7743-2023: the section title 'LEI MUNICIPAL Nº 7.743' then the epígrafe
    # 'LEI MUNICIPAL Nº 7.743 /2023'; with the record the title alone was taken: no articles
    text = ("PREFEITURA DE TEÓFILO OTONI\nSECRETARIA DE GOVERNO\nLEI MUNICIPAL Nº 7.743\n"
            "LEI MUNICIPAL Nº 7.743 /2023\nDispõe sobre complementação do piso salarial.\n"
            "A CÂMARA MUNICIPAL DE TEÓFILO OTONI APROVA E\nEU PREFEITO MUNICIPAL SANCIONO A SEGUINTE LEI:\n"
            "Art. 1º. Fica autorizado o pagamento.\nArt. 2º. Esta Lei entra em vigor na data de sua publicação.\n"
            "Teófilo Otoni /MG, 21 de setembro de 2023.\nDANIEL BATISTA SUCUPIRA\nPrefeito do Município\n")
    for meta in ({}, {"numero": "7743", "ano": 2023}):
        result = _structure(text, **meta)
        assert _own_ids(result) == ["art1", "art2"], meta
        assert result.norm.numero == "7743" and not result.neighbors, meta


def test_pages_of_one_template_opening_acts_of_other_numbers_are_no_copies() -> None:
    # blind4 tucano-dol277-2021: six Decretos Legislativos, one a page, alike but for their number
    # and the year of the accounts they reject; pages 3-7 were dropped as 'scanned twice'
    page = ("Câmara Municipal de Tucano\nDECRETO LEGISLATIVO N.º {n:03d}\nDE 23 DE DEZEMBRO DE 2020\n"
            "Dispõe sobre a rejeição das contas da Prefeitura Municipal de Tucano, relativas ao exercício de {y}.\n"
            "O Presidente da Câmara Municipal, no uso de suas atribuições legais, faz saber que o Plenário da "
            "Casa Legislativa, na sessão ordinária realizada em 23 de dezembro de 2020, aprovou e ela promulga o seguinte:\n"
            "Art. 1º Ficam rejeitadas as contas da Prefeitura Municipal de Tucano, relativas ao exercício "
            "financeiro de {y} prestadas pelo ex-prefeito, acompanhando o parecer prévio do Tribunal de Contas.\n"
            "Art. 2º Este Decreto Legislativo entra em vigor na data de sua publicação.\n"
            "Plenário Gildásio Penedo, 23 de dezembro de 2020.\nRonaldo Moura Dantas\nPresidente\n")
    result = _structure("\f".join(page.format(n=n, y=2004 + n) for n in range(8, 11)))
    assert "duplicate_page" not in _codes(result)
    assert [n.numero for n in result.neighbors] == ["009", "010"]
    assert result.document.reasons == ["several_norms"]
    # the same page scanned twice is still a copy
    twice = _structure("\f".join([page.format(n=8, y=2012)] * 2))
    assert "duplicate_page" in _codes(twice) and not twice.neighbors


def test_an_epigrafe_in_running_case_after_unfinished_news_text_opens_the_law() -> None:
    # blind4 pontapora-3743-2010: the gazette's front-page news ends without a full stop right
    # above 'Lei nº 3743, de 23 de Novembro de 2010.'; it was read as a law cited in that
    # sentence and the news became the ementa. Its ementa follows: it is the epígrafe.
    news = ("A vice-diretora destacou a participação de pais e\nmães dos alunos e agradeceu ao prefeito e à "
            "secretária de\neducação pela realização do evento\n")
    law = ("Lei nº 3743, de 23 de Novembro de 2010.\nAltera dispositivos da Lei nº 3.468, de 31.03.2006.\n"
           "O Prefeito Municipal de Ponta Porã faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte lei:\n"
           "Art. 1º - O inciso IV passa a vigorar com nova redação.\nArt. 2º - Esta Lei entra em vigor na data "
           "de sua publicação.\nPonta Porã — MS, 23 de Novembro de 2010.\nFlávio Kayatt\nPrefeito Municipal\n")
    result = _structure(news + law)
    assert (result.norm.numero, result.norm.ano) == ("3743", 2010)
    assert result.ementa == "Altera dispositivos da Lei nº 3.468, de 31.03.2006."
    # a law cited at the end of a wrapped sentence is still no epígrafe
    cited = _structure(law.replace("O inciso IV passa a vigorar com nova redação.",
                                   "O inciso IV passa a vigorar na forma da\nLei nº 201, de 12 de março de 1954.\n"
                                   "Parágrafo único. O prazo será de trinta dias."))
    assert cited.norm.numero == "3743" and not cited.neighbors
    assert _own_ids(cited)[:2] == ["art1", "art1_par1u"]


def test_the_records_epigrafe_is_read_where_ocr_turned_one_figure_of_its_number_into_a_mark() -> None:
    from pipeline.segmenting.readings import expected_epigrafe

    epi = expected_epigrafe("LEI N.º 2.:39/69 |", "2339", "Lei Ordinária")
    assert epi is not None and (epi.numero, epi.ano) == ("2339", 1969)
    assert expected_epigrafe("LEI N.º 2.338/69", "2339", "Lei Ordinária") is None  # figures of another norm
    assert expected_epigrafe("LEI N.º 2.:38/69", "2339", "Lei Ordinária") is None  # two figures differ
    # the neighbour law's last articles before it on the page are left out, the law's own kept
    text = ("Art. 2º - A Prefeitura providenciará a colocação das placas.\n"
            "Art. 3º - Esta Lei entra em vigor na data de sua publicação.\n"
            "Prefeitura Municipal de Codó, em 19 de maio de 1969.\nJOSÉ RIBEIRO PRADO\nPrefeito Municipal\n"
            "LEI N.º 2.:39/69\nRegulamenta o serviço de táxi.\n"
            "A Câmara Municipal de Codó aprovou e eu sanciono a seguinte Lei:\n"
            "Art. 1º - A exploração do serviço de táxi obedecerá ao disposto nesta Lei.\n"
            "Art. 2º - A Prefeitura manterá cadastro atualizado dos motoristas.\n"
            "Art. 3º - Esta Lei entra em vigor na data de sua publicação.\n"
            "Prefeitura Municipal de Codó, em 19 de maio de 1969.\nJOSÉ RIBEIRO PRADO\nPrefeito Municipal\n")
    result = _structure(text, tipo="Lei Ordinária", numero="2339", ano=1969)
    assert _own_ids(result) == ["art1", "art2", "art3"]
    assert "táxi" in result.articulacao[0].text and "neighbor_law" in _codes(result)


def test_a_numbered_heading_closed_with_a_point_is_still_a_heading() -> None:
    # 'II - DAS DISPOSIÇÕES FINAIS.' (its numeral read 'I'): a part's title, not inciso I of the
    # article before it
    text = ("LEI Nº 12, DE 3 DE MARÇO DE 1962\nDispõe sobre o comércio ambulante.\n"
            "I - DAS DISPOSIÇÕES PRELIMINARES\n"
            "Art. 1º O exercício do comércio ambulante obedecerá ao disposto nesta Lei.\n"
            "Art. 2º A Prefeitura manterá cadastro atualizado dos ambulantes.\n"
            "I - DAS DISPOSIÇÕES FINAIS.\n"
            "Art. 3º Nenhum ambulante poderá exercer a atividade sem a prévia licença.\n")
    result = _structure(text)
    assert _own_ids(result) == ["cap1", "art1", "art2", "cap2", "art3"]  # no inciso art2_cpt_inc1


def test_a_worn_vigencia_behind_its_labels_numeral_after_a_line_that_runs_on_is_an_article():
    # parauapebas-17-1989 (typewritten, OCR): 'Art. 8º) Esta Lei entrará em vigor' read 'o, 82) Soto
    # Lei entrará em vigor', after a line whose '.' OCR read as ','
    text = ("LEI Nº 017/89, DE 27 DE JUNHO DE 1989\nDispõe sobre o Plano de Cargos.\n"
            "O Prefeito de Parauapebas faz saber que a Câmara Municipal aprovou e eu sanciono a seguinte Lei:\n"
            "Art. 1º) O quadro de pessoal do Poder Executivo fica constituído dos anexos.\n"
            "Art. 2º) O Prefeito baixará, no prazo de 90 (noventa) dias, o Regimento Interno\n"
            "dos órgãos da Prefeitura,\n"
            "o, 32) Soto Lei entrará em vigor na data de sua publicação, revogando os artigos\n"
            "20 a 25 da Lei Municipal nº 025/89.\n"
            "Gabinete do Prefeito Municipal de Parauapebas, aos vinte e sete dias de junho de 1989.\n")
    doc = structure_document(document_from_text(text), NormMeta(numero="17", ano=1989))
    assert [u.id for u in doc.articulacao] == ["art1", "art2", "art3"]
    assert doc.articulacao[-1].text.startswith("Soto Lei entrará em vigor")


def test_an_enacting_formula_an_article_quotes_opens_no_law():
    # tabira-res11-1991 (a regimento, its epígrafe unread): the article on promulgation quotes the
    # formula ('“O Presidente ...:' / 'Faço saber ... promulgo a seguinte Lei (ou Resolução).”');
    # an enacting clause after articles had opened a new law there, and articles 1-6 were lost
    text = ("Regimento Interno\n"
            "A Mesa Diretora da Câmara Municipal de Tabira faz saber que a Câmara aprovou e a Mesa promulga a\n"
            "seguinte RESOLUÇÃO:\n"
            "Art. 1º- A Mesa da Câmara será composta de um Presidente e dois Secretários.\n"
            "Art. 2º- A eleição dos membros da Mesa far-se-á por votação aberta.\n"
            "Art. 3º- Compete ao Presidente promulgar as Leis e Resoluções.\n"
            "Parágrafo Único - A fórmula para a promulgação das Leis e Resoluções é a seguinte:\n"
            "“O Presidente da Câmara Municipal:\n"
            "Faço saber que a Câmara Municipal aprovou e eu promulgo a seguinte Lei\n"
            "(ou Resolução).”\n"
            "Art. 4º- Enquanto estiver com o uso da palavra, o Presidente não poderá ser aparteado.\n"
            "Art. 5º- Esta Resolução entra em vigor na data de sua publicação.\n")
    doc = structure_document(document_from_text(text), NormMeta(numero="11", ano=1991))
    assert [u.id for u in doc.articulacao] == ["art1", "art2", "art3", "art4", "art5"]
    assert not any(w.code == "neighbor_law" for w in doc.warnings)


def _text_layer(text: str):
    doc = document_from_text(text)
    return doc.model_copy(update={"pages": tuple(p.model_copy(update={"method": "text"}) for p in doc.pages)})


def test_a_text_layer_lost_no_label_its_unnumbered_sentences_are_no_articles():
    # petrolina-do2737-2021 (born-digital): a council's resolução prints its vigência unnumbered
    # after Art. 2º; and famurs-do1384-2014's expediente box lists '3º Vice-Presidente: ...' under
    # an act's last article. Read by OCR either could be a unit whose label was lost; in a text
    # layer nothing was lost
    text = ("RESOLUÇÃO Nº 009/2021\nAprova o Projeto da APA Petrolina.\n"
            "O CONSELHO MUNICIPAL DOS DIREITOS DA CRIANÇA, no uso de suas atribuições, RESOLVE:\n"
            "Art. 1º Aprovar o Projeto da APA Petrolina;\n"
            "Art. 2º O Projeto propõe trabalhar em busca de empresas de lucro real.\n"
            "Esta Resolução entra em vigor na data de sua publicação.\n"
            "1º Vice-Presidente: Miguel de Souza Almeida\n"
            "2º Vice-Presidente: Clair Tomé Kuhn\n"
            "3º Vice-Presidente: Mariovane Gottfried Weis\n"
            "Petrolina-PE, 28 de julho de 2021\n")
    doc = structure_document(_text_layer(text), NormMeta(numero="9", ano=2021))
    assert [u.id for u in doc.articulacao] == ["art1", "art2"]


_LAW_90 = ("LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n"
           "O Prefeito Municipal de Piracema, no uso de suas atribuições, sanciona a seguinte Lei:\n"
           "Art. 1º O permissionário observará esta Lei.\nArt. 2º A licença é pessoal.\n"
           "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n"
           "Prefeitura Municipal de Piracema, em 9 de maio de 1985.\nJOÃO DA SILVA\nPrefeito Municipal\n")


@pytest.mark.parametrize("clause", [
    "—s O Prefeito Municipal de Piracema, no uso de suas\natribuições, faz saber que a Câmara Municipal decretou e ele\nsanciona a seguinte Lei:",
    "“vâmar Mnicipal ge la ovou e cu P efe. c Municipai,\nsarciono a seguinte Lei:",
])
def test_a_later_law_whose_epigrafe_and_clause_start_ocr_wrecked_is_left_out(clause: str) -> None:
    # its epígrafe unreadable ('LEI N.º 9l, DES3:0E MAIO'), the clause's first words too; the
    # clause's end and a numbering that starts again show the next law
    later = ("LEI N.º 9l, DES3:0E MAIO DE 1985\nDeclara de utilidade pública a enti-\ndade que menciona.\n"
             f"{clause}\nArt. 1º Fica declarada de utilidade pública a Associação.\n"
             "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")
    result = _structure(_LAW_90 + later, numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3"]
    assert any("a later law whose epígrafe was lost" in w.message for w in result.warnings if w.code == "neighbor_law")


def test_a_quoted_formula_before_an_article_read_as_1_opens_no_law() -> None:
    text = _LAW_90.replace("Art. 2º A licença é pessoal.", "Art. 2º A promulgação das leis se fará assim:\n"
                           "Prefeito Municipal de Piracema, faz saber que a Câmara\nMunicipal aprovou e ele sanciona a seguinte Lei:")
    text = text.replace("Art. 3º", "Art. 1º").replace("Prefeitura Municipal", "Art. 4º O regulamento disporá.\nPrefeitura Municipal", 1)
    result = _structure(text, numero="90", ano=1985)
    assert "neighbor_law" not in _codes(result)


def test_an_article_cited_across_an_ementas_wrap_is_no_label() -> None:
    # ce-lei551-2018: 'ALTERA A REDAÇÃO DO INCISO I, DO ART.' / '3º., O ART. 4º, ...' was read as
    # article 3 inside the ementa, and the law's own articles became another norm's
    text = ("LEI MUNICIPAL Nº 551/2018, DE 25 DE ABRIL DE 2018.\n"
            "ALTERA A REDAÇÃO DO INCISO I, DO ART.\n"
            "3º., O ART. 4º, E O ART. 12 DA LEI MUNICIPAL\n"
            "Nº. 331/2009, E DÁ OUTRAS PROVIDÊNCIAS.\n"
            "O PREFEITO MUNICIPAL DE BARROQUINHA faz saber que a Câmara aprovou e eu sanciono a seguinte lei:\n"
            "Art. 1º. Fica alterada a redação do inciso I do art. 3º da Lei Municipal nº 331/2009.\n"
            "Art. 2º. Fica alterada a redação do art. 4º da Lei Municipal nº 331/2009.\n"
            "Art. 3º. Esta Lei entra em vigor na data de sua publicação.\n"
            "PAÇO DA PREFEITURA MUNICIPAL DE BARROQUINHA, aos 25 de abril de 2018.\n")
    result = structure_document(document_from_text(text))
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3"]
    assert result.ementa is not None and "ART. 4º" in result.ementa
    # a label cut at a sentence's end still goes back to the line it opens
    cut = structure_document(document_from_text(
        "LEI Nº 9, DE 1 DE MAIO DE 2020\nDispõe sobre o trânsito.\n"
        "O PREFEITO MUNICIPAL DE X faz saber que a Câmara aprovou e eu sanciono a seguinte Lei:\n"
        "Art. 1º Fica criado o Conselho de Trânsito. Art.\n2º - É proibido estacionar.\n"
        "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n"))
    assert [u.id for u in cut.articulacao] == ["art1", "art2", "art3"]


def test_a_signed_closing_ends_the_law_before_a_citation_in_capitals_on_the_page_below() -> None:
    # ce-lei2077-2022: after the law's closing and signature, a gazette's next notice cites
    # 'ARTIGO 57, INCISO II, DA LEI Nº 8.666/93': no article 5 of this law
    text = ("LEI Nº 2.077, DE 10 DE JUNHO DE 2022\nAutoriza a doação de imóvel.\n"
            "O PREFEITO MUNICIPAL DE MORADA NOVA faz saber que a Câmara aprovou e eu sanciono a seguinte Lei:\n"
            "Art. 1º Fica autorizada a doação do imóvel.\nArt. 2º O imóvel destina-se a atividades culturais.\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n"
            "PAÇO DA PREFEITURA MUNICIPAL DE MORADA NOVA, em\n10 de junho de 2022.\n"
            "JOSÉ VANDERLEY NOGUEIRA\nPrefeito Municipal\n"
            "EXTRATO DO TERMO ADITIVO AO CONTRATO Nº 12/2022\nPRORROGAÇÃO DO PRAZO, COM BASE NO\n"
            "ARTIGO 57, INCISO II, DA LEI Nº 8.666/93 E SUAS\nALTERAÇÕES POSTERIORES.\n")
    result = structure_document(document_from_text(text))
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3"]
    assert result.fecho is not None and result.fecho.data is not None


def test_without_a_record_a_law_its_epigrafe_names_is_taken_before_one_whose_epigrafe_was_not_read() -> None:
    # ce-dec44-2013: Icapuí's decree (3 articles) beside Paramoti's 'AUTÓGRAFO DE LEI Nº 010 ...'
    # (no epígrafe the pipeline reads; 5 articles): the decree is the norm a reader can name
    text = ("DECRETO Nº 044/2013\nSUSPENDE A CONCESSÃO DE LICENÇA-PRÊMIO.\n"
            "O PREFEITO MUNICIPAL DE ICAPUÍ, no uso de suas atribuições legais,\nD E C R E T A:\n"
            "Art. 1º - Fica suspensa a concessão de licença-prêmio.\n"
            "Art. 2º - Este Decreto entra em vigor na data de sua publicação.\n"
            "Art. 3º - Revogam-se as disposições em contrário.\n"
            "PAÇO DA PREFEITURA MUNICIPAL DE ICAPUÍ, aos 08 de agosto de 2013.\n"
            "JERÔNIMO FELIPE REIS DE SOUZA\nPrefeito Municipal\n"
            "AUTÓGRAFO DE LEI Nº 010 DE 09 DE AGOSTO DE 2013\nDispõe sobre a transparência dos atos.\n"
            "A Câmara Municipal de Paramoti, decreta:\n"
            + "".join(f"Art. {n}º Disposição número {n} da lei.\n" for n in range(1, 6))
            + "Paramoti, 09 de agosto de 2013.\nMARIA DA SILVA\nPresidente da Câmara\n")
    result = structure_document(document_from_text(text))
    assert (result.norm.tipo, result.norm.numero, result.norm.ano) == ("Decreto", "044", 2013)
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3"]
    assert "several_norms" in result.document.reasons


def test_considerations_open_the_preambulo_where_no_authority_is_named() -> None:
    # ce-dec60-2018: 'CONSIDERANDO a necessidade ...' / 'DECRETA:' went into the ementa, preâmbulo null
    text = ("DECRETO Nº: 60/2018, DE 16 DE AGOSTO DE 2018.\n"
            "REVOGA O ARTIGO 3º DO DECRETO Nº 059 DE 07 DE AGOSTO DE 2018 E ADOTA OUTRAS PROVIDÊNCIAS.\n"
            "CONSIDERANDO a necessidade de disciplinar o funcionamento dos órgãos do poder executivo;\n"
            "DECRETA:\nArt. 1º - Fica revogado o artigo 3º do Decreto Nº 059.\n"
            "Art. 2º - Este Decreto entra em vigor na data de sua publicação.\n"
            "Iguatu - Ceará, em 16 de agosto de 2018.\nEDNALDO DE LAVOR COURAS\nPrefeito Municipal\n")
    result = structure_document(document_from_text(text))
    assert result.ementa == "REVOGA O ARTIGO 3º DO DECRETO Nº 059 DE 07 DE AGOSTO DE 2018 E ADOTA OUTRAS PROVIDÊNCIAS."
    assert result.preambulo is not None and result.preambulo.startswith("CONSIDERANDO a necessidade")
    assert [u.id for u in result.articulacao] == ["art1", "art2"]


def test_chapters_that_run_on_from_iii_keep_their_numbers_and_say_the_first_were_lost() -> None:
    # 454777142/008: 'CAPÍTULO.' and 'CAPÍTULO Li' went unread; III and IV keep their printed
    # numbers, and the two lost headings make the law no whole structure
    text = ("LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 2)
            + "\nCAPÍTULO III - DAS OBRIGAÇÕES\n" + _page(3, 3) + "\nCAPÍTULO IV - DAS DISPOSIÇÕES FINAIS\n"
            + _page(4, 4) + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.\nJOÃO DA SILVA\nPrefeito Municipal")
    result = _structure(text, numero="90", ano=1985)
    assert [g.id for g in result.articulacao if g.type == "capitulo"] == ["cap3", "cap4"]
    assert any(w.code == "units_missing" and "2 lost" in w.message for w in result.warnings)
    assert result.document.status != "extracted"


def test_a_text_layer_where_the_law_skips_an_article_number_gets_no_article_invented() -> None:
    # famurs3650-p32 (blind8, born-digital): Lei 4925 prints no Art. 3 (1, 2, 4, 5); a budget line
    # after Art. 2's parágrafo ('Órgão: 05 - Secretaria ...') had been read as the lost article 3
    text = ("LEI MUNICIPAL Nº 4925/2023 DE 04 DE SETEMBRO DE 2023.\nAutoriza repasse.\n"
            "O PREFEITO MUNICIPAL, no uso de suas atribuições, sanciona a seguinte Lei:\n"
            "Art. 1º- Fica o Poder Executivo Municipal autorizado a repassar recursos.\n"
            "Art. 2º - As despesas correrão à conta da dotação orçamentária.\n"
            "Parágrafo Único: A dotação é a seguinte.\n"
            "Órgão: 05 - Secretaria Municipal de Obras, Viação e Urbanismo\n"
            "Art. 4º - O Poder Executivo regulamentará esta Lei.\n"
            "Art. 5º - Esta Lei entra em vigor na data de sua publicação.\n"
            "GABINETE DO PREFEITO, 04 de setembro de 2023.\n")
    doc = structure_document(_text_layer(text), NormMeta(numero="4925", ano=2023))
    assert [u.id for u in doc.articulacao] == ["art1", "art2", "art4", "art5"]
    assert doc.document.status != "extracted"  # the numbering has a gap: a person looks


def test_the_records_epigrafe_is_read_with_its_tipo_broken_and_a_quote_of_dust_before_the_next_clause() -> None:
    # 734534063/009: the target's epígrafe read '“LEI MU ICIP L Nº 2.358, ...' and its ementa's
    # line '“pais no Kunicípi' (quotation marks of dust) after the previous law's signatures; the
    # law after it (2.359) had been taken, with no article, and the target left out
    from pipeline.segmenting.readings import expected_epigrafe

    title = "“LEI MU ICIP L Nº 2.358, DE 9 DE JUNHO DE 1973"
    assert (epi := expected_epigrafe(title, "2358")) is not None and epi.numero == "2358"
    assert expected_epigrafe(title, "2359") is None
    # the fewest scraps that leave a sign after them: 'LET N.º 947' is 'LET' and 'N.º' (614583230/030)
    assert (epi := expected_epigrafe("LET N.º 947, DE 16 DE DEZEMBRO DE 1969 -", "947")) is not None
    assert epi.numero == "947"
    previous = ("ARTIGO 2.º — O crédito será coberto com recursos.\n"
                "ARTIGO 3.º — Esta Lei entra em vigor na data de sua publicação.\n"
                "Câmara Municipal de Ituiutaba, em 9 de junho de 1973.\nARLINDO COSTA BARROS\nPresidente da Câmara\n")
    target = ("LEI MUNICIP4L Nº 2.358, DE 9 DE JUNHO DE 1973\nRegulamenta os cemitérios munici-\n“pais no Município.\n"
              "A CÂMARA MUNICIPAL DE ITUIUTABA aprovou e o seu Presidente promulga a seguinte Lei:\n"
              + _page(1, 3) + "\nCâmara Municipal de Ituiutaba, em 9 de junho de 1973.\nARLINDO COSTA BARROS\nPresidente da Câmara\n")
    later = "LEI Nº 2.359, DE 9 DE JUNHO DE 1973\nAutoriza a doação de imóvel.\n"
    result = _structure(previous + target + later, numero="2358", ano=1973)
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3"]


def test_the_end_of_a_previous_law_on_the_epigrafes_own_page_is_never_the_targets() -> None:
    # 734534063/027: a stroke glued to the target's labels ('Art. |1º') made its printed numbers
    # 11, 12, ...; the previous law's 'ARTIGO 2º', 'ARTIGO 3º' above the epígrafe, cut from it by
    # the signatures and a stamp, were taken for the target's continuation (articles 10 and 11)
    first = ("ESTADO DE SÃO PAULO\nPREFEITURA MUNICIPAL DE LINS\nGabinete do Prefeito\n"
             "ARTIGO 2º :- A Prefeitura providenciará a colocação das placas.\n"
             "ARTIGO 3º :- Esta Lei entra em vigor na data de sua publicação.\n"
             "Prefeltura Municipal qe lins, em 24 de março de 1970:\n2990000,\ne meme\nJOSÉ SOUZA GOMES\nPrefeito Municipal\nNM 217\n"
             "LEI COMPLEMENTAR Nº 729, DE 24 DE MARÇO DE 1972\nCria o Conselho Municipal de Defesa Civil.\n"
             "A Câmara Municipal de Lins aprovou e eu, Prefeito Municipal, sanciono a seguinte Lei:\n"
             "Art. |1º - Fica criado o Conselho Municipal de Defesa Civil.\n"
             "Art. |2º - O Conselho será composto por cinco membros.\n"
             "Art. |3º - As infrações a esta Lei serão apuradas pelo agente fiscal.\n")
    second = ("ESTADO DE SÃO PAULO\nPREFEITURA MUNICIPAL DE LINS\nGabinete do Prefeito\n"
              "Art. 4º - A Prefeitura manterá cadastro atualizado dos membros.\n"
              "Art. 5º - Esta Lei entra em vigor na data de sua publicação.\n"
              "JOSÉ SOUZA GOMES\nPrefeito Municipal\n")  # (its closing worn past reading, as there)
    result = _structure(first + "\f" + second, numero="729", ano=1972, tipo="Lei Complementar")
    assert [u.id for u in result.articulacao] == ["art1", "art2", "art3", "art4", "art5"]


def test_chapters_numbered_on_across_titulos_lose_no_heading() -> None:
    # 152098682/009: TÍTULO II opens with CAPÍTULO III after TÍTULO I's I and II: nothing was lost
    text = ("LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n"
            "TÍTULO I - DAS NORMAS GERAIS\nCAPÍTULO I - DAS DISPOSIÇÕES PRELIMINARES\n" + _page(1, 1)
            + "\nCAPÍTULO II - DA AUTORIZAÇÃO\n" + _page(2, 2)
            + "\nTÍTULO II - DAS NORMAS FINAIS\nCAPÍTULO III - DA FISCALIZAÇÃO\n" + _page(3, 3)
            + "\nCAPÍTULO IV - DAS DISPOSIÇÕES FINAIS\n" + _page(4, 4)
            + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.\nJOÃO DA SILVA\nPrefeito Municipal")
    result = _structure(text, numero="90", ano=1985)
    assert "units_missing" not in _codes(result)


def _group_ids(nodes) -> list[str]:
    out: list[str] = []
    for n in nodes:
        if n.type in ("parte", "livro", "titulo", "capitulo", "secao", "subsecao"):
            out.append(n.id)
            out.extend(_group_ids(n.children))
    return out


def test_headings_printed_without_their_keyword_under_a_titulo_are_its_capitulos() -> None:
    text = ("TÍTULO I\nDAS NORMAS GERAIS\nI - DAS DISPOSIÇÕES PRELIMINARES\n"
            "Art. 1º O parcelamento do solo obedecerá ao disposto nesta Lei.\n"
            "TÍTULO II\nDAS NORMAS ESPECIAIS\nII - DAS INFRAÇÕES E PENALIDADES\n"
            "Art. 2º A infração sujeita o infrator à multa.\n"
            "III - DAS DISPOSIÇÕES FINAIS\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n")
    result = _structure(text)
    # (LexML numbers capítulos on across títulos)
    assert _group_ids(result.articulacao) == ["tit1", "tit1_cap1", "tit2", "tit2_cap2", "tit2_cap3"]
    assert _unit(result, "tit2_cap3").title == "DAS DISPOSIÇÕES FINAIS"


def test_a_heading_without_its_keyword_that_continues_the_numbering_above_is_its_sibling() -> None:
    text = ("CAPÍTULO I\nDAS DISPOSIÇÕES PRELIMINARES\n"
            "Art. 1º O parcelamento do solo obedecerá ao disposto nesta Lei.\n"
            "II - DAS INFRAÇÕES E PENALIDADES\n"
            "Art. 2º A infração sujeita o infrator à multa.\n"
            "III - DAS DISPOSIÇÕES FINAIS\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n")
    assert _group_ids(_structure(text).articulacao) == ["cap1", "cap2", "cap3"]


_MOCOCA_PAGES = [
    "LEI Nº 1.649, DE 13 DE JUNHO DE 1977\nDisciplina o horário do comércio.\n"
    "O PREFEITO MUNICIPAL DE MOCOCA faço saber que a Câmara Municipal aprovou e eu sanciono a seguinte Lei:\n"
    "Artigo Ss A abertura do comércio obedecerá ao disposto nesta Lei.\n"
    "Artigo 2º. São obrigações do comerciante:\nI - não ceder a licença a terceiros;\n"
    "II - tratar com urbanidade o público.",
    "Prefeitura Municipal de Mococa, aos treze dias do mês de junho de mil novecentos e setenta e sete.\n"
    "JOSÉ DA SILVA\nPrefeito Municipal\n"
    "LEI Nº 1.650, DE 13 DE JUNHO DE 1977\nDenomina logradouro público.\n"
    "A Câmara Municipal de Mococa aprovou e eu, Prefeito Municipal, sanciono a seguinte Lei:\n"
    "ARTIGO 1.º:- Fica denominada Rua Waldemar Prado a atual Rua 39 do Bairro Pereira.\n"
    "ARTIGO 2.º:- Esta Lei entra em vigor na data de sua publicação.\n"
    "Prefeitura Municipal de Mococa, aos treze dias do mês de junho de mil novecentos e setenta e sete.\n"
    "JOSÉ DA SILVA\nPrefeito Municipal",
    "Artigo 3º. A infração sujeita o infrator às seguintes penalidades:\nI - advertência por escrito;\n"
    "II - multa de 5 (cinco) a 25 (vinte e cinco) OTN.\n"
    "Artigo 4º. Esta Lei entrará em vigor na data de sua publicação.",
]


def test_a_page_after_the_next_laws_closing_that_goes_on_from_the_targets_one_printed_number() -> None:
    # (seed-333322132/009: article 1's label unread, so the target printed one number only; the
    # page of its articles 3 and 4 was scanned after the next law and its fecho, and its own
    # closing page before that law: no law has articles after its closing)
    result = _structure("\f".join(_MOCOCA_PAGES), numero="1.649", ano=1977)
    assert unit_ids(result) == ["art1", "art2", "art2_cpt_inc1", "art2_cpt_inc2", "art3", "art3_cpt_inc1",
                                "art3_cpt_inc2", "art4"]
    assert result.fecho is not None and str(result.fecho.data) == "1977-06-13"
    assert "pages_reordered" in _codes(result)
    assert _unit(result, "art2_cpt_inc2").text == "tratar com urbanidade o público."


def test_one_printed_number_claims_no_page_that_does_not_go_on_right_after_it() -> None:
    pages = list(_MOCOCA_PAGES)
    pages[2] = pages[2].replace("Artigo 3º.", "Artigo 5º.").replace("Artigo 4º.", "Artigo 6º.")
    result = _structure("\f".join(pages), numero="1.649", ano=1977)
    assert "art5" not in unit_ids(result) and "art3" not in unit_ids(result)


def test_a_page_that_fills_the_targets_gap_exactly_is_the_targets_though_the_next_law_could_run_on() -> None:
    # (625471812/005: the target's articles 1-2 and 13-15 with its fecho, then the next law's
    # articles 1-2, then a page of 3 to 12: the next law could run on to article 3, but the page
    # fills the target's gap from end to end)
    pages = [
        "LEI Nº 1.673/90\nDisciplina os cemitérios municipais.\n"
        "O PREFEITO MUNICIPAL DE CRUZ ALTA faço saber que a Câmara Municipal aprovou e eu sanciono a seguinte Lei:\n"
        "Artigo 1º. A administração dos cemitérios obedecerá ao disposto nesta Lei.\n"
        "Artigo 2º. São obrigações do concessionário manter limpa a sepultura.",
        "Artigo 5º. Compete à Secretaria Municipal de Serviços Urbanos a fiscalização.\n"
        "Artigo 6º. Esta Lei entrará em vigor na data de sua publicação.\n"
        "Prefeitura Municipal de Cruz Alta, em 7 de janeiro de 1990.\nANA MOURA BRANDÃO\nPrefeito Municipal\n"
        "LEI MUNICIPAL Nº 1.674, DE 7 DE JANEIRO DE 1990\nDenomina logradouro público.\n"
        "O PREFEITO MUNICIPAL DE CRUZ ALTA faço saber que a Câmara Municipal aprovou e eu sanciono a seguinte Lei:\n"
        "ARTIGO 1º - Fica denominada Rua José Vieira a atual Rua 24 do Bairro Mendes.\n"
        "ARTIGO 2º - A Prefeitura providenciará a colocação das placas.",
        "Artigo 3º. Os concessionários terão o prazo de 15 (quinze) dias para se adaptarem.\n"
        "Artigo 4º. O pedido de renovação será apresentado até trinta dias antes do vencimento.",
    ]
    result = _structure("\f".join(pages), numero="1.673", ano=1990)
    assert unit_ids(result) == ["art1", "art2", "art3", "art4", "art5", "art6"]
    assert "pages_reordered" in _codes(result)


def test_an_enacting_clause_with_a_misread_letter_still_opens_the_next_law() -> None:
    # (888044488/011: the next law's epígrafe lost, its clause read 'promulga a sequinte Lei:':
    # its articles 1 and 2 were taken as the target's 17 and 18)
    text = ("LEI Nº 77, DE 3 DE SETEMBRO DE 1980\nDisciplina a poda de árvores.\n"
            "A CÂMARA MUNICIPAL DE ARARAQUARA aprovou e o seu Presidente promulga a seguinte Lei:\n"
            "Art. 1º - A poda de árvores depende de autorização.\n"
            "Art. 2º - Esta Lei entra em vigor na data de sua publicação.\n"
            "Câmara Municipal de Araraquara, em 3 de setembro de 1980.\nHEUSA MONTEIRO CASTRO\nPresidente da Câmara\n"
            "Denomina logradouro público.\n"
            "A CÂMARA MUNICIPAL DE ARARAQUARA, Estado de São Paulo,\n"
            "aprovou e o seu Presidente, no uso de suas atribuições legais,\npromulga a sequinte Lei:\n"
            "Art. 1º - Fica denominada Rua Sebastião Barbosa a atual Rua 18.\n"
            "Art. 2º - A Prefeitura providenciará a colocação das placas.\n")
    result = _structure(text, numero="77", ano=1980)
    assert unit_ids(result) == ["art1", "art2"]
    assert "neighbor_law" in _codes(result)


def test_a_page_number_stamped_mid_page_of_a_scan_starts_no_page() -> None:
    # (395425336/026: 'NM 17' stamped in the margin under 'os seguintes documentos:' split the page,
    # and the incisos after it, with no article number of their own, were left with the next law)
    from pipeline.cleaning import CleanLine
    from pipeline.segmenting.pages import page_boundaries

    def page(index: int, texts: list[str]) -> list[CleanLine]:
        return [CleanLine(t, index, k, kind="noise" if t == "NM 17" else "content",
                          reason="page_stamp" if t == "NM 17" else None) for k, t in enumerate(texts)]

    lines = page(0, ["Art. 6º O pedido será renovado.", "Art. 7º O pedido será instruído com:", "NM 17",
                     "I - prova de quitação do serviço militar;", "II - comprovante de inscrição."])
    lines += page(1, ["Art. 8º O comerciante responderá pelos danos."])
    positions = [k for k, ln in enumerate(lines) if ln.kind == "content"]
    assert page_boundaries(lines, positions) == {4}
    # in plain text glued from pages (one page index), the stamp is where a page ends
    flat = [CleanLine(ln.text, 0, k, kind=ln.kind, reason=ln.reason) for k, ln in enumerate(lines)]
    assert page_boundaries(flat, positions) == {2}


def test_a_law_whose_epigrafe_ocr_lost_is_the_record_s_where_its_head_reads_as_its_ementa() -> None:
    # (350433781/008: 'LEI N:º 63/84' unread, then the next law's epígrafe 'LEI MUNICIPAL Nº 64')
    text = ("LEI N@ 63 8A\nDisciplina o comércio ambulante no\nMunicípio.\n"
            "A Câmara Municipal de Picos aprovou e eu, Prefeito Municipal, sanciono a seguinte Lei:\n"
            "Art. 1º O exercício do comércio ambulante obedecerá ao disposto nesta Lei.\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
            "Prefeitura Municipal de Picos, em 19 de abril de 1984.\n"
            "LEI MUNICIPAL Nº 64, DE 19 DE ABRIL DE 1984\nDenomina logradouro público.\n"
            "Art. 1º Fica denominada Rua das Flores a via pública do Loteamento Sol.\n")
    result = _structure(text, numero="63", ano=1984, ementa="DISCIPLINA O COMÉRCIO AMBULANTE NO MUNICÍPIO.")
    assert _unit(result, "art1").text.startswith("O exercício do comércio ambulante")
    assert unit_ids(result) == ["art1", "art2"]
    assert "metadata_mismatch" in _codes(result)
    # with another record's ementa, the law whose epígrafe was read stays the target
    other = _structure(text, numero="63", ano=1984, ementa="Institui o programa de hortas comunitárias.")
    assert _unit(other, "art1").text.startswith("Fica denominada Rua das Flores")


def test_a_closing_scanned_before_pages_of_articles_goes_after_them() -> None:
    # 624117120/025: pages scanned [0, 2, 1]; the page of articles 14-15 (its 15 misread) with the
    # closing and the next law came before the page of articles 5-13: one printed 14 before them
    # read as one misread number, and the law kept its closing amid its articles
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 4)
    last = (_page(14, 15).replace("Art. 15", "Art, .1S") + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.\n"
            "LEI Nº 91, DE 9 DE MAIO DE 1985\nDispõe sobre feiras.\n" + _page(1, 3)
            + "\nPrefeitura Municipal de Piracema, 9 de maio de 1985.")
    middle = _page(5, 13).replace("Art. 5º", "Art... 5º")
    result = _structure("\f".join([first, last, middle]), numero="90", ano=1985)
    assert [u.id for u in result.articulacao] == [f"art{n}" for n in range(1, 16)]
    assert result.fecho is not None and str(result.fecho.data) == "1985-05-09"
    assert "pages_reordered" in _codes(result)


def test_a_closing_page_whose_own_numbers_are_misread_goes_after_the_page_that_continues_the_law() -> None:
    # 486135991/027: pages scanned [0, 2, 1]; the last page, its articles read 'Art. lo' and 'ALE. 2'
    # (11 and 12) and its vigência clause and signatures wrecked, came before the page of articles 4-10:
    # its numbers do not continue the law, the later page's do, and the vigência clause closes the law
    first = "LEI Nº 90, DE 9 DE MAIO DE 1985\nDispõe sobre permissões.\n" + _page(1, 3)
    last = ("ESTADO DE MINAS GERAIS\nPREFEITURA MUNICIPAL DE PIRACEMA\n"
            "Art. lo É vedado ao permissionário utilizar a banca para fim diverso.\n"
            "ALE. 2 Lei entra em vigor na data de sua publicação.")
    result = _structure("\f".join([first, last, _page(4, 10)]), numero="90", ano=1985)
    ids = [u.id for u in result.articulacao]
    assert ids[:11] == [f"art{n}" for n in range(1, 12)], ids
    assert "pages_reordered" in _codes(result)


def test_born_digital_text_misreads_no_numeral_its_label_after_a_gap_is_read_as_printed() -> None:
    # bujari-lei648-2021 (blind9, born-digital): 'Art. 1º', 'Art. 2º', then 'Art. 6° -. Registra-se
    # ...': read by OCR a '6' where 3 is expected may be misread; in born-digital text it is what the
    # law prints. An OCR layer laid over a scan by other software (vgsul-dec4889-2019) is OCR's
    # reading: the sequence may still repair its numeral there
    text = ("LEI N° 648 DE 17 DE DEZEMBRO DE 2021.\nAltera a Lei nº 565.\n"
            "O PREFEITO DO MUNICÍPIO DE BUJARI, faz saber que a Câmara aprovou e eu sanciono a seguinte Lei:\n"
            "Art. 1º - Altera o art. 24 da Lei n° 565, de 20 de julho de 2015.\n"
            "Art. 2º - A presente lei entra em vigor na data da sua publicação.\n"
            "Art. 6° -. Registra-se, Publica-se e Cumpra-se.\n"
            "Bujari/AC, 17 de Dezembro de 2021.\n")
    meta = NormMeta(numero="648", ano=2021)
    doc = structure_document(_text_layer(text), meta)
    assert [u.id for u in doc.articulacao] == ["art1", "art2", "art6"]
    assert doc.document.status != "extracted"
    layer = _text_layer(text)
    over_scan = layer.model_copy(update={"pages": tuple(p.model_copy(update={"ocr_layer": True}) for p in layer.pages)})
    for read in (document_from_text(text), over_scan):
        assert [u.id for u in structure_document(read, meta).articulacao] == ["art1", "art2", "art3"]


def test_a_citation_wrapped_to_a_line_start_before_the_enacting_clause_is_the_preambles() -> None:
    # doeac13188-p51 (blind9): '... que lhe são oferecidas pelo' / 'art. 57°, Inciso II e V da Lei
    # Orgânica ...' / 'DECRETA:' had opened the body with an article 57 before articles 1-3
    text = ("DECRETO DE N° 298 DE 16 DE DEZEMBRO DE 2021\nAbre crédito suplementar.\n"
            "O PREFEITO DO MUNICÍPIO DE ACRELANDIA/AC, no uso de suas atribuições que lhe são oferecidas pelo\n"
            "art. 57°, Inciso II e V da Lei Orgânica do Município de Acrelândia.\n"
            "DECRETA:\n"
            "Art.1°- Fica aberto no corrente exercício Crédito Suplementar.\n"
            "Art. 2°- Para atendimento da suplementação serão utilizados recursos.\n"
            "Art 3°- Este decreto entrará em vigor na data de sua publicação.\n"
            "Acrelândia/AC, 16 de dezembro de 2021.\n")
    doc = structure_document(_text_layer(text), NormMeta(numero="298", ano=2021))
    assert [u.id for u in doc.articulacao] == ["art1", "art2", "art3"]
    assert doc.preambulo is not None and "art. 57°" in doc.preambulo


def test_a_title_without_number_that_ends_an_ementas_sentence_is_no_epigrafe() -> None:
    # gurupa-1187-2015 (../shared/real-world): the ementa in capitals ends '... DE QUE TRATA O ARTIGO
    # 142 DA' / 'LEI ORGÂNICA DO MUNICÍPIO DE GURUPÁ.'; that line had been read as the norm's
    # epígrafe (a Lei Orgânica, no number) in place of 'LEI MUNICIPAL Nº 1,187, ...' above it
    text = ("PREFEITURA MUNICIPAL DE GURUPÁ\nLEI MUNICIPAL Nº 1,187, DE 13 DE AGOSTO DE 2015\n"
            "“ AUTORIZA O PODER EXECUTIVO MUNICIPAL A\nCONTRATAÇÃO POR TEMPO DETERMINADO PARA\n"
            "INTERESSE PÚBLICO DE QUE TRATA O ARTIGO 142 DA\nLEI ORGÂNICA DO MUNICÍPIO DE GURUPÁ.\n"
            "O PREFEITO MUNICIPAL DE GURUPÁ, no uso de suas atribuições, sanciona a seguinte LEI:\n"
            "Art. 1º - A Administração poderá efetuar contratação por tempo determinado.\n"
            "Art. 2º - Esta Lei entra em vigor na data de sua publicação.\n"
            "Gurupá, 13 de agosto de 2015.\n")
    doc = _structure(text)
    assert (doc.norm.tipo, doc.norm.numero, doc.norm.ano) == ("Lei Ordinária", "1187", 2015)
    # a Lei Orgânica's own heading, under a letterhead, is still one
    organic = ("CÂMARA MUNICIPAL DE GURUPÁ\nLEI ORGÂNICA DO MUNICÍPIO DE GURUPÁ\n"
               "Art. 1º - O Município de Gurupá integra o Estado do Pará.\n"
               "Art. 2º - São poderes do Município o Legislativo e o Executivo.\n")
    assert _structure(organic).norm.tipo == "Lei Orgânica"


def test_an_epigrafe_in_running_case_without_a_date_is_one_where_its_ementa_follows() -> None:
    # itabaiana-dec18-2025 (blind10, born-digital): 'Decreto nº 018/2025' over 'Regulamenta, no
    # âmbito do Município ...': no date and not in capitals, it had been taken for a sentence's end
    text = ("Prefeitura Municipal de Itabaiana\nEstado da Paraíba\nGabinete do Prefeito\nDecreto nº 018/2025\n"
            "Regulamenta, no âmbito do Município de Itabaiana-PB, a Lei Federal nº 14.129.\n"
            "O PREFEITO CONSTITUCIONAL DO MUNICÍPIO DE ITABAIANA, no uso das atribuições, DECRETA:\n"
            "Art. 1º Fica instituído o Programa Municipal de Governo Digital.\n"
            "Art. 2º Este Decreto entra em vigor na data de sua publicação.\n"
            "Itabaiana, 29 de maio de 2025.\n")
    doc = _structure(text)
    assert (doc.norm.tipo, doc.norm.numero, doc.norm.ano) == ("Decreto", "018", 2025)
    # a law cited at a sentence's end is no heading, whatever line follows
    cited = ("LEI Nº 12, DE 3 DE MAIO DE 2001\nDispõe sobre a praça.\nA CÂMARA aprova, nos termos da\n"
             "Lei nº 4.320/64.\nAltera a praça do coreto, e eu sanciono a seguinte Lei:\n"
             "Art. 1º Fica criada a praça.\nArt. 2º Esta Lei entra em vigor na data de sua publicação.\n")
    assert _structure(cited).norm.numero == "12"


def test_a_label_alone_at_a_pages_foot_printed_again_at_the_next_pages_top_is_one_unit() -> None:
    # cacador-lc89-2006 (../shared/real-world, a law site's print): 'Art. 101' alone as a page's last
    # line, 'Art. 101 Os acréscimos ...' at the next page's top; it had made art101 and art101-dup2
    text = ("LEI COMPLEMENTAR Nº 89, DE 16 DE OUTUBRO DE 2006\nInstitui o Plano Diretor.\n"
            "O PREFEITO MUNICIPAL faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:\n"
            "Art. 100 As macrozonas serão definidas em lei específica.\nArt. 101\f"
            "Art. 101 Os acréscimos máximos ao coeficiente de aproveitamento serão definidos.\n"
            "Art. 102 Esta Lei entra em vigor na data de sua publicação.\n")
    doc = _structure(text)
    assert [u.id for u in doc.articulacao] == ["art100", "art101", "art102"]
    assert doc.articulacao[1].text.startswith("Os acréscimos")
    assert not any(w.code == "duplicate_id" for w in doc.warnings)
    # on one page, a label alone before the same label is no page's artefact: both are read
    same = text.replace("Art. 101\f", "Art. 101\n")
    assert len(_structure(same).articulacao) == 4


def test_a_tables_row_that_reads_as_a_name_over_an_office_does_not_close_the_law_before_its_vigencia() -> None:
    # pontapora-3743-2010 (blind4, a scanned gazette): Art. 2 gives the amended law's new anexos, a
    # table of 'Cargos Requisitos' / 'Assessor Executivo Nível superior completo ou' read as a
    # signature (a name over an office) with no dated closing after it: it had closed the law there,
    # and '3º - Esta Lei entra em vigor ...' with the real closing were lost
    text = ("LEI Nº 3743, DE 23 DE NOVEMBRO DE 2010\nAltera dispositivos da Lei nº 3.468.\n"
            "O PREFEITO MUNICIPAL faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:\n"
            "Art. 1º - O inciso IV do artigo 8º da Lei nº 3.468 passa a vigorar alterado.\n"
            "Art. 2º - Os Anexos I e IV da Lei nº 3.468 passam a vigorar com as seguintes alterações:\n"
            "ANEXO IV\nREQUISITOS BÁSICOS PARA PROVIMENTO\nCargos Requisitos\n"
            "Assessor Executivo Nível superior completo ou\ncapacidade para a função\n"
            "10 — ASSESSORAMENTO PARLAMENTAR\nCumprir as determinações recebidas e pesquisar os dados\n"
            "de interesse ao desempenho do mandato parlamentar.\n"
            "Cargos lotados neste setor: Assessor Executivo, Assessor Parlamentar,\nAssistente Parlamentar.\n"
            "3º - Esta Lei entra em vigor na data de sua publicação.\n"
            "Ponta Porã — MS, 23 de Novembro de 2010.\nFlávio Kayatt\nPrefeito Municipal\n")
    doc = _structure(text)
    assert [u.id for u in doc.articulacao] == ["art1", "art2", "art3"]
    assert doc.fecho is not None and doc.fecho.text.startswith("Ponta Porã")


def test_articles_an_ementa_cites_at_its_lines_starts_open_no_law_before_the_enacting_clause() -> None:
    # macapa-lei2265-2017 (blind11, born-digital): the ementa in capitals wraps its citations to the
    # starts of lines ('ART. 5º, NO INCISO II, ...', '§ 2º, DO ART. 216, ...'); the enacting clause after
    # them is the epígrafe's own (it had been read as the clause of a later law whose epígrafe was
    # lost, and the law kept only an 'article 5')
    text = ("MUNICÍPIO DE MACAPÁ\nLEI Nº 2.265/2017-PMM\n"
            "DISPÕE SOBRE O ACESSO À INFORMAÇÃO,\nPREVISTO NO INCISO XXXIII, DO CAPUT DO\n"
            "ART. 5º, NO INCISO II, DO § 3º DO ART. 37, NO\n§ 2º, DO ART. 216, DA CONSTITUIÇÃO\n"
            "FEDERAL E NA LEI Nº FEDERAL 12.527/2011.\nO PREFEITO DO MUNICÍPIO DE MACAPÁ:\n"
            "Faço saber que a Câmara Municipal de Macapá, aprovou e eu sanciono a\nseguinte Lei:\n"
            "Art. 1º Ficam estabelecidos os procedimentos para garantir o acesso às informações.\n"
            "Art. 2º Os órgãos da administração direta assegurarão o direito de acesso à informação.\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n"
            "Macapá, 24 de junho de 2017.\n")
    for meta in (NormMeta(), NormMeta(numero="2265", ano=2017)):
        doc = structure_document(_text_layer(text), meta)
        assert [u.id for u in doc.articulacao] == ["art1", "art2", "art3"]
        assert "neighbor_law" not in _codes(doc)
        assert doc.norm.numero == "2265" and not doc.neighbors


def test_a_running_head_repeating_the_epigrafe_with_its_number_misread_is_no_new_law() -> None:
    # aracaju-dec5360-2016 (blind11, a scan): every page's head prints 'DECRETO N.º ____ DE __ DE
    # JUNHO DE 2016' with the number written by hand, which OCR read differently on each page
    # ('2.360', '2760', '5344'); each had opened a law of its own and the decree kept 4 of its articles.
    # The page goes on with the law (a parágrafo, an inciso, a later article, its signatures): a
    # running head. A gazette's next act opens with its ementa, and stays an act of its own
    pages = [
        "PREFEITURA MUNICIPAL DE ARACAJU\nDECRETO N.º 4.34\nDE 22 DE JUNHO DE 2016\n"
        "Regulamenta o acesso a informações no âmbito do Poder Executivo.\n"
        "O PREFEITO DO MUNICÍPIO DE ARACAJU, no uso de suas atribuições, DECRETA:\n"
        "Art. 1º Este Decreto regulamenta o acesso a informações.\n"
        "Art. 2º A Administração Pública Municipal deve implementar seção específica:",
        "PREFEITURA MUNICIPAL DE ARACAJU\nDECRETO N.º 2760\nDE 22 DE JUNHO DE 2016\n"
        "I - estrutura organizacional e competências;\nII - programas, projetos e ações.\n"
        "Art. 3º O pedido de acesso deve ser apresentado em formulário.",
        "PREFEITURA MUNICIPAL DE ARACAJU\nDECRETO N.º 5344\nDE 22 DE JUNHO DE 2016\n"
        "Art. 4º Este Decreto entra em vigor na data de sua publicação.\n"
        "Aracaju, 22 de junho de 2016.",
        "PREFEITURA MUNICIPAL DE ARACAJU\nDECRETO N.º 2262\nDE 22 DE JUNHO DE 2016\n"
        "Carlos Alberto Pereira Batalha de Matos\nSecretário Municipal da Comunicação Social",
    ]
    doc = structure_document(document_from_text("\f".join(pages)), NormMeta(numero="5360", ano=2016))
    assert [u.id for u in doc.articulacao] == ["art1", "art2", "art3", "art4"]
    assert not doc.neighbors
    # a gazette page that opens another act under the same heading keeps it apart, its ementa wrapped
    # onto a line in lower case (famurs-do1381-2014, blind6), a speck before it (333322132/010)
    gazette = pages[:1] + ["PREFEITURA MUNICIPAL DE ARACAJU\nDECRETO N.º 2760\nDE 22 DE JUNHO DE 2016\n"
                           "j Exonera, a pedido, JOSÉ DA SILVA, do\ncargo de assessor.\n"
                           "O PREFEITO DO MUNICÍPIO DE ARACAJU, no uso de suas atribuições, DECRETA:\n"
                           "Art. 1º Fica nomeado JOSÉ DA SILVA para o cargo de assessor.\n"
                           "Art. 2º Este Decreto entra em vigor na data de sua publicação."]
    doc = structure_document(document_from_text("\f".join(gazette)), NormMeta(numero="2760", ano=2016))
    assert [u.id for u in doc.articulacao] == ["art1", "art2"] and doc.neighbors


def test_a_member_merged_after_a_semicolon_behind_debris_is_a_doubt_not_extracted() -> None:
    # draw 86403566/005 (first sight): 'II - multa de ... OTN; AEITIÇE suspensão da licença ...': the
    # inciso III OCR merged onto the line before, its label wrecked; the law had been 'extracted'
    # with its incisos I and II only
    text = ("LEI Nº 12, DE 3 DE MAIO DE 1988\nDispõe sobre o comércio ambulante.\n"
            "O PREFEITO MUNICIPAL faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:\n"
            "Art. 1º O comércio ambulante depende de licença especial.\n"
            "Art. 2º A infração ao disposto nesta Lei sujeita o infrator às seguintes penalidades:\n"
            "I - advertência por escrito;\n"
            "II - multa de 10 (dez) a 20 (vinte) OTN; {} suspensão da licença especial por até 20 (vinte) dias.\n"
            "Parágrafo único. Os valores serão atualizados anualmente por decreto do Executivo.\n"
            "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n")
    meta = NormMeta(numero="12", ano=1988)
    merged = structure_document(document_from_text(text.format("AEITIÇE")), meta)
    assert "unit_doubtful" in _codes(merged) and merged.document.status != "extracted"
    # a clause that goes on after its ';' in words is no lost member
    clause = structure_document(document_from_text(text.format("e")), meta)
    assert "unit_doubtful" not in _codes(clause)
