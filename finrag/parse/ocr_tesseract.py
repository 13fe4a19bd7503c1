"""The optional second OCR engine: the apt-installed tesseract binary (tesseract-ocr + language packs),
called through subprocess with TSV output; word boxes are grouped into its lines."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2

from finrag.config import OcrSettings
from finrag.errors import ParseError
from finrag.parse.ocr_engine import Image, OcrLine, join_tokens

# Tesseract reports confidence in percent.
_TESS_CONF_SCALE = 100.0
# Tesseract's own limit on a page's OCR time, as a safety net beside the pool's timeout (s).
_TESS_TIMEOUT_S = 120.0


class TesseractEngine:
    """The tesseract binary (apt tesseract-ocr + language packs), word boxes grouped into its lines."""

    name = "tesseract"

    def __init__(self, settings: OcrSettings) -> None:
        self._cmd = settings.tesseract_cmd
        self._langs = settings.tesseract_langs
        self._threads = max(settings.threads, 1)

    def read(self, image: Image) -> list[OcrLine]:
        with tempfile.TemporaryDirectory(prefix="finrag-tess-") as tmp:
            png = Path(tmp) / "page.png"
            cv2.imwrite(str(png), image)
            env = dict(os.environ, OMP_THREAD_LIMIT=str(self._threads))
            try:
                proc = subprocess.run(
                    [self._cmd, str(png), "stdout", "-l", self._langs, "--psm", "3", "tsv"],
                    capture_output=True,
                    env=env,
                    timeout=_TESS_TIMEOUT_S,
                    check=False,
                )
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise ParseError(f"tesseract failed: {exc}", stage="parse") from exc
        if proc.returncode != 0:
            raise ParseError(f"tesseract failed: {proc.stderr.decode(errors='replace')[:200]}", stage="parse")
        return parse_tesseract_tsv(proc.stdout.decode("utf-8", errors="replace"))


@dataclass(slots=True)
class _Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    conf: float


def parse_tesseract_tsv(tsv: str) -> list[OcrLine]:
    groups: dict[tuple[str, str, str, str], list[_Word]] = {}
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (row.get("text") or "").strip()
        if row.get("level") != "5" or not text:
            continue
        left, top = float(row["left"]), float(row["top"])
        word = _Word(
            text, left, top, left + float(row["width"]), top + float(row["height"]), float(row["conf"])
        )
        key = (row["page_num"], row["block_num"], row["par_num"], row["line_num"])
        groups.setdefault(key, []).append(word)
    lines: list[OcrLine] = []
    for words in groups.values():
        words.sort(key=lambda w: w.x0)
        text = join_tokens([w.text for w in words])
        lines.append(
            OcrLine(
                text=text,
                x0=min(w.x0 for w in words),
                y0=min(w.y0 for w in words),
                x1=max(w.x1 for w in words),
                y1=max(w.y1 for w in words),
                score=max(0.0, sum(w.conf for w in words) / len(words) / _TESS_CONF_SCALE),
            )
        )
    return lines
