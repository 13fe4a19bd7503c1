"""A quarter named by the day it ends ("the quarter ended Dec 2022") and a share of a whole no line item
names, as the held-out sets of session 30 asked them. Each runs the real parser, chunker, fact extractor,
store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

ANNUAL = """# Packco plc Annual Report on Form 10-K for the fiscal year ended June 30, 2022

## Note 13 - Segments

(in millions)

| | Year Ended June 30, 2022 | Year Ended June 30, 2021 |
|---|---|---|
| Flexibles | 11,151 | 10,050 |
| Rigid Packaging | 3,393 | 2,811 |
| Net sales | 14,544 | 12,861 |
"""

QUARTER = """# Packco plc Quarterly Report on Form 10-Q for the quarter ended December 31, 2022

## Note 13 - Segments

(in millions)

| | Three Months Ended December 31, 2022 | Three Months Ended December 31, 2021 |
|---|---|---|
| Flexibles | 2,812 | 2,709 |
| Rigid Packaging | 830 | 794 |
| Net sales | 3,642 | 3,503 |
"""

RELEASE = """# Packco plc fourth quarter fiscal 2022 results

## Condensed Consolidated Statements of Income

($ million)

| | Three Months Ended June 30, 2022 | Three Months Ended June 30, 2021 | Year Ended June 30, 2022 |
|---|---|---|---|
| Net sales | 3,900 | 3,400 | 14,544 |
| Interest expense, net | (41) | (37) | (135) |
"""

RETAIL = """# Shopmart Inc. Annual Report on Form 10-K for the fiscal year ended January 31, 2018

## Five-Year Financial Summary

| | Fiscal 2018 | Fiscal 2017 |
|---|---|---|
| Sam's Club | 2.8% | 0.5% |
| Walmart U.S. | 2.1% | 1.6% |

## Results of Operations

($ in millions)

| | Fiscal 2018 | Fiscal 2017 |
|---|---|---|
| Revenue | 500,343 | 485,873 |
| Operating income | 20,437 | 22,764 |
| Operating income as a % of revenue | 4.1% | 4.7% |

## Restructuring

In fiscal 2018 the Company recorded pre-tax restructuring charges as part of closing 63 Sam's Club stores.
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "PACKCO_2022_10K.md": ANNUAL,
        "PACKCO_2023Q2_10Q.md": QUARTER,
        "PACKCO_2022Q4_EARNINGS.md": RELEASE,
        "SHOPMART_2018_10K.md": RETAIL,
    }
    yield from indexed_answerer(tmp_path_factory, "spans", docs)


def test_a_quarter_named_by_its_end_is_read_from_the_three_month_columns(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("Packco rigid packaging share of net sales, quarter ended Dec 2022"))
    assert "22.79%" in answer.answer and "3,393" not in answer.answer


def test_a_quarter_named_by_its_month_is_read_from_the_three_month_columns(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest("packco net interest expense for the june 2022 quarter vs the june 2021 quarter?")
    )
    assert "41" in answer.answer and "37" in answer.answer and "135" not in answer.answer


def test_a_share_of_a_whole_no_item_names_is_never_another_table_s_percent(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What share of the pre-tax restructuring charges Shopmart recorded in fiscal 2018 was "
            "attributable to Sam's Club? Round to one decimal place."
        )
    )
    assert "2.8%" not in answer.answer


def test_a_printed_share_row_that_names_its_whole_answers_the_share(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What was Shopmart's operating margin (operating income as a % of revenue) for fiscal 2018? "
            "Answer in percent to one decimal place."
        )
    )
    assert "4.1%" in answer.answer and "2.8%" not in answer.answer
