"""Embedders: USE vectors, the content-hash cache, config errors, an OpenAI-compatible endpoint (faked)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from finrag.config import Settings, load_settings
from finrag.errors import ConfigError
from finrag.index.embed import (
    CachedEmbedder,
    OpenAIEmbedder,
    UseEmbedder,
    load_in_background,
    make_embedder,
    make_embedders,
)
from tests.fake_endpoint import JsonHandler, serve


@pytest.fixture(scope="module")
def use() -> UseEmbedder:
    return UseEmbedder(load_settings())


def test_use_vectors_are_normalised_and_cross_lingual(use: UseEmbedder) -> None:
    texts = ["公司的净利润大幅增长", "the company's net profit grew strongly", "今天天气晴朗适合郊游"]
    m = use.embed(texts)
    assert m.shape == (3, 512) and m.dtype == np.float32
    assert np.allclose(np.linalg.norm(m, axis=1), 1.0, atol=1e-5)
    assert float(m[0] @ m[1]) > float(m[0] @ m[2])
    q = use.embed_query("net profit")
    assert q.shape == (512,) and float(q @ m[1]) > float(q @ m[2])


def test_batches_keep_input_order(use: UseEmbedder) -> None:
    texts = ["短", "a much longer sentence about revenue recognition and deferred taxes", "中等长度的句子"]
    together = use.embed(texts)
    alone = np.stack([use.embed([t])[0] for t in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_cache_serves_repeats_without_recomputing(use: UseEmbedder, tmp_path: Path) -> None:
    cached = CachedEmbedder(use, tmp_path / "cache")
    first = cached.embed(["营业收入", "net income"])
    assert (cached.computed, cached.hits) == (2, 0)
    again = CachedEmbedder(use, tmp_path / "cache").embed(["net income", "营业收入", "new text"])
    reopened = CachedEmbedder(use, tmp_path / "cache")
    reopened.embed(["营业收入"])
    assert (reopened.computed, reopened.hits) == (0, 1)
    assert np.array_equal(again[1], first[0]) and np.array_equal(again[0], first[1])


def test_unknown_or_unavailable_embedders_are_config_errors(settings: Settings) -> None:
    with pytest.raises(ConfigError):
        make_embedder(settings, "word2vec")
    with pytest.raises(ConfigError):
        make_embedder(settings, "local:/no/such/model")
    with pytest.raises(ConfigError):
        make_embedder(settings, "openai:text-embedding-3-small")  # no base URL configured


class _FakeEmbeddings(JsonHandler):
    def answer(self, path: str, body: Any) -> tuple[int, Any]:
        data = [
            {"index": i, "embedding": [float(len(t)), 1.0, float(i)]} for i, t in enumerate(body["input"])
        ]
        return (200 if path == "/v1/embeddings" else 404), {
            "data": list(reversed(data)),
            "model": body["model"],
        }


@pytest.fixture()
def endpoint() -> Iterator[str]:
    with serve(_FakeEmbeddings) as base:
        yield base + "/v1"


def test_openai_compatible_endpoint(settings: Settings, endpoint: str) -> None:
    settings.index.embedding_base_url = endpoint
    settings.index.embedder = "openai:fake-model"
    (emb,) = make_embedders(settings)
    assert (emb.name, emb.dimension) == ("openai:fake-model", 3)
    m = emb.embed(["ab", "abcd"])
    assert np.allclose(np.linalg.norm(m, axis=1), 1.0)
    assert m[1][0] > m[0][0]  # rows come back in input order although the server reversed them
    assert isinstance(emb, CachedEmbedder) and isinstance(emb.inner, OpenAIEmbedder)


def test_thread_count_does_not_change_the_vectors(use: UseEmbedder) -> None:
    texts = [f"第{i}行 营业收入与净利润的变动原因说明 " * (1 + i % 7) for i in range(70)]
    one, two = load_settings(), load_settings()
    one.index.embed_threads, two.index.embed_threads = 1, 2
    one.index.embed_batch = two.index.embed_batch = 8  # several batches, so two threads share them
    serial, parallel = UseEmbedder(one).embed(texts), UseEmbedder(two).embed(texts)
    assert np.allclose(serial, parallel, atol=1e-6)
    assert np.allclose(parallel, use.embed(texts), atol=1e-6)


def test_a_background_load_and_a_first_embed_can_race(use: UseEmbedder) -> None:
    settings = load_settings()
    settings.index.embed_threads, settings.index.embed_batch = 2, 2
    fresh = UseEmbedder(settings)  # weights not read yet
    texts = ["营业收入", "net income", "归属于上市公司股东的净利润", "cash flow", "研发费用"]
    loader = load_in_background([fresh])
    vectors = fresh.embed(texts)  # threads wait for the loader rather than loading twice
    loader.join()
    assert np.allclose(vectors, use.embed(texts), atol=1e-6)
