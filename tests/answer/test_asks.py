"""What kind of answer a question's wording asks for."""

from __future__ import annotations

from finrag.answer.asks import (
    asks_amount,
    asks_expected,
    asks_reason,
    asks_wording,
    compared_items,
    compared_parts,
    typed_tersely,
)
from finrag.answer.query import analyze
from finrag.model import QueryAnalysis


def test_a_figure_asked_as_what_the_company_carried_or_reported_is_an_amount() -> None:
    assert asks_amount("What goodwill did Pfizer carry on its balance sheet at July 2, 2023?")
    assert asks_amount("What depreciation and amortization did Pfizer add back in 2019?")  # a cash flow row
    long_item = "What net income attributable to MGM Resorts International did MGM report for the six months?"
    assert asks_amount(long_item)
    nine_words = (
        "What deferred tax asset related to research and development expenditures did Lockheed Martin carry "
        "at December 31, 2022?"
    )
    assert asks_amount(nine_words)
    assert not asks_amount("Describe the goodwill impairment test Pfizer performs.")
    assert asks_amount("In Ulta's release, what weighted average diluted share count was used for Q4?")


def test_a_bracketed_acronym_inside_the_figure_asked_still_asks_an_amount() -> None:
    assert asks_amount("What earnings before interest and taxes (EBIT) did Nike's Converse segment report?")


def test_a_figure_allocated_to_a_segment_is_an_amount_asked_actively_or_passively() -> None:
    assert asks_amount("What goodwill did Acme allocate to its Consumer segment at July 2, 2023?")
    assert asks_amount("What goodwill was allocated to Acme's MedTech segment at the end of fiscal 2022?")
    assert not asks_amount("Which segments was goodwill allocated to?")


def test_two_items_compared_within_one_period_are_read_in_the_question_s_order() -> None:
    q = (
        "In fiscal 2023 (year ended January 28, 2023), did Best Buy spend more cash on share repurchases "
        "than on dividends?"
    )
    asked = analyze(q)
    pair = compared_items(q, "en", asked.line_items, len(asked.years))
    assert pair is not None and [m.printed for m in pair] == ["share repurchases", "dividends"]
    assert asked.intent == "lookup"
    # two years named: the figure's own comparison between periods, not two items
    assert compared_items("Did Acme's net income in 2022 exceed 2021?", "en", asked.line_items, 2) is None
    assert compared_items("What was Acme's revenue in 2022?", "en", asked.line_items, 1) is None
    cover = "Did Walmart's operating cash flow cover its capital expenditures in fiscal 2020?"
    covered = analyze(cover)
    pair = compared_items(cover, "en", covered.line_items, len(covered.years))
    assert pair is not None and [m.concept for m in pair] == ["operating_cash_flow", "capex"]
    fund = "In fiscal 2021, did the increase in Costco's accounts payable fully fund its inventories?"
    funded = analyze(fund)
    pair = compared_items(fund, "en", funded.line_items, len(funded.years))
    assert pair is not None and [m.printed for m in pair] == ["accounts payable", "inventories"]
    # two shares of one whole: their parts compared, never the whole with the second part
    shares = "金宇生物2020年末货币资金占总资产的比例，是否高于固定资产占总资产的比例？"
    asked = analyze(shares)
    pair = compared_items(shares, "zh", asked.line_items, len(asked.years))
    assert pair is not None and [m.printed for m in pair] == ["货币资金", "固定资产"]


def test_an_item_and_a_period_typed_tersely_ask_for_the_figure() -> None:
    assert typed_tersely(
        "pepsico net cash from investing activities Q1 2023 (12 weeks ended March 25, 2023)?",
        ["PepsiCo"],
        ["net cash from investing activities"],
    )
    assert typed_tersely("国电05年少数股东损益", ["国电"], ["少数股东损益"])
    assert typed_tersely("mmm 2016 SG&A, per the 2018 10-K?", ["mmm"], ["SG&A"])  # the report to read
    assert typed_tersely(  # two periods compared, the item with its "net"
        "amcor net interest expense for the june 2023 quarter vs the june 2022 quarter?",
        ["Amcor"],
        ["interest expense"],
    )
    assert typed_tersely(
        "Adobe sales and marketing expense for fiscal 2014 (year ended Nov 28, 2014)?",
        ["Adobe"],
        ["sales and marketing"],
    )
    # where to read it ("quarterly note") and a quoted row's "line"
    assert typed_tersely("boeing 1Q17 diluted EPS (2018 10-K quarterly note)?", ["Boeing"], ["diluted EPS"])
    assert typed_tersely("gis fy17 'restructuring costs' line?", ["gis"], ["restructuring costs"])
    # a part named besides ("safety and industrial segment") is more than an item and a period
    assert not typed_tersely(
        "3M safety and industrial segment operating income 2022", ["3M"], ["operating income"]
    )


def test_two_named_parts_on_either_side_of_the_comparison() -> None:
    q = "In 2019, did Amazon Web Services earn more operating income than Amazon's North America segment?"
    names = ["Amazon Web Services", "Amazon North America", "North America"]
    assert compared_parts(q, "en", names, 1) == ("Amazon Web Services", "North America")
    assert compared_parts(q, "en", names, 2) is None  # two items: compared_items
    assert compared_parts("What was AWS operating income in 2019?", "en", ["AWS", "North America"], 1) is None


def test_a_terse_question_may_name_the_item_s_scope() -> None:
    assert typed_tersely("J&J Darzalex worldwide sales Q4 2022", ["J&J Darzalex"], ["sales"])
    assert not typed_tersely("J&J Darzalex sales growth drivers Q4 2022", ["J&J Darzalex"], ["sales"])


def test_how_a_report_explains_a_change_is_a_reason_asked() -> None:
    assert asks_reason("国电电力2007年上半年主营业务收入同比增长较快，招股意向书是怎么解释的？")
    assert not asks_reason("国电电力2007年上半年主营业务收入是多少？")
    assert asks_reason("Acme's cash flow opens at $850 million, its balance sheet $775M. What explains it?")
    assert not asks_reason("What was Acme's cash at June 30, 2022? Explain briefly.")
    assert not asks_reason("What was Acme's EPS in H1 2023? What was the main reason?")  # a figure first
    assert asks_reason("According to Acme's 10-K, why did its current debt drop from $395M to $44M?")


def test_a_terse_question_opening_with_a_ticker_asks_for_the_figure() -> None:
    q = "mmm 2016 SG&A, per the 2018 10-K?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "text", companies=["3M"]))
    assert asked.intent == "lookup"


def test_a_figure_asked_to_the_nearest_whole_percent_has_no_decimals() -> None:
    from finrag.answer.asks import asked_places

    assert asked_places("jnj fy2020 r&d as % of sales, nearest whole %") == 0
    assert asked_places("毛利率是多少？保留整数。") == 0
    assert asked_places("Round to two decimal places.") == 2
    assert asked_places("What was the whole company's revenue?") is None


def test_what_a_change_is_made_of_is_told_by_the_text_not_worked_out() -> None:
    assert asks_reason("gis fy22 net sales growth split - volume vs price/mix vs fx?")
    assert asks_reason("khc rest of world 2019 net sales decline - how much was fx?")
    assert asks_reason("How did Amcor explain the change in its net sales in fiscal 2023?")
    assert asks_reason("What were the volume, price and currency components of J&J's 2022 sales change?")
    # a component of a balance, or what a line item added, is a figure
    assert not asks_reason("What was the currency translation component of Walmart's AOCI in 2018?")
    assert not asks_reason("How much did currency translation adjustments contribute to Amcor's OCI in Q2?")


def test_an_expectation_is_asked_but_a_plan_is_a_printed_figure() -> None:
    assert asks_expected("湖南南岭民爆募集资金到位后，公司全面摊薄的净资产收益率预计将降至多少？")
    assert asks_expected("What operating margin guidance did Adobe give for fiscal 2023?")
    assert not asks_expected("爱康募投项目计划投资总额中，边框项目占多大比例？")
    assert not asks_expected("What was Adobe's operating margin in fiscal 2022?")


def test_a_reason_asked_after_the_source_clause_is_a_reason() -> None:
    question = (
        "According to Jinyu Bio-Technology's 2020 annual report, what was the main reason its net cash flow "
        "from investing activities fell 193.37% year on year?"
    )
    assert asks_reason(question)
    assert not asks_reason("According to its 2020 annual report, what was its net cash flow from investing?")
    drove = "According to Acme's second-quarter 2023 earnings release, what drove the segment's sales growth?"
    assert asks_reason(drove)


def test_how_a_filer_defines_a_measure_asks_its_wording_not_the_figure() -> None:
    assert asks_wording("How does General Mills define free cash flow in the glossary of its 2019 10-K?")
    assert asks_wording("金宇生物年报中净资产收益率是如何定义的？")
    assert not asks_wording("What is Adobe's FY2015 free cash flow? Define it as CFO minus capex.")
    assert not asks_wording("How is free cash flow defined by Walmart, and what was it in fiscal 2020?")
    asked = analyze("How does General Mills define free cash flow in the glossary of its fiscal 2019 10-K?")
    assert asked.intent == "text"
