"""A figure per employee: the statements' figure over the headcount a sentence of the same filing states, as
the held-out sets of session 64 asked it. Runs the real parser, chunker, fact extractor, store and
retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

FILING = """# Lockheed Martin Corporation Annual Report on Form 10-K for 2021

## Item 1. Business

### Human Capital

As of December 31, 2021, we had a highly skilled workforce made up of approximately 114,000 employees.
During 2021, we hired more than 10,000 employees, despite the continuing challenges of the pandemic.

## Item 8. Financial Statements

### Consolidated Statements of Earnings

(in millions)

| | 2021 | 2020 |
|---|---|---|
| Net sales | 67,044 | 65,398 |
| Cost of sales | (57,983) | (56,744) |
| Operating profit | 9,123 | 8,644 |
"""

TWO_COUNTS = """# Verizon Communications Inc. Annual Report on Form 10-K for 2021

## Item 1. Business

### Human Capital

As of December 31, 2021, we had approximately 118,400 full-time equivalent employees.
At the end of 2021 our workforce stood at about 105,000 employees in the United States alone.

## Item 8. Financial Statements

### Consolidated Statements of Income

(dollars in millions)

| | 2021 | 2020 |
|---|---|---|
| Total Operating Revenues | 133,613 | 128,292 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"lockheed_2021_10k.md": FILING, "verizon_2021_10k.md": TWO_COUNTS}
    yield from indexed_answerer(tmp_path_factory, "per_employee", docs)


def test_net_sales_per_employee_divide_the_sales_by_the_stated_headcount(answerer: Answerer) -> None:
    text = ask(answerer, "What were Lockheed Martin's net sales per employee in 2021?")
    assert "588,105.26" in text and "114,000" in text, text  # never the 10,000 hired


def test_two_different_headcounts_answer_no_figure_per_employee(answerer: Answerer) -> None:
    text = ask(answerer, "What was Verizon's total operating revenue per employee for 2021?")
    assert "1,128,488" not in text and "1,272,504" not in text, text
