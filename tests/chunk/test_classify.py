from __future__ import annotations

import pytest

from finrag.chunk.classify import classify
from finrag.model import Block, BlockKind
from tests.chunk.helpers import heading, make_doc, text


@pytest.mark.parametrize(
    ("file", "media", "lines", "expected"),
    [
        ("2020-04-16__x__603339__四方科技__2019年__年度报告.pdf", "pdf", ["重要提示"], "annual_report"),
        ("a.pdf", "pdf", ["四方科技集团股份有限公司", "2019 年年度报告"], "annual_report"),
        ("3M_2018_10K.pdf", "pdf", ["UNITED STATES"], "filing"),
        ("x.pdf", "pdf", ["UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "FORM 10-Q"], "filing"),
        ("x.PDF", "pdf", ["厦门安妮股份有限公司", "首次公开发行股票招股意向书"], "prospectus"),
        ("r.pdf", "pdf", ["证券研究报告", "买入评级"], "research_report"),
        ("m.md", "md", ["项目周会会议纪要", "参会人员：张三"], "minutes"),
        ("ops.md", "md", ["运维操作手册", "前置检查"], "manual"),
        ("req.docx", "docx", ["报销系统需求规格说明书"], "requirement"),
        ("notes.txt", "txt", ["随手记"], "general"),
    ],
)
def test_classify_from_file_name_and_content(file: str, media: str, lines: list[str], expected: str) -> None:
    doc = make_doc([text(line) for line in lines], file=file, media_type=media)
    assert classify(doc, 6000) == expected


def test_api_reference_and_spreadsheet() -> None:
    api = make_doc(
        [heading("API", level=1), heading("GET /orders", level=2), heading("POST /orders", level=2)],
        file="api.md", media_type="md",
    )
    assert classify(api, 6000) == "api_doc"
    sheet = make_doc([Block(BlockKind.TABLE, "[t1]", 1, table_id="t1")], file="a.xlsx", media_type="xlsx")
    assert classify(sheet, 6000) == "table"
