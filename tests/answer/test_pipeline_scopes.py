"""Whose figure and which one, as the held-out sets of session 51 asked: a note row of the group's asked of
the parent, a ratio asked of a subsidiary named only by what it is to the filer, a share asked tersely
("占总资产多少"), and a quarter's revenue asked by its short name ("营收"). Each runs the real parser,
chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

REPORT = """# 示例冷链科技股份有限公司首次公开发行股票招股意向书

## 合并资产负债表

单位：元 币种：人民币

| 项目 | 2019年12月31日 | 2018年12月31日 |
|---|---|---|
| 固定资产 | 332,463,953.40 | 310,000,000.00 |
| 资产总计 | 1,089,699,815.70 | 1,000,000,000.00 |
| 负债合计 | 493,400,000.00 | 450,000,000.00 |

## 63、销售费用

单位：元 币种：人民币

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 广告费、业务宣传费及展览费 | 3,437,557.29 | 3,689,191.90 |
| 运输费 | 21,000,000.00 | 19,000,000.00 |
| 合计 | 40,112,334.10 | 38,001,220.00 |

## 5、营业收入季节性分析

单位：万元

| 项目 | 2019年度 金额 | 2018年度 金额 |
|---|---|---|
| 第一季度 | 24,332.99 | 8,029.51 |
| 第二季度 | 31,810.00 | 8,320.35 |
| 第三季度 | 34,949.54 | 11,976.93 |
| 第四季度 | 33,702.95 | 9,453.57 |

## 主要子公司

公司的全资子公司为示例冷链（南通）有限公司，主要从事冷冻设备的生产。
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "scopes", {"示例冷链科技股份有限公司招股意向书.md": REPORT})


def test_a_group_note_row_is_no_figure_of_the_parent(answerer: Answerer) -> None:
    asked = "示例冷链2019年{}销售费用中，“广告费、业务宣传费及展览费”是多少元？"
    assert "3,437,557.29" in answerer.ask(SearchRequest(asked.format(""))).answer
    parent = answerer.ask(SearchRequest(asked.format("母公司")))
    assert "3,437,557.29" not in parent.answer, parent.answer


def test_a_subsidiary_s_ratio_is_never_the_filer_s(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例冷链全资子公司南通冷链2019年末的资产负债率是多少？"))
    assert "45.28" not in a.answer, a.answer  # the group's 493,400,000.00 / 1,089,699,815.70
    group = answerer.ask(SearchRequest("示例冷链2019年末的资产负债率是多少？"))
    assert "45.28%" in group.answer, group.answer


def test_a_share_asked_tersely_is_worked_out(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例冷链19年末固定资产占总资产多少？"))
    assert "30.51%" in a.answer, a.answer


def test_a_quarter_s_revenue_asked_by_its_short_name(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例冷链19年二季度营收多少？"))
    assert "31,810.00" in a.answer and "8,320.35" not in a.answer, a.answer
