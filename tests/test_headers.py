"""Header reading: fuzzy keywords and OCR-damaged numbers (fixtures written for the tests)."""

from __future__ import annotations

import pytest

from pipeline.headers import numbered_heading, read_header, read_roman


@pytest.mark.parametrize(
    ("line", "number", "rest"),
    [
        ("ARTIGO 3º:- Compete à Secretaria", "3", "Compete à Secretaria"),
        ("Art. 3º - Compete à Secretaria", "3", "Compete à Secretaria"),
        ("ART. 3º — Compete", "3", "Compete"),
        ("Artigo 12 - Compete", "12", "Compete"),
        ("Art. 12. Compete", "12", "Compete"),
        ("ARZIGO 3º:- Compete", "3", "Compete"),
        ("ARTYGO 3º:- Compete", "3", "Compete"),
        ("RTIGO 31º:- Compete", "31", "Compete"),  # first letter lost at the margin
        ("ARTS 6º - Compete", "6", "Compete"),
        ("ARP. 6º - Compete", "6", "Compete"),
        ("pia, Artigo 20 - Esta Lei", "20", "Esta Lei"),  # margin debris before the keyword
    ],
)
def test_article_headers(line: str, number: str, rest: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "artigo"
    assert (h.number, h.rest) == (number, rest)


def test_article_number_with_ordinal_read_as_digit_has_a_cheap_alternative() -> None:
    h = read_header("ARTIGO 172:- Fica")  # '17º' read as '172'
    assert h is not None and dict(h.candidates) == {172: 0.0, 17: pytest.approx(1.2)}


def test_article_suffix_and_unico() -> None:
    h = read_header("Art. 4º-B Os contratos")
    assert h is not None and (h.number, h.suffix, h.rest) == ("4", "B", "Os contratos")
    h = read_header("Artigo único - Fica aprovado")
    assert h is not None and h.unico


@pytest.mark.parametrize("line", ["artigo 14;", "art. 9º desta Lei, e", "ARTE E CULTURA 3 vezes"])
def test_citations_and_words_are_not_article_headers(line: str) -> None:
    h = read_header(line)
    assert h is None or h.kind != "artigo"


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ("§ 2º O prazo", "2"), ("8 2º:- O prazo", "2"), ("$ 2º:- O prazo", "2"), ("& 2º:- O prazo", "2"),
        ("5 2º:;- O prazo", "2"), ("3 28: O prazo", "2"), ("8S2º:- O prazo", "2"), ("82º:- O prazo", "2"),
        ("2º:- O prazo", "2"), ("28:- VETADO.", "2"), ("8 32:- VETADO.", "3"), ("S 2º - O prazo", "2"),
        ("Parágrafo 2º - O prazo", "2"),
    ],
)
def test_paragraph_signs_as_ocr_reads_them(line: str, number: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "paragrafo" and h.number == number


@pytest.mark.parametrize(
    "line", ["PARÁGRAFO ÚNICO:- O prazo", "PARAGRAFO UNICO - O prazo", "Parágrafo único. O prazo", "S ÚNICO - O prazo"]
)
def test_paragrafo_unico(line: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "paragrafo" and h.unico and h.rest == "O prazo"


@pytest.mark.parametrize("line", ["8 (oito) dias úteis", "3 (três) vias", "1 (um) ano após", "5.000 (cinco mil)"])
def test_numbers_in_running_text_are_not_paragraphs(line: str) -> None:
    h = read_header(line)
    assert h is None or h.kind not in ("paragrafo", "artigo")


@pytest.mark.parametrize(
    ("label", "value"),
    [("I", 1), ("II", 2), ("HI", 3), ("LI", 51), ("Y", 5), ("W", 2), ("Vi", 6), ("VIH", 8), ("11", 2), ("XXXVIII", 38)],
)
def test_roman_numerals_through_the_confusion_set(label: str, value: int) -> None:
    assert read_roman(label) == value


@pytest.mark.parametrize("line", ["HI — apresentar", "Y — idoneidade", "11 — exame", "x - utilizar", "XXXVIII - é reconhecida"])
def test_damaged_inciso_labels(line: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "inciso"


def test_capitals_after_a_roman_numeral_are_flagged_as_a_possible_heading() -> None:
    h = read_header("IV - DAS TARIFAS E DOS PREÇOS")
    assert h is not None and h.kind == "inciso" and h.uppercase_rest
    h = read_header("IV - fixar as tarifas")
    assert h is not None and not h.uppercase_rest


@pytest.mark.parametrize(
    ("line", "letter"), [("a) manter", "a"), ("b) - manter", "b"), ("Db) - trajar", "b"), ("H) - manter", "h")]
)
def test_alineas(line: str, letter: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "alinea" and h.number == letter


def test_parenthesised_words_are_not_alineas() -> None:
    assert read_header("(um) ano de fabricação") is None


@pytest.mark.parametrize(
    ("line", "kind", "number", "title"),
    [
        ("CAPÍTULO II", "capitulo", "2", ""),
        ("CAPÍTULO HI", "capitulo", "3", ""),
        ("TÍTULO IV - DA ORDEM SOCIAL", "titulo", "4", "DA ORDEM SOCIAL"),
        ("Seção I", "secao", "1", ""),
        ("SUBSEÇÃO II", "subsecao", "2", ""),
        ("CAPÍTULO ÚNICO", "capitulo", "único", ""),
    ],
)
def test_agrupadores(line: str, kind: str, number: str, title: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "group"
    assert (h.group_type, h.number, h.rest) == (kind, number, title)


@pytest.mark.parametrize(("line", "number"), [("ARTIGO lº - Fica", "1"), ("Art. l0 - Fica", "10"), ("Art. 1l - Fica", "11")])
def test_digit_one_read_as_a_letter(line: str, number: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "artigo" and h.number == number


@pytest.mark.parametrize(("line", "number"), [("§ lº - O prazo", "1"), ("§ 1o Os bebedouros", "1"), ("§ 1.º O prazo", "1"),
                                              ("Ss 1.º -,Os valores", "1")])  # (a speck glued to the text's capital)
def test_paragraph_number_variants(line: str, number: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "paragrafo" and h.number == number and h.rest[:1].isupper()


@pytest.mark.parametrize("line", ["Art. 5º da Lei nº 100, de 1990.", "§ 2º do art. 3º desta Lei, e no parágrafo único"])
def test_citations_wrapped_to_a_line_start_are_not_headers(line: str) -> None:
    assert read_header(line) is None or read_header(line).kind not in ("artigo", "paragrafo")


@pytest.mark.parametrize("line", ["“Art. 3º Compete à Secretaria", "Art. 4º,O plantio observará",
                                  # (461942767/017: margin marks apart, read as an inciso 'I -' before)
                                  "| - Art. 9.º. Esta Lei entra em vigor na data de sua"])
def test_article_headers_with_specks_around_the_label(line: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "artigo"


def test_marks_apart_before_a_members_text_stay_a_members_label() -> None:
    h = read_header("| - comunicar à Prefeitura qualquer mudança;")
    assert h is not None and h.kind == "inciso"


def test_inciso_label_with_a_speck_before_the_dash() -> None:
    h = read_header("II'- espécies de pequeno porte")
    assert h is not None and h.kind == "inciso" and h.rest == "espécies de pequeno porte"


@pytest.mark.parametrize(
    ("line", "number", "rest"),
    [
        ("Art '1º - Este Código", "1", "Este Código"),
        ("ART. S9 - FICA CRIADO", "59", "FICA CRIADO"),  # 5º read as S9: the decoder takes 5
        ("ART. 1O - ESTA LEI", "10", "ESTA LEI"),
        ("Artigo Primeiro - Fica criado", "1", "Fica criado"),
        ("Art. 1º-A feira realizar-se-á aos sábados", "1", "A feira realizar-se-á aos sábados"),
    ],
)
def test_more_damaged_article_labels(line: str, number: str, rest: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "artigo" and (h.number, h.rest) == (number, rest)
    assert h.suffix is None


@pytest.mark.parametrize(("line", "number"), [("6 2º - Os circos", "2"), ("Parágrafo Primeiro - O prazo", "1")])
def test_more_paragraph_labels(line: str, number: str) -> None:
    h = read_header(line)
    assert h is not None and h.kind == "paragrafo" and h.number == number


def test_quoted_chapter_label_and_wrapped_chapter_citation() -> None:
    h = read_header("“CAPÍTULO II")
    assert h is not None and h.kind == "group" and h.number == "2"
    assert read_header("Capítulo II desta Lei.") is None
    assert read_header("Parágrafo único do art. 2º.") is None


@pytest.mark.parametrize(
    ("line", "kind", "number"),
    [("I. a contribuição", "inciso", "I"), ("II) nas esquinas;", "inciso", "II"),
     ("a - à vista;", "alinea", "a"), ("b. em prestações;", "alinea", "b")],
)
def test_other_label_styles(line: str, kind: str, number: str) -> None:
    h = read_header(line)
    assert h is not None and (h.kind, h.number) == (kind, number)


def test_an_honorific_is_not_an_inciso() -> None:
    h = read_header("V. Exa. determinou o arquivamento")
    assert h is None or h.kind != "inciso"


@pytest.mark.parametrize(
    ("line", "kind", "number"),
    [("IIt - NÃO PLANTAR", "inciso", "III"), ("ART Il - ESTA LEI", "artigo", "11"), ("Art 1i - É proibido", "artigo", "11"),
     ("8 20 O INFRATOR RESPONDERÁ", "paragrafo", "2"), ("ART 4 2 - AS INFRAÇÕES", "artigo", "4")],
)
def test_tesseract_damage_on_capitals(line: str, kind: str, number: str) -> None:
    h = read_header(line)
    assert h is not None and (h.kind, h.number) == (kind, number)


@pytest.mark.parametrize(
    ("line", "kind", "number"),
    [
        ("ART. “ÚNICO - Passa a denominar-se Rua Firmino Alves", "artigo", "1"),
        ("“XIII .- estabelecer normas de edificação;", "inciso", "XIII"),
        ("II ,- orientar os professores encarregados.", "inciso", "II"),
        ("“gs 2º - A política urbana observará as diretrizes", "paragrafo", "2"),
        ("g 1º A multa será aplicada em dobro.", "paragrafo", "1"),
        ("Art: 2º - O controle de frequência será feito", "artigo", "2"),
        ("ARTIGO: 6º:- As sepulturas serão gratuitas", "artigo", "6"),
        ("Art, 5º O prazo será de trinta dias.", "artigo", "5"),
    ],
)
def test_dust_around_a_label_does_not_hide_it(line: str, kind: str, number: str) -> None:
    # Specks read as quotes, commas or full stops next to a label; '§' read as 'g'.
    header = read_header(line)
    assert header is not None and (header.kind, header.number) == (kind, number)


@pytest.mark.parametrize("line", ["garantir a ordem pública;", "gás natural e energia elétrica"])
def test_words_starting_with_g_are_not_paragraphs(line: str) -> None:
    assert read_header(line) is None


@pytest.mark.parametrize(
    ("line", "kind", "number"),
    [
        ("rt. 7° - Os locais de estacionamento serão fixados", "artigo", "7"),  # 'A' cut at the margin
        ("t. 9º - A licença especial indicará o local", "artigo", "9"),  # 'Ar' cut
        ("Art. 8.o - O ambulante usará crachá.", "artigo", "8"),  # '8.º' typed as '8.o'
        ("lV - 2 (duas) fotografias 3x4;", "inciso", "IV"),  # lower-case l for I, text opens with a number
        ("XIl - exercer a atividade fora do horário;", "inciso", "XII"),
    ],
)
def test_labels_cut_at_the_margin_or_typed_the_old_way(line: str, kind: str, number: str) -> None:
    header = read_header(line)
    assert header is not None and (header.kind, header.number) == (kind, number)


@pytest.mark.parametrize("line", ["rt 5 dias depois", "t. 5 de maio de 1974", "ta. 3 vezes"])
def test_cut_label_forms_need_an_ordinal_and_a_dash(line: str) -> None:
    assert read_header(line) is None


@pytest.mark.parametrize(
    ("line", "kind", "number"),
    [
        ("Artigo Terceíro - O valor de cada bolsa", "artigo", "3"),
        ("Artigo Sexfo - As inscrições serão abertas", "artigo", "6"),  # 't' read as 'f'
        ("Artigo Decimo Quarto - Esta lei entrará em vigor", "artigo", "14"),
        ("Artigo Vigésimo Primeiro: Revogam-se as disposições", "artigo", "21"),
        ("Artigo Primeiro.- O Prefeito fica autorizado", "artigo", "1"),
        ("Parágrafo Segundo - A Comissão será presidida", "paragrafo", "2"),
        ("Il. Cr$ 12,00 (doze cruzeiros) por metro linear", "inciso", "II"),
        ("lV. o prédio único de valor venal inferior", "inciso", "IV"),
        ("§ l.º — A multa será imposta pelo fiscal", "paragrafo", "1"),
        ("rt. 10 - A taxa de licença será cobrada", "artigo", "10"),
    ],
)
def test_numbers_in_words_and_letters_for_digits(line: str, kind: str, number: str) -> None:
    header = read_header(line)
    assert header is not None and (header.kind, header.number) == (kind, number)


@pytest.mark.parametrize("line", ["Artigo primeiro do Regimento Interno", "Art. Fica instituído o programa",
                                  "t. 10 - sem ordinal"])
def test_words_after_the_keyword_that_are_no_ordinal(line: str) -> None:
    assert read_header(line) is None


@pytest.mark.parametrize(
    ("line", "kind", "number"),
    [
        ("I – 5 (cinco) representantes do Poder Público, sendo:", "inciso", "I"),
        ("§ 1º. - As mercadorias deterioradas serão inutilizadas.", "paragrafo", "1"),
        (") fiscalizar o cumprimento desta Lei;", "alinea", "?"),  # the letter cut at the margin
        ("$ lo Os bebedouros deverão ser acessíveis", "paragrafo", "1"),
        ("Art. -2o Consideram-se estabelecimentos de grande circulação", "artigo", "2"),
        ("“Art..6º É proibido o uso de agrotóxicos", "artigo", "6"),
        ("“MI - emprego de espécies de pequeno porte", "inciso", "III"),  # 'II' run together as 'M'
        ("CAPÍTULO TII DISPOSIÇÕES FINAIS", "group", "3"),
    ],
)
def test_more_label_forms(line: str, kind: str, number: str) -> None:
    header = read_header(line)
    assert header is not None and (header.kind, header.number) == (kind, number)


@pytest.mark.parametrize(
    ("line", "kind", "number"),
    [
        # seen in real Tesseract output of typewritten pages
        (", FRTIGO 1º:- O serviço de abastecimento de água", "artigo", "1"),
        (". o Are 2º - O Mercado funcionará diariamente", "artigo", "2"),
        ("Art. 1º = O Mercado Municipal destina-se ao comércio", "artigo", "1"),
        ("Parágrafo único = O horário poderá ser alterado", "paragrafo", "único"),
        ('"ARTIGO QUARTO - OS FAVORES DESTA LEI SERÃO CONCEDIDOS', "artigo", "4"),
        ("É ARTIGO QUENTO AS USINAS DE AÇÚCAR NÃO SE BENEFICIARÃO", "artigo", "5"),
        ("Tl - os hospitais, asilos e orfanatos", "inciso", "II"),
        ("TII - as escolas públicas e os templos", "inciso", "III"),
        ("IL = os cartazes destinados a fins patrióticos", "inciso", "IL"),  # renumbered by sequence
        (". Iv - fazer uso de balanças não aferidas", "inciso", "IV"),
        ("I + vender bebidas alcoólicas de qualquer espécie;", "inciso", "I"),
        ("“ I —- advertência escrita;", "inciso", "I"),
        ("Art.:11 - As infrações a este Regulamento", "artigo", "11"),
        ("ALE. 3º - A outorga da permissão será precedida de licitação", "artigo", "3"),
        ("* CAPÍTULO IV :", "group", "4"),
        ("VIH - 'comercializar produtos de origem animal", "inciso", "VIII"),
        ("| XIl - transportar alimentos em veículos", "inciso", "XII"),
        ("s ÚNICO :- Ocorrendo duplicidade, prevalecerá a mais antiga.", "paragrafo", "único"),
        ("art. 4.º'O imposto de licença será de duzentos cruzeiros", "artigo", "4"),
        ("| CAPÍTULO “I", "group", "1"),
        ("SArL 101 - A Taxa de Licença para Localização", "artigo", "101"),  # a mark glued to 'Art'
        ("S$ 1º - A licença será concedida a requerimento", "paragrafo", "1"),
        ("Ss 2º - A licença deverá ser renovada", "paragrafo", "2"),
        ("E Art. 8, As infrações ao disposto nesta Lei", "artigo", "8"),
        ("Ê : ARTIGO 1º:- Fica criado o Conselho Municipal de Desportos", "artigo", "1"),
        ("SEÇÃO Í", "group", "1"),
        ("IT - elaborar o calendário anual das competições", "inciso", "II"),  # renumbered by sequence
        ("NRIIGO 1º: A poda e a supressão de árvores", "artigo", "1"),  # renumbered by sequence
        ("“BRIIGO 8º: A supressão de árvore somente será autorizada", "artigo", "8"),
    ],
)
def test_labels_as_real_tesseract_reads_them(line: str, kind: str, number: str) -> None:
    header = read_header(line)
    assert header is not None and (header.kind, header.number) == (kind, number)


@pytest.mark.parametrize("line", ["T - texto", "O Artigo primeiro da lei", "nos termos do Art. 5º",
                                  "art. 4º desta Lei", "art. 4º, inciso II"])
def test_near_labels_that_are_text(line: str) -> None:
    assert read_header(line) is None


@pytest.mark.parametrize("line", ["Art, JR - A Secretaria de Governo promoverá", "Ari De. Ficam revogados o art. 13",
                                  "Art. /.º — Ficam isentos da taxa:", "Art. til - Fica o Prefeito autorizado",
                                  "ARTIGO Go São obrigações do vendedor", "ARTIGO po A concessão de terreno",
                                  "ARTIGO Dee E vedado a qualquer pessoa:", "“ARTIGO ben A Prefeitura promoverá"])
def test_an_article_keyword_with_its_number_destroyed(line: str) -> None:
    header = read_header(line)
    assert header is not None and header.kind == "artigo" and header.number == "?"


@pytest.mark.parametrize("line", ["Art. O Prefeito baixará", "Arts. 5º e 6º desta Lei", "Art. da Lei nº 5",
                                  "Ata da sessão de ontem", "Art. Das Normas Gerais", "E art. 5º desta Lei",
                                  "ARTIGO DO Regimento Interno", "ARTIGO DOS Vereadores", "Artigo Uma Vez"])
def test_an_article_keyword_before_words_is_not_a_lost_number(line: str) -> None:
    assert read_header(line) is None


@pytest.mark.parametrize("line", ["Ala 3º - x", "ALE. 3º A outorga sem traço"])
def test_a_three_letter_word_is_an_article_only_with_point_ordinal_and_dash(line: str) -> None:
    assert read_header(line) is None


@pytest.mark.parametrize("line", ["TF DAS DISPOSIÇÕES PRELIMINARES :", "Til DOS LOCAIS E HORÁRIOS. NM 114",
                                  "EV e “DAS OBRIGAÇÕES DO VENDEDOR |"])
def test_a_roman_heading_whose_numeral_ocr_damaged_reads_as_a_heading(line: str) -> None:
    header = read_header(line)
    assert header is not None and header.kind == "inciso" and header.uppercase_rest


@pytest.mark.parametrize("line", ["E DAS MULTAS E PENALIDADES", "Il da forma da lei", "TF DAS multas"])
def test_capitals_after_a_conjunction_or_lower_case_text_are_no_heading(line: str) -> None:
    header = read_header(line)
    assert header is None or not header.uppercase_rest


@pytest.mark.parametrize(("line", "number", "rest"), [
    ("Parágrafo 1.º —- Os valores serão atualizados.", "1", "Os valores serão atualizados."),
    ("PARÁGRAFO 3.º - Excetuam-se os casos de força maior.", "3", "Excetuam-se os casos de força maior."),
    ("Paragrafo 2.0 A infração será apurada.", "2", "A infração será apurada."),  # 'º' read as '0'
])
def test_a_paragraph_word_with_a_dotted_ordinal_keeps_the_ordinal_in_its_label(line: str, number: str, rest: str):
    h = read_header(line)
    assert h is not None and (h.kind, h.number, h.rest) == ("paragrafo", number, rest)


@pytest.mark.parametrize(("line", "label", "number", "title"), [
    ("p CAPÍTULO IV", "CAPÍTULO IV", "4", ""),  # a speck before the keyword
    ("CAPÍTULO II k", "CAPÍTULO II", "2", ""),  # a speck after the numeral: the title is on the next line
    ("CAPÍTULO I - DAS DISPOSIÇÕES", "CAPÍTULO I -", "1", "DAS DISPOSIÇÕES"),
    ("TETULO TT", "TETULO TT", "2", ""),  # one letter of the keyword and the numeral's strokes misread
    ("CAPÍTULO-I.", "CAPÍTULO-I.", "1", ""),  # a dash, not a space, between keyword and numeral
    ("SEÇÃO - III - DAS TAXAS", "SEÇÃO - III -", "3", "DAS TAXAS"),
])
def test_specks_around_an_agrupador_label_are_no_part_of_it(line, label, number, title):
    from pipeline.headers import read_group

    h = read_group(line)
    assert h is not None and (h.label, h.number, h.rest) == (label, number, title)
    assert read_group("e Capítulo II desta Lei") is None  # a citation stays text


@pytest.mark.parametrize(("text", "number"), [
    ("Artigo | 4 PO A matrícula será requerida", 4),  # 734534063/017: a speck apart, then the numeral
    ("Art. | 12 - Os casos omissos", 12),
    ("Artigo |4 - Os casos", 14),  # glued: the stroke may be the numeral's 1
    ("Artigo | Os casos omissos", 1),  # no numeral after it: the stroke is the numeral
])
def test_a_stroke_apart_before_a_numeral_of_figures_is_a_speck(text: str, number: int):
    h = read_header(text)
    assert h is not None and h.kind == "artigo" and h.candidates[0][0] == number


def test_a_roman_numeral_closed_by_a_parenthesis_before_a_quantity_is_an_inciso() -> None:
    h = read_header("IV) 1 (um) representante dos clubes esportivos")
    assert h is not None and (h.kind, h.number) == ("inciso", "IV")
    assert read_header("V. 2 (dois) representantes") is None  # a point: a citation's numeral


def test_a_parts_title_before_an_article_is_a_heading_after_a_colon_read_for_a_point() -> None:
    # (17370507/005: 'TIL) suspensão ... por até 15 (quinze)' / 'dias:' / 'V -"DAS OBRIGAÇÕES' /
    # 'Art. 10. Compete ...': chapter V, its title behind a quote mark, the last inciso's point read ':')
    h = read_header('V -"DAS OBRIGAÇÕES')
    assert h is not None and h.kind == "inciso"
    assert numbered_heading(h, read_header("Art. 10. Compete à Secretaria"), "dias:")
    # ... where a list's next member follows, a member in capitals is an inciso
    assert not numbered_heading(h, read_header("VI - cassação da autorização."), "dias:")
    # ... and a line with no part's title is a heading after ':' only by what follows, never there
    plain = read_header("V - OBRIGAÇÕES")
    assert plain is not None and not numbered_heading(plain, read_header("Art. 10. Compete à Secretaria"), "dias:")


def test_a_parts_title_closed_with_a_colon_before_an_article_is_a_heading() -> None:
    # (357959219/026: 'IL - DOS RECURSOS:' / 'Artigo 2º. Nenhum criador ...': the ':' announces no
    # list, an article follows; before a list's member it is an inciso announcing alíneas)
    h = read_header("IL - DOS RECURSOS:")
    assert h is not None and h.kind == "inciso"
    assert numbered_heading(h, read_header("Artigo 2º. Nenhum criador poderá"), "regulamento.")
    assert not numbered_heading(h, read_header("a) nas zonas centrais;"), "regulamento.")


def test_a_speck_after_an_incisos_closing_is_part_of_its_label() -> None:
    # (196457541/023: "I)|) usar uniforme ..." read as alínea i, the article's list of incisos then
    # read as alíneas; 'Il) não ceder ...' next is inciso II)
    h = read_header("I)|) usar uniforme e crachá de identificação;")
    assert h is not None and (h.kind, h.number, h.rest) == ("inciso", "I", "usar uniforme e crachá de identificação;")
    assert read_header("a)|) usar uniforme").kind == "alinea"  # (an alínea's letter stays an alínea)


@pytest.mark.parametrize(("line", "label", "rest"), [
    ("V -|DAS DISPOSIÇÕES FINAIS", "V -|", "DAS DISPOSIÇÕES FINAIS"),
    ("IV +“ DAS INFRAÇÕES E PENALIDADES", "IV +“", "DAS INFRAÇÕES E PENALIDADES"),
    ("II -|multa de 2 (duas) UFM;", "II -|", "multa de 2 (duas) UFM;"),
])
def test_a_stroke_or_a_quote_glued_to_an_incisos_separator_is_a_speck_of_it(line: str, label: str, rest: str) -> None:
    # (390208939/021: agrupadores printed 'V - DAS DISPOSIÇÕES FINAIS' read 'V -|DAS ...' and 'IV +“ DAS ...':
    # no label was read, the heading became a parágrafo's text)
    h = read_header(line)
    assert h is not None and (h.kind, h.label, h.rest) == ("inciso", label, rest)
    assert numbered_heading(h, read_header("Artigo 19º. Fica proibido"), "Lei.") == rest.isupper()
    # (a quote after the separator and a space opens the text: an amending law's quotation)
    quoted = read_header("I - “DAS DISPOSIÇÕES FINAIS")
    assert quoted is not None and quoted.rest.startswith("“")
