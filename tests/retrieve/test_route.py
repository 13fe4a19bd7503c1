"""Routing rules: each fires on its condition, can be switched off, and sets weights/filters/focus lists."""

from __future__ import annotations

from finrag.config import RetrieveSettings
from finrag.model import Chunk, ChunkKind, ChunkMeta, Filters, Period, QueryAnalysis, ScoredChunk
from finrag.retrieve.route import FOCUS, PROCEDURE, list_weights, route, weighted_rrf


def _qa(**kw: object) -> QueryAnalysis:
    base: dict[str, object] = {
        "question": "q",
        "completed": "q",
        "language": "en",
        "intent": "lookup",
        "keywords": ["net", "income", "total", "revenue"],
    }
    base.update(kw)
    return QueryAnalysis(**base)  # type: ignore[arg-type]


def test_code_and_short_queries_prefer_keywords() -> None:
    cfg = RetrieveSettings()
    plan = route(_qa(codes=["E-5021"]), Filters(), cfg, [])
    assert plan.rules == ["code"] and plan.keyword_weight == cfg.keyword_boost
    plan = route(_qa(keywords=["ebitda"]), Filters(), cfg, [])
    assert plan.rules == ["short"]
    off = cfg.model_copy(update={"routes": []})
    assert route(_qa(codes=["E-5021"]), Filters(), off, []).keyword_weight == 1.0


def test_company_and_period_make_one_focus_list_or_a_strict_filter() -> None:
    cfg = RetrieveSettings()
    qa = _qa(companies=["3M"], periods=[Period("FY2018", 2018, "FY")])
    plan = route(qa, Filters(), cfg, ["MMM"])
    assert plan.rules == ["company", "period"] and plan.filters.companies == []
    ((suffix, f),) = plan.focus
    assert suffix == FOCUS and f.companies == ["3M", "MMM"]
    assert (f.fiscal_year_min, f.fiscal_year_max) == (2018, 2018 + cfg.period_window)
    strict = route(qa, Filters(), cfg.model_copy(update={"company_filter": "strict"}), ["MMM"])
    assert strict.filters.companies == ["3M", "MMM"]
    user = route(qa, Filters(companies=["Other"]), cfg, ["MMM"])  # an explicit filter wins
    assert "company" not in user.rules


def test_howto_adds_a_procedure_list() -> None:
    plan = route(_qa(intent="howto"), Filters(), RetrieveSettings(), [])
    assert (
        plan.rules == ["howto"]
        and plan.focus[0][0] == PROCEDURE
        and plan.focus[0][1].kinds == ["step", "endpoint"]
    )


def _sc(cid: str, score: float) -> ScoredChunk:
    return ScoredChunk(Chunk(cid, "d", cid, ChunkKind.TEXT, [1], [], ChunkMeta("f.pdf", "x", "en")), score)


def test_weighted_rrf_lets_a_boosted_keyword_list_win() -> None:
    lists = {"bm25": [_sc("a", 9.0), _sc("b", 5.0)], "dense:use": [_sc("b", 0.9), _sc("a", 0.5)]}
    assert weighted_rrf(lists, {}, 60)[0].chunk.chunk_id in {"a", "b"}
    plan = route(_qa(codes=["X-1"]), Filters(), RetrieveSettings(), [])
    weights = list_weights(list(lists), plan, RetrieveSettings())
    hits = weighted_rrf(lists, weights, 60)
    assert hits[0].chunk.chunk_id == "a" and hits[0].ranks == {"bm25": 1, "dense:use": 2}
    assert list_weights(["bm25#xl"], plan, RetrieveSettings())["bm25#xl"] < weights["bm25"]


def test_a_file_named_in_the_question_becomes_a_pre_filter() -> None:
    plan = route(_qa(), Filters(), RetrieveSettings(), [], ["NIKE_2018_10K.pdf"])
    assert plan.rules[0] == "file" and plan.filters.files == ["NIKE_2018_10K.pdf"]
    off = RetrieveSettings(routes=["code"])
    assert route(_qa(), Filters(), off, [], ["NIKE_2018_10K.pdf"]).filters.files == []
    # a named prospectus carries no fiscal year: the year asked narrows nothing inside the named file
    dated = _qa(periods=[Period("2007年", fiscal_year=2007, fiscal_period="FY")], companies=["厦门安妮"])
    plan = route(dated, Filters(), RetrieveSettings(), [], ["厦门安妮股份有限公司.PDF"])
    assert all(f.fiscal_year_min is None for _, f in plan.focus)


def test_a_named_statement_adds_a_table_focus_list_with_title_words() -> None:
    from finrag.retrieve.route import STATEMENT, TABLE_KINDS
    from finrag.retrieve.statements import named_statements

    cfg = RetrieveSettings()
    qa = _qa(companies=["3M"], periods=[Period("FY2018", 2018, "FY")])
    plan = route(qa, Filters(), cfg, [], statements=named_statements("the cash flow statement"))
    assert plan.rules == ["company", "period", "statement"]
    (_, focus), (suffix, f) = plan.focus
    assert suffix == STATEMENT and f.kinds == TABLE_KINDS
    assert f.companies == focus.companies == ["3M"] and f.fiscal_year_min == 2018  # inside the company focus
    assert "cash flows" in plan.focus_terms[STATEMENT]
    assert list_weights([f"bm25{STATEMENT}"], plan, cfg)[f"bm25{STATEMENT}"] == cfg.focus_weight
    off = cfg.model_copy(update={"routes": ["company", "period"]})
    balance = named_statements("balance sheet")
    assert "statement" not in route(qa, Filters(), off, [], statements=balance).rules


def test_an_asked_section_adds_a_focus_list_with_the_titles_of_the_part_that_answers_it() -> None:
    from finrag.retrieve.route import SECTION, STATEMENT
    from finrag.retrieve.sections import asked_concepts, implied_statements, load_concepts

    cfg = RetrieveSettings()
    q = "Has Acme reported any ongoing legal battles? And its inventory turnover?"
    concepts = asked_concepts(q, load_concepts())
    statements = implied_statements(concepts, [])
    plan = route(
        _qa(question=q, completed=q, companies=["Acme"]), Filters(), cfg, [], None, statements, concepts
    )
    suffixes = [s for s, _ in plan.focus]
    assert suffixes == [FOCUS, STATEMENT, SECTION]
    assert "legal proceedings" in plan.focus_terms[SECTION]
    assert dict(plan.focus)[SECTION].companies == ["Acme"]  # inside the company focus
    off = cfg.model_copy(update={"routes": [r for r in cfg.routes if r != "section"]})
    assert SECTION not in [s for s, _ in route(_qa(), Filters(), off, [], None, [], concepts).focus]


def test_period_focus_keeps_the_best_fitting_reports_when_they_are_known() -> None:
    cfg = RetrieveSettings()
    qa = _qa(companies=["Acme"], periods=[Period("Q3 2023", 2023, "Q3")])
    plan = route(qa, Filters(), cfg, [], period_files=["ACME_2023Q3_10Q.pdf"])
    ((_, f),) = plan.focus
    assert f.files == ["ACME_2023Q3_10Q.pdf"] and f.fiscal_year_min is None
    assert "third quarter" in plan.keyword_terms  # how the report writes "Q3"
    plain = route(qa, Filters(), cfg.model_copy(update={"period_words": False}), [])
    assert plain.keyword_terms == "" and plain.focus[0][1].fiscal_year_min == 2023
