"""Reading order of a PDF page by recursive XY-cut.

A region is split at a vertical gutter (columns, read one after the other) before it is split into
horizontal bands, and consecutive bands that share a gutter are read as one multi-column band, so a
two-column page (or a body beside a sidebar) is never read across its columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from finrag.parse.layout import Segment

# A vertical gutter must be at least this many median line heights wide to split columns (broker
# reports leave half a line height between sidebar and body).
GUTTER_EM = 0.5
# Lines overlapping by less than this (points) still form separate bands (touching loose boxes).
BAND_OVERLAP = 0.5
# Each side of a column split needs at least this many characters (a lone page number is no column).
MIN_COLUMN_CHARS = 40


class Boxed(Protocol):
    @property
    def x0(self) -> float: ...
    @property
    def top(self) -> float: ...
    @property
    def x1(self) -> float: ...
    @property
    def bottom(self) -> float: ...


def _char_weight(item: Boxed) -> int:
    return len(item.text) if isinstance(item, Segment) else MIN_COLUMN_CHARS


def _x_split(items: Sequence[Boxed], gutter: float) -> list[list[Boxed]] | None:
    """Split at the vertical gutters (gaps in the x projection), or None when there is none."""
    ordered = sorted(items, key=lambda b: b.x0)
    groups: list[list[Boxed]] = [[ordered[0]]]
    right = ordered[0].x1
    for it in ordered[1:]:
        if it.x0 - right >= gutter:
            groups.append([it])
        else:
            groups[-1].append(it)
        right = max(right, it.x1)
    if len(groups) < 2:
        return None
    # A column must hold real text; merge thin groups into their left neighbour.
    merged: list[list[Boxed]] = []
    for g in groups:
        thin = sum(_char_weight(i) for i in g) < MIN_COLUMN_CHARS
        if merged and (thin or sum(_char_weight(i) for i in merged[-1]) < MIN_COLUMN_CHARS):
            merged[-1].extend(g)
        else:
            merged.append(list(g))
    return merged if len(merged) >= 2 else None


def _y_bands(items: Sequence[Boxed]) -> list[list[Boxed]]:
    ordered = sorted(items, key=lambda b: b.top)
    bands: list[list[Boxed]] = [[ordered[0]]]
    bottom = ordered[0].bottom
    for it in ordered[1:]:
        if it.top >= bottom - BAND_OVERLAP:
            bands.append([it])
        else:
            bands[-1].append(it)
        bottom = max(bottom, it.bottom)
    return bands


def reading_order(items: Sequence[Boxed], gutter: float) -> list[list[Boxed]]:
    """Items grouped into regions in reading order (columns left to right, bands top to bottom)."""
    if not items:
        return []
    cols = _x_split(items, gutter)
    if cols is not None:
        return [r for col in cols for r in reading_order(col, gutter)]
    bands = _y_bands(items)
    if len(bands) == 1:
        return [sorted(items, key=lambda b: (b.top, b.x0))]
    # Consecutive bands that keep a common gutter form one multi-column band.
    groups: list[list[Boxed]] = []
    for band in bands:
        if groups and _x_split(groups[-1] + band, gutter) is not None:
            groups[-1].extend(band)
        else:
            groups.append(list(band))
    out: list[list[Boxed]] = []
    plain: list[Boxed] = []  # consecutive single-column bands read as one region
    for g in groups:
        if len(g) < len(items) and _x_split(g, gutter) is not None:
            if plain:
                out.append(sorted(plain, key=lambda b: (b.top, b.x0)))
                plain = []
            out.extend(reading_order(g, gutter))
        else:
            plain.extend(g)
    if plain:
        out.append(sorted(plain, key=lambda b: (b.top, b.x0)))
    return out
