"""Financial statements named in questions and recognised in chunks by their printed titles."""

from __future__ import annotations

import pytest

from finrag.retrieve.statements import named_statements, shows_statement


@pytest.mark.parametrize(
    ("question", "keys"),
    [
        ("Basing your judgment on the statement of income, what is COGS?", ["income"]),
        ("According to the income statement and the balance sheet, what is ROA?", ["income", "balance"]),
        ("Using the statement of financial position, what are total assets?", ["balance"]),
        ("What is FY2018 capex? Refer to the cash flow statement.", ["cash_flow"]),
        ("请根据合并现金流量表回答经营活动现金流", ["cash_flow"]),
        ("资产负债表中的货币资金是多少", ["balance"]),
        ("What was the operating margin in 2019?", []),
    ],
)
def test_questions_name_statements_in_many_ways(question: str, keys: list[str]) -> None:
    assert [s.key for s in named_statements(question)] == keys


def test_a_statement_chunk_is_recognised_by_its_title_not_by_a_mention() -> None:
    income = named_statements("the income statement")
    ops = "Item 8 > CONSOLIDATED STATEMENTS OF OPERATIONS\nCONSOLIDATED STATEMENTS OF OPERATIONS (millions)"
    assert shows_statement(["Item 8", "CONSOLIDATED STATEMENTS OF OPERATIONS"], ops, income)
    nike = "Item 8\nNIKE, Inc. Consolidated Statements of Income\n| 2018 |"
    assert shows_statement(["Item 8"], nike, income)
    assert shows_statement(["合并利润表"], "合并利润表\n| 项目 | 2019年度 |", income)
    note = (
        "Note 9 > Income Taxes\nDeferred tax assets are included in other assets in the consolidated "
        "statements of operations and are measured using enacted rates that apply in the years concerned."
    )
    assert not shows_statement(["Note 9", "Income Taxes"], note, income)
    balance = named_statements("balance sheet")
    assert not shows_statement(["Item 8", "CONSOLIDATED STATEMENTS OF OPERATIONS"], ops, balance)
    assert not shows_statement(["x"], ops, [])
