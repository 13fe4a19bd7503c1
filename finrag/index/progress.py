"""`finrag ingest` on a terminal: a rich progress bar (files, pages, chunks, embeddings), then a summary."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from finrag.model import IngestResult

if TYPE_CHECKING:
    from finrag.app import Finrag, IngestOptions

ERROR_WIDTH = 80  # characters of an error message shown in the summary table


def summary_table(results: list[IngestResult]) -> Table:
    table = Table(title="ingest summary")
    for col in ("file", "status", "pages", "chunks", "seconds", "error"):
        table.add_column(col, overflow="fold")
    style = {"indexed": "green", "unchanged": "dim", "failed": "red"}
    for r in results:
        err = f"{r.error.stage}: {r.error.message}"[:ERROR_WIDTH] if r.error else ""
        table.add_row(
            r.file, f"[{style[r.status]}]{r.status}[/]", str(r.pages), str(r.chunks), f"{r.seconds:.1f}", err
        )
    return table


def run_with_progress(
    fr: Finrag, paths: list[Path], options: IngestOptions, *, quiet: bool = False
) -> list[IngestResult]:
    """Ingest with a live progress bar on stderr (nothing when ``quiet``); returns the per-file results."""
    from finrag.app import Progress as Callbacks
    from finrag.index.ingest import expand_paths

    if quiet:
        return fr.ingest(paths, options, Callbacks())
    console = Console(stderr=True)
    totals = {"pages": 0, "chunks": 0}
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[info]}"),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    ) as bar:
        total = len(expand_paths([Path(p) for p in paths], options.recursive))
        task = bar.add_task("files", total=total, info="hashing")

        def on_stage(name: str, stage: str) -> None:
            bar.update(task, info=f"{stage} {name}")

        def on_result(r: IngestResult) -> None:
            totals["pages"] += r.pages
            totals["chunks"] += r.chunks
            info = f"pages {totals['pages']}  chunks {totals['chunks']} (embedded and stored)"
            bar.update(task, advance=1, info=info)

        def on_file(name: str, i: int, n: int) -> None:
            bar.update(task, info=f"{i}/{n} parsed: {name}")

        callbacks = Callbacks(on_file=on_file, on_stage=on_stage, on_result=on_result)
        results = fr.ingest(paths, options, callbacks)
        bar.update(task, total=len(results), completed=len(results))
    console.print(summary_table(results))
    return results
