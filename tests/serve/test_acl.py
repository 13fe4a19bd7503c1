"""Access control: the analyst role (level 0) never sees the level-5 board memo, by any route."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.serve.conftest import ADMIN_KEY, ANALYST_KEY, SECRET_MARKER, bearer

ADMIN = bearer(ADMIN_KEY)
ANALYST = bearer(ANALYST_KEY)
SECRET_QUESTION = "What is the acquisition price of Project Nightingale?"


# words only the memo holds (the question itself names "Project Nightingale", so that may be echoed back)
MEMO_ONLY = ("777", "third quarter", "board_memo", "Board Memo")


def _leaks(text: str, memo_id: str) -> list[str]:
    # ids (hex hashes of run-to-run PDF bytes) and long score decimals may hold "777" by chance
    masked = re.sub(r"[0-9a-f]{16,}|\d*\.\d{4,}", "#", text)
    return [w for w in MEMO_ONLY if w in masked] + ([memo_id] if memo_id in text else [])


def _memo_id(client: TestClient) -> str:
    docs = client.get("/documents", headers=ADMIN).json()["documents"]
    return next(d["doc_id"] for d in docs if d["file"] == "board_memo.pdf")


def _memo_chunk(client: TestClient) -> str:
    hits = client.post("/search", headers=ADMIN, json={"question": SECRET_QUESTION}).json()["hits"]
    return next(h["chunk_id"] for h in hits if h["file"] == "board_memo.pdf")


def test_admin_sees_the_memo(served: TestClient) -> None:
    files = {d["file"] for d in served.get("/documents", headers=ADMIN).json()["documents"]}
    assert files == {"northwind_2019.pdf", "board_memo.pdf"}
    answer = served.post("/ask", headers=ADMIN, json={"question": SECRET_QUESTION}).json()
    assert "777" in answer["answer"] and not answer["refused"]


def test_documents_list_and_detail_hide_the_memo(served: TestClient) -> None:
    listing = served.get("/documents", headers=ANALYST)
    assert [d["file"] for d in listing.json()["documents"]] == ["northwind_2019.pdf"]
    assert SECRET_MARKER not in listing.text and "board_memo" not in listing.text
    detail = served.get(f"/documents/{_memo_id(served)}", headers=ANALYST)
    assert detail.status_code == 404 and SECRET_MARKER not in detail.text


def test_search_never_returns_memo_chunks(served: TestClient) -> None:
    body = {"question": SECRET_QUESTION, "top_k": 50, "explain": True}
    r = served.post("/search", headers=ANALYST, json=body)
    assert r.status_code == 200
    assert all(h["file"] != "board_memo.pdf" for h in r.json()["hits"])
    assert _leaks(r.text, _memo_id(served)) == []


def test_filters_in_the_body_cannot_widen_the_scope(served: TestClient) -> None:
    filters = {"doc_ids": [_memo_id(served)], "files": ["board_memo.pdf"]}
    body = {"question": SECRET_QUESTION, "filters": filters}
    r = served.post("/search", headers=ANALYST, json={**body, "access": {"max_level": 99}})
    assert r.status_code == 200 and r.json()["hits"] == []


def test_cached_admin_answer_is_not_served_to_the_analyst(
    served: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    admin = served.post("/ask", headers=ADMIN, json={"question": SECRET_QUESTION, "explain": True}).json()
    assert "777" in admin["answer"]
    again = served.post("/ask", headers=ADMIN, json={"question": SECRET_QUESTION, "explain": True}).json()
    assert again["cached"] is True  # the admin's answer is in the cache now
    memo = _memo_id(served)
    for attempt in range(2):  # the second answer comes from the analyst's own cache entry
        r = served.post("/ask", headers=ANALYST, json={"question": SECRET_QUESTION, "explain": True})
        body = r.json()
        assert body["cached"] is (attempt == 1)
        assert _leaks(r.text, memo) == [], "answer, citations, context and trace hold nothing of the memo"
        assert all(c["file"] != "board_memo.pdf" for c in body["citations"])
        assert SECRET_MARKER not in json.dumps(body["citations"]) + json.dumps(body.get("context", []))
    assert ANALYST_KEY not in caplog.text and ADMIN_KEY not in caplog.text


def test_streamed_answers_respect_the_scope(served: TestClient) -> None:
    served.post("/ask", headers=ADMIN, json={"question": SECRET_QUESTION})
    sse = {**ANALYST, "Accept": "text/event-stream"}
    r = served.post("/ask", headers=sse, json={"question": SECRET_QUESTION})
    assert r.status_code == 200 and _leaks(r.text, _memo_id(served)) == []


def test_page_images_of_the_memo_are_not_found(served: TestClient) -> None:
    memo = _memo_id(served)
    assert served.get(f"/documents/{memo}/pages/1", headers=ADMIN).status_code == 200
    r = served.get(f"/documents/{memo}/pages/1", headers=ANALYST)
    assert r.status_code == 404 and r.headers["content-type"] == "application/json"
    public = next(d["doc_id"] for d in served.get("/documents", headers=ANALYST).json()["documents"])
    chunk = _memo_chunk(served)
    r = served.get(f"/documents/{public}/pages/1", headers=ANALYST, params={"chunk_id": chunk})
    assert r.status_code == 404  # a visible page cannot be used to probe an invisible chunk


def test_role_scope_reaches_the_cli_helper(served: TestClient) -> None:
    from finrag.serve.auth import scope_for_role

    settings = served.app.state.service.settings  # type: ignore[attr-defined]
    assert scope_for_role(settings, "analyst").allows(5, []) is False
    assert scope_for_role(settings, "admin").allows(5, []) is True


def test_facts_from_a_confidential_table_stay_hidden(served: TestClient, tmp_path: Path) -> None:
    table = tmp_path / "secret_income_2019.csv"
    table.write_text(
        '项目,2019年,2018年\n营业收入,"888,888,888.00","777,000,000.00"\n净利润,"99,999,999.00","88,000,000.00"\n',
        encoding="utf-8",
    )
    upload = [("files", (table.name, table.read_bytes(), "text/csv"))]
    r = served.post("/ingest", headers=ADMIN, files=upload, data={"access_level": "5"})
    assert served.app.state.service.jobs.wait_idle(120)  # type: ignore[attr-defined]
    doc_id = served.get(f"/jobs/{r.json()['job_id']}", headers=ADMIN).json()["files"][0]["doc_id"]
    try:
        question = {"question": "2019年营业收入是多少？", "explain": True}
        assert "888,888,888" in served.post("/ask", headers=ADMIN, json=question).json()["answer"]
        hidden = served.post("/ask", headers=ANALYST, json=question)
        assert not [s for s in ("888,888,888", "99,999,999", doc_id) if s in hidden.text]
    finally:
        served.delete(f"/documents/{doc_id}", headers=ADMIN)
