"""Short names a question defines in brackets for what it asks."""

from __future__ import annotations

from finrag.answer.acronyms import defined_acronyms, with_acronyms


def test_lower_case_words_and_their_initials_define_a_short_name() -> None:
    (a,) = defined_acronyms("By what percentage did gross unrecognized tax benefits (UTB) grow?")
    assert (a.short, a.words) == ("UTB", "unrecognized tax benefits")
    (b,) = defined_acronyms("What were selling, general and administrative (SG&A) expenses?")
    assert b.short == "SG&A"


def test_a_capitalised_name_or_other_initials_define_none() -> None:
    assert defined_acronyms("What did its Missiles and Fire Control (MFC) segment earn?") == []
    assert defined_acronyms("How much did net sales (USD) grow?") == []


def test_the_short_name_replaces_its_words_only_where_the_tables_print_it_alone() -> None:
    question = "How did gross unrecognized tax benefits (UTB) change?"
    assert (
        with_acronyms(question, "| Gross UTB Balance at December 31 | 647 |") == "How did gross UTB change?"
    )
    printed = "| Gross unrecognized tax benefits | 647 |\n| UTB settlements | 3 |"
    assert with_acronyms(question, printed) == question
    assert with_acronyms(question, "| Total revenue | 5 |") == question
