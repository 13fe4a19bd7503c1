"""A Chinese question's own quotient of one product's rows ("平均每吨卖多少钱？按当年销售额除以销售量计算"):
each term is the row of that name under the product asked, never another product's. Runs the real parser,
chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

PRODUCTS = """# 示例磁材科技股份有限公司 首次公开发行股票招股意向书

## 第六节 业务和技术

### 四、主营业务情况

1、公司近三年主要产品产能、产量、销售量、销售额和产销率情况如下：

| 产品 | 项目 | 2003年 | 2004年 | 2005年 |
|---|---|---|---|---|
| 四氧化三锰 | 销售量（吨） | 5,705.2 | 9,682.4 | 10,158.3 |
| | 销售额（万元） | 4,033.4 | 9,704.0 | 10,703.2 |
| 磁分离及配套设备 | 销售量（台套） | 180 | 260 | 364 |
| | 销售额（万元） | 3,242.64 | 4,660.80 | 6,091.97 |
| 锶铁氧体预烧料 | 销售量（吨） | 1,864.1 | 4,591.7 | 5,315.8 |
| | 销售额（万元） | 523.10 | 1,297.20 | 1,560.48 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "kinds", {"示例磁材_招股意向书.md": PRODUCTS})


def test_a_product_s_quotient_uses_its_own_rows(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "示例磁材2005年锶铁氧体预烧料平均每吨卖多少钱？按当年销售额除以销售量计算，单位元/吨，保留两位小数。",
    )
    assert "2,935.55" in text  # 15,604,800 元 / 5,315.8 吨
    assert "10,158.3" not in text  # not 四氧化三锰's 销售量


def test_a_quotient_written_as_its_own_clause_is_restated_in_the_scale_asked(answerer: Answerer) -> None:
    text = ask(
        answerer, "示例磁材2005年磁分离及配套设备平均每台套卖多少万元？销售额除以销售量，保留两位小数。"
    )
    assert "16.74万元" in text  # 6,091.97万元 / 364


def test_a_change_between_years_of_an_undated_quotient_is_not_one_year_s_quotient(answerer: Answerer) -> None:
    text = ask(
        answerer, "按“销售额÷销售量”计算示例磁材锶铁氧体预烧料的平均销售单价，2005年比2003年上涨了多少？"
    )
    assert "2,935.55" not in text  # 2005's price alone is not the rise asked
