"""Which values a formula question needs."""

from __future__ import annotations

from finrag.answer.operand_wants import variable_wants, yearly_pairs
from finrag.answer.query import AskedFor, analyze
from finrag.model import QueryAnalysis
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
