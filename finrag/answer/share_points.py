"""How many points a share a Chinese report prints for this year and the last moved
("生物制药业务的人工费用占总成本的比例较上年下降了多少个百分点"): an annual report's 成本分析表
prints each cost item's share of the total cost in a 本期 column and a 上年同期 column, undated. The answer
is the row the question names (under the segment it names, where the item repeats under several) in the two
columns that differ only by 本期 and 上年同期, the current share less the prior one, both cited."""

from __future__ import annotations

import re

from finrag.answer.fact_access import asked_doc_ranks, own_tables
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.units import format_number
from finrag.index.store import Store
from finrag.model import CalcInput, Calculation, Fact, Hit

# "…比例较上年下降了多少个百分点", "比上年提高了几个百分点": a printed share's move since last year
_MOVED = re.compile(
    r"(?:比|较)(?:上年|上期|去年|上一年)(?:同期)?(?:末)?[^，。？?]{0,6}?(?:提高|下降|增加|减少|变动|上升|降低|高|低)了?"
    r"(?:多少|几)个?百分点"
)
_CURRENT = re.compile(r"本期|本年|本报告期")
_PRIOR = re.compile(r"上年同期|上期|上年")
_SHARE_COLUMN = re.compile(r"占|比例|比重")


def _paired(label: str) -> str | None:
    """The words a share column prints besides 本期/上年同期 ("占总成本比例(%)"), with which period it is
    ("c" or "p") in front; None for any other column."""
    if not _SHARE_COLUMN.search(label):
        return None
    if m := _PRIOR.search(label):
        return "p" + (label[: m.start()] + label[m.end() :]).replace("分行业情况", "").strip()
    if m := _CURRENT.search(label):
        return "c" + (label[: m.start()] + label[m.end() :]).replace("分行业情况", "").strip()
    return None


def _row(cells: list[Fact], question: str) -> list[Fact]:
    """The cells of the one row the question writes (two characters or more), under the segment it writes
    when the row repeats under several."""
    written = {f.line_item for f in cells if len(f.line_item) >= 2 and f.line_item in question}
    named = {w for w in written if not any(w != o and w in o for o in written)}  # "人工费用", not its "人工"
    if len(named) != 1:
        return []
    item = named.pop()
    rows = [f for f in cells if f.line_item == item]
    groups = {f.section for f in rows}
    if len(groups) > 1:
        rows = [f for f in rows if f.section and f.section in question]
    return rows if len({f.section for f in rows}) == 1 else []


def _points(prep: Prepared, cells: list[Fact], cite: CiteFn) -> NumericAnswer | None:
    row = [f for f in _row(cells, prep.asked.question) if f.unit == "%"]
    by_pair: dict[str, dict[str, Fact]] = {}
    for f in row:
        if (key := _paired(f.column_label)) is not None:
            by_pair.setdefault(key[1:], {})[key[0]] = f
    both = [sides for sides in by_pair.values() if set(sides) == {"c", "p"}]
    if len(both) != 1:
        return None
    now, before = both[0]["c"], both[0]["p"]
    delta = now.value - before.value
    name = now.line_item
    inputs = [CalcInput(f"{name}（{f.column_label}）", f.value, "%", cite(f)) for f in (now, before)]
    cites = "".join(f"[{n}]" for n in dict.fromkeys(i.citation for i in inputs))
    shown = [f"{format_number(f.value, None)}%（{f.column_label}）" for f in (now, before)]
    line = f"变动 = {shown[0]} − {shown[1]} = {format_number(delta, None)}个百分点"
    calc = Calculation("difference", "本期 − 上年同期", inputs, delta, "%", line)
    ids = [now.fact_id, before.fact_id]
    return NumericAnswer(f"{name}：{line}{cites}。", [now, before], calc, ids, delta)


def share_points_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The points a printed share moved since last year, read off a retrieved table (see the module)."""
    asked = prep.asked
    if asked.language != "zh" or not _MOVED.search(asked.question):
        return None
    moved = (_CURRENT, _PRIOR)  # a table printing this year's and last year's columns
    own = asked_doc_ranks(store, prep, hits, fallback=False)  # never another filer's table
    for _, cells, cite in own_tables(store, prep, own, lambda c: all(p.search(c.text) for p in moved)):
        if (found := _points(prep, cells, cite)) is not None:
            return found
    return None
