from __future__ import annotations

import time

from finrag.model import AccessScope, Answer, Filters, SearchRequest, Turn
from finrag.serve.cache import AnswerCache, cache_key, normalise_question


def _answer(text: str = "Revenue was 1,250 million [1].") -> Answer:
    return Answer(question="q", answer=text, refused=False, language="en")


def test_same_question_written_differently_shares_a_key() -> None:
    assert normalise_question("  What was  Revenue？ ") == normalise_question("what was revenue")
    a = cache_key(SearchRequest("What was revenue?"), 3)
    b = cache_key(SearchRequest("what was  revenue"), 3)
    assert a == b


def test_scope_filters_history_and_index_version_change_the_key() -> None:
    base = SearchRequest("revenue 2019")
    low = SearchRequest("revenue 2019", filters=Filters(access=AccessScope(0)))
    grouped = SearchRequest("revenue 2019", filters=Filters(access=AccessScope(0, frozenset({"ir"}))))
    filtered = SearchRequest("revenue 2019", filters=Filters(doc_types=["10-K"]))
    followup = SearchRequest("revenue 2019", history=[Turn("user", "about 3M")])
    keys = {cache_key(r, 1) for r in (base, low, grouped, filtered, followup)} | {cache_key(base, 2)}
    assert len(keys) == 6


def test_hit_is_marked_as_cache_and_leaves_the_stored_answer_alone() -> None:
    cache = AnswerCache(ttl_s=60, max_entries=10)
    cache.put("k", _answer())
    hit = cache.get("k")
    assert hit is not None and hit.answerer == "cache"
    assert hit.trace.steps[-1].stage == "cache"
    again = cache.get("k")
    assert again is not None and len(again.trace.steps) == 1
    assert cache.stats().hits == 2


def test_entries_expire_and_are_evicted_and_cleared() -> None:
    cache = AnswerCache(ttl_s=0.05, max_entries=2)
    cache.put("a", _answer())
    time.sleep(0.08)
    assert cache.get("a") is None
    cache.ttl_s = 60
    for k in ("a", "b", "c"):
        cache.put(k, _answer())
    assert cache.get("a") is None and cache.get("c") is not None
    cache.clear()
    assert cache.get("c") is None and cache.stats().entries == 0
