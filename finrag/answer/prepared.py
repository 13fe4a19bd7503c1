"""What the answer stage carries between its steps (``Prepared``), what it needs of the retriever
(``Searcher``) and its fixed replies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from finrag.answer.gate import GateDecision
from finrag.answer.gate_roles import RoleCheck
from finrag.answer.numeric import NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.roles import RoleEvidence
from finrag.model import Chunk, Fact, SearchRequest, SearchResult, Trace

CHITCHAT = {
    "zh": "你好！我可以根据已索引的财务文档回答问题，并注明出处页码。",
    "en": "Hello! I answer questions from the indexed financial documents, citing the pages.",
}
NOTHING_FOUND = {"zh": "在已有文档中未找到相关信息。", "en": "The documents do not contain this information."}


class Searcher(Protocol):
    """What the answer stage needs of finrag.retrieve.pipeline.Retriever."""

    def search(self, request: SearchRequest) -> SearchResult: ...


@dataclass(slots=True)
class Prepared:
    request: SearchRequest
    asked: AskedFor
    result: SearchResult
    decision: GateDecision
    trace: Trace
    context: list[tuple[int, Chunk]] = field(default_factory=list)
    pages: dict[int, int] = field(default_factory=dict)  # [n] -> page of the cited fact row
    snippets: dict[int, str] = field(default_factory=dict)  # [n] -> the cited table row(s)
    numeric: NumericAnswer | None = None
    role: tuple[str, RoleEvidence] | None = None  # the asked attribute's kind and the value found for it
    stated: list[Fact] = field(default_factory=list)  # figures read off a sentence (prose_series)
    deferred: RoleCheck | None = None  # a role a quoted answer must print the cue words of (gate_roles)
    unsaid: str | None = None  # what the quoted answer left out, named by its refusal (measures)
    doc_names: dict[str, list[str]] = field(default_factory=dict)  # doc id -> its company names, read once
    # quarters worked out from year-to-date columns (derived_quarters): fact id -> (fact, its two cells)
    derived: dict[str, tuple[Fact, tuple[Fact, Fact]]] = field(default_factory=dict)
