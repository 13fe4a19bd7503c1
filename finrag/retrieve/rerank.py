"""Rerankers behind one interface: ``rerank(question, hits) -> hits`` (best first).

* ``learned`` (default, offline): logistic regression over :mod:`finrag.retrieve.features`, trained by
  ``finrag train-ranker`` on the dev sets; the model is a small JSON file (finrag/data/ranker.json). It
  holds two models: the top-level one for open questions and ``scoped`` for questions naming an indexed
  company (documents of one filer: period, entity and statement evidence weigh differently there than
  among short passages of many sources). A file without ``scoped`` uses its one model for both.
* ``local:PATH``: a cross-encoder from a local sentence-transformers folder (when the package is installed).
* ``endpoint``: an OpenAI/TEI/Jina/Cohere-style ``POST /rerank`` (``retrieve.rerank_endpoint``).
Failures of the pluggable ones raise :class:`RetrieveError`; the pipeline then keeps the fused order.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from finrag.config import RetrieveSettings
from finrag.errors import ConfigError, RetrieveError
from finrag.model import Hit
from finrag.retrieve.features import SCOPED

MODEL_FILE = "ranker.json"
PASSAGE_CHARS = 2000  # text sent to a cross-encoder per hit (they truncate at ~512 tokens anyway)


class Reranker(Protocol):
    name: str

    def rerank(self, question: str, hits: list[Hit]) -> list[Hit]: ...


@dataclass(slots=True)
class LinearModel:
    features: list[str]
    mean: list[float]
    std: list[float]
    weights: list[float]
    bias: float
    info: dict[str, Any]
    scoped: LinearModel | None = None  # the model for questions naming an indexed company

    def score(self, rows: np.ndarray) -> np.ndarray:
        z = (rows - np.asarray(self.mean)) / np.asarray(self.std)
        return np.asarray(z @ np.asarray(self.weights) + self.bias)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "features": self.features,
            "mean": self.mean,
            "std": self.std,
            "weights": self.weights,
            "bias": self.bias,
            "info": self.info,
        }
        if self.scoped is not None:
            out["scoped"] = self.scoped.to_json()
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> LinearModel:
        return cls(
            list(d["features"]),
            list(d["mean"]),
            list(d["std"]),
            list(d["weights"]),
            float(d["bias"]),
            dict(d.get("info", {})),
            cls.from_json(d["scoped"]) if d.get("scoped") else None,
        )


def load_model(path: str | None) -> LinearModel | None:
    """The learned ranker's model (None when no file was trained yet)."""
    try:
        if path:
            text = Path(path).read_text(encoding="utf-8")
        else:
            res = resources.files("finrag.data").joinpath(MODEL_FILE)
            if not res.is_file():
                return None
            text = res.read_text(encoding="utf-8")
        return LinearModel.from_json(json.loads(text))
    except (OSError, ValueError, KeyError) as err:
        raise ConfigError(
            f"unreadable ranker model: {err}", stage="retrieve", file=path or MODEL_FILE
        ) from err


def feature_rows(hits: list[Hit], names: list[str]) -> np.ndarray:
    return np.array([[h.features.get(n, 0.0) for n in names] for h in hits], dtype=np.float64).reshape(
        len(hits), len(names)
    )


class LearnedRanker:
    name = "learned"

    def __init__(self, model: LinearModel) -> None:
        self.model = model

    def rerank(self, question: str, hits: list[Hit]) -> list[Hit]:
        if not hits:
            return hits
        model = self.model
        if model.scoped is not None and hits[0].features.get(SCOPED, 0.0) > 0:
            model = model.scoped
        scores = model.score(feature_rows(hits, model.features))
        for h, s in zip(hits, scores, strict=True):
            h.features["fused_score"] = h.score
            h.score = 1.0 / (1.0 + math.exp(-float(s)))
        return sorted(hits, key=lambda h: -h.score)


class CrossEncoderRanker:
    """A cross-encoder from a local folder (sentence-transformers layout); loaded once."""

    def __init__(self, path: str) -> None:
        self.name = f"local:{path}"
        try:
            from sentence_transformers import CrossEncoder
        except ImportError as err:
            raise ConfigError(
                "rerank 'local:PATH' needs sentence-transformers installed", stage="retrieve", file=path
            ) from err
        if not Path(path).is_dir():
            raise ConfigError("cross-encoder folder not found", stage="retrieve", file=path)
        self._model = CrossEncoder(path)

    def rerank(self, question: str, hits: list[Hit]) -> list[Hit]:
        scores = self._model.predict([(question, h.chunk.text[:PASSAGE_CHARS]) for h in hits])
        for h, s in zip(hits, scores, strict=True):
            h.features["fused_score"] = h.score
            h.score = float(s)
        return sorted(hits, key=lambda h: -h.score)


class EndpointRanker:
    """``POST {url}`` with ``{"model", "query", "documents"}``; reads Jina/Cohere ``results`` or TEI lists."""

    name = "endpoint"

    def __init__(self, cfg: RetrieveSettings) -> None:
        if not cfg.rerank_endpoint:
            raise ConfigError("rerank 'endpoint' needs retrieve.rerank_endpoint", stage="retrieve")
        self.cfg = cfg

    def rerank(self, question: str, hits: list[Hit]) -> list[Hit]:
        import httpx

        cfg = self.cfg
        docs = [h.chunk.text[:PASSAGE_CHARS] for h in hits]
        headers = {"Authorization": f"Bearer {cfg.rerank_api_key}"} if cfg.rerank_api_key else {}
        body = {"model": cfg.rerank_model, "query": question, "documents": docs, "texts": docs}
        try:
            resp = httpx.post(
                str(cfg.rerank_endpoint), json=body, headers=headers, timeout=cfg.rerank_timeout_s
            )
            resp.raise_for_status()
            data = resp.json()
        except (httpx.HTTPError, ValueError) as err:
            raise RetrieveError(f"rerank endpoint failed: {err}", stage="retrieve") from err
        items = data.get("results", data.get("data")) if isinstance(data, dict) else data
        if not isinstance(items, list):
            raise RetrieveError("rerank endpoint answered without results", stage="retrieve")
        for item in items:
            i = int(item["index"])
            if 0 <= i < len(hits):
                hits[i].features["fused_score"] = hits[i].score
                hits[i].score = float(item.get("relevance_score", item.get("score", 0.0)))
        return sorted(hits, key=lambda h: -h.score)


def make_reranker(cfg: RetrieveSettings) -> Reranker | None:
    """The configured reranker; None for 'none' or a learned ranker without a trained model."""
    kind = cfg.rerank
    if kind == "none":
        return None
    if kind == "learned":
        model = load_model(cfg.ranker_model)
        return LearnedRanker(model) if model else None
    if kind.startswith("local:"):
        return CrossEncoderRanker(kind.removeprefix("local:"))
    if kind == "endpoint":
        return EndpointRanker(cfg)
    raise ConfigError(
        f"unknown reranker {kind!r}: 'none', 'learned', 'local:PATH' or 'endpoint'", stage="retrieve"
    )
