"""TXT (encodings, paragraphs, pages), Markdown and HTML parsing."""

from __future__ import annotations

from pathlib import Path

from finrag.config import Settings
from finrag.model import BlockKind
from finrag.parse import parse_file
from finrag.parse.text import decode_text

ZH = "第一章 总则\n\n本制度适用于公司全体员工。\n\n一、适用范围\n\n总部及各子公司。\n"


def test_txt_in_gbk_utf16_and_utf8_reads_the_same(tmp_path: Path, settings: Settings) -> None:
    for enc in ("gbk", "utf-16", "utf-8"):
        path = tmp_path / f"policy-{enc}.txt"
        path.write_bytes(ZH.encode(enc))
        doc = parse_file(path, settings)
        assert doc.media_type == "txt" and doc.language == "zh", enc
        assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
            (BlockKind.HEADING, 1, "第一章 总则"),
            (BlockKind.TEXT, 0, "本制度适用于公司全体员工。"),
            (BlockKind.HEADING, 2, "一、适用范围"),
            (BlockKind.TEXT, 0, "总部及各子公司。"),
        ], enc
        assert not doc.report.warnings


def test_utf16_without_bom_is_text(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "export.txt"
    path.write_bytes("Revenue: 812 million (营业收入)\nMargin: 41.3%\n".encode("utf-16-le"))
    doc = parse_file(path, settings)
    assert doc.media_type == "txt"
    assert [b.text for b in doc.blocks] == ["Revenue: 812 million (营业收入)", "Margin: 41.3%"]


def test_invalid_utf8_bytes_are_replaced_with_a_warning(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "damaged.txt"
    path.write_bytes(("Net revenue was $812 million in the quarter. " * 20).encode() + b"\xff\xfe\xfa end")
    doc = parse_file(path, settings)
    assert "\ufffd" in doc.blocks[-1].text and doc.blocks[-1].text.endswith("end")
    assert any("replaced" in w for w in doc.report.warnings)


def test_form_feed_starts_a_new_page(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "pages.txt"
    path.write_text("page one text\n\fpage two text\n", encoding="utf-8")
    doc = parse_file(path, settings)
    assert doc.pages == 2 and [b.page for b in doc.blocks] == [1, 2]
    assert doc.report.chars_per_page == [13, 13]


def test_decode_text_gb18030_for_gbk_family() -> None:
    text, enc, warnings = decode_text("营业收入同比增长百分之十五。".encode("gb2312"), file_name="x.txt")
    assert text == "营业收入同比增长百分之十五。" and enc == "gb18030" and not warnings


MD = """# API 参考

Intro paragraph.

## POST /v1/payments

创建支付，失败时返回 E5021。

| 错误码 | 含义 |
|---|---|
| E5021 | 上游渠道超时 |
| E4001 | 参数缺失 |

### 步骤

1. 登录
2. 切换
   - 检查延迟

```json
{"code": "E5021"}
```
"""


def test_markdown_heading_tree_tables_lists_code(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "api.md"
    path.write_text(MD, encoding="utf-8")
    doc = parse_file(path, settings)
    assert doc.media_type == "md" and doc.report.parser == "markdown"
    heads = [(b.level, b.text) for b in doc.blocks if b.kind == BlockKind.HEADING]
    assert heads == [(1, "API 参考"), (2, "POST /v1/payments"), (3, "步骤")]
    (table,) = doc.tables
    assert table.header == [["错误码", "含义"]]
    assert table.rows == [["E5021", "上游渠道超时"], ["E4001", "参数缺失"]]
    lst = next(b for b in doc.blocks if b.kind == BlockKind.LIST)
    assert lst.text == "1. 登录\n2. 切换\n  - 检查延迟"
    code = next(b for b in doc.blocks if b.kind == BlockKind.CODE)
    assert code.text == '{"code": "E5021"}'
    assert [o.title for o in doc.outline] == ["API 参考", "POST /v1/payments", "步骤"]


HTML = """<!DOCTYPE html><html><head><title>Q3 report</title><style>p {color: red}</style></head>
<body><nav><a href="/">Home</a> | <a href="/ir">Investors</a></nav>
<main><h1>Third quarter results</h1><p>Revenue was <b>$812 million</b>.</p>
<h2>Balance sheet</h2><p>(in millions)</p>
<table><tr><th>Item</th><th>2024</th><th>2023</th></tr>
<tr><td rowspan="2">Cash</td><td>1,245</td><td>1,102</td></tr><tr><td>380</td><td>415</td></tr>
<tr><td colspan="3">Unaudited</td></tr></table>
<ul><li>First point</li><li>Second point</li></ul>
<script>var tracking = 1;</script></main><footer>Copyright 2024</footer></body></html>"""


EDGAR = """<html><body>
<div style="display:none"><ix:header>dei:EntityCentralIndexKey 0000066740</ix:header></div>
<p>CONDENSED CONSOLIDATED BALANCE SHEETS (in millions)</p>
<table><tr><td></td><td colspan="3">September 30, 2024</td><td colspan="3">December 31, 2023</td></tr>
<tr><td>Cash and cash equivalents</td><td>$</td><td>1,245</td><td></td><td>$</td><td>1,102</td><td></td></tr>
<tr><td>Net loss</td><td></td><td>(12</td><td>)</td><td></td><td>(8</td><td>)</td></tr>
<tr><td>Gross margin</td><td></td><td>41.3</td><td>%</td><td></td><td>39.8</td><td>%</td></tr></table>
</body></html>"""


def test_html_edgar_style_table_cells_are_folded(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "10q.htm"
    path.write_text(EDGAR, encoding="utf-8")
    doc = parse_file(path, settings)
    assert not any("EntityCentralIndexKey" in b.text for b in doc.blocks)
    (table,) = doc.tables
    assert table.header == [["", "September 30, 2024", "December 31, 2023"]]
    assert table.rows == [
        ["Cash and cash equivalents", "$1,245", "$1,102"],
        ["Net loss", "(12)", "(8)"],
        ["Gross margin", "41.3%", "39.8%"],
    ]
    assert table.unit == "in millions"


def test_html_main_text_headings_and_tables(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "q3.htm"
    path.write_text(HTML, encoding="utf-8")
    doc = parse_file(path, settings)
    assert doc.media_type == "html"
    texts = [b.text for b in doc.blocks]
    assert "Revenue was $812 million." in texts
    assert not any("Home" in t or "tracking" in t or "Copyright" in t or "color" in t for t in texts)
    heads = [(b.level, b.text) for b in doc.blocks if b.kind == BlockKind.HEADING]
    assert heads == [(1, "Third quarter results"), (2, "Balance sheet")]
    (table,) = doc.tables
    assert table.header == [["Item", "2024", "2023"]]
    assert table.rows == [["Cash", "1,245", "1,102"], ["Cash", "380", "415"], ["Unaudited"] * 3]
    assert table.unit == "in millions"
    assert [b.text for b in doc.blocks if b.kind == BlockKind.LIST] == ["First point", "Second point"]
