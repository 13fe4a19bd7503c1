"""Shareholder votes read off an 8-K's Item 5.07 tables: a proposal's count, its For share, a nominee's."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.query import analyze
from finrag.answer.votes import vote_answer, vote_blocks
from finrag.model import Table

from .helpers import make_doc, table_chunks

PROPOSALS = Table(
    "t1",
    [4],
    [],
    [
        ["(5) The shareholder proposal regarding independent Board Chair was defeated:", ""],
        ["For", "250,838,697"],
        ["Against", "746,982,272"],
        ["Abstain", "22,326,920"],
        ["Broker Non-Votes", "172,969,325"],
        ["(6) The shareholder proposal regarding a global transparency report was defeated:", ""],
        ["For", "185,034,699"],
        ["Against", "814,416,953"],
        ["Abstain", "20,696,237"],
        ["Broker Non-Votes", "172,969,325"],
    ],
    caption="Item 5.07. Submission of Matters to a Vote of Security Holders.",
)
NOMINEES = Table(
    "t2",
    [2],
    [["Name", "Votes For", "Votes Against", "Abstentions", "Broker Non-Votes"]],
    [
        ["Virginia C. Drosos", "59,657,810", "294,935", "10,714,238", "6,884,223"],
        ["Richard A. Johnson", "54,484,293", "16,105,005", "77,685", "6,884,223"],
    ],
    caption="Item 5.07. Submission of Matters to a Vote of Security Holders.",
)


def _facts(table: Table, company: str):
    doc = make_doc([table], company=company, year=2023, language="en", unit_line="")
    return extract_facts(doc, table_chunks(doc))


def _one(_: object) -> int:
    return 1


def test_each_proposal_and_nominee_is_a_block_of_its_votes() -> None:
    blocks = vote_blocks(_facts(PROPOSALS, "PepsiCo")) + vote_blocks(_facts(NOMINEES, "Foot Locker"))
    assert [sorted(b.cells) for b in blocks] == [["Abstain", "Against", "Broker Non-Votes", "For"]] * 4
    assert blocks[3].subject == "Richard A. Johnson"


def test_the_count_asked_is_the_named_proposal_s_not_another_s_or_its_broker_non_votes() -> None:
    facts = _facts(PROPOSALS, "PepsiCo")
    asked = analyze(
        "How many votes were cast in favor of the shareholder proposal requesting a global transparency "
        "report?"
    )
    out = vote_answer(asked, facts, _one)
    assert out is not None and out.result == Decimal("185034699") and "172,969,325" not in out.text
    against = vote_answer(
        analyze("How many votes were cast against the independent Board Chair proposal?"), facts, _one
    )
    assert against is not None and against.result == Decimal("746982272")


def test_the_share_for_is_worked_out_of_for_and_against_only_unless_abstentions_are_counted() -> None:
    facts = _facts(NOMINEES, "Foot Locker")
    q = "What share of the votes for or against Richard A. Johnson's re-election were in favor? One decimal"
    out = vote_answer(analyze(q), facts, _one)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("77.2")
    both = vote_answer(analyze(q.replace("? One", ", including abstentions? One")), facts, _one)
    assert both is not None and both.calculation is not None and both.calculation.result == Decimal("77.1")


def test_a_question_naming_no_proposal_or_two_as_much_gets_no_vote() -> None:
    facts = _facts(PROPOSALS, "PepsiCo")
    assert vote_answer(analyze("How many votes were cast for the proposal?"), facts, _one) is None
    assert vote_answer(analyze("What was PepsiCo's 2023 net revenue?"), facts, _one) is None


def test_the_nominee_with_the_fewest_or_most_votes_of_a_kind_is_ranked_from_the_election() -> None:
    facts = _facts(NOMINEES, "Foot Locker")
    fewest = vote_answer(
        analyze("Which director nominee drew the fewest votes against, and how many?"), facts, _one
    )
    assert fewest is not None and fewest.result == Decimal(294935)
    assert fewest.text.startswith("Virginia C. Drosos: Against 294,935 votes")
    most = vote_answer(analyze("Which nominee received the most votes against at the meeting?"), facts, _one)
    assert most is not None and most.text.startswith("Richard A. Johnson: Against 16,105,005")
    # the proposals' rows (a heading over For / Against rows) are no nominees
    assert (
        vote_answer(
            analyze("Which nominee drew the fewest votes against?"), _facts(PROPOSALS, "PepsiCo"), _one
        )
        is None
    )
