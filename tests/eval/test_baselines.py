"""The naive baseline: fixed character chunks with page spans, dense search with the real USE model."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfgen import canvas

from finrag.config import Settings
from finrag.errors import EvalError
from finrag.eval.baselines import NaiveRetriever, fixed_chunks, page_texts
from finrag.eval.corpus import docs_corpus
from finrag.eval.sets import Question


def test_fixed_chunks_cover_text_with_overlap_and_pages() -> None:
    pages = ["a" * 30, "b" * 30]
    chunks = fixed_chunks("x.pdf", pages, size=20, overlap=5)
    assert chunks[0].text == "a" * 20
    assert chunks[1].text.startswith("a" * 5)  # 5 characters repeated from the previous chunk
    assert chunks[0].pages == [1]
    spanning = [c for c in chunks if "a" in c.text and "b" in c.text]
    assert spanning and spanning[0].pages == [1, 2]
    assert chunks[-1].pages == [2]
    with pytest.raises(EvalError):
        fixed_chunks("x.pdf", pages, size=5, overlap=5)


def make_pdf(path: Path, pages: list[str]) -> Path:
    c = canvas.Canvas(str(path))
    for text in pages:
        c.drawString(72, 720, text)
        c.showPage()
    c.save()
    return path


def test_naive_retriever_finds_the_right_page_and_caches(tmp_path: Path, settings: Settings) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    make_pdf(docs / "report.pdf", [
        "The weather in spring is mild and rainy.",
        "Total revenue for fiscal 2019 was 1,175 million dollars.",
        "The board of directors met four times.",
    ])
    (docs / "note.txt").write_text("公司的电子信箱是 zqb@example.com", encoding="utf-8")
    assert page_texts(docs / "report.pdf")[1].startswith("Total revenue")
    corpus = docs_corpus(docs, [])
    settings.eval.naive_chunk_chars, settings.eval.naive_overlap_chars = 60, 5  # about one page per chunk
    target = NaiveRetriever(settings, tmp_path / "cache")
    seen: list[str] = []
    target.prepare(corpus, lambda name, i, n: seen.append(name))
    assert "report.pdf" in seen
    q = Question("q", "s", "en", "What was the total revenue in 2019?", None, True)
    hits = target.search(q, 2)
    assert hits[0].file == "report.pdf" and 2 in hits[0].pages and 1 not in hits[0].pages
    assert target.doc_languages() == {"note.txt": "zh", "report.pdf": "en"}
    # a second retriever on the same corpus loads the cached vectors instead of re-reading files
    again = NaiveRetriever(settings, tmp_path / "cache", encoder=target.encoder)
    seen.clear()
    again.prepare(corpus, lambda name, i, n: seen.append(name))
    assert seen == [] and len(again.chunks) == len(target.chunks)
