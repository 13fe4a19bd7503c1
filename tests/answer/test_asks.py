"""What kind of answer a question's wording asks for."""

from __future__ import annotations

from finrag.answer.asks import asks_amount


def test_a_figure_asked_as_what_the_company_carried_or_reported_is_an_amount() -> None:
    assert asks_amount("What goodwill did Pfizer carry on its balance sheet at July 2, 2023?")
    long_item = "What net income attributable to MGM Resorts International did MGM report for the six months?"
    assert asks_amount(long_item)
    assert not asks_amount("Describe the goodwill impairment test Pfizer performs.")
