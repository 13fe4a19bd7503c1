"""Bulk writes into PostgreSQL with ``COPY ... FROM STDIN`` (pg8000's ``stream``): chunk rows in COPY's
text format, vectors in its binary format (pgvector's ``vector_recv`` layout, built with numpy).

Measured against the JSON (``jsonb_to_recordset``) insert this replaces: vectors no longer go through
float text at all, and the server parses one tab-separated line per chunk instead of a JSON document.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Sequence

import numpy as np

from finrag.errors import IndexError_
from finrag.index.postgres_pool import Connection

COPY_MESSAGE_BYTES = 1 << 20  # bytes per CopyData message (pg8000 sends one message per item)
_PGCOPY_HEADER = b"PGCOPY\n\xff\r\n\x00" + struct.pack("!ii", 0, 0)  # signature, flags, extension length
_PGCOPY_TRAILER = struct.pack("!h", -1)
_TEXT_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
NULL = "\\N"

CopyValue = str | int | bool | None | Sequence[str] | Sequence[int]


def text_field(value: str) -> str:
    """One field of COPY's text format (backslash, tab, newline and carriage return escaped)."""
    return value.translate(_TEXT_ESCAPES)


def array_literal(values: Iterable[str | int]) -> str:
    """A PostgreSQL array literal ``{"a","b"}`` (every element quoted, so commas, braces, spaces and the
    word NULL stay plain text)."""
    parts = []
    for v in values:
        if isinstance(v, int):
            parts.append(str(v))
        else:
            parts.append('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return "{" + ",".join(parts) + "}"


def tsvector_literal(lexemes: Iterable[str]) -> str:
    """A ``tsvector`` input literal of verbatim lexemes (quotes doubled, backslashes escaped), equal to
    ``array_to_tsvector`` of the same lexemes."""
    return " ".join("'" + x.replace("\\", "\\\\").replace("'", "''") + "'" for x in lexemes)


def text_row(values: Sequence[CopyValue]) -> str:
    out = []
    for v in values:
        if v is None:
            out.append(NULL)
        elif isinstance(v, bool):
            out.append("t" if v else "f")
        elif isinstance(v, int):
            out.append(str(v))
        elif isinstance(v, str):
            out.append(text_field(v))
        else:
            out.append(text_field(array_literal(v)))
    return "\t".join(out) + "\n"


def _batched(pieces: Iterable[bytes]) -> Iterator[bytes]:
    buf = bytearray()
    for p in pieces:
        buf += p
        if len(buf) >= COPY_MESSAGE_BYTES:
            yield bytes(buf)
            buf.clear()
    if buf:
        yield bytes(buf)


def copy_text(conn: Connection, table: str, columns: Sequence[str], rows: Iterable[str]) -> None:
    """COPY text-format lines (from :func:`text_row`) into ``table``."""
    conn.run(
        f"COPY {table} ({', '.join(columns)}) FROM STDIN",
        stream=_batched(r.encode("utf-8") for r in rows),
    )


def vector_rows_binary(cords: Sequence[int], matrix: np.ndarray) -> bytes:
    """COPY binary payload of ``(cord BIGINT, embedding vector(dim))`` rows, header and trailer included."""
    n, dim = matrix.shape
    row = np.dtype([("nf", ">i2"), ("l1", ">i4"), ("cord", ">i8"), ("l2", ">i4"), ("dim", ">i2"),
                    ("unused", ">i2"), ("v", ">f4", (dim,))])  # fmt: skip
    rows = np.zeros(n, dtype=row)
    rows["nf"], rows["l1"], rows["l2"], rows["dim"] = 2, 8, 4 + 4 * dim, dim
    rows["cord"] = np.asarray(cords, dtype=np.int64)
    rows["v"] = np.asarray(matrix, dtype=np.float32)
    return _PGCOPY_HEADER + rows.tobytes() + _PGCOPY_TRAILER


def copy_vectors(conn: Connection, table: str, cords: Sequence[int], matrix: np.ndarray) -> None:
    """COPY one embedder space's vectors (row i belongs to chunk ``cords[i]``) in binary format."""
    if len(cords) != matrix.shape[0]:
        raise IndexError_(f"{len(cords)} chunk ids for {matrix.shape[0]} vectors in {table}")
    payload = vector_rows_binary(cords, matrix)
    view = memoryview(payload)
    conn.run(
        f"COPY {table} (cord, embedding) FROM STDIN WITH (FORMAT binary)",
        stream=(bytes(view[i : i + COPY_MESSAGE_BYTES]) for i in range(0, len(payload), COPY_MESSAGE_BYTES)),
    )
