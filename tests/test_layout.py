"""Reading order from boxes: labels printed in a margin column go back to their lines."""

from __future__ import annotations

import numpy as np
import pytest

from models.ocr import DocumentText, Line, PageText, Word
from pipeline.layout import (
    erase_rules,
    find_gutter,
    is_label_like,
    join_cut_rows,
    join_document_lines,
    join_side_lines,
    read_columns,
    read_document_columns,
    restore_line_order,
    split_epigrafe_lines,
    unread_margins,
)


def _line(text: str, x0: float, y0: float, x1: float, y1: float) -> Line:
    words = tuple(Word(text=w, conf=0.9, bbox=(x0, y0, x1, y1)) for w in text.split())
    return Line(text=text, bbox=(x0, y0, x1, y1), conf=0.9, words=words)


def _page(*lines: Line) -> PageText:
    return PageText(page_index=0, method="ocr", width=2000, height=2800, lines=lines)


def test_a_hanging_label_column_is_joined_to_the_lines_beside_it():
    # Tesseract read the label column ('Arts' / '68 -') as blocks of their own, before the text
    page = _page(
        _line("Arts", 275, 1215, 359, 1244),
        _line("Arte", 276, 2068, 360, 2098),
        _line("68 -", 392, 1193, 505, 1247),
        _line("78 =", 415, 2052, 506, 2106),
        _line("A penalidade pecuniária será judicialmente executada", 527, 1203, 1735, 1253),
        _line("se, imposta de forma regular e pelos meios hábeis, o", 529, 1260, 1735, 1314),
        _line("O valor das multas, bem como as taxas previstas nos", 530, 2063, 1735, 2108),
    )
    out = join_side_lines(page)
    assert [ln.text for ln in out.lines] == [
        "Arts 68 - A penalidade pecuniária será judicialmente executada",
        "se, imposta de forma regular e pelos meios hábeis, o",
        "Arte 78 = O valor das multas, bem como as taxas previstas nos",
    ]
    first = out.lines[0]
    assert first.bbox == (275, 1193, 1735, 1253)
    assert [w.text for w in first.words][:3] == ["Arts", "68", "-"]


def test_a_wrapped_sentences_last_word_is_no_margin_label():
    # 'membros:' ends the indented paragraph's first line at the left margin, half a line below
    # it (a tall box: dust at the line's start); a label there ('Art. 2º -') is joined
    def page(piece: str) -> PageText:
        return _page(
            _line("TILVO: .", 391, 1196, 1670, 1249),
            _line("Epis e Conselho será composto pelos seguintes", 627, 1310, 2128, 1388),
            _line(piece, 390, 1355, 616, 1408),
            _line("ESA (dois) representantes do Rotary Clube;", 628, 1459, 1939, 1529),
        )
    assert join_side_lines(page("membros:")) == page("membros:")
    joined = join_side_lines(page("Art. 2º -"))
    assert [ln.text for ln in joined.lines][1] == "Art. 2º - Epis e Conselho será composto pelos seguintes"


def test_a_blot_in_the_margin_does_not_lift_the_line_it_was_read_with():
    # Tesseract put a tall hand mark ('sá', 117 px high) in the margin with the wrapped line's
    # last word; the line's box then reached the row above and was glued before 'Art. 12 -'
    def page(blot: tuple[float, float]) -> PageText:
        tail = Line(text="sá publicação.", bbox=(124, blot[0], 630, 1215), conf=0.9, words=(
            Word(text="sá", conf=0.3, bbox=(124, blot[0], 234, blot[1])),
            Word(text="publicação.", conf=0.9, bbox=(316, 1165, 630, 1215))))
        return _page(
            _line("deficiência física e os maiores de sessenta anos.", 314, 964, 1775, 1008),
            _line("Art. 12 - Esta Lei entrará em vigor na data de sua", 613, 1097, 2114, 1146),
            tail,
            _line("Prefeitura Municipal de Cruz Alta, em 20 de março de", 617, 1364, 2175, 1415),
        )
    assert join_side_lines(page((1105, 1222))) == page((1105, 1222))
    # a mark of the type's height on the row above is a margin piece of that row, as before
    joined = join_side_lines(page((1100, 1140)))
    assert [ln.text for ln in joined.lines][1] == "sá publicação. Art. 12 - Esta Lei entrará em vigor na data de sua"


def _cut_page(gap: float) -> PageText:
    # a fold at x = 608 cut every row: Tesseract read the left pieces, then the right ones; the
    # cut went through a word ('Muni' | 'cipal') or between two ('dos' ends short of it)
    rows = [("A Câmara Muni", "cipal de Gurupi aprovou e eu, Prefeito Munici-", True),
            ("pal, sanciono a s", "eguinte Lei:", True),
            ("Art. 1º A ocupação dos", "boxes do Mercado Municipal obedecerá ao", False),
            ("disposto nesta Lei e em seu regu", "lamento.", True),
            ("Art. 2º A infração ao dispos", "to nesta Lei sujeita o infrator às", True),
            ("seguintes penalidades:", "", False)]
    left, right = [], []
    for k, (a, b, through) in enumerate(rows):
        y = 1200 + 40 * k
        left.append(_spread_line(a, 391, y, 608 if through else 590))
        if b:
            right.append(_spread_line(b, 608 + gap, y, 1400))
    return _page(*left, *right)


def _spread_line(text: str, x0: float, y: float, x1: float) -> Line:
    # words spread evenly from x0 to x1, 20 px high
    parts = text.split()
    step = (x1 - x0) / len(parts)
    words = tuple(Word(text=w, conf=0.9, bbox=(x0 + k * step, y, x0 + (k + 1) * step - (8 if k < len(parts) - 1 else 0), y + 20))
                  for k, w in enumerate(parts))
    return Line(text=text, bbox=(x0, y, x1, y + 20), conf=0.9, words=words)


def test_rows_a_fold_cut_in_two_are_joined_and_a_cut_word_is_one_again():
    out = join_cut_rows(_cut_page(gap=2))
    assert [ln.text for ln in out.lines] == [
        "A Câmara Municipal de Gurupi aprovou e eu, Prefeito Munici-",
        "pal, sanciono a seguinte Lei:",
        "Art. 1º A ocupação dos boxes do Mercado Municipal obedecerá ao",
        "disposto nesta Lei e em seu regulamento.",
        "Art. 2º A infração ao disposto nesta Lei sujeita o infrator às",
        "seguintes penalidades:",
    ]
    # two columns with a gutter between them are no cut
    columns = _cut_page(gap=60)
    assert join_cut_rows(columns) is columns


def test_two_columns_of_a_gazette_stay_apart():
    # a short last line of the left column beside a line of the right one: a gutter between them
    page = _page(
        _line("Art. 2º Esta portaria entra em vigor na", 100, 500, 900, 540),
        _line("data de sua publicação.", 100, 560, 420, 600),
        _line("DECRETO Nº 12, DE 3 DE MAIO DE 2020", 1050, 560, 1900, 600),
    )
    assert join_side_lines(page) is page


def test_lines_of_one_column_and_marks_inside_it_are_left_alone():
    page = _page(
        _line("Art. 1º Fica criado o conselho municipal", 300, 100, 1700, 140),
        _line(", . ses", 612, 150, 954, 170),  # noise inside the column, overlapping the next line
        _line("de defesa civil, com sede no município.", 300, 155, 1700, 195),
    )
    assert join_side_lines(page) is page


def test_pages_without_boxes_are_returned_as_they_are():
    page = PageText(page_index=0, method="given", lines=(Line(text="Art. 1º"), Line(text="Fica")))
    doc = DocumentText(source="x", pages=(page,))
    assert join_document_lines(doc) is doc


# --- labels dropped from the margin -------------------------------------------------------------

def test_ink_beside_a_line_that_nothing_read_is_found_and_marks_elsewhere_are_not():
    ink = np.zeros((400, 1000), bool)
    ink[100:130, 60:200] = True  # a label's worth of ink left of the first line
    ink[300:302, 60:62] = True  # a speck beside the second line: no label
    lines = [_line("Será considerado infrator todo aquele que", 300, 95, 950, 135),
             _line("mandar, constranger ou auxiliar alguém a praticar", 300, 290, 950, 330)]
    found = unread_margins(ink, lines)
    assert [i for i, _box in found] == [0]
    x0, y0, x1, y1 = found[0][1]
    assert x0 <= 60 and x1 >= 200 and y0 <= 100 and y1 >= 130 and x1 < 300
    lines.insert(0, _line("Art. 4º -", 60, 95, 200, 135))  # read already: nothing to look for
    assert unread_margins(ink, lines) == []


@pytest.mark.parametrize(("text", "label"), [
    ("Art. 4º -", True), ("o Art, 30 -", True), ("$ 2º", True), ("III -", True), ("b)", True),
    ("Xá", False), ("... .", False), ("Pa ?", False),
])
def test_only_a_reading_that_can_be_a_label_is_kept(text: str, label: bool):
    assert is_label_like(text) is label


def test_a_label_dropped_by_the_layout_analysis_is_read_again_with_tesseract():
    from corpus.sample.scanner import render_page
    from pipeline.config import OcrConfig
    from pipeline.ocr import read_margin_labels, run_tesseract

    page = render_page(["Art. 4º -        Será considerado infrator todo aquele",
                        "                 que cometer, mandar ou auxiliar alguém",
                        "                 a praticar infração."], dpi=200)
    config = OcrConfig()
    lines = run_tesseract(page, config=config, dpi=200)
    first = lines[0]
    kept = tuple(w for w in first.words if not w.text.startswith(("Art", "4")) and w.text not in ("-", "—"))
    dropped = (first.model_copy(update={
        "text": " ".join(w.text for w in kept), "words": kept,
        "bbox": (kept[0].bbox[0], first.bbox[1], first.bbox[2], first.bbox[3])}), *lines[1:])
    again = read_margin_labels(page, dropped, config=config, dpi=200)
    assert len(again) == len(dropped) + 1
    assert again[0].text.startswith("Art") and "4" in again[0].text
    assert again[1] == dropped[0]  # the label stands before the line it was found beside
    assert read_margin_labels(page, lines, config=config, dpi=200) == lines  # nothing dropped


# --- two columns ----------------------------------------------------------------------------------

def _words_line(parts: list[tuple[str, float]], y0: float, *, char: float = 20.0, height: float = 40.0) -> Line:
    """One line of words: each part a phrase starting at x, its words laid out with one space."""
    words = []
    for text, x in parts:
        for w in text.split():
            words.append(Word(text=w, conf=0.9, bbox=(x, y0, x + char * len(w), y0 + height)))
            x += char * (len(w) + 1)
    return Line(text=" ".join(w.text for w in words), bbox=(min(w.bbox[0] for w in words), y0,
                max(w.bbox[2] for w in words), y0 + height), conf=0.9, words=tuple(words))



def _columns_page(left: list[str], right: list[str], right_x: float, *, char: float = 20.0,
                  method: str = "ocr", width: float = 2000) -> PageText:
    """A page of two columns read line by line: row i holds left[i] at x 100 and right[i] at ``right_x``."""
    lines = [_words_line([(a, 100), (b, right_x)], 400 + 60 * i, char=char)
             for i, (a, b) in enumerate(zip(left, right, strict=True))]
    return PageText(page_index=0, method=method, width=width, height=2800, lines=tuple(lines))

LEFT = ["O PREFEITO DO MUNICÍPIO no uso de suas", "atribuições legais, RESOLVE: Art. 1º",
        "Nomear JOSÉ DA SILVA para o cargo de", "Assessor Especial da Secretaria de Obras",
        "Art. 2º Esta Portaria entra em vigor na", "data de sua publicação, revogadas as",
        "disposições em contrário da lei vigente"]
RIGHT = ["PORTARIA Nº 12, DE 3 DE MAIO DE 2020", "O PREFEITO DO MUNICÍPIO no uso de suas",
         "atribuições legais, RESOLVE: Art. 1º", "Exonerar MARIA DE SOUZA do cargo de",
         "Diretora do Departamento de Compras e", "Art. 2º Esta Portaria entra em vigor na",
         "data de sua publicação, revogadas as"]


def test_two_columns_joined_line_by_line_are_read_one_column_after_the_other():
    # as a text layer or Tesseract joins them: each line holds a row of both columns
    lines = [_words_line([("DIÁRIO OFICIAL DO MUNICÍPIO - EDIÇÃO 12 - 4 DE MAIO DE 2020", 200)], 40)]
    lines += [_words_line([(a, 100), (b, 940)], 120 + 60 * i) for i, (a, b) in enumerate(zip(LEFT, RIGHT, strict=True))]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    out = read_columns(page)
    assert [ln.text for ln in out.lines] == [lines[0].text, *LEFT, *RIGHT]
    assert read_document_columns(DocumentText(source="x", pages=(page,))).pages[0] == out


def test_a_right_columns_word_whose_box_reaches_into_the_gutter_still_parts_its_row():
    # itabaiana-lei695-2015 (blind10, a scanned town gazette): Tesseract's box of the right column's
    # first word ('suas metas;') began inside the gutter's inner half, so the row 'Art. 3º - As metas
    # ... integrante' | 'suas metas;' was read whole and both columns' articles interleaved
    # (a page of many rows: the gutter is found over the one box that reaches into it)
    left, right = LEFT * 2, RIGHT * 2
    lines = [_words_line([(a, 100), (b, 940)], 300 + 50 * i) for i, (a, b) in enumerate(zip(left, right, strict=True))]
    bled = _words_line([("Art. 3º As metas do Anexo", 100), ("suas metas;", 925)], 300 + 50 * len(left))
    tail = [_words_line([(a, 100), (b, 940)], 300 + 50 * (len(left) + 1 + i))
            for i, (a, b) in enumerate(zip(left, right, strict=True))]
    page = PageText(page_index=0, method="ocr", width=2000, height=2800, lines=(*lines, bled, *tail))
    gutter = find_gutter(page.lines)
    assert gutter is not None and gutter[0] + (gutter[1] - gutter[0]) / 4 < 925 < gutter[1] - (gutter[1] - gutter[0]) / 4
    texts = [ln.text for ln in read_columns(page).lines]
    assert texts == [*left, "Art. 3º As metas do Anexo", *left, *right, "suas metas;", *right]
    # a heading across both columns, its words close together over the gutter, stays one line
    heading = _words_line([("DAS DISPOSIÇÕES GERAIS E TRANSITÓRIAS DO PLANO MUNICIPAL", 500)], 300 + 50 * len(left))
    page = PageText(page_index=0, method="ocr", width=2000, height=2800, lines=(*lines, heading, *tail))
    assert heading.text in [ln.text for ln in read_columns(page).lines]


def test_a_table_of_labels_and_amounts_is_not_two_columns():
    rows = ["Material de consumo", "Serviços de terceiros", "Obras e instalações", "Equipamentos",
            "Auxílios", "Diárias", "Passagens e locomoção", "Subvenções sociais"]
    lines = [_words_line([(r, 100), (f"{1000 * (i + 1):,}.00", 1500)], 120 + 60 * i) for i, r in enumerate(rows)]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    assert find_gutter(page.lines) is None
    assert read_columns(page) is page


def test_one_column_of_prose_is_left_alone():
    lines = [_words_line([(a + " " + b, 100)], 120 + 60 * i) for i, (a, b) in enumerate(zip(LEFT, RIGHT, strict=True))]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    assert read_columns(page) is page


def test_a_running_head_over_both_columns_is_kept_whole():
    # the head's words leave a gap where the gutter is: still one line, above the columns
    head = _words_line([("02 DIÁRIO OFICIAL DO MUNICÍPIO", 100), ("JUAZEIRO - 27 DE SETEMBRO DE 2023", 1000)], 60)
    lines = [head] + [_words_line([(a, 100), (b, 940)], 220 + 60 * i)
                      for i, (a, b) in enumerate(zip(LEFT, RIGHT, strict=True))]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    out = read_columns(page)
    assert [ln.text for ln in out.lines] == [head.text, *LEFT, *RIGHT]


def test_two_columns_of_unjustified_prose_are_read_apart():
    # pontapora-do456-2007: the left column's lines end ragged, so the band no line crosses is
    # some 7% of the text's width, wider than a justified gazette's gutter (2-2.5%)
    left = ["O Prefeito Municipal de Ponta Porã,", "no uso de suas atribuições que",
            "lhe confere a Lei Orgânica, decreta:", "Artigo 1º Será facultativo o",
            "ponto nas repartições Públicas", "da Administração Direta e da",
            "Indireta no dia 16 de novembro.", "Artigo 2º Este decreto entrará em",
            "vigor na data de sua publicação."]
    right = ["Art. 1º Fica o Município autorizado", "a doar à Câmara Municipal os bens",
             "móveis abaixo relacionados e que", "foram adquiridos por meio da Nota",
             "Fiscal nº 4876, de setembro de 2007.", "Art. 2º Todos os encargos da doação",
             "serão arcados pelo Poder Legislativo,", "sem qualquer ônus ao Executivo.",
             "Art. 3º Esta Lei entra em vigor hoje."]
    page = _columns_page(left, right, 610, char=12.0, method="text", width=1200)
    width = max(ln.bbox[2] for ln in page.lines) - 100
    gutter = find_gutter(page.lines)
    assert gutter is not None and 0.05 < (gutter[1] - gutter[0]) / width < 0.1
    assert [ln.text for ln in read_columns(page).lines] == [*left, *right]


def test_a_short_last_word_on_the_ragged_edge_does_not_join_the_columns():
    # pontapora-3557-2007 (OCR): the gutter's band reaches over the left column's ragged edge;
    # 'visando a' ends just inside it, and the whole line ('... visando a LEI Nº 3.557/07, de 01
    # de novembro de 2007.') was kept as one, the law's epígrafe glued to another act's sentence
    words = "servidores do Poder Legislativo Municipal com efeitos desde a data da sua publicação".split()

    def prose(n: int, k: int) -> str:  # a line of exactly n characters
        out = ""
        while len(out) < n:
            out += (" " if out else "") + words[k % len(words)]
            k += 1
        return out[:n].rstrip() + "x" * (n - len(out[:n].rstrip()))

    left = [prose(33 + i % 2, i) for i in range(19)] + [prose(33, 7) + " a"]
    right = [prose(30, i + 3) for i in range(20)]
    page = _columns_page(left, right, 920)
    lines = page.lines
    g0, g1 = find_gutter(page.lines)
    last = max((w.bbox for w in lines[-1].words if w.bbox[2] < g1), key=lambda b: b[2])  # the 'a'
    assert g0 < last[2] < g0 + (g1 - g0) / 4  # it reaches into the band's outer quarter only
    assert [ln.text for ln in read_columns(page).lines] == [*left, *right]


# --- runs of lines emitted out of place ---------------------------------------------------------

def test_a_run_of_lines_read_after_the_page_end_goes_back_to_the_gap_it_was_printed_in():
    # amend draw 7373, scan 012: Tesseract emitted '§ 2º ...' / 'ou por via postal ...' / '... (NR)'
    # (printed between the amending formula and the next quoted article) after the page's last
    # article; the quotation then ran on past the law's own articles 3 to 5
    page = _page(
        _line("ARTIGO 2º - A Lei nº 69/1975 passa a vigorar com as se-", 601, 1876, 2241, 1931),
        _line("guintes alterações:", 364, 1948, 1434, 1999),
        _line("“Art. 18 - Compete ao Conselho Municipal de Saúde.” (NR)", 727, 2304, 2189, 2359),
        _line("ARTIGO 3º - Os efeitos desta Lei aplicam-se aos processos.", 605, 2668, 2246, 2721),
        _line("ARTIGO 5º - Revogam-se as disposições em contrário.", 584, 3212, 2125, 3265),
        _line("§ 2º - O conselheiro será notificado pessoalmente", 725, 2125, 2188, 2175),
        _line("ou por via postal com aviso de recebimento.", 364, 2186, 1639, 2241),
        _line("Prefeitura Municipal de Barra do Piraí, em 7 de dezembro de 1990.", 611, 3332, 2128, 3388),
    )
    out = restore_line_order(page)
    assert [ln.text[:12] for ln in out.lines] == [
        "ARTIGO 2º - ", "guintes alte", "§ 2º - O con", "ou por via p", "“Art. 18 - C", "ARTIGO 3º - ",
        "ARTIGO 5º - ", "Prefeitura M"]
    assert restore_line_order(out) is out  # nothing left to move


def test_lines_that_share_rows_with_others_stay_where_they_were_read():
    # a margin label column read after the text, a second column, a lone stamp: none fits a gap
    labels = _page(
        _line("A penalidade pecuniária será judicialmente executada", 527, 1203, 1735, 1253),
        _line("se, imposta de forma regular e pelos meios hábeis, o", 529, 1260, 1735, 1314),
        _line("O valor das multas, bem como as taxas previstas nos", 530, 2063, 1735, 2108),
        _line("Arts", 275, 1193, 380, 1240),
        _line("68 -", 390, 1199, 500, 1245),
    )
    assert restore_line_order(labels) is labels
    columns = _page(
        _line("Dispõe sobre a exoneração do", 100, 100, 900, 140),
        _line("servidor municipal lotado na", 100, 150, 900, 190),
        _line("CONSIDERANDO as disposições", 1100, 100, 1900, 140),
        _line("do estatuto dos servidores,", 1100, 150, 1900, 190),
    )
    assert restore_line_order(columns) is columns
    stamp = _page(
        _line("Art. 1º Fica criado o conselho.", 300, 500, 1700, 540),
        _line("Art. 2º Esta Lei entra em vigor.", 300, 700, 1700, 740),
        _line("Art. 3º Revogam-se as disposições.", 300, 900, 1700, 940),
        _line("16", 1900, 600, 1950, 640),
    )
    assert restore_line_order(stamp) is stamp


def test_a_lone_line_of_text_read_after_the_lines_below_it_goes_back_to_its_place():
    # (357959219/023: 'ARTIGO 3º:- O pedido de autorização será instruído com os' emitted after the
    # article's list, its alíneas and article 4's next line; the list went to article 2)
    page = _page(
        _line("ARTIGO 2º:- Nenhum permissionário poderá exercer a atividade", 403, 1723, 1516, 1751),
        _line("sem a prévia autorização da Prefeitura.", 219, 1765, 935, 1790),
        _line("seguintes documentos:", 220, 1886, 600, 1912),
        _line("I - carteira de saúde;", 404, 1969, 804, 1996),
        _line("II - prova de quitação do serviço militar.", 405, 2057, 1417, 2087),
        _line("ARTIGO 3º:- O pedido de autorização será instruído com os", 403, 1849, 1458, 1876),
        _line("ARTIGO 4º:- A Prefeitura poderá, a qualquer tempo, revogar a", 400, 2295, 1514, 2339),
        _line("autorização quando o interesse público o exigir.", 216, 2348, 1100, 2377),
    )
    out = restore_line_order(page)
    assert [ln.text[:9] for ln in out.lines] == [
        "ARTIGO 2º", "sem a pré", "ARTIGO 3º", "seguintes", "I - carte", "II - prov", "ARTIGO 4º", "autorizaç"]
    # a lone short line (a stamp, a speck) stays where it was read
    short = page.model_copy(update={"lines": (*page.lines[:5], _line("Fl. 12", 1403, 1849, 1458, 1876), *page.lines[6:])})
    assert restore_line_order(short) is short


def test_two_columns_with_many_short_lines_are_read_apart():
    # famurs-do1384-2014 p. 7: a gazette's columns hold signatures, 'Registre-se,' and 'Publicado
    # por:' lines; fewer than half of the parts fill their column, yet every line starts at its
    # column's edge (the acts of the right column were glued to the left one's lines)
    left = ["Art. 2º Esta Portaria entra em vigor na", "data de sua publicação, com efeitos",
            "CARLOS JANDREY,", "Prefeito.", "Registre-se,", "Publique-se,", "Cumpra-se.",
            "Publicado por:", "Art. 1º Nomear Junta Médica para avaliar", "o servidor, a fim de emitir um laudo"]
    right = ["PORTARIA Nº 7.973/2014", "Nomeia Junta Médica.", "CARLOS JANDREY, Prefeito de",
             "Ibirubá-RS, no uso de suas atribuições", "RESOLVE", "Art. 1º Exonerar, a pedido, o servidor",
             "Art. 2º A presente Portaria entra em vigor", "GABINETE DO PREFEITO, em 04", "de setembro de 2014.",
             "Prefeito."]
    page = _columns_page(left, right, 980, method="text")
    assert find_gutter(page.lines) is not None
    assert [ln.text for ln in read_columns(page).lines] == [*left, *right]


def test_a_table_whose_cells_start_anywhere_is_not_two_columns():
    # cachoeiro-dec34530-2024: an annex table's rows; its cells start wherever their column is
    rows = [[("01.11-3", 100), ("Cultivo de cereais", 400)], [("0111-3/01", 250), ("Cultivo de arroz", 400),
             ("Baixo risco", 1100), ("abaixo de 100ha", 1500)],
            [("0111-3/02", 250), ("Cultivo de milho", 400), ("Baixo risco", 1100)],
            [("Cultivo de outros cereais", 400), ("Desde que a produção", 1500)],
            [("0111-3/99", 250), ("anteriormente", 400), ("Baixo risco", 1100), ("100ha", 1700)],
            [("01.12-1", 100), ("Cultivo de algodão", 400), ("Médio risco", 1300)],
            [("0112-1/01", 250), ("herbáceo", 400), ("Baixo risco", 1100), ("Desde que", 1500)],
            [("lavoura temporária", 400), ("Alto risco", 1250)]]
    lines = [_words_line(r, 120 + 60 * i) for i, r in enumerate(rows)]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    assert read_columns(page) is page


def test_a_narrow_list_beside_a_column_of_prose_is_a_column_of_its_own():
    # famurs-do1381-2014 p. 5: a list of candidates in a narrow left column, its lines ragged, and
    # a portaria in the right one; the band no line crosses is 12% of the text's width, wider than
    # a gutter between two columns of prose, but both sides start their lines at one edge
    names = ["147 1120050043 MARI ELIANE", "148 1120050226 MARIA ALEXANDRA", "149 1120050268 MARIA BENI",
             "150 1120050058 MARIA DA GLORIA", "151 1120050077 MARIA GRASIELA", "152 1120050005 MARIA MARTA",
             "153 1120050103 MARILAINE BONFADA", "154 1120050008 MARILDO MATTOS", "155 1120050113 MARILI SPIES"]
    prose = ["PORTARIA N.º 7.964/2014 Nomeia Lisiane", "Horst para o cargo de Auxiliar de Ensino.",
             "CARLOS JANDREY, Prefeito de Ibirubá-RS,", "no uso de suas atribuições legais contidas",
             "no artigo 68, inciso VI, da Lei Orgânica", "Municipal, promulgada em 03 de abril de",
             "Art. 1º Nomear LISIANE BOLICO HORST, em", "169º lugar, para o cargo de Auxiliar de",
             "Art. 2º A presente Portaria entra em vigor"]
    page = _columns_page(names, prose, 900, char=16.0, method="text")
    width = max(ln.bbox[2] for ln in page.lines) - 100
    gutter = find_gutter(page.lines)
    assert gutter is not None and (gutter[1] - gutter[0]) / width > 0.1
    assert [ln.text for ln in read_columns(page).lines] == [*names, *prose]


def test_an_epigrafe_joined_to_a_table_row_beside_it_is_a_line_of_its_own():
    # pontapora-3510-2006: OCR joined the law's heading to a row of the table in the other column
    head = "Lei nº 3510, de 22 de novembro de 2006."
    row = "Assistente de Protocolo e Recepção Uma R$ 540,00"
    line = _words_line([(head, 100), (row, 1400)], 900, char=14.0)
    cells = _words_line([("Assistente Técnico", 1400), ("Três", 1870), ("R$ 702,00", 2020)], 840, char=14.0)
    page = PageText(page_index=0, method="ocr", width=2400, height=3400, lines=(cells, line))
    out = split_epigrafe_lines(page)
    assert [ln.text for ln in out.lines] == [cells.text, head, row]
    # a table's row, its cells some 0.02-0.05 of the page apart, and a heading read whole stay as they are
    assert split_epigrafe_lines(page.model_copy(update={"lines": (cells,)})).lines == (cells,)
    whole = _words_line([(head, 100)], 900, char=14.0)
    assert split_epigrafe_lines(page.model_copy(update={"lines": (whole,)})).lines == (whole,)


# --- a rule drawn across the text --------------------------------------------------------------

def _ruled_page(rule_x: float, *, slope: float = 0.0) -> PageText:
    """Lines of an article crossed by a vertical rule at ``rule_x`` (drifting by ``slope`` per
    pixel down): the stroke read alone on some lines, glued to the article's numeral on others."""
    def at(y: float) -> float:
        return rule_x + slope * y
    lines = [
        _words_line([("Parágrafo único - O regulamento", 400)], 100),
        _words_line([("|", at(180))], 180),
        _words_line([("Art.", 400), ("|40 — Compete à Secretaria", at(260))], 260),
        _words_line([("fiscalização do cumprimento", 400), ("|", at(340))], 340),
        _words_line([("|", at(420))], 420),
        _words_line([("Art.", 400), ("|5o — A Prefeitura manterá", at(500))], 500),
        _words_line([("anunciantes; do qual", 400), ("|", at(580)), ("constarão", at(580) + 40)], 580),
        _words_line([("Artigo", 400), ("|/7.9 -— Os marchantes", at(660))], 660),  # a thick stroke: '|/'
    ]
    return _page(*lines)


@pytest.mark.parametrize("slope", [0.0, 0.02])
def test_the_strokes_of_a_rule_crossing_the_text_are_erased(slope: float):
    out = erase_rules(_ruled_page(490, slope=slope))
    assert [ln.text for ln in out.lines] == [
        "Parágrafo único - O regulamento",
        "Art. 40 — Compete à Secretaria",
        "fiscalização do cumprimento",
        "Art. 5o — A Prefeitura manterá",
        "anunciantes; do qual constarão",
        "Artigo 7.9 -— Os marchantes",
    ]
    numeral = out.lines[1].words[1]
    assert numeral.text == "40" and numeral.bbox[0] > _ruled_page(490, slope=slope).lines[2].words[1].bbox[0]


def test_strokes_at_line_starts_are_labels_not_a_rule():
    # incisos I to IV read as '|', '||', '|||', '|V' in one column: no text before them
    page = _page(*[_words_line([(label, 400), ("- tratar com urbanidade o público;", 460)], y)
                   for label, y in [("|", 100), ("||", 180), ("|||", 260), ("|V", 340), ("|", 420)]])
    assert erase_rules(page) is page


def test_strokes_scattered_over_the_page_are_no_rule():
    page = _page(*[_words_line([("texto corrido da lei", 400), ("|", x), ("e mais", x + 40)], y)
                   for x, y in [(700, 100), (900, 180), (1100, 260), (1300, 340), (1500, 420)]])
    assert erase_rules(page) is page


def test_a_short_line_wholly_right_of_the_text_column_is_a_margin_note():
    """Read at psm 4 a note written in the right margin becomes a line of its own ('Cópia');
    it goes. A folio or a date ending at the column's edge, and a label in the left margin, stay."""
    from pipeline.layout import drop_right_margin_notes

    body = [_line("Art. 1º Fica o Poder Executivo autorizado a", 300, 100 + 50 * i, 2180, 137 + 50 * i)
            for i in range(10)]
    note = _line("Cópia", 2370, 372, 2445, 409)
    folio = _line("fls. 2", 2050, 40, 2180, 77)
    label = _line("Art. 4º", 60, 700, 200, 737)
    lines = [folio, *body[:4], note, *body[4:], label]
    kept = drop_right_margin_notes(lines)
    assert note not in kept and folio in kept and label in kept and len(kept) == len(lines) - 1
    assert drop_right_margin_notes(kept) == kept
    assert drop_right_margin_notes(lines[:5] + [note]) == (*lines[:5], note)  # too few lines to judge


@pytest.mark.parametrize(("text", "label"), [
    ("Art. 4º -", True), ("o Art, 30 -", True), ("Arte 32º -", True), ("$ 2º", True), ("§ 1º", True),
    ("III -", True), ("b)", True), ("12 -", True), ("4º", True), ("Parágrafo único", True),
    # a coat of arms, a stamp or a folio beside the letterhead (scanlab pages made worse by them)
    ("[17]", False), ("154", False), ("[52155]", False), ("Na 74", False), ("(3)", False), ("Xá", False),
])
def test_a_margin_re_read_is_kept_only_with_a_labels_shape(text: str, label: bool):
    from pipeline.layout import reads_as_label

    assert reads_as_label(text) is label


def test_a_table_in_one_column_beside_prose_in_the_other_is_read_apart():
    # aprece-2013-08-12 p. 8: an LDO's annex table fills the left column, its cells further apart
    # than the gutter (so its rows are no prose), and a portaria opens in the right column; the
    # band between them is clean and both sides start their lines at their edges
    table = [[(str(2025 + i), 100), (f"1.{821 + i}.059,29", 300), (f"2.{875 + i}.291,83", 560)] for i in range(8)]
    prose = ["PORTARIA Nº 465/2013, DE 12 DE AGOSTO", "O PREFEITO MUNICIPAL DE GROAÍRAS, no uso",
             "de suas atribuições legais, RESOLVE: Art.", "1º Autorizar a Tesouraria a pagar diária",
             "à servidora MARIA ELENIUVIA FARIAS para", "Publicado por:", "Renan Albuquerque", "GABINETE"]
    lines = [_words_line([*t, (p, 900)], 400 + 60 * i) for i, (t, p) in enumerate(zip(table, prose, strict=True))]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    assert find_gutter(page.lines) is not None
    left = [" ".join(c for c, _ in t) for t in table]
    assert [ln.text for ln in read_columns(page).lines] == [*left, *prose]
    # the same table across the whole page, its cells as far apart on both sides, is still one table
    wide = [_words_line([*t, (f"-1.{54 + i}.232,54", 900), ("799.082,46", 1260)], 400 + 60 * i)
            for i, t in enumerate(table)]
    assert find_gutter(PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(wide)).lines) is None


def test_two_columns_of_indented_lists_apart_by_a_wide_band_are_read_apart():
    # pontapora-3868-2012 p. 1: a gazette's programme lists (items indented under 'Programa:' and
    # 'Objetivo:' lines) fill both columns, 15% of the width apart; half the lines start at the
    # edge, the rest one indent in, so the law's heading at the right column's foot was glued to
    # the left column's rows
    left = [("Programa: 17- Recuperação de Estradas", 0), ("Restauração da malha rodoviária rural", 1),
            ("Programa: 18- Incentivo ao Turismo Rural", 0), ("Implantação de infraestrutura turística", 1),
            ("Objetivo: Apoiar a diversificação local", 0), ("Promoção e fomento ao turismo regional", 1),
            ("Programa: 19- Ponta a Ponta Melhor agora", 0), ("Expansão dos serviços urbanos da cidade", 1)]
    right = [("Programa: 23- Esporte e Lazer municipal", 0), ("Centro de Esporte e Lazer do bairro", 1),
             ("Objetivo: Integrar e socializar a cidade", 0), ("Incentivo à prática de esporte amador", 1),
             ("Programa: 24- Geração de Emprego e Renda", 0), ("Formação de cooperativas de produção", 1),
             ("Lei nº 3868, de 03 de Julho de 2012.", 0), ("Altera a Lei nº 3.468, de 31.03.2006", 0)]
    lines = [_words_line([(a, 100 + 120 * ia), (b, 1240 + 120 * ib)], 400 + 60 * i, char=18.0)
             for i, ((a, ia), (b, ib)) in enumerate(zip(left, right, strict=True))]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    width = max(ln.bbox[2] for ln in lines) - 100
    gutter = find_gutter(page.lines)
    assert gutter is not None and (gutter[1] - gutter[0]) / width > 0.1
    assert [ln.text for ln in read_columns(page).lines] == [a for a, _ in left] + [b for b, _ in right]


def test_four_columns_joined_line_by_line_are_read_column_after_column():
    # maceio-dec8052-2015 (blind11, a born-digital gazette page of four columns): its text layer
    # joined a row of all four ('... todos os Edis da Câmara DECRETO N°. 8.052 DE 09 DE promover, in');
    # the middle gutter parts the page, each half's gutter its half
    cols = [LEFT, RIGHT, [t.upper() for t in LEFT], [t.lower() for t in RIGHT]]
    lines = [_words_line([(c[i], 60 + 490 * k) for k, c in enumerate(cols)], 300 + 50 * i, char=10.0)
             for i in range(len(LEFT))]
    page = PageText(page_index=0, method="text", width=2000, height=2800, lines=tuple(lines))
    assert [ln.text for ln in read_columns(page).lines] == [t for c in cols for t in c]
