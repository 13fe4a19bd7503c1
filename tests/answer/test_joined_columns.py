"""Two year columns the table reader ran into one are read as two: each amount under its own year."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.joined_columns import unjoined
from finrag.model import Table

from .helpers import make_doc, table_chunks

GEOGRAPHY = Table(
    "t9",
    [103],
    [["", "Fiscal Year", ""], ["In Millions", "2019 2018", "2017"]],
    [
        ["Net sales:", "", ""],
        ["United States", "$ 12,462.8 $ 11,115.6", "$ 11,160.9"],
        ["Non-United States", "4,402.4 4,624.8", "4,458.9"],
        ["Total", "$ 16,865.2 $ 15,740.4", "$ 15,619.8"],
    ],
    caption="The following table provides financial information by geographic area: (in millions)",
)


def test_a_joined_column_is_split_in_two() -> None:
    split = unjoined(GEOGRAPHY.header, GEOGRAPHY.rows, GEOGRAPHY)
    assert split is not None
    assert split.header[1] == ["In Millions", "2019", "2018", "2017"]
    assert split.rows[1] == ["United States", "$ 12,462.8", "$ 11,115.6", "$ 11,160.9"]
    plain = Table("t1", [1], [["", "2019", "2018"]], [["Sales", "1,000", "900"]])
    assert unjoined(plain.header, plain.rows, plain) is None  # nothing joined


def test_each_year_s_amount_is_a_fact_of_its_own() -> None:
    doc = make_doc([GEOGRAPHY], company="General Mills", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    outside = {f.fiscal_year: f.value for f in facts if f.line_item == "Non-United States"}
    assert outside == {2019: Decimal("4402.4"), 2018: Decimal("4624.8"), 2017: Decimal("4458.9")}
