"""Count questions: what a quoted sentence must print for them."""

from __future__ import annotations

from finrag.answer.counts import thing_focus
from finrag.answer.extractive import extractive_answer, select_sentences
from finrag.answer.query import analyze

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
    assert thing_focus(analyze("How many employees did General Mills have?"), None) is None  # many words
    assert thing_focus(analyze("What was Best Buy's revenue in fiscal 2024?"), None) is None
