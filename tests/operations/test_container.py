"""The container recipe, tested step by step the way a machine without a Docker engine can:
lint, every COPY source, pinned dependencies, and the image's own file tree served under its
CMD and ENV, with its HEALTHCHECK command run against it."""

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import httpx
import pytest

from tests.gunicorn import ROOT, Gunicorn

DOCKERFILE = (ROOT / "Dockerfile").read_text()
LOCK = ROOT / "requirements.lock"


def instructions(name: str, final_stage_only: bool = False) -> list[str]:
    joined = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    if final_stage_only:
        joined = joined[joined.rindex("\nFROM "):]
    return [line.split(None, 1)[1] for line in joined.splitlines() if line.startswith(name + " ")]


def runtime_env() -> dict[str, str]:
    env = {}
    for line in instructions("ENV")[-1:]:
        env.update(dict(re.findall(r"(\w+)=(\S+)", line)))
    return env


def test_hadolint_finds_nothing():
    done = subprocess.run([str(Path(sys.executable).with_name("hadolint")), "-f", "json",
                           str(ROOT / "Dockerfile")], capture_output=True, text=True)
    assert json.loads(done.stdout or "[]") == [], done.stdout


def test_base_images_are_pinned_and_the_user_is_not_root():
    assert all(re.fullmatch(r"python:\d+\.\d+\.\d+-slim-\w+( AS \w+)?", f) for f in instructions("FROM"))
    assert instructions("USER")[-1] not in ("root", "0")
    assert instructions("CMD")[-1].startswith("[")  # exec form


def test_every_copied_path_exists_and_is_in_the_build_context():
    ignore = (ROOT / ".dockerignore").read_text()
    for line in instructions("COPY"):
        if line.startswith("--from="):
            continue
        source = line.split()[0]
        assert (ROOT / source).exists(), source
        assert f"!{source}" in ignore or f"!{source}/" in ignore, source


def test_the_lock_pins_every_runtime_dependency_at_the_pyproject_version():
    pinned = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", LOCK.read_text(), re.M))
    normal = {k.lower().replace("_", "-"): v for k, v in pinned.items()}
    for requirement in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        name, version = requirement.split("==")
        assert normal[name.lower()] == version, requirement
    installed = subprocess.run([sys.executable, "-m", "pip", "freeze"], capture_output=True, text=True).stdout
    for name, version in pinned.items():
        assert f"{name}=={version}".lower() in installed.lower(), f"{name}=={version} not what the tests run on"


@pytest.fixture(scope="module")
def image_tree(tmp_path_factory):
    """The runtime stage's /app, assembled from its COPY steps."""
    app = tmp_path_factory.mktemp("app")
    for line in instructions("COPY", final_stage_only=True):
        if line.startswith("--from="):
            continue
        source, target = line.split()[:2]
        destination = app / Path(target).relative_to("/app")
        if (ROOT / source).is_dir():
            shutil.copytree(ROOT / source, destination, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / source, destination)
    return app


@pytest.mark.e2e
def test_the_image_tree_serves_under_its_cmd_and_passes_its_healthcheck(image_tree):
    command = json.loads(instructions("CMD")[-1])
    assert command[:2] == ["gunicorn", "-c"] and (image_tree / command[2]).exists()
    image_env = {k: v for k, v in runtime_env().items() if k not in ("PORT", "PATH")}
    assert image_env["HOST"] == "0.0.0.0"
    server = Gunicorn(env={**image_env, "HOST": "127.0.0.1", "PYTHONPATH": str(image_tree)})
    server.cwd = image_tree
    server.start()
    try:
        assert httpx.get(f"{server.url}/readyz").status_code == 200
        healthcheck = json.loads(re.search(r"CMD (\[.*\])", instructions("HEALTHCHECK")[-1]).group(1))
        probe = subprocess.run([sys.executable, *healthcheck[1:]], env={"PORT": str(server.port)}, timeout=10)
        assert probe.returncode == 0
    finally:
        server.stop()
