from __future__ import annotations

from pathlib import Path

import pytest

from finrag.errors import AccessDeniedError, ConfigError
from finrag.serve.auth import (
    AuthenticationError,
    hash_key,
    load_keyring,
    main,
    parse_keys_file,
    scope_for_role,
)
from tests.serve.conftest import ADMIN_KEY, ANALYST_KEY, write_keys


def test_keys_map_to_roles_with_their_scope(tmp_path: Path) -> None:
    ring = parse_keys_file(write_keys(tmp_path / "keys.toml"))
    admin = ring.authenticate(ADMIN_KEY)
    analyst = ring.authenticate(ANALYST_KEY)
    assert (admin.role, admin.admin, admin.scope.max_level) == ("admin", True, 9)
    assert (analyst.role, analyst.admin, analyst.scope.max_level) == ("analyst", False, 0)
    assert analyst.scope.groups is None  # no groups listed = every group


def test_wrong_or_missing_key_is_refused(tmp_path: Path) -> None:
    ring = parse_keys_file(write_keys(tmp_path / "keys.toml"))
    for key in (None, "", "admin-secret-ke", ADMIN_KEY + " "):
        with pytest.raises(AuthenticationError):
            ring.authenticate(key)
    assert issubclass(AuthenticationError, AccessDeniedError)


def test_keys_file_holds_only_digests(tmp_path: Path) -> None:
    text = write_keys(tmp_path / "keys.toml").read_text()
    assert ADMIN_KEY not in text and hash_key(ADMIN_KEY) in text


def test_without_keys_file_everyone_is_local_admin(settings) -> None:
    ring = load_keyring(settings)
    who = ring.authenticate(None)
    assert not ring.enabled and who.admin and who.scope.groups is None


def test_scope_for_role_reads_the_keys_file(settings, tmp_path: Path) -> None:
    settings.serve.keys_file = str(write_keys(tmp_path / "keys.toml"))
    assert scope_for_role(settings, "analyst").max_level == 0
    with pytest.raises(ConfigError):
        scope_for_role(settings, "nobody")


@pytest.mark.parametrize(
    "body",
    [
        "[roles.a]\nmax_level = 'high'\n",
        '[roles.a]\nmax_level = 1\n[[keys]]\nsha256 = "zz"\nrole = "a"\n',
        '[roles.a]\nmax_level = 1\n[[keys]]\nsha256 = "ab"\nrole = "a"\n',
        f'[[keys]]\nsha256 = "{hash_key("x")}"\nrole = "ghost"\n',
        "not toml [",
    ],
)
def test_bad_keys_files_are_config_errors_naming_the_file(tmp_path: Path, body: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(body)
    with pytest.raises(ConfigError) as info:
        parse_keys_file(path)
    assert info.value.file == str(path)


def test_hash_command_prints_the_digest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hash", "s3cret"]) == 0
    assert capsys.readouterr().out.strip() == hash_key("s3cret")
    assert main([]) == 2
