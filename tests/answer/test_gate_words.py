"""The rates and measures a question names that the evidence must print with a figure."""

from __future__ import annotations

from finrag.answer.gate_words import named_rates, tax_named, unprinted_abbreviation, unprinted_rate
from finrag.answer.query import analyze


def test_a_rate_the_calculator_works_out_need_not_be_printed() -> None:
    cagr = analyze("What was the compound annual growth rate of Netflix's memberships from 2013 to 2017?")
    assert named_rates(cagr) == []  # the CAGR formula's own words
    churn = analyze("What was Netflix's monthly churn rate in 2017?")
    assert "churn rate" in named_rates(churn)  # a rate no formula works out


def test_a_tax_rate_is_the_tax_s_row_of_a_rate_column() -> None:
    asked = analyze("生物股份20年房产税率？")
    assert named_rates(asked) == ["房产税率"]
    table = "| 税种 | 计税依据 | 税率 |\n| 房产税 | 租金收入、房产原值的70% | 12、1.2 |"
    assert unprinted_rate(asked, table) is None and tax_named("房产税率") == "房产税"
    assert unprinted_rate(asked, "| 税种 | 税率 |\n| 增值税 | 13 |") == "房产税率"  # no 房产税 row: unprinted


def test_a_mixed_case_abbreviation_the_evidence_does_not_print_is_a_metric_not_reported() -> None:
    var = analyze("What one-day value-at-risk (VaR) did Acme report for its currency contracts in 2021?")
    text = "we manage these fluctuations through forward foreign-exchange contracts of $1,331 million."
    assert unprinted_abbreviation(var, text) == "VaR"
    assert unprinted_abbreviation(var, f"{text} the one-day var was $12 million.") is None
    revpar = analyze("What was revenue per available room (RevPAR) at Acme's Strip resorts in 2022?")
    assert unprinted_abbreviation(revpar, "strip revpar was $229 in 2022.") is None

