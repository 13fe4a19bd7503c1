"""A related party's transaction amount is its row of the table of the direction asked (sales or purchases),
read through the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

TANKS_2019 = """# 南通罐箱科技股份有限公司 2019年年度报告

公司的中文简称为罐箱科技，股票代码为603999。

## 第十一节 财务报告

### 5、关联交易情况

#### (1). 购销商品、提供和接受劳务的关联交易

采购商品/接受劳务情况表

单位：元 币种：人民币

| 关联方 | 关联交易内容 | 本期发生额 | 上期发生额 |
|---|---|---|---|
| 南通剑桥公司 | 采购材料及加工 | 10,077,771.57 | 11,187,394.14 |

出售商品/提供劳务情况表

单位：元 币种：人民币

| 关联方 | 关联交易内容 | 本期发生额 | 上期发生额 |
|---|---|---|---|
| 南通剑桥公司 | 废料及受托加工 | 73,143.37 | 61,200.00 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "related", {"tanks_2019.md": TANKS_2019})


def test_a_related_party_s_sales_and_purchases_are_its_rows_of_each_table(answerer: Answerer) -> None:
    asked = "罐箱科技2019年向关联方南通剑桥输送设备有限公司{}的关联交易金额是多少元？"
    sold = answerer.ask(SearchRequest(asked.format("出售商品/提供劳务")))
    assert "73,143.37" in sold.answer and "10,077,771.57" not in sold.answer
    bought = answerer.ask(SearchRequest(asked.format("采购商品")))
    assert "10,077,771.57" in bought.answer and "73,143.37" not in bought.answer
    before = answerer.ask(SearchRequest(asked.format("出售商品").replace("2019年", "2018年")))
    assert "73,143.37" not in before.answer  # never the 本期发生额 of another year
