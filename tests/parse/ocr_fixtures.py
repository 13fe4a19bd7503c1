"""Builders for OCR tests: a digital PDF with known text and a table, rasterised into a noisy,
slightly rotated image-only PDF / PNG / TIFF (nothing is read from disk)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image

ZH_TEXT = (
    "本公司二零一九年度实现营业收入十二亿三千万元，较上年增长百分之八。"
    "公司持续加大研发投入，主要产品市场占有率稳步提升。"
)
EN_TEXT = (
    "Revenue for the year increased by eight percent, driven by higher sales volumes "
    "and improved pricing in the refrigeration equipment segment."
)
TABLE_ROWS = [
    ["项目", "2019年", "2018年"],
    ["营业收入", "1,234,567.89", "1,143,120.00"],
    ["营业成本", "856,432.10", "801,765.43"],
    ["净利润", "178,901.23", "150,222.80"],
]
SCAN_DPI = 200
ROTATION_DEG = 1.5
NOISE_SIGMA = 12.0


def make_digital_pdf(path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    body = ParagraphStyle("body", fontName="STSong-Light", fontSize=12, leading=18)
    head = ParagraphStyle("head", fontName="STSong-Light", fontSize=16, leading=22)
    table = Table(TABLE_ROWS, colWidths=[120, 120, 120])
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), "STSong-Light"),
                ("FONTSIZE", (0, 0), (-1, -1), 12),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
            ]
        )
    )
    doc = SimpleDocTemplate(str(path), pagesize=A4)
    doc.build(
        [
            Paragraph("经营情况讨论与分析", head),
            Spacer(1, 12),
            Paragraph(ZH_TEXT, body),
            Spacer(1, 12),
            Paragraph(EN_TEXT, body),
            Spacer(1, 24),
            Paragraph("合并利润表 单位：元", body),
            Spacer(1, 6),
            table,
        ]
    )


def scan(pdf_path: Path, seed: int = 7) -> list[Image.Image]:
    """Render every page, rotate it slightly and add noise, like a flatbed scan."""
    rng = np.random.default_rng(seed)
    pages: list[Image.Image] = []
    pdf = pdfium.PdfDocument(str(pdf_path))
    for page in pdf:
        img = page.render(scale=SCAN_DPI / 72).to_pil().convert("L")
        img = img.rotate(ROTATION_DEG, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=255)
        arr = np.asarray(img, dtype=np.float32) + rng.normal(0, NOISE_SIGMA, (img.height, img.width))
        pages.append(Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)))
    pdf.close()
    return pages


def make_scanned_pdf(path: Path, pages: list[Image.Image]) -> None:
    pages[0].save(path, save_all=True, append_images=pages[1:], resolution=SCAN_DPI)


def cer(got: str, want: str) -> float:
    """Character error rate (Levenshtein distance / len(want)), whitespace ignored."""
    a = "".join(got.split())
    b = "".join(want.split())
    prev = list(range(len(a) + 1))
    for i, cb in enumerate(b, start=1):
        cur = [i] + [0] * len(a)
        for j, ca in enumerate(a, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return prev[-1] / max(len(b), 1)
