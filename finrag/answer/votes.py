"""Shareholder votes: "how many votes were cast for X", "For / (For + Against)" of a proposal or a nominee.

An 8-K's Item 5.07 prints each proposal as a heading row over its For / Against / Abstain / Broker
Non-Votes rows, or one row per director nominee with those as columns. The proposal or nominee asked is
the one whose words the question writes most of (and more of than any other); the count asked, or the
share For / (For + Against) (Abstain too when the question counts it in), is worked out from its cells.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from finrag.answer.calc import Formula, calc_text, compute
from finrag.answer.fact_access import citer, readable
from finrag.answer.numeric import CiteFn, NumericAnswer, operand
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import Fact, Filters, Hit

# the cells of a vote, as the filings print them
_KINDS = {
    "for": "For",
    "votes for": "For",
    "against": "Against",
    "votes against": "Against",
    "abstain": "Abstain",
    "abstentions": "Abstain",
    "abstained": "Abstain",
    "withheld": "Withheld",
    "broker non-votes": "Broker Non-Votes",
    "broker non-vote": "Broker Non-Votes",
}
ASKS_VOTES = re.compile(r"\bvot(?:es?|ed|ing)\b|\bin favou?r\b", re.I)
_SHARE = re.compile(r"\b(?:share|percentage|percent|proportion)\b|%|\bFor\s*/\s*\(", re.I)
_ABSTAIN_IN = re.compile(r"\+\s*Abstain|\bincluding abstentions\b", re.I)
_ASKED_KIND = (  # the count a question asks, most specific first
    (re.compile(r"\bbroker non-votes?\b", re.I), "Broker Non-Votes"),
    (re.compile(r"\babstain|\babstentions?\b", re.I), "Abstain"),
    (re.compile(r"\bwithheld\b", re.I), "Withheld"),
    (re.compile(r"\bagainst\b", re.I), "Against"),
)
_EITHER = re.compile(r"\bfor\s+or\s+against\b", re.I)
_IN_FAVOR = re.compile(r"\bin favou?r\b|\bvotes?\s+(?:cast\s+)?for\b", re.I)
_WORD = re.compile(r"[a-z][a-z'-]+")
# words every proposal and question share: they tell no proposal from another
_COMMON_WORDS = (
    "the and for against votes vote voted cast shareholder shareholders proposal proposals regarding "
    "requesting request was were what how many much annual meeting share percentage percent use "
    "excluding including abstentions abstain broker non-votes decimal places place one two round company "
    "its their approve approved defeated advisory basis favor favour of on in to an at by "
    "with that this which who as per dated or"
)
_COMMON = frozenset(_COMMON_WORDS.split())
MIN_SUBJECT_WORDS = 2  # words of a proposal or nominee the question must write to name it


@dataclass(slots=True)
class VoteBlock:
    subject: str  # the proposal's heading or the nominee's name
    cells: dict[str, Fact]  # "For" -> its fact, …
    nominee: bool = False  # a row of the director election (For, Against … as columns)


def vote_blocks(facts: list[Fact]) -> list[VoteBlock]:
    """The votes in ``facts``: per proposal heading (rows For, Against, …) or nominee (columns For, …)."""
    blocks: dict[tuple[str, str, bool], dict[str, Fact]] = {}
    for f in facts:
        row = _KINDS.get(f.line_item.strip().rstrip(":").lower())
        column = _KINDS.get(f.column_label.strip().lower())
        if row and f.section:
            blocks.setdefault((f.doc_id, f.section, False), {}).setdefault(row, f)
        elif column and not row:
            blocks.setdefault((f.doc_id, f.line_item, True), {}).setdefault(column, f)
    return [VoteBlock(s, cells, nominee) for (_, s, nominee), cells in blocks.items() if "For" in cells]


# "which director nominee drew the fewest votes against": the nominees ranked by that count
_WHICH_NOMINEE = re.compile(r"\bwhich (?:director )?(?:nominee|director)s?\b", re.I)
_FEWEST = re.compile(r"\b(?:fewest|least|lowest|smallest)\b", re.I)
_MOST = re.compile(r"\b(?:most|highest|largest|greatest)\b", re.I)


def _ranked_nominee(
    asked: AskedFor, blocks: list[VoteBlock], kind: str, cite: CiteFn
) -> NumericAnswer | None:
    """The nominee with the fewest (most) votes of ``kind``, in the first document's election; None when
    the question ranks no nominees or fewer than two print that count."""
    fewest, most = _FEWEST.search(asked.question), _MOST.search(asked.question)
    if not _WHICH_NOMINEE.search(asked.question) or bool(fewest) == bool(most):
        return None
    nominees = [b for b in blocks if b.nominee and kind in b.cells]
    first = nominees[0].cells[kind].doc_id if nominees else ""
    nominees = [b for b in nominees if b.cells[kind].doc_id == first]
    if len(nominees) < MIN_NOMINEES:
        return None
    pick = min if fewest else max
    chosen = pick(nominees, key=lambda b: b.cells[kind].value)
    f = chosen.cells[kind]
    rank = "fewest" if fewest else "most"  # every figure cited: the nominees are not counted in words
    name = chosen.subject.rstrip(":")
    text = f"{name}: {kind} {format_number(f.value, None)} votes [{cite(f)}], the {rank} of any nominee."
    return NumericAnswer(text, [f], None, [f.fact_id], f.value)


MIN_NOMINEES = 2  # a ranking needs two nominees or more


def _words(text: str) -> set[str]:
    words = (w.removesuffix("'s") for w in _WORD.findall(text.lower().replace("’", "'")))
    return {w for w in words if w not in _COMMON}


def asked_block(question: str, blocks: list[VoteBlock]) -> VoteBlock | None:
    """The block whose proposal or nominee the question names: most of its words written, no tie."""
    asked = _words(question)
    scored = sorted(((len(asked & _words(b.subject)), i) for i, b in enumerate(blocks)), reverse=True)
    if not scored or scored[0][0] < MIN_SUBJECT_WORDS:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        subjects = {blocks[i].subject for n, i in scored if n == scored[0][0]}
        if len(subjects) > 1:
            return None  # two proposals named as much: which is asked is not known
    return blocks[scored[0][1]]


def vote_answer(asked: AskedFor, facts: list[Fact], cite: CiteFn) -> NumericAnswer | None:
    """The vote count or For share a question asks of one proposal or nominee; None when it asks no vote
    or names none of the votes in ``facts``."""
    if asked.language != "en" or not ASKS_VOTES.search(asked.question):
        return None
    blocks = vote_blocks(facts)
    plain = _EITHER.sub(" ", asked.question)  # "cast for or against": no side asked
    kind = "For" if _IN_FAVOR.search(plain) else next((k for p, k in _ASKED_KIND if p.search(plain)), "For")
    if ranked := _ranked_nominee(asked, blocks, kind, cite):
        return ranked
    block = asked_block(asked.question, blocks)
    if block is None:
        return None
    if _SHARE.search(asked.question):
        kinds = ["For", "Against", *(["Abstain"] if _ABSTAIN_IN.search(asked.question) else [])]
        if any(k not in block.cells for k in kinds):
            return None
        operands = [operand(block.cells[k], k, cite) for k in kinds]
        slots = " + ".join(f"{{{i}}}" for i in range(len(kinds)))
        formula = Formula(
            "vote_share",
            "赞成票占比",
            "Share of votes for",
            ("*",) * len(kinds),
            f"{{0}} / ({slots})",
            lambda xs: xs[0] / sum(xs, Decimal(0)),
            True,
            (),
        )
        try:
            calc = compute(formula, operands, places=asked.places, lang="en")
        except AnswerError:
            return None
        text = f"{block.subject.rstrip(':')}: {calc_text(calc, operands, 'en')}"
        used = [block.cells[k] for k in kinds]
        return NumericAnswer(text, used, calc, [f.fact_id for f in used])
    f = block.cells.get(kind)
    if f is None:
        return None
    n = cite(f)
    text = f"{block.subject.rstrip(':')}: {kind} {format_number(f.value, None)} votes [{n}]."
    return NumericAnswer(text, [f], None, [f.fact_id], f.value)


VOTE_DOCUMENTS = 2  # the best-ranked documents whose vote tables a vote question is read from


def votes_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """A shareholder vote's count or For share, read off the vote tables of the best-ranked documents."""
    if not ASKS_VOTES.search(prep.asked.question) or prep.asked.language != "en":
        return None
    docs = list(dict.fromkeys(h.chunk.doc_id for h in hits))[:VOTE_DOCUMENTS]
    facts = store.get_facts(Filters(access=prep.request.filters.access, doc_ids=docs))
    facts, by_chunk, extra = readable(store, prep, facts)
    return vote_answer(prep.asked, facts, citer(prep, by_chunk, extra))
