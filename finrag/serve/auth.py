"""API keys and roles.

The keys file (``settings.serve.keys_file``) is TOML; keys are stored only as sha256 hex digests::

    [roles.admin]
    max_level = 9
    admin = true              # may ingest and delete

    [roles.analyst]
    max_level = 0             # sees access levels 0..max_level
    groups = ["research"]     # omit for every group

    [[keys]]
    sha256 = "5e88...d1"      # python -m finrag.serve.auth hash <key>
    role = "analyst"

Keys are compared in constant time against every stored digest and never logged. Without a keys file
the service runs in local mode: one admin principal that sees everything, bound to loopback only.
"""

from __future__ import annotations

import hashlib
import hmac
import sys
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from finrag.config import Settings
from finrag.errors import AccessDeniedError, ConfigError
from finrag.model import AccessScope

LOCAL_ROLE = "local"  # the principal used when no keys file is configured


class AuthenticationError(AccessDeniedError):
    """No API key, or one that matches no stored digest (HTTP 401)."""


@dataclass(frozen=True, slots=True)
class Role:
    name: str
    scope: AccessScope
    admin: bool = False


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the role's name, what it may see, and whether it may ingest/delete."""

    role: str
    scope: AccessScope
    admin: bool


@dataclass(frozen=True, slots=True)
class KeyRing:
    roles: dict[str, Role]
    digests: tuple[tuple[bytes, str], ...]  # (sha256 digest, role name)

    @property
    def enabled(self) -> bool:
        return bool(self.digests)

    def authenticate(self, key: str | None) -> Principal:
        """The principal of an API key; local admin when no keys are configured."""
        if not self.enabled:
            return Principal(LOCAL_ROLE, AccessScope.everything(), admin=True)
        if not key:
            raise AuthenticationError("missing API key (send 'Authorization: Bearer <key>')")
        digest = hashlib.sha256(key.encode("utf-8")).digest()
        found: str | None = None
        for stored, role in self.digests:  # no early exit: time does not depend on which key matched
            if hmac.compare_digest(stored, digest):
                found = role
        if found is None:
            raise AuthenticationError("invalid API key")
        role_obj = self.roles[found]
        return Principal(role_obj.name, role_obj.scope, role_obj.admin)


def hash_key(key: str) -> str:
    """The sha256 hex digest written into the keys file for ``key``."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _role(name: str, raw: object, file: str) -> Role:
    if not isinstance(raw, dict):
        raise ConfigError(f"role {name!r} must be a table", file=file)
    level = raw.get("max_level", 0)
    groups = raw.get("groups")
    admin = raw.get("admin", False)
    if not isinstance(level, int) or not isinstance(admin, bool):
        raise ConfigError(f"role {name!r}: max_level must be an integer and admin a boolean", file=file)
    if groups is not None and not (isinstance(groups, list) and all(isinstance(g, str) for g in groups)):
        raise ConfigError(f"role {name!r}: groups must be a list of strings", file=file)
    scope = AccessScope(max_level=level, groups=None if groups is None else frozenset(groups))
    return Role(name, scope, admin)


def parse_keys_file(path: Path) -> KeyRing:
    """Read and validate a keys file; every problem is a ConfigError naming the file."""
    file = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read keys file: {err}", file=file) from err
    raw_roles = data.get("roles", {})
    if not isinstance(raw_roles, dict):
        raise ConfigError("[roles] must be a table", file=file)
    roles = {name: _role(name, raw, file) for name, raw in raw_roles.items()}
    digests: list[tuple[bytes, str]] = []
    for i, entry in enumerate(data.get("keys", [])):
        digest, role = (entry.get("sha256"), entry.get("role")) if isinstance(entry, dict) else (None, None)
        if not isinstance(digest, str) or not isinstance(role, str):
            raise ConfigError(f"keys[{i}] needs 'sha256' and 'role' strings", file=file)
        if role not in roles:
            raise ConfigError(f"keys[{i}] names unknown role {role!r}", file=file)
        try:
            raw_digest = bytes.fromhex(digest)
        except ValueError as err:
            raise ConfigError(f"keys[{i}]: sha256 is not hex", file=file) from err
        if len(raw_digest) != hashlib.sha256().digest_size:
            raise ConfigError(f"keys[{i}]: sha256 must be 64 hex digits", file=file)
        digests.append((raw_digest, role))
    return KeyRing(roles, tuple(digests))


@lru_cache(maxsize=8)
def _cached_ring(path: str, mtime_ns: int) -> KeyRing:
    return parse_keys_file(Path(path))


def load_keyring(settings: Settings) -> KeyRing:
    """The configured key ring (re-read when the file changes); empty when no keys file is set."""
    if not settings.serve.keys_file:
        return KeyRing({}, ())
    path = Path(settings.serve.keys_file)
    try:
        mtime = path.stat().st_mtime_ns
    except OSError as err:
        raise ConfigError(f"keys file not found: {err.strerror}", file=str(path)) from err
    return _cached_ring(str(path.resolve()), mtime)


def scope_for_role(settings: Settings, role: str) -> AccessScope:
    """What ``role`` may see (used by ``finrag ask --role``); local mode sees everything."""
    ring = load_keyring(settings)
    if not ring.roles and role in (LOCAL_ROLE, "admin"):
        return AccessScope.everything()
    if role not in ring.roles:
        raise ConfigError(f"unknown role {role!r}", file=settings.serve.keys_file)
    return ring.roles[role].scope


def main(argv: list[str]) -> int:
    """``python -m finrag.serve.auth hash KEY``: print the digest to put in the keys file."""
    if len(argv) != 2 or argv[0] != "hash":
        sys.stderr.write("usage: python -m finrag.serve.auth hash KEY\n")
        return 2
    sys.stdout.write(hash_key(argv[1]) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
