"""Both stores (SQLite and PostgreSQL, via the parametrised ``store`` fixture): BM25 against rank_bm25,
exact filtered vector search, ACL, replace/delete, stats."""

from __future__ import annotations

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from finrag.errors import EmbedderMismatchError
from finrag.index.store import Store
from finrag.index.tokenize import analyze
from finrag.model import AccessScope, Filters
from tests.index.conftest import StoreOpener
from tests.index.factory import doc_id_of, make_chunk, make_fact, make_record, random_unit

DIM = 8
SPACE = "test"

CORPUS = [
    "公司2019年营业收入为1,526.45万元，同比增长12%",
    "归属于上市公司股东的净利润为3,200万元",
    "公司经营活动产生的现金流量净额为-500万元",
    "Total revenues were $1,526.45 million in fiscal 2019",
    "The company reported net income and total revenues growth",
    "公司合同负债主要为预收货款",
    "公司营业收入主要来自冷链装备销售",
    "Revenues by segment: cold chain, logistics",
    "股票代码603339，股票简称四方科技",
    "错误码E5021表示连接超时",
    "公司 公司 公司 营业收入 利润",
    "公司治理结构完善",
]


def _store(store: Store) -> Store:
    store.check_embedders({SPACE: DIM})
    return store


def _add(
    store: Store, name: str, texts: list[str], rng: np.random.Generator, **kw: object
) -> list[str]:
    doc_id = doc_id_of(name)
    level = int(kw.get("level", 0))  # type: ignore[call-overload]
    groups = list(kw.get("groups", []))  # type: ignore[call-overload]
    company = kw.get("company")
    year = kw.get("year")
    chunks = [
        make_chunk(doc_id, i, t, file=name, level=level, groups=groups, company=company, year=year)  # type: ignore[arg-type]
        for i, t in enumerate(texts)
    ]
    vectors = kw.get("vectors")
    if vectors is None:
        vectors = random_unit(rng, len(chunks), DIM)
    record = make_record(doc_id, name, len(chunks), level=level, groups=groups)
    facts = [make_fact(doc_id, chunks[0].chunk_id, "营业收入", "1526.45", level=level)]
    store.add_document(record, chunks, {SPACE: vectors}, facts, [analyze(t) for t in texts])  # type: ignore[dict-item]
    return [c.chunk_id for c in chunks]


def test_bm25_scores_match_rank_bm25(store: Store) -> None:
    _store(store)
    rng = np.random.default_rng(0)
    ids = _add(store, "a.pdf", CORPUS[:6], rng) + _add(store, "b.pdf", CORPUS[6:], rng)
    oracle = BM25Okapi([analyze(t) for t in CORPUS], k1=1.2, b=0.75)
    assert oracle.idf["公司"] > 0 > np.log(12 - 7 + 0.5) - np.log(7 + 0.5)  # 公司 in 7/12: floored idf
    for question in [
        "公司营业收入",
        "total revenues 2019",
        "603339",
        "1526.45",
        "归属于上市公司股东的净利润 公司",
    ]:
        q = analyze(question)
        expected = oracle.get_scores(q)
        got = {sc.chunk.chunk_id: sc.score for sc in store.keyword_search(q, len(CORPUS), Filters())}
        assert got, question
        for cid, score in got.items():
            assert score == pytest.approx(expected[ids.index(cid)], rel=1e-9), (question, cid)
        best = max(range(len(CORPUS)), key=lambda i: expected[i])
        assert next(iter(got)) == ids[best]


def test_codes_and_numbers_are_found_by_keyword(store: Store) -> None:
    _store(store)
    ids = _add(store, "a.pdf", CORPUS, np.random.default_rng(1))
    assert store.keyword_search(analyze("E5021"), 3, Filters())[0].chunk.chunk_id == ids[9]
    assert store.keyword_search(analyze("603339"), 3, Filters())[0].chunk.chunk_id == ids[8]
    top = {sc.chunk.chunk_id for sc in store.keyword_search(analyze("１５２６．４５"), 5, Filters())}
    assert {ids[0], ids[3]} <= top


def test_filtered_vector_search_is_the_exact_top_k(store: Store) -> None:
    _store(store)
    rng = np.random.default_rng(2)
    all_vecs: dict[str, np.ndarray] = {}
    meta: dict[str, tuple[str, int]] = {}
    for d in range(6):
        vecs = random_unit(rng, 40, DIM)
        company, year = ("四方科技" if d % 2 else "3M"), 2018 + d % 3
        ids = _add(
            store,
            f"d{d}.pdf",
            [f"chunk {d} {i}" for i in range(40)],
            rng,
            vectors=vecs,
            company=company,
            year=year,
        )
        for cid, v in zip(ids, vecs, strict=True):
            all_vecs[cid], meta[cid] = v, (company, year)
    q = random_unit(rng, 1, DIM)[0]
    f = Filters(companies=["四方科技"], fiscal_year_min=2019, fiscal_year_max=2020)
    got = [sc.chunk.chunk_id for sc in store.vector_search(SPACE, q, 10, f)]
    allowed = [c for c in all_vecs if meta[c][0] == "四方科技" and 2019 <= meta[c][1] <= 2020]
    truth = sorted(allowed, key=lambda c: -float(all_vecs[c] @ q))[:10]
    assert got == truth
    unfiltered = [sc.chunk.chunk_id for sc in store.vector_search(SPACE, q, 10, Filters())]
    assert unfiltered == sorted(all_vecs, key=lambda c: -float(all_vecs[c] @ q))[:10]


def test_access_control_applies_to_every_read(store: Store) -> None:
    _store(store)
    rng = np.random.default_rng(3)
    public = _add(store, "public.pdf", ["营业收入 公开"], rng)
    secret = _add(store, "secret.pdf", ["营业收入 机密"], rng, level=2)
    board = _add(store, "board.pdf", ["营业收入 董事会"], rng, level=1, groups=["board"])
    guest = Filters(access=AccessScope(max_level=0, groups=frozenset()))
    member = Filters(access=AccessScope(max_level=1, groups=frozenset({"board"})))
    q = analyze("营业收入")
    assert {s.chunk.chunk_id for s in store.keyword_search(q, 10, guest)} == set(public)
    assert {s.chunk.chunk_id for s in store.keyword_search(q, 10, member)} == set(public + board)
    assert {s.chunk.chunk_id for s in store.vector_search(SPACE, np.ones(DIM) / DIM**0.5, 10, guest)} == set(
        public
    )
    assert store.get_chunks(secret + public, guest.access) == store.get_chunks(public, guest.access)
    assert {f.doc_id for f in store.get_facts(guest)} == {doc_id_of("public.pdf")}
    assert store.get_document(doc_id_of("secret.pdf"), guest.access) is None
    assert [d.file for d in store.find_documents(access=member.access)] == ["public.pdf", "board.pdf"]
    assert len(store.find_documents(access=AccessScope.everything())) == 3


def test_replace_delete_and_stats(store: Store) -> None:
    _store(store)
    rng = np.random.default_rng(4)
    _add(store, "r.pdf", ["旧版本 营业收入"], rng)
    v1 = store.stats().index_version
    old = doc_id_of("r.pdf")
    new_id = doc_id_of("r.pdf v2")
    chunk = make_chunk(new_id, 0, "新版本 营业收入", file="r.pdf")
    store.add_document(
        make_record(new_id, "r.pdf", 1),
        [chunk],
        {SPACE: random_unit(rng, 1, DIM)},
        [],
        [analyze(chunk.text)],
        replaces=old,
    )
    assert store.stats().index_version > v1
    assert [d.doc_id for d in store.find_documents(file="r.pdf", access=AccessScope.everything())] == [new_id]
    hits = store.keyword_search(analyze("营业收入"), 5, Filters())
    assert [h.chunk.text for h in hits] == ["新版本 营业收入"]
    assert store.delete_document(new_id) and not store.delete_document(new_id)
    s = store.stats()
    assert (s.documents, s.chunks, s.facts, s.embedder, s.dimension) == (0, 0, 0, SPACE, DIM)
    assert store.keyword_search(analyze("营业收入"), 5, Filters()) == []


def test_embedder_mismatch_is_refused(store_opener: StoreOpener) -> None:
    _store(store_opener()).close()
    reopened = store_opener()
    with pytest.raises(EmbedderMismatchError):
        reopened.check_embedders({SPACE: DIM * 2})
    with pytest.raises(EmbedderMismatchError):
        reopened.check_embedders({"other": DIM})
    reopened.check_embedders({SPACE: DIM})


def test_parents_are_stored_but_not_searched(store: Store) -> None:
    _store(store)
    doc_id = doc_id_of("p.pdf")
    parent = make_chunk(doc_id, 0, "父块 营业收入 全文", file="p.pdf", indexed=False)
    child = make_chunk(doc_id, 1, "子块 营业收入", file="p.pdf", parent_id=parent.chunk_id)
    store.add_document(
        make_record(doc_id, "p.pdf", 2),
        [parent, child],
        {SPACE: random_unit(np.random.default_rng(5), 1, DIM)},
        [],
        [analyze(child.text)],
    )
    assert [h.chunk.chunk_id for h in store.keyword_search(analyze("营业收入"), 5, Filters())] == [
        child.chunk_id
    ]
    assert [c.text for c in store.get_chunks([parent.chunk_id], AccessScope.everything())] == [parent.text]


def test_selective_keyword_filter_keeps_index_wide_scores(store: Store) -> None:
    _store(store)
    rng = np.random.default_rng(6)
    for d in range(10):
        _add(store, f"f{d}.pdf", [f"营业收入 第{d}份 {i}" for i in range(3)] + [CORPUS[d]], rng)
    q = analyze("营业收入 公司")
    everywhere = {s.chunk.chunk_id: s.score for s in store.keyword_search(q, 100, Filters())}
    one = store.keyword_search(q, 100, Filters(doc_ids=[doc_id_of("f4.pdf")]))  # 10% of documents
    prefix = doc_id_of("f4.pdf")[:8]
    assert {s.chunk.chunk_id for s in one} == {c for c in everywhere if c.startswith(prefix)}
    for s in one:
        assert s.score == pytest.approx(everywhere[s.chunk.chunk_id])
