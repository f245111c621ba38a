"""Reading order from boxes: labels printed in a margin column go back to their lines."""

from __future__ import annotations

from models.ocr import DocumentText, Line, PageText, Word
from pipeline.layout import join_document_lines, join_side_lines


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
