"""Load over loopback with wrk: requests per second and latency percentiles."""

from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass

import orjson

from bench.servers import ensure_wrk

FRAME_BODY = {"backend": "claude-agent-acp", "frame": {
    "code": -32603, "message": "Internal error",
    "data": 'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},'
            '"request_id":"req_011CZAYNHHZc2dXw6vchbkhw"}'}}
_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


@dataclass
class Load:
    rps: float
    p50_ms: float
    p99_ms: float
    requests: int


def _lua(body: bytes) -> str:
    escaped = body.decode().replace("\\", "\\\\").replace("'", "\\'")
    return ("wrk.method = 'POST'\n"
            "wrk.headers['Content-Type'] = 'application/json'\n"
            f"wrk.body = '{escaped}'\n")


def _latency(output: str, percentile: str) -> float:
    found = re.search(rf"^\s*{percentile}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M)
    return float(found.group(1)) * _UNITS[found.group(2)]


def run_wrk(url: str, seconds: float, connections: int = 32, threads: int = 1,
            body: dict = FRAME_BODY) -> Load:
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        script.write(_lua(orjson.dumps(body)))
        script.flush()
        output = subprocess.run(
            [ensure_wrk(), "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s",
             "--latency", "-s", script.name, f"{url}/v1/classify"],
            capture_output=True, text=True, check=True).stdout
    if "Non-2xx or 3xx responses" in output or "Socket errors" in output:
        raise RuntimeError(f"wrk saw failures:\n{output}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    return Load(rps, _latency(output, "50"), _latency(output, "99"), requests)
