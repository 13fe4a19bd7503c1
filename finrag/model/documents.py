"""Document-side records: what parse, chunk and index produce and the store keeps.

Plain slotted dataclasses (fast to build by the hundred thousand, easy to dump to JSON with
:func:`to_jsonable`). Pages are 1-indexed physical pages everywhere. Boxes are in PDF points with the
origin at the page's top-left corner (y grows downwards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any, Literal

Source = Literal["text", "ocr"]
JSON = Any  # a JSON-serialisable value (used only for free-form trace details)


# ---------------------------------------------------------------- parse


class BlockKind(StrEnum):
    TITLE = "title"
    HEADING = "heading"
    TEXT = "text"
    LIST = "list"
    TABLE = "table"
    FIGURE = "figure"
    CAPTION = "caption"
    CODE = "code"


@dataclass(slots=True)
class BBox:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(slots=True)
class PageBox:
    page: int
    bbox: BBox


@dataclass(slots=True)
class Block:
    kind: BlockKind
    text: str
    page: int
    bbox: BBox | None = None
    level: int = 0  # heading level, 1 = top; 0 for anything that is not a title/heading
    source: Source = "text"
    confidence: float | None = None  # OCR confidence 0..1 when source == "ocr"
    table_id: str | None = None  # kind == TABLE: the Table this block stands for


@dataclass(slots=True)
class Table:
    table_id: str  # "t{n}", unique within the document, in reading order
    pages: list[int]
    header: list[list[str]]  # zero or more header rows, cells exactly as printed
    rows: list[list[str]]  # body rows, cells exactly as printed ("(1,234.56)", "12.3%", "-")
    caption: str = ""  # title printed above the table, e.g. "合并资产负债表" / "CONSOLIDATED BALANCE SHEETS"
    unit: str | None = None  # unit as printed in caption/header: "元", "万元", "in millions", "%"
    bboxes: list[PageBox] = field(default_factory=list)  # one per page the table covers
    row_pages: list[int] = field(default_factory=list)  # page of each body row (same length as rows)
    source: Source = "text"


@dataclass(slots=True)
class OutlineEntry:
    title: str
    level: int
    page: int | None


@dataclass(slots=True)
class ParseReport:
    file: str
    page_count: int = 0
    chars_per_page: list[int] = field(default_factory=list)
    table_count: int = 0
    scanned_pages: list[int] = field(default_factory=list)  # pages with no usable text layer
    ocr_pages: list[int] = field(default_factory=list)  # pages whose text came from OCR
    garbled_pages: list[int] = field(default_factory=list)
    removed_lines: list[str] = field(default_factory=list)  # repeated headers/footers/page numbers
    warnings: list[str] = field(default_factory=list)  # "page 3: table structure uncertain"
    seconds: float = 0.0
    parser: str = ""  # which parser produced the document, e.g. "pdf", "docx"


@dataclass(slots=True)
class DocumentMeta:
    """What the document says about itself (filled by the chunk stage's metadata extractor)."""

    title: str | None = None
    company: str | None = None  # short name as used in questions, e.g. "四方科技", "3M"
    company_full: str | None = None  # e.g. "四方科技集团股份有限公司", "3M Company"
    company_code: str | None = None  # stock code or ticker, e.g. "603339", "MMM"
    aliases: list[str] = field(default_factory=list)
    report_type: str | None = None  # "annual_report", "10-K", "10-Q", "8-K", "prospectus", ...
    fiscal_year: int | None = None
    fiscal_period: str | None = None  # "FY", "Q1".."Q4", "H1", "H2"
    period_end: str | None = None  # ISO date of the reporting period's end, e.g. "2019-12-31"
    report_date: str | None = None  # ISO date the report was issued


@dataclass(slots=True)
class Document:
    doc_id: str  # sha256 of the file's bytes
    file: str  # file name (display only; never used as a path)
    media_type: (
        str  # detected from content: "pdf", "docx", "pptx", "xlsx", "csv", "md", "txt", "html", "image"
    )
    pages: int
    blocks: list[Block]
    tables: list[Table]
    report: ParseReport
    language: str = "en"  # "zh" or "en" (dominant language)
    doc_type: str = ""  # set by the chunk stage's classifier or by --doc-type
    outline: list[OutlineEntry] = field(default_factory=list)
    meta: DocumentMeta = field(default_factory=DocumentMeta)


# ---------------------------------------------------------------- chunk


class ChunkKind(StrEnum):
    TEXT = "text"
    TABLE = "table"  # a whole table
    TABLE_ROWS = "table_rows"  # a row group of a large table (header and caption repeated)
    ROW = "row"  # one spreadsheet row "header: value; ..."
    STEP = "step"  # a procedure's steps block
    ENDPOINT = "endpoint"  # one API endpoint
    PARENT = "parent"  # parent of parent-child chunks: stored, returned, not indexed
    SLIDE = "slide"
    NOTE = "note"


@dataclass(slots=True)
class AccessInfo:
    access_level: int = 0  # 0 = public; higher = more confidential
    groups: list[str] = field(default_factory=list)  # empty = visible to every group


@dataclass(slots=True)
class ChunkMeta:
    file: str
    doc_type: str
    language: str
    company: str | None = None
    company_code: str | None = None
    fiscal_year: int | None = None
    fiscal_period: str | None = None
    period_end: str | None = None
    report_date: str | None = None
    sheet: str | None = None
    tags: list[str] = field(default_factory=list)
    access_level: int = 0
    groups: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Chunk:
    chunk_id: str  # stable across re-ingest: hash of doc_id + position + text
    doc_id: str
    text: str  # what is shown and cited (starts with the heading path where there is one)
    kind: ChunkKind
    pages: list[int]  # first..last page covered
    section_path: list[str]
    meta: ChunkMeta
    table_ref: str | None = None
    char_start: int = 0  # offsets into the document's concatenated block text
    char_end: int = 0
    parent_id: str | None = None
    bboxes: list[PageBox] = field(default_factory=list)
    index_text: str | None = None  # text to index when it differs from ``text`` (e.g. title prefixes)
    indexed: bool = True  # False for parents: stored and returned, never searched directly


# ---------------------------------------------------------------- facts (answer stage, stored with chunks)


@dataclass(slots=True)
class Fact:
    fact_id: str
    doc_id: str
    chunk_id: str  # the chunk that shows this value (for citations)
    statement: str  # table caption / statement title, e.g. "合并利润表"
    line_item: str  # as printed, e.g. "一、营业总收入"
    line_item_norm: str  # normalised, e.g. "营业总收入" / "total revenue"
    column_label: str  # as printed, e.g. "2019年12月31日", "Year Ended December 31, 2018"
    value: Decimal
    unit: str | None  # "元", "万元", "USD millions", "%", ...
    scale: Decimal  # multiplier that turns value into the base unit (万元 -> 10000)
    page: int
    table_ref: str
    company: str | None = None
    period_end: str | None = None  # ISO date the column refers to
    fiscal_year: int | None = None
    fiscal_period: str | None = None  # "FY", "Q2", "H1", ...
    scope: str = ""  # "consolidated", "parent" or "" when unknown
    meta: AccessInfo = field(default_factory=AccessInfo)
    section: str = ""  # the row heading above it in its table: "AWS" over "Net sales"


# ---------------------------------------------------------------- index / retrieve


@dataclass(slots=True)
class AccessScope:
    """What a caller may see. ``groups=None`` means every group (admin / local use)."""

    max_level: int = 0
    groups: frozenset[str] | None = None

    @classmethod
    def everything(cls) -> AccessScope:
        return cls(max_level=1_000_000, groups=None)

    def allows(self, access_level: int, groups: list[str]) -> bool:
        if access_level > self.max_level:
            return False
        if self.groups is None or not groups:
            return True
        return bool(self.groups.intersection(groups))

    def key(self) -> str:
        gs = "*" if self.groups is None else ",".join(sorted(self.groups))
        return f"{self.max_level}|{gs}"


@dataclass(slots=True)
class Filters:
    """Metadata constraints applied inside the store (pre-filter). Empty lists mean no constraint."""

    access: AccessScope = field(default_factory=AccessScope.everything)
    doc_ids: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    doc_types: list[str] = field(default_factory=list)
    companies: list[str] = field(default_factory=list)  # matched against company and company_code
    fiscal_year_min: int | None = None
    fiscal_year_max: int | None = None
    kinds: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)


@dataclass(slots=True)
class DocumentRecord:
    """A document as the store keeps it (no blocks: those are re-derivable from the stored file)."""

    doc_id: str
    file: str
    media_type: str
    doc_type: str
    language: str
    pages: int
    meta: DocumentMeta
    access: AccessInfo
    chunk_count: int = 0
    fact_count: int = 0
    ingested_at: str = ""  # ISO timestamp
    stored_file: str = ""  # path of the kept copy, relative to the data folder (for page images)
    report: ParseReport | None = None


@dataclass(slots=True)
class ScoredChunk:
    chunk: Chunk
    score: float


@dataclass(slots=True)
class StoreStats:
    documents: int
    chunks: int
    facts: int
    embedder: str
    dimension: int
    index_version: int  # bumped by every add/delete (cache invalidation)
    engine: str
    disk_bytes: int = 0
