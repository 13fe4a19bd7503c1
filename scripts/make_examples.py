"""Generate the bundled sample documents (fictional companies, realistic layout) that `make run` ingests.

Run: python scripts/make_examples.py   (writes to examples/; outputs are committed)
The texts live in sample_text.py, next to this script.
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from pathlib import Path

import docx
import openpyxl
from docx.shared import Pt
from openpyxl.styles import Alignment, Font
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from sample_text import (  # the texts, next to this script
    API_MARKDOWN,
    BALANCE_SHEET,
    CONFIG_CHANGES,
    CONFIG_PARAMS,
    INCOME_STATEMENT,
    MDA_EN,
    MDA_ZH,
    OPS_MANUAL,
)

OUT = Path(__file__).resolve().parents[1] / "examples"
ZH_FONT = "STSong-Light"  # Adobe CID font built into every PDF reader: no font file needed
EN_FONT = "Helvetica"
FIXED_DATE = dt.datetime(2024, 3, 28, 9, 0, 0)  # keeps the generated files byte-stable between runs
ITEM_2 = "Item 2. Management's Discussion and Analysis of Financial Condition and Results of Operations"
FIXED_STAMP = FIXED_DATE.strftime("%Y-%m-%dT%H:%M:%SZ")
STAMP = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")  # W3CDTF dates in docProps/core.xml
rl_config.invariant = True


def _styles(font: str) -> dict[str, ParagraphStyle]:
    return {
        "cover": ParagraphStyle("cover", fontName=font, fontSize=22, leading=30, alignment=1, spaceAfter=14),
        "sub": ParagraphStyle("sub", fontName=font, fontSize=13, leading=20, alignment=1, spaceAfter=8),
        "h1": ParagraphStyle("h1", fontName=font, fontSize=15, leading=22, spaceBefore=10, spaceAfter=8),
        "h2": ParagraphStyle("h2", fontName=font, fontSize=12.5, leading=19, spaceBefore=6, spaceAfter=6),
        "body": ParagraphStyle("body", fontName=font, fontSize=10.5, leading=17, firstLineIndent=21),
        "right": ParagraphStyle("right", fontName=font, fontSize=9.5, leading=14, alignment=2),
        "center": ParagraphStyle("center", fontName=font, fontSize=13, leading=20, alignment=1, spaceAfter=4),
    }


def _statement_table(rows: list[list[str]], font: str, widths: list[float]) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), font),
                ("FONTSIZE", (0, 0), (-1, -1), 9.5),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("ALIGN", (0, 0), (-1, 0), "CENTER"),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#E8E8E8")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    return table


def annual_report_zh(path: Path) -> None:
    pdfmetrics.registerFont(UnicodeCIDFont(ZH_FONT))
    s = _styles(ZH_FONT)
    story = [
        Spacer(1, 60 * mm),
        Paragraph("星河精工股份有限公司", s["cover"]),
        Paragraph("2023年年度报告（摘录）", s["cover"]),
        Spacer(1, 10 * mm),
        Paragraph("股票简称：星河精工　　股票代码：605999", s["sub"]),
        Paragraph("2024年3月", s["sub"]),
        Paragraph("（示例文件：虚构公司，数据仅供演示）", s["sub"]),
        PageBreak(),
        Paragraph("第三节　管理层讨论与分析", s["h1"]),
        Paragraph("一、经营情况讨论与分析", s["h2"]),
        *[Paragraph(p, s["body"]) for p in MDA_ZH],
        Spacer(1, 6 * mm),
        Paragraph("合并利润表", s["center"]),
        Paragraph("2023年1—12月　　　　　　单位：元", s["right"]),
        _statement_table(INCOME_STATEMENT, ZH_FONT, [80 * mm, 39 * mm, 39 * mm]),
    ]
    title, author = "星河精工 2023年年度报告", "星河精工股份有限公司"
    doc = SimpleDocTemplate(str(path), pagesize=A4, title=title, author=author)
    doc.build(story)


def quarterly_report_en(path: Path) -> None:
    s = _styles(EN_FONT)
    story = [
        Paragraph("UNITED STATES SECURITIES AND EXCHANGE COMMISSION", s["sub"]),
        Paragraph("FORM 10-Q (excerpt)", s["cover"]),
        Paragraph("Quarterly report for the quarterly period ended September 30, 2024", s["sub"]),
        Paragraph("NORTHWIND ROBOTICS, INC. (Nasdaq: NWRB)", s["sub"]),
        Paragraph("(Sample document: fictional company, figures for demonstration only)", s["sub"]),
        PageBreak(),
        Paragraph("PART I. FINANCIAL INFORMATION", s["h1"]),
        Paragraph("Item 1. Financial Statements", s["h2"]),
        Paragraph("NORTHWIND ROBOTICS, INC.<br/>CONDENSED CONSOLIDATED BALANCE SHEETS", s["center"]),
        Paragraph("(in millions, except par value; unaudited)", s["right"]),
        _statement_table(BALANCE_SHEET, EN_FONT, [90 * mm, 40 * mm, 40 * mm]),
        PageBreak(),
        Paragraph(ITEM_2, s["h2"]),
        *[Paragraph(p, s["body"]) for p in MDA_EN],
    ]
    doc = SimpleDocTemplate(str(path), pagesize=letter, title="Northwind Robotics 10-Q Q3 2024")
    doc.build(story)


def config_xlsx(path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "参数配置"
    ws.append(["网关服务参数配置表（v2.3）"])
    ws.merge_cells("A1:D1")
    ws["A1"].font = Font(bold=True, size=14)
    ws["A1"].alignment = Alignment(horizontal="center")
    for row in CONFIG_PARAMS:
        ws.append(row)
    for cell in ws[2]:
        cell.font = Font(bold=True)
    for col, width in zip("ABCD", (24, 12, 8, 60), strict=True):
        ws.column_dimensions[col].width = width
    log = wb.create_sheet("变更记录")
    for row in CONFIG_CHANGES:
        log.append(row)
    wb.properties.created = wb.properties.modified = FIXED_DATE
    wb.save(path)


def ops_manual_docx(path: Path) -> None:
    d = docx.Document()
    d.core_properties.created = d.core_properties.modified = FIXED_DATE
    d.styles["Normal"].font.size = Pt(10.5)
    for kind, text in OPS_MANUAL:
        if kind == "title":
            d.add_heading(text, 0)
        elif kind in ("h1", "h2"):
            d.add_heading(text, int(kind[1]))
        elif kind == "step":
            d.add_paragraph(text, style="List Number")
        elif kind == "bullet":
            d.add_paragraph(text, style="List Bullet")
        elif kind == "table":
            rows = [r.split("|") for r in text.split("\n")]
            table = d.add_table(rows=len(rows), cols=len(rows[0]))
            table.style = "Table Grid"
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    table.cell(r, c).text = value
        else:
            d.add_paragraph(text)
    d.save(str(path))


def freeze_zip(path: Path) -> None:
    """Rewrite an Office zip with fixed entry dates so that regenerating leaves the file byte-identical."""
    with zipfile.ZipFile(path) as zf:
        parts = [(info.filename, zf.read(info)) for info in zf.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts:
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            if name.startswith("docProps/"):
                data = re.sub(STAMP, FIXED_STAMP.encode(), data)
            zf.writestr(info, data)


def main() -> None:
    annual_report_zh(OUT / "annual_report_2023_xinghe.pdf")
    quarterly_report_en(OUT / "northwind_10q_2024q3.pdf")
    config_xlsx(OUT / "config_params.xlsx")
    ops_manual_docx(OUT / "ops_manual_failover.docx")
    for office in ("config_params.xlsx", "ops_manual_failover.docx"):
        freeze_zip(OUT / office)
    (OUT / "api_reference.md").write_text(API_MARKDOWN, encoding="utf-8")
    total = sum(p.stat().st_size for p in OUT.iterdir() if p.is_file())
    print(f"examples written to {OUT} ({total / 1024:.0f} KB in total)")


if __name__ == "__main__":
    main()
