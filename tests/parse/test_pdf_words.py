"""Words pdfium split before their last letter are joined back when the document prints them whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from finrag.parse.clean import PageLines
from finrag.parse.layout import Line, Segment
from finrag.parse.pdf_words import rejoin_split_words
from tests.parse.test_pdf_real import parse


def _page(*texts: str) -> PageLines:
    segs = [
        Segment(t, 0.0, 10.0 * i, 100.0, 10.0 * i + 8, 9.0, False, [float(k) for k in range(len(t))])
        for i, t in enumerate(texts)
    ]
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


def _kerned_heading(path: Path) -> Path:
    """A bold capitals heading whose word space the typesetter kerned to 1.4 pt (no space glyph), and a
    letter-spaced capitals heading with even gaps."""
    c = canvas.Canvas(str(path))
    c.setFont("Helvetica-Bold", 11)
    c.drawString(72, 700, "GOODWILL")
    c.drawString(72 + stringWidth("GOODWILL", "Helvetica-Bold", 11) + 1.4, 700, "AND PURCHASED INTANGIBLES")
    text = c.beginText(72, 660)
    text.setFont("Helvetica-Bold", 11)
    text.setCharSpace(1.2)
    text.textOut("CONSOLIDATED STATEMENTS")
    c.drawText(text)
    c.setFont("Helvetica", 10)
    c.drawString(
        72, 620, "Goodwill by segment is tested for impairment each year and purchased intangibles amortised."
    )
    c.save()
    return path


def test_kerned_capitals_heading_keeps_its_word_space(tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    doc = parse(_kerned_heading(tmp_path / "kerned.pdf"), settings)
    text = "\n".join(b.text for b in doc.blocks)
    assert "GOODWILL AND PURCHASED INTANGIBLES" in text
    assert "CONSOLIDATED STATEMENTS" in text  # even letter spacing is no word break
