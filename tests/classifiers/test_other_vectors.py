"""Vectors for process exits, codex text failures, refusals and compaction failures, in-process."""

import json

import jsonschema
import pytest

import classifiers
from tests.vectors import OTHER_ENDPOINTS, RULES_DIR, other_mismatches, other_vectors

VECTORS = other_vectors()


def call_in_process(endpoint: str, given: dict) -> dict:
    if endpoint == "/v1/classify/exit":
        return classifiers.classify_exit(given["backend"], given.get("stderr") or "", given.get("exit_code"),
                                         given.get("signal"), given.get("phase") or "turn",
                                         bool(given.get("activity_seen")), bool(given.get("ambiguous_delivery")))
    if endpoint == "/v1/classify/turn":
        return classifiers.classify_turn(given["backend"], given.get("prompt"), given["updates"],
                                         given.get("stop_reason"), given.get("error"))
    if endpoint == "/v1/refusal":
        return classifiers.classify_refusal(given["backend"], given.get("metadata"), given.get("stop_reason"),
                                            given.get("streamed_text") or "", given.get("error"))
    return classifiers.classify_compaction(given["params"])


@pytest.mark.parametrize("endpoint, vector", VECTORS, ids=[v["id"] for _, v in VECTORS])
def test_vector_holds_in_process(endpoint, vector):
    assert other_mismatches(vector, call_in_process(endpoint, vector["input"])) == []


def test_vector_files_follow_their_schema():
    schema = json.loads((RULES_DIR / "other.vectors.schema.json").read_text("utf-8"))
    for name in OTHER_ENDPOINTS:
        jsonschema.validate(json.loads((RULES_DIR / f"{name}.vectors.json").read_text("utf-8")), schema)


def test_compaction_detail_is_redacted_and_at_most_200_characters():
    vector = next(v for _, v in VECTORS if v["id"] == "compaction/redacted-and-capped")
    detail = call_in_process("/v1/classify/compaction", vector["input"])["detail"]
    assert len(detail) == 200 and detail.startswith("[REDACTED: credential] xxx")
