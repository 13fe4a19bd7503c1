"""An acquisition's purchase price allocation: a table that dates none of its rows, read for the report the
question names. Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

INITECH = """# Initech Inc Annual Report on Form 10-K for fiscal year 2022

## Note 3 - Acquisitions

### Acquisition of Hooli Corp.

The purchase consideration for Hooli was allocated as follows (in millions):

| | Amount |
|---|---|
| Cash and cash equivalents | 2,366 |
| Acquisition-related intangibles | 27,308 |
| Total Assets | 33,341 |
| Total Liabilities | 7,332 |
| Fair value of net assets acquired | 26,009 |
| Goodwill | 22,784 |
| Total purchase consideration | 48,793 |

## Consolidated Balance Sheets

(in millions)

| | December 31, 2022 | December 31, 2021 |
|---|---|---|
| Goodwill | 24,177 | 289 |
| Total assets | 67,580 | 12,419 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "acquired", {"INITECH_2022_10K.md": INITECH})


def test_an_undated_allocation_is_read_for_the_report_the_question_names(answerer: Answerer) -> None:
    q = (
        "What percentage of the total purchase consideration for Initech's acquisition of Hooli was recorded "
        "as goodwill? Use the purchase price allocation in Initech's 2022 annual report."
    )
    text = ask(answerer, q)
    assert "46.70%" in text  # 22,784 / 48,793, not the balance sheet's goodwill
