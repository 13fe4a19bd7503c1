"""Question sets (JSON Lines, the format of ../shared/eval/README.md) and passage corpora.

A question's gold evidence is a list of ``{"doc": file name, "page": 1-indexed page}`` or
``{"passage_id": id}``; a hit on any gold item counts. Passages become one small text document each,
named ``<passage_id>.txt``, so passage gold is normalised to that file name (page 1).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from finrag.errors import EvalError
from finrag.model import Turn

PASSAGE_SUFFIX = ".txt"  # passages are written as plain-text documents with this suffix
_CJK = re.compile(r"[\u3400-\u9fff]")
CJK_SHARE_ZH = 0.2  # a text whose characters are at least this share CJK is Chinese


@dataclass(slots=True, frozen=True)
class Gold:
    """One acceptable piece of evidence: a document (file name only) and optionally a 1-indexed page."""

    doc: str
    page: int | None = None


@dataclass(slots=True)
class Question:
    qid: str
    set_name: str
    lang: str
    question: str
    answer: str | None
    answerable: bool
    gold: list[Gold] = field(default_factory=list)
    qtype: str = ""
    history: list[Turn] = field(default_factory=list)
    prom_answer: str | None = None  # the bare reference value when the set gives one (FinGLM facts)
    # the document the question was asked about, when the set says so (a top-level "passage_id" or
    # "doc"; unanswerable questions keep theirs): what a user selects before asking (``--scoped``)
    context_file: str | None = None

    @property
    def gold_docs(self) -> set[str]:
        return {g.doc for g in self.gold}

    @property
    def scope_file(self) -> str | None:
        """The question's context document, else its only gold document (None: the whole corpus)."""
        if self.context_file:
            return self.context_file
        docs = self.gold_docs
        return next(iter(docs)) if len(docs) == 1 else None


@dataclass(slots=True)
class Passage:
    passage_id: str
    text: str

    @property
    def file_name(self) -> str:
        return passage_file(self.passage_id)


def passage_file(passage_id: str) -> str:
    """File name a passage is ingested under (and gold passage ids are matched against)."""
    return f"{passage_id}{PASSAGE_SUFFIX}"


def detect_language(text: str) -> str:
    """'zh' when CJK characters make up a fair share of the letters, else 'en'."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "en"
    share = sum(1 for c in letters if _CJK.match(c)) / len(letters)
    return "zh" if share >= CJK_SHARE_ZH else "en"


def _gold_items(raw: object, path: Path, line: int) -> list[Gold]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise EvalError(f"line {line}: 'gold' must be a list", file=path.name)
    out: list[Gold] = []
    for item in raw:
        if not isinstance(item, dict):
            raise EvalError(f"line {line}: gold items must be objects", file=path.name)
        if "passage_id" in item:
            out.append(Gold(passage_file(str(item["passage_id"])), 1))
        elif "doc" in item:
            page = item.get("page")
            out.append(Gold(Path(str(item["doc"])).name, int(page) if page is not None else None))
        else:
            raise EvalError(f"line {line}: gold item needs 'doc' or 'passage_id'", file=path.name)
    return out


def _history(raw: object) -> list[Turn]:
    turns: list[Turn] = []
    if isinstance(raw, list):
        for t in raw:
            if isinstance(t, dict) and t.get("role") in ("user", "assistant"):
                turns.append(Turn(t["role"], str(t.get("content", ""))))
    return turns


def _context_file(row: dict[str, Any]) -> str | None:
    if row.get("passage_id"):
        return passage_file(str(row["passage_id"]))
    return Path(str(row["doc"])).name if row.get("doc") else None


def set_name_of(path: Path) -> str:
    return path.name.removesuffix(".jsonl")


def _jsonl(path: Path) -> Iterator[tuple[int, Any]]:
    """(line number, parsed value) for every non-blank line; EvalError names the file and line."""
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield n, json.loads(line)
            except json.JSONDecodeError as err:
                raise EvalError(f"line {n}: not JSON ({err.msg})", file=path.name) from err


def load_set(path: Path, name: str | None = None) -> list[Question]:
    """Read a question set; raises EvalError naming the file and line on malformed input."""
    if not path.is_file():
        raise EvalError("question set not found", file=str(path))
    set_name = name or set_name_of(path)
    questions: list[Question] = []
    for n, row in _jsonl(path):
        if not isinstance(row, dict) or "question" not in row:
            raise EvalError(f"line {n}: expected an object with a 'question'", file=path.name)
        text = str(row["question"])
        facts = row.get("facts")
        prom = facts.get("prom_answer") if isinstance(facts, dict) else None
        answer = row.get("answer")
        questions.append(
            Question(
                qid=str(row.get("id", f"{set_name}-{n}")),
                set_name=set_name,
                lang=str(row.get("lang") or detect_language(text)),
                question=text,
                answer=None if answer is None else str(answer),
                answerable=bool(row.get("answerable", answer is not None)),
                gold=_gold_items(row.get("gold"), path, n),
                qtype=str(row.get("type") or ""),
                history=_history(row.get("history")),
                prom_answer=None if prom is None else str(prom),
                context_file=_context_file(row),
            )
        )
    return questions


def load_passages(path: Path) -> list[Passage]:
    """Read a passages file (``{"passage_id", "text"}`` per line)."""
    if not path.is_file():
        raise EvalError("passages file not found", file=str(path))
    out: list[Passage] = []
    for n, row in _jsonl(path):
        try:
            out.append(Passage(str(row["passage_id"]), str(row["text"])))
        except (KeyError, TypeError) as err:
            raise EvalError(f"line {n}: expected {{passage_id, text}}", file=path.name) from err
    return out
