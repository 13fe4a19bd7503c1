"""The pay of the people holding one role, summed or averaged, read off a Chinese filing's pay table
("三名独立董事从公司获得的税前报酬合计", "核心技术人员2005年收入合计", "那三位核心技术人员平均每人从公司
拿了多少薪酬"): the rows whose 职务 cell lists the role (a title of its own: "独立董事" is no "董事",
"监事会主席" no "监事"), each person's pay cells added, each cited. A count the question gives must be the
count of people found; roles it lists in brackets ("高级管理人员（总经理、各副总经理和总会计师）") are each
matched."""

from __future__ import annotations

import re

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, document_tables, own_tables
from finrag.answer.formulas import FORMULAS
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.text import row_cells
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import Chunk, Fact, Hit

# the titles a pay table lists, longest first ("独立董事" before "董事")
_ROLES = (
    *("核心技术人员", "独立董事", "副总经理", "总会计师", "财务总监", "董事会秘书", "监事会主席", "总经理"),
    *("董事长", "监事", "董事"),
)
_PAY = re.compile(r"报酬|薪酬|收入|年薪|津贴|薪金|工资")
# a sum asked ("合计", "加起来"), not "总额": a column's name ("税前报酬总额")
ZH_SUMMED = re.compile(r"合计|总计|一共|共计|加起来|总共|相加")
_AVERAGED = re.compile(r"平均|人均|每人")
_SHARE = re.compile(r"占|比例|比重|增长|变动")
_ROLE_HEADER = re.compile(r"职务|担任|任职")
_BRACKETED = re.compile(r"（([^（）]{2,40})）")
_COUNT = re.compile(r"([一二三四五六七八九十两\d]+)(?:名|位|个)")
_NUMERALS = {c: i for i, c in enumerate("零一二三四五六七八九十", 0)} | {"两": 2}
_SPLIT = re.compile(r"[、，,/兼及和]")
_INCLUDING = re.compile(r"（含[^（）]*）|\(含[^()]*\)")
_TOTAL_ROW = re.compile(r"合计|小计|总计")


def _asked_roles(question: str) -> list[str]:
    """The titles the question asks the pay of: those it lists in brackets after a group's name, else the
    longest title it writes."""
    for m in _BRACKETED.finditer(question):
        listed = [r for part in _SPLIT.split(m.group(1)) if (r := part.removeprefix("各").strip()) in _ROLES]
        if len(listed) >= 2:
            return listed
    written: list[str] = []
    rest = _INCLUDING.sub(" ", question)  # "副总经理（含兼任董事会秘书者）": one role, whoever holds it
    for role in _ROLES:  # longest first, each written title blanked so "独立董事" writes no "董事"
        if role in rest:
            written.append(role)
            rest = rest.replace(role, " ")
    return written if len(written) == 1 else []  # "董事、监事…及核心技术人员中，…的人员": no one role


def _count(question: str) -> int | None:
    m = _COUNT.search(question)
    if m is None:
        return None
    token = m.group(1)
    return int(token) if token.isdigit() else _NUMERALS.get(token) if len(token) == 1 else None


def asks_role_pay(asked: AskedFor) -> bool:
    q = asked.question
    aggregate = ZH_SUMMED.search(q) or _AVERAGED.search(q)
    asks = bool(_PAY.search(q) and aggregate and _asked_roles(q))
    return asked.language == "zh" and asks and not _SHARE.search(q)


def _roles_by_name(text: str) -> dict[str, list[str]]:
    """Each person's titles, read off the table rows under a header with a 职务 column."""
    out: dict[str, list[str]] = {}
    at = -1
    for line in text.split("\n"):
        if not line.startswith("|"):
            continue
        cells = row_cells(line)
        if at < 0:
            at = next((i for i, c in enumerate(cells) if _ROLE_HEADER.search(c)), -1)
            continue
        if at < len(cells) and at > 0:
            name = next((c for c in cells[:at] if c and not c.isdigit()), "")
            if name and cells[at].strip() and not _TOTAL_ROW.search(name):  # a person's row, no total's
                out[name] = [t.strip() for t in _SPLIT.split(cells[at]) if t.strip()]
    return out


def _answer(
    asked: AskedFor, titles: dict[str, list[str]], cells: list[Fact], cite: CiteFn, report_year: int | None
) -> NumericAnswer | None:
    roles = _asked_roles(asked.question)
    paid = [f for f in cells if _PAY.search(f.column_label) and not _TOTAL_ROW.search(f.line_item)]
    if any(f.line_item not in titles for f in paid) or any(name in asked.question for name in titles):
        return None  # a row whose titles were not read (never a partial sum), or one person's pay asked
    years = set(asked.years)  # an undated pay column is the report's year, if the report has one
    dated = [f for f in paid if not years or (f.fiscal_year or report_year) in (None, *years)]
    pay = [f for f in dated if any(r in titles[f.line_item] for r in roles)]
    if len({f.fiscal_year for f in pay if f.fiscal_year}) > 1:
        return None  # each year's pay in a column of its own, no year asked: no sum across years
    people = list(dict.fromkeys(f.line_item for f in pay))
    count = _count(asked.question)
    formula = FORMULAS["average" if _AVERAGED.search(asked.question) else "sum"]
    if not people or (count is not None and count != len(people)):
        return None
    if formula.name == "average" and len(pay) != len(people):
        return None  # one person paid in two columns: no mean of cells
    labels = [f"{f.line_item}（{'、'.join(titles[f.line_item])}）" for f in pay]
    operands = [Operand(lb, f.value, f.unit, f.scale, cite(f)) for lb, f in zip(labels, pay, strict=True)]
    try:
        calc = compute(formula, operands, places=asked.places, lang="zh")
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, "zh"), pay, calc, [f.fact_id for f in pay])


def _titles(chunks: list[Chunk]) -> dict[str, list[str]]:
    titles: dict[str, list[str]] = {}
    for chunk in chunks:
        titles |= _roles_by_name(chunk.text)
    return titles


def _pays(cells: list[Fact]) -> bool:
    return any(_PAY.search(f.column_label) for f in cells)


def _paid(chunk: Chunk) -> bool:
    header = next((ln for ln in chunk.text.split("\n") if ln.startswith("|")), "")
    return bool(_ROLE_HEADER.search(header) and _PAY.search(header))


def role_pay_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The summed or averaged pay of one role a Chinese question asks of a retrieved pay table (see the
    module), never of another filer's table."""
    asked = prep.asked
    if not asks_role_pay(asked):
        return None
    own = asked_doc_ranks(store, prep, hits, fallback=False)
    access = prep.request.filters.access
    for _, cells, cite in own_tables(store, prep, own, _paid):
        chunks = store.get_chunks(sorted({f.chunk_id for f in cells}), access)  # every page of the table
        if chunks and (found := _answer(asked, _titles(chunks), cells, cite, chunks[0].meta.fiscal_year)):
            return found
    if own:  # the pay table was not retrieved: the top document's
        for chunks, cells, cite in document_tables(store, prep, min(own, key=lambda d: own[d]), _pays):
            year = chunks[0].meta.fiscal_year if chunks else None
            found = _answer(asked, _titles(chunks), cells, cite, year) if any(map(_paid, chunks)) else None
            if found is not None:
                return found
    return None
