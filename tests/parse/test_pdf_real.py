"""PdfParser over the real filings in ../shared/eval (skipped when absent).

To stay fast, long filings are cut to the pages a test needs (pypdfium2 copies them into a tmp PDF).
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from finrag.config import Settings
from finrag.model import BlockKind, Document
from finrag.parse.pdf import PdfParser, open_pdf

pytestmark = pytest.mark.shared

JINYU = "zh/2021-04-23__金宇生物技术股份有限公司__600201__生物股份__2020年__年度报告.pdf"
SIFANG = "zh/2020-04-16__四方科技集团股份有限公司__603339__四方科技__2019年__年度报告.pdf"
JPM = "en/JPMORGAN_2022Q2_10Q.pdf"
BROKER = "parsing/zh_broker_research_report_gaoce_688556_2022-07-19.pdf"
# Pages of every shared PDF parsed by the smoke test (the full run is bench/parse_speed.py).
SMOKE_PAGES = 1


def cut(src: Path, first: int, last: int, dst: Path) -> Path:
    """Physical pages first..last (1-indexed) of src as a new PDF."""
    pdf = pdfium.PdfDocument(str(src))
    out = pdfium.PdfDocument.new()
    out.import_pages(pdf, list(range(first - 1, min(last, len(pdf)))))
    out.save(str(dst))
    out.close()
    pdf.close()
    return dst


def parse(path: Path, settings: Settings) -> Document:
    return PdfParser().parse(path, file_name=path.name, doc_id="0" * 64, settings=settings)


def test_jinyu_balance_sheet_is_one_table_over_pages(
    shared_eval: Path, tmp_path: Path, settings: Settings
) -> None:
    first = 64  # pages 64..69 of the filing: page 66 of the filing is page 3 of the cut
    doc = parse(cut(shared_eval / "docs" / JINYU, first, 69, tmp_path / "jinyu.pdf"), settings)
    p66, p67 = 66 - first + 1, 67 - first + 1
    (bs,) = [t for t in doc.tables if t.caption == "合并资产负债表"]
    assert bs.pages[:2] == [p66, p67]
    assert bs.unit == "元"
    assert any("2020年12月31日" in c for c in bs.header[0]) and any(
        "2019年12月31日" in c for c in bs.header[0]
    )
    row = next(r for r in bs.rows if r[0] == "预收款项")
    assert "72,768,571.91" in row
    assert bs.row_pages[bs.rows.index(row)] == p67
    cash = next(r for r in bs.rows if r[0] == "货币资金")
    assert cash[-2:] == ["1,516,034,246.28", "1,108,509,231.31"]
    removed = " ".join(doc.report.removed_lines)
    assert "年度报告" in removed


def test_sifang_balance_sheet_spans_three_pages(
    shared_eval: Path, tmp_path: Path, settings: Settings
) -> None:
    first = 57
    doc = parse(cut(shared_eval / "docs" / SIFANG, first, 63, tmp_path / "sifang.pdf"), settings)
    (bs,) = [t for t in doc.tables if t.caption == "合并资产负债表"]
    assert bs.pages == [59 - first + 1, 60 - first + 1, 61 - first + 1]
    assert bs.header == [["项目", "附注", "2019年12月31日", "2018年12月31日"]]
    assert ["货币资金", "七、1", "905,402,299.44", "627,041,535.44"] in bs.rows
    assert bs.rows[-1][0] == "负债和所有者权益（或股东权益）总计"
    parent = [t for t in doc.tables if t.caption == "母公司资产负债表"]
    assert parent and parent[0].table_id != bs.table_id


def test_jpmorgan_two_columns_read_column_by_column(
    shared_eval: Path, tmp_path: Path, settings: Settings
) -> None:
    doc = parse(cut(shared_eval / "docs" / JPM, 9, 12, tmp_path / "jpm.pdf"), settings)
    page = [b.text for b in doc.blocks if b.page == 3]  # page 11 of the filing
    left = next(i for i, t in enumerate(page) if t.startswith("Card income decreased reflecting"))
    left_end = next(
        i for i, t in enumerate(page) if "discussion of Net interest yield excluding Markets" in t
    )
    right = next(i for i, t in enumerate(page) if t.startswith("Lending- and deposit-related fees"))
    assert left < left_end < right
    # no block runs across the gutter: a left-column sentence is never followed by right-column words
    assert any(
        t.startswith("Refer to CCB segment results on pages 22-26 Note 5 and 14 for additional") for t in page
    )


def test_broker_report_body_not_interleaved_with_sidebar(shared_eval: Path, settings: Settings) -> None:
    path = shared_eval / "docs" / BROKER
    doc = parse(path, settings)
    page1 = [b.text for b in doc.blocks if b.page == 1]
    sidebar = [i for i, t in enumerate(page1) if "高测股份（688556" in t and "《" in t]  # related research
    body = [i for i, t in enumerate(page1) if "金刚线" in t and "《" not in t and "：" in t]
    assert sidebar and body
    # the sidebar's related-research list is contiguous: no body paragraph sits inside it
    assert not any(min(sidebar) < i < max(sidebar) for i in body)
    assert not any("相关研究" in t and "投资要点" in t for t in page1)
    assert doc.language == "zh"


def test_every_shared_pdf_opens_and_parses(shared_eval: Path, tmp_path: Path, settings: Settings) -> None:
    """Every PDF opens without a password prompt and its first pages parse without error."""
    files = sorted(p for p in (shared_eval / "docs").rglob("*") if p.suffix.lower() == ".pdf")
    assert len(files) > 80
    settings.parse.min_text_chars_per_page = 0  # no OCR here: scanned pages are the OCR tests' business
    settings.parse.garbled_ratio = 1.0
    for n, src in enumerate(files):
        pdf, password = open_pdf(src, src.name, settings)
        pages = len(pdf)
        pdf.close()
        assert password is None and pages > 0
        doc = parse(cut(src, 1, SMOKE_PAGES, tmp_path / f"{n}.pdf"), settings)
        assert doc.report.page_count == min(SMOKE_PAGES, pages)
        assert all(b.page >= 1 for b in doc.blocks)
        assert all(
            b.table_id in {t.table_id for t in doc.tables} for b in doc.blocks if b.kind == BlockKind.TABLE
        )


def test_bold_by_font_name_and_no_percentage_headings(
    shared_eval: Path, settings: Settings, tmp_path: Path
) -> None:
    """HTML-to-PDF filings embed "LiberationSerif-Bold" with a descriptor weight of ~415: the name makes it
    bold, so the MD&A headings are found; "0.3% on the ... segment." ending a paragraph is no heading."""
    src = cut(shared_eval / "docs/en/JOHNSON_JOHNSON_2022_10K.pdf", 29, 34, tmp_path / "jnj.pdf")
    heads = [b.text for b in parse(src, settings).blocks if b.kind == BlockKind.HEADING]
    assert not [h for h in heads if h[:1].isdigit()]
    title = "Analysis of Consolidated Earnings Before Provision for Taxes on Income"
    assert title not in heads  # its font's descriptor weight reads ~415
    parse_cfg = settings.parse.model_copy(update={"bold_by_font_name": True})
    by_name = settings.model_copy(update={"parse": parse_cfg})
    heads = [b.text for b in parse(src, by_name).blocks if b.kind == BlockKind.HEADING]
    assert title in heads
    assert not [h for h in heads if h[:1].isdigit()]


def test_caption_under_notes_header(shared_eval: Path, settings: Settings, tmp_path: Path) -> None:
    src = cut(shared_eval / "docs/en/BOEING_2022_10K.pdf", 61, 62, tmp_path / "ba.pdf")
    doc = parse(src, settings)
    assert "Summary of Business Segment Data" in [t.caption for t in doc.tables]
