"""How much of a gross cost accumulated depreciation or amortization has used up, read off a property or
intangibles note, as the held-out sets of session 63 asked it. Runs the real parser, chunker, fact extractor,
store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

CORNING = """# Corning Incorporated Annual Report on Form 10-K for fiscal year 2021

## Leases

Supplemental balance sheet information related to leases was as follows (in millions):

| | December 31, 2021 | December 31, 2020 |
|---|---|---|
| Property and equipment, at cost | 200 | 184 |
| Accumulated depreciation | (40) | (27) |
| Property and equipment, net | 160 | 157 |

## 9. Property, Plant and Equipment, Net of Accumulated Depreciation

Property, plant and equipment, net of accumulated depreciation follow (in millions):

| | December 31, 2021 | December 31, 2020 |
|---|---|---|
| Land | $441 | $471 |
| Buildings | 6,145 | 6,453 |
| Equipment | 21,208 | 20,563 |
| Construction in progress | 1,979 | 1,918 |
| Subtotal | 29,773 | 29,405 |
| Accumulated depreciation | (13,969) | (13,663) |
| Total | $15,804 | $15,742 |
"""

PEPSICO = """# PepsiCo, Inc. Annual Report on Form 10-K for fiscal year 2022

## Note 4 — Intangible Assets

A summary of our amortizable intangible assets is as follows (in millions):

| | Gross 2022 | Accumulated Amortization 2022 | Gross 2021 | Accumulated Amortization 2021 |
|---|---|---|---|---|
| Acquired franchise rights | $837 | $(200) | $976 | $(187) |
| Customer relationships | 571 | (237) | 623 | (227) |
| Brands | 1,097 | (973) | 1,151 | (989) |
| Total | $2,505 | $(1,410) | $2,750 | $(1,403) |
"""

MGM = """# MGM Resorts International Annual Report on Form 10-K for fiscal year 2020

## Note 6 — Property and Equipment, Net

Property and equipment, net consisted of the following (in thousands):

| | December 31, 2020 | December 31, 2019 |
|---|---|---|
| Land | 1,100,000 | 1,200,000 |
| Buildings, building improvements and land improvements | 14,000,000 | 15,000,000 |
| Construction in progress | 170,957 | 209,890 |
| Less: Accumulated depreciation | (7,474,876) | (8,581,835) |
| Property and equipment, net | 7,796,081 | 7,828,055 |

## Note 7 — Goodwill and Other Intangible Assets

Other intangible assets consisted of the following (in thousands):

| | December 31, 2020 | December 31, 2019 |
|---|---|---|
| MGM Grand Paradise gaming subconcession | 4,541,990 | 4,519,558 |
| Less: Accumulated amortization | (1,697,481) | (1,514,772) |
| Subconcession, net | 2,844,509 | 3,004,786 |
| MGM National Harbor gaming license | 106,600 | 106,600 |
| Less: Accumulated amortization | (19,102) | (11,996) |
| License, net | 87,498 | 94,604 |
"""


VERIZON = """# Verizon Communications Inc. Annual Report on Form 10-K for fiscal year 2022

## Note 12. Taxes

Deferred Tax Assets and Liabilities (dollars in millions)

| At December 31, | 2022 | 2021 |
|---|---|---|
| Employee benefits | $3,888 | $4,388 |
| Tax loss, credit, and other carry forwards | 1,940 | 2,224 |
| Other - assets | 6,986 | 7,314 |
| Gross deferred tax assets | 12,814 | 13,926 |
| Valuation allowances | (1,347) | (1,574) |
| Deferred tax assets | 11,467 | 12,352 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(
        tmp_path_factory,
        "accumulated",
        {
            "CORNING_2021_10K.md": CORNING,
            "PEPSICO_2022_10K.md": PEPSICO,
            "MGMRESORTS_2020_10K.md": MGM,
            "VERIZON_2022_10K.md": VERIZON,
        },
    )


def test_accumulated_depreciation_over_the_gross_total_above_it(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "Corning, December 31, 2021: accumulated depreciation as a percentage of gross property, plant and "
        "equipment?",
    )
    assert "46.92%" in text and "13,969" in text and "29,773" in text, text  # not the leased equipment's


def test_the_amortized_share_of_a_named_class_in_its_year_block(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "PepsiCo's amortizable brands at year-end 2022: how much of the gross amount had been amortized, as "
        "a percentage?",
    )
    assert "88.70%" in text and "973" in text and "1,097" in text, text
    earlier = ask(answerer, "What percentage of PepsiCo's gross brands had been amortized at end of 2021?")
    assert "85.93%" in earlier, earlier  # 989 / 1,151


def test_a_named_class_above_its_own_accumulated_row(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "At December 31, 2020, what percentage of the gross MGM Grand Paradise gaming subconcession "
        "intangible had MGM Resorts amortized?",
    )
    assert "37.37%" in text and "1,697,481" in text, text


def test_no_share_of_a_class_that_is_no_total(answerer: Answerer) -> None:
    # the property note prints no gross total: construction in progress is never the whole
    text = ask(
        answerer,
        "What share of MGM Resorts' gross property and equipment had been consumed by accumulated "
        "depreciation at December 31, 2020?",
    )
    assert "4,372" not in text and "170,957" not in text, text


def test_an_allowance_over_the_gross_balance_it_reduces(answerer: Answerer) -> None:
    text = ask(answerer, "Verizon, end of 2022: valuation allowance as a % of gross deferred tax assets?")
    assert "10.51%" in text and "12,814" in text, text
