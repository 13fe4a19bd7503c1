"""HTTP request bodies (validated by pydantic: bad input is a 422) and response shapes.

Responses have the same shapes as the CLI's ``--json`` output (docs/CLI.md). The caller's access
scope never comes from a request body: the API sets ``Filters.access`` from the API key's role.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from finrag.model import AccessScope, Answer, DocumentRecord, Filters, Hit, SearchRequest, SearchResult, Turn
from finrag.model import to_jsonable as J

SNIPPET_CHARS = 300  # retrieved-chunk preview length in the "how this answer was found" panel
MAX_TOP_K = 50  # bounds the work one request can ask for
MAX_HISTORY_TURNS = 20  # follow-up context beyond this is noise


class FiltersIn(BaseModel):
    doc_ids: list[str] = []
    files: list[str] = []
    doc_types: list[str] = []
    companies: list[str] = []
    fiscal_year_min: int | None = None
    fiscal_year_max: int | None = None
    kinds: list[str] = []
    tags: list[str] = []
    languages: list[str] = []

    def to_filters(self, scope: AccessScope) -> Filters:
        return Filters(access=scope, **self.model_dump())


class TurnIn(BaseModel):
    role: Literal["user", "assistant"]
    content: str = Field(max_length=10_000)


class SearchIn(BaseModel):
    question: str = Field(min_length=1)
    top_k: int | None = Field(None, ge=1, le=MAX_TOP_K)
    filters: FiltersIn = FiltersIn()
    explain: bool = False


class AskIn(SearchIn):
    history: list[TurnIn] = Field(default_factory=list, max_length=MAX_HISTORY_TURNS)
    stream: bool = False  # Server-Sent Events (also chosen by "Accept: text/event-stream")


def to_request(body: SearchIn, scope: AccessScope, default_top_k: int) -> SearchRequest:
    history = [Turn(t.role, t.content) for t in body.history] if isinstance(body, AskIn) else []
    return SearchRequest(
        question=body.question.strip(),
        top_k=body.top_k or default_top_k,
        filters=body.filters.to_filters(scope),
        history=history,
        explain=body.explain,
    )


def hit_json(hit: Hit, text_chars: int | None = None) -> dict[str, Any]:
    c = hit.chunk
    return {
        "chunk_id": c.chunk_id, "doc_id": c.doc_id, "file": c.meta.file, "pages": c.pages,
        "section_path": c.section_path, "score": round(hit.score, 6), "kind": c.kind.value,
        "text": c.text if text_chars is None else c.text[:text_chars],
        "ranks": hit.ranks, "scores": hit.scores, "features": hit.features,
    }


def search_json(result: SearchResult, explain: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"hits": [hit_json(h) for h in result.hits]}
    if explain:
        out["analysis"] = J(result.analysis)
        out["trace"] = J(result.trace)
    return out


def answer_json(answer: Answer, cached: bool, explain: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "question": answer.question, "answer": answer.answer, "refused": answer.refused,
        "language": answer.language, "citations": J(answer.citations), "calculation": J(answer.calculation),
        "answerer": answer.answerer, "cached": cached, "trace": None,
    }
    if explain:
        out["trace"] = J(answer.trace)
        out["context"] = [hit_json(h, SNIPPET_CHARS) for h in answer.context]
    return out


def document_json(record: DocumentRecord, with_report: bool) -> dict[str, Any]:
    out: dict[str, Any] = J(record)
    if not with_report:
        report = record.report
        out["report"] = None if report is None else {
            "page_count": report.page_count, "table_count": report.table_count,
            "scanned_pages": report.scanned_pages, "ocr_pages": report.ocr_pages,
            "garbled_pages": report.garbled_pages, "warnings": report.warnings[:5],
            "seconds": report.seconds, "parser": report.parser,
        }
    return out


def error_json(error: str, stage: str, detail: str) -> dict[str, str]:
    return {"error": error, "stage": stage, "detail": detail}
