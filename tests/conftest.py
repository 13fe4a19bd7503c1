"""Shared test fixtures: the ../shared/eval corpus (skipped cleanly when absent) and settings in tmp dirs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.pg import pg_schema_url, pg_url  # noqa: F401 - one PostgreSQL server for every test folder

os.environ.setdefault("HF_HUB_OFFLINE", "1")

SHARED_EVAL = Path(
    os.environ.get("FINRAG_SHARED_EVAL", Path(__file__).resolve().parents[1].parent / "shared" / "eval")
)


@pytest.fixture(scope="session")
def shared_eval() -> Path:
    """Path of ../shared/eval; the test is skipped with a clear message when it is absent."""
    if not (SHARED_EVAL / "docs").is_dir():
        pytest.skip(f"../shared/eval not found at {SHARED_EVAL}: real-filing tests skipped")
    return SHARED_EVAL


@pytest.fixture()
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Settings whose data folder is a fresh temporary directory."""
    from finrag.config import load_settings

    return load_settings(tmp_path / "data")
