"""Index-stage fixtures: a ``store_opener`` parametrised over both engines, so the store test suite runs
unchanged against SQLite and PostgreSQL (the PostgreSQL server fixture lives in tests/pg.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from finrag.index.store import Store

StoreOpener = Callable[[], Store]


@pytest.fixture(params=["sqlite", "postgres"])
def store_opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreOpener]:
    """Opens (another handle to) one fresh store of the parametrised engine; every handle is closed after."""
    from finrag.config import load_settings

    opened: list[Store] = []
    if request.param == "sqlite":
        from finrag.index.sqlite_store import SqliteStore

        def make() -> Store:
            opened.append(SqliteStore(tmp_path / "store"))
            return opened[-1]
    else:
        from finrag.index.postgres_store import PostgresStore

        url = request.getfixturevalue("pg_schema_url")
        settings = load_settings(tmp_path / "data")

        def make() -> Store:
            opened.append(PostgresStore(settings, url=url))
            return opened[-1]

    yield make
    for s in opened:
        s.close()


@pytest.fixture()
def store(store_opener: StoreOpener) -> Store:
    """A fresh empty store, once per engine."""
    return store_opener()
