"""LlamaIndex-defaults baseline, scored by finrag's own evaluation harness on the same corpus.

Optional: llama-index is never a finrag dependency. Install the pinned packages
(bench/baselines/requirements-llamaindex.txt) outside the project venv and point LLAMAINDEX_PATH at them
(appended to sys.path, so the project's own numpy/pydantic win):

    pip install --target /tmp/li-pkgs llama-index-core==0.14.25 pypdf==7.1.1
    pip install --no-deps --target /tmp/li-pkgs2 llama-index-readers-file==0.7.0
    cp -r /tmp/li-pkgs2/llama_index/readers /tmp/li-pkgs/llama_index/   # merge the namespace package
    pip install --target /tmp/li-pkgs3 pandas striprtf                   # imported by readers-file
    PYTHONPATH=. LLAMAINDEX_PATH=/tmp/li-pkgs:/tmp/li-pkgs3 nice -n 19 .venv/bin/python \
        bench/baselines/llamaindex_baseline.py --docs ../shared/eval/docs \
        --set ../shared/eval/sets/financebench_dev.jsonl --out /tmp/li.json

Defaults kept: SimpleDirectoryReader (PDFReader via pypdf, one document per page), SentenceSplitter
(1024 tokens, 200 overlap), VectorStoreIndex in memory. Only the embedding model is replaced (the
default is OpenAI): the bundled USE-multilingual, the same as finrag's default and the naive baseline.
Physical pages come from the reader's page order (``page_label`` may be a printed label like "F-3").
The embedding adapter runs finrag's threaded USE batching (same vectors) behind finrag's content-hash
cache (``--cache``; default ``<eval cache>/llamaindex-use``), which also keeps the reader's page
documents per file: a stopped ingest resumes where it was. Only a cold cache gives a meaningful ingest
time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from finrag.config import load_settings
from finrag.eval.baselines import ThreadedUse
from finrag.eval.command import EvalOptions, build_corpus, drop_long_documents, load_questions
from finrag.eval.corpus import Corpus, file_digest, params_key
from finrag.eval.metrics import AnswerOutcome, RankedHit
from finrag.eval.report import markdown_table, report_json
from finrag.eval.run import evaluate
from finrag.eval.sets import Question, detect_language

for extra in filter(None, os.environ.get("LLAMAINDEX_PATH", "").split(":")):
    sys.path.append(extra)

LANG_SAMPLE_CHARS = 4000
# texts LlamaIndex hands the embedding adapter per call: several of finrag's batches, so the cores share
# them; it changes no vector (LlamaIndex's own default is 10 per call)
EMBED_CALL_TEXTS = 512


def use_embedder(cache: Path | None) -> Any:
    """USE through finrag's threaded embedder (texts unclipped), behind finrag's content-hash cache when
    ``cache`` is given: a stopped ingest re-embeds nothing it had finished."""
    from finrag.index.embed import CachedEmbedder

    settings = load_settings()
    threaded = ThreadedUse(settings, settings.eval.naive_embed_batch)
    return CachedEmbedder(threaded.embedder, cache) if cache is not None else threaded.embedder


def make_embedding(embedder: Any) -> Any:
    from llama_index.core.embeddings import BaseEmbedding

    started = time.perf_counter()
    done = [0]

    class USEEmbedding(BaseEmbedding):
        def _get_query_embedding(self, query: str) -> list[float]:
            return [float(x) for x in embedder.embed_query(query)]

        def _get_text_embedding(self, text: str) -> list[float]:
            return [float(x) for x in embedder.embed([text])[0]]

        def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
            rows = embedder.embed(texts)
            done[0] += len(texts)
            rate = done[0] / max(time.perf_counter() - started, 1e-9)
            print(f"embedded {done[0]} nodes ({rate:.1f}/s)", file=sys.stderr, flush=True)
            return [[float(x) for x in row] for row in rows]

        async def _aget_query_embedding(self, query: str) -> list[float]:
            return self._get_query_embedding(query)

    return USEEmbedding(model_name="use-multilingual-v3", embed_batch_size=EMBED_CALL_TEXTS)


class LlamaIndexRetriever:
    name = "llamaindex"

    def __init__(self, cache: Path | None = None) -> None:
        self.cache = cache
        self.retriever: Any = None
        self.languages: dict[str, str] = {}

    def prepare(self, corpus: Corpus, on_file: Any) -> None:
        from llama_index.core import SimpleDirectoryReader, VectorStoreIndex

        documents: list[Any] = []
        for i, path in enumerate(corpus.files):
            on_file(path.name, i, len(corpus.files))
            docs = self._read(path, SimpleDirectoryReader)
            self.languages[path.name] = detect_language(" ".join(d.text for d in docs)[:LANG_SAMPLE_CHARS])
            documents += docs
        embed_model = make_embedding(use_embedder(self.cache))
        index = VectorStoreIndex.from_documents(documents, embed_model=embed_model)
        self.retriever = index.as_retriever(similarity_top_k=10)

    def _read(self, path: Path, reader: Any) -> list[Any]:
        """The reader's page documents, kept as JSON in the cache (keyed by the file's name and content) so
        that a stopped ingest does not read its finished files again, nor a copied corpus all of them."""
        from llama_index.core import Document

        saved = None
        if self.cache is not None:
            key = params_key(path.name, file_digest(path))
            saved = self.cache / "documents" / f"{key}.json"
            if saved.exists():
                rows = json.loads(saved.read_text(encoding="utf-8"))
                return [Document.from_dict(row) for row in rows]
        docs = reader(input_files=[str(path)]).load_data()
        for page, doc in enumerate(docs, 1):
            doc.metadata["physical_page"] = page
        if saved is not None:
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_text(json.dumps([d.to_dict() for d in docs], ensure_ascii=False), encoding="utf-8")
        return docs

    def search(self, question: Question, top_k: int) -> list[RankedHit]:
        self.retriever.similarity_top_k = top_k
        out: list[RankedHit] = []
        for n in self.retriever.retrieve(question.question):
            meta = n.node.metadata
            page = int(meta.get("physical_page", 1))
            out.append(
                RankedHit(
                    str(meta.get("file_name", "")),
                    [page],
                    n.node.node_id,
                    n.node.get_content(),
                    float(n.score or 0.0),
                )
            )
        return out

    def ask(self, question: Question) -> AnswerOutcome | None:
        return None

    def doc_languages(self) -> dict[str, str]:
        return self.languages

    def close(self) -> None:
        return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", action="append", type=Path, required=True, dest="sets")
    ap.add_argument("--docs", type=Path)
    ap.add_argument("--passages", type=Path)
    ap.add_argument("--gold-only", action="store_true")
    ap.add_argument("--distractors", type=int, default=0)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--max-doc-pages", type=int)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--cache", type=Path, help="embedding cache folder (default: eval cache/llamaindex-use)")
    args = ap.parse_args()
    settings = load_settings()
    opts = EvalOptions(
        sets=args.sets,
        docs=args.docs,
        passages=args.passages,
        gold_only=args.gold_only,
        distractors=args.distractors,
        limit=args.limit,
    )
    questions = load_questions(opts.sets, opts.limit)
    if args.max_doc_pages is not None and args.docs is not None:
        questions = drop_long_documents(questions, args.docs, args.max_doc_pages)
    corpus = build_corpus(opts, questions, settings.eval.cache_dir.resolve())
    cache = args.cache or settings.eval.cache_dir.resolve() / "llamaindex-use"
    report = evaluate(
        LlamaIndexRetriever(cache),
        corpus,
        questions,
        top_k=settings.eval.top_k,
        answers=False,
        on_file=lambda name, i, n: print(f"indexing {i + 1}/{n} {name}", file=sys.stderr),
    )
    if args.out:
        args.out.write_text(json.dumps(report_json([report]), ensure_ascii=False, indent=2), encoding="utf-8")
    sys.stdout.write(markdown_table([report]))
    search_ms = report.overall.metrics.get("search_ms", 0.0)
    print(f"ingest {report.ingest_seconds} s, search {search_ms} ms/question, total {report.seconds} s")


if __name__ == "__main__":
    main()
