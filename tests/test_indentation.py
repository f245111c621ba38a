"""Paragraph layout from indentation: where a page's lines stand, and which lines open a unit."""

from __future__ import annotations

from models.ocr import Line, PageText, Word
from pipeline.layout import page_indents
from pipeline.segmenting.indentation import paragraph_marks

CHAR = 25.0  # a typewriter's character, in pixels at 250 dpi
MARGIN = 300.0


def _line(text: str, col: float, y: float) -> Line:
    """A line typed from column ``col`` (in characters from the margin), each word boxed."""
    words, x = [], MARGIN + col * CHAR
    for w in text.split(" "):
        words.append(Word(text=w, conf=0.9, bbox=(x, y, x + len(w) * CHAR, y + 40)))
        x += (len(w) + 1) * CHAR
    return Line.of_words(words)


def _page(*rows: tuple[str, float]) -> PageText:
    return PageText(page_index=0, method="ocr", width=2500, height=3500,
                    lines=tuple(_line(t, c, 200 + 60 * i) for i, (t, c) in enumerate(rows)))


def test_indents_are_counted_in_characters_from_the_pages_margin():
    page = _page(("Art. 1º - O parcelamento do solo urbano obedecerá", 8),
                 ("ao disposto nesta Lei e em seu regulamento vigente.", 0),
                 ("Art. 2º - Fica proibido o parcelamento do solo", 8),
                 ("fora dos horários fixados em decreto do Executivo.", 0),
                 ("Parágrafo único. Excetuam-se os casos de força", 8),
                 ("maior, a juízo do Departamento Municipal de Obras.", 0),
                 ("PREFEITO MUNICIPAL", 40))
    indents = page_indents(page)
    assert indents[:6] == [8.0, 0.0, 8.0, 0.0, 8.0, 0.0]
    assert indents[6] is None  # a signature far to the right: no indent of the text


def test_a_speck_in_the_margin_does_not_move_a_line_but_a_labels_marks_do():
    rows = [("ao disposto nesta Lei e em seu regulamento vigente.", 0)] * 5
    speck = Line.of_words([Word(text="'", conf=0.3, bbox=(MARGIN - 150, 600, MARGIN - 140, 620)),
                           *_line("fora dos horários fixados em decreto", 0, 600).words])
    marks = _line('") - comprovante de inscrição no INPS.', 8, 700)
    page = PageText(page_index=0, method="ocr", width=2500, height=3500,
                    lines=(*(_line(t, c, 100 + 50 * i) for i, (t, c) in enumerate(rows)), speck, marks))
    indents = page_indents(page)
    assert indents[5] == 0.0  # the speck stands apart: the line starts at its first word
    assert indents[6] == 8.0  # '")' is the label's, read as marks: the line starts there


def test_a_page_of_few_lines_shows_no_margin():
    page = _page(("Art. 1º - Esta Lei entra em vigor na data de sua publicação.", 8), ("LEI Nº 5", 20))
    assert page_indents(page) == [None, None]


def test_first_lines_indented_open_and_lines_at_the_margin_run_on():
    indents = [8.0, 0.0, 8.1, 0.0, 7.9, 0.1, 8.0, 0.0, 20.0, 8.0]
    starts = [True, False, True, False, True, False, True, False, False, False]
    runs = [False, True, False, True, False, True, False, True, False, False]
    assert paragraph_marks(indents, starts, runs) == [
        "opens", "runs_on", "opens", "runs_on", "opens", "runs_on", "opens", "runs_on", None, "opens"]


def test_labels_at_the_margin_with_their_text_hung_at_an_indent():
    # (the Surubim code of 1989: 'Art. 8º -' at the margin, its text at 11, a parágrafo's at 18)
    indents = [0.0, 11.1, 11.0, 0.1, 18.2, 18.0, 0.0, 11.2, 0.0, 15.0]
    starts = [True, False, False, True, False, False, True, False, False, False]
    runs = [False, True, True, False, True, True, False, True, False, False]
    assert paragraph_marks(indents, starts, runs) == [
        "opens", "runs_on", "runs_on", "opens", "runs_on", "runs_on", "opens", "runs_on", "opens", None]


def test_no_layout_is_learned_where_starts_and_running_text_share_a_column():
    indents = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 0.0]
    starts = [True, False, True, False, True, False, True, False]
    runs = [False, True, False, True, False, True, False, True]
    assert paragraph_marks(indents, starts, runs) == [None] * 8
    # ... nor from too few lines of either kind
    assert paragraph_marks([8.0, 0.0, 8.0, 0.0], [True, False, True, False], [False, True, False, True]) == [None] * 4


def test_a_page_of_short_units_finds_its_margin_from_two_lines_that_run_on():
    # (888044488/018's second page: most long lines open a unit at the indent, two run on at the
    # margin; a share of the lines from the left landed on the indent)
    rows = [(f"{roman} - atestado de antecedentes e prova de residência no Município;", 10)
            for roman in ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII") * 2]
    rows[3:3] = [("infrator às seguintes penalidades e medidas administrativas:", 0)]
    rows[9:9] = [("feito Municipal, ouvida a Secretaria Municipal de Obras e Viação.", 0)]
    indents = page_indents(_page(*rows))
    assert indents[3] == 0.0 and indents[9] == 0.0
    assert {indents[k] for k in range(len(rows)) if k not in (3, 9)} == {10.0}


def test_a_dash_before_a_label_is_no_margin():
    # (the Surubim code's '- Arte 518 -' and '- PARÁGRAFO ÚNICO': a dash opens the line a
    # character left of where every other label stands)
    rows = [("Art. 50 - Nenhum estabelecimento comercial ou industrial poderá funcionar", 0),
            ("sem licença da Prefeitura, concedida a requerimento do interessado.", 11)] * 3
    page = _page(*rows)
    dashed = [Line.of_words([Word(text="-", conf=0.5, bbox=(MARGIN - 2 * CHAR, y, MARGIN - CHAR, y + 40)),
                             *_line("Art. 51 - A licença de localização poderá ser cassada:", 0, y).words])
              for y in (900, 1000)]
    page = PageText(page_index=0, method="ocr", width=2500, height=3500, lines=(*page.lines, *dashed))
    indents = page_indents(page)
    assert indents[-2:] == [0.0, 0.0] and indents[:2] == [0.0, 11.0]


def test_a_page_of_few_lines_keeps_its_one_line_at_the_margin():
    # (653980697/025's last page: the vigência clause and the fecho at the indent, one line of
    # theirs at the margin, then signatures: two lines starting together are the indent there)
    rows = [("Asp cds | Esta Lei entrará em vigor na data de sua", 6), ("publicação.", 0),
            ("Prefeitura Municipal de Santa Rosa, aos quatorze dias do", 6),
            ("mês de fevereiro de mil novecentos e sessenta e quatro.", 0),
            ("SEBASTIÃO FERNANDES COSTA", 15), ("PEDRO DE CAVALCANTI MARTINS", 14)]
    assert page_indents(_page(*rows))[:4] == [6.0, 0.0, 6.0, 0.0]
