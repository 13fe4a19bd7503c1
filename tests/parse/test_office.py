"""DOCX, PPTX, XLSX and CSV parsing on documents generated on the fly."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import docx
import openpyxl
from docx.enum.text import WD_BREAK
from pptx import Presentation
from pptx.util import Inches

from finrag.config import Settings
from finrag.model import BlockKind, Document
from finrag.parse import parse_file
from finrag.parse.office_xlsx import format_cell


def _headings(doc: Document) -> list[tuple[int, str]]:
    return [(b.level, b.text) for b in doc.blocks if b.kind in (BlockKind.HEADING, BlockKind.TITLE)]


def _make_docx(path: Path) -> None:
    d = docx.Document()
    d.add_heading("年度经营报告", 0)
    d.add_heading("第一章 经营情况", 1)
    d.add_paragraph("报告期内公司经营稳健。")
    d.add_paragraph().add_run("1. 概述").bold = True
    d.add_paragraph("重点：").add_run("加粗的不是标题").bold = True
    d.add_heading("一、收入分析", 2)
    d.add_paragraph("合并利润表")
    d.add_paragraph("单位：元")
    t = d.add_table(rows=4, cols=3)
    cells = [["项目", "2023年", "2022年"], ["营业收入", "1,000", "900"], ["", "1,100", "950"]]
    for r, row in enumerate(cells):
        for c, value in enumerate(row):
            t.cell(r, c).text = value
    t.cell(1, 0).merge(t.cell(2, 0))  # vertical merge: "营业收入" spans two rows
    t.cell(3, 0).merge(t.cell(3, 2)).text = "注：数据未经审计"  # horizontal merge across the row
    d.add_paragraph("前置条件", style="List Number")
    d.add_paragraph("执行切换", style="List Number")
    d.add_paragraph("分页前的文字。").add_run().add_break(WD_BREAK.PAGE)
    d.add_paragraph("第二页的文字。")
    _wrap_first_paragraph_in_content_control(d)
    d.save(str(path))


def _wrap_first_paragraph_in_content_control(d: docx.document.Document) -> None:
    """Word's cover pages live in content controls (w:sdt), which python-docx's own iteration skips."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    body = d.element.body
    sdt = parse_xml(f"<w:sdt {nsdecls('w')}><w:sdtPr/><w:sdtContent/></w:sdt>")
    body.insert(0, sdt)
    sdt[1].append(parse_xml(f"<w:p {nsdecls('w')}><w:r><w:t>星河精工股份有限公司</w:t></w:r></w:p>"))


def test_docx_headings_tables_lists_and_pages(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "report.docx"
    _make_docx(path)
    doc = parse_file(path, settings)
    assert doc.media_type == "docx" and doc.language == "zh" and doc.report.parser == "docx"
    assert doc.blocks[0].text == "星河精工股份有限公司"
    expected = [(1, "年度经营报告"), (1, "第一章 经营情况"), (2, "1. 概述"), (2, "一、收入分析")]
    assert _headings(doc) == expected
    assert doc.blocks[1].kind == BlockKind.TITLE
    (table,) = doc.tables
    assert table.header == [["项目", "2023年", "2022年"]]
    assert table.rows[0] == ["营业收入", "1,000", "900"]
    assert table.rows[1][0] == "营业收入"  # merged value repeated
    assert table.rows[2] == ["注：数据未经审计"] * 3
    assert table.caption == "合并利润表" and table.unit == "元"
    kinds = [b.kind for b in doc.blocks]
    assert kinds.index(BlockKind.TABLE) < kinds.index(BlockKind.LIST)  # body order kept
    lst = next(b for b in doc.blocks if b.kind == BlockKind.LIST)
    assert lst.text == "1. 前置条件\n2. 执行切换"
    assert doc.pages == 2
    assert next(b for b in doc.blocks if b.text == "第二页的文字。").page == 2
    assert [o.title for o in doc.outline][:2] == ["年度经营报告", "第一章 经营情况"]


TEXT_BOX = (
    '<w:p {w} xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'xmlns:v="urn:schemas-microsoft-com:vml"><w:r><mc:AlternateContent>'
    "<mc:Choice Requires=\"wps\"><wps:txbx><w:txbxContent><w:p><w:r><w:t>股票代码：605999</w:t></w:r></w:p>"
    "</w:txbxContent></wps:txbx></mc:Choice><mc:Fallback><v:textbox><w:txbxContent><w:p><w:r>"
    "<w:t>股票代码：605999</w:t></w:r></w:p></w:txbxContent></v:textbox></mc:Fallback>"
    "</mc:AlternateContent></w:r></w:p>"
)


def test_docx_text_box_text_is_read_once(tmp_path: Path, settings: Settings) -> None:
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    d = docx.Document()
    d.add_paragraph("封面")
    d.element.body.insert(1, parse_xml(TEXT_BOX.format(w=nsdecls("w"))))
    path = tmp_path / "cover.docx"
    d.save(str(path))
    texts = [b.text for b in parse_file(path, settings).blocks]
    assert texts == ["封面", "股票代码：605999"]


def test_pptx_one_page_per_slide_with_title_and_table(tmp_path: Path, settings: Settings) -> None:
    prs = Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[5])
    s1.shapes.title.text = "Q3 Results"
    grid = s1.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(4), Inches(2)).table
    for r, row in enumerate([["Metric", "Value"], ["Revenue", "$812M"], ["Gross margin", "41.3%"]]):
        for c, value in enumerate(row):
            grid.cell(r, c).text = value
    s2 = prs.slides.add_slide(prs.slide_layouts[1])
    s2.shapes.title.text = "Outlook"
    s2.placeholders[1].text_frame.text = "Shipments keep growing"
    s2.notes_slide.notes_text_frame.text = "Mention the backlog"
    path = tmp_path / "deck.pptx"
    prs.save(str(path))
    doc = parse_file(path, settings)
    assert doc.media_type == "pptx" and doc.pages == 2
    heads = [(b.page, b.text) for b in doc.blocks if b.kind == BlockKind.HEADING]
    assert heads == [(1, "Q3 Results"), (2, "Outlook")]
    (table,) = doc.tables
    assert table.header == [["Metric", "Value"]] and table.rows[1] == ["Gross margin", "41.3%"]
    assert table.pages == [1] and table.caption == "Q3 Results"
    texts = [b.text for b in doc.blocks if b.page == 2]
    assert "Shipments keep growing" in texts and "Notes: Mention the backlog" in texts


def _make_xlsx(path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "参数"
    ws.append(["网关参数配置表"])
    ws.merge_cells("A1:C1")
    ws.append(["参数名", "默认值", "说明"])
    ws.append(["timeout", 3000, "超时（毫秒）"])
    ws.append(["ratio", 0.25, "比例"])
    ws["B4"].number_format = "0.0%"
    ws.append(["double", "=B3*2", "公式"])
    ws.append(["区域", 1, "合并"])
    ws.append([None, 2, None])
    ws.merge_cells("A6:A7")
    hidden = wb.create_sheet("lookup")
    hidden.append(["code", "name"])
    hidden.append(["E5021", "timeout"])
    hidden.sheet_state = "hidden"
    wb.save(path)
    _inject_cached_value(path, "B5", "6000")


def _inject_cached_value(path: Path, ref: str, value: str) -> None:
    """Give a formula cell the cached value Excel would have saved (openpyxl writes none)."""
    with zipfile.ZipFile(path) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    xml = parts["xl/worksheets/sheet1.xml"].decode()
    xml = re.sub(rf'(<c r="{ref}"[^>]*>)<f>(.*?)</f><v\s*/?>(</v>)?', rf"\1<f>\2</f><v>{value}</v>", xml)
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def test_xlsx_sheets_merged_cells_hidden_and_cached_formulas(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "config.xlsx"
    _make_xlsx(path)
    doc = parse_file(path, settings)
    assert doc.media_type == "xlsx" and doc.pages == 2
    first, second = doc.tables
    assert first.caption == "参数 网关参数配置表" and first.pages == [1]
    assert first.header == [["参数名", "默认值", "说明"]]
    assert first.rows[0] == ["timeout", "3000", "超时（毫秒）"]
    assert first.rows[1][1] == "25.0%"
    assert first.rows[2][1] == "6000"  # cached value, not the formula
    assert [r[0] for r in first.rows[3:]] == ["区域", "区域"]  # merged A6:A7 repeated
    assert second.pages == [2] and second.rows == [["E5021", "timeout"]]
    assert any("hidden" in w and "lookup" in w for w in doc.report.warnings)
    assert doc.report.table_count == 2 and doc.report.parser == "xlsx"


def test_two_tables_on_one_sheet_are_split_at_a_gap(tmp_path: Path, settings: Settings) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Summary"
    rows: list[list[object]] = [["Item", "2024"], ["Revenue", 812], [], ["Cost", 477], [], []]
    rows += [["Region", "Share"], ["EU", "31%"]]
    for row in rows:
        ws.append(row)
    path = tmp_path / "two.xlsx"
    wb.save(path)
    first, second = parse_file(path, settings).tables
    assert first.header == [["Item", "2024"]] and first.rows == [["Revenue", "812"], ["Cost", "477"]]
    assert second.header == [["Region", "Share"]] and second.rows == [["EU", "31%"]]
    assert second.caption == "Summary (2)" and second.pages == [1]


def test_xlsx_named_csv_and_row_cap(tmp_path: Path, settings: Settings) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["id", "value"])
    for i in range(50):
        ws.append([f"r{i}", i])
    path = tmp_path / "export.csv"
    wb.save(path)
    settings.parse.max_sheet_rows = 10
    doc = parse_file(path, settings)
    assert doc.media_type == "xlsx"
    assert len(doc.tables[0].rows) == 9  # 10 rows read, one of them the header
    assert any("first 10 rows" in w for w in doc.report.warnings)


def test_gbk_csv_named_txt(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "参数.txt"
    path.write_bytes("参数名;默认值;说明\ntimeout;3000;超时毫秒\nretries;3;重试次数\n".encode("gbk"))
    doc = parse_file(path, settings)
    assert doc.media_type == "csv" and doc.language == "zh"
    assert doc.tables[0].header == [["参数名", "默认值", "说明"]]
    assert doc.tables[0].rows == [["timeout", "3000", "超时毫秒"], ["retries", "3", "重试次数"]]


def test_format_cell_prints_like_excel() -> None:
    assert format_cell(1234567.5, "#,##0.00") == "1,234,567.50"
    assert format_cell(0.1 + 0.2) == "0.3"
    assert format_cell(12.0) == "12"
    assert format_cell(None) == ""
    assert format_cell(True) == "TRUE"
