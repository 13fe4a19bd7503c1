"""The full retrieval composition on a real store with the real USE embedder."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from finrag.config import Settings, load_settings
from finrag.index import open_store
from finrag.index.embed import UseEmbedder
from finrag.index.tokenize import analyze
from finrag.model import AccessScope, DocumentMeta, SearchRequest, Turn, to_jsonable
from finrag.retrieve.pipeline import Retriever
from tests.index.factory import doc_id_of, make_chunk, make_record

SIFANG = [
    "公司实际控制人为陈久斌先生，持有公司股份",
    "报告期内营业收入为1,012,345,678.90元，上年同期为960,000,000.00元",
    "公司主营冷链装备，包括速冻设备和冷库",
]
OTHER = [
    "本公司实际控制人为张三先生",
    "报告期内营业收入为2,000,000.00元",
]


@pytest.fixture(scope="module")
def use() -> UseEmbedder:
    return UseEmbedder(load_settings())


@pytest.fixture()
def retriever(settings: Settings, use: UseEmbedder) -> Iterator[Retriever]:
    store = open_store(settings)
    retriever = Retriever(settings, store, [use])  # registers the embedder's space
    for name, company, code, full, texts in [
        ("sifang.pdf", "四方科技", "603339", "四方科技集团股份有限公司", SIFANG),
        ("other.pdf", "华东重工", "600000", "华东重工股份有限公司", OTHER),
    ]:
        d = doc_id_of(name)
        chunks = [make_chunk(d, i, t, file=name, company=company, year=2019) for i, t in enumerate(texts)]
        rec = make_record(d, name, len(chunks), company=company, year=2019)
        rec.meta = DocumentMeta(company=company, company_full=full, company_code=code, fiscal_year=2019,
                                fiscal_period="FY", period_end="2019-12-31")  # fmt: skip
        store.add_document(rec, chunks, {use.name: use.embed(texts)}, [], [analyze(t) for t in texts])
    yield retriever
    store.close()


def test_a_named_company_by_its_code_ranks_its_own_chunk_first(retriever: Retriever) -> None:
    res = retriever.search(SearchRequest("603339 实际控制人是谁", top_k=3, explain=True))
    assert res.hits[0].chunk.text == SIFANG[0]
    assert res.analysis is not None and res.analysis.companies == ["四方科技"]
    stages = [s.stage for s in res.trace.steps]
    for stage in ("analyze", "route", "expand", "keyword", "dense", "fuse", "rerank"):
        assert stage in stages
    route = next(s for s in res.trace.steps if s.stage == "route")
    assert "company" in route.detail["rules"]
    assert any(name.endswith("@focus") for name in res.hits[0].ranks)
    assert "entity" in res.hits[0].features


def test_follow_up_is_completed_from_history_and_relative_periods_resolved(retriever: Retriever) -> None:
    history = [Turn("user", "四方科技的主营业务是什么？"), Turn("assistant", "冷链装备")]
    res = retriever.search(SearchRequest("那上年同期营收是多少？", top_k=2, history=history))
    a = res.analysis
    assert a is not None and a.companies == ["四方科技"] and "四方科技" in a.completed
    assert [(p.label, p.fiscal_year) for p in a.periods] == [("上年同期", 2018)]
    assert any("revenue" in v for v in a.variants), (a.completed, a.variants)  # cross-language variant
    assert res.hits[0].chunk.text == SIFANG[1]


def test_greetings_are_answered_without_retrieval(retriever: Retriever) -> None:
    res = retriever.search(SearchRequest("你好！"))
    assert res.hits == [] and res.analysis is not None and res.analysis.intent == "chitchat"


def test_the_plain_core_is_one_switch_away(settings: Settings, retriever: Retriever) -> None:
    retriever.settings = settings.model_copy(
        update={"retrieve": settings.retrieve.model_copy(update={"analyze": False})}
    )
    hit = retriever.search(SearchRequest("实际控制人", top_k=1)).hits[0]
    assert set(hit.ranks) <= {"bm25", "dense:use"}


def test_a_company_known_only_from_confidential_documents_is_not_matched_for_a_public_caller(
    settings: Settings, use: UseEmbedder
) -> None:
    store = open_store(settings)
    retriever = Retriever(settings, store, [use])
    d = doc_id_of("secret.pdf")
    chunks = [make_chunk(d, 0, SIFANG[0], file="secret.pdf", company="四方科技", year=2019, level=2)]
    rec = make_record(d, "secret.pdf", 1, company="四方科技", year=2019, level=2)
    rec.meta = DocumentMeta(
        company="四方科技", company_full="四方科技集团股份有限公司", company_code="603339"
    )
    store.add_document(rec, chunks, {use.name: use.embed([SIFANG[0]])}, [], [analyze(SIFANG[0])])
    public = SearchRequest("603339 实际控制人是谁", explain=True)
    public.filters.access = AccessScope(max_level=0)
    res = retriever.search(public)
    assert res.hits == [] and res.analysis is not None and res.analysis.companies == []
    assert "四方科技集团" not in json.dumps(to_jsonable(res.trace), ensure_ascii=False)
    insider = SearchRequest("603339 实际控制人是谁")
    insider.filters.access = AccessScope(max_level=2)
    res = retriever.search(insider)
    assert res.analysis is not None and res.analysis.companies == ["四方科技"]
    store.close()


def test_the_analysis_names_the_sections_a_question_is_answered_from(retriever: Retriever) -> None:
    res = retriever.search(SearchRequest("四方科技有哪些重大诉讼？", top_k=3))
    assert res.analysis is not None and res.analysis.section_titles  # the legal concept's report titles
    assert any("诉讼" in p for p in res.analysis.section_titles)
    plain = retriever.search(SearchRequest("四方科技2019年营业收入是多少", top_k=3))
    assert plain.analysis is not None and plain.analysis.section_titles == []
