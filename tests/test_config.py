"""Settings: precedence of env over TOML over defaults, and docs/CONFIG.md kept in step with config.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.config import load_settings
from finrag.config_doc import config_markdown

ROOT = Path(__file__).resolve().parents[1]


def test_env_beats_toml_beats_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml = tmp_path / "finrag.toml"
    toml.write_text("[chunk]\nmax_tokens = 321\noverlap = 0.2\n", encoding="utf-8")
    monkeypatch.setenv("FINRAG_CONFIG", str(toml))
    monkeypatch.setenv("FINRAG_CHUNK__OVERLAP", "0.05")
    s = load_settings(tmp_path / "data")
    assert s.chunk.max_tokens == 321  # from the TOML file
    assert s.chunk.overlap == 0.05  # env wins over TOML
    assert s.retrieve.rrf_k == 60  # untouched default
    assert s.home == tmp_path / "data"


def test_config_doc_is_current() -> None:
    doc = (ROOT / "docs" / "CONFIG.md").read_text(encoding="utf-8")
    assert doc == config_markdown(), (
        "docs/CONFIG.md is stale: run `finrag config --markdown > docs/CONFIG.md`"
    )
