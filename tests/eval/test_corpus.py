"""Corpus cache keys follow the documents' content, not their file times."""

from __future__ import annotations

import os
from pathlib import Path

from finrag.eval.corpus import files_key


def test_a_copied_corpus_keeps_its_key_an_edited_one_does_not(tmp_path: Path) -> None:
    a = tmp_path / "a.pdf"
    a.write_bytes(b"%PDF-1.4 annual report")
    before = files_key([a])
    os.utime(a, (1_000_000, 1_000_000))  # copied again: new times, same bytes
    assert files_key([a]) == before
    a.write_bytes(b"%PDF-1.4 annual report, restated")
    assert files_key([a]) != before
