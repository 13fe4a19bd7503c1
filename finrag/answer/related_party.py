"""One related party's transaction amount ("2019年向关联方南通剑桥输送设备有限公司出售商品/提供劳务的
关联交易金额是多少"): that party's row of the related-party table of the direction asked (出售商品/提供劳务
for sales, 采购商品/接受劳务 for purchases) in the year's column. Tables print the party by a short name
("南通剑桥公司"): a row sharing the first characters of the name asked is its row."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.fact_access import asked_doc_ranks, citer, readable
from finrag.answer.fetch import fetch_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.numeric import NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.quoted import lookup_answer
from finrag.index.store import Store
from finrag.model import Fact, Hit

PARTY_PREFIX = 4  # "南通剑桥": a short name keeps at least the place and the brand of the full one
_ASKED = re.compile(
    r"(?:向|对)(?:关联方|关联企业)?(?P<party>[\u4e00-\u9fff]{4,30}?)(?:公司)?"
    r"(?P<verb>出售|销售|售电|提供|采购|购买|接受)"
)
_SALES = ("出售", "销售", "售电", "提供")
# the words a table of each direction is titled or headed by
_SALE_TABLE = re.compile(r"出售|销售|提供劳务|售电|关联销售")
_PURCHASE_TABLE = re.compile(r"采购|购买|接受劳务|关联采购")
_AMOUNT = "关联交易金额"


def asked_related(asked: AskedFor) -> tuple[str, bool] | None:
    """(the party's name, whether the company sold to it) of a related-party amount question, else None."""
    if asked.language != "zh" or "关联" not in asked.question:
        return None
    m = _ASKED.search(asked.question)
    return (m["party"], m["verb"] in _SALES) if m else None


def _of_direction(f: Fact, sale: bool) -> bool:
    where = f"{f.statement} {f.section or ''} {f.column_label}"
    table = _SALE_TABLE if sale else _PURCHASE_TABLE
    other = _PURCHASE_TABLE if sale else _SALE_TABLE
    return bool(table.search(where)) and not other.search(where)


def related_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The party's amount of the year asked, read off its row of the related-party table, else None."""
    found = asked_related(prep.asked)
    if found is None:
        return None
    party, sale = found
    doc_rank = asked_doc_ranks(store, prep, hits)
    prefix = party[:PARTY_PREFIX]
    row = LineItemMatch("", prefix, 0)
    facts = fetch_facts(store, prep.request.filters, [row], list(doc_rank), prep.asked.question)
    facts, by_chunk, extra = readable(store, prep, facts)
    rows = [
        replace(f, line_item=f"{f.line_item}（{f.statement}）", line_item_norm=_AMOUNT)
        for f in facts
        if f.line_item.startswith(prefix) and _of_direction(f, sale)
    ]
    if not rows:
        return None
    asked = replace(prep.asked, intent="lookup", line_items=[LineItemMatch("", _AMOUNT, 0)], qualifiers=[])
    return lookup_answer(asked, rows, doc_rank, citer(prep, by_chunk, extra))
