from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch, find_line_items
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import calculation_answer, lookup_answer
from finrag.answer.pipeline import Answerer
from finrag.answer.query import analyze
from finrag.answer.quoted import wants_for
from finrag.answer.row_asks import part_after
from finrag.config import load_settings
from finrag.model import Document, Period, QueryAnalysis, SearchRequest, Table
from finrag.retrieve.periods import find_periods

from .corpus import build_index
from .helpers import make_doc, table_chunks

OPS = Table(
    "t1",
    [55],
    [["(Dollars in millions)", "2022", "2021"]],
    [["Loss before income taxes", "(5,022)", "(5,033)"], ["Net loss", "(4,935)", "(4,290)"]],
    caption="Consolidated Statements of Operations",
)


def test_a_row_that_is_another_item_is_no_partial_match() -> None:
    doc = make_doc([OPS], company="Boeing", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What is Boeing's income tax expense in FY2022?")
    assert best_fact(facts, Want(LineItemMatch("income_tax", "income taxes", 0), 2022), asked, {}) is None
    pretax = best_fact(facts, Want(LineItemMatch("total_profit", "pre-tax income", 0), 2022), asked, {})
    assert pretax is not None and pretax.value == Decimal(-5022)


def test_named_formula_with_a_missing_input_gives_no_number() -> None:
    doc = make_doc([OPS], company="Boeing", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What is Boeing's effective tax rate in FY2022?")
    assert calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None


BALANCE = Table(
    "t2",
    [52],
    [["($ in millions)", "February 2, 2019", "February 3, 2018"]],
    [["Merchandise inventories", "5,409", "5,209"], ["Total current assets", "12,901", "13,049"]],
    caption="Consolidated Balance Sheets",
)
CASH_FLOWS = Table(
    "t3",
    [55],
    [["($ in millions)", "2019", "2018"]],
    [
        ["Merchandise inventories", "(194)", "(335)"],
        ["Additions to property and equipment", "(819)", "(688)"],
    ],
    caption="Consolidated Statements of Cash Flows",
)
EARNINGS = Table(
    "t4",
    [53],
    [["($ in millions)", "2019", "2018"]],
    [["Net sales", "14,694", "14,544"], ["Cost of sales", "(11,969)", "(11,909)"]],
    caption="Consolidated Statements of Income",
)


def test_a_balance_is_read_off_the_balance_sheet_not_the_cash_flow_change() -> None:
    doc = make_doc([CASH_FLOWS, BALANCE], company="Best Buy", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What were Best Buy's merchandise inventories at the end of FY2019?")
    f = best_fact(facts, Want(LineItemMatch("inventory", "inventories", 0), 2019), asked, {})
    assert f is not None and f.value == Decimal(5409)
    # a cash flow statement that kept the balance sheet's title still dates its changes "Year ended …"
    changes = Table(
        "t9",
        [73],
        [["(In millions)", "Year ended December 31, 2019"]],
        [["Inventories", "(298)"]],
        caption="Consolidated Balance Sheets",
    )
    moved = make_doc([changes], company="Best Buy", year=2019, language="en", unit_line="")
    flow = extract_facts(moved, table_chunks(moved))
    assert (
        flow and best_fact(flow, Want(LineItemMatch("inventory", "inventories", 0), 2019), asked, {}) is None
    )


def test_a_balance_asked_of_the_cash_flow_statement_is_its_working_capital_change() -> None:
    flows = Table(
        "t3",
        [49],
        [["(In millions)", "Year Ended May 31, 2016", "Year Ended May 31, 2015"]],
        [["(Increase) in inventories", "(590)", "(621)"], ["Net income", "3,760", "3,273"]],
        caption="NIKE, Inc. Consolidated Statements of Cash Flows",
    )
    doc = make_doc([flows, BALANCE], company="Nike", year=2016, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = "How much cash did Nike tie up in its inventory build in fiscal 2016, per the cash flow statement?"
    f = best_fact(facts, Want(LineItemMatch("inventory", "inventory", 0), 2016), analyze(q), {})
    assert f is not None and f.value == Decimal(-590)  # the change, not a balance
    plain = analyze("What were Nike's inventories at the end of fiscal 2016?")
    assert best_fact(facts, Want(LineItemMatch("inventory", "inventory", 0), 2016), plain, {}) is None


def test_an_outflow_is_quoted_by_its_size_and_a_cost_in_brackets_does_not_inflate_a_margin() -> None:
    doc = make_doc([CASH_FLOWS, EARNINGS], company="Amcor", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    capex = lookup_answer(
        analyze("What is Amcor's FY2019 capital expenditure?"), facts, {doc.doc_id: 0}, lambda f: 1
    )
    assert capex is not None and "819 million, an outflow" in capex.text and "-819" not in capex.text
    margin = calculation_answer(
        analyze("What is Amcor's FY2019 gross margin?"), facts, {doc.doc_id: 0}, lambda f: 1
    )
    assert margin is not None and margin.calculation is not None
    assert margin.calculation.result == Decimal("18.54")  # (14,694 − 11,969) / 14,694, not 181.45%


def test_a_year_asked_is_not_answered_from_a_quarter_s_column_and_a_written_date_wins() -> None:
    income = Table(
        "t5",
        [95],
        [["项目", "2006年度", "2005年度"]],
        [["主营业务收入", "13,235,594,540.30", "11,000,000,000.00"]],
        caption="合并利润表",
    )
    quarter = Table(
        "t6",
        [108],
        [["项目", "2007年度第一季度", "2006年度第一季度"]],
        [["营业收入", "2,600,000,000.00", "2,334,895,768.96"]],
        caption="合并利润表",
    )
    doc = make_doc([quarter, income], company="国电电力", year=2006)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("国电电力2006年度的营业收入是多少元?")
    f = best_fact(facts, Want(LineItemMatch("revenue", "营业收入", 0), 2006), asked, {})
    assert f is not None and f.value == Decimal("13235594540.30")  # the year's, not the first quarter's
    q3 = "国电电力2006年第三季度的营业收入是多少元?"
    third = analyze(q3, QueryAnalysis(q3, q3, "zh", "lookup", periods=find_periods(q3)))
    assert (
        best_fact(facts, Want(LineItemMatch("revenue", "营业收入", 0), 2006), third, {}) is None
    )  # 年度 only
    only_quarter = [f for f in facts if f.page == 108]
    full_year = analyze("国电电力2007年全年的营业收入是多少元?")
    assert best_fact(only_quarter, Want(LineItemMatch("revenue", "营业收入", 0), 2007), full_year, {}) is None
    shares = Table(
        "t8",
        [96],
        [["项目", "2007-6-30 金额", "2007-6-30 占收入的比例"]],
        [["营业成本", "9,800.00", "81.62%"]],
    )
    share_doc = make_doc([shares], company="国电电力", year=2007)
    share_facts = [f for f in extract_facts(share_doc, table_chunks(share_doc)) if f.unit == "%"]
    cost = Want(LineItemMatch("cost_of_revenue", "营业成本", 0), 2007)
    # a share of revenue is no amount of a statement item, asked in 元 or not
    assert best_fact(share_facts, cost, analyze("国电电力2007年1-6月的营业成本是多少?"), {}) is None
    amount = analyze("国电电力2007年1-6月的营业成本是多少元?")
    assert best_fact(share_facts, cost, amount, {}) is None
    ratio = analyze("国电电力2007年1-6月的营业成本占收入的比例是多少?")
    assert best_fact(share_facts, cost, ratio, {}) is not None  # asked as a share: the share
    # the question's own formula reads 营业成本 as an amount: its share of revenue is no operand
    defined = analyze("国电电力2007年1-6月的成本率是多少？成本率=营业成本/营业收入，保留两位小数。")
    assert defined.definition is not None and best_fact(share_facts, cost, defined, {}) is None
    balance = Table(
        "t7",
        [66],
        [["项目", "2020年12月31日", "2019年12月31日"]],
        [["固定资产", "1,698,893,578.48", "1,195,016,713.73"]],
        caption="合并资产负债表",
    )
    jinyu = make_doc([balance], company="金宇生物", year=2020)
    question = "金宇生物2020年年报中,合并资产负债表固定资产的上年年末余额(2019年12月31日)是多少元?"
    # the retriever's analysis names the report year first: its year-end must not outrank the written date
    periods = [Period("2020年", 2020, "FY", "2020-12-31", "duration"), *find_periods(question)[1:]]
    analysis = QueryAnalysis(question, question, "zh", "lookup", periods=periods)
    answer = lookup_answer(
        analyze(question, analysis),
        extract_facts(jinyu, table_chunks(jinyu)),
        {jinyu.doc_id: 0},
        lambda f: 1,
    )
    assert answer is not None and "1,195,016,713.73" in answer.text and "1,698,893,578.48" not in answer.text


def test_a_printed_gross_profit_and_the_question_s_own_revenue_line_are_used() -> None:
    amd = Table(
        "t8",
        [52],
        [["(In millions)", "2022", "2021"]],
        [
            ["Net revenue", "23,601", "16,434"],
            ["Cost of sales", "11,550", "8,505"],
            ["Amortization of acquisition-related intangibles", "1,448", "—"],
            ["Gross profit", "10,603", "7,929"],
        ],
        caption="Consolidated Statements of Operations",
    )
    doc = make_doc([amd], company="AMD", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    margin = calculation_answer(
        analyze("What is AMD's FY2022 gross margin?"), facts, {doc.doc_id: 0}, lambda f: 1
    )
    assert margin is not None and margin.calculation is not None
    assert margin.calculation.result == Decimal("44.93")  # 10,603 / 23,601, not (23,601 − 11,550) / 23,601
    costco = Table(
        "t9",
        [36],
        [["(In millions)", "2021", "2020"]],
        [
            ["Net sales", "192,052", "163,220"],
            ["Total revenue", "195,929", "166,761"],
            ["Operating income", "6,708", "5,435"],
            ["Depreciation and amortization", "1,781", "1,645"],
        ],
        caption="Consolidated Statements of Income",
    )
    doc = make_doc([costco], company="Costco", year=2021, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What is Costco's FY2021 EBITDA margin, using total revenue?")
    ebitda = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert ebitda is not None and "195,929" in ebitda.text and "192,052" not in ebitda.text


def test_a_52_week_year_end_matches_the_year_end_its_column_implies() -> None:
    flows = Table(
        "t10",
        [64],
        [["(in millions)", "2021", "2020"]],
        [["Cash dividends paid", "(5,815)", "(5,509)"]],
        caption="Consolidated Statement of Cash Flows",
    )
    doc = make_doc([flows], company="PepsiCo", year=2021, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    item = LineItemMatch("dividends_paid", "cash dividends", 0)
    asked = analyze("How much (in USD billions) did PepsiCo pay in cash dividends in FY2021?")
    f = best_fact(facts, Want(item, 2021, "2021-12-25"), asked, {})  # PepsiCo's fiscal 2021 ended 25 December
    assert f is not None and f.value == Decimal(-5815)
    answer = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and "= 5.82 billions" in answer.text
    canada = Table("t12", [90], [["", "2019", "2018"]], [["Canada", "3,214", "3,187"]], caption="Geographic")
    bby = make_doc([canada], company="Best Buy", year=2019, language="en", unit_line="")
    bby.meta.period_end = "2019-02-28"  # its bare years dated at the report month's end
    rows = extract_facts(bby, table_chunks(bby))
    feb = best_fact(rows, Want(LineItemMatch("", "Canada", 0), 2019, "2019-02-02"), asked, {})  # ended Feb 2
    assert feb is not None and feb.value == Decimal(3214)


def test_growth_between_two_written_balance_dates() -> None:
    balance = Table(
        "t11",
        [5],
        [["($ in millions)", "July 29, 2023", "January 28, 2023", "July 30, 2022"]],
        [["Merchandise inventories", "5,651", "5,140", "6,043"]],
        caption="Condensed Consolidated Balance Sheets",
    )
    doc = make_doc([balance], company="Best Buy", year=2024, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    question = (
        "What is the year-over-year change in Best Buy's merchandise inventories at July 29, 2023 compared "
        "with July 30, 2022? Answer in percents."
    )
    analysis = QueryAnalysis(question, question, "en", "calculation", periods=find_periods(question))
    growth = calculation_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1)
    assert growth is not None and growth.calculation is not None
    assert "(5,651 − 6,043) / 6,043" in growth.text  # not the January balance between them


def test_per_share_sga_and_a_change_asked_in_percent() -> None:
    data = Table(
        "t12",
        [50],
        [["(In millions, except per share data)", "2022", "2021"]],
        [
            ["Net sales", "32,765", "31,657"],
            ["Selling, general and administrative expenses", "7,602", "6,626"],
            ["Operating profit", "3,475.8", "3,144.8"],
            ["Cash dividends declared", "(467)", "(437)"],
            ["Cash dividends declared per common share", "2.62", "2.41"],
        ],
        caption="Consolidated Statements of Income",
    )
    doc = make_doc([data], company="Acme", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    rank = {doc.doc_id: 0}
    per_share = lookup_answer(
        analyze("What were Acme's cash dividends declared per common share in FY2022?"),
        facts,
        rank,
        lambda f: 1,
    )
    assert per_share is not None and "2.62" in per_share.text and "467" not in per_share.text
    sga = calculation_answer(
        analyze("What is Acme's FY2022 SG&A as a % of net sales?"), facts, rank, lambda f: 1
    )
    assert sga is not None and sga.calculation is not None and sga.calculation.result == Decimal("23.20")
    asked = analyze("What is the FY2021 - FY2022 change in operating profit for Acme (in %)?")
    assert asked.formula is not None and asked.formula.name == "yoy_growth"
    growth = calculation_answer(asked, facts, rank, lambda f: 1)
    assert (
        growth is not None
        and growth.calculation is not None
        and growth.calculation.result == Decimal("10.53")
    )


def test_gaap_eps_growth_skips_adjusted_rows_and_a_quarterly_table_does_not_answer_a_year() -> None:
    release = Table(
        "t20",
        [1],
        [["($ in Millions, except EPS)", "Q2 2023", "Q2 2022"]],
        [
            ["Adjusted EPS (diluted)", "2.80", "2.59"],
            ["EPS (diluted)", "1.96", "1.80"],
        ],
        caption="Non-GAAP measures",
    )
    doc = make_doc([release], company="Acme", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What was the year-over-year % change in Acme's unadjusted (GAAP) diluted EPS in Q2 FY2023 "
        "compared with Q2 FY2022? Round to one decimal place."
    )
    assert asked.formula is not None and asked.formula.name == "yoy_growth"
    assert all(m.printed.lower() != "year-over-year" for m in asked.line_items)  # names the formula only
    assert "GAAP" not in asked.entities
    asked.line_items = [LineItemMatch("", "diluted EPS", 0)]  # the row label the pipeline reads off tables
    growth = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert growth is not None and growth.calculation is not None
    assert growth.calculation.result == Decimal("8.9")  # (1.96 - 1.80) / 1.80, not the adjusted 8.1
    assert "millions" not in growth.text  # a per-share figure takes no "in millions"
    quarterly = Table(
        "t21",
        [10],
        [["", "", "FOURTH QUARTER"], ["", "2022 Amount", "2021 Amount"]],  # the heading centred over both
        [["Sales to customers", "23,706", "24,804"]],
        caption="Condensed Consolidated Statement of Earnings",
    )
    annual = Table(
        "t22",
        [60],
        [["(Dollars in millions)", "2022", "2021"]],
        [["Sales to customers", "94,943", "93,775"]],
        caption="Consolidated Statements of Earnings",
    )
    both = make_doc([quarterly, annual], company="Acme", year=2022, language="en", unit_line="")
    sales = best_fact(
        extract_facts(both, table_chunks(both)),
        Want(LineItemMatch("revenue", "sales to customers", 0), 2022),
        analyze("What were Acme's FY2022 sales to customers?"),
        {both.doc_id: 0},
    )
    assert sales is not None and sales.value == Decimal(94943)  # the year's, not the bare "2022 Amount"


def test_a_row_label_with_its_unit_is_the_item_a_question_names_without_it() -> None:
    from finrag.answer.table_items import items_from_tables

    doc = make_doc([], company="南岭民爆", year=2005)
    table = "| 项目 | 2005年 |\n| 向前5名客户的合计销售金额（万元） | 5,042.87 |\n| 的净利润 | 1,000.00 |"
    from .helpers import make_chunk

    items = items_from_tables("南岭民爆2005年向前5名客户的合计销售金额是多少?", [make_chunk(doc, table, 68)])
    assert [m.printed for m in items] == ["向前5名客户的合计销售金额"]
    assert items_from_tables("2010年度的净利润是多少?", [make_chunk(doc, table, 68)]) == []  # a cut label


def test_net_asked_takes_the_net_row_not_the_gross_one() -> None:
    balance = Table(
        "t41",
        [58],
        [["(Millions)", "December 31, 2018", "December 31, 2017"]],
        [
            ["Property, plant and equipment", "24,873", "24,914"],
            ["Less: Accumulated depreciation", "(16,135)", "(16,048)"],
            ["Property, plant and equipment — net", "8,738", "8,866"],
        ],
        caption="Consolidated Balance Sheet",
    )
    doc = make_doc([balance], company="3M", year=2018, language="en", unit_line="")
    asked = analyze("What is the year end FY2018 net PPNE for 3M?")
    facts = extract_facts(doc, table_chunks(doc))
    f = best_fact(facts, Want(asked.line_items[0], 2018), asked, {doc.doc_id: 0})
    assert f is not None and f.value == Decimal(8738)
    assert "PPNE" not in asked.entities


def test_closing_rows_the_question_words_and_not_the_opening_balance() -> None:
    cash = Table(
        "t41",
        [75],
        [["项目", "2020年度", "2019年度"]],
        [
            ["五、现金及现金等价物净增加额", "334,556,961.81", "-28,086,099.26"],
            ["加：期初现金及现金等价物余额", "986,433,169.65", "1,014,519,268.91"],
            ["六、期末现金及现金等价物余额", "1,320,990,131.46", "986,433,169.65"],
        ],
        caption="合并现金流量表",
    )
    doc = make_doc([cash], company="生物股份", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("生物股份2020年现金及现金等价物增长率是多少?按期初、期末现金及现金等价物余额计算。")
    item = LineItemMatch("", "现金及现金等价物", 0)
    found = best_fact(facts, Want(item, 2020), asked, {doc.doc_id: 0})
    assert found is not None and found.value == Decimal("1320990131.46")


def test_a_parent_company_figure_is_never_answered_with_the_group_s() -> None:
    from .helpers import INCOME_ZH

    doc = make_doc([INCOME_ZH])  # 合并利润表 only
    facts = extract_facts(doc, table_chunks(doc))
    group = analyze("四方科技2019年的营业收入是多少元?")
    assert lookup_answer(group, facts, {doc.doc_id: 0}, lambda f: 1) is not None
    parent = analyze("四方科技2019年母公司利润表中的营业收入是多少元?")
    assert parent.scope == "parent" and lookup_answer(parent, facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_a_half_year_takes_the_six_months_column_and_a_formula_s_own_net_is_no_net_asked() -> None:
    income = Table(
        "t20",
        [8],
        [["(Millions)", "Three Months Ended July 2, 2023", "Six Months Ended July 2, 2023"]],
        [["Revenues", "12,734", "31,015"], ["Cost of sales", "3,237", "8,122"]],
        caption="Condensed Consolidated Statements of Income",
    )
    haleon = Table(
        "t21",
        [15],
        [["(Millions)", "Six Months Ended March 31, 2023"]],
        [["Net sales", "6,889"]],
        caption="Equity-Method Investment",
    )
    doc = make_doc([income, haleon], company="Pfizer", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    question = "pfizer cost of sales as % of revenue H1 2023"
    analysis = QueryAnalysis(question, question, "en", "calculation", periods=find_periods(question))
    out = calculation_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "8,122 / 31,015" in out.text  # six months; the statement's revenue row


def test_a_chinese_ratio_the_filing_prints_is_quoted_and_a_row_s_price_is_no_revenue() -> None:
    indicators = Table(
        "t22",
        [40],
        [["项目", "2010年度", "2009年度"]],
        [["利息保障倍数", "7.91", "5.02"], ["营业利润", "110,813,313.36", "80,000,000.00"]],
        caption="主要财务指标（单位：万元）",
    )
    income = Table(
        "t23",
        [75],
        [["项目", "2010年度", "2009年度"]],
        [["营业利润", "110,813,313.36", "80,000,000.00"], ["利息支出", "16,044,900.00", "15,000,000.00"]],
        caption="合并利润表",
    )
    products = Table(
        "t24",
        [76],
        [["产品", "2009年度 金额"]],
        [["太阳能边框", "46,543.55"]],
        caption="各产品主营业务收入（单位：万元）",
    )
    doc = make_doc([indicators, income, products], company="爱康科技", year=2010)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("爱康科技2010年度的利息保障倍数是多少?")
    coverage = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert coverage is not None and "为7.91[" in coverage.text  # printed, unitless; not 110,813,313.36 / …
    row = LineItemMatch("", "太阳能边框", 10)
    price = analyze("爱康科技2009年度太阳能边框的平均单价是多少?")
    assert best_fact(facts, Want(row, 2009), price, {}) is None  # the revenue row is no unit price
    sales = analyze("爱康科技2009年度太阳能边框的销售收入是多少?")
    assert best_fact(facts, Want(row, 2009), sales, {}) is not None


def test_the_parent_s_printed_ratio_answers_a_parent_ratio_question() -> None:
    indicators = Table(
        "t25",
        [21],
        [["项目", "2007年度", "2006年度"]],
        [
            ["资产负债率（母公司）", "47.43%", "52.48%"],
            ["归属于母公司所有者权益", "148,646,178.11", "94,607,603.09"],
        ],
        caption="主要财务指标",
    )
    doc = make_doc([indicators], company="厦门安妮", year=2007)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("厦门安妮2006年12月31日的资产负债率（母公司）是多少？")
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "52.48%" in out.text and "94,607,603.09" not in out.text


def test_a_year_asked_takes_no_column_of_some_months_and_a_half_year_no_quarter() -> None:
    months = Table(
        "t30",
        [60],
        [["项目", "2003年度", "2002年10-12月"]],
        [["主营业务收入", "8,225,368.10", "91,630.70"]],
        caption="通力磁材公司成立以来历年经营成果",
    )
    quarter = Table(
        "t31",
        [108],
        [["项目", "2007年度第一季度", "2006年度"]],
        [["一、营业收入", "2,982,104,636.39", "13,235,594,540.30"]],
        caption="合并利润表",
    )
    doc = make_doc([months, quarter], company="天源科技", year=2006, file="tianyuan.pdf")
    facts = extract_facts(doc, table_chunks(doc))
    revenue = LineItemMatch("revenue", "主营业务收入", 0)
    asked = analyze("天源科技2002年度的主营业务收入是多少元？")
    assert best_fact(facts, Want(revenue, 2002), asked, {}) is None  # three months are not the year
    assert best_fact(facts, Want(revenue, 2003), analyze("天源科技2003年度的主营业务收入是多少元？"), {})
    half = analyze("国电电力2007年1-6月的营业收入是多少元？")
    assert best_fact(facts, Want(LineItemMatch("revenue", "营业收入", 0), 2007), half, {}) is None


GROSS_CAPEX = "Purchases of property and equipment, including internal-use software and website development"


def test_a_row_written_out_with_its_remark_is_that_row_not_one_with_another_remark() -> None:
    free_cash = Table(
        "t32",
        [30],
        [["", "Year Ended December 31, 2017"]],
        [
            [
                "Purchases of property and equipment, including internal-use software and website "
                "development, net of proceeds from property and equipment incentives",
                "(10,058)",
            ]
        ],
        caption="Free Cash Flow",
    )
    flows = Table(
        "t33",
        [37],
        [["", "Year Ended December 31, 2017"]],
        [
            [
                GROSS_CAPEX,
                "(11,955)",
            ]
        ],
        caption="Consolidated Statements of Cash Flows",
    )
    doc = make_doc([free_cash, flows], company="Amazon", year=2017, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What were Amazon's FY2017 capital expenditures as a percentage of total net sales? Use the gross "
        "'purchases of property and equipment, including internal-use software and website development' line "
        "of the cash flow statement (before proceeds from property and equipment incentives)."
    )
    item = next(m for m in asked.line_items if m.printed.startswith("purchases"))
    found = best_fact(facts, Want(item, 2017), asked, {doc.doc_id: 0})
    assert found is not None and found.value == Decimal(-11955)


def test_a_quarter_asked_takes_the_quarter_s_column_not_the_report_year_s() -> None:
    quarters = Table(
        "t40",
        [6],
        [["", "第一季度（1-3月份）", "第三季度（7-9月份）"]],
        [["营业收入", "333,437,272.78", "250,895,665.57"]],
        caption="2019年分季度主要财务数据",
    )
    year = Table(
        "t41", [65], [["项目", "本期数", "上期数"]], [["营业收入", "1,175,301,034.32", "1,101,000.00"]]
    )
    doc = make_doc([quarters, year], company="四方科技", year=2019)
    facts = extract_facts(doc, table_chunks(doc))
    question = "四方科技2019年第三季度的营业收入是多少元？"
    asked = analyze(
        question, QueryAnalysis(question, question, "zh", "lookup", periods=find_periods(question))
    )
    found = best_fact(facts, Want(LineItemMatch("revenue", "营业收入", 0), 2019), asked, {})
    assert found is not None and found.value == Decimal("250895665.57")


def test_a_balance_asked_at_two_dates_quotes_both() -> None:
    debt = Table(
        "t5",
        [90],
        [["(in millions)", "June 30, 2022", "December 31, 2021"]],
        [["Long-term debt", "288,212", "301,005"]],
        caption="Consolidated balance sheets (unaudited)",
    )
    doc = make_doc([debt], company="JPMorgan Chase", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    question = (
        "What was JPMorgan Chase's long-term debt at June 30, 2022, and how did it compare with "
        "December 31, 2021?"
    )
    analysis = QueryAnalysis(question, question, "en", "lookup", periods=find_periods(question))
    out = lookup_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "288,212" in out.text and "301,005" in out.text


def test_a_quarter_compared_with_the_same_quarter_a_year_before_quotes_both() -> None:
    ebitdar = Table(
        "t6",
        [14],
        [["", "Three months ended December 31, 2022", "Three months ended December 31, 2021"]],
        [["Las Vegas Strip Resorts Adjusted Property EBITDAR", "$877,052", "$698,739"]],
        caption="Reconciliation (unaudited, in thousands)",
    )
    doc = make_doc([ebitdar], company="MGM Resorts", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    question = (
        "What was MGM's Las Vegas Strip Resorts Adjusted Property EBITDAR for the three months ended "
        "December 31, 2022 compared with the same quarter of 2021?"
    )
    analysis = QueryAnalysis(question, question, "en", "lookup", periods=find_periods(question))
    asked = analyze(question, analysis)
    asked.line_items = [LineItemMatch("", "Las Vegas Strip Resorts Adjusted Property EBITDAR", 40)]
    out = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "877,052" in out.text and "698,739" in out.text


def test_a_figure_net_of_the_item_is_not_the_item() -> None:
    table = Table(
        "t7",
        [5],
        [["主要会计数据", "2020年", "2019年"]],
        [
            ["归属于上市公司股东的净利润", "406,195,463.57", "221,041,634.94"],
            ["归属于上市公司股东的扣除非经常性损益的净利润", "392,188,209.82", "215,115,789.00"],
        ],
        caption="主要会计数据",
    )
    doc = make_doc([table], company="生物股份", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("生物股份2020年的非经常性损益是多少元？")
    assert best_fact(facts, Want(LineItemMatch("", "非经常性损益", 10), 2020), asked, {}) is None


def test_a_named_ratio_at_a_written_date_reads_that_days_balances() -> None:
    balance = Table(
        "t8",
        [111],
        [["项目", "2007.3.31", "2007.6.30"]],
        [
            ["流动资产合计", "7,784,912,868.02", "9,803,142,128.01"],
            ["流动负债合计", "13,657,266,009.95", "21,802,010,411.56"],
        ],
        caption="合并资产负债表",
    )
    doc = make_doc([balance], company="国电电力", year=2007)
    facts = extract_facts(doc, table_chunks(doc))
    q = "国电电力2007年6月30日的流动比率是多少?保留2位小数。"
    asked = analyze(q, QueryAnalysis(q, q, "zh", "calculation", periods=find_periods(q)))
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("0.45")


NONRECURRING = """# 四方科技集团股份有限公司 2019年年度报告

## 十、非经常性损益项目和金额

单位：元 币种：人民币

| 非经常性损益项目 | 2019年金额 | 2018年金额 |
|---|---|---|
| 计入当期损益的政府补助 | 7,504,393.00 | 2,100,000.00 |
| 除上述各项之外的其他营业外收入和支出 | 271,671.69 | 39,408.73 |
| 所得税影响额 | -48,791.48 | -12,000.00 |
| 合计 | 276,285.09 | 2,139,408.73 |
"""


def test_the_total_row_of_a_table_titled_by_the_item_is_that_items_total(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    store, retriever = build_index(settings, tmp_path / "docs", {"sifang_2019.md": NONRECURRING})
    try:
        answer = Answerer(settings, store, retriever).ask(
            SearchRequest("四方科技2019年的非经常性损益合计是多少元？")
        )
        assert not answer.refused and "276,285.09" in answer.answer and "2,139,408.73" not in answer.answer
    finally:
        store.close()


def test_cash_paid_and_non_cash_expense_rows_of_a_cash_flow_statement_are_looked_up() -> None:
    flows = Table(
        "t20",
        [73],
        [["(amounts in millions)", "2019", "2018"]],
        [
            ["Net income", "1,503", "1,813"],
            ["Share-based compensation expense", "166", "209"],
            ["Common stock repurchased", "(22,245)", "(32,696)"],
            ["Interest paid", "(2,803)", "(1,072)"],
            ["Cash and cash equivalents at end of period", "5,794", "4,225"],
        ],
        caption="Consolidated Statements of Cash Flows",
    )
    doc = make_doc([flows], company="Activision Blizzard", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    for question, value in (
        ("How much share-based compensation expense did Activision Blizzard record in 2018?", "209"),
        ("How much interest did Activision Blizzard pay in cash in 2019?", "2,803"),
        ("How much cash did Activision Blizzard spend repurchasing common stock in 2018?", "32,696"),
    ):
        asked = analyze(question)
        assert [m.concept for m in asked.line_items] != ["cash"] and len(asked.line_items) == 1, question
        got = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
        assert got is not None and value in got.text and "5,794" not in got.text, question


def test_a_row_printed_with_its_unit_is_fetched_and_answers_several_items_at_once(tmp_path: Path) -> None:
    report = (
        "# 金宇生物技术股份有限公司 2020年年度报告\n\n## 主要财务指标\n\n"
        "| 项目 | 2020年 | 2019年 |\n|---|---|---|\n| 基本每股收益（元／股） | 0.36 | 0.20 |\n"
        "| 稀释每股收益（元／股） | 0.35 | 0.20 |\n| 加权平均净资产收益率（%） | 9.87 | 5.01 |\n"
    )
    settings = load_settings(tmp_path / "data")
    store, retriever = build_index(settings, tmp_path / "docs", {"jinyu_2020.md": report})
    try:
        answerer = Answerer(settings, store, retriever)
        eps = answerer.ask(SearchRequest("金宇生物2020年的基本每股收益是多少？"))
        assert "为0.36" in eps.answer and "|" not in eps.answer  # the fact quoted, not the row copied
        both = answerer.ask(SearchRequest("金宇生物2020年的基本每股收益和稀释每股收益分别是多少？"))
        assert "0.36" in both.answer and "0.35" in both.answer
    finally:
        store.close()


def _highlights() -> tuple[Table, Document]:
    table = Table(
        "t40",
        [3],
        [["(in millions)", "2Q23", "1Q23", "2Q22"]],
        [["Total net revenue", "41,307", "38,349", "30,715"]],
        caption="Consolidated financial highlights",
    )
    return table, make_doc([table], company="JPMorgan Chase", year=2023, language="en", unit_line="")


def test_growth_between_two_quarters_of_a_year_compares_those_quarters() -> None:
    _, doc = _highlights()
    facts = extract_facts(doc, table_chunks(doc))
    for question in (
        "By how much did JPMorgan's total net revenue grow in the second quarter of 2023 compared with the "
        "first quarter of 2023?",
        "What was JPMorgan's quarter-over-quarter growth in total net revenue in the second quarter of 2023?",
    ):
        analysis = QueryAnalysis(question, question, "en", "calculation", periods=find_periods(question))
        out = calculation_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1)
        assert out is not None and out.text.startswith("Quarter-over-quarter growth"), question
        assert "(41,307 − 38,349) / 38,349 = 7.71%" in out.text


GOODWILL = """# 金宇生物技术股份有限公司 2020年年度报告

## 七、合并财务报表项目注释

| 项目 | 2020年12月31日 | 2019年12月31日 |
|---|---|---|
| 商誉 | 134,259,226.36 | 130,834,786.69 |

### (1).商誉账面原值

单位：元

| 被投资单位名称 | 期初余额 | 本期增加 | 期末余额 |
|---|---|---|---|
| 辽宁益康生物股份有限公司 | 162,708,919.32 |  | 162,708,919.32 |
| 武汉市正华精机技术发展有限公司 |  | 3,424,439.67 | 3,424,439.67 |
| 合计 | 162,708,919.32 | 3,424,439.67 | 166,133,358.99 |

### (2).商誉减值准备

单位：元

| 被投资单位名称 | 期初余额 | 本期增加 | 期末余额 |
|---|---|---|---|
| 辽宁益康生物股份有限公司 | 31,874,132.63 |  | 31,874,132.63 |
| 合计 | 31,874,132.63 |  | 31,874,132.63 |
"""


def test_a_part_of_a_balance_is_the_total_of_the_note_table_titled_by_it(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    store, retriever = build_index(settings, tmp_path / "docs", {"jinyu_2020.md": GOODWILL})
    try:
        answerer = Answerer(settings, store, retriever)
        gross = answerer.ask(SearchRequest("金宇生物2020年末商誉账面原值是多少？"))
        # the year-end balance of the note, not its net balance sheet row nor the year's addition
        assert "166,133,358.99" in gross.answer and "134,259,226.36" not in gross.answer
        assert "3,424,439.67" not in gross.answer
        share = answerer.ask(
            SearchRequest("金宇生物2020年末商誉减值准备占商誉账面原值的比例是多少？保留两位小数。")
        )
        assert share.calculation is not None and share.calculation.result == Decimal("19.19")
        assert "商誉减值准备" in share.answer and "商誉账面原值" in share.answer
    finally:
        store.close()


GRANTS = """# 金宇生物技术股份有限公司 2020年年度报告

## 七、合并财务报表项目注释

### 递延收益

单位：元

| 涉及政府补助的项目 | 期初余额 | 本期新增补助金额 | 本期计入其他收益金额 | 期末余额 |
|---|---|---|---|---|
| 布鲁氏菌病活疫苗Rev.株研究 | 166,400.00 | 100,000.00 |  | 266,400.00 |
| 2018年工业转型升级项目 | 9,000,000.00 |  | 163,125.00 | 6,361,875.00 |
"""


def test_a_grant_s_closing_balance_is_never_the_year_s_new_grant(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    store, retriever = build_index(settings, tmp_path / "docs", {"jinyu_2020.md": GRANTS})
    try:
        answerer = Answerer(settings, store, retriever)
        question = "金宇生物2020年递延收益中“布鲁氏菌病活疫苗Rev.株研究”的期末余额是多少？"
        closing = answerer.ask(SearchRequest(question))
        assert "266,400.00" in closing.answer and "100,000.00" not in closing.answer
    finally:
        store.close()


def test_ebit_is_its_printed_row_not_operating_income() -> None:
    segments = Table(
        "t30",
        [91],
        [["(Dollars in millions)", "Fiscal 2021", "Fiscal 2020"]],
        [["Revenues", "2,205", "1,846"], ["Earnings Before Interest and Taxes", "543", "297"]],
        caption="Converse",
    )
    doc = make_doc([segments], company="Nike", year=2021, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What earnings before interest and taxes (EBIT) did Nike's Converse report in fiscal 2021?"
    )
    assert asked.intent == "lookup" and asked.line_items[0].concept == "ebit"
    got = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert got is not None and "543" in got.text and "2,205" not in got.text


def test_an_english_question_reads_a_chinese_direct_method_cash_flow_row() -> None:
    flows = Table(
        "t31",
        [96],
        [["项目", "2006年度", "2005年度"]],
        [
            ["销售商品、提供劳务收到的现金", "12,345,678,901.00", "11,000,000,000.00"],
            ["支付给职工以及为职工支付的现金", "1,106,443,976.66", "998,000,000.00"],
        ],
        caption="合并现金流量表",
    )
    doc = make_doc([flows], company="国电电力", year=2006)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("How much cash did GD Power (国电电力) pay to and on behalf of employees in 2006?")
    assert asked.language == "en"
    got = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert got is not None and "1,106,443,976.66" in got.text


def test_a_part_of_a_balance_written_after_the_item_is_asked_not_the_item() -> None:
    for question, part in (
        ("四方科技2019年末固定资产的累计折旧是多少元？", "累计折旧"),
        ("金宇生物2020年末商誉所在资产组的可收回金额是多少元？", "所在资产组"),  # the group, not the goodwill
        ("金宇生物2020年末商誉是多少元？", ""),
        ("四方科技2019年末其他应收款计提的坏账准备期末余额是多少元？", "坏账准备"),  # not the balance
    ):
        (item,) = [m for m in find_line_items(question) if m.concept]
        assert part_after(question, item) == part, question
    # "折旧" inside "累计折旧" is the part asked, not a second item looked up on its own
    wants = wants_for(analyze("金宇生物2020年末固定资产的累计折旧余额是多少？"))
    assert [w.item.printed for w in wants] == ["固定资产"]


def test_a_row_the_question_writes_out_beats_the_shorter_item_it_starts_with() -> None:
    recast = Table(
        "t9",
        [12],
        [["(Dollars in millions)", "2023 Q1 Amount", "2023 Q2 Amount"]],
        [
            ["Net earnings/(loss) from Continuing Operations", "(491)", "5,376"],
            ["Net earnings/(loss) from Discontinued Operations, net of tax", "423", "(232)"],
            ["Net earnings/(loss)", "(68)", "5,144"],
        ],
        caption="Condensed Consolidated Statement of Earnings",
    )
    doc = make_doc([recast], company="Johnson & Johnson", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = "What were J&J's net earnings from continuing operations for the second quarter of 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    item = next(m for m in asked.line_items if m.printed == "net earnings")
    f = best_fact(facts, Want(item, 2023), asked, {})
    assert f is not None and f.value == Decimal("5376")
    plain = "What were Johnson & Johnson's net earnings for the second quarter of 2023?"
    asked = analyze(plain, QueryAnalysis(plain, plain, "en", "lookup", periods=find_periods(plain)))
    item = next(m for m in asked.line_items if m.printed == "net earnings")
    f = best_fact(facts, Want(item, 2023), asked, {})
    assert f is not None and f.value == Decimal("5144")


def test_a_row_written_out_with_its_comma_beats_a_note_s_row_of_the_bare_item() -> None:
    balance = Table(
        "t1",
        [64],
        [["(In thousands)", "2020", "2019"]],
        [["Long-term debt, net", "12,376,684", "11,168,904"]],
        caption="CONSOLIDATED BALANCE SHEETS",
    )
    taxes = Table(
        "t2",
        [88],
        [["", "2020", "2019"]],
        [["Long-term debt", "10,907", "2,022"]],
        caption="NOTE 10 — INCOME TAXES",
    )
    doc = make_doc([balance, taxes], company="MGM Resorts", year=2020, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = "What was MGM Resorts' long-term debt, net at December 31, 2020?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    item = next(m for m in asked.line_items if m.concept == "long_term_borrowings")
    f = best_fact(facts, Want(item, 2020), asked, {})
    assert f is not None and f.value == Decimal("12376684")


def test_a_half_year_is_not_answered_from_a_whole_year_column() -> None:
    cash = Table(
        "t10",
        [109],
        [["项目", "2007", "2006"]],
        [["分配股利、利润或偿付利息支付的现金", "266,378,255.81", "209,350,297.34"]],
        caption="合并现金流量表",
    )
    doc = make_doc([cash], company="国电电力", year=2007)
    facts = extract_facts(doc, table_chunks(doc))
    item = LineItemMatch("", "分配股利、利润或偿付利息支付的现金", 0)
    half = analyze("国电电力2007年1-6月的分配股利、利润或偿付利息支付的现金是多少？")
    assert best_fact(facts, Want(item, 2007), half, {}) is None
    year = analyze("国电电力2007年的分配股利、利润或偿付利息支付的现金是多少？")
    f = best_fact(facts, Want(item, 2007), year, {})
    assert f is not None and f.value == Decimal("266378255.81")


def test_one_of_two_quarters_is_read_from_its_own_column() -> None:
    highlights = Table(
        "t11",
        [3],
        [["(in millions)", "2Q23", "1Q23", "Three months ended June 30, 2023"]],
        [["Total net revenue", "41,307", "38,349", "41,307"]],
        caption="Consolidated financial highlights",
    )
    doc = make_doc([highlights], company="JPMorgan Chase", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = "JPM total net revenue growth 2Q23 vs 1Q23, %?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "calculation", periods=find_periods(q)))
    item = LineItemMatch("revenue", "total net revenue", 0)
    first = best_fact(facts, Want(item, 2023, quarter="Q1"), asked, {})
    assert first is not None and first.value == Decimal("38349")  # not the June quarter's


def test_a_span_of_months_asked_is_never_read_from_a_column_of_another_span() -> None:
    cash = Table(
        "t12",
        [9],
        [["($ million)", "Twelve Months Ended June 30, 2023", "Twelve Months Ended June 30, 2022"]],
        [["Purchase of property, plant and equipment", "(526)", "(527)"]],
        caption="Condensed Consolidated Statements of Cash Flows",
    )
    doc = make_doc([cash], company="Amcor", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    item = LineItemMatch("capex", "purchase of property, plant and equipment", 0)
    q = "Amcor's purchase of property, plant and equipment in the three months ended June 30, 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert best_fact(facts, Want(item, 2023), asked, {}) is None  # the year's figure is another number
    year = "Amcor's purchase of property, plant and equipment in the twelve months ended June 30, 2023?"
    asked = analyze(year, QueryAnalysis(year, year, "en", "lookup", periods=find_periods(year)))
    f = best_fact(facts, Want(item, 2023), asked, {})
    assert f is not None and f.value == Decimal("-526")


def test_a_quarter_named_by_its_weeks_is_not_read_from_the_year_s_weeks_column() -> None:
    sales = Table(
        "t8",
        [36],
        [["", "52 Weeks Ended August 29, 2021", "52 Weeks Ended August 30, 2020"]],
        [["Net sales", "192,052", "163,220"]],
        caption="Consolidated statements of income (in millions)",
    )
    doc = make_doc([sales], company="Costco", year=2021, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    question = (
        "What were Costco's net sales for the fourth quarter of fiscal 2021 (16 weeks ended August 29, 2021)?"
    )
    analysis = QueryAnalysis(question, question, "en", "lookup", periods=find_periods(question))
    assert lookup_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1) is None
    year = "What were Costco's net sales for the 52 weeks ended August 29, 2021?"
    whole = QueryAnalysis(year, year, "en", "lookup", periods=find_periods(year))
    out = lookup_answer(analyze(year, whole), facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "192,052" in out.text


def test_a_share_count_row_for_eps_is_the_count_not_a_per_share_figure() -> None:
    eps = Table(
        "t9",
        [30],
        [["", "Three Months Ended December 31, 2022", "Three Months Ended December 31, 2021"]],
        [
            ["Weighted-average ordinary shares outstanding for EPS—diluted", "1,485", "1,524"],
            ["Diluted EPS", "0.307", "0.147"],
        ],
        caption="Earnings Per Share Computations (in millions, except per share amounts)",
    )
    doc = make_doc([eps], company="Amcor", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    question = (
        "What was Amcor's weighted-average number of ordinary shares used for diluted EPS for the three "
        "months ended December 31, 2022?"
    )
    analysis = QueryAnalysis(question, question, "en", "lookup", periods=find_periods(question))
    out = lookup_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.text.startswith("weighted-average diluted shares") and "1,485" in out.text


def test_a_half_year_is_not_read_from_a_year_end_column() -> None:
    receivable = Table(
        "t10", [129], [["项目", "2007年（末）", "2006年（末）"]], [["营业收入", "40,238.47", "35,120.00"]]
    )
    doc = make_doc([receivable], company="厦门安妮", year=2007, unit_line="单位：万元")
    facts = extract_facts(doc, table_chunks(doc))
    question = "厦门安妮股份2007年上半年（1-6月）的营业收入是多少元？"
    analysis = QueryAnalysis(question, question, "zh", "lookup", periods=find_periods(question))
    assert lookup_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_a_transfer_asked_is_never_answered_with_a_closing_balance() -> None:
    cip = Table(
        "t60",
        [146],
        [["项目", "期末 账面余额", "期初 账面余额"]],
        [["在建工程", "9,142,988.38", "452,143,172.66"]],
        caption="(1).在建工程情况",
    )
    doc = make_doc([cip], company="生物股份", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    balance = analyze("生物股份2020年末在建工程余额是多少元？")
    assert lookup_answer(balance, facts, {doc.doc_id: 0}, lambda f: 1) is not None
    moved = analyze("生物股份2020年在建工程转入固定资产的金额是多少元？")
    assert lookup_answer(moved, facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_an_adjusted_figure_asked_is_the_adjusted_row_and_a_report_quarter_names_no_period() -> None:
    release = Table(
        "t70",
        [11],
        [["", "2022", "2021"]],
        [
            ["Net earnings per share (Diluted)", "$6.73", "$7.81"],
            ["Adjusted earnings before provision for taxes and net earnings", "", ""],
            ["Net earnings per share (Diluted)", "$10.15", "$9.80"],
        ],
        caption="Reconciliation of Non-GAAP Financial Measures",
    )
    doc = make_doc([release], company="Johnson & Johnson", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))

    def answer(q: str) -> str:
        found = lookup_answer(analyze(q), facts, {doc.doc_id: 0}, lambda f: 1)
        return found.text if found else ""

    assert "10.15" in answer("What adjusted diluted EPS did J&J report for 2022?")
    assert "10.15" in answer("What was J&J's diluted EPS (non-GAAP) for 2022?")
    assert "6.73" in answer("What diluted EPS did J&J report for 2022?")  # the GAAP row, though the table is
    assert "6.73" in answer(
        "What was J&J's split-adjusted diluted EPS for 2022?"
    )  # a non-GAAP reconciliation
    q = "What adjusted diluted EPS did J&J report for the first six months of 2023 in its Q2 2023 release?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert (
        asked.quarters == [] and asked.part_year
    )  # the release's quarter names the report: six months asked


def test_a_carrying_value_asked_is_the_net_column_not_the_cost_or_amortisation() -> None:
    intangibles = Table(
        "t71",
        [219],
        [["类别", "无形资产原值", "累计摊销", "无形资产净值"]],
        [["土地使用权", "123,591,637.31", "1,684,558.53", "121,907,078.78"]],
        caption="截至2010年12月31日，公司无形资产情况如下：",
    )
    doc = make_doc([intangibles], company="爱康", year=2010)
    facts = extract_facts(doc, table_chunks(doc))

    def answer(q: str) -> Decimal | None:
        land = Want(LineItemMatch("", "土地使用权", q.find("土地使用权")), 2010)
        found = best_fact(facts, land, analyze(q), {doc.doc_id: 0})
        return found.value if found else None

    assert answer("爱康2010年末无形资产中土地使用权的账面价值是多少？") == Decimal("121907078.78")
    assert answer("爱康2010年末无形资产中土地使用权的原值是多少？") == Decimal("123591637.31")


def test_a_six_months_column_is_no_answer_to_a_full_year_question() -> None:
    sales = Table(
        "t9",
        [8],
        [["", "SIX MONTHS", ""], ["(Dollars in Millions)", "2023", "2022"]],
        [["Sales to customers", "42,413", "41,446"]],
        caption="Supplementary Sales Data",
    )
    doc = make_doc([sales], company="Johnson & Johnson", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    assert facts[0].column_label == "SIX MONTHS 2023"  # dated as the year it ends in
    want = Want(LineItemMatch("revenue", "sales", 0), 2023)
    full_year = analyze("What worldwide sales did Johnson & Johnson report for full-year 2023?")
    assert best_fact(facts, want, full_year, {}) is None
    six = analyze("What were Johnson & Johnson's sales for the six months of 2023?")
    found = best_fact(facts, want, six, {})
    assert found is not None and found.value == Decimal("42413")


def test_a_product_s_measure_is_its_row_of_the_block_and_a_quantity_is_never_an_amount() -> None:
    products = Table(
        "t70",
        [83],
        [["产品", "项目", "2005年", "2004年"]],
        [
            ["四氧化三锰", "产量（吨）", "10,200.0", "9,800.0"],
            ["", "销售量（吨）", "10,158.0", "9,682.4"],
            ["软磁铁氧体", "产量（吨）", "3,100.0", "2,900.0"],
            ["", "销售量（吨）", "3,050.0", "2,880.0"],
        ],
        caption="公司近三年主要产品产能、产量、销售量情况",
    )
    customers = Table(
        "t71",
        [84],
        [["客户名称", "产品", "销售金额（万元）"]],
        [
            ["南京金康达", "四氧化三锰", "1,484.00"],
            ["", "软磁铁氧体", "120.00"],
            ["南京三环", "四氧化三锰", "1,254.77"],
        ],
        caption="2004年前五大客户名单及销售情况",
    )
    doc = make_doc([products, customers], company="天源科技", year=2005, unit_line="单位：万元")
    facts = extract_facts(doc, table_chunks(doc))
    q = "天源科技2004年度四氧化三锰的销售量是多少吨？"
    item = LineItemMatch("", "四氧化三锰", q.index("四氧化三锰"))
    f = best_fact(facts, Want(item, 2004), analyze(q), {})
    assert f is not None and f.value == Decimal("9682.4")  # not a customer's purchases in 万元


def test_an_amount_asked_is_not_a_rate_reconciliation_s_percentage() -> None:
    rates = Table(
        "t91",
        [78],
        [["", "Fiscal Years Ended January 31, 2018", "2017"]],
        [["U.S. statutory tax rate", "33.8%", "35.0%"], ["One-time transition tax", "12.3%", "—%"]],
        caption="A reconciliation of the significant differences between the U.S. statutory tax rate",
    )
    doc = make_doc([rates], company="Acme", year=2018, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    item = Want(LineItemMatch("", "one-time transition tax", 0), 2018)
    amount = analyze("What provisional amount did Acme record in fiscal 2018 for its one-time transition tax")
    assert best_fact(facts, item, amount, {}) is None
    rate = analyze("What rate did the one-time transition tax add to Acme's fiscal 2018 effective tax rate?")
    found = best_fact(facts, item, rate, {})
    assert found is not None and found.value == Decimal("12.3")


def test_a_figure_per_unit_asked_is_not_the_total() -> None:
    segment = Table(
        "t93",
        [22],
        [["(in thousands, except revenue per membership)", "2015", "2014"]],
        [
            ["Revenues", "1,953,435", "1,308,061"],
            ["Average monthly revenue per paying membership", "7.48", "8.34"],
        ],
        caption="International Streaming",
    )
    doc = make_doc([segment], company="Acme", year=2015, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What was Acme's International streaming revenue per paying membership in 2015?")
    total = Want(LineItemMatch("revenue", "revenue", 0), 2015)
    assert best_fact(facts, total, asked, {}) is None  # never the 1,953,435 total
    row = LineItemMatch("", "average monthly revenue per paying membership", 0)
    found = best_fact(facts, Want(row, 2015), asked, {})
    assert found is not None and found.value == Decimal("7.48")  # the row the table prints for it
    total = analyze("What was Acme's International streaming revenue in 2015?")
    got = best_fact(facts, Want(LineItemMatch("revenue", "revenue", 0), 2015), total, {})
    assert got is not None and got.value == Decimal("1953435")


def test_the_closing_and_the_opening_balance_asked_together_are_both_wanted() -> None:
    q = "国电电力2007年半年报母公司资产负债表里，短期借款的期末余额和年初余额各是多少？"
    asked = analyze(q, QueryAnalysis(q, q, "zh", "lookup", periods=find_periods(q)))
    wants = [(w.year, w.period_end, w.prior) for w in wants_for(asked) if w.item.printed == "短期借款"]
    assert wants == [(2007, "2007-06-30", False), (2006, None, True)]  # 30 June closes the half-year report


def test_the_group_s_total_assets_are_read_before_the_parent_company_s() -> None:
    """A parent company's balance sheet answers only a 母公司 question; the group's total comes from the
    analysis table even when that table names no scope."""
    parent = Table(
        "t7",
        [120],
        [["项目", "2005-12-31"]],
        [["资产总计", "177,984,612.06"]],
        caption="母公司资产负债表",
    )
    analysis = Table(
        "t9",
        [148],
        [["项目", "2005年12月31日 金额"]],
        [["资产总计", "204,296,800.00"]],
        caption="（一）资产状况分析",
    )
    doc = make_doc([parent, analysis], company="安妮股份", year=2005)
    facts = extract_facts(doc, table_chunks(doc))
    item = LineItemMatch("total_assets", "总资产", 0)
    group = best_fact(facts, Want(item, 2005), analyze("安妮股份2005年末总资产是多少？"), {})
    assert group is not None and group.value == Decimal("204296800.00")
    own = best_fact(facts, Want(item, 2005), analyze("安妮股份2005年末母公司总资产是多少？"), {})
    assert own is not None and own.value == Decimal("177984612.06")


def test_a_date_written_for_one_year_asked_does_not_date_the_other() -> None:
    q = "What was Costco's operating income in fiscal 2021 (52 weeks ended August 29, 2021) and fiscal 2020?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    wants = {(w.year, w.period_end) for w in wants_for(asked)}
    assert (2021, "2021-08-29") in wants and (2020, None) in wants  # 2020 read by its year
    q = "What were Ulta's net sales for the fourth quarter of fiscal 2022 (13 weeks ended January 28, 2023)?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert all(w.period_end == "2023-01-28" for w in wants_for(asked))  # one period, named two ways


def test_a_per_share_note_named_only_as_where_to_read_asks_no_per_share_row() -> None:
    cash = Table(
        "t9",
        [82],
        [["(In millions)", "2017", "2016"]],
        [["Dividends", "(6,320)", "(6,043)"]],
        caption="Consolidated Statements of Cash Flows",
    )
    income = Table(
        "t8",
        [79],
        [["(In millions)", "2017", "2016"]],
        [["Net income attributable to shareowners", "1,248", "6,527"]],
        caption="Consolidated Statements of Income",
    )
    doc = make_doc([income, cash], company="Coca-Cola", year=2017, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = (
        "What is Coca-Cola's FY2017 dividend payout ratio? Please base your judgments on the information "
        "provided in its net income per share policy note."
    )
    found = calculation_answer(analyze(q), facts, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and "506.41%" in found.text


def test_dividend_payments_grow_by_their_size_and_never_read_an_option_model_s_dividend_yield() -> None:
    paid = Table(
        "t61",
        [73],
        [["(Amounts in millions)", "2019", "2018"]],
        [["Dividends paid", "(283)", "(259)"], ["Net cash used in financing activities", "(237)", "(2,043)"]],
        caption="Consolidated Statements of Cash Flows",
    )
    options = Table(
        "t62",
        [109],
        [["", "2019", "2018"]],
        [["Dividend yield", "0.76%", "0.61%"], ["Expected volatility", "29.5%", "28.4%"]],
        caption="Fair Value Valuation Assumptions",
    )
    doc = make_doc([options, paid], company="Activision Blizzard", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("How much did Activision's dividend payments grow in 2019 compared with 2018 in percent?")
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None, asked
    assert out.calculation.result == Decimal("9.27"), out.text  # 283 over 259, not −9.27% nor 0.76% / 0.61%


def test_a_balance_on_a_written_day_changes_against_the_year_s_opening_balance() -> None:
    quarter = Table(
        "t63",
        [94],
        [["项目", "2007年3月31日", "2006年12月31日"]],
        [["应交税费", "249,998,461.27", "244,092,333.55"]],
        caption="合并资产负债表",
    )
    half = Table(
        "t64",
        [117],
        [["项目", "2007年6月30日", "2006年12月31日"]],
        [["应交税费", "323,174,160.85", "377,613,663.90"]],
        caption="合并资产负债表",
    )
    doc = make_doc([quarter, half], company="国电电力", year=2007, file="guodian.pdf")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("国电电力2007年6月30日合并资产负债表中的应交税费，较年初余额变动了百分之多少？")
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("-14.42"), out.text  # never the March balance's change


def test_the_group_s_figure_said_is_never_the_parent_s() -> None:
    parent = Table(
        "t65",
        [125],
        [["项目", "2007年6月30日", "2006年12月31日"]],
        [["短期借款", "2,862,000,000.00", "1,479,100,000.00"]],
        caption="母公司资产负债表",
    )
    doc = make_doc([parent], company="国电电力", year=2007, file="guodian.pdf")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("国电电力2007年6月30日合并短期借款是多少元？")
    assert lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None  # 2,862,000,000 is the parent's
    unsaid = analyze("国电电力2007年6月30日短期借款是多少元？")
    plain = lookup_answer(unsaid, facts, {doc.doc_id: 0}, lambda f: 1)
    assert plain is not None and "2,862,000,000.00" in plain.text  # no group figure printed: the only one
