"""End to end: a digital page with known Chinese/English text and a table, scanned (rotated ~1.5°, noisy)
into an image-only PDF, comes back through OCR with CER <= 3% and the table's rows and columns."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from finrag.config import Settings
from finrag.errors import ParseError
from finrag.model import BlockKind
from finrag.parse.base import PageContent
from finrag.parse.ocr import ImageParser, PageJob, ocr_pdf_pages, run_page
from finrag.parse.ocr_engine import make_engine
from finrag.parse.ocr_layout import OrientationDetector, rotate

ZH_TEXT = (
    "本公司二零一九年度实现营业收入十二亿三千万元，较上年增长百分之八。"
    "公司持续加大研发投入，主要产品市场占有率稳步提升。"
)
EN_TEXT = (
    "Revenue for the year increased by eight percent, driven by higher sales volumes "
    "and improved pricing in the refrigeration equipment segment."
)
TABLE_ROWS = [
    ["项目", "2019年", "2018年"],
    ["营业收入", "1,234,567.89", "1,143,120.00"],
    ["营业成本", "856,432.10", "801,765.43"],
    ["净利润", "178,901.23", "150,222.80"],
]
SCAN_DPI = 200
ZH_BOTTOM_PT = 153  # where the Chinese paragraph ends on the page (reportlab layout below)
EN_BOTTOM_PT = 215  # where the English paragraph ends
ROTATION_DEG = 1.5
NOISE_SIGMA = 12.0


def _px(points: float) -> int:
    return int(points * SCAN_DPI / 72)


def make_digital_pdf(path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    body = ParagraphStyle("body", fontName="STSong-Light", fontSize=12, leading=18)
    head = ParagraphStyle("head", fontName="STSong-Light", fontSize=16, leading=22)
    table = Table(TABLE_ROWS, colWidths=[120, 120, 120])
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "STSong-Light"),
                ("FONTSIZE", (0, 0), (-1, -1), 12),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
            ]
        )
    )
    doc = SimpleDocTemplate(str(path), pagesize=A4)
    doc.build(
        [
            Paragraph("经营情况讨论与分析", head),
            Spacer(1, 12),
            Paragraph(ZH_TEXT, body),
            Spacer(1, 12),
            Paragraph(EN_TEXT, body),
            Spacer(1, 24),
            Paragraph("合并利润表 单位：元", body),
            Spacer(1, 6),
            table,
        ]
    )


def scan(pdf_path: Path, seed: int = 7) -> list[Image.Image]:
    """Render every page, rotate it slightly and add noise, like a flatbed scan."""
    rng = np.random.default_rng(seed)
    pages: list[Image.Image] = []
    pdf = pdfium.PdfDocument(str(pdf_path))
    for page in pdf:
        img = page.render(scale=SCAN_DPI / 72).to_pil().convert("L")
        img = img.rotate(ROTATION_DEG, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=255)
        arr = np.asarray(img, dtype=np.float32) + rng.normal(0, NOISE_SIGMA, (img.height, img.width))
        pages.append(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))
    pdf.close()
    return pages


def make_scanned_pdf(path: Path, pages: list[Image.Image]) -> None:
    pages[0].save(path, save_all=True, append_images=pages[1:], resolution=SCAN_DPI)


def cer(got: str, want: str) -> float:
    """Character error rate (Levenshtein distance / len(want)), whitespace ignored."""
    a = "".join(got.split())
    b = "".join(want.split())
    prev = list(range(len(a) + 1))
    for i, cb in enumerate(b, start=1):
        cur = [i] + [0] * len(a)
        for j, ca in enumerate(a, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return prev[-1] / max(len(b), 1)


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Image.Image]]:
    d = tmp_path_factory.mktemp("ocr")
    make_digital_pdf(d / "digital.pdf")
    pages = scan(d / "digital.pdf")
    make_scanned_pdf(d / "scanned.pdf", pages)
    return d / "scanned.pdf", pages


@pytest.fixture(scope="module")
def page(scanned: tuple[Path, list[Image.Image]]) -> PageContent:
    from finrag.config import load_settings

    settings = load_settings(scanned[0].parent / "data")
    (content,) = ocr_pdf_pages(scanned[0], [1], settings)
    return content


def test_scanned_page_text_is_read_with_low_character_error_rate(page: PageContent) -> None:
    assert page.warnings == []
    text = "".join(b.text for b in page.blocks if b.kind is not BlockKind.TABLE)
    want = "经营情况讨论与分析" + ZH_TEXT + EN_TEXT + "合并利润表单位：元"
    assert cer(text, want) <= 0.03, text
    zh = min((cer(b.text, ZH_TEXT) for b in page.blocks), default=1.0)
    en = min((cer(b.text, EN_TEXT) for b in page.blocks), default=1.0)
    assert zh <= 0.03 and en <= 0.03  # each paragraph comes back as one block


def test_scanned_table_comes_back_with_rows_and_columns(page: PageContent) -> None:
    (table,) = page.tables
    assert table.source == "ocr" and table.pages == [1]
    assert table.header == [TABLE_ROWS[0]]
    assert table.rows == TABLE_ROWS[1:]
    assert "合并利润表" in table.caption and table.unit == "元"
    (block,) = [b for b in page.blocks if b.kind is BlockKind.TABLE]
    assert block.table_id == table.table_id
    assert "营业收入 | 1,234,567.89 | 1,143,120.00" in block.text


def test_blocks_carry_ocr_source_confidence_and_boxes_in_points(page: PageContent) -> None:
    a4_w, a4_h = 595.3, 841.9
    heading = page.blocks[0]
    assert heading.kind is BlockKind.HEADING and "经营情况" in heading.text
    for b in page.blocks:
        assert b.source == "ocr" and b.page == 1
        assert b.confidence is not None and 0.5 <= b.confidence <= 1.0
        assert b.bbox is not None
        assert 0 <= b.bbox.x0 < b.bbox.x1 <= a4_w and 0 <= b.bbox.y0 < b.bbox.y1 <= a4_h
    # reportlab's top margin is 72 pt: the heading sits just below it (top-left origin)
    assert heading.bbox is not None and 60 <= heading.bbox.y0 <= 100
    ys = [b.bbox.y0 for b in page.blocks if b.bbox is not None]
    assert ys == sorted(ys)  # one column: reading order is top to bottom


def test_png_and_multipage_tiff_are_parsed_page_by_page(
    scanned: tuple[Path, list[Image.Image]], settings: Settings, tmp_path: Path
) -> None:
    full = scanned[1][0]
    top = full.crop((0, 0, full.width, _px(ZH_BOTTOM_PT)))  # heading + Chinese paragraph
    png = tmp_path / "scan.png"
    top.save(png, dpi=(SCAN_DPI, SCAN_DPI))
    doc = ImageParser().parse(png, file_name="scan.png", doc_id="d1", settings=settings)
    assert doc.media_type == "image" and doc.pages == 1 and doc.language == "zh"
    assert doc.report.scanned_pages == [1] and doc.report.parser == "image"
    assert cer(max((b.text for b in doc.blocks), key=len), ZH_TEXT) <= 0.03

    tiff = tmp_path / "scan.tif"
    frames = [top, full.crop((0, _px(ZH_BOTTOM_PT), full.width, _px(EN_BOTTOM_PT)))]
    frames[0].save(tiff, save_all=True, append_images=frames[1:], dpi=(SCAN_DPI, SCAN_DPI))
    doc = ImageParser().parse(tiff, file_name="scan.tif", doc_id="d2", settings=settings)
    assert doc.pages == 2 and doc.report.page_count == 2
    assert {b.page for b in doc.blocks} == {1, 2}
    assert any("Revenue for the year" in b.text for b in doc.blocks if b.page == 2)


def test_unreadable_image_is_a_parse_error(settings: Settings, tmp_path: Path) -> None:
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not an image")
    with pytest.raises(ParseError) as err:
        ImageParser().parse(bad, file_name="bad.png", doc_id="d", settings=settings)
    assert err.value.stage == "parse" and err.value.file == "bad.png"


def test_bad_or_slow_page_becomes_a_warning_not_a_failure(
    scanned: tuple[Path, list[Image.Image]], settings: Settings
) -> None:
    missing = run_page(PageJob("pdf", str(scanned[0]), 9, 10), settings.ocr)
    assert missing.blocks == [] and "page 10: OCR failed" in missing.warnings[0]
    blank = Path(settings.home) / "blank.png"
    blank.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (800, 1000), "white").save(blank)
    empty = run_page(PageJob("image", str(blank), 0, 1), settings.ocr)
    assert empty.blocks == [] and empty.tables == [] and empty.warnings == []
    quick = settings.model_copy(update={"ocr": settings.ocr.model_copy(update={"page_timeout_s": 0.2})})
    (late,) = ocr_pdf_pages(scanned[0], [1], quick)
    assert late.blocks == [] and "timed out" in late.warnings[0]


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="apt tesseract-ocr not installed")
def test_tesseract_engine_reads_the_same_scan(
    scanned: tuple[Path, list[Image.Image]], settings: Settings
) -> None:
    full = scanned[1][0].convert("RGB")
    strip = full.crop((0, _px(ZH_BOTTOM_PT), full.width, _px(EN_BOTTOM_PT)))  # the English paragraph
    image = np.ascontiguousarray(np.asarray(strip)[:, :, ::-1])
    engine = make_engine(settings.ocr.model_copy(update={"engine": "tesseract", "tesseract_langs": "eng"}))
    lines = engine.read(image)
    text = " ".join(ln.text for ln in lines)
    assert "Revenue for the year increased by eight percent" in text, text
    assert all(0.0 <= ln.score <= 1.0 and ln.x1 > ln.x0 for ln in lines)


def test_orientation_detector_turns_a_sideways_scan_upright(
    scanned: tuple[Path, list[Image.Image]], settings: Settings
) -> None:
    upright = np.ascontiguousarray(np.asarray(scanned[1][0].convert("RGB"))[:, :, ::-1])
    detector = OrientationDetector(settings.ocr.model_copy(update={"threads": 1}))
    for turns in range(4):
        sideways = rotate(upright, turns)
        fix = detector.quarter_turns(sideways)
        assert (turns + fix) % 4 == 0, (turns, fix)
