"""Document-type classifier: media type first, then cues in the file name and the leading text."""

from __future__ import annotations

import re

from finrag.model import Document

DOC_TYPES = (
    "annual_report", "filing", "prospectus", "research_report", "table", "api_doc", "manual", "minutes",
    "requirement", "general",
)
SPREADSHEET_MEDIA = frozenset({"xlsx", "xls", "csv"})
STRUCTURED_TEXT_MEDIA = frozenset({"md", "html", "txt", "docx"})

# (doc type, cue pattern) in priority order; matched against the file name and the leading text
_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("prospectus", re.compile(r"招股(说明书|意向书)|募集说明书|\bprospectus\b", re.IGNORECASE)),
    ("filing", re.compile(r"FORM\s+(10-K|10-Q|8-K|20-F|6-K)|_(10K|10Q|8K)(?![A-Za-z0-9])|_\d{4}Q\d_|EARNINGS",
                          re.IGNORECASE)),
    ("research_report", re.compile(r"研究报告|证券研究|投资评级|(买入|增持|推荐)评级|目标价|"
                                   r"research\s+report", re.IGNORECASE)),
    ("annual_report", re.compile(r"(年度|半年度|季度)报告|年报|annual\s+report", re.IGNORECASE)),
    ("minutes", re.compile(r"会议纪要|会议记录|参会人员|与会人员|\bminutes\b|attendees", re.IGNORECASE)),
    ("manual", re.compile(r"操作手册|使用手册|用户手册|操作步骤|前置检查|前置条件|\bmanual\b|runbook|"
                          r"prerequisites", re.IGNORECASE)),
    ("requirement", re.compile(r"需求(规格|说明|文档)|设计(说明|文档)|概要设计|详细设计|"
                               r"requirements?\s+(spec|document)|design\s+doc", re.IGNORECASE)),
)
_HTTP_ENDPOINT = re.compile(r"^\s*#*\s*(GET|POST|PUT|DELETE|PATCH)\s+/\S*", re.MULTILINE)
_API_WORDS = re.compile(r"\bAPI\b|接口|endpoint|请求参数|响应参数|request body|response", re.IGNORECASE)
API_MIN_ENDPOINTS = 2  # at least this many "GET /path" lines make a text an API reference


def leading_text(doc: Document, max_chars: int) -> str:
    parts: list[str] = []
    size = 0
    for block in doc.blocks:
        parts.append(block.text)
        size += len(block.text) + 1
        if size >= max_chars:
            break
    for table in doc.tables[:1]:
        parts.append(table.caption)
    return "\n".join(parts)[:max_chars]


def classify(doc: Document, max_chars: int) -> str:
    """The document's type, one of :data:`DOC_TYPES`."""
    if doc.media_type in SPREADSHEET_MEDIA:
        return "table"
    text = leading_text(doc, max_chars)
    if doc.media_type in STRUCTURED_TEXT_MEDIA:
        endpoints = len(_HTTP_ENDPOINT.findall(text))
        if endpoints >= API_MIN_ENDPOINTS or (endpoints and _API_WORDS.search(text)):
            return "api_doc"
    for haystack in (doc.file, text):  # the file name's word wins over a passing mention in the text
        for doc_type, pattern in _CUES:
            if pattern.search(haystack):
                return doc_type
    if doc.tables and not doc.blocks:
        return "table"
    return "general"
