"""The text the dense embedders see: tables without their figures, everything else unchanged."""

from __future__ import annotations

import pytest

from finrag.errors import ConfigError
from finrag.index.embed_text import embedding_text, is_figure, table_labels_text
from finrag.model import Chunk, ChunkKind, ChunkMeta

TABLE = """四方科技 603339 2019 年度报告
第四节 经营情况讨论与分析 > 利润表及现金流量表相关科目变动分析表
单位:元 币种:人民币
| 科目 | 本期数 | 上年同期数 | 变动比例（%） |
| 2019 | 2018 |  |  |
| 营业收入 | 1,175,301,034.32 | 1,230,537,181.80 | -4.49 |
| 财务费用 | (12,024,894.14) | — | 65.25% |
| 在建工程 | 236,864,658.04 | 122.24 | 主要原因系募投项目实施所致 |
| 期末数 | 期末数 | 期末数 |  |
|  | - | $ 1,024 |  |"""


def _chunk(text: str, kind: ChunkKind, index_text: str | None = None) -> Chunk:
    meta = ChunkMeta(file="r.pdf", doc_type="annual_report", language="zh")
    return Chunk("c1", "d1", text, kind, [1], [], meta, index_text=index_text)


def test_figures_are_recognised_and_labels_are_not() -> None:
    for cell in ("1,175,301,034.32", "-4.49", "(12,024,894.14)", "65.25%", "—", "-", "$ 1,024", "１２"):
        assert is_figure(cell), cell
    for cell in ("营业收入", "2019", "2019年12月31日", "1年以内", "Q3 2022", "变动比例（%）", ""):
        assert not is_figure(cell), cell


def test_table_rows_keep_their_labels_and_lose_their_figures() -> None:
    lines = table_labels_text(TABLE).split("\n")
    assert lines[:3] == TABLE.split("\n")[:3]  # heading path, caption and unit lines as they are
    assert lines[3:] == [
        "科目 | 本期数 | 上年同期数 | 变动比例（%）",
        "2019 | 2018",
        "营业收入",
        "财务费用",
        "在建工程 | 主要原因系募投项目实施所致",
        "期末数",
    ]  # the row of dashes and a lone figure is gone; a merged header cell appears once


def test_only_table_chunks_change_and_full_mode_keeps_everything() -> None:
    table = _chunk("ignored", ChunkKind.TABLE_ROWS, index_text=TABLE)
    labels = embedding_text(table, "labels")
    assert "1,175,301,034.32" not in labels and "营业收入" in labels
    assert embedding_text(table) == embedding_text(table, "full") == TABLE  # the default
    text = _chunk("营业收入为1,175,301,034.32元 | 同比下降", ChunkKind.TEXT)
    assert embedding_text(text, "labels") == text.text


def test_an_unknown_mode_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        embedding_text(_chunk("x", ChunkKind.TABLE), "numbers")
