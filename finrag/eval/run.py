"""Run question sets against a target and aggregate per set, language, question type and cross-lingual."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from finrag.errors import FinragError
from finrag.eval.ambiguity import find_ambiguous, note
from finrag.eval.corpus import Corpus
from finrag.eval.metrics import RankedHit, answer_scores, retrieval_scores
from finrag.eval.sets import Question
from finrag.eval.targets import Target

QuestionCallback = Callable[[str, int, int], None]
Judge = Callable[[str, str, str], float]  # (question, reference, answer) -> 1.0 agrees / 0.0
SHOWN_HITS = 5  # hits kept per question in the report (file:pages) for eyeballing misses
HEADLINE_K = 5  # the recall cut-off the issue targets: the ceiling for ambiguous wordings is given for it
MS = 1000.0


@dataclass(slots=True)
class Diagnostic:
    """Why a question missed: the gold page embedded alone vs the retrieved chunks."""

    gold_file: str
    gold_page: int | None
    similarity: float  # cosine(question, gold page text)
    rank_among_hits: int  # where the gold page alone would rank among the retrieved chunks (1 = first)
    best_hit_similarity: float
    verdict: str  # "chunking" (the page alone would rank high) or "embedding" (even the page is far)


@dataclass(slots=True)
class QuestionResult:
    qid: str
    set_name: str
    lang: str
    qtype: str
    question: str
    answerable: bool
    cross_lingual: bool
    ambiguous: bool = False  # same wording as a question about other evidence (unscoped runs)
    retrieval: dict[str, float] = field(default_factory=dict)
    answer: dict[str, float] = field(default_factory=dict)
    hits: list[str] = field(default_factory=list)  # "file p3-4" of the first hits
    answer_text: str = ""
    search_ms: float = 0.0
    answer_ms: float = 0.0
    error: str | None = None
    diagnostic: Diagnostic | None = None


@dataclass(slots=True)
class GroupMetrics:
    n: int  # questions in the group
    metrics: dict[str, float] = field(default_factory=dict)  # metric -> mean over questions it applies to
    counts: dict[str, int] = field(default_factory=dict)  # metric -> number of questions averaged


@dataclass(slots=True)
class EvalReport:
    system: str
    corpus: str
    documents: int
    top_k: int
    created: str
    overall: GroupMetrics
    sets: dict[str, GroupMetrics]
    by_lang: dict[str, GroupMetrics]
    by_type: dict[str, GroupMetrics]  # "set/type"
    cross_lingual: GroupMetrics
    questions: list[QuestionResult]
    ingest_seconds: float = 0.0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    by_posing: dict[str, GroupMetrics] = field(default_factory=dict)  # "well-posed"/"ambiguous", if any


def aggregate(results: list[QuestionResult]) -> GroupMetrics:
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for r in results:
        values = dict(r.retrieval) | dict(r.answer)
        values["search_ms"] = r.search_ms
        for k, v in values.items():
            sums[k] = sums.get(k, 0.0) + v
            counts[k] = counts.get(k, 0) + 1
    return GroupMetrics(
        n=len(results), metrics={k: round(sums[k] / counts[k], 4) for k in sorted(sums)}, counts=counts
    )


def _group(results: list[QuestionResult], key: Callable[[QuestionResult], str]) -> dict[str, GroupMetrics]:
    groups: dict[str, list[QuestionResult]] = {}
    for r in results:
        groups.setdefault(key(r), []).append(r)
    return {k: aggregate(v) for k, v in sorted(groups.items())}


def _is_cross_lingual(q: Question, languages: dict[str, str]) -> bool:
    doc_langs = {languages[d] for d in q.gold_docs if d in languages}
    return bool(doc_langs) and q.lang not in doc_langs


def _hit_label(h: RankedHit) -> str:
    pages = f"p{h.pages[0]}" if len(h.pages) == 1 else f"p{h.pages[0]}-{h.pages[-1]}" if h.pages else "p?"
    return f"{h.file} {pages}"


def evaluate_question(
    target: Target,
    q: Question,
    *,
    top_k: int,
    answers: bool,
    cross_lingual: bool,
    tolerance: float,
    judge: Judge | None = None,
) -> tuple[QuestionResult, list[RankedHit]]:
    res = QuestionResult(q.qid, q.set_name, q.lang, q.qtype, q.question, q.answerable, cross_lingual)
    hits: list[RankedHit] = []
    try:
        t0 = time.perf_counter()
        hits = target.search(q, top_k)
        res.search_ms = round((time.perf_counter() - t0) * MS, 1)
        if q.answerable:
            res.retrieval = retrieval_scores(hits, q.gold)
        res.hits = [_hit_label(h) for h in hits[:SHOWN_HITS]]
        if answers:
            t0 = time.perf_counter()
            outcome = target.ask(q)
            res.answer_ms = round((time.perf_counter() - t0) * MS, 1)
            if outcome is not None:
                res.answer_text = outcome.text
                res.answer = answer_scores(
                    outcome,
                    answerable=q.answerable,
                    reference=q.answer,
                    gold=q.gold,
                    prom_answer=q.prom_answer,
                    tolerance=tolerance,
                )
                if judge is not None and q.answerable and q.answer and not outcome.refused:
                    res.answer["llm_judge"] = judge(q.question, q.answer, outcome.text)
    except FinragError as err:  # one failing question is reported, the run goes on
        res.error = f"{err.stage}: {err}"
    except Exception as err:  # a bug in a stage under test: recorded per question and in the notes
        res.error = f"unexpected {type(err).__name__}: {err}"
    if res.error is not None and q.answerable and not res.retrieval:
        res.retrieval = retrieval_scores([], q.gold)
    return res, hits


def evaluate(
    target: Target,
    corpus: Corpus,
    questions: list[Question],
    *,
    top_k: int,
    answers: bool = True,
    tolerance: float = 0.005,
    diagnose: Callable[[Question, list[RankedHit]], Diagnostic | None] | None = None,
    judge: Judge | None = None,
    on_file: Callable[[str, int, int], None] = lambda name, i, n: None,
    on_question: QuestionCallback = lambda qid, i, n: None,
) -> EvalReport:
    """Index ``corpus`` with ``target`` (cached), then score every question."""
    started = time.perf_counter()
    target.prepare(corpus, on_file)
    ingest_seconds = time.perf_counter() - started
    languages = target.doc_languages()
    shared = find_ambiguous([] if getattr(target, "scoped", False) else questions, HEADLINE_K)
    results: list[QuestionResult] = []
    for i, q in enumerate(questions):
        on_question(q.qid, i, len(questions))
        res, hits = evaluate_question(
            target, q, top_k=top_k, answers=answers, cross_lingual=_is_cross_lingual(q, languages),
            tolerance=tolerance, judge=judge,
        )
        res.ambiguous = q.qid in shared.qids
        if diagnose is not None and q.answerable and q.gold and res.retrieval.get(f"recall@{top_k}", 1.0) < 1:
            res.diagnostic = diagnose(q, hits)
        results.append(res)
    on_question("", len(questions), len(questions))
    notes: list[str] = []
    missing = sorted({d for q in questions for d in q.gold_docs} - {p.name for p in corpus.files})
    if missing:
        notes.append("gold documents not in the corpus (questions count as misses): " + ", ".join(missing))
    if shared.qids:
        notes.append(note(shared, HEADLINE_K))
    notes += getattr(target, "notes", [])
    failed = getattr(target, "failed", [])
    if failed:
        notes.append(f"{len(failed)} documents failed to ingest: " + "; ".join(failed))
    errors = [r for r in results if r.error]
    if errors:
        notes.append(f"{len(errors)} questions raised errors, e.g. {errors[0].qid}: {errors[0].error}")
    return EvalReport(
        system=target.name,
        corpus=corpus.label,
        documents=len(corpus.files),
        top_k=top_k,
        created=datetime.now(UTC).isoformat(timespec="seconds"),
        overall=aggregate(results),
        sets=_group(results, lambda r: r.set_name),
        by_lang=_group(results, lambda r: r.lang),
        by_type=_group(results, lambda r: f"{r.set_name}/{r.qtype or '-'}"),
        cross_lingual=aggregate([r for r in results if r.cross_lingual]),
        questions=results,
        by_posing=_group(
            [r for r in results if r.set_name in shared.ceilings],
            lambda r: f"{r.set_name} {'ambiguous' if r.ambiguous else 'well-posed'}",
        ),
        ingest_seconds=round(ingest_seconds, 1),
        seconds=round(time.perf_counter() - started, 1),
        notes=notes,
    )
