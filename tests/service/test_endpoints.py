"""The endpoints answer with the shapes api.md documents."""

import classifiers
import redaction


def test_classify_answers_the_full_verdict(client):
    body = {"backend": "Claude-Agent-ACP", "frame": {"code": -32603, "message": "Internal error",
                                                      "data": "Rate limited"}}
    answer = client.post("/v1/classify", json=body).json()
    assert answer == classifiers.classify(body["frame"], body["backend"]).as_dict()
    assert answer["backend"] == "claude" and answer["backend_known"] is True


def test_unknown_backend_is_classified_with_the_shared_rules(client):
    answer = client.post("/v1/classify", json={"backend": "my-harness", "frame": {"data": "HTTP 503"}}).json()
    assert answer["kind"] == "http_5xx" and answer["backend_known"] is False
    assert answer["backend"] == "my-harness"


def test_unknown_backend_ids_share_one_metrics_label(client):
    """A caller's own backend ids must not grow /metrics, nor appear in it."""
    for backend in ("harness-one", "harness-two"):
        client.post("/v1/classify", json={"backend": backend, "frame": {"data": "HTTP 503"}})
    exposition = client.get("/metrics").text
    assert 'backend="unknown",kind="http_5xx",transient="true"' in exposition
    assert "harness-one" not in exposition and "harness-two" not in exposition


def test_redact_uses_the_classifier_redaction(client):
    text = "key AKIAIOSFODNN7EXAMPLE and postgres://u:hunter22@db/x"
    answer = client.post("/v1/redact", json={"text": text}).json()
    assert answer == {"text": redaction.scrub(text)[0], "redactions": 2}
    assert "AKIAIOSFODNN7EXAMPLE" not in answer["text"] and "hunter22" not in answer["text"]


def test_taxonomy_lists_every_kind_tag_recovery_and_backend(client):
    taxonomy = client.get("/v1/taxonomy").json()
    kinds = {k["kind"] for k in taxonomy["kinds"]}
    assert {"http_5xx", "refusal", "unknown", "auth_required", "kas_engine_refused"} <= kinds
    assert len(taxonomy["tags"]) == 9 and "model_substitution" in taxonomy["tags"]
    assert {b["id"] for b in taxonomy["backends"]} >= {"", "kas", "claude", "codex", "goose"}
    families = {e["name"]: e["family"] for e in taxonomy["exceptions"]}
    assert sum(f == "AcpError" for f in families.values()) == 15  # the base and its 14 subclasses
    assert families["AcpSessionStartTimeout"] == "AcpRuntimeError"
    assert taxonomy["ruleset"] == classifiers.ruleset().id


def test_openapi_json_is_the_yaml_document(client):
    import yaml
    from service.ops_routes import OPENAPI_PATH
    assert client.get("/openapi.json").json() == yaml.safe_load(OPENAPI_PATH.read_bytes())
