"""A pension plan's funded ratio and funded judgment, read off the obligations and funded status note, as the
held-out sets of session 62 asked them. Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, ask_refused, indexed_answerer

PENSION_NOTE = """# Verizon Communications Inc. Form 10-K 2022

## Note 11. Employee Benefits

### Obligations and Funded Status

The following table summarizes benefit costs, as well as the benefit obligations, plan assets, funded status
and rate assumptions associated with pension and postretirement health care and life insurance benefit plans
(dollars in millions):

| At December 31, | Pension 2022 | Pension 2021 | Health Care and Life 2022 | Health Care and Life 2021 |
|---|---|---|---|---|
| Change in Benefit Obligations |  |  |  |  |
| Beginning of year | $20,167 | $22,634 | $14,710 | $16,170 |
| Service cost | 261 | 295 | 141 | 177 |
| Benefits paid | (1,311) | (1,386) | (797) | (823) |
| End of year | 15,369 | 20,167 | 11,107 | 14,710 |
| Change in Plan Assets |  |  |  |  |
| Beginning of year | 20,087 | 20,381 | 581 | 693 |
| Actual return on plan assets | (4,797) | 1,196 | (25) | 19 |
| End of year | 13,739 | 20,087 | 450 | 581 |
| Funded Status - End of year | $(1,630) | $(80) | $(10,657) | $(14,129) |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "funded", {"VERIZON_2022_10K.md": PENSION_NOTE})


def test_the_funded_ratio_is_year_end_plan_assets_over_the_year_end_obligation(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "Verizon's pension plans: funded ratio at end of 2022 (plan assets divided by benefit obligation)?",
    )
    assert "89.39%" in text and "13,739" in text and "15,369" in text, text
    # the health care plans' own columns, never the pension plans'
    other = ask(
        answerer, "What was the funded ratio of Verizon's health care and life plans at December 31, 2021?"
    )
    assert "3.95%" in other, other  # 581 / 14,710


def test_an_underfunded_plan_is_judged_from_the_same_two_rows(answerer: Answerer) -> None:
    text = ask(answerer, "Were Verizon's pension plans underfunded at the end of 2021?")
    assert "underfunded" in text and "99.60%" in text, text  # 20,087 < 20,167


def test_no_funded_ratio_of_a_company_the_corpus_lacks(answerer: Answerer) -> None:
    # another filer's plans are never read for a company no document is about
    refused, text = ask_refused(answerer, "What was Raytheon's pension funded ratio at the end of 2022?")
    assert refused and "89.39%" not in text, text
