"""LlamaIndex-defaults baseline, scored by finrag's own evaluation harness on the same corpus.

Optional: llama-index is never a finrag dependency. Install it outside the project venv and point
LLAMAINDEX_PATH at it (appended to sys.path, so the project's own numpy/pydantic win), e.g.

    pip install --target /tmp/li-pkgs llama-index-core==0.14.25
    pip install --no-deps --target /tmp/li-pkgs2 llama-index-readers-file==0.6.0 pypdf   # merge readers/
    pip install --target /tmp/li-pkgs3 pandas striprtf
    PYTHONPATH=. LLAMAINDEX_PATH=/tmp/li-pkgs:/tmp/li-pkgs3 python bench/baselines/llamaindex_baseline.py \
        --set ../shared/eval/sets/financebench_dev.jsonl --docs ../shared/eval/docs --gold-only \
        --distractors 3 --out /tmp/li.json

Defaults kept: SimpleDirectoryReader (PDFReader via pypdf, one document per page), SentenceSplitter
(1024 tokens, 200 overlap), VectorStoreIndex in memory. Only the embedding model is replaced (the
default is OpenAI): the bundled USE-multilingual, the same as finrag's default and the naive baseline.
Physical pages come from the reader's page order (``page_label`` may be a printed label like "F-3").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from finrag.config import load_settings
from finrag.eval.baselines import Encoder, use_encoder
from finrag.eval.command import EvalOptions, build_corpus, drop_long_documents, load_questions
from finrag.eval.corpus import Corpus
from finrag.eval.metrics import AnswerOutcome, RankedHit
from finrag.eval.report import markdown_table, report_json
from finrag.eval.run import evaluate
from finrag.eval.sets import Question, detect_language

for extra in filter(None, os.environ.get("LLAMAINDEX_PATH", "").split(":")):
    sys.path.append(extra)

LANG_SAMPLE_CHARS = 4000


def make_embedding(encoder: Encoder) -> Any:
    from llama_index.core.embeddings import BaseEmbedding

    class USEEmbedding(BaseEmbedding):
        def _get_query_embedding(self, query: str) -> list[float]:
            return [float(x) for x in encoder.encode([query])[0]]

        def _get_text_embedding(self, text: str) -> list[float]:
            return [float(x) for x in encoder.encode([text])[0]]

        def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
            return [[float(x) for x in row] for row in encoder.encode(texts)]

        async def _aget_query_embedding(self, query: str) -> list[float]:
            return self._get_query_embedding(query)

    return USEEmbedding(model_name="use-multilingual-v3", embed_batch_size=64)


class LlamaIndexRetriever:
    name = "llamaindex"

    def __init__(self) -> None:
        self.retriever: Any = None
        self.languages: dict[str, str] = {}

    def prepare(self, corpus: Corpus, on_file: Any) -> None:
        from llama_index.core import SimpleDirectoryReader, VectorStoreIndex

        documents: list[Any] = []
        for i, path in enumerate(corpus.files):
            on_file(path.name, i, len(corpus.files))
            docs = SimpleDirectoryReader(input_files=[str(path)]).load_data()
            for page, doc in enumerate(docs, 1):
                doc.metadata["physical_page"] = page
            self.languages[path.name] = detect_language(" ".join(d.text for d in docs)[:LANG_SAMPLE_CHARS])
            documents += docs
        index = VectorStoreIndex.from_documents(documents, embed_model=make_embedding(use_encoder()))
        self.retriever = index.as_retriever(similarity_top_k=10)

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
    report = evaluate(
        LlamaIndexRetriever(),
        corpus,
        questions,
        top_k=settings.eval.top_k,
        answers=False,
        on_file=lambda name, i, n: print(f"indexing {i + 1}/{n} {name}", file=sys.stderr),
    )
    if args.out:
        args.out.write_text(json.dumps(report_json([report]), ensure_ascii=False, indent=2), encoding="utf-8")
    sys.stdout.write(markdown_table([report]))


if __name__ == "__main__":
    main()
