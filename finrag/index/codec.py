"""Compact JSON encoding of chunks for storage (a hand-written decoder: ~10x faster than the generic
:func:`finrag.model.from_jsonable`, which matters when every query decodes ~100 candidates)."""

from __future__ import annotations

import json
from typing import Any

from finrag.model import BBox, Chunk, ChunkKind, ChunkMeta, PageBox, to_jsonable


def _meta(m: ChunkMeta) -> dict[str, Any]:
    return {
        "file": m.file, "doc_type": m.doc_type, "language": m.language, "company": m.company,
        "company_code": m.company_code, "fiscal_year": m.fiscal_year, "fiscal_period": m.fiscal_period,
        "period_end": m.period_end, "report_date": m.report_date, "sheet": m.sheet, "tags": m.tags,
        "access_level": m.access_level, "groups": m.groups,
    }  # fmt: skip


def encode_chunk(chunk: Chunk) -> str:
    """The same JSON as ``to_jsonable(chunk)`` (tested), built by hand: 20x faster at ingest."""
    c = chunk
    d = {
        "chunk_id": c.chunk_id, "doc_id": c.doc_id, "text": c.text, "kind": str(c.kind), "pages": c.pages,
        "section_path": c.section_path, "meta": _meta(c.meta), "table_ref": c.table_ref,
        "char_start": c.char_start, "char_end": c.char_end, "parent_id": c.parent_id,
        "bboxes": to_jsonable(c.bboxes) if c.bboxes else [], "index_text": c.index_text, "indexed": c.indexed,
    }  # fmt: skip
    return json.dumps(d, ensure_ascii=False, separators=(",", ":"))


def _bboxes(items: list[dict[str, Any]]) -> list[PageBox]:
    return [PageBox(b["page"], BBox(**b["bbox"])) for b in items]


def decode_chunk(data: str) -> Chunk:
    d = json.loads(data)
    return Chunk(
        chunk_id=d["chunk_id"],
        doc_id=d["doc_id"],
        text=d["text"],
        kind=ChunkKind(d["kind"]),
        pages=d["pages"],
        section_path=d["section_path"],
        meta=ChunkMeta(**d["meta"]),
        table_ref=d.get("table_ref"),
        char_start=d.get("char_start", 0),
        char_end=d.get("char_end", 0),
        parent_id=d.get("parent_id"),
        bboxes=_bboxes(d.get("bboxes", [])),
        index_text=d.get("index_text"),
        indexed=d.get("indexed", True),
    )
