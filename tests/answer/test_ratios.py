"""Analyst ratios: a worked example each, with figures a user can check by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from finrag.answer.calc import FORMULAS, Operand, compute, detect_formula
from finrag.retrieve.shorthand import spelled_out


def op(value: str, n: int = 1) -> Operand:
    return Operand(f"x{n}", Decimal(value), "USD millions", Decimal(1), n)


@pytest.mark.parametrize(
    ("name", "values", "expected"),
    [
        ("operating_margin", ["3000", "20000"], "15.00"),
        ("asset_turnover", ["20000", "38000", "42000"], "0.50"),
        ("receivables_turnover", ["20000", "2000", "3000"], "8.00"),
        ("days_sales_outstanding", ["2000", "3000", "36500"], "25.00"),
        ("days_inventory_outstanding", ["900", "1100", "7300"], "50.00"),
        ("quick_ratio", ["5000", "1000", "2000"], "2.00"),
        ("ebitda", ["3000", "-500"], "3500.00"),  # D&A printed as a negative adjustment
        ("ebitda_margin", ["3000", "500", "20000"], "17.50"),
        ("return_on_assets", ["2000", "38000", "42000"], "5.00"),
        ("return_on_equity", ["2000", "9000", "11000"], "20.00"),
        ("dividend_payout", ["-800", "2000"], "40.00"),
        ("free_cash_flow", ["4000", "-1500"], "2500.00"),  # capex is an outflow "(1,500)"
        ("capex_to_revenue", ["-1500", "20000"], "7.50"),
        ("interest_coverage", ["3000", "250"], "12.00"),
        ("effective_tax_rate", ["420", "2000"], "21.00"),
        ("debt_to_equity", ["6000", "4000"], "1.50"),
        ("operating_cash_flow_ratio", ["3552", "7875"], "0.45"),
        ("net_debt_issuance", ["6211", "-2250"], "3961.00"),  # repayments printed as an outflow
    ],
)
def test_each_ratio(name: str, values: list[str], expected: str) -> None:
    calc = compute(FORMULAS[name], [op(v, i + 1) for i, v in enumerate(values)], lang="en")
    assert calc.result == Decimal(expected)


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("What is 3M's FY2019 operating margin?", "operating_margin"),
        ("What is the FY2021 unadjusted EBITDA margin for AMD?", "ebitda_margin"),
        ("What is the FY2022 quick ratio for Boeing?", "quick_ratio"),
        ("What is Nike's FY2020 return on assets (ROA)?", "return_on_assets"),
        ("What is the FY2018 dividend payout ratio?", "dividend_payout"),
        ("2019年四方科技的总资产周转率是多少？", "asset_turnover"),
        ("What was Kraft Heinz's FY2019 operating cash flow ratio?", "operating_cash_flow_ratio"),
        ("四方科技2019年末存货中的发出商品比年初少了百分之多少？", "yoy_growth"),
        ("南岭05年TNT采购量比04年降幅多大", "yoy_growth"),
        ("lmt 2022 net long-term debt issuance?", "net_debt_issuance"),
        ("How much long-term debt did CVS Health pay down on a net basis in 2020?", "net_debt_issuance"),
        ("What was Pfizer's R&D intensity in the first six months of 2023?", "rd_expense_ratio"),
        ("What were Nike's inventory days in FY2022?", "days_inventory_outstanding"),
        ("bby receivable days fy23?", "days_sales_outstanding"),
        ("What were Costco's payable days in FY2021?", "days_payable_outstanding"),
        ("What was AMD's times interest earned in 2022?", "interest_coverage"),
        ("gis debt/equity fy20?", "debt_to_equity"),
    ],
)
def test_questions_name_their_ratio(question: str, name: str) -> None:
    found = detect_formula(question)
    assert found is not None and found.name == name


def test_the_average_of_a_ratio_is_an_average() -> None:
    question = (
        "Using the ratio of earnings to fixed charges in Exhibit 12.1 of Walmart's fiscal 2018 Form 10-K, "
        "what was the three-year average of that ratio for fiscal 2016 through fiscal 2018?"
    )
    found = detect_formula(question)
    assert found is not None and found.name == "average"  # not "ratio of" earnings to fixed charges
    ratio = detect_formula("What was the ratio of net debt to EBITDA in 2022?")
    assert ratio is not None and ratio.name == "ratio"


def test_short_acronyms_must_stand_alone() -> None:
    assert detect_formula("How broad is the road network?") is None
    found = detect_formula("What is the DSO in FY2022?")
    assert found is not None and found.name == "days_sales_outstanding"
    # a longer word that starts with a formula's name is another measure
    assert detect_formula("Which region had the highest EBITDAR contribution in FY2022?") is None


def test_figures_the_question_gives_are_thresholds_not_calculations() -> None:
    question = "Are there any product categories that represent more than 20% of Boeing's revenue for FY2022?"
    assert detect_formula(question) is None
    found = detect_formula("What is capex as a % of revenue in FY2022?")
    assert found is not None and found.name == "share_of_revenue"


def test_cagr_over_the_years_the_question_spans() -> None:
    from dataclasses import replace
    from functools import partial

    from finrag.answer.ratios import cagr

    two_years = replace(FORMULAS["cagr"], evaluate=partial(cagr, years=2))
    calc = compute(two_years, [op("67044"), op("65398", 2)], places=1, lang="en")
    assert calc.result == Decimal("1.3")  # (67,044 / 65,398)^(1/2) − 1


def test_margin_of_any_line_item_over_revenue() -> None:
    found = detect_formula("What is the FY2015 depreciation and amortization % margin for AMD?")
    assert found is not None and found.name == "share_of_revenue"
    calc = compute(found, [op("167"), op("3991", 2)], places=1, lang="en")
    assert calc.result == Decimal("4.2")


def test_a_figure_relative_to_revenue_and_an_effective_income_tax_rate_are_named_ratios() -> None:
    relative = detect_formula("How large were Boeing's capital expenditures in 2018 relative to its revenue?")
    assert relative is not None and relative.name == "share_of_revenue"
    tax = detect_formula("What was PepsiCo's effective income tax rate in 2021?")
    assert tax is not None and tax.name == "effective_tax_rate"


def test_several_parts_share_one_whole() -> None:
    from finrag.answer.formulas import summed_share

    formula = summed_share(3)  # "销售费用、管理费用、财务费用三项合计占主营业务收入的比例"
    assert formula.template == "({0} + {1} + {2}) / {3}" and formula.percent
    assert formula.evaluate([Decimal(10), Decimal(20), Decimal(30), Decimal(240)]) == Decimal("0.25")


def test_cash_quality_ratios_are_named() -> None:
    content = detect_formula("四方科技2019年的营业收入现金含量是多少？")
    assert content is not None and content.concepts == ("cash_from_sales", "revenue") and content.percent
    cover = detect_formula("金宇生物2020年的净现比是多少？")
    assert cover is not None and cover.concepts == ("operating_cash_flow", "net_profit") and not cover.percent
    out = compute(cover, [op("122783325.10"), op("59242173.01", 2)])
    assert out.result == Decimal("2.07")


def test_the_tax_rate_reconciliation_named_as_a_table_asks_no_effective_rate() -> None:
    reconciliation = (
        "In the statutory-to-effective tax rate reconciliation in Square's 2016 Form 10-K, what did the"
        " change in valuation allowance contribute for 2016?"
    )
    found = detect_formula(reconciliation)
    assert found is None or found.name != "effective_tax_rate"
    rate = detect_formula("What was Square's effective tax rate in 2016?")
    assert rate is not None and rate.name == "effective_tax_rate"


def test_another_entity_s_balance_sheet_is_no_primary_statement() -> None:
    from finrag.answer.statement_rows import statement_kind

    assert statement_kind("Joint venture related balance sheet activity is as follows:") is None
    assert statement_kind("Consolidated Balance Sheets") == "balance"


def test_an_average_the_filing_prints_is_no_mean_asked() -> None:
    for question in (
        "bby fy19 buybacks - shares, avg px, total $?",
        "What was Amazon's weighted-average remaining lease term?",
        "What average interest rate did Acme pay on its commercial paper?",
    ):
        found = detect_formula(spelled_out(question))
        assert found is None or found.name != "average", question
    assert detect_formula(spelled_out("ba avg operating cash flow 2020-2022?")).name == "average"  # type: ignore[union-attr]
