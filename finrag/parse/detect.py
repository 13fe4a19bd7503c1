"""Content-type detection from a file's bytes (magic numbers first; the extension only breaks ties
between plain-text flavours), zip-bomb checks, and the dominant-language guess."""

from __future__ import annotations

import csv
import re
import zipfile
from pathlib import Path

from finrag.errors import EncryptedFileError, FileTooLargeError, ParseError, UnsupportedFileError

# Bytes read from the head of a file to decide its type (PDF headers may follow some junk bytes).
HEAD_BYTES = 8192
# A PDF's "%PDF-" marker must appear within the first KiB (the PDF spec's tolerance for leading junk).
PDF_MARKER_WINDOW = 1024
# Share of control characters above which undecodable "text" is treated as binary.
BINARY_CONTROL_SHARE = 0.1
# Lines sampled when sniffing whether a text file is a delimited table.
CSV_SNIFF_LINES = 20
# A CSV needs at least this many non-empty lines that agree on the column count.
CSV_MIN_LINES = 3
CSV_DELIMITERS = ",\t;|"
# Share of CJK characters among letters above which a document counts as Chinese. CJK characters carry
# roughly a word each, so a fifth of the letters being Hanzi already means most of the words are Chinese.
ZH_CJK_SHARE = 0.2
# BOM-less UTF-16: in the first UTF16_SAMPLE bytes, mostly-ASCII text has a zero high byte in at least
# UTF16_MIN_ZERO_SHARE of its code units and (almost) no zero low bytes; binary formats have zeros on both.
UTF16_SAMPLE = 512
UTF16_MIN_ZERO_SHARE = 0.3
UTF16_MAX_OTHER_ZERO_SHARE = 0.02

# An OLE2 directory entry name is UTF-16LE; the directory sits near the start or the end of the file.
ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")
OLE2_SCAN_BYTES = 1 << 20
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
IMAGE_MAGICS: tuple[bytes, ...] = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*")
BOMS: tuple[bytes, ...] = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
OOXML_MAIN_PART = {"word/document.xml": "docx", "ppt/presentation.xml": "pptx", "xl/workbook.xml": "xlsx"}
MARKDOWN_EXTS = {".md", ".markdown", ".mdown"}
HTML_EXTS = {".html", ".htm", ".xhtml"}
CSV_EXTS = {".csv", ".tsv"}

_HTML_RE = re.compile(rb"<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])", re.IGNORECASE)
_MD_RE = re.compile(r"^(#{1,6} \S|```|\|.*\|\s*$|\s*[-*] \S)", re.MULTILINE)
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_RE = re.compile(r"[A-Za-z]")


def detect_media_type(path: Path, head: bytes, *, file_name: str) -> str:
    """The media type of a file: "pdf", "docx", "pptx", "xlsx", "image", "html", "md", "csv" or "txt".

    ``head`` is the first :data:`HEAD_BYTES` of the file. Raises UnsupportedFileError for anything else
    (a zip that is no Office document, an old binary .doc/.xls, an unknown binary).
    """
    if b"%PDF-" in head[:PDF_MARKER_WINDOW]:
        return "pdf"
    if head.startswith(ZIP_MAGICS):
        return _zip_kind(path, file_name)
    if head.startswith(OLE2_MAGIC):
        if _ole2_is_encrypted_ooxml(path):
            raise EncryptedFileError(
                "password-protected Office document: remove the password (File > Info > Protect) and retry",
                file=file_name,
            )
        raise UnsupportedFileError(
            "legacy binary Office file (.doc/.xls/.ppt) or a password-protected Office file: "
            "save it as .docx/.xlsx/.pptx",
            file=file_name,
        )
    if head.startswith(IMAGE_MAGICS):
        return "image"
    if _looks_binary(head):
        raise UnsupportedFileError("unknown binary content (not PDF, Office, image or text)", file=file_name)
    return _text_kind(head, Path(file_name).suffix.lower())


def _ole2_is_encrypted_ooxml(path: Path) -> bool:
    """An encrypted .docx/.xlsx/.pptx is an OLE2 container with an "EncryptedPackage" stream."""
    with path.open("rb") as fh:
        start = fh.read(OLE2_SCAN_BYTES)
        fh.seek(0, 2)
        fh.seek(max(fh.tell() - OLE2_SCAN_BYTES, 0))
        end = fh.read(OLE2_SCAN_BYTES)
    return ENCRYPTED_PACKAGE in start or ENCRYPTED_PACKAGE in end


def _zip_kind(path: Path, file_name: str) -> str:
    try:
        with zipfile.ZipFile(path) as zf:
            names = set(zf.namelist())
    except (zipfile.BadZipFile, OSError) as err:
        raise ParseError(f"corrupt zip container: {err}", file=file_name) from err
    for part, kind in OOXML_MAIN_PART.items():
        if part in names:
            return kind
    if "mimetype" in names and "content.xml" in names:
        raise UnsupportedFileError(
            "OpenDocument file (.odt/.ods/.odp): save it as .docx/.xlsx/.pptx", file=file_name
        )
    raise UnsupportedFileError("zip archive that is not a .docx, .pptx or .xlsx document", file=file_name)


def utf16_without_bom(head: bytes) -> str | None:
    """ "utf-16-le"/"utf-16-be" when the bytes look like BOM-less UTF-16 text (zeros on one parity only)."""
    sample = head[: UTF16_SAMPLE - UTF16_SAMPLE % 2]
    if len(sample) < 2:
        return None
    half = len(sample) // 2
    even_zero = sample[0::2].count(0) / half
    odd_zero = sample[1::2].count(0) / half
    if odd_zero >= UTF16_MIN_ZERO_SHARE and even_zero < UTF16_MAX_OTHER_ZERO_SHARE:
        return "utf-16-le"
    if even_zero >= UTF16_MIN_ZERO_SHARE and odd_zero < UTF16_MAX_OTHER_ZERO_SHARE:
        return "utf-16-be"
    return None


def _looks_binary(head: bytes) -> bool:
    if head.startswith(BOMS) or utf16_without_bom(head):
        return False
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b < 0x20 and b not in (0x09, 0x0A, 0x0C, 0x0D, 0x1B))
    return controls > BINARY_CONTROL_SHARE * max(len(head), 1)


def _text_kind(head: bytes, ext: str) -> str:
    if ext in HTML_EXTS or _HTML_RE.search(head[:HEAD_BYTES]):
        return "html"
    if ext in MARKDOWN_EXTS:
        return "md"
    sample = _quick_decode(head)
    if sniff_delimiter(sample) is not None:
        return "csv"
    if ext in CSV_EXTS:
        return "csv"
    if len(_MD_RE.findall(sample)) >= 2 and re.search(r"^#{1,6} \S", sample, re.MULTILINE):
        return "md"
    return "txt"


def _quick_decode(head: bytes) -> str:
    """Good-enough decoding of a file head for sniffing (the parsers do the careful job)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return head.decode("utf-16", errors="replace")
    if enc16 := utf16_without_bom(head):
        return head[: len(head) - len(head) % 2].decode(enc16, errors="replace")
    for enc in ("utf-8-sig", "gb18030"):
        try:
            return head.decode(enc)
        except UnicodeDecodeError as err:
            # the head may cut a multi-byte character in half: accept an error in the last 4 bytes
            if err.start >= len(head) - 4:
                return head[: err.start].decode(enc, errors="replace")
    return head.decode("utf-8", errors="replace")


def sniff_delimiter(sample: str) -> str | None:
    """The delimiter of a delimited-text sample, or None when the lines do not agree on a column count."""
    lines = [ln for ln in sample.splitlines()[:CSV_SNIFF_LINES] if ln.strip()]
    if len(lines) < CSV_MIN_LINES:
        return None
    if len(lines) == CSV_SNIFF_LINES:
        lines = lines[:-1]  # the last sampled line may be cut short by the head's end
    best: tuple[int, str] | None = None
    for delim in CSV_DELIMITERS:
        widths = {len(row) for row in csv.reader(lines, delimiter=delim)}
        if len(widths) == 1:
            width = widths.pop()
            if width >= 2 and (best is None or width > best[0]):
                best = (width, delim)
    return best[1] if best else None


def check_zip_bomb(path: Path, *, file_name: str, max_ratio: float, archive_bytes: int) -> None:
    """Refuse an Office file whose declared uncompressed size is out of proportion to its size on disk."""
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, OSError) as err:
        raise ParseError(f"corrupt zip container: {err}", file=file_name) from err
    if any(info.flag_bits & 0x1 for info in infos):
        raise EncryptedFileError("the Office document is encrypted", file=file_name)
    declared = sum(info.file_size for info in infos)
    ratio = declared / max(archive_bytes, 1)
    if ratio > max_ratio:
        raise FileTooLargeError(
            f"zip bomb suspected: expands to {declared:,} bytes ({ratio:.0f}x the file, limit "
            f"{max_ratio:.0f}x; settings.parse.max_zip_ratio)",
            file=file_name,
        )


def language_of(text: str) -> str:
    """ "zh" when CJK characters make up a high share of the letters, else "en"."""
    cjk = len(_CJK_RE.findall(text))
    latin = len(_LATIN_RE.findall(text))
    if cjk == 0:
        return "en"
    return "zh" if cjk / (cjk + latin) >= ZH_CJK_SHARE else "en"
