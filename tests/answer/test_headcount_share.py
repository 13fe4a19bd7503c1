"""The share of a filer's staff at home or abroad, from the one sentence of its human-capital section stating
both counts, as the held-out sets of session 66 asked it. Runs the real parser, chunker, fact extractor,
store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

FILING = """# Acme Corporation Annual Report on Form 10-K for 2018

## Item 1. Business

### Employees

At December 31, 2018, the Company employed 93,516 people (full-time equivalents), with 37,412 employed in
the United States and 56,104 employed internationally.

## Item 8. Financial Statements

### Consolidated Statement of Income

(in millions)

| | 2018 | 2017 |
|---|---|---|
| Net sales | 32,765 | 31,657 |
| Operating income | 7,207 | 7,692 |
"""

TWO_COUNTS = """# Zenith Inc. Annual Report on Form 10-K for 2020

## Item 1. Business

### Human Capital

As of December 31, 2020, we had 5,477 full-time employees worldwide with 662 full-time employees outside
the US.
In 2020 our staff numbered 6,000 employees globally, of which 900 employees outside the US.

## Item 8. Financial Statements

### Consolidated Statements of Operations

(in thousands)

| | 2020 | 2019 |
|---|---|---|
| Total net revenue | 9,497,578 | 4,713,500 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"acme_2018_10k.md": FILING, "zenith_2020_10k.md": TWO_COUNTS}
    yield from indexed_answerer(tmp_path_factory, "headcount_share", docs)


def test_the_share_of_staff_abroad_is_the_count_abroad_over_the_total(answerer: Answerer) -> None:
    text = ask(answerer, "What % of Acme's workforce was outside the US at the end of 2018?")
    assert "59.99%" in text and "56,104" in text and "93,516" in text, text
    home = ask(answerer, "What percentage of Acme's employees were in the United States at the end of 2018?")
    assert "40.01%" in home and "37,412" in home, home


def test_two_sentences_giving_different_counts_answer_no_share(answerer: Answerer) -> None:
    text = ask(answerer, "What % of Zenith's full-time employees were outside the US at the end of 2020?")
    assert "12.09%" not in text and "15.00%" not in text, text
