"""The Markdown dump users read with `finrag parse FILE`."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from finrag.cli import app
from finrag.model import Block, BlockKind, Document, ParseReport, Table
from finrag.parse.render import document_to_markdown


def _doc() -> Document:
    table = Table(
        table_id="t1",
        pages=[2],
        header=[["项目", "2023年度", "2022年度"]],
        rows=[["营业收入", "1,256,780,432.15", "1,087,654,321.60"], ["注|备注", "", ""]],
        caption="合并利润表",
        unit="元",
        row_pages=[2, 2],
    )
    blocks = [
        Block(BlockKind.TITLE, "星河精工 2023年年度报告", page=1, level=1),
        Block(BlockKind.HEADING, "一、经营情况讨论与分析", page=2, level=2),
        Block(BlockKind.TEXT, "报告期内公司实现营业收入12.57亿元。", page=2),
        Block(BlockKind.TABLE, "…", page=2, table_id="t1"),
        Block(BlockKind.TEXT, "scanned line", page=3, source="ocr", confidence=0.91),
    ]
    report = ParseReport(
        file="ar.pdf", page_count=3, chars_per_page=[12, 80, 12], table_count=1,
        warnings=["page 3: OCR used"], parser="pdf", seconds=0.5,
    )
    return Document("abc123", "ar.pdf", "pdf", 3, blocks, [table], report, language="zh")


def test_markdown_has_pages_headings_tables_and_report() -> None:
    md = document_to_markdown(_doc())
    assert md.index("<!-- page 1 -->") < md.index("# 星河精工") < md.index("<!-- page 2 -->")
    assert "\n## 一、经营情况讨论与分析\n" in md
    assert "**合并利润表** (单位/unit: 元)" in md
    assert "| 项目 | 2023年度 | 2022年度 |\n|---|---|---|\n" in md
    assert "| 营业收入 | 1,256,780,432.15 | 1,087,654,321.60 |" in md
    assert "| 注\\|备注 |  |  |" in md  # pipes inside cells escaped
    assert md.index("**合并利润表**") < md.index("<!-- page 3 -->")
    assert "scanned line <!-- ocr 0.91 -->" in md
    assert "## Parse report" in md and "- warning: page 3: OCR used" in md and "tables: 1" in md


def test_cli_parse_prints_markdown_by_default_and_json_on_request(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("# Title\n\nBody text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["parse", str(path), "--data", str(tmp_path / "data")])
    assert out.exit_code == 0, out.output
    assert "<!-- page 1 -->" in out.stdout and "# Title" in out.stdout and "| 1 | 2 |" in out.stdout
    js = runner.invoke(app, ["parse", str(path), "--json", "--data", str(tmp_path / "data")])
    assert js.exit_code == 0 and '"table_id": "t1"' in js.stdout and '"media_type": "md"' in js.stdout


def test_cli_parse_error_is_one_line_with_stage(tmp_path: Path) -> None:
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    out = CliRunner().invoke(app, ["parse", str(path), "--json", "--data", str(tmp_path / "data")])
    assert out.exit_code == 2
    assert '"stage": "parse"' in out.stdout and "empty.pdf: empty file" in out.stdout
