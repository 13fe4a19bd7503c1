"""HTML (BeautifulSoup + lxml): the main text without scripts/navigation/footers, h1-h6 headings,
paragraphs, lists, code and tables (rowspan/colspan values repeated)."""

from __future__ import annotations

import re
from pathlib import Path

from bs4 import BeautifulSoup, NavigableString, Tag

from finrag.config import Settings
from finrag.model import BlockKind, Document
from finrag.parse.office_common import DocBuilder, find_unit
from finrag.parse.text import read_text

DROP_TAGS = ("script", "style", "nav", "footer", "noscript", "template", "form", "aside", "iframe", "svg")
HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
BLOCK_TAGS = {
    "p", "div", "section", "article", "main", "header", "blockquote", "ul", "ol", "li", "dl", "dt", "dd",
    "figure", "figcaption", "address", "body", "html", "center", "hr", "caption",
}
# Inline-XBRL filings hide their machine-readable header in display:none blocks.
HIDDEN_STYLE = re.compile(r"display\s*:\s*none", re.IGNORECASE)
# Upper bound on a cell's rowspan/colspan (malformed pages declare spans of thousands).
MAX_SPAN = 1000
# EDGAR-style statements put the currency sign and the closing parenthesis / percent sign in cells of
# their own: they are folded into the number next to them ("$" "1,245" -> "$1,245"; "(12" ")" -> "(12)").
PREFIX_CELLS = {"$", "US$", "¥", "￥", "€", "£", "HK$", "RMB"}
SUFFIX_CELLS = {")", "%", ")%", "%)"}


class HtmlParser:
    media_types = ("html",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        text, _, warnings = read_text(path, file_name)
        soup = BeautifulSoup(text, "lxml")
        names: set[str] = set()
        dropped: list[Tag] = []
        for tag in soup.descendants:  # one pass (bs4's find_all filters are slow on 10-K-sized pages)
            if isinstance(tag, Tag):
                names.add(tag.name)
                style = tag.get("style")
                if tag.name in DROP_TAGS or (isinstance(style, str) and HIDDEN_STYLE.search(style)):
                    dropped.append(tag)
        for tag in dropped:
            tag.decompose()
        b = DocBuilder(file_name, doc_id, "html", "html", warnings=warnings)
        title = soup.title.get_text(" ", strip=True) if soup.title else ""
        main = next((soup.find(name) for name in ("main", "article") if name in names), None)
        root = main or soup.body or soup
        walker = _Walker(b)
        if title and "h1" not in names:
            b.add(BlockKind.TITLE, title, level=1)
        walker.walk(root)
        walker.flush()
        return b.build()


class _Walker:
    def __init__(self, builder: DocBuilder) -> None:
        self.b = builder
        self.buf: list[str] = []
        self.last_text = ""

    def flush(self, kind: BlockKind = BlockKind.TEXT) -> None:
        text = " ".join("".join(self.buf).split())
        self.buf = []
        if text:
            self.last_text = text
            self.b.add(kind, text)

    def walk(self, el: Tag) -> None:
        for child in el.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:  # not a Comment / CData / Doctype
                    self.buf.append(str(child))
                continue
            if not isinstance(child, Tag):
                continue
            name = child.name
            if name in HEADINGS:
                self.flush()
                self.b.heading(child.get_text(" ", strip=True), HEADINGS[name])
            elif name == "table":
                self.flush()
                self.table(child)
            elif name == "pre":
                self.flush()
                self.b.add(BlockKind.CODE, child.get_text())
            elif name == "li":
                self.flush()
                self.walk(child)
                self.flush(BlockKind.LIST)
            elif name == "br":
                self.buf.append("\n")
            elif name in BLOCK_TAGS:
                self.flush()
                self.walk(child)
                self.flush()
            else:
                self.walk(child)

    def table(self, el: Tag) -> None:
        caption_tag = el.find("caption")
        caption = caption_tag.get_text(" ", strip=True) if caption_tag else ""
        grid: dict[tuple[int, int], str] = {}
        header_rows = 0
        rows = [tr for tr in el.find_all("tr") if _nearest_table(tr) is el]
        for r, tr in enumerate(rows):
            c = 0
            cells = [c for c in tr.children if isinstance(c, Tag) and c.name in ("td", "th")]
            if cells and all(cell.name == "th" for cell in cells) and r == header_rows:
                header_rows += 1
            for cell in cells:
                while (r, c) in grid:
                    c += 1
                value = cell.get_text(" ", strip=True)
                rs = _span(cell.get("rowspan"))
                cs = _span(cell.get("colspan"))
                for dr in range(rs):
                    for dc in range(cs):
                        grid.setdefault((r + dr, c + dc), value)
                c += cs
        if not grid:
            return
        n_rows = min(max(r for r, _ in grid) + 1, len(rows))
        n_cols = max(c for _, c in grid) + 1
        matrix = [_fold_symbols([grid.get((r, c), "") for c in range(n_cols)]) for r in range(n_rows)]
        unit = find_unit(caption) or find_unit(self.last_text)
        self.b.table(matrix, caption=caption, unit=unit, header_rows=header_rows or None)


def _fold_symbols(row: list[str]) -> list[str]:
    out = list(row)
    for c, cell in enumerate(out):
        if cell in PREFIX_CELLS and c + 1 < len(out) and out[c + 1] and out[c + 1] != cell:
            out[c + 1] = cell + out[c + 1]
            out[c] = ""
        elif cell in SUFFIX_CELLS and c > 0:
            left = next((i for i in range(c - 1, -1, -1) if out[i]), None)
            if left is not None and out[left] != cell:
                out[left] += cell
                out[c] = ""
    return out


def _nearest_table(tr: Tag) -> Tag | None:
    parent = tr.parent
    while parent is not None and parent.name != "table":
        parent = parent.parent
    return parent


def _span(value: object) -> int:
    if value is None:
        return 1
    try:
        return max(1, min(int(str(value)), MAX_SPAN))
    except ValueError:
        return 1
