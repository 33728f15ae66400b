"""Every redaction vector: no secret (nor any 16-character window of it) survives; look-alikes
come back byte for byte; scrubbing is idempotent."""

import json
from pathlib import Path

import jsonschema
import pytest

from redaction import scrub
from redaction.table import TABLE

DIR = Path(__file__).resolve().parents[2] / "redaction"
DOCUMENT = json.loads((DIR / "patterns.vectors.json").read_text("utf-8"))
VECTORS = DOCUMENT["vectors"]
WINDOW = 16


def leaks(secret: str, text: str) -> list[str]:
    if len(secret) <= WINDOW:
        return [secret] if secret in text else []
    return [secret[i:i + WINDOW] for i in range(len(secret) - WINDOW + 1) if secret[i:i + WINDOW] in text]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_holds(vector):
    text, count = scrub(vector["text"])
    expect = vector["expect"]
    if expect["redacted"]:
        assert count >= 1 and text != vector["text"]
    else:
        assert (text, count) == (vector["text"], 0)
    for secret in expect.get("secrets", ()):
        assert leaks(secret, text) == []
    for fragment in expect.get("survives", ()):
        assert fragment in text
    assert scrub(text) == (text, 0)


def test_vectors_follow_their_schema():
    schema = json.loads((DIR / "patterns.vectors.schema.json").read_text("utf-8"))
    jsonschema.validate(DOCUMENT, schema)


def test_every_pattern_has_a_positive_vector():
    covered = {v["pattern"] for v in VECTORS if "positive" in v["flags"]}
    assert sorted({p.id for p in TABLE.patterns} - covered) == []


def test_vector_ids_are_unique():
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))
