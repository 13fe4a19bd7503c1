"""Connections to PostgreSQL by URL through pg8000 (BSD-3), kept in a small thread-safe pool.

URL: ``postgresql://user:password@host:port/database?schema=NAME&sslmode=require``; ``schema`` puts the
store's tables in their own schema (several stores, or test runs, in one database).
"""

from __future__ import annotations

import queue
import re
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from pg8000 import native
from pg8000.native import DatabaseError, InterfaceError

from finrag.errors import ConfigError, StoreUnavailableError

DEFAULT_PORT = 5432
CONNECT_TIMEOUT_S = 10.0  # an unreachable server fails the open instead of hanging a replica
POOL_SIZE = 8  # connections kept per process (API threads + ingest writer)
# SQLSTATEs of a "CREATE ... IF NOT EXISTS" that lost a race with another session creating the same object
# (unique_violation in the catalog, duplicate_schema, duplicate_object): it exists, which is all it asked for
_CREATE_RACE = frozenset({"23505", "42P06", "42710"})
# pg8000 rewrites :name parameters by scanning the SQL character by character in Python (~12 ms for a
# BM25 query on a busy box); the rewrite depends only on the text, which repeats, so it is cached
STATEMENT_CACHE = 256

__all__ = ["Connection", "DatabaseError", "InterfaceError", "Pool", "Target", "parse_url"]


_to_statement = lru_cache(maxsize=STATEMENT_CACHE)(native.to_statement)


class Connection(native.Connection):
    """pg8000's native connection with the parameter rewrite of each distinct SQL text cached."""

    def run(self, sql: str, stream: Any = None, types: Any = None, **params: Any) -> Any:
        if (not params and stream is None) or types is not None:
            return super().run(sql, stream=stream, types=types, **params)
        statement, make_vals = _to_statement(sql)
        self._context = self.execute_unnamed(statement, make_vals(params), stream=stream)
        return self._context.rows


@dataclass(slots=True, frozen=True)
class Target:
    host: str
    port: int
    database: str
    user: str
    password: str | None
    schema: str | None
    ssl: bool

    @property
    def display(self) -> str:
        """The URL without its password (for error messages and logs)."""
        s = f"?schema={self.schema}" if self.schema else ""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{self.database}{s}"


def parse_url(url: str) -> Target:
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ConfigError(f"not a postgresql:// URL: {parts.scheme}://...")
    q = parse_qs(parts.query)
    schema = q.get("schema", [None])[0]
    if schema is not None and not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", schema):
        raise ConfigError(f"schema name {schema!r}: use lower-case letters, digits and _")
    return Target(
        host=parts.hostname or "127.0.0.1",
        port=parts.port or DEFAULT_PORT,
        database=unquote(parts.path.lstrip("/")) or "postgres",
        user=unquote(parts.username or "postgres"),
        password=unquote(parts.password) if parts.password else None,
        schema=schema,
        ssl=q.get("sslmode", ["disable"])[0] in ("require", "verify-ca", "verify-full"),
    )


def _sqlstate(err: DatabaseError) -> str:
    """The SQLSTATE code pg8000 puts in the error's first argument (a dict of the server's fields)."""
    fields = err.args[0] if err.args else None
    return str(fields.get("C", "")) if isinstance(fields, dict) else ""


def create_if_missing(conn: Connection, statement: str) -> None:
    """Run ``CREATE … IF NOT EXISTS`` inside a transaction; another session creating the same object at the
    same moment (these statements are not atomic in PostgreSQL) is no error."""
    conn.run("SAVEPOINT finrag_create")
    try:
        conn.run(statement)
    except DatabaseError as err:
        if _sqlstate(err) not in _CREATE_RACE:
            raise
        conn.run("ROLLBACK TO SAVEPOINT finrag_create")
    else:
        conn.run("RELEASE SAVEPOINT finrag_create")


class Pool:
    def __init__(self, target: Target, size: int = POOL_SIZE) -> None:
        self.target = target
        self._idle: queue.LifoQueue[Connection] = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(size)
        # second key of the two-key advisory locks: the schema's name as a signed 32-bit number
        self._lock_space = int.from_bytes(
            zlib.crc32((target.schema or "").encode()).to_bytes(4, "big"), "big", signed=True
        )

    def _connect(self) -> Connection:
        t = self.target
        try:
            conn = Connection(
                t.user, host=t.host, port=t.port, database=t.database, password=t.password,
                ssl_context=True if t.ssl else None, timeout=None, application_name="finrag",
            )  # fmt: skip
        except (OSError, InterfaceError, DatabaseError) as err:
            raise StoreUnavailableError(f"cannot connect: {err}", file=t.display) from err
        if t.schema:
            # quoted: the name is checked to [a-z0-9_] but may still be a keyword (full, user, order)
            try:
                conn.run(f'CREATE SCHEMA IF NOT EXISTS "{t.schema}"')
            except DatabaseError as err:  # autocommit: the failed statement leaves the session usable
                if _sqlstate(err) not in _CREATE_RACE:
                    _close(conn)
                    raise
            conn.run(f'SET search_path TO "{t.schema}", public')
        return conn

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        """A pooled connection; one that raised a connection-level error is dropped, not returned."""
        with self._slots:
            try:
                conn = self._idle.get_nowait()
            except queue.Empty:
                conn = self._connect()
            try:
                yield conn
            except (InterfaceError, OSError):
                _close(conn)
                raise
            except BaseException:
                if _rollback(conn):
                    self._idle.put(conn)
                raise
            self._idle.put(conn)

    @contextmanager
    def transaction(self, lock_key: int | None = None, *, snapshot: bool = False) -> Iterator[Connection]:
        """BEGIN ... COMMIT (ROLLBACK on error); ``lock_key`` takes that transaction-level advisory lock
        (scoped to the store's schema: advisory locks are per database, and stores in other schemas of the
        same database must not wait for each other);
        ``snapshot`` makes it a read-only one-snapshot read (statistics and rows of one index version)."""
        with self.connection() as conn:
            conn.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" if snapshot else "BEGIN")
            if lock_key is not None:
                conn.run(
                    "SELECT pg_advisory_xact_lock(CAST(:k AS INTEGER), CAST(:s AS INTEGER))",
                    k=lock_key,
                    s=self._lock_space,
                )
            yield conn
            conn.run("COMMIT")

    def close(self) -> None:
        while True:
            try:
                _close(self._idle.get_nowait())
            except queue.Empty:
                return


def _rollback(conn: Connection) -> bool:
    try:
        conn.run("ROLLBACK")
        return True
    except (InterfaceError, DatabaseError, OSError):
        _close(conn)
        return False


def _close(conn: Connection) -> None:
    try:
        conn.close()
    except (InterfaceError, OSError):
        return  # already gone
