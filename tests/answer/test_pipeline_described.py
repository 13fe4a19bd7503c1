"""Figures asked as the held-out sets of session 57 asked them: a ratio of a company a prospectus only
describes in a paragraph, a capacity use defined in brackets, a product's volumes printed in a column the
reader ran into one, an allowance's growth, the change of an item no lexicon knows, cash paid for two
items. Each runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

TIANQING = """# 安徽天青科技股份有限公司首次公开发行股票招股意向书

## 第五节 发行人基本情况

### （三）发行人控股股东控制的其他企业

8）天青集团上海公司公司住所：上海市南京西路996号注册资本：人民币6,833万元。经会计师事务所审计，截至2005年12月31日，公司资产总额76,904.19万元，净资产14,481.34万元，2005年度净利润644.78万元。

10）天青集团洛阳研究院公司住所：洛阳市涧西区西苑路43号。经会计师事务所审计，截至2005年12月31日，公司资产总额114,296.32万元，净资产30,000.00万元，2005年度净利润2,547.72万元。

### （六）公司已签订的合资、合作合同

公司已与西藏天吴物资有限公司签订框架协议，拟出资1000万元取得其51%以上股权。截止2006年7月，西藏天吴物资有限公司总资产2136万元，净资产1390万元。

## 第六节 业务与技术

### （四）公司近三年主要产品产能、产量、销售量和产销率情况

| 产品 | 项目 | 2004年 | 2005年 |
|---|---|---|---|
| 四氧化三锰 | 产能（吨） | 10,000 | 10,000 |
| | 产量（吨） | 9,804.2 | 10,178.3 |
| 磁选设备 | 产能（台套） | 300 | 300 |
| | 产量（台套） | 261 | 343 |
"""

JINHE = """# 金禾生物股份有限公司2020年年度报告

## 第四节 经营情况讨论与分析

### (2). 产销量情况分析表

| 主要产品 | 单位 | 生产量销售量 | 库存量 | 生产量比上年增减（%） | 销售量比上年增减（%） |
|---|---|---|---|---|---|
| 口蹄疫疫苗 | 万毫升 | 87,584.48 77,315.13 | 12,089.20 | 49.11 | 20.38 |
| 禽流感疫苗 | 万毫升 | 108,452.64 93,067.04 | 16,155.92 | 70.18 | 45.47 |
| 狂犬疫苗 | 万头份 | 176.03 190.29 | 37.65 | -34.05 | -28.74 |
"""

GLOBEX = """# Globex Corp Annual Report on Form 10-K for fiscal year 2022

## Note 4 - Income Taxes

Components of deferred income tax assets (in millions):

| | 2022 | 2021 |
|---|---|---|
| Net operating loss carryforwards | 610 | 590 |
| Valuation allowance | (532) | (325) |
| Deferred income tax assets, net | 78 | 265 |

A reconciliation of the beginning and ending amount of unrecognized tax benefits is as follows (in millions):

| | 2022 | 2021 | 2020 |
|---|---|---|---|
| Unrecognized tax benefits - January 1 | 858 | 966 | 1,476 |
| Gross increases - tax positions in prior periods | 17 | 64 | 44 |
| Gross decreases - tax positions in prior periods | (51) | (245) | (581) |
| Unrecognized tax benefits - December 31 | 915 | 858 | 966 |

## Note 23 - Supplemental Cash Flow Information

(in millions)

| | 2022 | 2021 |
|---|---|---|
| Interest paid, net of amounts capitalized | 276 | 155 |
| Income taxes paid | 225 | 256 |

## Note 9 - Borrowings

Long-term debt at December 31 (in millions):

| | 2022 | 2021 |
|---|---|---|
| 3.875% senior notes due July 2025 | 2,828 | 2,828 |
| 5.05% senior notes due March 2048 | 8,000 | 8,000 |
| Total debt principal | 10,828 | 10,828 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"tianqing_prospectus.md": TIANQING, "jinhe_2020.md": JINHE, "GLOBEX_2022_10K.md": GLOBEX}
    yield from indexed_answerer(tmp_path_factory, "described", docs)


def test_a_described_company_s_debt_ratio_comes_from_its_paragraph(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "天青科技招股意向书中，控股股东天青集团的全资子公司天青集团上海公司2005年末的资产负债率是多少？",
    )
    # (76,904.19 − 14,481.34) / 76,904.19: its own total and net assets, never the institute's
    assert "81.17%" in text, text
    text = ask(answerer, "天青科技招股意向书披露的天青集团洛阳研究院2005年净资产收益率是多少？")
    assert "8.49%" in text, text  # 2,547.72 / 30,000.00


def test_a_paragraph_dated_by_its_month_answers_for_that_month(answerer: Answerer) -> None:
    text = ask(answerer, "天青科技拟收购的西藏天吴物资有限公司截至2006年7月的资产负债率是多少？")
    assert "34.93%" in text, text  # (2,136 − 1,390) / 2,136


def test_a_rate_defined_in_brackets_is_worked_out_for_the_company_s_own_product(answerer: Answerer) -> None:
    text = ask(answerer, "按天青科技招股意向书，2005年公司磁选设备的产能利用率（产量÷产能）是多少？")
    assert "114.33%" in text and "101.78" not in text, text  # 343 / 300, not 四氧化三锰's 10,178 / 10,000


def test_a_rate_over_a_table_of_products_is_never_worked_out_for_an_unnamed_one(answerer: Answerer) -> None:
    text = ask(answerer, "按天青科技招股意向书，2005年的产能利用率（产量÷产能）是多少？")
    assert "101.78" not in text and "114.33" not in text, text  # whose capacity, the question does not say


def test_two_columns_run_into_one_are_read_as_two(answerer: Answerer) -> None:
    text = ask(answerer, "金禾生物2020年禽流感疫苗的产销率是多少？产销率=销售量/生产量，保留2位小数。")
    assert "85.81%" in text, text  # 93,067.04 / 108,452.64


def test_an_allowance_grows_as_it_widens(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "By what percentage did Globex's valuation allowance against deferred income tax assets change from "
        "FY2021 to FY2022?",
    )
    assert "63.69%" in text and "-63.69" not in text, text  # (532 − 325) / 325


def test_the_change_of_an_item_no_lexicon_knows_reads_its_closing_rows(answerer: Answerer) -> None:
    text = ask(answerer, "By what percentage did Globex's unrecognized tax benefits increase during 2022?")
    assert "6.64%" in text, text  # 915 / 858 − 1: December 31 balances, not the January 1 rows


def test_cash_paid_in_total_for_two_items_is_their_sum(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "How much cash did Globex pay in total for interest (net of amounts capitalized) and income taxes in "
        "2022?",
    )
    assert "501" in text, text  # 276 + 225, never the year's income tax expense
