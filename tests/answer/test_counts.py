"""Count questions: what a quoted sentence must print for them."""

from __future__ import annotations

from finrag.answer.counts import thing_focus
from finrag.answer.extractive import extractive_answer, select_sentences
from finrag.answer.figures import extractive_inputs
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.measures import unanswered_measure
from finrag.answer.query import analyze
from finrag.config import AnswerSettings

from .helpers import make_chunk, make_doc


def test_a_count_of_things_is_a_figure_printed_with_the_things_word() -> None:
    asked = analyze("How many customer transactions did Best Buy process in fiscal 2024?")
    focus = thing_focus(asked, None)
    assert focus is not None and focus.kinds == ("transaction",) and focus.strict
    doc = make_doc([], company="Best Buy", year=2024, file="BESTBUY_2024Q2_10Q.pdf", language="en")
    stores = [(1, make_chunk(doc, "Best Buy operated 908 stores in the United States at quarter end.", 19))]
    assert extractive_answer(asked.question, stores, 3, 500, focus) == ""
    counted = [(1, make_chunk(doc, "We processed 125 million customer transactions in the quarter.", 19))]
    assert select_sentences(asked.question, counted, 3, focus)
    people = thing_focus(analyze("How many employees did General Mills have?"), None)
    assert people is not None and {"employ", "people"} <= set(people.wordings)  # counted in many words
    assert thing_focus(analyze("What was Best Buy's revenue in fiscal 2024?"), None) is None


def test_the_things_counted_may_be_named_before_what_they_are_of() -> None:
    asked = analyze("How many doses of its COVID-19 vaccine did Johnson & Johnson deliver in Q4 2022?")
    focus = thing_focus(asked, None)
    assert focus is not None and focus.kinds == ("dose",) and focus.strict
    doc = make_doc([], company="Johnson & Johnson", year=2022, language="en", unit_line="")
    sales = [
        (
            1,
            make_chunk(
                doc, "Reported sales declined 4.4% to $23.7 Billion on lower COVID-19 Vaccine sales.", 1
            ),
        )
    ]
    assert extractive_answer(asked.question, sales, 3, 500, focus) == ""
    # a Chinese filing's row prints no English word for what is counted; a group of employees is no head count
    zh = analyze("How many doses of brucellosis vaccine (布病疫苗) did Jinyu Bio-Technology produce in 2020?")
    assert thing_focus(zh, None) is None
    group = "How many employees of Acme and its subsidiaries had a junior-college degree or above?"
    assert thing_focus(analyze(group), None) is None


def test_percentage_points_of_a_rate_are_no_things_counted() -> None:
    """ "how many percentage points did state taxes add to the rate": the rate reconciliation's row answers
    it;
    "points" are no things a quote must print (the question was once refused, looked for: points)."""
    q = (
        "In American Express's 2022 income tax rate reconciliation, how many percentage points did state and "
        "local income taxes (net of federal benefit) add to the rate?"
    )
    asked = analyze(q)
    assert thing_focus(asked, 2022) is None
    doc = make_doc([], company="American Express", year=2022, language="en", unit_line="")
    rates = (
        "|  | 2022 | 2021 |\n| U.S. statutory federal income tax rate | 21.0 % | 21.0 % |\n"
        "| State and local income taxes, net of federal benefit | 3.1 | 3.0 |"
    )
    context = [(1, make_chunk(doc, rates, 146, table_ref="t90"))]
    answer, _, focus = extractive_inputs(asked, context, AnswerSettings())
    text = extractive_answer(answer, context, 3, 500, focus)
    assert "| 3.1 |" in text and unanswered_measure(asked, text, rates) is None


def test_a_count_of_a_named_product_after_an_adjective_needs_the_product_and_a_count() -> None:
    doc = make_doc([], company="Adobe", year=2022, language="en", unit_line="")
    arr = make_chunk(doc, "Creative ARR exiting fiscal 2022 was $11.60 billion, up from $10.22 billion.", 30)
    asked = analyze("How many paid Creative Cloud subscriptions did Adobe have at the end of fiscal 2022?")
    asked.companies = ["Adobe"]
    answer, _, focus = extractive_inputs(asked, [(1, arr)], AnswerSettings())
    assert focus is not None and focus.count and focus.strict
    assert extractive_answer(answer, [(1, arr)], 3, 500, focus) == ""  # money is no count of subscriptions


def test_people_counted_in_a_part_need_a_head_count_sentence() -> None:
    focus = thing_focus(analyze("How many people did Amazon employ in its AWS segment?"), 2017)
    assert focus is not None and focus.count and focus.strict and "employ" in focus.wordings


def test_employees_asked_as_a_line_item_still_need_a_head_count() -> None:
    asked = analyze("How many employees did Nike have as of May 31, 2022?")
    asked.line_items = [LineItemMatch("", "employees", 9)]  # a table row "Employees" read as the item
    focus = thing_focus(asked, 2022)
    assert focus is not None and focus.count and focus.strict
    doc = make_doc([], company="Nike", year=2023, file="NIKE_2023_10K.pdf", language="en")
    expense = make_chunk(
        doc,
        "Accelerated stock option expense is recorded for employees meeting retirement eligibility"
        " requirements and was $64 million, $57 million and $67 million for the fiscal years ended"
        " May 31, 2023, 2022 and 2021, respectively.",
        88,
    )
    assert extractive_answer(asked.question, [(1, expense)], 3, 500, focus) == ""  # money is no head count
    staff = make_chunk(doc, "As of May 31, 2022, we had approximately 79,100 employees worldwide.", 10)
    assert "79,100" in extractive_answer(asked.question, [(1, staff)], 3, 500, focus)


def test_a_count_asked_after_a_source_clause_is_still_a_count_of_its_things() -> None:
    asked = analyze(
        "According to the press release in Foot Locker's 8-K dated August 19, 2022, roughly how many retail"
        " stores did Foot Locker operate, and in how many countries?"
    )
    focus = thing_focus(asked, None)
    assert focus is not None and focus.kinds == ("store",) and focus.count


def test_a_head_count_is_never_a_number_of_shares() -> None:
    asked = analyze("how many people did amazon employ at the end of 2019?")
    focus = thing_focus(asked, 2019)
    assert focus is not None
    doc = make_doc([], company="Amazon", year=2019, file="AMAZON_2019_10K.pdf", language="en", unit_line="")
    shares = "At December 31, 2019, stock available for future issuance to employees is 108 million shares."
    assert extractive_answer(asked.question, [(1, make_chunk(doc, shares, 54))], 3, 500, focus) == ""
    staff = "As of December 31, 2019, we employed approximately 798,000 full-time and part-time employees."
    assert "798,000" in extractive_answer(asked.question, [(1, make_chunk(doc, staff, 4))], 3, 500, focus)
