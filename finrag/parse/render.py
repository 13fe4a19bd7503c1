"""Human-readable Markdown dump of a parsed Document (``finrag parse FILE --markdown``): page markers,
headings by level, paragraphs, lists, code, tables as Markdown tables, then the parse report."""

from __future__ import annotations

from finrag.model import Block, BlockKind, Document, ParseReport, Table

# Longest list of removed header/footer lines shown in the report section.
REPORT_LIST_MAX = 10
MAX_HEADING_LEVEL = 6


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", "<br>").strip()


def table_to_markdown(table: Table) -> str:
    """A Table as a Markdown table, with its caption and unit above it."""
    lines: list[str] = []
    above = " ".join(x for x in [f"**{table.caption}**" if table.caption else "", _unit(table)] if x)
    if above:
        lines += [above, ""]
    rows = table.header + table.rows
    width = max((len(r) for r in rows), default=0)
    if width == 0:
        return "\n".join([*lines, f"_(empty table {table.table_id})_"])
    head = table.header[-1] if table.header else [""] * width
    extra_head = table.header[:-1]
    lines.append("| " + " | ".join(_cell(c) for c in _pad(head, width)) + " |")
    lines.append("|" + "---|" * width)
    for row in [*extra_head, *table.rows]:
        lines.append("| " + " | ".join(_cell(c) for c in _pad(row, width)) + " |")
    pages = ", ".join(str(p) for p in table.pages)
    lines += ["", f"<!-- table {table.table_id}: {len(table.rows)} rows, page(s) {pages} -->"]
    return "\n".join(lines)


def _unit(table: Table) -> str:
    return f"(单位/unit: {table.unit})" if table.unit else ""


def _pad(row: list[str], width: int) -> list[str]:
    return row + [""] * (width - len(row))


def _block(block: Block, tables: dict[str, Table]) -> str:
    if block.kind in (BlockKind.TITLE, BlockKind.HEADING):
        level = min(max(block.level, 1), MAX_HEADING_LEVEL)
        return "#" * level + " " + block.text.replace("\n", " ")
    if block.kind == BlockKind.TABLE and block.table_id in tables:
        return table_to_markdown(tables[block.table_id])
    if block.kind == BlockKind.CODE:
        return "```\n" + block.text + "\n```"
    if block.kind == BlockKind.CAPTION:
        return f"_{block.text}_"
    if block.kind == BlockKind.FIGURE:
        return f"> [figure] {block.text}"
    text = block.text
    if block.source == "ocr":
        conf = f" {block.confidence:.2f}" if block.confidence is not None else ""
        text += f" <!-- ocr{conf} -->"
    return text


def report_to_markdown(report: ParseReport) -> str:
    lines = [
        "## Parse report",
        "",
        f"- parser: {report.parser or '?'}; pages: {report.page_count}; tables: {report.table_count}; "
        f"seconds: {report.seconds:.2f}",
        f"- characters per page: {report.chars_per_page}",
    ]
    for label, pages in (
        ("scanned pages", report.scanned_pages),
        ("OCR pages", report.ocr_pages),
        ("garbled pages", report.garbled_pages),
    ):
        if pages:
            lines.append(f"- {label}: {pages}")
    if report.removed_lines:
        shown = report.removed_lines[:REPORT_LIST_MAX]
        more = len(report.removed_lines) - len(shown)
        suffix = f" (+{more} more)" if more > 0 else ""
        lines.append("- removed headers/footers: " + "; ".join(shown) + suffix)
    lines += [f"- warning: {w}" for w in report.warnings]
    return "\n".join(lines)


def document_to_markdown(doc: Document) -> str:
    """The whole document as Markdown, with ``<!-- page N -->`` markers where each page starts."""
    tables = {t.table_id: t for t in doc.tables}
    shown = {b.table_id for b in doc.blocks if b.kind == BlockKind.TABLE}
    out = [
        f"<!-- finrag parse: {doc.file} | {doc.media_type} | {doc.pages} page(s) | language {doc.language} "
        f"| doc_id {doc.doc_id[:12]} -->"
    ]
    page = 0
    for block in doc.blocks:
        if block.page != page:
            page = block.page
            out.append(f"<!-- page {page} -->")
        out.append(_block(block, tables))
    orphans = [t for t in doc.tables if t.table_id not in shown]
    for table in orphans:  # tables a parser listed without a TABLE block
        out += [f"<!-- page {table.pages[0] if table.pages else '?'} -->", table_to_markdown(table)]
    out.append(report_to_markdown(doc.report))
    return "\n\n".join(out) + "\n"
