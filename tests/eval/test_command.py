"""`finrag eval` end to end with the naive baseline on a passages corpus (real USE embedder)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from typer.testing import CliRunner

from finrag.cli import app

PASSAGES = [
    {"passage_id": "p1", "text": "长实集团斥资252亿元收购英国酒馆业务，麦格理维持跑赢大市评级。"},
    {"passage_id": "p2", "text": "鼎捷软件公告，股东计划在六个月内减持公司股份。"},
    {"passage_id": "p3", "text": "Apple reported quarterly revenue of 90 billion dollars, up 8 percent."},
]
QUESTIONS = [
    {"id": "a", "lang": "zh", "question": "长实集团收购了什么业务？", "answer": "英国酒馆业务",
     "answerable": True, "gold": [{"passage_id": "p1"}], "type": "event"},
    {"id": "b", "lang": "en", "question": "What was Apple's quarterly revenue?", "answer": "$90 billion",
     "answerable": True, "gold": [{"passage_id": "p3"}], "type": "number"},
    {"id": "c", "lang": "en", "question": "Which shareholder plans to sell 鼎捷软件 shares?", "answer": None,
     "answerable": True, "gold": [{"passage_id": "p2"}], "type": "event"},
    {"id": "d", "lang": "zh", "question": "谁是火星的总统？", "answer": None, "answerable": False,
     "gold": []},
]


def write_jsonl(path: Path, rows: Sequence[object]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    return path


def test_eval_naive_passages_json_compare_and_gate(tmp_path: Path) -> None:
    qs = write_jsonl(tmp_path / "mini.jsonl", QUESTIONS)
    ps = write_jsonl(tmp_path / "passages.jsonl", PASSAGES)
    out = tmp_path / "a.json"
    args = ["eval", "--set", str(qs), "--passages", str(ps), "--system", "naive", "--cache",
            str(tmp_path / "cache"), "--out", str(out), "--top-k", "3", "--diagnose", "--json"]
    runner = CliRunner()
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["system"] == "naive" and report["documents"] == 3
    overall = report["overall"]
    assert overall["counts"]["recall@1"] == 3  # the unanswerable question has no retrieval metrics
    assert overall["metrics"]["recall@5"] == 1.0  # only 3 passages: everything is in the top 5
    assert report["sets"]["mini"]["n"] == 4 and set(report["by_lang"]) == {"en", "zh"}
    # question c is English about a Chinese passage: the cross-lingual subset
    assert report["cross_lingual"]["n"] == 1
    by_id = {q["qid"]: q for q in report["questions"]}
    assert by_id["a"]["hits"][0] == "p1.txt p1"

    # a baseline that claims better recall@1 makes the gate fail; the report itself passes
    baseline = json.loads(out.read_text(encoding="utf-8"))
    baseline["overall"]["metrics"]["recall@1"] = 1.5
    (tmp_path / "base.json").write_text(json.dumps(baseline), encoding="utf-8")
    gated = runner.invoke(app, [*args[:-1], "--baseline", str(tmp_path / "base.json"), "--max-drop", "0.02"])
    assert gated.exit_code == 1
    ok = runner.invoke(app, [*args[:-1], "--baseline", str(out)])
    assert ok.exit_code == 0, ok.output

    cmp = runner.invoke(app, ["eval", "--compare", str(tmp_path / "base.json"), str(out), "--json"])
    assert cmp.exit_code == 0, cmp.output
    deltas = {d["metric"]: d["delta"] for d in json.loads(cmp.stdout)}
    assert deltas["overall/recall@1"] < 0


def test_max_doc_pages_drops_questions_on_long_documents(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    from finrag.eval.command import drop_long_documents
    from finrag.eval.sets import Gold, Question

    for name, pages in (("short.pdf", 1), ("long.pdf", 3)):
        c = canvas.Canvas(str(tmp_path / name))
        for i in range(pages):
            c.drawString(72, 720, f"page {i + 1}")
            c.showPage()
        c.save()
    qs = [
        Question("s", "x", "en", "q", "a", True, [Gold("short.pdf", 1)]),
        Question("l", "x", "en", "q", "a", True, [Gold("long.pdf", 2)]),
        Question("u", "x", "en", "q", None, False),
        Question("m", "x", "en", "q", "a", True, [Gold("absent.pdf", 1)]),
    ]
    assert [q.qid for q in drop_long_documents(qs, tmp_path, 2)] == ["s", "u"]


def test_eval_index_uses_an_existing_data_folder_as_is(tmp_path: Path) -> None:
    """`--index DIR` searches a folder ingested beforehand: nothing is ingested into it or cached."""
    from finrag.app import Finrag
    from finrag.config import load_settings

    docs = tmp_path / "docs"
    docs.mkdir()
    for p in PASSAGES:
        (docs / f"{p['passage_id']}.txt").write_text(str(p["text"]), encoding="utf-8")
    (docs / "extra.txt").write_text("A file the index never saw.", encoding="utf-8")
    index = tmp_path / "index"
    fr = Finrag(load_settings(index))
    fr.ingest([docs / "p1.txt", docs / "p2.txt", docs / "p3.txt"])
    fr.close()
    before = {p: p.stat().st_mtime_ns for p in index.rglob("*") if p.is_file() and "-wal" not in p.name}

    qs = write_jsonl(tmp_path / "mini.jsonl", QUESTIONS)  # passage gold means "<passage_id>.txt" page 1
    out = tmp_path / "r.json"
    cache = tmp_path / "cache"
    res = CliRunner().invoke(app, ["eval", "--set", str(qs), "--docs", str(docs), "--index", str(index),
                                   "--no-answers", "--cache", str(cache), "--out", str(out), "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert "existing index" in report["corpus"]
    assert any("3 documents, no ingest" in n for n in report["notes"])
    assert any("extra.txt" in n for n in report["notes"])  # corpus files the index lacks are named
    assert report["overall"]["metrics"]["recall@5"] == 1.0
    assert not list(cache.glob("finrag-*"))  # no eval-cache index was built
    assert "extra.txt" not in {d.file for d in Finrag(load_settings(index)).documents(_everything())}
    after = {p: p.stat().st_mtime_ns for p in before}
    assert after == before


def _everything():  # type: ignore[no-untyped-def]
    from finrag.model import AccessScope

    return AccessScope.everything()


def test_questions_sharing_a_wording_are_reported_apart(tmp_path: Path) -> None:
    same = "下文中发生的事件类型有哪些？"
    rows = [*QUESTIONS[:2]]
    rows += [{"id": f"e{i}", "lang": "zh", "question": same, "answer": "收购", "answerable": True,
              "gold": [{"passage_id": p}], "type": "event"} for i, p in enumerate(("p1", "p2"))]
    qs = write_jsonl(tmp_path / "mini.jsonl", rows)
    ps = write_jsonl(tmp_path / "passages.jsonl", PASSAGES)
    out = tmp_path / "a.json"
    args = ["eval", "--set", str(qs), "--passages", str(ps), "--system", "naive", "--no-answers",
            "--cache", str(tmp_path / "cache"), "--out", str(out)]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    report = json.loads(out.read_text(encoding="utf-8"))
    posing = report["by_posing"]
    assert posing["mini ambiguous"]["n"] == 2 and posing["mini well-posed"]["n"] == 2
    assert any("share their wording (1 wording)" in n for n in report["notes"])
    assert "mini ambiguous" in res.output  # the Markdown table shows the split
