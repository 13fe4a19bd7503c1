"""Report output: JSON files, Markdown tables, comparisons and regression checks.

Comparisons work on saved JSON (a single report, or ``{"runs": {system: report}}``) flattened to
``[system/]group/name/metric -> value`` so any two runs can be diffed metric by metric.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from finrag.errors import EvalError
from finrag.eval.metrics import LOWER_IS_BETTER
from finrag.eval.run import EvalReport, GroupMetrics
from finrag.model import to_jsonable

TABLE_METRICS = (
    "recall@1", "recall@5", "recall@10", "doc_recall@5", "mrr", "ndcg@10",
    "refusal_accuracy", "false_refusal", "citation_accuracy", "numeric_match", "token_f1",
    "token_recall", "llm_judge",
)
NOISY_SUFFIXES = ("_ms",)  # timings vary with machine load: never a regression
RATIO_METRICS = ("recall@1", "recall@5", "recall@10", "doc_recall@5", "mrr", "ndcg@10")


def report_json(reports: list[EvalReport]) -> Any:
    """One report as itself; several as ``{"runs": {...}, "ratio": {first / each other}}``."""
    if len(reports) == 1:
        return to_jsonable(reports[0])
    first = reports[0]
    ratio: dict[str, dict[str, float | None]] = {}
    for other in reports[1:]:
        ratio[f"{first.system}/{other.system}"] = {
            m: _ratio(first.overall.metrics.get(m), other.overall.metrics.get(m)) for m in RATIO_METRICS
        }
    return {"runs": {r.system: to_jsonable(r) for r in reports}, "ratio": ratio}


def _ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return round(a / b, 3)


def _fmt(value: float | None, count: int | None) -> str:
    if value is None:
        return "–"
    return f"{value:.3f}" if count is None else f"{value:.3f} ({count})"


def _rows(report: EvalReport) -> list[tuple[str, GroupMetrics]]:
    rows = [(f"set {k}", g) for k, g in report.sets.items()]
    rows += [(f"lang {k}", g) for k, g in report.by_lang.items()]
    if report.cross_lingual.n:
        rows.append(("cross-lingual", report.cross_lingual))
    rows += [(k, g) for k, g in report.by_posing.items()]
    rows.append(("**overall**", report.overall))
    return rows


def markdown_table(reports: list[EvalReport], *, with_types: bool = False) -> str:
    """Per-group metric table; a metric's question count is shown where it differs from the group's n."""
    present = [m for m in TABLE_METRICS if any(m in r.overall.metrics for r in reports)]
    head = "| system | group | n | " + " | ".join(present) + " |"
    lines = [head, "|" + "---|" * (3 + len(present))]
    for rep in reports:
        rows = _rows(rep)
        if with_types:
            rows += [(f"type {k}", g) for k, g in rep.by_type.items()]
        for label, g in rows:
            cells = []
            for m in present:
                c = g.counts.get(m)
                cells.append(_fmt(g.metrics.get(m), c if c is not None and c != g.n else None))
            lines.append(f"| {rep.system} | {label} | {g.n} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def load_report(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise EvalError(f"cannot read report ({err})", file=str(path)) from err


def flatten(data: Any) -> dict[str, float]:
    """``group/name/metric`` -> value for a saved report (prefixed by system for multi-run files)."""
    if isinstance(data, dict) and "runs" in data:
        out: dict[str, float] = {}
        for system, rep in data["runs"].items():
            out |= {f"{system}/{k}": v for k, v in flatten(rep).items()}
        return out
    if not isinstance(data, dict) or "overall" not in data:
        raise EvalError("not an evaluation report (no 'overall')")
    out = {f"overall/{m}": float(v) for m, v in data["overall"]["metrics"].items()}
    for group in ("sets", "by_lang", "by_posing"):
        for name, g in data.get(group, {}).items():
            out |= {f"{group}/{name}/{m}": float(v) for m, v in g["metrics"].items()}
    return out


@dataclass(slots=True)
class Delta:
    metric: str
    before: float | None
    after: float | None

    @property
    def change(self) -> float | None:
        return None if self.before is None or self.after is None else round(self.after - self.before, 4)

    def is_regression(self, max_drop: float) -> bool:
        if self.change is None or self.metric.endswith(NOISY_SUFFIXES):
            return False
        name = self.metric.rsplit("/", 1)[-1]
        worse = self.change if name in LOWER_IS_BETTER else -self.change
        return worse > max_drop + 1e-9


def compare(before: Any, after: Any) -> list[Delta]:
    a, b = flatten(before), flatten(after)
    return [Delta(k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b))]


def regressions(baseline: Any, current: Any, max_drop: float) -> list[Delta]:
    """Metrics of the baseline that dropped by more than ``max_drop`` (or vanished) in ``current``."""
    cur = flatten(current)
    out: list[Delta] = []
    for k, v in flatten(baseline).items():
        d = Delta(k, v, cur.get(k))
        if d.is_regression(max_drop) or (d.after is None and not k.endswith(NOISY_SUFFIXES)):
            out.append(d)
    return out


def compare_markdown(deltas: list[Delta]) -> str:
    lines = ["| metric | before | after | delta |", "|---|---|---|---|"]
    for d in deltas:
        ch = "–" if d.change is None else f"{d.change:+.4f}"
        lines.append(f"| {d.metric} | {_fmt(d.before, None)} | {_fmt(d.after, None)} | {ch} |")
    return "\n".join(lines) + "\n"
