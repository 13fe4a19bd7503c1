"""Figures a note states in one sentence as amounts beside their years ("advertising expenses of $534
million in 2019, $584 million in 2018 …"), read as the item's facts by year. Runs the real parser, chunker,
fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

HOOLI = """# Hooli Foods Inc Annual Report on Form 10-K for fiscal year 2019

## Note 2. Significant Accounting Policies

Advertising expenses are recorded in selling, general and administrative expenses. We recorded advertising
expenses of $534 million in 2019, $584 million in 2018, and $629 million in 2017, which represented costs to
obtain advertisement spots in television, radio, print and digital channels.
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "paired", {"HOOLI_2019_10K.md": HOOLI})


def test_amounts_written_beside_their_years_are_the_item_s_by_year(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "What is the year-over-year change in Hooli's advertising expense in FY2019, as a percentage?",
    )
    assert "-8.56%" in text  # (534 − 584) / 584
    assert "534" in text and "584" in text
