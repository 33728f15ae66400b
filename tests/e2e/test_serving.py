"""The running service: health, readiness, the spec served as written, hostile requests."""

import httpx
import pytest

from service.ops_routes import OPENAPI_PATH

pytestmark = pytest.mark.e2e


def test_liveness_and_readiness(server):
    assert httpx.get(f"{server.url}/healthz").json() == {"status": "ok"}
    ready = httpx.get(f"{server.url}/readyz")
    assert ready.status_code == 200 and ready.json()["ruleset"].startswith("2026.12.0+")


def test_openapi_yaml_is_served_byte_for_byte(server):
    response = httpx.get(f"{server.url}/openapi.yaml")
    assert response.content == OPENAPI_PATH.read_bytes()


def test_incoming_request_id_is_echoed(server):
    response = httpx.get(f"{server.url}/healthz", headers={"X-Request-Id": "abc-123.x"})
    assert response.headers["x-request-id"] == "abc-123.x"
    forged = httpx.get(f"{server.url}/healthz", headers={"X-Request-Id": "bad id\twith spaces"})
    assert forged.headers["x-request-id"] != "bad id\twith spaces"


def test_oversized_body_is_refused_while_reading(server):
    body = b'{"backend":"","frame":{"data":"' + b"x" * 1_100_000 + b'"}}'
    response = httpx.post(f"{server.url}/v1/classify", content=body,
                          headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["code"] == "body_too_large"
    assert httpx.get(f"{server.url}/healthz").status_code == 200


def test_chunked_body_over_the_limit_is_refused(server):
    def chunks():
        yield b'{"backend":"","frame":{"data":"'
        for _ in range(40):
            yield b"y" * 32768
        yield b'"}}'
    response = httpx.post(f"{server.url}/v1/classify", content=chunks(),
                          headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["code"] == "body_too_large"
