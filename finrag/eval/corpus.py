"""Evaluation corpora: a folder of documents or a passages file, with a cache key per configuration.

The harness keeps one data folder per (corpus, system, relevant settings) under the eval cache
(``./.eval-cache`` by default), so a re-run with the same documents and settings ingests nothing.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path

from finrag.config import Settings
from finrag.errors import EvalError
from finrag.eval.sets import Passage, Question, load_passages

KEY_CHARS = 16  # hex digits of sha256 kept in cache folder names (collisions are not a concern here)
DIGEST_BLOCK = 1 << 20  # bytes read at a time when hashing a document


@dataclass(slots=True)
class Corpus:
    label: str  # what the report shows, e.g. "docs:../shared/eval/docs (12 of 89 files)"
    files: list[Path]  # documents to ingest, in a stable order
    key: str  # hash of the file list (names and contents)
    passages: dict[str, Passage] = field(default_factory=dict)  # file name -> passage (passage corpora)

    def path_of(self, file_name: str) -> Path | None:
        return next((p for p in self.files if p.name == file_name), None)


def _hash(parts: list[str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:KEY_CHARS]


def file_digest(path: Path) -> str:
    """SHA-256 of a file's content: a copy of the corpus (new times) keeps its cache, an edit does not."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(DIGEST_BLOCK), b""):
            h.update(block)
    return h.hexdigest()


def files_key(files: list[Path]) -> str:
    return _hash([f"{f.name}|{file_digest(f)}" for f in files])


def settings_key(settings: Settings, *extra: str) -> str:
    """Hash of the settings that change what gets indexed (parse, OCR, chunk, index) plus ``extra``."""
    sections = ("parse", "ocr", "chunk", "index")
    relevant = {name: getattr(settings, name).model_dump(mode="json") for name in sections}
    return _hash([json.dumps(relevant, sort_keys=True), *extra])


def params_key(*parts: str) -> str:
    """Hash of free-form parts (systems that do not use the main pipeline's settings)."""
    return _hash(list(parts))


def list_documents(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise EvalError("documents folder not found", file=str(folder))
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))
    if not files:
        raise EvalError("no documents in folder", file=str(folder))
    return files


def select_documents(files: list[Path], questions: list[Question], distractors: int) -> list[Path]:
    """The gold documents of ``questions`` plus ``distractors`` other files, taken in turn from each
    sub-folder (so both languages get distractors) and evenly spaced within it."""
    gold = {d for q in questions for d in q.gold_docs}
    chosen = [f for f in files if f.name in gold]
    folders: dict[Path, list[Path]] = {}
    for f in files:
        if f.name not in gold:
            folders.setdefault(f.parent, []).append(f)
    per_folder = -(-distractors // max(len(folders), 1))  # ceiling division
    picks: list[list[Path]] = []
    for rest in folders.values():
        step = max(1, len(rest) // max(per_folder, 1))
        picks.append(rest[::step][:per_folder])
    extra = [f for round_ in zip_longest(*picks) for f in round_ if f is not None]
    chosen += extra[:max(distractors, 0)]
    return sorted(chosen, key=lambda p: str(p))


def docs_corpus(
    folder: Path, questions: list[Question], *, gold_only: bool = False, distractors: int = 0
) -> Corpus:
    all_files = list_documents(folder)
    files = select_documents(all_files, questions, distractors) if gold_only else all_files
    if not files:
        raise EvalError("none of the questions' gold documents is in the folder", file=str(folder))
    label = f"docs:{folder} ({len(files)} of {len(all_files)} files"
    label += f", gold documents + {distractors} distractors)" if gold_only else ")"
    return Corpus(label=label, files=files, key=files_key(files))


def passages_corpus(path: Path, cache_root: Path, limit_to: set[str] | None = None) -> Corpus:
    """Write each passage as ``<passage_id>.txt`` under the cache (once) and return that corpus.

    ``limit_to`` keeps only these passage file names (None = all passages)."""
    passages = load_passages(path)
    if limit_to is not None:
        passages = [p for p in passages if p.file_name in limit_to]
    if not passages:
        raise EvalError("no passages to index", file=str(path))
    key = _hash([p.passage_id + "\0" + p.text for p in passages])
    folder = cache_root / f"passages-{key}"
    folder.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    for p in passages:
        target = folder / p.file_name
        if not target.exists():
            target.write_text(p.text, encoding="utf-8")
        files.append(target)
    return Corpus(
        label=f"passages:{path} ({len(passages)} passages)",
        files=files,
        key=key,
        passages={p.file_name: p for p in passages},
    )
