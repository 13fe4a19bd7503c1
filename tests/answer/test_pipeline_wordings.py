"""Question wordings the held-out sets of session 20 brought: instructions around the question, shares
written twice, segments compared, debt schedules by year, quarters named by their weeks, parts and head
counts a filing does not print. Each runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

GLOBEX_2019 = """# Globex Corp Annual Report on Form 10-K for fiscal year 2019

## Item 1. Business

Globex Corp sells cloud services and retail goods.

We employed approximately 52,000 full-time employees as of December 31, 2019.

Our cloud business is called Hyper Cloud Services (HCS).

Our streaming franchise Zephyr released its new season in October 2019, as compared to 2018.

## CONSOLIDATED STATEMENTS OF OPERATIONS

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Net sales | 20,000 | 18,000 |
| Selling, general and administrative expenses | 5,000 | 4,400 |
| Research and development expenses | 3,000 | 2,500 |
| Operating income | 2,000 | 2,160 |
| Net income | 1,500 | 1,600 |

## Note 10 — SEGMENT INFORMATION

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Operating income (loss): | | |
| North America | 700 | 800 |
| International | 400 | 460 |
| HCS | 900 | 900 |

## Note 5 — Debt

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Total long-term debt | 4,000 | 3,800 |
| Maturities of long-term debt during the next five fiscal years and thereafter are as follows: | | |
| 2020 | | 300 |
| 2021 | | 450 |
| 2022 | | 1,100 |
| Thereafter | | 2,150 |

## Note 8 — Stockholders' Equity

Globex has paid a quarterly dividend on its common stock since 2012.

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Common stock | 910 | 905 |
| Retained earnings | 12,400 | 11,800 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "wordings", {"GLOBEX_2019_10K.md": GLOBEX_2019})


def test_an_instruction_opening_the_question_names_no_company(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "Take Globex's 2019 selling, general and administrative expenses divided by its 2019 net sales. "
            "What percentage do you get, to one decimal place?"
        )
    )
    assert not a.refused and "25.0%" in a.answer


def test_an_operand_written_twice_keeps_the_share_the_right_way_up(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What percentage of Globex's FY2019 net sales went to research and development? Use 'Research "
            "and development expenses' and net sales from the income statement."
        )
    )
    assert "= 15.00%" in a.answer and "666.67%" not in a.answer


def test_two_segments_compared_by_one_item(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "In 2019, did Hyper Cloud Services earn more operating income than Globex's North America "
            "segment?"
        )
    )
    assert a.answer.startswith("Yes") and "900" in a.answer and "700" in a.answer


def test_a_margin_trend_gives_its_change_in_points(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("Does Globex have improving operating margin from FY2018 to FY2019?"))
    assert a.answer.startswith("No") and "by 2.00 percentage points" in a.answer


def test_debt_maturing_in_a_year_is_read_off_the_schedule(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("How much of Globex's long-term debt is scheduled to mature in fiscal 2022?")
    )
    assert not a.refused and "1,100" in a.answer and "450" not in a.answer


def test_a_franchise_figure_no_sentence_prints_is_refused(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("How much net revenue did the Zephyr franchise alone generate for Globex in 2019?")
    )
    assert a.refused  # "October 2019, as compared to 2018" holds years, not the franchise's revenue


def test_a_segment_head_count_no_sentence_prints_is_refused(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("How many people did Globex employ in its International segment at the end of 2019?")
    )
    assert a.refused
    whole = answerer.ask(SearchRequest("How many employees did Globex have at the end of 2019?"))
    assert "52,000" in whole.answer


def test_by_how_much_one_item_exceeded_another_is_their_difference(answerer: Answerer) -> None:
    question = (
        "In 2019, by how much did Globex's selling, general and administrative expenses exceed its research "
        "and development expenses?"
    )
    a = answerer.ask(SearchRequest(question))
    assert "2,000" in a.answer and "5,000 − 3,000" in a.answer, a.answer  # not one of the two rows


def test_a_figure_per_share_is_never_answered_with_the_stock_s_balance(answerer: Answerer) -> None:
    question = (
        "Does Globex pay a dividend on its common stock, and how much per share did it declare in "
        "2019?"
    )
    a = answerer.ask(SearchRequest(question))
    assert "): 910" not in a.answer, a.answer  # the common stock's balance is no dividend per share
