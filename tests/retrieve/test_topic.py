"""Topic features: inside one company's filing, the page holding the question's distinguishing word
(国有 in 国有法人股东) outranks pages that merely repeat the company's name and the question's wording."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.config import Settings
from finrag.index import open_store
from finrag.index.embed import UseEmbedder
from finrag.index.store import Store
from finrag.index.tokenize import analyze, get_analyzer
from finrag.model import Chunk, ChunkKind, ChunkMeta, Hit, QueryAnalysis
from finrag.retrieve.features import FeatureContext, compute
from finrag.retrieve.topic import question_topic
from tests.index.factory import doc_id_of, make_chunk, make_record

QUESTION = "江苏爱康太阳能公司有哪些国有法人股东？"
NAMES = ["江苏爱康太阳能", "江苏爱康太阳能科技"]
TABLE = "| 股东 | 股权性质 | | 南通高胜创业投资有限公司 | 国有法人股 | | 爱康实业 | 社会法人股 |"
HISTORY = "江苏爱康太阳能科技有限公司股东爱康国际将股权转让给江阴爱康太阳能器材公司，其他法人股东放弃优先权。"
ENGLISH = "Total liabilities of the group rose."
FILLER = [f"公司第{i}次董事会审议通过年度报告，股东大会批准利润分配方案。" for i in range(8)]


@pytest.fixture(scope="module")
def use() -> UseEmbedder:
    from finrag.config import load_settings

    return UseEmbedder(load_settings())


@pytest.fixture()
def store(settings: Settings, use: UseEmbedder) -> Iterator[Store]:
    st = open_store(settings)
    st.check_embedders({use.name: use.dimension})
    texts = [TABLE, HISTORY, ENGLISH, *FILLER]
    did = doc_id_of("prospectus.txt")
    chunks = [make_chunk(did, i, t, file="prospectus.txt") for i, t in enumerate(texts)]
    st.add_document(
        make_record(did, "prospectus.txt", len(chunks)),
        chunks,
        {use.name: use.embed(texts)},
        [],
        [analyze(t) for t in texts],
    )
    yield st
    st.close()


def _hit(cid: str, text: str) -> Hit:
    meta = ChunkMeta(f"{cid}.pdf", "prospectus", "zh", company="江苏爱康太阳能科技")
    return Hit(Chunk(cid, cid, text, ChunkKind.TEXT, [1], [], meta), 0.5, {"bm25": 1}, {"bm25": 3.0})


def test_names_and_ask_words_are_not_topic_words(store: Store) -> None:
    analyzer = get_analyzer()
    topic = question_topic(QUESTION, analyzer.analyze(QUESTION), NAMES, analyzer, store)
    assert {"国有", "法人", "股东"} <= set(topic.weights)
    assert not {"爱康", "太阳能", "江苏", "哪些"} & set(topic.weights)
    assert "国有" in topic.bigrams and "爱康" not in topic.bigrams
    # the rarer word weighs more than the word every shareholder page holds
    assert topic.weights["国有"] > topic.weights["股东"]


def test_the_table_with_the_distinguishing_word_scores_higher_than_the_name_rich_history(
    store: Store,
) -> None:
    analyzer = get_analyzer()
    keywords = [k for k in analyzer.analyze(QUESTION) if len(k) >= 2]
    qa = QueryAnalysis(QUESTION, QUESTION, "zh", "lookup", keywords=keywords)
    ctx = FeatureContext(qa, {"江苏爱康太阳能科技"}, set(), 1, [], {}, None, set(keywords))
    ctx.topic = question_topic(QUESTION, keywords, NAMES, analyzer, store)
    table, history = _hit("table", TABLE), _hit("history", HISTORY)
    compute([table, history], ctx)
    assert table.features["coverage"] < history.features["coverage"]  # all words alike: the name wins
    assert table.features["topic_idf"] > history.features["topic_idf"]
    assert table.features["topic_bigram"] > history.features["topic_bigram"]


def test_an_english_plural_is_kept_as_its_stem(store: Store) -> None:
    analyzer = get_analyzer()
    q = "What were Acme's total liabilities?"
    topic = question_topic(q, analyzer.analyze(q), ["Acme"], analyzer, store)
    assert topic.bigrams == set()
    assert set(topic.weights) == {"total", "liability"}  # the stem the index holds; the name cut out
    assert topic.idf_share(ENGLISH.lower()) == 1.0
