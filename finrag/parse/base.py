"""The parse stage's interface: a file becomes a :class:`~finrag.model.Document`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from finrag.config import Settings
from finrag.model import Block, Document, Table


class Parser(Protocol):
    """One implementation per media type (pdf.py, office.py, text.py, image input in ocr.py)."""

    media_types: tuple[str, ...]

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document: ...


@dataclass(slots=True)
class PageContent:
    """What one page yielded (used between the PDF parser and the OCR engine)."""

    page: int
    blocks: list[Block] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
