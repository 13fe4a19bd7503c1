from __future__ import annotations

from pathlib import Path

import pytest

from finrag.errors import ConfigError
from finrag.serve.run import check_bind, is_loopback
from tests.serve.conftest import write_keys


def test_loopback_detection() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("10.1.2.3") and not is_loopback("example.com")


def test_without_keys_only_loopback_is_allowed(settings) -> None:
    assert "loopback" in check_bind(settings, "127.0.0.1")
    with pytest.raises(ConfigError, match="without API keys"):
        check_bind(settings, "0.0.0.0")


def test_with_keys_any_host_is_allowed(settings, tmp_path: Path) -> None:
    settings.serve.keys_file = str(write_keys(tmp_path / "keys.toml"))
    assert "API keys" in check_bind(settings, "0.0.0.0")
