"""The rare-term list: a question naming a person among many template words finds the one chunk that names
them (and does not without the list), whatever the index's segmentation of the name; the list obeys
access control; numbers, dictionary wording and uncapitalised English never count."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.config import Settings
from finrag.index import open_store
from finrag.index.embed import UseEmbedder
from finrag.index.store import Store
from finrag.index.tokenize import analyze, get_analyzer
from finrag.model import AccessScope, Chunk, Filters, QueryAnalysis, SearchRequest
from finrag.retrieve.pipeline import Retriever
from finrag.retrieve.rare import RareTerms
from finrag.retrieve.route import list_weights, route
from tests.index.factory import doc_id_of, make_chunk, make_record

COMPANIES = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"]
ROLES = ["董事长", "总经理", "财务总监", "董事会秘书", "监事会主席", "独立董事", "副总裁", "首席执行官"]
KINDS = ["辞职", "任命", "换届", "退休", "免职"]
PLACES = ["北京", "上海", "深圳", "杭州", "成都", "武汉", "南京"]
# many chunks full of the question's template words (高管变动事件, 变动类型, 任职公司), each distinct
TEMPLATES = [
    f"{c}公司{PLACES[i % 7]}分部发生高管变动事件：{ROLES[i % 8]}变动，变动类型为{KINDS[i % 5]}，"
    f"对应公告于{i + 1}月{i + 3}日披露了任职公司，{ROLES[(i + 3) % 8]}{KINDS[(i + 2) % 5]}一事另行公告。"
    for i, c in enumerate(COMPANIES)
]
NAMED = [
    "火岩控股委任杨振为独立非执行董事，杨振已签署服务合约。",  # the index cuts 杨振为 / 杨振已
    "鉴于公司原激励对象中袁健芳、王慕昊因离职已不具备激励对象资格，公司回购注销其股份。",
]
SECRET = "公司公告：陈默涵辞去副总经理职务。"  # only level-1 readers may see it
TOP_K = 5


@pytest.fixture(scope="module")
def use() -> UseEmbedder:
    from finrag.config import load_settings

    return UseEmbedder(load_settings())


def _add(store: Store, use: UseEmbedder, name: str, texts: list[str], level: int = 0) -> list[Chunk]:
    did = doc_id_of(name)
    chunks = [make_chunk(did, i, t, file=name, level=level) for i, t in enumerate(texts)]
    store.add_document(
        make_record(did, name, len(chunks), level=level),
        chunks,
        {use.name: use.embed(texts)},
        [],
        [analyze(t) for t in texts],
    )
    return chunks


@pytest.fixture()
def built(settings: Settings, use: UseEmbedder) -> Iterator[tuple[Settings, Store, UseEmbedder]]:
    store = open_store(settings)
    store.check_embedders({use.name: use.dimension})
    _add(store, use, "news.txt", TEMPLATES + NAMED)
    _add(store, use, "secret.txt", [SECRET], level=1)
    yield settings, store, use
    store.close()


def _texts(settings: Settings, store: Store, use: UseEmbedder, question: str, level: int = 0) -> list[str]:
    req = SearchRequest(question, top_k=TOP_K, filters=Filters(access=AccessScope(max_level=level)))
    return [h.chunk.text for h in Retriever(settings, store, [use]).search(req).hits]


def test_a_named_person_is_found_among_template_words(built: tuple[Settings, Store, UseEmbedder]) -> None:
    settings, store, use = built
    question = "杨振高管变动事件对应的变动类型是什么？"  # query: 杨振高管; index: 杨振为 / 杨振已
    assert NAMED[0] in _texts(settings, store, use, question)
    without = settings.model_copy(deep=True)
    without.retrieve.routes = [r for r in settings.retrieve.routes if r != "rare"]
    assert NAMED[0] not in _texts(without, store, use, question)


def test_the_rare_list_ranks_the_named_chunk_first(built: tuple[Settings, Store, UseEmbedder]) -> None:
    settings, store, use = built
    req = SearchRequest("王慕昊高管变动事件对应的任职公司是什么？", explain=True)
    result = Retriever(settings, store, [use]).search(req)
    rare = next(s for s in result.trace.steps if s.name == "bm25@rare")
    assert rare.detail["terms"] == ["王慕昊"]  # type: ignore[index]
    top = rare.detail["top"][0]["chunk_id"]  # type: ignore[index]
    assert next(c for c in store.get_chunks([top], AccessScope())).text == NAMED[1]


def test_the_trace_shows_the_rare_terms(built: tuple[Settings, Store, UseEmbedder]) -> None:
    settings, store, use = built
    result = Retriever(settings, store, [use]).search(SearchRequest("杨振高管变动事件对应的变动类型是什么？"))
    route = next(s for s in result.trace.steps if s.stage == "route")
    assert "rare" in route.detail["rules"]  # type: ignore[operator]
    rare = next(s for s in result.trace.steps if s.name == "bm25@rare")
    assert set(rare.detail["terms"]) == {"杨振为", "杨振已"}  # type: ignore[arg-type]


def test_the_trace_never_shows_a_term_only_hidden_documents_hold(
    built: tuple[Settings, Store, UseEmbedder],
) -> None:
    settings, store, use = built
    req = SearchRequest("陈默涵高管变动事件对应的变动类型是什么？", explain=True)
    for level, shown in ((1, True), (0, False)):
        req.filters = Filters(access=AccessScope(max_level=level))
        result = Retriever(settings, store, [use]).search(req)
        rare = [s.detail for s in result.trace.steps if s.name == "bm25@rare"]
        assert (rare[0]["terms"] == ["陈默涵"]) is shown  # index terms; a reader below level 1 sees none


def test_rare_list_obeys_access(built: tuple[Settings, Store, UseEmbedder]) -> None:
    settings, store, use = built
    question = "陈默涵高管变动事件对应的变动类型是什么？"
    assert SECRET in _texts(settings, store, use, question, level=1)
    assert SECRET not in _texts(settings, store, use, question, level=0)  # df counts it; results may not


def test_numbers_wording_and_plain_english_never_count(
    built: tuple[Settings, Store, UseEmbedder],
) -> None:
    settings, store, _ = built
    rare = RareTerms(store, get_analyzer(), settings.retrieve)
    assert rare.eligible("王慕昊") and rare.eligible("kenvue")
    for token in ("2019", "1526.45", "对应", "类型", "王", "ab"):
        assert not rare.eligible(token), token
    assert rare.proper("What did Kathy Warden say? Explain the Kenvue split, per CVS and DaDa.") >= {
        "kathy",
        "warden",
        "kenvue",
        "cvs",
        "dada",
    }
    assert not rare.proper("Explain roughly the approximation.")  # sentence-initial and lower-case words


def test_the_rare_list_has_its_own_fusion_weight(settings: Settings) -> None:
    cfg = settings.retrieve.model_copy(update={"rare_weight": 3.0})
    plan = route(QueryAnalysis("q", "q", "zh", "other"), Filters(), cfg, [], rare=["王慕昊"])
    assert plan.rare_terms == ["王慕昊"] and "rare" in plan.rules
    weights = list_weights(["bm25", "bm25@rare", "dense:use"], plan, cfg)
    assert weights == {"bm25": 1.0, "bm25@rare": 3.0, "dense:use": 1.0}
    off = cfg.model_copy(update={"routes": [r for r in cfg.routes if r != "rare"]})
    assert route(QueryAnalysis("q", "q", "zh", "other"), Filters(), off, [], rare=["王慕昊"]).rare_terms == []
