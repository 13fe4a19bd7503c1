"""Breakdown tables (products as rows, measures as columns, no period): a question naming a row and then a
column gets that cell, dated by the annual report, never a namesake row of another table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal

import pytest

from finrag.answer.cells import cell_facts
from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest, Table

from .corpus import indexed_answerer
from .helpers import PRODUCTS_CUT, make_doc, table_chunks

TANKS_2019 = """# 南通罐箱科技股份有限公司 2019年年度报告

公司的中文简称为罐箱科技，股票代码为603999。

## 第四节 经营情况讨论与分析

### (1). 主营业务分产品情况

单位：元 币种：人民币

| 分产品 | 营业收入 | 营业成本 | 毛利率（%） |
|---|---|---|---|
| 冷冻设备 | 371,318,215.91 | 250,587,829.59 | 32.51 |
| 罐式集装箱 | 764,321,152.14 | 632,091,386.24 | 17.30 |

### (2). 产销量情况分析表

| 主要产品 | 单位 | 生产量 | 销售量 | 库存量 | 销售量比上年增减（%） |
|---|---|---|---|---|---|
| 冷冻设备 | 台 | 482 | 504 | 25 | 1.41 |
| 罐式集装箱 | 台 | 7,490 | 6,942 | 2,712 | -9.83 |

### (1). 研发投入情况表

单位：元

| 项目 | 2019年度 |
|---|---|
| 本期费用化研发投入 | 130,828,817.71 |
| 本期资本化研发投入 | 76,168,422.62 |
| 研发投入合计 | 206,997,240.33 |
| 研发投入总额占营业收入比例（%） | 13.09 |
| 研发投入资本化的比重（%） | 36.80 |

### 同行业比较情况

单位：万元 币种：人民币

| 同行业可比公司 | 销售费用 | 销售费用占营业收入比例（%） |
|---|---|---|
| 中集安瑞科 | 27,944.31 | 19.05 |
| 冰轮环境 | 16,459.55 | 24.82 |

## 第十一节 财务报告

### 重要在建工程项目本期变动情况

单位：元 币种：人民币

| 项目名称 | 2019年期初余额 | 2019年本期增加金额 |
|---|---|---|
| 罐式集装箱扩产项目 | 7,845,758.50 | 2,394,420.51 |
"""

VACCINE_2020 = """# 北方疫苗股份有限公司 2020年年度报告

公司的中文简称为北方疫苗，股票代码为600999。

## 第四节 经营情况讨论与分析

### (2). 产销量情况分析表

| 主要产品 | 单位 | 生产量 | 库存量 | 销售量比上年增减（%） |
|---|---|---|---|---|
| 禽流感疫苗 | 万毫升 | 108,452.64 | 16,155.92 | 45.47 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"tanks.md": TANKS_2019, "vaccine.md": VACCINE_2020}
    yield from indexed_answerer(tmp_path_factory, "cells", docs)


def test_a_product_row_and_a_measure_column_give_that_cell(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("罐箱科技2019年罐式集装箱的销售量是多少？"))
    assert not a.refused and "6,942" in a.answer and "2,394,420.51" not in a.answer
    b = answerer.ask(SearchRequest("罐箱科技2019年冷冻设备的营业成本是多少元？"))
    assert "250,587,829.59元" in b.answer and "632,091,386.24" not in b.answer


def test_a_product_ratio_the_question_defines_reads_that_products_row(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("罐箱科技2019年罐式集装箱的产销率是多少？产销率=销售量/生产量。"))
    assert "92.68%" in a.answer and a.calculation is not None


def test_a_named_row_s_printed_margin_is_quoted_not_the_company_s_margin_worked_out(
    answerer: Answerer,
) -> None:
    a = answerer.ask(SearchRequest("罐箱科技2019年主营业务分产品情况中，“冷冻设备”的毛利率是多少？"))
    assert "32.51%" in a.answer and "482" not in a.answer and a.calculation is None


def test_a_terse_share_reads_the_row_over_a_whole_not_a_share_within_the_item(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("罐箱科技2019研发投入占比"))
    assert "13.09%" in a.answer and "36.80" not in a.answer


def test_a_change_column_is_no_figure_of_the_measure_it_names(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("北方疫苗2020年禽流感疫苗的产销率是多少？产销率=销售量/生产量。"))
    assert "%" not in a.answer.split("[")[0] or a.refused  # no "45.47 / 108,452.64" ratio invented
    assert a.calculation is None


def test_a_product_row_under_a_dated_measure_column_is_that_measure_of_the_product() -> None:
    doc = make_doc([PRODUCTS_CUT], company="天源科技", year=2005)
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    cells = cell_facts(
        facts, ["磁分离及配套设备"], [LineItemMatch("", "主营业务收入", 0)], {c.chunk_id: c for c in chunks}
    )
    assert {(f.line_item, f.fiscal_year): f.value for f in cells} == {
        ("主营业务收入", 2005): Decimal("60919706.76"),
        ("主营业务收入", 2004): Decimal("46607998.80"),
        ("主营业务收入", 2003): Decimal("32426351.57"),
    }


def test_two_measures_of_one_product_row_are_both_answered(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("罐箱科技2019年罐式集装箱的生产量和销售量分别是多少？"))
    assert not a.refused and "7,490" in a.answer and "6,942" in a.answer


def test_an_item_asked_beside_a_printed_ratio_of_the_same_row_is_answered_too(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("罐箱科技2019年罐式集装箱的营业收入和毛利率分别是多少？"))
    assert not a.refused and "764,321,152.14" in a.answer and "17.30%" in a.answer


def test_a_peer_s_amount_and_printed_ratio_are_both_read_off_its_row(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "罐箱科技2019年年报的同行业比较中，冰轮环境的销售费用和销售费用占营业收入比例分别是多少？"
        )
    )
    assert "16,459.55万元" in a.answer and "24.82%" in a.answer and "27,944.31" not in a.answer


def test_a_holder_s_row_under_a_spanning_heading_gives_the_measure_asked() -> None:
    holders = Table(
        "t50",
        [50],
        [["股东名称", "前十名股东持股情况 期末持股数量", "前十名股东持股情况 比例(%)"]],
        [
            ["生物股份控股有限公司", "171,872,468", "15.27"],
            ["招商银行股份有限公司－睿远均衡价值三年持有期混合型证券投资基金", "24,384,281", "2.17"],
        ],
        caption="前十名股东持股情况表",
    )
    doc = make_doc([holders], company="生物股份", year=2020)
    chunks = [replace(c, meta=replace(c.meta, fiscal_period="FY")) for c in table_chunks(doc)]
    facts = extract_facts(doc, chunks)
    asked = [LineItemMatch("", "持股比例", 0)]
    cells = cell_facts(facts, ["招商银行股份有限公司"], asked, {c.chunk_id: c for c in chunks})
    assert [(f.line_item, f.fiscal_year, f.value) for f in cells] == [("持股比例", 2020, Decimal("2.17"))]
    count = [LineItemMatch("", "持股数量", 0)]
    held = cell_facts(facts, ["招商银行股份有限公司"], count, {c.chunk_id: c for c in chunks})
    assert [f.value for f in held] == [Decimal("24384281")]  # "期末持股数量": the count at the period's end
    other = [LineItemMatch("", "质押比例", 0)]  # "比例" under a heading that prints no 质押
    assert cell_facts(facts, ["招商银行股份有限公司"], other, {c.chunk_id: c for c in chunks}) == []
    whole = [LineItemMatch("", "比例", 0)]  # a column named in full is read only when not restricted to spans
    by_id = {c.chunk_id: c for c in chunks}
    assert cell_facts(facts, ["招商银行股份有限公司"], whole, by_id, spanned=True) == []
