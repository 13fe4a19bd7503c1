"""Plain-text formats: TXT (encoding detection, paragraphs), Markdown (heading tree, lists, code, pipe
tables) and HTML (main text, headings, tables; see text_html.py)."""

from __future__ import annotations

import re
from pathlib import Path

from charset_normalizer import from_bytes
from markdown_it import MarkdownIt
from markdown_it.token import Token

from finrag.config import Settings
from finrag.errors import ParseError
from finrag.model import BlockKind, Document
from finrag.parse.detect import utf16_without_bom
from finrag.parse.office_common import DocBuilder, find_unit, numbering_level

# UTF-8 with at most this share of undecodable characters is read as UTF-8 with replacements (a few
# damaged bytes) rather than handed to charset detection, which would guess a legacy code page.
UTF8_MAX_BAD_SHARE = 0.01
# ... or when its valid multi-byte characters outnumber the damaged ones this many times: legacy code pages
# (GBK, cp1251) almost never form valid UTF-8 sequences, so many of them mean UTF-8 with damage.
UTF8_MIN_GOOD_PER_BAD = 2
# charset-normalizer names whose superset GB18030 decodes more of real-world files.
GB_FAMILY = {"gb2312", "gbk", "gb18030", "cp936", "hz"}
_BOM_ENCODINGS: tuple[tuple[bytes, str], ...] = (
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
_BLANK_LINES = re.compile(r"\n\s*\n")


def decode_text(data: bytes, *, file_name: str) -> tuple[str, str, list[str]]:
    """Decode a text file: (text, encoding used, warnings). Invalid bytes become U+FFFD with a warning."""
    warnings: list[str] = []
    for bom, enc in _BOM_ENCODINGS:
        if data.startswith(bom):
            return _decode(data, enc, warnings), enc, warnings
    if enc16 := utf16_without_bom(data):
        return _decode(data, enc16, warnings), enc16, warnings
    try:
        return data.decode("utf-8"), "utf-8", warnings
    except UnicodeDecodeError:
        pass
    lenient = data.decode("utf-8", errors="replace")
    bad = lenient.count("\ufffd")
    good = sum(1 for ch in lenient if ch > "\x7f") - bad
    if bad <= UTF8_MAX_BAD_SHARE * len(lenient) or good >= UTF8_MIN_GOOD_PER_BAD * bad:
        warnings.append(f"{lenient.count(chr(0xFFFD))} invalid UTF-8 byte sequences replaced with U+FFFD")
        return lenient, "utf-8", warnings
    best = from_bytes(data).best()
    if best is None or best.encoding is None:
        raise ParseError("cannot determine the text encoding (binary content?)", file=file_name)
    enc = "gb18030" if best.encoding.replace("_", "").lower() in GB_FAMILY else best.encoding
    return _decode(data, enc, warnings), enc, warnings


def _decode(data: bytes, enc: str, warnings: list[str]) -> str:
    try:
        return data.decode(enc)
    except UnicodeDecodeError:
        text = data.decode(enc, errors="replace")
        warnings.append(f"{text.count(chr(0xFFFD))} invalid {enc} byte sequences replaced with U+FFFD")
        return text


def read_text(path: Path, file_name: str) -> tuple[str, str, list[str]]:
    text, enc, warnings = decode_text(path.read_bytes(), file_name=file_name)
    return text.replace("\r\n", "\n").replace("\r", "\n"), enc, warnings


class TextParser:
    """TXT: paragraphs split on blank lines (or lines, when the file has none); form feeds are page breaks;
    short numbered lines ("第一章", "一、", "1.2 ") are headings."""

    media_types = ("txt",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        text, _, warnings = read_text(path, file_name)
        b = DocBuilder(file_name, doc_id, "txt", "txt", warnings=warnings)
        for page_no, page in enumerate(text.split("\f"), 1):
            b.page = page_no
            parts = _BLANK_LINES.split(page) if _BLANK_LINES.search(page) else page.split("\n")
            for part in parts:
                self._paragraph(b, part)
        return b.build()

    @staticmethod
    def _paragraph(b: DocBuilder, part: str) -> None:
        lines = [ln.strip() for ln in part.strip().split("\n") if ln.strip()]
        if not lines:
            return
        level = numbering_level(lines[0])
        if level is not None:
            b.heading(lines[0], level)
            lines = lines[1:]
        if lines:
            b.add(BlockKind.TEXT, "\n".join(lines))


def _inline_text(token: Token) -> str:
    out: list[str] = []
    for child in token.children or []:
        if child.type in ("softbreak", "hardbreak"):
            out.append("\n")
        elif child.type in ("text", "code_inline", "html_inline", "image"):
            out.append(child.content)
    return "".join(out).strip()


class MarkdownParser:
    """Markdown via markdown-it (CommonMark + pipe tables): heading levels, paragraphs, one LIST block per
    top-level list (nested items indented), code blocks (kind code), pipe tables -> Table."""

    media_types = ("md",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        text, _, warnings = read_text(path, file_name)
        tokens = MarkdownIt("commonmark").enable("table").parse(text)
        b = DocBuilder(file_name, doc_id, "md", "markdown", warnings=warnings)
        list_lines: list[str] = []
        counters: list[int | None] = []  # one per open list: next number, or None for bullets
        grid: list[list[str]] = []
        head_rows = 0
        in_head = False
        last_text = ""
        for i, tok in enumerate(tokens):
            t = tok.type
            if t == "heading_open":
                b.heading(_inline_text(tokens[i + 1]), int(tok.tag[1]))
            elif t in ("bullet_list_open", "ordered_list_open"):
                start = tok.attrGet("start")
                counters.append(int(start) if isinstance(start, int | str) else 1 if t[0] == "o" else None)
            elif t in ("bullet_list_close", "ordered_list_close"):
                counters.pop()
                if not counters:
                    b.add(BlockKind.LIST, "\n".join(list_lines))
                    list_lines = []
            elif t == "inline" and counters and tokens[i - 1].type == "paragraph_open":
                n = counters[-1]
                marker = f"{n}." if n is not None else "-"
                if n is not None and tokens[i - 2].type == "list_item_open":
                    counters[-1] = n + 1
                elif tokens[i - 2].type != "list_item_open":
                    marker = " "  # a second paragraph inside the same item
                list_lines.append("  " * (len(counters) - 1) + f"{marker} {_inline_text(tok)}")
            elif t == "inline" and tokens[i - 1].type == "paragraph_open":
                last_text = _inline_text(tok)
                b.add(BlockKind.TEXT, last_text)
            elif t in ("fence", "code_block"):
                b.add(BlockKind.CODE, tok.content.rstrip())
            elif t == "html_block":
                b.add(BlockKind.TEXT, re.sub(r"<[^>]+>", " ", tok.content))
            elif t == "thead_open":
                in_head = True
            elif t == "thead_close":
                in_head = False
            elif t == "tr_open":
                grid.append([])
                head_rows += in_head
            elif t == "inline" and tokens[i - 1].type in ("th_open", "td_open"):
                grid[-1].append(_inline_text(tok))
            elif t == "table_close":
                b.table(grid, unit=find_unit(last_text), header_rows=head_rows)
                grid, head_rows = [], 0
        return b.build()
