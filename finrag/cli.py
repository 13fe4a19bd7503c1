"""Command-line interface (the contract in docs/CLI.md). Every command takes --data and --json."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from finrag.cli_common import DataOpt, JsonOpt, app, console, emit, fail, parse_filters, settings_for
from finrag.errors import FinragError
from finrag.model import SearchRequest, to_jsonable


@app.command()
def parse(
    file: Path,
    data: DataOpt = None,
    as_json: JsonOpt = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Human-readable dump")] = False,
) -> None:
    """Parse one file and show what finrag made of it."""
    from finrag.parse import parse_file
    from finrag.parse.render import document_to_markdown

    settings = settings_for(data)
    try:
        doc = parse_file(file, settings)
    except FinragError as err:
        fail(err, as_json)
        return
    if markdown or not as_json:
        sys.stdout.write(document_to_markdown(doc))
        return
    report = doc.report
    emit({"document": doc, "report": report})


@app.command()
def chunk(
    file: Path,
    data: DataOpt = None,
    as_json: JsonOpt = False,
    doc_type: Annotated[str | None, typer.Option("--doc-type")] = None,
) -> None:
    """Parse and chunk one file; show the chunks with their metadata."""
    from finrag.chunk import chunk_document
    from finrag.parse import parse_file

    settings = settings_for(data)
    try:
        doc = parse_file(file, settings)
        chunks = chunk_document(doc, settings, doc_type=doc_type)
    except FinragError as err:
        fail(err, as_json)
        return
    if as_json:
        emit({"doc_id": doc.doc_id, "doc_type": doc.doc_type, "meta": doc.meta, "chunks": chunks})
        return
    for c in chunks:
        console.print(f"[bold]{c.chunk_id}[/bold] {c.kind} p{c.pages} {' > '.join(c.section_path)}")
        sys.stdout.write(c.text[:400] + "\n\n")


@app.command()
def ingest(
    paths: list[Path],
    data: DataOpt = None,
    as_json: JsonOpt = False,
    recursive: Annotated[bool, typer.Option("--recursive", "-r")] = False,
    doc_type: Annotated[str | None, typer.Option("--doc-type")] = None,
    access_level: Annotated[int, typer.Option("--access-level")] = 0,
    groups: Annotated[list[str] | None, typer.Option("--group")] = None,
    tags: Annotated[list[str] | None, typer.Option("--tag")] = None,
) -> None:
    """Parse, chunk, embed and index files or folders (re-ingesting an unchanged file is a no-op)."""
    from finrag.app import Finrag, IngestOptions
    from finrag.index.progress import run_with_progress
    from finrag.model import AccessInfo

    options = IngestOptions(
        doc_type=doc_type,
        access=AccessInfo(access_level=access_level, groups=list(groups or [])),
        tags=list(tags or []),
        recursive=recursive,
    )
    fr = Finrag(settings_for(data))
    try:
        results = run_with_progress(fr, paths, options, quiet=as_json)
    except FinragError as err:
        fail(err, as_json)
        return
    finally:
        fr.close()
    if as_json:
        emit(results)
    if any(r.status == "failed" for r in results):
        raise typer.Exit(1)


@app.command()
def search(
    question: str,
    data: DataOpt = None,
    as_json: JsonOpt = False,
    top_k: Annotated[int | None, typer.Option("--top-k")] = None,
    filters: Annotated[list[str] | None, typer.Option("--filter", help="key=value")] = None,
    explain: Annotated[bool, typer.Option("--explain")] = False,
) -> None:
    """Retrieve the chunks that best answer a question."""
    from finrag.app import Finrag

    settings = settings_for(data)
    fr = Finrag(settings)
    try:
        req = SearchRequest(
            question, top_k or settings.retrieve.top_k, parse_filters(filters or []), explain=explain
        )
        result = fr.search(req)
    except FinragError as err:
        fail(err, as_json)
        return
    finally:
        fr.close()
    hits: list[dict[str, Any]] = [
        {
            "chunk_id": h.chunk.chunk_id,
            "doc_id": h.chunk.doc_id,
            "file": h.chunk.meta.file,
            "pages": h.chunk.pages,
            "section_path": h.chunk.section_path,
            "score": round(h.score, 6),
            "text": h.chunk.text,
            "ranks": h.ranks,
            "scores": h.scores,
            "features": h.features,
        }
        for h in result.hits
    ]
    if as_json:
        out: dict[str, Any] = {"hits": hits}
        if explain:
            out["analysis"] = result.analysis
            out["trace"] = result.trace
        emit(out)
        return
    for i, hit in enumerate(result.hits, 1):
        c = hit.chunk
        console.print(
            f"[bold]{i}. {c.meta.file} p{c.pages}[/bold] score={hit.score:.6f} {' > '.join(c.section_path)}"
        )
        sys.stdout.write(c.text[:300].replace("\n", " ") + "\n")
        if explain:  # each retriever's rank and raw score for this hit
            ranks = "  ".join(f"{n}: #{r} ({hit.scores.get(n, 0.0):.4g})" for n, r in hit.ranks.items())
            sys.stdout.write(f"   {ranks}\n")
    if explain:  # the steps: analyzer tokens + filters, candidates per retriever, fused order, timings
        for step in result.trace.steps:
            detail = json.dumps(step.detail, ensure_ascii=False)
            sys.stdout.write(f"[{step.stage}:{step.name} {step.ms} ms] {detail}\n")


@app.command()
def ask(
    question: str,
    data: DataOpt = None,
    as_json: JsonOpt = False,
    role: Annotated[
        str | None, typer.Option("--role", help="Answer as this role (from the keys file)")
    ] = None,
    filters: Annotated[list[str] | None, typer.Option("--filter", help="key=value")] = None,
    explain: Annotated[bool, typer.Option("--explain")] = False,
) -> None:
    """Answer a question with citations, or refuse when the documents do not hold the answer."""
    from finrag.app import Finrag
    from finrag.serve.auth import scope_for_role

    settings = settings_for(data)
    fr = Finrag(settings)
    try:
        f = parse_filters(filters or [])
        if role is not None:
            f.access = scope_for_role(settings, role)
        answer = fr.ask(SearchRequest(question, settings.retrieve.top_k, f, explain=explain))
    except FinragError as err:
        fail(err, as_json)
        return
    finally:
        fr.close()
    if as_json:
        emit(
            {
                "answer": answer.answer,
                "refused": answer.refused,
                "citations": answer.citations,
                "calculation": answer.calculation,
                "answerer": answer.answerer,
                "trace": answer.trace if explain else None,
            }
        )
        return
    sys.stdout.write(answer.answer + "\n")
    for c in answer.citations:
        sys.stdout.write(f"[{c.n}] {c.file} p.{c.page} {' > '.join(c.section_path)}\n")


@app.command()
def stats(data: DataOpt = None, as_json: JsonOpt = False) -> None:
    """Documents, chunks, facts, embedder and index version."""
    from finrag.app import Finrag

    fr = Finrag(settings_for(data))
    try:
        s = fr.stats()
    except FinragError as err:
        fail(err, as_json)
        return
    finally:
        fr.close()
    if as_json:
        emit(s)
    else:
        for k, v in to_jsonable(s).items():
            sys.stdout.write(f"{k}: {v}\n")


@app.command()
def delete(doc_id: str, data: DataOpt = None, as_json: JsonOpt = False) -> None:
    """Remove a document with its chunks, vectors and facts."""
    from finrag.app import Finrag

    fr = Finrag(settings_for(data))
    try:
        removed = fr.delete(doc_id)
    finally:
        fr.close()
    if as_json:
        emit({"doc_id": doc_id, "deleted": removed})
    else:
        sys.stdout.write(("deleted " if removed else "no such document ") + doc_id + "\n")
    if not removed:
        raise typer.Exit(1)


from finrag import cli_tools  # noqa: E402, F401  (registers eval, migrate, train-ranker, config, serve)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
