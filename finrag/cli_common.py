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
from finrag.model import to_jsonable

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
