"""Telemetry against real parts: gunicorn exports to a real OTLP/HTTP receiver; /metrics sums
across workers; a planted canary credential appears in no export, metric or log line."""

import re
import time

import httpx
import pytest

from tests.gunicorn import Gunicorn
from tests.e2e.otlp_receiver import Receiver

pytestmark = pytest.mark.e2e
CANARY_KEY = "AKIA" + "QZXW7CANARY4242"[:16].upper().ljust(16, "Q")
CANARY_TOKEN = "ghp_" + "Canary0Token1Never2Leaks3Anywhere4x"
CANARY_FRAME = {"code": -32603, "message": "Internal error",
                "data": f"ThrottlingException: key {CANARY_KEY} token {CANARY_TOKEN} rejected"}
ROUNDS = 12


def wait_for(condition, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


@pytest.fixture(scope="module")
def exported():
    with Receiver() as receiver:
        server = Gunicorn(env={"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url,
                               "OTEL_METRIC_EXPORT_INTERVAL": "500", "OTEL_BSP_SCHEDULE_DELAY": "100"},
                          workers=2).start()
        try:
            with httpx.Client(base_url=server.url, timeout=10) as http:
                for _ in range(ROUNDS):
                    answer = http.post("/v1/classify", json={"backend": "claude", "frame": CANARY_FRAME})
                    assert answer.status_code == 200
                http.post("/v1/classify", json={"backend": "claude", "frame": {"code": "bad"}})
                metrics = http.get("/metrics").text
            assert wait_for(lambda: receiver.spans() and "verdict_classifications_total" in receiver.metric_names())
        finally:
            server.stop()
        yield receiver, metrics, server.log.read_text()


def test_spans_arrive_with_the_allowlisted_attributes_only(exported):
    receiver, _, _ = exported
    spans = [s for s in receiver.spans() if s.name == "POST /v1/classify"]
    assert len(spans) == ROUNDS + 1
    attributes = {a.key: a.value for a in spans[0].attributes}
    assert {"http.route", "http.status_code"} <= set(attributes)
    kinds = {a.value.string_value for s in spans for a in s.attributes if a.key == "verdict.kind"}
    assert kinds == {"throttle"}
    allowed = {"http.route", "http.status_code", "verdict.kind", "verdict.rule", "verdict.backend", "verdict.transient"}
    assert {a.key for s in spans for a in s.attributes} <= allowed


def test_metrics_arrive_over_otlp(exported):
    receiver, _, _ = exported
    assert {"verdict_classifications_total", "verdict_request_duration_seconds"} <= receiver.metric_names()


def test_metrics_endpoint_sums_every_worker(exported):
    _, metrics, _ = exported
    counted = re.search(r'verdict_classifications_total\{backend="claude",kind="throttle",transient="true"\} (\S+)', metrics)
    assert counted and float(counted.group(1)) == ROUNDS
    assert 'verdict_request_duration_seconds_count{route="/v1/classify",status="422"} 1.0' in metrics


def test_the_canary_appears_nowhere(exported):
    receiver, metrics, log = exported
    for secret in (CANARY_KEY, CANARY_TOKEN):
        assert all(secret.encode() not in body for _, body in receiver.raw)
        assert secret not in metrics
        assert secret not in log


def test_access_log_is_one_json_line_per_request_without_frame_text(exported):
    _, _, log = exported
    lines = [line for line in log.splitlines() if line.startswith("{")]
    classify_lines = [line for line in lines if '"route":"/v1/classify"' in line]
    assert len(classify_lines) == ROUNDS + 1
    assert all('"request_id":' in line and '"duration_ms":' in line for line in classify_lines)
    assert not any("ThrottlingException" in line for line in lines)
