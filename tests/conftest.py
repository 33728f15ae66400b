"""Shared fixtures: an in-process client, and a real gunicorn on a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def client():
    with TestClient(create_app(Settings(max_body_bytes=65536, max_batch=5))) as test_client:
        yield test_client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Gunicorn:
    """The service as `make serve` runs it: gunicorn with service/gunicorn.conf.py."""

    def __init__(self, env: dict[str, str] | None = None, workers: int = 2):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port),
                    "VERDICT_WORKERS": str(workers), **(env or {})}
        self.log = ROOT / ".venv" / f"gunicorn-{self.port}.log"
        self.cwd = ROOT
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 30.0) -> "Gunicorn":
        self.log.parent.mkdir(exist_ok=True)
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "service/gunicorn.conf.py"],
                cwd=self.cwd, env=self.env, stdout=log, stderr=subprocess.STDOUT)
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


@pytest.fixture(scope="session")
def server():
    instance = Gunicorn().start()
    yield instance
    instance.stop()
