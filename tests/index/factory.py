"""Builders for chunks, documents and facts used by the index and retrieve tests (no parser needed)."""

from __future__ import annotations

import hashlib
from decimal import Decimal

import numpy as np

from finrag.model import AccessInfo, Chunk, ChunkKind, ChunkMeta, DocumentMeta, DocumentRecord, Fact


def doc_id_of(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()


def make_chunk(
    doc_id: str,
    i: int,
    text: str,
    *,
    file: str = "doc.pdf",
    company: str | None = None,
    year: int | None = None,
    level: int = 0,
    groups: list[str] | None = None,
    kind: ChunkKind = ChunkKind.TEXT,
    doc_type: str = "annual_report",
    parent_id: str | None = None,
    indexed: bool = True,
) -> Chunk:
    meta = ChunkMeta(
        file=file,
        doc_type=doc_type,
        language="zh",
        company=company,
        fiscal_year=year,
        access_level=level,
        groups=list(groups or []),
    )
    return Chunk(
        chunk_id=f"{doc_id[:8]}-{i}",
        doc_id=doc_id,
        text=text,
        kind=kind,
        pages=[i + 1],
        section_path=["s"],
        meta=meta,
        parent_id=parent_id,
        indexed=indexed,
    )


def make_record(
    doc_id: str,
    file: str,
    n_chunks: int,
    *,
    level: int = 0,
    groups: list[str] | None = None,
    company: str | None = None,
    year: int | None = None,
) -> DocumentRecord:
    return DocumentRecord(
        doc_id=doc_id,
        file=file,
        media_type="pdf",
        doc_type="annual_report",
        language="zh",
        pages=n_chunks,
        meta=DocumentMeta(company=company, fiscal_year=year),
        access=AccessInfo(level, list(groups or [])),
        chunk_count=n_chunks,
    )


def make_fact(
    doc_id: str,
    chunk_id: str,
    item: str,
    value: str,
    *,
    level: int = 0,
    company: str | None = None,
    year: int | None = None,
) -> Fact:
    return Fact(
        fact_id=f"{chunk_id}-{item}",
        doc_id=doc_id,
        chunk_id=chunk_id,
        statement="合并利润表",
        line_item=item,
        line_item_norm=item,
        column_label="2019年度",
        value=Decimal(value),
        unit="元",
        scale=Decimal(1),
        page=1,
        table_ref="t1",
        company=company,
        fiscal_year=year,
        meta=AccessInfo(level, []),
    )


def random_unit(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    m = rng.standard_normal((n, dim)).astype(np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)
