"""Every manifest validates against the Kubernetes schemas, and says what the issue asks of it."""

import ast
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from tests.conftest import ROOT

MANIFESTS = sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml"))


def load(name: str) -> dict:
    return yaml.safe_load((ROOT / "deploy" / "kubernetes" / name).read_text())


def gunicorn_setting(name: str):
    tree = ast.parse((ROOT / "service" / "gunicorn.conf.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == name:
            return ast.literal_eval(node.value)
    raise KeyError(name)


@pytest.mark.parametrize("path", MANIFESTS, ids=[p.name for p in MANIFESTS])
def test_manifest_validates_strictly(path: Path):
    for document in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(document, "1.37.0", strict=True)


def test_deployment_probes_resources_and_hardening():
    pod = load("deployment.yaml")["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["resources"]["requests"] and container["resources"]["limits"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert pod["terminationGracePeriodSeconds"] > gunicorn_setting("graceful_timeout")


def test_the_autoscaler_and_budget_target_the_deployment():
    assert load("hpa.yaml")["spec"]["scaleTargetRef"]["name"] == "verdict"
    selector = load("pdb.yaml")["spec"]["selector"]["matchLabels"]
    assert selector == load("deployment.yaml")["spec"]["selector"]["matchLabels"]
    assert load("service.yaml")["spec"]["selector"] == selector


def test_the_sidecar_shares_localhost_with_its_application():
    containers = {c["name"]: c for c in load("sidecar-example.yaml")["spec"]["containers"]}
    verdict_env = {e["name"]: e["value"] for e in containers["verdict"]["env"]}
    assert verdict_env["HOST"] == "127.0.0.1"
    app_env = {e["name"]: e["value"] for e in containers["agent-client"]["env"]}
    assert app_env["VERDICT_URL"] == f"http://127.0.0.1:{verdict_env['PORT']}"
