"""Fusion: RRF arithmetic, weighted normalised scores, per-retriever ranks kept for --explain."""

from __future__ import annotations

import pytest

from finrag.errors import ConfigError
from finrag.model import ScoredChunk
from finrag.retrieve.fuse import default_weights, fuse, rrf, weighted
from tests.index.factory import make_chunk


def _list(*pairs: tuple[str, float]) -> list[ScoredChunk]:
    return [ScoredChunk(make_chunk("d" * 8, int(cid[1:]), cid), s) for cid, s in pairs]


KW = _list(("c1", 9.0), ("c2", 5.0), ("c3", 1.0))
DENSE = _list(("c3", 0.9), ("c1", 0.8), ("c4", 0.1))


def test_rrf_sums_reciprocal_ranks_and_keeps_ranks() -> None:
    hits = rrf({"bm25": KW, "dense:use": DENSE}, k=60)
    by_id = {h.chunk.text: h for h in hits}
    assert hits[0].chunk.text == "c1"  # ranks 1 and 2 beat ranks 3 and 1
    assert by_id["c1"].score == pytest.approx(1 / 61 + 1 / 62)
    assert by_id["c3"].ranks == {"bm25": 3, "dense:use": 1}
    assert by_id["c3"].scores == {"bm25": 1.0, "dense:use": 0.9}
    assert by_id["c4"].ranks == {"dense:use": 3}
    assert [h.chunk.text for h in hits] == ["c1", "c3", "c2", "c4"]


def test_weighted_uses_min_max_normalised_scores() -> None:
    hits = weighted({"bm25": KW, "dense:use": DENSE}, {"bm25": 0.7, "dense:use": 0.3})
    by_id = {h.chunk.text: h.score for h in hits}
    assert by_id["c1"] == pytest.approx(0.7 * 1.0 + 0.3 * (0.8 - 0.1) / 0.8)
    assert by_id["c2"] == pytest.approx(0.7 * 0.5)
    assert by_id["c4"] == pytest.approx(0.0)
    assert hits[0].chunk.text == "c1"


def test_dense_weight_is_shared_between_dense_spaces() -> None:
    assert default_weights(["bm25", "dense:a", "dense:b"], 0.7, 0.3) == pytest.approx(
        {"bm25": 0.7, "dense:a": 0.15, "dense:b": 0.15}
    )


def test_fuse_dispatches_and_rejects_unknown_methods() -> None:
    assert [h.chunk.text for h in fuse({"bm25": KW}, "rrf")] == ["c1", "c2", "c3"]
    assert fuse({}, "weighted") == []
    with pytest.raises(ConfigError):
        fuse({"bm25": KW}, "borda")
