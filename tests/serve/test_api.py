"""Every endpoint and every error code of the HTTP API, through FastAPI's TestClient."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from PIL import Image

from finrag.config import Settings, load_settings
from finrag.serve.api import create_app
from tests.serve.conftest import ADMIN_KEY, ANALYST_KEY, bearer, make_pdf

ADMIN = bearer(ADMIN_KEY)


def _error(response: Any, status: int, code: str) -> dict[str, str]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "stage", "detail"} and body["error"] == code
    assert "Traceback" not in body["detail"]
    return body


def _doc_id(client: TestClient, file: str) -> str:
    docs = client.get("/documents", headers=ADMIN).json()["documents"]
    return next(d["doc_id"] for d in docs if d["file"] == file)


def test_health_reports_store_models_and_counts(served: TestClient) -> None:
    body = served.get("/health").json()
    assert body["status"] == "ok" and body["documents"] == 2 and body["chunks"] >= 2
    assert body["index_version"] >= 2 and body["auth"] is True


def test_openapi_and_web_page_are_served(served: TestClient) -> None:
    paths = served.get("/openapi.json").json()["paths"]
    expected = ("/ingest", "/jobs/{job_id}", "/documents", "/documents/{doc_id}/pages/{page}", "/ask")
    for path in expected:
        assert path in paths
    assert served.get("/docs").status_code == 200
    page = served.get("/")
    assert page.status_code == 200 and "app.js" in page.text
    assert served.get("/static/app.js").status_code == 200


def test_documents_list_and_detail_with_parse_report(served: TestClient) -> None:
    doc_id = _doc_id(served, "northwind_2019.pdf")
    detail = served.get(f"/documents/{doc_id}", headers=ADMIN).json()
    assert detail["pages"] == 2 and detail["report"]["page_count"] == 2
    assert detail["stored_file"] and ".." not in detail["stored_file"]


def test_search_returns_hits_with_pages(served: TestClient) -> None:
    r = served.post("/search", headers=ADMIN, json={"question": "total revenue 2019", "explain": True})
    assert r.status_code == 200, r.text
    hits = r.json()["hits"]
    assert hits and hits[0]["file"] == "northwind_2019.pdf" and 1 in hits[0]["pages"]
    assert "trace" in r.json()


def test_ask_answers_with_citations_then_from_cache(served: TestClient) -> None:
    body = {"question": "What was total revenue in 2019?", "explain": True}
    first = served.post("/ask", headers=ADMIN, json=body).json()
    assert not first["refused"] and "1,250" in first["answer"], first
    assert first["citations"][0]["file"] == "northwind_2019.pdf" and first["citations"][0]["page"] == 1
    second = served.post("/ask", headers=ADMIN, json={**body, "question": "what was total revenue in 2019"})
    again = second.json()
    assert again["cached"] and again["answerer"] == "cache" and again["answer"] == first["answer"]
    assert any(s["stage"] == "cache" for s in again["trace"]["steps"])


def test_ask_refuses_what_the_documents_do_not_hold(served: TestClient) -> None:
    r = served.post("/ask", headers=ADMIN, json={"question": "What was Tesla's 2015 gross margin?"})
    assert r.status_code == 200 and r.json()["refused"] is True


def test_ask_streams_server_sent_events(served: TestClient) -> None:
    sse = {**ADMIN, "Accept": "text/event-stream"}
    r = served.post("/ask", headers=sse, json={"question": "net income 2019"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    assert "event: answer" in r.text and "310" in r.text


def test_page_image_is_a_png_with_the_chunk_highlighted(served: TestClient) -> None:
    hit = served.post("/search", headers=ADMIN, json={"question": "total revenue 2019"}).json()["hits"][0]
    url = f"/documents/{hit['doc_id']}/pages/1"
    plain = served.get(url, headers=ADMIN)
    marked = served.get(url, headers=ADMIN, params={"chunk_id": hit["chunk_id"]})
    boxed = served.get(url, headers=ADMIN, params={"boxes": "72,60,300,120"})
    for r in (plain, marked, boxed):
        assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(plain.content)).size == Image.open(io.BytesIO(boxed.content)).size
    assert plain.content != boxed.content and plain.content != marked.content  # text chunks are found too
    _error(served.get(url, headers=ADMIN, params={"boxes": "1,2,3"}), 422, "invalid_request")
    _error(served.get(f"/documents/{hit['doc_id']}/pages/3", headers=ADMIN), 404, "not_found")
    _error(served.get(url, headers=ADMIN, params={"chunk_id": "nope"}), 404, "not_found")


def test_auth_errors(served: TestClient) -> None:
    _error(served.get("/documents"), 401, "unauthorized")
    _error(served.get("/documents", headers=bearer("guess")), 401, "unauthorized")
    pdf = ("files", ("x.pdf", b"%PDF-1.4\n", "application/pdf"))
    _error(served.post("/ingest", headers=bearer(ANALYST_KEY), files=[pdf]), 403, "forbidden")
    _error(served.delete("/documents/abc", headers=bearer(ANALYST_KEY)), 403, "forbidden")


def test_request_errors(served: TestClient) -> None:
    _error(served.post("/ask", headers=ADMIN, json={"question": ""}), 422, "invalid_request")
    huge_k = {"question": "q", "top_k": 10_000}
    _error(served.post("/ask", headers=ADMIN, json=huge_k), 422, "invalid_request")
    _error(served.post("/ask", headers=ADMIN, content=b"not json"), 422, "invalid_request")
    _error(served.post("/search", headers=ADMIN, json={"question": "x" * 5000}), 422, "invalid_request")
    _error(served.get("/documents/nope", headers=ADMIN), 404, "not_found")
    _error(served.get("/jobs/nope", headers=ADMIN), 404, "not_found")
    _error(served.delete("/documents/nope", headers=ADMIN), 404, "not_found")
    _error(served.get("/no/such/route"), 404, "not_found")


def test_unsupported_and_oversized_uploads(served: TestClient, tmp_path: Path) -> None:
    exe = ("files", ("tool.exe", b"MZ\x90\x00", "application/octet-stream"))
    _error(served.post("/ingest", headers=ADMIN, files=[exe]), 415, "unsupported_file")
    fake = ("files", ("report.pdf", b"<html>not a pdf</html>", "application/pdf"))
    _error(served.post("/ingest", headers=ADMIN, files=[fake]), 415, "unsupported_file")
    settings = served.app.state.service.settings  # type: ignore[attr-defined]
    limit = settings.serve.max_upload_mb
    settings.serve.max_upload_mb = 0.01
    try:
        big = ("files", ("big.pdf", b"%PDF-1.4\n" + b"0" * 20_000, "application/pdf"))
        _error(served.post("/ingest", headers=ADMIN, files=[big]), 413, "too_large")
    finally:
        settings.serve.max_upload_mb = limit
    assert not any((settings.home / "uploads").glob("*/*")), "refused uploads leave nothing behind"


def test_request_body_over_the_limit_is_413(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    settings.serve.max_upload_mb = 0.5
    with TestClient(create_app(settings)) as client:
        big = ("files", ("big.pdf", b"%PDF-1.4\n" + b"0" * 2_000_000, "application/pdf"))
        _error(client.post("/ingest", files=[big]), 413, "too_large")


def _ask_cached(client: TestClient) -> bool:
    r = client.post("/ask", headers=ADMIN, json={"question": "What was net income in 2019?"})
    return bool(r.json()["cached"])


def test_ingest_job_progress_conflict_and_delete(served: TestClient, tmp_path: Path) -> None:
    _ask_cached(served)
    assert _ask_cached(served), "a repeated question is answered from the cache"
    pages = [[f"Segment {p} revenue line {i}" for i in range(20)] for p in range(12)]
    path = make_pdf(tmp_path / "segments.pdf", pages)
    upload = [("files", (path.name, path.read_bytes(), "application/pdf"))]
    r = served.post("/ingest", headers=ADMIN, files=upload, data={"groups": "ir, research"})
    assert r.status_code == 202 and r.json()["files"][0]["file"] == "segments.pdf"
    _error(served.post("/ingest", headers=ADMIN, files=upload), 409, "conflict")
    service = served.app.state.service  # type: ignore[attr-defined]
    assert service.jobs.wait_idle(120)
    job = served.get(f"/jobs/{r.json()['job_id']}", headers=ADMIN).json()
    assert job["state"] == "done" and job["progress"] == 1.0 and job["files"][0]["status"] == "indexed"
    doc_id = job["files"][0]["doc_id"]
    assert served.get(f"/documents/{doc_id}", headers=ADMIN).json()["access"]["groups"] == ["ir", "research"]
    assert not _ask_cached(served), "an ingest invalidates cached answers"
    assert _ask_cached(served)
    assert served.delete(f"/documents/{doc_id}", headers=ADMIN).json() == {"doc_id": doc_id, "deleted": True}
    assert not _ask_cached(served), "a delete invalidates cached answers"
    _error(served.get(f"/documents/{doc_id}", headers=ADMIN), 404, "not_found")


def test_reingest_of_unchanged_file_reports_unchanged(served: TestClient, corpus: dict[str, Path]) -> None:
    path = corpus["public"]
    upload = [("files", (path.name, path.read_bytes(), "application/pdf"))]
    r = served.post("/ingest", headers=ADMIN, files=upload)
    assert served.app.state.service.jobs.wait_idle(60)  # type: ignore[attr-defined]
    job = served.get(f"/jobs/{r.json()['job_id']}", headers=ADMIN).json()
    assert job["files"][0]["status"] == "unchanged"


def test_store_unavailable_is_503(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    settings: Settings = load_settings(blocker)
    client = TestClient(create_app(settings))
    _error(client.get("/health"), 503, "store_unavailable")
    _error(client.get("/documents"), 503, "store_unavailable")


def test_model_that_fails_to_load_is_500(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    settings.index.embedder = f"local:{tmp_path / 'no-such-model'}"
    with TestClient(create_app(settings)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        assert service.models_ready.wait(60)
        assert client.get("/health").json()["models_loaded"] is False
        _error(client.post("/ask", json={"question": "revenue"}), 500, "model_load_failed")


def test_local_mode_needs_no_key(tmp_path: Path) -> None:
    with TestClient(create_app(load_settings(tmp_path / "data"))) as client:
        assert client.get("/documents").json() == {"documents": []}
        assert client.get("/jobs/none").json()["error"] == "not_found"  # admin routes open too


def test_uploaded_names_cannot_escape_the_data_folder(served: TestClient, corpus: dict[str, Path]) -> None:
    settings = served.app.state.service.settings  # type: ignore[attr-defined]
    evil = "../../../../../../tmp/finrag-escape-test.pdf"
    upload = [("files", (evil, corpus["public"].read_bytes(), "application/pdf"))]
    r = served.post("/ingest", headers=ADMIN, files=upload)
    assert r.status_code == 202 and r.json()["files"][0]["file"] == "finrag-escape-test.pdf"
    assert served.app.state.service.jobs.wait_idle(60)  # type: ignore[attr-defined]
    assert not Path("/tmp/finrag-escape-test.pdf").exists()
    assert not (settings.home.parent / "finrag-escape-test.pdf").exists()
