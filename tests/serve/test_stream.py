"""SSE streaming of /ask when an LLM is configured (a fake OpenAI-compatible endpoint stands in for it)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.responses import StreamingResponse
from fastapi.testclient import TestClient

from finrag.config import load_settings
from finrag.serve.api import create_app
from tests.serve.conftest import PUBLIC_TEXT, make_pdf

PIECES = ["Total revenue for 2019 ", "was 1,250 million dollars ", "[1]."]
SERVER_START_S = 20.0


def _fake_llm() -> FastAPI:
    llm = FastAPI()

    @llm.post("/v1/chat/completions")
    def complete(body: dict[str, object]) -> StreamingResponse:
        def events() -> Iterator[str]:
            for piece in PIECES:
                yield "data: " + json.dumps({"choices": [{"delta": {"content": piece}}]}) + "\n\n"
            yield "data: [DONE]\n\n"

        return StreamingResponse(events(), media_type="text/event-stream")

    return llm


@pytest.fixture()
def llm_url() -> Iterator[str]:
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(_fake_llm(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + SERVER_START_S
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/v1"
    server.should_exit = True
    thread.join(timeout=10)


def _events(text: str) -> list[tuple[str, dict[str, object]]]:
    out = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        out.append((lines["event"], json.loads(lines["data"])))
    return out


def test_ask_streams_llm_pieces_then_the_checked_answer(tmp_path: Path, llm_url: str) -> None:
    settings = load_settings(tmp_path / "data")
    settings.answer.llm_base_url = llm_url
    pdf = make_pdf(tmp_path / "northwind_2019.pdf", [PUBLIC_TEXT])
    with TestClient(create_app(settings)) as client:
        upload = [("files", (pdf.name, pdf.read_bytes(), "application/pdf"))]
        assert client.post("/ingest", files=upload).status_code == 202
        assert client.app.state.service.jobs.wait_idle(120)  # type: ignore[attr-defined]
        body = {"question": "What was Northwind's total revenue in 2019?", "stream": True}
        r = client.post("/ask", json=body)
        assert r.headers["content-type"].startswith("text/event-stream")
        events = _events(r.text)
        kinds = [k for k, _ in events]
        assert kinds[-1] == "answer" and kinds.count("delta") >= 1, events
        final = events[-1][1]
        assert "1,250" in str(final["answer"]) and final["cached"] is False
        again = _events(client.post("/ask", json=body).text)
        assert [k for k, _ in again] == ["answer"] and again[0][1]["cached"] is True
