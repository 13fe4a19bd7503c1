"""Numbers in reference answers and predictions: parsing with units and Chinese/English scales, the
reference's key number, and the match rule (0.5 % relative tolerance, or the reference's printed
precision)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

DEFAULT_TOLERANCE = 0.005  # numbers within 0.5% (relative) match, per the shared eval README

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
# "(1) usual and customary pricing …", "(2)": list markers, not negative amounts
MAX_ENUMERATOR_DIGITS = 1
_ENUMERATOR_AFTER = re.compile(
    r"[)）]\s*(?!万亿|亿|千万|百万|万|千|trillion|billion|million|thousand|bn\b|mn\b)[^\W\d_]", re.I
)  # "(1) usual", "（2）公司": a word follows the marker
# A reference longer than this that mentions several figures is a narrative (a summary of a report
# section, a list of lawsuits): no single number is "the answer", so it is scored by token overlap only.
MAX_NUMERIC_REFERENCE_CHARS = 300
_LEADING_WORDS = re.compile(r"约|大约|approximately|about|roughly|[$¥￥€£-−]", re.I)
_NAME_DIGITS = re.compile(r"[-−(（$¥￥€£\s]*\d+[A-Za-z]")  # "3M", "7Eleven": a name, not a figure
_BRACKETED = re.compile(r"[(（][^()（）]*[)）]")  # "(… ) / （…）": an aside when it holds words


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
        if _glued_to_word(text, m.start(), m.start("num")):
            continue  # "FY22", "Q2", "COVID-19", "H1": part of a name, not an amount
        neg = m.group("neg")
        if (
            plain
            and neg in ("(", "（")
            and len(raw) <= MAX_ENUMERATOR_DIGITS
            and _ENUMERATOR_AFTER.match(text, m.end("num"))
        ):
            continue
        if plain and _DATE_AFTER.match(text, m.end("num")):
            continue
        if plain and YEAR_MIN <= value <= YEAR_MAX and "," not in m.group("num"):
            continue
        if plain and _MONTH_BEFORE.search(text[: m.start("num")]):
            continue
        if neg and neg in "-−(（":
            value = -value
        scale = _SCALES.get((scale_word or "").lower(), Decimal(1))
        out.append(Number(value, scale, bool(pct), m.start()))
    return out


def _glued_to_word(text: str, start: int, num_start: int) -> bool:
    """The number is written onto a word: a letter right before it (or before its "-")."""
    before = text[start - 1 : start] if start > 0 else ""
    if num_start > start and text[start] == "-":
        return before.isascii() and before.isalpha()
    lead = text[num_start - 1 : num_start] if num_start > 0 else ""
    return lead.isascii() and lead.isalpha()


_CLAUSE_END = re.compile(r"[；;]")  # a reference's later clauses add context to the figure its first gives


def reference_numbers(answer: str, prom_answer: str | None = None) -> list[Number]:
    """The number(s) a reference answer is about: the bare value when given, else the only number, else
    (in a short answer) the one after a cue such as 是/为/is or the first number, numbers in a bracketed
    aside ("（合并报表为…）", "(vs. …)") counting only when nothing else is there; none for a long narrative
    that mentions several figures in passing."""
    if prom_answer:
        prom = parse_numbers(prom_answer)
        if prom:
            return prom
    nums = parse_numbers(answer)
    if len(nums) <= 1:
        return nums
    if len(answer) > MAX_NUMERIC_REFERENCE_CHARS:
        return []
    asides = [m.span() for m in _BRACKETED.finditer(answer) if any(c.isalpha() for c in m.group())]
    outside = [n for n in nums if not any(a <= n.start < b for a, b in asides)]
    nums = outside or nums
    cut = _CLAUSE_END.search(answer)
    if cut and len(opening := [n for n in nums if n.start < cut.start()]) == 1:
        return opening  # "…1,000,645,931.97元；母公司净利润为…": the one figure before more context
    first = nums[0]
    opens = not _LEADING_WORDS.sub("", answer[: first.start]).strip()
    if len(nums) == 1 or (opens and not _NAME_DIGITS.match(answer, first.start)):
        return nums[:1]  # a reference that opens with its figure is about that figure
    for n in nums:
        if _KEY_CUE.search(answer[max(0, n.start - 20) : n.start]):
            return [n]
    return nums[:1]


def numbers_close(a: Decimal, b: Decimal, tolerance: float = DEFAULT_TOLERANCE) -> bool:
    if a == b:
        return True
    return abs(a - b) <= Decimal(str(tolerance)) * max(abs(a), abs(b))


def rounds_to(a: Decimal, printed: Decimal) -> bool:
    """``a`` rounded to the decimals a reference is printed with equals it ("2.7 times" is 2.72 to one
    decimal); only for references printed with decimals (an integer "20%" keeps the relative tolerance)."""
    places = -int(printed.as_tuple().exponent)
    return places > 0 and abs(a).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == abs(printed)


def numeric_match(prediction: str, reference: list[Number], tolerance: float = DEFAULT_TOLERANCE) -> bool:
    """Every reference number appears in the prediction under some reading (raw/scaled/percent), within
    the tolerance or at the reference's printed precision."""
    if not reference:
        return False
    predicted = parse_numbers(prediction)
    for ref in reference:
        found = any(
            numbers_close(abs(a), abs(b), tolerance)
            for p in predicted
            for a in p.candidates()
            for b in ref.candidates()
        ) or any(rounds_to(p.value, ref.value) for p in predicted if p.percent == ref.percent)
        if not found:
            return False
    return True
