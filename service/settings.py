"""Configuration from the environment (README, configuration table)."""

from __future__ import annotations

import os
from dataclasses import dataclass


def _int(env: dict, name: str, default: int, minimum: int = 1) -> int:
    raw = env.get(name, "")
    try:
        value = int(raw) if raw.strip() else default
    except ValueError as exc:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from exc
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8080
    workers: int = os.cpu_count() or 1
    max_body_bytes: int = 1_048_576
    max_batch: int = 1000

    @classmethod
    def from_env(cls, env: dict | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        return cls(
            host=env.get("HOST") or "127.0.0.1",
            port=_int(env, "PORT", 8080),
            workers=_int(env, "VERDICT_WORKERS", os.cpu_count() or 1),
            max_body_bytes=_int(env, "VERDICT_MAX_BODY_BYTES", 1_048_576),
            max_batch=_int(env, "VERDICT_MAX_BATCH", 1000),
        )
