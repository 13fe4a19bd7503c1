"""Comparisons and English questions over Chinese filings (the held-out sets of session 53): the bigger of
two losses and the gap, a comparison with a company no document is filed by, a named ratio asked beside the
comparison of its two operands, a breakdown's rows ranked, the parent company asked in analysts' shorthand,
and a Chinese filer named in English with its Chinese name and an alias in brackets. Each runs the real
parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask_refused as _ask
from .corpus import indexed_answerer

AQUILA_2022 = """# Aquila Aerospace Inc. Annual Report on Form 10-K for fiscal year 2022

## Segment results

Aquila reports two segments: the Commercial Aircraft segment and the Defense Systems segment.

Aquila International had net sales of $12.1 billion for fiscal 2022, representing 18% of our consolidated net
sales. Aquila International operates in Canada, Chile and Mexico.

## Loss from operations by segment

(in millions)

| | 2022 | 2021 |
|---|---|---|
| Commercial Aircraft | (2,370) | (6,475) |
| Defense Systems | (3,544) | 1,544 |
| Total segment loss from operations | (5,914) | (4,931) |

## CONSOLIDATED STATEMENTS OF OPERATIONS

(in millions)

| | 2022 | 2021 |
|---|---|---|
| Revenues | 66,608 | 62,286 |
| Net loss | (4,935) | (4,202) |
"""

XINGGUANG_2006 = """# 厦门星光纸业股份有限公司 2006年年度报告

## 第一节 公司基本情况

公司中文名称：厦门星光纸业股份有限公司。公司英文名称：Xiamen Starlight Paper Corporation。

## 合并资产负债表

单位：元

| 项目 | 2006年12月31日 | 2005年12月31日 |
|---|---|---|
| 应收账款 | 52,118,406.12 | 47,306,552.80 |
| 短期借款 | 96,000,000.00 | 81,500,000.00 |

## 母公司资产负债表

单位：元

| 项目 | 2006年12月31日 | 2005年12月31日 |
|---|---|---|
| 应收账款 | 39,503,290.44 | 35,112,908.17 |

## 母公司利润表

单位：元

| 项目 | 2006年度 | 2005年度 |
|---|---|---|
| 营业收入 | 301,550,872.65 | 266,014,330.21 |
| 净利润 | 36,624,960.25 | 30,118,205.46 |

## 母公司现金流量表

单位：元

| 项目 | 2006年度 | 2005年度 |
|---|---|---|
| 经营活动产生的现金流量净额 | 76,269,751.83 | 14,095,748.77 |

## 七、合并财务报表项目注释

### 26、销售费用

单位：元

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 运输费 | 8,120,330.00 | 7,200,000.00 |
| 职工薪酬 | 12,406,552.18 | 10,000,000.00 |
| 广告宣传费 | 3,080,000.00 | 2,500,000.00 |
| 差旅费 | 2,900,115.60 | 2,100,000.00 |
| 合计 | 26,506,997.78 | 21,800,000.00 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "AQUILA_2022_10K.md": AQUILA_2022,
        "2007-03-20__厦门星光纸业股份有限公司__2006年__年度报告.md": XINGGUANG_2006,
    }
    yield from indexed_answerer(tmp_path_factory, "compared", docs)


def test_the_bigger_loss_is_the_more_negative_figure_and_the_gap_is_given(answerer: Answerer) -> None:
    refused, text = _ask(
        answerer,
        "In 2022, which Aquila segment posted the bigger loss from operations, Commercial Aircraft or "
        "Defense Systems, and by how much?",
    )
    assert not refused and text.startswith("Defense Systems") and "1,174" in text


def test_a_comparison_with_a_company_no_document_is_filed_by_is_refused(answerer: Answerer) -> None:
    refused, text = _ask(answerer, "Was Aquila's 2022 revenue more than twice Orbex's revenue for 2022?")
    assert refused and "Orbex" in text and "66,608" not in text


def test_a_share_that_came_from_a_place_no_quote_names_is_refused(answerer: Answerer) -> None:
    question = "In fiscal 2022, what share of Aquila International's net sales came from Chile?"
    refused, text = _ask(answerer, question)
    assert refused and "18%" not in text and "Chile" in text


def test_a_named_ratio_beside_the_comparison_of_its_operands(answerer: Answerer) -> None:
    refused, text = _ask(
        answerer,
        "厦门星光纸业2006年母公司的净现比是多少（保留两位小数）？母公司经营活动现金流量净额是否超过了母公司净利润？",
    )
    assert not refused and "2.08" in text and "是" in text


@pytest.mark.parametrize(
    ("question", "printed"),
    [
        ("xiamen starlight paper parent co AR at end-06?", "39,503,290.44"),
        (
            "What were the parent-company accounts receivable of Xiamen Starlight Paper (厦门星光纸业) at "
            "31 December 2006?",
            "39,503,290.44",
        ),
    ],
)
def test_the_parent_company_asked_in_shorthand(answerer: Answerer, question: str, printed: str) -> None:
    refused, text = _ask(answerer, question)
    assert not refused and printed in text and "52,118,406.12" not in text


def test_an_english_name_glossed_in_chinese_with_an_alias_is_the_filer(answerer: Answerer) -> None:
    refused, text = _ask(
        answerer,
        "Per the balance sheet its directors signed off, how much did Xiamen Starlight Paper (厦门星光纸业, "
        "Starlight) owe banks under short-term borrowings at the end of 2006?",
    )
    assert not refused and "96,000,000.00" in text


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("厦门星光纸业2006年销售费用各明细项目中，金额最大的是哪一项？", "最高的是职工薪酬：12,406,552.18元"),
        ("厦门星光纸业2006年销售费用中金额排名第三的是哪一项？", "排名第3的是广告宣传费：3,080,000.00元"),
        ("厦门星光纸业2006年销售费用中哪一项金额最少？", "最低的是差旅费：2,900,115.60元"),
    ],
)
def test_a_breakdown_s_rows_ranked_on_the_column_asked(answerer: Answerer, question: str, first: str) -> None:
    refused, text = _ask(answerer, question)
    assert not refused and first in text and "26,506,997.78" not in text  # the total is no item


@pytest.mark.parametrize(
    ("question", "verdict", "printed"),
    [
        ("Did Aquila's revenues exceed $60 billion in 2022?", "Yes", "66,608"),
        ("Did Aquila's revenues exceed $70 billion in 2022?", "No", "66,608"),
        ("厦门星光纸业2006年母公司营业收入是否超过3亿元？", "是", "301,550,872.65"),
        ("厦门星光纸业2006年母公司营业收入是否超过4亿元？", "否", "301,550,872.65"),
    ],
)
def test_a_figure_held_against_the_threshold_the_question_gives(
    answerer: Answerer, question: str, verdict: str, printed: str
) -> None:
    refused, text = _ask(answerer, question)
    assert not refused and text.startswith(verdict) and printed in text


def test_a_figure_per_unit_is_refused_when_the_quote_never_names_the_unit(answerer: Answerer) -> None:
    refused, text = _ask(answerer, "What revenue per available seat mile did Aquila report for 2022?")
    assert refused and "66,608" not in text
