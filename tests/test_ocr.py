"""The OCR stage on PDFs and images made in code, read by the real Tesseract and pdfplumber."""

from __future__ import annotations

import hashlib
import re

import pytest
from scans import (
    LETTERHEAD,
    law_pages,
    make_pdf,
    make_scanned_pdf,
    make_text_pdf,
    make_tiff,
    render_page,
)

from pipeline.config import OcrConfig
from pipeline.errors import OcrError
from pipeline.ocr import (
    MAX_OCR_PIXELS,
    PagePlan,
    backend_name,
    ocr_document,
    parse_tsv,
    plan_pages,
    read_page,
    render_pdf_page,
    tesseract_version,
)

CONFIG = OcrConfig(prepare=False)


def _counting_engine(reads: list[tuple[int, int]]):
    """An engine class that reads as Tesseract does and records the size of each full reading
    (at the configuration's own psm) in ``reads``."""
    import pipeline.ocr as ocr_mod

    class Counting:
        def name(self, config):
            return ocr_mod.TESSERACT.name(config)

        def read(self, image, *, config, dpi, page_no=None):
            if config.psm == CONFIG.psm:
                reads.append(image.size)
            return ocr_mod.TESSERACT.read(image, config=config, dpi=dpi, page_no=page_no)

    return Counting
PAGE = ["Art. 1º Os proprietários de terrenos baldios ficam",
        "obrigados a mantê-los limpos e murados.",
        "Art. 2º A notificação será feita pelo órgão de",
        "fiscalização, que fixará prazo de trinta dias."]


def _words(page_text) -> set[str]:
    return {w.text.strip(".,;:") for line in page_text.lines for w in line.words}


def test_tesseract_version_and_backend_name():
    version = tesseract_version()
    assert re.fullmatch(r"\d+\.\d+(\.\d+)?\S*", version), version
    assert backend_name(OcrConfig(lang="por")) == f"tesseract {version} (por)"


def test_scanned_page_is_planned_as_image_at_native_dpi_and_read_by_tesseract(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "scan.pdf", [PAGE], dpi=150, letterhead=LETTERHEAD, skew=0.4,
                           noise=0.0005, blur=0.5)
    [plan] = plan_pages(pdf, config=CONFIG)
    assert plan.kind == "image"
    assert plan.native_dpi == pytest.approx(150, abs=1)
    page = read_page(pdf, plan, config=CONFIG)
    assert page.method == "ocr"
    assert page.dpi == pytest.approx(150, abs=1)  # native, not config.dpi (300)
    words = _words(page)
    assert {"proprietários", "terrenos", "notificação", "fiscalização"} <= words
    confs = [w.conf for line in page.lines for w in line.words]
    assert all(c is not None and 0.0 <= c <= 1.0 for c in confs)
    assert page.confidence is not None and page.confidence > 0.6
    for line in page.lines:
        x0, y0, x1, y1 = line.bbox
        assert 0 <= x0 < x1 <= page.width and 0 <= y0 < y1 <= page.height
    # lines come in reading order: the letterhead before the first article
    text = page.text
    assert text.index("PREFEITURA") < text.index("Art") < text.index("fiscaliza")


def test_native_resolution_can_be_turned_off(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "scan.pdf", [PAGE], dpi=150)
    [plan] = plan_pages(pdf, config=CONFIG)
    config = OcrConfig(prepare=False, native=False, dpi=200)
    image, dpi = render_pdf_page(pdf, plan, config=config)
    assert dpi == 200
    assert image.width == pytest.approx(plan.width / 72 * 200, abs=2)


def test_text_layer_page_is_read_without_tesseract(tmp_path, monkeypatch):
    pdf = make_text_pdf(tmp_path / "born-digital.pdf", [PAGE])
    [plan] = plan_pages(pdf, config=CONFIG)
    assert plan.kind == "text" and plan.native_dpi is None
    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract reachable
    doc = ocr_document(pdf, config=CONFIG)
    assert doc.method == "text"
    assert doc.backend.startswith("pdfplumber ")
    assert [ln.text for ln in doc.pages[0].lines] == PAGE
    assert doc.confidence is None


def test_page_with_too_little_text_is_ocrd(tmp_path):
    pdf = make_text_pdf(tmp_path / "short.pdf", [["Fl. 3"]])
    [plan] = plan_pages(pdf, config=CONFIG)
    assert plan.kind == "image"
    assert plan_pages(pdf, config=OcrConfig(min_text_chars=3))[0].kind == "text"


def test_mixed_pdf_reads_text_page_and_scanned_page(tmp_path):
    first, second = law_pages(2)
    pdf = make_pdf(tmp_path / "mixed.pdf", [first, render_page(second, dpi=200)], dpi=200)
    plans = plan_pages(pdf, config=CONFIG)
    assert [p.kind for p in plans] == ["text", "image"]
    doc = ocr_document(pdf, config=CONFIG)
    assert doc.method == "mixed"
    assert [p.method for p in doc.pages] == ["text", "ocr"]
    assert "LEI Nº 412" in doc.pages[0].text
    assert "Constituem" in doc.pages[1].text
    assert doc.backend == backend_name(CONFIG)


def test_ocr_document_parallel_in_order_with_progress_and_sha(tmp_path):
    pages = law_pages(3)
    pdf = make_scanned_pdf(tmp_path / "law.pdf", pages, dpi=150, letterhead=LETTERHEAD)
    seen: list[tuple[int, int]] = []
    doc = ocr_document(pdf, config=CONFIG, workers=2, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert [p.page_index for p in doc.pages] == [0, 1, 2]
    assert doc.sha256 == hashlib.sha256(pdf.read_bytes()).hexdigest()
    assert doc.method == "ocr"
    # each page's first article is on that page
    for page, lines in zip(doc.pages, pages, strict=True):
        first_art = next(s for s in lines if s.startswith("Art. "))
        assert first_art.split()[1] in page.text  # "1º", "3º", ...
    assert 0.6 < doc.confidence <= 1.0
    assert doc.plain_text().count("\f") == 2


def test_ocr_document_with_a_given_page_mapper(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "law.pdf", law_pages(2), dpi=150)
    calls = []

    def mapper(func, plans):
        calls.append(len(plans))
        return [func(p) for p in reversed(plans)]  # out of order on purpose

    doc = ocr_document(pdf, config=CONFIG, map_pages=mapper)
    assert calls == [2]
    assert [p.page_index for p in doc.pages] == [0, 1]
    assert "Art" in doc.pages[1].text


def test_multipage_bilevel_tiff(tmp_path):
    images = [render_page(lines, dpi=200) for lines in law_pages(2)]
    tiff = make_tiff(tmp_path / "law.tiff", images, mode="1", dpi=200)
    plans = plan_pages(tiff, config=CONFIG)
    assert [(p.kind, p.native_dpi) for p in plans] == [("image", 200.0), ("image", 200.0)]
    doc = ocr_document(tiff, config=CONFIG)
    assert "proprietários" in doc.pages[0].text
    assert "Constituem" in doc.pages[1].text


def test_unknown_language_is_an_ocr_error(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "scan.pdf", [PAGE], dpi=100)
    [plan] = plan_pages(pdf, config=CONFIG)
    with pytest.raises(OcrError) as info:
        read_page(pdf, plan, config=OcrConfig(lang="xxx_nonexistent", prepare=False))
    assert info.value.reason == "tesseract_failed"


def test_huge_vector_page_is_rendered_under_the_pixel_cap(tmp_path):
    # an A0 page (841 x 1189 mm) without text: at 300 dpi it would be 139 M pixels
    from reportlab.pdfgen import canvas

    path = tmp_path / "a0.pdf"
    c = canvas.Canvas(str(path), pagesize=(2384, 3370))
    c.line(10, 10, 2000, 3000)
    c.showPage()
    c.save()
    [plan] = plan_pages(path, config=CONFIG)
    assert plan.kind == "image" and plan.native_dpi is None
    image, dpi = render_pdf_page(path, plan, config=OcrConfig(dpi=300))
    assert image.width * image.height <= MAX_OCR_PIXELS
    assert 100 < dpi < 300


@pytest.mark.parametrize(
    "tsv, expected",
    [
        (
            "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
            "1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t\n"
            "4\t1\t1\t1\t1\t0\t10\t10\t80\t12\t-1\t\n"
            "5\t1\t1\t1\t1\t1\t10\t10\t30\t12\t96.5\tArt.\n"
            "5\t1\t1\t1\t1\t2\t45\t10\t20\t12\t50\t1º\n"
            "5\t1\t1\t1\t2\t1\t10\t30\t30\t12\t90\tTexto\n"
            "5\t1\t1\t1\t2\t2\t45\t30\t30\t12\t-1\t \n",
            [("Art. 1º", (10.0, 10.0, 65.0, 22.0), 0.7325), ("Texto", (10.0, 30.0, 40.0, 42.0), 0.9)],
        ),
        ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n", []),
    ],
)
def test_parse_tsv(tsv, expected):
    lines = parse_tsv(tsv)
    assert [(ln.text, ln.bbox, round(ln.conf, 4)) for ln in lines] == expected


def test_plan_is_a_small_picklable_value():
    import pickle

    plan = PagePlan(0, "image", 419.5, 595.3, 200.0)
    assert pickle.loads(pickle.dumps(plan)) == plan


def test_parallel_read_from_a_threaded_parent_uses_a_safe_start_method(tmp_path):
    # Under Prefect the parent has threads; forking it could deadlock, so the pool must not fork.
    import threading

    from pipeline.ocr import _pool_context

    stop = threading.Event()
    helper = threading.Thread(target=stop.wait, daemon=True)
    helper.start()
    try:
        assert _pool_context().get_start_method() != "fork"
        pdf = make_scanned_pdf(tmp_path / "law.pdf", law_pages(2), dpi=150)
        doc = ocr_document(pdf, config=CONFIG, workers=2)
    finally:
        stop.set()
        helper.join()
    assert "Constituem" in doc.pages[1].text


def test_tesseract_timeout_is_recorded_per_page_and_raised_when_no_page_is_read(tmp_path):
    pdf = make_scanned_pdf(tmp_path / "law.pdf", law_pages(2), dpi=150)
    slow = OcrConfig(prepare=False, timeout_s=0.001)
    [plan, _] = plan_pages(pdf, config=slow)
    with pytest.raises(OcrError) as info:
        read_page(pdf, plan, config=slow)
    assert info.value.reason == "ocr_timeout"
    with pytest.raises(OcrError) as info:
        ocr_document(pdf, config=slow, workers=1)
    assert info.value.reason == "ocr_timeout" and info.value.page_no == 1


def test_unreadable_page_among_good_ones_is_kept_with_its_error(tmp_path):
    first, second = law_pages(2)
    pdf = make_pdf(tmp_path / "mixed.pdf", [first, render_page(second, dpi=150)], dpi=150)
    slow = OcrConfig(prepare=False, timeout_s=0.001)  # only the scanned page needs Tesseract
    doc = ocr_document(pdf, config=slow)
    assert [p.method for p in doc.pages] == ["text", "none"]
    assert (doc.pages[1].error.category, doc.pages[1].error.reason) == ("ocr", "ocr_timeout")
    assert doc.method == "text"


def test_embedded_scan_honours_the_pages_rotate_entry(tmp_path):
    """Archives publish scans stored upside down with /Rotate 180: the stored image must be
    turned as a viewer turns it (here without OSD: preparation is off)."""
    import io

    import pypdfium2 as pdfium

    from corpus.sample.scanner import image_pdf_bytes

    upright = render_page(PAGE, dpi=150)
    pdf = pdfium.PdfDocument(io.BytesIO(image_pdf_bytes([upright.rotate(180)], dpi=150)))
    pdf[0].set_rotation(180)
    path = tmp_path / "rotated.pdf"
    pdf.save(str(path))
    pdf.close()
    [plan] = plan_pages(path, config=CONFIG)
    page = read_page(path, plan, config=CONFIG)
    assert page.rotation == 180
    assert {"proprietários", "terrenos", "notificação", "fiscalização"} <= _words(page)
    assert page.confidence is not None and page.confidence > 0.8


def _scan_with_layer(path, lines, layer_lines, *, dpi=150, mode=3, text_first=False):
    """A one-page scan of ``lines`` with an invisible text layer saying ``layer_lines`` at the
    printed lines' places (as a scanner's OCR software writes it). ``mode`` 0 draws the text
    visible: under the scan with ``text_first`` (a scanner's layered PDF), else over it (a
    born-digital page over a background image)."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    from corpus.sample.scanner import font_path

    if "DejaVuSansMono" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVuSansMono", font_path()))
    image = render_page(lines, dpi=dpi)
    w_pt, h_pt = image.width / dpi * 72, image.height / dpi * 72
    c = canvas.Canvas(str(path), pagesize=(w_pt, h_pt), invariant=1)
    if not text_first:
        c.drawImage(ImageReader(image), 0, 0, width=w_pt, height=h_pt)
    font_px = round(10 * dpi / 72)
    line_h, y = round(font_px * 1.45), round(14 / 25.4 * dpi)
    for text in layer_lines:
        t = c.beginText(14 / 25.4 * 72, h_pt - (y + 0.8 * font_px) / dpi * 72)
        t.setTextRenderMode(mode)
        t.setFont("DejaVuSansMono", 10)
        t.textLine(text)
        c.drawText(t)
        y += line_h
    if text_first:
        c.drawImage(ImageReader(image), 0, 0, width=w_pt, height=h_pt)
    c.showPage()
    c.save()
    return path


BODY = [line for page in law_pages(1) for line in page if line][:30]


def test_a_text_layer_in_the_pages_order_is_read_and_one_out_of_order_is_rejected(tmp_path):
    from pipeline.ocr import text_layer_agrees

    good = _scan_with_layer(tmp_path / "good.pdf", BODY, BODY)
    swapped = [BODY[i ^ 1] if (i ^ 1) < len(BODY) else BODY[i] for i in range(len(BODY))]
    bad = _scan_with_layer(tmp_path / "bad.pdf", BODY, swapped)
    config = OcrConfig(prepare=False)
    [plan] = plan_pages(good, config=config)
    assert plan.kind == "text" and plan.native_dpi is not None
    layer = read_page(good, plan, config=config)
    assert layer.method == "text" and not layer.text_layer_rejected
    assert text_layer_agrees(good, plan, layer, config=config)
    [plan] = plan_pages(bad, config=config)
    page = read_page(bad, plan, config=config)
    assert page.method == "ocr" and page.text_layer_rejected
    forced = read_page(good, plan_pages(good, config=config)[0], config=OcrConfig(prepare=False, ocr="always"))
    assert forced.method == "ocr" and not forced.text_layer_rejected


def test_a_text_layer_the_page_does_not_show_is_an_ocr_layer_one_it_shows_is_born_digital(tmp_path):
    """Invisible text over a scan, or text the scan is drawn over, is an OCR layer laid by other
    software (its readings are OCR's: nothing of it is born-digital); text drawn over a
    background image is the page's own."""
    from models.ocr import DocumentText
    from pipeline.cleaning import clean_document
    from pipeline.ocr import _layer_over_scan

    config = OcrConfig(prepare=False)
    cases = {
        "invisible.pdf": dict(mode=3), "under-scan.pdf": dict(mode=0, text_first=True),
        "over-background.pdf": dict(mode=0),
    }
    for name, how in cases.items():
        path = _scan_with_layer(tmp_path / name, BODY, BODY, **how)
        [plan] = plan_pages(path, config=config)
        page = read_page(path, plan, config=config)
        ocr_layer = name != "over-background.pdf"
        assert plan.kind == "text" and _layer_over_scan(path, 0) is ocr_layer, name
        assert page.method == "text" and page.ocr_layer is ocr_layer, name
        lines = clean_document(DocumentText(source=name, pages=(page,)))
        assert lines and all(ln.text_layer is not ocr_layer for ln in lines), name


def test_a_page_read_badly_is_read_turned_when_the_cheap_checks_missed_it_upside_down(monkeypatch):
    """A typewritten page stored upside down that the line heuristics and OSD take for upright
    (seen: a bilevel 1989 scan with a dark border): the first reading's confidence is low, the
    turned reading's is clearly better, and the page keeps that one."""
    import dataclasses

    import pipeline.imageprep as imageprep
    from pipeline.ocr import ocr_image

    monkeypatch.setattr(imageprep, "detect_orientation", lambda image: 0)
    monkeypatch.setattr(imageprep, "text_direction", lambda binary: ("horizontal", 0.7))
    upright = render_page(PAGE, dpi=150).convert("L")
    page = ocr_image(upright.rotate(180), page_index=0, dpi=150, config=dataclasses.replace(CONFIG, prepare=True))
    assert page.rotation == 180
    assert {"proprietários", "terrenos", "notificação"} <= _words(page)
    assert page.confidence is not None and page.confidence > 0.8
    # an upright page read well is read once, as it is
    again = ocr_image(upright, page_index=0, dpi=150, config=dataclasses.replace(CONFIG, prepare=True))
    assert again.rotation == 0 and again.confidence is not None and again.confidence > 0.8


def test_several_crops_are_read_by_one_tesseract_as_each_alone():
    """read_many (the margin labels of a page) runs one Tesseract over a list of images and
    gives each image its own lines, the same as reading it alone (a blank crop among them too)."""
    import dataclasses

    from PIL import Image

    from pipeline.ocr import TESSERACT, run_tesseract

    page = render_page(PAGE, dpi=200).convert("L")
    config = dataclasses.replace(CONFIG, psm=7)
    rows = run_tesseract(page, config=CONFIG, dpi=200)
    crops = [page.crop(tuple(int(v) for v in (ln.bbox[0] - 6, ln.bbox[1] - 6, ln.bbox[2] + 6, ln.bbox[3] + 6)))
             for ln in rows[:3]]
    crops.insert(1, Image.new("L", (120, 40), 255))
    together = TESSERACT.read_many(crops, config=config, dpi=200)
    alone = [run_tesseract(crop, config=config, dpi=200) for crop in crops]
    assert len(together) == 4
    assert [[ln.text for ln in lines] for lines in together] == [[ln.text for ln in lines] for lines in alone]
    assert together[0][0].text.startswith("Art. 1") and together[2][0].text.startswith("obrigados")


def test_a_page_read_badly_is_turned_in_full_only_when_a_band_of_it_reads_better_turned(monkeypatch):
    """The 180° check reads a third of the page turned first: an upright page read 'badly' (the
    threshold raised so that every page is) costs that band only; an upside-down page missed by
    the cheap checks is then read turned in full and keeps that reading."""
    import dataclasses

    from scans import LAW_LINES

    import pipeline.imageprep as imageprep
    import pipeline.ocr as ocr_mod

    reads: list[tuple[int, int]] = []
    Counting = _counting_engine(reads)

    monkeypatch.setattr(ocr_mod, "UPSIDE_DOWN_CHECK", 1.01)
    monkeypatch.setattr(imageprep, "detect_orientation", lambda image, sideways=False: 0)
    monkeypatch.setattr(imageprep, "text_direction", lambda binary: ("horizontal", 0.7))
    upright = render_page(LAW_LINES, dpi=150).convert("L")
    config = dataclasses.replace(CONFIG, prepare=True)
    page = ocr_mod.ocr_image(upright, page_index=0, dpi=150, config=config, engine=Counting())
    assert page.rotation == 0
    assert len(reads) == 2 and reads[1][1] < 0.35 * reads[0][1]  # the page, then the band
    reads.clear()
    page = ocr_mod.ocr_image(upright.rotate(180), page_index=0, dpi=150, config=config, engine=Counting())
    assert page.rotation == 180 and page.confidence is not None and page.confidence > 0.8
    assert len(reads) == 3 and reads[1][1] < 0.35 * reads[0][1] and reads[2] == reads[0]


def test_words_turned_up_the_margin_are_lines_of_their_own_read_bottom_to_top(tmp_path):
    # a digital-signature stamp printed up the page's right margin, beside the body's lines
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    from pipeline.ocr import read_text_layer

    path = tmp_path / "stamped.pdf"
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 10)
    body = ["Art. 2º O projeto propõe trabalhar em busca de empresas de lucro real a",
            "possibilidade de financiamento para o projeto, por meio da dedução de",
            "Imposto de Renda das Empresas no valor de R$ 515.400,00."]
    for k, row in enumerate(body):
        c.drawString(60, 500 - 13 * k, row)
    c.saveState()
    c.translate(520, 420)
    c.rotate(90)
    c.drawString(0, 0, "Para verificar a validade das assinaturas acesse o código 77F7")
    c.restoreState()
    c.showPage()
    c.save()
    page = read_text_layer(path, 0)
    texts = [ln.text for ln in page.lines]
    assert texts[:3] == body  # the body's lines hold none of the stamp's words
    assert texts[3:] == ["Para verificar a validade das assinaturas acesse o código 77F7"]


def test_a_scan_pasted_under_a_text_header_is_read_with_the_page(tmp_path):
    # a born-digital gazette page whose text layer holds only its header and footer: the body
    # is an embedded scan (a contract amendment) that must be OCR'd, not dropped
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    scan = render_page(["TERMO ADITIVO AO CONTRATO Nº 058/2018", "",
                        "Os recibos comprovantes das entregas deverão ser",
                        "encaminhados à Secretaria Municipal da Fazenda."], dpi=200)
    path = tmp_path / "gazette.pdf"
    c = canvas.Canvas(str(path), pagesize=A4)
    width, height = A4
    c.setFont("Helvetica", 10)
    c.drawString(60, height - 40, "Edição 2.737 | Ano 11 - 13 de agosto de 2021 - Página 8")
    c.drawString(60, 30, "Versão eletrônica disponível em: http://petrolina.pe.gov.br")
    c.drawImage(ImageReader(scan), 90, 150, width=420, height=420 * scan.height / scan.width)
    c.showPage()
    c.save()
    [plan] = plan_pages(path, config=CONFIG)
    assert plan.kind == "text"
    page = read_page(path, plan, config=OcrConfig(dpi=200))
    text = " ".join(ln.text for ln in page.lines)
    assert page.lines[0].text.startswith("Edição 2.737") and page.lines[-1].text.startswith("Versão eletrônica")
    assert "Secretaria Municipal da Fazenda" in text and "ADITIVO" in text
    assert read_page(path, plan, config=OcrConfig(dpi=200, ocr="never")).lines == page.lines[:1] + page.lines[-1:]


def test_pdfium_is_used_under_one_lock_and_pages_render_alike_from_threads(tmp_path, monkeypatch):
    # PDFium is not thread-safe (not even across documents): a flow reads pages from threads
    import concurrent.futures

    import pypdfium2

    import pipeline.ocr as ocr

    pdf = make_scanned_pdf(tmp_path / "scan.pdf", [PAGE, PAGE], dpi=150)
    held: list[bool] = []
    real = pypdfium2.PdfDocument

    def opened(*args, **kwargs):
        held.append(ocr._PDFIUM_LOCK._is_owned())  # type: ignore[attr-defined]
        return real(*args, **kwargs)

    monkeypatch.setattr(pypdfium2, "PdfDocument", opened)
    plans = plan_pages(pdf, config=CONFIG)
    alone = [render_pdf_page(pdf, plan, config=CONFIG)[0].tobytes() for plan in plans]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda k: render_pdf_page(pdf, plans[k % 2], config=CONFIG)[0].tobytes(), range(8)))
    assert held and all(held)  # every document opened with the lock held
    assert together == [alone[k % 2] for k in range(8)]


def test_a_page_whose_ink_cannot_tell_up_from_down_is_judged_by_its_first_reading_not_by_osd(monkeypatch):
    """Between the ascender share's thresholds the page is read as it lies: no OSD is asked (OSD
    called an upright scanlab page upside down with confidence, and it costs ~0.45 CPU s). An
    upright page reads well and is read once; an upside-down one reads badly, a band of it reads
    better turned, and it is read turned in full, keeping the turned reading."""
    import dataclasses

    from scans import LAW_LINES

    import pipeline.imageprep as imageprep
    import pipeline.ocr as ocr_mod

    reads: list[tuple[int, int]] = []
    Counting = _counting_engine(reads)

    def no_osd(*args, **kwargs):
        raise AssertionError("OSD asked")

    monkeypatch.setattr(imageprep, "detect_orientation", no_osd)
    monkeypatch.setattr(imageprep, "text_direction", lambda binary: ("horizontal", 0.5))
    upright = render_page(LAW_LINES, dpi=150).convert("L")
    config = dataclasses.replace(CONFIG, prepare=True)
    page = ocr_mod.ocr_image(upright, page_index=0, dpi=150, config=config, engine=Counting())
    assert page.rotation == 0 and page.confidence is not None and page.confidence > 0.8
    assert len(reads) == 1
    reads.clear()
    page = ocr_mod.ocr_image(upright.rotate(180), page_index=0, dpi=150, config=config, engine=Counting())
    assert page.rotation == 180 and page.confidence is not None and page.confidence > 0.8
    assert len(reads) == 3 and reads[1][1] < 0.35 * reads[0][1] and reads[2] == reads[0]  # page, band, page
    assert {"proprietários", "terrenos", "notificação"} <= _words(page)


def test_an_upside_down_page_is_read_once_turned_by_its_ink(monkeypatch):
    """A page stored upside down, measured by its ascender share (no cue patched, no OSD): a strip
    of it read both ways confirms it, and it is turned before the first reading and read once by
    real Tesseract, not read as it lies, probed and read again. An upright page: one reading."""
    import dataclasses

    from PIL import Image
    from scans import LAW_LINES

    import pipeline.imageprep as imageprep
    import pipeline.ocr as ocr_mod

    reads: list[tuple[int, int]] = []
    Counting = _counting_engine(reads)

    def no_osd(*args, **kwargs):
        raise AssertionError("OSD asked")

    monkeypatch.setattr(imageprep, "detect_orientation", no_osd)
    upright = render_page(LAW_LINES, dpi=150).convert("L")
    config = dataclasses.replace(CONFIG, prepare=True)
    for angle in (0.0, 1.5):  # straight, and skewed (judged on the page made straight)
        page_image = upright.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
        reads.clear()
        page = ocr_mod.ocr_image(page_image.rotate(180), page_index=0, dpi=150, config=config, engine=Counting())
        assert page.rotation == 180 and page.confidence is not None and page.confidence > 0.8
        assert {"proprietários", "terrenos", "notificação"} <= _words(page)
        strip, turned, full = reads  # the strip as it lies and turned, then the page once
        assert strip == turned and strip[0] * strip[1] < 0.2 * full[0] * full[1]
        reads.clear()
        page = ocr_mod.ocr_image(page_image, page_index=0, dpi=150, config=config, engine=Counting())
        assert page.rotation == 0 and reads == [full]


def test_a_page_the_ink_calls_upside_down_is_kept_as_it_lies_when_its_strip_reads_worse_turned(monkeypatch):
    """Upright real scans of tables and capitals can look upside down to the ink: the strip read
    both ways keeps such a page as it lies, read once more in full (not three times)."""
    import dataclasses

    from scans import LAW_LINES

    import pipeline.imageprep as imageprep
    import pipeline.ocr as ocr_mod

    reads: list[tuple[int, int]] = []
    Counting = _counting_engine(reads)
    monkeypatch.setattr(imageprep, "ascender_share", lambda area: 0.3)
    upright = render_page(LAW_LINES, dpi=150).convert("L")
    page = ocr_mod.ocr_image(upright, page_index=0, dpi=150, config=dataclasses.replace(CONFIG, prepare=True),
                             engine=Counting())
    assert page.rotation == 0 and page.confidence is not None and page.confidence > 0.8
    assert len(reads) == 3 and reads[0] == reads[1] and reads[2][1] > 5 * reads[0][1]


def test_the_library_reads_a_page_as_the_tesseract_program_does(monkeypatch):
    """Pages are read by Tesseract's library loaded once per process (pipeline.tessapi): the
    same lines, words, boxes and confidences as the program prints for the same image, psm and
    dpi, for one image and for a list of crops; LOCLEG_TESSERACT_CLI=1 runs the program."""
    import dataclasses

    from pipeline import tessapi
    from pipeline.ocr import TESSERACT, run_tesseract

    assert tessapi.library() is not None, "libtesseract.so.5 should load here"
    page = render_page(PAGE, dpi=200).convert("L")
    through_library = run_tesseract(page, config=CONFIG, dpi=200)
    crops = [page.crop((0, 0, page.width, page.height // 2)), page.crop((0, page.height // 2, page.width, page.height))]
    single = dataclasses.replace(CONFIG, psm=6)
    crops_library = TESSERACT.read_many(crops, config=single, dpi=200)
    monkeypatch.setenv("LOCLEG_TESSERACT_CLI", "1")
    monkeypatch.setattr(tessapi, "_LOADED", {})
    assert tessapi.read_tsv_many([page], lang="por", psm=4, oem=1, dpi=200, timeout_s=10) is None
    through_program = run_tesseract(page, config=CONFIG, dpi=200)
    assert through_library == through_program and "proprietários" in " ".join(ln.text for ln in through_library)
    assert TESSERACT.read_many(crops, config=single, dpi=200) == crops_library


def test_the_library_refuses_an_unknown_language_as_the_program_does():
    from pipeline.ocr import run_tesseract

    page = render_page(PAGE, dpi=150).convert("L")
    with pytest.raises(OcrError) as info:
        run_tesseract(page, config=OcrConfig(prepare=False, lang="xyz"), dpi=150)
    assert info.value.reason == "tesseract_failed"


def _bleed_page():
    """A page with dark text and the mirrored text of its other side showing through in grey, at
    the bottom third: preparation picks ``separate`` for it."""
    import numpy as np
    from PIL import Image
    from scans import LAW_LINES

    page = np.asarray(render_page(LAW_LINES, dpi=200, blur=0.6).convert("L")).astype(np.int16)
    other = np.asarray(render_page(LAW_LINES[::-1], dpi=200, blur=1.2).convert("L"))[:, ::-1].astype(np.int16)
    h = page.shape[0]
    shown = np.full_like(page, 255)
    shown[h // 2:] = 255 - (255 - other[h // 2:]) * 45 // 100  # the other side at 45% darkness
    image = Image.fromarray(np.minimum(page, shown).astype(np.uint8), "L")
    image.info["dpi"] = (200, 200)
    return image


@pytest.mark.parametrize("prefers_two_levels", [True, False])
def test_a_page_is_read_separated_only_when_the_band_where_separating_acted_reads_better(
        monkeypatch, prefers_two_levels):
    """Separating the ink throws the grey away: the band where it changed the page most is read
    with and without it, and the page is read from the preparation whose band reads better (here
    an engine whose confidence favours two-level or grey images decides). Without the check a
    separated page was read separated, light bleed-through or not (docs/ocr-quality.md)."""
    import dataclasses

    import numpy as np

    import pipeline.ocr as ocr_mod
    from models.ocr import Line
    from pipeline.imageprep import prepare_page

    image = _bleed_page()
    config = dataclasses.replace(CONFIG, prepare=True)
    assert "separate" in prepare_page(image, config=config)[1].steps
    full_reads: list[bool] = []  # whether each full-page reading was of a two-level image

    class Preferring:
        def name(self, config):
            return "stub"

        def read(self, image, *, config, dpi, page_no=None):
            two_level = len(np.unique(np.asarray(image.convert("L")))) <= 2
            if image.height > 0.5 * page_height:
                full_reads.append(two_level)
            factor = 1.0 if two_level == prefers_two_levels else 0.6
            lines = ocr_mod.TESSERACT.read(image, config=config, dpi=dpi, page_no=page_no)
            return tuple(Line.of_words(tuple(w.model_copy(update={"conf": (w.conf or 0.0) * factor})
                                             for w in ln.words)) for ln in lines if ln.words)

    page_height = image.height
    page = ocr_mod.ocr_image(image, page_index=0, dpi=200, config=config, engine=Preferring())
    assert full_reads == [prefers_two_levels]  # one reading of the page, of the better preparation
    assert "proprietários" in {w.text.strip(".,;:") for ln in page.lines for w in ln.words}


def _chars_of(text: str) -> list[dict]:
    """pdfplumber-like characters of ``text``, in content-stream order."""
    return [{"text": ch, "x0": 10.0 * k, "x1": 10.0 * k + 6.0} for k, ch in enumerate(text)]


def test_characters_pdfminer_could_not_map_take_what_pdfium_reads_in_their_place():
    # Acre's state gazette (2021): the font's ToUnicode table maps the period to U+FFFD, so
    # pdfminer reads 'Art\ufffd 1o' and 'Nº 1\ufffd653'; PDFium maps the glyph by the font's encoding
    # (and puts line breaks and spaces of its own between lines and words)
    from pipeline.ocr import mend_unmapped

    mine = "DECRETO Nº 1\ufffd653 DE 16 DE DEZEMBRO 2021Art\ufffd 1o Fica regulamentado\ufffdArt\ufffd 2o A bonificação (cid:7)"
    chars = _chars_of(mine.replace("(cid:7)", "#"))
    chars[-1]["text"] = "(cid:7)"  # one unmapped glyph of a CID font: pdfminer's whole '(cid:N)'
    other = "DECRETO Nº 1.653 DE 16 DE DEZEMBRO 2021 \r\nArt. 1o Fica regulamentado.\r\nArt. 2o A bonificação §"
    assert mend_unmapped(chars, other) == 5
    text = "".join(c["text"] for c in chars)
    assert text == "DECRETO Nº 1.653 DE 16 DE DEZEMBRO 2021Art. 1o Fica regulamentado.Art. 2o A bonificação §"


def test_an_unmapped_character_is_mended_only_where_the_readers_agree_around_it():
    from pipeline.ocr import mend_unmapped

    # PDFium drops a glyph pdfminer reads ('ﬁ' ligature read whole by one, not at all by the
    # other) before the unmapped point: the walk finds where they agree again and mends after it
    chars = _chars_of("A Secretaria deﬁnirá as regras\ufffd Art\ufffd 2o Esta Lei")
    other = "A Secretaria definirá as regras. Art. 2o Esta Lei"
    assert mend_unmapped(chars, other) == 2
    assert "".join(c["text"] for c in chars).endswith("regras. Art. 2o Esta Lei")
    # where the other reader has no character of its own there either, nothing is invented
    chars = _chars_of("Art\ufffd 1\ufffd Fica criada a praça\ufffd")
    assert mend_unmapped(chars, "Art\ufffd 1\ufffd Fica criada a praça\ufffd") == 0
    assert mend_unmapped(chars, "Art 1 Fica criada a praça") == 0  # (no character in its place)
    assert "".join(c["text"] for c in chars) == "Art\ufffd 1\ufffd Fica criada a praça\ufffd"


def test_a_text_layer_whose_period_no_reader_maps_is_read_as_it_is(tmp_path):
    # a real PDF (a font whose ToUnicode table maps the period to U+FFFD, no font program PDFium
    # could map it by): read_text_layer asks PDFium, which reads U+FFFD too; no neighbour's
    # letter is put in its place ('Artt 11' was what a reader by position gave)
    from pipeline.ocr import read_text_layer

    cmap = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def /CMapType 2 def\n1 begincodespacerange <00> <FF> endcodespacerange\n"
            f"{0x7F - 0x20} beginbfchar\n"
            + "".join(f"<{c:02X}> <{0xFFFD if c == 0x2E else c:04X}>\n" for c in range(0x20, 0x7F))
            + "endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end\n")
    lines = ["LEI N. 12, DE 3 DE MAIO DE 2001", "Art. 1. Fica criada a praca.", "Art. 2. Esta Lei entra em vigor."]
    text = "BT /F1 12 Tf 72 720 Td 16 TL " + " ".join(f"({ln}) '" for ln in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 6 0 R >>",
        f"<< /Length {len(text)} >>\nstream\n{text}\nendstream",
        f"<< /Length {len(cmap)} >>\nstream\n{cmap}endstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path = tmp_path / "unmapped.pdf"
    path.write_bytes(bytes(out))
    assert [ln.text for ln in read_text_layer(path, 0).lines] == [ln.replace(".", "\ufffd") for ln in lines]


def test_text_off_the_page_is_not_read_from_its_text_layer(tmp_path):
    # maceio-dec8052-2015 (blind11): the gazette's layout program left the next page's columns in
    # each page's content, off the page's box; a viewer clips them, and they had been read glued to
    # this page's lines ('Art. 20º - Na hipótese de documento ques ificação em qualquer grau de')
    from reportlab.pdfgen import canvas

    from pipeline.ocr import read_text_layer

    path = tmp_path / "spread.pdf"
    c = canvas.Canvas(str(path), pagesize=(595, 842))
    c.setFont("Helvetica", 11)
    c.drawString(60, 760, "Art. 20. Na hipótese de documento que contenha informações")
    c.drawString(-300, 760, "quaisquer outras palavras da outra página")
    c.drawString(700, 700, "texto da página seguinte")
    c.showPage()
    c.save()
    page = read_text_layer(path, 0)
    assert [ln.text for ln in page.lines] == ["Art. 20. Na hipótese de documento que contenha informações"]
