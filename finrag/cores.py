"""How many CPU cores this process may really use: sizes thread and process pools (embedding, OCR).

``os.cpu_count()`` reports the host's cores, which over-sizes pools in a container limited by an affinity
mask or a CFS quota (``docker --cpus``); both limits are honoured here.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

# cgroup v2 keeps "<quota> <period>" in one file; v1 keeps them in two (quota -1 = unlimited).
_CGROUP_V2_MAX = Path("/sys/fs/cgroup/cpu.max")
_CGROUP_V1_QUOTA = Path("/sys/fs/cgroup/cpu/cpu.cfs_quota_us")
_CGROUP_V1_PERIOD = Path("/sys/fs/cgroup/cpu/cpu.cfs_period_us")


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None


def cgroup_cpu_quota() -> float | None:
    """The CFS quota in cores (e.g. 1.5), or None when there is none or it cannot be read."""
    v2 = _read(_CGROUP_V2_MAX)
    if v2:
        parts = v2.split()
        if len(parts) == 2 and parts[0] != "max":
            try:
                return int(parts[0]) / max(int(parts[1]), 1)
            except ValueError:
                return None
        return None
    quota, period = _read(_CGROUP_V1_QUOTA), _read(_CGROUP_V1_PERIOD)
    try:
        if quota is not None and period is not None and int(quota) > 0:
            return int(quota) / max(int(period), 1)
    except ValueError:
        return None
    return None


def usable_cores() -> int:
    """Cores this process may run on: the affinity mask (else the CPU count), capped by a CFS quota."""
    affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    cores = (len(affinity) if affinity else os.cpu_count()) or 1
    quota = cgroup_cpu_quota()
    if quota is not None:
        cores = min(cores, max(1, math.ceil(quota)))
    return cores
