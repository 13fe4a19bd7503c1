"""`finrag eval`: load sets, build the corpus, run systems, write JSON/Markdown, compare, gate regressions."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from finrag.config import Settings
from finrag.errors import EvalError
from finrag.eval.corpus import Corpus, docs_corpus, passages_corpus
from finrag.eval.report import (
    compare,
    compare_markdown,
    load_report,
    markdown_table,
    regressions,
    report_json,
)
from finrag.eval.run import EvalReport, evaluate
from finrag.eval.sets import Question, load_set
from finrag.eval.targets import TARGETS, make_target

console = Console(stderr=True)
PLAIN_STEPS = 10  # without a terminal, report question progress this many times per run


@dataclass(slots=True)
class EvalOptions:
    sets: list[Path] = field(default_factory=list)
    docs: Path | None = None
    passages: Path | None = None
    systems: list[str] = field(default_factory=lambda: ["finrag"])
    top_k: int | None = None
    answers: bool = True
    gold_only: bool = False
    distractors: int = 0
    limit: int | None = None  # first N questions of each set
    max_doc_pages: int | None = None  # drop questions whose gold documents are longer (keeps runs short)
    out: Path | None = None
    markdown: Path | None = None
    as_json: bool = False
    compare: list[Path] = field(default_factory=list)
    baseline: Path | None = None
    max_drop: float | None = None
    sweep_chunk: list[int] = field(default_factory=list)
    diagnose: bool = False
    judge: bool = True  # use the LLM judge when an LLM endpoint is configured
    cache: Path | None = None
    index: Path | None = None  # existing finrag data folder searched as is (no ingest); baselines ignore it
    scoped: bool = False  # ask each question within its own document (as a user who selected it)
    quiet: bool = False


def load_questions(paths: list[Path], limit: int | None) -> list[Question]:
    questions: list[Question] = []
    for p in paths:
        qs = load_set(p)
        questions += qs[:limit] if limit else qs
    return questions


def doc_pages(path: Path) -> int:
    """Physical pages of a PDF (other files count as one page)."""
    if path.suffix.lower() != ".pdf":
        return 1
    import pypdfium2

    try:
        pdf = pypdfium2.PdfDocument(str(path))
    except pypdfium2.PdfiumError as err:
        raise EvalError(f"cannot open PDF ({err})", file=path.name) from err
    try:
        return len(pdf)
    finally:
        pdf.close()


def drop_long_documents(questions: list[Question], docs: Path, max_pages: int) -> list[Question]:
    """Questions whose gold documents (all present in ``docs``) have at most ``max_pages`` pages each."""
    pages = {p.name: doc_pages(p) for p in docs.rglob("*") if p.is_file()}
    return [q for q in questions if all(pages.get(d, max_pages + 1) <= max_pages for d in q.gold_docs)]


def build_corpus(opts: EvalOptions, questions: list[Question], cache_root: Path) -> Corpus:
    if opts.passages is not None:
        keep = {d for q in questions for d in q.gold_docs} if opts.gold_only else None
        return passages_corpus(opts.passages, cache_root, keep)
    if opts.docs is None:
        raise EvalError("give --docs DIR or --passages FILE")
    return docs_corpus(opts.docs, questions, gold_only=opts.gold_only, distractors=opts.distractors)


def _pipeline_missing(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is None


def run_system(name: str, settings: Settings, corpus: Corpus, questions: list[Question], opts: EvalOptions,
               cache_root: Path) -> EvalReport:
    if name == "finrag" and _pipeline_missing("finrag.index.ingest"):
        raise EvalError("the main pipeline has no ingest yet (finrag.index.ingest missing)")
    answers = opts.answers
    notes: list[str] = []
    if answers and name == "finrag" and _pipeline_missing("finrag.answer.pipeline"):
        answers = False
        notes.append("answer metrics skipped: finrag.answer.pipeline is not available yet")
    target = make_target(name, settings, cache_root, opts.index, opts.scoped)
    if opts.scoped:
        notes.append(
            "scoped: each question was searched and answered within its own document (its passage_id or "
            "doc, else its only gold document), as when a user selects the document; unscoped runs are "
            "the open-corpus figures"
        )
    diagnose = None
    if opts.diagnose:
        from finrag.eval.baselines import use_encoder
        from finrag.eval.diagnose import Diagnoser

        diagnose = Diagnoser(corpus, use_encoder(), settings.eval.diagnose_chunking_rank)
    judge = None
    if answers and opts.judge and settings.answer.llm_base_url and name == "finrag":
        from finrag.eval.judge import LLMJudge

        judge = LLMJudge(settings)
        notes.append(f"llm_judge: {settings.answer.llm_model} at {settings.answer.llm_base_url}")
    top_k = opts.top_k or settings.eval.top_k
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console, disable=opts.quiet, transient=True,
    ) as bar:
        ingest_task = bar.add_task(f"{name}: indexing", total=len(corpus.files))
        q_task = bar.add_task(f"{name}: questions", total=len(questions), visible=False)

        plain = not console.is_terminal and not opts.quiet  # logs get a line per file / per 10% of questions

        def on_file(file: str, i: int, n: int) -> None:
            bar.update(ingest_task, completed=i, total=max(n, 1), description=f"{name}: {file[:50]}")
            if plain:
                console.print(f"{name}: indexing {i + 1}/{n} {file}")

        def on_question(qid: str, i: int, n: int) -> None:
            bar.update(ingest_task, visible=False)
            bar.update(q_task, completed=i, visible=True, description=f"{name}: {qid}")
            if plain and n and i % max(1, n // PLAIN_STEPS) == 0:
                console.print(f"{name}: question {i}/{n}")

        try:
            report = evaluate(
                target, corpus, questions, top_k=top_k, answers=answers,
                tolerance=settings.eval.numeric_tolerance, diagnose=diagnose, judge=judge,
                on_file=on_file, on_question=on_question,
            )
        finally:
            target.close()
            if judge is not None:
                judge.close()
    report.notes = notes + report.notes
    return report


def _write(obj: Any, opts: EvalOptions, md: str) -> None:
    text = json.dumps(obj, ensure_ascii=False, indent=2)
    if opts.out is not None:
        opts.out.parent.mkdir(parents=True, exist_ok=True)
        opts.out.write_text(text + "\n", encoding="utf-8")
    if opts.markdown is not None:
        opts.markdown.parent.mkdir(parents=True, exist_ok=True)
        opts.markdown.write_text(md, encoding="utf-8")
    if opts.as_json:
        sys.stdout.write(text + "\n")
    else:
        sys.stdout.write(md)


def run_compare(opts: EvalOptions) -> int:
    if len(opts.compare) != 2:
        raise EvalError("--compare takes two report files: A.json B.json")
    deltas = compare(load_report(opts.compare[0]), load_report(opts.compare[1]))
    if opts.as_json:
        sys.stdout.write(json.dumps([
            {"metric": d.metric, "before": d.before, "after": d.after, "delta": d.change} for d in deltas
        ], ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(compare_markdown(deltas))
    return 0


def run_sweep(settings: Settings, opts: EvalOptions, questions: list[Question], corpus: Corpus,
              cache_root: Path) -> int:
    reports: list[EvalReport] = []
    for size in opts.sweep_chunk:
        chunk = settings.chunk.model_copy(update={"max_tokens": size})
        swept = settings.model_copy(update={"chunk": chunk})
        rep = run_system("finrag", swept, corpus, questions, opts, cache_root)
        rep.system = f"finrag chunk={size}"
        reports.append(rep)
    _write({"sweep": {r.system: json.loads(json.dumps(report_json([r]))) for r in reports}}, opts,
           markdown_table(reports))
    return 0


def run_eval(settings: Settings, opts: EvalOptions) -> int:
    """The whole command; returns the exit code (1 = regression against --baseline)."""
    if opts.compare:
        return run_compare(opts)
    if not opts.sets:
        raise EvalError("give at least one --set FILE.jsonl")
    for s in opts.systems:
        if s not in TARGETS:
            raise EvalError(f"unknown system {s!r} (choose from {', '.join(TARGETS)})")
    cache_root = (opts.cache or settings.eval.cache_dir).resolve()
    questions = load_questions(opts.sets, opts.limit)
    if opts.max_doc_pages is not None and opts.docs is not None:
        questions = drop_long_documents(questions, opts.docs, opts.max_doc_pages)
    corpus = build_corpus(opts, questions, cache_root)
    if opts.index is not None:
        if opts.sweep_chunk:
            raise EvalError("--sweep-chunk re-indexes the corpus: it cannot use an existing --index")
        corpus.label += f"; finrag: existing index {opts.index} used as is (not re-ingested)"
    if not opts.quiet:
        console.print(f"eval: {len(questions)} questions, corpus {corpus.label}")
    if opts.sweep_chunk:
        return run_sweep(settings, opts, questions, corpus, cache_root)
    reports = [run_system(s, settings, corpus, questions, opts, cache_root) for s in opts.systems]
    obj = report_json(reports)
    _write(obj, opts, markdown_table(reports))
    if opts.baseline is not None:
        max_drop = settings.eval.max_drop if opts.max_drop is None else opts.max_drop
        bad = regressions(load_report(opts.baseline), obj, max_drop)
        if bad:
            console.print(f"[red]regression[/red] against {opts.baseline} (max drop {max_drop}):")
            console.print(compare_markdown(bad))
            return 1
    return 0
