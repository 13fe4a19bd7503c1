"""Filing layouts that used to mislead the PDF parser: a table's caption printed under a notes header
(it went to the paragraph before), a wrapped paragraph line starting with a percentage (it became a
heading), and bold headings in a font whose descriptor weight says "regular"."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from finrag.chunk import chunk_document
from finrag.config import Settings
from finrag.model import BlockKind, Document
from finrag.parse.pdf import PdfParser

W, H = letter
BOLD_TTF = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")
REGULAR_TTF = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
PARAGRAPH = (
    "Segment sales in 2022 were $15.0 billion, a decrease of 0.5% from 2021, which included operational",
    "growth of 6.2% and a negative currency impact of 6.7%. Acquisitions and divestitures had a net negative",
    "impact of 0.3% on the operational sales growth of the worldwide segment. Sales in the United States "
    "were",
    "flat while sales outside the United States decreased by",
    "0.3% on the operational sales growth of the worldwide Consumer Health segment.",
)


def _fonts(bold_ttf: bool) -> tuple[str, str]:
    if not bold_ttf:
        return "Times-Roman", "Times-Bold"
    if not (BOLD_TTF.exists() and REGULAR_TTF.exists()):
        pytest.skip("DejaVu fonts not installed")
    pdfmetrics.registerFont(TTFont("FxSerif", str(REGULAR_TTF)))
    pdfmetrics.registerFont(TTFont("FxSerif-Bold", str(BOLD_TTF)))
    return "FxSerif", "FxSerif-Bold"


def _filing(path: Path, *, bold_ttf: bool) -> Path:
    """Page 1: a paragraph whose last printed line starts with "0.3%", a bold heading, body text.
    Page 2: the tail of a statement, a "See Notes" line, the notes header, a caption, a unit line and an
    unruled table of segment revenues."""
    regular, bold = _fonts(bold_ttf)
    c = canvas.Canvas(str(path), pagesize=letter)
    y = H - 60
    c.setFont(bold, 10)
    c.drawString(40, y, "Item 7. Management's Discussion and Analysis")
    y -= 24
    c.setFont(regular, 10)
    for line in PARAGRAPH:
        c.drawString(40, y, line)
        y -= 12
    y -= 8
    c.drawString(40, y, "Sales of the Consumer Health franchise outside the United States were lower than "
                 "expected.")
    y -= 22
    c.setFont(bold, 10)
    c.drawString(40, y, "Cost of Products Sold")
    y -= 14
    c.setFont(regular, 10)
    c.drawString(40, y, "Cost of products sold increased as a percent to sales, driven by currency impacts.")
    c.showPage()
    y = H - 60
    c.setFont(regular, 10)
    c.drawString(40, y, "See Notes to the Consolidated Financial Statements on pages 59 - 114.")
    y -= 40
    c.setFont(bold, 10)
    for title in ("Acme Corporation and Subsidiaries", "Notes to the Consolidated Financial Statements",
                  "Summary of Business Segment Data"):
        c.drawCentredString(W / 2, y, title)
        y -= 12
    y -= 10
    c.drawString(40, y, "(Dollars in millions)")
    y -= 14
    c.setFont(regular, 10)
    rows = [("Years ended December 31,", "2022", "2021", "2020"), ("Revenues:", "", "", ""),
            ("Commercial Airplanes", "$25,867", "$19,493", "$16,162"),
            ("Defense, Space & Security", "23,162", "26,540", "26,257"),
            ("Global Services", "17,611", "16,328", "15,543"),
            ("Total revenues", "$66,608", "$62,286", "$58,158")]
    for label, *amounts in rows:
        c.drawString(40, y, label)
        for x, a in zip((420, 490, 560), amounts, strict=True):
            c.drawRightString(x, y, a)
        y -= 13
    y -= 20
    c.drawString(40, y, "This information is an integral part of the Notes to the Consolidated Financial "
                 "Statements.")
    c.showPage()
    c.save()
    return path


def _parse(path: Path, settings: Settings) -> Document:
    return PdfParser().parse(path, file_name="ACME_2022_10K.pdf", doc_id="d" * 64, settings=settings)


@pytest.mark.parametrize("bold_ttf", [False, True])
def test_caption_under_notes_header_goes_with_its_table(
    tmp_path: Path, settings: Settings, bold_ttf: bool
) -> None:
    doc = _parse(_filing(tmp_path / "f.pdf", bold_ttf=bold_ttf), settings)
    (table,) = doc.tables
    assert table.caption == "Summary of Business Segment Data" and table.unit == "in millions"
    captions = [b.text for b in doc.blocks if b.kind == BlockKind.CAPTION]
    assert any("Summary of Business Segment Data" in t for t in captions)
    assert any("See Notes" in b.text for b in doc.blocks if b.kind == BlockKind.TEXT)

    chunks = chunk_document(doc, settings, doc_type="filing")
    (tab,) = [c for c in chunks if c.table_ref == table.table_id]
    assert tab.section_path[-1] == "Summary of Business Segment Data"
    assert "Summary of Business Segment Data" in tab.text and "(Dollars in millions)" in tab.text
    for c in chunks:
        if c.table_ref is None:  # the paragraph before the table no longer ends with its caption
            assert "Business Segment Data" not in c.text and "Dollars in millions" not in c.text


@pytest.mark.parametrize("bold_ttf", [False, True])
def test_wrapped_percentage_line_is_not_a_heading(tmp_path: Path, settings: Settings, bold_ttf: bool) -> None:
    doc = _parse(_filing(tmp_path / "f.pdf", bold_ttf=bold_ttf), settings)
    assert not [b.text for b in doc.blocks if b.kind == BlockKind.HEADING and b.text.startswith("0.3%")]
    heads = [b.text for b in doc.blocks if b.kind == BlockKind.HEADING]
    assert "Cost of Products Sold" in heads  # bold by font name even when the descriptor weight is low
    chunks = chunk_document(doc, settings, doc_type="filing")
    paths = [c.section_path for c in chunks]
    assert all(not p or not p[-1].startswith("0.3%") for p in paths)
    (after,) = [c for c in chunks if "franchise outside" in c.text]
    assert after.section_path == ["Item 7. Management's Discussion and Analysis"]
    cost = [c for c in chunks if "Cost of products sold increased" in c.text]
    assert cost and cost[0].section_path[-1] == "Cost of Products Sold"
