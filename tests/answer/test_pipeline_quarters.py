"""Quarters of one year added up or compared as Chinese questions ask them ("第三季度和第四季度合计",
"下半年", "较第三季度环比", "20年Q4归母净利润"), over a report's 分季度主要财务数据 table. Each runs the real
parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

QUARTERLY = """# 示例科技集团股份有限公司 2019年年度报告

## 第二节 公司简介和主要财务指标

### 九、2019年分季度主要财务数据

单位：元 币种：人民币

| | 第一季度（1-3月份） | 第二季度（4-6月份） | 第三季度（7-9月份） | 第四季度（10-12月份） |
|---|---|---|---|---|
| 营业收入 | 200,000,000.00 | 240,000,000.00 | 250,000,000.00 | 300,000,000.00 |
| 归属于上市公司股东的净利润 | 20,000,000.00 | 25,000,000.00 | 26,000,000.00 | 38,000,000.00 |
| 经营活动产生的现金流量净额 | -26,000,000.00 | 22,000,000.00 | 185,000,000.00 | 188,000,000.00 |

### 十、主要财务指标

| 项目 | 2019年度 | 2018年度 |
|---|---|---|
| 应收账款周转率（次/年） | 9.46 | 7.79 |
| 存货周转率（次/年） | 7.70 | 6.93 |

## 第十一节 财务报告

### 合并利润表

单位：元

| 项目 | 2019年度 | 2018年度 |
|---|---|---|
| 营业收入 | 990,000,000.00 | 900,000,000.00 |
| 归属于母公司所有者的净利润 | 109,000,000.00 | 98,000,000.00 |

### 合并现金流量表

单位：元

| 项目 | 2019年度 | 2018年度 |
|---|---|---|
| 经营活动产生的现金流量净额 | 369,000,000.00 | 23,000,000.00 |
"""


FIRST_QUARTER = """# 示例电力股份有限公司 增发招股意向书

## 第九节 财务会计信息

### 合并利润表

单位：元

| 项目 | 2007年度第一季度 | 2006年度 |
|---|---|---|
| 营业收入 | 2,982,104,636.39 | 11,250,000,000.00 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "2020-04-16__示例科技集团股份有限公司__600000__示例科技__2019年__年度报告.md": QUARTERLY,
        "示例电力股份有限公司.md": FIRST_QUARTER,
    }
    yield from indexed_answerer(tmp_path_factory, "quarters", docs)


def test_two_quarters_named_together_are_added_up(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest("示例科技2019年第三季度和第四季度归属于上市公司股东的净利润合计是多少元？")
    )
    assert "64,000,000.00" in answer.answer


def test_the_second_half_is_its_two_quarters_never_the_year(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("示例科技2019年下半年归属于上市公司股东的净利润是多少元？"))
    assert "64,000,000.00" in answer.answer and "109,000,000.00" not in answer.answer
    defined = answerer.ask(
        SearchRequest(
            "示例科技2019年下半年归属于上市公司股东的净利润合计是多少元？下半年合计=第三季度(7-9月)+第四季度(10-12月)。"
        )
    )
    assert "64,000,000.00" in defined.answer


def test_a_quarter_compared_with_the_one_before_is_a_sequential_growth(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("示例科技2019年第四季度营业收入较第三季度环比增长多少？"))
    assert "20.00%" in answer.answer and "环比" in answer.answer


def test_a_terse_quarter_and_the_analysts_name_of_parent_profit_are_understood(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("示例科技19年Q4归母净利润多少？"))
    assert not answer.refused and "38,000,000.00" in answer.answer


def test_a_quarter_s_share_of_its_year_divides_by_the_year_s_figure(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("示例科技2019年第四季度营业收入占全年营业收入的比重是多少？"))
    assert "300,000,000.00" in answer.answer and "990,000,000.00" in answer.answer
    assert "30.30%" in answer.answer


def test_the_second_half_s_share_of_its_year_may_pass_100_percent(answerer: Answerer) -> None:
    question = "示例科技2019年下半年经营活动产生的现金流量净额占全年的比例是多少？"
    answer = answerer.ask(
        SearchRequest(question)
    )  # (185 + 188) / 369 million: the first quarter is an outflow
    assert not answer.refused and "101.08%" in answer.answer, answer.answer
    first = answerer.ask(
        SearchRequest("示例科技2019年第一季度经营活动产生的现金流量净额占全年的比例是多少？")
    )
    assert "-7.05%" in first.answer, first.answer


def test_a_change_from_the_year_before_asked_in_yuan_is_worked_out(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("示例科技2019年营业收入比上年增加了多少元？"))
    assert re.search(r"(?<![\d,])90,000,000\.00", answer.answer)  # 990,000,000.00 − 900,000,000.00


def test_a_printed_ratio_s_change_between_two_years_is_worked_out_in_its_unit(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("示例科技2019年应收账款周转率比2018年提高了多少次？"))
    assert "1.67次" in answer.answer and "9.46" in answer.answer and "7.79" in answer.answer


def test_the_first_three_quarters_are_added_up(answerer: Answerer) -> None:
    answer = answerer.ask(SearchRequest("示例科技2019年前三季度归属于上市公司股东的净利润累计是多少元？"))
    assert "71,000,000.00" in answer.answer and "109,000,000.00" not in answer.answer  # 20 + 25 + 26
    only_first = answerer.ask(SearchRequest("示例电力2007年前三季度（1-9月）合并营业收入是多少？"))
    # one quarter is no sum of three
    assert only_first.refused and "2,982,104,636.39" not in only_first.answer


def test_two_quarters_compared_are_answered_yes_or_no_with_both(answerer: Answerer) -> None:
    question = "示例科技2019年第三季度的经营活动产生的现金流量净额是否高于第四季度？"
    higher = answerer.ask(SearchRequest(question))
    assert higher.answer.startswith("否。185,000,000.00 (Q3)对比188,000,000.00 (Q4)")
    lower = answerer.ask(SearchRequest("示例科技2019年第一季度的营业收入是否低于第二季度？"))
    assert lower.answer.startswith("是。") and lower.citations
