"""Roll-forward tables (Schedule II, a reserve's rollforward, a liability's activity): a movement's share of
the opening balance, an account's change over a year, a movement's change between years. Runs the real
parser, chunker, fact extractor, store and retriever over generated filings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

# movements as rows under the account, a column per fiscal year
GLOBEX = """# Globex Foods Inc Annual Report on Form 10-K for fiscal year 2020

## Schedule II - Valuation and Qualifying Accounts

(in millions)

| | Fiscal Year 2020 | Fiscal Year 2019 |
|---|---|---|
| Allowance for doubtful accounts: | | |
| Balance at beginning of year | 28.8 | 28.4 |
| Additions charged to expense | 25.9 | 23.9 |
| Bad debt write-offs | (22.9) | (22.7) |
| Balance at end of year | 31.8 | 29.6 |
| Reserve for LIFO valuation: | | |
| Balance at beginning of year | 213.5 | 213.2 |
| (Decrease) increase | (11.4) | 0.3 |
| Balance at end of year | 202.1 | 213.5 |

## Note 7. Goodwill

A summary of changes in the Company's goodwill:

| | Snacks | Cereal |
|---|---|---|
| Balance at January 1, 2020 | 1,200 | 900 |
| Acquisitions | 300 | — |
| Balance at December 31, 2020 | 1,500 | 900 |

## Item 7. Management's Discussion and Analysis

Snacks segment net sales were $4,400 million in fiscal 2020, up from $4,000 million in fiscal 2019.
"""

# movements as columns beside the account, a row per fiscal year
INITECH = """# Initech Inc Annual Report on Form 10-K for fiscal year 2023

## SCHEDULE II — VALUATION AND QUALIFYING ACCOUNTS

The reserves of fiscal 2023 and fiscal 2022 (in millions):

| | Balance at Beginning of Period | Charged to Costs and Expenses | Charged to Other Accounts | \
Write-offs, Net | Balance at End of Period |
|---|---|---|---|---|---|
| Sales returns reserve | | | | | |
| For the fiscal year ended May 31, 2023 | 525 | 3,344 | (11) | (3,309) | 549 |
| For the fiscal year ended May 31, 2022 | 595 | 2,573 | (31) | (2,612) | 525 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"GLOBEX_2020_10K.md": GLOBEX, "INITECH_2023_10K.md": INITECH}
    yield from indexed_answerer(tmp_path_factory, "movements", docs)


def test_a_movement_as_a_share_of_the_opening_balance(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "What were Globex's bad debt write-offs in fiscal 2020 as a percentage of the allowance for doubtful "
        "accounts at the beginning of that fiscal year?",
    )
    assert "79.51%" in text  # 22.9 / 28.8, the write-offs taken out of the allowance
    assert "22.9" in text and "28.8" in text


def test_an_account_s_change_over_a_year_is_its_closing_less_its_opening_balance(answerer: Answerer) -> None:
    text = ask(answerer, "By what percentage did Globex's reserve for LIFO valuation change in fiscal 2020?")
    assert "-5.34%" in text  # (202.1 − 213.5) / 213.5
    assert "-11.40" in ask(answerer, "Did Globex's reserve for LIFO valuation go up in fiscal 2020?")
    text = ask(answerer, "How much did Initech's sales returns reserve increase during fiscal 2023?")
    assert "24" in text and "549" in text and "525" in text


def test_a_movement_s_change_between_years_read_off_columns(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "What is the percentage change in the amount Initech charged to costs and expenses for its sales "
        "returns reserve in FY2023 versus FY2022?",
    )
    assert "29.97%" in text  # (3,344 − 2,573) / 2,573


def test_a_segment_s_own_figures_are_never_read_off_its_goodwill_rollforward(answerer: Answerer) -> None:
    text = ask(answerer, "By what percentage did Globex's Snacks segment net sales grow during fiscal 2020?")
    assert "1,500" not in text and "25.00%" not in text  # the Snacks goodwill's change is no sales growth
