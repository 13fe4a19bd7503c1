"""PdfParser over generated PDFs: reading order, furniture, tables, headings, Chinese, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.config import Settings
from finrag.errors import EncryptedFileError, FileTooLargeError, ParseError
from finrag.model import BlockKind, Document
from finrag.parse.pdf import PdfParser
from tests.parse import pdf_fixtures as fx


def parse(path: Path, settings: Settings) -> Document:
    return PdfParser().parse(path, file_name=path.name, doc_id="d" * 64, settings=settings)


def test_two_columns_read_column_by_column(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.two_column(tmp_path / "two.pdf"), settings)
    page1 = [b.text for b in doc.blocks if b.page == 1]
    text = "\n".join(page1)
    # every left-column line comes before the first right-column line; no block mixes the two
    assert text.index("Left 1.29") < text.index("Right 1.0")
    assert not any("Left" in t and "Right" in t for t in page1)
    assert doc.report.page_count == 3 and doc.report.parser == "pdf" and doc.language == "en"


def test_running_headers_footers_and_page_numbers_removed(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.two_column(tmp_path / "two.pdf", pages=4), settings)
    everything = " ".join(b.text for b in doc.blocks)
    assert "ACME Holdings Inc. Annual Report" not in everything
    assert "Page 2 of 4" not in everything and "www.acme-holdings.com" not in everything
    removed = " ".join(doc.report.removed_lines)
    assert "ACME Holdings" in removed and "www.acme-holdings.com" in removed


def test_headings_from_numbering_and_font(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.two_column(tmp_path / "two.pdf"), settings)
    heads = [b for b in doc.blocks if b.kind == BlockKind.HEADING]
    assert [b.text for b in heads] == [
        "Item 1. Section heading 1",
        "Item 2. Section heading 2",
        "Item 3. Section heading 3",
    ]
    assert all(b.level == 2 and b.bbox is not None for b in heads)


def test_table_split_over_two_pages_is_one_table(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.split_table(tmp_path / "split.pdf"), settings)
    assert len(doc.tables) == 1
    t = doc.tables[0]
    assert t.pages == [1, 2]
    assert t.header == [["Item", "December 31, 2023", "December 31, 2022"]]  # repeated header dropped
    labels = [r[0] for r in t.rows]
    assert labels[0] == "Line item 1" and labels[-1] == "Line item 35" and len(labels) == 35
    assert t.rows[0] == ["Line item 1", "1,234.00", "(987)"]  # numbers exactly as printed
    assert t.row_pages[0] == 1 and t.row_pages[-1] == 2 and len(t.row_pages) == len(t.rows)
    assert t.caption == "CONSOLIDATED BALANCE SHEETS" and t.unit == "in millions"
    table_blocks = [b for b in doc.blocks if b.kind == BlockKind.TABLE]
    assert {b.page for b in table_blocks} == {1, 2} and all(b.table_id == t.table_id for b in table_blocks)
    assert doc.report.table_count == 1


def test_chinese_page_headings_table_and_unit(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.chinese(tmp_path / "zh.pdf"), settings)
    assert doc.language == "zh"
    levels = {
        b.text.replace(" ", ""): b.level for b in doc.blocks if b.kind in (BlockKind.HEADING, BlockKind.TITLE)
    }
    assert levels.get("第二节公司简介和主要财务指标") == 1
    assert levels.get("一、公司信息") == 2 and levels.get("（一）主要会计数据") == 3
    (t,) = doc.tables
    assert t.caption == "合并资产负债表" and t.unit == "元"
    assert t.header == [["项目", "2019年12月31日", "2018年12月31日"]]
    assert ["预收款项", "", "72,768,571.91"] in t.rows
    assert any("本段为正文第1行" in b.text for b in doc.blocks if b.kind == BlockKind.TEXT)


def test_unruled_statement_becomes_table(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.aligned_table(tmp_path / "aligned.pdf"), settings)
    (t,) = doc.tables
    assert t.header[-1][-2:] == ["2023", "2022"]
    assert ["Cost of sales", "(7,001)", "(6,540)"] in t.rows
    assert t.unit == "in millions" and t.caption == "Consolidated Statements of Income"
    assert any("table structure uncertain" in w for w in doc.report.warnings)
    assert any("integral part" in b.text for b in doc.blocks if b.kind == BlockKind.TEXT)


def test_a_zero_printed_as_a_currency_sign_and_dash_is_an_amount(tmp_path: Path, settings: Settings) -> None:
    """ "$ —" ending the first and last rows keeps them in the table, so the class headings above head the
    columns."""
    doc = parse(fx.dashed_zero_rows(tmp_path / "dashed.pdf"), settings)
    (t,) = doc.tables
    assert t.header[-1][1:] == ["Total", "Level 1", "Level 2", "Level 3"]
    assert t.rows[-1][0] == "Total Liabilities" and t.rows[-1][-1].replace(" ", "") == "$—"
    assert any(r[0] == "Equity securities" for r in t.rows)


def test_headings_above_note_lines_head_the_columns(tmp_path: Path, settings: Settings) -> None:
    """ "(in thousands …)" and "(unaudited)" between the quarter headings and the rows do not end the header:
    each amount keeps its quarter, and the unit is still read."""
    doc = parse(fx.noted_table(tmp_path / "noted.pdf"), settings)
    (t,) = doc.tables
    assert t.header[0][1:] == ["Dec. 31,", "Sep. 30,"] and t.header[-1][1:] == ["2020", "2020"]
    assert "(unaudited)" in t.header[-1][0]
    assert ["Bitcoin revenue", "1,756,225", "1,633,764"] in t.rows
    assert t.unit == "in thousands"


def test_amounts_run_together_are_a_row_not_a_heading(tmp_path: Path, settings: Settings) -> None:
    """ "$ 4,002.5 $ 4,094.0" is two amounts, not a heading: the quarter headings above the years still head
    the columns (each quarter dated, not read as the fiscal year)."""
    doc = parse(fx.quarterly_note(tmp_path / "quarters.pdf"), settings)
    (t,) = doc.tables
    assert {"First Quarter", "Fourth Quarter"} <= set(t.header[0]) and t.header[-1][1:3] == ["2020", "2019"]
    assert ["Gross margin", "1,389.5", "1,342.8", "1,768.1", "1,461.3"] in t.rows
    assert t.rows[0][0] == "Net sales"


def test_outline_read_and_used_for_headings(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.with_outline(tmp_path / "outline.pdf"), settings)
    assert [(e.title, e.level, e.page) for e in doc.outline] == [
        ("Business Overview", 1, 1),
        ("Risk Factors", 1, 2),
    ]
    heads = [(b.text, b.level) for b in doc.blocks if b.kind == BlockKind.HEADING]
    assert heads == [("Business Overview", 1), ("Risk Factors", 1)]


def test_empty_user_password_opens_without_asking(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.encrypted(tmp_path / "perm.pdf", user_password=""), settings)
    assert "revenue was 1,234 million" in doc.blocks[0].text


def test_real_password_needed(tmp_path: Path, settings: Settings) -> None:
    path = fx.encrypted(tmp_path / "locked.pdf", user_password="s3cret")
    with pytest.raises(EncryptedFileError) as err:
        parse(path, settings)
    assert "locked.pdf" in str(err.value)
    settings.parse.pdf_password = "s3cret"
    assert "revenue" in parse(path, settings).blocks[0].text
    settings.parse.pdf_password = "wrong"
    with pytest.raises(EncryptedFileError):
        parse(path, settings)


@pytest.mark.parametrize("content", [b"%PDF-1.7\n1 0 obj <<", b"not a pdf at all", b""])
def test_corrupt_or_truncated_is_a_parse_error(tmp_path: Path, settings: Settings, content: bytes) -> None:
    path = tmp_path / "broken.pdf"
    path.write_bytes(content)
    with pytest.raises(ParseError) as err:
        parse(path, settings)
    assert "broken.pdf" in str(err.value) and err.value.stage == "parse"


def test_truncated_real_pdf_is_a_parse_error_or_partial(tmp_path: Path, settings: Settings) -> None:
    full = fx.two_column(tmp_path / "full.pdf").read_bytes()
    path = tmp_path / "cut.pdf"
    path.write_bytes(full[: len(full) // 2])
    try:
        doc = parse(path, settings)
    except ParseError as e:
        assert "cut.pdf" in str(e)
    else:  # pdfium may recover what is there: then it must be a normal document
        assert doc.report.page_count >= 1


def test_page_without_text_layer_is_reported(tmp_path: Path, settings: Settings) -> None:
    settings.ocr.workers, settings.ocr.use_layout, settings.ocr.use_orientation = 1, False, False  # fast OCR
    doc = parse(fx.blank_then_text(tmp_path / "scan.pdf"), settings)
    assert doc.report.chars_per_page[0] == 0
    assert 1 in doc.report.scanned_pages or 1 in doc.report.ocr_pages
    assert any("real text layer" in b.text for b in doc.blocks if b.page == 2)
    assert doc.report.seconds > 0


def test_page_limit_is_enforced(tmp_path: Path, settings: Settings) -> None:
    settings.parse.max_pages = 2
    with pytest.raises(FileTooLargeError) as err:
        parse(fx.two_column(tmp_path / "long.pdf", pages=3), settings)
    assert "long.pdf" in str(err.value)


def test_an_open_sided_ruled_table_keeps_its_edge_columns(tmp_path: Path, settings: Settings) -> None:
    doc = parse(fx.open_sided(tmp_path / "open.pdf"), settings)
    (t,) = doc.tables
    assert t.header[-1] == ["项目", "2010.12.31", "2009.12.31", "2008.12.31"]
    assert ["存货", "166,302,200.33", "85,795,835.87", "35,300,143.76"] in t.rows


def test_rows_boxed_in_groups_are_read_one_by_one(tmp_path: Path, settings: Settings) -> None:
    # rules only around a group of rows: every statement row keeps its own label and amounts
    doc = parse(fx.boxed_groups(tmp_path / "boxed.pdf"), settings)
    rows = [r for t in doc.tables for r in t.rows]
    assert ["Dividends to shareholders", "(11,682)", "(11,032)"] in rows
    assert ["Net cash used by financing activities", "(8,871)", "(14,047)"] in rows
    assert ["Cash and cash equivalents, end of year", "14,127", "14,487"] in rows


def test_rows_ruled_across_keep_wrapped_labels_and_headings_whole(tmp_path: Path, settings: Settings) -> None:
    """Rules under every row, none between columns: each ruled row is one table row (a label wrapped
    around its amounts, a heading over two lines) and a run of two amounts is two cells."""
    doc = parse(fx.row_ruled(tmp_path / "rows.pdf"), settings)
    (t,) = doc.tables
    assert t.header[-1] == ["项目", "2007年半年度", "2006年", "2005年", "2004年"]
    assert ["加权平均净资产收益率（%）", "6.13", "12.65", "13.19", "14.08"] in t.rows
    assert [
        "归属于母公司的所有者权益",
        "9,348,225,730.70",
        "9,348,251,366.53",
        "7,437,125,539.90",
        "6,661,977,509.51",
    ] in t.rows
    assert t.rows[-1][0] == "扣除非经常性损益后当期净利润"


def test_a_date_heading_over_two_ruled_columns_heads_both(tmp_path: Path, settings: Settings) -> None:
    """The rule between 金额 and 比例 starts under the date: the date is not cut in two ("2010.1" | "2.31")
    but heads both columns."""
    doc = parse(fx.merged_heading(tmp_path / "merged.pdf"), settings)
    (t,) = doc.tables
    assert ["", "2010.12.31", "2010.12.31", "2009.12.31", "2009.12.31"] in t.header
    assert ["原材料", "7,330.04", "44.08%", "3,776.16", "44.01%"] in t.rows


def test_labels_left_of_a_text_column_stay_in_the_table(tmp_path: Path, settings: Settings) -> None:
    """Row labels left of a text column ("5-50 years") are the table's first column, the text its own
    column; running prose beside a table in the other page column stays out of it."""
    doc = parse(fx.text_column(tmp_path / "lives.pdf"), settings)
    lives, loans = doc.tables
    assert lives.header[-1] == ["", "Estimated Useful Lives", "2021", "2020"]
    assert ["Buildings and improvements", "5-50 years", "19,139", "17,982"] in lives.rows
    assert ["Land", "N/A", "$ 7,507", "$ 6,696"] in lives.rows
    assert ["Current", "775", "669"] in loans.rows
    assert not any("charge-offs" in " ".join(r) for r in loans.header + loans.rows)


def test_tables_one_under_another_are_read_apart(tmp_path: Path, settings: Settings) -> None:
    """A new row of year headings starts the next table (its own columns), and a "$" printed in the run of
    the amount before it belongs to the next column, not to that amount."""
    doc = parse(fx.stacked_tables(tmp_path / "stacked.pdf"), settings)
    gains, ppe = doc.tables
    assert gains.header[-1] == ["", "2016", "2015", "2014"]
    assert ["Net realized gain", "$832", "$(10,952)", "$(21,559)"] in gains.rows
    assert ppe.header[-1] == ["", "2016", "2015"]
    assert ["Buildings", "382,364", "398,468"] in ppe.rows


def test_a_sentence_leading_into_a_table_ends_the_table_above(tmp_path: Path, settings: Settings) -> None:
    """ "… are as follows (amounts in millions):" under a schedule opens a table of its own: the goodwill
    roll-forward keeps its segment headings (they were a body row of the schedule above, so no segment's
    goodwill could be read), and neither table holds the note heading or the sentence."""
    doc = parse(fx.lead_in_tables(tmp_path / "lead_in.pdf"), settings)
    schedule, goodwill = doc.tables
    assert schedule.rows[-1] == ["Total", "$98"]
    assert goodwill.header[-1] == ["", "Activision", "Blizzard", "King", "Total"]
    assert ["Balance at December 31, 2019", "$6,898", "$190", "$2,676", "$9,764"] in goodwill.rows
    cells = [c for t in doc.tables for r in t.header + t.rows for c in r]
    assert not any("Goodwill" in c or "as follows" in c for c in cells)
    assert any("as follows" in b.text for b in doc.blocks)  # the sentence is text again


def test_headings_stacked_over_the_columns_head_them(tmp_path: Path, settings: Settings) -> None:
    """ "Fiscal Year" over "2020 | 2019", and "Percent of" over "Total" (wider than its numbers), are headings
    of the columns below them, not the table's caption (they were lost with it: no column had a year)."""
    doc = parse(fx.stacked_headings(tmp_path / "stacked_heads.pdf"), settings)
    (t,) = doc.tables
    columns = [" ".join(h[j] for h in t.header if h[j]) for j in range(len(t.header[0]))]
    assert any("2020" in c for c in columns) and any("2019" in c for c in columns)
    assert any(r[1:] == ["", "2020", "", "2019"] for r in t.header)
    assert columns[-1].endswith("Percent of Total")  # "Percent of" over "Total": one heading
    assert t.caption == "RESULTS OF SEGMENT OPERATIONS"
    assert ["Pet", "1,694.6", "10", "1,430.9", "8"] in t.rows


def test_period_headings_above_a_label_column_heading_head_the_columns(
    tmp_path: Path, settings: Settings
) -> None:
    """ "January 31, 2018 | January 31, 2017" over the amounts, with "Maturity Dates" over the label column
    between them and the column headings: all are the table's header (the dates were once lost, leaving two
    "Amount" columns no period told apart)."""
    doc = parse(fx.label_column_heading(tmp_path / "label_heading.pdf"), settings)
    (t,) = doc.tables
    assert t.header[0][0] == "Maturity Dates" and "Maturity Dates" not in t.caption
    dates = [(j, c) for j, c in enumerate(t.header[0]) if c.startswith("January")]
    assert [c for _, c in dates] == ["January 31, 2018", "January 31, 2017"]
    amount = [j for j, c in enumerate(t.header[-1]) if c == "Amount"]  # each date over its own pair
    assert amount[0] <= dates[0][0] < amount[1] <= dates[1][0]
    assert t.rows[-1][0] == "Total Yen denominated" and t.rows[-1][-4:] == ["1,655", "", "88", ""]


def test_a_row_pushed_onto_the_next_page_joins_its_table(tmp_path: Path, settings: Settings) -> None:
    """A table's last row ruled on its own at the top of the next page is that table's row; a lone ruled row
    of figures further down continues nothing and stays text."""
    doc = parse(fx.pushed_row(tmp_path / "pushed.pdf"), settings)
    t = doc.tables[0]
    assert t.pages == [1, 2] and len(doc.tables) == 2  # the page's own next table stays apart
    assert t.rows[-1] == ["经营活动产生的现金流量净额", "49,859.61", "56,623.88", "297,397.59"]
    assert t.row_pages[-1] == 2
    assert any("合计" in b.text and "1,234.00" in b.text for b in doc.blocks if b.kind == BlockKind.TEXT)


def test_a_statement_read_in_two_parts_keeps_its_title(tmp_path: Path, settings: Settings) -> None:
    """The second part of a statement the reader split has only the first part's rows above it: its caption
    is the statement's title, never one of those rows or nothing."""
    doc = parse(fx.statement_in_two_parts(tmp_path / "two_parts.pdf"), settings)
    assets, liabilities = doc.tables
    assert ["Salaries, benefits and payroll taxes", "3,108", "3,163"] in liabilities.rows
    assert assets.caption == liabilities.caption == "Consolidated Balance Sheets"


def test_a_table_its_own_sentence_introduces_keeps_no_title_of_the_table_above(
    tmp_path: Path, settings: Settings
) -> None:
    """A lead-in sentence too long to be a caption between two tables introduces the lower one: the lower
    table is no part of the statement above (Amazon's net additions by segment were titled as its assets)."""
    lead = "Total current liabilities of each reporting unit are presented as follows (in millions):"
    doc = parse(fx.statement_in_two_parts(tmp_path / "two_tables.pdf", lead_in=lead), settings)
    assets, liabilities = doc.tables
    assert assets.caption == "Consolidated Balance Sheets" and liabilities.caption != assets.caption
    assert any(b.text.startswith("Total current liabilities of each") for b in doc.blocks)
