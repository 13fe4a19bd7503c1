"""Office formats, one module each: DOCX (office_docx), PPTX (office_pptx), XLSX and CSV (office_xlsx).

The dispatcher in :mod:`finrag.parse` imports the one it needs lazily; this module re-exports them all.
"""

from __future__ import annotations

from finrag.parse.office_docx import DocxParser
from finrag.parse.office_pptx import PptxParser
from finrag.parse.office_xlsx import CsvParser, XlsxParser

__all__ = ["CsvParser", "DocxParser", "PptxParser", "XlsxParser"]
