"""Small PDFs built on the fly with reportlab for the PDF parser tests."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

W, H = A4
LEFT_WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split()  # noqa: SIM905
RIGHT_WORDS = "mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray".split()  # noqa: SIM905


def _furniture(c: canvas.Canvas, n: int, total: int) -> None:
    c.setFont("Helvetica", 8)
    c.drawString(20 * mm, H - 12 * mm, "ACME Holdings Inc. Annual Report 2023")
    c.drawCentredString(W / 2, 10 * mm, f"Page {n} of {total}")
    c.drawRightString(W - 20 * mm, 10 * mm, "www.acme-holdings.com")


def two_column(path: Path, pages: int = 3) -> Path:
    """Two text columns per page (left: 'Left ...', right: 'Right ...'), running header and footer."""
    c = canvas.Canvas(str(path), pagesize=A4)
    for p in range(1, pages + 1):
        _furniture(c, p, pages)
        c.setFont("Helvetica-Bold", 16)
        c.drawString(20 * mm, H - 30 * mm, f"Item {p}. Section heading {p}")
        c.setFont("Helvetica", 10)
        for i in range(30):
            y = H - 45 * mm - i * 13
            c.drawString(20 * mm, y, f"Left {p}.{i} {LEFT_WORDS[i % 12]} text of the first column here")
            c.drawString(W / 2 + 5 * mm, y, f"Right {p}.{i} {RIGHT_WORDS[i % 12]} words of the second column")
        c.showPage()
    c.save()
    return path


def _grid_row(c: canvas.Canvas, y: float, cells: list[str], xs: list[float], h: float, font: str) -> None:
    c.setFont(font, 9)
    for j, text in enumerate(cells):
        if j == 0:
            c.drawString(xs[j] + 3, y + 4, text)
        else:
            c.drawRightString(xs[j + 1] - 3, y + 4, text)
    c.line(xs[0], y, xs[-1], y)
    c.line(xs[0], y + h, xs[-1], y + h)
    for x in xs:
        c.line(x, y, x, y + h)


def split_table(path: Path) -> Path:
    """A ruled balance sheet starting low on page 1 and continued (header repeated) on page 2."""
    c = canvas.Canvas(str(path), pagesize=A4)
    xs = [20 * mm, 95 * mm, 145 * mm, 190 * mm]
    header = ["Item", "December 31, 2023", "December 31, 2022"]
    h = 16.0
    next_row = 1
    for p in (1, 2):
        _furniture(c, p, 2)
        y = H - 30 * mm
        if p == 1:
            c.setFont("Helvetica", 10)
            for i in range(20):
                c.drawString(20 * mm, y, f"Introductory paragraph line {i} about the company and its year.")
                y -= 13
            c.setFont("Helvetica-Bold", 12)
            c.drawString(20 * mm, y - 10, "CONSOLIDATED BALANCE SHEETS")
            c.setFont("Helvetica", 9)
            c.drawString(20 * mm, y - 24, "(in millions, except per share data)")
            y -= 50
        _grid_row(c, y - h, header, xs, h, "Helvetica-Bold")
        y -= h
        while next_row <= 35 and y > 40 * mm:
            r = next_row
            _grid_row(c, y - h, [f"Line item {r}", f"{r * 1234:,}.00", f"({r * 987:,})"], xs, h, "Helvetica")
            y -= h
            next_row += 1
        c.showPage()
    c.save()
    return path


def chinese(path: Path) -> Path:
    """A Chinese annual-report page: numbered headings, body text, a ruled table with a unit line."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("STSong-Light", 16)
    c.drawString(20 * mm, H - 30 * mm, "第二节 公司简介和主要财务指标")
    c.setFont("STSong-Light", 12)
    c.drawString(20 * mm, H - 42 * mm, "一、公司信息")
    c.setFont("STSong-Light", 10)
    y = H - 52 * mm
    for i in range(4):
        c.drawString(
            20 * mm, y, f"公司的中文名称为示例科技集团股份有限公司，本段为正文第{i + 1}行，用于测试。"
        )
        y -= 14
    c.setFont("STSong-Light", 12)
    c.drawString(20 * mm, y - 8, "（一）主要会计数据")
    c.setFont("STSong-Light", 10)
    c.drawString(20 * mm, y - 26, "合并资产负债表")
    c.drawString(120 * mm, y - 40, "单位：元 币种：人民币")
    y -= 50
    xs = [20 * mm, 80 * mm, 135 * mm, 190 * mm]
    rows = [
        ["项目", "2019年12月31日", "2018年12月31日"],
        ["货币资金", "1,516,034,246.28", "1,108,509,231.31"],
        ["预收款项", "", "72,768,571.91"],
        ["应收账款", "605,618,324.94", "576,253,532.88"],
    ]
    for r in rows:
        _grid_row(c, y - 18, r, xs, 18, "STSong-Light")
        y -= 18
    c.showPage()
    c.save()
    return path


def aligned_table(path: Path) -> Path:
    """An SEC-style statement without rules: labels left, amounts right-aligned in two columns."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(20 * mm, H - 30 * mm, "Consolidated Statements of Income")
    c.setFont("Helvetica", 9)
    c.drawString(20 * mm, H - 40 * mm, "(in millions)")
    c.drawRightString(150 * mm, H - 40 * mm, "2023")
    c.drawRightString(185 * mm, H - 40 * mm, "2022")
    items = [
        ("Net revenue", "$ 12,345", "$ 11,002"),
        ("Cost of sales", "(7,001)", "(6,540)"),
        ("Gross profit", "5,344", "4,462"),
        ("Operating expenses", "2,100", "1,980"),
        ("Net income", "$ 3,244", "$ 2,482"),
    ]
    for i, (label, a, b) in enumerate(items):
        y = H - 50 * mm - i * 14
        c.drawString(20 * mm, y, label)
        c.drawRightString(150 * mm, y, a)
        c.drawRightString(185 * mm, y, b)
    c.setFont("Helvetica", 10)
    c.drawString(20 * mm, H - 150 * mm, "The accompanying notes are an integral part of these statements.")
    c.showPage()
    c.save()
    return path


def dashed_zero_rows(path: Path) -> Path:
    """A fair value table whose first and last rows end in a zero printed "$ —" (a currency sign before a
    dash), under class headings ("Total Level 1 Level 2 Level 3")."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 9)
    xs = (70, 100, 130, 160)
    c.drawString(20 * mm, H - 30 * mm - 11, "(Millions)")
    for x, head in zip(xs, ("Total", "Level 1", "Level 2", "Level 3"), strict=True):
        c.drawRightString(x * mm, H - 30 * mm - 11, head)
    c.drawString(20 * mm, H - 30 * mm - 22, "Assets:")
    rows = [
        ("Equity securities", "$ 41", "$ 40", "$ 1", "$ —"),
        ("Debt securities", "4,537", "—", "4,490", "47"),
        ("Derivatives, gross", "521", "—", "494", "27"),
        ("Total Assets", "5,099", "40", "4,985", "74"),
        ("Total Liabilities", "$ 801", "$ —", "$ 801", "$ —"),
    ]
    for i, (label, *cells) in enumerate(rows):
        y = H - 30 * mm - 33 - i * 11
        c.drawString(20 * mm, y, label)
        for x, cell in zip(xs, cells, strict=True):
            c.drawRightString(x * mm, y, cell)
    c.showPage()
    c.save()
    return path


def noted_table(path: Path) -> Path:
    """Quarter headings ("Sep. 30," over "2020") with two note lines between them and the body."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(20 * mm, H - 30 * mm, "Quarterly Results of Operations")
    c.setFont("Helvetica", 9)
    for x, (month, year) in zip((150, 185), (("Dec. 31,", "2020"), ("Sep. 30,", "2020")), strict=True):
        c.drawRightString(x * mm, H - 40 * mm, month)
        c.drawRightString(x * mm, H - 40 * mm - 11, year)
    c.drawString(90 * mm, H - 40 * mm - 24, "(in thousands, except per share data)")
    c.drawString(100 * mm, H - 40 * mm - 35, "(unaudited)")
    for i, (label, a, b) in enumerate(
        [
            ("Hardware revenue", "24,363", "27,294"),
            ("Bitcoin revenue", "1,756,225", "1,633,764"),
            ("Total net revenue", "3,158,970", "3,033,874"),
        ]
    ):
        y = H - 40 * mm - 50 - i * 14
        c.drawString(20 * mm, y, label)
        c.drawRightString(150 * mm, y, a)
        c.drawRightString(185 * mm, y, b)
    c.showPage()
    c.save()
    return path


def quarterly_note(path: Path) -> Path:
    """Quarter headings over "Fiscal Year" over the years, a unit line between them, and a first row whose
    two amounts per quarter run together into one string ("$ 4,002.5 $ 4,094.0")."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 9)
    top = H - 40 * mm
    for x, quarter in ((95, "First Quarter"), (165, "Fourth Quarter")):
        c.drawCentredString(x * mm, top, quarter)
        c.drawCentredString(x * mm, top - 11, "Fiscal Year")
    c.drawString(20 * mm, top - 22, "In Millions, Except Per")
    c.drawString(20 * mm, top - 33, "Share Amounts")
    for x, year in ((85, "2020"), (105, "2019"), (155, "2020"), (175, "2019")):
        c.drawRightString(x * mm, top - 33, year)
    c.drawString(20 * mm, top - 46, "Net sales")
    c.drawRightString(105 * mm, top - 46, "$ 4,002.5 $ 4,094.0")
    c.drawRightString(175 * mm, top - 46, "$ 5,023.0 $ 4,161.7")
    for i, (label, *cells) in enumerate(
        [
            ("Gross margin", "1,389.5", "1,342.8", "1,768.1", "1,461.3"),
            ("Net earnings", "401.4", "392.0", "621.0", "446.5"),
        ]
    ):
        y = top - 58 - i * 12
        c.drawString(20 * mm, y, label)
        for x, cell in zip((85, 105, 155, 175), cells, strict=True):
            c.drawRightString(x * mm, y, cell)
    c.showPage()
    c.save()
    return path


def with_outline(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=A4)
    for p, title in enumerate(["Business Overview", "Risk Factors"], start=1):
        c.bookmarkPage(f"p{p}")
        c.addOutlineEntry(title, f"p{p}", level=0)
        c.setFont("Helvetica", 11)
        c.drawString(20 * mm, H - 30 * mm, title)
        c.setFont("Helvetica", 10)
        c.drawString(
            20 * mm, H - 40 * mm, "Body text of this section, long enough to be body text of the page."
        )
        c.showPage()
    c.save()
    return path


def encrypted(path: Path, user_password: str) -> Path:
    from reportlab.lib.pdfencrypt import StandardEncryption

    enc = StandardEncryption(user_password, ownerPassword="owner-secret", canPrint=1, canModify=0)
    c = canvas.Canvas(str(path), pagesize=A4, encrypt=enc)
    c.setFont("Helvetica", 10)
    c.drawString(20 * mm, H - 30 * mm, "Confidential figures: revenue was 1,234 million in 2023.")
    c.showPage()
    c.save()
    return path


def blank_then_text(path: Path) -> Path:
    """Page 1 has no text layer (as a scan would), page 2 has text."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.rect(30 * mm, 30 * mm, 100 * mm, 100 * mm, fill=1)
    c.showPage()
    c.setFont("Helvetica", 10)
    c.drawString(20 * mm, H - 30 * mm, "This page has a real text layer with enough characters.")
    c.showPage()
    c.save()
    return path


def open_sided(path: Path) -> Path:
    """A prospectus statement ruled only between its columns: horizontal rules across the whole table,
    vertical rules between the value columns, none at its left or right edge."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("STSong-Light", 10)
    c.drawString(20 * mm, H - 30 * mm, "（一）近三年合并资产负债表 单位：元")
    xs = [30 * mm, 75 * mm, 110 * mm, 145 * mm, 180 * mm]
    rows = [
        ["项目", "2010.12.31", "2009.12.31", "2008.12.31"],
        ["货币资金", "166,826,702.04", "94,092,712.31", "92,262,616.49"],
        ["存货", "166,302,200.33", "85,795,835.87", "35,300,143.76"],
    ]
    y = H - 40 * mm
    for r in rows:
        y -= 18
        c.drawString(xs[0] + 3, y + 4, r[0])
        for j, text in enumerate(r[1:], start=1):
            c.drawRightString(xs[j + 1] - 3, y + 4, text)
        c.line(xs[0], y, xs[-1], y)
        c.line(xs[0], y + 18, xs[-1], y + 18)
        for x in xs[1:-1]:  # inner rules only
            c.line(x, y, x, y + 18)
    c.showPage()
    c.save()
    return path


def boxed_groups(path: Path) -> Path:
    """An SEC cash flow section drawn as one box around a group of rows (rules above and below the group and
    between the value columns, none under each row), the way shaded statements print."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(20 * mm, H - 30 * mm, "Consolidated Statements of Cash Flows")
    c.setFont("Helvetica", 9)
    c.drawString(20 * mm, H - 38 * mm, "(Dollars in Millions)")
    xs = [20 * mm, 130 * mm, 160 * mm, 190 * mm]
    c.drawRightString(xs[2] - 3, H - 46 * mm, "2022")
    c.drawRightString(xs[3] - 3, H - 46 * mm, "2021")
    rows = [
        ("Dividends to shareholders", "(11,682)", "(11,032)"),
        ("Repurchase of common stock", "(6,035)", "(3,456)"),
        ("Proceeds from short-term debt", "16,134", "1,997"),
        ("Net cash used by financing activities", "(8,871)", "(14,047)"),
    ]
    top = H - 50 * mm
    for i, (label, a, b) in enumerate(rows):
        y = top - 12 - i * 13
        c.drawString(xs[0] + 3, y, label)
        c.drawRightString(xs[2] - 3, y, a)
        c.drawRightString(xs[3] - 3, y, b)
    bottom = top - 12 - len(rows) * 13
    for y in (top, bottom, bottom - 15):  # the group's box and a box under it
        c.line(xs[0], y, xs[-1], y)
    for x in xs[1:]:
        c.line(x, bottom - 15, x, top)
    c.drawString(xs[0] + 3, bottom - 11, "Cash and cash equivalents, end of year")
    c.drawRightString(xs[2] - 3, bottom - 11, "14,127")
    c.drawRightString(xs[3] - 3, bottom - 11, "14,487")
    c.showPage()
    c.save()
    return path


def row_ruled(path: Path) -> Path:
    """A prospectus table ruled under every row and never between columns: a heading printed over two
    lines ("2007年 / 半年度"), labels wrapped above and below their amounts, and two amounts set so close
    that they are one text run."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("STSong-Light", 10)
    c.drawString(20 * mm, H - 30 * mm, "3．公司最近3年加权平均净资产收益率计算表")
    c.drawString(165 * mm, H - 38 * mm, "单位：元")
    left, right = 30 * mm, 190 * mm
    col_right = [95 * mm, 126 * mm, 158 * mm, 190 * mm]  # right edges of the four value columns
    top = H - 42 * mm
    bands = [(top, top - 32)]
    for _ in range(3):
        bands.append((bands[-1][1], bands[-1][1] - 32))
    for y0, _ in bands:
        c.line(left, y0, right, y0)
    c.line(left, bands[-1][1], right, bands[-1][1])
    head_y = bands[0][0] - 18
    c.drawString(left + 3, head_y, "项目")
    c.drawRightString(col_right[0] - 3, head_y + 7, "2007年")
    c.drawRightString(col_right[0] - 3, head_y - 7, "半年度")
    for x, year in zip(col_right[1:], ("2006年", "2005年", "2004年"), strict=True):
        c.drawRightString(x - 3, head_y, year)
    rows = [
        (
            ("归属于母公司的", "所有者权益"),
            ("9,348,225,730.70", "9,348,251,366.53", "7,437,125,539.90", "6,661,977,509.51"),
        ),
        (("加权平均", "净资产收益率（%）"), ("6.13", "12.65", "13.19", "14.08")),
        (
            ("扣除非经常性损益后当", "期净利润"),
            ("596,261,472.82", "995,936,207.16", "969,431,828.74", "868,770,847.19"),
        ),
    ]
    for (y0, _), (label, values) in zip(bands[1:], rows, strict=True):
        mid = y0 - 18
        c.drawString(left + 3, mid + 8, label[0])
        c.drawString(left + 3, mid - 8, label[1])
        if len(values[0]) > 10:  # the wide first row: two amounts in one text run, one space apart
            x = col_right[0] - 3 - pdfmetrics.stringWidth(values[0], "STSong-Light", 10)
            c.drawString(x, mid, f"{values[0]} {values[1]}")
        else:
            c.drawRightString(col_right[0] - 3, mid, values[0])
            c.drawRightString(col_right[1] - 3, mid, values[1])
        c.drawRightString(col_right[2] - 3, mid, values[2])
        c.drawRightString(col_right[3] - 3, mid, values[3])
    c.showPage()
    c.save()
    return path


def merged_heading(path: Path) -> Path:
    """A ruled prospectus table whose dates head two columns each: "2010.12.31" is centred over its 金额 and
    比例 columns, and the rule between those columns starts below it."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("STSong-Light", 10)
    c.drawString(20 * mm, H - 30 * mm, "存货结构性分析 单位：万元")
    xs = [30 * mm, 60 * mm, 90 * mm, 120 * mm, 150 * mm, 180 * mm]
    top, h = H - 40 * mm, 18.0
    rows = [
        ["原材料", "7,330.04", "44.08%", "3,776.16", "44.01%"],
        ["在产品", "849.50", "5.11%", "220.86", "2.57%"],
    ]
    bottom = top - h * (2 + len(rows))
    for k in range(3 + len(rows)):  # rules under the dates, the sub-headings and every row
        c.line(xs[0], top - k * h, xs[-1], top - k * h)
    for x in (xs[0], xs[1], xs[3], xs[-1]):  # the label and date-group rules run the whole height
        c.line(x, bottom, x, top)
    for x in (xs[2], xs[4]):  # the rules between 金额 and 比例 start under the dates
        c.line(x, bottom, x, top - h)
    c.drawString(xs[0] + 3, top - h - 5, "项目")
    for k, date in enumerate(("2010.12.31", "2009.12.31")):
        c.drawCentredString(xs[1 + 2 * k + 1], top - h + 5, date)
        c.drawCentredString((xs[1 + 2 * k] + xs[2 + 2 * k]) / 2, top - 2 * h + 5, "金额")
        c.drawCentredString((xs[2 + 2 * k] + xs[3 + 2 * k]) / 2, top - 2 * h + 5, "比例")
    for n, r in enumerate(rows):
        y = top - (3 + n) * h + 5
        c.drawString(xs[0] + 3, y, r[0])
        for j, text in enumerate(r[1:], start=1):
            c.drawRightString(xs[j + 1] - 3, y, text)
    c.showPage()
    c.save()
    return path


def text_column(path: Path) -> Path:
    """A note table with a text column between its labels and amounts ("Estimated Useful Lives"), then a
    two-column stretch: running prose on the left, a small table on the right beside it."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 9)
    c.drawString(20 * mm, H - 30 * mm, "The following table summarizes property and equipment balances:")
    c.drawCentredString(110 * mm, H - 40 * mm, "Estimated Useful Lives")
    c.drawRightString(150 * mm, H - 40 * mm, "2021")
    c.drawRightString(185 * mm, H - 40 * mm, "2020")
    items = [
        ("Land", "N/A", "$ 7,507", "$ 6,696"),
        ("Buildings and improvements", "5-50 years", "19,139", "17,982"),
        ("Equipment and fixtures", "3-20 years", "9,505", "8,749"),
        ("Construction in progress", "N/A", "1,507", "1,276"),
    ]
    for i, (label, life, a, b) in enumerate(items):
        y = H - 48 * mm - i * 14
        c.drawString(20 * mm, y, label)
        c.drawCentredString(110 * mm, y, life)
        c.drawRightString(150 * mm, y, a)
        c.drawRightString(185 * mm, y, b)
    prose = [
        "Net charge-offs in the quarter fell as",
        "delinquencies improved across the scored",
        "portfolio and the risk-rated loans, with",
        "recoveries well above the prior year and",
        "the allowance released in the period.",
    ]
    c.drawRightString(150 * mm, H - 120 * mm, "2021")
    c.drawRightString(185 * mm, H - 120 * mm, "2020")
    right = [("Current", "775", "669"), ("Past due", "146", "235"), ("Total loans", "921", "904")]
    for i, text in enumerate(prose):
        y = H - 128 * mm - i * 12
        c.drawString(20 * mm, y, text)
        if i < len(right):
            label, a, b = right[i]
            c.drawString(112 * mm, y, label)
            c.drawRightString(150 * mm, y, a)
            c.drawRightString(185 * mm, y, b)
    c.showPage()
    c.save()
    return path


def stacked_tables(path: Path) -> Path:
    """Two unruled note tables a heading and a sentence apart, the first over three years, the second over
    two; in the first, each amount is printed in one run with the next column's "$" ("832 $")."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 9)
    xs3, xs2 = (120 * mm, 150 * mm, 180 * mm), (140 * mm, 180 * mm)
    y = H - 30 * mm
    for x, year in zip(xs3, ("2016", "2015", "2014"), strict=True):
        c.drawRightString(x, y, year)
    first = [
        ("Net realized gain", "832", "(10,952)", "(21,559)"),
        ("Net unrealized gain", "(6,070)", "3,815", "17,217"),
    ]
    first.append(("Net gain recognized", "(5,238)", "(7,137)", "(4,342)"))
    for n, (label, *amounts) in enumerate(first):
        y -= 14
        c.drawString(20 * mm, y, label)
        if n == 0:
            c.drawString(xs3[0] - 22 * mm, y, "$")
        for k, (x, a) in enumerate(zip(xs3, amounts, strict=True)):
            text = f"{a} $" if n == 0 and k < 2 else a  # the next column's sign in this amount's run
            c.drawString(x - pdfmetrics.stringWidth(a, "Helvetica", 9), y, text)
    y -= 26
    c.drawString(20 * mm, y, "NOTE 6. PROPERTY AND EQUIPMENT")
    y -= 14
    c.drawString(25 * mm, y, "Property and equipment consisted of the following (in thousands):")
    y -= 16
    for x, year in zip(xs2, ("2016", "2015"), strict=True):
        c.drawRightString(x, y, year)
    for label, a, b in [
        ("Land", "77,340", "70,728"),
        ("Buildings", "382,364", "398,468"),
        ("Total", "459,704", "469,196"),
    ]:
        y -= 14
        c.drawString(20 * mm, y, label)
        c.drawRightString(xs2[0], y, a)
        c.drawRightString(xs2[1], y, b)
    c.showPage()
    c.save()
    return path


def lead_in_tables(path: Path) -> Path:
    """A maturity schedule, then close below it a note heading, a sentence leading into the next table
    ("… are as follows (amounts in millions):") and a goodwill roll-forward headed by segment names, every
    line as close to the next as the rows of one table."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 9)
    y = H - 30 * mm
    for label, amount in [
        ("2020", "$75"),
        ("2021", "11"),
        ("2022", "7"),
        ("Thereafter", "2"),
        ("Total", "$98"),
    ]:
        c.drawString(20 * mm, y, label)
        c.drawRightString(185 * mm, y, amount)
        y -= 14
    c.drawString(20 * mm, y, "8. Goodwill")
    y -= 14
    c.drawString(
        25 * mm,
        y,
        "The changes in the carrying amount of goodwill by operating segment are as follows "
        "(amounts in millions):",
    )
    y -= 14
    xs = (110 * mm, 135 * mm, 160 * mm, 185 * mm)
    for x, name in zip(xs, ("Activision", "Blizzard", "King", "Total"), strict=True):
        c.drawRightString(x, y, name)
    for label, *amounts in [
        ("Balance at December 31, 2018", "$6,897", "$190", "$2,675", "$9,762"),
        ("Other", "1", "—", "1", "2"),
        ("Balance at December 31, 2019", "$6,898", "$190", "$2,676", "$9,764"),
    ]:
        y -= 14
        c.drawString(20 * mm, y, label)
        for x, a in zip(xs, amounts, strict=True):
            c.drawRightString(x, y, a)
    c.showPage()
    c.save()
    return path


def stacked_headings(path: Path) -> Path:
    """An unruled segment table whose headings are stacked: "Fiscal Year" over the year of each pair of
    columns, and a last column headed "Percent of" over "Total", its first line wider than its numbers."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(20 * mm, H - 25 * mm, "RESULTS OF SEGMENT OPERATIONS")
    c.setFont("Helvetica", 9)
    cols = (90 * mm, 125 * mm, 150 * mm, 180 * mm)  # right edges of Dollars | Percent | Dollars | Percent
    y = H - 40 * mm
    c.drawCentredString(135 * mm, y, "Fiscal Year")
    y -= 12
    c.drawCentredString(107 * mm, y, "2020")
    c.drawCentredString(165 * mm, y, "2019")
    y -= 12
    c.drawCentredString(cols[3] - 9 * mm, y, "Percent of")  # centred left of its right-aligned numbers
    y -= 12
    c.drawString(20 * mm, y, "In Millions")
    for x, head in zip(cols[:3], ("Dollars", "Percent of Total", "Dollars"), strict=True):
        c.drawRightString(x, y, head)
    c.drawCentredString(cols[3] - 9 * mm, y, "Total")
    rows = [
        ("North America Retail", "$ 10,750.5", "61%", "$ 9,925.2", "59%"),
        ("Pet", "1,694.6", "10", "1,430.9", "8"),
        ("Total", "$ 17,626.6", "100%", "$ 16,865.2", "100%"),
    ]
    for label, *cells in rows:
        y -= 13
        c.drawString(20 * mm, y, label)
        for x, cell in zip(cols, cells, strict=True):
            c.drawRightString(x, y, cell)
    c.showPage()
    c.save()
    return path


def _grid_rows(c: canvas.Canvas, y: float, rows: list[list[str]], xs: list[float], font: str) -> None:
    """Ruled rows of 16 points from ``y`` down."""
    for row in rows:
        _grid_row(c, y - 16.0, row, xs, 16.0, font)
        y -= 16.0


def pushed_row(path: Path) -> Path:
    """A ruled quarterly table ending at the foot of page 1 whose last row is pushed to the top of page 2
    (its own one-row grid), and further down page 2 a one-row grid of figures that continues nothing."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    c = canvas.Canvas(str(path), pagesize=A4)
    xs = [20 * mm, 80 * mm, 120 * mm, 160 * mm, 190 * mm]
    h = 16.0
    font = "STSong-Light"
    _furniture(c, 1, 2)
    c.setFont(font, 10)
    y = H - 30 * mm
    for i in range(30):
        c.drawString(20 * mm, y, f"本段为正文第{i + 1}行，介绍公司本年度经营情况。")
        y -= 14
    c.drawString(20 * mm, y - 6, "分季度主要财务数据 单位：元")
    y -= 30
    rows = [
        ["营业收入", "366,175.52", "258,180.26", "483,387.41"],
        ["净利润", "150,513.05", "31,931.81", "113,287.42"],
    ]
    _grid_rows(c, y, [["项目", "第一季度", "第二季度", "第三季度"], *rows], xs, font)
    c.showPage()
    _furniture(c, 2, 2)
    y = H - 25 * mm
    _grid_row(c, y - h, ["经营活动产生的现金流量净额", "49,859.61", "56,623.88", "297,397.59"], xs, h, font)
    c.setFont(font, 10)
    y -= 40
    for i in range(6):
        c.drawString(20 * mm, y, f"这是第二页正文第{i + 1}行，说明季度数据与定期报告一致。")
        y -= 14
    _grid_row(c, y - 20 - h, ["合计", "1,234.00", "2,345.00", "3,456.00"], xs, h, font)
    y -= 20 + h + 40
    c.setFont(font, 10)
    c.drawString(20 * mm, y, "非经常性损益项目和金额 单位：元")
    y -= 14
    rows = [
        ["政府补助", "1,100.00", "2,200.00", "3,300.00"],
        ["所得税影响额", "(110.00)", "(220.00)", "(330.00)"],
    ]
    _grid_rows(c, y, [["项目", "2020年", "2019年", "2018年"], *rows], xs, font)
    c.showPage()
    c.save()
    return path


def statement_in_two_parts(path: Path, lead_in: str = "") -> Path:
    """An unruled balance sheet the column reader takes as two tables (its years printed again halfway):
    no title stands between them, only the first part's rows; or, with ``lead_in``, that sentence."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(20 * mm, H - 30 * mm, "Consolidated Balance Sheets")
    c.setFont("Helvetica", 9)
    y = H - 40 * mm
    for n, part in enumerate((
        [("Cash and cash equivalents", "$ 3,604", "$ 3,160"), ("Inventories", "2,981", "3,545"),
         ("Total assets", "$ 50,873", "$ 50,710")],
        [("Accounts payable", "$ 780", "$ 880"), ("Salaries, benefits and payroll taxes", "3,108", "3,163"),
         ("Total current liabilities", "13,997", "13,933")],
    )):  # fmt: skip
        if n and lead_in:
            c.drawString(20 * mm, y, lead_in)
            y -= 13
        c.drawRightString(150 * mm, y, "2021")
        c.drawRightString(185 * mm, y, "2020")
        for label, a, b in part:
            y -= 13
            c.drawString(20 * mm, y, label)
            c.drawRightString(150 * mm, y, a)
            c.drawRightString(185 * mm, y, b)
        y -= 13
    c.showPage()
    c.save()
    return path


def label_column_heading(path: Path) -> Path:
    """An unruled debt table whose period headings ("January 31, 2018", "January 31, 2017") sit over pairs of
    columns, above a heading of the maturity column left of the amounts ("Maturity Dates")."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 9)
    y = H - 40 * mm
    c.drawCentredString(130 * mm, y, "January 31, 2018")
    c.drawCentredString(175 * mm, y, "January 31, 2017")
    y -= 11
    c.drawString(75 * mm, y, "Maturity Dates")
    y -= 11
    c.drawString(20 * mm, y, "(Amounts in millions)")
    c.drawString(75 * mm, y, "By Fiscal Year")
    cols = (125 * mm, 145 * mm, 170 * mm, 190 * mm)
    for x, head in zip(cols, ("Amount", "Rate", "Amount", "Rate"), strict=True):
        c.drawRightString(x, y, head)
    rows = [
        ("Fixed", "2019 - 2048", "$ 24,540", "3.9%", "$ 30,500", "4.7%"),
        ("Variable", "2019 - 2020", "800", "4.1%", "500", "5.5%"),
        ("Total U.S. dollar denominated", "", "25,340", "", "31,000", ""),
        ("Total Yen denominated", "", "1,655", "", "88", ""),
    ]
    for label, due, *cells in rows:
        y -= 13
        c.drawString(20 * mm, y, label)
        c.drawString(75 * mm, y, due)
        for x, cell in zip(cols, cells, strict=True):
            c.drawRightString(x, y, cell)
    c.showPage()
    c.save()
    return path
