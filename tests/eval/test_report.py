"""Markdown tables, comparisons and the regression gate."""

from __future__ import annotations

from finrag.eval.report import compare, markdown_table, regressions, report_json
from finrag.eval.run import EvalReport, GroupMetrics, QuestionResult, aggregate


def make_report(system: str, r5: float, false_refusal: float) -> EvalReport:
    g = GroupMetrics(n=2, metrics={"recall@5": r5, "false_refusal": false_refusal, "search_ms": 10.0})
    return EvalReport(
        system=system, corpus="c", documents=1, top_k=10, created="now", overall=g, sets={"s": g},
        by_lang={"zh": g}, by_type={}, cross_lingual=GroupMetrics(0), questions=[],
    )


def test_aggregate_means_only_over_questions_a_metric_applies_to() -> None:
    a = QuestionResult("1", "s", "zh", "", "q", True, False, retrieval={"recall@5": 1.0})
    b = QuestionResult("2", "s", "zh", "", "q", False, False, answer={"refusal_accuracy": 0.0})
    c = QuestionResult("3", "s", "zh", "", "q", True, False, retrieval={"recall@5": 0.0})
    g = aggregate([a, b, c])
    assert g.n == 3
    assert g.metrics["recall@5"] == 0.5 and g.counts["recall@5"] == 2
    assert g.metrics["refusal_accuracy"] == 0.0 and g.counts["refusal_accuracy"] == 1


def test_compare_and_regression_gate() -> None:
    base = report_json([make_report("finrag", 0.80, 0.10)])
    same = report_json([make_report("finrag", 0.79, 0.11)])
    worse = report_json([make_report("finrag", 0.70, 0.10)])
    more_refusals = report_json([make_report("finrag", 0.80, 0.20)])
    assert regressions(base, same, 0.02) == []
    bad = regressions(base, worse, 0.02)
    assert {d.metric for d in bad} == {"overall/recall@5", "sets/s/recall@5", "by_lang/zh/recall@5"}
    # false_refusal is lower-is-better: a rise is a regression
    assert "overall/false_refusal" in {d.metric for d in regressions(base, more_refusals, 0.02)}
    deltas = {d.metric: d.change for d in compare(base, worse)}
    assert deltas["overall/recall@5"] == -0.1


def test_multi_run_json_has_ratio_and_markdown_lists_groups() -> None:
    reports = [make_report("finrag", 0.8, 0.0), make_report("naive", 0.4, 0.0)]
    data = report_json(reports)
    assert data["ratio"]["finrag/naive"]["recall@5"] == 2.0
    md = markdown_table(reports)
    assert "| finrag | set s | 2 |" in md and "| naive | **overall** | 2 |" in md
