"""``finrag train-ranker``: fit the learned ranker (logistic regression in numpy) on the dev sets.

For every answerable dev question whose gold document is indexed in one of the given data folders, the
full pipeline is run with reranking off; each of the top-N fused candidates becomes one row of
:data:`~finrag.retrieve.features.FEATURES`, labelled 1 when it covers a gold page. Gain is measured by
cross-validation grouped by company (a fold never tests a company it was trained on); the model written
to ``finrag/data/ranker.json`` is then fitted on all of it. Questions naming an indexed company also
train their own ``scoped`` model (fewer rows: a stronger ridge); the top-level one learns from all
questions. Same inputs, same file: there is no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from finrag.config import Settings
from finrag.eval.metrics import RankedHit, retrieval_scores
from finrag.eval.sets import Question, load_set
from finrag.model import AccessScope, Hit, SearchRequest
from finrag.retrieve.features import FEATURES, SCOPED
from finrag.retrieve.rerank import LinearModel, feature_rows

L2 = 0.01  # ridge penalty on standardised weights: a few hundred rows, keep the model smooth
SCOPED_L2 = 0.05  # the company-scoped model learns from ~100 questions: held-out R@5/MRR best at 0.05-0.1
LEARNING_RATE = 0.2
EPOCHS = 800  # full-batch gradient steps; the loss is flat well before this on the dev sets
STD_FLOOR = 1e-6  # constant features keep weight 0 instead of dividing by zero
SCORED_K = 10  # hits scored per question, as the eval harness does


@dataclass(slots=True)
class Sample:
    qid: str
    set_name: str
    group: str  # company of the gold document: the cross-validation unit
    rows: np.ndarray
    labels: np.ndarray
    hits: list[RankedHit] = field(default_factory=list)
    question: Question | None = None
    scoped: bool = False  # the question names an indexed company: the scoped model ranks it


def _ranked(h: Hit) -> RankedHit:
    return RankedHit(h.chunk.meta.file, list(h.chunk.pages), h.chunk.chunk_id, "", float(h.score))


def collect(settings: Settings, homes: list[Path], set_paths: list[Path], top_n: int) -> list[Sample]:
    """One sample per answerable question with an indexed gold document (rerank and dedup off)."""
    from finrag.app import Finrag

    questions = [q for p in set_paths for q in load_set(p) if q.answerable and q.gold]
    retrieve = settings.retrieve.model_copy(update={"rerank": "none", "dedup": False, "rerank_top_n": top_n})
    samples: list[Sample] = []
    done: set[str] = set()
    index = settings.index.model_copy(update={"embed_cache": False})  # only queries: write nothing there
    for home in homes:
        fr = Finrag(settings.model_copy(update={"home": home, "retrieve": retrieve, "index": index}))
        try:
            records = {r.file: r for r in fr.documents(AccessScope.everything())}
            for q in questions:
                golds = [g for g in q.gold if g.doc in records]
                if q.qid in done or not golds:
                    continue
                done.add(q.qid)
                meta = records[golds[0].doc].meta
                group = meta.company or golds[0].doc.split("_")[0]
                res = fr.search(SearchRequest(q.question, top_k=top_n, history=list(q.history)))
                hits = res.hits
                ranked = [_ranked(h) for h in hits]
                labels = np.array(
                    [bool(retrieval_scores([r], q.gold).get("recall@1")) for r in ranked], dtype=float
                )
                scoped = bool(hits) and hits[0].features.get(SCOPED, 0.0) > 0
                samples.append(
                    Sample(q.qid, q.set_name, group, feature_rows(hits, FEATURES), labels, ranked, q, scoped)
                )
        finally:
            fr.close()
    return samples


def fit(rows: np.ndarray, labels: np.ndarray, names: list[str], l2: float = L2) -> LinearModel:
    """Class-balanced L2 logistic regression by full-batch gradient descent on standardised features."""
    mean = rows.mean(axis=0) if len(rows) else np.zeros(len(names))
    std = np.maximum(rows.std(axis=0), STD_FLOOR) if len(rows) else np.ones(len(names))
    z = (rows - mean) / std
    pos = max(labels.sum(), 1.0)
    neg = max(len(labels) - labels.sum(), 1.0)
    sample_w = np.where(labels > 0, len(labels) / (2 * pos), len(labels) / (2 * neg))
    w = np.zeros(len(names))
    b = 0.0
    for _ in range(EPOCHS):
        p = 1.0 / (1.0 + np.exp(-(z @ w + b)))
        g = (p - labels) * sample_w
        w -= LEARNING_RATE * (z.T @ g / len(labels) + l2 * w)
        b -= LEARNING_RATE * float(g.mean())
    return LinearModel(names, mean.tolist(), std.tolist(), w.round(6).tolist(), round(b, 6), {})


def _stack(samples: list[Sample]) -> tuple[np.ndarray, np.ndarray]:
    if not samples:
        return np.zeros((0, len(FEATURES))), np.zeros(0)
    return np.vstack([s.rows for s in samples]), np.concatenate([s.labels for s in samples])


def fit_both(samples: list[Sample]) -> LinearModel:
    """The open model (fitted on every question: held-out BBT R@5/MRR are higher than fitting it on the
    unscoped ones alone) with the scoped model (questions naming an indexed company) attached."""
    model = fit(*_stack(samples), FEATURES)
    scoped = [s for s in samples if s.scoped]
    if scoped and len(scoped) < len(samples):
        model.scoped = fit(*_stack(scoped), FEATURES, SCOPED_L2)
    return model


def _pick(model: LinearModel, s: Sample) -> LinearModel:
    return model.scoped if s.scoped and model.scoped is not None else model


def score_sample(s: Sample, order: list[int]) -> dict[str, float]:
    assert s.question is not None
    return retrieval_scores([s.hits[i] for i in order[:SCORED_K]], s.question.gold)


@dataclass(slots=True)
class CvRow:
    set_name: str
    n: int
    fused: dict[str, float]
    learned: dict[str, float]


def _mean(rows: list[dict[str, float]], key: str) -> float:
    return round(float(np.mean([r.get(key, 0.0) for r in rows])), 4) if rows else 0.0


def cross_validate(samples: list[Sample], folds: int) -> list[CvRow]:
    """Grouped k-fold by company: fused order vs learned order on held-out companies only."""
    groups = sorted({s.group for s in samples})
    k = max(2, min(folds, len(groups)))
    fold_of = {g: i % k for i, g in enumerate(groups)}
    fused: dict[str, list[dict[str, float]]] = {}
    learned: dict[str, list[dict[str, float]]] = {}
    for f in range(k):
        train = [s for s in samples if fold_of[s.group] != f]
        test = [s for s in samples if fold_of[s.group] == f]
        if not test or not train:
            continue
        model = fit_both(train)
        for s in test:
            scores = _pick(model, s).score(s.rows) if len(s.rows) else np.zeros(0)
            order = sorted(range(len(s.hits)), key=lambda i: -float(scores[i]))
            fused.setdefault(s.set_name, []).append(score_sample(s, list(range(len(s.hits)))))
            learned.setdefault(s.set_name, []).append(score_sample(s, order))
    out = []
    for name in sorted(fused):
        fr, lr = fused[name], learned[name]
        out.append(
            CvRow(
                name,
                len(fr),
                {m: _mean(fr, m) for m in ("recall@5", "mrr")},
                {m: _mean(lr, m) for m in ("recall@5", "mrr")},
            )
        )
    allf = [r for v in fused.values() for r in v]
    alll = [r for v in learned.values() for r in v]
    out.append(
        CvRow(
            "all",
            len(allf),
            {m: _mean(allf, m) for m in ("recall@5", "mrr")},
            {m: _mean(alll, m) for m in ("recall@5", "mrr")},
        )
    )
    return out


def train(samples: list[Sample], folds: int) -> tuple[LinearModel, list[CvRow]]:
    cv = cross_validate(samples, folds)
    model = fit_both(samples)
    model.info = {
        "trained_on": sorted({s.set_name for s in samples}),
        "questions": len(samples),
        "rows": int(sum(len(s.labels) for s in samples)),
        "positives": int(sum(s.labels.sum() for s in samples)),
        "scoped_questions": sum(1 for s in samples if s.scoped),
        "companies": sorted({s.group for s in samples}),
        "cv_by_company": [{"set": r.set_name, "n": r.n, "fused": r.fused, "learned": r.learned} for r in cv],
    }
    return model, cv
