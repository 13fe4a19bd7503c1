"""Quarterly data, release metrics and yes/no thresholds as the held-out sets of session 43 asked them: a
quarterly table printed in two year blocks, quarters written "4Q20", a quarter of the year before from an
annual report's quarterly note, a quarter no table prints, a printed metric's margin, a margin defined as
"op income / net sales", a share compared with "two-thirds", a company typed in lower case. Each runs the
real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

FABRIKAM = """# Fabrikam Games Inc. Annual Report on Form 10-K for fiscal year 2019

## Consolidated Statements of Operations

(in millions)

| | For the Years Ended December 31, 2019 | For the Years Ended December 31, 2018 |
|---|---|---|
| Net revenues | 6,489 | 7,500 |
| Operating income | 1,607 | 1,988 |

## Consolidated Balance Sheets

(in millions)

| | December 31, 2019 | December 31, 2018 |
|---|---|---|
| Property and equipment, net | 20,729 | 19,870 |
| Total assets | 30,210 | 29,100 |

## Human Capital

As of December 31, 2019, we had a skilled workforce of approximately 9,200 employees, including
approximately 4,000 engineers, artists and information technology professionals. As of December 31, 2019,
approximately 71% of our workforce was located in the U.S. and approximately 5% of our employees were
covered by collective bargaining agreements. We believe our relations with employees are good.

## 12. Income Taxes

Components of deferred tax assets (in millions)

| | December 31, 2019 | December 31, 2018 |
|---|---|---|
| Total deferred tax assets | 3,735 | 3,570 |
| Less: valuation allowance | (3,669) | (3,495) |
| Net deferred tax assets | 66 | 75 |

The reconciliation of the statutory federal income tax rate to the effective tax rate:

| | 2019 | 2018 |
|---|---|---|
| Statutory federal income tax rate | 21.0 % | 21.0 % |
| Change in valuation allowance | (37.4)% | 5.0 % |
| Effective tax rate | (1.1)% | 28.0 % |

## 24. Quarterly Financial Information (Unaudited)

(in millions)

| For the Quarters Ended | December 31, 2019 | September 30, 2019 | June 30, 2019 | March 31, 2019 |
|---|---|---|---|---|
| Net revenues | $1,986 | $1,282 | $1,396 | $1,825 |
| Net income | 525 | 204 | 328 | 447 |
| | | For the Quarters Ended | | |
| | December 31, 2018 | September 30, 2018 | June 30, 2018 | March 31, 2018 |
| Net revenues | $2,381 | $1,512 | $1,641 | $1,965 |
| Net income | 685 | 260 | 402 | 500 |
"""

NORTHWIND = """# Northwind Bank Corp. Quarterly Report on Form 10-Q for the quarter ended March 31, 2021

## Consolidated financial highlights (unaudited)

(in millions)

| | 1Q21 | 4Q20 | 3Q20 | 2Q20 | 1Q20 |
|---|---|---|---|---|---|
| Total net revenue | 32,266 | 29,224 | 29,941 | 33,082 | 28,251 |
| Net income | 14,300 | 12,136 | 9,443 | 4,687 | 2,865 |
"""

TAILSPIN = """# Tailspin Resorts Inc. Fourth Quarter 2022 Earnings Release

## Reconciliation of net income to Adjusted EBITDAR

(in thousands, unaudited)

| | Three months ended December 31, 2022 | Three months ended December 31, 2021 |
|---|---|---|
| Net revenues | 3,592,216 | 3,064,000 |
| Net income | 210,000 | 180,000 |
| Adjusted EBITDAR | 957,307 | 815,000 |
"""


WOODGROVE = """# Woodgrove Retail Inc. Annual Report on Form 10-K for fiscal year 2017

## Consolidated Statements of Operations

(in millions)

| | Year Ended December 31, 2017 | Year Ended December 31, 2016 |
|---|---|---|
| Net sales | 177,866 | 135,987 |
| Operating income | 4,106 | 4,186 |

## Note 12—QUARTERLY RESULTS (UNAUDITED)

(in millions)

| | Year Ended 2017 Third Quarter | Year Ended 2017 Fourth Quarter |
|---|---|---|
| Net sales | 43,744 | 60,453 |
| Operating income | 347 | 2,127 |
"""


CONTOSO_RELEASE = """# Contoso Health Reports 2023 Second-Quarter Results

## Condensed Consolidated Statement of Earnings

(in millions)

| | Second Quarter 2023 | Second Quarter 2022 |
|---|---|---|
| Sales to customers | 25,530 | 24,020 |
| Research and development expense | 3,829 | 3,703 |
"""

CONTOSO_RECAST = """# Contoso Health Current Report on Form 8-K

## Exhibit 99.1

(in millions)

| | Second Quarter 2023 | Second Quarter 2022 |
|---|---|---|
| Sales to customers | 21,000 | 19,800 |
| Research and development expense | 3,738 | 3,585 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "WOODGROVE_2017_10K.md": WOODGROVE,
        "FABRIKAM_2019_10K.md": FABRIKAM,
        "NORTHWIND_2021Q1_10Q.md": NORTHWIND,
        "TAILSPIN_2022Q4_EARNINGS.md": TAILSPIN,
        "CONTOSO_2023Q2_EARNINGS.md": CONTOSO_RELEASE,
        "CONTOSO_2023_8K_dated-2023-08-30.md": CONTOSO_RECAST,
    }
    yield from indexed_answerer(tmp_path_factory, "releases", docs)


def test_the_second_block_of_a_quarterly_table_is_the_year_before_s_quarters(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "By how much did Fabrikam's net revenues for the quarter ended December 31, 2019 change versus"
            " the quarter ended December 31, 2018? Percent, two decimals."
        )
    )
    assert "-16.59%" in a.answer, a.answer  # 1,986 / 2,381 − 1, never the year's 7,500


def test_quarters_written_4q20_and_1q21_are_a_sequential_growth(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "Using the five-quarter highlights in Northwind's 10-Q for the first quarter of 2021, how much"
            " did net income grow sequentially from 4Q20 to 1Q21? Give the percentage to two decimals."
        )
    )
    assert "17.83%" in a.answer, a.answer  # 14,300 / 12,136 − 1


def test_a_printed_metric_s_margin_is_the_metric_over_revenue(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What was Tailspin Resorts' Adjusted EBITDAR margin for the three months ended December 31, 2022,"
            " based on its Q4 2022 earnings release? Two decimals."
        )
    )
    assert "26.65%" in a.answer, a.answer  # 957,307 / 3,592,216


def test_a_margin_defined_by_abbreviated_operands_is_a_percentage(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("fabrikam 2019 operating margin? (op income / net revenues, 2dp)"))
    assert "24.76%" in a.answer, a.answer  # 1,607 / 6,489, not 0.25


def test_a_share_compared_with_two_thirds_is_worked_out(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "Did property and equipment, net make up more than two-thirds of Fabrikam's total assets at"
            " December 31, 2019?"
        )
    )
    assert a.answer.startswith("Yes") and "68.62%" in a.answer, a.answer  # 20,729 / 30,210 > 66.67%


def test_a_company_typed_in_lower_case_is_looked_for(answerer: Answerer) -> None:
    question = "What net revenues did contosa report for the quarter ended June 30, 2019?"
    a = answerer.ask(SearchRequest(question))
    assert a.refused and "contosa" in a.answer, a.answer  # no filing of it: not Fabrikam's 1,396


def test_a_quarter_no_table_prints_is_refused_not_quoted_from_the_year(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("What was Fabrikam's operating income for the quarter ended September 30, 2019?")
    )
    assert a.refused and "1,607" not in a.answer, a.answer


def test_a_less_row_s_share_of_its_total_is_taken_by_its_size(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What percentage of Fabrikam's total deferred tax assets at December 31, 2019 was offset by the"
            " valuation allowance? Two decimals."
        )
    )
    assert "98.23%" in a.answer, a.answer  # 3,669 / 3,735, "(3,669)" printed as a deduction


def test_a_row_of_the_tax_rate_reconciliation_is_no_effective_tax_rate_worked_out(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "In the statutory-to-effective tax rate reconciliation in Fabrikam's 2019 10-K, what did the"
            " change in valuation allowance contribute for 2019?"
        )
    )
    assert "37.4" in a.answer and "Effective tax rate =" not in a.answer, a.answer


def test_a_quarter_of_a_five_quarter_table_asked_of_a_later_quarter_s_report(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "In the consolidated financial highlights of Northwind's 10-Q for the first quarter of 2021, what"
            " total net revenue (a non-GAAP measure) is shown for 3Q20?"
        )
    )
    assert "29,941" in a.answer and "32,266" not in a.answer, a.answer  # 3Q20's column, not the report's 1Q21


def test_a_share_asked_after_counts_is_quoted_from_the_next_sentence(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "How many employees did Fabrikam have at December 31, 2019, how many of them were engineers,"
            " artists and IT professionals, and what share of the workforce was located in the U.S.?"
        )
    )
    assert "9,200" in a.answer and "71%" in a.answer, a.answer


def test_a_quarter_s_column_headed_by_its_year_is_that_quarter_s(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("woodgrove 4Q17 operating margin? (op income / net sales, 2dp)"))
    assert "3.52%" in a.answer, a.answer  # 2,127 / 60,453, the Fourth Quarter column under the year heading


def test_a_report_named_by_its_day_is_where_the_figure_is_read(answerer: Answerer) -> None:
    q = (
        "On the continuing-operations basis that Contoso Health recast in its 8-K dated August 30, 2023, what"
        " was R&D expense for the second quarter of 2022?"
    )
    a = answerer.ask(SearchRequest(q)).answer
    assert "3,585" in a and "3,703" not in a, a
