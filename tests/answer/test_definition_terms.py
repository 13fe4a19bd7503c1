"""Operands of a question's own formula, read one by one."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.definition_terms import LATEST_TWO, Constant, Term, read_term


def test_an_operand_is_a_number_an_item_at_a_year_or_an_item_over_two_years() -> None:
    assert read_term("365") == Constant(Decimal(365))
    average = read_term("average total assets between FY2018 and FY2019")
    assert isinstance(average, Term) and average.average_of == (2018, 2019) and not average.change
    change = read_term("change in inventory from 2019 to 2020")
    assert isinstance(change, Term) and change.average_of == (2019, 2020) and change.change
    dated = read_term("FY2021 revenue")
    assert isinstance(dated, Term) and dated.year == 2021 and dated.item.concept == "revenue"
    including = read_term("total debt incl. current portion")  # what the item comprises, not its name
    assert isinstance(including, Term) and including.item.printed == "total debt"


def test_an_operand_dated_against_the_question_or_read_from_a_named_statement() -> None:
    prior = read_term("上年净利润")
    assert isinstance(prior, Term) and prior.back == 1 and prior.year is None
    mean = read_term("应收账款平均余额")
    assert isinstance(mean, Term) and mean.average_of == LATEST_TWO
    flows = read_term("depreciation and amortization from the cash flow statement")
    assert isinstance(flows, Term) and flows.statement == "cash_flow"
    assert read_term("the") is None  # no item named


def test_an_old_style_balance_sheet_s_cost_and_net_rows_are_operands_of_their_own() -> None:
    cost, net = read_term("固定资产原价"), read_term("固定资产净值")  # 成新率 = 固定资产净值 / 固定资产原价
    assert isinstance(cost, Term) and isinstance(net, Term)
    assert (cost.item.printed, net.item.printed) == ("固定资产原价", "固定资产净值")
    plain = read_term("固定资产")
    assert isinstance(plain, Term) and plain.item.printed == "固定资产"


def test_a_row_named_with_its_cost_heading_is_read_under_that_heading() -> None:
    cost = read_term("subscription cost of revenue")  # Adobe: "Cost of revenue:" over "Subscription"
    assert isinstance(cost, Term) and (cost.item.printed, cost.item.within) == (
        "subscription",
        "cost_of_revenue",
    )
    three = read_term("services and support cost of revenue")  # a row of three words under the heading
    assert isinstance(three, Term) and (three.item.printed, three.item.within) == (
        "services and support",
        "cost_of_revenue",
    )


def test_a_span_written_into_an_operand_dates_it_and_a_row_under_an_expense_heading_is_read_so() -> None:
    term = read_term("2022 six-month marketing expense")  # JPMorgan: "Marketing" under "Noninterest expense"
    assert isinstance(term, Term) and term.year == 2022
    assert (term.item.printed, term.item.within) == ("marketing", "expense")
    known = read_term("interest expense")  # a lexicon item stays whole
    assert isinstance(known, Term) and known.item.concept == "interest_expense"


def test_a_place_before_an_item_is_that_row_of_the_items_table() -> None:
    term = read_term("foreign income before income taxes")
    assert isinstance(term, Term) and term.item.printed == "foreign" and term.item.within == "total_profit"
    plain = read_term("total income before income taxes")
    assert isinstance(plain, Term) and plain.item.concept == "total_profit" and not plain.item.within
