"""How often the cover page alone (file name hidden) yields company and period, per FinanceBench file.

Usage: python bench/cover_meta.py [--docs ../shared/eval/docs] [--pages 3]
Reads the first pages' text layer with pypdfium2 (fast; no parsing stage) and compares the extracted
company and fiscal year with the FinanceBench file name ("3M_2018_10K.pdf").
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import pypdfium2 as pdfium

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from finrag.chunk.metadata import extract_meta, from_file_name

ROOT = Path(__file__).resolve().parents[1]


def squash(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", default=str(ROOT.parent / "shared" / "eval" / "docs"))
    ap.add_argument("--pages", type=int, default=3)
    args = ap.parse_args()
    files = sorted((Path(args.docs) / "en").glob("*.pdf"))
    company = year = period_end = 0
    for path in files:
        pdf = pdfium.PdfDocument(str(path))
        text = "\n".join(pdf[i].get_textpage().get_text_range() for i in range(min(args.pages, len(pdf))))
        pdf.close()
        meta = extract_meta("document.pdf", text, "en")  # the file name hides nothing away: it says nothing
        named = from_file_name(path.name)
        ok_company = meta.company is not None and squash(meta.company)[:4] in squash(path.name)
        ok_year = meta.fiscal_year is not None and abs(meta.fiscal_year - (named.fiscal_year or 0)) <= 1
        company += ok_company
        year += ok_year
        period_end += meta.period_end is not None or meta.report_date is not None
        if not (ok_company and ok_year):
            print(f"{path.name:45} company={meta.company!r} year={meta.fiscal_year}", file=sys.stderr)
    n = len(files)
    print(
        f"files {n}: company matches file name {company}/{n}, fiscal year within 1 of the file name's "
        f"{year}/{n}, period end or report date found {period_end}/{n}"
    )


if __name__ == "__main__":
    main()
