"""How users ask (the held-out sets of session 52): shorthand (opex, D&A, CFO), a unit other than the printed
one, context before the question, an item's own initials in brackets, the filer's total beside its regions,
questions in traditional characters, bare listing codes, and near-misses a careless answer would take (one
supplier of a listed group, another balance date, a program or card the filing gives no figure for, a
ranked customer's balance). Each runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask_refused as _ask
from .corpus import indexed_answerer

ZENITH_2019 = """# Zenith Industries Inc. Annual Report on Form 10-K for fiscal year 2019

## Item 1. Business

Zenith Industries builds commercial aircraft: the 717 program and the 727 program.

In fiscal 2019, our 20 largest suppliers accounted for approximately 79% of the merchandise we \
purchased, with five suppliers – Apex, Borealis, Cirrus, Delta Parts and Ember – representing \
approximately 57% of total merchandise purchased.

Revenues increased by $6,374 million in 2019 compared with 2018 primarily due to higher 717 and 727
deliveries.

Our Gold Card members grew in 2019. SI&A expenses rose in 2019.

Employees may purchase shares of our common stock having a value not exceeding 15% of their gross pay.

## Item 3. Legal Proceedings

The Company believes the estimate of the aggregate range of reasonably possible losses, in excess of
reserves established, for its legal proceedings is from $0 to approximately $1.2 billion at June 30, 2019.

## Critical Accounting Estimates

At the goodwill impairment measurement date of October 31, 2019, our Services reporting unit had a fair \
value that exceeded its carrying amount by approximately 8% and, therefore, did not result in an impairment.

## CONSOLIDATED STATEMENTS OF OPERATIONS

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Revenues | 66,608 | 60,234 |
| Cost of sales | 50,100 | 45,300 |
| Selling, informational and administrative expenses | 12,703 | 11,615 |
| Research and development expenses | 13,829 | 12,100 |
| Total operating expenses | 62,981 | 57,015 |
| Net card fees | 6,070 | 5,500 |
| Net income | 3,627 | 3,219 |

## CONSOLIDATED STATEMENTS OF CASH FLOWS

(in thousands)

| | 2019 | 2018 |
|---|---|---|
| Depreciation and amortization | 1,178,044 | 993,480 |
| Net cash provided by operating activities | 25,255,000 | 27,753,000 |

## CONSOLIDATED BALANCE SHEETS

(in millions)

| | December 31, 2019 | December 31, 2018 |
|---|---|---|
| Total current liabilities | 12,400 | 11,900 |
| Total assets | 36,500 | 34,000 |

## Results by region

NORTH AMERICA

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Earnings before interest and taxes | 5,089 | 4,100 |

## Earnings before interest and taxes

(in millions)

| | 2019 | 2018 |
|---|---|---|
| North America | 5,089 | 4,100 |
| Europe | 1,834 | 1,200 |
| Total Zenith Industries, Inc. Earnings before interest and taxes | 6,923 | 5,300 |
"""

SIFANG_2019 = """# 四方科技集团股份有限公司 2019年年度报告

## 第二节 公司简介和主要财务指标

公司的中文简称为四方科技。公司股票在上海证券交易所上市，股票代码为603339。

## 合并利润表

单位：元 币种：人民币

| 项目 | 2019年度 | 2018年度 |
|---|---|---|
| 营业收入 | 1,175,301,034.32 | 1,230,537,181.80 |
| 营业成本 | 903,236,584.52 | 950,011,220.00 |
| 净利润 | 129,465,020.68 | 182,223,387.13 |

## 合并资产负债表

单位：元 币种：人民币

| 项目 | 2019年12月31日 | 2018年12月31日 |
|---|---|---|
| 短期借款 | 34,271,645.00 | 25,375,135.60 |
| 应收账款 | 35,667,317.09 | 50,873,345.79 |

## 七、合并财务报表项目注释

### 61、营业收入和营业成本

单位：元 币种：人民币

| 项目 | 本期发生额 收入 | 本期发生额 成本 | 上期发生额 收入 | 上期发生额 成本 |
|---|---|---|---|---|
| 主营业务 | 1,141,020,917.45 | 885,557,795.72 | 1,196,257,064.93 | 932,331,431.20 |
| 其他业务 | 34,280,116.87 | 17,678,788.80 | 34,280,116.87 | 17,679,788.80 |

## 十七、母公司财务报表主要项目注释

### 4、营业收入和营业成本

单位：元 币种：人民币

| 项目 | 本期发生额 收入 | 本期发生额 成本 | 上期发生额 收入 | 上期发生额 成本 |
|---|---|---|---|---|
| 主营业务 | 385,198,159.09 | 261,383,071.69 | 379,673,813.08 | 247,515,689.80 |
| 其他业务 | 36,180,772.58 | 26,612,054.56 | 40,586,425.58 | 32,122,269.83 |

## 主要客户

公司2019年第一大客户为乳源东阳光磁性材料公司，销售金额14,963,000.00元，占年度销售总额的1.27%。

湘潭电化科技股份有限公司是公司在电解二氧化锰行业的主要竞争对手之一。
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "ZENITH_2019_10K.md": ZENITH_2019,
        "2020-04-16__四方科技集团股份有限公司__603339__四方科技__2019年__年度报告.md": SIFANG_2019,
    }
    yield from indexed_answerer(tmp_path_factory, "users", docs)


@pytest.mark.parametrize(
    ("question", "printed"),
    [
        ("Zenith fy19 opex?", "62,981"),  # total operating expenses
        ("Zenith 2019 D&A in USD mm?", "1,178.04 millions"),  # printed in thousands
        ("Zenith CFO for the year ended December 31, 2019, in USD billions (one decimal)?", "25.3 billions"),
    ],
)
def test_analyst_shorthand_and_the_unit_asked(answerer: Answerer, question: str, printed: str) -> None:
    refused, text = _ask(answerer, question)
    assert not refused and printed in text


def test_context_written_before_the_question_names_no_company(answerer: Answerer) -> None:
    refused, text = _ask(
        answerer, "I'm looking at the 2019 balance sheet of zenith. What were total current liabilities?"
    )
    assert not refused and "12,400" in text


def test_an_item_s_initials_in_brackets_name_no_company(answerer: Answerer) -> None:
    refused, text = _ask(
        answerer,
        "Did Zenith's selling, informational and administrative (SI&A) expenses exceed its R&D spending in "
        "2019?",
    )
    assert not refused and text.startswith("No") and "12,703" in text and "13,829" in text


def test_a_one_digit_percentage_is_a_figure_a_sentence_gives(answerer: Answerer) -> None:
    refused, text = _ask(
        answerer,
        "At its October 31, 2019 goodwill impairment measurement date, by approximately what percentage did "
        "the fair value of Zenith's Services reporting unit exceed its carrying amount?",
    )
    assert not refused and "approximately 8%" in text


def test_the_filer_s_total_row_over_a_region_s_table(answerer: Answerer) -> None:
    refused, text = _ask(answerer, "What was Zenith Industries, Inc.'s EBIT for fiscal 2019?")
    assert not refused and "6,923" in text and "5,089" not in text


@pytest.mark.parametrize(
    "question",
    [
        "What percentage of Zenith's fiscal 2019 merchandise purchases came from Apex alone?",
        "What aggregate range of reasonably possible losses, in excess of established reserves, did Zenith "
        "estimate for its legal proceedings as of December 31, 2019?",
        "How much revenue did Zenith's 727 program generate in 2019?",
        "How much revenue did Zenith earn from its Gold Card in 2019?",
        "What share of Zenith's purchase commitments outstanding at December 31, 2019 fall due in 2020?",
    ],
)
def test_a_near_miss_is_refused(answerer: Answerer, question: str) -> None:
    refused, text = _ask(answerer, question)
    assert refused, text
    assert not any(n in text for n in ("57%", "1.2 billion", "6,374", "66,608", "6,070", "15%")), text


def test_a_near_miss_s_refusal_names_what_the_quote_left_out(answerer: Answerer) -> None:
    question = "What percentage of Zenith's fiscal 2019 merchandise purchases came from Apex alone?"
    refused, text = _ask(answerer, question)
    assert refused and "looked for: Apex" in text


def test_a_question_in_traditional_characters_reads_the_parent_company_s_notes(answerer: Answerer) -> None:
    refused, text = _ask(answerer, "四方科技2019年度母公司報表中其他業務的收入是多少？")
    assert not refused and "36,180,772.58" in text and "34,280,116.87" not in text


@pytest.mark.parametrize(
    ("question", "margin"),
    [
        ("四方科技2019年度母公司報表的其他業務毛利率是多少？保留兩位小數。", "26.45%"),  # the parent's note
        ("四方科技2019年度其他业务毛利率是多少？", "48.43%"),  # the group's note
    ],
)
def test_a_kind_s_margin_from_its_revenue_and_cost_columns(
    answerer: Answerer, question: str, margin: str
) -> None:
    refused, text = _ask(answerer, question)
    assert not refused and margin in text


def test_a_listing_code_no_document_has_is_refused(answerer: Answerer) -> None:
    refused, text = _ask(answerer, "600202 19年净利多少")
    assert refused and "600202" in text
    refused, text = _ask(answerer, "603339 19年净利多少")
    assert not refused and "129,465,020.68" in text


@pytest.mark.parametrize(
    ("question", "printed"),
    [
        ("四方科技19年末短期借款比18年末多了多少", "8,896,509.40"),
        ("四方科技19年末应收账款增速多少", "-29.89%"),
        ("四方科技2019年末应收账款较2018年末变动了多少？变动率保留两位小数", "-15,206,028.70"),
        ("四方科技2019年营业收入是多少亿元？保留两位小数", "11.75亿元"),
    ],
)
def test_chinese_wordings_of_a_change_and_a_scale(answerer: Answerer, question: str, printed: str) -> None:
    refused, text = _ask(answerer, question)
    assert not refused and printed in text


def test_a_ranked_customer_s_balance_is_no_sales_figure(answerer: Answerer) -> None:
    refused, text = _ask(answerer, "四方科技对其2019年第一大客户的应收账款余额是多少元？")
    assert refused and "14,963,000.00" not in text and "35,667,317.09" not in text


def test_a_peer_named_before_its_description_files_nothing_here(answerer: Answerer) -> None:
    refused, text = _ask(answerer, "湘潭电化（电解二氧化锰生产企业）2019年末应收账款较2018年末增长了多少？")
    assert refused and "-29.89" not in text
