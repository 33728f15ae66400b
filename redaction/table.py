"""The credential pattern table (patterns.toml), loaded and validated once."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

TABLE_PATH = Path(__file__).parent / "patterns.toml"
CHECKS = {"pem_block", "bearer_value", "jwt_header", "sensitive_value", "parameter_value",
          "aws_secret"}
KEYS = {"id", "keywords", "case", "pattern", "check", "min_entropy", "why"}


class PatternTableError(ValueError):
    """A pattern record that must not load; the message names it."""


@dataclass(frozen=True)
class CredentialPattern:
    id: str
    regex: re.Pattern
    keywords: tuple[str, ...]
    check: str | None
    min_entropy: float
    why: str


@dataclass(frozen=True)
class PatternTable:
    patterns: tuple[CredentialPattern, ...]
    marker: str
    encoded_marker: str
    url_marker: str


def _pattern(raw: dict) -> CredentialPattern:
    pid = raw.get("id", "?")
    if set(raw) - KEYS:
        raise PatternTableError(f"patterns.toml: {pid}: unknown keys {sorted(set(raw) - KEYS)}")
    if raw.get("check") is not None and raw["check"] not in CHECKS:
        raise PatternTableError(f"patterns.toml: {pid}: unknown check {raw['check']!r}")
    if not raw.get("why"):
        raise PatternTableError(f"patterns.toml: {pid}: every pattern says why")
    try:
        regex = re.compile(raw["pattern"], re.I if raw.get("case") == "ci" else 0)
    except (re.error, KeyError) as exc:
        raise PatternTableError(f"patterns.toml: {pid}: pattern does not compile: {exc}") from exc
    return CredentialPattern(pid, regex, tuple(k.lower() for k in raw.get("keywords", ())),
                             raw.get("check"), float(raw.get("min_entropy", 0.0)), raw["why"])


def load(path: Path = TABLE_PATH) -> PatternTable:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    patterns = tuple(_pattern(raw) for raw in doc["pattern"])
    ids = [p.id for p in patterns]
    if len(ids) != len(set(ids)):
        raise PatternTableError("patterns.toml: pattern ids must be unique")
    return PatternTable(patterns, doc["marker"], doc["encoded_marker"], doc["url_marker"])


TABLE = load()
