"""Figures of bodies other than the filer, forecasts and English items over a Chinese filing (the held-out
sets of session 54): a founder's or a group institute's ratio is never worked out from the filer's
statements, an expected ratio is never one of the past, and an item the lexicon knows only in the glossary
is read off the row printing its Chinese wording. Each runs the real parser, chunker, fact extractor,
store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask_refused as _ask
from .corpus import indexed_answerer

XINGHE_PROSPECTUS = """# 星河集团北方新材料科技股份有限公司首次公开发行股票招股意向书

## 第五节 发行人基本情况

发行人的发起人股东华夏冶金矿业总公司成立于1990年，截至2005年12月31日，其总资产为56,711.87万元，
净资产为20,252.06万元（未经审计）。星河集团北方热能研究院为发行人控股股东的下属单位，
截至2005年12月31日总资产14,740.34万元，净资产5,183.20万元。

## 第十节 财务会计信息

### 合并资产负债表

单位：元

| 项目 | 2005年12月31日 | 2004年12月31日 |
|---|---|---|
| 资产总计 | 186,944,508.12 | 160,377,002.45 |
| 负债合计 | 96,011,057.82 | 80,004,119.30 |
| 股东权益合计 | 90,933,450.30 | 80,372,883.15 |

### 母公司资产负债表

单位：元

| 项目 | 2005年12月31日 | 2004年12月31日 |
|---|---|---|
| 长期股权投资 | 85,571,300.23 | 83,494,804.28 |
| 资产总计 | 170,112,004.51 | 151,030,772.18 |

### 合并利润表

单位：元

| 项目 | 2005年度 | 2004年度 |
|---|---|---|
| 营业收入 | 215,309,876.44 | 180,221,093.10 |
| 净利润 | 14,776,405.41 | 12,100,334.20 |

## 第十一节 募集资金运用

本次募集资金到位后，公司净资产将大幅增加，由于募集资金投资项目需要一定的建设期，
公司全面摊薄的净资产收益率预计将有所下降。
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"星河集团北方新材料科技股份有限公司招股意向书.md": XINGHE_PROSPECTUS}
    yield from indexed_answerer(tmp_path_factory, "others", docs)


@pytest.mark.parametrize(
    "question",
    [
        "星河新材料招股意向书中，发起人股东华夏冶金矿业总公司2005年末的资产负债率是多少？",
        "根据星河集团北方新材料科技股份有限公司招股意向书，星河集团北方热能研究院截至2005年12月31日的资产负债率是多少？",
    ],
)
def test_another_body_s_ratio_is_never_the_filer_s(answerer: Answerer, question: str) -> None:
    _, text = _ask(answerer, question)
    assert "51.36" not in text and "负债合计" not in text  # the filer's 96,011,057.82 / 186,944,508.12


def test_an_expected_ratio_is_never_worked_out_from_the_past(answerer: Answerer) -> None:
    _, text = _ask(answerer, "星河新材料募集资金到位后，公司全面摊薄的净资产收益率预计将降至多少？")
    assert "=" not in text and "16.25" not in text  # no 净利润 / 股东权益 of 2005


def test_an_english_item_is_read_off_the_row_of_its_chinese_wording(answerer: Answerer) -> None:
    question = (
        "What was the long-term equity investment balance on Xinghe New Materials' (星河新材料) "
        "parent-company balance sheet at December 31, 2005?"
    )
    refused, text = _ask(answerer, question)
    assert not refused and "85,571,300.23" in text, text
