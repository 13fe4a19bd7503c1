"""The answer pipeline's numeric step: the facts a question needs, fetched and filtered, then a lookup, a
named formula or the question's own definition."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from finrag.answer.activities import activities_answer, asks_activities
from finrag.answer.alongside import with_amount, with_item_too
from finrag.answer.asks import (
    GROWTH_COMPARED,
    compared_items,
    compared_parts,
    compared_quarters,
    compares_periods,
    quoted_row,
)
from finrag.answer.averaged import averaged, yearly_average_span
from finrag.answer.cells import cell_facts
from finrag.answer.class_columns import class_column_cells
from finrag.answer.class_share import class_share
from finrag.answer.classes import asked_classes, class_answer, class_cells, class_rows
from finrag.answer.counterparty import asked_party, party_answer
from finrag.answer.debt import (
    DEBT_ITEMS,
    asks_debt_change,
    asks_debt_ratio,
    debt_change_answer,
    debt_ratio_answer,
)
from finrag.answer.defined import defined_answer
from finrag.answer.fact_access import asked_doc_ranks, citer, load_chunks, readable, top_document
from finrag.answer.fetch import TOTAL_ROWS, fetch_facts, of_item
from finrag.answer.formulas import GROWTH_FORMULAS, PRINTED_FIRST
from finrag.answer.judgment import (
    asks_change,
    asks_direction,
    change_answer,
    comparison_answer,
    direction_answer,
    growth_items_answer,
    items_answer,
    rates_answer,
    sign_answer,
)
from finrag.answer.kind_share import asks_kind_share, kind_share, total_less
from finrag.answer.kinds_compared import kinds_step
from finrag.answer.kinds_judged import kinds_answer
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.lookup import SHARE_FORMULAS, Want, best_fact
from finrag.answer.measures import AMOUNT_ASKED
from finrag.answer.noted_facts import charged_not_owed, noted_in_question, unnamed_segments
from finrag.answer.numeric import (
    NOT_A_STATEMENT_FIGURE,
    CiteFn,
    NumericAnswer,
    calculation_answer,
    lookup_answer,
)
from finrag.answer.outside import outside_part
from finrag.answer.owner_names import called_parts, subject_names, unfound_firm
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
from finrag.answer.prepared import Prepared
from finrag.answer.printed_growth import printed_growth, printed_rates
from finrag.answer.printed_ratios import basis_items, printed_only, printed_share, ratio_forms, whole_named
from finrag.answer.prose_facts import owner_prose, prose_facts
from finrag.answer.qualifiers import qualifier_rows
from finrag.answer.quarters_compared import quarters_answer
from finrag.answer.query import AskedFor
from finrag.answer.row_asks import compared_sides
from finrag.answer.segments import asks_ranking, ranking_answer
from finrag.answer.votes import ASKS_VOTES, vote_answer
from finrag.answer.which_year import which_year
from finrag.answer.within_item import within_items
from finrag.index.store import Store
from finrag.model import Fact, Filters, Hit

SHARE_INPUTS = 2  # a share's part and whole: both quoted when the share itself could not be worked out


def numeric_answer(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """A cited figure, a worked calculation or the question's own formula from the retrieved documents'
    table facts; None when none can be given (the extractive answer quotes text instead, and the checks after
    it read the question as analysed, not as the steps here recast it)."""
    asked = prep.asked
    read, shown = (asked.formula, asked.definition, list(asked.line_items)), len(prep.context)
    found = _numeric_answer(store, prep, hits)
    if found is None and (asked.formula, asked.definition, asked.line_items) != read:
        asked.formula, asked.definition, asked.line_items = read  # and no chunk the recast reading cited
        del prep.context[shown:]
    return found


def _numeric_answer(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    asked = prep.asked
    ranking = asks_ranking(asked)  # "which segment had the highest …": one table's rows, else nothing
    if NOT_A_STATEMENT_FIGURE.search(asked.question) and not ranking:
        return None
    doc_rank = asked_doc_ranks(store, prep, hits)  # the named company's documents, the named report
    if (kinds := kinds_step(store, prep, doc_rank)) is not None:  # "南岭05年铵梯比乳化多产了多少吨"
        return kinds
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
    items += DEBT_ITEMS if asks_debt_ratio(asked) else []  # total debt: the balance sheet's debt rows
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
    owners = [LineItemMatch("", n, 0) for n in [*names, *qualifier_rows(rows_of)]]  # "Greater China": its row
    owners += [LineItemMatch("", _initials(n), 0) for n in names if len(n.split()) > 1]  # "AWS" rows too
    # "fixed-price contracts": the "Fixed-price" row under "Net sales by contract type" (owns_row)
    owners += [LineItemMatch("", n.rsplit(" ", 1)[0], 0) for n in names if len(n.split()) > 1]
    fetched = (
        fetch_facts(store, prep.request.filters, items + owners, list(doc_rank), asked.question)
        if items
        else []
    )
    facts = fetched + prep.stated  # and the figures a sentence states by year ("…, respectively")
    facts, by_chunk, extra = readable(store, prep, facts)
    chunk_of = {**extra, **{c.chunk_id: c for _, c in prep.context}}
    # "share … from the Americas": a part of the company's whole; "the segment's operating income as a % of
    # revenue" names two different items, both the segment's (its margin)
    concepts = {m.concept for m in asked.line_items}
    margin = len(concepts) >= 2 and "" not in concepts  # two known items: operating income and revenue
    part = asked.formula is not None and asked.formula.name in SHARE_FORMULAS and not margin
    segments = called_parts(asked, names)
    every = facts  # before narrowing to the owners: two parts compared are looked up one by one
    owned = owned_facts(facts, names, chunk_of, part=part, segments=segments, asked=asked)  # Comirnaty's
    if part and any(m.printed in names for m in items):  # the part is the owner's own row ("Intelligent
        owned += [f for f in facts if f not in owned]  # Cloud"): the whole is the company's total
    if owner_row is not None:  # its row in a table totalling the item asked ("Consolidated" net sales)
        whole = [f for f in owned if any(of_item(f.line_item_norm, m) for m in asked.line_items[1:])]
        owned = rows_of_item(store, prep.request.filters.access, owned, owner_row.printed, whole)
    texts = [c for _, c in prep.context]
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

        if sides and (judged := kinds_answer(asked, sides, of_kinds, _answer_for(doc_rank, cite))):
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

    # "In 2019, did AWS earn more operating income than Amazon's North America segment?"
    if named_parts := compared_parts(asked.question, asked.language, names, len(asked.line_items)):
        want = Want(asked.line_items[0], asked.years[0] if asked.years else None)
        a, b = (
            best_fact(
                owned_facts(every, [n], chunk_of, segments=called_parts(asked, [n])), want, asked, doc_rank
            )
            or best_fact(owned_facts(every, [_initials(n)], chunk_of), want, asked, doc_rank)  # "AWS"
            for n in named_parts
        )
        if compared := items_answer(asked, (a, b), named_parts, cite):
            return compared
    # "did Best Buy spend more cash on share repurchases than on dividends?"
    if pair:
        year = max(asked.years) if asked.years else None  # two years only for a growth: the later
        both = (
            best_fact(facts, Want(pair[0], year), asked, doc_rank),
            best_fact(facts, Want(pair[1], year), asked, doc_rank),
        )
        pair_names = (pair[0].printed, pair[1].printed)
        if GROWTH_COMPARED.search(asked.question):  # "did REVPAR grow faster than ADR": their growth rates
            if year is None:
                return None
            before = (
                best_fact(facts, Want(pair[0], year - 1), asked, doc_rank),
                best_fact(facts, Want(pair[1], year - 1), asked, doc_rank),
            )
            # no year before printed: the rates a change column prints ("营业成本比上年增减（%）")
            if not all(before) and (rates := printed_rates(asked, facts, pair, doc_rank)):
                return rates_answer(asked, rates, cite)
            return growth_items_answer(asked, both, before, pair_names, cite)
        if compared := items_answer(asked, both, pair_names, cite):
            return compared
    # "Did X's net income in Q2 2022 exceed Q2 2021's?"
    if compares_periods(asked.question, asked.language, len(asked.years)) and (
        compared := comparison_answer(asked, lookup_answer(asked, facts, doc_rank, cite), one_year)
    ):
        return compared
    # "2020年第三季度的经营活动产生的现金流量净额是否高于第四季度？"
    pair_q = compared_quarters(asked.question, asked.language, asked.quarters, len(asked.years))
    if pair_q and (
        compared := quarters_answer(asked, pair_q, lambda a: _answer_for(doc_rank, cite)(a, facts))
    ):
        return compared
    # "Does Adobe have an improving operating margin profile as of FY2022?"
    if asks_direction(asked) and (moved := direction_answer(asked, one_year)) is not None:
        return moved
    # "the FY2020 - FY2021 change in unadjusted EBITDA % margin"; a definition on dated operands
    # ("变动率=(本期…-上期…)/上期…") is the change itself
    spans_years = definition is not None and any(t.back or t.year for t in definition.terms)
    if asks_change(asked) and not spans_years:
        return change_answer(asked, one_year)
    if definition is not None:  # no textbook formula stands in for the question's own
        defined = defined_answer(asked, definition, facts, doc_rank, cite)
        if defined is None and asked.language == "zh":  # "本项目总投资4032.74万元，其中固定资产投资…"
            terms = [t.item.printed for t in definition.terms]
            if prose := prose_facts(terms, prep.context, asked.qualifiers, names):
                defined = defined_answer(asked, definition, facts + prose, doc_rank, cite)
        parts = any(t.item.within for t in definition.terms)  # "services and support cost of revenue"
        # known items the textbook formula does not use: the definition was read right and is another formula,
        # an operand is missing ("(short-term debt + current portion of long-term debt + long-term debt) /
        # equity" is no total liabilities / equity)
        own = {t.item.concept for t in definition.terms}
        other = asked.formula is not None and "" not in own and len(own) > len(set(asked.formula.concepts))
        if defined is None and asked.formula is not None and asked.formula.named and not parts and not other:
            # a wording the definition reader takes apart wrongly: the named formula it spells out (never for
            # a part's rows: the company's own margin is another figure)
            defined = calculation_answer(replace(asked, definition=None), facts, doc_rank, cite)
        found = sign_answer(asked, defined) or lookup_answer(asked, facts, doc_rank, cite)
        if defined is None and found is not None and not definition.additive():
            # a ratio it could not work out: only the ratio printed as such, no figure of one operand
            ratio_name = normalise(definition.name)
            ratio_rows = all(
                f.unit == "%" or (ratio_name and ratio_name in f.line_item_norm) for f in found.facts
            )
            return found if ratio_rows else None
        return found
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
        found = with_amount(asked, calculation_answer(asked, facts, doc_rank, cite), facts, doc_rank, cite)
        found = with_item_too(asked, found, facts, doc_rank, cite)
        quoted = None
        if found is None and printed_only(asked):
            return None  # the printed ratio was not found: its operands are no answer
        if found is None:
            quoted = printed_share(asked, facts, doc_rank, cite)
            quoted = quoted or printed_growth(asked, facts, doc_rank, cite)  # "comparable sales growth"
            quoted = quoted or lookup_answer(asked, facts, doc_rank, cite)
        if quoted and asked.formula and asked.formula.name in GROWTH_FORMULAS:
            # a growth with the earlier year missing: the later year's level is no answer, a printed rate is
            # (the level is, where the question asks the amount too: "how much did STELARA sell …, and what
            # was the reported growth")
            level = AMOUNT_ASKED.search(asked.question) is not None
            quoted = quoted if level or all(f.unit == "%" for f in quoted.facts) else None
        if quoted and asked.formula and asked.formula.name == "sum" and len(set(asked.quarters)) > 1:
            quoted = None  # "前三季度（1-9月）的营业收入": one quarter's figure is no sum of three
        if quoted and asked.formula and asked.formula.name in SHARE_FORMULAS:
            # a share with an operand missing: the other operand is no answer, a printed percentage is
            percent = all(f.unit == "%" for f in quoted.facts) and whole_named(asked)
            quoted = quoted if len(quoted.facts) >= SHARE_INPUTS or percent else None
        return sign_answer(asked, found) or quoted
    return lookup_answer(asked, facts, doc_rank, cite)


def _answer_for(
    doc_rank: dict[str, int], cite: CiteFn
) -> Callable[[AskedFor, list[Fact]], NumericAnswer | None]:
    """How one figure is answered from given facts: by the question's definition, its formula, or a lookup."""

    def answer(asked: AskedFor, facts: list[Fact]) -> NumericAnswer | None:
        if asked.definition is not None:
            return defined_answer(asked, asked.definition, facts, doc_rank, cite)
        if asked.formula is not None:
            return calculation_answer(asked, facts, doc_rank, cite)
        return lookup_answer(asked, facts, doc_rank, cite)

    return answer


VOTE_DOCUMENTS = 2  # the best-ranked documents whose vote tables a vote question is read from


def votes_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """A shareholder vote's count or For share, read off the vote tables of the best-ranked documents."""
    if not ASKS_VOTES.search(prep.asked.question) or prep.asked.language != "en":
        return None
    docs = list(dict.fromkeys(h.chunk.doc_id for h in hits))[:VOTE_DOCUMENTS]
    facts = store.get_facts(Filters(access=prep.request.filters.access, doc_ids=docs))
    facts, by_chunk, extra = readable(store, prep, facts)
    return vote_answer(prep.asked, facts, citer(prep, by_chunk, extra))


def _initials(name: str) -> str:
    """ "Amazon Web Services" -> "AWS": how a filing's tables often print a part it names in full."""
    return "".join(w[0] for w in name.split() if w[:1].isupper())
