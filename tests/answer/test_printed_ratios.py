"""Shares a filing prints: quoted only when printed over the whole the question asks."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.printed_ratios import printed_share, whole_in_table
from finrag.answer.query import analyze
from finrag.model import Fact

COLUMN = "2007年12月31日 比例"


def _percent(n: int, row: str, value: str) -> Fact:
    title, unit = "（一）资产状况分析", "%"
    return Fact(
        f"f{n}",
        "d",
        "c",
        title,
        row,
        normalise(row),
        COLUMN,
        Decimal(value),
        unit,
        Decimal(1),
        148,
        "t1",
        fiscal_year=2007,
    )


def test_a_share_printed_over_total_assets_is_no_share_of_current_assets() -> None:
    asked = analyze("厦门安妮2007年末预付款项占流动资产的比例是多少？")
    asked.line_items = [
        LineItemMatch("", "预付款项", asked.question.find("预付款项")),
        LineItemMatch("", "流动资产", asked.question.find("流动资产")),
    ]
    rows = [_percent(1, "流动资产", "81.22"), _percent(2, "预付款项", "13.69")]
    rows.append(_percent(3, "资产总计", "100"))
    assert printed_share(asked, rows, {"d": 0}, lambda f: 1) is None  # 13.69% is of 资产总计
    of_total = analyze("厦门安妮2007年末预付款项占资产总计的比例是多少？")
    of_total.line_items = [
        LineItemMatch("", "预付款项", of_total.question.find("预付款项")),
        LineItemMatch("", "资产总计", of_total.question.find("资产总计")),
    ]
    share = printed_share(of_total, rows, {"d": 0}, lambda f: 1)
    assert share is not None and "13.69%" in share.text


def _row(n: int, table: str, title: str, row: str, value: str, unit: str) -> Fact:
    return Fact(
        f"e{n}",
        "d",
        "c",
        title,
        row,
        normalise(row),
        "2022",
        Decimal(value),
        unit,
        Decimal(1),
        97,
        table,
        fiscal_year=2022,
    )


def test_a_percentage_is_a_share_of_the_whole_only_in_that_whole_s_table() -> None:
    asked = analyze(
        "What proportion of Boeing's accumulated other comprehensive loss at December 31, 2022 was "
        "attributable "
        "to defined benefit pension plans?"
    )
    aoci = _row(1, "t1", "Accumulated other comprehensive loss", "Total", "-9550", "millions")
    rate = _row(2, "t2", "Assumptions", "pension", "5.40", "%")
    assert not whole_in_table(asked, [rate], [aoci, rate])  # a discount rate is no share of the loss
    share = _row(3, "t1", "Accumulated other comprehensive loss", "Pension", "98.00", "%")
    assert whole_in_table(asked, [share], [aoci, rate, share])
