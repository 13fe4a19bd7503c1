"""The filer's own row beside its parts' rows: "Total NIKE, Inc. Earnings Before Interest and Taxes" under
the regions' EBIT is the filer's EBIT, read as the item when the question names no part."""

from __future__ import annotations

import re

from finrag.answer.query import AskedFor

# the legal form after a filer's name ("NIKE, Inc.", "Zenith Industries, Inc.")
_FILER_SUFFIX = r",?\s*(?:inc|corp|corporation|co|company|ltd|plc|llc)\b\.?"
_SUFFIX_ONLY = re.compile(r"^(?:inc|corp|co|ltd|plc|llc|company)\b", re.I)  # "Inc.'s" of "NIKE, Inc.'s"
_POSSESSIVE = re.compile(r"['’]s?$")


def filer_total(label: str, company: str | None) -> str:
    """``label`` without a leading "total <the filer's name>"; as it is otherwise."""
    words = (company or "").split()
    first = words[0].lower() if words else ""
    if not first or not label.startswith(f"total {first}"):
        return label
    named = rf"^total {re.escape(first)}(?:[^,]*?{_FILER_SUFFIX}|\S*)\s+"  # "…, inc." or its first word only
    return re.sub(named, "", label, count=1) or label


def parts_named(asked: AskedFor) -> bool:
    """The question names a name beside the filer's own (a segment, a region, a subsidiary)."""
    filer = {w.lower() for c in asked.companies for w in c.split()}
    for name in asked.entities:
        words = {_POSSESSIVE.sub("", w).strip(".,").lower() for w in name.split()}
        if not words & filer and not _SUFFIX_ONLY.match(name):
            return True
    return False
