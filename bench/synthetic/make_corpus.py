"""Write the synthetic benchmark: NNN.txt, NNN.meta.json, NNN.gold.json for each law below.

Usage: python bench/synthetic/make_corpus.py   (rewrites the files next to this script)
Every law is invented; municipalities are real IBGE names. Texts, damage and gold are written by
hand in the specs; lawkit only wraps, hyphenates, paginates and repeats letterheads.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.synthetic.lawkit import Law  # noqa: E402
from pipeline.reading.numerals import int_to_roman, ordinal_figure  # noqa: E402


def art_modern(n):
    return f"Art. {ordinal_figure(n)}"


# ---------------------------------------------------------------------------------------------
def law_001() -> Law:
    """Clean, modern (as published on a municipal site today): no page breaks, no noise."""
    L = Law("001", width=95, formfeed=False,
            norm={"tipo": "Lei Ordinária", "numero": "10412", "ano": 2019, "data": "2019-09-17",
                  "municipio": "Itajaí", "uf": "SC",
                  "ementa": "Institui o Programa Municipal de Hortas Comunitárias e dá outras providências."},
            meta={"municipio": "Itajaí", "uf": "SC", "tipo": "Lei Ordinária", "numero": "10412",
                  "ano": 2019, "data": "2019-09-17"})
    L.raw("LEI Nº 10.412, DE 17 DE SETEMBRO DE 2019",
          "Institui o Programa Municipal de Hortas Comunitárias e dá outras providências.",
          "O PREFEITO DE ITAJAÍ, Estado de Santa Catarina, faço saber que a Câmara Municipal de Itajaí aprovou e eu sanciono a seguinte Lei:")
    L.group("capitulo", "I", "DISPOSIÇÕES PRELIMINARES", "CAPÍTULO I", "DISPOSIÇÕES PRELIMINARES")
    L.art(1, "Fica instituído o Programa Municipal de Hortas Comunitárias, com o objetivo de incentivar o cultivo de hortaliças, plantas medicinais e frutíferas em áreas públicas e privadas ociosas do Município.", art_modern(1))
    L.art(2, "Para os fins desta Lei, considera-se:", art_modern(2))
    L.inc("I", "horta comunitária: a área destinada ao cultivo coletivo, mantida por grupo de moradores organizados;")
    L.inc("II", "área ociosa: o imóvel urbano não edificado ou subutilizado, público ou privado;")
    L.inc("III", "agricultor urbano: a pessoa física cadastrada no Programa que exerça atividade de cultivo em horta comunitária.")
    L.art(3, "São objetivos do Programa:", art_modern(3))
    L.inc("I", "promover a segurança alimentar e nutricional da população;")
    L.inc("II", "estimular a educação ambiental, em especial:")
    L.ali("a", "nas escolas da rede municipal de ensino;")
    L.ali("b", "nos centros de referência de assistência social;")
    L.inc("III", "ampliar a oferta de espaços de convivência nos bairros.")
    L.group("capitulo", "II", "DA GESTÃO DO PROGRAMA", "CAPÍTULO II", "DA GESTÃO DO PROGRAMA")
    L.art(4, "O Programa será coordenado pela Secretaria Municipal de Agricultura e Expansão Urbana, a quem compete:", art_modern(4))
    L.inc("I", "cadastrar as áreas e os agricultores urbanos;")
    L.inc("II", "fornecer assistência técnica, sementes e mudas;")
    L.inc("III", "fiscalizar o uso adequado das áreas cedidas.")
    L.par(1, "A cessão de área pública será formalizada por termo de permissão de uso, a título gratuito e precário, pelo prazo de até dois anos, renovável.", "§ 1º")
    L.par(2, "É vedada a comercialização da produção obtida em área pública, salvo em feiras organizadas pelo Município.", "§ 2º")
    L.art(5, "O proprietário de área privada que a ceder ao Programa poderá requerer desconto no Imposto Predial e Territorial Urbano, na forma do regulamento.", art_modern(5))
    L.par("único", "O desconto de que trata o caput não excederá a cinquenta por cento do valor do imposto devido.", "Parágrafo único.")
    L.group("capitulo", "III", "DISPOSIÇÕES FINAIS", "CAPÍTULO III", "DISPOSIÇÕES FINAIS")
    for n, t in [(6, "É proibido o uso de agrotóxicos nas hortas comunitárias."),
                 (7, "O Poder Executivo regulamentará esta Lei no prazo de noventa dias."),
                 (8, "As despesas decorrentes da execução desta Lei correrão por conta de dotações orçamentárias próprias, suplementadas se necessário."),
                 (9, "Fica revogada a Lei nº 8.115, de 3 de abril de 2012."),
                 (10, "Esta Lei entra em vigor na data de sua publicação.")]:
        L.art(n, t, art_modern(n))
    L.fecho(["Itajaí, 17 de setembro de 2019."], "Itajaí, 17 de setembro de 2019.",
            [("VOLNEI JOSÉ MORASTONI", "Prefeito Municipal")],
            ["VOLNEI JOSÉ MORASTONI", "Prefeito Municipal"])
    return L


def law_002() -> Law:
    """Clean, modern Lei Complementar: Título/Capítulo/Seção/Subseção, Art. 2º-A, itens, partial meta."""
    L = Law("002", width=100, formfeed=True, page_lines=40,
            norm={"tipo": "Lei Complementar", "numero": "187", "ano": 2021, "data": "2021-05-04",
                  "municipio": "Sinop", "uf": "MT",
                  "ementa": "Dispõe sobre o parcelamento do solo urbano no Município de Sinop e dá outras providências."},
            meta={"numero": "187", "ano": 2021})
    L.raw("LEI COMPLEMENTAR Nº 187, DE 4 DE MAIO DE 2021",
          "Dispõe sobre o parcelamento do solo urbano no Município de Sinop e dá outras providências.",
          "O PREFEITO MUNICIPAL DE SINOP, ESTADO DE MATO GROSSO, no uso de suas atribuições legais, faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte Lei Complementar:")
    L.group("titulo", "I", "DAS DISPOSIÇÕES GERAIS", "TÍTULO I", "DAS DISPOSIÇÕES GERAIS")
    L.art(1, "Esta Lei Complementar disciplina o parcelamento do solo para fins urbanos no território do Município.", art_modern(1))
    L.art(2, "O parcelamento do solo poderá ser feito mediante loteamento ou desmembramento.", art_modern(2))
    L.art("2-A", "Aplica-se o disposto nesta Lei Complementar aos condomínios de lotes, no que couber.", "Art. 2º-A.")
    L.group("titulo", "II", "DOS REQUISITOS URBANÍSTICOS", "TÍTULO II", "DOS REQUISITOS URBANÍSTICOS", gid="tit2")
    L.group("capitulo", "I", "DAS ÁREAS PÚBLICAS", "CAPÍTULO I", "DAS ÁREAS PÚBLICAS", gid="tit2_cap1")
    L.group("secao", "I", "Das Áreas Institucionais", "Seção I", "Das Áreas Institucionais", gid="tit2_cap1_sec1")
    L.art(3, "Os loteamentos deverão destinar ao Município, no mínimo, trinta e cinco por cento da gleba, assim distribuídos:", art_modern(3))
    L.inc("I", "sistema viário;")
    L.inc("II", "áreas verdes, observados:")
    L.ali("a", "o percentual mínimo de dez por cento da gleba;")
    L.ali("b", "a localização, definida pelo órgão ambiental, que considerará:")
    L.ite(1, "a existência de nascentes e cursos d'água;")
    L.ite(2, "a conectividade com outras áreas verdes;")
    L.ite(3, "a declividade do terreno;")
    L.inc("III", "áreas institucionais, para equipamentos de educação, saúde e lazer.")
    L.group("subsecao", "I", "Da Doação", "Subseção I", "Da Doação", gid="tit2_cap1_sec1_sub1")
    L.art(4, "As áreas públicas serão transferidas ao Município no ato do registro do loteamento, sem ônus.", art_modern(4))
    L.par("único", "A transferência independe de escritura pública.", "Parágrafo único.")
    L.group("secao", "II", "Das Vias de Circulação", "Seção II", "Das Vias de Circulação", gid="tit2_cap1_sec2")
    L.art(5, "As vias de circulação obedecerão às seguintes larguras mínimas:", art_modern(5))
    L.inc("I", "vias arteriais: trinta metros;")
    L.inc("II", "vias coletoras: vinte metros;")
    L.inc("III", "vias locais: quinze metros.")
    L.par(1, "As calçadas terão largura mínima de três metros em cada lado da via.", "§ 1º")
    L.par(2, "Nas vias locais sem saída será obrigatória praça de retorno com diâmetro mínimo de vinte metros.", "§ 2º")
    L.group("capitulo", "II", "DOS LOTES", "CAPÍTULO II", "DOS LOTES", gid="tit2_cap2")
    L.art(6, "Os lotes terão área mínima de trezentos e sessenta metros quadrados e testada mínima de doze metros.", art_modern(6))
    L.art(7, "É vedado o parcelamento do solo:", art_modern(7))
    L.inc("I", "em terrenos alagadiços e sujeitos a inundações, antes de tomadas as providências para assegurar o escoamento das águas;")
    L.inc("II", "em terrenos com declividade igual ou superior a trinta por cento;")
    L.inc("III", "em áreas de preservação permanente.")
    L.group("titulo", "III", "DAS DISPOSIÇÕES FINAIS", "TÍTULO III", "DAS DISPOSIÇÕES FINAIS", gid="tit3")
    L.art(8, "Os processos protocolados antes da vigência desta Lei Complementar serão analisados segundo a legislação anterior.", art_modern(8))
    L.art(9, "Revogam-se a Lei Complementar nº 25, de 12 de dezembro de 2003, e a Lei Complementar nº 98, de 3 de março de 2012.", art_modern(9))
    L.art(10, "Esta Lei Complementar entra em vigor noventa dias após a data de sua publicação.", art_modern(10))
    L.fecho(["Gabinete do Prefeito Municipal de Sinop, Estado de Mato Grosso, em 4 de maio de 2021."],
            "Gabinete do Prefeito Municipal de Sinop, Estado de Mato Grosso, em 4 de maio de 2021.",
            [("ROBERTO DORNER", "Prefeito Municipal")], ["ROBERTO DORNER", "Prefeito Municipal"])
    return L


def law_003() -> Law:
    """Clean modern Decreto with 'DECRETA:', Registre-se, two signatários, ANEXO with numbered lines."""
    L = Law("003", width=95, formfeed=True,
            norm={"tipo": "Decreto", "numero": "45412", "ano": 2015, "data": "2015-03-10",
                  "municipio": "Anápolis", "uf": "GO",
                  "ementa": "Regulamenta o horário de funcionamento das feiras livres no Município de Anápolis."},
            meta={"municipio": "Anápolis", "uf": "GO", "tipo": "Decreto", "numero": "45412", "ano": 2015,
                  "data": "2015-03-10", "native_id": "an-2015-0412"})
    L.raw("DECRETO Nº 45.412, DE 10 DE MARÇO DE 2015.",
          "Regulamenta o horário de funcionamento das feiras livres no Município de Anápolis.",
          "O PREFEITO MUNICIPAL DE ANÁPOLIS, no uso de suas atribuições legais, e tendo em vista o disposto no art. 12 da Lei nº 3.201, de 14 de junho de 2007,",
          "DECRETA:")
    L.art(1, "As feiras livres funcionarão nos dias e locais constantes do Anexo Único deste Decreto, das 5 às 13 horas.", art_modern(1))
    L.par(1, "A montagem das bancas poderá iniciar-se às 4 horas.", "§ 1º")
    L.par(2, "A desmontagem e a limpeza do local deverão estar concluídas até as 14 horas.", "§ 2º")
    L.art(2, "Compete à Secretaria Municipal de Desenvolvimento Econômico:", art_modern(2))
    L.inc("I", "expedir as autorizações dos feirantes;")
    L.inc("II", "fiscalizar o cumprimento deste Decreto;")
    L.inc("III", "aplicar as penalidades previstas na legislação.")
    L.art(3, "O descumprimento dos horários sujeitará o feirante às seguintes sanções:", art_modern(3))
    L.inc("I", "advertência, na primeira ocorrência;")
    L.inc("II", "suspensão da autorização por quinze dias, na reincidência;")
    L.inc("III", "cassação da autorização, na terceira ocorrência.")
    L.art(4, "Este Decreto entra em vigor na data de sua publicação.", art_modern(4))
    L.art(5, "Revoga-se o Decreto nº 38.007, de 2 de fevereiro de 2011.", art_modern(5))
    L.page()
    L.fecho(["Registre-se, publique-se e cumpra-se.",
             "PREFEITURA MUNICIPAL DE ANÁPOLIS, aos 10 dias do mês de março de 2015."],
            "PREFEITURA MUNICIPAL DE ANÁPOLIS, aos 10 dias do mês de março de 2015.",
            [("JOÃO BATISTA GOMES PINTO", "Prefeito Municipal"),
             ("MARIA HELENA DE SOUZA", "Secretária Municipal de Desenvolvimento Econômico")],
            ["JOÃO BATISTA GOMES PINTO", "Prefeito Municipal", "", "MARIA HELENA DE SOUZA",
             "Secretária Municipal de Desenvolvimento Econômico"])
    L.page()
    L.raw("ANEXO ÚNICO",
          "LOCAIS E DIAS DAS FEIRAS LIVRES",
          "1. Feira do Bairro Jundiaí - Praça Dom Emanuel - domingo;",
          "2. Feira da Vila Góis - Rua Amazílio Lino - quinta-feira;",
          "3. Feira do Recanto do Sol - Avenida Pedro Ludovico - sábado;",
          "I - feiras noturnas: regidas por decreto próprio.",
          "Art. 1º do Decreto nº 38.007/2011: revogado.")
    return L


def law_004() -> Law:
    """Typewritten 1987: ARTIGO 1º -, PARÁGRAFO ÚNICO -, CAPÍTULO II - DAS TAXAS, fecho in words,
    letterheads with OCR variation, Fl. stamps, hyphenation, margin marks."""
    L = Law("004", width=64, hyphen_rate=0.55, mark_rate=0.12, page_lines=34, seed=4,
            letterheads=[["PREFEITURA MUNICIPAL DE LAVRAS", "ESTADO DE MINAS GERAIS"],
                         ["PREFEITURA MUNICIPAL DE LAVRAS", "ESTADO DE MINAS GERAlS"],
                         ["PREFEITURA MUNIClPAL DE LAVRAS", "ESTADO DE MlNAS GERAIS"]],
            footers=[["Praça Dr. Augusto Silva, 99 - Lavras - MG - CEP 37.200"],
                     ["Praça Dr. Augusto Silva, 99 - Lavras - MG - CEP 37.2OO"]],
            stamp="Fl. {:02d}",
            norm={"tipo": "Lei Ordinária", "numero": "1433", "ano": 1987, "data": "1987-03-03",
                  "municipio": "Lavras", "uf": "MG",
                  "ementa": "Dispõe sobre as taxas de licença para localização e funcionamento de estabelecimentos e dá outras providências"},
            meta={"municipio": "Lavras", "uf": "MG", "tipo": "Lei Ordinária", "numero": "1.433",
                  "ano": 1987, "data": "1987-03-03"})

    def a(n):
        return f"ARTIGO {n}º -"
    L.raw("LEI Nº 1.433, DE 03 DE MARÇO DE 1987",
          '"Dispõe sobre as taxas de licença para localização e',
          'funcionamento de estabelecimentos e dá outras providências"',
          "A Câmara Municipal de Lavras, Estado de Minas Gerais, aprovou e eu,",
          "Prefeito Municipal, sanciono a seguinte Lei:")
    L.group("capitulo", "I", "DA INCIDÊNCIA", "CAPÍTULO I - DA INCIDÊNCIA")
    L.art(1, "A Taxa de Licença para Localização e Funcionamento tem como fato gerador o exercício regular do poder de polícia do Município, relativo à ordem pública, à higiene, à segurança e aos costumes.", a(1))
    L.art(2, "Nenhum estabelecimento comercial, industrial ou prestador de serviços poderá instalar-se ou funcionar no Município sem prévia licença da Prefeitura.", a(2))
    L.par("único", "A licença será concedida mediante requerimento do interessado, instruído com os documentos exigidos em regulamento.", "PARÁGRAFO ÚNICO -")
    L.group("capitulo", "II", "DAS TAXAS", "CAPÍTULO II - DAS TAXAS")
    L.art(3, "A taxa será cobrada de acordo com a tabela abaixo, tendo por base o valor de referência vigente no Município:", a(3))
    L.inc("I", "estabelecimentos comerciais, um valor de referência por ano;")
    L.inc("II", "estabelecimentos industriais, dois valores de referência por ano;")
    L.inc("III", "prestadores de serviços, meio valor de referência por ano;")
    L.inc("IV", "ambulantes e feirantes, um quarto do valor de referência por ano.")
    L.art(4, "A taxa será paga de uma só vez, no ato da concessão da licença, e renovada anualmente até o dia trinta e um de março.", a(4))
    L.par("único", "Quando o início das atividades ocorrer no segundo semestre, a taxa será reduzida à metade.", "PARÁGRAFO ÚNICO -")
    L.art(5, "São isentos da taxa:", a(5))
    L.inc("I", "os templos de qualquer culto;")
    L.inc("II", "as associações de classe, os sindicatos e as entidades assistenciais sem fins lucrativos;")
    L.inc("III", "os artesãos que trabalhem em sua própria residência, sem empregados.")
    L.group("capitulo", "III", "DAS PENALIDADES", "CAPÍTULO III - DAS PENALIDADES")
    L.art(6, "O funcionamento de estabelecimento sem a licença sujeitará o infrator à multa de dois valores de referência, dobrada na reincidência, sem prejuízo da interdição do estabelecimento.", a(6))
    L.art(7, "A fiscalização desta Lei compete ao Departamento de Fazenda, que poderá requisitar o auxílio da força pública quando necessário.", a(7))
    L.group("capitulo", "IV", "DAS DISPOSIÇÕES FINAIS", "CAPÍTULO IV - DAS DISPOSIÇÕES FINAIS")
    L.art(8, "O Prefeito Municipal baixará, no prazo de sessenta dias, os atos necessários à execução desta Lei.", a(8))
    L.art(9, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário, especialmente a Lei nº 1.102, de 14 de dezembro de 1979.", a(9))
    L.fecho(["Prefeitura Municipal de Lavras, aos três dias do mês de março",
             "de mil novecentos e oitenta e sete."],
            "Prefeitura Municipal de Lavras, aos três dias do mês de março de mil novecentos e oitenta e sete.",
            [("JOSÉ CARLOS DE ALMEIDA", "Prefeito Municipal")],
            ["JOSÉ CARLOS DE ALMEIDA", "Prefeito Municipal"])
    return L


def law_005() -> Law:
    """Typewritten 1978 Resolução of a Câmara: 'Artigo 1º.-', '§ 1º.-', itens under alíneas,
    letterhead repeated, no form feeds."""
    L = Law("005", width=62, hyphen_rate=0.4, page_lines=30, formfeed=False, seed=5,
            letterheads=[["CÂMARA MUNICIPAL DE GARANHUNS", "Estado de Pernambuco"],
                         ["CAMARA MUNICIPAL DE GARANHUNS", "Estado de Pernambuco"],
                         ["CÂMARA MUNICIPAL DE GARANHUNS", "Estado de Pernambueo"]],
            norm={"tipo": "Resolução", "numero": "12", "ano": 1978, "data": "1978-08-22",
                  "municipio": "Garanhuns", "uf": "PE",
                  "ementa": "Dispõe sobre o quadro de pessoal da Secretaria da Câmara Municipal"},
            meta={"tipo": "Resolução", "numero": "12", "ano": 1978})

    def a(n):
        return f"Artigo {n}º.-"
    L.raw("RESOLUÇÃO Nº 12/78",
          "De 22 de agosto de 1978",
          "Dispõe sobre o quadro de pessoal da Secretaria",
          "da Câmara Municipal",
          "O PRESIDENTE DA CÂMARA MUNICIPAL DE GARANHUNS, Estado de",
          "Pernambuco, faço saber que o Plenário aprovou e eu promulgo",
          "a seguinte RESOLUÇÃO:")
    L.art(1, "O quadro de pessoal da Secretaria da Câmara Municipal de Garanhuns fica constituído dos seguintes cargos:", a(1))
    L.ali("a", "de provimento em comissão:", "a)")
    L.ite(1, "um cargo de Diretor da Secretaria;")
    L.ite(2, "um cargo de Assessor Jurídico;")
    L.ali("b", "de provimento efetivo:", "b)")
    L.ite(1, "dois cargos de Oficial Legislativo;")
    L.ite(2, "três cargos de Datilógrafo;")
    L.ite(3, "dois cargos de Servente;")
    L.ite(4, "um cargo de Motorista.")
    L.art(2, "Os vencimentos dos cargos de que trata o artigo anterior são os constantes da tabela anexa, que integra esta Resolução.", a(2))
    L.par(1, "Os vencimentos serão reajustados na mesma data e no mesmo índice dos servidores da Prefeitura Municipal.", "§ 1º.-")
    L.par(2, "O Diretor da Secretaria perceberá gratificação de representação igual a vinte por cento do vencimento.", "§ 2º.-")
    L.art(3, "O provimento dos cargos efetivos far-se-á mediante concurso público de provas ou de provas e títulos.", a(3))
    L.art(4, "Compete ao Diretor da Secretaria:", a(4))
    L.ali("a", "dirigir e fiscalizar os serviços da Secretaria;", "a)")
    L.ali("b", "zelar pela guarda dos livros, papéis e documentos da Câmara;", "b)")
    L.ali("c", "secretariar as reuniões da Mesa.", "c)")
    L.art(5, "As despesas com a execução desta Resolução correrão por conta das dotações próprias do orçamento da Câmara.", a(5))
    L.art(6, "Esta Resolução entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", a(6))
    L.fecho(["Sala das Sessões da Câmara Municipal de Garanhuns, em 22",
             "de agosto de 1978."],
            "Sala das Sessões da Câmara Municipal de Garanhuns, em 22 de agosto de 1978.",
            [("ANTÔNIO FERREIRA LIMA", "Presidente"), ("JOAQUIM SOARES", "1º Secretário")],
            ["ANTÔNIO FERREIRA LIMA", "Presidente", "JOAQUIM SOARES", "1º Secretário"])
    return L


def law_006() -> Law:
    """Heavy OCR damage, 1992: ARTYGO/RTIGO/ARZIGO, '8 1º', '$ 2º', 'HI -', 'Y -', 'ARTIGO 72' for 7,
    a second 'ARTIGO 18' for 13, garbage lines, junk columns, page stamps, margin marks."""
    junk = ("Coco se an o a asa a e sas a a no o nn o en nero os", "ps", "pm", "po", "=", "»", "a",
            "Cross os eat a a one a o an ooo on aca aaa tona")
    L = Law("006", width=63, hyphen_rate=0.5, hyphen_mark="=-", mark_rate=0.18, junk_rate=0.07, junk=junk,
            page_lines=30, seed=6, stamp="C.M. Cc. {}",
            letterheads=[["ESTADO DA BAHIA", "PREFEITURA MUNICIPAL DE CRUZ DAS ALMAS"],
                         ["ESTADO DA BAHlA", "PREFEITURA IMUNICIPAL DE CRUZ DAS ALMAS"],
                         ["ESTADO DA BAHIA", "PREFEITURA MUNICIPAL DE CRUZ DAS AIMAS"],
                         ["ESTADO DA BAIIIA", "PREFEITURA MUNICIPAL DE CRUZ DAS ALMAS"]],
            footers=[["Tel.: (75) 721-1120 /1121"], ["Tel.: (75) 721-112O /1121"], ["Te1.: (75) 721-1120 /1121"]],
            norm={"tipo": "Lei Ordinária", "numero": "512", "ano": 1992, "data": "1992-11-18",
                  "municipio": "Cruz das Almas", "uf": "BA",
                  "ementa": "Dispõe sobre a limpeza de terrenos baldios e a conservação de passeios no perímetro urbano e dá outras providências"},
            meta={"numero": "512", "ano": 1992, "municipio": "Cruz das Almas"},
            notes=["printed ARTYGO 3, RTIGO 5, ARZIGO 9 (damaged keywords); ARTIGO 72 for 7; ARTIGO 18 for 13"])

    def a(n):
        return f"ARTIGO {n}º:-"
    L.raw("LEI Nº 512/92, DE 18 DE NOVEMBRO DE 1992",
          '"Dispõe sobre a limpeza de terrenos baldios e a conserva-',
          'ção de passeios no perímetro urbano e dá outras providências"',
          "O PREFEITO MUNICIPAL DE CRUZ DAS ALMAS, Estado da Bahia, faço",
          "saber que a Câmara Municipal aprovou e eu sanciono a seguinte",
          "LEI:-")
    L.art(1, "Os proprietários de terrenos baldios situados no perímetro urbano são obrigados a mantê-los limpos, capinados e drenados.", a(1))
    L.art(2, "Os terrenos de que trata o artigo anterior deverão ser fechados no alinhamento da via pública com muro de alvenaria de altura mínima de um metro e oitenta centímetros.", a(2))
    L.par(1, "O prazo para construção do muro será de cento e vinte dias a contar da notificação.", "8 1º -")
    L.par(2, "Nos terrenos de esquina o muro obedecerá ao chanfro exigido pelo Código de Obras.", "$ 2º -")
    L.art(3, "Os passeios serão construídos e conservados pelos proprietários dos imóveis lindeiros, observadas as seguintes exigências:", "ARTYGO 3º:-")
    L.inc("I", "largura igual à determinada para o logradouro;")
    L.inc("II", "piso antiderrapante, sem degraus ou obstáculos;", "11 -")
    L.inc("III", "declividade transversal máxima de três por cento;", "HI -")
    L.inc("IV", "rebaixamento de guia para acesso de veículos somente onde autorizado;")
    L.inc("V", "arborização conforme o plano municipal.", "Y -")
    L.art(4, "A Prefeitura notificará o proprietário para executar os serviços no prazo de trinta dias.", a(4))
    L.par("único", "Não sendo encontrado o proprietário, a notificação far-se-á por edital publicado uma vez na imprensa local.", "PARAGRAFO UNICO:-")
    L.art(5, "Decorrido o prazo sem que os serviços sejam executados, a Prefeitura poderá executá-los, cobrando do proprietário o custo acrescido de vinte por cento a título de administração.", "RTIGO 5º:-")
    L.art(6, "Ficam sujeitos à multa equivalente a meio salário mínimo os proprietários que descumprirem as disposições desta Lei.", a(6))
    L.par(1, "A multa será aplicada em dobro na reincidência.", "& 1º -")
    L.par(2, "O valor das multas será recolhido ao Fundo Municipal de Meio Ambiente.", "S 2º -")
    L.art(7, "É proibido depositar lixo, entulho ou qualquer detrito nos terrenos baldios e nos passeios.", "ARTIGO 72:-")
    L.art(8, "A Prefeitura manterá serviço de recolhimento de entulho mediante pagamento de preço público.", a(8))
    L.art(9, "O Poder Executivo poderá firmar convênios com associações de moradores para a limpeza de áreas públicas.", "ARZIGO 9º:-")
    L.art(10, "As despesas decorrentes desta Lei correrão por conta de dotações próprias do orçamento vigente.", "ARTIGO 10:-")
    L.art(11, "O Poder Executivo regulamentará esta Lei no prazo de sessenta dias.", "ARTIGO 11:-")
    L.art(12, "Ficam revogadas a Lei nº 301/81 e demais disposições em contrário.", "ARTIGO 12:-")
    L.art(13, "Esta Lei entrará em vigor na data de sua publicação.", "ARTIGO 18:-")
    L.fecho(["GABINETE DO PREFEITO MUNICIPAL DE CRUZ DAS ALMAS, em 18 de",
             "novembro de 1992."],
            "GABINETE DO PREFEITO MUNICIPAL DE CRUZ DAS ALMAS, em 18 de novembro de 1992.",
            [("ANTÔNIO CARLOS SANTANA", "Prefeito Municipal")],
            ["ANTÔNIO CARLOS SANTANA", "Prefeito Municipal"])
    return L


def law_007() -> Law:
    """Neighbouring law's tail first, the target, the next law after; pages out of order
    (first page, then the rest reversed, as in seed 001)."""
    L = Law("007", width=64, hyphen_rate=0.4, mark_rate=0.08, page_lines=24, seed=7,
            letterheads=[["CÂMARA MUNICIPAL DE SOBRAL", "ESTADO DO CEARÁ"],
                         ["CAMARA MUNICIPAL DE SOBRAL", "ESTADO DO CEARA"],
                         ["CÂMARA MUNICIPAL DE SOBRAL", "ESTADO D0 CEARÁ"]],
            stamp="Nº {}",
            norm={"tipo": "Lei Ordinária", "numero": "118", "ano": 1995, "data": "1995-04-12",
                  "municipio": "Sobral", "uf": "CE",
                  "ementa": "Cria o Conselho Municipal de Defesa do Patrimônio Histórico e Cultural de Sobral e dá outras providências"},
            meta={"municipio": "Sobral", "uf": "CE", "tipo": "Lei Ordinária", "numero": "118", "ano": 1995,
                  "data": "1995-04-12"},
            excluded_neighbors=["LEI Nº 117 (tail: denomination of a street) - not part of the target",
                                "LEI Nº 119, DE 12 DE ABRIL DE 1995 (school calendar) - not part of the target"])

    def a(n):
        return f"Art. {n}º -" if n < 10 else f"Art. {n} -"
    # the tail of the previous law on the same page
    L.raw("Art. 2º - Esta Lei entra em vigor na data de sua publica-",
          "ção, revogadas as disposições em contrário.",
          "Paço da Câmara Municipal de Sobral, 12 de abril de 1995.",
          "FRANCISCO DAS CHAGAS ARRUDA",
          "Presidente",
          "LEI Nº 118, DE 12 DE ABRIL DE 1995",
          '"Cria o Conselho Municipal de Defesa do Patrimônio His-',
          'tórico e Cultural de Sobral e dá outras providências"',
          "A CÂMARA MUNICIPAL DE SOBRAL aprovou e eu, Presidente,",
          "promulgo a seguinte Lei:")
    L.art(1, "Fica criado o Conselho Municipal de Defesa do Patrimônio Histórico e Cultural de Sobral, órgão consultivo e deliberativo vinculado à Secretaria de Cultura.", a(1))
    L.art(2, "Compete ao Conselho:", a(2))
    L.inc("I", "propor o tombamento de bens móveis e imóveis de valor histórico, artístico ou paisagístico;")
    L.inc("II", "opinar sobre projetos de intervenção em imóveis tombados ou situados em seu entorno;")
    L.inc("III", "manter o cadastro dos bens tombados;")
    L.inc("IV", "promover campanhas de educação patrimonial.")
    L.art(3, "O Conselho será composto por nove membros titulares e igual número de suplentes, assim distribuídos:", a(3))
    L.inc("I", "três representantes do Poder Executivo;")
    L.inc("II", "um representante da Câmara Municipal;")
    L.inc("III", "um representante da Diocese de Sobral;")
    L.inc("IV", "um representante da Universidade Estadual Vale do Acaraú;")
    L.inc("V", "três representantes de entidades culturais da sociedade civil.")
    L.par(1, "Os membros do Conselho terão mandato de dois anos, permitida uma recondução.", "§ 1º -")
    L.par(2, "A função de conselheiro é considerada de relevante interesse público e não será remunerada.", "§ 2º -")
    L.art(4, "O Conselho elegerá, dentre seus membros, o Presidente e o Secretário.", a(4))
    L.art(5, "O tombamento será feito por decreto do Prefeito Municipal, ouvido o Conselho, e inscrito no Livro do Tombo.", a(5))
    L.par("único", "O proprietário será notificado do início do processo de tombamento e poderá impugná-lo no prazo de quinze dias.", "Parágrafo único -")
    L.art(6, "Os bens tombados não poderão ser demolidos, destruídos ou mutilados, nem reparados, pintados ou restaurados sem prévia autorização do Conselho.", a(6))
    L.art(7, "A infração ao disposto no artigo anterior sujeitará o responsável a multa de cinquenta por cento do dano causado.", a(7))
    L.art(8, "O Conselho elaborará seu regimento interno no prazo de sessenta dias de sua instalação.", a(8))
    L.art(9, "O Poder Executivo proverá os meios necessários ao funcionamento do Conselho.", a(9))
    L.art(10, "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.", a(10))
    L.fecho(["Paço da Câmara Municipal de Sobral, 12 de abril de 1995."],
            "Paço da Câmara Municipal de Sobral, 12 de abril de 1995.",
            [("FRANCISCO DAS CHAGAS ARRUDA", "Presidente")], ["FRANCISCO DAS CHAGAS ARRUDA", "Presidente"])
    L.raw("LEI Nº 119, DE 12 DE ABRIL DE 1995",
          '"Fixa o calendário escolar da rede municipal de ensino"',
          "A CÂMARA MUNICIPAL DE SOBRAL aprovou e eu, Presidente,",
          "promulgo a seguinte Lei:",
          "Art. 1º - O ano letivo da rede municipal de ensino terá du-",
          "ração mínima de duzentos dias de efetivo trabalho escolar.",
          "Art. 2º - O calendário será fixado anualmente pela Secreta-",
          "ria de Educação, ouvido o Conselho Municipal de Educação.",
          "Parágrafo único - O calendário das escolas da zona rural po-",
          "derá ser adequado às épocas de plantio e colheita.",
          "Art. 3º - Esta Lei entra em vigor na data de sua publicação.")
    L.page_order = "first_then_reversed"
    return L


def law_008() -> Law:
    """Amending law: quoted articles of another law must stay inside the amending article."""
    L = Law("008", width=90, formfeed=True, page_lines=40, seed=8,
            letterheads=[["PREFEITURA MUNICIPAL DE PONTA GROSSA", "ESTADO DO PARANÁ"]],
            footers=[["Av. Visconde de Taunay, 950 - Ponta Grossa - PR - www.pontagrossa.pr.gov.br"]],
            norm={"tipo": "Lei Ordinária", "numero": "9872", "ano": 2008, "data": "2008-12-15",
                  "municipio": "Ponta Grossa", "uf": "PR",
                  "ementa": "Altera dispositivos da Lei nº 6.329, de 16 de dezembro de 1999, que dispõe sobre o Código de Posturas do Município."},
            meta={"municipio": "Ponta Grossa", "uf": "PR", "tipo": "Lei Ordinária", "numero": "9872",
                  "ano": 2008, "data": "2008-12-15"},
            notes=["arts. 1 and 2 quote arts. 15, 15-A and 16 of Lei 6.329/1999: quoted text belongs to the amending article"])
    L.raw("LEI Nº 9.872, de 15/12/2008",
          "Altera dispositivos da Lei nº 6.329, de 16 de dezembro de 1999, que dispõe sobre o Código de",
          "Posturas do Município.",
          "A CÂMARA MUNICIPAL DE PONTA GROSSA, Estado do Paraná, decretou e eu, Prefeito Municipal, sanciono a",
          "seguinte",
          "L E I")
    L.art(1, "O art. 15 da Lei nº 6.329, de 16 de dezembro de 1999, passa a vigorar com a seguinte redação:", "Art. 1º")
    L.quote("“Art. 15. É proibido perturbar o sossego público com ruídos ou sons excessivos, evitáveis, tais como:",
            "I - os de motores de explosão desprovidos de silenciosos ou com estes em mau estado de funcionamento;",
            "II - os de buzinas, clarins, campainhas ou quaisquer outros aparelhos;",
            "III - os de aparelhos de som instalados em veículos, audíveis do lado de fora.",
            "§ 1º As proibições deste artigo não se aplicam às manifestações culturais autorizadas.",
            "§ 2º A infração ao disposto neste artigo sujeita o infrator à multa de cinco UFM.” (NR)")
    L.art(2, "Fica acrescido à Lei nº 6.329, de 16 de dezembro de 1999, o art. 15-A, com a seguinte redação:", "Art. 2º")
    L.quote("“Art. 15-A. Os estabelecimentos que utilizarem música ao vivo ou mecânica deverão possuir isolamento acústico.",
            "Parágrafo único. O alvará de funcionamento somente será expedido após vistoria do isolamento.”")
    L.art(3, "O parágrafo único do art. 16 da Lei nº 6.329, de 16 de dezembro de 1999, passa a vigorar com a seguinte redação:", "Art. 3º")
    L.quote("“Art. 16. ..................................................................................",
            "Parágrafo único. Nos sábados, domingos e feriados, o horário será das 9 às 22 horas.” (NR)")
    L.art(4, "Fica revogado o inciso IV do art. 17 da Lei nº 6.329, de 16 de dezembro de 1999.", "Art. 4º")
    L.art(5, "Esta Lei entra em vigor na data de sua publicação.", "Art. 5º")
    L.fecho(["PREFEITURA MUNICIPAL DE PONTA GROSSA, em 15 de dezembro de 2008."],
            "PREFEITURA MUNICIPAL DE PONTA GROSSA, em 15 de dezembro de 2008.",
            [("PEDRO WOSGRAU FILHO", "Prefeito Municipal")], ["PEDRO WOSGRAU FILHO", "Prefeito Municipal"])
    return L


def law_009() -> Law:
    """Artigo único (a utilidade pública law), typewritten, with a parágrafo único."""
    L = Law("009", width=62, hyphen_rate=0.5, page_lines=0, seed=9,
            letterheads=[["PREFEITURA MUNICIPAL DE MOSSORÓ", "RIO GRANDE DO NORTE"]],
            norm={"tipo": "Lei Ordinária", "numero": "1305", "ano": 1999, "data": "1999-06-30",
                  "municipio": "Mossoró", "uf": "RN",
                  "ementa": "Declara de utilidade pública a Associação dos Moradores do Bairro Alto de São Manoel"},
            meta={"municipio": "Mossoró", "uf": "RN", "numero": "1305", "ano": 1999})
    L.raw("LEI Nº 1.305/99",
          "Declara de utilidade pública a Associação dos",
          "Moradores do Bairro Alto de São Manoel.",
          "A PREFEITA MUNICIPAL DE MOSSORÓ, no uso das atribuições que",
          "lhe são conferidas pela Lei Orgânica do Município, faz saber",
          "que a Câmara Municipal aprovou e ela sanciona a seguinte Lei:")
    L.art("único", "Fica declarada de utilidade pública a Associação dos Moradores do Bairro Alto de São Manoel, com sede e foro nesta cidade, fundada em 12 de outubro de 1987.", "Artigo único -")
    L.par("único", "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.", "Parágrafo único -")
    L.fecho(["Palácio da Resistência, em Mossoró, 30 de junho de 1999."],
            "Palácio da Resistência, em Mossoró, 30 de junho de 1999.",
            [("ROSALBA CIARLINI ROSADO", "Prefeita Municipal")],
            ["ROSALBA CIARLINI ROSADO", "Prefeita Municipal"])
    return L


def law_010() -> Law:
    """Roman headings without keyword between articles, alíneas straight under the caput ('a) -'),
    'ART. 4º —' style; ambiguous município name (Santa Luzia exists in several states); meta has
    only número and ano."""
    L = Law("010", width=64, hyphen_rate=0.45, mark_rate=0.1, page_lines=32, seed=10,
            letterheads=[["PREFEITURA MUNICIPAL DE SANTA LUZIA", "Estado de Minas Gerais"],
                         ["PREFEITURA MUNICIPAL DE SANTA LUZlA", "Estado de Minas Gerais"]],
            stamp="Fl. {:02d}",
            norm={"tipo": "Lei Ordinária", "numero": "640", "ano": 1983, "data": "1983-10-05",
                  "municipio": "Santa Luzia", "uf": "MG",
                  "ementa": "Regulamenta o serviço de transporte coletivo de passageiros no Município"},
            meta={"numero": "640", "ano": 1983})

    def a(n):
        return f"ART. {n}º —"
    L.raw("LEI Nº 640, DE 05 DE OUTUBRO DE 1983",
          "Regulamenta o serviço de transporte coletivo de",
          "passageiros no Município.",
          "A Câmara Municipal de Santa Luzia, Estado de Minas Gerais, decreta",
          "e eu sanciono a seguinte Lei:")
    L.group("capitulo", "I", "DA CONCESSÃO", "I - DA CONCESSÃO")
    L.art(1, "O serviço de transporte coletivo de passageiros no Município será executado diretamente pela Prefeitura ou mediante concessão, precedida de concorrência pública.", a(1))
    L.art(2, "A concessão será outorgada somente a:", a(2))
    L.ali("a", "empresa constituída no país, com capital social compatível com o serviço;", "a) -")
    L.ali("b", "consórcio de empresas, na forma da legislação federal.", "b) -")
    L.art(3, "O prazo da concessão será de dez anos, prorrogável por igual período.", a(3))
    L.group("capitulo", "II", "DAS LINHAS E HORÁRIOS", "II - DAS LINHAS E HORÁRIOS")
    L.art(4, "As linhas, os itinerários e os horários serão fixados pela Prefeitura, ouvida a concessionária.", a(4))
    L.art(5, "A concessionária é obrigada a:", a(5))
    L.ali("a", "manter a frota em perfeitas condições de conservação e higiene;", "a) -")
    L.ali("b", "cumprir rigorosamente os horários fixados;", "b) -")
    L.ali("c", "transportar gratuitamente os maiores de sessenta e cinco anos;", "c) -")
    L.ali("d", "manter pessoal uniformizado e habilitado.", "d) -")
    L.group("capitulo", "III", "DAS TARIFAS", "III - DAS TARIFAS")
    L.art(6, "As tarifas serão fixadas por decreto do Prefeito, com base em planilha de custos apresentada pela concessionária.", a(6))
    L.par("único", "A planilha será examinada por comissão composta de representantes da Prefeitura, da Câmara e dos usuários.", "PARÁGRAFO ÚNICO —")
    L.group("capitulo", "IV", "DAS PENALIDADES", "IV - DAS PENALIDADES")
    L.art(7, "A inobservância desta Lei sujeitará a concessionária às seguintes penalidades:", a(7))
    L.ali("a", "advertência por escrito;", "a) -")
    L.ali("b", "multa de cinco a cinquenta valores de referência;", "b) -")
    L.ali("c", "intervenção;", "c) -")
    L.ali("d", "cassação da concessão.", "d) -")
    L.art(8, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", a(8))
    L.fecho(["Santa Luzia, 05 de outubro de 1983."], "Santa Luzia, 05 de outubro de 1983.",
            [("GERALDO TEIXEIRA DA COSTA", "Prefeito Municipal")],
            ["GERALDO TEIXEIRA DA COSTA", "Prefeito Municipal"])
    return L


def law_011() -> Law:
    """Typewritten 1974 Decreto approving a Regulamento printed after the signatures: the
    Regulamento's own articles are an annex, not units of the Decreto."""
    L = Law("011", width=62, hyphen_rate=0.4, page_lines=30, seed=11,
            letterheads=[["PREFEITURA MUNICIPAL DE PARNAÍBA", "ESTADO DO PIAUÍ"],
                         ["PREFEITURA MUNICIPAL DE PARNAIBA", "ESTADO DO PIAUI"]],
            norm={"tipo": "Decreto", "numero": "23", "ano": 1974, "data": "1974-02-11",
                  "municipio": "Parnaíba", "uf": "PI",
                  "ementa": "Aprova o Regulamento do Mercado Público Municipal"},
            meta={"tipo": "Decreto", "numero": "23", "ano": 1974, "municipio": "Parnaíba", "uf": "PI"},
            notes=["the REGULAMENTO after the signatures (its arts. 1-6) is an annex of the decree"])
    L.raw("DECRETO Nº 23, DE 11 DE FEVEREIRO DE 1974",
          "Aprova o Regulamento do Mercado Público Municipal.",
          "O PREFEITO MUNICIPAL DE PARNAÍBA, Estado do Piauí, no uso de",
          "suas atribuições legais,",
          "DECRETA:")
    L.art(1, "Fica aprovado o Regulamento do Mercado Público Municipal, que com este baixa.", "Art. 1º -")
    L.art(2, "Este Decreto entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", "Art. 2º -")
    L.fecho(["Palácio Municipal de Parnaíba, 11 de fevereiro de 1974."],
            "Palácio Municipal de Parnaíba, 11 de fevereiro de 1974.",
            [("JOÃO SILVA FILHO", "Prefeito Municipal")], ["JOÃO SILVA FILHO", "Prefeito Municipal"])
    L.page()
    L.raw("REGULAMENTO DO MERCADO PÚBLICO MUNICIPAL",
          "CAPÍTULO I",
          "DA ADMINISTRAÇÃO",
          "Art. 1º - O Mercado Público Municipal será administrado por",
          "um Administrador nomeado pelo Prefeito.",
          "Art. 2º - Compete ao Administrador:",
          "I - zelar pela ordem e limpeza do Mercado;",
          "II - fiscalizar os pesos e medidas;",
          "III - arrecadar as taxas de ocupação.",
          "CAPÍTULO II",
          "DOS BOXES",
          "Art. 3º - Os boxes serão ocupados mediante permissão de uso,",
          "a título precário.",
          "Art. 4º - É proibido ao permissionário:",
          "a) ceder ou transferir o box a terceiros;",
          "b) vender bebidas alcoólicas;",
          "c) manter animais vivos no recinto.",
          "Art. 5º - O horário de funcionamento será das 5 às 17 horas.",
          "Art. 6º - Os casos omissos serão resolvidos pelo Prefeito.",
          "Palácio Municipal de Parnaíba, 11 de fevereiro de 1974.",
          "JOÃO SILVA FILHO",
          "Prefeito Municipal")
    return L


def law_012() -> Law:
    """Lei Complementar (tax code excerpt), 2003: TÍTULO/CAPÍTULO/SEÇÃO, VETADO provisions,
    en-dash incisos, alíneas under paragraphs, true hyphens at line ends, footer with CEP."""
    L = Law("012", width=80, hyphen_rate=0.5, page_lines=38, seed=12,
            letterheads=[["ESTADO DO RIO GRANDE DO SUL", "PREFEITURA MUNICIPAL DE CAXIAS DO SUL"],
                         ["ESTADO DO RIO GRANDE DO SUL", "PREFEITURA MUNICIPAL DE CAXlAS DO SUL"]],
            footers=[["Rua Alfredo Chaves, 1333 - CEP 95020-460 - Caxias do Sul - RS", "www.caxias.rs.gov.br"],
                     ["Rua Alfredo Chaves, 1333 - CEP 95020-46O - Caxias do Sul - RS", "www.caxias.rs.gov.br"]],
            stamp="Página {}",
            norm={"tipo": "Lei Complementar", "numero": "211", "ano": 2003, "data": "2003-12-22",
                  "municipio": "Caxias do Sul", "uf": "RS",
                  "ementa": "Dispõe sobre o Imposto sobre Serviços de Qualquer Natureza e dá outras providências."},
            meta={"municipio": "Caxias do Sul", "uf": "RS", "tipo": "Lei Complementar", "numero": "211",
                  "ano": 2003, "data": "2003-12-22"})

    def inc(n, t):
        L.inc(n, t, f"{n} –")
    L.raw("LEI COMPLEMENTAR Nº 211, DE 22 DE DEZEMBRO DE 2003.",
          "Dispõe sobre o Imposto sobre Serviços de Qualquer Natureza e dá outras providências.",
          "O PREFEITO MUNICIPAL DE CAXIAS DO SUL, faço saber que a Câmara Municipal aprovou e eu sanciono",
          "a seguinte Lei Complementar:")
    L.group("titulo", "I", "DO IMPOSTO SOBRE SERVIÇOS", "TÍTULO I", "DO IMPOSTO SOBRE SERVIÇOS")
    L.group("capitulo", "I", "DA INCIDÊNCIA", "CAPÍTULO I", "DA INCIDÊNCIA", gid="tit1_cap1")
    L.art(1, "O Imposto sobre Serviços de Qualquer Natureza tem como fato gerador a prestação de serviços constantes da lista anexa, ainda que esses não se constituam como atividade preponderante do prestador.", art_modern(1))
    L.par(1, "O imposto incide também sobre o serviço proveniente do exterior do País ou cuja prestação se tenha iniciado no exterior do País.", "§ 1º")
    L.par(2, "(VETADO)", "§ 2º")
    L.units[-1]["text"] = "VETADO"
    L.art(2, "O imposto não incide sobre:", art_modern(2))
    inc("I", "as exportações de serviços para o exterior do País;")
    inc("II", "a prestação de serviços em relação de emprego, dos trabalhadores avulsos, dos diretores e membros de conselho consultivo ou fiscal de sociedades;")
    inc("III", "o valor intermediado no mercado de títulos e valores mobiliários.")
    L.group("capitulo", "II", "DO CONTRIBUINTE E DO RESPONSÁVEL", "CAPÍTULO II", "DO CONTRIBUINTE E DO RESPONSÁVEL", gid="tit1_cap2")
    L.art(3, "Contribuinte é o prestador do serviço.", art_modern(3))
    L.art(4, "São responsáveis pelo crédito tributário, independentemente de ter sido efetuada a retenção na fonte:", art_modern(4))
    inc("I", "o tomador ou intermediário de serviço proveniente do exterior do País;")
    inc("II", "a pessoa jurídica, ainda que imune ou isenta, tomadora dos serviços de:")
    L.ali("a", "limpeza, manutenção e conservação de vias e logradouros públicos;")
    L.ali("b", "vigilância e segurança de bens e pessoas;")
    L.ali("c", "execução, por administração, empreitada ou subempreitada, de obras de construção civil.")
    L.par("único", "A responsabilidade de que trata este artigo será satisfeita mediante o pagamento do imposto retido, calculado sobre o preço do serviço, observadas as seguintes regras:", "Parágrafo único.")
    L.ali("a", "a retenção far-se-á no ato do pagamento;")
    L.ali("b", "o recolhimento dar-se-á até o dia dez do mês seguinte.")
    L.group("titulo", "II", "DO CÁLCULO DO IMPOSTO", "TÍTULO II", "DO CÁLCULO DO IMPOSTO", gid="tit2")
    L.group("capitulo", "I", "DA BASE DE CÁLCULO", "CAPÍTULO I", "DA BASE DE CÁLCULO", gid="tit2_cap1")
    L.group("secao", "I", "Disposições Gerais", "Seção I", "Disposições Gerais", gid="tit2_cap1_sec1")
    L.art(5, "A base de cálculo do imposto é o preço do serviço, nele incluídos os valores acrescidos e os encargos de qualquer natureza.", art_modern(5))
    L.art(6, "(VETADO)", art_modern(6))
    L.units[-1]["text"] = "VETADO"
    L.group("secao", "II", "Do Profissional Autônomo", "Seção II", "Do Profissional Autônomo", gid="tit2_cap1_sec2")
    L.art(7, "Quando se tratar de prestação de serviços sob a forma de trabalho pessoal do próprio contribuinte, o imposto será calculado por meio de alíquotas fixas, em função da natureza do serviço, conforme a tabela constante do anexo desta Lei Complementar, reajustada anualmente.", art_modern(7))
    L.art(8, "A alíquota máxima do imposto é de cinco por cento.", art_modern(8))
    L.art(9, "O contribuinte que não emitir nota fiscal sujeitar-se-á ao arbitramento da base de cálculo, sem prejuízo das penalidades cabíveis, e o Fisco, ex-officio, lançará a diferença apurada.", art_modern(9))
    L.art(10, "Esta Lei Complementar entra em vigor em 1º de janeiro de 2004.", art_modern(10))
    L.art(11, "Revogam-se as disposições em contrário, em especial a Lei Complementar nº 12, de 28 de dezembro de 1994.", art_modern(11))
    L.fecho(["Caxias do Sul, 22 de dezembro de 2003."], "Caxias do Sul, 22 de dezembro de 2003.",
            [("JOSÉ IVO SARTORI", "Prefeito Municipal")], ["JOSÉ IVO SARTORI,", "Prefeito Municipal."])
    return L


def law_013() -> Law:
    """1989, damaged paragraph signs and roman numerals: 'S ÚNICO', '3 2º', '5 3º', '11 —' for II,
    'W -' for II, 'LI -' for III, 'Vi -' for VI; chapters 'CAPÍTULO HI', 'CAPÍTULO VIH' written
    'CAPÍTULO II - TITLE' on one line; epígrafe with OCR damage; meta nearly empty."""
    L = Law("013", width=64, hyphen_rate=0.5, mark_rate=0.15, page_lines=30, seed=13,
            letterheads=[["ESTADO DE MATO GROSSO DO SUL", "PREFEITURA MUNICIPAL DE TRÊS LAGOAS"],
                         ["ESTADO DE MATO GROSSO DO SUL", "PREFEITURA MUNICIPAL DE TRES LAGOAS"],
                         ["ESTADO DE MATO GROSSO D0 SUL", "PREFEITURA MUNICIPAL DE TRÊS LAG0AS"]],
            stamp="F1. {:02d}",
            norm={"tipo": "Lei Ordinária", "numero": "1204", "ano": 1989, "data": "1989-08-14",
                  "municipio": "Três Lagoas", "uf": "MS",
                  "ementa": "Dispõe sobre a criação do Serviço Municipal de Água e Esgoto e dá outras providências"},
            meta={"native_id": "tl-89-1204"},
            notes=["epígrafe printed 'LEl Nº 1.2O4, DE 14 DE AGOSTO DE 1989'; CAPÍTULO HI = III, CAPÍTULO VIH = VIII"])

    def a(n):
        return f"Art. {n}º -" if n < 10 else f"Art. {n} -"
    L.raw("LEl Nº 1.2O4, DE 14 DE AGOSTO DE 1989",
          '"Dispõe sobre a criação do Serviço Municipal de Água e',
          'Esgoto e dá outras providências"',
          "O Prefeito Municipal de Três Lagoas, Estado de Mato Grosso do Sul,",
          "faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte",
          "Lei:")
    L.group("capitulo", "I", "DA CRIAÇÃO E FINALIDADES", "CAPÍTULO I - DA CRIAÇÃO E FINALIDADES")
    L.art(1, "Fica criado o Serviço Municipal de Água e Esgoto - SMAE, autarquia municipal com personalidade jurídica própria, sede e foro na cidade de Três Lagoas.", a(1))
    L.art(2, "O SMAE terá por finalidade:", a(2))
    L.inc("I", "operar e manter os serviços de abastecimento de água;")
    L.inc("II", "operar e manter os serviços de esgotos sanitários;", "11 —")
    L.inc("III", "estudar, projetar e executar obras de ampliação dos sistemas;", "LI -")
    L.inc("IV", "arrecadar as tarifas dos serviços prestados;")
    L.inc("V", "celebrar convênios com entidades públicas e privadas;")
    L.inc("VI", "exercer quaisquer outras atividades relacionadas com o saneamento básico.", "Vi -")
    L.group("capitulo", "II", "DO PATRIMÔNIO E DA RECEITA", "CAPÍTULO II - DO PATRIMÔNIO E DA RECEITA")
    L.art(3, "Constituem patrimônio do SMAE os bens móveis e imóveis que lhe forem transferidos pelo Município.", a(3))
    L.par(1, "Os bens do SMAE são impenhoráveis e não poderão ser alienados sem autorização legislativa.", "8 1º -")
    L.par(2, "A transferência dos bens será feita mediante inventário, no prazo de noventa dias.", "3 2º -")
    L.par(3, "O SMAE goza de isenção de tributos municipais.", "5 3º -")
    L.art(4, "Constituem receitas do SMAE:", a(4))
    L.inc("I", "as tarifas de água e esgoto;")
    L.inc("II", "as dotações consignadas no orçamento do Município;", "W -")
    L.inc("III", "o produto de operações de crédito;")
    L.group("capitulo", "III", "DA ADMINISTRAÇÃO", "CAPÍTULO HI - DA ADMINISTRAÇÃO")
    L.art(5, "O SMAE será dirigido por um Diretor-Geral, nomeado em comissão pelo Prefeito Municipal.", a(5))
    L.par("único", "O Diretor-Geral será substituído, em seus impedimentos, pelo Diretor Técnico.", "S ÚNICO -")
    L.art(6, "O quadro de pessoal do SMAE será fixado em lei.", a(6))
    L.group("capitulo", "IV", "DAS TARIFAS", "CAPÍTULO IV - DAS TARIFAS")
    L.art(7, "As tarifas serão fixadas por decreto do Prefeito, mediante proposta do Diretor-Geral, de modo a cobrir os custos de operação e de expansão dos serviços.", a(7))
    L.group("capitulo", "V", "DA FISCALIZAÇÃO", "CAPÍTULO V - DA FISCALIZAÇÃO")
    L.art(8, "A contabilidade do SMAE será fiscalizada pela Câmara Municipal.", a(8))
    L.group("capitulo", "VI", "DO CONSELHO", "CAPÍTULO VI - DO CONSELHO")
    L.art(9, "Haverá um Conselho Consultivo composto de cinco membros nomeados pelo Prefeito.", a(9))
    L.group("capitulo", "VII", "DOS SERVIDORES", "CAPÍTULO VII - DOS SERVIDORES")
    L.art(10, "Os servidores municipais lotados nos serviços de água e esgoto poderão ser colocados à disposição do SMAE.", a(10))
    L.group("capitulo", "VIII", "DISPOSIÇÕES FINAIS", "CAPÍTULO VIH - DISPOSIÇÕES FINAIS")
    L.art(11, "Fica o Poder Executivo autorizado a abrir crédito especial até o limite de cinquenta mil cruzados novos para a instalação do SMAE.", a(11))
    L.art(12, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", a(12))
    L.fecho(["Três Lagoas, 14 de agosto de 1989."], "Três Lagoas, 14 de agosto de 1989.",
            [("JORGE MARTINHO", "Prefeito Municipal")], ["JORGE MARTINHO", "Prefeito Municipal"])
    return L


def law_014() -> Law:
    """Clean modern text as copied from a web page: 'Art. 1o', '§ 1o', 'Art. 10' without period,
    a wrapped line that starts with a citation ('art. 3o desta Lei', '§ 2o do art. 4o')."""
    L = Law("014", width=88, formfeed=False,
            norm={"tipo": "Lei Ordinária", "numero": "8150", "ano": 2010, "data": "2010-04-28",
                  "municipio": "Campos dos Goytacazes", "uf": "RJ",
                  "ementa": "Dispõe sobre a obrigatoriedade de instalação de bebedouros em estabelecimentos de grande circulação de público."},
            meta={"municipio": "Campos dos Goytacazes", "uf": "RJ", "tipo": "Lei Ordinária", "numero": "8150",
                  "ano": 2010, "data": "2010-04-28"})

    def a(n):
        return f"Art. {n}o" if n < 10 else f"Art. {n}"
    L.raw("LEI No 8.150, DE 28 DE ABRIL DE 2010",
          "Dispõe sobre a obrigatoriedade de instalação de bebedouros em estabelecimentos de grande",
          "circulação de público.",
          "O PREFEITO DO MUNICÍPIO DE CAMPOS DOS GOYTACAZES, Estado do Rio de Janeiro, faço saber que a Câmara",
          "Municipal decretou e eu sanciono a seguinte Lei:")
    L.art(1, "Os estabelecimentos com área de atendimento ao público superior a quinhentos metros quadrados ficam obrigados a instalar bebedouros de água potável, de uso gratuito.", a(1))
    L.par(1, "Os bebedouros deverão ser acessíveis a pessoas com deficiência ou mobilidade reduzida.", "§ 1o")
    L.par(2, "A quantidade mínima será de um bebedouro para cada mil metros quadrados de área.", "§ 2o")
    L.art(2, "Consideram-se estabelecimentos de grande circulação, para os fins desta Lei:", a(2))
    L.inc("I", "shopping centers e galerias comerciais;")
    L.inc("II", "supermercados e hipermercados;")
    L.inc("III", "agências bancárias;")
    L.inc("IV", "terminais rodoviários.")
    L.art(3, "Os estabelecimentos terão o prazo de cento e oitenta dias para se adequarem ao disposto nesta Lei.", a(3))
    L.art(4, "O descumprimento do disposto no art. 1o sujeitará o infrator às penalidades previstas no art. 3o desta Lei, aplicadas em dobro na reincidência.", a(4),
          printed=["Art. 4o O descumprimento do disposto no",
                   "art. 1o sujeitará o infrator às penalidades previstas no",
                   "art. 3o desta Lei, aplicadas em dobro na reincidência."])
    L.par("único", "A reincidência será apurada no período de doze meses, nos termos do § 2o do art. 1o.", "Parágrafo único.",
          printed=["Parágrafo único. A reincidência será apurada no período de doze meses, nos termos do",
                   "§ 2o do art. 1o."])
    L.art(5, "As penalidades serão as seguintes:", a(5))
    L.inc("I", "advertência;")
    L.inc("II", "multa de quinhentos reais;")
    L.inc("III", "multa de mil reais, na reincidência.")
    L.art(6, "A fiscalização caberá ao órgão municipal de defesa do consumidor, que poderá atuar em conjunto com a Vigilância Sanitária, na forma do inciso", a(6),
          printed=["Art. 6o A fiscalização caberá ao órgão municipal de defesa do consumidor, que poderá",
                   "atuar em conjunto com a Vigilância Sanitária, na forma do inciso"])
    L.units[-1]["text"] += " II do art. 2o do Decreto no 4.312, de 2006."
    L.raw("II do art. 2o do Decreto no 4.312, de 2006.")
    L.art(7, "O Poder Executivo regulamentará esta Lei no que couber.", a(7))
    L.art(8, "As despesas com a execução desta Lei correrão por conta das dotações orçamentárias próprias.", a(8))
    L.art(9, "Esta Lei entra em vigor na data de sua publicação.", a(9))
    L.art(10, "Revogam-se as disposições em contrário.", a(10))
    L.fecho(["Campos dos Goytacazes, 28 de abril de 2010."], "Campos dos Goytacazes, 28 de abril de 2010.",
            [("ROSÂNGELA ROSINHA GAROTINHO BARROS ASSED MATHEUS DE OLIVEIRA", "Prefeita")],
            ["ROSÂNGELA ROSINHA GAROTINHO BARROS ASSED MATHEUS DE OLIVEIRA", "Prefeita"])
    return L


def law_015() -> Law:
    """Short units made of short words (composition lists, a one-line revocation), typewritten
    1991 with one page: nothing unusual but the length of the words."""
    L = Law("015", width=64, page_lines=0, seed=15,
            norm={"tipo": "Lei Ordinária", "numero": "1598", "ano": 1991, "data": "1991-09-02",
                  "municipio": "Jataí", "uf": "GO",
                  "ementa": "Cria a Comissão Municipal de Defesa Civil e dá outras providências"},
            meta={"municipio": "Jataí", "uf": "GO", "numero": "1598", "ano": 1991})
    L.raw("LEI Nº 1.598, DE 02 DE SETEMBRO DE 1991",
          "Cria a Comissão Municipal de Defesa Civil e dá",
          "outras providências.",
          "O PREFEITO MUNICIPAL DE JATAÍ, Estado de Goiás, faço saber que",
          "a Câmara Municipal aprovou e eu sanciono a seguinte Lei:")
    L.art(1, "Fica criada a Comissão Municipal de Defesa Civil - COMDEC, composta por:", "Art. 1º -")
    L.inc("I", "o Prefeito, que a presidirá;")
    L.inc("II", "o Secretário de Obras;")
    L.inc("III", "um vereador e o seu suplente;")
    L.inc("IV", "o Comandante do Corpo de Bombeiros;")
    L.inc("V", "um médico da rede municipal.")
    L.par(1, "O mandato é de um ano.", "§ 1º -")
    L.par(2, "A função não é remunerada.", "§ 2º -")
    L.art(2, "Compete à COMDEC:", "Art. 2º -")
    L.inc("I", "o plano de ação em caso de enchente;")
    L.inc("II", "o aviso à população;")
    L.inc("III", "a ele se dá o de abrigo e o de socorro;")
    L.art(3, "Esta Lei entra em vigor na data de sua publicação.", "Art. 3º -")
    L.art(4, "Revoga-se a Lei nº 10/90.", "Art. 4º -")
    L.fecho(["Gabinete do Prefeito Municipal de Jataí, em 02 de setembro de 1991."],
            "Gabinete do Prefeito Municipal de Jataí, em 02 de setembro de 1991.",
            [("JOÃO BOSCO DE MELO", "Prefeito Municipal")], ["JOÃO BOSCO DE MELO", "Prefeito Municipal"])
    return L


def law_016() -> Law:
    """Typewriter digits read as letters, Tesseract's commonest confusion: 'Art. lº', 'Art. Iº',
    '§ lº', 'Art. l0', 'Art. 1l'; 1985, three pages without letterhead."""
    L = Law("016", width=64, hyphen_rate=0.4, page_lines=24, seed=16, stamp="- {} -",
            norm={"tipo": "Lei Ordinária", "numero": "2011", "ano": 1985, "data": "1985-05-20",
                  "municipio": "Cachoeiro de Itapemirim", "uf": "ES",
                  "ementa": "Dispõe sobre o serviço funerário no Município e dá outras providências"},
            meta={"municipio": "Cachoeiro de Itapemirim", "uf": "ES", "tipo": "Lei Ordinária",
                  "numero": "2011", "ano": 1985, "data": "1985-05-20"},
            notes=["printed 'Art. lº' (1), 'Art. l0' (10), 'Art. 1l' (11), '§ lº' (art. 3 § 1)"])

    def a(n):
        return f"Art. {n}º -" if n < 10 else f"Art. {n} -"
    L.raw("LEI Nº 2.011, DE 20 DE MAIO DE 1985",
          "Dispõe sobre o serviço funerário no Município e dá",
          "outras providências.",
          "A Câmara Municipal de Cachoeiro de Itapemirim, Estado do Espírito",
          "Santo, aprovou e eu sanciono a seguinte Lei:")
    L.art(1, "O serviço funerário é de competência do Município e será executado diretamente ou mediante permissão.", "Art. lº -")
    L.art(2, "A permissão será outorgada a empresas estabelecidas no Município, mediante licitação.", a(2))
    L.art(3, "As empresas permissionárias deverão manter plantão permanente e dispor de, no mínimo, dois veículos apropriados.", a(3))
    L.par(1, "Os veículos serão vistoriados anualmente pela Prefeitura.", "§ lº -")
    L.par(2, "O plantão será divulgado em local visível nos hospitais.", "§ 2º -")
    L.art(4, "Os preços dos serviços serão fixados por decreto do Prefeito, mediante proposta das permissionárias.", a(4))
    L.art(5, "A Prefeitura prestará gratuitamente o serviço funerário às pessoas reconhecidamente pobres.", a(5))
    L.art(6, "É vedado às permissionárias angariar serviços nos hospitais, asilos e repartições públicas.", a(6))
    L.art(7, "A infração ao disposto nesta Lei sujeitará a permissionária à multa de dez valores de referência.", a(7))
    L.art(8, "Na reincidência a multa será aplicada em dobro e, na terceira infração, será cassada a permissão.", a(8))
    L.art(9, "As permissões em vigor deverão adaptar-se a esta Lei no prazo de noventa dias.", a(9))
    L.art(10, "O Prefeito regulamentará esta Lei no prazo de sessenta dias.", "Art. l0 -")
    L.art(11, "Esta Lei entrará em vigor na data de sua publicação.", "Art. 1l -")
    L.art(12, "Revogam-se as disposições em contrário.", a(12))
    L.fecho(["Prefeitura Municipal de Cachoeiro de Itapemirim, em 20 de maio de 1985."],
            "Prefeitura Municipal de Cachoeiro de Itapemirim, em 20 de maio de 1985.",
            [("ROBERTO VALADÃO ALMOKDICE", "Prefeito Municipal")],
            ["ROBERTO VALADÃO ALMOKDICE", "Prefeito Municipal"])
    return L


def reprint(L: Law, start: int, lines: list[str]) -> None:
    """Replace the body lines emitted since ``start`` by ``lines`` (a unit printed with a trap the
    wrapper would not make: a word split across a page, debris before a label). The unit's gold
    text is unchanged."""
    L._body[start:] = [("body", ln) for ln in lines]


# ---------------------------------------------------------------------------------------------
# Laws 017-032: a second QA round (older drafting styles, layouts and scan accidents).

def law_017() -> Law:
    """1958: 'Art. 1.º -', '§ 1.º -', incisos 'I)', 'decretou e eu promulgo', 'N.º' epígrafe,
    'Publicada na Secretaria' after the fecho, two signatures side by side on one line."""
    L = Law("017", width=62, hyphen_rate=0.35, mark_rate=0.05, page_lines=30, seed=17,
            letterheads=[["PREFEITURA MUNICIPAL DE BRAGANÇA PAULISTA", "Estado de São Paulo"],
                         ["PREFEITURA MUNICIPAL DE BRAGANÇA PAULlSTA", "Estado de São Paulo"]],
            norm={"tipo": "Lei Ordinária", "numero": "312", "ano": 1958, "data": "1958-11-05",
                  "municipio": "Bragança Paulista", "uf": "SP",
                  "ementa": "Dispõe sobre o serviço de iluminação pública nos bairros e dá outras providências"},
            meta={"municipio": "Bragança Paulista", "uf": "SP", "numero": "312", "ano": 1958})

    def a(n):
        return f"Art. {n}.º -" if n < 10 else f"Art. {n} -"
    L.raw("LEI N.º 312, DE 5 DE NOVEMBRO DE 1958",
          "Dispõe sobre o serviço de iluminação pública nos",
          "bairros e dá outras providências.",
          "O Doutor JOSÉ DE OLIVEIRA PRADO, Prefeito Municipal de",
          "Bragança Paulista, usando das atribuições que lhe são",
          "conferidas por lei,",
          "Faço saber que a Câmara Municipal decretou e eu promulgo",
          "a seguinte lei:")
    L.art(1, "Fica o Prefeito Municipal autorizado a contratar com a Companhia Paulista de Força e Luz a extensão da rede de iluminação pública aos bairros do Lavapés, do Taboão e da Penha.", a(1))
    L.par(1, "As despesas com a execução do contrato correrão por conta da verba própria do orçamento vigente.", "§ 1.º -")
    L.par(2, "O contrato terá o prazo de cinco anos, renovável por igual período.", "§ 2.º -")
    L.art(2, "A iluminação será feita com lâmpadas de cem velas no mínimo, colocadas:", a(2))
    L.inc("I", "nas esquinas de todas as ruas;", "I)")
    L.inc("II", "no meio das quadras de comprimento superior a cem metros;", "II)")
    L.inc("III", "em frente às escolas, igrejas e estabelecimentos de saúde.", "III)")
    L.art(3, "Os proprietários de imóveis situados nas ruas beneficiadas pagarão a taxa de iluminação pública na forma da Lei n.º 201, de 12 de março de 1954.", a(3))
    L.art(4, "Ficam isentos da taxa os imóveis de valor venal inferior a vinte mil cruzeiros.", a(4))
    L.par("único", "A isenção será requerida pelo proprietário e renovada a cada exercício.", "Parágrafo único -")
    L.art(5, "Esta lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", a(5))
    L.fecho(["Prefeitura Municipal de Bragança Paulista, aos 5 de novembro",
             "de 1958."],
            "Prefeitura Municipal de Bragança Paulista, aos 5 de novembro de 1958.",
            [("JOSÉ DE OLIVEIRA PRADO", "Prefeito Municipal"), ("ANTÔNIO CARLOS BUENO", "Secretário")],
            ["JOSÉ DE OLIVEIRA PRADO          ANTÔNIO CARLOS BUENO",
             "Prefeito Municipal                  Secretário",
             "Publicada na Secretaria da Prefeitura Municipal de Bragança",
             "Paulista, aos 5 de novembro de 1958."])
    return L


def law_018() -> Law:
    """1966: 'Artigo Primeiro -' ... 'Artigo Terceiro -' in words, then 'Art. 4º -'; '§ único';
    'Parágrafo 1º -' / 'Parágrafo 2º -' for numbered paragraphs."""
    L = Law("018", width=64, hyphen_rate=0.35, page_lines=32, seed=18,
            letterheads=[["PREFEITURA MUNICIPAL DE CARUARU", "ESTADO DE PERNAMBUCO"],
                         ["PREFEITURA MUNICIPAL DE CARUARU", "ESTADO DE PERNAMBUC0"]],
            norm={"tipo": "Lei Ordinária", "numero": "1530", "ano": 1966, "data": "1966-07-19",
                  "municipio": "Caruaru", "uf": "PE",
                  "ementa": "Regula o funcionamento da Feira de Caruaru e dá outras providências"},
            meta={"municipio": "Caruaru", "uf": "PE", "tipo": "Lei Ordinária", "numero": "1530",
                  "ano": 1966, "data": "1966-07-19"},
            notes=["articles 1-3 printed with ordinal words ('Artigo Primeiro'), the rest 'Art. 4º'"])
    L.raw("LEI Nº 1.530, DE 19 DE JULHO DE 1966",
          "Regula o funcionamento da Feira de Caruaru e dá outras",
          "providências.",
          "O PREFEITO DO MUNICÍPIO DE CARUARU, faço saber que a Câmara",
          "Municipal decretou e eu sanciono a seguinte Lei:")
    L.art(1, "A Feira de Caruaru realizar-se-á às quartas-feiras e aos sábados, no Parque 18 de Maio e nas ruas adjacentes designadas pela Prefeitura.", "Artigo Primeiro -")
    L.art(2, "Os feirantes serão matriculados na Diretoria de Rendas, mediante o pagamento da taxa de ocupação do solo.", "Artigo Segundo -")
    L.par(1, "A matrícula é pessoal e intransferível.", "Parágrafo 1º -")
    L.par(2, "O feirante que faltar a quatro feiras seguidas, sem motivo justificado, perderá o lugar.", "Parágrafo 2º -")
    L.art(3, "Os lugares serão distribuídos por setores, a saber:", "Artigo Terceiro -")
    L.inc("I", "setor de cereais e farinha;")
    L.inc("II", "setor de artesanato de barro e couro;")
    L.inc("III", "setor de gado e animais de pequeno porte.")
    L.art(4, "É proibida a venda de carnes fora do Mercado Público.", "Art. 4º -")
    L.par("único", "A infração será punida com a apreensão da mercadoria e multa de dez mil cruzeiros.", "§ único -")
    L.art(5, "A limpeza do recinto da feira será feita pela Prefeitura, logo após o seu encerramento.", "Art. 5º -")
    L.art(6, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", "Art. 6º -")
    L.fecho(["Gabinete do Prefeito do Município de Caruaru, em 19 de julho",
             "de 1966."],
            "Gabinete do Prefeito do Município de Caruaru, em 19 de julho de 1966.",
            [("JOÃO LYRA FILHO", "Prefeito")], ["JOÃO LYRA FILHO", "Prefeito"])
    return L


def law_019() -> Law:
    """1971: 'Art 1 -' (no period, no ordinal sign), incisos 'I.', alíneas 'a -',
    'Parágrafo 1 -'; wrapped lines that begin with 'a' or 'I' as plain words."""
    L = Law("019", width=60, hyphen_rate=0.3, page_lines=34, seed=19,
            letterheads=[["PREFEITURA MUNICIPAL DE LAGES", "SANTA CATARINA"]],
            norm={"tipo": "Lei Ordinária", "numero": "278", "ano": 1971, "data": "1971-04-23",
                  "municipio": "Lages", "uf": "SC",
                  "ementa": "Cria o Fundo Municipal de Pavimentação"},
            meta={"municipio": "Lages", "uf": "SC", "numero": "278", "ano": 1971})

    def a(n):
        return f"Art {n} -"
    L.raw("LEI Nº 278 DE 23 DE ABRIL DE 1971",
          "Cria o Fundo Municipal de Pavimentação.",
          "O Prefeito Municipal de Lages, Estado de Santa Catarina,",
          "faço saber a todos os habitantes deste Município que a",
          "Câmara Municipal aprovou e eu sanciono a seguinte Lei:")
    L.art(1, "Fica criado o Fundo Municipal de Pavimentação, destinado a custear as obras de calçamento das vias urbanas.", a(1))
    L.art(2, "Constituem receitas do Fundo:", a(2))
    L.inc("I", "a contribuição de melhoria cobrada dos proprietários beneficiados;", "I.")
    L.inc("II", "as dotações orçamentárias que lhe forem destinadas;", "II.")
    L.inc("III", "os auxílios da União e do Estado;", "III.")
    L.inc("IV", "o produto de operações de crédito.", "IV.")
    L.art(3, "A contribuição de melhoria será paga:", a(3))
    L.ali("a", "à vista, com desconto de dez por cento;", "a -")
    L.ali("b", "em até vinte e quatro prestações mensais, corrigidas na forma da lei.", "b -")
    L.par(1, "O lançamento será feito após a conclusão da obra.", "Parágrafo 1 -")
    L.par(2, "Igual tratamento terá o proprietário de terreno de esquina, que pagará pela testada maior.", "Parágrafo 2 -")
    L.art(4, "O Fundo será administrado por uma comissão de três membros nomeados pelo Prefeito, a qual prestará contas à Câmara semestralmente.", a(4),
          printed=["Art 4 - O Fundo será administrado por uma comissão de três",
                   "membros nomeados pelo Prefeito,",
                   "a qual prestará contas à Câmara semestralmente."])
    L.art(5, "Esta Lei entra em vigor na data de sua publicação.", a(5))
    L.fecho(["Prefeitura Municipal de Lages, 23 de abril de 1971."],
            "Prefeitura Municipal de Lages, 23 de abril de 1971.",
            [("JUAREZ FURTADO", "Prefeito Municipal")], ["JUAREZ FURTADO", "Prefeito Municipal"])
    return L


def law_020() -> Law:
    """1975 Código de Posturas (excerpt): LIVRO / TÍTULO / CAPÍTULO / Seção, numbering restarting
    under each parent, a CAPÍTULO ÚNICO, headings on two lines, long (six pages)."""
    L = Law("020", width=64, hyphen_rate=0.4, mark_rate=0.06, page_lines=34, seed=20, stamp="- {} -",
            letterheads=[["PREFEITURA MUNICIPAL DE UBERABA", "ESTADO DE MINAS GERAIS"],
                         ["PREFEITURA MUNlCIPAL DE UBERABA", "ESTADO DE MINAS GERAIS"]],
            norm={"tipo": "Lei Ordinária", "numero": "2412", "ano": 1975, "data": "1975-12-10",
                  "municipio": "Uberaba", "uf": "MG",
                  "ementa": "Institui o Código de Posturas do Município de Uberaba"},
            meta={"municipio": "Uberaba", "uf": "MG", "tipo": "Lei Ordinária", "numero": "2412",
                  "ano": 1975, "data": "1975-12-10"})

    def a(n):
        return f"Art. {n}º -" if n < 10 else f"Art. {n} -"
    L.raw("LEI Nº 2.412, DE 10 DE DEZEMBRO DE 1975",
          "Institui o Código de Posturas do Município de Uberaba.",
          "A Câmara Municipal de Uberaba decreta e eu, Prefeito Municipal,",
          "sanciono a seguinte Lei:")
    n = [0]

    def art(text, *pars):
        n[0] += 1
        L.art(n[0], text, a(n[0]))
        for k, t in enumerate(pars, 1):
            L.par("único" if len(pars) == 1 else k, t, "Parágrafo único -" if len(pars) == 1 else f"§ {k}º -")
    L.group("livro", "I", "DAS NORMAS GERAIS", "LIVRO I", "DAS NORMAS GERAIS", gid="liv1")
    L.group("titulo", "I", "DISPOSIÇÕES PRELIMINARES", "TÍTULO I", "DISPOSIÇÕES PRELIMINARES", gid="liv1_tit1")
    L.group("capitulo", "único", "DO OBJETO", "CAPÍTULO ÚNICO", "DO OBJETO", gid="liv1_tit1_capu")
    art("Este Código contém as medidas de polícia administrativa a cargo do Município em matéria de higiene, ordem pública e funcionamento dos estabelecimentos.")
    art("Ao Prefeito e aos servidores municipais em geral incumbe velar pela observância dos preceitos deste Código.")
    L.group("titulo", "II", "DA HIGIENE PÚBLICA", "TÍTULO II", "DA HIGIENE PÚBLICA", gid="liv1_tit2")
    L.group("capitulo", "I", "DISPOSIÇÕES GERAIS", "CAPÍTULO I", "DISPOSIÇÕES GERAIS", gid="liv1_tit2_cap1")
    art("A fiscalização sanitária abrangerá especialmente a higiene e limpeza das vias públicas, das habitações, dos estabelecimentos comerciais e dos mercados.")
    art("Em cada inspeção em que for verificada irregularidade, o funcionário competente apresentará relatório circunstanciado, sugerindo medidas ou solicitando providências.",
        "O relatório será encaminhado ao órgão competente no prazo de quarenta e oito horas.")
    L.group("capitulo", "II", "DA HIGIENE DAS VIAS PÚBLICAS", "CAPÍTULO II", "DA HIGIENE DAS VIAS PÚBLICAS", gid="liv1_tit2_cap2")
    L.group("secao", "I", "Da Limpeza", "Seção I", "Da Limpeza", gid="liv1_tit2_cap2_sec1")
    art("O serviço de limpeza das ruas, praças e logradouros públicos será executado diretamente pela Prefeitura ou por concessão.")
    art("Os moradores são responsáveis pela limpeza do passeio fronteiro às suas residências.",
        "A lavagem do passeio será feita em hora conveniente e de pouco trânsito.",
        "É absolutamente proibido varrer lixo ou detritos sólidos de qualquer natureza para os ralos dos logradouros públicos.")
    L.group("secao", "II", "Das Proibições", "Seção II", "Das Proibições", gid="liv1_tit2_cap2_sec2")
    art("É proibido fazer varredura do interior dos prédios, dos terrenos e dos veículos para a via pública.")
    art("Para preservar a estética e a higiene pública, é proibido:")
    L.inc("I", "manter terrenos com vegetação alta ou água estagnada;")
    L.inc("II", "conduzir, sem as precauções devidas, quaisquer materiais que possam comprometer o asseio das vias públicas;")
    L.inc("III", "queimar, mesmo nos próprios quintais, lixo ou quaisquer corpos em quantidade capaz de molestar a vizinhança.")
    L.group("capitulo", "III", "DA HIGIENE DAS HABITAÇÕES", "CAPÍTULO III", "DA HIGIENE DAS HABITAÇÕES", gid="liv1_tit2_cap3")
    art("Os proprietários ou inquilinos são obrigados a conservar em perfeito estado de asseio os seus quintais, pátios, prédios e terrenos.")
    art("Não é permitida a existência de terrenos cobertos de mato, pantanosos ou servindo de depósito de lixo, dentro dos limites da cidade.")
    L.group("livro", "II", "DA ORDEM PÚBLICA", "LIVRO II", "DA ORDEM PÚBLICA", gid="liv2")
    L.group("titulo", "I", "DOS COSTUMES E DO SOSSEGO", "TÍTULO I", "DOS COSTUMES E DO SOSSEGO", gid="liv2_tit1")
    L.group("capitulo", "I", "DA MORALIDADE", "CAPÍTULO I", "DA MORALIDADE", gid="liv2_tit1_cap1")
    art("É expressamente proibido às casas de comércio ou aos ambulantes a exposição ou venda de gravuras, livros, revistas ou jornais pornográficos ou obscenos.",
        "A reincidência na infração deste artigo determinará a cassação da licença de funcionamento.")
    art("Os proprietários de estabelecimentos em que se vendam bebidas alcoólicas serão responsáveis pela manutenção da ordem nos mesmos.")
    L.group("capitulo", "II", "DO SOSSEGO PÚBLICO", "CAPÍTULO II", "DO SOSSEGO PÚBLICO", gid="liv2_tit1_cap2")
    art("É proibido perturbar o sossego público com ruídos ou sons excessivos, evitáveis, tais como:")
    L.inc("I", "os de motores de explosão desprovidos de silenciosos;")
    L.inc("II", "os de buzinas, clarins, tímpanos, campainhas ou quaisquer outros aparelhos;")
    L.inc("III", "a propaganda realizada com alto-falantes, sem prévia autorização da Prefeitura;")
    L.inc("IV", "os morteiros, bombas e demais fogos ruidosos.")
    art("Nas igrejas, conventos e capelas, os sinos não poderão tocar antes das cinco e depois das vinte e duas horas, salvo os toques de rebate por ocasião de incêndios ou inundações.")
    L.group("titulo", "II", "DOS DIVERTIMENTOS PÚBLICOS", "TÍTULO II", "DOS DIVERTIMENTOS PÚBLICOS", gid="liv2_tit2")
    L.group("capitulo", "I", "DAS LICENÇAS", "CAPÍTULO I", "DAS LICENÇAS", gid="liv2_tit2_cap1")
    art("Divertimentos públicos, para os efeitos deste Código, são os que se realizarem nas vias públicas ou em recintos fechados de livre acesso ao público.")
    art("Nenhum divertimento público poderá ser realizado sem licença da Prefeitura.",
        "O requerimento de licença será instruído com a prova de terem sido satisfeitas as exigências regulamentares referentes à construção e higiene do edifício.")
    L.group("capitulo", "II", "DOS CIRCOS E PARQUES", "CAPÍTULO II", "DOS CIRCOS E PARQUES", gid="liv2_tit2_cap2")
    art("A armação de circos de pano ou parques de diversões só poderá ser permitida em locais previamente estabelecidos pela Prefeitura.")
    art("A autorização de funcionamento não poderá ser por prazo superior a um ano.",
        "Ao conceder a autorização, poderá a Prefeitura estabelecer as restrições que julgar convenientes.",
        "Os circos e parques de diversões, embora autorizados, só poderão ser franqueados ao público depois de vistoriados pelas autoridades da Prefeitura.")
    L.group("livro", "III", "DAS DISPOSIÇÕES FINAIS", "LIVRO III", "DAS DISPOSIÇÕES FINAIS", gid="liv3")
    art("Este Código entrará em vigor noventa dias após a data de sua publicação, revogadas as disposições em contrário.")
    L.fecho(["Prefeitura Municipal de Uberaba, 10 de dezembro de 1975."],
            "Prefeitura Municipal de Uberaba, 10 de dezembro de 1975.",
            [("ARNALDO ROSA PRATA", "Prefeito Municipal")], ["ARNALDO ROSA PRATA", "Prefeito Municipal"])
    return L


def law_021() -> Law:
    """Lei Orgânica (1990) fragment: no número, preâmbulo 'promulgamos', TÍTULO/CAPÍTULO,
    incisos up to XXIV with damaged numerals ('XIl', 'XVlI', 'XXl'), scan ends at a page end."""
    L = Law("021", width=66, hyphen_rate=0.3, page_lines=36, seed=21,
            letterheads=[["CÂMARA MUNICIPAL DE ARAPIRACA", "ESTADO DE ALAGOAS"]],
            norm={"tipo": "Lei Orgânica", "numero": None, "ano": 1990, "data": "1990-04-05",
                  "municipio": "Arapiraca", "uf": "AL",
                  "ementa": None},
            meta={"municipio": "Arapiraca", "uf": "AL", "tipo": "Lei Orgânica", "ano": 1990,
                  "data": "1990-04-05"},
            notes=["fragment: the scan stops after art. 7; incisos XII, XVII, XXI printed 'XIl', 'XVlI', 'XXl'"])
    L.raw("LEI ORGÂNICA DO MUNICÍPIO DE ARAPIRACA",
          "PREÂMBULO",
          "Nós, representantes do povo arapiraquense, reunidos em Câmara",
          "Constituinte, sob a proteção de Deus, promulgamos a seguinte",
          "LEI ORGÂNICA DO MUNICÍPIO DE ARAPIRACA.")
    L.group("titulo", "I", "DOS PRINCÍPIOS FUNDAMENTAIS", "TÍTULO I", "DOS PRINCÍPIOS FUNDAMENTAIS", gid="tit1")
    L.art(1, "O Município de Arapiraca, parte integrante do Estado de Alagoas, rege-se por esta Lei Orgânica e pelas leis que adotar, observados os princípios da Constituição Federal e da Constituição do Estado.", "Art. 1º -")
    L.art(2, "São Poderes do Município, independentes e harmônicos entre si, o Legislativo e o Executivo.", "Art. 2º -")
    L.par("único", "É vedada a delegação de atribuições entre os Poderes.", "Parágrafo único -")
    L.art(3, "São símbolos do Município a bandeira, o hino e o brasão, representativos de sua cultura e história.", "Art. 3º -")
    L.group("titulo", "II", "DA ORGANIZAÇÃO DO MUNICÍPIO", "TÍTULO II", "DA ORGANIZAÇÃO DO MUNICÍPIO", gid="tit2")
    L.group("capitulo", "I", "DA COMPETÊNCIA", "CAPÍTULO I", "DA COMPETÊNCIA", gid="tit2_cap1")
    L.art(4, "Compete ao Município prover a tudo quanto diga respeito ao seu peculiar interesse e ao bem-estar de sua população, cabendo-lhe, privativamente, dentre outras, as seguintes atribuições:", "Art. 4º -")
    items = ["legislar sobre assuntos de interesse local;",
             "suplementar a legislação federal e a estadual no que couber;",
             "elaborar o plano plurianual, as diretrizes orçamentárias e o orçamento anual;",
             "instituir e arrecadar os tributos de sua competência;",
             "fixar, fiscalizar e cobrar preços públicos;",
             "dispor sobre organização, administração e execução dos serviços locais;",
             "dispor sobre administração, utilização e alienação dos bens públicos;",
             "organizar o quadro e estabelecer o regime jurídico único dos servidores públicos;",
             "organizar e prestar os serviços públicos de interesse local;",
             "manter, com a cooperação técnica e financeira da União e do Estado, programas de educação pré-escolar e de ensino fundamental;",
             "prestar serviços de atendimento à saúde da população;",
             "promover o adequado ordenamento territorial;",
             "estabelecer normas de edificação, de loteamento e de zoneamento urbano;",
             "conceder e renovar licença para localização e funcionamento de estabelecimentos;",
             "cassar a licença que houver concedido ao estabelecimento que se tornar prejudicial à saúde;",
             "estabelecer servidões administrativas necessárias à realização de seus serviços;",
             "regulamentar a utilização dos logradouros públicos;",
             "sinalizar as vias urbanas e as estradas municipais;",
             "prover sobre a limpeza das vias e logradouros públicos;",
             "ordenar as atividades urbanas, fixando condições e horários para funcionamento;",
             "dispor sobre o serviço funerário e os cemitérios;",
             "regulamentar e fiscalizar a fixação de cartazes e anúncios;",
             "dispor sobre depósito e venda de animais e mercadorias apreendidos;",
             "promover a proteção do patrimônio histórico-cultural local."]
    damaged = {"XII": "XIl -", "XVII": "XVlI -", "XXI": "XXl -"}
    for k, t in enumerate(items, 1):
        r = int_to_roman(k)
        L.inc(r, t, damaged.get(r))
    L.par(1, "As normas de loteamento e arruamento a que se refere o inciso XIII deste artigo deverão exigir reserva de áreas destinadas a zonas verdes e demais logradouros públicos.", "§ 1º -")
    L.par(2, "A política de desenvolvimento urbano observará as diretrizes do plano diretor.", "§ 2º -")
    L.group("capitulo", "II", "DA COMPETÊNCIA COMUM", "CAPÍTULO II", "DA COMPETÊNCIA COMUM", gid="tit2_cap2")
    L.art(5, "É da competência comum do Município, da União e do Estado, na forma da lei complementar federal:", "Art. 5º -")
    L.inc("I", "zelar pela guarda da Constituição, das leis e das instituições democráticas;")
    L.inc("II", "cuidar da saúde e assistência pública;")
    L.inc("III", "proteger o meio ambiente e combater a poluição em qualquer de suas formas.")
    L.art(6, "Ao Município é vedado:", "Art. 6º -")
    L.inc("I", "estabelecer cultos religiosos ou igrejas, subvencioná-los ou embaraçar-lhes o funcionamento;")
    L.inc("II", "recusar fé aos documentos públicos;")
    L.inc("III", "criar distinções entre brasileiros ou preferências entre si.")
    L.art(7, "O Município poderá celebrar convênios com a União, o Estado e outros Municípios para a execução de suas leis, serviços e decisões.", "Art. 7º -")
    return L


def law_022() -> Law:
    """Resolução da Mesa (1997): 'A MESA DA CÂMARA MUNICIPAL ... RESOLVE:', four signatures in
    two columns (names on one line, cargos on the next), 'Sala das Sessões' fecho."""
    L = Law("022", width=70, hyphen_rate=0.2, page_lines=0, seed=22,
            letterheads=[["CÂMARA MUNICIPAL DE CAMPINA GRANDE", "Estado da Paraíba", "Casa Félix Araújo"]],
            norm={"tipo": "Resolução", "numero": "3", "ano": 1997, "data": "1997-03-14",
                  "municipio": "Campina Grande", "uf": "PB",
                  "ementa": "Dispõe sobre o horário de expediente da Secretaria da Câmara Municipal"},
            meta={"municipio": "Campina Grande", "uf": "PB", "tipo": "Resolução", "numero": "3", "ano": 1997})
    L.raw("RESOLUÇÃO DA MESA Nº 03/97",
          "Dispõe sobre o horário de expediente da Secretaria",
          "da Câmara Municipal.",
          "A MESA DA CÂMARA MUNICIPAL DE CAMPINA GRANDE, Estado da Paraíba, no uso",
          "das atribuições que lhe confere o art. 24, inciso IV, do Regimento Interno,",
          "RESOLVE:")
    L.art(1, "O expediente da Secretaria da Câmara Municipal será das 7 às 13 horas, de segunda a sexta-feira.", "Art. 1º -")
    L.par("único", "Nos dias de sessão ordinária, os servidores do setor de apoio legislativo permanecerão até o encerramento dos trabalhos.", "Parágrafo único -")
    L.art(2, "O controle de frequência será feito por livro de ponto, sob a responsabilidade do Diretor Administrativo.", "Art. 2º -")
    L.art(3, "Esta Resolução entra em vigor na data de sua publicação, revogadas as disposições em contrário.", "Art. 3º -")
    L.fecho(["Sala das Sessões da Câmara Municipal de Campina Grande, 14 de março de 1997."],
            "Sala das Sessões da Câmara Municipal de Campina Grande, 14 de março de 1997.",
            [("JOSÉ LUIZ JÚNIOR", "Presidente"), ("MARIA DAS GRAÇAS SOUTO", "Vice-Presidente"),
             ("ANTÔNIO PEREIRA DE LIMA", "1º Secretário"), ("FRANCISCA DE ASSIS NÓBREGA", "2º Secretário")],
            ["JOSÉ LUIZ JÚNIOR                    MARIA DAS GRAÇAS SOUTO",
             "Presidente                          Vice-Presidente",
             "ANTÔNIO PEREIRA DE LIMA             FRANCISCA DE ASSIS NÓBREGA",
             "1º Secretário                       2º Secretário"])
    return L


def law_023() -> Law:
    """1963 one-article law ('ART. ÚNICO -') on a book page that goes on with the next law."""
    L = Law("023", width=62, page_lines=0, seed=23,
            letterheads=[["PREFEITURA MUNICIPAL DE ITABUNA", "Estado da Bahia"]],
            norm={"tipo": "Lei Ordinária", "numero": "88", "ano": 1963, "data": "1963-08-02",
                  "municipio": "Itabuna", "uf": "BA",
                  "ementa": "Dá denominação a logradouro público"},
            meta={"municipio": "Itabuna", "uf": "BA", "numero": "88", "ano": 1963},
            excluded_neighbors=["LEI Nº 89, DE 2 DE AGOSTO DE 1963 (crédito especial) - not part of the target"])
    L.raw("LEI Nº 88, DE 2 DE AGOSTO DE 1963",
          "Dá denominação a logradouro público.",
          "O PREFEITO MUNICIPAL DE ITABUNA: Faço saber que a Câmara",
          "Municipal decretou e eu sanciono a seguinte Lei:")
    L.art("único", "Passa a denominar-se Rua Firmino Alves a atual Rua Nova, no bairro do Pontalzinho, revogadas as disposições em contrário.", "ART. ÚNICO -")
    L.fecho(["Prefeitura Municipal de Itabuna, em 2 de agosto de 1963."],
            "Prefeitura Municipal de Itabuna, em 2 de agosto de 1963.",
            [("JOSÉ DE ALMEIDA ALCÂNTARA", "Prefeito")], ["JOSÉ DE ALMEIDA ALCÂNTARA", "Prefeito"])
    L.raw("LEI Nº 89, DE 2 DE AGOSTO DE 1963",
          "Abre crédito especial.",
          "O PREFEITO MUNICIPAL DE ITABUNA: Faço saber que a Câmara",
          "Municipal decretou e eu sanciono a seguinte Lei:",
          "ART. 1º - Fica aberto o crédito especial de Cr$ 500.000,00",
          "(quinhentos mil cruzeiros) para a reforma do Mercado Municipal.",
          "ART. 2º - O crédito será coberto com o excesso de arrecadação",
          "do corrente exercício.",
          "ART. 3º - Esta Lei entrará em vigor na data de sua publicação.")
    return L


def law_024() -> Law:
    """1994 tax law: a small table inside an article (kept as its text), and TABELA I / TABELA II
    in an anexo after the signatures with numbered rows, roman rows and dotted leaders."""
    L = Law("024", width=66, hyphen_rate=0.3, page_lines=34, seed=24, stamp="Fl. {:02d}",
            letterheads=[["PREFEITURA MUNICIPAL DE PATOS DE MINAS", "Estado de Minas Gerais"]],
            norm={"tipo": "Lei Ordinária", "numero": "3890", "ano": 1994, "data": "1994-12-20",
                  "municipio": "Patos de Minas", "uf": "MG",
                  "ementa": "Institui as taxas de expediente e de serviços diversos"},
            meta={"municipio": "Patos de Minas", "uf": "MG", "tipo": "Lei Ordinária", "numero": "3890",
                  "ano": 1994, "data": "1994-12-20"},
            notes=["art. 3 contains a table (kept as text); TABELA I and II after the signatures are an anexo"])
    L.raw("LEI Nº 3.890, DE 20 DE DEZEMBRO DE 1994",
          "Institui as taxas de expediente e de serviços diversos.",
          "O Povo do Município de Patos de Minas, por seus representantes,",
          "aprovou e eu, Prefeito Municipal, sanciono a seguinte Lei:")
    L.art(1, "Ficam instituídas a Taxa de Expediente e a Taxa de Serviços Diversos, devidas pela prestação dos serviços constantes das Tabelas I e II anexas a esta Lei.", "Art. 1º -")
    L.art(2, "As taxas serão calculadas em Unidades Fiscais do Município - UFM, conforme as tabelas anexas.", "Art. 2º -")
    L.art(3, "A taxa de numeração de prédios será cobrada conforme a zona:", "Art. 3º -")
    L.quote("ZONA                          UFM",
            "Central ..................... 2,00",
            "Intermediária ............... 1,50",
            "Periférica .................. 1,00")
    L.par("único", "Os prédios de uso residencial unifamiliar situados na zona periférica ficam isentos.", "Parágrafo único -")
    L.art(4, "As taxas serão pagas antes da prestação do serviço, por meio de guia própria.", "Art. 4º -")
    L.art(5, "Esta Lei entra em vigor em 1º de janeiro de 1995.", "Art. 5º -")
    L.fecho(["Patos de Minas, 20 de dezembro de 1994."], "Patos de Minas, 20 de dezembro de 1994.",
            [("ANTÔNIO DO VALLE RAMOS", "Prefeito Municipal")], ["ANTÔNIO DO VALLE RAMOS", "Prefeito Municipal"])
    L.page()
    L.raw("ANEXO",
          "TABELA I",
          "TAXA DE EXPEDIENTE",
          "ESPECIFICAÇÃO                                        UFM",
          "1 - Requerimentos em geral ........................ 0,50",
          "2 - Certidões, por folha .......................... 1,00",
          "3 - Segunda via de documentos ..................... 0,80",
          "4 - Atestados ..................................... 0,50",
          "TABELA II",
          "TAXA DE SERVIÇOS DIVERSOS",
          "I - Alinhamento e nivelamento, por metro linear ... 0,20",
          "II - Apreensão de animais, por cabeça ............. 3,00",
          "III - Depósito de mercadorias apreendidas, por dia  1,00",
          "IV - Vistoria de imóveis .......................... 5,00",
          "a) residencial .................................... 2,00",
          "b) comercial ...................................... 4,00")
    return L


def law_025() -> Law:
    """1986: an article and a word split across the page break (letterhead, stamp, footer in
    between), a label split at a line end ('... Art.' / '5º - ...'), and a citation wrapped
    as 'art.' / '3º'."""
    L = Law("025", width=64, hyphen_rate=0.0, page_lines=0, seed=25, stamp="Nº {}",
            letterheads=[["ESTADO DO PARANÁ", "PREFEITURA MUNICIPAL DE GUARAPUAVA"],
                         ["ESTADO DO PARANA", "PREFEITURA MUNICIPAL DE GUARAPUAVA"],
                         ["ESTADO DO PARANÁ", "PREFElTURA MUNICIPAL DE GUARAPUAVA"]],
            footers=[["Rua Guaíra, 3133 - Fone 723-1010"]],
            norm={"tipo": "Lei Ordinária", "numero": "2206", "ano": 1986, "data": "1986-06-30",
                  "municipio": "Guarapuava", "uf": "PR",
                  "ementa": "Dispõe sobre o transporte escolar no Município"},
            meta={"municipio": "Guarapuava", "uf": "PR", "tipo": "Lei Ordinária", "numero": "2206",
                  "ano": 1986, "data": "1986-06-30"},
            notes=["art. 2 and the word 'municipais' split across pages 1-2; art. 5 label split 'Art.' / '5º -'"])
    L.raw("LEI Nº 2.206, DE 30 DE JUNHO DE 1986",
          "Dispõe sobre o transporte escolar no Município.",
          "A CÂMARA MUNICIPAL DE GUARAPUAVA, Estado do Paraná, aprovou e eu,",
          "Prefeito Municipal, sanciono a seguinte Lei:")
    L.art(1, "O transporte dos alunos da zona rural às escolas municipais será feito por veículos próprios do Município ou contratados, observadas as normas desta Lei.", "Art. 1º -")
    k = len(L._body)
    L.art(2, "Terão direito ao transporte os alunos matriculados nas escolas da rede pública que residam a mais de três quilômetros da escola, mediante cadastro anual nas secretarias municipais de Educação e de Viação e Obras.", "Art. 2º -")
    reprint(L, k, ["Art. 2º - Terão direito ao transporte os alunos matriculados nas",
                   "escolas da rede pública que residam a mais de três quilôme-",
                   "tros da escola, mediante cadastro anual nas secretarias muni-"])
    L.page()
    L._body.append(("body", "cipais de Educação e de Viação e Obras."))
    k = len(L._body)
    L.art(3, "Os veículos utilizados no transporte escolar deverão ser vistoriados semestralmente pelo Departamento de Trânsito, observado o disposto no art. 3º da Lei nº 1.980, de 1983.", "Art. 3º -")
    reprint(L, k, ["Art. 3º - Os veículos utilizados no transporte escolar deverão",
                   "ser vistoriados semestralmente pelo Departamento de Trânsito,",
                   "observado o disposto no art.",
                   "3º da Lei nº 1.980, de 1983."])
    k = len(L._body)
    L.art(4, "Os condutores deverão ter idade superior a vinte e um anos e habilitação na categoria exigida pelo Código Nacional de Trânsito.", "Art. 4º -")
    reprint(L, k, ["Art. 4º - Os condutores deverão ter idade superior a vinte e um",
                   "anos e habilitação na categoria exigida pelo Código Nacional",
                   "de Trânsito. Art."])
    k = len(L._body)
    L.art(5, "É proibido o transporte de alunos em pé ou em número superior à lotação do veículo.", "Art. 5º -")
    reprint(L, k, ["5º - É proibido o transporte de alunos em pé ou em número",
                   "superior à lotação do veículo."])
    L.art(6, "As despesas decorrentes desta Lei correrão à conta de dotações próprias do orçamento.", "Art. 6º -")
    L.page()
    L.art(7, "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.", "Art. 7º -")
    L.fecho(["Gabinete do Prefeito Municipal de Guarapuava, em 30 de junho de 1986."],
            "Gabinete do Prefeito Municipal de Guarapuava, em 30 de junho de 1986.",
            [("NIVALDO PASSOS KRÜGER", "Prefeito Municipal")], ["NIVALDO PASSOS KRÜGER", "Prefeito Municipal"])
    return L


def law_026() -> Law:
    """1988, layout debris: the ementa typed in a right column beside a left-hand stamp block
    (OCR reads them line by line, interleaved), margin debris before the labels on page 2
    ('ssa, Art. 4º -', 'pia ...'), two signatures side by side."""
    L = Law("026", width=64, hyphen_rate=0.3, page_lines=0, seed=26, stamp="Fl. {}",
            letterheads=[["PREFEITURA MUNICIPAL DE CORUMBÁ", "ESTADO DE MATO GROSSO DO SUL"],
                         ["PREFEITURA MUNICIPAL DE C0RUMBÁ", "ESTADO DE MATO GROSSO DO SUL"]],
            norm={"tipo": "Lei Ordinária", "numero": "1077", "ano": 1988, "data": "1988-09-09",
                  "municipio": "Corumbá", "uf": "MS",
                  "ementa": "Autoriza o Poder Executivo a doar imóvel à Associação Beneficente São Judas Tadeu e dá outras providências"},
            meta={"numero": "1077", "ano": 1988},
            notes=["ementa column interleaved with the stamp 'GABINETE DO PREFEITO / PROTOCOLO Nº 1.077';",
                   "margin debris 'ssa,' 'pia' 'a' before lines of page 2 (not text)"])
    L.raw("LEI Nº 1.077, DE 9 DE SETEMBRO DE 1988.",
          "GABINETE DO            Autoriza o Poder Executivo a doar",
          "PREFEITO               imóvel à Associação Beneficente",
          "PROTOCOLO Nº 1.077     São Judas Tadeu e dá outras",
          "a ssa ——               providências.",
          "O PREFEITO MUNICIPAL DE CORUMBÁ, Estado de Mato Grosso do Sul,",
          "faço saber que a Câmara Municipal aprovou e eu sanciono a",
          "seguinte Lei:")
    L.art(1, "Fica o Poder Executivo autorizado a doar à Associação Beneficente São Judas Tadeu o imóvel constituído pelo lote 12 da quadra 40 do Bairro Aeroporto, com área de quatrocentos e cinquenta metros quadrados.", "Art. 1º -")
    L.art(2, "O imóvel destina-se à construção da sede da donatária e de uma creche.", "Art. 2º -")
    L.par("único", "O imóvel reverterá ao patrimônio do Município se, no prazo de três anos, não lhe for dada a destinação prevista neste artigo.", "Parágrafo único -")
    L.art(3, "A donatária não poderá alienar, locar ou gravar o imóvel.", "Art. 3º -")
    L.page()
    k = len(L._body)
    L.art(4, "As despesas com a escritura e o registro correrão por conta da donatária.", "Art. 4º -")
    reprint(L, k, ["ssa, Art. 4º - As despesas com a escritura e o registro correrão",
                   "pia por conta da donatária."])
    k = len(L._body)
    L.art(5, "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.", "Art. 5º -")
    reprint(L, k, ["a Art. 5º - Esta Lei entra em vigor na data de sua publicação,",
                   "revogadas as disposições em contrário."])
    L.fecho(["Corumbá, 9 de setembro de 1988."], "Corumbá, 9 de setembro de 1988.",
            [("FAUSTO MATO GROSSO", "Prefeito Municipal"), ("RUBENS DE CASTRO PINTO", "Procurador-Geral do Município")],
            ["FAUSTO MATO GROSSO              RUBENS DE CASTRO PINTO",
             "Prefeito Municipal       Procurador-Geral do Município"])
    return L


def law_027() -> Law:
    """1979, typewritten in capitals: 'ART. 1°', 'ART. 2o', 'ART. 32' (3º), 'ART. S9' (5º),
    'ART. 1O' (10), 'ART. I1' (11), '§ 1°', '§ 2o', incisos 'IIl', 'lV', 'Vl' in capitals
    between articles (not headings), PARÁGRAFO ÚN1CO, rn/m and 0/O inside words."""
    L = Law("027", width=62, hyphen_rate=0.5, mark_rate=0.1, page_lines=30, seed=27, stamp="Fl. {:02d}",
            letterheads=[["ESTADO DE GOIÁS", "PREFEITURA MUNICIPAL DE RIO VERDE"],
                         ["ESTADO DE G0IÁS", "PREFEITURA MUNICIPAL DE RIO VERDE"],
                         ["ESTADO DE GOIAS", "PREFEITURA MUNICIPAL DE RIO VERDE"]],
            norm={"tipo": "Lei Ordinária", "numero": "1406", "ano": 1979, "data": "1979-05-28",
                  "municipio": "Rio Verde", "uf": "GO",
                  "ementa": "DISPÕE SOBRE A CONSERVAÇÃO DAS ESTRADAS MUNICIPAIS E DÁ OUTRAS PROVIDÊNCIAS"},
            meta={"municipio": "Rio Verde", "uf": "GO", "numero": "1406", "ano": 1979},
            notes=["printed ART. 1° (1), ART. 2o (2), ART. 32 (3), ART. 4 º (4), ART. S9 (5), ART. 6° (6), "
                   "ART. 1O (10), ART. I1 (11); § 1°, § 2o; IIl, lV, Vl; PARÁGRAFO ÚN1CO"])
    L.raw("LEI Nº 1.406, DE 28 DE MAIO DE 1979",
          '"DISPÕE SOBRE A CONSERVAÇÃO DAS ESTRADAS MUNICIPAIS E DÁ',
          'OUTRAS PROVIDÊNCIAS"',
          "A CÂMARA MUNICIPAL DE RIO VERDE, ESTADO DE GOIÁS, APROVOU E EU,",
          "PREFEITO MUNICIPAL, SANCIONO A SEGUINTE LEI:")
    L.art(1, "AS ESTRADAS MUNICIPAIS SERÃO CONSERVADAS PELA PREFEITURA, COM A COLABORAÇÃO DOS PROPRIETÁRIOS RURAIS LINDEIROS.", "ART. 1°")
    L.art(2, "OS PROPRIETÁRIOS RURAIS SÃO OBRIGADOS A:", "ART. 2o -")
    L.inc("I", "MANTER LIMPAS AS VALETAS E BUEIROS EXISTENTES EM SUAS TESTADAS;")
    L.inc("II", "NÃO IMPEDIR O ESCOAMENTO DAS ÁGUAS PLUVIAIS DAS ESTRADAS;")
    L.inc("III", "NÃO PLANTAR A MENOS DE QUATRO METROS DO EIXO DA ESTRADA;", "IIl -")
    L.inc("IV", "CONSERVAR AS CERCAS E PORTEIRAS NAS DIVISAS COM A ESTRADA.", "lV -")
    L.art(3, "É PROIBIDO:", "ART. 32 -")
    L.inc("I", "FECHAR OU ESTREITAR ESTRADAS MUNICIPAIS;")
    L.inc("II", "DESVIAR ÁGUAS PARA O LEITO DAS ESTRADAS;")
    L.inc("III", "TRANSITAR COM VEÍCULOS DE RODAS DE FERRO NOS PERÍODOS DE CHUVA;")
    L.inc("IV", "ARRASTAR MADEIRA OU OUTROS MATERIAIS PELO LEITO DAS ESTRADAS;")
    L.inc("V", "DEPOSITAR LIXO OU ENTULHO NAS MARGENS DAS ESTRADAS;")
    L.inc("VI", "ABRIR VALETAS NO LEITO DAS ESTRADAS SEM AUTORIZAÇÃO DA PREFEITURA.", "Vl -")
    L.art(4, "AS INFRAÇÕES SERÃO PUNIDAS COM MULTA DE UM A DEZ VALORES DE REFERÊNCIA.", "ART. 4 º -")
    L.par(1, "NA REINCIDÊNCIA A MULTA SERÁ APLICADA EM DOBRO.", "§ 1°")
    L.par(2, "O INFRATOR RESPONDERÁ AINDA PELOS DANOS CAUSADOS À ESTRADA.", "§ 2o")
    L.art(5, "A PREFEITURA PODERÁ FIRMAR CONVÊNIOS COM AS COOPERATIVAS E SINDICATOS RURAIS PARA A CONSERVAÇÃO DAS ESTRADAS.", "ART. S9 -")
    L.art(6, "FICA CRIADO O SERVIÇO MUNICIPAL DE ESTRADAS DE RODAGEM, SUBORDINADO À SECRETARIA DE OBRAS.", "ART. 6° -")
    L.par("único", "O SERVIÇO TERÁ UMA PATRULHA MECANIZADA EM CADA DISTRITO DO MUNICÍPIO.", "PARÁGRAFO ÚN1CO -")
    L.art(7, "A PREFEITURA ORGANIZARÁ O CADASTRO DAS ESTRADAS MUNICIPAIS NO PRAZO DE CENTO E OITENTA DIAS.", "ART. 7º -")
    L.art(8, "O SERVIÇO DE QUE TRATA O ART. 6º ATENDERÁ PRIORITARIAMENTE ÀS ESTRADAS DE ESCOAMENTO DA PRODUÇÃO.", "ART. 8º -")
    L.art(9, "AS DESPESAS DECORRENTES DESTA LEI CORRERÃO POR CONTA DAS DOTAÇÕES PRÓPRIAS DO ORÇAMENTO.", "ART. 9º -")
    L.art(10, "O PODER EXECUTIVO REGULAMENTARÁ ESTA LEI NO PRAZO DE SESSENTA DIAS.", "ART. 1O -")
    L.art(11, "ESTA LEI ENTRARÁ EM VIGOR NA DATA DE SUA PUBLICAÇÃO, REVOGADAS AS DISPOSIÇÕES EM CONTRÁRIO.", "ART. I1 -")
    L.fecho(["GABINETE DO PREFEITO MUNICIPAL DE RIO VERDE, AOS VINTE E OITO",
             "DIAS DO MÊS DE MAIO DE MIL NOVECENTOS E SETENTA E NOVE."],
            "GABINETE DO PREFEITO MUNICIPAL DE RIO VERDE, AOS VINTE E OITO DIAS DO MÊS DE MAIO DE MIL NOVECENTOS E SETENTA E NOVE.",
            [("PAULO ROBERTO CUNHA", "PREFEITO MUNICIPAL")], ["PAULO ROBERTO CUNHA", "PREFEITO MUNICIPAL"])
    return L


def _plain_law(stem, city, uf, state_line, numero, printed_num, date_words, iso, year, seed, n_arts=12,
               page_lines=18, **kw) -> Law:
    """A plain 12-article typewritten law (used by the page-accident laws 028, 029, 032)."""
    L = Law(stem, width=62, hyphen_rate=0.35, page_lines=page_lines, seed=seed,
            letterheads=[[f"PREFEITURA MUNICIPAL DE {city.upper()}", state_line]],
            norm={"tipo": "Lei Ordinária", "numero": numero, "ano": year, "data": iso,
                  "municipio": city, "uf": uf,
                  "ementa": "Dispõe sobre o comércio ambulante e dá outras providências"},
            meta={"municipio": city, "uf": uf, "tipo": "Lei Ordinária", "numero": numero, "ano": year,
                  "data": iso}, **kw)
    L.raw(f"LEI Nº {printed_num}, DE {date_words}",
          "Dispõe sobre o comércio ambulante e dá outras",
          "providências.",
          f"O PREFEITO MUNICIPAL DE {city.upper()}, faço saber que a",
          "Câmara Municipal aprovou e eu sanciono a seguinte Lei:")
    return L


AMBULANTE = [
    ("Considera-se comércio ambulante, para os efeitos desta Lei, a atividade de venda a varejo exercida de maneira individual e sem estabelecimento fixo.", []),
    ("O exercício do comércio ambulante depende de licença prévia da Prefeitura, renovável anualmente.",
     ["A licença é pessoal e intransferível e será concedida a título precário.",
      "O ambulante deverá portar a licença e exibi-la à fiscalização sempre que exigida."]),
    ("A licença será requerida ao Departamento de Fiscalização, instruída com:",
     ["I:prova de residência no Município há mais de um ano;",
      "II:atestado de saúde fornecido por órgão público;",
      "III:duas fotografias recentes."]),
    ("É proibido ao ambulante estacionar nas vias públicas fora dos locais determinados pela Prefeitura.", []),
    ("Os ambulantes que vendam gêneros alimentícios deverão observar as normas de higiene fixadas pela autoridade sanitária.", []),
    ("É vedado o comércio ambulante num raio de cem metros dos estabelecimentos de ensino, dos hospitais e dos templos.",
     ["A proibição não se aplica às feiras livres e aos eventos autorizados."]),
    ("Os carrinhos e tabuleiros obedecerão ao modelo aprovado pela Prefeitura.", []),
    ("A infração a esta Lei sujeitará o ambulante às seguintes penalidades:",
     ["I:advertência;", "II:multa de meio a dois valores de referência;",
      "III:apreensão das mercadorias;", "IV:cassação da licença."]),
    ("As mercadorias apreendidas serão restituídas mediante o pagamento da multa, salvo as perecíveis, que serão doadas a instituições de caridade.", []),
    ("O Poder Executivo regulamentará esta Lei no prazo de sessenta dias.", []),
    ("As despesas com a execução desta Lei correrão por conta das dotações orçamentárias próprias.", []),
    ("Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.", []),
]


def _ambulante_body(L: Law, skip: range = range(0)) -> None:
    for n, (text, subs) in enumerate(AMBULANTE, 1):
        if n in skip:
            continue
        L.art(n, text, f"Art. {n}º -" if n < 10 else f"Art. {n} -")
        pars = [s for s in subs if ":" not in s[:5]]
        for s in subs:
            if ":" in s[:5]:
                num, t = s.split(":", 1)
                L.inc(num, t)
        for k, t in enumerate(pars, 1):
            L.par("único" if len(pars) == 1 else k, t, "Parágrafo único -" if len(pars) == 1 else f"§ {k}º -")


def _ambulante_fecho(L: Law, city: str, date_words: str) -> None:
    line = f"Prefeitura Municipal de {city}, {date_words}."
    L.fecho([line], line, [("CARLOS ALBERTO MENDES", "Prefeito Municipal")],
            ["CARLOS ALBERTO MENDES", "Prefeito Municipal"])


def law_028() -> Law:
    """A missing page: arts. 6 to 8 were never scanned (page 2 ends inside art. 5, page 3 starts
    with the end of art. 8). The articles that remain keep their printed numbers."""
    L = _plain_law("028", "Mogi Mirim", "SP", "Estado de São Paulo", "2104", "2.104",
                   "14 DE OUTUBRO DE 1991", "1991-10-14", 1991, 28, page_lines=0,
                   notes=["page 3 of the original (arts. 6-8) is missing from the scan; the page "
                          "after it begins with the last words of art. 8, which belong to no unit here"])
    for n, (text, subs) in enumerate(AMBULANTE[:4], 1):
        L.art(n, text, f"Art. {n}º -")
        for s in subs:
            if ":" in s[:5]:
                num, t = s.split(":", 1)
                L.inc(num, t)
        pars = [s for s in subs if ":" not in s[:5]]
        for k, t in enumerate(pars, 1):
            L.par(k, t, f"§ {k}º -")
        if n == 2:
            L.page()
    # art. 5 is cut by the missing page: only its first words were scanned
    L.art(5, "Os ambulantes que vendam gêneros alimentícios deverão observar as", "Art. 5º -")
    L.page()
    # the last incisos of art. 8, whose caput was on the lost page: part of no unit of the gold
    L.raw("III - apreensão das mercadorias;", "IV - cassação da licença.")
    for n in range(9, 13):
        L.art(n, AMBULANTE[n - 1][0], f"Art. {n}º -" if n < 10 else f"Art. {n} -")
        for s in AMBULANTE[n - 1][1]:
            num, t = s.split(":", 1)
            L.inc(num, t)
    _ambulante_fecho(L, "Mogi Mirim", "14 de outubro de 1991")
    return L


class RescannedLaw(Law):
    """A law whose file holds one page twice: ``rescanned`` (index) is repeated right after
    itself with the OCR variations of ``variations`` (old, new) applied to the copy."""

    rescanned: int = 1
    variations: tuple[tuple[str, str], ...] = ()

    def write(self, out_dir: Path) -> None:
        super().write(out_dir)
        path = out_dir / f"{self.stem}.txt"
        pages = path.read_text(encoding="utf-8").rstrip("\n").split("\n\f")
        copy = pages[self.rescanned]
        for old, new in self.variations:
            copy = copy.replace(old, new, 1)
        pages.insert(self.rescanned + 1, copy)
        path.write_text("\n\f".join(pages) + "\n", encoding="utf-8")


def law_029() -> Law:
    """The same page scanned twice (the second copy read with slightly different OCR noise):
    each unit must come out once, with no renumbering of the repeated articles."""
    L = _plain_law("029", "Teófilo Otoni", "MG", "Estado de Minas Gerais", "3318", "3.318",
                   "5 DE MARÇO DE 1987", "1987-03-05", 1987, 29, page_lines=22,
                   notes=["page 2 appears twice in the file (rescanned), with OCR differences"])
    L.__class__ = RescannedLaw
    L.rescanned = 1
    L.variations = (("PREFEITURA MUNICIPAL", "PREFEITURA MUNlCIPAL"), ("Art. 5º", "Art. 5°"),
                    ("Art. 6º", "Art. 69"), ("§ 1º", "$ 1º"), ("ambulante", "arnbulante"))
    _ambulante_body(L)
    _ambulante_fecho(L, "Teófilo Otoni", "5 de março de 1987")
    return L


def law_030() -> Law:
    """The epígrafe was not scanned (the page top is cut): the text begins at the ementa.
    Tipo, número, ano and data come from the metadata only."""
    L = Law("030", width=62, hyphen_rate=0.3, page_lines=0, seed=30,
            norm={"tipo": "Lei Ordinária", "numero": "745", "ano": 1982, "data": "1982-11-03",
                  "municipio": "Itaperuna", "uf": "RJ",
                  "ementa": "Autoriza convênio com o Estado para manutenção da Escola Agrícola"},
            meta={"municipio": "Itaperuna", "uf": "RJ", "tipo": "Lei Ordinária", "numero": "745",
                  "ano": 1982, "data": "1982-11-03"},
            notes=["no epígrafe in the scan: identity from the metadata"])
    L.raw("Autoriza convênio com o Estado para manutenção da",
          "Escola Agrícola.",
          "A Câmara Municipal de Itaperuna aprovou e eu sanciono a seguinte",
          "Lei:")
    L.art(1, "Fica o Poder Executivo autorizado a celebrar convênio com a Secretaria de Estado de Educação para a manutenção da Escola Agrícola Municipal.", "Art. 1º -")
    L.art(2, "O Município contribuirá com a cessão do imóvel e do pessoal de apoio.", "Art. 2º -")
    L.art(3, "Esta Lei entra em vigor na data de sua publicação.", "Art. 3º -")
    L.fecho(["Itaperuna, 3 de novembro de 1982."], "Itaperuna, 3 de novembro de 1982.",
            [("JAIR BITTENCOURT", "Prefeito Municipal")], ["JAIR BITTENCOURT", "Prefeito Municipal"])
    return L


def law_031() -> Law:
    """An upstream record in crawler formats that disagree with the text: número '345/80',
    tipo 'LEI', an old spelling of the município ('Parati'), ano as a string."""
    L = Law("031", width=62, hyphen_rate=0.3, page_lines=0, seed=31,
            letterheads=[["PREFEITURA MUNICIPAL DE PARATY", "Estado do Rio de Janeiro"]],
            norm={"tipo": "Lei Ordinária", "numero": "345", "ano": 1980, "data": "1980-09-09",
                  "municipio": "Paraty", "uf": "RJ",
                  "ementa": "Proíbe o tráfego de veículos pesados no Centro Histórico"},
            meta={"municipio": "Parati", "tipo": "LEI", "numero": "345/80", "ano": "1980"},
            notes=["record: numero '345/80', tipo 'LEI', municipio 'Parati' (old spelling of Paraty)"])
    L.raw("LEI Nº 345/80",
          "De 9 de setembro de 1980",
          "Proíbe o tráfego de veículos pesados no Centro Histórico.",
          "O Prefeito Municipal de Parati, Estado do Rio de Janeiro, faz saber que",
          "a Câmara Municipal aprovou e ele sanciona a seguinte Lei:")
    L.art(1, "Fica proibido o tráfego de veículos com peso bruto superior a três toneladas nas ruas calçadas do Centro Histórico.", "Art. 1º -")
    L.par("único", "Excetuam-se os veículos de socorro, do Corpo de Bombeiros e da Polícia.", "Parágrafo único -")
    L.art(2, "O abastecimento do comércio local será feito em veículos leves, das 6 às 10 horas.", "Art. 2º -")
    L.art(3, "Esta Lei entra em vigor na data de sua publicação.", "Art. 3º -")
    L.fecho(["Parati, 9 de setembro de 1980."], "Parati, 9 de setembro de 1980.",
            [("JOÃO BATISTA CORRÊA", "Prefeito Municipal")], ["JOÃO BATISTA CORRÊA", "Prefeito Municipal"])
    return L


def law_032() -> Law:
    """Pages in a random order (not first-then-reversed): 2, 5, 1, 4, 3 of the true order,
    page stamps 'Fl. 01'... printed at each page foot in the true numbering."""
    L = _plain_law("032", "Juazeiro do Norte", "CE", "Estado do Ceará", "1612", "1.612",
                   "22 DE JUNHO DE 1990", "1990-06-22", 1990, 32, page_lines=14, stamp="Fl. {:02d}")
    _ambulante_body(L)
    _ambulante_fecho(L, "Juazeiro do Norte", "22 de junho de 1990")
    n = len(L._pages())
    L.page_order = [1, n - 1, 0] + list(range(3, n - 1))[::2] + [2] + list(range(4, n - 1))[::2]
    return L


# ---------------------------------------------------------------------------------------------
# Laws 033-048: a third QA round. The noise imitates the two real seeds (Tesseract output of
# typewritten laws: no form feeds, page stamps with debris, seed-like garbage lines, headings as
# bare roman numerals, damaged labels, neighbouring laws, reversed pages) recombined in new places.

SEEDLIKE_MARKS = ("!", " '", "'!", " !", "|", '"!', " *", " .'!", " |!")
SEEDLIKE_DEBRIS = [">", "»", "a", "3", "y", ",", "%", "p", "(8)", "Gy", "dy", "co", "- - seo", "/", "o", "t9"]
SEEDLIKE_GARBAGE = ["Cocos se ano a asa e o sas na a no o nn os en nero ta na 07",
                    "Crosss os eat a a ane o an oo on aca aaa tona no oa casada",
                    "SSI SSA AADADAAD DAAD DAT", "annaaaaaaaaaeeereooo", "IIl ID rr",
                    "JJSSIENSTTIIST IT” »", "gama é", "gua aaa", "AIM", "«"]
JUNK_COLUMN = ["po,", "pa", "pm", "Ps", "—", "o", "De", "|", "sao", "n", "pe", "pm", "=", "[sa",
               "ps", "pm", "pos", "ps", "po", "—", "pm,"]


def seed_stamps(fmts: list[str], start: int, debris_every: int = 2, n: int = 24, seed: int = 0) -> list[list[str]]:
    """Page-foot lines as in seed 000: a few debris characters, then a stamp whose spelling varies
    ('NM 57', 'N 58', 'NR... 59', 'Nº 60'); one entry per page (lawkit cycles them)."""
    import random
    rng = random.Random(seed)
    out = []
    for k in range(n):
        lines = [rng.choice(SEEDLIKE_DEBRIS) for _ in range(rng.randint(0, 3))] if k % debris_every == 0 else []
        out.append(lines + [fmts[k % len(fmts)].format(start + k)])
    return out


def A0(n, sep=":-"):
    """Seed 000's article label: 'ARTIGO 1º:-' (ordinal sign kept above nine)."""
    return f"ARTIGO {n}º{sep}"


def P0(k, style=0):
    """A damaged paragraph label the way seed 000 prints them."""
    forms = ["8 {}º:-", "$ {}º:-", "& {}º:-", "5 {}º:-", "8 {}8:-", "§ {}º:-"]
    return forms[(k + style) % len(forms)].format(k)


def law_033() -> Law:
    """1979 Câmara law (seed-000 drafting) in a scan with no form feeds: the tail of a
    place-naming law first, the target's epígrafe damaged ('q” Ea LEI Nº'), roman headings with
    no 'CAPÍTULO', 'ARTIGO 52:-' for 5, '3 28:' for § 2º, a stamp line between two incisos, the
    next law (epígrafe and two articles) after the fecho."""
    L = Law("033", width=64, hyphen_rate=0.45, mark_rate=0.12, marks=SEEDLIKE_MARKS, page_lines=30,
            seed=33, formfeed=False, junk_rate=0.02, junk=tuple(SEEDLIKE_DEBRIS[:8]),
            footers=seed_stamps(["NM {}", "N {}", "NR... {}", "Nº {}", "MN. {}"], 23, seed=33),
            norm={"tipo": "Lei Ordinária", "numero": "1027", "ano": 1979, "data": "1979-09-18",
                  "municipio": "Mococa", "uf": "SP",
                  "ementa": "Dispõe sobre o Cemitério Municipal e dá outras providências"},
            meta={"municipio": "Mococa", "uf": "SP", "tipo": "Lei Ordinária", "numero": "1027",
                  "ano": 1979, "data": "1979-09-18"},
            notes=["printed 'ARTIGO 52:-' -> true 5", "printed '3 28:' -> § 2º of art. 6",
                   "stamp 'C.M. Cc. 7' printed between incisos II and III of art. 3"],
            excluded_neighbors=["tail of a place-naming law (Praça Padre José Bento) - not part of the target",
                                "LEI Nº 1.028, DE 18 DE SETEMBRO DE 1.979 (feriado) - not part of the target"])
    L.raw("uso de suas atribuições legais e regimentais, PROMULGA a",
          "seguinte ...",
          "LEI:-",
          "ARTIGO 1º:- Fica denominada Praça PADRE JOSÉ BENTO a área verde",
          "situada entre as ruas quatro e cinco da Vila Lambari.",
          "ARTIGO 2º:- Esta Lei entrará em vigor na data de sua publica-",
          "ção, revogadas as disposições em contrário.",
          "Secretaria da Câmara Municipal de Mococa, aos dezoito dias",
          "do mês de setembro de mil novecentos e setenta e nove.",
          SEEDLIKE_GARBAGE[0], SEEDLIKE_GARBAGE[1],
          "o", "q” Ea LEI Nº 1.027, DE 18 DE SETEMBRO DE 1.979", "5",
          "Ea $ \"Dispõe sobre o Cemitério Municipal e dá ou-",
          "ay , -",
          "tras providências\"",
          "A CÂMARA MUNICIPAL DE MOCOCA, Estado de São Paulo, apro-",
          "vou e a Presidência, no uso de suas atribuições legais e",
          "regimentais, PROMULGA a seguinte ...",
          "LEI:-")
    L.group("capitulo", "I", "DA ADMINISTRAÇÃO DO CEMITÉRIO", "I - DA ADMINISTRAÇÃO DO CEMITÉRIO")
    L.art(1, "O Cemitério Municipal Nossa Senhora das Dores será administrado pela Prefeitura, por meio do Setor de Serviços Públicos, que manterá livro próprio de registro dos sepultamentos.", A0(1))
    L.par("único", "Os livros de registro serão abertos, numerados e rubricados pelo Prefeito Municipal.", "PARÁGRAFO ÚNICO:-")
    L.art(2, "O cemitério terá caráter secular e será aberto a todos os cultos religiosos, respeitadas as disposições desta Lei.", A0(2))
    L.art(3, "Compete ao Administrador do Cemitério:", A0(3))
    L.inc("I", "zelar pela ordem, limpeza e conservação das quadras, ruas e jardins;")
    L.inc("II", "manter em dia o registro dos sepultamentos, exumações e transladações;")
    L.raw("C.M. Cc. 7")
    L.inc("III", "fiscalizar as construções de túmulos e capelas, exigindo a apresentação da planta aprovada;")
    L.inc("IV", "comunicar ao Prefeito as infrações verificadas.")
    L.group("capitulo", "II", "DOS SEPULTAMENTOS", "II - DOS SEPULTAMENTOS")
    L.art(4, "Nenhum sepultamento será feito sem a apresentação da certidão de óbito fornecida pelo Cartório de Registro Civil.", A0(4))
    L.art(5, "Os sepultamentos serão feitos das sete às dezoito horas, salvo determinação da autoridade sanitária.", "ARTIGO 52:-")
    L.art(6, "As sepulturas serão gratuitas ou perpétuas.", A0(6))
    L.par(1, "As sepulturas gratuitas destinam-se aos indigentes e não poderão ser reabertas antes de três anos.", P0(1))
    L.par(2, "As sepulturas perpétuas serão concedidas mediante o pagamento do preço fixado em decreto.", "3 28:")
    L.group("capitulo", "III", "DAS CONSTRUÇÕES", "III - DAS CONSTRUÇÕES")
    L.art(7, "Nenhuma construção será iniciada no cemitério sem licença da Prefeitura, que a concederá à vista de requerimento instruído com a planta do túmulo ou capela.", A0(7))
    L.par(1, "Os restos de materiais deverão ser removidos pelo construtor no prazo de cinco dias após a conclusão da obra.", P0(1, 1))
    L.par(2, "É proibido o preparo de argamassa nas ruas do cemitério.", P0(2, 1))
    L.art(8, "Os concessionários de sepulturas perpétuas são obrigados a conservá-las, sob pena de perda da concessão após o abandono por mais de cinco anos.", A0(8))
    L.group("capitulo", "IV", "DAS DISPOSIÇÕES FINAIS", "IV - DAS DISPOSIÇÕES FINAIS")
    L.art(9, "O Executivo regulamentará a presente Lei no prazo de sessenta dias.", A0(9))
    L.art(10, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", A0(10))
    L.fecho(["Secretaria da Câmara Municipal de Mococa, aos dezoito dias",
             "do mês de setembro de mil novecentos e setenta e nove",
             "(18.09.79)."],
            "Secretaria da Câmara Municipal de Mococa, aos dezoito dias do mês de setembro de mil novecentos e setenta e nove (18.09.79).",
            [], [])
    L.raw("LEI Nº 1.028, DE 18 DE SETEMBRO DE 1.979",
          "e - . .. -",
          "\"Declara feriado municipal o dia de São Sebastião\"",
          "A CÂMARA MUNICIPAL DE MOCOCA, Estado de São Paulo, aprovou e",
          "a Presidência, no uso de suas atribuições legais e regimentais,",
          "PROMULGA a seguinte ...",
          "LEI:-",
          "ARZIGO 1º:- Fica declarado feriado municipal o dia vinte de ja-",
          "neiro, consagrado a São Sebastião, padroeiro do Município.",
          "ARTIGO 2º:- Esta Lei entrará em vigor na data de sua publicação,",
          "revogadas as disposições em contrário.",
          "Secretaria da Câmara Municipal de Mococa, aos dezoito dias",
          "do mês de setembro de mil novecentos e setenta e nove.",
          "alho Ds: o Naoll", "Presidentc q municipal")
    return L


def law_034() -> Law:
    """2003 Prefeitura law laid out like seed 001: three-line letterhead with OCR variants,
    phone footers, no form feeds, first page then the rest reversed, 'CAPÍTULO VIH' / 'CAPÍTULO HI'
    with debris between label and title, incisos '1 -', '11 —', 'LI —', 'Y —', 'W —', 'Vi —',
    an ementa box mixed with garbage, a column of junk tokens, record with número and ano only."""
    heads = [["ESTADO DE MATO GROSSO", "PREFEITURA MUNICIPAL DE", "SORRISO"],
             ["ESTADO DE MATO GROSSO", "PREFEITURA IMUNICIPAL DE", "SORRISO"],
             ["» mM ESTADO DE MATO GROSSO", "nn AEE PREFEITURA MUNICIPAL DE", "E cm SORRISO"],
             ["TO GROSSO", "PREFEITURA MUNICIPAL DE", "SORRISO"],
             ["ESTADO DE MATO GROSSO", "PREFEITURA IVIUNICIPAL DE", "SORRlSO"]]
    foots = [["Tel.: (66) 544-2121 /2122"], ["'é1.: (66) 544-2121 /2122"], ["Tel.; (66) 544-2121 12122"],
             ["66) 544-2121 72122"], ["66) 544-2121/2122 » Faxt66) 54"]]
    L = Law("034", width=86, hyphen_rate=0.0, page_lines=26, seed=34, formfeed=False,
            letterheads=heads, footers=foots, page_order="first_then_reversed",
            norm={"tipo": "Lei Ordinária", "numero": "015", "ano": 2003, "data": "2003-05-22",
                  "municipio": "Sorriso", "uf": "MT",
                  "ementa": "Dispõe sobre o funcionamento das feiras livres no Município de Sorriso e dá outras providências"},
            meta={"numero": "15", "ano": 2003},
            notes=["chapters II and III both printed 'CAPÍTULO HI'; VII printed 'CAPÍTULO VIH' with 'MAI ——' before the title",
                   "incisos of art 4 printed '1 -', '11 —', 'LI —', 'IV -', 'Y —', 'Vi —'; art 6 II printed 'W —'"])
    L.raw("LEI Nº 015/2003 DE 22 DE MAIO DE 2003.",
          "à 1) PREFEITURA MUNICIPAL DE",
          "- “DISPÕE SOBRE O | FUNCIONAMENTO",
          "REMETE DAS FEIRAS LIVRES",
          "CANNONADO NO MUNICÍPIO DE",
          "SANOJONA | SORRISO E DÁ",
          "Loreena OUTRAS PROVIDÊNCIAS”.",
          "A CÂMARA MUNICIPAL DE SORRISO, ESTADO DE MATO GROSSO APROVOU, E EU, JOSÉ DOMINGOS",
          "FRAGA, PREFEITO MUNICIPAL, SANCIONO A SEGUINTE LEI")
    L.group("capitulo", "I", "DAS DISPOSIÇÕES PRELIMINARES", "CAPÍTULO I", "DAS DISPOSIÇÕES PRELIMINARES")
    L.art(1, "As feiras livres destinam-se à venda a varejo de hortifrutigranjeiros, cereais, pescados, laticínios e produtos artesanais, diretamente ao consumidor, em logradouros públicos previamente designados pelo órgão competente do Município.", "Artigo 1º -")
    L.art(2, "Os dias, horários e locais de funcionamento das feiras serão fixados por Decreto do Poder Executivo Municipal, ouvida a associação dos feirantes.", "Artigo 2º -")
    L.art(3, "A participação nas feiras livres será permitida exclusivamente a:", "Artigo 3º -")
    L.ali("a", "produtor rural estabelecido neste Município, devidamente cadastrado no órgão municipal de agricultura;", "a)")
    L.ali("b", "comerciante feirante inscrito no Cadastro Municipal de Feirantes.", "b)")
    L.group("capitulo", "II", "DO CADASTRO DE FEIRANTES", "CAPÍTULO HI", "PREFEITURA MUNICIPAL DE",
            "——e—ens 5 ja dm Cd cm A mr O TUA", "DO CADASTRO DE FEIRANTES")
    L.art(4, "O interessado em obter a inscrição no Cadastro Municipal de Feirantes deverá apresentar ao órgão competente os seguintes documentos:", "Artigo 4º -")
    L.inc("I", "Documento de identidade e inscrição no Cadastro de Pessoas Físicas;", "1 -")
    L.inc("II", "Comprovante de residência neste Município há mais de 01 (um) ano;", "11 —")
    L.inc("III", "Atestado de saúde fornecido pela Secretaria Municipal de Saúde;", "LI —")
    L.inc("IV", "Certidão negativa de débitos com a Fazenda Municipal;", "IV -")
    L.inc("V", "Duas fotografias recentes, tamanho 3 x 4;", "Y —")
    L.inc("VI", "Declaração dos produtos que pretende comercializar.", "Vi —")
    L.art(5, "A inscrição é pessoal e intransferível, e será renovada anualmente no mês de janeiro, mediante o pagamento do preço público fixado em Decreto.", "Artigo 5º -")
    L.group("capitulo", "III", "DAS BANCAS", "CAPÍTULO HI", "DAS BANCAS")
    L.art(6, "As bancas obedecerão ao modelo aprovado pelo órgão competente e serão montadas:", "Artigo 6º -")
    L.inc("I", "No alinhamento determinado pela fiscalização;", "I —")
    L.inc("II", "Com cobertura de lona em cores padronizadas;", "W —")
    L.inc("III", "Com afastamento mínimo de 0,50 m (cinquenta centímetros) entre uma e outra.", "III -")
    L.art(7, "É proibido ao feirante:", "Artigo 7º -")
    L.ali("a", "vender produtos deteriorados ou sem procedência comprovada;", "a)")
    L.ali("b", "utilizar balanças não aferidas pelo órgão metrológico;", "b)")
    L.ali("c", "lançar detritos ou embalagens na via pública;", "c)")
    L.ali("d", "ocupar área superior à que lhe foi destinada.", "d)")
    L.raw(*JUNK_COLUMN[:14])
    L.group("capitulo", "IV", "DA FISCALIZAÇÃO", "CAPÍTULO IV", "DA FISCALIZAÇÃO")
    L.art(8, "A fiscalização das feiras livres será exercida pelo órgão competente do Município, em conjunto com a Vigilância Sanitária.", "Artigo 8º -")
    L.art(9, "Os fiscais poderão apreender os produtos expostos à venda em desacordo com esta Lei, lavrando o respectivo auto de apreensão.", "Artigo 9º -")
    L.par("único", "Os produtos perecíveis apreendidos e próprios para o consumo serão doados a entidades assistenciais.", "Parágrafo Único —")
    L.group("capitulo", "V", "DAS PENALIDADES", "CAPÍTULO V", "DAS PENALIDADES")
    L.art(10, "A infração às disposições desta Lei sujeitará o feirante às seguintes penalidades, aplicadas separada ou cumulativamente:", "Artigo 10 -")
    L.ali("a", "advertência escrita;", "a)")
    L.ali("b", "multa;", "b)")
    L.ali("c", "suspensão da inscrição por até 30 (trinta) dias;", "c)")
    L.ali("d", "cassação da inscrição.", "d)")
    L.art(11, "Das penalidades aplicadas caberá recurso ao Chefe do Poder Executivo Municipal no prazo de 10 (dez) dias.", "Artigo 11 -")
    L.group("capitulo", "VI", "DAS DISPOSIÇÕES GERAIS", "CAPÍTULO VI", "DAS DISPOSIÇÕES GERAIS")
    L.art(12, "Os feirantes já em atividade terão o prazo de 90 (noventa) dias para se adequarem às exigências desta Lei.", "Artigo 12 -")
    L.group("capitulo", "VII", "DAS DISPOSIÇÕES FINAIS", "CAPÍTULO VIH", "MAI ——", "DAS DISPOSIÇÕES FINAIS")
    L.art(13, "O Poder Executivo regulamentará esta Lei no que for necessário.", "Artigo 13 -")
    L.art(14, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", "Artigo 14 -")
    L.fecho(["Gabinete do Prefeito Municipai de Sorriso-MT, 22 de maio", "de 2003. N"],
            "Gabinete do Prefeito Municipai de Sorriso-MT, 22 de maio de 2003.",
            [("JOSÉ DOMINGOS FRAGA", "Prefeito Municipal")], ["NS", "|", "JOSÉ DOMINGOS FRAGA", "Prefeito Municipal"])
    return L


def law_035() -> Law:
    """1994: the first page ends the previous law (articles, fecho, signature) and begins the
    target; the remaining pages are reversed (as in seed 001) and there are no form feeds;
    stamps 'Fl. 03' / 'F1. 05' / 'Fl.O4' with debris at each page foot; '8 .2º -' for § 2º."""
    L = Law("035", width=64, hyphen_rate=0.35, mark_rate=0.08, marks=SEEDLIKE_MARKS, page_lines=22,
            seed=35, formfeed=False, page_order="first_then_reversed",
            letterheads=[["PREFEITURA MUNICIPAL DE CATALÃO", "ESTADO DE GOIÁS"],
                         ["PREFEITURA MUNICIPAL DE CATALAO", "ESTADO DE GOlÁS"],
                         ["PREFEITURA MUNlCIPAL DE CATALÃO", "ESTADO DE GOIAS"]],
            footers=seed_stamps(["Fl. {:02d}", "F1. {:02d}", "Fl.O{}", "Fl {:02d}"], 3, seed=35),
            norm={"tipo": "Lei Ordinária", "numero": "1202", "ano": 1994, "data": "1994-08-30",
                  "municipio": "Catalão", "uf": "GO",
                  "ementa": "Cria o Conselho Municipal de Saúde e dá outras providências"},
            meta={"municipio": "Catalão", "uf": "GO", "tipo": "Lei Ordinária", "numero": "1202",
                  "ano": 1994, "data": "1994-08-30"},
            notes=["art 3 § 2º printed '8 .2º -' (dust read as a period)"],
            excluded_neighbors=["LEI Nº 1.201 (tail: arts 3-4, fecho, signature) - not part of the target"])

    def a(n):
        return f"Art. {n}º -" if n < 10 else f"Art. {n} -"
    L.raw("Art. 3º - As despesas decorrentes desta Lei correrão à conta de",
          "dotações próprias do orçamento vigente.",
          "Art. 4º - Esta Lei entra em vigor na data de sua publicação, re-",
          "vogadas as disposições em contrário.",
          "Gabinete do Prefeito Municipal de Catalão, aos 30 dias do mês",
          "de agosto de 1994.",
          "ADIB ELIAS JÚNIOR",
          "Prefeito Municipal",
          "LEI Nº 1.202, DE 30 DE AGOSTO DE 1994",
          "Cria o Conselho Municipal de Saúde e dá",
          "outras providências.",
          "O PREFEITO MUNICIPAL DE CATALÃO, Estado de Goiás, faz saber",
          "que a Câmara Municipal aprovou e ele sanciona a seguinte Lei:")
    L.art(1, "Fica criado o Conselho Municipal de Saúde, órgão colegiado de caráter permanente e deliberativo, integrante da estrutura da Secretaria Municipal de Saúde.", a(1))
    L.art(2, "Compete ao Conselho Municipal de Saúde:", a(2))
    L.inc("I", "formular estratégias e controlar a execução da política municipal de saúde, inclusive nos seus aspectos econômicos e financeiros;")
    L.inc("II", "aprovar o Plano Municipal de Saúde e acompanhar a sua execução;")
    L.inc("III", "fiscalizar a aplicação dos recursos do Fundo Municipal de Saúde;")
    L.inc("IV", "propor a convocação da Conferência Municipal de Saúde;")
    L.inc("V", "elaborar o seu regimento interno.")
    L.art(3, "O Conselho terá a seguinte composição:", a(3))
    L.inc("I", "cinquenta por cento de representantes dos usuários;")
    L.inc("II", "vinte e cinco por cento de representantes dos trabalhadores da saúde;")
    L.inc("III", "vinte e cinco por cento de representantes do governo e dos prestadores de serviços.")
    L.par(1, "Os representantes dos usuários serão indicados pelas associações de moradores, sindicatos e entidades de portadores de deficiência.", "§ 1º -")
    L.par(2, "O mandato dos conselheiros será de dois anos, permitida uma recondução.", "8 .2º -")
    L.par(3, "A função de conselheiro não será remunerada, sendo considerada serviço público relevante.", "§ 3º -")
    L.art(4, "O Conselho reunir-se-á ordinariamente uma vez por mês e, extraordinariamente, quando convocado pelo Presidente ou pela maioria de seus membros.", a(4))
    L.par("único", "As deliberações do Conselho serão tomadas por maioria simples e homologadas pelo Secretário Municipal de Saúde.", "Parágrafo único -")
    L.art(5, "A Secretaria Municipal de Saúde prestará o apoio administrativo necessário ao funcionamento do Conselho.", a(5))
    L.art(6, "Os membros do Conselho serão nomeados por Decreto do Prefeito Municipal no prazo de trinta dias da publicação desta Lei.", a(6))
    L.art(7, "O Conselho elaborará o seu regimento interno no prazo de sessenta dias contados da sua instalação.", a(7))
    L.art(8, "As despesas decorrentes da execução desta Lei correrão por conta das dotações orçamentárias da Secretaria Municipal de Saúde.", a(8))
    L.art(9, "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário, especialmente a Lei nº 1.044, de 12 de abril de 1991.", a(9))
    L.fecho(["Gabinete do Prefeito Municipal de Catalão, aos 30 dias do mês", "de agosto de 1994."],
            "Gabinete do Prefeito Municipal de Catalão, aos 30 dias do mês de agosto de 1994.",
            [("ADIB ELIAS JÚNIOR", "Prefeito Municipal")], ["ADIB ELIAS JÚNIOR", "Prefeito Municipal"])
    return L


def law_036() -> Law:
    """1983: a scoring table printed line-wise inside a parágrafo (alíneas with dot leaders and
    points, 'ccccrrr' leader garbage), a label alone on its line with a garbage line before its
    text, a VETADO article, stamps 'C.M. Cc. N' variants. Form feeds (rendered for the OCR run)."""
    L = Law("036", width=64, hyphen_rate=0.35, mark_rate=0.1, marks=SEEDLIKE_MARKS, page_lines=30,
            seed=36, formfeed=True,
            footers=seed_stamps(["C.M. Cc. {}", "C.m ec. {}", "Cc.M c. {}", "CM €.{}"], 11, seed=36),
            norm={"tipo": "Lei Ordinária", "numero": "1748", "ano": 1983, "data": "1983-11-08",
                  "municipio": "Limeira", "uf": "SP",
                  "ementa": "Dispõe sobre a permissão de uso das bancas do Mercado Municipal e dá outras providências"},
            meta={"municipio": "Limeira", "uf": "SP", "tipo": "Lei Ordinária", "numero": "1748",
                  "ano": 1983, "data": "1983-11-08"},
            notes=["art 4 § 1º holds a points table read line-wise: its lines are alíneas a-e of the paragraph",
                   "art 6 label printed alone, a garbage line, then its text", "art 8 VETADO"])
    L.raw("LEI Nº 1.748, DE 08 DE NOVEMBRO DE 1.983",
          "\"Dispõe sobre a permissão de uso das bancas do Mercado Mu-",
          "nicipal e dá outras providências\"",
          "A CÂMARA MUNICIPAL DE LIMEIRA, Estado de São Paulo, aprovou e",
          "eu, Prefeito Municipal, sanciono e promulgo a seguinte",
          "LEI:-")
    L.art(1, "As bancas do Mercado Municipal serão ocupadas mediante permissão de uso, a título precário e oneroso, outorgada pelo Prefeito Municipal.", A0(1))
    L.art(2, "A permissão será precedida de edital publicado na imprensa local, com prazo mínimo de quinze dias para a inscrição dos interessados.", A0(2))
    L.art(3, "Os interessados deverão apresentar, no ato da inscrição:", A0(3))
    L.inc("I", "prova de inscrição no cadastro de contribuintes do Município;")
    L.inc("II", "atestado de saúde expedido pelo Centro de Saúde local;")
    L.inc("III", "declaração do ramo de comércio pretendido.")
    L.art(4, "A classificação dos interessados obedecerá à ordem da maior soma de pontos.", A0(4))
    L.par(1, "Os pontos serão atribuídos segundo o tempo de residência no Município:", "8 1º:-")
    for letter, rng_txt, pts in [("a", "até 05 (cinco) anos", "01 ponto"),
                                 ("b", "mais de 05 (cinco) até 10 (dez) anos", "02 pontos"),
                                 ("c", "mais de 10 (dez) até 15 (quinze) anos", "03 pontos"),
                                 ("d", "mais de 15 (quinze) até 20 (vinte) anos", "04 pontos"),
                                 ("e", "mais de 20 (vinte) anos", "05 pontos")]:
        start = len(L._body)
        L.ali(letter, f"{rng_txt} {pts}", f"{letter}) -")
        dots = "." * (44 - len(rng_txt)) if letter in "ace" else "....cccccrrcr ce cer..." [: 44 - len(rng_txt)]
        reprint(L, start, [f"{letter}) - {rng_txt}{dots}{pts}"])
    L.par(2, "No caso de empate, a decisão será feita por sorteio público.", "$ 2º:-")
    L.art(5, "O permissionário pagará mensalmente o preço público fixado por Decreto, até o dia dez do mês seguinte ao vencido.", A0(5))
    start = len(L._body)
    L.art(6, "É vedado ao permissionário transferir, ceder ou sublocar a banca, sob pena de revogação da permissão.", A0(6))
    reprint(L, start, ["ARTIGO 6º:-", SEEDLIKE_GARBAGE[1],
                       "É vedado ao permissionário transferir, ceder ou sublocar a ban-",
                       "ca, sob pena de revogação da permissão."])
    L.art(7, "A permissão será revogada:", A0(7))
    L.ali("a", "pelo atraso no pagamento de três meses consecutivos;", "a) -")
    L.ali("b", "pelo fechamento da banca por mais de quinze dias sem motivo justificado;", "b) -")
    L.ali("c", "pela infração às normas de higiene.", "c) -")
    start = len(L._body)
    L.art(8, "VETADO", A0(8))
    reprint(L, start, ["ARTIGO 8º:- VETADO."])
    L.art(9, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", A0(9))
    L.fecho(["Prefeitura Municipal de Limeira, aos 08 de novembro de 1.983."],
            "Prefeitura Municipal de Limeira, aos 08 de novembro de 1.983.",
            [("JURANDYR DA PAIXÃO DE CAMPOS FREIRE", "Prefeito Municipal")],
            ["JURANDYR DA PAIXÃO DE CAMPOS FREIRE", "Prefeito Municipal"])
    return L


def law_037() -> Law:
    """1986: a tax table read column-wise by the OCR inside art. 5 (garbled in the gold), with
    its '81º' label cut from its text by the columns; the articles after it must come out clean;
    seed-like garbage lines and page stamps 'MN 4' in a scan with no form feeds."""
    L = Law("037", width=64, hyphen_rate=0.35, mark_rate=0.1, marks=SEEDLIKE_MARKS, page_lines=32,
            seed=37, formfeed=False,
            letterheads=[["PREFEITURA MUNICIPAL DE PELOTAS", "RIO GRANDE DO SUL"],
                         ["PREFEITURA MUNICIPAL DE PELOTAS", "RIO GRANDE D0 SUL"]],
            footers=seed_stamps(["MN {}", "NM. {}", "N {}"], 4, seed=37),
            norm={"tipo": "Lei Ordinária", "numero": "3011", "ano": 1986, "data": "1986-04-15",
                  "municipio": "Pelotas", "uf": "RS",
                  "ementa": "Institui a Taxa de Licença para Publicidade e dá outras providências"},
            meta={"municipio": "Pelotas", "uf": "RS", "tipo": "Lei Ordinária", "numero": "3011",
                  "ano": 1986, "data": "1986-04-15"},
            notes=["art 5 garbled: its table (incisos I-III with alíneas and values) was read column-wise"])

    def a(n):
        return f"Art. {n}º -" if n < 10 else f"Art. {n} -"
    L.raw("LEI Nº 3.011, DE 15 DE ABRIL DE 1986",
          "Institui a Taxa de Licença para Publicidade e dá outras",
          "providências.",
          "O PREFEITO MUNICIPAL DE PELOTAS, Estado do Rio Grande do Sul,",
          "faço saber que a Câmara Municipal aprovou e eu sanciono a se-",
          "guinte Lei:")
    L.art(1, "Fica instituída a Taxa de Licença para Publicidade, que tem como fato gerador a exploração ou utilização de meios de publicidade nas vias e logradouros públicos ou em locais visíveis ao público.", a(1))
    L.art(2, "Contribuinte da taxa é a pessoa física ou jurídica que explore ou utilize o meio de publicidade.", a(2))
    L.par("único", "Responde solidariamente pela taxa o proprietário do imóvel onde estiver instalado o anúncio.", "Parágrafo único -")
    L.art(3, "A licença será requerida ao Departamento de Fiscalização, instruída com a descrição do anúncio, suas dimensões e o local de sua instalação.", a(3))
    L.art(4, "Estão isentos da taxa:", a(4))
    L.inc("I", "os anúncios de órgãos públicos;")
    L.inc("II", "as placas de profissionais liberais afixadas no local de trabalho, com área inferior a meio metro quadrado;")
    L.inc("III", "os anúncios de entidades religiosas e beneficentes.")
    start = len(L._body)
    L.art(5, "A taxa será cobrada anualmente de acordo com a seguinte tabela, em Obrigações Reajustáveis do Tesouro Nacional:", a(5), garbled=True)
    cap_lines = [ln for _k, ln in L._body[start:]]
    L.inc("I", "Anúncios luminosos:")
    L.ali("a", "até 2 m² 3,00 ORTN")
    L.ali("b", "de 2 a 10 m² 6,00 ORTN")
    L.ali("c", "acima de 10 m² 9,00 ORTN")
    L.inc("II", "Anúncios não luminosos:")
    L.ali("a", "até 2 m² 1,50 ORTN")
    L.ali("b", "acima de 2 m² 3,00 ORTN")
    L.inc("III", "Faixas e cartazes, por unidade e por mês 0,50 ORTN")
    L.par(1, "Os valores da tabela serão convertidos em cruzeiros na data do pagamento.", "§ 1º")
    # the whole table as printed column-wise
    reprint(L, start, cap_lines + [
        "I - Anúncios luminosos:", "a)", "b)", "c)", "II -", "nos l", "a) -", "b)",
        "até 2 m?..........", "de 2 a 10 m?.....", "acima de 10 m?...ccccrrr",
        "uminosos:", "até 2 m?...........", "acima de 2 m?.....cccc",
        "III - Faixas e cartazes, por unidade e por mês......",
        "3,00 ORTN", "«6,00 ORTN", "9,00 ORTN", "-.1,50 ORTN", "«3,00 ORTN", ".0,50 ORTN",
        "81º", "e .", ":- Os valores da tabela serão convertidos em cruzei-",
        "ros na data do pagamento."])
    L.art(6, "O pagamento da taxa será feito de uma só vez, no ato da concessão da licença, e nos exercícios seguintes até o dia trinta e um de março.", a(6))
    L.art(7, "A publicidade sem licença sujeitará o infrator à multa de valor igual ao dobro da taxa devida, sem prejuízo da remoção do anúncio.", a(7))
    L.par(1, "Na reincidência a multa será aplicada em dobro.", "§ 1º -")
    L.par(2, "Os anúncios removidos só serão devolvidos após o pagamento da multa e das despesas de remoção.", "§ 2º -")
    L.art(8, "Esta Lei entra em vigor no primeiro dia do exercício seguinte ao de sua publicação.", a(8))
    L.art(9, "Revogam-se as disposições em contrário.", a(9))
    L.fecho(["Gabinete do Prefeito Municipal de Pelotas, em 15 de abril de 1986."],
            "Gabinete do Prefeito Municipal de Pelotas, em 15 de abril de 1986.",
            [("BERNARDO DE SOUZA", "Prefeito Municipal")], ["BERNARDO DE SOUZA", "Prefeito Municipal"])
    return L


def law_038() -> Law:
    """1984: after the target's fecho and signature, the next law starts mid-page with its
    epígrafe damaged ('q” Ea LEl N9 1O3, DE O3 DE MAIO DE 1.984') and ARTIGO 1º to 4º with a
    parágrafo and incisos of its own; the target's own epígrafe also has debris before it."""
    L = Law("038", width=64, hyphen_rate=0.4, mark_rate=0.1, marks=SEEDLIKE_MARKS, page_lines=28,
            seed=38, formfeed=False, junk_rate=0.02, junk=tuple(SEEDLIKE_DEBRIS[:6]),
            footers=seed_stamps(["Nº {}", "NM {}", "Nº. {}"], 31, seed=38),
            norm={"tipo": "Lei Ordinária", "numero": "102", "ano": 1984, "data": "1984-05-03",
                  "municipio": "Apucarana", "uf": "PR",
                  "ementa": "Dispõe sobre a arborização das vias públicas e dá outras providências"},
            meta={"municipio": "Apucarana", "uf": "PR", "tipo": "Lei Ordinária", "numero": "102",
                  "ano": 1984},
            excluded_neighbors=["LEI Nº 103, DE 03 DE MAIO DE 1.984 (epígrafe damaged; hortas escolares) - not part of the target"])
    L.raw("Ea , LEI Nº 102, DE 03 DE MAIO DE 1.984",
          "À - -",
          "\"Dispõe sobre a arborização das vias públicas e dá outras",
          "providências\"",
          "A CÂMARA MUNICIPAL DE APUCARANA, Estado do Paraná, aprovou e",
          "eu, Prefeito Municipal, sanciono a seguinte",
          "LEI:-")
    L.art(1, "A arborização das vias e logradouros públicos é atribuição exclusiva da Prefeitura, que a executará diretamente ou mediante convênio.", A0(1))
    L.art(2, "É proibido podar, cortar, derrubar ou sacrificar as árvores da arborização pública sem prévia autorização da Prefeitura.", A0(2))
    L.par("único", "A autorização será concedida quando a árvore apresentar risco à segurança das pessoas ou das edificações.", "PARÁGRAFO ÚNICO:-")
    L.art(3, "Na arborização das vias públicas serão observadas as seguintes exigências:", A0(3))
    L.inc("I", "espaçamento mínimo de sete metros entre as árvores;")
    L.inc("II", "distância mínima de cinco metros das esquinas;")
    L.inc("III", "emprego de espécies de pequeno porte sob a rede elétrica.")
    L.art(4, "Os loteamentos aprovados a partir desta Lei deverão ter as suas vias arborizadas pelo loteador.", A0(4))
    L.art(5, "A infração ao disposto no artigo 2º sujeitará o infrator à multa de cinco valores de referência por árvore atingida.", A0(5))
    L.par(1, "Na reincidência a multa será aplicada em dobro.", P0(1))
    L.par(2, "O infrator fica obrigado ao plantio de duas mudas para cada árvore sacrificada.", P0(2))
    L.art(6, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", A0(6))
    L.fecho(["Prefeitura Municipal de Apucarana, aos 03 de maio de 1.984."],
            "Prefeitura Municipal de Apucarana, aos 03 de maio de 1.984.",
            [("CARLOS ROBERTO SCARPELINI", "Prefeito Municipal")],
            ["CARLOS ROBERTO SCARPELINI", "Prefeito Municipal"])
    L.raw(SEEDLIKE_GARBAGE[0],
          "q” Ea LEl N9 1O3, DE O3 DE MAIO DE 1.984",
          "Ea $ \"Institui hortas nas escolas municipais\"",
          "A CÂMARA MUNICIPAL DE APUCARANA, Estado do Paraná, aprovou e",
          "eu, Prefeito Municipal, sanciono a seguinte",
          "LEI:-",
          "ARTIGO 1º:- Ficam instituídas hortas escolares em todas as es-",
          "colas da rede municipal de ensino.",
          "ARTIGO 2º:- As hortas terão finalidade pedagógica e sua produ-",
          "ção será destinada à merenda escolar.",
          "PARÁGRAFO ÚNICO:- É vedada a venda da produção.",
          "ARTIGO 3º:- Caberá ao Departamento de Educação:",
          "I - fornecer sementes, mudas e ferramentas;",
          "II - orientar os professores encarregados.",
          "ARTIGO 4º:- Esta Lei entrará em vigor na data de sua publicação.")
    return L


def law_039() -> Law:
    """1993: OCR line disorder as in the seeds: two alíneas interleaved ('e)' empty, then f)'s
    first line, e)'s text, f)'s tail), two lines of an article swapped, a word split 'd:' / 'ará'
    across swapped lines (all reassembled in the gold)."""
    L = Law("039", width=64, hyphen_rate=0.3, mark_rate=0.08, marks=SEEDLIKE_MARKS, page_lines=30,
            seed=39, formfeed=False,
            letterheads=[["CÂMARA MUNICIPAL DE VARGINHA", "ESTADO DE MINAS GERAIS"],
                         ["CÂMARA MUNICIPAL DE VARGlNHA", "ESTADO DE MINAS GERAlS"]],
            footers=seed_stamps(["Fl. {:02d}", "F1. {:02d}"], 1, seed=39),
            norm={"tipo": "Lei Ordinária", "numero": "2215", "ano": 1993, "data": "1993-02-17",
                  "municipio": "Varginha", "uf": "MG",
                  "ementa": "Dispõe sobre o horário de funcionamento do comércio e dá outras providências"},
            meta={"municipio": "Varginha", "uf": "MG", "tipo": "Lei Ordinária", "numero": "2215",
                  "ano": 1993, "data": "1993-02-17"},
            notes=["art 5 alíneas e/f interleaved by the OCR; art 3 and art 6 lines swapped; reassembled"])

    def a(n):
        return f"Art. {n}º -"
    L.raw("LEI Nº 2.215, DE 17 DE FEVEREIRO DE 1993",
          "Dispõe sobre o horário de funcionamento do comércio",
          "e dá outras providências.",
          "O Povo do Município de Varginha, por seus representantes, apro-",
          "vou e eu, Prefeito Municipal, sanciono a seguinte Lei:")
    L.art(1, "Os estabelecimentos comerciais funcionarão de segunda a sexta-feira das oito às dezoito horas e aos sábados das oito às doze horas.", a(1))
    L.art(2, "Independem de horário as farmácias, padarias, bares, restaurantes, postos de combustíveis e hotéis.", a(2))
    start = len(L._body)
    L.art(3, "A abertura em horário especial dependerá de licença da Prefeitura, que dará preferência aos estabelecimentos situados nos bairros e nos distritos.", a(3))
    reprint(L, start, ["Art. 3º - A abertura em horário especial dependerá de licença",
                       "ará preferência aos estabelecimentos situados nos bairros",
                       "da Prefeitura, que d:",
                       "e nos distritos."])
    L.art(4, "Durante o mês de dezembro o comércio poderá funcionar até as vinte e duas horas.", a(4))
    L.art(5, "Os estabelecimentos que funcionarem em horário especial ficam obrigados a:", a(5))
    L.ali("a", "afixar em local visível o alvará de horário especial;")
    L.ali("b", "manter os empregados em regime de revezamento;")
    L.ali("c", "respeitar a legislação trabalhista;")
    L.ali("d", "não perturbar o sossego público;")
    start = len(L._body)
    L.ali("e", "não utilizar o passeio público para exposição de mercadorias;")
    L.ali("f", "não manter aparelhos sonoros em volume audível da via pública ou de residências vizinhas;")
    reprint(L, start, ["e)",
                       "f) não manter aparelhos sonoros em volume audível da via",
                       "não utilizar o passeio público para exposição de mercadorias;",
                       "pública ou de residências vizinhas;"])
    L.ali("g", "encerrar as atividades no horário fixado no alvará.")
    start = len(L._body)
    L.art(6, "A infração a esta Lei sujeitará o infrator à multa de dez Unidades Fiscais, aplicada em dobro na reincidência, e à cassação do alvará na terceira infração.", a(6))
    reprint(L, start, ["Art. 6º - A infração a esta Lei sujeitará o infrator à multa de",
                       "dobro na reincidência, e à cassação do alvará na terceira",
                       "dez Unidades Fiscais, aplicada em",
                       "infração."])
    L.art(7, "Esta Lei entra em vigor na data de sua publicação.", a(7))
    L.art(8, "Revogam-se as disposições em contrário.", a(8))
    L.fecho(["Varginha, 17 de fevereiro de 1993."], "Varginha, 17 de fevereiro de 1993.",
            [("AÉCIO ROBERTO DE SOUZA", "Prefeito Municipal")],
            ["AÉCIO ROBERTO DE SOUZA", "Prefeito Municipal"])
    return L


def law_040() -> Law:
    """1991: article numbers misread the way seed 000 shows them ('ARTIGO 72:-' for 7,
    'ARTIGO 28:-' for 13 right after 12, 'ARTIGO 15º' printed twice (the second is 16),
    'ARTIGO 194%-' for 19), a page whose left margin was cut ('RTIGO 21º', 'TIGO 22º' and line
    starts lost), paragraph signs '8S1º', '83º', '84º', '1º:-' (sign lost), '28:-', '8 32:-' with
    VETADO paragraphs."""
    L = Law("040", width=64, hyphen_rate=0.4, mark_rate=0.1, marks=SEEDLIKE_MARKS, page_lines=30,
            seed=40, formfeed=False,
            footers=seed_stamps(["NM {}", "N {}", "NM. {}", "Nº {}"], 112, seed=40),
            norm={"tipo": "Lei Ordinária", "numero": "544", "ano": 1991, "data": "1991-10-09",
                  "municipio": "Vitória da Conquista", "uf": "BA",
                  "ementa": "Dispõe sobre o serviço de mototáxi no Município e dá outras providências"},
            meta={"municipio": "Vitória da Conquista", "uf": "BA", "tipo": "Lei Ordinária",
                  "numero": "544", "ano": 1991, "data": "1991-10-09"},
            notes=["printed 'ARTIGO 72:-' -> 7; 'ARTIGO 28:-' -> 13; second 'ARTIGO 15º' -> 16; 'ARTIGO 194%-' -> 19",
                   "left margin cut on arts 21-22 ('RTIGO 21º', 'TIGO 22º'); line starts kept as printed"])
    L.raw("LEI Nº 544, DE 09 DE OUTUBRO DE 1.991",
          "\"Dispõe sobre o serviço de mototáxi no Município e",
          "dá outras providências\"",
          "A CÂMARA MUNICIPAL DE VITÓRIA DA CONQUISTA, Estado da Bahia,",
          "aprovou e eu, Prefeito Municipal, sanciono a seguinte",
          "LEI:-")
    texts = {
        1: "O transporte individual de passageiros em motocicletas de aluguel, denominado mototáxi, constitui serviço de interesse público e somente poderá ser explorado mediante permissão da Prefeitura.",
        2: "A permissão será outorgada a pessoa física, motociclista profissional autônomo, residente no Município há mais de dois anos.",
        3: "O número de permissões será de uma para cada mil e quinhentos habitantes.",
        4: "As motocicletas terão no máximo cinco anos de fabricação e potência mínima de cento e vinte e cinco cilindradas.",
        5: "O condutor usará colete com o número da permissão e fornecerá capacete ao passageiro.",
        6: "É proibido o transporte de mais de um passageiro e de menores de sete anos.",
        7: "Os pontos de estacionamento serão fixados por Decreto, ouvida a associação da categoria.",
        8: "As tarifas serão fixadas pelo Prefeito Municipal e revistas anualmente.",
        9: "A permissão é pessoal e intransferível.",
        10: "O permissionário submeterá a motocicleta a vistoria semestral.",
        11: "O condutor deverá possuir Carteira Nacional de Habilitação na categoria A há mais de dois anos.",
        12: "É vedado ao permissionário manter preposto.",
        13: "O descumprimento desta Lei sujeitará o infrator às penalidades de advertência, multa, suspensão e cassação da permissão.",
        14: "A multa será de cinco a vinte Unidades Fiscais, conforme a gravidade da infração.",
        15: "Da penalidade caberá recurso ao Prefeito Municipal no prazo de dez dias.",
        16: "Os atuais mototaxistas terão prazo de noventa dias para se adequarem a esta Lei.",
        17: "A Prefeitura manterá cadastro atualizado dos permissionários e condutores.",
        18: "O Executivo poderá firmar convênio com o órgão estadual de trânsito para a fiscalização do serviço.",
        19: "Os casos omissos serão resolvidos pelo Chefe do Executivo.",
        20: "O Executivo regulamentará esta Lei no prazo de sessenta dias.",
        21: "As despesas decorrentes desta Lei correrão por conta de dotações próprias do orçamento vigente.",
        22: "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.",
    }
    printed = {7: "ARTIGO 72:-", 13: "ARTIGO 28:-", 16: "ARTIGO 15º:-", 19: "ARTIGO 194%-"}
    for n in range(1, 21):
        L.art(n, texts[n], printed.get(n, A0(n)))
        if n == 2:
            L.par(1, "A indicação do condutor auxiliar deverá ser requerida no prazo de trinta dias.", "8S1º:-")
            L.par(2, "Decorrido o prazo sem a indicação, a permissão será cassada.", "8 2º:-")
            L.par(3, "A indicação no caso de falecimento será feita pelo inventariante.", "83º:-")
            L.par(4, "O aposentado poderá continuar no serviço até a indicação de seu substituto.", "84º:")
        if n == 6:
            L.par(1, "A infração ao disposto neste artigo será punida com a suspensão da permissão por trinta dias.", "1º:-")
            L.par(2, "Na reincidência, a permissão será cassada.", "28:-")
        if n == 13:
            L.inc("I", "advertência;")
            L.inc("II", "multa;")
            L.inc("III", "suspensão;")
            L.inc("IV", "cassação.")
            for k, lab in ((1, "1º:- VETADO,"), (2, "28:- VETADO."), (3, "8 32:- VETADO.")):
                start = len(L._body)
                L.par(k, "VETADO", lab)
                reprint(L, start, [lab])
    # a page whose left margin was cut: the first letters of arts 21-22 and of their lines lost
    L.page()
    start = len(L._body)
    L.art(21, texts[21], "RTIGO 21º:-")
    L.art(22, texts[22], "TIGO 22º:-")
    reprint(L, start, ["RTIGO 21º:- As despesas decorrentes desta Lei correrão por con-",
                       "a de dotações próprias do orçamento vigente.",
                       "TIGO 22º:- Esta Lei entrará em vigor na data de sua publica-",
                       "ão, revogadas as disposições em contrário."])
    L.units[-2]["text"] = "As despesas decorrentes desta Lei correrão por cona de dotações próprias do orçamento vigente."
    L.units[-1]["text"] = "Esta Lei entrará em vigor na data de sua publicaão, revogadas as disposições em contrário."
    L.fecho(["Gabinete do Prefeito Municipal de Vitória da Conquista, aos",
             "nove dias do mês de outubro de mil novecentos e noventa e um."],
            "Gabinete do Prefeito Municipal de Vitória da Conquista, aos nove dias do mês de outubro de mil novecentos e noventa e um.",
            [("JOSÉ PEDRAL SAMPAIO", "Prefeito Municipal")], ["JOSÉ PEDRAL SAMPAIO", "Prefeito Municipal"])
    return L


def law_041() -> Law:
    """1988: headings as bare roman numerals in capitals (no 'CAPÍTULO'), damaged: 'HI - ', 'IV —',
    'Y - ', a trailing ' -', one heading wrapped on two lines, one with a margin mark, one right
    after a page stamp; articles 'Art. 1º.-'."""
    L = Law("041", width=64, hyphen_rate=0.35, mark_rate=0.1, marks=SEEDLIKE_MARKS, page_lines=26,
            seed=41, formfeed=False,
            letterheads=[["CÂMARA MUNICIPAL DE BLUMENAU", "SANTA CATARINA"],
                         ["CÂMARA MUNICIPAL DE BLUMENAU", "SANTA CATARlNA"]],
            footers=seed_stamps(["C.M. Cc. {}", "C.M ci {}", "Cc.M cm {}"], 21, seed=41),
            norm={"tipo": "Lei Ordinária", "numero": "3402", "ano": 1988, "data": "1988-07-06",
                  "municipio": "Blumenau", "uf": "SC",
                  "ementa": "Regulamenta a Feira Permanente de Artesanato e dá outras providências"},
            meta={"municipio": "Blumenau", "uf": "SC", "tipo": "Lei Ordinária", "numero": "3402",
                  "ano": 1988, "data": "1988-07-06"},
            notes=["headings printed 'HI -' (III), 'Y -' (V)"])

    def a(n):
        return f"Art. {n}º.-" if n < 10 else f"Art. {n}.-"
    L.raw("LEI Nº 3.402, DE 06 DE JULHO DE 1988",
          "Regulamenta a Feira Permanente de Artesanato e dá outras pro-",
          "vidências.",
          "O PRESIDENTE DA CÂMARA MUNICIPAL DE BLUMENAU, faço saber a todos",
          "os habitantes deste Município que a Câmara Municipal aprovou e",
          "eu promulgo a seguinte Lei:")
    L.group("capitulo", "I", "DA FEIRA", "I - DA FEIRA")
    L.art(1, "A Feira Permanente de Artesanato funcionará na Praça Hercílio Luz, aos sábados e domingos, das nove às dezenove horas.", a(1))
    L.art(2, "Somente poderão expor na Feira os artesãos residentes no Município e cadastrados na Fundação Cultural.", a(2))
    L.group("capitulo", "II", "DO CADASTRO DOS ARTESÃOS", "II - DO CADASTRO DOS ARTESÃOS'!")
    L.art(3, "O cadastro será feito mediante a apresentação de amostras dos trabalhos a uma comissão de três artesãos e dois técnicos da Fundação Cultural.", a(3))
    L.par("único", "A comissão avaliará a originalidade e a qualidade dos trabalhos, vedada a exposição de produtos industrializados.", "Parágrafo único.-")
    L.group("capitulo", "III", "DAS OBRIGAÇÕES DOS EXPOSITORES", "HI - DAS OBRIGAÇÕES DOS EXPOSITORES")
    L.art(4, "São obrigações dos expositores:", a(4))
    L.inc("I", "manter a barraca em perfeito estado de conservação e limpeza;")
    L.inc("II", "cumprir o horário de funcionamento da Feira;")
    L.inc("III", "expor somente os trabalhos aprovados pela comissão;")
    L.inc("IV", "tratar o público com urbanidade.")
    L.art(5, "É vedado ao expositor ceder ou alugar o seu espaço a terceiros.", a(5))
    L.group("capitulo", "IV", "DA ADMINISTRAÇÃO E DA FISCALIZAÇÃO DA FEIRA", "IV — DA ADMINISTRAÇÃO E DA FISCALIZAÇÃO", "DA FEIRA")
    L.art(6, "A administração da Feira caberá à Fundação Cultural, que designará um coordenador.", a(6))
    L.art(7, "O coordenador fiscalizará o cumprimento desta Lei e comunicará as infrações à Fundação.", a(7))
    L.page()
    L.group("capitulo", "V", "DAS PENALIDADES", "Y - DAS PENALIDADES")
    L.art(8, "A infração às disposições desta Lei sujeitará o expositor às seguintes penalidades:", a(8))
    L.inc("I", "advertência;")
    L.inc("II", "suspensão por até quatro semanas;")
    L.inc("III", "exclusão do cadastro.")
    L.group("capitulo", "VI", "DAS DISPOSIÇÕES FINAIS", "VI - DAS DISPOSIÇÕES FINAIS -")
    L.art(9, "A Fundação Cultural baixará o regimento interno da Feira no prazo de trinta dias.", a(9))
    L.art(10, "Esta Lei entra em vigor na data de sua publicação.", a(10))
    L.fecho(["Câmara Municipal de Blumenau, em 06 de julho de 1988."],
            "Câmara Municipal de Blumenau, em 06 de julho de 1988.",
            [("JOÃO BATISTA DE CASTRO", "Presidente")], ["JOÃO BATISTA DE CASTRO", "Presidente"])
    return L


def law_042() -> Law:
    """2005 Prefeitura law like seed 001 (long justified lines, three-line letterhead with OCR
    variants and phone footer, form feeds: rendered for the OCR run): 'CAPÍTULO' label with a
    letterhead line and garbage before its title, alíneas 's)' for g and '£)' for f, margin
    debris before labels at line starts ('ssa, Artigo 12 -', 'pia'), signature among 'N', 'NS', '|'."""
    heads = [["ESTADO DE MATO GROSSO DO SUL", "PREFEITURA MUNICIPAL DE", "PONTA PORÃ"],
             ["ESTADO DE MATO GROSSO DO SUL", "PREFEITURA IMUNICIPAL DE", "PONTA PORA"],
             ["ESTADO DE MATO GROSSO DO SUL", "] PREFEITURA | MUNICIPAL DE", "PONTA PORÃ", "pu So IA A"]]
    foots = [["Tel.: (67) 431-1122 /1123"], ["Tel.; (67) 431-1122 11123"], ["67) 431-1122 71123"]]
    L = Law("042", width=84, page_lines=24, seed=42, formfeed=True, letterheads=heads, footers=foots,
            norm={"tipo": "Lei Ordinária", "numero": "3520", "ano": 2005, "data": "2005-09-14",
                  "municipio": "Ponta Porã", "uf": "MS",
                  "ementa": "Dispõe sobre o serviço de transporte escolar no Município de Ponta Porã e dá outras providências"},
            meta={"numero": "3520", "ano": 2005},
            notes=["alínea g of art 7 printed 's)', f of art 9 printed '£)'"])
    L.raw("LEI Nº 3.520 DE 14 DE SETEMBRO DE 2005.",
          "“DISPÕE SOBRE O SERVIÇO DE TRANSPORTE ESCOLAR NO MUNICÍPIO DE PONTA PORÃ E DÁ",
          "OUTRAS PROVIDÊNCIAS”.",
          "A CÂMARA MUNICIPAL DE PONTA PORÃ, ESTADO DE MATO GROSSO DO SUL APROVOU, E EU,",
          "FLÁVIO KAYATT, PREFEITO MUNICIPAL, SANCIONO A SEGUINTE LEI")
    L.group("capitulo", "I", "DA EXPLORAÇÃO DO SERVIÇO", "CAPÍTULO I", "DA EXPLORAÇÃO DO SERVIÇO")
    L.art(1, "O transporte de escolares neste Município constitui serviço de interesse público, que somente poderá ser executado mediante prévia autorização do órgão municipal competente, através do TERMO DE PERMISSÃO e ALVARÁ DE LICENÇA.", "Artigo 1º -")
    L.art(2, "A exploração do serviço será permitida a pessoa física, condutor profissional autônomo, e a pessoa jurídica legalmente constituída.", "Artigo 2º -")
    L.art(3, "Os veículos utilizados no transporte de escolares serão do tipo micro-ônibus, ônibus ou utilitário com capacidade mínima de 08 (oito) passageiros.", "Artigo 3º -")
    L.group("capitulo", "II", "DOS VEÍCULOS", "CAPÍTULO II", "PREFEITURA MUNICIPAL DE", "——e—ms 5 ja dm Cd cm A mr", "DOS VEÍCULOS")
    L.art(4, "Os veículos deverão satisfazer as exigências do Código de Trânsito Brasileiro e ainda:", "Artigo 4º -")
    L.ali("a", "ter no máximo 10 (dez) anos de fabricação;", "a)")
    L.ali("b", "possuir faixa horizontal amarela com a inscrição “ESCOLAR”;", "b)")
    L.ali("c", "possuir cintos de segurança em boas condições para todos os passageiros;", "c)")
    L.ali("d", "possuir registrador instantâneo de velocidade e tempo.", "d)")
    L.art(5, "Os veículos serão vistoriados semestralmente pelo órgão municipal competente.", "Artigo 5º -")
    L.par(1, "A vistoria será feita nos meses de janeiro e julho de cada ano.", "$ 1º -")
    L.par(2, "Aprovado na vistoria, o veículo receberá selo que será afixado no para-brisa.", "8 2º -")
    L.group("capitulo", "III", "DOS CONDUTORES", "CAPÍTULO HI", "MAI ——", "DOS CONDUTORES")
    L.art(6, "O condutor de veículo de transporte escolar deverá ter idade superior a 21 (vinte e um) anos e ser habilitado na categoria D.", "Artigo 6º -")
    L.art(7, "São deveres do condutor:", "Artigo 7º -")
    for letter, t in zip("abcdefg", ["tratar com urbanidade os escolares e seus responsáveis;",
                                     "trajar-se adequadamente;",
                                     "não fumar no interior do veículo;",
                                     "não transportar escolares em pé;",
                                     "manter as portas fechadas com o veículo em movimento;",
                                     "respeitar os horários e itinerários autorizados;",
                                     "comunicar ao órgão competente qualquer alteração de endereço."], strict=True):
        L.ali(letter, t, "s)" if letter == "g" else f"{letter})")
    L.group("capitulo", "IV", "DAS PENALIDADES", "CAPÍTULO IV", "DAS PENALIDADES")
    L.art(8, "O órgão competente manterá rigorosa fiscalização sobre os permissionários e seus condutores.", "Artigo 8º -")
    L.art(9, "A inobservância das disposições desta Lei sujeitará o infrator às seguintes sanções, aplicadas separada ou cumulativamente:", "Artigo 9º -")
    for letter, t in zip("abcdef", ["advertência oral;", "advertência escrita;", "multa;",
                                    "suspensão do Alvará de Licença;", "cassação do Alvará de Licença;",
                                    "cassação do Termo de Permissão."], strict=True):
        L.ali(letter, t, "£)" if letter == "f" else f"{letter})")
    L.par("único", "Das penalidades caberá recurso ao Chefe do Poder Executivo Municipal no prazo de 10 (dez) dias.", "Parágrafo Único —")
    L.group("capitulo", "V", "DISPOSIÇÕES FINAIS", "CAPÍTULO V", "DISPOSIÇÕES FINAIS")
    L.art(10, "Os atuais prestadores do serviço terão o prazo de 120 (cento e vinte) dias para se adequarem às exigências desta Lei.", "Artigo 10 -")
    L.art(11, "O Poder Executivo regulamentará esta Lei no prazo de 60 (sessenta) dias.", "Artigo 11 -")
    start = len(L._body)
    L.art(12, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", "Artigo 12 -")
    reprint(L, start, ["gua aaa", "ssa, Artigo 12 - Esta Lei entrará em vigor na data de sua",
                       "pia publicação, revogadas as disposições em contrário."])
    L.units[-1]["text"] = "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário."
    L.fecho(["a", "Gabinete do Prefeito Municipal de Ponta Porã-MS, 14 de setembro", "de 2005. N"],
            "Gabinete do Prefeito Municipal de Ponta Porã-MS, 14 de setembro de 2005.",
            [("FLÁVIO KAYATT", "Prefeito Municipal")], ["NS", "|", "FLÁVIO KAYATT", "Prefeito Municipal", "AIM"])
    return L


def law_043() -> Law:
    """1988 Câmara law with a record that gives only número and ano: the epígrafe has no date
    ('LEI Nº 2.311/88'), the date is in words in the fecho, the município comes from a letterhead
    damaged on every page ('ITAPETlNlNGA', 'ITAPETININGA-SP', 'lTAPETININGA'); 'PARAGRAFO UNICO:-',
    'S ÚNICO', 'S 1º'; two signatures side by side."""
    L = Law("043", width=64, hyphen_rate=0.35, mark_rate=0.1, marks=SEEDLIKE_MARKS, page_lines=28,
            seed=43, formfeed=False,
            letterheads=[["CÂMARA MUNICIPAL DE ITAPETlNlNGA"], ["CAMARA MUNICIPAL DE ITAPETININGA-SP"],
                         ["CÂMARA MUNlCIPAL DE lTAPETININGA"]],
            footers=seed_stamps(["NM {}", "N {}", "NR.. {}"], 80, seed=43),
            norm={"tipo": "Lei Ordinária", "numero": "2311", "ano": 1988, "data": "1988-03-12",
                  "municipio": "Itapetininga", "uf": "SP",
                  "ementa": "Dispõe sobre a denominação de próprios municipais"},
            meta={"numero": "2311", "ano": 1988},
            notes=["date only in words in the fecho; município only in the letterhead/preamble"])
    L.raw("LEI Nº 2.311/88",
          "\"Dispõe sobre a denominação de próprios municipais\"",
          "A CÂMARA MUNICIPAL DE ITAPETININGA, Estado de São Paulo, apro-",
          "vou e o seu Presidente promulga a seguinte",
          "LEI:-")
    L.art(1, "A denominação de vias, praças e próprios municipais será feita por lei, de iniciativa do Prefeito ou de qualquer Vereador.", A0(1))
    L.par("único", "Não poderá ser dado nome de pessoa viva a qualquer próprio municipal.", "PARAGRAFO UNICO:-")
    L.art(2, "O projeto de denominação será instruído com a biografia do homenageado e a certidão de seu óbito.", A0(2))
    L.par(1, "A biografia será redigida em linguagem simples e terá no máximo uma página.", "S 1º:-")
    L.par(2, "Quando se tratar de data histórica, o projeto será instruído com o resumo do fato a que se refere.", "S 2º:-")
    L.art(3, "É vedada a alteração da denominação de vias e próprios municipais, salvo para corrigir duplicidade.", A0(3))
    L.par("único", "Ocorrendo duplicidade, prevalecerá a denominação mais antiga.", "S ÚNICO:-")
    L.art(4, "A Prefeitura providenciará a colocação das placas indicativas no prazo de sessenta dias da publicação da lei de denominação.", A0(4))
    L.art(5, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", A0(5))
    L.fecho(["Secretaria da Câmara Municipal de Itapetininga, aos doze dias",
             "do mês de março de mil novecentos e oitenta e oito."],
            "Secretaria da Câmara Municipal de Itapetininga, aos doze dias do mês de março de mil novecentos e oitenta e oito.",
            [("ANTÔNIO PEDRO NOGUEIRA", "Presidente"), ("MARIA JOSÉ DE ALMEIDA", "1ª Secretária")],
            ["ANTÔNIO PEDRO NOGUEIRA           MARIA JOSÉ DE ALMEIDA",
             "Presidente                       1ª Secretária"])
    return L


def law_044() -> Law:
    """1976: hyphenation damage as in the seeds, across places where it is hardest: a word split
    at a page foot with debris and the stamp between its halves ('Munici=-' / '»' / 'NM 58' /
    'pio'), marks '=-', '--', '—', a split before a margin mark ('publica- !'), true hyphens at a
    line end ('far-' / 'se-á', 'Vice-' / 'Prefeito') kept."""
    L = Law("044", width=64, hyphen_rate=0.5, hyphen_mark="-", mark_rate=0.08, marks=SEEDLIKE_MARKS,
            page_lines=0, seed=44, formfeed=False,
            norm={"tipo": "Lei Ordinária", "numero": "1311", "ano": 1976, "data": "1976-06-02",
                  "municipio": "Garanhuns", "uf": "PE",
                  "ementa": "Autoriza o Poder Executivo a conceder o serviço de iluminação pública e dá outras providências"},
            meta={"municipio": "Garanhuns", "uf": "PE", "tipo": "Lei Ordinária", "numero": "1311",
                  "ano": 1976, "data": "1976-06-02"})
    L.raw("LEI Nº 1.311, DE 02 DE JUNHO DE 1.976",
          "\"Autoriza o Poder Executivo a conceder o serviço de ilumina-",
          "ção pública e dá outras providências\"",
          "A CÂMARA MUNICIPAL DE GARANHUNS, Estado de Pernambuco, decre-",
          "tou e eu, Prefeito Municipal, sanciono a seguinte",
          "LEI:-")
    start = len(L._body)
    L.art(1, "Fica o Poder Executivo autorizado a conceder à Companhia de Eletricidade de Pernambuco a exploração do serviço de iluminação pública no Município, pelo prazo de vinte anos.", A0(1))
    reprint(L, start, ["ARTIGO 1º:- Fica o Poder Executivo autorizado a conceder à Com-",
                       "panhia de Eletricidade de Pernambuco a exploração do ser=-",
                       "viço de iluminação pública no Munici=-",
                       "»", "a", "NM 58",
                       "pio, pelo prazo de vinte anos."])
    start = len(L._body)
    L.art(2, "A concessionária obriga-se a manter o serviço em perfeito funcionamento e a ampliar a rede às novas vias abertas ao trânsito público.", A0(2))
    reprint(L, start, ["ARTIGO 2º:- A concessionária obriga-se a manter o serviço em per--",
                       "feito funcionamento e a ampliar a rede às novas vias aber—",
                       "tas ao trânsito público."])
    start = len(L._body)
    L.par("único", "A ampliação far-se-á mediante solicitação do Prefeito ou do Vice-Prefeito no exercício do cargo.", "PARÁGRAFO ÚNICO:-")
    reprint(L, start, ["PARÁGRAFO ÚNICO:- A ampliação far-",
                       "se-á mediante solicitação do Prefeito ou do Vice-",
                       "Prefeito no exercício do cargo."])
    L.art(3, "A taxa de iluminação pública será cobrada juntamente com a conta de consumo de energia elétrica.", A0(3))
    L.par(1, "Ficam isentos da taxa os consumidores residenciais de baixa renda.", P0(1))
    L.par(2, "O produto da arrecadação será aplicado exclusivamente no custeio e na expansão do serviço.", P0(2))
    L.raw("C.M. Cc. 59")
    start = len(L._body)
    L.art(4, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", A0(4))
    reprint(L, start, ["ARTIGO 4º:- Esta Lei entrará em vigor na data de sua publica- !",
                       "ção, revogadas as disposições em contrário."])
    L.fecho(["Gabinete do Prefeito Municipal de Garanhuns, 02 de junho de 1.976."],
            "Gabinete do Prefeito Municipal de Garanhuns, 02 de junho de 1.976.",
            [("IVO TINÔCO AMORIM", "Prefeito Municipal")], ["IVO TINÔCO AMORIM", "Prefeito Municipal"])
    return L


def law_045() -> Law:
    """2006 Prefeitura law (form feeds: rendered for the OCR run): letterhead lines merged with
    debris ('» mM ESTADO DE RONDÔNIA'), a letterhead line repeated in the middle of a page between
    two articles with a garbage line, truncated phone footers, one page with only part of the
    letterhead, a column of junk tokens after an inciso list."""
    heads = [["ESTADO DE RONDÔNIA", "PREFEITURA MUNICIPAL DE", "JI-PARANÁ"],
             ["» mM ESTADO DE RONDÔNIA", "nn AEE PREFEITURA MUNICIPAL DE", "E cm JI-PARANÁ"],
             ["DE RONDÔNIA", "PREFEITURA IMUNICIPAL DE"],
             ["ESTADO DE RONDONIA", "O JIPARANA RO PREFEITURA MUNICIPAL DE", "JI-PARANA"]]
    foots = [["Tel.: (69) 411-4000 /4001"], ["'é1.: (69) 411-4000 /4001"], ["69) 411-4000 14001"],
             ["Tel.; (69) 411-4000 /4O01"]]
    L = Law("045", width=86, page_lines=22, seed=45, formfeed=True, letterheads=heads, footers=foots,
            norm={"tipo": "Lei Ordinária", "numero": "1604", "ano": 2006, "data": "2006-11-27",
                  "municipio": "Ji-Paraná", "uf": "RO",
                  "ementa": "Institui o Programa Municipal de Coleta Seletiva de Resíduos Sólidos e dá outras providências"},
            meta={"municipio": "Ji-Paraná", "uf": "RO", "numero": "1604", "ano": 2006})
    L.raw("LEI Nº 1.604, DE 27 DE NOVEMBRO DE 2006.",
          "“INSTITUI O PROGRAMA MUNICIPAL DE COLETA SELETIVA DE RESÍDUOS SÓLIDOS E DÁ",
          "OUTRAS PROVIDÊNCIAS”.",
          "O PREFEITO DO MUNICÍPIO DE JI-PARANÁ, ESTADO DE RONDÔNIA, faz saber que a Câmara",
          "Municipal aprovou e ele sanciona a seguinte Lei:")
    L.group("capitulo", "I", "DISPOSIÇÕES GERAIS", "CAPÍTULO I", "DISPOSIÇÕES GERAIS")
    L.art(1, "Fica instituído o Programa Municipal de Coleta Seletiva de Resíduos Sólidos, com a finalidade de reduzir o volume de resíduos destinados ao aterro sanitário e gerar trabalho e renda.", "Art. 1º -")
    L.art(2, "Para os efeitos desta Lei, considera-se:", "Art. 2º -")
    L.inc("I", "coleta seletiva: o recolhimento dos resíduos previamente separados conforme a sua constituição;", "I —")
    L.inc("II", "resíduos recicláveis: papel, papelão, plásticos, vidros e metais;", "II —")
    L.inc("III", "catador: a pessoa física que exerce a atividade de coleta e triagem de materiais recicláveis.", "III —")
    L.raw("PREFEITURA A MUNICIPAL DE", "—— = usina DA Ra 8 SI SÃO")
    L.art(3, "A coleta seletiva será implantada gradualmente em todos os bairros da sede do Município e nos distritos.", "Art. 3º -")
    L.group("capitulo", "II", "DAS ASSOCIAÇÕES DE CATADORES", "CAPÍTULO II", "DAS ASSOCIAÇÕES DE CATADORES")
    L.art(4, "O Município poderá firmar convênio com associações ou cooperativas de catadores para a triagem e a comercialização dos materiais recolhidos.", "Art. 4º -")
    L.par(1, "As associações conveniadas receberão, em comodato, o galpão de triagem e os equipamentos necessários.", "$ 1º -")
    L.par(2, "O produto da venda dos materiais pertencerá às associações.", "8 2º -")
    L.art(5, "Os órgãos da administração direta e indireta do Município separarão os resíduos recicláveis por eles gerados.", "Art. 5º -")
    L.art(6, "Os grandes geradores deverão apresentar plano de gerenciamento de resíduos, contendo:", "Art. 6º -")
    L.inc("I", "a quantidade média mensal de resíduos gerados;", "I —")
    L.inc("II", "a forma de acondicionamento e armazenamento;", "II —")
    L.inc("III", "o destino dado a cada tipo de resíduo.", "III —")
    L.raw(*JUNK_COLUMN[3:17])
    L.group("capitulo", "III", "DISPOSIÇÕES FINAIS", "CAPÍTULO III", "DISPOSIÇÕES FINAIS")
    L.art(7, "O Poder Executivo promoverá campanhas permanentes de educação ambiental sobre a coleta seletiva.", "Art. 7º -")
    L.art(8, "As despesas decorrentes desta Lei correrão por conta de dotações orçamentárias próprias.", "Art. 8º -")
    L.art(9, "Esta Lei entra em vigor na data de sua publicação.", "Art. 9º -")
    L.fecho(["Gabinete do Prefeito, Ji-Paraná, 27 de novembro de 2006."],
            "Gabinete do Prefeito, Ji-Paraná, 27 de novembro de 2006.",
            [("JOSÉ DE ABREU BIANCO", "Prefeito Municipal")], ["JOSÉ DE ABREU BIANCO", "Prefeito Municipal"])
    return L


def law_046() -> Law:
    """1997: a long inciso list with the seeds' numeral damage ('1 -', '11 —', 'LI —', 'HI -', 'Y —',
    'Vi', a second 'VI' for VII, 'VIH', '1X', 'x -', 'XIl', 'XH'), cut by a page foot (debris,
    stamp, letterhead) in the middle of an inciso's sentence, 'XI -—.' as Tesseract reads a dash;
    alíneas 'hn)' for h, a second 'e)' after h for i, 'J)', 'Db)'."""
    L = Law("046", width=64, hyphen_rate=0.35, mark_rate=0.1, marks=SEEDLIKE_MARKS, page_lines=0,
            seed=46, formfeed=False,
            norm={"tipo": "Lei Ordinária", "numero": "1298", "ano": 1997, "data": "1997-12-19",
                  "municipio": "Palmeira dos Índios", "uf": "AL",
                  "ementa": "Dispõe sobre as infrações sanitárias no comércio de alimentos"},
            meta={"municipio": "Palmeira dos Índios", "uf": "AL", "tipo": "Lei Ordinária",
                  "numero": "1298", "ano": 1997, "data": "1997-12-19"},
            notes=["inciso and alínea labels damaged; numbered by sequence; XI printed 'XI -—.' (Tesseract reading of a dash)"])
    L.raw("PREFEITURA MUNICIPAL DE PALMEIRA DOS ÍNDIOS",
          "ESTADO DE ALAGOAS",
          "LEI Nº 1.298, DE 19 DE DEZEMBRO DE 1997",
          "Dispõe sobre as infrações sanitárias no comércio de alimentos.",
          "O PREFEITO MUNICIPAL DE PALMEIRA DOS ÍNDIOS, Estado de Alagoas,",
          "faço saber que a Câmara Municipal aprovou e eu sanciono a se-",
          "guinte Lei:")
    L.art(1, "A fiscalização sanitária do comércio de alimentos compete à Vigilância Sanitária Municipal.", "Art. 1º -")
    L.art(2, "Constituem infrações sanitárias:", "Art. 2º -")
    incs = [("I", "1 -", "expor à venda alimentos deteriorados, alterados ou fraudados;"),
            ("II", "11 —", "manter alimentos sem proteção contra poeira e insetos;"),
            ("III", "LI —", "utilizar utensílios e recipientes em mau estado de conservação;"),
            ("IV", "IV -", "deixar de exigir dos empregados a carteira de saúde;"),
            ("V", "Y —", "manter animais no recinto do estabelecimento;"),
            ("VI", "Vi —", "reaproveitar sobras de alimentos servidos;"),
            ("VII", "VI —", "armazenar alimentos em contato direto com o piso;"),
            ("VIII", "VIH -", "comercializar produtos de origem animal sem inspeção sanitária, em desacordo com as normas estaduais e federais;"),
            ("IX", "1X -", "impedir ou dificultar a ação da fiscalização;"),
            ("X", "x -", "deixar de manter o alvará sanitário em local visível;"),
            ("XI", "XI -—.", "vender bebidas em recipientes sem rótulo;"),
            ("XII", "XIl -", "transportar alimentos em veículos sem isolamento;"),
            ("XIII", "XH -", "reincidir em qualquer das infrações anteriores.")]
    for num, lab, t in incs:
        start = len(L._body)
        L.inc(num, t, lab)
        if num == "VIII":
            reprint(L, start, ["VIH - comercializar produtos de origem animal sem inspeção sa-",
                               "»", "y", "NM 14",
                               "PREFEITURA MUNICIPAL DE PALMEIRA DOS ÍNDIOS",
                               "ESTADO DE ALAGOAS",
                               "nitária, em desacordo com as normas estaduais e federais;"])
    L.art(3, "Os estabelecimentos deverão, ainda:", "Art. 3º -")
    alis = [("a", "a)"), ("b", "Db)"), ("c", "c)"), ("d", "d)"), ("e", "e)"), ("f", "f)"), ("g", "g)"),
            ("h", "hn)"), ("i", "e)"), ("j", "J)")]
    alit = ["manter o piso e as paredes limpos;", "dispor de água corrente;", "possuir pias com sabão e toalhas descartáveis;",
            "manter os lixeiros tampados;", "dedetizar o estabelecimento a cada seis meses;",
            "manter os empregados uniformizados;", "conservar os alimentos perecíveis sob refrigeração;",
            "manter os banheiros separados da área de manipulação;", "afixar a tabela de preços em local visível;",
            "renovar anualmente o alvará sanitário."]
    for (letter, lab), t in zip(alis, alit, strict=True):
        L.ali(letter, t, lab)
    L.art(4, "As infrações serão punidas com advertência, multa, apreensão de produtos e interdição do estabelecimento.", "Art. 4º -")
    L.par("único", "A multa variará de cinco a cem Unidades Fiscais do Município.", "Parágrafo único -")
    L.art(5, "Esta Lei entra em vigor na data de sua publicação.", "Art. 5º -")
    L.fecho(["Palmeira dos Índios, 19 de dezembro de 1997."], "Palmeira dos Índios, 19 de dezembro de 1997.",
            [("ALBÉRICO CORDEIRO", "Prefeito Municipal")], ["ALBÉRICO CORDEIRO", "Prefeito Municipal"])
    return L


def law_047() -> Law:
    """1977: two complete laws of the same day; the target is the SECOND one, whose epígrafe
    is damaged ('LEI N9 89, DE 14 DE ABRIL DE 1.977'); the record gives only número and ano;
    the comma after the place of the target's fecho was lost."""
    L = Law("047", width=64, hyphen_rate=0.35, mark_rate=0.08, marks=SEEDLIKE_MARKS, page_lines=30,
            seed=47, formfeed=False,
            footers=seed_stamps(["NM {}", "NM. {}"], 40, seed=47),
            norm={"tipo": "Lei Ordinária", "numero": "89", "ano": 1977, "data": "1977-04-14",
                  "municipio": "Resende", "uf": "RJ",
                  "ementa": "Cria a Biblioteca Pública Municipal"},
            meta={"numero": "89", "ano": 1977},
            excluded_neighbors=["LEI Nº 88, DE 14 DE ABRIL DE 1977 (crédito especial; 4 articles, fecho, signature) - not part of the target"])
    L.raw("LEI Nº 88, DE 14 DE ABRIL DE 1977",
          "\"Abre crédito especial e dá outras providências\"",
          "O PREFEITO MUNICIPAL DE RESENDE, Estado do Rio de Janeiro, faço",
          "saber que a Câmara Municipal aprovou e eu sanciono a seguinte",
          "LEI:-",
          "ARTIGO 1º:- Fica aberto o crédito especial de Cr$ 150.000,00",
          "(cento e cinquenta mil cruzeiros) para a reforma do Mercado Mu-",
          "nicipal.",
          "ARTIGO 2º:- O crédito será coberto com o excesso de arrecadação",
          "do exercício.",
          "PARÁGRAFO ÚNICO:- O Executivo publicará o demonstrativo do ex-",
          "cesso no prazo de trinta dias.",
          "ARTIGO 3º:- Esta Lei entrará em vigor na data de sua publicação.",
          "ARTIGO 4º:- Revogam-se as disposições em contrário.",
          "Prefeitura Municipal de Resende, 14 de abril de 1977.",
          "AUGUSTO LEIVAS",
          "Prefeito Municipal",
          SEEDLIKE_GARBAGE[0],
          "LEI N9 89, DE 14 DE ABRIL DE 1.977",
          "\"Cria a Biblioteca Pública Municipal\"",
          "O PREFEITO MUNICIPAL DE RESENDE, Estado do Rio de Janeiro, faço",
          "saber que a Câmara Municipal aprovou e eu sanciono a seguinte",
          "LEI:-")
    L.art(1, "Fica criada a Biblioteca Pública Municipal, subordinada ao Departamento de Educação e Cultura.", A0(1))
    L.art(2, "A Biblioteca terá por finalidade:", A0(2))
    L.inc("I", "reunir, organizar e conservar o acervo bibliográfico do Município;")
    L.inc("II", "franquear a consulta e o empréstimo de livros à população;")
    L.inc("III", "promover atividades de incentivo à leitura nas escolas.")
    L.art(3, "O acervo inicial será constituído pelos livros do antigo Gabinete de Leitura, doados ao Município.", A0(3))
    L.par("único", "As doações de particulares serão aceitas mediante termo lavrado pelo Diretor da Biblioteca.", "PARÁGRAFO ÚNICO:-")
    L.art(4, "Fica criado o cargo de Diretor da Biblioteca, de provimento em comissão, com o vencimento do símbolo CC-4.", A0(4))
    L.art(5, "As despesas com a execução desta Lei correrão por conta das dotações próprias do orçamento vigente.", A0(5))
    L.art(6, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.", A0(6))
    L.fecho(["Prefeitura Municipal de Resende 14 de abril de 1977."],
            "Prefeitura Municipal de Resende 14 de abril de 1977.",
            [("AUGUSTO LEIVAS", "Prefeito Municipal")], ["AUGUSTO LEIVAS", "Prefeito Municipal"])
    return L


def law_048() -> Law:
    """1989: damage recombined: a stamp line in the middle of a parágrafo's sentence, a lone 'a'
    and 'c' debris line inside an alínea list, 'ARP. 8º', 'ARTS 7º', 'ARZIGO 3º', 'ARTYGO 11º',
    'PARAGRAFO UNICO', '§ ÚNICO', a VETADO article, an ementa hyphenated across three lines, the
    fecho in words with the date in digits after it."""
    L = Law("048", width=64, hyphen_rate=0.4, mark_rate=0.12, marks=SEEDLIKE_MARKS, page_lines=26,
            seed=48, formfeed=False, junk_rate=0.03, junk=tuple(SEEDLIKE_DEBRIS[:9]),
            footers=seed_stamps(["C.M. Cc. {}", "Cc.M cm", "C.Mc. if", "CM €.{}"], 17, seed=48),
            norm={"tipo": "Lei Ordinária", "numero": "1601", "ano": 1989, "data": "1989-08-21",
                  "municipio": "Crato", "uf": "CE",
                  "ementa": "Dispõe sobre o serviço funerário no Município e dá outras providências"},
            meta={"municipio": "Crato", "uf": "CE", "tipo": "Lei Ordinária", "numero": "1601",
                  "ano": 1989, "data": "1989-08-21"},
            notes=["art 3 'ARZIGO', art 7 'ARTS', art 8 'ARP.', art 11 'ARTYGO'", "art 9 VETADO"])
    L.raw("LEI Nº 1.601, DE 21 DE AGOSTO DE 1.989",
          "Ea $ \"Dispõe sobre o serviço fune-",
          "rário no Municí-",
          "pio e dá outras providências\"",
          "A CÂMARA MUNICIPAL DO CRATO, Estado do Ceará, aprovou e eu, Pre-",
          "feito Municipal, sanciono a seguinte",
          "LEI:-")
    lab = {3: "ARZIGO 3º:-", 7: "ARTS 7º:-", 8: "ARP. 8º:-", 11: "ARTYGO 11º:-"}
    arts = [
        (1, "O serviço funerário é de competência do Município, que o prestará diretamente ou mediante permissão."),
        (2, "A permissão será outorgada a empresas sediadas no Município, mediante licitação."),
        (3, "As empresas permissionárias deverão manter:"),
        (4, "Os preços dos serviços funerários serão fixados por Decreto do Prefeito Municipal."),
        (5, "É assegurado o sepultamento gratuito aos reconhecidamente pobres, a cargo da empresa de plantão."),
        (6, "As empresas funcionarão em regime de plantão, segundo escala organizada pela Prefeitura."),
        (7, "É proibido o agenciamento de serviços funerários em hospitais, delegacias e no Instituto Médico Legal."),
        (8, "A infração às disposições desta Lei sujeitará a empresa a multa e, na reincidência, à cassação da permissão."),
        (9, "VETADO"),
        (10, "As empresas atualmente em funcionamento terão o prazo de cento e vinte dias para se adequarem a esta Lei."),
        (11, "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário."),
    ]
    for n, t in arts:
        start = len(L._body)
        L.art(n, t, lab.get(n, A0(n)))
        if n == 9:
            reprint(L, start, ["ARTIGO 9º:- VETADO."])
        if n == 1:
            L.par("único", "A permissão será outorgada a título precário e não gera direito de exclusividade.", "PARAGRAFO UNICO:-")
        if n == 3:
            L.ali("a", "sede com sala de velório e instalações sanitárias;", "a) -")
            L.ali("b", "no mínimo dois veículos próprios para o transporte de cadáveres;", "b) -")
            L.raw("a")
            L.ali("c", "estoque mínimo de vinte urnas de tamanhos variados;", "c) -")
            L.raw("c")
            L.ali("d", "telefone em funcionamento permanente.", "d) -")
        if n == 5:
            start = len(L._body)
            L.par("único", "A condição de pobreza será comprovada por declaração do Serviço Social do Município ou por atestado da autoridade policial.", "§ ÚNICO:-")
            reprint(L, start, ["§ ÚNICO:- A condição de pobreza será comprovada por declaração",
                               "do Serviço Social do Município ou por",
                               "C.M. Cc. 18",
                               "atestado da autoridade policial."])
    L.fecho(["Paço da Prefeitura Municipal do Crato, aos vinte e um dias do",
             "mês de agosto de mil novecentos e oitenta e nove (21.08.89)."],
            "Paço da Prefeitura Municipal do Crato, aos vinte e um dias do mês de agosto de mil novecentos e oitenta e nove (21.08.89).",
            [("ARIOVALDO CARVALHO", "Prefeito Municipal")], ["ARIOVALDO CARVALHO", "Prefeito Municipal"])
    return L


LAWS_033_048 = [law_033, law_034, law_035, law_036, law_037, law_038, law_039, law_040,
                law_041, law_042, law_043, law_044, law_045, law_046, law_047, law_048]


LAWS = [law_001, law_002, law_003, law_004, law_005, law_006, law_007, law_008, law_009, law_010,
        law_011, law_012, law_013, law_014, law_015, law_016,
        law_017, law_018, law_019, law_020, law_021, law_022, law_023, law_024, law_025, law_026,
        law_027, law_028, law_029, law_030, law_031, law_032] + LAWS_033_048


def main() -> None:
    """Rewrite the set next to this script (the same as `python -m bench.gen build synthetic`)."""
    from bench.gen.sets import build_set, load_set

    build_set(load_set("synthetic"))


if __name__ == "__main__":
    main()
