"""The `verdict` command: one verdict per input line, same as the HTTP answer."""

import json
import subprocess
import sys

from tests.conftest import ROOT

FRAMES = [
    {"code": -32603, "message": "Internal error", "data": "Rate limited"},
    {"code": -32603, "message": "Internal error", "data": "Improperly formed request."},
]


def run_cli(*args: str, stdin: str) -> list[dict]:
    done = subprocess.run([sys.executable, "-m", "service.cli", *args], input=stdin.encode(),
                          capture_output=True, cwd=ROOT, timeout=60, check=True)
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def test_one_verdict_per_frame_line_same_as_http(client):
    lines = "\n".join(json.dumps(f) for f in FRAMES) + "\n\n"
    answers = run_cli("classify", "--backend", "claude-agent-acp", stdin=lines)
    over_http = [client.post("/v1/classify", json={"backend": "claude-agent-acp", "frame": f}).json()
                 for f in FRAMES]
    assert answers == over_http


def test_a_bad_line_gets_a_problem_and_the_rest_still_classify():
    answers = run_cli("classify", stdin='not json\n{"code": "x"}\n' + json.dumps(FRAMES[0]) + "\n")
    assert [a.get("problem", {}).get("code") for a in answers] == ["invalid_json", "validation_failed", None]
    assert answers[2]["kind"] == "throttle" and answers[2]["message"].startswith("Bedrock")


def test_whole_requests_carry_their_own_backend_and_models():
    request = {"backend": "codex", "frame": {"data": "The model 'o9' is not available"},
               "advertised_models": ["gpt-5"]}
    answer = run_cli("classify", stdin=json.dumps(request) + "\n")[0]
    assert answer["kind"] == "model_not_entitled" and answer["backend"] == "codex"
