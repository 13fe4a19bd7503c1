"""Builders for generated Documents used by the chunk tests."""

from __future__ import annotations

from finrag.model import Block, BlockKind, Document, ParseReport, Table


def make_doc(
    blocks: list[Block],
    tables: list[Table] | None = None,
    *,
    file: str = "doc.pdf",
    media_type: str = "pdf",
    language: str = "zh",
) -> Document:
    pages = max([b.page for b in blocks] + [1])
    return Document(
        doc_id="d" * 64, file=file, media_type=media_type, pages=pages, blocks=blocks, tables=tables or [],
        report=ParseReport(file=file, page_count=pages), language=language,
    )


def heading(text: str, page: int = 1, level: int = 0) -> Block:
    return Block(BlockKind.HEADING, text, page, level=level)


def text(value: str, page: int = 1) -> Block:
    return Block(BlockKind.TEXT, value, page)


def table_block(table: Table) -> Block:
    return Block(BlockKind.TABLE, f"[table {table.table_id}]", table.pages[0], table_id=table.table_id)
