from __future__ import annotations

from decimal import Decimal

from finrag.answer.debt import asks_debt_change, debt_change_answer
from finrag.answer.facts import extract_facts
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks


def test_debt_on_the_balance_sheet_is_summed_for_both_years_and_compared() -> None:
    balance = Table(
        "t50",
        [60],
        [["(In millions)", "June 30, 2023", "June 30, 2022"]],
        [
            ["Current portion of long-term debt", "5,247", "2,749"],
            ["Accounts payable", "18,095", "19,000"],
            ["Long-term debt", "41,990", "47,032"],
        ],
        caption="Balance Sheets",
    )
    doc = make_doc([balance], company="Acme", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("Has Acme increased its debt on balance sheet between FY2023 and the FY2022 period?")
    assert asks_debt_change(asked)
    found = debt_change_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and found.text.startswith("No. Debt on the balance sheet fell by 2,544")
    assert found.result == Decimal(47237)  # 5,247 + 41,990; accounts payable is no debt
    assert not asks_debt_change(analyze("What was Acme's long-term debt in FY2023?"))


def test_a_printed_total_debt_row_is_used_as_is() -> None:
    table = Table(
        "t51",
        [34],
        [["(In millions)", "2022", "2021"]],
        [
            ["Current portion of long-term debt", "224", "55"],
            ["Long-term debt", "6,687", "6,989"],
            ["Total debt", "6,911", "7,044"],
        ],
        caption="Balance Sheet",
    )
    doc = make_doc([table], company="Acme", year=2022, language="en", unit_line="")
    asked = analyze("Has Acme increased its debt on balance sheet between FY2021 and the FY2022 period?")
    found = debt_change_answer(asked, extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and found.result == Decimal(6911)  # not 224 + 6,687 + 6,911
    assert found.text.startswith("No. Debt on the balance sheet fell by 133, from 7,044")
