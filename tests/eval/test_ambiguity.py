"""Questions whose wording cannot tell their evidence apart are reported apart, with their ceiling."""

from __future__ import annotations

from finrag.eval.ambiguity import find_ambiguous, note
from finrag.eval.sets import Gold, Question


def q(qid: str, text: str, passage: str | None, set_name: str = "news") -> Question:
    gold = [Gold(passage)] if passage else []
    return Question(qid, set_name, "zh", text, "a" if passage else None, passage is not None, gold)


def test_one_wording_for_many_passages_caps_recall_at_k() -> None:
    same = "中标事件对应的主体有哪些？"
    questions = [q(f"s{i}", same, f"p{i}") for i in range(7)]  # 7 passages, one wording
    questions += [q("own", "甲公司的质权方是谁？", "p9"), q("none", same, None)]
    found = find_ambiguous(questions, k=5)
    assert found.qids == {f"s{i}" for i in range(7)} | {"none"}  # the unanswerable twin too
    assert found.wordings == 1
    # one ranking serves all seven: at most 5 of their passages in its top 5 -> 2 of 8 lost
    assert found.ceilings == {"news": 0.75}
    assert "recall@5 can be at most news 0.750" in note(found, 5)


def test_same_wording_same_evidence_or_another_set_is_not_ambiguous() -> None:
    questions = [q("a", "实际控制人是谁？", "x.pdf"), q("b", "实际控制人是谁？", "x.pdf")]
    questions += [q("c", "实际控制人是谁？", "y.pdf", set_name="other")]
    found = find_ambiguous(questions, k=5)
    assert not found.qids and note(found, 5) == ""
