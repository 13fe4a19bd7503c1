"""Amounts the question defines and then asks something of, as the held-out sets of session 56 asked them:
the growth of a defined free cash flow, a share of it, it as a share of another item; a balance's change
asked "rise or fall, and by how much"; a formula named only where to read; FinanceBench's instructions on
how to work; 全面摊薄 returns, a year's opening balance, related parties' balances, a product's revenue
that no row prints, a change no level answers. Each runs the real parser, chunker, fact extractor, store
and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

INITECH = """# Initech Corp Annual Report on Form 10-K for fiscal year 2022

## CONSOLIDATED STATEMENTS OF CASH FLOWS

(in millions)

| | 2022 | 2021 |
|---|---|---|
| Net income | 1,500 | 1,200 |
| Net cash provided by operating activities | 2,600 | 2,000 |
| Purchases of property and equipment | (1,000) | (800) |
| Dividends paid | (640) | (600) |

## CONSOLIDATED BALANCE SHEETS

(in millions)

| | December 31, 2022 | December 31, 2021 |
|---|---|---|
| Cash and cash equivalents | 1,000 | 900 |
| Short-term investments | 500 | 400 |
| Receivables | 300 | 280 |
| Goodwill | 915 | 425 |
| Total current assets | 14,688 | 15,403 |
| Total current liabilities | 9,523 | 9,035 |

## Working capital (non-GAAP measure)

(in millions)

| | December 31, 2022 | December 31, 2021 |
|---|---|---|
| Current assets | 14,688 | 15,403 |
| Less: Current liabilities | 9,523 | 9,035 |
| Working capital | 5,165 | 6,368 |

## Note 12. Postemployment Benefits

Pension plans with projected benefit obligations in excess of plan assets (in millions):

| | Non-U.S. Plans December 31, 2022 | Non-U.S. Plans December 31, 2021 |
|---|---|---|
| Projected benefit obligation | 162 | 148 |
| Fair value of plan assets | 70 | 67 |

## Goodwill

The changes in the carrying amount of goodwill by segment (in millions):

| | Cloud | Devices | Total |
|---|---|---|---|
| Balance at December 31, 2021 | 300 | 125 | 425 |
| Acquisitions | 480 | 10 | 490 |
| Balance at December 31, 2022 | 780 | 135 | 915 |
"""

NANLING = """# 湖南岭南民用爆破器材股份有限公司首次公开发行股票招股说明书

## 第十节 财务会计信息

### 资产负债表

单位：元

| 项目 | 2005年12月31日 | 2004年12月31日 |
|---|---|---|
| 固定资产 | 61,210,089.86 | 55,300,000.00 |
| 股本 | 60,000,000.00 | 60,000,000.00 |
| 股东权益合计 | 106,778,378.92 | 86,861,494.88 |

### 主要固定资产情况

截至2005年12月31日，公司固定资产净值为58,127,798.38元，总体成新度为78.29%。

### 利润表

单位：元

| 项目 | 2005年度 | 2004年度 |
|---|---|---|
| 营业收入 | 402,113,885.10 | 351,600,000.00 |
| 净利润 | 19,916,884.04 | 15,300,000.00 |

### 预收账款

单位：万元

| 项目 | 2007年6月30日 | 2006年12月31日 | 2005年12月31日 |
|---|---|---|---|
| 预收账款 | 130,544.91 | 93,779.98 | 43,421.68 |

### 与关联方之间的往来余额

单位：万元

| 关联方往来项目 | 2007年6月30日 | 2006年12月31日 | 2005年12月31日 |
|---|---|---|---|
| 关联方预收账款 | 49,402.76 | 44,024.55 | 19,892.23 |
"""

QINGHE = """# 青禾装备股份有限公司2019年年度报告

## 主营业务分产品情况

单位:元 币种:人民币

| 分产品 | 营业收入 | 营业成本 | 毛利率（%） |
|---|---|---|---|
| 冷冻设备 | 371,318,215.91 | 250,587,829.59 | 32.51 |
| 罐式集装箱 | 764,321,152.14 | 610,446,120.30 | 20.13 |

## 股份变动情况

报告期内，公司回购注销不符合激励条件的激励对象已获授但尚未解锁的限制性股票，相关手续已办理完毕。

## 合并利润表

单位:元 币种:人民币

| 项目 | 2019年度 | 2018年度 |
|---|---|---|
| 营业收入 | 1,175,301,034.32 | 1,190,000,000.00 |

## 合并资产负债表

单位:元 币种:人民币

| 项目 | 2019年12月31日 | 2018年12月31日 |
|---|---|---|
| 股本 | 210,674,875.00 | 210,674,875.00 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"INITECH_2022_10K.md": INITECH, "nanling_prospectus.md": NANLING, "qinghe_2019.md": QINGHE}
    yield from indexed_answerer(tmp_path_factory, "defined", docs)


def test_a_defined_amount_s_growth_is_worked_out_for_both_years(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "By what percentage did Initech's free cash flow (operating cash flow less purchases of property "
            "and equipment) grow from 2021 to 2022?"
        )
    )
    # (2,600 − 1,000) / (2,000 − 800) − 1; never the amount shown in percent (160,000.00%)
    assert "33.33%" in a.answer and "160,000" not in a.answer, a.answer


def test_a_share_of_a_defined_amount_divides_the_part_by_it(answerer: Answerer) -> None:
    define = (
        "Define free cash flow as net cash provided by operating activities minus purchases of property and "
        "equipment."
    )
    a = answerer.ask(
        SearchRequest(f"What share of Initech's 2022 free cash flow was paid out as dividends? {define}")
    )
    assert "40.00%" in a.answer, a.answer  # 640 / (2,600 − 1,000)
    b = answerer.ask(
        SearchRequest(
            "What were Initech's 2022 dividends paid as a percentage of free cash flow, with free cash flow "
            "defined as net cash provided by operating activities minus purchases of property and equipment?"
        )
    )
    assert "40.00%" in b.answer, b.answer


def test_a_defined_amount_as_a_share_of_another_item(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What was Initech's 2022 free cash flow (net cash provided by operating activities minus "
            "purchases of property and equipment) as a percentage of net income?"
        )
    )
    assert "106.67%" in a.answer, a.answer  # (2,600 − 1,000) / 1,500


def test_rise_or_fall_and_by_how_much_is_the_change(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("Did Initech's goodwill carrying value rise or fall during 2022, and by how much?")
    )
    assert "490" in a.answer and a.calculation is not None, a.answer  # 915 − 425


def test_an_instruction_on_how_to_work_is_no_kind_of_the_item(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What was the percentage growth in goodwill of Initech's Cloud segment in 2022? Address the "
            "question by adopting the perspective of a financial analyst who can only use the details "
            "shown within the goodwill note."
        )
    )
    assert "160.00%" in a.answer, a.answer  # (780 − 300) / 300


def test_a_formula_named_where_to_read_is_not_the_one_asked(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "Using the current assets and current liabilities that Initech reports in its working capital "
            "table, what was Initech's current ratio as of December 31, 2022? Round to two decimal places."
        )
    )
    assert "1.54" in a.answer and "5,165" not in a.answer, a.answer  # 14,688 / 9,523, not working capital


def test_a_fully_diluted_return_on_equity_is_over_the_year_end_equity(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("岭南民爆2005年的全面摊薄净资产收益率是多少？"))
    assert "18.65%" in a.answer, a.answer  # 19,916,884.04 / 106,778,378.92, not over the average equity


def test_a_year_s_opening_balance_of_the_related_parties(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("岭南民爆的关联方预收账款，从2006年初到2007年6月末增长了多少（百分比）？"))
    # 49,402.76 / 19,892.23 − 1: the related parties' row, the balance at the end of 2005
    assert "148.35%" in a.answer, a.answer


def test_a_product_no_row_prints_is_not_the_company_s_revenue(answerer: Answerer) -> None:
    kind = answerer.ask(SearchRequest("青禾装备2019年冷冻设备实现了多少营业收入？"))
    assert "371,318,215.91" in kind.answer, kind.answer
    other = answerer.ask(SearchRequest("青禾装备2019年速冻设备单独实现了多少营业收入？"))
    assert "1,175,301,034.32" not in other.answer, other.answer


def test_a_change_asked_is_not_answered_by_one_balance(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("青禾装备2019年回购注销限制性股票后，总股本减少了多少股？"))
    assert "为210,674,875.00元" not in a.answer, (
        a.answer
    )  # the year-end 股本 given as the answer is no change


def test_a_measure_of_an_item_is_not_the_item_s_balance(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("岭南民爆截至2005年末固定资产的总体成新度是多少？"))
    assert "61,210,089.86" not in a.answer and "78.29%" in a.answer, a.answer


def test_the_other_class_s_column_never_answers(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What was the funded ratio (fair value of plan assets divided by projected benefit obligation) "
            "of Initech's U.S. pension plans at the end of 2022?"
        )
    )
    assert "70 / 162" not in a.answer, a.answer  # the Non-U.S. plans' figures


def test_a_share_of_a_whole_written_as_a_sum(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "At the end of 2022, what share of Initech's cash and cash equivalents plus short-term "
            "investments consisted of receivables?"
        )
    )
    assert "20.00%" in a.answer, a.answer  # 300 / (1,000 + 500), not 300 / 1,000


def test_two_items_added_and_grown_in_one_year_are_grown_over_the_year_before(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("by what % did initech's cash + short-term investments grow in 2022?"))
    assert "15.38%" in a.answer, a.answer  # (1,000 + 500) / (900 + 400) − 1; never cash alone's 11.11%
