"""What a quoted answer may print when no table fact answers, as the held-out sets of session 39 asked: a
balance asked at a day no report is of, an item no lexicon knows asked "how much … did X record", and a row
label the question writes only inside the filer's name. Each runs the real parser, chunker, fact extractor,
store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

GAMES = """# Arcadia Entertainment Inc. Annual Report on Form 10-K for fiscal year 2019

Arcadia Entertainment Inc. develops and publishes games through its Arcadia and Entertainment studios.

## Selected Financial Data

(in millions)

| | 2019 | 2018 | 2017 | 2016 |
|---|---|---|---|---|
| Net sales | 6,200 | 5,900 | 5,100 | 4,800 |

## Operating Metrics

Monthly active users (in millions)

| | Q1 2019 | Q2 2019 | Q3 2019 |
|---|---|---|---|
| Arcadia | 128 | 36 | 37 |
| Entertainment | 32 | 33 | 32 |

## Note 5 - Inventories

Inventories consisted of the following (in millions):

| | December 31, 2019 | December 31, 2018 |
|---|---|---|
| Raw materials and supplies | 954 | 901 |
| Finished goods | 1,269 | 1,212 |
| Total inventories | 2,223 | 2,113 |

## Note 9 - Restructuring

In 2019 the Company recorded restructuring and related costs of $77 million, mainly severance.

## Note 10 - Debt

Short-term debt (in millions):

| | December 31, 2019 | December 31, 2018 |
|---|---|---|
| Short-term borrowings | 799 | 650 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "quotes", {"ARCADIA_2019_10K.md": GAMES})


def test_a_balance_at_a_day_no_report_is_of_quotes_no_other_year_s_rows(answerer: Answerer) -> None:
    asked = "What was Arcadia's raw materials and supplies inventory at December 31, {}?"
    a = answerer.ask(SearchRequest(asked.format(2016)))  # the report speaks of 2016's sales, no balance
    assert "954" not in a.answer and "901" not in a.answer
    assert "954" in answerer.ask(SearchRequest(asked.format(2019))).answer


def test_how_much_of_an_unknown_item_quotes_only_text_printing_it(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("How much restructuring and related cost did Arcadia Entertainment record in 2019?")
    )
    assert "$77 million" in a.answer and "128" not in a.answer
    none = answerer.ask(
        SearchRequest("How much litigation settlement expense did Arcadia Entertainment record in 2019?")
    )
    assert "128" not in none.answer and "954" not in none.answer


def test_an_interest_rate_asked_is_never_the_amount_borrowed(answerer: Answerer) -> None:
    rate = answerer.ask(
        SearchRequest("What weighted-average interest rate did Arcadia pay on short-term borrowings in 2019?")
    )
    assert "799" not in rate.answer
    assert "799" in answerer.ask(SearchRequest("What were Arcadia's short-term borrowings in 2019?")).answer
