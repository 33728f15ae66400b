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


# Issue 8's bars for errors from sources the rules never saw: the retry verdict on 95%, the kind on 85%.
UNSEEN_KIND_BAR, UNSEEN_VERDICT_BAR = 0.85, 0.95


def _holdout() -> dict:
    return json.loads((CORPUS_DIR / "holdout.json").read_text("utf-8"))


def held_out_origins() -> set[str]:
    """Whole origins no rule was written from (see holdout.json); reported separately."""
    return set(_holdout()["origins"])


def held_out_floor() -> tuple[int, int, int]:
    """The slice's agreement when last recorded: (kind hits, verdict hits, entries)."""
    floor = _holdout()["floor"]
    kind_hits, total = map(int, floor["kind"].split("/"))
    verdict_hits, verdict_total = map(int, floor["verdict"].split("/"))
    assert total == verdict_total, floor
    return kind_hits, verdict_hits, total
