"""Question-side records: requests, retrieval hits, traces, answers, ingest results."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from finrag.model.documents import JSON, Chunk, Filters, PageBox


@dataclass(slots=True)
class TraceStep:
    stage: str  # "analyze", "route", "keyword", "dense", "fuse", "rerank", "gate", "answer", ...
    name: str
    detail: JSON = None
    ms: float = 0.0


@dataclass(slots=True)
class Trace:
    steps: list[TraceStep] = field(default_factory=list)

    def add(self, stage: str, name: str, detail: JSON = None, ms: float = 0.0) -> None:
        self.steps.append(TraceStep(stage, name, detail, round(ms, 2)))


@dataclass(slots=True)
class Turn:
    role: Literal["user", "assistant"]
    content: str


@dataclass(slots=True)
class Period:
    """A reporting period a question refers to, resolved to dates where possible."""

    label: str  # as written in the question: "2019年", "上年末", "FY2018"
    fiscal_year: int | None = None
    fiscal_period: str | None = None  # "FY", "Q1".."Q4", "H1"
    period_end: str | None = None  # ISO date
    kind: Literal["duration", "instant", "unknown"] = "unknown"


@dataclass(slots=True)
class QueryAnalysis:
    question: str  # as asked
    completed: str  # after follow-up completion from history (== question when not a follow-up)
    language: str
    intent: str  # "lookup", "calculation", "howto", "definition", "comparison", "yesno", "chitchat", "other"
    companies: list[str] = field(default_factory=list)  # canonical company names matched
    company_mentions: list[str] = field(default_factory=list)  # the question's words that named them
    periods: list[Period] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)  # codes/IDs/numbers that must match literally
    keywords: list[str] = field(default_factory=list)  # analyzer tokens of the completed question
    line_items: list[str] = field(default_factory=list)  # financial line items named in the question
    variants: list[str] = field(default_factory=list)  # expanded query variants (incl. cross-language)
    # how filings title the sections holding what the question asks about (regexes, finrag/data/sections.toml)
    section_titles: list[str] = field(default_factory=list)


@dataclass(slots=True)
class SearchRequest:
    question: str
    top_k: int = 8
    filters: Filters = field(default_factory=Filters)
    history: list[Turn] = field(default_factory=list)
    explain: bool = False


@dataclass(slots=True)
class Hit:
    chunk: Chunk
    score: float
    ranks: dict[str, int] = field(default_factory=dict)  # retriever name -> 1-based rank
    scores: dict[str, float] = field(default_factory=dict)  # retriever name -> raw score
    features: dict[str, float] = field(default_factory=dict)  # reranker features


@dataclass(slots=True)
class SearchResult:
    hits: list[Hit]
    analysis: QueryAnalysis | None
    trace: Trace


# ---------------------------------------------------------------- answer


@dataclass(slots=True)
class Citation:
    n: int
    chunk_id: str
    doc_id: str
    file: str
    page: int
    section_path: list[str]
    table_ref: str | None
    snippet: str
    bboxes: list[PageBox] = field(default_factory=list)


@dataclass(slots=True)
class CalcInput:
    label: str  # "营业收入 (2019)"
    value: Decimal
    unit: str | None
    citation: int  # the [n] that shows this value


@dataclass(slots=True)
class Calculation:
    formula: str  # name, e.g. "gross_margin"
    expression: str  # "(营业收入 − 营业成本) / 营业收入"
    inputs: list[CalcInput]
    result: Decimal
    unit: str | None
    text: str  # the full worked line shown to the user


@dataclass(slots=True)
class Answer:
    question: str
    answer: str
    refused: bool
    language: str
    citations: list[Citation] = field(default_factory=list)
    calculation: Calculation | None = None
    context: list[Hit] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)
    answerer: str = "offline"  # "offline", "llm", "chitchat", "cache"


# ---------------------------------------------------------------- ingest


@dataclass(slots=True)
class ErrorInfo:
    stage: str
    message: str


@dataclass(slots=True)
class IngestResult:
    file: str
    doc_id: str | None
    status: Literal["indexed", "unchanged", "failed"]
    chunks: int = 0
    pages: int = 0
    seconds: float = 0.0
    error: ErrorInfo | None = None
