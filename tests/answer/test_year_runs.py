"""Two measures printed side by side over their own runs of years: each year column is read under its own
measure, so one measure's figure is never read as the other's."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.year_runs import own_days, spread_run_headings
from finrag.model import Table

from .helpers import make_doc, table_chunks

BY_COUNTRY = Table(
    "t12",
    [71],
    [["", "", "Net Revenue", "", "Long-Lived Assets", "(a)"], ["", "2021", "2020", "2019", "2021", "2020"]],
    [
        ["United States", "$44,545", "$40,800", "$39,236", "$36,324", "$35,412"],
        ["China (b)", "2,679", "1,732", "1,300", "1,745", "1,649"],
        ["Total", "$79,474", "$70,372", "$67,161", "$62,080", "$61,306"],
    ],
    caption="Net revenue and long-lived assets by country are as follows:",
)


def test_each_heading_covers_its_own_run_of_years() -> None:
    top = spread_run_headings(BY_COUNTRY.header)[0]
    assert top == ["", *["Net Revenue"] * 3, *["Long-Lived Assets (a)"] * 2]
    one_run = [["", "Three Months Ended", ""], ["", "2023", "2022"]]
    assert spread_run_headings(one_run) == one_run  # a single run of years is left as printed


def test_a_country_s_revenue_and_assets_are_told_apart() -> None:
    doc = make_doc([BY_COUNTRY], company="PepsiCo", year=2021, language="en", unit_line="")
    china = {
        (f.column_label, f.fiscal_year): f.value
        for f in extract_facts(doc, table_chunks(doc))
        if f.line_item.startswith("China")
    }
    assert china[("Net Revenue 2021", 2021)] == Decimal("2679")
    assert china[("Long-Lived Assets (a) 2021", 2021)] == Decimal("1745")
    assert china[("Net Revenue 2020", 2020)] == Decimal("1732")


def test_each_day_of_a_group_heads_its_own_year_column_also_abbreviated() -> None:
    assert own_days(["July 2,", "July 3,%"], [1, 2]) == {1: "July 2,", 2: "July 3,"}
    assert own_days(["Jun 30,", "Dec 31,"], [3, 4]) == {3: "Jun 30,", 4: "Dec 31,"}
    assert own_days(["Three Months Ended", "June 30,"], [1, 2]) == {}  # one heading cut in two


DIVISIONS = Table(
    "t31",
    [73],
    [["", "", "Total Assets", "", "Capital Spending", ""], ["", "2022", "2021", "2022", "2021", "2020"]],
    [
        ["PBNA", "40,286", "37,801", "1,714", "1,275", "1,245"],
        ["Total", "$92,187", "$92,377", "$5,207", "$4,625", "$4,240"],
    ],
    caption="Other Division Information",
)


def test_a_measure_ending_in_ending_is_no_period_heading() -> None:
    """"Capital Spending" holds "ending" but heads its own run of years only: the total assets columns are
    not capital spending (PepsiCo's division capex was read off its assets)."""
    doc = make_doc([DIVISIONS], company="PepsiCo", year=2022, language="en", unit_line="")
    pbna = {f.column_label: f.value for f in extract_facts(doc, table_chunks(doc)) if f.line_item == "PBNA"}
    assert pbna["Total Assets 2022"] == Decimal("40286") and pbna["Capital Spending 2021"] == Decimal("1275")
