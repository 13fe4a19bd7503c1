"""Rerankers: the learned ranker, its training, a rerank endpoint (fake local server), dedup."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from finrag.config import RetrieveSettings
from finrag.errors import ConfigError, RetrieveError
from finrag.model import Chunk, ChunkKind, ChunkMeta, Hit
from finrag.retrieve.dedup import dedup
from finrag.retrieve.features import FEATURES
from finrag.retrieve.rerank import EndpointRanker, LearnedRanker, load_model, make_reranker
from finrag.retrieve.train import fit
from tests.fake_endpoint import JsonHandler, serve


def _hit(cid: str, text: str, score: float, **features: float) -> Hit:
    chunk = Chunk(cid, "d", text, ChunkKind.TEXT, [1], [], ChunkMeta("f.pdf", "annual_report", "zh"))
    return Hit(chunk, score, features=dict(features))


def test_training_learns_that_the_named_company_matters_and_reorders_hits() -> None:
    rng = np.random.default_rng(0)
    rows = rng.uniform(0, 1, (400, len(FEATURES)))
    ent = FEATURES.index("entity")
    rows[:, ent] = rng.choice([-1.0, 1.0], 400)
    labels = (rows[:, ent] > 0).astype(float) * (rng.uniform(0, 1, 400) > 0.2)
    model = fit(rows, labels, FEATURES)
    assert model.weights[ent] == max(model.weights)
    hits = [_hit("other", "x", 0.9, entity=-1.0), _hit("named", "y", 0.5, entity=1.0)]
    ranked = LearnedRanker(model).rerank("q", hits)
    assert [h.chunk.chunk_id for h in ranked] == ["named", "other"]
    assert ranked[1].features["fused_score"] == 0.9


def test_the_shipped_model_loads_and_names_known_features() -> None:
    model = load_model(None)
    assert model is not None and set(model.features) <= set(FEATURES)
    assert model.info["trained_on"] and model.info["cv_by_company"]
    assert isinstance(make_reranker(RetrieveSettings()), LearnedRanker)
    assert make_reranker(RetrieveSettings(rerank="none")) is None
    with pytest.raises(ConfigError):
        make_reranker(RetrieveSettings(rerank="magic"))


class _Rerank(JsonHandler):
    def answer(self, path: str, body: Any) -> tuple[int, Any]:
        docs = body["documents"]
        results = [{"index": i, "relevance_score": float("capex" in d)} for i, d in enumerate(docs)]
        return (200 if body["query"] != "fail" else 500), {"results": results}


@pytest.fixture()
def endpoint() -> Iterator[str]:
    with serve(_Rerank) as base:
        yield base + "/rerank"


def test_endpoint_reranker_orders_by_the_service_scores_and_reports_failure(endpoint: str) -> None:
    ranker = EndpointRanker(RetrieveSettings(rerank="endpoint", rerank_endpoint=endpoint))
    hits = [_hit("a", "revenue", 0.9), _hit("b", "capex was 5", 0.1)]
    assert [h.chunk.chunk_id for h in ranker.rerank("capex", hits)] == ["b", "a"]
    with pytest.raises(RetrieveError):
        ranker.rerank("fail", hits)


def test_near_duplicates_are_dropped_and_distinct_texts_kept() -> None:
    text = "营业收入 905,402,299.44 元，同比增长 12.3%，主要由于冷链设备销量增加。"
    hits = [
        _hit("a", text, 1.0),
        _hit("b", text + "。", 0.9),
        _hit("c", "Net income was $5,349 million", 0.8),
    ]
    kept, dropped = dedup(hits, 0.8)
    assert [h.chunk.chunk_id for h in kept] == ["a", "c"] and dropped == ["b"]


def test_questions_naming_a_company_are_ranked_by_the_scoped_model() -> None:
    from finrag.retrieve.features import SCOPED
    from finrag.retrieve.rerank import LinearModel

    n = len(FEATURES)
    ent = FEATURES.index("entity")
    prefers_entity = LinearModel(FEATURES, [0.0] * n, [1.0] * n, [float(i == ent) for i in range(n)], 0.0, {})
    open_model = LinearModel(FEATURES, [0.0] * n, [1.0] * n, [-float(i == ent) for i in range(n)], 0.0, {})
    open_model.scoped = prefers_entity
    model = LinearModel.from_json(open_model.to_json())  # survives the model file
    scoped = [
        _hit("other", "x", 0.9, entity=-1.0, **{SCOPED: 1.0}),
        _hit("own", "y", 0.5, entity=1.0, **{SCOPED: 1.0}),
    ]
    assert LearnedRanker(model).rerank("q", scoped)[0].chunk.chunk_id == "own"
    unscoped = [_hit("other", "x", 0.9, entity=-1.0), _hit("own", "y", 0.5, entity=1.0)]
    assert LearnedRanker(model).rerank("q", unscoped)[0].chunk.chunk_id == "other"


def test_training_attaches_a_scoped_model_learned_from_questions_naming_a_company() -> None:
    from finrag.retrieve.train import Sample, fit_both

    rng = np.random.default_rng(1)
    ent = FEATURES.index("entity")

    def sample(i: int, scoped: bool) -> Sample:
        rows = rng.uniform(0, 1, (10, len(FEATURES)))
        rows[:, ent] = rng.choice([-1.0, 1.0], 10) if scoped else 0.0
        labels = (rows[:, ent] > 0).astype(float) if scoped else (rows[:, 0] > 0.5).astype(float)
        return Sample(f"q{i}", "dev", f"c{i}", rows, labels, scoped=scoped)

    model = fit_both([sample(i, i % 2 == 0) for i in range(40)])
    assert model.scoped is not None
    assert model.scoped.weights[ent] == max(model.scoped.weights)
    assert fit_both([sample(i, False) for i in range(10)]).scoped is None
