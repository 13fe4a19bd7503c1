"""Questions whose wording cannot tell their evidence apart.

Some sets ask the same words about different passages ("中标事件对应的主体有哪些？" asked of 19 news items).
Searched over the whole corpus, such a question has one ranking for all of its gold passages, so at most
``k`` of them can be in its top ``k``: no retriever can reach recall 1 on them. The harness reports them
apart ("ambiguous" vs "well-posed") with the recall ceiling they impose, so a set's figure is read right;
asked within the question's own document (``--scoped``) they are well posed again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from finrag.eval.sets import Question


@dataclass(slots=True)
class Ambiguity:
    qids: set[str] = field(default_factory=set)  # questions sharing their wording
    wordings: int = 0  # distinct shared wordings
    ceilings: dict[str, float] = field(default_factory=dict)  # set name -> best possible recall@k


def _wording(q: Question) -> str:
    return " ".join(q.question.split())


def _evidence(q: Question) -> frozenset[tuple[str, int | None]]:
    return frozenset((g.doc, g.page) for g in q.gold)


def find_ambiguous(questions: list[Question], k: int) -> Ambiguity:
    """Questions of one set with the same wording (and no conversation before them) but different gold
    evidence (an unanswerable one has none), and per set the recall@``k`` ceiling: each wording can have
    at most ``k`` of its answerable questions' evidence in the one top-``k`` list its words get."""
    groups: dict[tuple[str, str], list[Question]] = {}
    for q in questions:
        if not q.history:
            groups.setdefault((q.set_name, _wording(q)), []).append(q)
    out = Ambiguity()
    lost: dict[str, float] = {}
    for (set_name, _), members in groups.items():
        if len({_evidence(q) if q.answerable else frozenset() for q in members}) < 2:
            continue
        out.wordings += 1
        out.qids |= {q.qid for q in members}
        answerable = sum(1 for q in members if q.answerable and q.gold)
        lost[set_name] = lost.get(set_name, 0.0) + max(0, answerable - k)
    for set_name, missed in lost.items():
        n = sum(1 for q in questions if q.set_name == set_name and q.answerable and q.gold)
        out.ceilings[set_name] = round(1 - missed / n, 4) if n else 1.0
    return out


def note(found: Ambiguity, k: int) -> str:
    """The report note explaining the split, or "" when no question is ambiguous."""
    if not found.qids:
        return ""
    ceilings = ", ".join(f"{s} {c:.3f}" for s, c in sorted(found.ceilings.items()))
    return (
        f"{len(found.qids)} questions share their wording ({found.wordings} "
        f"wording{'s' if found.wordings > 1 else ''}) with "
        f"questions about other evidence: searched over the whole corpus one ranking serves them all, so "
        f"recall@{k} can be at most {ceilings}; see the well-posed/ambiguous rows, or run --scoped"
    )
