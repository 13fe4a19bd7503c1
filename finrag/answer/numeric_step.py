"""The answer pipeline's numeric step: the facts a question needs, fetched and filtered, then a lookup, a
named formula or the question's own definition."""

from __future__ import annotations

from collections.abc import Callable

from finrag.answer.activities import activities_answer, asks_activities
from finrag.answer.analysis_items import of_projects
from finrag.answer.asks import (
    GROWTH_COMPARED,
    asks_expected,
    compared_items,
    quoted_row,
)
from finrag.answer.averaged import averaged, yearly_average_span
from finrag.answer.cells import cell_facts
from finrag.answer.class_columns import class_column_cells
from finrag.answer.class_share import class_share
from finrag.answer.classes import asked_classes, class_answer, class_cells, class_rows
from finrag.answer.counterparty import asked_party, party_answer
from finrag.answer.debt import (
    CASH,
    DEBT_ITEMS,
    asks_debt_change,
    asks_debt_ratio,
    asks_net_debt,
    debt_change_answer,
    debt_ratio_answer,
    net_debt_answer,
)
from finrag.answer.defined import defined_answer
from finrag.answer.defined_growth import asks_defined_growth, defined_growth_answer
from finrag.answer.definition_expr import Definition
from finrag.answer.derived_quarters import derived_quarters, with_derivations
from finrag.answer.fact_access import asked_doc_ranks, citer, load_chunks, readable, top_document
from finrag.answer.fetch import TOTAL_ROWS, fetch_facts, of_item
from finrag.answer.formula_base import Formula
from finrag.answer.formulas import PRINTED_FIRST
from finrag.answer.judgment import (
    asks_change,
    asks_direction,
    change_answer,
    direction_answer,
    share_in_points,
)
from finrag.answer.kind_share import asks_kind_share, kind_share, total_less
from finrag.answer.kind_terms import kind_quotient
from finrag.answer.kinds_compared import kinds_step
from finrag.answer.kinds_judged import kinds_answer
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.lookup import SHARE_FORMULAS
from finrag.answer.noted_facts import charged_not_owed, noted_in_question, placed_facts, unnamed_segments
from finrag.answer.numeric import (
    NOT_A_STATEMENT_FIGURE,
    NumericAnswer,
    asks_rate,
    calculation_answer,
    lookup_answer,
)
from finrag.answer.numeric_forms import (
    answer_for,
    beyond_total,
    calculation_step,
    compared_answer,
    definition_answer,
    initials,
    level_facts,
)
from finrag.answer.outside import outside_part
from finrag.answer.owner_names import called_parts, parts_in_rows, subject_names, unfound_firm
from finrag.answer.owners import kind_facts, owned_facts
from finrag.answer.parent_share import asks_parent_share, parent_share_answer
from finrag.answer.parts import (
    asks_part_share,
    came_from_parts,
    left_out,
    owner_share,
    rows_of_item,
    unprinted_parts,
)
from finrag.answer.peers import asks_peers
from finrag.answer.prepared import Prepared
from finrag.answer.printed_ratios import basis_items, ratio_forms
from finrag.answer.prose_change import prose_change
from finrag.answer.prose_facts import owner_prose
from finrag.answer.prose_series import named_series
from finrag.answer.qualifiers import business_rows, qualifier_rows
from finrag.answer.query import AskedFor
from finrag.answer.question_years import years_of_report_only
from finrag.answer.row_asks import compared_sides
from finrag.answer.segments import asks_ranking, ranking_answer
from finrag.answer.thresholds import threshold_answer
from finrag.answer.which_year import which_year
from finrag.answer.within_item import within_items
from finrag.answer.zh_ranked import zh_ranked_step
from finrag.answer.zh_stated import report_stated
from finrag.index.store import Store
from finrag.model import Fact, Filters, Hit

# a question's formula, definition and items as analysed, which the steps may recast
Reading = tuple[Formula | None, Definition | None, list[LineItemMatch]]


def numeric_answer(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """A cited figure, a worked calculation or the question's own formula from the retrieved documents'
    table facts; None when none can be given (the extractive answer quotes text instead, and the checks after
    it read the question as analysed, not as the steps here recast it)."""
    asked = prep.asked
    read: Reading = (asked.formula, asked.definition, list(asked.line_items))
    shown = len(prep.context)
    found = threshold_answer(asked, _numeric_answer(store, prep, hits))  # "did it exceed $1 billion"
    zh = asked.language == "zh"
    # "报告期研发投入资金…分别为…": the prospectus's years, unwritten; "As of December 1, 2017, we had
    # unbilled deferred revenue backlog of approximately $3.94 billion": a balance only sentences state
    said: tuple[list[Fact], LineItemMatch | None] = ([], None)
    if found is None and not prep.stated:
        items = read[2]
        said = (report_stated(store, prep), None) if zh else named_series(asked.question, prep.context, items)
    if said[0]:
        _read_as_asked(prep, read, shown)
        prep.stated, item = said
        asked.line_items = [item] if item else asked.line_items  # the sentence's subject names the items
        found = threshold_answer(asked, _numeric_answer(store, prep, hits))
    if found is None and asked.language == "en" and years_of_report_only(asked.question, asked.years):
        # "… in AMD's 2022 annual report": an acquisition's allocation table dates none of its rows (only
        # undated figures stand for the report's: a dated one is another year's)
        _read_as_asked(prep, read, shown)
        del prep.context[shown:]  # nor any chunk the first reading fetched
        years, asked.years = asked.years, []
        found = threshold_answer(asked, _numeric_answer(store, prep, hits))
        found = None if found is None or any(f.fiscal_year for f in found.facts) else found
        asked.years = years
    projected = found is not None and all(f.fiscal_year is None and not f.table_ref for f in found.facts)
    if found is not None and found.calculation is not None and _forecast(asked) and not projected:
        found = None  # "…净资产收益率预计将降至多少": a forecast, never worked out from the past (a project's
        # "年平均净利润/年平均销售收入": its projections' own sentences, worked out)
    found = None if found is not None and beyond_total(found) else found
    if found is not None and asks_rate(asked.question) and "%" not in found.text:
        found = None  # "年利率多少": the amount borrowed is no rate
    found = with_derivations(found, prep.derived, prep.context) if found is not None else None
    if found is None:
        _read_as_asked(prep, read, shown)
        found = prose_change(prep)  # "… increase in our regular quarterly dividend from $0.88 … to $0.92"
    return found


def _read_as_asked(prep: Prepared, read: Reading, shown: int) -> None:
    """The question's formula, definition and items as analysed again, and no chunk a recast reading of them
    cited (the steps may recast them: "what share … came from Germany" as the owner's row over the whole)."""
    asked = prep.asked
    if (asked.formula, asked.definition, asked.line_items) != read:
        asked.formula, asked.definition, asked.line_items = read
        del prep.context[shown:]


def _forecast(asked: AskedFor) -> bool:
    """A named ratio (not a share of printed amounts, "计划投资" among them) asked as an expectation."""
    formula = asked.formula
    named = formula is not None and formula.named and formula.name not in SHARE_FORMULAS
    return named and asks_expected(asked.question)


def _numeric_answer(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    asked = prep.asked
    ranking = asks_ranking(asked)  # "which segment had the highest …": one table's rows, else nothing
    if (NOT_A_STATEMENT_FIGURE.search(asked.question) or asks_peers(asked)) and not ranking:
        return None  # the peers' figure: never one of the filer's rows
    if asked.line_items and not asked.qualifiers and all(of_projects(m.printed) for m in asked.line_items):
        return None  # "募投项目的投资回收期分别是多少": each project's own table, no one figure
    doc_rank = asked_doc_ranks(store, prep, hits)  # the named company's documents, the named report
    if (kinds := kinds_step(store, prep, doc_rank)) is not None:  # "南岭05年铵梯比乳化多产了多少吨"
        return kinds
    if (ranked := zh_ranked_step(store, prep, doc_rank)) is not None:  # "哪一项…金额最大"
        return ranked
    came = came_from_parts(asked)
    # "what share … was located outside the United States": the row the filer prints for it ("Foreign")
    part_share = asks_part_share(asked)
    outside = outside_part(store, prep.request.filters, doc_rank, asked) if part_share and not came else []
    came = came or outside
    if came and part_share:
        # "what share of total revenues came from its non-U.S. operations": that row over the item's total
        asked.line_items = [LineItemMatch("", came[0], asked.question.find(came[0])), *asked.line_items]
    items = list(asked.line_items)
    if asked.formula is not None:  # the items a formula names itself ("revenue" of "% margin")
        named = [LineItemMatch(c.partition("@")[0], c.partition("@")[0], 0) for c in asked.formula.concepts]
        printed = PRINTED_FIRST.get(asked.formula.name)
        named += [LineItemMatch(c, c, 0) for c in (printed.concepts if printed else ())]
        named = [m for m in named if m.concept != "*"] + ratio_forms(asked)
        items = named + basis_items(asked) if asked.formula.named else items + named
    if asked.definition is not None:
        items += [t.item for t in asked.definition.terms]
    # "net interest expense ('Interest, net')": the row the question names in quotes
    items += [LineItemMatch("", q, m.start) for m in asked.line_items if (q := quoted_row(asked.question, m))]
    net_debt = asks_net_debt(asked)  # "net debt (total debt minus cash …)": the debt rows less cash
    items += DEBT_ITEMS if asks_debt_ratio(asked) or net_debt else []  # total debt: the balance sheet's rows
    items += [CASH] if net_debt else []
    # "did dividends and interest income cover interest expense": the two compared as the question joins them
    pair = compared_items(asked.question, asked.language, asked.line_items, len(asked.years))
    items += list(pair) if pair else []
    party = asked_party(asked)  # "第一大客户是谁": the top-customer table's first row
    if not items and party is None:
        return None
    # the figure's owners, and the part it "came from" ("came from e-commerce"; a share's is its first item)
    names = subject_names(asked, [c for _, c in prep.context]) + ([] if part_share else came)
    owner_row = None
    if names and not came and (share := owner_share(asked, names[0])) is not None:
        # "what share of Amazon's net sales was attributed to Germany": the owner's row over the whole
        asked.formula, asked.definition = share, None
        owner_row = LineItemMatch("", names[0], asked.question.find(names[0]))
        asked.line_items = [owner_row, *asked.line_items]
        items.insert(0, owner_row)
    if unfound_firm(asked, names, [c for _, c in prep.context]):
        return None  # "可比公司大唐发电（大唐国际发电股份有限公司）的净利润": the filer's is not its figure
    # "国内主营业务的毛利率是否高于国外主营业务", "热敏纸的毛利率比双胶纸高多少": both kinds' rows
    sides = compared_sides(asked.question, asked.language, asked.qualifiers)
    rows_of = [*asked.qualifiers, sides.second, sides.written] if sides else asked.qualifiers
    rows = [*qualifier_rows(rows_of), *business_rows(asked.question, asked.qualifiers)]  # "其他业务" too
    owners = [LineItemMatch("", n, 0) for n in [*names, *rows]]  # "Greater China": its row
    owners += [LineItemMatch("", initials(n), 0) for n in names if len(n.split()) > 1]  # "AWS" rows too
    # "fixed-price contracts": the "Fixed-price" row under "Net sales by contract type" (owns_row)
    owners += [LineItemMatch("", n.rsplit(" ", 1)[0], 0) for n in names if len(n.split()) > 1]
    fetched = (
        fetch_facts(store, prep.request.filters, items + owners, list(doc_rank), asked.question)
        if items
        else []
    )
    facts = fetched + prep.stated  # and the figures a sentence states by year ("…, respectively")
    facts, by_chunk, extra = readable(store, prep, facts)
    facts = level_facts(asked, facts)  # "Fiscal 2015 Increase/(Decrease)": a change, no amount
    prep.derived = derived_quarters(asked, facts)  # "Q1 2023" from a 10-Q to June: six months less three
    facts += [f for f, _ in prep.derived.values()]
    chunk_of = {**extra, **{c.chunk_id: c for _, c in prep.context}}
    in_rows, row_chunks = parts_in_rows(asked, names, facts, chunk_of)  # a segment note not retrieved
    names += in_rows
    # "share … from the Americas": a part of the company's whole; "the segment's operating income as a % of
    # revenue" names two different items, both the segment's (its margin)
    concepts = {m.concept for m in asked.line_items}
    margin = len(concepts) >= 2 and "" not in concepts  # two known items: operating income and revenue
    part = asked.formula is not None and asked.formula.name in SHARE_FORMULAS and not margin
    segments = called_parts(asked, names)
    every = facts  # before narrowing to the owners: two parts compared are looked up one by one
    # "Pet segment operating margin … higher than that of its North America Retail segment": the one the
    # question's own definition names, never the other's figures under its name
    # (its name opens the definition's; "Adjusted Property EBITDAR margin" names no owner "Property")
    defined = asked.definition.name.lower() if asked.definition else ""
    defined_for = [n for n in names if defined.startswith(n.lower())]
    of_whom = defined_for if len(defined_for) == 1 else names
    owned = owned_facts(facts, of_whom, chunk_of, part=part, segments=segments, asked=asked)  # Comirnaty's
    owned = placed_facts(owned, names, asked.question, chunk_of)  # "Aeronautics … to customers in Japan"
    if part and any(m.printed in names for m in items):  # the part is the owner's own row ("Intelligent
        owned += [f for f in facts if f not in owned]  # Cloud"): the whole is the company's total
    if owner_row is not None:  # its row in a table totalling the item asked ("Consolidated" net sales)
        whole = [f for f in owned if any(of_item(f.line_item_norm, m) for m in asked.line_items[1:])]
        owned = rows_of_item(store, prep.request.filters.access, owned, owner_row.printed, whole)
    texts = [c for _, c in prep.context] + row_chunks
    facts = [] if unprinted_parts(asked, texts) else left_out(asked, owned, texts)  # "excluding bitcoin"
    if names and asked.language == "zh":  # "…基金持有多少股，持股比例": the holder's row, the column asked
        facts += cell_facts(every, names, items, chunk_of, spanned=True)  # not a peer's row of a table
    if not facts and (prose := owner_prose(asked, items, prep.context, names)):
        facts = prose  # "…子公司…净利润：人民币1,291,522.10元"; its share of the group's: the group's too
        facts += [f for f in every if f not in owned] if part else []
    if names:
        prep.trace.add("answer", "figure_owner", {"names": names, "facts": len(facts)})
    else:  # "MGM's casino revenue": not the Las Vegas Strip's row of the segment table
        facts = unnamed_segments(facts, asked.question)
    cite = citer(prep, by_chunk, extra)
    if asked.qualifiers:  # "rooms revenue", "comparable store sales": that row (or table), not the total's
        unnamed = asked.formula is None or not asked.formula.named  # a lookup's or a growth's part
        titled = items if unnamed and asked.definition is None else None
        kept = facts

        def of_kinds(*kinds: str) -> list[Fact]:
            cells = cell_facts(kept, list(kinds), items, chunk_of)  # "罐式集装箱的销售量": its column
            cells += class_column_cells(kept, list(kinds), items, chunk_of)  # "运输设备的账面价值": its cell
            return noted_in_question(kind_facts(kept, list(kinds), chunk_of, titled) + cells, asked.question)

        if sides and (judged := kinds_answer(asked, sides, of_kinds, answer_for(doc_rank, cite))):
            return judged
        facts = within_items(of_kinds(*asked.qualifiers), asked, chunk_of)
        prep.trace.add("answer", "qualified", {"kinds": asked.qualifiers, "facts": len(facts)})
    elif "" in (read := {t.item.concept for t in asked.definition.terms} if asked.definition else concepts):
        facts = noted_in_question(facts, asked.question, frozenset(read))  # "税金及附加明细中，房产税"
    facts = charged_not_owed(facts, asked.question) if asked.language == "zh" else facts
    # "“非专利技术”的期末账面价值", "固定资产的累计折旧余额"
    classed = (
        class_cells(asked, class_rows(store, prep, doc_rank, hits), doc_rank)
        if asked_classes(asked)
        else None
    )
    if classed is not None:
        load_chunks(store, prep, classed[1], by_chunk, extra)
        return class_answer(*classed, cite)
    if asks_activities(asked.question):
        return activities_answer(asked, facts, doc_rank, cite)
    if asks_parent_share(asked):  # "share of the consolidated 管理费用 recorded in the parent's statement"
        return parent_share_answer(asked, every, doc_rank, cite)
    if party is not None:
        pool, cite_pool = top_document(store, prep, doc_rank, extra, cite)
        return party_answer(asked, party, pool, doc_rank, cite_pool)
    if ranking:
        pool, cite_pool = top_document(store, prep, doc_rank, extra, cite)
        return ranking_answer(asked, pool, doc_rank, cite_pool, [c.text for _, c in prep.context])
    if asks_debt_change(asked):
        return debt_change_answer(asked, facts, doc_rank, cite)
    if net_debt:
        return net_debt_answer(asked, every, doc_rank, cite)
    if asks_debt_ratio(asked) and (debt := debt_ratio_answer(asked, facts, doc_rank, cite)) is not None:
        return debt
    years = which_year(asked, facts, doc_rank, cite)
    if years is not None:
        return years
    definition = asked.definition
    span = yearly_average_span(asked)
    if span and (definition is None or not any(t.year or t.average_of for t in definition.terms)):
        if definition is not None:  # "two year average free cash flow … Define free cash flow as …"
            return averaged(asked, span, lambda a: defined_answer(a, definition, facts, doc_rank, cite))
        if asked.formula is not None and asked.formula.named:  # "3 year average net margin"
            return averaged(asked, span, lambda a: calculation_answer(a, facts, doc_rank, cite))

    def one_year(a: AskedFor) -> NumericAnswer | None:
        if definition is not None:
            return defined_answer(a, definition, facts, doc_rank, cite)
        return calculation_answer(a, facts, doc_rank, cite)

    # "by what percentage did free cash flow (A less B) grow from 2018 to 2019"
    if asks_defined_growth(asked):
        return defined_growth_answer(asked, one_year)
    compared = compared_answer(asked, names, pair, facts, every, chunk_of, doc_rank, cite, one_year)
    if compared is not None:  # two parts, items, periods or quarters
        return with_ratio(asked, pair, compared, one_year)
    if pair and GROWTH_COMPARED.search(asked.question) and not asked.years:
        return None  # two items' growth compared: no year to compare them in
    # "Does Adobe have an improving operating margin profile as of FY2022?"
    if asks_direction(asked) and (moved := direction_answer(asked, one_year)) is not None:
        return moved
    # "the FY2020 - FY2021 change in unadjusted EBITDA % margin"; a definition on dated operands
    # ("变动率=(本期…-上期…)/上期…") is the change itself
    spans_years = definition is not None and any(t.back or t.year for t in definition.terms)
    if (pointed := share_in_points(asked)) is not None:  # "… as a share of … change, in percentage points"
        return change_answer(pointed, one_year)
    if asks_change(asked) and not spans_years:
        return change_answer(asked, one_year)
    if definition is not None and (kind := kind_quotient(store, prep, definition, doc_rank)) is not None:
        return kind  # "锶铁氧体预烧料平均每吨…按销售额除以销售量": the product's own rows
    if definition is not None:  # no textbook formula stands in for the question's own
        return definition_answer(asked, definition, facts, prep.context, names, doc_rank, cite)
    if asked.intent == "calculation" and asks_kind_share(asked):  # "应付账款中1年以内的金额和占比"
        totals = store.get_facts(  # "合计", or a row named as the item asked ("Total inventories")
            Filters(access=prep.request.filters.access, doc_ids=sorted({f.doc_id for f in facts})),
            line_items=[
                *TOTAL_ROWS,
                *(f"{p} {total_less(m.printed)}".strip() for m in asked.line_items for p in ("", "total")),
            ],
        )
        known = [f for f in totals if f.chunk_id in by_chunk or f.chunk_id in extra]
        if shared := kind_share(asked, facts, known, doc_rank, cite):
            return shared
        # "无形资产账面价值中，土地使用权占多大比重": a class column's cell over the same row's 合计
        if shared := class_share(asked, class_rows(store, prep, doc_rank, hits), doc_rank, cite):
            load_chunks(store, prep, shared.facts, by_chunk, extra)
            return shared
    if asked.intent == "calculation":
        return calculation_step(asked, facts, doc_rank, cite)
    return lookup_answer(asked, facts, doc_rank, cite)


def with_ratio(
    asked: AskedFor,
    pair: tuple[LineItemMatch, LineItemMatch] | None,
    compared: NumericAnswer,
    one_year: Callable[[AskedFor], NumericAnswer | None],
) -> NumericAnswer:
    """Two items compared that a named ratio divides ("净现比是多少？经营活动现金流量净额是否超过了净利润？"):
    the ratio worked out first, then the comparison."""
    formula = asked.formula
    operands = {m.concept for m in pair or ()}
    if formula is None or not formula.named or operands != set(formula.concepts):
        return compared
    ratio = one_year(asked)
    if ratio is None or ratio.calculation is None:
        return compared
    facts = list({f.fact_id: f for f in [*ratio.facts, *compared.facts]}.values())
    text = f"{ratio.text}\n{compared.text}"
    return NumericAnswer(text, facts, ratio.calculation, [*ratio.detail, *compared.detail], ratio.result)
