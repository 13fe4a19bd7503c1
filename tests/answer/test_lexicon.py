from __future__ import annotations

import pytest

from finrag.answer.lexicon import concept_of, normalise


@pytest.mark.parametrize(
    ("printed", "norm", "concept"),
    [
        ("Inventories (Notes 1 and 3)", "inventories", "inventory"),
        ("货币资金（附注五、1）", "货币资金", "cash"),
        ("Net earnings (b)(c)(d)", "net earnings", "net_profit"),
        ("(Loss)/earnings before income taxes", "earnings before income taxes", "total_profit"),
        ("Income tax (expense)/benefit", "income tax benefit", "income_tax"),
        (
            "Net cash provided/(used) by operating activities",
            "net cash provided by operating activities",
            "operating_cash_flow",
        ),
        (
            "Net cash (used)/provided by financing activities",
            "net cash provided by financing activities",
            "financing_cash_flow",
        ),
        ("Other income (expense), net", "other income, net", None),
        ("二、营业利润（亏损以“－”号填列）", "营业利润", "operating_profit"),
    ],
)
def test_printed_labels_normalise_to_concepts(printed: str, norm: str, concept: str | None) -> None:
    assert normalise(printed) == norm
    assert concept_of(printed) == concept
