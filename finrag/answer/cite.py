"""Citations: [n] markers resolved to chunks, and the check that every number stated is backed.

Each [n] must refer to a chunk given as context (unknown ids are removed); each number in a sentence must
appear in a chunk that sentence cites, or be an input/output of the shown calculation; otherwise the
sentence is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from finrag.answer.text import citations_in, number_forms, numbers_in, split_sentences
from finrag.model import Calculation, Chunk, Citation

SNIPPET_CHARS = 240  # citation snippet shown under an answer
_CITE = re.compile(r"\[(\d{1,3})\]")
_SMALL_INTEGER_MAX = 12  # list ordinals, months, "3 year average": not figures that need a source
# a date's day ("Three months ended March 31, 2021" from a column's label): no figure that needs a source
_DAY_OF_DATE = re.compile(
    r"\b((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?)\s+[0-3]?\d(?=,?\s+(?:19|20)\d{2}\b)"
)


@dataclass(slots=True)
class CheckReport:
    removed_ids: list[int] = field(default_factory=list)
    dropped_sentences: list[str] = field(default_factory=list)


def make_citation(n: int, chunk: Chunk, page: int | None = None, snippet: str | None = None) -> Citation:
    return Citation(
        n=n,
        chunk_id=chunk.chunk_id,
        doc_id=chunk.doc_id,
        file=chunk.meta.file,
        page=page if page is not None else (chunk.pages[0] if chunk.pages else 1),
        section_path=list(chunk.section_path),
        table_ref=chunk.table_ref,
        snippet=(snippet or chunk.text)[:SNIPPET_CHARS],
        bboxes=[b for b in chunk.bboxes if page is None or b.page == page] or list(chunk.bboxes),
    )


_QUESTION_YEAR = re.compile(r"(?:(?<=FY)|(?<=fy)|(?<![\w.]))((?:19|20)\d{2})(?!\d)")


def _supported(value: Decimal, sources: set[Decimal]) -> bool:
    if value == value.to_integral_value() and abs(value) <= _SMALL_INTEGER_MAX:
        return True
    return bool(number_forms(value) & sources)


def _chunk_numbers(chunk: Chunk) -> set[Decimal]:
    out: set[Decimal] = set()
    for v in numbers_in(chunk.text):
        out |= number_forms(v)
    return out


def check_answer(
    answer: str, context: dict[int, Chunk], calculation: Calculation | None = None, question: str = ""
) -> tuple[str, CheckReport]:
    """``answer`` with unknown [n] removed and unsupported sentences dropped; what was removed."""
    report = CheckReport()

    def keep_known(m: re.Match[str]) -> str:
        n = int(m.group(1))
        if n in context:
            return m.group(0)
        report.removed_ids.append(n)
        return ""

    cleaned = _CITE.sub(keep_known, answer)
    calc_numbers: set[Decimal] = set()
    if calculation is not None:
        for v in [calculation.result, *(i.value for i in calculation.inputs), *numbers_in(calculation.text)]:
            calc_numbers |= number_forms(v)
    question_numbers: set[Decimal] = set()
    for v in [*numbers_in(question), *(Decimal(y) for y in _QUESTION_YEAR.findall(question))]:
        question_numbers |= number_forms(v)  # "FY2022" names the year 2022 an answer may state
    cache: dict[int, set[Decimal]] = {}
    kept: list[str] = []
    for line in cleaned.split("\n"):
        line_kept: list[str] = []
        for sentence in split_sentences(line) or [line]:
            cited = [n for n in citations_in(sentence) if n in context]
            sources = set(calc_numbers) | question_numbers
            for n in cited:
                sources |= cache.setdefault(n, _chunk_numbers(context[n]))
            if all(_supported(v, sources) for v in numbers_in(_DAY_OF_DATE.sub(r"\1", sentence))):
                line_kept.append(sentence)
            else:
                report.dropped_sentences.append(sentence)
        kept.append(("" if is_cjk_line(line_kept) else " ").join(line_kept))
    return "\n".join(k for k in kept if k.strip()).strip(), report


def is_cjk_line(parts: list[str]) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for p in parts for ch in p[:4])
