"""What a figure question needs of its evidence: the asked item printed for the asked year."""

from __future__ import annotations

from finrag.answer.figures import absent_line_items, extractive_inputs
from finrag.answer.query import analyze
from finrag.config import AnswerSettings

from .helpers import make_chunk, make_doc

Q3_2024 = make_doc([], company="Northwind", year=2024, file="northwind_2024q3.pdf", language="en")
CN_2023 = make_doc([], company="星河精工", year=2023, file="xinghe_2023.pdf")


def test_an_item_printed_only_in_another_years_report_is_absent() -> None:
    context = [
        (1, make_chunk(Q3_2024, "Revenue for the third quarter of 2024 was $812 million. Net cash rose.", 3)),
        (2, make_chunk(CN_2023, "净利润 170,791,672.51", 2)),  # net income, but of 2023
    ]
    asked = analyze("What was Northwind's net income in the third quarter of 2024?")
    assert absent_line_items(asked, context) == ["net income", "2024"]
    assert absent_line_items(analyze("What was Northwind's revenue in 2024?"), context) == []
    assert absent_line_items(analyze("星河精工2023年的净利润是多少？"), context) == []


def test_figure_questions_focus_on_the_item_and_year_text_questions_do_not() -> None:
    context = [(1, make_chunk(Q3_2024, "Gross margin was 41.3% in 2024.", 3))]
    _, _, focus = extractive_inputs(analyze("What was the gross margin in 2024?"), context, AnswerSettings())
    assert focus is not None and focus.year == 2024 and "gross margin" in focus.wordings
    _, _, none = extractive_inputs(analyze("Who are Northwind's customers?"), context, AnswerSettings())
    assert none is None
