"""A small real index for answer tests: generated markdown reports run through the real parser, chunker,
fact extractor, SQLite store and keyword retriever (no embedder, to stay fast)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from finrag.answer.facts import extract_facts
from finrag.answer.pipeline import Answerer
from finrag.chunk import chunk_document
from finrag.config import Settings, load_settings
from finrag.index import open_store
from finrag.index.store import Store
from finrag.model import AccessInfo, DocumentRecord, SearchRequest
from finrag.parse import parse_file
from finrag.retrieve.pipeline import Retriever

SIFANG_2019 = """# 四方科技集团股份有限公司 2019年年度报告

## 第二节 公司简介和主要财务指标

公司的中文名称为四方科技集团股份有限公司，公司的中文简称为四方科技。公司的电子信箱为 zqb@ntsquare.com。
公司股票在上海证券交易所上市，股票代码为603339。

## 第五节 重要事项

报告期内，公司积极履行社会责任，向南通市慈善总会捐款100万元，用于支持疫情防控工作。

## 合并资产负债表

单位：元 币种：人民币

| 项目 | 附注 | 期末余额 | 上年末 |
|---|---|---|---|
| 货币资金 | 七、1 | 401,234,567.89 | 350,000,000.00 |
| 流动资产合计 | | 1,002,000,000.00 | 900,000,000.00 |
| 资产总计 | | 2,000,000,000.00 | 1,800,000,000.00 |
| 负债合计 | | 800,000,000.00 | 720,000,000.00 |

## 合并利润表

单位：元 币种：人民币

| 项目 | 附注 | 2019年度 | 2018年度 |
|---|---|---|---|
| 一、营业总收入 | | 1,175,301,034.32 | 1,020,115,551.27 |
| 其中：营业收入 | 七、61 | 1,175,301,034.32 | 1,020,115,551.27 |
| 二、营业总成本 | | 1,023,522,312.55 | 905,432,110.00 |
| 其中：营业成本 | 七、61 | 903,236,584.52 | 790,221,003.11 |
| 销售费用 | 七、63 | 40,112,334.10 | 38,001,220.00 |
| 管理费用 | 七、64 | 46,869,502.38 | 41,220,118.52 |
| 财务费用 | 七、66 | (3,120,555.20) | — |
| 四、净利润（净亏损以"－"号填列） | | 150,201,334.87 | 120,300,100.00 |
"""

ACME_2019 = """# Acme Corp Annual Report on Form 10-K for fiscal year 2019

## Item 1. Business

Acme Corp designs and sells industrial anvils.
Acme's primary customers are construction firms in North America.
Our common stock is listed on the New York Stock Exchange under the symbol ACME.

## CONSOLIDATED STATEMENTS OF OPERATIONS

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Net sales | 2,400 | 2,000 |
| Cost of sales | 1,500 | 1,300 |
| Net income | 300 | 240 |

## CONSOLIDATED BALANCE SHEETS

(in millions)

| | December 31, 2019 | December 31, 2018 |
|---|---|---|
| Inventories | 400 | 350 |
| Total current assets | 1,200 | 1,000 |
| Total current liabilities | 700 | 650 |
"""


def build_index(settings: Settings, folder: Path, docs: dict[str, str]) -> tuple[Store, Retriever]:
    """Write ``docs`` (file name -> markdown) into ``folder`` and index them with the real stages."""
    store = open_store(settings)
    retriever = Retriever(settings, store, [])
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in docs.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        doc = parse_file(path, settings)
        chunks = chunk_document(doc, settings)
        facts = extract_facts(doc, chunks)
        record = DocumentRecord(
            doc.doc_id,
            doc.file,
            doc.media_type,
            doc.doc_type,
            doc.language,
            doc.pages,
            doc.meta,
            AccessInfo(),
            len(chunks),
            len(facts),
        )
        tokens = [retriever.analyzer.analyze(c.index_text or c.text) for c in chunks if c.indexed]
        store.add_document(record, chunks, {}, facts, tokens)
    return store, retriever


def indexed_answerer(factory: pytest.TempPathFactory, name: str, docs: dict[str, str]) -> Iterator[Answerer]:
    """A module fixture: ``docs`` indexed in a fresh folder, an Answerer over them, the store closed after."""
    root = factory.mktemp(name)
    settings = load_settings(root / "data")
    store, retriever = build_index(settings, root / "docs", docs)
    yield Answerer(settings, store, retriever)
    store.close()


def ask(answerer: Answerer, question: str) -> str:
    """``answerer``'s answer text to ``question``."""
    return answerer.ask(SearchRequest(question)).answer


def ask_refused(answerer: Answerer, question: str) -> tuple[bool, str]:
    """Whether ``answerer`` refuses ``question``, and its answer text."""
    a = answerer.ask(SearchRequest(question))
    return a.refused, a.answer
