"""A Python client generated from openapi.yaml by openapi-python-client works against the live
service: it classifies a frame and receives a problem."""

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def sdk(tmp_path_factory):
    where = tmp_path_factory.mktemp("sdk")
    config = where / "config.yaml"
    config.write_text("post_hooks: []\npackage_name_override: verdict_client\n")
    generator = Path(sys.executable).with_name("openapi-python-client")
    subprocess.run([str(generator), "generate", "--path", str(ROOT / "openapi.yaml"), "--config", str(config),
                    "--meta", "none", "--output-path", str(where / "verdict_client")],
                   check=True, capture_output=True, timeout=300)
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module("verdict_client")
    finally:
        sys.path.remove(str(where))


def test_generated_client_classifies_a_frame(server, sdk):
    from verdict_client.api.default import classify
    from verdict_client.models import ClassifyRequest, ClassifyResponse, Frame
    frame = Frame.from_dict({"code": -32603, "message": "Internal error", "data": "Rate limited"})
    with sdk.Client(base_url=server.url) as client:
        answer = classify.sync(client=client, body=ClassifyRequest(frame=frame, backend="claude-agent-acp"))
    assert isinstance(answer, ClassifyResponse)
    assert answer.kind.value == "throttle" and answer.transient is True and answer.backend == "claude"


def test_generated_client_receives_a_problem(server, sdk):
    from verdict_client.api.default import classify
    from verdict_client.models import ClassifyRequest, Frame, Problem
    body = ClassifyRequest(frame=Frame.from_dict({"code": -32603}), backend="x")
    body.additional_properties["hints"] = {"http_status": 42}
    with sdk.Client(base_url=server.url) as client:
        response = classify.sync_detailed(client=client, body=body)
    assert response.status_code == 422
    assert isinstance(response.parsed, Problem) and response.parsed.code.value == "validation_failed"
