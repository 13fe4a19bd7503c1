"""SEC filing structure for the section tree: Item/Part/Note/Exhibit labels, table-of-contents pages,
forward-only Item numbering, exhibits appended after the last Item, and unit-caption/footnote lines.

General for any 10-K / 10-Q / 20-F style filing: nothing here is keyed to a company or a file.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from finrag.model import Block, BlockKind

_SEP = r"\s*[.:\-–—]?\s*"
_ITEM = re.compile(r"^(?i:item)\s*(\d{1,2})([A-Ca-c]?)(?=\s*[.:\-–—]|\s+[A-Z(\[“\"']|\s*$)" + _SEP)
_NOTE = re.compile(r"^(?i:note)\s+(\d{1,2})(?=\s*[.:\-–—]|\s+[A-Z]|\s*$)" + _SEP)
_PART = re.compile(r"^(?i:part)\s+([IVX]{1,4})(?=\s*[.:\-–—]|\s+[A-Z(\[“\"']|\s*$)" + _SEP)
_EXHIBIT = re.compile(r"^(?i:exhibit)\s+(\d{1,3}(?:\.\d{1,3})*)(?![\d.]\d)" + _SEP)
# Section level of each label kind (PART I > Item 7 > Note 16); exhibit titles start a top-level path.
SEC_LEVELS = {"part": 1, "item": 2, "note": 3}
ANY_ITEM = re.compile(r"\b(?i:item)\s*\d{1,2}[A-Ca-c]?\b")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
# Unit captions and footnote lines: never section headings.
_CAPTION_LINE = re.compile(
    r"^[(（]?\s*(?:\$|dollars|amounts|shares|figures|in)\b[^)）]{0,40}\b(?:millions|thousands|billions)\b"
    r"|\bexcept\s+(?:per[\s-]share|share\s+and\s+per[\s-]share)\b"
    r"|^[(（]?\s*(?:单位|金额单位|币种)\s*[:：]"
    r"|^\*+\s*\S"
    r"|^\(\d{1,2}\)\s*[A-Za-z]"
    r"|^\([a-z]\)\s",
    re.IGNORECASE,
)
# Item titles of the SEC forms (Form 10-K, Form 10-Q), longest first: a label line that runs on past
# one of them ("Item 8. Financial Statements and Supplementary Data Index to ...") is cut after it.
_FORM_ITEM_TITLES = tuple(sorted((t.lower() for t in (
    "Business", "Risk Factors", "Unresolved Staff Comments", "Cybersecurity", "Properties",
    "Legal Proceedings",
    "Mine Safety Disclosures", "Selected Financial Data", "Selected Consolidated Financial Data",
    "Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity "
    "Securities",
    "Management's Discussion and Analysis of Financial Condition and Results of Operations",
    "Quantitative and Qualitative Disclosures About Market Risk",
    "Financial Statements and Supplementary Data",
    "Changes in and Disagreements with Accountants on Accounting and Financial Disclosure",
    "Controls and Procedures", "Other Information", "Disclosure Regarding Foreign Jurisdictions that Prevent "
    "Inspections", "Directors, Executive Officers and Corporate Governance", "Executive Compensation",
    "Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters",
    "Certain Relationships and Related Transactions, and Director Independence",
    "Principal Accountant Fees and Services", "Principal Accounting Fees and Services",
    "Exhibits and Financial Statement Schedules", "Exhibits, Financial Statement Schedules",
    "Form 10-K Summary", "Financial Statements",
    "Unregistered Sales of Equity Securities and Use of Proceeds",
    "Defaults Upon Senior Securities", "Exhibits",
)), key=len, reverse=True))
# Small words a title keeps in lower case ("Results of Operations", "Quantitative and Qualitative").
_SMALL_WORDS = frozenset({
    "a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "with",
    "vs", "vs.", "not", "under", "about", "other", "than", "per",
})
_SENTENCE_INSIDE = re.compile(r"[a-z)]\.\s+[A-Z]|;")
# A page listing at least this many Item (or Note) labels, most of which appear again later in the
# filing, is a table of contents: its labels are not headings.
TOC_MIN_LABELS = 5
TOC_REPEAT_SHARE = 0.5
# Longest text read as a TOC label line ("Item 7. Management's Discussion ... 23").
TOC_LINE_CHARS = 160
# An Item whose title names exhibits (Item 15 of a 10-K, Item 6 of a 10-Q) opens the exhibit zone.
_EXHIBITS_TITLE = re.compile(r"\bexhibits?\b", re.IGNORECASE)
# An exhibit title heading: mostly upper-case letters.
EXHIBIT_UPPER_SHARE = 0.8
EXHIBIT_MIN_LETTERS = 6
# An exhibit starts within the first blocks of its page (a legend line may come before its label).
EXHIBIT_HEAD_BLOCKS = 3


@dataclass(frozen=True, slots=True)
class SecLabel:
    kind: str  # "item" | "note" | "part" | "exhibit"
    key: tuple[int, str]  # (number, letter) - Part: (roman value, "")
    end: int  # where the label (with its separator) ends in the text


def sec_label(text: str) -> SecLabel | None:
    """The SEC label a line starts with ("Item 7A.", "ITEM 8 -", "Note 16 –", "PART II", "Exhibit 10.1")."""
    t = text.strip()
    if m := _ITEM.match(t):
        return SecLabel("item", (int(m.group(1)), m.group(2).upper()), m.end())
    if m := _NOTE.match(t):
        return SecLabel("note", (int(m.group(1)), ""), m.end())
    if m := _PART.match(t):
        value = _ROMAN.get(m.group(1).upper())
        return SecLabel("part", (value, ""), m.end()) if value else None
    if m := _EXHIBIT.match(t):
        return SecLabel("exhibit", (int(m.group(1).split(".")[0]), m.group(1)), m.end())
    return None


def is_caption_line(text: str) -> bool:
    """A unit caption ("(Dollars in millions)", "（单位：元）", "in thousands, except per share") or a
    footnote line ("* Intercompany ...", "(1) Includes ...")."""
    return bool(_CAPTION_LINE.search(text.strip()))


def _titleish(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return not letters or letters[0].isupper() or word.lower() in _SMALL_WORDS or word[:1] in "([“\"'"


def _form_title_chars(after: str) -> int:
    """Length of the standard Form 10-K / 10-Q Item title ``after`` starts with (and a parenthetical
    such as "(unaudited)" right after it), or 0."""
    low = after.lower().replace("’", "'")
    for title in _FORM_ITEM_TITLES:
        if low.startswith(title) and not low[len(title): len(title) + 1].isalnum():
            n = len(title)
            rest = after[n:]
            if rest.lstrip().startswith("(") and ")" in rest:
                n += rest.index(")") + 1
            return n
    return 0


def _all_caps(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return not letters or all(c.isupper() for c in letters)


def label_title(text: str, max_chars: int, *, heading: bool = False) -> tuple[str, str]:
    """(title, rest) of a label line whose title may run on into its first paragraph: the title ends
    where title-case words end ("Item 5. Market for ... Equity Securities | The principal market ...").
    A short ``heading`` block (bold/larger line) is its title as a whole."""
    lab = sec_label(text)
    if lab is None:
        return text, ""
    after = text[lab.end:]
    if lab.kind == "item" and (n := _form_title_chars(after)):
        title = text[: lab.end + n].strip()
        return title, text[len(title):].strip()
    short = len(text) <= max_chars and not _SENTENCE_INSIDE.search(after)
    if short and heading:
        return text.strip(), ""
    words = after.split(" ")
    caps = bool(words) and _all_caps(words[0])
    j = next((k for k, w in enumerate(words) if not (_all_caps(w) if caps else _titleish(w))), len(words))
    cut = j
    if j < len(words) and not caps:
        cut = j - 1
        while cut > 0 and (words[cut].lower() in _SMALL_WORDS or not words[cut][:1].isalpha()):
            cut -= 1  # back to the capitalised word that starts the sentence
    title = text[: lab.end] + " ".join(words[:cut])
    if cut <= 0 and short:  # a sentence-case title ("Item 9A. Controls and procedures")
        title = text
    elif cut <= 0 or len(title) > max_chars:  # no title-case run: keep the first words up to the cap
        title = text[:max_chars].rsplit(" ", 1)[0] if len(text) > max_chars else text
    title = title.strip()
    return title, text[len(title):].strip()


def toc_blocks(blocks: Sequence[Block]) -> set[int]:
    """Indices of Item/Part/Note label blocks on table-of-contents pages, and of any block that names
    several Items ("Item 1: Item 1A: Item 1B:" - a contents line, never a heading)."""
    found: list[tuple[int, int, SecLabel]] = []
    out: set[int] = set()
    multi_pages: set[int] = set()
    for i, b in enumerate(blocks):
        if b.kind == BlockKind.TABLE or len(b.text) > TOC_LINE_CHARS:
            continue
        if len(ANY_ITEM.findall(b.text)) >= 2:
            out.add(i)
            multi_pages.add(b.page)
        elif lab := sec_label(b.text):
            found.append((i, b.page, lab))
    last_page: dict[tuple[str, tuple[int, str]], int] = {}
    for _, page, lab in found:
        last_page[(lab.kind, lab.key)] = page
    by_page: dict[int, list[tuple[int, SecLabel]]] = defaultdict(list)
    for i, page, lab in found:
        by_page[page].append((i, lab))
    for page, labs in by_page.items():
        if page in multi_pages:
            out.update(i for i, _ in labs)
            continue
        for kind in ("item", "note"):
            same = [lab for _, lab in labs if lab.kind == kind]
            again = sum(1 for lab in same if last_page[(kind, lab.key)] > page)
            if len(same) >= TOC_MIN_LABELS and again >= TOC_REPEAT_SHARE * len(same):
                out.update(i for i, lab in labs if lab.kind in (kind, "part"))
    return out


def _upper_title(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    upper = sum(1 for c in letters if c.isupper())
    return len(letters) >= EXHIBIT_MIN_LETTERS and upper >= EXHIBIT_UPPER_SHARE * len(letters)


class SecTracker:
    """Forward-only Item numbering and the exhibit zone, fed the heading candidates in reading order."""

    def __init__(self) -> None:
        self.part = 0
        self.last: tuple[int, int, str] | None = None  # (part, item number, letter) of the current Item
        self.exhibit_page: int | None = None  # page of the Item that lists the exhibits
        self.started_page: int | None = None  # page where the last appended exhibit started

    def exhibit_start(self, title: str, block: Block, pos_on_page: int) -> bool:
        """A heading that opens an appended exhibit: on a page after the exhibits Item, among the first
        blocks of its page, an "Exhibit 10.1" label or an upper-case title (one exhibit per page)."""
        if self.exhibit_page is None or block.page <= self.exhibit_page or pos_on_page >= EXHIBIT_HEAD_BLOCKS:
            return False
        if block.page == self.started_page:
            return False
        lab = sec_label(title)
        return (lab is not None and lab.kind == "exhibit") or (lab is None and _upper_title(title))

    def accept(self, title: str, level: int, block: Block, pos_on_page: int) -> tuple[int, bool] | None:
        """(level, starts a new top-level path) for a heading candidate, or None when it is no heading."""
        if self.exhibit_start(title, block, pos_on_page):
            self.started_page = block.page
            return 1, True
        lab = sec_label(title)
        headed = block.kind in (BlockKind.HEADING, BlockKind.TITLE)
        if lab is not None and lab.kind == "exhibit" and not headed:
            return None  # "Exhibit 31.1 ..." in a list of exhibits
        if lab is None or lab.kind in ("note", "exhibit"):
            return level, False
        if lab.kind == "part":
            if lab.key[0] <= self.part or self.exhibit_page is not None:
                return None  # a repeated or earlier Part: a running header or a cross-reference
            self.part = lab.key[0]
            return level, False
        key = (self.part, lab.key[0], lab.key[1])
        if self.last is not None and key <= self.last:
            return None  # Items only move forward: a repeated or earlier Item is no new section
        self.last = key
        if self.exhibit_page is None and _EXHIBITS_TITLE.search(title[lab.end:]):
            self.exhibit_page = block.page
        return level, False
