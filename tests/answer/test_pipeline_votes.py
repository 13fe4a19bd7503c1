"""Vote questions end to end: an 8-K's Item 5.07 table answers them even where its prose does not repeat the
question's words (the keyword gate alone would refuse)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

VOTES_8K = """# Acme Corp Current Report on Form 8-K dated May 20, 2022

## Item 5.07. Submission of Matters to a Vote of Security Holders.

Proposal 1. With respect to the proposal to elect two nominees to the Board of Directors, the votes were:

| Name | Votes For | Votes Against | Abstentions | Broker Non-Votes |
|---|---|---|---|---|
| Richard A. Johnson | 54,484,293 | 16,105,005 | 77,685 | 6,884,223 |
| Virginia C. Drosos | 59,657,810 | 294,935 | 10,714,238 | 6,884,223 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "votes", {"acme_2022_8k.md": VOTES_8K})


def test_a_nominee_s_share_of_votes_for_is_worked_out_from_the_vote_table(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "At Acme's 2022 annual meeting, what percentage of the votes cast for or against CEO Richard A. "
            "Johnson's re-election as a director were in favor? Compute For / (For + Against), one decimal."
        )
    )
    assert not a.refused and "77.2%" in a.answer and "59,657,810" not in a.answer
    assert a.citations and a.citations[0].file == "acme_2022_8k.md"
