from __future__ import annotations

from finrag.answer.table_rows import section_totals, totalled_rows


def test_unlabelled_row_that_sums_its_section_takes_the_heading() -> None:
    rows = [
        ["Revenues", "", ""],
        ["Casino", "$2,871,720", "$6,517,759"],
        ["Rooms", "830,382", "2,322,579"],
        ["", "3,702,102", "8,840,338"],
        ["Expenses", "", ""],
        ["Casino", "1,701,783", "3,623,899"],
        ["Rooms", "419,156", "829,677"],
        ["", "99", "3,623,899"],
    ]
    assert section_totals(rows, 0) == {3: "Revenues"}


def test_single_component_is_not_a_total() -> None:
    rows = [["Assets", "", ""], ["Cash", "5", "6"], ["", "5", "6"]]
    assert section_totals(rows, 0) == {}


def test_a_total_label_printed_above_its_amounts_labels_them() -> None:
    rows = [
        ["Accounts payable and accrued expenses", "8,748", "9,490"],
        ["TOTAL CURRENT LIABILITIES", "", ""],
        ["", "27,194", "26,532"],
        ["LONG-TERM DEBT", "31,182", "29,684"],
    ]
    assert section_totals(rows, 0) == {2: "TOTAL CURRENT LIABILITIES"}
    assert section_totals([["CURRENT ASSETS", "", ""], ["", "5", "6"]], 0) == {}  # a heading is no total


def test_rows_summed_by_a_total_row_below_are_parts_of_what_it_names() -> None:
    rows = [
        ["Flexibles", "$384", "$376"],
        ["Rigid Packaging", "133", "136"],
        ["Other", "9", "15"],
        ["Total capital expenditures for long-lived assets", "$526", "$527"],
        ["Depreciation by segment:", "", ""],
        ["Flexibles", "436", "450"],
        ["Rigid Packaging", "125", "120"],
        ["Total depreciation", "999", "570"],  # no sum of the rows above it: no total of theirs
    ]
    assert totalled_rows(rows, 0) == {r: "capital expenditures for long-lived assets" for r in (0, 1, 2)}


def test_a_section_total_is_checked_on_the_period_columns_only() -> None:
    rows = [
        ["MedTech (2)", "", "", "", ""],
        ["U.S.", "3,445", "3,216", "7.1", "7.1"],
        ["International", "3,331", "3,643", "(8.6)", "2.9"],
        ["", "6,776", "6,859", "(1.2)", "4.9"],  # the percent changes of a total are no sums
    ]
    assert section_totals(rows, 0) == {}
    assert section_totals(rows, 0, {1, 2}) == {3: "MedTech (2)"}
