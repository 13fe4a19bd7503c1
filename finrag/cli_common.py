"""What every CLI module shares: the Typer app, option types, JSON output and error display."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from finrag.config import Settings, load_settings
from finrag.errors import FinragError
from finrag.model import Filters, to_jsonable

app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="finrag: cited answers from financial documents"
)
console = Console(stderr=True)

DataOpt = Annotated[
    Path | None, typer.Option("--data", help="Data folder (default $FINRAG_HOME or ./finrag-data)")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON")]


def settings_for(data: Path | None) -> Settings:
    return load_settings(data)


def emit(obj: Any) -> None:
    sys.stdout.write(json.dumps(to_jsonable(obj), ensure_ascii=False, indent=2) + "\n")


def fail(err: FinragError, as_json: bool) -> None:
    if as_json:
        emit({"error": err.to_dict()})
    else:
        console.print(f"[red]error[/red] ({err.stage}): {err}")
    raise typer.Exit(2)


def parse_filters(items: list[str]) -> Filters:
    """``--filter key=value`` pairs -> Filters.

    Keys: doc_id, file, doc_type, company, year (2019 or 2018..2020), kind, tag, lang.
    """
    f = Filters()
    for item in items:
        key, _, value = item.partition("=")
        if not value:
            raise typer.BadParameter(f"--filter expects key=value, got {item!r}")
        if key == "year":
            lo, _, hi = value.partition("..")
            f.fiscal_year_min, f.fiscal_year_max = int(lo), int(hi or lo)
            continue
        target = {
            "doc_id": f.doc_ids,
            "file": f.files,
            "doc_type": f.doc_types,
            "company": f.companies,
            "kind": f.kinds,
            "tag": f.tags,
            "lang": f.languages,
        }.get(key)
        if target is None:
            raise typer.BadParameter(f"unknown filter key {key!r}")
        target.append(value)
    return f
