"""Reliability fixtures: the hostile corpus (built once per session), tight parse limits, a served app."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from finrag.config import Settings, load_settings
from tests.reliability.hostile import HOSTILE, small_pdf
from tests.serve.conftest import corpus, served  # noqa: F401 - the keyed app of the ACL tests

SOAK = os.environ.get("FINRAG_SOAK", "") not in ("", "0")
PARSE_TIMEOUT_S = 30.0  # per-file parse limit in these tests (the default 600 s is for real filings)
SHEET_ROWS = 100  # rows read per sheet in these tests: the million-row sheet is cut, quickly
JOB_WAIT_S = 180.0  # an upload's ingest job must be done within this
GOOD_QUESTION = "What was total revenue for 2019?"
GOOD_ANSWER = "1,250"


def tight_settings(home: Path) -> Settings:
    settings = load_settings(home)
    settings.parse.timeout_s = PARSE_TIMEOUT_S
    settings.parse.max_sheet_rows = SHEET_ROWS
    return settings


@pytest.fixture(scope="session")
def hostile_file(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """``hostile_file(name)`` builds the named hostile file once per session and returns its path."""
    root = tmp_path_factory.mktemp("hostile")
    built: dict[str, Path] = {}

    def get(name: str) -> Path:
        if name not in built:
            folder = root / name
            folder.mkdir()
            built[name] = HOSTILE[name](folder)
        return built[name]

    return get


@pytest.fixture(scope="session")
def good_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return small_pdf(tmp_path_factory.mktemp("good") / "northwind_2019.pdf")


class Served:
    """A TestClient on a local-mode app (admin, no keys) holding the good PDF."""

    def __init__(self, client: object, settings: Settings) -> None:
        from fastapi.testclient import TestClient

        assert isinstance(client, TestClient)
        self.client = client
        self.settings = settings

    def upload(self, name: str, data: bytes) -> tuple[int, dict[str, object]]:
        """POST /ingest one file and wait for its job; (HTTP status, the file's job entry or the error)."""
        r = self.client.post("/ingest", files=[("files", (name, data, "application/octet-stream"))])
        if r.status_code != 202:
            return r.status_code, r.json()
        job_id = r.json()["job_id"]
        deadline = time.monotonic() + JOB_WAIT_S
        while time.monotonic() < deadline:
            job = self.client.get(f"/jobs/{job_id}").json()
            if job["state"] == "done":
                return 202, job["files"][0]
            time.sleep(0.1)
        raise AssertionError(f"ingest job for {name!r} not done after {JOB_WAIT_S} s")

    def counts(self) -> tuple[int, int, int]:
        h = self.client.get("/health").json()
        return h["documents"], h["chunks"], h["facts"]

    def assert_answering(self) -> None:
        assert self.client.get("/health").status_code == 200
        r = self.client.post("/ask", json={"question": GOOD_QUESTION})
        assert r.status_code == 200, r.text
        assert GOOD_ANSWER in r.json()["answer"]


@pytest.fixture(scope="session")
def served_local(tmp_path_factory: pytest.TempPathFactory, good_pdf: Path) -> Iterator[Served]:
    from fastapi.testclient import TestClient

    from finrag.serve.api import create_app

    settings = tight_settings(tmp_path_factory.mktemp("served-rel") / "data")
    with TestClient(create_app(settings)) as client:
        served = Served(client, settings)
        status, entry = served.upload(good_pdf.name, good_pdf.read_bytes())
        assert status == 202 and entry["status"] == "indexed", entry
        yield served
