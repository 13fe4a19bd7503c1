"""What the dense embedders see of a chunk (keyword search always indexes the full text).

A table's figures are noise to a sentence encoder (USE reads ``1,175,301,034.32`` as a run of sub-word
pieces) and they are many of a financial table's tokens, which is what an embedding costs. With
``index.table_embed_text = "labels"`` a table chunk is embedded as its heading path, caption and unit,
header rows and row labels, without the figures. Measured on the 四方科技 report: 17 % less embedding
CPU (111k -> 94k tokens; the 512-character prefix then holds more row labels). It is not the default:
label-only table vectors sit closer to every question (mean cosine to the zh dev questions 0.19 ->
0.21), crowd text passages out of the dense list, and the zh dev sets lost MRR 0.791 -> 0.756
(R@5 equal), see docs/BENCHMARKS.md.
"""

from __future__ import annotations

import re

from finrag.errors import ConfigError
from finrag.model import Chunk, ChunkKind

TABLE_KINDS = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)
TABLE_EMBED_MODES = ("labels", "full")
CELL_JOIN = " | "  # the separator table rows are rendered with (finrag/chunk/tables.py)
# A figure cell: digits with only separators, signs, brackets, percent or currency around them.
_FIGURE_CHARS = re.compile(r"[\d\s,，.·%％()（）+\-−–—$¥￥€£*]")
# A dash-only cell ("-", "—", "--") is the printed "nothing", not a label.
_DASHES = re.compile(r"^[\-−–—]+$")
# A year heading ("2019") is a column label worth keeping, although it is all digits.
_YEAR = re.compile(r"^(19|20)\d\d$")


def check_table_mode(mode: str) -> None:
    if mode not in TABLE_EMBED_MODES:
        allowed = " or ".join(repr(m) for m in TABLE_EMBED_MODES)
        raise ConfigError(f"index.table_embed_text must be {allowed}, not {mode!r}", stage="index")


def is_figure(cell: str) -> bool:
    """A cell that holds only a number (or the printed dash for none): dropped from embedding text."""
    cell = cell.strip()
    if _DASHES.match(cell):
        return True
    if not any(ch.isdigit() for ch in cell) or _YEAR.match(cell):
        return False
    return not _FIGURE_CHARS.sub("", cell)


def _row_labels(line: str) -> str:
    """``| 营业收入 | 1,175,301,034.32 | -4.49 |`` -> ``营业收入`` (repeated merged-cell text once)."""
    cells = [c.strip() for c in line.strip()[1:-1].split("|")]
    kept = [c for c in cells if c and not is_figure(c)]
    return CELL_JOIN.join(dict.fromkeys(kept))


def table_labels_text(text: str) -> str:
    """Heading/caption lines as they are; each table row reduced to its label cells (empty rows go)."""
    out: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip()
        if len(stripped) > 1 and stripped.startswith("|") and stripped.endswith("|"):
            labels = _row_labels(stripped)
            if labels:
                out.append(labels)
        else:
            out.append(line)
    return "\n".join(out)


def embedding_text(chunk: Chunk, table_mode: str = "full") -> str:
    """The text embedded for ``chunk``: its index text; in "labels" mode tables are reduced to labels."""
    check_table_mode(table_mode)
    text = chunk.index_text or chunk.text
    if table_mode == "labels" and chunk.kind in TABLE_KINDS:
        return table_labels_text(text)
    return text
