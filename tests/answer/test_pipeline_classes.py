"""Note tables as the held-out sets of session 60 asked about them: a short name the question defines for a
row ("gross unrecognized tax benefits (UTB)"), a share whose lexicon item only says what its row leaves out
("excluded from diluted net income per share") and a class column's share of the total column ("classified
as Level 3"). Each runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, ask_refused, indexed_answerer

TAXES = """# Acme Industrial Company Annual Report on Form 10-K for fiscal year 2022

## Note 10. Income Taxes

### Federal, State and Foreign Tax

(Millions)

| | 2022 | 2021 | 2020 |
|---|---|---|---|
| Gross UTB Balance at January 1 | 530 | 319 | 381 |
| Additions based on tax positions related to the current year | 129 | 119 | 67 |
| Settlements | (17) | (3) | (95) |
| Gross UTB Balance at December 31 | 647 | 530 | 319 |
| Net UTB impacting the effective tax rate at December 31 | 655 | 526 | 333 |

## Note 16. Net Income (Loss) per Share

The following potential common shares were excluded from the computation of diluted net income per share
because their effect would have been anti-dilutive (in thousands):

| | 2022 | 2021 |
|---|---|---|
| Stock options and restricted stock units | 11,309 | 13,867 |
| Common stock warrants | 22,140 | 19,820 |
| Convertible senior notes | 25,073 | 20,305 |
| Total anti-dilutive securities | 59,722 | 54,885 |

## Note 14. Fair Values

Financial assets and liabilities measured at fair value on a recurring basis (Millions):

| | 2022 Total | 2022 Level 1 | 2022 Level 2 | 2022 Level 3 |
|---|---|---|---|---|
| Equity securities | 41 | 40 | 1 | — |
| Debt securities | 4,537 | — | 4,490 | 47 |
| Derivatives | 521 | — | 494 | 27 |
| Total Assets | 5,099 | 40 | 4,985 | 74 |
| Derivatives liabilities | 801 | — | 801 | — |
| Total Liabilities | 801 | — | 801 | — |

## Note 6. Accounts Receivable

Accounts receivable, net is composed of the following (Millions):

| | 2022 | 2021 |
|---|---|---|
| Trade receivables | 6,896 | 7,895 |
| Vendor and manufacturer receivables | 7,655 | 5,109 |
| Other receivables | 821 | 146 |
| Total accounts receivable, net | 15,372 | 13,150 |

## Note 18. Segment Information

Selected segment results for 2022 (Millions). Total deposits held by the segments were $2,398 million at
December 31, 2022, of which Consumer Banking held $1,173 million of deposits.

| | 2022 Consumer Banking | 2022 Corporate | 2022 Total |
|---|---|---|---|
| Total net revenue | 831 | 3,214 | 4,045 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "classes", {"ACME_2022_10K.md": TAXES})


def test_a_short_name_the_question_defines_finds_the_row_printing_it(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "By what percentage did Acme's gross unrecognized tax benefits (UTB) balance at December 31 grow "
        "from 2020 to 2022?",
    )
    assert "102.82%" in text  # (647 − 319) / 319


def test_an_item_saying_what_a_row_leaves_out_is_no_operand(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "For 2022, what share of Acme's total anti-dilutive securities excluded from diluted net income per "
        "share came from its convertible senior notes?",
    )
    assert "41.98%" in text  # 25,073 / 59,722


def test_a_class_column_s_share_of_the_total_column(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "What share of Acme's financial assets measured at fair value at December 31, 2022 was classified as "
        "Level 3? Percent to two decimals.",
    )
    assert "1.45%" in text  # 74 / 5,099 on the Total Assets row


def test_a_class_share_of_a_total_row_never_named_is_not_guessed(answerer: Answerer) -> None:
    _, text = ask_refused(
        answerer, "What share of Acme's holdings at December 31, 2022 was classified as Level 2?"
    )
    assert "97.76%" not in text and "100.00%" not in text  # neither total row is the one asked


def test_a_class_share_of_another_item_s_total_row_is_no_share_of_the_item_asked(answerer: Answerer) -> None:
    _, text = ask_refused(
        answerer, "What share of Acme's total deposits at December 31, 2022 was held in Consumer Banking?"
    )
    assert "20.54%" not in text  # 831 / 4,045 is the segment's share of net revenue
    asked = "What share of Acme's total net revenue in 2022 came from Consumer Banking?"
    assert "20.54%" in ask(answerer, asked)


def test_a_part_printed_as_its_own_row_over_the_whole_the_question_names(answerer: Answerer) -> None:
    text = ask(
        answerer,
        "What percentage of Acme's total accounts receivable, net at December 31, 2022 consisted of vendor "
        "and manufacturer receivables?",
    )
    assert "49.80%" in text  # 7,655 / 15,372
