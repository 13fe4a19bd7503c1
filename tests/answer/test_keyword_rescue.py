"""A question refused for words its first hits lack: its filings searched deeper for them (real index)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.gate import GateDecision
from finrag.answer.keyword_rescue import rescued_hits
from finrag.answer.query import analyze
from finrag.config import Settings, load_settings
from finrag.index.store import Store
from finrag.model import SearchRequest
from finrag.retrieve.pipeline import Retriever

from .corpus import build_index

ACME_2022 = """# Acme Corp Annual Report on Form 10-K for fiscal year 2022

## Item 5. Issuer Purchases of Equity Securities

Acme repurchased common shares in 2022 under its share repurchase program, listed below.

| Period | Total Number of Shares Repurchased | Shares Repurchased as Part of Program |
|---|---|---|
| October 2022 | 2,000,000 | 2,000,000 |
| November 2022 | 1,500,000 | 1,500,000 |

## Note 16. Common Shares

Common shares repurchased in 2022: 20 million common shares. The repurchase of common shares in 2022 reduced
common shares outstanding.

## Liquidity and Capital

Our liquidity comes from operating cash flow, cash on hand and an undrawn revolving credit facility. We
bought back 20 million of our shares at an average price of $168.14 per share.
"""

QUESTION = "How many common shares did Acme repurchase in 2022, and at what average price per share?"
Index = tuple[Settings, Store, Retriever]


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Index]:
    root = tmp_path_factory.mktemp("rescue")
    settings = load_settings(root / "data")
    store, retriever = build_index(settings, root / "docs", {"acme_2022.md": ACME_2022})
    yield settings, store, retriever
    store.close()


def test_deeper_hits_printing_the_missing_words_join_the_context(index: Index) -> None:
    settings, _, retriever = index
    cfg = settings.answer.model_copy(update={"context_chunks": 2})
    first = retriever.search(SearchRequest("Acme common shares repurchased in 2022 issuer purchases", 2)).hits
    assert not any("average price" in h.chunk.text for h in first)  # the hits the gate refused on
    refused = GateDecision(False, "keywords", missing=["average price"])
    asked = analyze(QUESTION)
    found = rescued_hits(asked, refused, first, SearchRequest(QUESTION), retriever.search, cfg)
    assert found is not None and len(found) == 3
    assert "average price of $168.14" in found[1].chunk.text  # inside the two context chunks
    assert found[0] == first[0] and found[2] == first[1]
    off = settings.answer.model_copy(update={"keyword_rescue_chunks": 0})
    assert rescued_hits(asked, refused, first, SearchRequest(QUESTION), retriever.search, off) is None
    other = GateDecision(False, "company", missing=["average price"])  # only missing words are looked for
    assert rescued_hits(asked, other, first, SearchRequest(QUESTION), retriever.search, cfg) is None
    zh = analyze("Acme2022年回购普通股的平均价格是多少？")  # a Chinese question's missing words: no rescue
    assert rescued_hits(zh, refused, first, SearchRequest(QUESTION), retriever.search, cfg) is None


def test_words_no_deeper_hit_prints_leave_the_refusal(index: Index) -> None:
    settings, _, retriever = index
    first = retriever.search(SearchRequest(QUESTION, 2)).hits
    refused = GateDecision(False, "keywords", missing=["dividend reinvestment"])
    asked = analyze(QUESTION)
    found = rescued_hits(asked, refused, first, SearchRequest(QUESTION), retriever.search, settings.answer)
    assert found is None
