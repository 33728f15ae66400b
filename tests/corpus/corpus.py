"""The labelled corpus of real errors: loading entries and what each must classify as."""

from __future__ import annotations

import json
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent
ENTRY_KEYS = {"id", "source_url", "origin", "backend", "raw", "frame", "kind", "transient", "why"}


def entries() -> list[dict]:
    rows = []
    for path in sorted(CORPUS_DIR.glob("*.jsonl")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if line.strip():
                row = json.loads(line)
                row["_file"] = f"{path.name}:{number}"
                rows.append(row)
    return rows


def expected(entry: dict) -> tuple[str, bool]:
    """The label, unless the entry records that the spec decides otherwise (and why)."""
    spec = entry.get("spec")
    if spec:
        return spec["kind"], spec["transient"]
    return entry["kind"], entry["transient"]


def held_out_origins() -> set[str]:
    """Whole origins no rule was written from (see holdout.json); reported separately."""
    path = CORPUS_DIR / "holdout.json"
    return set(json.loads(path.read_text("utf-8"))["origins"]) if path.exists() else set()
