"""Every classifier vector replayed against real gunicorn over real HTTP."""

import httpx
import pytest

from tests.vectors import all_vectors, mismatches

VECTORS = all_vectors()


@pytest.fixture(scope="module")
def http(server):
    with httpx.Client(base_url=server.url, timeout=10) as session:
        yield session


@pytest.mark.e2e
@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_holds_over_http(http, vector):
    response = http.post("/v1/classify", json=vector["input"])
    assert response.status_code == 200, response.text
    assert response.headers["x-request-id"]
    assert mismatches(vector["expect"], response.json()) == []


@pytest.mark.e2e
def test_batch_answers_every_vector_in_order(http):
    items = [v["input"] for v in VECTORS]
    response = http.post("/v1/classify/batch", json={"items": items})
    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["kind"] for r in results] == [v["expect"]["kind"] for v in VECTORS]
