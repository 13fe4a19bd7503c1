"""Analyzer placeholder (replaced by the index stage): token counting used by the chunker."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[\u4e00-\u9fff]|[A-Za-z0-9_.,%-]+")


def count_tokens(text: str) -> int:
    return len(_TOKEN.findall(text))
