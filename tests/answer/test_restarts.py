"""Tables the reader ran together are read apart: each keeps its own header, merged year columns are split,
and their facts carry the right periods, units and labels."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.restarts import restarted
from finrag.model import Table

from .helpers import make_doc, table_chunks

# a reconciliation and the key-indicators table of a prospectus page, read as one table
RUN_TOGETHER = Table(
    "t1",
    [135],
    [["项目", "调整前", "调整数", "调整后"]],
    [
        ["盈余公积", "1,129,501,265.29", "-69,531,187.46", "1,282,603,126.48"],
        ["未分配利润", "3,070,318,864.49", "47,009,385.59", "3,262,374,600.80"],
        ["", "财务指标", "2007年半年度", "2006年2005年", "2004年"],
        ["流动比率", "", "0.45", "0.37 0.43", "0.65"],
        ["", "利息保障倍数（倍）", "3.37", "1.49 1.60", "2.14"],
        ["每股收益（元）", "", "0.24", "0.41 0.41", "0.37"],
    ],
    caption="",
)


def test_a_row_of_year_headings_under_amount_rows_starts_a_table_of_its_own() -> None:
    first, second = restarted(RUN_TOGETHER)
    assert [r[0] for r in first.rows] == ["盈余公积", "未分配利润"]
    assert second.header == [["", "财务指标", "2007年半年度", "2006年", "2005年", "2004年"]]
    assert second.rows[1][:6] == [
        "利息保障倍数（倍）",
        "",
        "3.37",
        "1.49",
        "1.60",
        "2.14",
    ]  # label moved back


def test_the_second_table_s_ratios_are_facts_of_their_own_years() -> None:
    doc = make_doc([RUN_TOGETHER], company="国电电力", year=2006)
    got = {
        (f.line_item, f.fiscal_year, f.fiscal_period): f.value for f in extract_facts(doc, table_chunks(doc))
    }
    assert got[("利息保障倍数（倍）", 2006, "FY")] == Decimal("1.49")
    assert got[("利息保障倍数（倍）", 2005, "FY")] == Decimal("1.60")
    assert got[("流动比率", 2004, "FY")] == Decimal("0.65")
    assert not any(k[0] == "利息保障倍数（倍）" and k[1] is None for k in got)  # no column of the first table


def test_a_table_whose_cells_are_single_amounts_is_left_as_it_is() -> None:
    plain = Table("t2", [5], [["项目", "2019年度", "2018年度"]], [["营业收入", "100.00", "90.00"]])
    (only,) = restarted(plain)
    assert only.header == plain.header and only.rows == plain.rows


def test_two_amounts_in_one_cell_beside_an_empty_one_are_split_and_quarters_repeat_over_years() -> None:
    quarterly = Table(
        "t3",
        [93],
        [["Share Amounts", "2020", "2019", "2020", "2019", "2020", "2019", "2020", "2019"]],
        [
            [
                "Net sales",
                "$ 4,002.5 $ 4,094.0",
                "",
                "$ 4,420.8 $ 4,411.2",
                "",
                "$ 4,180.3",
                "$ 4,198.3",
                "$ 5,023.0 $ 4,161.7",
                "",
            ],
            ["EPS:", "", "", "", "", "", "", "", ""],
            ["Diluted", "$0.85", "0.65", "0.95", "0.57", "0.74", "0.74", "1.02", "0.94"],
        ],
        caption="Fiscal Year Fiscal Year Fiscal Year Fiscal Year",
    )
    line = "First Quarter Second Quarter Third Quarter Fourth Quarter In Millions, Except Per Share Amounts"
    doc = make_doc([quarterly], company="General Mills", year=2020, language="en", unit_line=line)
    facts = extract_facts(doc, table_chunks(doc))
    got = {(f.line_item, f.fiscal_year, f.fiscal_period): f for f in facts}
    assert got[("Net sales", 2020, "Q4")].value == Decimal("5023.0")
    assert got[("Net sales", 2019, "Q1")].value == Decimal("4094.0")
    assert not any(f.fiscal_period == "FY" for f in facts)  # no quarter passes for the year
    assert got[("Diluted", 2020, "Q4")].unit is None  # "except per share": EPS is not in millions
    assert got[("Net sales", 2020, "Q4")].unit == "millions"


def test_a_balance_sheet_run_into_the_cash_flow_statement_above_is_a_statement_of_its_own() -> None:
    release = Table(
        "t4",
        [9],
        [["($ million) 2022", "", "2023"]],
        [
            ["Net income", "815", "1,058"],
            ["Net cash provided by operating activities", "1,526", "1,261"],
            ["Condensed Consolidated Balance Sheets (Unaudited)", "", ""],
            ["($ million)", "June 30, 2022", "June 30, 2023"],
            ["Inventories, net", "2,439", "2,213"],
            ["Total assets", "17,426", "17,003"],
        ],
        caption="Condensed Consolidated Statements of Cash Flows (Unaudited)",
    )
    doc = make_doc(
        [release], company="Amcor", year=2023, language="en", unit_line="Twelve Months Ended June 30,"
    )
    got = {(f.line_item, f.period_end): f for f in extract_facts(doc, table_chunks(doc))}
    # the years under "Twelve Months Ended June 30," end in June, not on the report's December 31
    assert got[("Net income", "2023-06-30")].value == Decimal("1058")
    inventories = got[("Inventories, net", "2022-06-30")]
    assert inventories.value == Decimal("2439") and "Balance Sheets" in inventories.statement
    assert not any(k[0] == "Condensed Consolidated Balance Sheets (Unaudited)" for k in got)
    assert not any(end and end.endswith("12-31") for _, end in got)


def test_a_header_printed_again_on_a_later_page_keeps_its_period_lines() -> None:
    header = [
        ["", "", "", "FOURTH QUARTER", "", "", "TWELVE MONTHS"],
        ["", "2022", "2021", "Reported", "2022", "2021", "Reported"],
    ]
    sales = Table(
        "t7",
        [15, 16],
        header,
        [
            ["OTC", "", "", "", "", "", ""],
            ["US", "$754", "633", "18.9%", "$2,782", "2,594", "7.3%"],
            ["WW", "1,569", "1,444", "8.6%", "6,031", "5,627", "7.2%"],
            ["PHARMACEUTICAL SEGMENT", "2022", "2021", "Reported", "2022", "2021", "Reported"],
            ["STELARA", "", "", "", "", "", ""],
            ["US", "1,621", "1,542", "5.2%", "6,388", "5,938", "7.6%"],
            ["WW", "2,505", "2,443", "2.5%", "9,723", "9,134", "6.5%"],
        ],
        caption="Segments",
    )
    second = restarted(sales)[1]
    assert second.header == [header[0], sales.rows[3]]
    doc = make_doc([sales], company="Johnson & Johnson", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    stelara = {(f.fiscal_period, f.value) for f in facts if f.section == "STELARA" and f.line_item == "WW"}
    assert stelara >= {("Q4", Decimal("2505")), ("FY", Decimal("9723"))}


def test_a_parent_balance_sheet_run_on_into_its_income_statement_dates_and_scopes_each_statement() -> None:
    balance = Table(
        "t1",
        [124],
        [["项目", "期末余额", "年初余额"]],
        [["货币资金", "95,116,349.19", "44,729,711.86"], ["存货", "91,646,502.16", "155,752,963.47"]],
        caption="",
    )
    run_on = Table(
        "t2",
        [124],
        [],
        [
            ["长期股权投资", "11,044,589,921.18", "8,349,480,428.51"],
            ["资产总计", "16,000,000,000.00", "13,000,000,000.00"],
            ["项目", "本期金额", "上期金额"],
            ["一、营业收入", "1,200,000,000.00", "1,100,000,000.00"],
            ["四、净利润", "610,000,000.00", "698,000,000.00"],
        ],
        caption="流动资产合计 940,785,614.27 1,021,409,600.55",
    )
    doc = make_doc(
        [balance, run_on], company="国电电力", year=2006, unit_line="母公司资产负债表 2007年06月30日"
    )
    doc.meta.period_end, doc.meta.fiscal_year = None, None  # a prospectus: no period of its own
    facts = extract_facts(doc, table_chunks(doc))
    equity = {f.period_end for f in facts if f.line_item_norm == "长期股权投资"}
    assert equity == {"2007-06-30", "2006-12-31"}  # the balance sheet's columns, carried on
    (profit,) = [f for f in facts if f.line_item_norm == "净利润" and f.period_end == "2007-06-30"]
    assert (profit.fiscal_period, profit.scope, profit.statement) == ("H1", "parent", "母公司利润表")
    assert profit.value == Decimal("610000000.00")


def test_a_table_printed_in_year_blocks_dates_each_block_by_its_own_heading() -> None:
    quarters = Table(
        "t9",
        [106],
        [["", "", "", "2020 Quarters (a)", ""], ["", "First", "Second (c)", "Third (d)", "Fourth (e)"]],
        [
            ["Net sales", "$15,651", "$16,220", "$16,495", "$17,032"],
            ["Operating profit", "2,122", "2,086", "2,147", "2,289"],
            ["", "", "", "2019 Quarters (a)", ""],
            ["", "First (f)", "Second", "Third (g)", "Fourth"],
            ["Net sales", "$14,336", "$14,427", "$15,171", "$15,878"],
            ["Operating profit", "2,283", "2,008", "2,105", "2,149"],
        ],
        caption="Note 18 – Summary of Quarterly Information (Unaudited)",
    )
    first, second = restarted(quarters)
    assert [r[0] for r in first.rows] == ["Net sales", "Operating profit"]
    assert second.header == quarters.rows[2:4] and second.rows[0][4] == "$15,878"
    doc = make_doc([quarters], company="Lockheed Martin", year=2020, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    sales = {(f.fiscal_year, f.fiscal_period): f.value for f in facts if f.line_item == "Net sales"}
    assert sales[(2020, "Q3")] == Decimal("16495") and sales[(2019, "Q3")] == Decimal("15171")
    assert len({f.fact_id for f in facts}) == len(facts)  # each block's cells are facts of their own


# a segment note stacked by year, its first block's year heading lost above the table
STACKED = Table(
    "t37",
    [101],
    [["", "Activision", "Blizzard", "King", "Total"]],
    [
        ["Segment net revenues", "$2,219", "$1,719", "$2,031", "$5,969"],
        ["Segment operating income", "$850", "$464", "$740", "$2,054"],
        ["", "", "", "Year Ended December 31, 2018", ""],
        ["", "Activision", "Blizzard", "King", "Total"],
        ["Segment net revenues", "$2,458", "$2,291", "$2,086", "$6,835"],
        ["Segment operating income", "$1,011", "$685", "$750", "$2,446"],
        ["", "", "", "Year Ended December 31, 2017", ""],
        ["", "Activision", "Blizzard", "King", "Total"],
        ["Segment net revenues", "$2,628", "$2,139", "$1,998", "$6,765"],
        ["Segment operating income", "$1,005", "$712", "$700", "$2,417"],
    ],
    caption="(in millions)",
)


def test_a_table_stacked_by_year_gives_each_block_its_year() -> None:
    assert len(restarted(STACKED)) == 3
    doc = make_doc([STACKED], company="Activision Blizzard", year=2019, language="en", unit_line="")
    got = {
        (f.column_label.split()[-1], f.fiscal_year): f.value
        for f in extract_facts(doc, table_chunks(doc))
        if f.line_item == "Segment operating income"
    }
    assert got[("Activision", 2019)] == Decimal("850")  # the first block: the year before 2018's
    assert got[("Activision", 2018)] == Decimal("1011")
    assert got[("Total", 2017)] == Decimal("2417")
    assert not any(year is None for _, year in got)


def test_a_bare_year_row_under_a_year_block_keeps_the_tables_column_names() -> None:
    quarters = Table(
        "t72",
        [102],
        [
            ["", "", "", "Quarter", "", ""],
            ["", "First", "Second", "Third", "Fourth", "Total"],
            ["2018", "", "", "(In thousands, except per share data)", "", ""],
        ],
        [
            ["Net revenues", "$2,822,237", "$2,858,695", "$3,029,302", "$3,052,862", "$11,763,096"],
            ["Operating income", "359,757", "363,075", "410,903", "335,751", "1,469,486"],
            ["2017", "", "", "", "", ""],
            ["Net revenues", "$2,717,566", "$2,652,133", "$2,830,175", "$2,597,605", "$10,797,479"],
            ["Operating income", "496,511", "499,898", "492,704", "223,414", "1,712,527"],
        ],
        caption="NOTE 19 — SELECTED QUARTERLY FINANCIAL RESULTS (UNAUDITED)",
    )
    doc = make_doc([quarters], company="MGM Resorts", year=2018, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    income = {(f.fiscal_year, f.fiscal_period): f.value for f in facts if f.line_item == "Operating income"}
    assert income[(2018, "Q3")] == Decimal("410903") and income[(2017, "Q3")] == Decimal("492704")
    assert income[(2017, "FY")] == Decimal("1712527")
