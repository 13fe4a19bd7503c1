"""A ticker opening a terse question names the company, never a kind of the item asked."""

from __future__ import annotations

from finrag.answer.query import analyze
from finrag.answer.tickers import leading_ticker, opening_ticker, unknown_ticker, without_ticker


def test_the_opening_ticker_is_dropped_from_a_kind_and_kept_as_a_name() -> None:
    text = "amzn north america segment op income 2016, per the 2017 10-K?"
    assert without_ticker("amzn north america", text, ["Amazon.com"]) == "north america"
    assert without_ticker("amzn", text, ["Amazon.com"]) == ""
    assert without_ticker("north america", text, ["Amazon.com"]) == "north america"
    assert leading_ticker(text, ["Amazon.com"]) == ["amzn"]
    assert not opening_ticker("amzn", text, [])  # no company matched: a word, not a ticker


def test_a_terse_segment_question_asks_the_segment_s_item() -> None:
    asked = analyze("amzn north america segment op income 2016, per the 2017 10-K?")
    assert [m.concept for m in asked.line_items] == ["operating_profit"]  # "op income"


def test_an_unmatched_lower_case_ticker_before_a_period_is_the_company_asked() -> None:
    assert unknown_ticker("intc 3q15 diluted eps?") == ["intc"]
    assert unknown_ticker("capex fy22 for msft?") == []  # a lexicon word, no ticker
    assert unknown_ticker("intc diluted eps?") == []  # no period after it: maybe a word
    assert unknown_ticker("Intc 3Q15 Diluted EPS?") == []  # capitalised words: names are written so
