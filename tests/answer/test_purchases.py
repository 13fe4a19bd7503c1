"""Share repurchases by period, read off a 10-K's Item 5 table of purchases by fiscal month. Runs the real
parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal

import pytest

from finrag.answer.pipeline import Answerer
from finrag.answer.purchases import Span, asked_month, dated_span, purchases_answer
from finrag.answer.query import analyze
from finrag.model import Fact, SearchRequest

from .corpus import indexed_answerer

INITECH = """# Initech Inc Annual Report on Form 10-K for fiscal year 2022

## Item 5. Market for Registrant's Common Equity and Issuer Purchases of Equity Securities

Issuer purchases of equity securities in the fiscal fourth quarter of 2022:

| Fiscal Period | Total Number of Shares Purchased | Average Price Paid Per Share | Total Number of Shares \
Purchased as Part of Publicly Announced Plans or Programs |
|---|---|---|---|
| October 3, 2022 through October 30, 2022 | 3,921,949 | $165.29 | 3,179,491 |
| October 31, 2022 through November 27, 2022 | 1,444,006 | $173.26 | — |
| November 28, 2022 through January 1, 2023 | 2,379,100 | $178.18 | — |
| Total | 7,745,055 | | 3,179,491 |

## Item 7. Management's Discussion and Analysis

Net sales were $10,120 million in fiscal 2022.
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "purchases", {"INITECH_2022_10K.md": INITECH})


def test_the_dates_a_row_or_a_question_writes() -> None:
    assert dated_span("9/4/2022 - 10/1/2022") == Span(date(2022, 9, 4), date(2022, 10, 1))
    assert dated_span("November 1-30, 2022") == Span(date(2022, 11, 1), date(2022, 11, 30))
    across = dated_span("November 28 through January 1, 2023")  # the start is the year before
    assert across == Span(date(2022, 11, 28), date(2023, 1, 1))
    assert asked_month("axp nov 2022 buyback - avg px?") == Span(date(2022, 11, 1), date(2022, 11, 30))
    assert dated_span("What did Initech buy back in 2022?") is None


def test_a_month_asked_is_the_fiscal_month_holding_most_of_it(answerer: Answerer) -> None:
    asked = "How many shares did Initech repurchase in November 2022, at what average price?"
    a = answerer.ask(SearchRequest(asked))
    assert "1,444,006" in a.answer and "173.26" in a.answer
    assert "3,921,949" not in a.answer  # October's row is another month


def test_a_quarter_s_price_no_row_prints_is_weighted_by_the_months_shares(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What weighted average price per share did Initech pay for the common shares it purchased in its "
            "fiscal fourth quarter of 2022 (October 3, 2022 - January 1, 2023)?"
        )
    )
    assert "170.74" in a.answer and not a.refused


def _cell(n: int, row: str, column: str, value: str) -> Fact:
    unit, scale = "millions", Decimal(1_000_000)  # the table's "(in millions)"
    return Fact(f"f{n}", "d", "c", "Buybacks", row, row.lower(), column, Decimal(value), unit, scale, 3, "t1")


def test_shares_are_counted_one_by_one_unless_the_table_counts_them_in_millions() -> None:
    asked = analyze("How many shares did Globex repurchase in November 2022, at what average price?")
    month = "November 1-30, 2022"
    counted = [
        _cell(1, month, "Total Number of Shares Purchased", "318000"),
        _cell(2, month, "Average Price Paid Per Share", "398.76"),
    ]
    answer = purchases_answer(asked, counted, {}, lambda f: 1)
    assert answer is not None and "318,000 shares" in answer.text and "$398.76 per share" in answer.text
    in_millions = [_cell(3, month, "Total Number of Shares Purchased", "0.4")]
    answer = purchases_answer(asked, in_millions, {}, lambda f: 1)
    assert answer is not None and "0.4 million shares" in answer.text


def test_a_month_s_name_before_a_full_date_writes_no_span_of_days() -> None:
    q = "How much was still available under Initech's buyback program at the end of December 2022?"
    assert dated_span(q) is None  # not "December 20" to some later day
    assert dated_span(f"{q} (December 31, 2022)") is None
    months = asked_month("Initech's buybacks in Q4 (October 2022 - December 2022)")
    assert months == Span(date(2022, 10, 1), date(2022, 12, 31))
    across = asked_month("buybacks from November through January 2023")  # the year before's November
    assert across == Span(date(2022, 11, 1), date(2023, 1, 31))


def test_what_a_quarter_s_buybacks_cost_is_each_month_s_shares_times_its_price(answerer: Answerer) -> None:
    q = "How many dollars did Initech's buybacks cost from October 3, 2022 through January 1, 2023?"
    text = answerer.ask(SearchRequest(q)).answer
    # 3,921,949 × 165.29 + 1,444,006 × 173.26 + 2,379,100 × 178.18 = 1,322,355,467.77
    assert "1,322,355,467.77" in text and "×" in text
