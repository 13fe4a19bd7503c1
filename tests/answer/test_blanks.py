"""A figure the prospectus leaves blank before pricing is no figure to answer with."""

from __future__ import annotations

from finrag.answer.blanks import asked_blank_cell, blank_cell, blank_figure, blank_row
from finrag.answer.query import analyze

from .helpers import make_chunk, make_doc


def test_a_blank_figure_the_question_asks_is_found_and_a_printed_one_is_not() -> None:
    doc = make_doc([], company="爱康科技", year=2010)
    cover = make_chunk(doc, "发行前每股净资产： 3.15元/股\n发行后每股净资产：【 】元/股", 24)
    plan_text = "10、预计募集资金总额和净额：本次公开发行预计募集资金总额 万元，净额 万元"
    plan = make_chunk(doc, plan_text, 17, n=1)
    table = make_chunk(doc, "| 项目名称 | 投资总额 万元 |\n| 合计 | 20,982 |", 30, n=2)
    chunks = [cover, plan, table]
    assert blank_figure("爱康科技本次发行后的每股净资产是多少元？", chunks) == "发行后每股净资产"
    assert blank_figure("本次公开发行预计募集资金总额是多少万元？", chunks) is not None
    assert blank_figure("爱康科技本次发行前的每股净资产是多少元？", chunks) is None  # printed: 3.15
    assert blank_figure("募投项目的投资总额是多少？", chunks) is None  # a table header, not a blank


def test_a_price_still_to_be_set_is_a_blank() -> None:
    doc = make_doc([], company="爱康科技", year=2011)
    cover = make_chunk(doc, "每股面值： 1.00元 每股发行价格： 待定 发行日期： 2011年8月3日", 1)
    assert blank_figure("江苏爱康太阳能首次公开发行股票的每股发行价格是多少元？", [cover]) == "每股发行价格"
    assert blank_figure("爱康科技每股面值是多少元？", [cover]) is None


def test_a_numbered_item_followed_at_once_by_the_next_one_is_a_blank() -> None:
    doc = make_doc([], company="南岭民爆", year=2006)
    cover = make_chunk(
        doc, "5、发行前每股净资产：2.44元 6、发行后每股净资产： 7、发行方式与发行对象：网下询价", 17
    )
    assert blank_figure("南岭民爆本次发行后的每股净资产是多少元？", [cover]) == "发行后每股净资产"
    assert blank_figure("南岭民爆本次发行前的每股净资产是多少元？", [cover]) is None


def test_a_table_cell_left_empty_in_the_year_s_column_is_a_blank_figure() -> None:
    doc = make_doc([], company="生物股份", year=2020)
    text = (
        "| 主要财务指标 | 2020年 | 2019年 | 本期比上年同期增减(%) | 2018年 |\n"
        "| 基本每股收益（元／股） | 0.36 | 0.20 | 80.00 | 0.67 |\n"
        "| 稀释每股收益（元／股） |  |  |  | 0.66 |"
    )
    income = "| 项目 | 2020年度 | 2019年度 |\n| （二）稀释每股收益(元/股) |  |  |"
    chunks = [make_chunk(doc, text, 6), make_chunk(doc, income, 72, n=1)]
    assert blank_cell(["稀释每股收益"], 2020, chunks) == "稀释每股收益"
    assert blank_cell(["稀释每股收益"], 2018, chunks) is None  # printed: 0.66
    assert blank_cell(["基本每股收益"], 2020, chunks) is None
    printed = make_chunk(doc, "| 项目 | 2020年 |\n| 稀释每股收益 | 0.36 |", 80, n=2)
    assert blank_cell(["稀释每股收益"], 2020, [*chunks, printed]) is None  # another table prints it


def test_a_row_printed_with_no_figure_at_all_is_a_blank_figure() -> None:
    doc = make_doc([], company="四方科技", year=2019)
    sheet = "合并资产负债表\n| 应付账款 | 七、36 | 65,042,742.78 | 65,524,501.79 |\n| 应付债券 |  |  |  |"
    chunks = [make_chunk(doc, sheet, 60)]
    asked = analyze("2019年四方科技集团股份有限公司的应付债券是多少元?")
    assert asked_blank_cell(asked, chunks) == "应付债券"
    assert blank_row("应付账款", chunks) is None  # its note's number aside, it prints figures
    printed = make_chunk(doc, "| 应付债券 | 七、40 | 300,000,000.00 |  |", 61, n=1)
    assert blank_row("应付债券", [*chunks, printed]) is None  # another table prints it
    parties = "| 关联方 | 关联交易内容 | 本期发生额 |\n| 南通剑桥公司 | 废料 | 73,143.37 |"
    header = make_chunk(doc, parties, 62, n=2)
    assert blank_row("关联方", [header]) is None  # a header's label leaves nothing blank
    rows = "| 四、账面价值 |  |  |\n| 1.期末账面价值 | 43,994,103.35 | 25,118.20 |"
    heading = make_chunk(doc, rows, 105, n=3)
    assert blank_row("账面价值", [heading]) is None  # a numbered heading over the rows under it
