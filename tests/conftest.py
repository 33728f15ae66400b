"""Shared fixtures: an in-process client, and a real gunicorn on a free loopback port."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings
from tests.gunicorn import ROOT, Gunicorn

__all__ = ["ROOT", "Gunicorn"]


@pytest.fixture(scope="session")
def client():
    with TestClient(create_app(Settings(max_body_bytes=65536, max_batch=5))) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def server():
    instance = Gunicorn().start()
    yield instance
    instance.stop()
