"""Retrieval and answer metrics, per question (aggregated by :mod:`finrag.eval.run`).

Retrieval (a hit on any gold page counts, as in ../shared/eval/README.md):
- ``recall@k``: 1 when one of the first k hits covers a gold page (``doc_recall@k``: a gold document);
- ``mrr``: 1 / rank of the first hit on a gold page (0 when none in the list);
- ``ndcg@10``: binary gains, a hit gains only for gold pages not covered by an earlier hit; the ideal
  ranking covers min(#gold pages, 10) pages at ranks 1..n;
- ``top1``: the first hit is on a gold page (equal to recall@1; kept under the name users look for).
Answers: refusal on unanswerable questions, false refusals, citation validity/accuracy, numeric match
(units and Chinese/English scales, relative tolerance) and token-overlap F1.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from finrag.eval.sets import Gold

RECALL_KS = (1, 5, 10)
NDCG_K = 10
DEFAULT_TOLERANCE = 0.005  # numbers within 0.5% (relative) match, per the shared eval README


@dataclass(slots=True)
class RankedHit:
    """One retrieved item as the harness sees it (from the main pipeline or a baseline)."""

    file: str
    pages: list[int]
    chunk_id: str = ""
    text: str = ""
    score: float = 0.0


@dataclass(slots=True)
class CitedPage:
    file: str
    page: int
    chunk_id: str = ""


@dataclass(slots=True)
class AnswerOutcome:
    """What the answerer returned, reduced to what the metrics need."""

    text: str
    refused: bool
    citations: list[CitedPage] = field(default_factory=list)
    context_chunk_ids: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- retrieval


def _page_match(hit: RankedHit, gold: list[Gold]) -> set[tuple[str, int | None]]:
    """Gold items this hit covers (a gold item without a page is covered by any page of its doc)."""
    covered: set[tuple[str, int | None]] = set()
    for g in gold:
        if g.doc == hit.file and (g.page is None or g.page in hit.pages):
            covered.add((g.doc, g.page))
    return covered


def retrieval_scores(hits: list[RankedHit], gold: list[Gold]) -> dict[str, float]:
    """Per-question retrieval metrics; empty when the question has no gold evidence."""
    if not gold:
        return {}
    gold_docs = {g.doc for g in gold}
    page_rel = [bool(_page_match(h, gold)) for h in hits]
    doc_rel = [h.file in gold_docs for h in hits]
    out: dict[str, float] = {}
    for k in RECALL_KS:
        out[f"recall@{k}"] = float(any(page_rel[:k]))
        out[f"doc_recall@{k}"] = float(any(doc_rel[:k]))
    out["mrr"] = next((1.0 / (i + 1) for i, r in enumerate(page_rel) if r), 0.0)
    out["doc_mrr"] = next((1.0 / (i + 1) for i, r in enumerate(doc_rel) if r), 0.0)
    out["top1"] = float(bool(page_rel[:1]) and page_rel[0])
    seen: set[tuple[str, int | None]] = set()
    dcg = 0.0
    for i, h in enumerate(hits[:NDCG_K]):
        new = _page_match(h, gold) - seen
        if new:
            dcg += 1.0 / math.log2(i + 2)
            seen |= new
    n_gold = len({(g.doc, g.page) for g in gold})
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(n_gold, NDCG_K)))
    out["ndcg@10"] = dcg / ideal if ideal else 0.0
    return out


# ---------------------------------------------------------------- numbers

_SCALES: dict[str, Decimal] = {
    "万亿": Decimal(10) ** 12,
    "亿": Decimal(10) ** 8,
    "千万": Decimal(10) ** 7,
    "百万": Decimal(10) ** 6,
    "万": Decimal(10) ** 4,
    "千": Decimal(10) ** 3,
    "trillion": Decimal(10) ** 12,
    "billion": Decimal(10) ** 9,
    "bn": Decimal(10) ** 9,
    "million": Decimal(10) ** 6,
    "mn": Decimal(10) ** 6,
    "thousand": Decimal(10) ** 3,
}
_NUMBER = re.compile(
    r"(?P<neg>[-−(（])?\s*(?P<cur>[$¥￥€£])?\s*(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s*(?P<scale>万亿|亿|千万|百万|万|千|trillion|billion|million|thousand|bn|mn)?\s*(?P<pct>%|％|percent)?",
    re.IGNORECASE,
)
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATE_AFTER = re.compile(r"\s*(?:年|月|日|号)")
_MONTH_BEFORE = re.compile(_MONTHS + r"\s*$", re.IGNORECASE)
_KEY_CUE = re.compile(r"(?:是|为|约为|达到|is|was|were|are|of|:|：)\s*(?:approximately|about|约)?\s*$", re.I)
YEAR_MIN, YEAR_MAX = 1900, 2100  # bare integers in this range are read as years, not amounts


@dataclass(slots=True, frozen=True)
class Number:
    value: Decimal  # as printed (sign applied)
    scale: Decimal = Decimal(1)  # from 万/亿/million/...
    percent: bool = False
    start: int = 0

    def candidates(self) -> list[Decimal]:
        """Readings that may equal another mention of the same quantity (raw, scaled, percent as a ratio)."""
        out = [self.value, self.value * self.scale]
        if self.percent:
            out.append(self.value / 100)
        return out


def parse_numbers(text: str) -> list[Number]:
    """Amounts, ratios and percentages in a text, skipping years and dates."""
    out: list[Number] = []
    for m in _NUMBER.finditer(text):
        raw = m.group("num").replace(",", "")
        try:
            value = Decimal(raw)
        except InvalidOperation:
            continue
        scale_word, pct, cur = m.group("scale"), m.group("pct"), m.group("cur")
        plain = not (scale_word or pct or cur or "." in raw)
        if plain and _DATE_AFTER.match(text, m.end("num")):
            continue
        if plain and YEAR_MIN <= value <= YEAR_MAX and "," not in m.group("num"):
            continue
        if plain and _MONTH_BEFORE.search(text[: m.start("num")]):
            continue
        neg = m.group("neg")
        if neg and neg in "-−(（":
            value = -value
        scale = _SCALES.get((scale_word or "").lower(), Decimal(1))
        out.append(Number(value, scale, bool(pct), m.start()))
    return out


def reference_numbers(answer: str, prom_answer: str | None = None) -> list[Number]:
    """The number(s) a reference answer is about: the bare value when given, else the one after a cue
    such as 是/为/is, else the first number."""
    if prom_answer:
        prom = parse_numbers(prom_answer)
        if prom:
            return prom
    nums = parse_numbers(answer)
    if len(nums) <= 1:
        return nums
    for n in nums:
        if _KEY_CUE.search(answer[max(0, n.start - 20) : n.start]):
            return [n]
    return nums[:1]


def numbers_close(a: Decimal, b: Decimal, tolerance: float = DEFAULT_TOLERANCE) -> bool:
    if a == b:
        return True
    return abs(a - b) <= Decimal(str(tolerance)) * max(abs(a), abs(b))


def numeric_match(prediction: str, reference: list[Number], tolerance: float = DEFAULT_TOLERANCE) -> bool:
    """Every reference number appears in the prediction under some reading (raw/scaled/percent)."""
    if not reference:
        return False
    predicted = parse_numbers(prediction)
    for ref in reference:
        found = any(
            numbers_close(abs(a), abs(b), tolerance)
            for p in predicted
            for a in p.candidates()
            for b in ref.candidates()
        )
        if not found:
            return False
    return True


# ---------------------------------------------------------------- text overlap

_WORD = re.compile(r"[\u3400-\u9fff]|[a-z0-9]+(?:\.[0-9]+)?")
_ARTICLES = {"a", "an", "the"}
_PUNCT = set(string.punctuation)


def answer_tokens(text: str) -> list[str]:
    """Lower-cased words (English) and single characters (Chinese), articles and punctuation dropped."""
    cleaned = "".join(" " if c in _PUNCT and c != "." else c for c in text.lower().replace(",", ""))
    return [t for t in _WORD.findall(cleaned) if t not in _ARTICLES]


def token_recall(prediction: str, reference: str) -> float:
    """Share of the reference's tokens found in the prediction (fairer than F1 to long extractive answers)."""
    p, r = answer_tokens(prediction), answer_tokens(reference)
    if not r:
        return float(not p)
    return sum((Counter(p) & Counter(r)).values()) / len(r)


def token_f1(prediction: str, reference: str) -> float:
    p, r = answer_tokens(prediction), answer_tokens(reference)
    if not p or not r:
        return float(p == r)
    common = sum((Counter(p) & Counter(r)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(p), common / len(r)
    return 2 * precision * recall / (precision + recall)


# ---------------------------------------------------------------- answers


def answer_scores(
    outcome: AnswerOutcome,
    *,
    answerable: bool,
    reference: str | None,
    gold: list[Gold],
    prom_answer: str | None = None,
    tolerance: float = DEFAULT_TOLERANCE,
) -> dict[str, float]:
    """Per-question answer metrics; keys appear only where the metric applies to this question."""
    out: dict[str, float] = {}
    if not answerable:
        out["refusal_accuracy"] = float(outcome.refused)
        return out
    # A refused answerable question scores 0 on citation accuracy, numeric match and F1.
    out["false_refusal"] = float(outcome.refused)
    text = "" if outcome.refused else outcome.text
    citations = [] if outcome.refused else outcome.citations
    if citations:
        context = set(outcome.context_chunk_ids)
        out["citation_validity"] = float(all(c.chunk_id in context for c in citations))
    if gold:
        out["citation_accuracy"] = float(
            any(g.doc == c.file and g.page in (None, c.page) for c in citations for g in gold)
        )
    if reference:
        refs = reference_numbers(reference, prom_answer)
        if refs:
            out["numeric_match"] = float(numeric_match(text, refs, tolerance))
        out["token_f1"] = token_f1(text, reference) if text else 0.0
        out["token_recall"] = token_recall(text, reference) if text else 0.0
    return out


LOWER_IS_BETTER = frozenset({"false_refusal", "seconds", "ms_per_question"})
