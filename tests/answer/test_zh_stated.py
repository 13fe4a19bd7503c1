"""Figures a prospectus sentence lists for its report years without writing them ("报告期研发投入资金逐年
增长，分别为…"): read oldest first, the years its statements print. Runs the real parser, chunker, fact
extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

PROSPECTUS = """# 江苏爱康太阳能科技股份有限公司首次公开发行股票招股意向书

## 第六节 业务和技术

### （六）保持技术不断创新的机制

3、加大研发投入

发行人一贯重视科研资金投入，报告期研发投入资金逐年增长，分别为1,298.13万元、1,687.89万元及3,850.66万元；同时不断提高自主创新能力。

近五年行业平均毛利率分别为18.00%、19.00%及20.00%。

## 第十节 财务会计信息

### 合并利润表

单位：元

| 项目 | 2010年度 | 2009年度 | 2008年度 |
|---|---|---|---|
| 一、营业收入 | 1,247,954,726.81 | 553,872,638.56 | 377,803,567.69 |
| 减：营业成本 | 1,034,217,591.64 | 440,100,200.00 | 300,200,100.00 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "zh_stated", {"aikang_prospectus.md": PROSPECTUS})


def test_a_report_period_list_is_read_oldest_first_for_the_years_the_statements_print(
    answerer: Answerer,
) -> None:
    assert "1,298.13" in ask(answerer, "江苏爱康太阳能2008年度的研发投入资金是多少？")
    assert "3,850.66" in ask(answerer, "江苏爱康太阳能招股意向书披露的2010年度研发投入资金是多少？")
    summed = ask(answerer, "江苏爱康太阳能2008年至2010年三年研发投入资金合计是多少万元？")
    assert "6,836.68" in summed  # 1,298.13 + 1,687.89 + 3,850.66


def test_a_list_of_more_years_than_the_report_holds_is_no_year_s_figure(answerer: Answerer) -> None:
    # "近五年" names five years, three figures follow: none of them is 2010's
    assert "20.00%" not in ask(answerer, "江苏爱康太阳能所在行业2010年的平均毛利率是多少？")
