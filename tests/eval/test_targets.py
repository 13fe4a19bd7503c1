"""The main pipeline as an evaluation target (real ingest/search/ask), incl. the chunk-size sweep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reportlab.pdfgen import canvas

from finrag.config import Settings
from finrag.eval.command import EvalOptions, run_eval

pytest.importorskip("finrag.index.ingest", reason="main pipeline ingest not available yet")
pytest.importorskip("finrag.retrieve.pipeline", reason="main pipeline retriever not available yet")

PAGES = [
    "Northwind Corp annual report 2023. Our mission is to deliver parcels quickly.",
    "Total revenue for fiscal 2023 was 1,250 million dollars, up 12 percent from 2022.",
    "The board of directors met four times during the year to review strategy.",
]


def make_corpus(tmp_path: Path) -> tuple[Path, Path]:
    docs = tmp_path / "docs"
    docs.mkdir()
    c = canvas.Canvas(str(docs / "northwind_2023.pdf"))
    for text in PAGES:
        c.drawString(72, 720, text)
        c.showPage()
    c.save()
    rows = [
        {"id": "rev", "lang": "en", "question": "What was Northwind's total revenue in fiscal 2023?",
         "answer": "$1,250 million", "answerable": True, "gold": [{"doc": "northwind_2023.pdf", "page": 2}]},
        {"id": "ceo", "lang": "en", "question": "What is the name of the CEO's dog?", "answer": None,
         "answerable": False, "gold": []},
    ]
    qs = tmp_path / "q.jsonl"
    qs.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return docs, qs


def test_finrag_target_scores_pages_and_sweep_reports_each_size(
    tmp_path: Path, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    docs, qs = make_corpus(tmp_path)
    out = tmp_path / "r.json"
    opts = EvalOptions(sets=[qs], docs=docs, out=out, cache=tmp_path / "cache", quiet=True, as_json=True)
    assert run_eval(settings, opts) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["system"] == "finrag" and report["documents"] == 1
    assert report["overall"]["metrics"]["doc_recall@1"] == 1.0
    assert report["overall"]["metrics"]["recall@5"] == 1.0  # page 2 is among the first hits
    rev = next(q for q in report["questions"] if q["qid"] == "rev")
    assert rev["hits"][0].startswith("northwind_2023.pdf")
    # a second run reuses the cached data folder (nothing is re-ingested)
    assert run_eval(settings, opts) == 0
    again = json.loads(out.read_text(encoding="utf-8"))
    assert again["ingest_seconds"] <= report["ingest_seconds"] + 1.0

    sweep = EvalOptions(sets=[qs], docs=docs, out=tmp_path / "s.json", cache=tmp_path / "cache",
                        quiet=True, as_json=True, answers=False, sweep_chunk=[100, 400])
    assert run_eval(settings, sweep) == 0
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert set(data["sweep"]) == {"finrag chunk=100", "finrag chunk=400"}
    assert len(list((tmp_path / "cache").glob("finrag-*"))) == 2  # 400 is the default
    capsys.readouterr()
