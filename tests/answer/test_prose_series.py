"""Figures an English filing states in one sentence for several years: "… was $348 million, $495 million, and
$718 million as of December 31, 2017, 2018, and 2019." (no "respectively"), read as each year's figure.
Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.answer.prose_series import series_facts
from finrag.model import Chunk, ChunkKind, ChunkMeta

from .corpus import ask, indexed_answerer

AMAZON = """# Amazon.com, Inc. Annual Report on Form 10-K for fiscal year 2019

## Note 1 — Accounts Receivable, Net and Other

We estimate losses on receivables based on known troubled accounts and historical experience of
losses incurred. The allowance for doubtful accounts was $348 million, $495 million, and $718 million as
of December 31, 2017, 2018, and 2019. Additions to the allowance were $626 million, $878 million, and
$1.0 billion in 2017, 2018, and 2019.
"""


ADOBE = """# Adobe Systems Incorporated Annual Report on Form 10-K for fiscal year 2017

## Revenue

Our presentation of unbilled deferred revenue backlog may differ from that of other companies. As of
December 1, 2017, we had unbilled deferred revenue backlog of approximately $3.94 billion of which
approximately 40% is not reasonably expected to be billed during fiscal 2018. Comparatively, we had
unbilled deferred revenue backlog of approximately $3.42 billion as of December 2, 2016.
"""


LOCKHEED = """# Lockheed Martin Corporation Annual Report on Form 10-K for fiscal year 2022

## Note 1 – Significant Accounting Policies

Amortization expense for acquired intangible assets was $248 million in 2022, $285 million in 2021 and $271
million in 2020. Capitalized software – We capitalize certain costs associated with internal-use software.
Amortization expense related to capitalized software was $253 million in 2022, $175 million in 2021 and $166
million in 2020.
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"AMAZON_2019_10K.md": AMAZON, "ADOBE_2017_10K.md": ADOBE, "LOCKHEEDMARTIN_2022_10K.md": LOCKHEED}
    yield from indexed_answerer(tmp_path_factory, "series", docs)


def test_amounts_followed_by_their_years_listed_are_each_years_figure(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "Amazon's allowance for doubtful accounts: percentage increase from year-end 2018 to year-end 2019?",
    )
    assert "45.05%" in text and "718" in text and "495" in text, text


def test_a_balance_each_sentence_dates_is_that_years_figure(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "By what percentage did Adobe's unbilled deferred revenue backlog grow between the end of fiscal "
        "2016 and the end of fiscal 2017?",
    )
    assert "15.20%" in text and "3.94" in text and "3.42" in text, text


def test_a_description_the_question_writes_tells_two_like_named_figures_apart(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "Per Lockheed Martin's 2022 10-K, by how much (in percent) did amortization expense on capitalized "
        "software rise from 2021 to 2022?",
    )
    assert "44.57%" in text and "253" in text and "175" in text, text  # not the intangibles' 248 and 285


def test_a_change_then_a_level_is_no_year_list() -> None:
    text = "Revenue decreased by $5 million to $10 million in 2019 compared to 2018."
    chunk = Chunk("c", "d", text, ChunkKind.TEXT, [1], [], ChunkMeta("x.pdf", "10-K", "en"))
    assert series_facts("How much was revenue in 2018 and 2019?", [(1, chunk)]) == []
