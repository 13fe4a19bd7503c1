"""Cross-page table merging: a table closing its page and going on at the top of the next is one table."""

from __future__ import annotations

from finrag.model import BBox
from finrag.parse.table_merge import merge_tables
from finrag.parse.tables import PageTable


def _pt(page: int, rows: list[list[str]], *, first: bool, last: bool, caption: str = "") -> PageTable:
    return PageTable(page, BBox(0, 0, 100, 100), rows, ruled=True, caption=caption, first_on_page=first,
                     last_on_page=last)  # fmt: skip


def test_continued_table_merged_with_repeated_header_dropped() -> None:
    head = ["项目", "2020年12月31日", "2019年12月31日"]
    a = _pt(66, [head, ["货币资金", "1,516,034,246.28", "1,108,509,231.31"]], first=False, last=True,
            caption="合并资产负债表")  # fmt: skip
    b = _pt(67, [head, ["预收款项", "", "72,768,571.91"]], first=True, last=False)
    (t,) = merge_tables([a, b])
    assert t.pages == [66, 67] and t.header == [head]
    assert t.rows == [["货币资金", "1,516,034,246.28", "1,108,509,231.31"], ["预收款项", "", "72,768,571.91"]]
    assert t.row_pages == [66, 67] and t.caption == "合并资产负债表"
    assert a.table_id == b.table_id == t.table_id


def test_a_continuation_without_the_page_before_s_empty_spacer_column_is_merged_column_by_column() -> None:
    # 南岭民爆's 净资产收益率 and 每股收益 table: its header and first year on one page (with an empty
    # column the reader found between the two measures), the rest of the years on the next, headerless and
    # without it
    head = [["项目", "净资产收益率（%）", "净资产收益率（%）", "", "每股收益（元/股）", "每股收益（元/股）"],
            ["", "全面摊薄", "加权平均", "", "全面摊薄", "加权平均"]]  # fmt: skip
    first_year = [["2004年", "", "", "", "", ""], ["主营业务利润", "60.58", "66.38", "", "1.20", "1.20"]]
    a = _pt(128, [*head, *first_year], first=False, last=True)
    rest = [["净利润", "18.33", "21.02", "0.36", "0.36"], ["2003年", "", "", "", ""]]
    b = _pt(129, rest, first=True, last=False)
    (t,) = merge_tables([a, b])
    assert t.pages == [128, 129] and len(t.header[0]) == 5  # the spacer dropped
    assert ["净利润", "18.33", "21.02", "0.36", "0.36"] in t.rows  # each figure under its own heading
    c = _pt(129, [["净利润", "18.33", "21.02", "0.36"]], first=True, last=False)
    assert len(merge_tables([a, c])) == 2  # fewer columns than the table prints: another table


def test_new_statement_at_top_of_next_page_is_not_merged() -> None:
    a = _pt(10, [["Item", "2022"], ["Cash", "1,000"]], first=False, last=True, caption="Balance Sheets")
    b = _pt(11, [["Item", "2022"], ["Revenue", "5,000"]], first=True, last=False, caption="Income Statement")
    assert len(merge_tables([a, b])) == 2
    c = _pt(12, [["Item", "2022", "2021"], ["Revenue", "5,000", "4,000"]], first=True, last=False)
    assert len(merge_tables([a, c])) == 2  # different column count


def test_a_table_restarting_at_its_first_row_on_the_next_page_is_another_table() -> None:
    # J&J's release: the quarter's statement on one page, the six months' (its heading printed apart) on
    # the next, both opening with "Sales to customers"
    rows = [
        ["", "Amount", "Amount"],
        ["Sales to customers", "25,530", "24,020"],
        ["Net earnings", "5,144", "4,814"],
    ]
    a = _pt(10, rows, first=False, last=True)
    b = _pt(
        11, [["", "Amount", "Amount"], ["Sales to customers", "50,276", "47,446"]], first=True, last=False
    )
    assert len(merge_tables([a, b])) == 2
    c = _pt(
        11, [["", "Amount", "Amount"], ["Net earnings per share", "1.96", "1.80"]], first=True, last=False
    )
    assert len(merge_tables([a, c])) == 1  # the rest of the statement


def test_a_shareholders_table_going_on_in_other_columns_keeps_each_figure_under_its_heading() -> None:
    # 金宇生物's 前十名股东 table: its heading and first four holders on one page, the next holders on the
    # next page in nine columns the reader found where the first page has eight
    head = ["股东名称（全称）", "报告期内增减", "期末持股数量", "比例(%)", "限售条件股份数量", "股份状态",
            "数量", "股东性质"]  # fmt: skip
    a = _pt(50, [head, ["招商银行股份有限公司", "24,384,281", "24,384,281", "2.17", "", "无", "", "未知"]],
            first=False, last=True, caption="前十名股东持股情况")  # fmt: skip
    b = _pt(51, [["阿布达比投资局", "16,409,062", "16,409,062", "1.46", "", "无", "", "", "境外法人"]],
            first=True, last=False)  # fmt: skip
    (t,) = merge_tables([a, b])
    assert t.header == [head] and t.pages == [50, 51] and t.row_pages == [50, 51]
    assert t.rows[1] == ["阿布达比投资局", "16,409,062", "16,409,062", "1.46", "", "无", "", "境外法人"]
    # a first row of another shape on the next page (a new table's heading, or fewer figures) is not merged
    c = _pt(51, [["公司名称", "固废类别", "产生量", "处置情况", "", "", "", "", ""]], first=True, last=False)
    assert len(merge_tables([a, c])) == 2
    d = _pt(51, [["阿布达比投资局", "16,409,062", "1.46", "", "无", "", "", "", "境外法人"]],
            first=True, last=False)  # fmt: skip
    assert len(merge_tables([a, d])) == 2
