"""The rates and measures a question names that the evidence must print with a figure."""

from __future__ import annotations

from finrag.answer.gate_words import named_rates
from finrag.answer.query import analyze


def test_a_rate_the_calculator_works_out_need_not_be_printed() -> None:
    cagr = analyze("What was the compound annual growth rate of Netflix's memberships from 2013 to 2017?")
    assert named_rates(cagr) == []  # the CAGR formula's own words
    churn = analyze("What was Netflix's monthly churn rate in 2017?")
    assert "churn rate" in named_rates(churn)  # a rate no formula works out
