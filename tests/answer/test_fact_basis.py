"""The basis a figure is asked on: adjusted, reported or on the profit net of one-off items."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.fact_basis import asked_basis
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.query import analyze
from finrag.model import Fact


def make_fact(row: str, column: str, value: float) -> Fact:
    return Fact(
        "f",
        "d",
        "c",
        "Reconciliation",
        row,
        normalise(row),
        column,
        Decimal(str(value)),
        "$",
        Decimal(1),
        1,
        "t1",
    )


def _item(question: str) -> LineItemMatch:
    return analyze(question).line_items[0]


def test_an_adjusted_figure_is_the_adjusted_row_and_a_described_metric_is_not() -> None:
    question = "What adjusted diluted EPS did Pfizer report for the second quarter of 2023?"
    basis = asked_basis(analyze(question), _item(question))
    assert basis.adjusted and not basis.reported
    assert basis.fits(make_fact("Adjusted diluted EPS", "2023", 0.67))
    assert not basis.fits(make_fact("Diluted EPS", "2023", 0.41))
    described = "What pre-provision profit (a non-GAAP measure) is shown for 3Q22?"
    row = LineItemMatch("", "pre-provision profit", described.find("pre-provision"))
    assert not asked_basis(analyze(described), row).adjusted  # "(a non-GAAP measure)" describes it


def test_the_deducted_profit_s_words_belong_to_the_item_compared_that_carries_them() -> None:
    question = (
        "爱康太阳能2008年扣除非经常性损益后归属于母公司股东的净利润，是否高于同年归属于母公司股东的净利润？"
    )
    asked = analyze(question)
    plain = next(m for m in asked.line_items if not m.printed.startswith("扣除"))
    assert not asked_basis(asked, plain).deducted  # the second profit is the plain one
    eps = "厦门安妮2006年度按扣除非经常性损益后归属于公司普通股股东的净利润计算的基本每股收益是多少？"
    asked_eps = analyze(eps)
    share = next(m for m in asked_eps.line_items if "每股收益" in m.printed)
    assert asked_basis(asked_eps, share).deducted  # a basis of the EPS asked, not another item
