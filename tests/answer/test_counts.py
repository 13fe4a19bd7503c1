"""Count questions: what a quoted sentence must print for them."""

from __future__ import annotations

from finrag.answer.counts import thing_focus
from finrag.answer.extractive import extractive_answer, select_sentences
from finrag.answer.figures import extractive_inputs
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
