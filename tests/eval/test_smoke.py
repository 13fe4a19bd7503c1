"""CI smoke evaluation: 4 short English filings + a slice of the BBT passages, ~16 questions.

A drop of any retrieval metric by more than MAX_DROP against tests/eval/smoke_baseline.json fails the
build. After an intended change, regenerate the baseline with
``FINRAG_UPDATE_SMOKE_BASELINE=1 pytest tests/eval/test_smoke.py`` and commit it with the change.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from finrag.config import Settings
from finrag.eval.corpus import Corpus, files_key, passages_corpus
from finrag.eval.report import regressions, report_json
from finrag.eval.run import EvalReport, evaluate
from finrag.eval.sets import Question, load_set
from finrag.eval.targets import FinragTarget

pytest.importorskip("finrag.index.ingest", reason="main pipeline ingest not available yet")
pytest.importorskip("finrag.retrieve.pipeline", reason="main pipeline retriever not available yet")

pytestmark = pytest.mark.shared

BASELINE = Path(__file__).with_name("smoke_baseline.json")
MAX_DROP = 0.02
SMOKE_PDFS = (
    "JOHNSON_JOHNSON_2022Q4_EARNINGS.pdf",
    "JOHNSON_JOHNSON_2023Q2_EARNINGS.pdf",
    "JOHNSON_JOHNSON_2023_8K_dated-2023-08-30.pdf",
    "MGMRESORTS_2022Q4_EARNINGS.pdf",
)
BBT_ANSWERABLE, BBT_UNANSWERABLE, BBT_EXTRA_PASSAGES = 5, 2, 5
GATED = ("recall@", "doc_recall@", "mrr", "doc_mrr", "ndcg@10", "top1")


def _run(corpus: Corpus, questions: list[Question], settings: Settings, cache: Path) -> EvalReport:
    answers = importlib.util.find_spec("finrag.answer.pipeline") is not None
    target = FinragTarget(settings, cache)
    try:
        return evaluate(target, corpus, questions, top_k=10, answers=answers)
    finally:
        target.close()


def _bbt_slice(sets: Path) -> tuple[list[Question], set[str]]:
    qs = load_set(sets / "bbt_finqa_zh_dev.jsonl")
    chosen = [q for q in qs if q.answerable][:BBT_ANSWERABLE] + [q for q in qs if not q.answerable][
        :BBT_UNANSWERABLE
    ]
    keep = {d for q in chosen for d in q.gold_docs}
    others = sorted({d for q in qs for d in q.gold_docs} - keep)[:BBT_EXTRA_PASSAGES]
    return chosen, keep | set(others)


def _gated(report: object) -> object:
    """The report with only retrieval metrics (answers are still reported, not gated)."""
    data = json.loads(json.dumps(report))
    for rep in data["runs"].values():
        groups = [rep["overall"], *rep["sets"].values(), *rep["by_lang"].values()]
        for g in groups:
            g["metrics"] = {k: v for k, v in g["metrics"].items() if k.startswith(GATED)}
    return data


def test_smoke_eval_has_no_retrieval_regression(
    shared_eval: Path, settings: Settings, tmp_path: Path
) -> None:
    sets = shared_eval / "sets"
    fb = [q for q in load_set(sets / "financebench_dev.jsonl") if q.gold_docs <= set(SMOKE_PDFS)]
    files = [shared_eval / "docs" / "en" / name for name in SMOKE_PDFS]
    pdf_corpus = Corpus(label="smoke pdfs", files=files, key=files_key(files))
    bbt, passages = _bbt_slice(sets)
    bbt_corpus = passages_corpus(sets / "bbt_finqa_zh_dev_passages.jsonl", tmp_path / "cache", passages)

    pdf = _run(pdf_corpus, fb, settings, tmp_path / "cache")
    pdf.system = "pdf"
    zh = _run(bbt_corpus, bbt, settings, tmp_path / "cache")
    zh.system = "bbt"
    assert len(fb) >= 8 and not pdf.notes, pdf.notes
    current = report_json([pdf, zh])
    # every question was retrieved without error
    assert all(q.error is None for q in pdf.questions + zh.questions)
    if os.environ.get("FINRAG_UPDATE_SMOKE_BASELINE") or not BASELINE.exists():
        for rep in current["runs"].values():
            rep["questions"] = [{"qid": q["qid"], "hits": q["hits"]} for q in rep["questions"]]
        BASELINE.write_text(json.dumps(current, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        pytest.skip(f"wrote {BASELINE.name}: commit it")
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    bad = regressions(_gated(baseline), current, MAX_DROP)
    assert not bad, "retrieval regression: " + ", ".join(f"{d.metric} {d.before}->{d.after}" for d in bad)
