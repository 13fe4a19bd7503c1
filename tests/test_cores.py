"""Pool sizing: a container's CPU quota (cgroup v1 or v2) caps the cores finrag plans for."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from finrag import cores


def _point_at(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(cores, "_CGROUP_V2_MAX", tmp_path / "cpu.max")
    monkeypatch.setattr(cores, "_CGROUP_V1_QUOTA", tmp_path / "cpu.cfs_quota_us")
    monkeypatch.setattr(cores, "_CGROUP_V1_PERIOD", tmp_path / "cpu.cfs_period_us")


def _affinity() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def test_no_quota_uses_every_core_this_process_may_run_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _point_at(monkeypatch, tmp_path)
    assert cores.cgroup_cpu_quota() is None
    assert cores.usable_cores() == _affinity()
    (tmp_path / "cpu.max").write_text("max 100000\n")
    assert cores.usable_cores() == _affinity()


def test_cgroup_v2_quota_caps_the_pool_rounding_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _point_at(monkeypatch, tmp_path)
    (tmp_path / "cpu.max").write_text("50000 100000\n")  # docker --cpus 0.5
    assert cores.cgroup_cpu_quota() == 0.5
    assert cores.usable_cores() == 1


def test_cgroup_v1_quota_is_read_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _point_at(monkeypatch, tmp_path)
    (tmp_path / "cpu.cfs_quota_us").write_text("150000\n")
    (tmp_path / "cpu.cfs_period_us").write_text("100000\n")
    assert cores.cgroup_cpu_quota() == 1.5
    assert cores.usable_cores() == min(2, _affinity())
    (tmp_path / "cpu.cfs_quota_us").write_text("-1\n")  # unlimited
    assert cores.usable_cores() == _affinity()
