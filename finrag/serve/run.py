"""``finrag serve``: run the API and web page with uvicorn (one process; ingest runs in a worker thread)."""

from __future__ import annotations

import ipaddress
import sys

from finrag.config import Settings
from finrag.errors import ConfigError
from finrag.serve.auth import load_keyring

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_bind(settings: Settings, host: str) -> str:
    """Refuse a non-loopback host when no API keys are configured; return the notice to print."""
    if load_keyring(settings).enabled:
        return f"finrag: API keys from {settings.serve.keys_file}; serving on {host}"
    if not is_loopback(host):
        raise ConfigError(
            f"refusing to bind {host} without API keys: set serve.keys_file (FINRAG_SERVE__KEYS_FILE) "
            "or use 127.0.0.1",
            stage="serve",
        )
    return f"finrag: no API keys configured, serving on {host} only (loopback; every caller is admin)"


def run_server(settings: Settings, host: str, port: int) -> None:
    import uvicorn

    from finrag.serve.api import create_app

    try:
        notice = check_bind(settings, host)
    except ConfigError as err:
        sys.stderr.write(f"error ({err.stage}): {err}\n")
        raise SystemExit(2) from err
    sys.stderr.write(notice + f"\nfinrag: web page and API at http://{host}:{port}/ (OpenAPI at /docs)\n")
    uvicorn.run(create_app(settings), host=host, port=port, log_level=settings.log_level.lower(), workers=1)
