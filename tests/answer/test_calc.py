"""One worked example per formula: the figures and the result a user would check by hand."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from finrag.answer.calc import FORMULAS, Operand, asks_change_amount, compute, detect_formula
from finrag.errors import AnswerError


def op(label: str, value: str, unit: str | None = "元", scale: int = 1, n: int = 1) -> Operand:
    return Operand(label, Decimal(value), unit, Decimal(scale), n)


def test_gross_margin_worked_line_matches_the_filing_answer() -> None:
    calc = compute(
        FORMULAS["gross_margin"], [op("营业收入", "1175301034.32"), op("营业成本", "903236584.52", n=2)]
    )
    assert calc.result == Decimal("23.15") and calc.unit == "%"
    assert calc.text == (
        "毛利率 = (营业收入 − 营业成本) / 营业收入 = "
        "(1,175,301,034.32 − 903,236,584.52) / 1,175,301,034.32 = 23.15%"
    )
    assert [i.citation for i in calc.inputs] == [1, 2]


@pytest.mark.parametrize(
    ("name", "values", "expected"),
    [
        ("net_margin", ["150201334.87", "1175301034.32"], "12.78"),
        ("admin_expense_ratio", ["46869502.38", "1175301034.32"], "3.99"),
        ("selling_expense_ratio", ["40112334.10", "1175301034.32"], "3.41"),
        ("rd_expense_ratio", ["50000000", "1000000000"], "5.00"),
        ("finance_expense_ratio", ["-3120555.20", "1175301034.32"], "-0.27"),
        ("debt_to_asset", ["800000000", "2000000000"], "40.00"),
        ("current_ratio", ["1002000000", "600000000"], "1.67"),
        ("yoy_growth", ["177866", "135987"], "30.80"),  # Amazon FY2017 net sales growth
        ("share_of_total", ["300", "2400"], "12.50"),
        ("difference", ["2400", "1500"], "900.00"),
    ],
)
def test_each_formula(name: str, values: list[str], expected: str) -> None:
    calc = compute(FORMULAS[name], [op("a", values[0]), op("b", values[1], n=2)])
    assert calc.result == Decimal(expected)


def test_sum_of_three_and_rounding_as_asked() -> None:
    calc = compute(FORMULAS["sum"], [op("a", "1.111"), op("b", "2.222"), op("c", "3.333")], places=1)
    assert calc.result == Decimal("6.7") and calc.unit == "元"
    assert calc.text.startswith("合计 = a + b + c = 1.111 + 2.222 + 3.333 = 6.7")


def test_a_sum_of_percentages_prints_its_result_as_a_percentage() -> None:
    calc = compute(FORMULAS["sum"], [op("甲持股比例", "10.86", "%"), op("乙持股比例", "1.65", "%")])
    assert calc.text.endswith("= 10.86 + 1.65 = 12.51%"), calc.text
    english = compute(FORMULAS["sum"], [op("A", "10.86", "%"), op("B", "1.65", "%")], lang="en")
    assert english.text.endswith("= 12.51%"), english.text


def test_a_small_ratio_keeps_two_significant_digits_when_no_decimals_are_asked() -> None:
    operands = [op("Total debt", "2467", None), op("Total equity", "54750", None)]
    assert compute(FORMULAS["debt_to_equity"], operands, lang="en").result == Decimal("0.045")  # not 0.05
    assert compute(FORMULAS["debt_to_equity"], operands, places=2, lang="en").result == Decimal("0.05")


def test_growth_rounds_half_up_to_one_place_in_english() -> None:
    calc = compute(
        FORMULAS["yoy_growth"],
        [op("Revenue (2020)", "9497.6"), op("Revenue (2019)", "4713.5")],
        places=1,
        lang="en",
    )
    assert calc.result == Decimal("101.5") and calc.text.startswith("Year-over-year growth = ")


def test_mixed_units_are_converted_before_arithmetic() -> None:
    calc = compute(FORMULAS["difference"], [op("a", "1.5", "万元", 10_000), op("b", "5000")])
    assert calc.result == Decimal("10000.00") and calc.unit == "元"


def test_division_by_zero_and_wrong_arity_are_errors() -> None:
    with pytest.raises(AnswerError):
        compute(FORMULAS["net_margin"], [op("a", "1"), op("b", "0")])
    with pytest.raises(AnswerError):
        compute(FORMULAS["gross_margin"], [op("a", "1")])


def test_how_much_bigger_one_figure_is_than_another_is_their_difference() -> None:
    formula = detect_formula("msft retained earnings — how much bigger at the end of FY2023 than of FY2016?")
    assert formula is not None and formula.name == "difference"


def test_items_the_question_says_to_add_are_summed() -> None:
    formula = detect_formula("At January 31, 2018, add short-term borrowings, and current debt. The total?")
    assert formula is not None and formula.name == "sum"
    assert detect_formula("What did adding back depreciation and amortization give?") is None


def test_detect_formula_prefers_the_longest_keyword() -> None:
    assert detect_formula("四方科技管理费用率是多少").name == "admin_expense_ratio"  # type: ignore[union-attr]
    assert detect_formula("2019年四方科技毛利率是多少").name == "gross_margin"  # type: ignore[union-attr]
    assert detect_formula("四方19年末应付职工薪酬比年初涨了百分之几").name == "yoy_growth"  # type: ignore[union-attr]
    assert detect_formula("What is the YoY growth of revenue?").name == "yoy_growth"  # type: ignore[union-attr]
    assert detect_formula("公司的实际控制人是谁") is None


def test_average_and_ratio() -> None:
    avg = compute(FORMULAS["average"], [op("a", "428"), op("b", "381"), op("c", "463")])
    assert avg.result == Decimal("424.00") and avg.text.startswith("平均值 = (a + b + c) / 3")
    ratio = compute(FORMULAS["ratio"], [op("a", "2641"), op("b", "3025")], lang="en")
    assert ratio.result == Decimal("0.87") and ratio.unit is None


def test_days_payable_outstanding_matches_financebench() -> None:
    values = ["34616", "25309", "111934", "16047", "11461"]  # Amazon FY2017: AP, AP 2016, COGS, inventory x2
    calc = compute(FORMULAS["days_payable_outstanding"], [op(str(i), v) for i, v in enumerate(values)])
    assert calc.result == Decimal("93.86")


def test_a_row_without_a_stated_unit_takes_the_unit_of_the_other_operands() -> None:
    income = Operand("Net income attributable to 3M (2018)", Decimal(5349), None, Decimal(1), 1)
    assets = [
        Operand(f"Total assets ({y})", Decimal(v), "millions", Decimal(10) ** 6, 2)
        for y, v in ((2018, 36500), (2017, 37987))
    ]
    calc = compute(FORMULAS["return_on_assets"], [income, *assets], places=1, lang="en")
    assert calc.result == Decimal("14.4")  # 5,349 / 37,243.5, not 5,349 / 37 billion


def test_period_expense_ratio_sums_the_three_expenses_over_revenue() -> None:
    f = detect_formula("生物股份2020年的三费比重是多少?保留2位小数。")
    assert f is not None and f.name == "period_expense_ratio"
    values = [Decimal("274950664.27"), Decimal("125189086.49"), Decimal("-19572506.45")]
    values.append(Decimal("1581905632.48"))  # selling, admin, finance expenses; operating revenue
    assert round(f.evaluate(values) * 100, 2) == Decimal("24.06")


def test_a_sum_and_its_share_asked_together_show_the_sum_as_a_step_of_the_share() -> None:
    both = detect_formula(
        "爱康2009年度销售费用、管理费用和财务费用三项加起来是多少万元？占当年营业收入的比重是多少？"
    )
    assert both is not None and both.name == "share_of_total"  # not the sum with revenue added in
    period = detect_formula("安妮2007年度期间费用合计是多少万元？占主营业务收入的比例是多少？")
    assert period is not None and period.name == "period_expense_ratio"
    alone = detect_formula("安妮2007年度期间费用合计是多少万元？")
    assert alone is not None and alone.name == "period_expenses"
    whole = detect_formula("国电电力2007年上半年，管理费用占期间费用合计的比例是多少？")
    assert whole is not None and whole.name == "period_expense_share"  # 期间费用 is the whole, not the part
    # however the question opens ("期间费用中，…"): the one expense over the three, not the three over revenue
    opened = detect_formula("国电电力2006年度期间费用中，财务费用占期间费用合计的比例是多少？保留两位小数。")
    assert opened is not None and opened.name == "period_expense_share"
    three = [Decimal("48949753.20"), Decimal("596078956.52"), Decimal("723019084.34")]
    assert round(opened.evaluate(three) * 100, 2) == Decimal("52.85")  # 财务费用 / 期间费用合计
    assert round(whole.evaluate(three) * 100, 2) == Decimal("43.57")  # 管理费用 / 期间费用合计
    parts = [
        Operand(n, Decimal(v), "元", Decimal(1), 1)
        for n, v in (("销售费用", "15951166.29"), ("管理费用", "24888532.60"))
    ]
    parts += [Operand("财务费用", Decimal("4353016.58"), "元", Decimal(1), 1)]
    revenue = Operand("营业收入", Decimal("553872638.56"), "元", Decimal(1), 2)
    calc = compute(period, [*parts, revenue], places=2)
    assert calc.result == Decimal("8.16") and "= 45,192,715.47 / 553,872,638.56 =" in calc.text
    assert compute(alone, parts).result == Decimal("45192715.47")


def test_cash_absorbed_by_changes_in_working_capital_is_no_working_capital_balance() -> None:
    changes = detect_formula(
        "In the six months ended December 31, 2022, how much cash did changes in working capital absorb?"
    )
    assert changes is None or changes.name != "net_working_capital"
    balance = detect_formula("What was General Mills' working capital at May 31, 2020?")
    assert balance is not None and balance.name == "net_working_capital"


def test_one_items_difference_between_two_periods_shows_its_rate_too() -> None:
    later = Operand("营业收入（2019）", Decimal("1175301034.32"), "元", Decimal(1), 1)
    earlier = Operand("营业收入（2018）", Decimal("1230537181.80"), "元", Decimal(1), 1)
    assert compute(FORMULAS["difference"], [later, earlier]).text.endswith("= -55,236,147.48元（-4.49%）")
    other = Operand("营业成本（2019）", Decimal("903236584.52"), "元", Decimal(1), 1)
    assert "%" not in compute(FORMULAS["difference"], [later, other]).text  # two items: no rate of one


def test_one_items_growth_between_two_periods_shows_the_amount_it_changed_by_too() -> None:
    later = op("预收账款 (2005)", "9302153.44")
    earlier = op("预收账款 (2004)", "14520588.73")
    assert asks_change_amount("2005年末的预收账款比2004年末减少了多少元？变动率=…")
    assert not asks_change_amount("预收账款比上年增长了百分之几？")
    assert asks_change_amount("… then compute the year-over-year increase in USD millions.")
    assert not asks_change_amount("What was the year-over-year increase in revenue?")
    text = compute(FORMULAS["yoy_growth"], [later, earlier], change_too=True).text
    assert text.endswith("= -35.94%（变动额-5,218,435.29元）"), text
    assert "变动额" not in compute(FORMULAS["yoy_growth"], [later, earlier]).text  # the rate alone asked
    other = op("应收账款 (2004)", "14520588.73")
    two_items = compute(FORMULAS["yoy_growth"], [later, other], change_too=True).text
    assert "变动额" not in two_items  # two items: no change of one


def test_a_per_unit_average_is_no_mean_and_by_what_percentage_is_a_change() -> None:
    assert detect_formula("What was Acme's average revenue per paying user in 2019?") is None
    assert detect_formula("What was the average price per aircraft?") is None
    mean = detect_formula("What was the average of revenue in 2019 and 2020?")
    assert mean is not None and mean.name == "average"
    change = detect_formula(
        "By what percentage did Nike's operating overhead expense change from 2018 to 2019?"
    )
    assert change is not None and change.name == "yoy_growth"
    margin = detect_formula("By what percentage points did the gross margin change?")
    assert margin is not None and margin.name == "gross_margin"  # a named formula first


def test_whether_a_company_can_cover_its_interest_is_its_interest_coverage() -> None:
    found = detect_formula("Can Verizon comfortably cover its interest expense based on FY2022 results?")
    assert found is not None and found.name == "interest_coverage"


def test_a_weighted_average_is_a_line_item_not_a_mean_to_work_out() -> None:
    assert detect_formula("What was Pfizer's weighted-average number of diluted shares in Q2 2023?") is None
    assert detect_formula("2019年加权平均股数是多少？") is None
    assert detect_formula("What was the average total assets in 2022?").name == "average"  # type: ignore[union-attr]


def test_a_yearly_average_item_is_a_line_item_and_a_rise_in_percent_is_a_growth() -> None:
    assert detect_formula("国电电力2006年火电全年平均利用小时是多少？") is None
    assert detect_formula("天源科技2003年和2004年营业收入的平均值是多少？").name == "average"  # type: ignore[union-attr]
    rise = detect_formula("截至2007年6月30日的其他应付款，比年初增加了百分之多少？")
    assert rise is not None and rise.name == "yoy_growth"
    assert detect_formula("国电电力的上网电量占发电量的百分之多少？").name == "share_of_total"  # type: ignore[union-attr]


def test_a_statement_of_changes_in_equity_named_asks_no_change() -> None:
    assert detect_formula("四方科技2019年度合并所有者权益变动表中，本年对所有者的分配金额是多少元？") is None
    assert detect_formula("四方科技2019年末所有者权益比上年末变动了多少？") == FORMULAS["difference"]
    # the statement named beside a change asked ("净增加了多少"): a difference still
    changed = detect_formula("四方科技2019年度合并所有者权益变动表显示，全年所有者权益合计净增加了多少元？")
    assert changed == FORMULAS["difference"]


def test_a_difference_never_mixes_an_amount_with_a_figure_per_share_or_a_percentage() -> None:
    earnings = op("net earnings (2022)", "27038", "millions", 1_000_000)
    with pytest.raises(AnswerError):  # "by how much did adjusted earnings exceed …, and the EPS gap"
        compute(FORMULAS["difference"], [earnings, op("diluted EPS (2022)", "10.15", None)])
    with pytest.raises(AnswerError):
        compute(FORMULAS["sum"], [earnings, op("gross margin (2022)", "41.3", "%")])
    eps = compute(
        FORMULAS["difference"], [op("adjusted EPS", "10.15", None), op("reported EPS", "6.73", None)]
    )
    assert eps.result == Decimal("3.42")


def test_the_effective_tax_rate_named_as_a_table_or_an_effect_is_no_rate_asked() -> None:
    asked = "What was Microsoft's effective tax rate in fiscal year 2023?"
    rate = detect_formula(asked)
    assert rate is not None and rate.name == "effective_tax_rate"
    for question in (
        "In the reconciliation of the U.S. federal statutory rate to Microsoft's effective tax rate for "
        "fiscal year 2023, which single reconciling item reduced the rate the most?",
        "What were Boeing's unrecognized tax benefits primarily associated with, and how much of them would "
        "affect the effective tax rate if recognized?",
    ):
        found = detect_formula(question)
        assert found is None or found.name != "effective_tax_rate"


def test_an_average_price_or_rate_per_unit_is_no_mean_of_years() -> None:
    for question in (
        "锶铁氧体预烧料2005年平均每吨卖多少钱？",
        "短期借款按金额加权的平均月利率是多少？",
        "热敏纸2007年平均售价是多少？",
    ):
        found = detect_formula(question)
        assert found is None or found.name != "average", question
    found = detect_formula("国电电力2004-2006年平均净利润是多少？")
    assert found is not None and found.name == "average"


def test_a_percent_change_in_an_item_is_its_growth_not_a_difference() -> None:
    found = detect_formula("What was the % change in Acme's net sales in FY2023?")
    assert found is not None and found.name == "yoy_growth"
    found = detect_formula("What was the change in Acme's net sales in FY2023?")
    assert found is not None and found.name == "difference"


def test_a_share_whose_part_is_its_whole_is_no_share() -> None:
    # "Europe's impairment as % of total impairment" read as one -2,685 twice: 100.00% answers nothing
    one = Operand("goodwill (impairment)", Decimal(-2685), "millions", Decimal(10) ** 6, 1)
    with pytest.raises(AnswerError):
        compute(FORMULAS["share_of_total"], [one, replace(one, label="total goodwill")], places=2, lang="en")
