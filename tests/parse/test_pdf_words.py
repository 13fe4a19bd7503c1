"""Words pdfium split before their last letter are joined back when the document prints them whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.parse.clean import PageLines
from finrag.parse.layout import Line, Segment
from finrag.parse.pdf_words import rejoin_split_words
from tests.parse.test_pdf_real import parse


def _page(*texts: str) -> PageLines:
    segs = [Segment(t, 0.0, 10.0 * i, 100.0, 10.0 * i + 8, 9.0, False, [float(k) for k in range(len(t))])
            for i, t in enumerate(texts)]
    return PageLines(1, 800.0, [Line([s]) for s in segs])


def test_split_heading_joined_when_the_document_prints_the_word() -> None:
    page = _page("Statement of Incom e", "Balance Shee t", "Net income rose", "the balance sheet")
    assert rejoin_split_words([page]) == 2
    texts = [ln.segments[0].text for ln in page.lines]
    assert texts[:2] == ["Statement of Income", "Balance Sheet"]
    assert all(len(ln.segments[0].xs) == len(ln.segments[0].text) for ln in page.lines)


def test_real_words_and_checkboxes_stay_apart() -> None:
    page = _page("Yes x No", "this is a test", "Item a of the data", "exhibit b", "Chin a", "China and Asia")
    rejoin_split_words([page])
    texts = [ln.segments[0].text for ln in page.lines]
    assert texts[:4] == ["Yes x No", "this is a test", "Item a of the data", "exhibit b"]
    assert texts[4] == "China"


@pytest.mark.shared
def test_3m_statement_titles_are_whole(shared_eval: Path, settings) -> None:  # type: ignore[no-untyped-def]
    doc = parse(shared_eval / "docs/en/3M_2018_10K.pdf", settings)
    text = "\n".join(b.text for b in doc.blocks)
    assert "Statement of Income" in text and "Balance Sheet" in text
    assert "Incom e" not in text and "Shee t" not in text
