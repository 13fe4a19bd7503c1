"""A worked or looked-up figure of another kind than the one asked is withheld: a percentage or margin asked
in English, a Chinese rate asked alone."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from finrag.answer.figure_fit import figure_unanswered
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.query import analyze
from finrag.model import Fact


def test_a_figure_answering_a_percentage_asked_needs_a_percentage() -> None:
    asked = analyze("What portion of Acme's interest incurred in 2018 was capitalized? Give a percentage.")
    assert figure_unanswered(asked, "total interest incurred (2018): 821,229 thousand [3].", [])
    assert not figure_unanswered(asked, "Share of total = 51,738 / 821,229 = 6.3% [3].", [])
    plain = analyze("What was Acme's total interest incurred in 2018?")
    assert not figure_unanswered(plain, "total interest incurred (2018): 821,229 thousand [3].", [])
    rates = analyze("What table games win percentages does Acme apply to compute its hold-adjusted measures?")
    assert figure_unanswered(rates, "table games win (2022): 375 million [4].", [])
    rate = analyze("What was Acme's effective tax benefit rate on share-based compensation in fiscal 2018?")
    assert figure_unanswered(rate, "share-based compensation (Deferred Taxes, 2018): 217 million [7].", [])
    assert not figure_unanswered(rate, "Rate = 150 / 626 = 23.96% [2].", [])
    dividend = analyze("What was Acme's quarterly dividend rate in the fourth quarter of 2020?")
    paid = "We paid $2.60 per share during the fourth quarter of 2020.[3]"
    assert not figure_unanswered(dividend, paid, [])
    diluted = analyze("How much did options dilute Acme's average share count in 2022, in percent of basic?")
    assert figure_unanswered(diluted, "Average = (2,632.1 + 2,625.2) / 2 = 2,628.65 millions [7].", [])


def test_an_impact_on_an_item_is_never_the_item_s_own_row() -> None:
    revenue = Fact(
        "f", "d", "c", "Consolidated Statements of Earnings", "Revenue", "revenue", "2023",
        Decimal("46298"), "millions", Decimal(1_000_000), 41, "t1",
    )  # fmt: skip
    asked = analyze("What was the net foreign currency impact on Acme's revenue in fiscal 2023?")
    assert figure_unanswered(
        asked, "revenue (Consolidated Statements of Earnings, 2023): 46,298 million [7].", [revenue]
    )
    plain = analyze("What was Acme's revenue in fiscal 2023?")
    assert not figure_unanswered(
        plain, "revenue (Consolidated Statements of Earnings, 2023): 46,298 million [7].", [revenue]
    )


def test_a_chinese_rate_asked_alone_is_never_answered_by_an_amount() -> None:
    charged = Fact(
        "f",
        "d",
        "c",
        "",
        "房屋及建筑物",
        "房屋及建筑物",
        "累计折旧",
        Decimal("488.16"),
        "万元",
        Decimal(10000),
        5,
        "t1",
    )
    rate = analyze("爱康科技招股意向书的会计政策中，投资性房地产（房屋及建筑物）的年折旧率是多少？")
    looked_up = "江苏爱康太阳能科技房屋及建筑物（固定资产情况，累计折旧）为488.16万元[5]。"
    assert figure_unanswered(rate, looked_up, [charged])
    worked = "年折旧率 = (1 − 5%) / 20 = 4.75%[2]。"
    assert not figure_unanswered(rate, worked, [charged])  # a calculation shows how the rate is had
    both = analyze("爱康2010年来自欧洲的营业收入是多少？占营业收入的比例是多少？")  # an amount asked too
    assert not figure_unanswered(both, looked_up, [charged])
    points = analyze("金宇20年末前五大客户应收账款占应收账款总额的比例，比19年末上升了几个百分点？")
    assert figure_unanswered(points, looked_up, [charged])  # a change in points: the balances are none


def test_a_flow_asked_of_a_body_is_not_its_row_of_a_balance_table() -> None:
    """ "income from its affiliate CityCenter": never the affiliate's row of the investments note."""
    balance = Fact(
        "f", "d", "c", "NOTE 6 — INVESTMENTS IN AND ADVANCES TO UNCONSOLIDATED AFFILIATES",
        "CityCenter capitalized interest (2)", "citycenter capitalized interest", "December 31, 2018",
        Decimal("186830"), "thousands", Decimal(1000), 88, "t9",
    )  # fmt: skip
    asked = analyze("What was MGM Resorts' income from its unconsolidated affiliate CityCenter in 2018?")
    asked.line_items = [LineItemMatch("", "CityCenter", asked.question.find("CityCenter"))]
    assert figure_unanswered(
        asked, "CityCenter (NOTE 6, December 31, 2018): 186,830 thousand [2].", [balance]
    )
    income = replace(balance, statement="Income from unconsolidated affiliates")
    assert not figure_unanswered(
        asked, "CityCenter (Income from unconsolidated affiliates): 148 [2].", [income]
    )
