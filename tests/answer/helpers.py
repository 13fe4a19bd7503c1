"""Builders for answer-stage tests: Documents, Tables and Chunks as the parse/chunk stages make them."""

from __future__ import annotations

import hashlib

from finrag.model import (
    Block,
    BlockKind,
    Chunk,
    ChunkKind,
    ChunkMeta,
    Document,
    DocumentMeta,
    ParseReport,
    Table,
)


def make_doc(
    tables: list[Table],
    *,
    company: str = "四方科技",
    year: int = 2019,
    file: str = "sifang_2019.pdf",
    language: str = "zh",
    unit_line: str = "单位：元 币种：人民币",
) -> Document:
    blocks: list[Block] = []
    for t in tables:
        blocks.append(Block(BlockKind.TEXT, unit_line, t.pages[0]))
        blocks.append(Block(BlockKind.TABLE, "", t.pages[0], table_id=t.table_id))
    doc_id = hashlib.sha256(file.encode()).hexdigest()
    meta = DocumentMeta(
        company=company, fiscal_year=year, period_end=f"{year}-12-31", report_type="annual_report"
    )
    return Document(
        doc_id, file, "pdf", 100, blocks, tables, ParseReport(file), language, "annual_report", meta=meta
    )


def table_text(t: Table) -> str:
    lines = [t.caption, *(" | ".join(r) for r in t.header), *(" | ".join(r) for r in t.rows)]
    return "\n".join(lines)


def make_chunk(
    doc: Document,
    text: str,
    page: int,
    *,
    table_ref: str | None = None,
    n: int = 0,
    section: list[str] | None = None,
) -> Chunk:
    meta = ChunkMeta(
        file=doc.file,
        doc_type=doc.doc_type,
        language=doc.language,
        company=doc.meta.company,
        fiscal_year=doc.meta.fiscal_year,
        period_end=doc.meta.period_end,
    )
    cid = hashlib.sha256(f"{doc.doc_id}|{n}|{text}".encode()).hexdigest()[:16]
    kind = ChunkKind.TABLE if table_ref else ChunkKind.TEXT
    return Chunk(cid, doc.doc_id, text, kind, [page], section or [], meta, table_ref=table_ref)


def table_chunks(doc: Document) -> list[Chunk]:
    return [
        make_chunk(doc, table_text(t), t.pages[0], table_ref=t.table_id, n=i)
        for i, t in enumerate(doc.tables)
    ]


INCOME_ZH = Table(
    table_id="t1",
    pages=[60],
    caption="合并利润表",
    header=[["项目", "附注", "2019年度", "2018年度"]],
    rows=[
        ["一、营业总收入", "", "1,175,301,034.32", "1,020,115,551.27"],
        ["其中：营业收入", "七、61", "1,175,301,034.32", "1,020,115,551.27"],
        ["二、营业总成本", "", "1,023,522,312.55", "905,432,110.00"],
        ["其中：营业成本", "七、61", "903,236,584.52", "790,221,003.11"],
        ["销售费用", "七、63", "40,112,334.10", "38,001,220.00"],
        ["管理费用", "七、64", "46,869,502.38", "41,220,118.52"],
        ["财务费用", "七、66", "(3,120,555.20)", "—"],
        ["三、净利润（净亏损以“－”号填列）", "", "150,201,334.87", "120,300,100.00"],
    ],
    row_pages=[60] * 8,
)

BALANCE_ZH = Table(
    table_id="t2",
    pages=[56, 57],
    caption="合并资产负债表",
    header=[["项目", "附注", "期末余额", "上年末"]],
    rows=[
        ["货币资金", "七、1", "401,234,567.89", "350,000,000.00"],
        ["流动资产合计", "", "1,002,000,000.00", "900,000,000.00"],
        ["资产总计", "", "2,000,000,000.00", "1,800,000,000.00"],
        ["负债合计", "", "800,000,000.00", "720,000,000.00"],
    ],
    row_pages=[56, 56, 57, 57],
)


# A product table whose heading the table reader cut into pieces over each group of year columns
PRODUCTS_CUT = Table(
    "t31",
    [152],
    [
        ["产品类别", "主营", "业务收入（元", "）", "主营", "业务成本（元", "）"],
        ["", *["2005年度", "2004年度", "2003年度"] * 2],
    ],
    [
        [
            "磁分离及配套设备",
            "60,919,706.76",
            "46,607,998.80",
            "32,426,351.57",
            "44,004,536.10",
            "31,529,551.99",
            "1",
        ]
    ],
    caption="主要工业产品历年收入、成本",
)

# Costco's comparable sales: a heading wrapped over two label rows, then the same region under each heading
COMPARABLE = Table(
    "t1",
    [25],
    [["", "2021", "2020"]],
    [
        ["Increases in comparable sales:", "", ""],
        ["Canada", "20 %", "5 %"],
        ["Increases in comparable sales excluding the impact of changes in foreign", "", ""],
        ["currency and gasoline prices", "", ""],
        ["Canada", "12 %", "7 %"],
    ],
    caption="RESULTS OF OPERATIONS",
)
