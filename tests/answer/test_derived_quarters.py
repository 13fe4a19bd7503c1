"""A quarter no column prints, worked out from the next quarter's report as its six months to date less its
own three months, shown as that subtraction with the printed cells cited; refused where it cannot be worked
out. Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.retrieve.periods import quarter_later

from .corpus import ask_refused, indexed_answerer

SPANS = (
    "Three Months Ended June 30, 2023",
    "Three Months Ended June 30, 2022",
    "Six Months Ended June 30, 2023",
    "Six Months Ended June 30, 2022",
)
QUARTER = """# Globex Resorts Inc Quarterly Report on Form 10-Q for the quarter ended June 30, 2023

## Condensed Consolidated Statements of Operations

(In thousands)

{heads}
|---|---|---|---|---|
| Casino revenues | 1,951,382 | 1,357,134 | 3,833,810 | 2,778,044 |
| Rooms revenues | 815,323 | 774,732 | 1,604,141 | 1,330,530 |
| Net revenues | 4,399,290 | 3,253,000 | 8,591,210 | 5,907,910 |
| Income before income taxes | 282,685 | 198,310 | 928,347 | 402,120 |
| Provision for income taxes | 39,141 | 52,000 | 204,920 | 98,400 |

## Restructuring

Restructuring charges were $12 million for the three months ended June 30, 2023.
""".format(heads="| | " + " | ".join(SPANS) + " |")


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "derived", {"GLOBEX_2023Q2_10Q.md": QUARTER})


def test_a_quarter_is_its_six_months_less_the_next_quarter(answerer: Answerer) -> None:
    refused, text = ask_refused(
        answerer, "What were Globex Resorts' casino revenues for the three months ended March 31, 2023?"
    )
    assert not refused
    assert "1,882,428" in text  # 3,833,810 − 1,951,382
    assert "3,833,810" in text and "1,951,382" in text  # both printed cells shown


def test_a_ratio_of_a_worked_out_quarter_uses_both_worked_out_operands(answerer: Answerer) -> None:
    refused, text = ask_refused(
        answerer,
        "What was Globex Resorts' effective tax rate for the three months ended March 31, 2022 "
        "(provision for income taxes divided by income before income taxes)?",
    )
    assert not refused
    assert "22.77%" in text  # (98,400 − 52,000) / (402,120 − 198,310)


def test_a_quarter_no_report_after_it_holds_is_refused(answerer: Answerer) -> None:
    refused, text = ask_refused(
        answerer, "What were Globex Resorts' casino revenues for the three months ended September 30, 2022?"
    )
    assert refused and "2022-09-30" in text


def test_a_quarter_only_prose_speaks_of_is_refused_rather_than_quoted(answerer: Answerer) -> None:
    refused, text = ask_refused(
        answerer,
        "What restructuring charges did Globex Resorts record for the three months ended March 31, 2023?",
    )
    assert refused and "$12 million" not in text


def test_a_quarter_later_keeps_a_month_s_last_day() -> None:
    assert quarter_later("2023-03-31") == "2023-06-30"
    assert quarter_later("2022-09-30") == "2022-12-31"
    assert quarter_later("2023-04-29") == "2023-07-29"  # a 52/53-week calendar's day
    assert quarter_later("2022-11-30") == "2023-02-28"
