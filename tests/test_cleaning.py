"""Cleaning rules, one before/after case per kind of noise (fixtures written for the tests)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from models.norm import NormMeta
from models.ocr import DocumentText, Line, PageText
from pipeline.cleaning import (
    clean_document,
    distinct_epigrafes,
    find_furniture,
    has_letter_runs,
    is_garbage,
    is_letterhead_line,
    is_page_stamp,
    is_phone_line,
    is_symbol_junk,
    strip_leader_debris,
    strip_margin_marks,
    without_end_dust,
)
from pipeline.structure import structure_document
from pipeline.textpages import document_from_text


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("serviço de utilidade pública, que somente poderá ser prestado!", "serviço de utilidade pública, que somente poderá ser prestado"),
        ("mediante licença prévia da Prefeitura, a qual se '!", "mediante licença prévia da Prefeitura, a qual se"),
        ('os veículos que nela trafegarem |', "os veículos que nela trafegarem"),
        ('no prazo de dez dias"!', "no prazo de dez dias"),
        ("manter o registro atualizado *", "manter o registro atualizado"),
        ('com a inscrição "Ônibus"', 'com a inscrição "Ônibus"'),  # a closing quote is the law's
        ("texto sem marca alguma.", "texto sem marca alguma."),
    ],
)
def test_margin_marks_are_stripped(before: str, after: str) -> None:
    assert strip_margin_marks(before) == after
    assert strip_margin_marks(after) == after  # idempotent


@pytest.mark.parametrize("stamp", ["NM 41", "Nº 17", "N 23", "NR... 12", "Fl. 08", "F1. 09", "C.M. Cc. 4", "MN. 7"])
def test_page_stamps(stamp: str) -> None:
    assert is_page_stamp(stamp)


@pytest.mark.parametrize("text", ["anos.", "Nº 12 desta Lei", "Art. 5º", "tros, e não poderá"])
def test_text_is_not_a_page_stamp(text: str) -> None:
    assert not is_page_stamp(text)


def test_phone_lines() -> None:
    assert is_phone_line("Fone: (34) 3261-4410 /4411")
    assert is_phone_line("34) 3261-4410 14411")
    assert not is_phone_line("pelo telefone da Secretaria de Obras e Serviços Urbanos, número 3261-4410, ou")


@pytest.mark.parametrize("junk", [">", "»", "7", "%", "(6)", "- - -", ". . ."])
def test_symbol_junk(junk: str) -> None:
    assert is_symbol_junk(junk)


@pytest.mark.parametrize("kept", ["a:", "e)", "(14.03.87).", "III -"])
def test_lone_words_labels_and_dates_are_not_symbol_junk(kept: str) -> None:
    assert not is_symbol_junk(kept)


@pytest.mark.parametrize("closing", ["..........................................”(NR)", '...............\"(NR)',
                                     "(NR)", "(...)\" (AC)", "…” (NR)", "..........”"])
def test_a_quotations_closing_on_its_own_line_is_no_junk(closing: str) -> None:
    # issue 12: where the amended norm's text ends; dropped, the quotation swallowed the law's
    # next articles (seed 5656 clean 003)
    assert not is_symbol_junk(closing)
    doc = document_from_text("Art. 2º A Lei nº 9 passa a vigorar com as seguintes alterações:\n"
                             "Art. 3º - .....................................\n"
                             "§ 4º - O disposto neste artigo não se aplica aos permissionários.\n"
                             f"{closing}\nArt. 3º Esta Lei entra em vigor na data de sua publicação.\n")
    kept = [ln.text for ln in clean_document(doc) if not ln.is_noise]
    assert closing in kept


def test_citations_are_no_garbage() -> None:
    # all short words, but a norm cited by its number ('II - o art. 7º da Lei nº 511' with its
    # label read 'JEIE :'; an amending article whose label was destroyed: seed 5656 scans 004, 012)
    vocab = frozenset({"veículos", "transporte"})
    assert not is_garbage("JEIE : o art: 7º da lei nº 511, de 1974;", vocab)
    assert not is_garbage("ARREGO 20) — Os arts. 4º e 5º da Lei nº 911, de 1973 passam", vocab)
    assert is_garbage("Bos ue na o e asa o a nos ti o en rosa e na oa uu 12", vocab)


def test_garbage_lines_by_statistics_and_vocabulary() -> None:
    vocab = frozenset({"veículos", "transporte", "coletivo", "municipal", "artigo", "incisos", "alíneas"})
    assert is_garbage("Bos ue na o e asa o a nos ti o en rosa e na oa uu 12", vocab)
    assert not is_garbage("I - transporte coletivo de passageiros no município;", vocab)
    assert not is_garbage('nas alíneas "c" e "d" do artigo 12 e nos incisos I e V do', vocab)
    # an epígrafe worn to short scraps is no garbage: a number, then a date of the epígrafe's shape
    assert not is_garbage("EI “:º 587, DE 7 DE SETEM RO DE 1.964", vocab)
    # nor is a heading set with its letters spaced out (a gazette's act)
    assert not is_garbage("P O R T A R I A Nº 289/2023 – S E D E S T", vocab)


@pytest.mark.parametrize("junk", ["RA AADAADAADAAA DADA DTA", "KKSSJENSTPRST II” »", "ooooaaaaaaaaeeeerr"])
def test_letter_runs(junk: str) -> None:
    assert has_letter_runs(junk)


def test_letter_runs_keep_words_and_names() -> None:
    assert not has_letter_runs("JOSÉ CARLOS PEREIRA DA SILVA")
    assert not has_letter_runs("Prefeito Municipal")


def test_one_damaged_word_does_not_make_a_sentence_letter_runs() -> None:
    # a paragraph whose label and one word OCR damaged: the line is text, not speckle
    assert not has_letter_runs("52º - À insfTtição é pessoal e intransferível e será renovada")
    assert has_letter_runs("anaaaaaaaaaareeereoo os")


def test_dot_leader_debris() -> None:
    assert strip_leader_debris("b) de 3 (três) a 5 (cinco) anos.......cccrcre ce cer... 06 pontos") == (
        "b) de 3 (três) a 5 (cinco) anos....... 06 pontos"
    )
    assert strip_leader_debris("a) até 2 anos..... 10 pontos") == "a) até 2 anos..... 10 pontos"


def test_furniture_is_learned_from_repetition_with_ocr_variation() -> None:
    texts = [
        "ESTADO DO PARANÁ", "PREFEITURA MUNICIPAL DE VILA NOVA", "Art. 1º Fica criado o programa.",
        "ESTADO DO PARANA", "PREFEITURA MUNlCIPAL DE VILA NOVA", "Art. 2º O programa terá sede.",
        "ESTADO D0 PARANÁ", "PREFEITURA MUNICIPAL DE VILA N0VA", "Art. 3º Esta Lei entra em vigor.",
    ]
    furniture = find_furniture(texts)
    assert furniture == {0, 1, 3, 4, 6, 7}


def test_a_vetoed_paragraph_that_recurs_on_many_pages_is_no_letterhead() -> None:
    # (778784414, 131 pages: 'S 1º — (VETADO)', its sign read 'S', on page after page)
    texts = []
    for n in range(1, 6):
        texts += ["PREFEITURA MUNICIPAL DE LAGES", f"Art. {n}º. O motorista responderá pelos danos.",
                  "S 1º — (VETADO)", "S 2º - A infração será apurada em processo administrativo."]
    assert find_furniture(texts) == {0, 4, 8, 12, 16}
    # ... nor an article whose keyword OCR damaged, vetoed on page after page ("Ar'. 687º. (VETADO)")
    texts = []
    for n in range(1, 6):
        texts += ["PREFEITURA MUNICIPAL DE LAGES", f"Art. {2 * n}º. O motorista responderá pelos danos.",
                  f"Ar'. {2 * n + 1}º. (VETADO)"]
    assert find_furniture(texts) == {0, 3, 6, 9, 12}


def test_a_letterhead_line_read_worse_on_one_page_is_furniture_in_its_block() -> None:
    texts = [
        "CÂMARA MUNICIPAL DE VILA NOVA", "ESTADO DO PARANÁ", "Art. 1º Fica criado o programa.",
        "GÂMARA MUNI(lFAL DF VILA NOVA", "ESTADO DO PARANA", "Art. 2º O programa terá sede.",
        "CÂMARA MUNlCIPAL DE VILA N0VA", "ESTADO D0 PARANÁ", "Art. 3º O programa terá conselho.",
        "CAMARA MUNICIPAL DE VILA NOVA", "ESTADO DO PARANÁ", "Art. 4º Esta Lei entra em vigor.",
    ]
    assert find_furniture(texts) == {0, 1, 3, 4, 6, 7, 9, 10}
    # without its block, the badly read line is not like enough to be furniture
    assert 3 not in find_furniture([t for i, t in enumerate(texts) if i != 4])


def test_recurring_title_after_a_label_is_not_furniture() -> None:
    texts = [
        "SEÇÃO I", "DISPOSIÇÕES GERAIS", "Art. 1º Texto.",
        "SEÇÃO I", "DISPOSIÇÕES GERAIS", "Art. 9º Texto.",
        "SEÇÃO I", "DISPOSIÇÕES GERAIS", "Art. 20. Texto.",
    ]
    assert find_furniture(texts) == set()


def test_furniture_of_many_pages_is_found_in_time_linear_in_its_distinct_lines() -> None:
    # issue 16: every candidate was compared with every other in Python (20,000 short pages
    # took 184 s); lines are now compared by distinct key, in C. 8,000 pages: under a second
    # (minutes before).
    texts = []
    for k in range(1, 8001):
        texts += ["PREFEITURA MUNICIPAL DE VILA NOVA", "ESTADO DO PARANÁ" if k % 7 else "ESTADO D0 PARANA",
                  f"Art. {k}º Fica instituído o teste número {k}."]
    t0 = time.perf_counter()
    furniture = find_furniture(texts)
    assert time.perf_counter() - t0 < 10
    assert furniture == {i for i in range(len(texts)) if i % 3 != 2}


def test_document_of_distinct_lines_in_capitals_is_structured_in_seconds() -> None:
    # issue 16: each line left after the furniture search was compared in Python with every
    # furniture line, and a key's similar keys were listed even when there were thousands:
    # 8,000 lines in capitals, each a little different (a law typed in capitals, a letterhead
    # with a number), took minutes (find_furniture alone 161 s on a loaded machine); now seconds.
    rng = random.Random(8)
    words = ["PREFEITURA", "MUNICIPAL", "CAMARA", "ESTADO", "SECRETARIA", "OBRAS", "FICA", "PODER",
             "EXECUTIVO", "AUTORIZADO", "CONCEDER", "TERRENO", "AREA", "RUA", "BAIRRO", "CENTRO"]
    texts = ["LEI Nº 1.234, DE 5 DE MARÇO DE 1990."]
    for k in range(4000):
        texts.append(" ".join(rng.choice(words) for _ in range(rng.randint(3, 6))) + f" {k}")
        texts.append(f"PREFEITURA MUNICIPAL DE VILA NOVA - FOLHA {k}")
    doc = document_from_text("\n".join(texts))
    structure_document(document_from_text("\n".join(texts[:20])))  # imports (spaCy) not timed
    t0 = time.perf_counter()
    structure_document(doc)
    assert time.perf_counter() - t0 < 20


def test_enacting_clause_that_runs_on_is_not_furniture() -> None:
    texts = [
        "O PREFEITO MUNICIPAL DE SANTA RITA DO SUL, ESTADO", "do Rio Grande do Sul, faz saber",
        "O PREFEITO MUNICIPAL DE SANTA RITA DO SUL, ESTADO", "do Rio Grande do Sul, faz saber",
        "O PREFEITO MUNICIPAL DE SANTA RITA DO SUL, ESTADO", "do Rio Grande do Sul, faz saber",
    ]
    assert find_furniture(texts) == set()


def test_column_of_junk_and_short_words_in_context() -> None:
    text = "\n".join([
        "Art. 4º As empresas permissionárias ficam obrigadas, ainda",
        "a:",
        "I - manter a frota em condições de uso e a sede no Municí-",
        "pio;",
        "II - manter os veículos limpos.",
        "ps,", "pm", "po", "Da", "[sad", "ps",
        "Art. 5º Os veículos da frota municipal e os da frota",
        "particular serão vistoriados pela Prefeitura Munici",
        "pal.",
    ])
    lines = clean_document(document_from_text(text))
    noise = [ln.text for ln in lines if ln.is_noise]
    kept = [ln.text for ln in lines if not ln.is_noise]
    assert noise == ["ps,", "pm", "po", "Da", "[sad", "ps"]
    assert "a:" in kept and "pio;" in kept and "pal." in kept


def test_clean_document_is_idempotent_and_keeps_positions() -> None:
    page = PageText(page_index=2, method="ocr", height=1000, lines=(
        Line(text="NM 33", bbox=(10, 10, 50, 20), conf=0.5),
        Line(text="Art. 1º Fica instituído o programa!", bbox=(10, 100, 500, 120), conf=0.9),
    ))
    once = clean_document(DocumentText(source="x", pages=(page,)))
    assert [(ln.kind, ln.reason) for ln in once] == [("noise", "page_stamp"), ("content", None)]
    assert once[1].text == "Art. 1º Fica instituído o programa"
    assert once[1].page_index == 2 and once[1].top == pytest.approx(0.1)
    again = clean_document(document_from_text("\n".join(ln.text for ln in once if not ln.is_noise)))
    assert [ln.text for ln in again] == [once[1].text]


@pytest.mark.parametrize(
    "line", ["Rua das Flores, 120 - CEP 37.200-000 - Lavras - MG", "www.lavras.mg.gov.br", "Página 3", "gabinete@lavras.mg.gov.br"]
)
def test_footer_contact_lines(line: str) -> None:
    assert is_phone_line(line)


def test_letterhead_on_two_pages_is_furniture_in_any_case() -> None:
    page = "Prefeitura Municipal de Lavras\nEstado de Minas Gerais\n{body}\nPraça Dr. Augusto Silva, 99 - Centro"
    text = page.format(body="Art. 1º Fica criado o Conselho Municipal\nde Cultura.") + "\f" + page.format(
        body="Art. 2º Esta Lei entra em vigor na data de sua publicação."
    )
    lines = clean_document(document_from_text(text))
    assert [ln.text for ln in lines if not ln.is_noise] == [
        "Art. 1º Fica criado o Conselho Municipal", "de Cultura.", "Art. 2º Esta Lei entra em vigor na data de sua publicação."
    ]


def test_a_phrase_that_ends_two_pages_is_text_not_a_running_foot() -> None:
    # amend draw 318274650, clean 019: 'indeferimento do pedido.' ends page 1 (its sentence began
    # on the line before) and, closing the quotation, starts page 4 ('... pedido.» (NR)'); 'recursos
    # aplicados.' ends pages 2 and 3: each recurs in the bands of half the pages, whatever its case,
    # and was taken for furniture: the quotation lost its closing and swallowed nothing, but the
    # law lost the words
    head = "PREFEITURA MUNICIPAL DE CATALÃO\nEstado de Goiás\n"
    pages = [
        "Art. 1º O art. 2º da Lei nº 639 passa a vigorar com a seguinte redação:\n«Art. 2º A licença será concedida.\n"
        "§ 2º A falta de qualquer dos documentos exigidos implicará o\nindeferimento do pedido.",
        "Art. 3º O Departamento publicará, anualmente, relatório com a prestação de contas dos\nrecursos aplicados.",
        "Art. 7º O Departamento publicará, anualmente, relatório com a prestação de contas dos\nrecursos aplicados.\n"
        "§ 1º A falta de qualquer dos documentos exigidos implicará o",
        "indeferimento do pedido.» (NR)\nArt. 3º Esta Lei entra em vigor na data de sua publicação.",
    ]
    lines = clean_document(document_from_text("\f".join(head + p for p in pages)))
    kept = [ln.text for ln in lines if not ln.is_noise]
    assert kept.count("recursos aplicados.") == 2
    assert "indeferimento do pedido." in kept and "indeferimento do pedido.» (NR)" in kept
    assert not any(t.startswith(("PREFEITURA", "Estado de")) for t in kept)  # the letterhead still goes


def test_a_closing_whose_date_wraps_hyphenated_is_no_letterhead() -> None:
    # amend draw 7373, scan 012: 'Prefeitura Municipal de Barra do Piraí, em 7 de de-' / 'zembro de
    # 1990.' ends page 1; it is like the letterhead of page 2 and stands in a band: furniture, so
    # the law had no fecho and its last article took the date and the signature
    head = "PREFEITURA MUNICIPAL DE BARRA DO PIRAÍ\nEstado de Rio de Janeiro\n"
    text = (head + "ARTIGO 1º - Esta Lei entra em vigor na data de sua publicação.\n"
            "ARTIGO 2º - Revogam-se as disposições em contrário.\n"
            "Prefeitura Municipal de Barra do Piraí, em 7 de de-\nzembro de 1990.\f"
            + head + "JORGE SAMPAIO FERREIRA\nPrefeito Municipal")
    kept = [ln.text for ln in clean_document(document_from_text(text)) if not ln.is_noise]
    assert "Prefeitura Municipal de Barra do Piraí, em 7 de de-" in kept
    assert not any(t.startswith(("PREFEITURA", "Estado de")) for t in kept)


@pytest.mark.parametrize(("line", "kept"), [("o UNR)", True), ("[NR]", True), ("(AC)", True), ("o UR", False)])
def test_a_quotations_mark_whose_parenthesis_ocr_misread_is_no_junk(line: str, kept: bool) -> None:
    # amend draw 7373, scan 012: '.....” (NR)' read 'o UNR)': short junk, so the block ran into the next
    text = ("Art. 1º A Lei nº 9 passa a vigorar com as seguintes alterações:\n"
            "“Art. 2º O conselheiro será notificado pessoalmente.\n" + line +
            "\n“Art. 3º O prazo será de dez dias.” (NR)\nArt. 2º Esta Lei entra em vigor.")
    lines = clean_document(document_from_text(text))
    assert (line in [ln.text for ln in lines if not ln.is_noise]) is kept


def test_in_a_law_typed_in_capitals_recurring_one_word_lines_are_text() -> None:
    text = "\n".join([
        "ART. 1º - OS PROPRIETÁRIOS CONSERVARÃO AS VALETAS DAS", "ESTRADAS",
        "ART. 2º - É PROIBIDO DESVIAR ÁGUAS PARA O LEITO DAS", "ESTRADAS",
        "ART. 3º - É PROIBIDO DEPOSITAR LIXO NAS MARGENS DAS", "ESTRADAS",
    ])
    assert not any(ln.is_noise for ln in clean_document(document_from_text(text)))


def test_page_counters_of_generating_sites_are_noise_but_law_numbers_are_not() -> None:
    pages = [
        PageText(page_index=i, method="text", lines=(
            Line(text=f"{i + 1}/3"),
            Line(text=f"Art. {i + 1}º O Município fica autorizado a celebrar convênios."),
            Line(text="345/80"),
        ))
        for i in range(3)
    ]
    lines = clean_document(DocumentText(source="lc.pdf", pages=tuple(pages)))
    counters = [ln for ln in lines if ln.reason == "page_counter"]
    assert [ln.text for ln in counters] == ["1/3", "2/3", "3/3"]
    assert all(not ln.is_noise for ln in lines if ln.text.startswith("Art."))
    assert all(ln.reason != "page_counter" for ln in lines if ln.text == "345/80")


@pytest.mark.parametrize(("line", "letterhead"), [
    ("ESTADO DE RIO GRANDE DO SUL É", True), ("Estado de São Paulo", True), ("'* Gabinete do Prefeito", True),
    ("PREFEITURA MUNICIPAL DE SÃO JOÃO DA BOA VISTA", True), ("CÂMARA- MUNICIPAL DE ALEGRETE", True),
    ("A CÂMARA MUNICIPAL DE ALEGRETE, Estado de Rio Grande do Sul,", False),  # the preâmbulo
    ("Câmara Municipal de Caçador, aos vinte e seis dias", False),  # the fecho
    ("A Câmara Municipal de Cachoeiro de", False),  # the preâmbulo's first line, wrapped
    ("MUNICÍPIO DE CACHOEIRO DE ITAPEMIRIM", True), ("Prefeitura Municipal de Arapiraca de", True),
    ("Prefeito Municipal", False), ("ESTADO DE SITIO", False),
    ("A CÂMARA MUNICIPAL DE CURVELO DECRETA E EU", False),  # the enacting clause, wrapped (blind5)
])
def test_letterhead_lines_standing_alone(line: str, letterhead: bool) -> None:
    assert is_letterhead_line(line) is letterhead


def test_a_letterhead_seen_once_is_no_text_of_the_unit_it_interrupts() -> None:
    from pipeline.structure import structure_document

    text = ("LEI Nº 5, DE 2 DE MAIO DE 1980\nDispõe sobre feiras.\nO PREFEITO faz saber que a Câmara aprovou:\n"
            "Art. 1º Compete ao Município fiscalizar as feiras\nEstado de São Paulo\nlivres.\n"
            "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n")
    doc = structure_document(document_from_text(text))
    assert doc.articulacao[0].text == "Compete ao Município fiscalizar as feiras livres."


@pytest.mark.parametrize(("line", "cleaned"), [
    ("NM 172 II. prova de residência no Município;", "II. prova de residência no Município;"),
    ("NM 10 ART. 8º - A inscrição será requerida", "ART. 8º - A inscrição será requerida"),
    ("NM 12 de acordo com o regulamento", "NM 12 de acordo com o regulamento"),  # no unit follows
    ("163 Artigo 1º - A exploração do serviço", "Artigo 1º - A exploração do serviço"),  # a page number
    ("10 I - texto", "10 I - texto"),  # a bare number only before a keyword label
    # (223554581/018: the stamp and two specks before the epígrafe, too much junk for it to be read)
    ("NM 74 É A LEI No 2.311, DE 22 DE DEZEMBRO DE 1977", "É A LEI No 2.311, DE 22 DE DEZEMBRO DE 1977"),
    ("74 LEI Nº 2.311, DE 22 DE DEZEMBRO DE 1977", "74 LEI Nº 2.311, DE 22 DE DEZEMBRO DE 1977"),  # read as it is
])
def test_a_folio_stamp_read_on_a_labels_line_goes(line: str, cleaned: str) -> None:
    from pipeline.cleaning import strip_stamp_prefix

    assert strip_stamp_prefix(line) == cleaned


def test_a_typists_continuation_note_at_a_page_end_is_noise_and_a_word_in_the_text_is_not():
    from models.ocr import DocumentText, Line, PageText
    from pipeline.cleaning import clean_document, is_continuation_note

    assert all(is_continuation_note(t) for t in ("Continua.", "Continuso", "- Segue -", "CONTINUA NA PRÓXIMA PÁGINA"))
    assert not any(is_continuation_note(t) for t in ("continuam em vigor", "Contrato", "serve.", "Constitui"))
    first = ("Art. 1º Os proprietários de terrenos baldios ficam obrigados",
             "a mantê-los limpos e murados, sob pena de multa.", "Continua.")
    second = ("Art. 2º A Prefeitura notificará os proprietários.", "Continua.")
    doc = DocumentText(source="x", pages=tuple(
        PageText(page_index=k, method="given", lines=tuple(Line(text=t) for t in texts))
        for k, texts in enumerate((first, second))))
    kinds = [(ln.page_index, ln.text, ln.reason) for ln in clean_document(doc) if ln.text == "Continua."]
    assert kinds == [(0, "Continua.", "continuation"), (1, "Continua.", None)]  # the last page goes on nowhere


def test_an_address_footer_with_a_phone_and_a_cep_is_a_contact_line():
    from pipeline.cleaning import is_phone_line

    assert is_phone_line("Av. Dois de Abril, 1701 - Urupá - CEP 78960-000 - Fone (069) 421-2345")
    assert is_phone_line("Tel.: (65) 573-1329 /1330")
    # a sentence that quotes a phone number is no letterhead
    assert not is_phone_line("O interessado poderá ligar para o número (65) 573-1329 durante o expediente.")



@pytest.mark.parametrize(("line", "stamp"), [
    ("| CONFERE COM O", True),  # a certified copy's stamp, cut
    ("CONFERE COM O ORIGINAL", True),
    ("PROTOCOLADO", True),
    ("DAS DISPOSIÇÕES FINAIS", False),
    ("CONFERÊNCIA MUNICIPAL", False),
    ("confere com o original", False),  # in lower case: a sentence's words
])
def test_rubber_stamps_are_furniture(line: str, stamp: bool):
    from pipeline.cleaning import is_rubber_stamp

    assert is_rubber_stamp(line) is stamp


def test_a_page_scanned_twice_is_no_evidence_that_its_first_lines_are_furniture() -> None:
    head = "PREFEITURA MUNICIPAL DE UMUARAMA\nEstado do Paraná\n"
    first = head + (
        "Art. 7º - A infração ao disposto nesta Lei sujeita o infrator\nàs seguintes penalidades:\n"
        "I) advertência por escrito;\nObservação de rodapé qualquer"
    )
    second = head + (
        "II) multa de 1 (uma) a 3 (três) ORTN;\nIII) (VETADO)\nIV) suspensão da licença por até 15 dias;\n"
        "V) cassação da licença de tráfego.\nArt. 8º - O pedido de renovação da licença de\n"
        "tráfego será apresentado até trinta dias antes do seu\nvencimento da licença anterior.\n"
        "Art. 9º - A fiscalização poderá requisitar o auxílio\nda força policial, quando necessário.\n"
        "Art. 10 - Esta Lei entra em vigor na data de sua publicação."
    )
    lines = clean_document(document_from_text("\f".join([first, second, second])))
    kept = [ln for ln in lines if not ln.is_noise and ln.page_index == 1]
    assert [ln.text for ln in kept][:2] == ["II) multa de 1 (uma) a 3 (três) ORTN;", "III) (VETADO)"]
    # the letterhead on every page is still furniture
    assert all(ln.is_noise for ln in lines if ln.text.startswith("PREFEITURA"))



def test_a_page_scanned_twice_and_read_differently_is_still_a_copy() -> None:
    # (390208939/026, a drawn law as real Tesseract read it: the two scans of its first page share four
    # of 26 body lines exactly; the page's last line, an inciso near the foot of both, 'recurred' in the
    # bottom bands of two pages of three and was dropped as furniture, silently)
    text = (Path(__file__).parent / "data" / "copies" / "390208939-026.txt").read_text(encoding="utf-8")
    lines = clean_document(document_from_text(text))
    assert [ln.is_noise for ln in lines if "comunicar à Prefeitura" in ln.text] == [False, False]
    assert all(ln.is_noise for ln in lines if ln.text.startswith("Gabinete do Prefeito"))  # a letterhead still is
    meta = NormMeta.model_validate_json((Path(__file__).parent / "data" / "copies" / "390208939-026.meta.json").read_text())
    units = structure_document(document_from_text(text), meta).model_dump()["articulacao"]
    ids = []

    def walk(nodes: list[dict]) -> None:
        for node in nodes:
            ids.append(node["id"])
            walk(node["children"])

    walk(units)
    assert [k for k in ids if k.startswith("art3_")] == [f"art3_cpt_inc{n}" for n in (1, 2, 3, 4)]

def _boxed_page(rows: list[tuple[str, float]], *, height: float = 1700.0) -> PageText:
    """One scanned page: each row its text and the top of its box (25 px high)."""
    return PageText(page_index=0, method="ocr", width=1200, height=height, lines=tuple(
        Line(text=t, bbox=(80.0, y, 1100.0, y + 25.0), conf=0.95) for t, y in rows))


LAW_ROWS = [
    ("LEI Nº 7763", 150), ("AUTORIZA O PODER EXECUTIVO MUNICIPAL A ABERTURA DE CRÉDITO ESPECIAL.", 200),
    ("A Câmara Municipal de Cachoeiro de", 300), ("Itapemirim, Estado do Espírito Santo, APROVA e o", 330),
    ("Prefeito Municipal SANCIONA a seguinte Lei:", 360),
    ("Art. 1º Fica o Poder Executivo autorizado a abrir crédito especial.", 420),
    ("Art. 2º Os recursos são os provenientes da redução de dotações.", 480),
    ("Art. 3º Esta Lei entra em vigor na data de sua publicação.", 1330),
]
FOOTER_ROWS = [("Praça Jerônimo Monteiro, 28 - Centro", 1533),
               ("Cachoeiro de Itapemirim - ES - Cep 29300-170 - C. Postal 037", 1556),
               ("Tel.: 28 3155-5351", 1583)]


def test_the_lines_of_a_footer_block_with_a_contact_line_are_furniture():
    lines = clean_document(DocumentText(source="lei.pdf", pages=(_boxed_page(LAW_ROWS + FOOTER_ROWS),)))
    assert [ln.reason for ln in lines[-3:]] == ["footer", "phone", "phone"]
    assert not any(ln.is_noise for ln in lines[:-3])
    out = structure_document(DocumentText(source="lei.pdf", pages=(_boxed_page(LAW_ROWS + FOOTER_ROWS),)))
    assert out.articulacao[2].text == "Esta Lei entra em vigor na data de sua publicação."
    # the preâmbulo's first line is no letterhead: the preâmbulo is whole and apart from the ementa
    assert out.ementa == "AUTORIZA O PODER EXECUTIVO MUNICIPAL A ABERTURA DE CRÉDITO ESPECIAL."
    assert out.preambulo is not None and out.preambulo.startswith("A Câmara Municipal de Cachoeiro de Itapemirim")


def test_a_line_set_close_above_the_text_end_is_not_taken_for_a_footer():
    # the last article's line runs down to the contact line with no white space: the text's own
    rows = LAW_ROWS[:-1] + [("Art. 3º Esta Lei entra em vigor na data de sua publicação,", 1500),
                            ("revogadas as disposições em contrário.", 1528)] + FOOTER_ROWS[1:]
    lines = clean_document(DocumentText(source="lei.pdf", pages=(_boxed_page(rows),)))
    assert [ln.reason for ln in lines if ln.is_noise] == ["phone", "phone"]


def test_a_running_head_set_recto_and_verso_is_furniture_and_a_repeated_preamble_opening_is_not():
    # a gazette: the running head alternates its two forms (page number first or last) and
    # carries the edition's date; every act's preâmbulo opens with the same line, which runs on
    heads = ["{n:02d} DIÁRIO OFICIAL DO MUNICÍPIO JUAZEIRO DO NORTE-CE, 27 DE SETEMBRO DE 2023",
             "JUAZEIRO DO NORTE-CE, 27 DE SETEMBRO DE 2023 DIÁRIO OFICIAL DO MUNICÍPIO {n:02d}"]
    pages = []
    for k in range(7):  # each form on fewer than half of the pages
        pages.append(PageText(page_index=k, method="text", lines=(
            Line(text=heads[k % 2].format(n=k + 1)),
            Line(text=f"servidor de matrícula {8000 + k}, lotado na secretaria {k}, para o cargo"),
            Line(text=f"de assessor {k}, de provimento em comissão, a partir de {k + 1} de setembro."),
            Line(text=f"Art. {k + 2}º Esta portaria entra em vigor na data de sua publicação."),
            Line(text=f"PORTARIA Nº {700 + k}, DE 26 DE SETEMBRO DE 2023"),
            Line(text="O PREFEITO DO MUNICÍPIO DE JUAZEIRO DO"),
            Line(text="NORTE, no uso de suas atribuições legais, RESOLVE:"),
            Line(text=f"Art. 1º Nomear o servidor de matrícula {9000 + k} para o cargo de"),
            Line(text=f"coordenador {k} da secretaria municipal de saúde, nível {k + 3}, com"),
            Line(text=f"lotação no centro de referência número {k + 10} do município."),
        )))
    lines = clean_document(DocumentText(source="diario.pdf", pages=tuple(pages)))
    assert all(ln.is_noise for ln in lines if "DIÁRIO OFICIAL" in ln.text)
    assert not any(ln.is_noise for ln in lines if ln.text.startswith("O PREFEITO"))


@pytest.mark.parametrize(("line", "closing"), [("RR RR AR o race R » (NR)", "» (NR)"),
                                               ("ccc rr ce cer” (AC).", "” (AC)."),
                                               ("ee a ar (NR)", "(NR)")])
def test_a_quotations_closing_behind_omission_debris_is_kept_alone(line: str, closing: str) -> None:
    # issue 12, seed 796544401 scan 005: an omission line's dots read as letters before the closing
    from pipeline.cleaning import quotation_end_behind_debris

    assert quotation_end_behind_debris(line) == closing
    assert quotation_end_behind_debris("(NR)") is None  # nothing to strip: kept as it is
    assert quotation_end_behind_debris("RR RR AR o race R") is None


def test_epigrafes_of_one_tipo_with_different_numbers_are_acts_not_a_running_head() -> None:
    # blind4 tucano-dol277-2021: a Câmara's gazette prints one Decreto Legislativo a page under
    # the same heading; each 'DECRETO LEGISLATIVO N.º 0xx' recurred like a running head and was
    # taken for furniture, so --all-acts found none of the six acts
    texts = []
    for n in range(8, 14):
        texts += ["CÂMARA MUNICIPAL DE TUCANO", f"DECRETO LEGISLATIVO N.º {n:03d}", "DE 23 DE DEZEMBRO DE 2020",
                  f"Dispõe sobre a rejeição das contas do exercício de {2004 + n}.",
                  "Art. 1º Ficam rejeitadas as contas.", "Art. 2º Este Decreto entra em vigor na data de sua publicação."]
    furniture = find_furniture(texts)
    assert not {i for i, t in enumerate(texts) if t.startswith("DECRETO")} & furniture
    assert {i for i, t in enumerate(texts) if t.startswith("CÂMARA")} <= furniture
    # a law's own epígrafe repeated as its pages' running head keeps one number: not set apart
    assert distinct_epigrafes(["LEI Nº 1.234/85", "x", "LEI Nº 1.234/85", "LEI N° 1234/85"], {0, 2, 3}) == set()
    assert distinct_epigrafes(["PORTARIA Nº 12", "PORTARIA Nº 13", "DECRETO Nº 12"], {0, 1, 2}) == {0, 1}


@pytest.mark.parametrize(("line", "kept"), [
    ("fiscalização; | ; RR", "fiscalização;"),
    ("desta Lei. E", "desta Lei."),
    ("quando necessário. eu", "quando necessário."),  # no sentence opens in lower case
    ("disporá sobre: a", "disporá sobre: a"),  # after a colon a list may go on
    ("pelos seguintes membros : é", "pelos seguintes membros :"),  # ... but no word alone accented
    ("conforme a Lei. Os", "conforme a Lei. Os"),  # a sentence's first word
])
def test_dust_after_a_lines_last_mark_is_cut(line: str, kept: str):
    assert without_end_dust(line) == kept


@pytest.mark.parametrize("closing", ["[...]”", "– CMC.”", "(…)”;"])
def test_a_quoted_texts_last_line_is_no_stamp_or_symbols(closing: str) -> None:
    # ce-lei551-2018: '– CMC.”' read as a page stamp ('C.M.'), '[...]”' as symbols; dropped,
    # the quotation ran on over the amending law's next articles
    doc = document_from_text("Art. 2º O art. 4º da Lei nº 331 passa a vigorar com a seguinte redação:\n"
                             "“Art. 4º A Secretaria convocará reuniões para instalar o Conselho\n"
                             f"{closing}\nArt. 3º Esta Lei entra em vigor na data de sua publicação.\n")
    kept = [ln.text for ln in clean_document(doc) if not ln.is_noise]
    assert closing in kept
    # the shapes themselves are still stamps and junk without the closing quote
    stamp_doc = document_from_text("Art. 1º Fica criado o Conselho.\nC.M. Cc. 12\n[...]\n")
    assert [ln.text for ln in clean_document(stamp_doc) if not ln.is_noise] == ["Art. 1º Fica criado o Conselho."]


def test_a_parágrafo_at_the_foot_of_page_after_page_is_no_band_furniture() -> None:
    # (395425336/005: 'S 1.º.- Excetuam-se do disposto neste artigo os casos de' closing three
    # pages, the same words under several articles, was dropped as a footer)
    pages = []
    for n in range(1, 5):
        pages.append("\n".join([
            "ESTADO DE PERNAMBUCO", "PREFEITURA MUNICIPAL DE CARUARU",
            "força maior, a juízo da Secretaria Municipal de Agricultura." if n > 1 else "LEI Nº 7, DE 1979",
            f"Art. {n}º A Prefeitura poderá, a qualquer tempo, revogar a autorização quando o",
            "interesse público o exigir, ouvida a Secretaria Municipal de Agricultura.",
            "S 1.º.- Excetuam-se do disposto neste artigo os casos de"]))
    lines = clean_document(document_from_text("\f".join(pages)))
    kept = [ln.text for ln in lines if not ln.is_noise]
    assert kept.count("S 1.º.- Excetuam-se do disposto neste artigo os casos de") == 4
    assert "ESTADO DE PERNAMBUCO" not in kept


def _scanned(pages: list[list[tuple[str, float, tuple[float, float, float, float]]]]) -> DocumentText:
    """A document of OCR'd pages (2550 x 4200 px), each line given as (text, confidence, box)."""
    return DocumentText(source="scan.pdf", sha256="0" * 64, pages=tuple(
        PageText(page_index=k, method="ocr", width=2550.0, height=4200.0, lines=tuple(
            Line(text=text, conf=conf, bbox=box) for text, conf, box in lines))
        for k, lines in enumerate(pages)))


def _body(n: int) -> list[tuple[str, float, tuple[float, float, float, float]]]:
    return [(f"Art. {n}º A Prefeitura poderá, a qualquer tempo, revogar a licença quando o", 0.93,
             (570.0, 645.0, 2150.0, 690.0)),
            ("interesse público o exigir, ouvida a Secretaria Municipal de Obras.", 0.92, (400.0, 705.0, 2100.0, 750.0)),
            (f"Art. {n + 10}º Os preços públicos serão atualizados anualmente por decreto.", 0.94,
             (570.0, 765.0, 2140.0, 810.0))]


def test_a_stamp_ocr_reads_as_another_scrap_on_each_page_is_a_fixed_mark() -> None:
    # (17370507/003: the book's folio stamp 'Lº 7 - Fl. 128' at the top right of every page read
    # 'Les El 2', 'Ce po BL', 'Ee PIAS'; the last was read as a parágrafo)
    scraps = [("Les El 2", 0.34, (1786.0, 431.0, 2166.0, 464.0)), ("Ce po BL", 0.17, (1810.0, 434.0, 2189.0, 465.0)),
              ("Ee PIAS", 0.21, (1819.0, 432.0, 2198.0, 464.0))]
    doc = _scanned([[scrap, *_body(k + 1)] for k, scrap in enumerate(scraps)])
    lines = clean_document(doc)
    assert [ln.reason for ln in lines if ln.text in {s for s, _c, _b in scraps}] == ["fixed_mark"] * 3
    assert sum(not ln.is_noise for ln in lines) == 9
    # read well, at other places of each page, or on one page only, a line is no mark
    moved = [(text, conf, (x0, y0 + 300.0 * k, x1, y1 + 300.0 * k)) for k, (text, conf, (x0, y0, x1, y1)) in enumerate(scraps)]
    for firsts in (moved, [(t, 0.9, b) for t, _c, b in scraps], [scraps[0], moved[1], moved[2]]):
        kept = clean_document(_scanned([[first, *_body(k + 1)] for k, first in enumerate(firsts)]))
        assert not any(ln.reason == "fixed_mark" for ln in kept)


def test_an_incisos_line_at_the_foot_of_pages_is_no_band_furniture() -> None:
    # (17370507/028: 'I) prova de residência no Município;', the same document asked under two
    # articles, ended two of three pages and was dropped as a footer)
    pages = []
    for n in range(1, 4):
        pages.append("\n".join([
            "ESTADO DE CEARÁ", "PREFEITURA MUNICIPAL DE IGUATU",
            f"Art. {n}º O pedido de licença de obras será instruído com os seguintes",
            "documentos:" if n < 3 else "documentos, a juízo da Secretaria Municipal de Obras.",
            "I) prova de residência no Município;" if n < 3 else "Art. 4º Esta Lei entra em vigor."]))
    kept = [ln.text for ln in clean_document(document_from_text("\f".join(pages))) if not ln.is_noise]
    assert kept.count("I) prova de residência no Município;") == 2
    assert "ESTADO DE CEARÁ" not in kept


def test_a_line_whose_sentence_runs_on_into_the_next_line_is_no_band_furniture() -> None:
    # (535488889/015: '§ 3º — O prazo de que trata este artigo poderá ser' / 'prorrogado uma única
    # vez', its label read 'SE so —', ended page 3; the same words under '§ 2º' ended page 1, and it
    # was taken for a running foot: a running head or foot stands alone, no sentence runs on from it)
    head = "CÂMARA MUNICIPAL DE CAÇADOR\nEstado de Santa Catarina\n"
    pages = ["Art. 1º O pedido de autorização será instruído com os documentos exigidos.\n"
             "O prazo de que trata este artigo poderá ser prorrogado.",
             "Art. 2º A autorização é pessoal e intransferível.",
             "Art. 3º São obrigações do permissionário as do regulamento.\n"
             "O prazo ide que trata este ariigo poderá ser prorrogado."]
    kept = [ln.text for ln in clean_document(document_from_text("\f".join(head + p for p in pages))) if not ln.is_noise]
    assert "O prazo ide que trata este ariigo poderá ser prorrogado." not in kept  # alone: a running foot
    ran_on = [p.replace("poderá ser prorrogado.", "poderá ser\nprorrogado uma única vez.") for p in pages]
    kept = [ln.text for ln in clean_document(document_from_text("\f".join(head + p for p in ran_on))) if not ln.is_noise]
    assert "O prazo ide que trata este ariigo poderá ser" in kept
    assert "O prazo de que trata este artigo poderá ser" in kept
    assert not any(t.startswith(("CÂMARA", "Estado de")) for t in kept)  # the letterhead still goes


def test_a_rubber_stamps_word_read_inside_a_units_text_makes_the_unit_doubtful() -> None:
    # (951264238/024: 'CONFERE COM O ORIGINAL' stamped over '§ 1º - O prazo de que trata este artigo
    # poderá ser prorrogado': read into inciso II's text with the parágrafo's label lost, `extracted`)
    from pipeline.cleaning import stamp_debris
    from pipeline.structure import structure_document

    assert stamp_debris("antecedentes. cremes sena COM 0 1, a ve que jritdtáteste oRLGINAL") == "oRLGINAL"
    assert stamp_debris("conforme o texto original, que o Prefeito confere") is None  # the law's words
    assert stamp_debris("será puBlicada no mural") is None  # (publicado: a law's word, a capital misplaced)
    law = ("LEI Nº 5, DE 2 DE MAIO DE 1980\nDispõe sobre licenças.\nO PREFEITO faz saber que a Câmara aprovou:\n"
           "Art. 1º O pedido será instruído com os seguintes documentos:\nI - carteira de identidade;\n"
           "II - atestado de antecedentes.\ncremes sena ConacsrRE COM 0 1,\n"
           "a ve que jritdtáteste artigo poderá ser prorrogado oRLGINAL\n"
           "Art. 2º Esta Lei entra em vigor na data de sua publicação.\n"
           "Prefeitura Municipal, 2 de maio de 1980.\nFULANO DE TAL\nPrefeito\n")
    doc = structure_document(document_from_text(law))
    assert [w.id for w in doc.warnings if w.code == "unit_doubtful"] == ["art1_cpt_inc2"]
    assert doc.document.status != "extracted"
    clean = structure_document(document_from_text(law.replace(" oRLGINAL", "")))
    assert not [w for w in clean.warnings if w.code == "unit_doubtful"]
