"""Tables whose rows are labelled in two columns: a group, printed once over its block of rows, and the item
within it ("| 罐式集装箱 | 直接材料 | 549,224,205.50 |", "|  | 直接人工 | 41,844,449.77 |"): a Chinese annual
report's cost analysis by product. The row's item is the second label; the group heads the block. Read as one
label, the group's first row ("罐式集装箱" = its direct materials) would answer for the whole product.
"""

from __future__ import annotations

import re

from finrag.answer.units import parse_number

# a group's block has at least this many rows with figures, over the whole table
MIN_GROUPED_ROWS = 3
# the share of rows with figures whose second cell is a label, for the table to be read this way
MIN_INNER_LABEL_SHARE = 0.8
_WORDED = re.compile(r"[A-Za-z\u4e00-\u9fff]{2}")  # a label, not a currency sign or a note mark


def _has_figures(row: list[str], start: int) -> bool:
    return any(parse_number(c) is not None for c in row[start:])


def grouped_labels(rows: list[list[str]], label_col: int) -> dict[int, tuple[str, str]] | None:
    """For a table labelled in two columns, each figure row's (group, item); None for other tables.

    A group's name wrapped over two rows ("罐式集装" over "箱") is joined: a second name right after a
    group's first row, whose item is not the group's first item again, continues the first."""
    inner = label_col + 1
    figured = [r for r in rows if _has_figures(r, inner + 1)]
    if len(figured) < MIN_GROUPED_ROWS:
        return None
    labelled = [
        r for r in figured if inner < len(r) and _WORDED.search(r[inner]) and parse_number(r[inner]) is None
    ]
    blank = sum(not r[label_col].strip() for r in figured)
    if len(labelled) < MIN_INNER_LABEL_SHARE * len(figured) or not 0 < blank < len(figured):
        return None
    if (centred := _centred(rows, label_col)) is not None:
        return centred
    blocks: list[tuple[list[str], list[tuple[int, str]]]] = []  # (the group's name pieces, its rows)
    for i, row in enumerate(rows):
        if not _has_figures(row, inner + 1):
            blocks.append(([], []))  # a heading row ("分产品情况") ends the block
            continue
        head, item = row[label_col].strip(), row[inner].strip() if inner < len(row) else ""
        name, members = blocks[-1] if blocks else ([], [])
        if head and len(members) == 1 and item != members[0][1]:
            name.append(head)  # "罐式集装" then "箱": one name printed over two lines
        elif head or not blocks:
            blocks.append(([head], []))
        blocks[-1][1].append((i, item))
    return {i: ("".join(name), item) for name, members in blocks for i, item in members if item}


# "产量（万套）" and "产量（MW）": one item in two units
_UNIT_TAIL = re.compile(r"\s*[（(][^（）()]{1,8}[）)]\s*$")


def _centred(rows: list[list[str]], label_col: int) -> dict[int, tuple[str, str]] | None:
    """Groups whose name stands beside the middle of its block ("| 安装支架 | 产能利用率 | 87.86% |" between
    its 产量 and 销量 rows): every block lists the same items in the same order, so the blocks are told by the
    items repeating, each named by the one label beside it; None when the table is not built so."""
    inner = label_col + 1
    figured = [(i, r) for i, r in enumerate(rows) if _has_figures(r, inner + 1) and inner < len(r)]
    items = [_UNIT_TAIL.sub("", r[inner].strip()) for _, r in figured]
    period = items.index(items[0], 1) if items.count(items[0]) > 1 else 0
    if period < MIN_GROUPED_ROWS or len(items) % period:
        return None
    out: dict[int, tuple[str, str]] = {}
    starts_named = True
    for s in range(0, len(items), period):
        window = figured[s : s + period]
        # the name beside its block, wrapped over adjacent rows at most ("磁分离及配套设" over "备")
        named = [(k, r[label_col].strip()) for k, (_, r) in enumerate(window) if r[label_col].strip()]
        adjacent = bool(named) and named[-1][0] - named[0][0] == len(named) - 1
        if items[s : s + period] != items[:period] or not adjacent:
            return None
        starts_named = starts_named and bool(window[0][1][label_col].strip())
        out.update({i: ("".join(h for _, h in named), r[inner].strip()) for i, r in window})
    return None if starts_named else out  # a name over each block's first row: read as usual


_TOTAL_ITEM = re.compile(r"^(?:合计|总计|小计)$")
MIN_DOWN_PIECES = 3  # pieces of one or two characters a group name printed down its block has at least


def printed_down(rows: list[list[str]], label_col: int) -> dict[int, tuple[str, str]] | None:
    """Groups whose name is printed down the block a character or two a row ("2 0" / "0" / "5" / "年" over
    a year's rows, each block closed by its 合计 row): each row's (the name joined, item); None when the
    table prints no such name or a block is not closed by a total."""
    inner = label_col + 1
    out: dict[int, tuple[str, str]] = {}
    block: list[tuple[int, str]] = []
    name: list[str] = []
    pieces = 0
    for i, row in enumerate(rows):
        if not _has_figures(row, inner + 1):
            continue
        head, item = "".join(row[label_col].split()), row[inner].strip() if inner < len(row) else ""
        if not _WORDED.search(item):
            return None  # the rows' items are labels in the column right of the name's
        name += [head] if head else []
        pieces += 0 < len(head) <= 2
        block.append((i, item))
        if _TOTAL_ITEM.match(item):
            out.update({j: ("".join(name), it) for j, it in block})
            block, name = [], []
    return out if out and not block and pieces >= MIN_DOWN_PIECES else None
