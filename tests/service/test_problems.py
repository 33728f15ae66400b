"""Bad input gets a documented problem with a stable code, never a 500 (api.md Conventions)."""

import json

import pytest

JSON = {"content-type": "application/json"}
GOOD = {"backend": "", "frame": {"code": -32603, "message": "Internal error", "data": "x"}}

CASES = [
    ("not-json", "POST", "/v1/classify", JSON, b"{nope", 400, "invalid_json"),
    ("empty-body", "POST", "/v1/classify", JSON, b"", 400, "invalid_json"),
    ("not-utf8", "POST", "/v1/classify", JSON, b'{"backend":"\xff\xfe","frame":{}}', 400, "invalid_json"),
    ("nan", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"code":NaN}}', 400, "invalid_json"),
    ("infinity", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"data":Infinity}}', 400, "invalid_json"),
    ("huge-exponent", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"data":1e999}}', 400, "invalid_json"),
    ("negative-huge-exponent", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"data":-1e999}}', 400, "invalid_json"),
    ("trailing-garbage", "POST", "/v1/classify", JSON, json.dumps(GOOD).encode() + b"}", 400, "invalid_json"),
    ("deep-nesting", "POST", "/v1/classify", JSON, b"[" * 5000 + b"]" * 5000, 400, "invalid_json"),
    ("array-body", "POST", "/v1/classify", JSON, b"[]", 422, "validation_failed"),
    ("data-nested-1000-deep", "POST", "/v1/classify", JSON,
     b'{"backend":"","frame":{"code":-32603,"data":' + b"[" * 1000 + b"]" * 1000 + b"}}", 422, "validation_failed"),
    ("object-nested-1000-deep", "POST", "/v1/classify", JSON,
     b'{"backend":"","frame":{"data":' + b'{"a":' * 1000 + b"1" + b"}" * 1000 + b"}}", 422, "validation_failed"),
    ("missing-frame", "POST", "/v1/classify", JSON, b'{"backend":""}', 422, "validation_failed"),
    ("missing-backend", "POST", "/v1/classify", JSON, b'{"frame":{}}', 422, "validation_failed"),
    ("frame-string", "POST", "/v1/classify", JSON, b'{"backend":"","frame":"boom"}', 422, "validation_failed"),
    ("code-string", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"code":"-32603"}}', 422, "validation_failed"),
    ("code-bool", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"code":true}}', 422, "validation_failed"),
    ("code-fraction", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"code":1.5}}', 422, "validation_failed"),
    ("message-number", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"message":5}}', 422, "validation_failed"),
    ("backend-number", "POST", "/v1/classify", JSON, b'{"backend":7,"frame":{}}', 422, "validation_failed"),
    ("models-not-strings", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{},"advertised_models":[1]}', 422, "validation_failed"),
    ("hints-status-range", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{},"hints":{"http_status":99}}', 422, "validation_failed"),
    ("hints-negative-wait", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{},"hints":{"retry_after_s":-1}}', 422, "validation_failed"),
    ("error-member-not-object", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"jsonrpc":"2.0","id":1,"error":"x"}}', 422, "validation_failed"),
    ("text-plain", "POST", "/v1/classify", {"content-type": "text/plain"}, json.dumps(GOOD).encode(), 415, "unsupported_media_type"),
    ("no-content-type", "POST", "/v1/classify", {}, json.dumps(GOOD).encode(), 415, "unsupported_media_type"),
    ("latin1-charset", "POST", "/v1/classify", {"content-type": "application/json; charset=latin-1"}, json.dumps(GOOD).encode(), 415, "unsupported_media_type"),
    ("form", "POST", "/v1/redact", {"content-type": "application/x-www-form-urlencoded"}, b"text=x", 415, "unsupported_media_type"),
    ("too-large", "POST", "/v1/classify", JSON, b'{"backend":"","frame":{"data":"' + b"a" * 70000 + b'"}}', 413, "body_too_large"),
    ("batch-too-large", "POST", "/v1/classify/batch", JSON, json.dumps({"items": [GOOD] * 6}).encode(), 413, "batch_too_large"),
    ("batch-items-missing", "POST", "/v1/classify/batch", JSON, b'{}', 422, "validation_failed"),
    ("redact-text-missing", "POST", "/v1/redact", JSON, b'{"txt":"x"}', 422, "validation_failed"),
    ("unknown-path", "GET", "/v2/classify", {}, b"", 404, "not_found"),
    ("trailing-slash", "POST", "/v1/classify/", JSON, json.dumps(GOOD).encode(), 404, "not_found"),
    ("options", "OPTIONS", "/v1/classify", {}, b"", 405, "method_not_allowed"),
    ("utf16-charset", "POST", "/v1/classify", {"content-type": "application/json; charset=utf-16"}, json.dumps(GOOD).encode(), 415, "unsupported_media_type"),
    ("wrong-method", "GET", "/v1/classify", {}, b"", 405, "method_not_allowed"),
    ("wrong-method-delete", "DELETE", "/healthz", {}, b"", 405, "method_not_allowed"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bad_request_gets_its_documented_problem(client, case):
    _, method, path, headers, body, status, code = case
    response = client.request(method, path, headers=headers, content=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.headers["x-request-id"]
    problem = response.json()
    assert problem["code"] == code and problem["status"] == status
    assert problem["type"] == f"/problems/{code}" and problem["title"] and problem["detail"]


def test_validation_problem_points_at_each_field(client):
    response = client.post("/v1/classify", json={"backend": 1, "frame": {"code": "x", "message": 2}})
    paths = sorted(e["path"] for e in response.json()["errors"])
    assert paths == ["/backend", "/frame/code", "/frame/message"]


def test_one_bad_batch_item_never_fails_the_batch(client):
    response = client.post("/v1/classify/batch", json={"items": [GOOD, {"frame": 3}, GOOD]})
    results = response.json()["results"]
    assert response.status_code == 200 and len(results) == 3
    assert results[0]["kind"] == results[2]["kind"] == "unknown"
    assert results[1]["problem"]["code"] == "validation_failed"
    assert {e["path"] for e in results[1]["problem"]["errors"]} == {"/items/1/frame", "/items/1/backend"}


def test_lone_surrogate_escape_is_classified_not_refused(client):
    body = b'{"backend":"","frame":{"code":-32603,"message":"Internal error","data":"bad \\ud800 please try again"}}'
    response = client.post("/v1/classify", headers=JSON, content=body)
    assert response.status_code == 200
    assert response.json()["kind"] == "http_5xx"
    assert "\\ud800" in response.json()["raw_detail"]


def test_service_still_answers_after_hostile_requests(client):
    for case in CASES:
        client.request(case[1], case[2], headers=case[3], content=case[4])
    assert client.post("/v1/classify", json=GOOD).status_code == 200


def test_method_not_allowed_names_the_allowed_methods(client):
    assert "POST" in client.get("/v1/classify").headers["allow"]
