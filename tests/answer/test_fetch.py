"""Fetching the rows a question's items allow, from a real store."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from finrag.answer.fetch import fetch_facts
from finrag.answer.lexicon import LineItemMatch, label_matches
from finrag.config import load_settings
from finrag.model import Filters

from .corpus import build_index

PAYROLL = """# 四方科技集团股份有限公司 2019年年度报告

## (1).应付职工薪酬列示

单位：元 币种：人民币

| 项目 | 期初余额 | 本期增加 | 期末余额 |
|---|---|---|---|
| 一、短期薪酬 | 33,099,431.44 | 149,693,425.79 | 33,752,816.22 |

## 本公司成立以来员工人数的变化情况

| 项目 | 2018年12月31日 | 2019年12月31日 |
|---|---|---|
| 人数 | 1,300 | 1,406 |
"""


def test_a_row_printing_an_items_tail_under_a_title_naming_it_and_no_row_for_a_short_item(
    tmp_path: Path,
) -> None:
    settings = load_settings(tmp_path / "data")
    store, _ = build_index(settings, tmp_path / "docs", {"sifang_2019_annual_report.md": PAYROLL})
    try:
        staff = fetch_facts(store, Filters(), [LineItemMatch("", "员工人数", 0)], [], "员工人数增长了多少？")
        assert {(f.line_item, f.line_item_norm) for f in staff} == {("人数", "员工人数")}
        short = fetch_facts(store, Filters(), [LineItemMatch("", "职工", 0)], [], "研发人员占职工人数比例？")
        assert short == []  # two characters have no shorter tail: no row of the payroll note stands for it
    finally:
        store.close()


SEGMENT = """# 3M Company Annual Report 2018

## Health Care Business (18.4% of consolidated sales):

| | 2018 | 2017 |
|---|---|---|
| Sales (millions) | $ 6,021 | $ 5,853 |
| Operating income (millions) | $ 1,799 | $ 1,764 |
| Percent of sales | 29.9% | 30.1% |
"""


def test_rows_printed_with_their_unit_are_the_items_rows(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    store, _ = build_index(settings, tmp_path / "docs", {"3M_2018_10K.md": SEGMENT})
    try:
        sales_item = LineItemMatch("revenue", "sales", 0)
        sales = fetch_facts(store, Filters(), [sales_item], [], "Health Care margin?")
        assert {f.line_item for f in sales} == {"Sales (millions)"}
        assert label_matches("sales (millions)", "revenue") == 1.0  # the unit is no part of the row's name
        assert label_matches("营业收入(万元)", "revenue") == 1.0
    finally:
        store.close()


PPE = """# The Boeing Company Annual Report on Form 10-K for fiscal year 2022

## Note 10 – Property, Plant and Equipment

| (Dollars in millions) | 2022 | 2021 |
|---|---|---|
| Gross property, plant and equipment | 31,992 | 31,456 |
| Less accumulated depreciation | (21,442) | (20,538) |
| Property, plant and equipment, net of accumulated depreciation | $10,550 | $10,918 |

## Consolidated Statements of Cash Flows

| (Dollars in millions) | 2022 | 2021 |
|---|---|---|
| Depreciation | 1,396 | 1,488 |
"""


def test_an_expense_is_never_its_accumulated_balance(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    store, _ = build_index(settings, tmp_path / "docs", {"BOEING_2022_10K.md": PPE})
    try:
        item = [LineItemMatch("", "depreciation", 0)]
        fetched = fetch_facts(store, Filters(), item, [], "Boeing depreciation expense?")
        expense = {f.line_item for f in fetched}
        assert "Depreciation" in expense and "Less accumulated depreciation" not in expense, expense
        net = [LineItemMatch("", "property, plant and equipment, net", 0)]
        netted = fetch_facts(store, Filters(), net, [], "Boeing net property, plant and equipment, 2022?")
        assert {f.value for f in netted} >= {Decimal("10550")}  # a row netting the balance is no balance
        balance = fetch_facts(store, Filters(), item, [], "Boeing accumulated depreciation at end of 2022?")
        assert "Less accumulated depreciation" in {f.line_item for f in balance}
    finally:
        store.close()
