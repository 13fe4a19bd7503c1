"""Store.term_frequencies on both engines: index-wide document frequencies (every access level counts: a
statistic, not content) and the indexed chunk count, terms by prefix (wildcards taken literally), and both
kept right by deletes."""

from __future__ import annotations

import numpy as np

from finrag.index.store import Store
from tests.index.factory import doc_id_of, make_chunk, make_record, random_unit

DIM = 4


def _add(store: Store, name: str, tokens: list[list[str]], level: int = 0) -> str:
    did = doc_id_of(name)
    chunks = [make_chunk(did, i, " ".join(t), file=name, level=level) for i, t in enumerate(tokens)]
    vectors = {"t": random_unit(np.random.default_rng(len(name)), len(chunks), DIM)}
    store.add_document(make_record(did, name, len(chunks), level=level), chunks, vectors, [], tokens)
    return did


def test_document_frequencies_and_chunk_count(store: Store) -> None:
    store.check_embedders({"t": DIM})
    _add(store, "a.txt", [["王慕昊", "公司"], ["公司", "高管"], ["a_b", "abc", "x%y"]])
    secret = _add(store, "b.txt", [["王慕昊", "杨振为"], ["杨振已"]], level=1)
    got = store.term_frequencies(["王慕昊", "公司", "缺失"])
    assert got.chunks == 5
    assert got.dfs == {"王慕昊": 2, "公司": 2}  # the level-1 chunk counts; absent terms are left out
    assert store.term_frequencies(["高管"], ["杨振"], 8).dfs == {"高管": 1, "杨振为": 1, "杨振已": 1}
    assert store.term_frequencies([], ["杨振"], 1).dfs == {"杨振为": 1}  # in term order, up to the limit
    assert store.term_frequencies([], ["a_", "x%"], 8).dfs == {"a_b": 1, "x%y": 1}  # no "abc": literal _
    assert store.delete_document(secret)
    after = store.term_frequencies(["王慕昊", "杨振为"], ["杨振"], 8)
    assert after.chunks == 3 and after.dfs == {"王慕昊": 1}


def test_empty_index(store: Store) -> None:
    got = store.term_frequencies(["公司"], ["公"], 8)
    assert got.chunks == 0 and got.dfs == {}
