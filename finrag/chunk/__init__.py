"""The chunk stage: a parsed Document becomes Chunks with metadata, by a strategy chosen per document type.

Entry point: :func:`chunk_document`. ``PIPELINE_CONFIG`` is the one table of document types, each with
its strategy and what it does; sizes come from ``settings.chunk``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePath

from finrag.chunk.build import ChunkContext
from finrag.chunk.classify import DOC_TYPES, classify
from finrag.chunk.metadata import english_name, extract_meta, listed_symbol, overlay
from finrag.chunk.strategies import minutes, parent_child, section_aware
from finrag.chunk.structured import api_doc, manual, spreadsheet
from finrag.config import Settings
from finrag.errors import ChunkError
from finrag.model import AccessInfo, BlockKind, Chunk, ChunkMeta, Document

__all__ = ["DOC_TYPES", "PIPELINE_CONFIG", "DocTypeSpec", "chunk_document", "classify", "extract_meta"]

Strategy = Callable[[ChunkContext, list[str]], None]


@dataclass(frozen=True, slots=True)
class DocTypeSpec:
    strategy: Strategy
    financial: bool  # read company / period from the cover page
    description: str


PIPELINE_CONFIG: dict[str, DocTypeSpec] = {
    "annual_report": DocTypeSpec(section_aware, True, "section-aware merge; tables whole or in row groups"),
    "filing": DocTypeSpec(section_aware, True, "10-K/10-Q/8-K/earnings: section-aware merge"),
    "prospectus": DocTypeSpec(section_aware, True, "section-aware merge"),
    "research_report": DocTypeSpec(section_aware, True, "section-aware merge"),
    "table": DocTypeSpec(spreadsheet, False, "one row per chunk, or rows grouped by a key column per sheet"),
    "api_doc": DocTypeSpec(api_doc, False, "one endpoint (level-2 heading) per chunk, level-3 if too big"),
    "manual": DocTypeSpec(manual, False, "one step block per chunk with procedure name and prerequisites"),
    "minutes": DocTypeSpec(minutes, False, "whole note when short, else one topic per chunk"),
    "requirement": DocTypeSpec(parent_child, False, "parents (not indexed) with indexed children"),
    "general": DocTypeSpec(section_aware, True, "section-aware merge"),
}


def cover_text(doc: Document, pages: int) -> str:
    return "\n".join(b.text for b in doc.blocks if b.page <= pages)


def chunk_document(
    doc: Document,
    settings: Settings,
    *,
    doc_type: str | None = None,
    access: AccessInfo | None = None,
    tags: Sequence[str] = (),
) -> list[Chunk]:
    """Classify (unless ``doc_type`` is given), fill ``doc.doc_type`` and ``doc.meta``, return the chunks."""
    chosen = doc_type or classify(doc, settings.chunk.classify_chars)
    spec = PIPELINE_CONFIG.get(chosen)
    if spec is None:
        raise ChunkError(f"unknown doc type {chosen!r}; expected one of {', '.join(PIPELINE_CONFIG)}",
                         file=doc.file)
    doc.doc_type = chosen
    if spec.financial:
        found = extract_meta(doc.file, cover_text(doc, settings.chunk.cover_pages), doc.language)
        doc.meta = overlay(doc.meta, found)  # what the parser already knew stays unless the cover says more
        pages = settings.chunk.english_name_pages
        if doc.language == "zh" and (english := english_name(cover_text(doc, pages))):
            doc.meta.aliases = list(dict.fromkeys([*doc.meta.aliases, english]))  # "Xiamen Anne Corporation"
        if doc.meta.company_code is None and doc.language == "en":  # an older cover prints no symbol
            doc.meta.company_code = listed_symbol("\n".join(b.text for b in doc.blocks))
    elif doc.meta.title is None:
        doc.meta.title = _first_heading(doc) or PurePath(doc.file).stem
    access = access or AccessInfo()
    base = ChunkMeta(
        file=doc.file, doc_type=chosen, language=doc.language, company=doc.meta.company,
        company_code=doc.meta.company_code, fiscal_year=doc.meta.fiscal_year,
        fiscal_period=doc.meta.fiscal_period, period_end=doc.meta.period_end,
        report_date=doc.meta.report_date,
        tags=list(tags), access_level=access.access_level, groups=list(access.groups),
    )
    ctx = ChunkContext.create(doc, settings, base)
    if spec.financial:
        ctx.index_head = index_head(doc)
    # financial documents: text before the first heading sits under the document's title
    root = [doc.meta.title or PurePath(doc.file).stem] if spec.financial else []
    try:
        spec.strategy(ctx, root)
    except (ValueError, IndexError, KeyError, TypeError) as err:
        raise ChunkError(f"{chosen} chunking failed: {type(err).__name__}: {err}", file=doc.file) from err
    return ctx.chunks


def index_head(doc: Document) -> str:
    """Company, code, year and report type: indexed with every chunk of a financial document so that
    "四方科技 2019 营业收入" finds the right report's chunks even where the text only says "公司"."""
    m = doc.meta
    quarter = m.fiscal_period if m.fiscal_period and m.fiscal_period != "FY" else None
    parts = [m.company, m.company_code, m.title, quarter]  # title: full name, year and report type
    return " ".join(dict.fromkeys(p for p in parts if p))


def _first_heading(doc: Document) -> str | None:
    for b in doc.blocks:
        if b.kind in (BlockKind.TITLE, BlockKind.HEADING) and b.text.strip():
            return " ".join(b.text.split())
    return None
