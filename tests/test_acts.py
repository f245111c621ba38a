"""A document of several acts (an official gazette): every act read as its own norm."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from units import unit_ids

from pipeline.acts import acts_document, find_acts, structure_acts
from pipeline.textpages import document_from_text

GAZETTE = """DIÁRIO OFICIAL DO MUNICÍPIO DE PRATÂNIA
Edição nº 136 - 26 de outubro de 2020
DECRETOS
DECRETO Nº 56, DE 26 DE OUTUBRO DE 2020
Dispõe sobre o expediente das repartições públicas no dia do servidor.
O PREFEITO MUNICIPAL DE PRATÂNIA, no uso de suas atribuições legais, DECRETA:
Art. 1º Fica transferido para o dia 30 de outubro o ponto facultativo do dia do servidor.
Art. 2º Os serviços essenciais funcionarão normalmente.
Art. 3º Este Decreto entra em vigor na data de sua publicação.
Prefeitura Municipal de Pratânia, 26 de outubro de 2020.
JOÃO DA SILVA
Prefeito Municipal
PORTARIAS
PORTARIA DP Nº 74, DE 8 DE OUTUBRO DE 2020
Dispõe sobre a nomeação de servidora.
O PREFEITO MUNICIPAL DE PRATÂNIA, no uso de suas atribuições legais, RESOLVE:
Art. 1º Nomear MARIA DE SOUZA para o cargo de Assistente Administrativo.
Art. 2º Esta Portaria entra em vigor na data de sua publicação.
Prefeitura Municipal de Pratânia, 8 de outubro de 2020.
MARIA DE SOUZA
Secretária de Administração
LEI Nº 725, DE 10 DE ABRIL DE 2020
Autoriza a doação de área ao Estado.
O PREFEITO MUNICIPAL DE PRATÂNIA faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:
Art. 1º Fica autorizada a doação da área descrita no anexo.
Parágrafo único. A área destina-se à escola estadual, nos termos da
Lei Municipal Nº 700 de 2 de março de 2019.
Art. 2º Esta Lei entra em vigor na data de sua publicação.
Art. 3º Revogam-se as disposições em contrário.
Prefeitura Municipal de Pratânia, 10 de abril de 2020.
JOÃO DA SILVA
Prefeito Municipal
"""




def test_the_acts_of_a_gazette_are_found_by_their_headings_and_a_cited_law_is_not_one():
    acts = find_acts(document_from_text(GAZETTE))
    assert [(a.tipo, a.numero, a.ano) for a in acts] == [
        ("Decreto", "56", 2020), ("Portaria", "74", 2020), ("Lei Ordinária", "725", 2020)]
    # 'Lei Municipal Nº 700 de 2 de março de 2019' is cited in a sentence: no act of its own


def test_every_act_is_structured_as_its_own_norm_with_its_own_closing():
    results = structure_acts(document_from_text(GAZETTE))
    assert [unit_ids(doc) for _act, doc in results] == [
        ["art1", "art2", "art3"], ["art1", "art2"], ["art1", "art1_par1u", "art2", "art3"]]
    decreto, portaria, lei = (doc for _act, doc in results)
    assert (decreto.norm.tipo, decreto.norm.numero, decreto.norm.ano) == ("Decreto", "56", 2020)
    assert portaria.fecho is not None and str(portaria.fecho.data) == "2020-10-08"
    assert [s.nome for s in portaria.fecho.signatarios] == ["MARIA DE SOUZA"]
    assert lei.articulacao[0].text.startswith("Fica autorizada a doação")
    assert all(doc.document.status == "extracted" for doc in (decreto, portaria, lei))


def test_a_document_of_one_law_is_one_act():
    one = GAZETTE.split("LEI Nº 725")[0].split("PORTARIAS")[0]
    record = acts_document(document_from_text(one, source="decreto.txt"))
    assert [a.tipo for a in record.acts] == ["Decreto"] and record.source == "decreto.txt"


@pytest.mark.slow
def test_ingest_all_acts_writes_one_record_of_every_act(tmp_path: Path):
    src = tmp_path / "diario.txt"
    src.write_text(GAZETTE, encoding="utf-8")
    out = tmp_path / "acts.json"
    done = subprocess.run([sys.executable, "-m", "locleg", "ingest", str(src), "--all-acts", "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    record = json.loads(out.read_text(encoding="utf-8"))
    assert [(a["tipo"], a["numero"]) for a in record["acts"]] == [("Decreto", "56"), ("Portaria", "74"),
                                                                 ("Lei Ordinária", "725")]
    assert record["acts"][2]["document"]["document"]["sha256"]  # each act's document block is filled


def _two_column_gazette(path: Path) -> Path:
    """A born-digital gazette page set in two columns (the decree on the left, the portaria on the
    right) under a masthead across both: its text layer joins the columns line by line."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen import canvas

    decreto, portaria = (part.strip().splitlines() for part in
                         GAZETTE.split("DECRETOS\n")[1].split("LEI Nº 725")[0].split("PORTARIAS\n"))
    c = canvas.Canvas(str(path), pagesize=A4)
    width, height = A4
    c.setFont("Helvetica-Bold", 11)
    c.drawCentredString(width / 2, height - 50, "DIÁRIO OFICIAL DO MUNICÍPIO DE PRATÂNIA - Edição nº 136 - 26 de outubro de 2020")
    column, gutter, left = 250.0, 16.0, 40.0
    for k, paragraphs in enumerate((decreto, portaria)):
        y = height - 90
        x = left + k * (column + gutter)
        c.setFont("Helvetica", 10)
        for paragraph in paragraphs:
            for row in simpleSplit(paragraph, "Helvetica", 10, column):
                c.drawString(x, y, row)
                y -= 13
            y -= 4
    c.showPage()
    c.save()
    return path


def test_the_acts_of_a_two_column_gazette_are_read_column_by_column(tmp_path: Path):
    from pipeline.config import OcrConfig
    from pipeline.ocr import ocr_document

    doc = ocr_document(_two_column_gazette(tmp_path / "diario.pdf"), config=OcrConfig(), workers=1)
    assert doc.pages[0].method == "text"
    # the text layer's lines run across both columns ...
    assert any("DECRETO Nº 56" in ln.text and "PORTARIA DP Nº 74" in ln.text for ln in doc.pages[0].lines)
    # ... and each act is read whole, from its own column
    results = structure_acts(doc)
    assert [(a.tipo, a.numero, a.ano) for a, _ in results] == [("Decreto", "56", 2020), ("Portaria", "74", 2020)]
    assert [unit_ids(d) for _a, d in results] == [["art1", "art2", "art3"], ["art1", "art2"]]
    decreto, portaria = (d for _a, d in results)
    assert decreto.articulacao[1].text == "Os serviços essenciais funcionarão normalmente."
    assert portaria.fecho is not None and [s.nome for s in portaria.fecho.signatarios] == ["MARIA DE SOUZA"]


RUNNING_ON = """PORTARIA Nº 0058/SEAD, DE 10 DE AGOSTO DE 2023
Dispõe sobre a designação de fiscal de contrato.
O SECRETÁRIO DE ADMINISTRAÇÃO, no uso de suas atribuições legais, RESOLVE:
Art. 1º - DESIGNAR a Sra. RONIZE DE SOUZA ROLIM para exercer a função de fiscal.
Art. 2º - Esta portaria entra em vigor na data de sua publicação.
Secretaria Municipal de Administração, Palácio Municipal
José Geraldo da Cruz, em Juazeiro do Norte, Estado do Ceará, aos
10 de agosto de 2023.
FRANCISCO HÉLIO ALVES DA SILVA
SECRETÁRIO MUNICIPAL DE ADMINISTRAÇÃO
PORTARIA Nº 41/2023 – PREVIJUNO
Dispõe sobre a segregação de atividades do fundo de previdência.
O GESTOR DO FUNDO, no uso de suas atribuições legais, RESOLVE:
Art. 1º Fica aprovada a segregação das atividades constante do anexo único.
Art. 2º Esta Portaria entra em vigor na data de sua publicação.
Juazeiro do Norte (CE), 27 de setembro de 2023.
JESUS ROGÉRIO DE HOLANDA
Gestor do PREVIJUNO
ANEXO ÚNICO
Art. 1º Compete ao Conselho Deliberativo aprovar o plano de ação anual.
Art. 2º Compete ao Conselho Fiscal zelar pela gestão econômico-financeira.
\fArt. 3º Compete à Diretoria Executiva deliberar sobre a concessão dos benefícios.
Art. 4º Compete ao Comitê de Investimentos analisar o cenário macroeconômico.
"""


def test_an_acts_articles_running_on_to_the_next_page_stay_its_own():
    # the page after the second act's annex continues its articles (3, 4): they are not the
    # first act's later articles, though they would continue its numbering too (a closed act
    # has no articles after its closing: here wrapped over three lines)
    results = structure_acts(document_from_text(RUNNING_ON))
    assert [(a.numero, unit_ids(d)) for a, d in results] == [("58", ["art1", "art2"]), ("41", ["art1", "art2"])]
    first = results[0][1]
    assert first.fecho is not None and str(first.fecho.data) == "2023-08-10"
    assert [s.nome for s in first.fecho.signatarios] == ["FRANCISCO HÉLIO ALVES DA SILVA"]
    assert first.document.status == "extracted"


RUNNING_CASE_GAZETTE = """Diário Oficial de Ponta Porã - Edição 0456
DECRETO Nº 5.227, DE 06 DE NOVEMBRO DE 2007.
O Prefeito Municipal de Ponta Porã, no uso de suas atribuições, D E C R E T A:
Artigo 1º - Será facultativo o ponto nas repartições no dia 16 de novembro.
Artigo 2º - Este decreto entrará em vigor na data de sua publicação.
Ponta Porã/MS, 06 de novembro de 2007.
Flávio Kayatt
Prefeito Municipal
Lei nº 3556/2007.
"Autoriza o Município a doar à Câmara Municipal os bens móveis que relaciona".
Autor: Poder Executivo
O Prefeito Municipal de Ponta Porã, FAZ SABER, que a Câmara Municipal aprovou e ele sanciona a seguinte Lei:
Art. 1º - Fica o Município autorizado a doar à Câmara Municipal os bens móveis abaixo.
Art. 2º - A doação será implementada mediante edição de Decreto, nos termos da
Lei nº 3.468, de 31 de março de 2006.
Art. 3º - Esta Lei entra em vigor na data de sua publicação.
Ponta Porã, 31 de Outubro de 2007.
Flávio Kayatt
Prefeito Municipal
Lei n.º 3558, de 06 de novembro de 2007.
"Dispõe sobre os estágios de estudantes".
Autoria: Poder Executivo Municipal
O PREFEITO MUNICIPAL DE PONTA PORÃ faz saber que a Câmara Municipal aprovou e ele sanciona e
promulga a seguinte Lei:
Art. 1º. Fica criado no Município o estágio remunerado de estudantes.
Art. 2º. Esta Lei entrará em vigor na data de sua publicação.
Ponta Porã, 06 de novembro de 2007.
Flávio Kayatt
Prefeito Municipal
"""


def test_acts_printed_in_running_case_are_found_by_the_preamble_that_follows_them():
    # pontapora-do456-2007: 'Lei nº 3556/2007.' and 'Lei n.º 3558, de ...' in running case, right
    # after the signatário's cargo of the act before; the law cited in Art. 2 is no act
    acts = find_acts(document_from_text(RUNNING_CASE_GAZETTE))
    assert [(a.tipo, a.numero, a.ano) for a in acts] == [
        ("Decreto", "5227", 2007), ("Lei Ordinária", "3556", 2007), ("Lei Ordinária", "3558", 2007)]
    results = {act.numero: result for act, result in structure_acts(document_from_text(RUNNING_CASE_GAZETTE))}
    assert [u.id for u in results["3558"].articulacao] == ["art1", "art2"]
    assert [u.id for u in results["3556"].articulacao] == ["art1", "art2", "art3"]


NOMINATING_GAZETTE = """DECRETO Nº 7017 DE 19 DE JUNHO DE 2015.
O PREFEITO MUNICIPAL DE PONTA PORÃ, no uso de suas atribuições legais;
Nomear, com data retroativa de 1º de junho de 2015, o Sr. Daniel Torres Romero, para exercer o cargo de Agente.
Ponta Porã/MS, 19 de Junho de 2015.
LUDIMAR GODOY NOVAIS
Prefeito Municipal
\fRepresentantes de ONGs, Clubes de Serviços e Conselhos de Classe
TITULAR Renato Pereira Associação de Catadores
SUPLENTE Wilton Cesar Miranda Associação de Catadores
Art. 3º. Esta Resolução entrará em vigor na data de sua aprovação.
LEI COMPLEMENTAR Nº 136/2015
Institui o Programa IPTU VERDE.
O PRESIDENTE DA CÂMARA MUNICIPAL DE PONTA PORÃ faz saber que a Câmara aprovou e ele promulga a seguinte Lei:
Art. 1º Fica criado o Programa IPTU VERDE.
Art. 2º Esta Lei Complementar entra em vigor na data de sua publicação.
Ponta Porã, 19 de junho de 2015.
DANIEL VALDEZ
Presidente
"""


def test_an_act_without_articles_ends_at_its_closing_and_lends_none_of_what_follows():
    # pontapora-do2261-2015: a nominating decree (no articles) closed and signed; the next page
    # is the end of another act (an 'Art. 3º' of a Resolução whose start is not printed here)
    results = {act.numero: result for act, result in structure_acts(document_from_text(NOMINATING_GAZETTE))}
    decree = results["7017"]
    assert decree.articulacao == []
    assert decree.fecho is not None and decree.fecho.data is not None and decree.fecho.data.isoformat() == "2015-06-19"
    assert [s.nome for s in decree.fecho.signatarios] == ["LUDIMAR GODOY NOVAIS"]
    assert "Nomear" in (decree.preambulo or "") and "TITULAR" not in (decree.preambulo or "")
    assert [u.id for u in results["136"].articulacao] == ["art1", "art2"]


TITLED_GAZETTE = """ESTADO DO RIO GRANDE DO SUL
PREFEITURA MUNICIPAL DE ESTEIO
CONSULTORIA JURIDICA
DECRETO MUNICIPAL N° 4337/2011
DECRETO Nº 4.338, de 07 de fevereiro de 2011.
Declara situação de emergência em área do Município.
GILMAR ANTÔNIO RINALDI, Prefeito Municipal de Esteio,
no uso das atribuições que lhe conferem a Lei Orgânica Municipal,
DECRETA:
ART. 1º - Fica decretada a situação de emergência.
ART. 2º - Este Decreto entra em vigor na data de sua publicação.
Prefeitura Municipal de Esteio, 07 de fevereiro de 2011.
GILMAR ANTÔNIO RINALDI
Prefeito Municipal
GABINETE DO PREFEITO
LEI MUNICIPAL Nº. 2.339/2011, DE 08 DE FEVEREIRO DE 2011.
Estabelece nova delimitação do perímetro urbano.
CARLOS JANDREY, Prefeito de Ibirubá - RS, no uso de suas atribuições legais, faz saber
que a Câmara Municipal de Vereadores aprovou e o mesmo sanciona e promulga a seguinte Lei:
Art. 1º O novo perímetro urbano é estabelecido pelo mapa anexo.
Art. 2º Esta Lei entra em vigor na data de sua publicação.
"""


def test_a_publishers_title_over_the_acts_own_heading_is_no_act_of_its_own():
    # famurs-do0483-2011: the gazette titles the matter 'DECRETO MUNICIPAL N° 4337/2011'; the act
    # is the heading its text follows, in running case, its preâmbulo opened by the mayor's name
    acts = find_acts(document_from_text(TITLED_GAZETTE))
    assert [(a.tipo, a.numero, a.ano) for a in acts] == [("Decreto", "4338", 2011), ("Lei Ordinária", "2339", 2011)]
    results = {act.numero: result for act, result in structure_acts(document_from_text(TITLED_GAZETTE))}
    assert [u.id for u in results["4338"].articulacao] == ["art1", "art2"]
    assert results["2339"].preambulo is not None and results["2339"].preambulo.startswith("CARLOS JANDREY")


def test_acts_headed_in_running_case_without_a_number_sign_are_found():
    # paudosferros-do3056-2021: 'Decreto Executivo 270/2021', 'Portaria 752/2021 – SESAU/PMPF'
    # over 'Em, 08 de outubro de 2021' and the preâmbulo
    text = ("Diário Oficial do Município\nGABINETE DA PREFEITA\nDecreto Executivo 270/2021\n"
            "08 de outubro de 2021\nEstabelece pontos facultativos.\n"
            "A PREFEITA DO MUNICÍPIO DE PAU DOS FERROS, no uso das atribuições que lhe confere a Lei Orgânica,\n"
            "D E C R E T A:\nArt. 1º. Ponto facultativo no dia 11 de outubro de 2021.\n"
            "Art. 2º. Este Decreto entra em vigor na data de sua publicação.\n"
            "Gabinete da Prefeita Municipal de Pau dos Ferros, 08 de outubro de 2021.\n"
            "MARIANNA ALMEIDA NASCIMENTO\nPREFEITA\nSECRETARIA DE SAÚDE\n"
            "Portaria 752/2021 – SESAU/PMPF\nEm, 08 de outubro de 2021\n"
            "A PREFEITA DE PAU DOS FERROS, no uso de suas atribuições legais,\nR E S O L V E:\n"
            "Art. 1º. - Conceder ao Sr. MÁRCIO JOSÉ DE QUEIROZ uma diária.\n"
            "Art. 2º. – Esta Portaria entrará em vigor na data de sua publicação.\n"
            "Registre-se. Publique-se. Cumpra-se.\nMARIANNA ALMEIDA NASCIMENTO\nPREFEITA\n")
    acts = structure_acts(document_from_text(text))
    assert [(a.tipo, a.numero, a.ano) for a, _ in acts] == [("Decreto", "270", 2021), ("Portaria", "752", 2021)]
    assert [[u.id for u in d.articulacao] for _, d in acts] == [["art1", "art2"], ["art1", "art2"]]
