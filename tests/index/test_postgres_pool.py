"""PostgreSQL connections: a process opening a store whose schema another one is creating still gets in."""

from __future__ import annotations

import threading
import time
import uuid

from finrag.index.postgres_pool import Pool, parse_url

WAIT_S = 10.0  # longest wait for the opener to block on the other transaction's schema


def test_a_connection_losing_the_race_to_create_its_schema_still_opens(pg_url: str) -> None:
    """`CREATE SCHEMA IF NOT EXISTS` is not atomic in PostgreSQL: when another session creates the schema
    first, the statement waits for it and then fails with a duplicate key (two ingest workers starting
    together on an empty store). Here one session holds the schema uncommitted while a store connects."""
    schema = f"t_race_{uuid.uuid4().hex[:10]}"
    sep = "&" if "?" in pg_url else "?"
    admin = Pool(parse_url(pg_url), size=2)
    store = Pool(parse_url(f"{pg_url}{sep}schema={schema}"), size=1)
    errors: list[BaseException] = []

    def open_store() -> None:
        try:
            with store.connection() as conn:
                conn.run("SELECT 1")
        except BaseException as err:  # asserted below, in the test's thread
            errors.append(err)

    try:
        with admin.connection() as creator, admin.connection() as watcher:
            creator.run("BEGIN")
            creator.run(f'CREATE SCHEMA "{schema}"')
            opener = threading.Thread(target=open_store)
            opener.start()
            deadline = time.monotonic() + WAIT_S
            while time.monotonic() < deadline and not watcher.run(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE :q",
                q=f"%{schema}%",
            ):
                time.sleep(0.05)
            creator.run("COMMIT")
            opener.join()
            creator.run(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        store.close()
        admin.close()
    assert errors == []
