"""Growths and sums as the held-out sets of session 36 asked them: a growth the filer prints itself, a
count whose row prints only the tail of its name, a balance's change on the cash flow statement, a net
issuance of debt. Each runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

TIANYUAN = """# 安徽天源科技股份有限公司首次公开发行股票招股意向书

## 五、本公司成立以来员工人数的变化情况

| 项目 | 2003年12月31日 | 2004年12月31日 | 2005年12月31日 |
|---|---|---|---|
| 人数 | 169 | 201 | 226 |

## 1、公司近三年主要产品产能、产量、销售量和产销率情况如下：

| 产品 | 项目 | 2003年 | 2004年 | 2005年 |
|---|---|---|---|---|
| 四氧化三锰 | 产能（吨） | 6,000 | 10,000 | 10,000 |
| | 产量（吨） | 5,804.0 | 9,804.2 | 10,178.3 |
| 永磁铁氧体器件 | 产能（吨） | 600 | 1,200 | 1,300 |
| | 产量（吨） | 524.5 | 1,217.8 | 929.5 |
"""

JINYU = """# 金宇生物技术股份有限公司2020年年度报告

## (1). 主营业务分行业、分产品、分地区情况

单位:元 币种:人民币

| 主营业务分地区情况 | 营业收入 | 营业成本 | 毛利率（%） |
|---|---|---|---|
| 国内 | 1,565,410,237.50 | 604,000,000.00 | 61.40 |
| 国外 | 1,909,762.50 | 439,500.00 | 76.99 |
"""

SIFANG = """# 青禾装备股份有限公司2019年年度报告

## 主营业务分行业、分产品、分地区情况

单位:元 币种:人民币

| 分产品 | 营业收入 | 营业成本 | 毛利率（%） | 营业收入比上年增减（%） | 营业成本比上年增减（%） |
|---|---|---|---|---|---|
| 冷冻设备 | 371,318,215.91 | 250,587,829.59 | 32.51 | 2.47 | 8.86 |
| 罐式集装箱 | 764,321,152.14 | 610,446,120.30 | 20.13 | -8.21 | -10.02 |
"""

GLOBEX = """# Globex Corp Annual Report on Form 10-K for fiscal year 2021

## RESULTS OF OPERATIONS

| | 2021 | 2020 |
|---|---|---|
| Net Sales | $192,052 | $163,220 |
| Increases in comparable sales: | | |
| Canada | 20 % | 5 % |
| Increases in comparable sales excluding the impact of changes in foreign | | |
| currency and gasoline prices | | |
| Canada | 12 % | 7 % |

## CONSOLIDATED STATEMENTS OF CASH FLOWS

(in millions)

| | 2021 | 2020 |
|---|---|---|
| Net cash provided by operating activities | 8,958 | 8,861 |
| Issuance of long-term debt, net of related costs | 6,211 | 1,000 |
| Repayments of long-term debt | (2,250) | (500) |

## CONSOLIDATED BALANCE SHEETS

(in millions)

| | 2021 | 2020 |
|---|---|---|
| Long-term debt | 7,531 | 6,692 |
| Total liabilities | 41,190 | 36,851 |
| Total stockholders' equity | 18,078 | 15,243 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"tianyuan_prospectus.md": TIANYUAN, "GLOBEX_2021_10K.md": GLOBEX, "jinyu_2020.md": JINYU}
    docs["qinghe_2019.md"] = SIFANG
    yield from indexed_answerer(tmp_path_factory, "growths", docs)


def test_a_count_whose_row_prints_the_tail_of_its_name_under_a_title_naming_it(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("天源科技员工人数03年末到05年末增幅？"))
    assert "33.73%" in a.answer  # (226 − 169) / 169: the "人数" row of the table about 员工人数


def test_a_comparable_sales_growth_is_quoted_under_the_heading_the_question_words(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "Globex FY2021: Canada comparable sales growth excluding the impact of gas prices and FX?"
        )
    )
    assert "12%" in a.answer and "20%" not in a.answer


def test_a_net_issuance_of_long_term_debt_is_issuance_less_repayments(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("globex 2021 net long-term debt issuance?"))
    assert "3,961" in a.answer


def test_a_product_s_ratio_of_two_measures_its_rows_print_with_their_units(answerer: Answerer) -> None:
    # "产量（吨）" is the 产量 row; the product is written before the year, not after it
    question = "按天源科技招股意向书，永磁铁氧体器件2004年的产能利用率是多少？产能利用率=产量/产能"
    a = answerer.ask(SearchRequest(question))
    assert "1,217.8 / 1,200" in a.answer and "101.48%" in a.answer, a.answer


def test_a_growth_whose_earlier_year_is_not_printed_is_not_answered_by_the_level(
    answerer: Answerer,
) -> None:
    level = answerer.ask(SearchRequest("金宇生物2020年国外业务的营业收入是多少？"))
    assert "1,909,762.50" in level.answer
    growth = answerer.ask(SearchRequest("金宇生物2020年国外业务的营业收入比2019年增长了多少？"))
    assert growth.calculation is None and "为1,909,762.50元" not in growth.answer, growth.answer  # no level


def test_a_defined_ratio_missing_an_operand_is_no_textbook_formula(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "Compute Globex's FY2021 debt-to-equity as (short-term debt + long-term debt) / total "
            "stockholders' equity. Round to two decimals."
        )
    )
    assert "2.28" not in a.answer and "41,190" not in a.answer, a.answer  # total liabilities / equity


def test_two_growths_compared_read_the_change_columns_without_the_year_before(answerer: Answerer) -> None:
    faster = answerer.ask(SearchRequest("青禾装备2019年冷冻设备的营业成本增速是否高于其营业收入增速？"))
    assert faster.answer.startswith("是") and "8.86%" in faster.answer and "2.47%" in faster.answer
    # signed: a 10.02% fall is no faster growth than an 8.21% one
    fell = answerer.ask(SearchRequest("青禾装备2019年罐式集装箱的营业成本增速是否高于营业收入增速？"))
    assert fell.answer.startswith("否") and "-10.02%" in fell.answer, fell.answer
