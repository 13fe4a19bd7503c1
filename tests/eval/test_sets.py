"""Loading question sets and passages (user files and the shared eval sets)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finrag.errors import EvalError
from finrag.eval.sets import Gold, detect_language, load_passages, load_set


def write_jsonl(path: Path, rows: list[object]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    return path


def test_user_set_with_pages_passages_history_and_defaults(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "mine.jsonl", [
        {"id": "q1", "question": "2019年营业收入是多少？", "answer": "1.2亿元", "answerable": True,
         "gold": [{"doc": "sub/a.pdf", "page": 3}], "type": "lookup",
         "history": [{"role": "user", "content": "介绍一下公司"}]},
        {"question": "Who bought it?", "answer": None, "gold": [{"passage_id": "p9"}]},
        {"question": "Who pledged?", "answer": None, "answerable": False, "gold": [], "passage_id": "p7"},
    ])
    q1, q2, q3 = load_set(path)
    assert q1.set_name == "mine" and q1.lang == "zh" and q1.gold == [Gold("a.pdf", 3)]
    assert q1.history[0].content == "介绍一下公司" and q1.qtype == "lookup"
    assert q2.qid == "mine-2" and q2.lang == "en" and not q2.answerable
    assert q2.gold == [Gold("p9.txt", 1)]
    # the document each question is scoped to (--scoped): its own passage, else its only gold document
    assert (q1.scope_file, q2.scope_file, q3.scope_file) == ("a.pdf", "p9.txt", "p7.txt")


def test_malformed_line_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"question": "ok"}\n{not json\n', encoding="utf-8")
    with pytest.raises(EvalError, match=r"bad.jsonl: line 2"):
        load_set(path)
    with pytest.raises(EvalError, match="not found"):
        load_set(tmp_path / "missing.jsonl")


def test_detect_language() -> None:
    assert detect_language("营业收入 revenue") == "zh"
    assert detect_language("Total revenue 2019") == "en"


@pytest.mark.shared
def test_shared_sets_load(shared_eval: Path) -> None:
    sets = shared_eval / "sets"
    fb = load_set(sets / "financebench_dev.jsonl")
    assert len(fb) == 44 and all(q.gold and q.lang == "en" for q in fb)
    finglm = load_set(sets / "finglm_zh_dev.jsonl")
    assert sum(not q.answerable for q in finglm) == 30
    bbt = load_set(sets / "bbt_finqa_zh_dev.jsonl")
    passages = {p.file_name for p in load_passages(sets / "bbt_finqa_zh_dev_passages.jsonl")}
    assert all(g.doc in passages for q in bbt for g in q.gold)
