"""The period a figure question asks that its evidence never dates a figure to: a whole year or a quarter a
prospectus dates only to an earlier month, a quarter asked of annual reports without quarterly columns."""

from __future__ import annotations

from finrag.answer.query import analyze
from finrag.answer.stub_periods import stub_period

from .helpers import make_chunk, make_doc


def test_a_whole_year_or_quarter_the_evidence_dates_only_to_an_earlier_month_is_missing() -> None:
    doc = make_doc([], company="国电电力", year=2007, file="guodian.pdf")
    table = "合并利润表 | 项目 | 2007年1-6月 | 2006年度 |\n| 净利润 | 414,395,954.16 | 1,059,058,803.99 |"
    stub = [(1, make_chunk(doc, table, 95))]
    assert stub_period(analyze("国电电力2007年全年的净利润是多少元？"), stub) == "2007年全年"
    assert stub_period(analyze("国电电力2007年第三季度的净利润是多少元？"), stub) == "2007年第三季度"
    assert stub_period(analyze("国电电力2006年全年的净利润是多少元？"), stub) is None  # 2006年度 printed
    assert stub_period(analyze("国电电力2007年上半年的净利润是多少元？"), stub) is None  # the stub
    assert stub_period(analyze("国电电力2006年第三季度的净利润是多少元？"), stub) == "2006年第三季度"  # 年度
    assert stub_period(analyze("国电电力2007年第二季度的净利润是多少元？"), stub) is None  # 1-6月 ends it
    dividends = "| 分红年度 | 每10股派息数(元)（含税） |\n| 2019年 | 1.88 |\n| 2017年 | 1.80 |"
    plans = [(1, make_chunk(make_doc([], company="四方科技", year=2019, file="sifang.pdf"), dividends, 21))]
    assert stub_period(analyze("四方科技2017年度的每10股派息是多少元？"), plans) is None  # its own row


def test_a_fourth_quarter_is_dated_by_a_quarterly_table_of_its_year_not_by_the_year_s_column() -> None:
    doc = make_doc([], company="金宇生物", year=2020, file="jinyu.pdf")
    quarters = (
        "2020年分季度主要财务数据 | | 第一季度 | 第四季度 |\n| 营业收入 | 366,175,089.52 | 474,162,477.29 |"
    )
    annual = "合并利润表 | 项目 | 2020年度 | 2019年度 |\n| 营业收入 | 1,581,905,632.48 | 1,126,782,253.35 |"
    context = [(1, make_chunk(doc, quarters, 6)), (2, make_chunk(doc, annual, 70))]
    assert stub_period(analyze("金宇生物2019年第四季度的营业收入是多少元？"), context) == "2019年第四季度"
    assert stub_period(analyze("金宇生物2020年第四季度的营业收入是多少元？"), context) is None
    first = "合并利润表 | 项目 | 2007年度第一季度 |\n| 净利润 | 414,395,954.16 |"
    q1 = [(1, make_chunk(doc, first, 108))]
    assert stub_period(analyze("国电电力2007年第三季度的净利润是多少元？"), q1) == "2007年第三季度"
    assert stub_period(analyze("国电电力2007年第一季度的净利润是多少元？"), q1) is None


def test_a_quarter_asked_of_annual_reports_whose_tables_have_no_quarter_is_not_their_year() -> None:
    doc = make_doc([], company="Boeing", year=2022, language="en", file="BOEING_2022_10K.pdf")
    table = make_chunk(doc, "Consolidated Statements of Operations\n| Total revenues | 66,608 | 62,286 |", 62)
    table.table_ref, table.meta.fiscal_period = "t1", "FY"
    asked = analyze("What were Boeing's total revenues for the fourth quarter of 2022?")
    assert stub_period(asked, [(1, table)]) == "fourth quarter of 2022"
    quarterly = make_chunk(doc, "| Total revenues | Three months ended December 31, 2022 | 19,980 |", 70)
    quarterly.table_ref = "t2"
    assert stub_period(asked, [(1, table), (2, quarterly)]) is None  # a quarter's column is printed
    assert stub_period(analyze("What were Boeing's total revenues in 2022?"), [(1, table)]) is None


def test_a_quarter_an_annual_reports_sentence_prints_with_the_item_is_reported() -> None:
    doc = make_doc([], company="Lockheed Martin", year=2020, language="en", file="LMT_2020_10K.pdf")
    table = make_chunk(doc, "Statements of Equity\n| Dividends declared | (2,940) | (2,632) |", 99)
    table.table_ref, table.meta.fiscal_period = "t1", "FY"
    text = make_chunk(
        doc,
        "We paid dividends of $2.40 per share during each of the first three quarters of 2020 and "
        "$2.60 per share during the fourth quarter of 2020.",
        51,
    )
    asked = analyze("What were Lockheed Martin's dividends per share in the fourth quarter of 2020?")
    assert stub_period(asked, [(1, table), (2, text)]) is None
    other = make_chunk(doc, "Deliveries slowed in the fourth quarter of 2020 as expected.", 40)
    assert stub_period(asked, [(1, table), (2, other)]) == "fourth quarter of 2020"  # no dividend there
