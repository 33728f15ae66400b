"""What the benchmarks need beyond the shared gunicorn launcher (tests/gunicorn.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.gunicorn import Gunicorn

QUIET = {"VERDICT_ACCESS_LOG_LEVEL": "WARNING"}


def server(app: str | None = None, workers: int = 2, worker_class: str | None = None) -> Gunicorn:
    """A launcher for the service (or another app) without per-request access logs."""
    return Gunicorn(env=QUIET, workers=workers, app=app, worker_class=worker_class)


def worker_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pids: set[int]) -> float:
    """User plus system CPU time the processes have used so far."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (after the command name)
    return total / os.sysconf("SC_CLK_TCK")


def ensure_wrk() -> str:
    """wrk from Debian's packages, installed on first use."""
    found = shutil.which("wrk")
    if found:
        return found
    subprocess.run(["apt-get", "update", "-qq"], check=True, capture_output=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, capture_output=True)
    return shutil.which("wrk")
