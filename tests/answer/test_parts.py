"""Parts of a company a question names as such: printed on their own, or not at all."""

from __future__ import annotations

from finrag.answer.parts import unprinted_parts
from finrag.answer.query import analyze

from .helpers import make_chunk, make_doc


def test_a_segment_the_question_names_that_no_text_prints_is_an_unprinted_part() -> None:
    doc = make_doc([], company="Lockheed Martin", year=2022, language="en", unit_line="")
    chunk = make_chunk(doc, "Our segments are Aeronautics, Missiles and Fire Control, and Space.", 39)
    marine = analyze("What net sales did Lockheed Martin's Marine Systems segment report in 2022?")
    marine.companies = ["Lockheed Martin"]
    assert unprinted_parts(marine, [chunk]) == ["Marine Systems"]
    space = analyze("What net sales did Lockheed Martin's Space segment report in 2022?")
    space.companies = ["Lockheed Martin"]
    assert unprinted_parts(space, [chunk]) == []


def test_a_name_printed_only_inside_a_longer_name_is_not_printed() -> None:
    doc = make_doc([], company="Boeing", year=2022, language="en", unit_line="")
    chunk = make_chunk(doc, "Our segments are Commercial Airplanes and Defense, Space & Security.", 3)
    asked = analyze("How much revenue did Boeing's Space segment generate in 2022?")
    asked.companies = ["Boeing"]
    assert unprinted_parts(asked, [chunk]) == ["Space"]
