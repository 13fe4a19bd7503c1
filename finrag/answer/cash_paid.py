"""Rows of a cash flow statement's supplemental block, read with the heading above them: "Income taxes" under
"Cash paid/(received) during the period for:" is the cash paid for taxes, not the year's tax expense."""

from __future__ import annotations

import re

from finrag.answer.lexicon import normalise

_PAID_HEAD = re.compile(r"\bcash\s+paid\b[^:]*\bfor\b|\bpaid\s+during\b", re.I)


def paid_name(label: str, section: str) -> str | None:
    """The row's name as the cash flow rows call it ("cash paid for income taxes") when its heading says the
    amounts were paid and its label does not, else None."""
    if not _PAID_HEAD.search(section) or "paid" in label.lower():
        return None
    return f"cash paid for {normalise(label)}"
