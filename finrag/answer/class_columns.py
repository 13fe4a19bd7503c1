"""Roll-forward notes of Chinese reports that print one column per asset class (固定资产情况:
"房屋及建筑物 | 机器设备 | 运输设备 | 合计") and one row per movement under a section per measure
("一、账面原值：" over "1.期初余额", "2.本期增加金额", "（1）在建工程转入", "4.期末余额"; "四、账面价值" over
"1.期末账面价值", "2.期初账面价值").
A question naming a class and a measure ("运输设备的账面价值", "专用设备从在建工程转入") asks that
class's cell, dated by the row: 期末 is the report's year end, 期初 the year before's, a movement the
report's year."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.qualifiers import prints_qualifiers
from finrag.model import Chunk, Fact

_NUMBERING = re.compile(r"^(?:[一二三四五六七八九十]+、|\d+\s*[.、．]|[(（]\s*\d+\s*[)）])\s*")
_OPENING, _CLOSING = "期初", "期末"
_BALANCE = re.compile(r"^(期初|期末)(余额|数)?$")  # "期末余额": the section's measure at that day
_PERIOD_FIRST = re.compile(r"^(期初|期末)(.+)$")  # "期末账面价值": that measure at that day


def _plain(label: str) -> str:
    return normalise(_NUMBERING.sub("", label.strip()))


def class_column_cells(
    facts: list[Fact], kinds: list[str], items: list[LineItemMatch], chunk_of: dict[str, Chunk]
) -> list[Fact]:
    """Undated facts of an annual report whose column is a kind asked and whose row (or, for a bare balance
    row, its section) is an item asked, read as that item of the kind at the row's period."""
    wanted = {normalise(m.printed) for m in items}
    out: list[Fact] = []
    for f in facts:
        chunk = chunk_of.get(f.chunk_id)
        if chunk is None or f.fiscal_year is not None or f.period_end or chunk.meta.fiscal_period != "FY":
            continue
        year = chunk.meta.fiscal_year
        if year is None or not prints_qualifiers(f.column_label, kinds):
            continue
        if prints_qualifiers(f.line_item, kinds):
            continue  # the kind's own row ("运输设备 | 残值率"): a breakdown table, read by cell_facts
        row, section = _plain(f.line_item), _plain(f.section or "").rstrip(":：")
        if m := _BALANCE.match(row):
            day, item = m.group(1), section
        elif m := _PERIOD_FIRST.match(row):
            day, item = m.group(1), m.group(2)
        else:
            day, item = "", row  # a movement of the year ("在建工程转入")
        if item not in wanted:
            continue
        at = year - 1 if day == _OPENING else year
        out.append(
            replace(
                f,
                fact_id=f"{f.fact_id}:{item}",
                line_item=f"{item}（{f.column_label}）",
                line_item_norm=item,
                fiscal_year=at,
                fiscal_period="FY",
                period_end=f"{at}-12-31" if day else None,
            )
        )
    return out
