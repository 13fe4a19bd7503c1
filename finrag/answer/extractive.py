"""Extractive answers: the sentences of the context chunks that best match the question, each cited."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache

from finrag.answer.events import trigger_words
from finrag.answer.periods import EN_DATE
from finrag.answer.qualifiers import prints_qualifiers
from finrag.answer.quote_focus import Focus, Scored
from finrag.answer.quote_rows import TWO_CELL_BARS, caption_of, owned
from finrag.answer.text import body_of, prints_any, split_sentences, terms
from finrag.chunk.build import PATH_SEPARATOR
from finrag.model import Chunk
from finrag.parse.layout import is_cjk

MIN_SENTENCE_CHARS = 6  # shorter "sentences" are headings, page numbers or table debris
RELATIVE_CUTOFF = 0.35  # a sentence must score at least this share of the best one to be quoted
RANK_DECAY = 0.08  # later context chunks count slightly less (the retriever already ranked them)
MIN_TEXT_SHARE = 0.5  # below this share of letters/digits a "sentence" is table debris
INTRO_ROWS = 4  # a quoted table header or lead-in brings this many rows after it (the figures it heads)
_INTRODUCES = re.compile(
    r"(?:如下|如下表所示)\s*[:：]\s*$|\b(?:as follows|the following)\s*(?:\([^()]{0,40}\))?\s*:\s*$", re.I
)
PATH_PART_CHARS = 80  # a heading-path element ("十七、积极履行社会责任的工作情况") is at most this long
# "812", "41.3", "15,000万元": a list number ("3、"), a year or a date ("2009年 12月 30日") states no figure
_FIGURE = re.compile(r"(?<![\d.,])(?!(?:19|20)\d{2}(?!\d|[,.]\d))\d[\d,.]*\d(?!\s*[年月日号])")
# a sentence's one-digit percentage ("exceeded its carrying amount by approximately 8%") is a figure too (a
# table row's lone digit, "| 博士、硕士 | 4 | 2％ |", may be a count of a wider group)
_ONE_DIGIT_PERCENT = re.compile(r"(?<![\d.,])\d\s*(?:%|percent\b)", re.I)
# a number of things: not an amount of money ("$486 million") or a percentage
_COUNT = re.compile(
    r"(?<![\w.,$€£¥(-])(?!(?:19|20)\d{2}(?!\d|[,.]\d))\d[\d,.]*\d(?!\s*(?:%|percent|[年月日号]|[\d,.]))"
)
# a head count is never a number of shares ("… for future issuance to employees is 108 million shares")
_HEAD_COUNT = re.compile(rf"{_COUNT.pattern}(?!\s*(?:(?:million|thousand|billion)\s+)?shares\b)")


def _candidates(context: list[tuple[int, Chunk]]) -> list[Scored]:
    doc_order: dict[str, int] = {}
    seen: set[str] = set()
    out: list[Scored] = []
    for n, chunk in context:
        d = doc_order.setdefault(chunk.doc_id, len(doc_order))
        if _contents(chunk.text):
            continue  # "| b) Condensed Consolidated Statements of Earnings … | 4 |": where a statement is
        sentences = split_sentences(body_of(chunk))
        for i, sentence in enumerate(sentences):
            if len(sentence) < MIN_SENTENCE_CHARS or sentence in chunk.section_path:
                continue
            if _is_debris(sentence) or _is_path(sentence) or sentence in seen:  # table rows, headers
                continue
            seen.add(sentence)
            page = chunk.pages[0] if chunk.pages else 0
            before = sentences[i - 1] if i else ""
            heading = " ".join(chunk.section_path)
            where = (d, page, chunk.char_start, i)
            out.append(Scored(n, where, sentence, 0.0, before, heading, chunk.text, chunk.meta.fiscal_year))
    return out


# a column header cell: a year, a date, a period or scope word, never a figure
_DATED = re.compile(r"(?:19|20)\d{2}")
_HEADER_CELL = re.compile(
    r"(?:fy\s*)?(?:19|20)\d{2}(?:年度?)?|[A-Za-z]+\.?\s+\d{1,2},\s*(?:19|20)\d{2}|(?:19|20)\d{2}年\d{1,2}月\d{1,2}日"
    r"|\d{4}[-./]\d{1,2}[-./]\d{1,2}|[\u4e00-\u9fff（）()%]{1,10}|\(?[A-Za-z][A-Za-z ,.()%]*\)?",
    re.I,
)


_PAGE_NUMBER = re.compile(r"\d{1,3}")
MIN_CONTENTS_ROWS = 4  # a table of contents lists at least this many entries
MIN_ENTRY_WIDTH = 20  # its entries are titles ("b) Condensed Consolidated Statements …"), not "1-2年"


def _contents(text: str) -> bool:
    """A table of contents: most rows end in a page number, in page order, after a title (no figure)."""
    ends: list[int] = []
    width = 0
    rows = [ln for ln in text.split("\n") if ln.startswith("|")]
    for row in rows:
        cells = [c.strip() for c in row.strip().strip("|").split("|") if c.strip()]
        if len(cells) >= 2 and _PAGE_NUMBER.fullmatch(cells[-1]):
            ends.append(int(cells[-1]))
            width += sum(2 if is_cjk(ch) else 1 for ch in " ".join(cells[:-1]))
    titled = bool(ends) and width >= MIN_ENTRY_WIDTH * len(ends)
    most = len(ends) * 5 >= len(rows) * 4
    return len(ends) >= MIN_CONTENTS_ROWS and most and ends == sorted(ends) and titled


def _is_path(sentence: str) -> bool:
    """A heading path written into the text ("十七、… > (一) 上市公司扶贫工作情况": the sub-headings of small
    sections merged into one chunk): it names a section, it says nothing."""
    parts = sentence.split(PATH_SEPARATOR)
    return len(parts) > 1 and all(0 < len(p.strip()) <= PATH_PART_CHARS for p in parts)


def _is_debris(sentence: str) -> bool:
    """A table row that is mostly empty cells or only a column header ("| Fiscal Years Ended | January 28,
    2023 | January 29, 2022 |": no figure), or text that is mostly punctuation."""
    cells = [c.strip() for c in sentence.split("|")]
    inner = cells[1:-1] if sentence.strip().startswith("|") and len(cells) > 2 else cells  # not the edges
    if len(cells) > 2 and sum(1 for c in inner if c) * 2 < len(inner):
        return True
    values = [c for c in cells[2:] if c]
    header = all(_HEADER_CELL.fullmatch(c) for c in values) and any(map(_DATED.search, values))
    if len(values) >= 2 and header:
        return True
    body = [ch for ch in sentence if not ch.isspace()]
    return sum(ch.isalnum() for ch in body) < MIN_TEXT_SHARE * len(body)


# a year a Chinese sentence compares with ("较2003年度增长100.82%"): its figures are of another year
_BASES = re.compile(r"(?:较|比|相比|同比)\s*(?:19|20)\d{2}\s*(?:年(?:度|末|底)?)?")


_SPAN = re.compile(r"\b(three|six|nine|twelve)(?:\s+and\s+(three|six|nine|twelve))?\s+months\b", re.I)


def spans_of(text: str) -> tuple[str, ...]:
    """The month spans a text names ("three and six months ended": three, six), lower case."""
    return tuple(dict.fromkeys(g.lower() for m in _SPAN.finditer(text) for g in m.groups() if g))


def _other_span(c: Scored, focus: Focus) -> bool:
    """The sentence (a table row: its table) names month spans, none of them asked."""
    said = spans_of(c.source if "|" in c.text else c.text)
    return bool(focus.spans and said and not set(said) & set(focus.spans))


# a figure of the parent and its subsidiaries
_GROUP = re.compile(r"及(?:其)?(?:下属|控股|全资)?子公司|合并范围")
_PARENT = "母公司"


def _parent_row(row: str, c: Scored | None) -> bool:
    """A table row of the parent's own figures: its heading or the row names the parent."""
    return _PARENT in row or (c is not None and _PARENT in c.heading)


def _prints(sentence: str, focus: Focus, c: Scored | None = None) -> bool:
    """The sentence states a figure (two digits or more), the asked year (a table row's year is in its
    chunk: the header) and one of the wordings; the kind asked, in it or in the heading it stands under."""
    if focus.parent_only and (_GROUP.search(sentence) or ("|" in sentence and not _parent_row(sentence, c))):
        return False  # "母公司研发费用中…": a row of the parent's statements or notes, or naming the parent
    dated = focus.year is None or (
        _row_dated(focus.year, c) if "|" in sentence else str(focus.year) in _BASES.sub(" ", sentence)
    )
    named = not focus.wordings or prints_any(sentence, focus.wordings)  # "how many": any figure
    # the kind's row of a two-column table whose caption names the item ("应收账款——…损失率对照表" over
    # "| 4-5年 | 80 |"): its one figure is the item's
    two_cells = sentence.strip().count("|") == TWO_CELL_BARS
    captioned = bool(focus.kinds) and two_cells and prints_any(caption_of(sentence, c), focus.wordings)
    named = named or captioned
    named = named and prints_qualifiers(f"{c.heading if c else ''} {sentence}", list(focus.kinds))
    if focus.unit is not None:
        if "|" in sentence:
            # "研发人员中硕士及以上学历的有多少人": a row naming all of it ("研发人员的数量" counts them all)
            table = f"{c.heading} {c.source}" if c else ""
            topical = any(t in sentence for t in focus.topic)
            counted_then = _counted_in(focus.year, c)  # "2018年末在职员工": not the 2019 report's count
            return (
                _FIGURE.search(sentence) is not None
                and (focus.unit != "%" or "%" in f"{sentence} {table}")  # a rate: a row of percentages
                and topical
                and counted_then
                and _tells(f"{sentence} {table}", focus)
            )
        # a sentence dating its count to another year ("截止2006年6月30日…1439人" for 2005年末) is not it
        undated = _BASES.sub(" ", sentence)
        dated = focus.year is None or str(focus.year) in undated or not _DATED.search(undated)
        counted = re.search(rf"\d\s*(?:万|亿)?\s*{re.escape(focus.unit)}", sentence) is not None
        # "博士学历的有多少人": a count of others ("帮扶困难员工 9 人") is no count of them
        return dated and named and counted and _tells(sentence, focus)
    if focus.periods:
        where = (c.source if c and "|" in sentence else f"{c.heading if c else ''} {sentence}").lower()
        named = named and any(p in where for p in focus.periods)
    figure = (_HEAD_COUNT if "headcount" in focus.wordings else _COUNT) if focus.count else _FIGURE
    undated = EN_DATE.sub(" ", sentence)  # the day of "July 29, 2023" is no figure
    percent = not focus.count and "|" not in sentence and _ONE_DIGIT_PERCENT.search(undated) is not None
    return dated and (figure.search(undated) is not None or percent) and named


def _tells(sentence: str, focus: Focus) -> bool:
    """The sentence (a table row: with its table) names every group the head count asked is narrowed to
    ("研发人员中硕士及以上学历": 研发, 硕士), however it words the count itself."""
    asked = " ".join(focus.topic)
    return all(g in sentence for g in _PEOPLE_GROUPS if g in asked)


# the groups a head count is broken down by (education, function): asked, they must be printed with it
_PEOPLE_GROUPS = (
    *("博士", "硕士", "研究生", "本科", "大专", "中专", "高中"),
    *("技术", "生产", "销售", "财务", "行政", "管理", "研发", "退休"),
)


# a schedule by year ("Maturities of long-term debt during the next five fiscal years": "| 2024 | 1,109 |")
_SCHEDULE = re.compile(r"\bmaturit|\bdue\b|\bpayments?\b|\bfiscal years?\b|到期", re.I)


def _scheduled(sentence: str, focus: Focus, c: Scored | None) -> bool:
    """A table row labelled with the year asked alone, in a schedule of the item asked (its chunk names the
    item and says it is a schedule): the row is that year's amount."""
    if c is None or focus.year is None or "|" not in sentence or not focus.wordings:
        return False
    cells = [x.strip() for x in sentence.strip().strip("|").split("|") if x.strip()]
    label = re.fullmatch(rf"(?:fiscal\s+(?:year\s+)?)?{focus.year}(?:年)?", cells[0], re.I) if cells else None
    return bool(
        label
        and len(cells) >= 2
        and _FIGURE.search(cells[-1])
        and _SCHEDULE.search(c.source)
        and prints_any(c.source, focus.wordings)
    )


def _counted_in(year: int | None, c: Scored | None) -> bool:
    """A count a table row prints is of ``year`` when its chunk prints that year, or prints none and is of
    that year's report (a head count is the report's year-end one, never the year before's)."""
    if year is None or c is None or str(year) in c.source:
        return True
    return c.report_year in (None, year) and not _DATED.search(c.source)


def _row_dated(year: int, c: Scored | None) -> bool:
    """A table row is of ``year`` when its chunk prints that year, or prints none ("本期金额 | 上期金额") and
    ``year`` is its report's year or the year before."""
    if c is None:
        return True
    if not _of_year(year, c):
        return False
    if str(year) in c.source:
        return True
    relative = c.report_year is None or year in (c.report_year, c.report_year - 1)
    return relative and not _DATED.search(c.source)


COLUMN_YEARS_CACHE = 256  # the chunks of one answer's context, and some more
_DAY_HEADING = re.compile(r"[A-Za-z]+\.?\s+\d{1,2},?")  # "December 31,": a heading's day over its years


def _of_year(year: int | None, c: Scored) -> bool:
    """A table chunk whose columns are headed by years holds ``year``'s figures only if one heading is it
    ("| (Dollars in millions) | 2022 | 2021 |": no 2020 figure in any of its rows)."""
    columns = _column_years(c.source)
    return year is None or columns is None or year in columns


@lru_cache(maxsize=COLUMN_YEARS_CACHE)
def _column_years(source: str) -> frozenset[int] | None:
    """The years a chunk's table heads its columns with (its first table line naming two or more, before
    any row of figures); None when no such heading opens the table. Read once per chunk, not per row."""
    for line in source.split("\n"):
        if not line.startswith("|"):
            continue
        cells = [x.strip() for x in line.strip().strip("|").split("|")]
        years = [int(y) for x in cells[1:] for y in _DATED.findall(x)]
        if len(set(years)) >= 2 and len(years) == sum(1 for x in cells[1:] if x):  # each heading a year's
            return frozenset(years)
        if any(_FIGURE.search(EN_DATE.sub(" ", x)) for x in cells[1:] if not _DAY_HEADING.fullmatch(x)):
            return None  # a row of figures came first: the heading is elsewhere
    return None


def select_sentences(
    question: str, context: list[tuple[int, Chunk]], max_sentences: int, focus: Focus | None = None
) -> list[Scored]:
    """Best-matching sentences (term overlap weighted by rarity among the candidates), in reading order;
    only those that print what ``focus`` asks when any does."""
    wanted = terms(question, keep=trigger_words())
    candidates = every = _candidates(context)
    printing: list[Scored] = []
    if focus is not None:
        if scheduled := [c for c in candidates if _scheduled(c.text, focus, c) and owned(c, focus)]:
            return scheduled[:1]  # "debt maturing in fiscal 2024": the schedule's row of that year
        printing = [c for c in candidates if _prints(c.text, focus, c) and owned(c, focus)]
        if not printing and focus.kinds:  # the kind asked, with a figure, in a sentence that omits the year
            undated = [
                c
                for c in candidates
                if (_of_year(focus.year, c) if "|" in c.text else not _DATED.search(_BASES.sub(" ", c.text)))
            ]
            undated = [c for c in undated if owned(c, focus)]  # (the owner asked: named by it too)
            printing = [c for c in undated if _prints(c.text, replace(focus, year=None), c)]
        if printing or focus.strict:
            candidates = printing
        elif focus.mentions and not (focus.kinds or focus.owners):  # (a kind or owner asked: its own row)
            # no sentence prints the figure: one from a passage naming the asked item still may tell it, one
            # from a passage that does not is about another figure ("How much did Walmart spend on research
            # and development": not its price investment)
            mentioned = list(focus.mentions)
            candidates = [c for c in candidates if prints_any(f"{c.heading} {c.source}", mentioned)]
        candidates = [c for c in candidates if not _other_span(c, focus)]
    if not wanted or not candidates:
        return []
    lowered = [c.text.lower() for c in candidates]
    df = {t: sum(t in s for s in lowered) for t in wanted}
    rank = {n: i for i, (n, _) in enumerate(context)}
    for c, low in zip(candidates, lowered, strict=True):
        hit = [t for t in wanted if t in low]
        idf = sum(math.log(1 + len(candidates) / (1 + df[t])) * (1 + len(t) / 4) for t in hit)
        c.score = idf / (1 + RANK_DECAY * rank[c.n])
    best = max(c.score for c in candidates)
    if best <= 0:  # no word of the question printed: the row printing the kind asked ("| 4-5年 | 70% |")
        return printing[:1] if focus is not None and focus.kinds else []
    chosen = sorted((c for c in candidates if c.score >= RELATIVE_CUTOFF * best), key=lambda c: -c.score)
    return _with_rows(sorted(chosen[:max_sentences], key=lambda c: c.order), every)


def _with_rows(chosen: list[Scored], every: list[Scored]) -> list[Scored]:
    """A chosen table header or lead-in ("| 项目 | 账面价值 | 未办妥产权证书的原因 |", "…的主要影响如下：",
    "… is as follows:") says nothing alone: the rows right after it in its chunk come with it."""
    out = {c.order: c for c in chosen}
    for c in chosen:
        if not _INTRODUCES.search(c.text) and not (c.text.startswith("|") and not _FIGURE.search(c.text)):
            continue
        d, _, start, i = c.order
        for e in every:
            if e.order[0] == d and e.order[2] == start and i < e.order[3] <= i + INTRO_ROWS:
                out.setdefault(e.order, replace(e, n=c.n))
    return sorted(out.values(), key=lambda c: c.order)


def extractive_answer(
    question: str,
    context: list[tuple[int, Chunk]],
    max_sentences: int,
    max_chars: int,
    focus: Focus | None = None,
) -> str:
    """The selected sentences with their [n], trimmed to ``max_chars``; "" when nothing matches."""
    parts: list[str] = []
    used = 0
    for s in select_sentences(question, context, max_sentences, focus):
        piece = f"{s.text}[{s.n}]"
        if used + len(piece) > max_chars and parts:
            break
        if len(piece) > max_chars:
            piece = s.text[: max(0, max_chars - len(f"…[{s.n}]"))] + f"…[{s.n}]"
        parts.append(piece)
        used += len(piece) + 1
    return "\n".join(parts)
