"""Note tables as the held-out sets of session 34 asked about them: a part of property and equipment, a
coverage ratio over a row the question names in quotes, cash returned to shareholders, an equity statement's
Amount column, and Chinese notes read by a defined growth, a compound growth and a part named before 同比.
Each runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

HARBOR = """# Harbor Stores Corporation Annual Report on Form 10-K for fiscal year 2021

## Consolidated Statements of Income

(in millions)

| | 2021 | 2020 |
|---|---|---|
| Total revenues | 500,343 | 485,873 |
| Operating income | 20,437 | 22,764 |
| Interest: | | |
| Debt | 1,978 | 2,044 |
| Interest income | (152) | (81) |
| Interest, net | 2,178 | 2,267 |

## Consolidated Statements of Cash Flows

(in millions)

| | 2021 | 2020 |
|---|---|---|
| Cash flows from financing activities: | | |
| Repurchase of common stock | (4,286) | (4,254) |
| Dividends — common and preferred | (1,332) | (1,243) |
| Supplemental disclosure of cash flow information: | | |
| Dividends declared and not paid | 347 | 320 |

## Note 3 - Property and Equipment

The following table summarizes the Company's property and equipment balances:

| | Estimated Useful Lives | 2021 | 2020 |
|---|---|---|---|
| Land | N/A | 7,507 | 6,696 |
| Buildings and improvements | 5-50 years | 19,139 | 17,982 |
| Corporate aircraft | 8 years | 30 | — |
| Property and equipment, gross | | 26,676 | 24,678 |

## Note 5 - Inventories

(in millions)

| | 2021 | 2020 |
|---|---|---|
| Raw materials and packaging | 1,729 | 1,565 |
| Finished goods | 684 | 851 |
| Other | 242 | 259 |
| Total inventories | 2,655 | 2,675 |

## Consolidated Balance Sheets

(in millions)

| | 2021 | 2020 |
|---|---|---|
| Short-term borrowings | 5,257 | 1,138 |
| Long-term debt due within one year | 3,738 | 2,256 |
| Capital lease and financing obligations due within one year | 667 | 565 |
| Total current liabilities | 78,521 | 66,928 |

## Note 6 - Leases

| 2021 | | 2020 |
|---|---|---|
| Weighted-average remaining lease term (years) | | |
| Operating leases | 21 | 20 |
| Finance leases | 22 | 19 |
| Weighted-average discount rate | | |
| Operating leases | 2.16 % | 2.23 % |
| Finance leases | 4.91 % | 6.34 % |

"""

KEEL = """# Keel Foods Inc. Annual Report on Form 10-K for fiscal year 2021

## Consolidated Statement of Equity

(in millions)

| | 2021 Shares | 2021 Amount |
|---|---|---|
| Share repurchases | (1) | (106) |
"""

SHIYUAN = """# 示远科技集团股份有限公司 2019年年度报告

## 十、非经常性损益项目和金额

单位：元

| 项目 | 2019年金额 | 2018年金额 |
|---|---|---|
| 政府补助 | 12,000,000.00 | 5,000,000.00 |
| 其他营业外收支 | 2,007,253.75 | 925,845.94 |
| 合计 | 14,007,253.75 | 5,925,845.94 |

## 合并利润表

单位：元

| 项目 | 2019年度 | 2018年度 | 2017年度 |
|---|---|---|---|
| 主营业务收入 | 191,634,516.98 | 150,000,000.00 | 112,504,100.20 |

## 40、应交税费

单位：元

| 项目 | 期末余额 | 期初余额 |
|---|---|---|
| 增值税 | 3,000,000.00 | 2,000,000.00 |
| 土地使用税 | 167,034.63 | 320,760.75 |
| 城市维护建设税 | 830.74 | 1,200.00 |
| 合计 | 3,167,865.37 | 2,321,960.75 |

## (1). 研发投入情况表

| 项目 | |
|---|---|
| 本期费用化研发投入 | 130,828,817.71 |
| 研发投入合计 | 206,997,240.33 |
| 公司研发人员的数量 | 269 |

## 62、税金及附加

单位：元

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 城市维护建设税 | 867,230.82 | 690,021.15 |
| 教育费附加 | 619,450.59 | 492,872.25 |
| 合计 | 1,486,681.41 | 1,182,893.40 |

## 27、开发支出

单位：元

| 项目 | 期初余额 | 本期增加金额 | 本期减少金额 转入当期损益 | 期末余额 |
|---|---|---|---|---|
| 疫苗项目 | 10,000,000.00 | 150,000,000.00 | 130,856,717.71 | 29,143,282.29 |
| 合计 | 10,000,000.00 | 150,000,000.00 | 130,856,717.71 | 29,143,282.29 |

## （4）主要产品报告期内销售状况

### ①铵梯炸药

| 年份 | 销售量（吨） | 产销率（%） |
|---|---|---|
| 2019年 | 18,936 | 99.88 |
| 2018年 | 19,552 | 99.99 |

### ②乳化炸药

| 年份 | 销售量（吨） | 产销率（%） |
|---|---|---|
| 2019年 | 10,812 | 100.15 |
| 2018年 | 10,165 | 100.11 |

## 63、销售费用

单位：元

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 职工薪酬 | 46,308,070.47 | 28,351,506.90 |
| 运输费 | 10,000,000.00 | 20,253,850.49 |
| 合计 | 56,308,070.47 | 48,605,357.39 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "HARBOR_2021_10K.md": HARBOR,
        "KEEL_2021_10K.md": KEEL,
        "2020-04-16__示远科技集团股份有限公司__603000__示远科技__2019年__年度报告.md": SHIYUAN,
    }
    yield from indexed_answerer(tmp_path_factory, "notes", docs)


def test_a_part_the_company_carried_in_property_and_equipment(answerer: Answerer) -> None:
    a = ask(
        answerer,
        "What was the gross cost of the corporate aircraft Harbor carried in property and equipment at the "
        "end of 2021?",
    )
    assert "30" in a and "26,676" not in a


def test_a_share_of_a_total_the_question_says_a_part_consisted_of(answerer: Answerer) -> None:
    a = ask(
        answerer,
        "What share of Harbor's total inventories at the end of 2021 consisted of raw materials and "
        "packaging?",
    )
    assert "65.12%" in a  # 1,729 / 2,655


def test_a_row_the_question_names_in_quotes_is_the_operand(answerer: Answerer) -> None:
    a = ask(
        answerer,
        "Compute Harbor's interest coverage for 2021, defined as operating income divided by net interest "
        "expense ('Interest, net'). Round to two decimals.",
    )
    assert "9.38" in a


def test_cash_handed_back_is_buybacks_plus_dividends_paid(answerer: Answerer) -> None:
    a = ask(
        answerer,
        "How much cash did Harbor hand back to shareholders through buybacks and dividends combined in 2021?",
    )
    assert "5,618" in a and "347" not in a


def test_cash_spent_on_buybacks_is_the_amount_column_not_the_shares(answerer: Answerer) -> None:
    a = ask(
        answerer,
        "How much cash did Keel spend buying back its own common shares in 2021?",
    )
    assert "106" in a and "Shares" not in a


def test_a_compound_growth_rate_of_one_item(answerer: Answerer) -> None:
    a = ask(answerer, "示远科技2017年至2019年主营业务收入的年复合增长率是多少？（保留两位小数）")
    assert "30.51%" in a


def test_a_change_asked_in_percent_is_a_growth(answerer: Answerer) -> None:
    a = ask(answerer, "示远科技应交土地使用税2019年末较期初变动了百分之多少？保留两位小数。")
    assert "-47.93%" in a


def test_a_bare_total_operand_is_the_named_item_s_total(answerer: Answerer) -> None:
    a = ask(
        answerer,
        "示远科技2019年非经常性损益合计比2018年增长了多少？增长率=(2019年合计-2018年合计)/2018年合计，保留两位小数。",
    )
    assert "136.38%" in a and "130,856,717.71" not in a


def test_a_part_named_right_before_its_growth(answerer: Answerer) -> None:
    a = ask(answerer, "示远科技19年销售费用里职工薪酬同比增速是多少？")
    assert "63.34%" in a


def test_a_product_s_own_table_by_its_caption(answerer: Answerer) -> None:
    a = ask(
        answerer,
        "示远科技乳化炸药2018—2019年两年产销率的算术平均值是多少？平均值=(2018年产销率+2019年产销率)/2，"
        "保留两位小数。",
    )
    assert "100.13" in a and "99.94" not in a


def test_a_tax_asked_for_a_year_is_the_one_charged_not_the_one_still_owed(answerer: Answerer) -> None:
    a = ask(answerer, "示远19年城建税多少")  # "城建税" is how people write 城市维护建设税
    assert "867,230.82" in a and "830.74" not in a, a
    owed = ask(answerer, "示远科技2019年末应交城市维护建设税余额是多少？")
    assert "830.74" in owed, owed


def test_an_undated_one_column_table_of_an_annual_report_is_its_year_s(answerer: Answerer) -> None:
    q = "示远科技2019年人均研发投入是多少元？人均研发投入=研发投入合计/公司研发人员数量，保留两位小数。"
    a = ask(answerer, q)
    assert "206,997,240.33 / 269" in a and "769,506.47" in a, a


def test_a_rate_under_its_heading_from_a_header_printed_one_cell_to_the_left(answerer: Answerer) -> None:
    """A rate asked by its heading's words is the "%" row under that heading, not the same label's row of
    years under another; the header "| 2021 | | 2020 |" dates the two value columns."""
    a = ask(answerer, "What was Harbor's weighted-average discount rate for finance leases in fiscal 2020?")
    assert "6.34%" in a and "19" not in a.split("[")[0], a
    terse = ask(answerer, "harbor wtd-avg discount rate on finance leases, FY21?")
    assert "4.91%" in terse, terse


def test_rows_the_question_says_to_add_are_summed_each_once(answerer: Answerer) -> None:
    """Long-term debt due within one year is current debt as short-term borrowings are: two rows, not one."""
    a = ask(
        answerer,
        "For Harbor at the end of 2021, add short-term borrowings, long-term debt due within one year, and"
        " capital lease and financing obligations due within one year from the balance sheet. The total?",
    )
    assert "9,662" in a, a
