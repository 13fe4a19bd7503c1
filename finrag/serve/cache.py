"""Answer cache: repeated questions are answered in microseconds instead of a full retrieval.

The key joins the normalised question, the history, the caller's ACL scope (``AccessScope.key()``),
the filters and the index version, so an answer produced for one scope is never served to another
and any ingest/delete (which bumps the index version) makes old entries unreachable; the API also
clears the cache outright on ingest/delete. Entries expire after ``settings.serve.cache_ttl_s``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import threading
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass

from finrag.model import Answer, SearchRequest, Trace, to_jsonable

_SPACE = re.compile(r"\s+")
_TRAILING_PUNCT = "?？!！.。 "  # a question asked with or without its final mark is the same question


def normalise_question(question: str) -> str:
    """NFKC (full-width -> half-width), case-folded, single spaces, no trailing question mark."""
    text = unicodedata.normalize("NFKC", question).casefold()
    return _SPACE.sub(" ", text).strip().rstrip(_TRAILING_PUNCT)


def cache_key(request: SearchRequest, index_version: int) -> str:
    """A digest of everything that decides an answer's content and who may read it."""
    filters = to_jsonable(request.filters)
    filters.pop("access", None)  # represented by the scope key below
    parts = {
        "q": normalise_question(request.question),
        "history": [[t.role, normalise_question(t.content)] for t in request.history],
        "scope": request.filters.access.key(),
        "filters": filters,
        "top_k": request.top_k,
        "explain": request.explain,
        "index": index_version,
    }
    blob = json.dumps(parts, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class _Entry:
    answer: Answer
    expires: float


@dataclass(slots=True)
class CacheStats:
    entries: int
    hits: int
    misses: int


class AnswerCache:
    """Thread-safe TTL + LRU map of cache key -> Answer."""

    def __init__(self, ttl_s: float, max_entries: int) -> None:
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        self._hits = 0
        self._misses = 0

    def get(self, key: str) -> Answer | None:
        """A copy of the cached answer marked as served from cache (answerer "cache", trace step)."""
        now = time.monotonic()
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry.expires <= now:
                if entry is not None:
                    del self._entries[key]
                self._misses += 1
                return None
            self._entries.move_to_end(key)
            self._hits += 1
            stored = entry.answer
        hit = copy.copy(stored)
        hit.trace = Trace(list(stored.trace.steps))
        hit.trace.add("cache", "hit", {"original_answerer": stored.answerer})
        hit.answerer = "cache"
        return hit

    def put(self, key: str, answer: Answer) -> None:
        if self.ttl_s <= 0 or self.max_entries <= 0:
            return
        with self._lock:
            self._entries[key] = _Entry(answer, time.monotonic() + self.ttl_s)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def stats(self) -> CacheStats:
        with self._lock:
            return CacheStats(len(self._entries), self._hits, self._misses)
