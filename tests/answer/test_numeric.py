from __future__ import annotations

from decimal import Decimal

from finrag.answer.alongside import with_amount
from finrag.answer.facts import extract_facts
from finrag.answer.numeric import (
    NOT_A_STATEMENT_FIGURE,
    NumericAnswer,
    calculation_answer,
    lookup_answer,
    value_text,
)
from finrag.answer.numeric_forms import beyond_total
from finrag.answer.operands import with_rows
from finrag.answer.printed_ratios import _names_ratio
from finrag.answer.query import analyze
from finrag.answer.table_items import items_from_tables
from finrag.answer.which_year import which_year
from finrag.model import CalcInput, Calculation, QueryAnalysis, Table
from finrag.retrieve.periods import find_periods

from .helpers import make_doc, table_chunks

SEGMENTS = Table(
    "t1",
    [12],
    [],
    caption="Net sales by segment",
    rows=[
        ["", "2019", "2018", "2017"],
        ["", "", "(in millions)", ""],
        ["Sensors", "914", "918", "814"],
        ["Appliances", "680", "774", "676"],
        ["Total", "$ 13,448", "$ 13,988", "$ 12,185"],
    ],
)


def _setup(question: str):
    doc = make_doc([SEGMENTS], company="TE", language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    asked = analyze(question)
    asked.line_items = asked.line_items or items_from_tables(question, chunks)
    return asked, facts, {doc.doc_id: 0}


def test_rows_named_in_the_question_become_line_items() -> None:
    asked, facts, _ = _setup("What was the percentage change in the amount for Appliances in 2019 from 2018?")
    assert [m.printed for m in asked.line_items] == ["Appliances"]
    assert all(f.unit == "millions" for f in facts)  # unit from the header row, for every column


def test_growth_between_two_named_years() -> None:
    asked, facts, rank = _setup(
        "What was the percentage change in the amount for Appliances in 2019 from 2018?"
    )
    out = calculation_answer(asked, facts, rank, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("-12.14")


def test_average_over_all_columns_and_share_of_total() -> None:
    asked, facts, rank = _setup("What is the average Sensors?")
    out = calculation_answer(asked, facts, rank, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("882.00")
    asked, facts, rank = _setup("What is the percentage of Sensors in the Total in 2019?")
    out = calculation_answer(asked, facts, rank, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("6.80")


def test_a_share_beyond_its_whole_is_no_answer() -> None:
    flows = Table(
        "t2",
        [40],
        [["(in millions)", "2019", "2018"]],
        [
            ["Operating cash flows for operating leases", "(4,490)", "(4,658)"],
            ["Less interest", "4,130", "4,000"],
        ],
        caption="Lease information",
    )
    doc = make_doc([flows], company="TE", language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What share of interest were the operating cash flows for operating leases in 2019?")
    asked.line_items = items_from_tables(asked.question, table_chunks(doc))
    assert calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None  # not −108.72%


def test_a_valuation_allowance_s_share_of_the_assets_it_offsets_is_of_its_size() -> None:
    """ "What percentage of total deferred tax assets was offset by the valuation allowance": the allowance is
    printed in brackets, deducted; its share is of its size (once refused: −78.59% is no share)."""
    taxes = Table(
        "t3",
        [94],
        [["(in millions)", "June 30, 2023", "June 30, 2022"]],
        [
            ["Total deferred tax assets", "509", "507"],
            ["Valuation allowance", "(400)", "(407)"],
            ["Net deferred tax assets", "109", "100"],
        ],
        caption="Significant components of deferred tax assets and liabilities",
    )
    doc = make_doc([taxes], company="Amcor", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What percentage of Amcor's total deferred tax assets at June 30, 2023 was offset by the valuation "
        "allowance?"
    )
    asked.line_items = with_rows(asked, items_from_tables(asked.question, table_chunks(doc)))
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("78.59")


def test_an_item_written_twice_with_two_periods_is_a_share_of_the_later_period_in_the_earlier() -> None:
    """ "2006年1-6月的主营业务收入相当于2005年全年主营业务收入的百分之多少": the half year's revenue over the
    year before's (once two lookups; the half year's row label "2006年1-6月" was read as an item)."""
    income = Table(
        "t8",
        [110],
        [["项目", "2006年1-6月", "2005年度"]],
        [["主营业务收入", "108,761,295.69", "191,634,516.98"], ["主营业务成本", "70,000,000.00", "1,200.00"]],
        caption="利润表（合并）",
    )
    doc = make_doc([income], company="南岭民爆", year=2006)
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    q = "南岭民爆2006年1-6月的合并主营业务收入相当于2005年全年主营业务收入的百分之多少？保留两位小数。"
    asked = analyze(q, QueryAnalysis(q, q, "zh", "calculation", periods=find_periods(q)))
    by_period = Table("t9", [14], [["项目", "主营业务收入"]], [["2006年1-6月", "108,761,295.69"]])
    rows = items_from_tables(q, [*chunks, *table_chunks(make_doc([by_period], company="南岭民爆"))])
    assert all(m.printed != "2006年1-6月" for m in rows)  # a period's row names no item
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("56.75")


def test_which_year_compares_the_row() -> None:
    asked, facts, rank = _setup("In which year was the amount for Sensors the largest?")
    out = which_year(asked, facts, rank, lambda f: 1)
    assert out is not None and out.result == Decimal(2018) and out.text.startswith("2018")
    asked, facts, rank = _setup("Which year has the lowest Appliances?")
    assert which_year(asked, facts, rank, lambda f: 1).result == Decimal(2017)  # type: ignore[union-attr]


def test_lookup_of_a_named_row_and_year() -> None:
    asked, facts, rank = _setup("What is the amount of Total in 2018?")
    out = lookup_answer(asked, facts, rank, lambda f: 3)
    assert out is not None and out.facts[0].value == Decimal("13988") and "[3]" in out.text


INCOME = Table(
    "t2",
    [52],
    [["(in millions)", "2018", "2017", "2016"]],
    [["Revenues", "36,397", "34,350", "32,376"], ["Cost of sales", "20,441", "19,038", "17,405"]],
    caption="CONSOLIDATED STATEMENTS OF INCOME",
)


def test_three_year_average_of_a_share() -> None:
    doc = make_doc([INCOME], company="Nike", language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = "What is Nike's three year average of cost of goods sold as a % of revenue from FY2016 to FY2018? "
    q += "Round to one decimal place."
    out = calculation_answer(analyze(q), facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("55.1") and out.calculation.formula == "average_share"
    assert len(out.calculation.inputs) == 6


def test_capex_share_of_revenue_uses_the_size_of_the_outflow() -> None:
    cash = Table(
        "t3",
        [70],
        [["(in millions)", "2019", "2018", "2017"]],
        [["Capital expenditures", "(116)", "(131)", "(155)"]],
        caption="CONSOLIDATED STATEMENTS OF CASH FLOWS",
    )
    income = Table(
        "t4",
        [68],
        [["(in millions)", "2019", "2018", "2017"]],
        [["Net revenues", "6,489", "7,500", "7,017"]],
        caption="CONSOLIDATED STATEMENTS OF OPERATIONS",
    )
    doc = make_doc([cash, income], company="Activision", language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = "What is the FY2017 - FY2019 3 year average of capex as a % of revenue? Round to one decimal place."
    out = calculation_answer(analyze(q), facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("1.9") and "-" not in out.text.split("=")[-1]


def test_named_ratio_for_two_years_is_worked_out_for_each() -> None:
    doc = make_doc([INCOME], company="Nike", language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    q = "How does Nike's gross margin in FY2018 compare to FY2017?"
    out = calculation_answer(analyze(q), facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("43.84")  # the latest year first: (36,397 − 20,441) / 36,397
    assert "44.58%" in out.text and "44.58%" in out.calculation.text  # FY2017, backed for the number check
    assert len(out.calculation.inputs) == 4


def test_guidance_and_which_segment_questions_are_not_answered_with_a_statement_figure() -> None:
    assert NOT_A_STATEMENT_FIGURE.search("What is Ulta Beauty's outlook for fiscal 2023 operating margin?")
    assert NOT_A_STATEMENT_FIGURE.search(
        "Which of Corning's reportable segments had the highest net sales in FY2021?"
    )
    assert not NOT_A_STATEMENT_FIGURE.search("What is Corning's FY2021 net sales growth rate?")
    # a sensitivity the market-risk section states: no statement row
    assert NOT_A_STATEMENT_FIGURE.search("How much would a hypothetical 10% currency move reduce net income?")
    # what falls due next year is a maturity schedule's row, not the balance sheet's long-term debt
    assert NOT_A_STATEMENT_FIGURE.search("How much of its long-term debt is scheduled to mature in 2023?")
    assert not NOT_A_STATEMENT_FIGURE.search("What was its long-term debt due within one year in FY2022?")
    # the peers' average is printed in a comparison, never in the filer's statements
    assert NOT_A_STATEMENT_FIGURE.search("国电电力的可比公司（华能国际等）2007年平均资产负债率是多少？")
    assert not NOT_A_STATEMENT_FIGURE.search("国电电力2007年6月30日的资产负债率是多少？")
    # a share count after the offering: no statement (all before it) prints it
    assert NOT_A_STATEMENT_FIGURE.search("国电电力本次公开增发A股完成后，公司总股本是多少股？")
    assert not NOT_A_STATEMENT_FIGURE.search("国电电力2007年6月30日的股本是多少元？")
    # the offering's table prints the count before and after it
    assert not NOT_A_STATEMENT_FIGURE.search("天源科技首次公开发行前后的总股本分别是多少?")


def test_cash_paid_out_is_summed_by_size_and_one_item_is_no_share() -> None:
    flows = Table(
        "t40",
        [55],
        [["(In millions)", "2016", "2015"]],
        [
            ["Common stock repurchased", "(15,969)", "(13,809)"],
            ["Common stock cash dividends paid", "(11,006)", "(9,882)"],
            ["Net sales", "91,154", "93,580"],
        ],
        caption="Cash Flows Statements",
    )
    doc = make_doc([flows], company="Acme", year=2016, language="en", unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    q = "How much did Acme return via common stock repurchased and cash dividends paid combined in FY2016?"
    found = calculation_answer(analyze(q), facts, rank, lambda f: 1)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("26975.00")  # 15,969 + 11,006, not -26,975
    share = calculation_answer(
        analyze("What share of Acme's FY2016 net sales came from its largest customer?"),
        facts,
        rank,
        lambda f: 1,
    )
    assert share is None  # one item (net sales) is no share of another


EARNINGS_Q2 = Table(
    "t40",
    [10],
    [["(Unaudited; in Millions)", "SECOND QUARTER 2023 Amount", "SECOND QUARTER 2022 Amount"]],
    [
        ["Earnings before provision for taxes on income", "6,762", "5,840"],
        ["Provision for taxes on income", "1,618", "1,026"],
    ],
    caption="Condensed Consolidated Statement of Earnings",
)


def test_a_reported_rate_asked_not_adjusted_is_worked_out_from_the_statement_s_own_rows() -> None:
    doc = make_doc([EARNINGS_Q2], company="Johnson & Johnson", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What effective tax rate did Johnson & Johnson report for 2023 (GAAP, not adjusted)?")
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "23.93%" in out.text  # 1,618 / 6,762
    adjusted = analyze("What adjusted effective tax rate did Johnson & Johnson report for 2023?")
    assert calculation_answer(adjusted, facts, {doc.doc_id: 0}, lambda f: 1) is None  # non-GAAP: not these


def test_a_change_asked_in_dollars_and_as_a_percentage_gives_both() -> None:
    balance = Table(
        "t41",
        [10],
        [["(millions)", "July 2, 2023", "December 31, 2022"]],
        [["Short-term investments", "42,153", "22,316"]],
        caption="Condensed Consolidated Balance Sheets",
    )
    doc = make_doc([balance], company="Pfizer", year=2023, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    question = (
        "By how much did Pfizer's short-term investments change between December 31, 2022 and July 2, 2023? "
        "Give the change in USD millions and as a percentage (one decimal place)."
    )
    asked = analyze(
        question, QueryAnalysis(question, question, "en", "calculation", periods=find_periods(question))
    )
    asked.line_items = asked.line_items or items_from_tables(question, chunks)
    growth = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert growth is not None and "88.9%" in growth.text and "19,837" not in growth.text
    both = with_amount(asked, growth, facts, {doc.doc_id: 0}, lambda f: 1)
    assert both is not None and "19,837" in both.text and "88.9%" in both.text
    assert both.calculation is not None and "19,837" in both.calculation.text  # the citation check allows it


def test_a_weighted_average_roe_is_only_ever_its_printed_figure() -> None:
    equity = Table(
        "t50",
        [60],
        [["项目", "2019年12月31日", "2018年12月31日"]],
        [["所有者权益合计", "1,200,000.00", "1,000,000.00"]],
        caption="合并资产负债表",
    )
    profit = Table(
        "t51",
        [62],
        [["项目", "2019年度", "2018年度"]],
        [["净利润", "110,000.00", "90,000.00"]],
        caption="合并利润表",
    )
    doc = make_doc([equity, profit], company="四方科技", year=2019)
    facts = extract_facts(doc, table_chunks(doc))

    def worked(question: str) -> object:
        analysis = QueryAnalysis(question, question, "zh", "calculation", periods=find_periods(question))
        return calculation_answer(analyze(question, analysis), facts, {doc.doc_id: 0}, lambda f: 1)

    assert worked("四方科技2019年净资产收益率是多少？") is not None  # net profit over average equity
    assert (
        worked("四方科技2019年加权平均净资产收益率是多少？") is None
    )  # equity weighted by month: printed only


def test_days_sales_outstanding_at_one_written_balance_date_uses_that_balance_not_an_average() -> None:
    balance = Table(
        "t50",
        [60],
        [["(In millions)", "June 30, 2023", "June 30, 2022"]],
        [["Accounts receivable, net", "48,688", "44,261"]],
        caption="Balance Sheets",
    )
    income = Table(
        "t51",
        [58],
        [["(In millions)", "Year Ended June 30, 2023", "Year Ended June 30, 2022"]],
        [["Total revenue", "211,915", "198,270"]],
        caption="Income Statements",
    )
    doc = make_doc([balance, income], company="Microsoft", year=2023, language="en", unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}

    def dso(q: str) -> Decimal | None:
        asked = analyze(q, QueryAnalysis(q, q, "en", "calculation", periods=find_periods(q)))
        found = calculation_answer(asked, facts, rank, lambda f: 1)
        return found.calculation.result if found and found.calculation else None

    at_end = dso("Microsoft days sales outstanding based on accounts receivable at June 30, 2023?")
    assert at_end is not None and at_end.quantize(Decimal("0.1")) == Decimal("83.9")
    averaged = dso("Microsoft days sales outstanding in fiscal 2023?")
    assert averaged is not None and averaged.quantize(Decimal("0.1")) == Decimal("80.0")


def test_a_head_count_in_a_table_in_millions_is_a_number_of_people() -> None:
    highlights = Table(
        "t40",
        [3],
        [["(in millions, except per share, ratio, headcount data)", "2Q23", "1Q23"]],
        [
            ["Total net revenue", "41,307", "38,349"],
            ["Headcount", "300,066 (e)", "296,877"],
            ["Year-end workforce", "153,000", "140,800"],
            ["Ratio of earnings to fixed charges", "5.5", "7.1"],
        ],
        caption="Consolidated financial highlights",
    )
    doc = make_doc([highlights], company="JPMorgan Chase", year=2023, language="en", unit_line="")
    by = {(f.line_item, f.column_label): f for f in extract_facts(doc, table_chunks(doc))}
    assert value_text(by[("Headcount", "2Q23")], "en") == "300,066"  # no "million"; its footnote is no bar
    assert value_text(by[("Year-end workforce", "2Q23")], "en") == "153,000"
    assert value_text(by[("Ratio of earnings to fixed charges", "2Q23")], "en") == "5.5"  # a ratio, no money
    assert value_text(by[("Total net revenue", "2Q23")], "en") == "41,307 million"


def test_a_printed_ratio_row_may_open_with_words_the_question_also_writes() -> None:
    indicators = Table(
        "t92",
        [255],
        [["项目", "2010年度", "2009年度"]],
        [
            ["加权平均净资产收益率（归属于普通股股东的净利润）", "35.41%", "43.91%"],
            ["扣除非经常性损益后的加权平均净资产收益率", "37.07%", "41.66%"],
        ],
        caption="（七）收益率指标分析",
    )
    doc = make_doc([indicators], company="爱康", year=2010)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("爱康2009年度的加权平均净资产收益率（按归属于公司普通股股东的净利润）是多少？")
    found = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and "43.91%" in found.text and "41.66" not in found.text


def test_a_ratio_net_of_one_offs_is_never_read_off_the_row_on_the_whole_profit() -> None:
    whole = "加权平均净资产收益率（归属于普通股股东的净利润）"
    net = "扣除非经常性损益后的加权平均净资产收益率"
    asked_net = (
        "安妮股份2006年度按扣除非经常性损益后归属于普通股股东的净利润计算的加权平均净资产收益率是多少？"
    )
    asked_whole = "安妮股份2006年度的加权平均净资产收益率是多少？"
    assert not _names_ratio(whole, "净资产收益率", asked_net) and _names_ratio(
        whole, "净资产收益率", asked_whole
    )
    assert not _names_ratio(net, "净资产收益率", asked_whole)


def test_a_share_of_a_total_is_never_larger_than_the_total() -> None:
    asked, facts, rank = _setup("What is the percentage of the Total in Sensors in 2019?")  # read backwards
    out = calculation_answer(asked, facts, rank, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("6.80")


def test_a_filers_own_core_or_organic_measure_is_not_worked_out_from_the_statements() -> None:
    doc = make_doc([INCOME], company="Nike", language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    for q in ("nke fy18 core gross margin?", "What was Nike's FY2018 organic revenue growth?"):
        assert calculation_answer(analyze(q), facts, {doc.doc_id: 0}, lambda f: 1) is None, q
    plain = calculation_answer(analyze("nke fy18 gross margin?"), facts, {doc.doc_id: 0}, lambda f: 1)
    assert (
        plain is not None and plain.calculation is not None and plain.calculation.result == Decimal("43.84")
    )


def test_a_product_s_printed_margin_is_read_from_the_year_heading_its_column() -> None:
    margins = Table(
        "t40",
        [181],
        [
            ["", "收入", "成本", "毛利率", "收入", "成本", "毛利率"],
            ["项目", "2005年度", "2005年度", "2005年度", "2004年度", "2004年度", "2004年度"],
        ],
        [
            ["磁分离及配套设备", "6,091.97", "4,400.45", "27.77%", "4,660.80", "3,152.96", "32.35%"],
            ["磁性材料及器件", "13,527.84", "11,113.16", "17.85%", "11,816.95", "9,830.74", "16.81%"],
        ],
        caption="（六）公司综合毛利率、分行业毛利率的数据及变动情况",
    )
    doc = make_doc([margins], company="天源科技", year=2005, unit_line="单位：万元")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("天源科技2004年磁分离及配套设备业务的毛利率是多少？")
    found = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and "32.35%" in found.text and "27.77" not in found.text


def test_a_named_ratio_is_quoted_from_the_row_printed_in_another_wording() -> None:
    from finrag.answer.printed_ratios import printed_ratio

    indicators = Table(
        "t7",
        [22],
        [["项目", "2010年度", "2009年度"]],
        [
            ["每股经营活动产生现金流量净额（元/股）", "0.42", "0.26"],
            ["经营活动产生的现金流量净额", "63,010,000.00", "13,726,018.77"],
        ],
        caption="（三）现金流量表主要数据",
    )
    doc = make_doc([indicators], company="江苏爱康太阳能科技", year=2010, language="zh")
    facts = extract_facts(doc, table_chunks(doc))
    for q in ("爱康2009年度每股经营现金流量是多少？", "爱康2009年度每股经营活动产生的现金流量净额是多少？"):
        found = printed_ratio(analyze(q), facts, {doc.doc_id: 0}, lambda f: 1)
        assert found is not None and "0.26" in found.text, q  # the filer's own figure, not a recomputation


def test_a_margin_above_all_of_revenue_is_no_answer() -> None:
    income = Table(
        "t7",
        [7],
        [["", "2018", "2017"]],
        [["Net revenues", "1,327,733", "1,227,733"], ["Operating income", "1,469,486", "1,712,527"]],
        caption="Quarterly results (in thousands)",
    )
    doc = make_doc([income], company="MGM Resorts", year=2018, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What was MGM Resorts' operating margin in 2018?")
    assert calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None  # 110.67%: another revenue
    asked = analyze("What was MGM Resorts' operating margin in 2017?")
    assert calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_a_quarterly_note_s_gross_profit_is_no_year_s_margin() -> None:
    income = Table(
        "t2",
        [40],
        [["", "2016", "2015"]],
        [["Revenues", "8,830,669", "6,779,511"], ["Cost of revenues", "6,029,901", "4,591,476"]],
        caption="Consolidated Statements of Operations",
    )
    quarterly = Table(
        "t9",
        [63],
        [["", "2016 December 31", "2016 September 30"]],
        [["Total revenues", "2,477,541", "2,290,188"], ["Gross profit", "823,122", "757,344"]],
        caption="12. Selected Quarterly Financial Data (Unaudited)",
    )
    doc = make_doc([income, quarterly], company="Netflix", year=2016, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What was Netflix's gross margin in 2016?")
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("31.72")  # (revenues − cost) / revenues, not Q4's 823,122 / year


def test_which_year_reads_every_year_asked_and_names_both_ends_when_both_are_asked() -> None:
    asked, facts, rank = _setup("Between 2017 and 2019, in which year was Sensors highest? Also the lowest.")
    out = which_year(asked, facts, rank, lambda f: 1)
    assert out is not None and out.text.startswith("Highest 2018, lowest 2017"), out
    assert ";" not in out.text  # one sentence: the citation check keeps it whole
    asked, facts, rank = _setup("Between 2015 and 2019, in which year was Sensors highest?")
    assert which_year(asked, facts, rank, lambda f: 1) is None  # 2015 and 2016 are printed nowhere


def test_a_share_of_a_total_row_above_the_whole_is_no_share() -> None:
    def share(part: str, whole: str, label: str) -> NumericAnswer:
        inputs = [CalcInput("part", Decimal(part), None, 1), CalcInput(label, Decimal(whole), None, 1)]
        return NumericAnswer("", [], Calculation("share_of_total", "", inputs, Decimal(0), "%", ""))

    assert beyond_total(share("61502", "11988", "total research and development"))  # another total's row
    assert not beyond_total(share("3702", "11988", "total research and development"))
    assert not beyond_total(share("900", "600", "net income"))  # a payout above 100% of earnings is real


def test_which_year_a_printed_ratio_was_lowest_reads_the_ratio_s_own_row() -> None:
    indicators = Table(
        "t8",
        [20],
        [["项目", "2007年度", "2006年度", "2005年度"]],
        [["应收账款周转率(次)", "7.76", "6.75", "8.46"], ["存货周转率(次)", "5.10", "4.20", "3.90"]],
        caption="主要财务指标",
    )
    doc = make_doc([indicators], company="厦门安妮", year=2007, file="anne.pdf")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("厦门安妮股份2005—2007年应收账款周转率哪一年最低？是多少次？")
    out = which_year(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.text.startswith("2006年"), out  # 6.75, never a breakdown's smallest row
