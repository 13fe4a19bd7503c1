"""Which values a formula question needs."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.lookup import Want
from finrag.answer.operand_wants import part_beside_whole, variable_wants, yearly_pairs
from finrag.answer.query import AskedFor, analyze
from finrag.model import Fact, QueryAnalysis
from finrag.retrieve.periods import find_periods


def _asked(question: str) -> AskedFor:
    return analyze(
        question, QueryAnalysis(question, question, "en", "calculation", periods=find_periods(question))
    )


def test_growth_between_quarters_wants_those_quarters_of_the_year() -> None:
    named = _asked(
        "How much did net revenue grow in the second quarter of 2023 compared with the first quarter of 2023?"
    )
    assert [(w.year, w.quarter) for w in variable_wants(named, [], {})] == [(2023, "Q2"), (2023, "Q1")]
    sequential = _asked(
        "What was total net revenue growth quarter over quarter in the third quarter of 2023?"
    )
    assert [w.quarter for w in variable_wants(sequential, [], {})] == ["Q3", "Q2"]


def test_two_items_over_a_span_of_years_are_wanted_for_each_year() -> None:
    asked = _asked("What were revenue and net income from 2019 to 2021?")
    assert [w.year for w in yearly_pairs(asked)] == [2019, 2019, 2020, 2020, 2021, 2021]


def test_a_balance_day_written_for_one_year_of_a_growth_is_that_year_s_operand() -> None:
    asked = _asked("What were Acme's total assets at December 31, 2007, and their growth since 2006?")
    wants = [(w.year, w.period_end) for w in variable_wants(asked, [], {})]
    assert wants == [(2007, "2007-12-31"), (2006, None)], wants


def _fact(n: int, table: str, row: str, column: str, value: str) -> Fact:
    return Fact(
        f"f{n}",
        "d",
        "c",
        "t",
        row,
        normalise(row),
        column,
        Decimal(value),
        "thousands",
        Decimal(1000),
        78,
        table,
        fiscal_year=2017,
    )


def test_a_share_s_part_is_read_in_the_table_printing_the_same_whole_beside_it() -> None:
    revenue = _fact(1, "t6", "Digital Marketing", "Fiscal 2017", "1609500")  # the segment's revenue
    balance = _fact(2, "t26", "Goodwill", "December 1, 2017", "5821561")  # the balance sheet's goodwill
    note = [
        _fact(3, "t44", "Digital Marketing", "2017", "2762046"),
        _fact(4, "t44", "Goodwill", "2017", "5821561"),
    ]
    wants = [
        Want(LineItemMatch("", "Digital Marketing", 0), 2017),
        Want(LineItemMatch("goodwill", "goodwill", 0), 2017),
    ]
    chosen = part_beside_whole([revenue, balance], wants, [revenue, balance, *note])
    assert [f.fact_id for f in chosen] == ["f3", "f4"]  # the goodwill note's segment row and its total
    alone = part_beside_whole([revenue, balance], wants, [revenue, balance])
    assert alone == [revenue, balance]  # no table prints both: as chosen
