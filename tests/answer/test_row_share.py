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


DEBT_NOTE = """# The Coca-Cola Company Form 10-K 2017

## NOTE 10: DEBT AND BORROWING ARRANGEMENTS

The Company's long-term debt consisted of the following (in millions):

|  | December 31, 2017 Amount | December 31, 2016 Amount |
|---|---|---|
| U.S. dollar notes due 2018–2093 | $16,854 | $16,922 |
| Euro notes due 2019–2036 | 13,663 | 11,567 |
| Swiss franc notes due 2022–2028 | 1,148 | 1,304 |
| Other, due through 2098 | 2,815 | 3,418 |
| Total5,6 | 34,480 | 33,211 |
| Less current portion | 3,298 | 3,527 |
| Long-term debt | $31,182 | $29,684 |
"""


ACQUISITIONS = """# Adobe Systems Incorporated Form 10-K 2015

## NOTE 2. ACQUISITIONS

### Fotolia

On January 27, 2015, we completed our acquisition of privately held Fotolia, a marketplace for royalty-free
photos. The total final purchase price was allocated to Fotolia's net tangible and intangible assets based
upon their estimated fair values.

### Neolane

On July 22, 2013, we completed our acquisition of privately held Neolane. The total final purchase price for
Neolane was $616.7 million of which $515.2 million was allocated to goodwill, $115.0 million to identifiable
intangible assets and $13.5 million to net liabilities assumed.

### Behance

The total final purchase price for Behance was approximately $111.1 million of which $91.4 million was
allocated to goodwill.
"""

BUSINESS_COMBINATION = """# Microsoft Corporation Form 10-K 2016

## NOTE 9 — BUSINESS COMBINATIONS

On April 25, 2014, we acquired substantially all of Nokia's Devices and Services business for a total
purchase price of $9.4 billion. The major classes of assets and liabilities to which we allocated the
purchase price were as follows (in millions):

|  | Amount |
|---|---|
| Cash | $1,506 |
| Intangible assets | 4,509 |
| Goodwill (b) | 5,456 |
| Other | 221 |
| Current liabilities | (4,575) |
| Total purchase price | $9,442 |
"""

STOCK_COMPENSATION = """# Square, Inc. Form 10-K 2016

## Note 13. Stock-based Compensation

The following table summarizes the effects of share-based compensation on the consolidated statements of
operations (in thousands):

|  | 2016 |
|---|---|
| Transaction, loan and hardware costs | $ 100 |
| Product development | 91,404 |
| Sales and marketing | 14,862 |
| General and administrative | 32,420 |
| Total | $ 138,786 |
"""


SEGMENT_CHARGES = """# Activision Blizzard, Inc. Form 10-K 2019

## Note 19. Restructuring

We expect to incur aggregate pre-tax restructuring charges of approximately $190 million associated with the
restructuring plan.

The total expected pre-tax restructuring charges related to the restructuring plan by segment are presented
below (amounts in millions):

| Segment | Expected pre-tax restructuring charges |
|---|---|
| Activision | $25 |
| Blizzard | 105 |
| King | 20 |
| Other segments | 40 |
| Total | $190 |
"""

CAPITAL_SPENDING = """# MGM Resorts International Form 10-K 2020

## Liquidity and Capital Resources

### Capital Expenditures

In 2020, we made capital expenditures of $271 million, of which $108 million related to MGM China.

In 2019, we made capital expenditures of $739 million, of which $146 million related to MGM China.
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "aikang_prospectus.md": PROSPECTUS,
        "COCACOLA_2017_10K.md": DEBT_NOTE,
        "ADOBE_2015_10K.md": ACQUISITIONS,
        "MICROSOFT_2016_10K.md": BUSINESS_COMBINATION,
        "SQUARE_2016_10K.md": STOCK_COMPENSATION,
        "ACTIVISION_2019_10K.md": SEGMENT_CHARGES,
        "MGM_2020_10K.md": CAPITAL_SPENDING,
    }
    yield from indexed_answerer(tmp_path_factory, "row_share", docs)


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


def test_an_english_row_is_named_by_its_head_and_read_over_the_total_row(answerer: Answerer) -> None:
    # "euro notes" names the "Euro notes due 2019–2036" row; the total including the current portion is the
    # "Total" row (footnote marks glued on), not the "Less current portion" or "Long-term debt" rows
    text = ask(
        answerer,
        "What proportion of Coca-Cola's total long-term debt (including the current portion) at December 31, "
        "2017 was in euro notes? Answer as a percentage rounded to two decimals.",
    )
    assert "39.63%" in text and "34,480" in text, text  # 13,663 / 34,480


def test_goodwill_s_share_of_a_purchase_price_is_read_off_its_allocation(answerer: Answerer) -> None:
    # the allocation table's goodwill row over its "Total purchase price" row (footnote mark aside)
    table = ask(
        answerer,
        "In Microsoft's FY2016 10-K, what percentage of the total purchase price for Nokia's Devices and"
        " Services business was allocated to goodwill? Round to two decimals.",
    )
    assert "57.78%" in table and "9,442" in table, table  # 5,456 / 9,442
    # a sentence stating both: "… was $616.7 million of which $515.2 million was allocated to goodwill"
    prose = ask(
        answerer,
        "What share of the total final purchase price Adobe paid for Neolane was allocated to goodwill?"
        " Answer as a percentage rounded to two decimals.",
    )
    assert "83.54%" in prose and "616.7" in prose, prose  # 515.2 / 616.7


def test_an_acquisition_whose_allocation_is_not_stated_borrows_no_other_s(answerer: Answerer) -> None:
    # the note states Neolane's and Behance's goodwill, never Fotolia's
    text = ask(
        answerer,
        "What share of the total final purchase price Adobe paid for Fotolia was allocated to goodwill?",
    )
    assert "83.54%" not in text and "82.27%" not in text, text


def test_a_total_row_of_something_else_is_no_whole_the_question_names(answerer: Answerer) -> None:
    # "total net revenue": the stock compensation table's "Total" sums compensation, no revenue
    text = ask(
        answerer,
        "What was Square's FY2016 product development expense as a percentage of total net revenue?",
    )
    assert "65.86%" not in text and "65.9%" not in text, text  # 91,404 / 138,786


def test_a_segment_named_inside_the_filer_s_name_is_still_the_one_row_asked(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "Of the total pre-tax restructuring charges Activision Blizzard expected for its 2019 restructuring"
        " plan, what share was attributed to the Blizzard segment?",
    )
    assert "55.26%" in text, text  # 105 / 190, the Activision row is the filer's name only


def test_an_of_which_sentence_of_the_year_asked_gives_the_part_s_share(answerer: Answerer) -> None:
    text = ask(answerer, "What share of MGM Resorts' 2020 capital expenditures related to MGM China?")
    assert "39.85%" in text and "19.76%" not in text, text  # 108 / 271, never 2019's 146 / 739
