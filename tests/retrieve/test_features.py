"""Reranking features a user would notice: the named year's own report and the named statement."""

from __future__ import annotations

from finrag.model import Chunk, ChunkKind, ChunkMeta, Hit, QueryAnalysis
from finrag.retrieve.features import WINDOW_PERIOD, FeatureContext, compute
from finrag.retrieve.statements import named_statements


def _hit(cid: str, year: int, section: list[str], text: str, kind: ChunkKind = ChunkKind.TABLE) -> Hit:
    meta = ChunkMeta(f"{cid}.pdf", "annual_report", "en", company="Acme", fiscal_year=year)
    return Hit(Chunk(cid, cid, text, kind, [1], section, meta), 0.5, {"bm25": 1}, {"bm25": 3.0})


def _ctx(question: str, years: set[int]) -> FeatureContext:
    qa = QueryAnalysis(question, question, "en", "lookup", keywords=["capex"])
    return FeatureContext(qa, {"acme"}, years, 1, [], {}, None, {"capex"}, named_statements(question))


def test_the_named_years_own_report_scores_above_the_next_years_and_others_score_below() -> None:
    hits = [_hit("own", 2018, [], "x"), _hit("next", 2019, [], "x"), _hit("old", 2016, [], "x")]
    compute(hits, _ctx("Acme FY2018 capex", {2018}))
    assert [h.features["period"] for h in hits] == [1.0, WINDOW_PERIOD, -1.0]


def test_the_statement_feature_marks_chunks_of_the_named_statement() -> None:
    cash = _hit("cf", 2018, ["Item 8", "CONSOLIDATED STATEMENTS OF CASH FLOWS"], "Item 8\n| Capex | 1 |")
    note = _hit("note", 2018, ["Note 5", "Property"], "Note 5\nPurchases of property and equipment were ...")
    compute([cash, note], _ctx("Acme FY2018 capex from the cash flow statement", {2018}))
    assert (cash.features["statement"], note.features["statement"]) == (1.0, 0.0)
    compute([cash], _ctx("Acme FY2018 capex", {2018}))
    assert cash.features["statement"] == 0.0  # no statement named: the feature stays neutral
