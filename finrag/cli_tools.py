"""Evaluation and maintenance commands: eval, migrate, train-ranker, config, serve (on the same Typer app)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from finrag.cli_common import DataOpt, JsonOpt, app, console, emit, fail, settings_for
from finrag.errors import FinragError
from finrag.model import to_jsonable


@app.command("eval")
def eval_command(
    sets: Annotated[list[Path] | None, typer.Option("--set", help="Question set (JSON Lines)")] = None,
    docs: Annotated[Path | None, typer.Option("--docs", help="Folder of documents to index")] = None,
    passages: Annotated[
        Path | None, typer.Option("--passages", help="Passages file (gold = passage_id)")
    ] = None,
    system: Annotated[list[str] | None, typer.Option("--system", help="finrag | naive; repeatable")] = None,
    top_k: Annotated[int | None, typer.Option("--top-k")] = None,
    answers: Annotated[bool, typer.Option("--answers/--no-answers", help="Also score ask()")] = True,
    gold_only: Annotated[bool, typer.Option("--gold-only", help="Index only the gold documents")] = False,
    distractors: Annotated[int, typer.Option("--distractors", help="With --gold-only: extra files")] = 0,
    limit: Annotated[int | None, typer.Option("--limit", help="First N questions of each set")] = None,
    max_doc_pages: Annotated[
        int | None, typer.Option("--max-doc-pages", help="Skip questions on longer gold documents")
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write the JSON report here")] = None,
    markdown: Annotated[Path | None, typer.Option("--markdown", help="Write the Markdown table here")] = None,
    compare_files: Annotated[list[Path] | None, typer.Option("--compare", help="A.json B.json")] = None,
    baseline: Annotated[Path | None, typer.Option("--baseline", help="Fail on regression vs this")] = None,
    max_drop: Annotated[float | None, typer.Option("--max-drop")] = None,
    sweep_chunk: Annotated[str | None, typer.Option("--sweep-chunk", help="e.g. 200,400,800")] = None,
    diagnose: Annotated[bool, typer.Option("--diagnose", help="Explain misses (chunking/embedding)")] = False,
    cache: Annotated[Path | None, typer.Option("--cache", help="Eval cache (default ./.eval-cache)")] = None,
    index: Annotated[
        Path | None,
        typer.Option("--index", help="Existing data folder: finrag searches it as is, nothing is ingested"),
    ] = None,
    scoped: Annotated[
        bool,
        typer.Option("--scoped", help="Ask each question within its own document (passage_id/doc/gold doc)"),
    ] = False,
    extra: Annotated[list[str] | None, typer.Argument(help="Second file for --compare A.json B.json")] = None,
    data: DataOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Evaluate retrieval and answers on question sets (and baselines); compare reports; gate regressions."""
    from finrag.eval.command import EvalOptions, run_eval

    try:
        opts = EvalOptions(
            sets=list(sets or []),
            docs=docs,
            passages=passages,
            systems=list(system or ["finrag"]),
            top_k=top_k,
            answers=answers,
            gold_only=gold_only,
            distractors=distractors,
            limit=limit,
            max_doc_pages=max_doc_pages,
            out=out,
            markdown=markdown,
            as_json=as_json,
            compare=list(compare_files or []) + [Path(e) for e in extra or []],
            baseline=baseline,
            max_drop=max_drop,
            diagnose=diagnose,
            cache=cache,
            index=index,
            scoped=scoped,
            quiet=False,
            sweep_chunk=[int(s) for s in sweep_chunk.split(",") if s.strip()] if sweep_chunk else [],
        )
        code = run_eval(settings_for(data), opts)
    except FinragError as err:
        fail(err, as_json)
        return
    raise typer.Exit(code)


@app.command("migrate")
def migrate_command(
    source: Annotated[str, typer.Option("--from", help="Store folder or postgresql:// URL (source)")],
    target: Annotated[str, typer.Option("--to", help="postgresql:// URL or store folder (target)")],
    data: DataOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Copy an index between SQLite and PostgreSQL (vectors are copied, nothing is re-embedded)."""
    from finrag.index.migrate import migrate, open_location

    settings = settings_for(data)
    try:
        src = open_location(source, settings)
        dst = open_location(target, settings, create=True)
        report = migrate(src, dst, source_name=source.split("@")[-1], target_name=target.split("@")[-1])
        src.close()
        dst.close()
    except FinragError as err:
        fail(err, as_json)
        return
    if as_json:
        emit(report)
    else:
        console.print(
            f"copied {report.documents} documents ({report.chunks} chunks), skipped {report.skipped} "
            f"already present, in {report.seconds} s"
        )


@app.command("train-ranker")
def train_ranker(
    sets: Annotated[list[Path], typer.Option("--set", help="Dev question set (JSON Lines)")],
    stores: Annotated[list[Path], typer.Option("--store", help="Data folder holding the sets' documents")],
    out: Annotated[Path | None, typer.Option("--out", help="Model file (default: the shipped one)")] = None,
    folds: Annotated[int, typer.Option("--folds", help="Cross-validation folds, grouped by company")] = 5,
    top_n: Annotated[int | None, typer.Option("--top-n", help="Fused candidates per question")] = None,
    data: DataOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Train the learned ranker on dev sets; report its cross-validated gain (by company)."""
    from finrag.retrieve.train import collect, train

    settings = settings_for(data)
    try:
        samples = collect(settings, stores, sets, top_n or settings.retrieve.rerank_top_n)
        model, cv = train(samples, folds)
    except FinragError as err:
        fail(err, as_json)
        return
    target = out or Path(__file__).parent / "data" / "ranker.json"
    target.write_text(json.dumps(model.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if as_json:
        emit({"model": str(target), "cv": to_jsonable(cv), "info": model.info})
        return
    console.print(f"{len(samples)} questions; model written to {target}")
    for row in cv:
        console.print(f"{row.set_name}: n={row.n} fused {row.fused} -> learned {row.learned}")


@app.command("config")
def show_config(
    data: DataOpt = None,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Every knob with its reason (docs/CONFIG.md)")
    ] = False,
) -> None:
    """Print the effective settings (secrets masked), or the documentation of every knob."""
    if markdown:
        from finrag.config_doc import config_markdown

        sys.stdout.write(config_markdown())
        return
    settings = settings_for(data)
    dump = settings.model_dump(mode="json")
    for section in dump.values():
        if isinstance(section, dict):
            for key in section:
                if key.endswith("api_key") and section[key]:
                    section[key] = "***"
    emit(dump)


@app.command()
def serve(
    data: DataOpt = None,
    host: Annotated[str | None, typer.Option("--host")] = None,
    port: Annotated[int | None, typer.Option("--port")] = None,
) -> None:
    """Start the HTTP API and web page."""
    from finrag.serve.run import run_server

    settings = settings_for(data)
    run_server(settings, host=host or settings.serve.host, port=port or settings.serve.port)
