"""The combined stake of the holders a Chinese question names, read off a shareholders' table, as the held-out
sets of session 63 asked it. Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

JINYU = """# 金宇生物技术股份有限公司 2020年年度报告

公司简称为金宇生物。

## 第六节 普通股股份变动及股东情况

### (二) 截止报告期末前十名股东持股情况表

单位:股

| 股东名称（全称） | 报告期内增减 | 期末持股数量 | 比例(%) | 股东性质 |
|---|---|---|---|---|
| 香港中央结算有限公司 | 78,033,033 | 197,512,701 | 17.54 | 未知 |
| 内蒙古金宇生物控股有限公司 | 0 | 122,304,000 | 10.86 | 境内非国有法人 |
| 中国证券金融股份有限公司 | -4,880,303 | 21,993,882 | 1.95 | 国有法人 |
| 张翀宇 | 0 | 18,538,226 | 1.65 | 境内自然人 |

前10名股东中，张翀宇为内蒙古金宇生物控股有限公司股东。
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "holders", {"金宇生物2020年年度报告.md": JINYU})


def test_the_named_holders_stakes_are_added(answerer: Answerer) -> None:
    text = ask(answerer, "2020年末，金宇生物股东内蒙古金宇生物控股有限公司和张翀宇合计持有多少比例？")
    assert "12.51%" in text and "10.86" in text and "1.65" in text, text


def test_one_holders_stake_or_a_share_of_something_else_is_no_sum(answerer: Answerer) -> None:
    one = ask(answerer, "截至2020年末，金宇生物股东张翀宇持有公司多少比例的股份？")
    assert "12.51" not in one, one
    other = ask(answerer, "金宇生物内蒙古金宇生物控股有限公司和张翀宇合计持股数量占前十名持股合计的比例？")
    assert "12.51" not in other, other
