"""A change one sentence states both ends of ("from $0.88 per share to $0.92 per share"), as the held-out sets
of session 64 asked it; the event's date written after the report's year is told by the report. Runs the real
parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

FILING = """# Best Buy Co., Inc. Annual Report on Form 10-K for the fiscal year ended January 28, 2023

## Item 5. Market for Registrant's Common Equity

### Market Information and Dividends

In fiscal 2004, our Board initiated the payment of a regular quarterly cash dividend. On March 2, 2023, we
announced an increase in our regular quarterly dividend from $0.88 per share to $0.92 per share. Future
dividend payments will depend on our earnings.

## Item 7. Management's Discussion and Analysis

### Share Repurchases

During fiscal 2023, we repurchased and retired 11.8 million shares at a cost of $1.0 billion.
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "prose_change", {"BESTBUY_2023_10K.md": FILING})


def test_a_raise_a_sentence_states_from_and_to_is_worked_out(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "By what percent did Best Buy raise its regular quarterly dividend in the increase announced on"
        " March 2, 2023?",
    )
    assert "4.55%" in text and "0.88" in text and "0.92" in text, text


def test_a_sentence_of_another_item_states_no_change_of_the_one_asked(answerer: Answerer) -> None:
    text = ask(answerer, "By what percent did Best Buy's share repurchases grow in fiscal 2023?")
    assert "4.55%" not in text, text
