"""The parse stage's entry point: :func:`parse_file` turns any supported file into a Document.

The type comes from the content (magic bytes), never the extension alone. Every failure is a
:class:`~finrag.errors.ParseError` naming the file; a parser that runs past ``settings.parse.timeout_s`` is
stopped: PDFs, images and large files parse in a child process that is killed on time-out (safe from a
server's worker thread as well as the CLI's main thread); small office/text files parse in a thread.
"""

from __future__ import annotations

import hashlib
import importlib
import logging
import time
from pathlib import Path

from finrag.config import Settings
from finrag.errors import FileTooLargeError, FinragError, ParseError, UnsupportedFileError
from finrag.model import Document
from finrag.parse.base import Parser
from finrag.parse.detect import HEAD_BYTES, check_zip_bomb, detect_media_type
from finrag.parse.isolate import run_in_child, run_in_thread

__all__ = ["DOCUMENT_SUFFIXES", "PARSERS", "detect_file_type", "get_parser", "is_document_name", "parse_file"]

log = logging.getLogger(__name__)

# media type -> (module, class) of its Parser; imported only when a file of that type shows up.
PARSERS: dict[str, tuple[str, str]] = {
    "pdf": ("finrag.parse.pdf", "PdfParser"),
    "image": ("finrag.parse.ocr", "ImageParser"),
    "docx": ("finrag.parse.office_docx", "DocxParser"),
    "pptx": ("finrag.parse.office_pptx", "PptxParser"),
    "xlsx": ("finrag.parse.office_xlsx", "XlsxParser"),
    "csv": ("finrag.parse.office_xlsx", "CsvParser"),
    "md": ("finrag.parse.text", "MarkdownParser"),
    "txt": ("finrag.parse.text", "TextParser"),
    "html": ("finrag.parse.text_html", "HtmlParser"),
}
# Parsers built on C libraries (pdfium, ONNX OCR) that can hang or crash: always run in a child process.
ISOLATED_TYPES = frozenset({"pdf", "image"})
ZIP_TYPES = frozenset({"docx", "pptx", "xlsx"})
# File name endings a folder walk picks up (an explicitly named file is read whatever its name): keeps
# scripts, configs and lock files next to the documents out of the index.
DOCUMENT_SUFFIXES = frozenset({
    ".pdf", ".docx", ".pptx", ".xlsx", ".xlsm", ".csv", ".tsv", ".txt", ".md", ".markdown", ".html", ".htm",
    ".png", ".jpg", ".jpeg", ".tif", ".tiff",
})
MB = 1024 * 1024
HASH_BLOCK = 1024 * 1024  # bytes hashed per read


def get_parser(media_type: str, *, file_name: str = "") -> Parser:
    """The Parser instance for a media type (lazy import)."""
    try:
        module_name, class_name = PARSERS[media_type]
    except KeyError:
        raise UnsupportedFileError(f"no parser for media type {media_type!r}", file=file_name) from None
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as err:
        raise UnsupportedFileError(
            f"the {media_type} parser is not available ({module_name}.{class_name}: {err})", file=file_name
        ) from err
    parser: Parser = cls()
    return parser


def is_document_name(path: Path) -> bool:
    """True when a folder walk should ingest this file (by its name; hidden and temp files excluded)."""
    name = path.name
    return path.suffix.lower() in DOCUMENT_SUFFIXES and not name.startswith((".", "~$"))


def _read_head(path: Path, file_name: str, settings: Settings) -> tuple[bytes, int]:
    try:
        if not path.is_file():
            raise ParseError("not a regular file (missing, or a folder)", file=file_name)
        size = path.stat().st_size
        with path.open("rb") as fh:
            head = fh.read(HEAD_BYTES)
    except OSError as err:
        raise ParseError(f"cannot read the file: {err.strerror or err}", file=file_name) from err
    if size == 0:
        raise ParseError("empty file (0 bytes)", file=file_name)
    if size > settings.parse.max_file_mb * MB:
        raise FileTooLargeError(
            f"file is {size / MB:.1f} MB, above the {settings.parse.max_file_mb:g} MB limit "
            "(settings.parse.max_file_mb)",
            file=file_name,
        )
    return head, size


def detect_file_type(path: Path, settings: Settings, *, file_name: str | None = None) -> str:
    """The media type finrag reads ``path`` as (raises ParseError subclasses like :func:`parse_file`)."""
    name = file_name or path.name
    head, _ = _read_head(path, name, settings)
    return detect_media_type(path, head, file_name=name)


def _sha256(path: Path, file_name: str) -> str:
    digest = hashlib.sha256()
    try:
        with path.open("rb") as fh:
            while block := fh.read(HASH_BLOCK):
                digest.update(block)
    except OSError as err:
        raise ParseError(f"cannot read the file: {err.strerror or err}", file=file_name) from err
    return digest.hexdigest()


def parse_one(media_type: str, path: Path, file_name: str, doc_id: str, settings: Settings) -> Document:
    """Run one parser in the current thread, wrapping any non-finrag exception in a ParseError."""
    parser = get_parser(media_type, file_name=file_name)
    try:
        return parser.parse(path, file_name=file_name, doc_id=doc_id, settings=settings)
    except FinragError as err:
        if err.file is None:
            err.file = file_name
        raise
    except (Exception, RecursionError) as err:
        log.debug("%s parser failed on %s", media_type, file_name, exc_info=True)
        raise ParseError(
            f"the {media_type} parser failed (corrupt or unusual file?): {type(err).__name__}: {err}",
            file=file_name,
        ) from err


def parse_file(path: Path, settings: Settings, *, file_name: str | None = None) -> Document:
    """Parse one file into a Document (doc_id = sha256 of its bytes; ``file_name`` defaults to path.name)."""
    started = time.perf_counter()
    path = Path(path)
    name = file_name or path.name
    head, size = _read_head(path, name, settings)
    media_type = detect_media_type(path, head, file_name=name)
    if media_type in ZIP_TYPES:
        check_zip_bomb(path, file_name=name, max_ratio=settings.parse.max_zip_ratio, archive_bytes=size)
    doc_id = _sha256(path, name)
    timeout = settings.parse.timeout_s
    args = (media_type, path, name, doc_id, settings)
    if timeout <= 0:
        doc = parse_one(*args)
    elif media_type in ISOLATED_TYPES or size >= settings.parse.isolate_min_mb * MB:
        doc = run_in_child(args, timeout=timeout, file_name=name)
    else:
        doc = run_in_thread(parse_one, args, timeout=timeout, file_name=name)
    doc.doc_id, doc.file = doc_id, name
    _unmarked(doc)
    doc.media_type = doc.media_type or media_type
    doc.report.file = name
    doc.report.parser = doc.report.parser or media_type
    doc.report.seconds = round(time.perf_counter() - started, 4)
    return doc


_MARKS = str.maketrans(dict.fromkeys("®™"))


def _unmarked(doc: Document) -> None:
    """Trademark signs dropped from every text, caption and cell: "Corning® Gorilla® Glass" is the "Corning
    Gorilla Glass" a question and a search name."""
    for block in doc.blocks:
        block.text = block.text.translate(_MARKS)
    for table in doc.tables:
        table.caption = table.caption.translate(_MARKS)
        table.header = [[c.translate(_MARKS) for c in row] for row in table.header]
        table.rows = [[c.translate(_MARKS) for c in row] for row in table.rows]
