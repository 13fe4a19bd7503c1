"""Analyst ratios over half years and quarters, net debt, and the figures a filing does not break out, as
the held-out sets of session 49 asked them. Each runs the real parser, chunker, fact extractor, store and
retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

QUARTER = """# Goodco plc Quarterly Report on Form 10-Q for the quarter ended December 31, 2022

## Condensed Consolidated Statements of Cash Flows

(in millions)

| | Six Months Ended December 31, 2022 | Six Months Ended December 31, 2021 |
|---|---|---|
| Net income | 695 | 432 |
| Depreciation and amortization | 280 | 290 |
| Net cash provided by operating activities | 145 | 323 |
| Capital expenditures | (190) | (200) |
"""

ANNUAL = """# Goodco plc Annual Report on Form 10-K for the fiscal year ended June 30, 2022

## Consolidated Statements of Cash Flows

(in millions)

| | Year Ended June 30, 2022 | Year Ended June 30, 2021 |
|---|---|---|
| Net income | 1,058 | 900 |
| Net cash provided by operating activities | 1,261 | 1,100 |

## Consolidated Balance Sheets

(in millions)

| | June 30, 2022 | June 30, 2021 |
|---|---|---|
| Cash and cash equivalents | 775 | 850 |
| Commercial paper and other short-term debt | 6 | 100 |
| Current portion of long-term debt | 13 | 250 |
| Long-term debt | 6,340 | 6,000 |
| Total equity | 4,000 | 4,500 |
"""

RELEASE = """# Shopco Inc. fourth quarter fiscal 2022 results

Shopco announced results for the fiscal fourth quarter ended January 28, 2023.

## Consolidated Statements of Income

(In thousands)

| | 13 Weeks Ended January 28, 2023 | 13 Weeks Ended January 29, 2022 |
|---|---|---|
| Net sales | 3,226,773 | 2,729,388 |
| Operating income | 447,618 | 400,112 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "GOODCO_2023Q2_10Q.md": QUARTER,
        "GOODCO_2022_10K.md": ANNUAL,
        "SHOPCO_2023Q4_EARNINGS.md": RELEASE,
    }
    yield from indexed_answerer(tmp_path_factory, "analyst", docs)


def test_cash_conversion_by_name_is_operating_cash_flow_over_net_income_of_the_half_year(
    answerer: Answerer,
) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What was Goodco's cash conversion for the six months ended December 31, 2022, based on its "
            "Q2 2023 Form 10-Q?"
        )
    )
    assert "145 / 695 = 0.21" in answer.answer


def test_a_ratio_asked_as_a_percentage_is_given_in_percent(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "For Goodco's six months ended December 31, 2022, what was capital expenditures divided by "
            "depreciation and amortization (both from the cash flow statement of its Q2 2023 Form 10-Q)? "
            "Give a percentage to two decimals."
        )
    )
    assert "67.86%" in answer.answer


def test_a_nine_month_figure_is_never_the_year_s(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What was Goodco's cash conversion (net cash provided by operating activities divided by net "
            "income) for the nine months ended March 31, 2022?"
        )
    )
    assert "1,261" not in answer.answer and "1.19" not in answer.answer


def test_net_debt_is_the_balance_sheet_s_debt_rows_less_cash(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("What was Goodco's net debt at June 30, 2022?"))
    assert "5,584" in answer.answer  # 6,340 + 13 + 6 − 775


def test_a_quarter_s_column_of_another_fiscal_quarter_is_no_answer(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("What were Shopco's net sales for the third quarter of fiscal 2022?"))
    assert "2,729,388" not in answer.answer and "3,226,773" not in answer.answer


def test_a_defined_sum_with_an_operand_missing_is_not_answered_with_the_other(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What was Shopco's EBITDA (operating income plus depreciation and amortization) for the fourth "
            "quarter of fiscal 2022 (13 weeks ended January 28, 2023)?"
        )
    )
    assert "447,618" not in answer.answer
