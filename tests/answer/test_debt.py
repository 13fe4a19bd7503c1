from __future__ import annotations

from decimal import Decimal

from finrag.answer.debt import asks_debt_change, asks_debt_ratio, debt_change_answer, debt_ratio_answer
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
    # a ratio of debt the filer prints is asked, not its debt
    ratio = analyze("Did Acme's debt to earnings ratio rise in fiscal 2023 compared with fiscal 2022?")
    assert not asks_debt_change(ratio)


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


def test_an_undefined_english_debt_to_equity_is_total_debt_over_equity_not_total_liabilities() -> None:
    balance = Table(
        "t52",
        [76],
        [["(In millions)", "December 31, 2017", "December 31, 2016"]],
        [
            ["Loans and notes payable", "13,205", "12,498"],
            ["Current maturities of long-term debt", "3,298", "3,527"],
            ["Accounts payable and accrued expenses", "8,748", "9,490"],
            ["Long-term debt", "31,182", "29,684"],
            ["Total liabilities", "68,919", "64,050"],
            ["Total equity", "18,977", "23,062"],
        ],
        caption="Consolidated Balance Sheets",
    )
    doc = make_doc([balance], company="Acme", year=2017, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("Is Acme highly leveraged (debt to equity) as of FY2017?")
    assert asks_debt_ratio(asked)
    found = debt_ratio_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and found.result == Decimal("2.51")  # (31,182 + 13,205 + 3,298) / 18,977
    assert "68,919" not in found.text and "Accounts payable" not in found.text
    # a definition of its own, or a Chinese 产权比率 (total liabilities over equity), is not this ratio
    assert not asks_debt_ratio(
        analyze("What is Acme's FY2017 debt-to-equity ratio? Define it as total liabilities / total equity.")
    )
    assert not asks_debt_ratio(analyze("Acme公司2017年末的产权比率是多少？"))
    # the question's own definition that is this ratio ("total debt incl. current portion / equity") is
    defined = analyze(
        "Acme debt-to-equity at the end of 2017 (total debt incl. current portion / total equity)?"
    )
    assert asks_debt_ratio(defined)
    found = debt_ratio_answer(defined, facts, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and found.result == Decimal("2.51")
