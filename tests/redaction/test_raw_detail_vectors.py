"""raw_detail vectors (rules.md section 5): one redacted ASCII line of at most 2000 characters."""

import json
import re
from pathlib import Path

import pytest

from redaction import render_raw_detail

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "redaction" / "raw_detail.vectors.json")
                     .read_text("ascii"))["vectors"]
MARKER = re.compile(r"\[REDACTED: [^\]]*\]")


def cut_is_clean(line: str) -> bool:
    head = line.rsplit(" ...[truncated ", 1)[0]
    partial_escape = re.search(r"\\u[0-9a-fA-F]{0,3}$", head)
    trailing_backslashes = len(head) - len(head.rstrip("\\"))
    partial_marker = "[REDACTED" in head and not head.endswith("]") and MARKER.sub("", head).count("[REDACTED")
    return not partial_escape and trailing_backslashes % 2 == 0 and not partial_marker


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_raw_detail_vector(vector):
    line = render_raw_detail(vector["frame"])
    expect = vector["expect"]
    assert line.isascii() and "\n" not in line and len(line) <= 2000
    if "equals" in expect:
        assert line == expect["equals"]
    if "length" in expect:
        assert len(line) == expect["length"]
    if "max_length" in expect:
        assert len(line) <= expect["max_length"]
    if "ends_with" in expect:
        assert line.endswith(expect["ends_with"])
    if expect.get("cut_clean"):
        assert "truncated" in line and cut_is_clean(line)
    for fragment in expect.get("not_contains", []) + expect.get("absent", []):
        assert fragment not in line
