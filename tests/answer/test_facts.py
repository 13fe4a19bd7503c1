from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.per_share import per_share_name
from finrag.model import Block, BlockKind, Table

from .helpers import (
    BALANCE_ZH,
    COMPARABLE,
    INCOME_ZH,
    PRODUCTS_CUT,
    make_chunk,
    make_doc,
    table_chunks,
    table_text,
)


def _by(facts, item: str, year: int):
    return [f for f in facts if f.line_item_norm == item and f.fiscal_year == year]


def test_income_statement_facts_have_value_unit_period_scope_and_chunk() -> None:
    doc = make_doc([INCOME_ZH])
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    (rev,) = _by(facts, "营业收入", 2019)
    assert rev.value == Decimal("1175301034.32")
    assert rev.unit == "元" and rev.scale == 1
    assert rev.line_item == "其中：营业收入"
    assert rev.scope == "consolidated" and rev.statement == "合并利润表"
    assert rev.page == 60 and rev.table_ref == "t1" and rev.chunk_id == chunks[0].chunk_id
    assert rev.company == "四方科技" and rev.fiscal_period == "FY"
    (prev,) = _by(facts, "营业收入", 2018)
    assert prev.value == Decimal("1020115551.27")
    # the 附注 column is not a period; "(…)" is negative; "—" is empty
    assert not any(f.column_label == "附注" for f in facts)
    assert _by(facts, "财务费用", 2019)[0].value == Decimal("-3120555.20")
    assert _by(facts, "财务费用", 2018) == []
    assert _by(facts, "净利润", 2019)[0].line_item_norm == "净利润"


def test_relative_balance_sheet_columns_resolve_to_dates() -> None:
    doc = make_doc([BALANCE_ZH])
    facts = extract_facts(doc, table_chunks(doc))
    cash = {f.period_end: f for f in facts if f.line_item_norm == "货币资金"}
    assert cash["2019-12-31"].value == Decimal("401234567.89")
    assert cash["2018-12-31"].value == Decimal("350000000.00")
    assert cash["2018-12-31"].column_label == "上年末"
    assert {f.page for f in facts if f.line_item_norm == "资产总计"} == {57}


def test_units_scope_and_english_headers() -> None:
    parent = Table(
        "t3",
        [80],
        [["项目", "本期发生额", "上期发生额"]],
        [["营业收入", "12,345.60", "11,000.00"]],
        caption="母公司利润表",
        unit="万元",
    )
    en = Table(
        "t4",
        [40],
        [["(in millions, except per share data)", "2019", "2018"]],
        [
            ["Total net sales", "$ 280,522", "$ 232,887"],
            ["Net income", "11,588", "10,073"],
            ["Gross margin", "41.0%", "40.2%"],
        ],
        caption="CONSOLIDATED STATEMENTS OF OPERATIONS",
    )
    doc = make_doc([parent, en])
    facts = extract_facts(doc, table_chunks(doc))
    rev = next(f for f in facts if f.table_ref == "t3" and f.fiscal_year == 2019)
    assert rev.scope == "parent" and rev.unit == "万元" and rev.scale == 10000
    sales = next(f for f in facts if f.line_item_norm == "total net sales" and f.fiscal_year == 2019)
    assert sales.value == Decimal("280522") and sales.unit == "millions" and sales.scale == 1_000_000
    margin = next(f for f in facts if f.line_item_norm == "gross margin" and f.fiscal_year == 2018)
    assert margin.unit == "%" and margin.value == Decimal("40.2")


def test_restated_opening_balance_and_adjustment_column() -> None:
    t = Table(
        "t5",
        [90],
        [["项目", "2018年12月31日", "2019年1月1日", "调整数"]],
        [["应收账款", "100.00", "90.00", "(10.00)"]],
        caption="调整当年年初财务报表相关项目情况",
    )
    doc = make_doc([t])
    facts = extract_facts(doc, table_chunks(doc))
    by_end = {f.period_end: f.value for f in facts}
    assert by_end == {"2018-12-31": Decimal("100.00"), "2019-01-01": Decimal("90.00")}
    assert all(f.fiscal_year == 2018 for f in facts)


def test_table_without_chunk_or_numbers_yields_nothing() -> None:
    t = Table("t6", [3], [["简称", "全称"]], [["公司", "四方科技集团股份有限公司"]], caption="释义")
    doc = make_doc([t])
    assert extract_facts(doc, table_chunks(doc)) == []
    assert extract_facts(make_doc([INCOME_ZH]), []) == []


def test_header_line_printed_above_the_table_gives_the_period_columns() -> None:
    # a cash flow statement whose year header is a separate text block and whose first row holds amounts
    cash_flows = Table(
        "t21",
        [60],
        [],
        [["Net loss", "$(660)", "$(403)", "$(83)"], ["Depreciation and amortization", "167", "203", "236"]],
        caption="Consolidated Statements of Cash Flows",
        unit="in millions",
    )
    header = "Year Ended December 26, December 27, December 28, 2015 2014 2013 (In millions)"
    doc = make_doc([cash_flows], company="AMD", year=2015, language="en", unit_line=header)
    facts = extract_facts(doc, table_chunks(doc))
    da = {f.fiscal_year: f for f in facts if f.line_item_norm == "depreciation and amortization"}
    assert {y: f.value for y, f in da.items()} == {2015: Decimal(167), 2014: Decimal(203), 2013: Decimal(236)}
    assert da[2014].period_end == "2014-12-27"
    assert _by(facts, "net loss", 2013)[0].value == Decimal(-83)


def test_sentence_above_a_headerless_table_is_not_a_header() -> None:
    t = Table("t1", [60], [], [["Revenue", "3,991", "5,506"]], caption="Segments")
    doc = make_doc([t], language="en", unit_line="Revenue fell 27% in 2015 from 2014 on lower demand.")
    assert all(f.fiscal_year is None for f in extract_facts(doc, table_chunks(doc)))


def test_merged_year_cell_over_three_columns_and_unlabelled_section_total() -> None:
    merged = "Year Ended December 31, 2020 2019 2018"
    ops = Table(
        "t23",
        [65],
        [["", merged, merged, merged]],
        [
            ["Revenues", "", "", ""],
            ["Casino", "$2,871,720", "$6,517,759", "$5,753,150"],
            ["Rooms", "830,382", "2,322,579", "2,212,573"],
            ["Food and beverage", "696,040", "2,145,247", "1,959,021"],
            ["", "4,398,142", "10,985,585", "9,924,744"],
            ["Expenses", "", "", ""],
            ["Casino", "1,701,783", "3,623,899", "3,199,775"],
            ["", "1", "2", "3"],  # not the sum of the rows above it: no label
        ],
        caption="CONSOLIDATED STATEMENTS OF OPERATIONS",
        unit="in thousands",
    )
    doc = make_doc([ops], company="MGM", year=2020, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    revenues = {f.fiscal_year: f.value for f in facts if f.line_item_norm == "revenues"}
    assert revenues == {2020: Decimal(4398142), 2019: Decimal(10985585), 2018: Decimal(9924744)}
    assert not any(f.value == Decimal(1) for f in facts)


def test_headerless_continuation_takes_the_previous_tables_periods() -> None:
    first = Table(
        "t1",
        [46],
        [["", "2022", "2021"]],
        [["Inventories (Notes 1 and 3)", "12,483", "10,387"]],
        caption="BS",
    )
    cont = Table("t2", [47], [], [["Total assets", "$187,378", "182,018"]], caption="BS")
    far = Table("t3", [60], [], [["Goodwill", "1", "2"]], caption="Other")
    doc = make_doc([first, cont, far], company="JnJ", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    assert {f.fiscal_year for f in facts if f.line_item_norm == "total assets"} == {2022, 2021}
    assert {f.fiscal_year for f in facts if f.line_item_norm == "goodwill"} == {None}
    assert _by(facts, "inventories", 2021)[0].value == Decimal(10387)  # "(Notes 1 and 3)" dropped


def test_row_is_cited_from_the_chunk_that_shows_its_amounts() -> None:
    # the section heading "…investing activities:" and its total row fall into different chunks
    t = Table(
        "t9",
        [55],
        [["(in millions)", "2018", "2017"]],
        [
            ["Cash provided (used) by investing activities:", "", ""],
            ["Purchases of short-term investments", "(4,783)", "(5,928)"],
            ["Cash provided (used) by investing activities", "276", "(1,008)"],
        ],
        caption="CONSOLIDATED STATEMENTS OF CASH FLOWS",
    )
    doc = make_doc([t], company="Nike", year=2018, language="en", unit_line="")
    head = make_chunk(doc, table_text(Table("t9", [55], [], t.rows[:2])), 55, table_ref="t9", n=0)
    tail = make_chunk(doc, table_text(Table("t9", [55], [], t.rows[2:])), 55, table_ref="t9", n=1)
    facts = extract_facts(doc, [head, tail])
    total = next(f for f in facts if f.value == Decimal(276))
    assert total.chunk_id == tail.chunk_id


def test_dot_leaders_and_indented_labels_still_give_facts() -> None:
    leaders = Table(
        "t7",
        [63],
        [["", "", "November 27, 2015", "November 28, 2014"]],
        [
            ["Net income " + "." * 110 + " $", "", "629,551", "$268,395"],
            ["", "Net cash provided by operating activities", "1,469,502", "1,287,482"],
        ],
        caption="Consolidated Statements of Cash Flows (In thousands)",
    )
    doc = make_doc([leaders], company="Adobe", year=2015, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    (income,) = _by(facts, "net income", 2015)
    assert income.line_item == "Net income" and income.value == Decimal(629551)
    (cfo,) = _by(facts, "net cash provided by operating activities", 2015)
    assert cfo.value == Decimal(1469502)


def test_a_long_remark_after_a_row_label_does_not_drop_the_row() -> None:
    table = Table(
        "t8",
        [50],
        [["(in millions)", "December 28, 2019", "December 29, 2018"]],
        [
            [
                "Trade receivables (net of allowances of $33 at December 28, 2019 and $24 at December 29, "
                "2018)",
                "1,973",
                "2,129",
            ]
        ],
        caption="Consolidated Balance Sheets",
    )
    doc = make_doc([table], company="Kraft Heinz", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    assert sorted(f.value for f in facts) == [Decimal(1973), Decimal(2129)]


def test_a_year_split_across_a_merged_header_cell_dates_both_scope_columns() -> None:
    flows = Table(
        "t30",
        [144],
        [["项目", "2005", "年度", "2004年", "度"], ["", "合并", "母公司", "合并", "母公司"]],
        [["经营活动现金流量净额", "11,139,756.22", "9,979,759.10", "13,764,663.32", "10,851,975.06"]],
        caption="现金流量表",
    )
    doc = make_doc([flows], company="天源科技", year=2005)
    facts = {(f.fiscal_year, f.scope): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert facts[(2005, "parent")] == Decimal("9979759.10")  # "年度 母公司" was a column without a year
    assert facts[(2005, "consolidated")] == Decimal("11139756.22")
    assert facts[(2004, "parent")] == Decimal("10851975.06")


def test_a_heading_cut_into_pieces_over_a_repeating_group_of_years_labels_each_column() -> None:
    doc = make_doc([PRODUCTS_CUT], company="天源科技", year=2005)
    labels = {f.value: f.column_label for f in extract_facts(doc, table_chunks(doc))}
    assert labels[Decimal("46607998.80")] == "主营业务收入（元） 2004年度"
    assert labels[Decimal("31529551.99")] == "主营业务成本（元） 2004年度"


def test_a_note_s_closing_and_opening_headings_label_each_column_of_their_group() -> None:
    inventories = Table(
        "t30",
        [132],
        [
            ["项目", "", "期末余额", "", "", "期初余额", ""],
            ["", "账面余额", "跌价准备", "账面价值", "账面余额", "跌价准备", "账面价值"],
        ],
        [
            [
                "在产品",
                "117,132,140.72",
                "1,721,695.12",
                "115,410,445.60",
                "53,710,344.61",
                "1,621,387.74",
                "52,088,956.87",
            ]
        ],
        caption="(1).存货分类",
    )
    doc = make_doc([inventories], company="金宇生物", year=2020)
    labels = {f.value: f.column_label for f in extract_facts(doc, table_chunks(doc))}
    assert labels[Decimal("53710344.61")] == "期初余额 账面余额"
    assert labels[Decimal("117132140.72")] == "期末余额 账面余额"


def test_years_over_groups_that_follow_a_column_of_their_own_date_every_column_of_their_group() -> None:
    """ "2021 | 2020" each over "Gross | Accumulated Amortization | Net", after an "Average Useful Life"
    column:
    each year dates its whole group (once only the middle column of each group had a year)."""
    intangibles = Table(
        "t40",
        [77],
        [
            ["", "", "", "2021", "", "", "2020", ""],
            ["", "Average", "", "Accumulated", "", "", "Accumulated", ""],
            ["", "Useful Life (Years)", "Gross", "Amortization", "Net", "Gross", "Amortization", "Net"],
        ],
        [["Brands", "20 - 40", "1,151", "(989)", "162", "1,348", "(1,099)", "249"]],
        caption="Note 4 — Intangible Assets",
    )
    doc = make_doc([intangibles], company="PepsiCo", year=2021, language="en", unit_line="")
    years = {f.value: f.fiscal_year for f in extract_facts(doc, table_chunks(doc))}
    assert years[Decimal(1151)] == years[Decimal(162)] == 2021
    assert years[Decimal(1348)] == years[Decimal(249)] == 2020


def test_a_first_year_read_into_the_label_cell_heads_its_own_column() -> None:
    cash = Table(
        "t29",
        [9],
        [["($ million) 2022", "", "2023"]],
        [["Purchase of property, plant, and equipment", "(527)", "(526)"]],
        caption="Condensed Consolidated Statements of Cash Flows",
    )
    doc = make_doc([cash], company="Amcor", year=2023, language="en", unit_line="")
    years = {f.value: f.fiscal_year for f in extract_facts(doc, table_chunks(doc))}
    assert years == {Decimal(-527): 2022, Decimal(-526): 2023}


def test_a_period_heading_centred_over_its_year_columns_dates_each_of_them() -> None:
    ops = Table(
        "t31",
        [4],
        [
            ["", "", "Three Months Ended", "", "Six Months Ended"],
            ["", "", "June 30,", "", "June 30,"],
            ["", "2023", "2022", "2023", "2022"],
        ],
        [["Revenues", "3,942,207", "3,264,888", "7,815,503", "6,119,197"]],
        caption="Consolidated Statements of Operations",
    )
    doc = make_doc([ops], company="Acme", year=2023, language="en", unit_line="")
    ends = {(f.column_label, f.period_end): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert ends[("Three Months Ended June 30, 2023", "2023-06-30")] == Decimal(3942207)
    assert ends[("Six Months Ended June 30, 2023", "2023-06-30")] == Decimal(7815503)


def test_a_span_heading_above_the_table_dates_its_columns_as_that_span() -> None:
    quarter = Table(
        "t31",
        [6],
        [["", "January 28, 2023", "January 29, 2022"]],
        [["Net sales", "3,226,773", "2,729,388"]],
        caption="Consolidated Statements of Income",
    )
    year = Table(
        "t32",
        [6],
        [["", "January 28, 2023", "January 29, 2022"]],
        [["Net sales", "10,208,580", "8,630,889"]],
        caption="52 Weeks Ended",
    )
    doc = make_doc([quarter, year], company="Ulta", year=2023, language="en", unit_line="13 Weeks Ended")
    labels = {f.value: f.column_label for f in extract_facts(doc, table_chunks(doc))}
    assert labels[Decimal(3226773)] == "13 Weeks Ended January 28, 2023"
    assert labels[Decimal(10208580)] == "52 Weeks Ended January 28, 2023"
    statements = {f.statement for f in extract_facts(doc, table_chunks(doc))}
    assert statements == {"Consolidated Statements of Income"}  # the year table under the quarter's title


def test_a_net_of_tail_does_not_make_a_row_label_too_long() -> None:
    cash_flows = Table(
        "t33",
        [55],
        [["", "February 2, 2019", "February 3, 2018"]],
        [
            [
                "Additions to property and equipment, net of $53, $123 and $48, respectively, of non-cash "
                "capital expenditures",
                "(819)",
                "(688)",
            ]
        ],
        caption="Consolidated Statements of Cash Flows",
    )
    doc = make_doc([cash_flows], company="Best Buy", year=2019, language="en", unit_line="")
    assert sorted(f.value for f in extract_facts(doc, table_chunks(doc))) == [Decimal(-819), Decimal(-688)]


def test_eps_rows_are_read_with_the_heading_above_them() -> None:
    income = Table(
        "t34",
        [4],
        [["", "12 Weeks Ended 3/25/2023", "12 Weeks Ended 3/19/2022"]],
        [
            ["Net income attributable to PepsiCo", "1,932", "4,261"],
            ["Diluted", "", ""],
            ["Net income attributable to PepsiCo per common share", "$ 1.40", "$ 3.06"],
        ],
        caption="Condensed Consolidated Statement of Income",
    )
    doc = make_doc([income], company="PepsiCo", year=2023, language="en", unit_line="")
    names = {f.value: f.line_item_norm for f in extract_facts(doc, table_chunks(doc))}
    assert names[Decimal("1.40")] == "diluted earnings per share"
    assert names[Decimal(1932)] == "net income attributable to pepsico"  # the amount keeps its own name
    assert per_share_name("Net earnings per share (Diluted)", "") == "diluted earnings per share"
    used = "Net income available to common shareholders used in diluted earnings per common share calculation"
    assert per_share_name(used, "") is None  # the EPS numerator, not the EPS
    assert per_share_name("Diluted", "EPS:") == "diluted earnings per share"  # a quarterly data note's rows
    assert per_share_name("Diluted", "Weighted-average shares:") is None  # a share count


def test_a_date_split_across_a_merged_header_cell_dates_both_scope_columns() -> None:
    balance = Table(
        "t35",
        [142],
        [["项目", "2005年12", "月31日"], ["", "合并", "母公司"]],
        [["负债合计", "104,826,744.65", "95,218,151.58"]],
        caption="资产负债表",
    )
    doc = make_doc([balance], company="天源科技", year=2005)
    facts = {f.scope: f for f in extract_facts(doc, table_chunks(doc))}
    assert facts["parent"].period_end == "2005-12-31" and facts["parent"].value == Decimal("95218151.58")
    assert facts["consolidated"].period_end == "2005-12-31"


def test_a_statement_named_parent_company_in_brackets_after_its_title_is_the_parent_s() -> None:
    parent = Table(
        "t40",
        [114],
        [["项目", "2005年度", "2004年度"]],
        [["一、主营业务收入", "191,522,706.06", "153,350,476.79"]],
        caption="利润表（母公司）单位：人民币元",
    )
    group = Table(
        "t41",
        [110],
        [["项目", "2005年度", "2004年度"]],
        [["一.主营业务收入", "191,634,516.98", "153,440,000.00"]],
        caption="利润表",
    )
    doc = make_doc([parent, group], company="南岭民爆", year=2006, file="nanling.pdf")
    scopes = {f.table_ref: f.scope for f in extract_facts(doc, table_chunks(doc))}
    assert scopes == {"t40": "parent", "t41": ""}


def test_a_prospectus_statement_is_dated_by_its_title_line_and_its_continuation_too() -> None:
    header = [["项目", "期末余额", "年初余额"]]
    top = Table("t7", [116], header, [["货币资金", "614,252,602.83", "988,966,198.90"]])
    rest = Table(
        "t8",
        [116],
        [],
        [["应收保费", "", ""], ["流动资产合计", "9,803,142,128.01", "7,972,735,080.10"]],
    )
    doc = make_doc([top, rest], company="国电电力", file="guodian.pdf")
    doc.meta.fiscal_year, doc.meta.period_end = None, None  # a prospectus: no period of its own
    doc.blocks.insert(0, Block(BlockKind.TEXT, "合并资产负债表 2007年06月30日", 116))
    facts = extract_facts(doc, table_chunks(doc))
    dated = {(f.line_item, f.period_end): f.value for f in facts}
    assert dated[("货币资金", "2007-06-30")] == Decimal("614252602.83")
    assert dated[("货币资金", "2006-12-31")] == Decimal("988966198.90")  # 年初: the last year-end
    assert dated[("流动资产合计", "2007-06-30")] == Decimal("9803142128.01")  # blank rows are no header


def test_a_table_with_years_down_the_side_gives_each_header_item_per_year() -> None:
    shares = Table(
        "t30",
        [23],
        [["期间", "向前五名客户销售占期间主营业务收入的比例", "向前五名供应商采购占期间采购总额的比例"]],
        [["2005年", "25.99%", "44.09%"], ["2004年", "34.14%", "57.18%"], ["2003年", "33.85%", "48.30%"]],
        caption="公司近三年对主要供应商及客户的业务构成比例",
    )
    doc = make_doc([shares], year=2005)
    facts = extract_facts(doc, table_chunks(doc))
    customers = {f.fiscal_year: f.value for f in facts if f.line_item.startswith("向前五名客户")}
    assert customers == {2005: Decimal("25.99"), 2004: Decimal("34.14"), 2003: Decimal("33.85")}
    assert all(f.unit == "%" for f in facts) and len(facts) == 6
    assert not any(f.line_item.startswith("200") for f in facts)  # a year is no line item


def test_a_schedule_by_bare_year_and_a_header_of_units_are_not_turned() -> None:
    maturities = Table("t31", [77], [["Year", "Long-term debt"]], [["2023", "$ 9,279"], ["2024", "16,252"]])
    doc = make_doc([maturities], language="en")  # debt maturing in 2023 is no 2023 balance
    assert not any(f.line_item == "Long-term debt" for f in extract_facts(doc, table_chunks(doc)))
    shares = Table("t32", [41], [["年份", "（%）"]], [["2004年", "4.73"], ["2005年", "5.10"]])
    doc = make_doc([shares])
    assert not any(f.line_item == "（%）" for f in extract_facts(doc, table_chunks(doc)))


def test_a_lone_period_heading_over_segment_columns_dates_every_column() -> None:
    segments = Table(
        "t32",
        [40],
        [
            ["", "", "", "For the Year Ended December 31, 2019", ""],
            ["", "Activision", "Blizzard", "King", "Total"],
        ],
        [["Segment operating income", "$ 850", "$ 464", "$ 740", "$ 2,054"]],
        caption="Operating Segment Results",
    )
    doc = make_doc([segments], company="Activision Blizzard", year=2019, language="en", unit_line="")
    years = {f.column_label.split()[-1]: f.fiscal_year for f in extract_facts(doc, table_chunks(doc))}
    assert years == {"Activision": 2019, "Blizzard": 2019, "King": 2019, "Total": 2019}


def test_a_year_row_above_a_block_of_rows_dates_the_segment_columns_under_it() -> None:
    segments = Table(
        "t33",
        [64],
        [["", "United States Operations", "Canadian Operations", "Total"]],
        [
            ["2021", "", "", ""],
            ["Operating income", "4,262", "1,176", "6,708"],
            ["2020", "", "", ""],
            ["Operating income", "3,633", "860", "5,435"],
        ],
        caption="Note 12—Segment Reporting",
    )
    doc = make_doc([segments], company="Costco", year=2021, language="en", unit_line="")
    got = {(f.column_label, f.fiscal_year): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got[("2021 Canadian Operations", 2021)] == Decimal(1176)
    assert got[("2020 Canadian Operations", 2020)] == Decimal(860)
    ended = Table(
        "t48",
        [115],
        [["", "Display Technologies", "Optical Communications"]],
        [
            ["For the year ended December 31, 2021", "", ""],
            ["Capital expenditures", "$710", "$301"],
            ["For the year ended December 31, 2020", "", ""],
            ["Capital expenditures", "$311", "$127"],
        ],
        caption="Segment Information (in millions)",
    )
    doc = make_doc([ended], company="Corning", year=2021, language="en", unit_line="")
    got = {
        (f.column_label.split()[-2:][-1], f.fiscal_year): f.value
        for f in extract_facts(doc, table_chunks(doc))
    }
    assert got[("Technologies", 2021)] == Decimal(710)  # the block's year-ended row dates the segment columns
    assert got[("Communications", 2020)] == Decimal(127)


def test_a_heading_read_into_the_header_heads_the_first_block_of_rows() -> None:
    segments = Table(
        "t35",
        [78],
        [["Year Ended", "2022", "2021"], ["Net revenue:", "", ""]],
        [
            ["Gaming", "6,805", "5,607"],
            ["Total net revenue", "23,601", "16,434"],
            ["Operating income (loss):", "", ""],
            ["Gaming", "953", "934"],
        ],
        caption="NOTE 4 – Segment Reporting",
    )
    doc = make_doc([segments], company="AMD", year=2022, language="en", unit_line="")
    got = {(f.section, f.value) for f in extract_facts(doc, table_chunks(doc)) if f.line_item == "Gaming"}
    assert ("Net revenue:", Decimal(6805)) in got  # both Gaming rows say which figure they are
    assert ("Operating income (loss):", Decimal(953)) in got


def test_a_deeper_numbered_row_without_amounts_stays_under_its_block() -> None:
    note = Table(
        "t36",
        [143],
        [["项目", "土地使用权", "合计"]],
        [
            ["一、账面原值", "", ""],
            ["4.期末余额", "284,646,565.18", "527,327,321.56"],
            ["二、累计摊销", "", ""],
            ["3.本期减少金额", "", ""],
            ["(1)处置", "", ""],
            ["4.期末余额", "58,967,206.75", "181,399,352.23"],
        ],
        caption="(1).无形资产情况",
    )
    doc = make_doc([note], company="生物股份", year=2020, language="zh", unit_line="单位：元")
    got = {f.value: f.section for f in extract_facts(doc, table_chunks(doc))}
    assert got[Decimal("181399352.23")] == "二、累计摊销"  # not "(1)处置", a movement with nothing in it
    assert got[Decimal("527327321.56")] == "一、账面原值"


def test_a_cell_naming_several_dates_amid_blank_headings_dates_each_of_them() -> None:
    assets = Table(
        "t37",
        [53],
        [["项目", "2007年6月30日", "", "2006年12月31日2005年12月31日2004年12月31日", ""]],
        [["机器设备", "2,479,445.01", "2,122,989.13", "1,802,186.22", "1,468,518.51"]],
        caption="（一）主要固定资产",
    )
    doc = make_doc([assets], company="国电电力", year=2007, unit_line="单位：万元")
    got = {f.period_end: f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got["2006-12-31"] == Decimal("2122989.13")  # the column right after the half year's
    assert got["2004-12-31"] == Decimal("1468518.51")


def test_a_year_read_into_the_header_dates_the_first_block_of_a_quarterly_table() -> None:
    quarterly = Table(
        "t38",
        [102],
        [
            ["", "First", "Second", "Fourth", "Total"],
            ["2018", "", "(In thousands, except per share data)", "", ""],
        ],
        [
            ["Earnings (loss) per share-diluted", "$0.38", "$0.21", "$(0.06)", "$0.81"],
            ["2017", "", "", "", ""],
            ["Earnings per share-diluted", "$0.36", "$0.36", "$2.39", "$3.34"],
        ],
        caption="NOTE 19 — SELECTED QUARTERLY FINANCIAL RESULTS (UNAUDITED)",
    )
    doc = make_doc([quarterly], company="MGM Resorts", year=2018, language="en", unit_line="")
    got = {(f.fiscal_year, f.fiscal_period): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got[(2018, "Q4")] == Decimal("-0.06") and got[(2018, "FY")] == Decimal("0.81")
    assert got[(2017, "Q1")] == Decimal("0.36") and got[(2017, "FY")] == Decimal(
        "3.34"
    )  # no quarter as a year


def test_quarter_columns_are_dated_by_the_year_over_their_group_or_the_heading_above() -> None:
    boeing = Table(
        "t39",
        [117],
        [
            ["", "", "2018", "", "", "", "2017", "", ""],
            ["", "4th", "3rd", "2nd", "1st", "4th", "3rd", "2nd", "1st"],
        ],
        [
            [
                "Total revenues",
                "$28,341",
                "$25,146",
                "$24,258",
                "$23,382",
                "$24,770",
                "$24,223",
                "$23,051",
                "$21,961",
            ]
        ],
        caption="Note 24 – Quarterly Financial Data (Unaudited)",
    )
    doc = make_doc([boeing], company="Boeing", year=2018, language="en", unit_line="(in millions)")
    got = {(f.fiscal_year, f.fiscal_period): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got[(2018, "Q4")] == Decimal("28341") and got[(2017, "Q1")] == Decimal("21961")
    assert (2018, "FY") not in got  # no quarter is read as the year
    walmart = Table(
        "t40",
        [87],
        [["(Amounts in millions, except per share data)", "Q1", "Q2", "Q3", "Q4", "Total"]],
        [
            [
                "Diluted net income per common share attributable to Walmart (1)",
                "$1.00",
                "$0.96",
                "$0.58",
                "$0.73",
                "$3.28",
            ],
            ["", "", "", "Fiscal Year Ended January 31, 2017", "", ""],
            ["", "Q1", "Q2", "Q3", "Q4", "Total"],
            [
                "Diluted net income per common share attributable to Walmart (1)",
                "$0.98",
                "$1.21",
                "$0.98",
                "$1.22",
                "$4.38",
            ],
        ],
        caption="Note 17. Quarterly Financial Data (Unaudited)",
    )
    doc = make_doc(
        [walmart], company="Walmart", year=2018, language="en", unit_line="Fiscal Year Ended January 31, 2018"
    )
    facts = extract_facts(doc, table_chunks(doc))
    q4 = next(f for f in facts if (f.fiscal_year, f.fiscal_period) == (2018, "Q4"))
    assert q4.value == Decimal("0.73") and q4.period_end == "2018-01-31"  # the fiscal year's last quarter
    assert q4.line_item_norm == "diluted earnings per share"
    assert {(f.fiscal_year, f.fiscal_period): f.value for f in facts}[(2017, "Q4")] == Decimal("1.22")


def test_unlabelled_quarter_columns_take_the_quarters_and_year_of_the_line_above() -> None:
    kraft = Table(
        "t41",
        [110],
        [],
        [
            ["Net sales", "$6,891", "$6,383", "$6,690", "$6,304"],
            ["Diluted earnings/(loss)", "(10.30)", "0.50", "0.62", "0.82"],
        ],
        caption="",
    )
    line = "2018 Quarters Fourth Third Second First (in millions, except per share data)"
    doc = make_doc([kraft], company="Kraft Heinz", year=2019, language="en", unit_line=line)
    got = {
        (f.line_item, f.fiscal_year, f.fiscal_period): f.value for f in extract_facts(doc, table_chunks(doc))
    }
    assert got[("Net sales", 2018, "Q4")] == Decimal("6891") and got[("Net sales", 2018, "Q1")] == Decimal(
        "6304"
    )


def test_a_bare_basic_or_diluted_row_is_the_eps_only_under_an_eps_heading() -> None:
    assert per_share_name("Diluted", "Earnings per share") == "diluted earnings per share"
    assert per_share_name("Diluted", "Weighted average common shares outstanding") is None
    assert per_share_name("Diluted net income per common share attributable to Walmart", "") == (
        "diluted earnings per share"
    )


def test_measure_columns_are_dated_by_the_one_date_their_caption_prints() -> None:
    assets = Table(
        "t42",
        [218],
        [["项目", "折旧年限", "原值", "累计折旧", "净值"]],
        [["房屋及建筑物", "20年", "76,221,176.99", "4,881,622.00", "71,339,554.99"]],
        caption="截至2010年12月31日，公司固定资产情况如下：",
    )
    top5 = Table(
        "t43",
        [80],
        [["供应商", "金额", "占比"]],
        [["合计", "1,200.00", "35.5%"]],
        caption="2004年前五名供应商",
    )
    two = Table("t44", [81], [["客户", "金额"]], [["合计", "900.00"]], caption="2004年、2005年前五名客户")
    half = Table(
        "t47",
        [82],
        [["项目", "股本", "未分配利润"]],
        [["（一）净利润", "", "486,319,069.42"]],
        caption="2007年1-6月",
    )
    doc = make_doc([assets, top5, two, half], company="爱康", year=2010)
    facts = extract_facts(doc, table_chunks(doc))
    cost = next(f for f in facts if f.line_item == "房屋及建筑物" and f.column_label == "原值")
    assert (cost.period_end, cost.value) == ("2010-12-31", Decimal("76221176.99"))
    total = next(f for f in facts if f.table_ref == "t43" and f.column_label == "金额")
    assert (total.fiscal_year, total.fiscal_period) == (2004, "FY")
    assert all(f.fiscal_year is None for f in facts if f.table_ref == "t44")  # two years: no one date
    # half a year: not the year, and no column of it says it holds the half's movements
    assert all(f.fiscal_year is None for f in facts if f.table_ref == "t47")


def test_a_quarter_heading_over_its_year_columns_is_not_spread_by_the_full_year_heading() -> None:
    release = Table(
        "t45",
        [1],
        [
            ["", "", "Q4", "", "", "Full Year", ""],
            ["($ in Millions, except EPS)", "2022", "2021", "% Change", "2022", "2021", "% Change"],
        ],
        [["EPS (diluted)", "$1.33", "$1.77", "(24.9)%", "$6.73", "$7.81", "(13.8)%"]],
        caption="OVERALL FINANCIAL RESULTS",
    )
    doc = make_doc(
        [release], company="Johnson & Johnson", year=2022, language="en", unit_line="(in millions)"
    )
    got = {
        (f.fiscal_year, f.fiscal_period): f for f in extract_facts(doc, table_chunks(doc)) if f.unit != "%"
    }
    assert got[(2022, "Q4")].value == Decimal("1.33") and got[(2022, "FY")].value == Decimal("6.73")
    assert got[(2022, "Q4")].unit is None  # "except EPS"


def test_a_row_counted_in_a_quantity_keeps_its_unit_not_the_table_s_money_unit() -> None:
    fuse = Table(
        "t46",
        [67],
        [["年份", "销售量（万米）", "销售额(万元)"]],
        [["2005年", "1,430", "773.21"], ["2004年", "1,478", "758.77"]],
        caption="④工业导火索",
    )
    doc = make_doc([fuse], company="南岭民爆", year=2006, unit_line="单位：万元")
    got = {(f.line_item, f.fiscal_year): f for f in extract_facts(doc, table_chunks(doc))}
    volume = got[("销售量（万米）", 2005)]
    assert (volume.value, volume.unit, volume.scale) == (Decimal("1430"), "万米", Decimal(10_000))
    assert got[("销售额(万元)", 2005)].unit == "万元"


def test_a_column_of_pushed_labels_and_footnote_marks_takes_no_year_of_the_line_above() -> None:
    # a segment note's second table: some labels sit one column right, "(1)" marks a footnote, and the line
    # above prints the two years of its two amount columns (not the three of the table before it)
    revenues = Table(
        "t1",
        [91],
        [["(Dollars in millions)", "2021", "2020", "2019"]],
        [["Greater China", "8,290", "6,679", "6,208"]],
    )
    segments = Table(
        "t2",
        [92],
        [],
        [
            ["North America", "", "$2,851 $", "3,077"],
            ["", "Europe, Middle East & Africa", "1,821", "2,070"],
            ["Greater China", "", "1,247", "882"],
            ["Asia Pacific & Latin America", "(1)", "667", "770"],
        ],
        caption="INVENTORIES",
        unit="in millions",
    )
    doc = make_doc([revenues, segments], company="Nike", year=2021, language="en", unit_line="")
    doc.blocks[2] = Block(BlockKind.TEXT, "AS OF MAY 31, (Dollars in millions) 2021 2020", 92)
    facts = extract_facts(doc, table_chunks(doc))
    china = {f.fiscal_year: f.value for f in facts if f.line_item == "Greater China" and f.page == 92}
    assert china == {2021: Decimal(1247), 2020: Decimal(882)}


def test_opening_and_closing_columns_under_a_half_year_caption_are_balances_at_their_own_days() -> None:
    projects = Table(
        "t50",
        [156],
        [["工程名称", "预算数", "期初数", "本期增加", "期末数"]],
        [["瀑布沟水电站", "1,993,277.58", "623,610.28", "124,372.03", "747,982.31"]],
        caption="4．2007上半年的新建项目如下表：",
    )
    doc = make_doc([projects], company="国电电力", year=2007, unit_line="单位：万元")
    doc.meta.fiscal_year = doc.meta.period_end = None  # a prospectus: no one report period of its own
    cells = {f.column_label: f for f in extract_facts(doc, table_chunks(doc))}
    assert (cells["期末数"].period_end, cells["期末数"].value) == ("2007-06-30", Decimal("747982.31"))
    assert (cells["期初数"].fiscal_year, cells["期初数"].period_end) == (2006, "2006-12-31")
    assert (cells["本期增加"].fiscal_period, cells["本期增加"].period_end) == ("H1", "2007-06-30")


def test_a_measure_centred_over_each_group_of_years_names_every_column_of_its_group() -> None:
    output = Table(
        "t51",
        [78],
        [
            ["主要规格", "", "产量(吨)", "", "", "销量（吨）", ""],
            ["", "2003年", "2004年", "2005年", "2003年", "2004年", "2005年"],
        ],
        [["高纯高比低硒", "22.00", "441.67", "2129.73", "24.25", "335.10", "1998.64"]],
        caption="近三年公司产销情况如下：",
    )
    doc = make_doc([output], company="天源科技", year=2005, unit_line="")
    cells = {f.column_label: f for f in extract_facts(doc, table_chunks(doc))}
    assert (cells["销量（吨） 2005年"].value, cells["销量（吨） 2005年"].unit) == (Decimal("1998.64"), "吨")
    assert cells["产量(吨) 2003年"].value == Decimal("22.00")


def test_a_cost_table_labelled_by_product_and_cost_item_gives_each_item_under_its_product() -> None:
    costs = Table(
        "t47",
        [12],
        [["分产品", "成本构成项目", "本期金额", "本期占总成本比例(%)", "上年同期金额"]],
        [
            ["冷冻设备", "直接材料", "174,759,098.51", "69.74", "161,907,247.59"],
            ["", "直接人工", "38,640,832.66", "15.42", "32,074,706.41"],
            ["罐式集装", "直接材料", "549,224,205.50", "86.89", "576,179,192.11"],
            ["箱", "直接人工", "41,844,449.77", "6.62", "39,068,307.45"],
            ["", "制造费用", "41,022,730.97", "6.49", "38,368,727.19"],
        ],
        caption="(3). 成本分析表",
    )
    doc = make_doc([costs])
    got = {(f.section, f.line_item, f.fiscal_year): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got[("罐式集装箱", "直接人工", 2019)] == Decimal("41844449.77")  # its name wrapped over two rows
    assert got[("罐式集装箱", "直接材料", 2019)] == Decimal("549224205.50")
    assert got[("冷冻设备", "直接人工", 2018)] == Decimal("32074706.41")
    assert not any(item in ("罐式集装", "冷冻设备", "箱") for _, item, _ in got)  # no product reads as a cost


def test_a_product_named_beside_the_middle_of_its_block_labels_the_whole_block() -> None:
    output = Table(
        "t48",
        [128],
        [["产品", "项目", "2010年度", "2009年度"]],
        [
            ["", "产量（万套）", "1,536.68", "705.56"],
            ["太阳能边框", "产能利用率", "96.04%", "78.40%"],
            ["", "销量（万套）", "1,463.93", "667.51"],
            ["", "产量（MW）", "61.50", "9.40"],
            ["安装支架", "产能利用率", "87.86%", "47.00%"],
            ["", "销量（MW）", "56.92", "8.31"],
        ],
        caption="报告期内公司主要产品产能、产销量及收入情况",
    )
    doc = make_doc([output], company="爱康科技", year=2010, unit_line="")
    got = {(f.section, f.line_item, f.fiscal_year): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got[("安装支架", "产量（MW）", 2010)] == Decimal("61.50")  # above its name, still its block
    assert got[("太阳能边框", "销量（万套）", 2009)] == Decimal("667.51")
    assert ("太阳能边框", "产量（MW）", 2010) not in got


def test_a_date_printed_in_three_header_cells_dates_all_three_columns_under_it() -> None:
    cash = Table(
        "t49",
        [126],
        [
            ["项目", "2007", "年12月31", "日", "2006", "年12月31", "日"],
            ["", "原币", "汇率", "折人民币", "原币", "汇率", "折人民币"],
        ],
        [["其他货币资金", "", "", "3,386.79", "", "", "118.61"]],
        caption="货币资金",
    )
    doc = make_doc([cash], company="厦门安妮", year=2007, unit_line="单位：万元")
    got = {f.period_end: f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got == {"2007-12-31": Decimal("3386.79"), "2006-12-31": Decimal("118.61")}


def test_a_block_s_total_row_closes_it_so_the_rows_below_are_not_under_its_heading() -> None:
    regions = Table(
        "t50",
        [108],
        [["", "2017", "2016"]],
        [
            ["Americas:", "", ""],
            ["United States", "3,780,007", "3,061,891"],
            ["Other", "346,206", "279,698"],
            ["Total Americas", "4,126,213", "3,341,589"],
            ["EMEA", "1,985,105", "1,619,153"],
            ["Total revenue", "7,301,505", "5,854,430"],
        ],
        caption="Revenue by geographic area",
    )
    doc = make_doc([regions], company="Adobe", year=2017, language="en", unit_line="")
    sections = {f.line_item: f.section for f in extract_facts(doc, table_chunks(doc))}
    assert sections["Other"] == "Americas:" and sections["Total Americas"] == "Americas:"
    assert sections["EMEA"] == ""  # not a part of the Americas


def test_a_year_printed_down_its_block_dates_the_block_s_rows() -> None:
    assets = Table(
        "t40",
        [136],
        [["项", "目", "原值", "累计折旧", "净值"]],
        [
            ["", "房屋及建筑物", "91,459,481.41", "29,074,367.53", "62,385,113.88"],
            ["2 0", "机器设备", "24,400,025.90", "13,127,188.06", "11,272,837.84"],
            ["0", "电子设备", "3,208,335.65", "1,612,340.43", "1,595,995.22"],
            ["5", "运输设备", "2,284,546.24", "515,826.93", "1,768,719.31"],
            ["年", "合计", "121,522,259.20", "44,338,284.38", "77,183,974.82"],
            ["2", "房屋及建筑物", "90,158,573.47", "26,760,127.03", "63,398,446.44"],
            ["0", "机器设备", "23,326,899.46", "11,898,080.93", "11,428,818.53"],
            ["0 4", "电子设备", "3,206,354.15", "1,105,376.84", "2,100,977.31"],
            ["年", "合计", "118,932,178.88", "40,180,913.49", "78,751,265.39"],
        ],
        caption="2、固定资产构成及变动分析",
    )
    # a paragraph between the table and an earlier table's "金额（万元）" header: no unit of this table's
    doc = make_doc([assets], company="南岭民爆", year=2006, unit_line="项目 | 金额（万元） | 占比（%）")
    essay = "本公司固定资产构成中，房屋及建筑物所占比例较大。" * 12
    doc.blocks.insert(1, Block(BlockKind.TEXT, essay, 136))
    got = {
        (f.line_item, f.fiscal_year, f.column_label.split()[-1]): f
        for f in extract_facts(doc, table_chunks(doc))
    }
    net = got[("房屋及建筑物", 2004, "净值")]
    assert net.value == Decimal("63398446.44") and net.unit != "万元"
    assert got[("房屋及建筑物", 2005, "净值")].value == Decimal("62385113.88")


def test_rows_a_heading_or_a_total_row_names_carry_that_item() -> None:
    """A block's "Average" row is its heading's figure ("Average price per share"); segment rows with no
    heading over them are parts of the "Total …" row that sums them."""
    en = Table(
        "t5",
        [82],
        [["($ in millions, except per share amounts)", "2017", "2016"]],
        [
            ["Average price per share", "", ""],
            ["Open market", "$36.11", "$31.03"],
            ["January 2016 ASR", "$28.55", "$27.28"],
            ["Average", "$35.54", "$30.53"],
            ["Flexibles", "$384", "$376"],
            ["Rigid Packaging", "133", "136"],
            ["Total capital expenditures for long-lived assets", "$517", "$512"],
        ],
        caption="Repurchase of Common Stock",
    )
    doc = make_doc([en], company="Acme", file="ACME_2017_10K.pdf", language="en", year=2017)
    facts = extract_facts(doc, table_chunks(doc))
    (avg,) = [f for f in facts if f.line_item_norm == "average price per share" and f.fiscal_year == 2017]
    assert avg.value == Decimal("35.54")
    flex = next(f for f in facts if f.line_item == "Flexibles" and f.fiscal_year == 2017)
    assert flex.section == "capital expenditures for long-lived assets"
    opened = next(f for f in facts if f.line_item == "Open market" and f.fiscal_year == 2017)
    assert opened.section == "Average price per share"  # its heading, not the total below


def test_a_period_centred_over_segment_columns_and_one_in_the_label_cell_date_every_column() -> None:
    markets = Table(
        "t6",
        [31],
        [
            ["", "", "Three months ended June 30,", "", "", "Three months ended June 30,", ""],
            ["", "", "2022", "", "", "2021", ""],
            ["", "Fixed Income", "Equity", "Total", "Fixed Income", "Equity", "Total"],
            ["(in millions)", "Markets", "Markets", "Markets", "Markets", "Markets", "Markets"],
        ],
        [["Total net revenue", "$4,711", "$3,079", "$7,790", "$4,098", "$2,689", "$6,787"]],
        caption="Markets revenue",
    )
    strip = Table(
        "t7",
        [5],
        [["Three Months Ended December 31, (Dollars in millions)", "2022", "2021", "Change%"]],
        [["Rooms revenue", "$813", "$557", "46 %"]],
        caption="Las Vegas Strip Resorts",
    )
    doc = make_doc([markets, strip], company="Acme", file="ACME_2022_10Q.pdf", language="en", year=2022)
    facts = extract_facts(doc, table_chunks(doc))
    total = next(f for f in facts if f.value == Decimal("7790"))
    assert total.period_end == "2022-06-30" and "Total Markets" in total.column_label
    assert next(f for f in facts if f.value == Decimal("4098")).period_end == "2021-06-30"
    rooms = next(f for f in facts if f.value == Decimal("813"))
    assert rooms.column_label == "Three Months Ended December 31, 2022"  # a quarter's, not the year's


def test_a_per_unit_row_of_a_table_in_thousands_is_in_dollars() -> None:
    netflix = Table(
        "t8",
        [21],
        [["(in thousands, except revenue per membership and percentages)", "2017", "2016"]],
        [
            ["Global streaming memberships", "117,582", "93,796"],
            ["Global streaming average monthly revenue per paying membership", "$9.43", "$8.61"],
        ],
        caption="Results of Operations",
    )
    doc = make_doc([netflix], company="Netflix", file="NETFLIX_2017_10K.pdf", language="en", year=2017)
    facts = extract_facts(doc, table_chunks(doc))
    arpu = next(f for f in facts if f.value == Decimal("9.43"))
    members = next(f for f in facts if f.value == Decimal("117582"))
    assert arpu.scale == 1 and arpu.unit is None and members.unit == "thousands"


def test_a_name_beside_its_block_wrapped_over_two_rows_still_labels_the_block() -> None:
    output = Table(
        "t49",
        [83],
        [["", "具体产品", "2004年", "2005年"]],
        [
            ["", "产能（吨）", "10,000", "10,000"],
            ["四氧化三锰", "产量（吨）", "9,804.2", "10,178.3"],
            ["", "产销率", "98.76%", "99.80%"],
            ["", "产能（台套）", "300", "300"],
            ["磁分离及配套设", "产量（台套）", "261", "343"],
            ["备", "产销率", "89.27%", "106.12%"],
        ],
        caption="公司近三年主要产品产能、产量、销售量和产销率情况",
    )
    doc = make_doc([output], company="天源科技", year=2005, unit_line="")
    got = {(f.section, f.line_item, f.fiscal_year): f for f in extract_facts(doc, table_chunks(doc))}
    assert got[("四氧化三锰", "产能（吨）", 2005)].value == Decimal("10000")  # the row above its name
    capacity = got[("磁分离及配套设备", "产能（台套）", 2005)]
    assert capacity.value == Decimal("300") and capacity.unit == "台套"


def test_an_unlabelled_segment_total_is_the_segment_s_figure_and_closes_its_block() -> None:
    sales = Table(
        "t1",
        [8],
        [["(Dollars in Millions)", "FOURTH QUARTER 2022", "FOURTH QUARTER 2021", "Percent Change Total"]],
        [
            ["MedTech (2)", "", "", ""],
            ["U.S.", "3,445", "3,216", "7.1"],
            ["International", "3,331", "3,643", "(8.6)"],
            ["", "6,776", "6,859", "(1.2)"],
            ["U.S.", "12,516", "12,163", "2.9"],
            ["Worldwide", "23,706", "24,804", "(4.4)"],
        ],
        caption="Supplementary Sales Data",
    )
    doc = make_doc([sales], company="Johnson & Johnson", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q4 = {
        (f.line_item, f.section, f.value) for f in facts if f.fiscal_period == "Q4" and f.fiscal_year == 2022
    }
    assert ("MedTech (2)", "", Decimal("6776")) in q4
    assert ("Worldwide", "", Decimal("23706")) in q4  # the company's total, no longer under MedTech


def test_a_contents_table_s_page_numbers_are_no_figures() -> None:
    contents = Table(
        "t1",
        [55],
        [["", "Page"]],
        [["Revenue", "74"], ["Inventories", "75"], ["Debt", "83"]],
        caption="Index to Financial Statements",
    )
    doc = make_doc([contents], company="Corning", year=2022, language="en", unit_line="")
    assert extract_facts(doc, table_chunks(doc)) == []


def test_a_total_s_label_wrapped_over_two_rows_is_one_label_and_heads_no_block() -> None:
    revenues = Table(
        "t1",
        [34],
        [["(Dollars in millions)", "FISCAL 2021", "FISCAL 2020"]],
        [
            ["Sales to Wholesale Customers", "$25,898", "$23,156"],
            ["TOTAL NIKE BRAND WHOLESALE EQUIVALENT", "", ""],
            ["REVENUES", "$35,770", "$30,608"],
            ["Jordan Brand", "4,711", "3,609"],
        ],
        caption="REVENUES",
    )
    doc = make_doc([revenues], company="Nike", year=2021, language="en", unit_line="")
    facts = [f for f in extract_facts(doc, table_chunks(doc)) if f.fiscal_year == 2021]
    assert {(f.line_item, f.section) for f in facts} == {
        ("Sales to Wholesale Customers", ""),
        ("TOTAL NIKE BRAND WHOLESALE EQUIVALENT REVENUES", ""),
        ("Jordan Brand", ""),
    }


def test_a_label_cut_after_a_semicolon_goes_on_in_the_row_under_it() -> None:
    """ "Par value $100 per share;" over "Shares authorized …" is one wrapped label, not a heading: the
    rows after it keep the table's millions (an except-per-share unit line)."""
    corning = Table(
        "t23",
        [72],
        [["(In millions, except share and per share amounts)", "2020", "2019"]],
        [
            ["Convertible preferred stock, Series A – Par value $100 per share;", "", ""],
            ["Shares authorized 3,100; Shares issued: 2,300", "2,300", "2,300"],
            ["Total Liabilities and Equity", "$30,775", "$28,898"],
        ],
        caption="Consolidated Balance Sheets",
    )
    doc = make_doc([corning], company="Corning", file="CORNING_2020_10K.pdf", language="en", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    total = next(f for f in facts if f.value == Decimal("30775"))
    assert total.unit == "millions" and total.section == ""
    stock = next(f for f in facts if f.value == Decimal("2300") and f.fiscal_year == 2020)
    assert stock.line_item.startswith("Convertible preferred stock") and stock.line_item.endswith("2,300")


def test_a_row_under_a_cash_paid_heading_is_the_cash_paid_not_the_expense() -> None:
    supplemental = Table(
        "t30",
        [62],
        [["(millions of dollars)", "2021", "2020"]],
        [
            ["Cash paid/(received) during the period for:", "", ""],
            ["Income taxes", "$ 7,427", "$ 3,153"],
            ["Interest paid", "1,467", "1,641"],
        ],
        caption="Supplemental Cash Flow Information",
    )
    doc = make_doc([supplemental], company="Pfizer", file="PFIZER_2021_10K.pdf", language="en", year=2021)
    facts = extract_facts(doc, table_chunks(doc))
    (taxes,) = _by(facts, "cash paid for income taxes", 2021)
    assert taxes.value == Decimal("7427") and taxes.line_item == "Income taxes"
    assert _by(facts, "interest paid", 2021)[0].value == Decimal("1467")


def test_a_quarterly_table_s_year_over_its_quarters_end_days_dates_each_quarter() -> None:
    quarterly = Table(
        "t101",
        [101],
        [
            [
                "(in thousands)",
                "2016 March 4",
                "2016 June 3",
                "2016 Quarter Ended September 2",
                "2016 December 2",
            ]
        ],
        [["Gross profit", "1,184,763", "1,196,630", "1,261,266", "1,391,863"]],
        caption="Quarterly Results of Operations (Unaudited)",
    )
    doc = make_doc([quarterly], company="Adobe", year=2016, language="en", unit_line="")
    got = {f.fiscal_period: (f.period_end, f.value) for f in extract_facts(doc, table_chunks(doc))}
    assert got["Q2"] == ("2016-06-03", Decimal("1196630"))
    assert got["Q4"][1] == Decimal("1391863") and "FY" not in got  # the last quarter, not the year's figure


def test_a_heading_wrapped_over_two_rows_heads_its_rows_whole() -> None:
    doc = make_doc([COMPARABLE], company="Costco", year=2021, language="en", unit_line="")
    facts = [f for f in extract_facts(doc, table_chunks(doc)) if f.fiscal_year == 2021]
    assert {(f.section, f.value) for f in facts} == {
        ("Increases in comparable sales:", Decimal(20)),
        (
            "Increases in comparable sales excluding the impact of changes in foreign currency and gasoline"
            " prices",
            Decimal(12),
        ),
    }


def test_an_item_named_beside_the_middle_of_its_block_of_years_is_each_year_s_row() -> None:
    returns = Table(
        "t51",
        [163],
        [["项目", "会计期间", "净资产收益率", "净资产收益率"], ["", "", "全面摊薄", "加权平均"]],
        [
            ["", "2005年度", "16.25%", "17.69%"],
            ["净利润", "2004年度", "21.85%", "24.55%"],
            ["", "2003年度", "12.51%", "13.34%"],
            ["", "2005年度", "13.06%", "14.22%"],
            ["扣除非经常性损益后的净利润", "2004年度", "20.60%", "23.13%"],
            ["", "2003年度", "9.53%", "10.16%"],
        ],
        caption="（二）净资产收益率与每股收益",
    )
    doc = make_doc([returns], company="天源科技", year=2005, unit_line="")
    got = {
        (f.line_item, f.fiscal_year, f.column_label.split()[-1]): f.value
        for f in extract_facts(doc, table_chunks(doc))
    }
    assert got[("扣除非经常性损益后的净利润", 2003, "全面摊薄")] == Decimal("9.53")
    assert got[("净利润", 2005, "加权平均")] == Decimal("17.69")
    assert not any(item.endswith("年度") for item, _, _ in got)


def test_a_goodwill_roll_forward_by_segment_gives_each_segment_s_balance_at_each_date() -> None:
    goodwill = Table(
        "t60",
        [118],
        [
            ["", "Pharmacy", "", "Health Care", ""],
            ["In millions", "Services", "Retail/LTC", "Benefits", "Total"],
        ],
        [
            ["Balance at December 31, 2016", "$21,637", "$16,612", "$—", "$38,249"],
            ["Acquisitions", "182", "203", "—", "385"],
            ["Balance at December 31, 2017", "21,819", "16,632", "—", "38,451"],
        ],
        caption="Goodwill",
    )
    doc = make_doc([goodwill], company="CVS Health", year=2018, language="en", unit_line="")
    got = {
        (f.line_item_norm, f.column_label.split()[-1], f.period_end): f.value
        for f in extract_facts(doc, table_chunks(doc))
    }
    assert got[("goodwill", "Retail/LTC", "2017-12-31")] == Decimal("16632")
    assert got[("goodwill", "Total", "2016-12-31")] == Decimal("38249")
    assert not any(item == "goodwill" for item, _, end in got if end is None)  # acquisitions are no balance


def test_a_roll_forward_whose_rows_name_their_item_and_day_dates_each_segment_s_balance() -> None:
    goodwill = Table(
        "t61",
        [59],
        [["", "Consumer Health", "Pharmaceutical", "MedTech", "Total"]],
        [
            ["Goodwill at January 2, 2022", "$9,810", "10,580", "14,856", "35,246"],
            ["Goodwill, related to acquisitions", "—", "—", "11,056", "11,056"],
            ["Goodwill at January 1, 2023", "$9,184", "10,184", "25,863", "45,231"],
        ],
        caption="Goodwill as of January 1, 2023 and January 2, 2022, as allocated by segment of business",
    )
    doc = make_doc([goodwill], company="Johnson & Johnson", year=2022, language="en", unit_line="")
    got = {
        (f.line_item_norm, f.column_label.split()[-1], f.period_end): f.value
        for f in extract_facts(doc, table_chunks(doc))
    }
    assert got[("goodwill", "MedTech", "2023-01-01")] == Decimal("25863")
    assert got[("goodwill", "Total", "2022-01-02")] == Decimal("35246")
    assert not any(item == "goodwill" for item, _, end in got if end is None)  # acquisitions are no balance


def test_the_parent_named_with_its_subsidiaries_heads_the_group_s_figures() -> None:
    staff = Table(
        "t70",
        [33],
        [["六、母公司和主要子公司的员工情况", ""]],
        [["母公司在职员工的数量", "42"], ["在职员工的数量合计", "1,444"], ["技术人员", "269"]],
        caption="(一)员工情况",
    )
    doc = make_doc([staff], company="金宇生物", year=2020, unit_line="")
    scopes = {f.line_item_norm: f.scope for f in extract_facts(doc, table_chunks(doc))}
    assert "技术人员" in scopes and scopes["技术人员"] != "parent"


def test_a_column_of_footnote_marks_holds_no_amounts() -> None:
    """ "Opioid litigation charges | (4) | 5,803": the "(4)" of a column with no heading of its own is a
    footnote's mark, never an amount of -4; a headed column of bracketed figures is read as ever."""
    table = Table(
        "t5",
        [79],
        [
            ["", "", "Year Ended December 31, 2022", "% Change"],
            ["In millions", "", "Consolidated Totals", ""],
        ],
        [
            ["Amortization of intangible assets", "(1)", "1,808", "(12)"],
            ["Opioid litigation charges", "(4)", "5,803", "(5)"],
        ],
        caption="Reconciliation of segment operating income",
    )
    doc = make_doc([table], language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    opioid = [f for f in facts if f.line_item == "Opioid litigation charges"]
    assert Decimal("-4") not in {f.value for f in opioid} and Decimal("5803") in {f.value for f in opioid}
    assert Decimal("-5") in {f.value for f in opioid}  # the "% Change" column's own figure


def test_each_day_of_a_shifted_date_row_heads_its_own_year_column() -> None:
    geo = Table(
        "t35",
        [38],
        [
            ["", "", "Three Months Ended", "", "", "Six Months Ended", ""],
            ["", "July 2,", "", "July 3,%", "July 2,", "", "July 3,%"],
            ["(MILLIONS)", "2023", "2022", "Change", "2023", "2022", "Change"],
        ],
        [["Developed Europe", "2,415", "5,480", "(56)", "5,236", "11,569", "(55)"]],
        caption="The following summarizes revenues by geographic area:",
    )
    doc = make_doc([geo], company="Pfizer", year=2023, language="en", unit_line="")
    ends = {(f.column_label, f.period_end): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert ends[("Three Months Ended July 2, 2023", "2023-07-02")] == Decimal(2415)
    assert ends[("Three Months Ended July 3, 2022", "2022-07-03")] == Decimal(5480)
    assert ends[("Six Months Ended July 2, 2023", "2023-07-02")] == Decimal(5236)


def test_a_group_heading_over_a_sub_heading_heads_the_rows_below_both() -> None:
    tax = Table(
        "t60",
        [71],
        [["(Dollars in millions)", "2019", "2018"]],
        [
            ["Current:", "", ""],
            ["United States", "", ""],
            ["Federal", "$74", "$1,167"],
            ["Foreign", "608", "533"],
            ["Total Current", "738", "1,745"],
            ["Deferred:", "", ""],
            ["United States", "", ""],
            ["Federal", "(33)", "595"],
            ["Foreign", "76", "27"],
            ["Total Deferred", "34", "647"],
            ["TOTAL INCOME TAX EXPENSE", "$772", "$2,392"],
        ],
        caption="The provision for income taxes is as follows:",
    )
    doc = make_doc([tax], company="Nike", year=2019, language="en", unit_line="")
    facts = [f for f in extract_facts(doc, table_chunks(doc)) if f.fiscal_year == 2019]
    foreign = {f.section: f.value for f in facts if f.line_item == "Foreign"}
    assert foreign == {"Current: United States": Decimal(608), "Deferred: United States": Decimal(76)}
    total = next(f for f in facts if f.line_item == "TOTAL INCOME TAX EXPENSE")
    assert total.section == ""  # "Total Deferred" closed the deferred block


def test_a_year_centred_over_its_group_of_quarter_day_columns_dates_each_of_them() -> None:
    quarters = Table(
        "t80",
        [94],
        [
            ["", "", "", "2015", "", "", "", "2014", ""],
            ["", "Dec. 26", "Sep. 26", "Jun. 27", "Mar. 28", "Dec. 27", "Sep. 27", "Jun. 28", "Mar. 29"],
        ],
        [["Gross margin", "283", "239", "232", "326", "360", "494", "498", "487"]],
        caption="Supplementary Financial Information (unaudited)",
    )
    doc = make_doc([quarters], company="AMD", year=2015, language="en", unit_line="")
    ends = {f.period_end: f.value for f in extract_facts(doc, table_chunks(doc))}
    assert ends["2015-09-26"] == Decimal(239) and ends["2014-09-27"] == Decimal(494)
    assert ends["2015-12-26"] == Decimal(283) and ends["2014-03-29"] == Decimal(487)


def test_a_quarterly_block_under_a_year_row_dates_its_day_columns_as_quarters() -> None:
    quarters = Table(
        "t63",
        [63],
        [["(in thousands)", "December 31", "September 30", "June 30", "March 31"]],
        [
            ["2015", "", "", "", ""],
            ["Total revenues", "$1,823,333", "$1,738,355", "$1,644,694", "$1,573,129"],
            ["2014", "", "", "", ""],
            ["Total revenues", "$1,484,728", "$1,409,432", "$1,340,407", "$1,270,089"],
        ],
        caption="13. Selected Quarterly Financial Data (Unaudited)",
    )
    doc = make_doc([quarters], company="Netflix", year=2015, language="en", unit_line="")
    doc.meta.period_end = "2015-12-31"
    got = {(f.fiscal_year, f.fiscal_period): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got[(2015, "Q2")] == Decimal(1644694) and got[(2014, "Q2")] == Decimal(1340407)
    assert got[(2015, "Q4")] == Decimal(1823333)  # the year's end day beside three quarters: its fourth
    assert (2015, "FY") not in got  # no quarter's figure is the year's


def test_footnote_marks_over_the_year_headings_do_not_start_the_rows() -> None:
    summary = Table(
        "t6",
        [19],
        [],
        [
            ["Five-Year Summary (Unaudited)", "", "", ""],
            ["", "", "(2)", ""],
            ["(Dollars in millions)", "2018", "2017", "2016"],
            ["Total backlog", "$490,481", "$474,640", "$473,492"],
            ["Year-end workforce", "153,000", "140,800", "150,500"],
        ],
        caption="Item 6. Selected Financial Data",
    )
    doc = make_doc([summary], company="Boeing", year=2018, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    years = {f.value: f.fiscal_year for f in facts if f.line_item == "Year-end workforce"}
    assert years == {Decimal(153000): 2018, Decimal(140800): 2017, Decimal(150500): 2016}
    assert not any(f.value == Decimal(2018) for f in facts)  # the year headings are no amounts


def test_segment_columns_are_dated_by_an_english_caption_of_one_year() -> None:
    rows = [
        ["Segment revenue", "430,051", "2,719,518", "3,149,569"],
        ["Segment gross profit", "194,835", "1,072,496", "1,267,331"],
    ]
    head = [["", "Cash App", "Seller", "Total"]]
    segments = Table("t50", [137], head, rows, caption="Year Ended December 31, 2018")
    quarter = Table(
        "t51", [138], [["", "Cash App", "Seller"]], [["Segment revenue", "130,051", "719,518"]],
        caption="Three Months Ended March 31, 2019",
    )  # fmt: skip
    doc = make_doc([segments, quarter], company="Square", year=2020, file="BLOCK_2020_10K.pdf", language="en",
                   unit_line="(in thousands)")  # fmt: skip
    facts = extract_facts(doc, table_chunks(doc))
    profit = next(f for f in facts if f.line_item == "Segment gross profit" and f.column_label == "Cash App")
    assert (profit.fiscal_year, profit.period_end, profit.value) == (2018, "2018-12-31", Decimal("194835"))
    assert all(f.fiscal_year is None for f in facts if f.table_ref == "t51")  # a quarter: not the year's


def test_the_group_s_equity_columns_of_a_consolidated_changes_in_equity_statement_stay_consolidated() -> None:
    equity = Table(
        "t80",
        [120],
        [
            ["项目", "2020年度", "", "", ""],
            ["", "归属于母公司所有者权益", "", "少数股东权益", "所有者权益合计"],
            ["", "实收资本（或股本）", "未分配利润", "", ""],
        ],
        [["三、本期增减变动金额", "0.00", "164,235,721.53", "1,234,567.00", "165,470,288.53"]],
        caption="合并所有者权益变动表",
    )
    doc = make_doc([equity], company="金宇生物", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    assert facts and {f.scope for f in facts} == {"consolidated"}


def test_a_changes_in_equity_statement_run_on_under_a_bare_heading_keeps_its_title_and_scope() -> None:
    head = [["项目", "实收资本（或股本）", "盈余公积", "未分配利润"]]
    this_year = Table(
        "t81",
        [73],
        [["", "2019年度", "", ""], *head],
        [["1．提取盈余公积", "", "5,924,217.30", "-5,924,217.30"]],
        caption="母公司所有者权益变动表",
    )
    last_year = Table(
        "t82",
        [74],
        [["", "2018年度", "", ""], *head],
        [["1．提取盈余公积", "", "10,350,261.77", "-10,350,261.77"]],
        caption="（六）其他",
    )
    doc = make_doc([this_year, last_year], company="四方科技", year=2019)
    facts = [f for f in extract_facts(doc, table_chunks(doc)) if f.page == 74]
    assert facts and {(f.statement, f.scope) for f in facts} == {("母公司所有者权益变动表", "parent")}
