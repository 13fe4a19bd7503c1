"""Figures of a place: a country's row under a region's heading in a table its title says is revenue, a
region's row printed for segments and their total, and a question asking for everything outside a country.
Each runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

NORTHWIND = """# Northwind Aerospace Inc. Annual Report on Form 10-K for fiscal year 2022

## Note 2. Revenue

Revenue by geographic area for fiscal 2022, 2021 and 2020 (in millions)

| | 2022 | 2021 | 2020 |
|---|---|---|---|
| Americas: | | | |
| United States | 9,217 | 8,104 | 6,745 |
| Other Americas | 614 | 508 | 476 |
| Total Americas | 9,831 | 8,612 | 7,221 |
| EMEA | 4,665 | 4,319 | 3,476 |
| Total revenue | 14,496 | 12,931 | 10,697 |

## Note 3. Information on Business Segments

Disaggregation of Net Sales (in millions)

| | 2022 Aircraft | 2022 Space | 2022 Total |
|---|---|---|---|
| Net sales by geographic region | | | |
| United States | 21,103 | 9,852 | 30,955 |
| Middle East | 1,103 | 12 | 1,115 |
| Total net sales | 22,206 | 9,864 | 32,070 |

## Note 23 - Segment and Revenue Information

Revenues by geographic area (in millions)

| | 2022 | 2021 |
|---|---|---|
| United States | 12,700 | 11,900 |
| non-U.S. revenues | | |
| Asia | 5,102 | 4,877 |
| Africa | 9,745 | 11,433 |

AVS revenues by customer location consist of the following:

| | 2022 | 2021 |
|---|---|---|
| Revenue from contracts with customers: | | |
| Africa | 5,876 | 8,927 |
"""


CONTOSO = """# Contoso Retail Inc. Annual Report on Form 10-K for fiscal year 2022

## Consolidated Statements of Operations

(in millions)

| | 2022 | 2021 |
|---|---|---|
| Total net sales | 32,070 | 28,700 |
| Operating income | 1,911 | 1,702 |

## Note 10 - Segment Information

Net sales attributed to countries are as follows (in millions):

| | 2022 | 2021 |
|---|---|---|
| United States | 20,100 | 18,000 |
| Germany | 3,300 | 3,100 |
| Rest of world | 8,670 | 7,600 |
| Consolidated | 32,070 | 28,700 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"NORTHWIND_2022_10K.md": NORTHWIND, "CONTOSO_2022_10K.md": CONTOSO}
    yield from indexed_answerer(tmp_path_factory, "places", docs)


def test_a_country_s_row_under_a_region_is_the_revenue_its_table_title_names(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("What is Northwind's FY2022 revenue from customers in the United States?"))
    assert not a.refused and "9,217" in a.answer, a.answer


def test_a_region_s_row_printed_by_segment_answers_with_its_total_column(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("What were Northwind's FY2022 net sales to customers in the Middle East?"))
    assert not a.refused and "1,115" in a.answer, a.answer
    assert "1,103" not in a.answer  # one segment's column


def test_a_region_s_revenue_is_the_company_s_not_a_segment_s_table_s(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "How much did Northwind's revenue from customers in Africa change in 2022 compared with 2021, in "
            "dollars and in percent?"
        )
    )
    assert "-1,688" in a.answer and "-14.76%" in a.answer, a.answer  # 9,745 − 11,433
    assert "5,876" not in a.answer  # the AVS segment's table


def test_sales_outside_a_country_are_never_that_country_s(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What share of Northwind's FY2022 net sales came from customers outside the United States?"
        )
    )
    assert not any(us in a.answer for us in ("21,103", "30,955", "9,217")), a.answer  # the country's own


@pytest.mark.parametrize(
    "question",
    [
        "What share of Contoso's 2022 net sales was attributed to Germany?",
        "What share of Contoso's consolidated net sales in 2022 was attributed to Germany? Use Germany net"
        " sales divided by consolidated net sales from the net-sales-by-country table.",
    ],
)
def test_a_country_s_share_is_its_row_over_the_company_s_total(answerer: Answerer, question: str) -> None:
    a = answerer.ask(SearchRequest(question))
    assert "10.29%" in a.answer, a.answer  # 3,300 / 32,070


def test_a_segment_s_sales_in_a_place_it_does_not_break_out_are_not_its_total(answerer: Answerer) -> None:
    asked = "What were Northwind's Aircraft segment net sales to customers in {} in 2022?"
    there = answerer.ask(SearchRequest(asked.format("the Middle East")))
    assert "1,103" in there.answer and "22,206" not in there.answer, there.answer  # its row, not the total
    a = answerer.ask(SearchRequest(asked.format("Japan")))
    assert "22,206" not in a.answer and "21,103" not in a.answer, a.answer  # no row for Japan
