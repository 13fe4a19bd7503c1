"""Which row of a Chinese breakdown table ranks first (or N-th) on a column the question names.

"金宇生物2020年末未经抵销的递延所得税资产中，哪一项可抵扣暂时性差异金额最大？" is answered from the rows
of the table whose title, then column heading, shares the most words with the question (its title
"(1).未经抵销的递延所得税资产", its column "期末余额 可抵扣暂时性差异"), in the year asked; totals and
"其中" rows are no items. "排名第三的是哪一项" takes the third, "前三名依次是什么" lists three. Every figure
is cited; the ranking only ever orders the shown figures. A ranked customer or supplier is the
counterparty tables' own (``counterparty``), not this.
"""

from __future__ import annotations

import re
from collections import defaultdict

from finrag.answer.counterparty import asked_party
from finrag.answer.fact_access import citer, top_document
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.ranked import RANK_WORDS, ZH_RANKING, asks_zh_ranking
from finrag.answer.text import terms
from finrag.answer.units import format_number
from finrag.answer.which_year import WHICH_YEAR
from finrag.index.store import Store
from finrag.model import Chunk, Fact

_TOP = re.compile(r"前(?P<k>[二三四五六七八九十\d]+)(?:名|位|大)")  # "前三名依次是什么": the first k listed
_LOW = frozenset("低小少")
# a suppliers' question is never answered off a table titled or headed by customers, nor the other way round
_OTHER_PARTY = {"供应商": ("客户", "销售"), "客户": ("供应商", "采购")}
_NO_MEASURE = re.compile(r"年份|年度$|序号|排名")  # a column of years or ranks orders nothing
_NUMERALS = {c: i for i, c in enumerate("一二三四五六七八九十", start=1)}
_NOT_ITEM = re.compile(r"^(?:合计|小计|总计|总额|其中|减[:：]|加[:：])|合计$|小计$")
MIN_ROWS = 3  # a ranking is over a breakdown of three rows or more
MIN_MATCHED_CHARS = 3  # title and heading share more with the question than one common word ("实际")
MAX_LISTED = 5  # rows an answer lists (more when the question asks for more)


def _number(text: str) -> int:
    return int(text) if text.isdigit() else _NUMERALS.get(text, 1)


def zh_ranked_step(store: Store, prep: Prepared, doc_rank: dict[str, int]) -> NumericAnswer | None:
    """The ranking a Chinese question asks of one table's rows, read off the best-ranked document."""
    asked = prep.asked
    if not doc_rank or asked.language != "zh" or not asks_zh_ranking(asked.question):
        return None
    if WHICH_YEAR.search(asked.question) and asked.formula is not None and asked.formula.named:
        return None  # "应收账款周转率哪一年最低": a ratio's years ranked, never a breakdown's rows
    if asked_party(asked):
        return None  # "前五大供应商里排第三的是哪家": the counterparty tables' own ranking
    extra: dict[str, Chunk] = {}
    by_chunk = {c.chunk_id: n for n, c in prep.context}
    pool, cite = top_document(store, prep, doc_rank, extra, citer(prep, by_chunk, extra))
    return ranked_rows(prep.asked, pool, set(by_chunk), cite)


def ranked_rows(
    asked: AskedFor, facts: list[Fact], retrieved: set[str], cite: CiteFn
) -> NumericAnswer | None:
    """The row ranked as asked in the (table, column) whose title, then heading, shares the most words with
    the question (a retrieved table before another), in the year asked; None when no column of three rows or
    more shares enough with the question."""
    m = ZH_RANKING.search(asked.question)
    if m is None:
        return None
    named = {t for e in [*asked.entities, *asked.companies] for t in terms(e)}
    wanted = {t for t in terms(asked.question) if not t.isdigit()} - named - RANK_WORDS
    year = asked.years[0] if len(asked.years) == 1 else None
    columns: dict[tuple[str, str, str], dict[str, Fact]] = defaultdict(dict)
    for f in facts:
        label = f.line_item.strip()
        if f.unit and not _NOT_ITEM.search(label) and (year is None or f.fiscal_year in (year, None)):
            columns[(f.doc_id, f.table_ref, f.column_label)].setdefault(label, f)

    def score(key: tuple[str, str, str]) -> tuple[int, int, int, int, int]:
        rows = list(columns[key].values())
        title = set(terms(rows[0].statement)) & wanted  # the table's title first, then its column's own words
        headed = set(terms(key[2])) & (wanted - title)
        dated = any(f.fiscal_year == year for f in rows)
        said = sum(len(w) for w in title) + sum(len(w) for w in headed)  # characters of the question matched
        return len(title), len(headed), int(any(f.chunk_id in retrieved for f in rows)), int(dated), said

    other = next((words for party, words in _OTHER_PARTY.items() if party in asked.question), ())

    def fits(key: tuple[str, str, str]) -> bool:
        rows = columns[key]
        said = f"{next(iter(rows.values())).statement} {key[2]}"
        return len({f.unit for f in rows.values()}) == 1 and not _NO_MEASURE.search(key[2]) and not any(
            w in said for w in other
        )

    usable = [k for k in columns if fits(k) and len(columns[k]) >= MIN_ROWS]
    best = max(usable, key=score, default=None)
    if best is None or score(best)[-1] < MIN_MATCHED_CHARS:
        return None  # no table titles or heads the figure the question ranks on
    low = (m.group("a") or m.group("b") or "") in _LOW
    order = sorted(columns[best].values(), key=lambda f: f.value, reverse=not low)
    nth = _number(m.group("nth")) if m.group("nth") else 1
    if nth > len(order):
        return None
    top = _TOP.search(asked.question)
    listed = order[: max(nth, _number(top.group("k")) if top else 0, MAX_LISTED)]
    chosen = order[nth - 1]
    unit = chosen.unit or ""
    place = f"排名第{nth}" if m.group("nth") else ("最低" if low else "最高")

    def shown(f: Fact) -> str:
        return f"{format_number(f.value, None)}{unit}[{cite(f)}]"

    text = f"{best[2]}{place}的是{chosen.line_item.strip()}：{shown(chosen)}。"
    text += "依次为：" + "；".join(f"{f.line_item.strip()} {shown(f)}" for f in listed) + "。"
    return NumericAnswer(text, listed, None, [f.fact_id for f in listed], chosen.value)
