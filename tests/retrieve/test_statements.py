"""Financial statements named in questions and recognised in chunks by their printed titles."""

from __future__ import annotations

import pytest

from finrag.config import Settings
from finrag.model import ChunkKind, ScoredChunk, SearchRequest
from finrag.retrieve.sections import asked_concepts, implied_statements, load_concepts
from finrag.retrieve.statements import named_statements, shows_statement, statement_first
from tests.index.factory import make_chunk


@pytest.mark.parametrize(
    ("question", "keys"),
    [
        ("Basing your judgment on the statement of income, what is COGS?", ["income"]),
        ("According to the income statement and the balance sheet, what is ROA?", ["income", "balance"]),
        ("Using the statement of financial position, what are total assets?", ["balance"]),
        ("What is FY2018 capex? Refer to the cash flow statement.", ["cash_flow"]),
        ("请根据合并现金流量表回答经营活动现金流", ["cash_flow"]),
        ("资产负债表中的货币资金是多少", ["balance"]),
        ("What was the operating margin in 2019?", []),
    ],
)
def test_questions_name_statements_in_many_ways(question: str, keys: list[str]) -> None:
    assert [s.key for s in named_statements(question)] == keys


def test_a_statement_chunk_is_recognised_by_its_title_not_by_a_mention() -> None:
    income = named_statements("the income statement")
    ops = "Item 8 > CONSOLIDATED STATEMENTS OF OPERATIONS\nCONSOLIDATED STATEMENTS OF OPERATIONS (millions)"
    assert shows_statement(["Item 8", "CONSOLIDATED STATEMENTS OF OPERATIONS"], ops, income)
    nike = "Item 8\nNIKE, Inc. Consolidated Statements of Income\n| 2018 |"
    assert shows_statement(["Item 8"], nike, income)
    assert shows_statement(["合并利润表"], "合并利润表\n| 项目 | 2019年度 |", income)
    note = (
        "Note 9 > Income Taxes\nDeferred tax assets are included in other assets in the consolidated "
        "statements of operations and are measured using enacted rates that apply in the years concerned."
    )
    assert not shows_statement(["Note 9", "Income Taxes"], note, income)
    balance = named_statements("balance sheet")
    assert not shows_statement(["Item 8", "CONSOLIDATED STATEMENTS OF OPERATIONS"], ops, balance)
    assert not shows_statement(["x"], ops, [])


def _table(i: int, text: str) -> ScoredChunk:
    return ScoredChunk(make_chunk("d" * 8, i, text, kind=ChunkKind.TABLE), 1.0 / (i + 1))


def test_the_statement_focus_list_holds_the_statement_itself_first() -> None:
    # a 10-K's note and MD&A tables share a tax-rate question's words; the income statement holds both
    # lines the rate is computed from (tax expense, pre-tax income) and must reach the candidate pool
    items = [
        _table(0, "Note 4 > Income Taxes\n| Effective tax rate | 0.6% | (14.8)% |"),
        _table(1, "Item 7 > Results of Operations\n| Loss before income taxes | (5,022) | (5,033) |"),
        _table(2, "Item 8 > Consolidated Statements of Operations\n| Total revenues | 66,608 | 62,286 |"),
        _table(3, "Note 4 > Income Taxes\n| Federal statutory rate | 21.0% | 21.0% |"),
    ]
    concepts = asked_concepts("How does the effective tax rate in FY2022 compare to FY2021?", load_concepts())
    income = implied_statements(concepts, [])
    assert [s.key for s in income] == ["income"]
    ordered = statement_first(items, income)
    assert [s.chunk.chunk_id for s in ordered] == [items[i].chunk.chunk_id for i in (2, 0, 1, 3)]
    assert statement_first(items, []) == items  # no statement asked: the list as retrieved
    balance = named_statements("the balance sheet")
    assert statement_first(items, balance) == items  # no chunk is that statement: unchanged


def test_a_tax_rate_question_reaches_the_income_statement_among_a_filings_tables(settings: Settings) -> None:
    from finrag.index import open_store
    from finrag.index.embed import UseEmbedder
    from finrag.index.tokenize import analyze
    from finrag.retrieve.pipeline import Retriever
    from tests.index.factory import doc_id_of, make_record

    notes = [  # tax-note tables that share the question's words more than the statement does
        f"Note 4 > Income Taxes on Earnings\n| Effective tax rate on income from operations, item {i} |"
        f" {i}.0% | {i + 1}.0% |\n| Effective income tax rate on operations | 0.6% | (14.8)% |"
        for i in range(12)
    ]
    statement = (
        "Item 8 > Consolidated Statements of Operations\n| Years ended December 31 | 2022 | 2021 |\n"
        "| Total revenues | 66,608 | 62,286 |\n| Loss before income taxes | (5,022) | (5,033) |\n"
        "| Income tax (expense)/benefit | (31) | 743 |"
    )
    texts = [*notes, statement]
    use = UseEmbedder(settings)
    store = open_store(settings)
    retriever = Retriever(settings, store, [use])
    d = doc_id_of("10k.pdf")
    table = ChunkKind.TABLE
    chunks = [make_chunk(d, i, t, file="10k.pdf", year=2022, kind=table) for i, t in enumerate(texts)]
    store.add_document(
        make_record(d, "10k.pdf", len(chunks), year=2022), chunks, {use.name: use.embed(texts)}, [],
        [analyze(t) for t in texts],
    )  # fmt: skip
    try:
        q = "How does the effective tax rate in FY2022 compare to FY2021?"
        res = retriever.search(SearchRequest(q, top_k=5, explain=True))
        route = next(s for s in res.trace.steps if s.stage == "route")
        assert "statement" in route.detail["rules"]  # implied by the tax-rate concept, not named
        keyword = next(s for s in res.trace.steps if s.name == "bm25@statement").detail["top"]
        dense = next(s for s in res.trace.steps if s.name == "dense@statement").detail["dense:use@statement"]
        for top in (keyword, dense):  # by meaning alone the notes look closer: the statement is put first
            assert isinstance(top, list) and top[0]["chunk_id"] == chunks[-1].chunk_id
        hit = next(h for h in res.hits if h.chunk.chunk_id == chunks[-1].chunk_id)
        assert hit.features["statement"] == 1.0  # the ranker sees it is the statement the rate needs
    finally:
        store.close()
