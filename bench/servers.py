"""Gunicorn as `make serve` runs it (service/gunicorn.conf.py), for the service or the floor app."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, app: str = "service.asgi:app", workers: int = 2, worker_class: str | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "gunicorn", "-c", "service/gunicorn.conf.py"]
        if worker_class:
            command += ["-k", worker_class]
        self.command = command + [app]
        self.env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port),
                    "VERDICT_WORKERS": str(workers), "VERDICT_ACCESS_LOG_LEVEL": "WARNING"}
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> "Server":
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                httpx.post(f"{self.url}/v1/classify", json={"backend": "", "frame": {}}, timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def __exit__(self, *exc) -> None:
        self.process.terminate()
        self.process.wait(30)

    def worker_pids(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        return [int(pid) for pid in children]


def worker_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def ensure_wrk() -> str:
    """wrk from Debian's packages, installed on first use."""
    found = shutil.which("wrk")
    if found:
        return found
    subprocess.run(["apt-get", "update", "-qq"], check=True, capture_output=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, capture_output=True)
    return shutil.which("wrk")
