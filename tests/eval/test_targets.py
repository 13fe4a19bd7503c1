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


def test_scoped_eval_searches_and_answers_within_the_questions_own_passage(
    tmp_path: Path, settings: Settings
) -> None:
    passages = tmp_path / "passages.jsonl"
    texts = {
        "pn": "Northwind Corp announced that its total revenue for fiscal 2023 was 1,250 million dollars.",
        "pc": "Contoso Ltd announced that its total revenue for fiscal 2023 was 900 million dollars.",
    }
    passages.write_text(
        "\n".join(json.dumps({"passage_id": k, "text": v}) for k, v in texts.items()) + "\n", encoding="utf-8"
    )
    # asked about the Northwind passage, which does not hold Contoso's revenue: unanswerable there
    row = {"id": "q", "lang": "en", "question": "What was Contoso's total revenue in fiscal 2023?",
           "answer": None, "answerable": False, "gold": [], "passage_id": "pn"}
    qs = tmp_path / "q.jsonl"
    qs.write_text(json.dumps(row) + "\n", encoding="utf-8")

    def run(scoped: bool) -> dict[str, object]:
        out = tmp_path / f"r{scoped}.json"
        opts = EvalOptions(sets=[qs], passages=passages, out=out, cache=tmp_path / "cache", quiet=True,
                           as_json=True, scoped=scoped)
        assert run_eval(settings, opts) == 0
        report: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
        return report

    open_corpus, scoped = run(False), run(True)
    q_open = open_corpus["questions"][0]  # type: ignore[index]
    q_scoped = scoped["questions"][0]  # type: ignore[index]
    assert q_open["hits"][0].startswith("pc.txt")  # the whole corpus holds the answer elsewhere
    assert q_scoped["hits"] and all(h.startswith("pn.txt") for h in q_scoped["hits"])
    assert q_scoped["answer"]["refusal_accuracy"] == 1.0 and "900" not in q_scoped["answer_text"]
    assert any("scoped" in n for n in scoped["notes"])  # type: ignore[attr-defined]
