"""The service as `make serve` runs it (gunicorn with service/gunicorn.conf.py) on a free
loopback port: shared by the end-to-end tests and the benchmarks."""

from __future__ import annotations

import os
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


class Gunicorn:
    """`app` and `worker_class` override the configuration's (the benchmarks compare both)."""

    def __init__(self, env: dict[str, str] | None = None, workers: int = 2, app: str | None = None,
                 worker_class: str | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port),
                    "VERDICT_WORKERS": str(workers), **(env or {})}
        self.command = [sys.executable, "-m", "gunicorn", "-c", "service/gunicorn.conf.py"]
        self.command += ["-k", worker_class] if worker_class else []
        self.command += [app] if app else []
        self.log = ROOT / ".venv" / f"gunicorn-{self.port}.log"
        self.cwd = ROOT
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 30.0) -> "Gunicorn":
        self.log.parent.mkdir(exist_ok=True)
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(self.command, cwd=self.cwd, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("gunicorn did not become ready")

    def stop(self, timeout: float = 30.0) -> int | None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode if self.process else None

    def __enter__(self) -> "Gunicorn":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def worker_pids(self) -> set[int]:
        pid = self.process.pid
        return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
