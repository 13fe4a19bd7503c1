"""What moved a ratio ("how much did foreign exchange help the gross margin"): the figure the filing states
for the mover, never the ratio's own rows. Runs the real parser, chunker, fact extractor, store and
retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

CORNING = """# Corning Incorporated Annual Report on Form 10-K for fiscal year 2021

## Results of Operations

### Gross Margin

| (in millions) | 2021 | 2020 |
|---|---|---|
| Net sales | $14,082 | $11,303 |
| Gross margin | $5,063 | $3,531 |

Gross margin increased in 2021, driven by higher volume. Movements in foreign exchange rates had a positive
impact of $77 million on Corning's consolidated gross margin in the year ended December 31, 2021, when
compared to the same period in 2020.
"""


MMM = """# 3M Company Annual Report on Form 10-K for fiscal year 2022

## Consolidated Statement of Income

| (Millions) | 2022 | 2021 |
|---|---|---|
| Net sales | 34,229 | 35,355 |
| Operating income | 6,539 | 7,369 |

## Operating income margin

The following table provides the increases (decreases) in operating income margin for 2022:

| Year ended December 31, 2022 | Percent of net sales |
|---|---|
| Organic volume | (0.7) |
| Raw material impact | (2.4) |
| Special items | (1.5) |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"CORNING_2021_10K.md": CORNING, "3M_2022_10K.md": MMM}
    yield from indexed_answerer(tmp_path_factory, "drivers", docs)


def test_the_movers_figure_not_the_ratios_rows(answerer: Answerer) -> None:
    text = ask(answerer, "How much did foreign exchange help Corning's consolidated gross margin in 2021?")
    assert "$77 million" in text and "5,063" not in text and "35.95%" not in text, text


def test_the_movers_row_not_the_ratio_worked_out(answerer: Answerer) -> None:
    text = ask(answerer, "Per 3M's 2022 10-K, what was the raw material impact on operating income margin?")
    assert "-2.4" in text and "19.10%" not in text, text
