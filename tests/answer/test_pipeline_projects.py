"""A prospectus's investment projects (募集资金投资项目), each with its table of economics: the after-tax
internal rate of return, net present value and payback period asked of one project are read from that
project's table (its "所得税后" column), never another project's, and "所得税后" is no income tax row. Runs
the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

PROSPECTUS = """# 江南光伏科技股份有限公司首次公开发行股票招股意向书

## 第十三节 募集资金运用

本次发行募集资金将投资于以下两个项目。

### （一）年产800万套光伏支架扩建项目

本项目建设期为1年，总投资12,500.00万元。项目达产后，正常年营业收入38,000.00万元。

本项目的经济效益指标如下：

| 序号 | 指标名称 | 单位 | 所得税前 | 所得税后 |
|---|---|---|---|---|
| 1 | 财务内部收益率 | % | 38.00 | 28.80 |
| 2 | 财务净现值 | 万元 | 28,466.00 | 18,192.00 |
| 3 | 投资回收期 | 年 | 4.00 | 4.70 |

### （二）年产1500万平方米封装胶膜扩建项目

本项目建设期为1年，总投资15,300.00万元。项目达产后，正常年营业收入52,000.00万元。

本项目的经济效益指标如下：

| 序号 | 指标名称 | 单位 | 所得税前 | 所得税后 |
|---|---|---|---|---|
| 1 | 财务内部收益率 | % | 30.30 | 23.20 |
| 2 | 财务净现值 | 万元 | 20,071.50 | 11,967.50 |
| 3 | 投资回收期 | 年 | 4.40 | 5.20 |

### （三）特种涂布纸生产扩建项目

本项目总投资9,015万元。项目达产后，年平均销售收入40,700万元，年平均净利润3,216万元。

## 第十节 财务会计信息

### 合并利润表

单位：万元

| 项目 | 2010年度 | 2009年度 |
|---|---|---|
| 营业收入 | 60,000.00 | 50,000.00 |
| 净利润 | 4,562.91 | 3,800.00 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    files = {"江南光伏科技股份有限公司招股意向书.md": PROSPECTUS}
    yield from indexed_answerer(tmp_path_factory, "projects", files)


def test_a_project_s_after_tax_return_is_its_own_table_s(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("江南光伏募投项目“年产800万套光伏支架扩建项目”的所得税后财务内部收益率和财务净现值分别是多少？")
    )
    assert not a.refused
    assert "28.80%" in a.answer and "18,192.00万元" in a.answer  # each row's unit from the 单位 column
    assert "23.20" not in a.answer and "11,967.50" not in a.answer  # the other project's


def test_the_other_project_s_payback_period(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("江南光伏的年产1500万平方米封装胶膜扩建项目，所得税后投资回收期是几年？"))
    assert not a.refused
    assert "5.20年" in a.answer and "4.70" not in a.answer


def test_every_project_s_return_is_quoted_when_no_project_is_named(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("江南光伏本次募集资金投资项目的所得税后投资回收期分别是多少？"))
    assert "4.70" in a.answer and "5.20" in a.answer, a.answer  # each project's row, not one of them alone


def test_a_project_s_expected_margin_is_worked_out_from_its_own_projections(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "江南光伏募投的“特种涂布纸生产扩建项目”达产后预计销售净利率是多少？"
            "按年平均净利润/年平均销售收入计算，保留两位小数。"
        )
    )
    assert "7.90%" in a.answer, a.answer  # 3,216 / 40,700; never the company's 4,562.91 net profit
