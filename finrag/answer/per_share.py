"""Which earnings-per-share figure a table row prints, read from its label and the heading above it."""

from __future__ import annotations

import re

from finrag.answer.lexicon import PER_SHARE
from finrag.model import Fact

# a row printing a per-share figure ("Net income per diluted share", "每股收益", "EPS (diluted)")
PER_SHARE_ROW = re.compile(r"per (?:common |ordinary |diluted |basic )?share|每股|\bEPS\b", re.I)

# "Net income … used in diluted earnings per common share calculation": the numerator, not the EPS
_EPS_INPUT = re.compile(r"\bused in\b|\bcalculation\b|\bfor comput\w*|\bnumerator\b", re.I)
_BARE_KIND = re.compile(r"(?:basic|diluted)(?:\s*\(\d\))?:?", re.I)
_EPS_HEADING = re.compile(
    r"^(?:net\s+)?(?:earnings|income|loss|earnings\s*\(loss\))\s+per\s+(?:common\s+)?share|^EPS\b", re.I
)  # "EPS:" over "Basic" and "Diluted" in a quarterly data note
# "Net income …" or "Diluted net income per common share …": not a bare "Diluted" row (it may count shares)
_NET_EARNINGS = re.compile(r"^(?:(?:basic|diluted)\s+)?net (?:income|earnings)\b", re.I)


def per_share_name(label: str, section: str) -> str | None:
    """The EPS a net income row shows, by its label and the heading above it together ("Net earnings per
    share (Diluted)"; "Net income attributable to PepsiCo per common share" under "Diluted"; "Net income
    attributable to Pfizer" under "Earnings per common share––diluted:"): "diluted/basic earnings per
    share"; else None."""
    both = f"{label} {section}"
    # "Diluted" under "Earnings per share": the heading says what the bare row is (under "Weighted average
    # common shares outstanding" it counts shares)
    bare = _BARE_KIND.fullmatch(label.strip()) is not None and _EPS_HEADING.search(section) is not None
    if not (bare or (PER_SHARE.search(both) and _NET_EARNINGS.search(label))) or _EPS_INPUT.search(label):
        return None
    kind = "diluted" if "diluted" in both.lower() else "basic" if "basic" in both.lower() else None
    return f"{kind} earnings per share" if kind else None


def per_share_row(f: Fact) -> bool:
    """A per-share row ("Diluted EPS", "每股收益"): the table's "in millions" is not its unit."""
    return bool(PER_SHARE_ROW.search(f.line_item)) and not _SHARE_COUNT.search(f.line_item)


_SHARE_COUNT = re.compile(r"weighted[- ]average|shares outstanding", re.I)  # "… shares outstanding for EPS"


def unitless_row(f: Fact) -> bool:
    """A row the table's money unit does not apply to: a per-share figure, a ratio or a head count
    ("Headcount" in a table "in millions, except per share, ratio, headcount data")."""
    return per_share_row(f) or bool(_HEAD_COUNT_ROW.match(f.line_item) or _RATIO_ROW.search(f.line_item))


# "Ratio of earnings to fixed charges | 5.5 |" under "(in millions)", "流动比率": a ratio, no money
_RATIO_ROW = re.compile(r"\bratio\b|比率", re.I)


_HEAD_COUNT_ROW = re.compile(
    r"\s*(?:total\s+)?(?:headcount|(?:number of |full-time )?employees\b|(?:year-end\s+)?workforce\b"
    r"|员工人数|在职员工)",
    re.I,
)
