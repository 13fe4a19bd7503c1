"""A named row's share of its table's total row: a prospectus's fund-raising projects, as the held-out sets
of session 61 asked about them. Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, ask_refused, indexed_answerer

PROSPECTUS = """# 江苏爱康太阳能科技股份有限公司首次公开发行股票招股意向书

## 第二节 概览

### 七、募集资金的运用

本次发行成功后，所募集资金将用于下列项目的投资建设： 单位：万元

| 序号 | 项目名称 | 投资金额 | 建设期 |
|---|---|---|---|
| 1 | 年产550万套太阳能电池边框扩建项目 | 17,930.00 | 1年 |
| 2 | 年产2220万平方米EVA太阳能电池胶膜扩建项目 | 18,660.80 | 1年 |
| 3 | 年产300MW光伏发电系统安装支架扩建项目 | 10,704.80 | 1年 |
| - | 合计 | 47,295.60 | - |

## 第九节 员工情况

截至2010年12月31日，公司员工按专业结构划分如下：

| 专业构成 | 人数 |
|---|---|
| 生产人员 | 1,650 |
| 技术人员 | 210 |
| 销售人员 | 61 |

截至2010年12月31日，公司员工按职能划分如下：

| 职能 | 人数 |
|---|---|
| 管理及行政人员 | 206 |
| 研发及技术人员 | 190 |
| 生产及辅助人员 | 1,715 |
| 合计 | 2,111 |

## 第十一节 管理层讨论与分析

公司近三年收到的政府补助如下： 单位：万元

| 内容 | 2010年度金额 | 2010年度占当期利润总额比例 |
|---|---|---|
| 扶助企业资金补助 | 300.00 | 20.43% |
| 税收返还 | 7.40 | 0.50% |
| 合计 | 307.40 | 20.93% |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "row_share", {"aikang_prospectus.md": PROSPECTUS})


def test_a_project_s_share_of_the_total_investment_is_its_row_over_the_total_row(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "江苏爱康太阳能IPO募投项目中，年产2220万平方米EVA太阳能电池胶膜扩建项目的投资额占募投项目总投资的"
        "比例是多少？保留两位小数。",
    )
    assert "39.46%" in text and "47,295.60" in text  # 18,660.80 / 47,295.60
    english = ask(
        answerer,
        "What share of 江苏爱康太阳能's total planned IPO project investment goes to the project"
        " 年产550万套太阳能电池边框扩建项目? Round to 2 decimals.",
    )
    assert "37.91%" in english  # 17,930.00 / 47,295.60


def test_a_table_without_a_total_row_gives_no_share(answerer: Answerer) -> None:
    # the staff table prints no total: no share is worked out of a row sum nobody printed
    refused, text = ask_refused(answerer, "江苏爱康太阳能2010年末技术人员占员工总数的比例是多少？")
    assert refused, text


def test_a_sum_of_rows_or_a_share_the_table_prints_is_no_row_s_share_of_the_total(answerer: Answerer) -> None:
    # two rows summed: never the first row's share alone
    text = ask(answerer, "爱康太阳能2010年末管理及行政人员与研发及技术人员合计占员工总数的比例是多少？")
    assert "9.76%" not in text  # 206 / 2,111
    # the table prints the row's share of another whole (利润总额): never the row over the table's total
    printed = ask(answerer, "江苏爱康太阳能2010年度收到的扶助企业资金补助占当期利润总额的比例是多少？")
    assert "97.59%" not in printed  # 300.00 / 307.40
