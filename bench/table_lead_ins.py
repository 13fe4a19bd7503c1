"""Count the table chunks of an ingested data folder that hold a sentence leading into a table as one of their
rows ("| The changes in the carrying amount of goodwill … are as follows: |  |"): two tables the parser ran
together. Reads the default one-folder store's SQLite file.

Usage: python bench/table_lead_ins.py <data folder> [--show N]
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
from pathlib import Path

# a lone cell of a row that leads into a table: "… as follows:", "the following table …", "如下："
LEAD_IN = re.compile(
    r"as follows|(?:the|this) (?:following )?table|following table"
    r"|(?:are|is|were|was) (?:summarized|presented|shown|detailed) (?:below|in the)|below:|如下[:：]",
    re.I,
)
MIN_CHARS = 20  # a shorter lone cell is a row label, not a sentence


def lead_in_rows(text: str) -> list[str]:
    """The rows of a table chunk's text whose one filled cell is a lead-in sentence."""
    out = []
    for line in text.split("\n"):
        if not line.startswith("|"):
            continue
        filled = [c.strip() for c in line.strip().strip("|").split("|") if c.strip()]
        if len(filled) == 1 and len(filled[0]) >= MIN_CHARS and LEAD_IN.search(filled[0]):
            out.append(filled[0])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", type=Path)
    ap.add_argument("--show", type=int, default=0, help="print this many of the rows found")
    args = ap.parse_args()
    db = sqlite3.connect(args.data / "store" / "finrag.db")
    tables = found = 0
    for (data,) in db.execute("select data from chunks"):
        chunk = json.loads(data)
        if chunk["kind"] != "table":
            continue
        tables += 1
        for row in lead_in_rows(chunk["text"]):
            found += 1
            if found <= args.show:
                print(chunk["meta"]["file"], chunk["pages"], row[:100])
    print(f"{found} lead-in rows in {tables} table chunks")


if __name__ == "__main__":
    main()
