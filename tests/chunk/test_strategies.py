from __future__ import annotations

import re

from finrag.chunk import chunk_document
from finrag.config import Settings
from finrag.index.tokenize import count_tokens
from finrag.model import AccessInfo, BBox, Block, BlockKind, ChunkKind, PageBox, Table
from tests.chunk.helpers import heading, make_doc, table_block, text

SENTENCE_END = ("。", "！", "？", "；", ".", "!", "?", ";", "|")


def annual_report(rows: int = 80) -> tuple[list[Block], list[Table]]:
    big = Table(
        "t1", [5, 6], header=[["项目", "附注", "2019年12月31日", "2018年12月31日"]],
        rows=[[f"项目{i}", f"七、{i}", f"{i * 1000:,}.00", f"{i * 900:,}.00"] for i in range(rows)],
        caption="合并资产负债表", unit="元",
        bboxes=[PageBox(5, BBox(50, 100, 550, 800)), PageBox(6, BBox(50, 60, 550, 700))],
        row_pages=[5] * (rows // 2) + [6] * (rows - rows // 2),
    )
    small = Table("t2", [4], header=[["指标", "2019年"]], rows=[["营业收入", "1,526,453,210.45"]],
                  caption="主要会计数据", unit="元", bboxes=[PageBox(4, BBox(50, 300, 550, 400))],
                  row_pages=[4])
    prose = "".join(f"报告期内公司第{i}项业务保持稳定增长，市场份额进一步提升。" for i in range(40))
    blocks = [
        text("公司代码：603339 公司简称：四方科技"),
        text("四方科技集团股份有限公司"),
        text("2019 年年度报告"),
        heading("第二节 公司简介和主要财务指标", 3, level=1),
        text("公司的中文名称为四方科技集团股份有限公司。", 3),
        heading("七、 近三年主要会计数据和财务指标", 4, level=2),
        table_block(small),
        heading("第四节 经营情况讨论与分析", 4, level=1),
        text(prose, 4),
        heading("第十节 财务报告", 5, level=1),
        text("二、 财务报表", 5),
        table_block(big),
    ]
    return blocks, [big, small]


def test_annual_report_chunks_carry_heading_path_and_metadata(settings: Settings) -> None:
    blocks, tables = annual_report()
    doc = make_doc(blocks, tables, file="report.pdf")
    chunks = chunk_document(doc, settings, access=AccessInfo(2, ["finance"]), tags=["2019"])
    assert doc.doc_type == "annual_report"
    assert (doc.meta.company, doc.meta.company_code, doc.meta.fiscal_year) == ("四方科技", "603339", 2019)
    for c in chunks:
        assert c.section_path, c.text
        assert c.text.startswith(" > ".join(c.section_path))
        assert (c.meta.company, c.meta.company_code, c.meta.fiscal_year) == ("四方科技", "603339", 2019)
        assert (c.meta.access_level, c.meta.groups, c.meta.tags) == (2, ["finance"], ["2019"])
        assert c.meta.period_end == "2019-12-31"
        head = "四方科技 603339 四方科技集团股份有限公司 2019 年度报告"
        assert c.index_text == f"{head}\n{c.text}"  # found by company and year even where it says "公司"
    prose = [c for c in chunks if c.kind == ChunkKind.TEXT and "第四节" in c.section_path[0]]
    assert len(prose) > 1
    for c in prose:
        assert count_tokens(c.text) <= settings.chunk.max_tokens
        assert c.text.endswith(SENTENCE_END)  # no chunk ends mid-sentence


def test_large_table_row_groups_repeat_caption_and_header(settings: Settings) -> None:
    settings.chunk.table_whole_max_tokens = 150  # so that the 80-row table is "large"
    blocks, tables = annual_report()
    chunks = chunk_document(make_doc(blocks, tables), settings)
    groups = [c for c in chunks if c.table_ref == "t1"]
    assert len(groups) > 2 and all(c.kind == ChunkKind.TABLE_ROWS for c in groups)
    body_rows: list[str] = []
    for c in groups:
        assert c.section_path == ["第十节 财务报告", "二、 财务报表", "合并资产负债表"]
        assert c.text.startswith("第十节 财务报告 > 二、 财务报表 > 合并资产负债表")
        assert "合并资产负债表 单位：元" in c.text
        assert "| 项目 | 附注 | 2019年12月31日 | 2018年12月31日 |" in c.text
        assert all(b.page in c.pages for b in c.bboxes) and c.bboxes
        body_rows += [ln for ln in c.text.splitlines() if ln.startswith("| 项目") and "附注" not in ln]
    assert len(body_rows) == 80  # every row exactly once, none cut
    assert "| 项目79 | 七、79 | 79,000.00 | 71,100.00 |" in body_rows
    assert groups[0].pages == [5] and groups[-1].pages == [6]


def test_small_table_stays_whole_with_its_boxes(settings: Settings) -> None:
    blocks, tables = annual_report()
    chunks = chunk_document(make_doc(blocks, tables), settings)
    (small,) = [c for c in chunks if c.table_ref == "t2"]
    assert small.kind == ChunkKind.TABLE
    assert "| 营业收入 | 1,526,453,210.45 |" in small.text  # numbers exactly as printed
    assert small.bboxes == tables[1].bboxes and small.pages == [4]


def test_chunk_ids_are_stable_and_unique(settings: Settings) -> None:
    blocks, tables = annual_report()
    first = chunk_document(make_doc(blocks, tables), settings)
    again = chunk_document(make_doc(*annual_report()), settings)
    assert [c.chunk_id for c in first] == [c.chunk_id for c in again]
    assert len({c.chunk_id for c in first}) == len(first)
    assert all(c.char_end >= c.char_start for c in first)


def test_cover_text_before_first_heading_uses_the_title_as_path(settings: Settings) -> None:
    blocks, tables = annual_report()
    chunks = chunk_document(make_doc(blocks, tables), settings)
    assert chunks[0].section_path == ["四方科技集团股份有限公司 2019 年度报告"]


def test_doc_type_override_and_unknown_type(settings: Settings) -> None:
    import pytest

    from finrag.errors import ChunkError

    blocks, tables = annual_report()
    doc = make_doc(blocks, tables)
    chunk_document(doc, settings, doc_type="prospectus")
    assert doc.doc_type == "prospectus"
    with pytest.raises(ChunkError) as err:
        chunk_document(doc, settings, doc_type="poem")
    assert err.value.stage == "chunk" and "doc.pdf" in str(err.value)


def test_spreadsheet_rows_read_header_value_pairs(settings: Settings) -> None:
    table = Table("t1", [1], header=[["参数名", "默认值", "说明"]],
                  rows=[["timeout", "3000", "超时时间（毫秒）"], ["retries", "3", "重试次数"]],
                  caption="配置参数")
    doc = make_doc([], [table], file="config.xlsx", media_type="xlsx")
    chunks = chunk_document(doc, settings)
    assert doc.doc_type == "table"
    assert [c.kind for c in chunks] == [ChunkKind.ROW, ChunkKind.ROW]
    assert chunks[0].text == "参数名: timeout; 默认值: 3000; 说明: 超时时间（毫秒）"
    assert chunks[0].meta.sheet == "配置参数" and chunks[0].section_path == ["配置参数"]
    assert chunks[0].index_text is not None and "配置参数" in chunks[0].index_text


def test_reference_sheet_groups_rows_by_module(settings: Settings) -> None:
    rows = [["订单", "E1001", "库存不足"], ["", "E1002", "价格变动"], ["", "E1003", "地址无效"],
            ["支付", "E2001", "余额不足"], ["", "E2002", "支付超时"], ["", "E2003", "卡被冻结"]]
    table = Table("t1", [1], header=[["模块", "错误码", "含义"]], rows=rows, caption="错误码")
    chunks = chunk_document(make_doc([], [table], file="codes.xlsx", media_type="xlsx"), settings)
    assert len(chunks) == 2
    assert chunks[0].text.startswith("模块: 订单")
    assert "错误码: E1003; 含义: 地址无效" in chunks[0].text and "E2001" not in chunks[0].text
    assert chunks[1].section_path == ["错误码", "支付"]
    settings.chunk.sheet_modes = {"错误码": "rows"}  # the per-sheet setting overrides the detection
    rows_only = chunk_document(make_doc([], [table], file="codes.xlsx", media_type="xlsx"), settings)
    assert len(rows_only) == 6 and rows_only[1].text == "错误码: E1002; 含义: 价格变动"


def test_api_doc_one_endpoint_per_chunk_and_prefixed_sub_chunks(settings: Settings) -> None:
    settings.chunk.max_tokens = 80
    long_params = "\n".join(
        f"- param_{i}: integer, optional. Page size of result list number {i}." for i in range(20)
    )
    blocks = [
        heading("Orders API", level=1),
        text("Base URL: https://api.example.com/v1. All requests need a token."),
        heading("GET /orders", level=2),
        text("Lists orders of the current account."),
        heading("POST /orders", level=2),
        text("Creates an order."),
        heading("Request parameters", level=3),
        Block(BlockKind.LIST, long_params, 1),
        heading("Response", level=3),
        Block(BlockKind.CODE, '{"id": 1, "status": "created"}', 1),
    ]
    doc = make_doc(blocks, file="api.md", media_type="md", language="en")
    chunks = chunk_document(doc, settings)
    assert doc.doc_type == "api_doc"
    get = [c for c in chunks if "GET /orders" in c.section_path]
    assert len(get) == 1 and get[0].kind == ChunkKind.ENDPOINT and "Lists orders" in get[0].text
    post = [c for c in chunks if "POST /orders" in c.section_path]
    assert len(post) > 2
    assert all(c.text.startswith("Orders API > POST /orders") for c in post)
    assert any('"status": "created"' in c.text and c.section_path[-1] == "Response" for c in post)


def test_manual_steps_chunk_contains_prerequisites(settings: Settings) -> None:
    blocks = [
        heading("运维操作手册", level=1),
        heading("重启订单服务", level=2),
        heading("前置检查", level=3),
        Block(BlockKind.LIST, "1. 确认当前无进行中的发布。\n2. 确认备份已完成。", 1),
        heading("操作步骤", level=3),
        Block(BlockKind.LIST, "步骤1：登录跳板机。", 1),
        Block(BlockKind.LIST, "步骤2：执行 systemctl restart order-service。", 1),
        Block(BlockKind.LIST, "步骤3：检查健康接口返回 200。", 1),
        heading("扩容数据库", level=2),
        text("步骤1：提交扩容工单。步骤2：等待审批。"),
    ]
    doc = make_doc(blocks, file="ops.md", media_type="md")
    chunks = chunk_document(doc, settings)
    assert doc.doc_type == "manual"
    restart = [c for c in chunks if "重启订单服务" in c.section_path]
    assert len(restart) == 1 and restart[0].kind == ChunkKind.STEP
    t = restart[0].text
    assert t.startswith("运维操作手册 > 重启订单服务")
    assert "确认备份已完成" in t and "步骤3：检查健康接口返回 200" in t
    assert t.index("前置检查") < t.index("步骤1")
    assert any("扩容数据库" in c.section_path and "等待审批" in c.text for c in chunks)


def test_manual_with_flat_numbered_sections_attaches_prerequisites_to_steps(settings: Settings) -> None:
    blocks = [
        Block(BlockKind.TITLE, "数据库主从切换操作手册", 1, level=1),
        text("文档编号：OPS-DB-007"),
        heading("1 适用范围", level=1),
        text("本手册适用于计划内的主从切换。"),
        heading("2 前置条件", level=1),
        Block(BlockKind.LIST, "- 已完成主库全量备份；\n- 复制延迟小于 5 秒。", 1),
        heading("3 操作步骤", level=1),
        Block(BlockKind.LIST, "1. 登录堡垒机；\n2. 停止写流量；\n3. 切换 VIP。", 1),
        heading("4 回退方案", level=1),
        text("若错误率超过 1%，立即将 VIP 切回原主库。"),
    ]
    chunks = chunk_document(make_doc(blocks, file="ops.docx", media_type="docx"), settings)
    steps = [c for c in chunks if "登录堡垒机" in c.text]
    assert len(steps) == 1
    assert steps[0].text.startswith("数据库主从切换操作手册")
    assert "已完成主库全量备份" in steps[0].text and "3 操作步骤" in steps[0].text
    rollback = [c for c in chunks if "回退方案" in c.text]
    assert rollback and "全量备份" not in rollback[0].text  # prerequisites go with the steps only


def test_short_minutes_stay_whole_long_minutes_split_by_topic(settings: Settings) -> None:
    short = [heading("项目周会会议纪要", level=1), text("参会人员：张三、李四。"),
             text("一、进度：按计划推进。")]
    chunks = chunk_document(make_doc(short, file="m.md", media_type="md"), settings)
    assert len(chunks) == 1 and chunks[0].kind == ChunkKind.NOTE and "按计划推进" in chunks[0].text
    filler = "".join(f"第{i}条讨论意见已记录。" for i in range(120))
    long = [heading("季度经营会议纪要", level=1), text("参会人员：全体管理层。"),
            text("一、销售情况。" + filler), text("二、成本控制。" + filler)]
    doc = make_doc(long, file="m2.md", media_type="md")
    chunks = chunk_document(doc, settings)
    assert doc.doc_type == "minutes"
    assert any(c.section_path[-1].startswith("一、销售情况") for c in chunks)
    assert any(c.section_path[-1].startswith("二、成本控制") for c in chunks)
    assert all(c.kind == ChunkKind.NOTE for c in chunks)


def test_requirement_parents_are_not_indexed_children_point_to_them(settings: Settings) -> None:
    body = "".join(f"系统应支持第{i}类用户在移动端提交报销申请，并在审批后自动入账。" for i in range(80))
    blocks = [heading("报销系统需求规格说明书", level=1), heading("功能需求", level=2), text(body)]
    doc = make_doc(blocks, file="req.docx", media_type="docx")
    chunks = chunk_document(doc, settings)
    assert doc.doc_type == "requirement"
    parents = {c.chunk_id: c for c in chunks if c.kind == ChunkKind.PARENT}
    children = [c for c in chunks if c.kind != ChunkKind.PARENT]
    assert parents and all(not p.indexed for p in parents.values())
    assert all(len(p.text) <= settings.chunk.parent_max_chars + 50 for p in parents.values())
    for child in children:
        assert child.indexed and child.parent_id in parents
        assert len(child.text) <= settings.chunk.child_max_chars + 50
        body_text = child.text.split("\n", 1)[1]
        assert body_text in parents[child.parent_id].text.replace("\n", "")
    assert re.search(r"第79类", "".join(c.text for c in children))


def _line(value: str, page: int, y: float, full: bool) -> Block:
    return Block(BlockKind.TEXT, value, page, bbox=BBox(90, y, 530 if full else 300, y + 10))


def test_wrapped_pdf_lines_are_joined_so_no_chunk_ends_mid_sentence(settings: Settings) -> None:
    settings.chunk.max_tokens = 40
    sentence = "公司外销业务结算货币以美元为主，若未来汇率波动加大，将对公司的经营业绩产生一定影响。"
    blocks = [heading("第四节 经营情况讨论与分析", 1, level=1)]
    y = 100.0
    for _ in range(8):  # each sentence printed over two lines, wrapped mid-word
        blocks += [_line(sentence[:30], 1, y, True), _line(sentence[30:], 1, y + 12, False)]
        y += 24
    chunks = chunk_document(make_doc(blocks), settings)
    body = [c for c in chunks if c.kind == ChunkKind.TEXT]
    assert len(body) > 1
    for c in body:
        lines = c.text.split("\n")[1:]
        assert lines and all(line == sentence for line in lines), c.text


def test_small_sections_share_a_chunk_and_toc_lines_are_dropped(settings: Settings) -> None:
    blocks = [
        heading("第二节 公司简介和主要财务指标", 1, level=1),
        text("第二节 公司简介和主要财务指标......................4", 1),
        heading("十一、 采用公允价值计量的项目", 2, level=2),
        text("□适用 √不适用", 2),
        heading("十二、 其他", 2, level=2),
        text("□适用 √不适用", 2),
    ]
    chunks = chunk_document(make_doc(blocks), settings)
    assert len(chunks) == 1
    (c,) = chunks
    assert c.section_path == ["第二节 公司简介和主要财务指标"]
    assert "十一、 采用公允价值计量的项目" in c.text and "十二、 其他" in c.text
    assert "......" not in c.text


def test_chapters_under_a_markdown_title_are_not_merged(settings: Settings) -> None:
    blocks = [
        heading("四方科技集团股份有限公司 2019年年度报告", level=1),
        heading("第二节 公司简介和主要财务指标", level=2),
        text("公司股票代码为603339。"),
        heading("第五节 重要事项", level=2),
        text("报告期内公司向慈善总会捐款100万元。"),
    ]
    chunks = chunk_document(make_doc(blocks, file="report.md", media_type="md"), settings)
    assert [c.section_path[-1] for c in chunks] == ["第二节 公司简介和主要财务指标", "第五节 重要事项"]
    assert all(c.section_path[0] == "四方科技集团股份有限公司 2019年年度报告" for c in chunks)


def test_long_table_is_split_by_rows_even_when_its_tokens_fit(settings: Settings) -> None:
    blocks, tables = annual_report(rows=50)
    settings.chunk.table_whole_max_tokens = 100_000
    chunks = [c for c in chunk_document(make_doc(blocks, tables), settings) if c.table_ref == "t1"]
    assert len(chunks) == 4  # 50 rows > table_whole_max_rows (40): groups of table_group_rows (15)
    settings.chunk.table_whole_max_rows = 50
    whole = [c for c in chunk_document(make_doc(*annual_report(rows=50)), settings) if c.table_ref == "t1"]
    assert len(whole) == 1 and whole[0].kind == ChunkKind.TABLE


def test_contents_lines_are_dropped_but_rows_of_amounts_after_leaders_are_kept(settings: Settings) -> None:
    blocks = [
        heading("目录", 1),
        text("第四节 经营情况讨论与分析..........12", 1),
        heading("NOTE 7. GOODWILL", 2),
        text("Goodwill by reportable segment was as follows (in thousands):", 2),
        text(
            "Digital Media....................... $2,049,726 $ 12,510 $2,796,302\n"
            "Digital Marketing ................ 2,463,828 — 2,312,158",
            2,
        ),
    ]
    chunks = chunk_document(make_doc(blocks, language="en"), settings, access=AccessInfo(0, []))
    joined = "\n".join(c.text for c in chunks)
    assert "2,796,302" in joined and "2,463,828" in joined  # a note's rows, not a contents page
    assert "..........12" not in joined  # the contents line
