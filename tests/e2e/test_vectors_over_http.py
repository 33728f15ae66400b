"""Every classifier vector replayed against real gunicorn over real HTTP."""

import httpx
import orjson
import pytest

from service.settings import Settings
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


def within_limits(items: list[dict]) -> list[list[dict]]:
    """The items cut into consecutive batches that the default body size and item count admit
    (the vectors together outgrew one batch)."""
    limits = Settings()
    batches, current, size = [], [], 0
    for item in items:
        item_size = len(orjson.dumps(item)) + 1
        if current and (len(current) == limits.max_batch or size + item_size > limits.max_body_bytes // 2):
            batches.append(current)
            current, size = [], 0
        current.append(item)
        size += item_size
    return batches + [current]


@pytest.mark.e2e
def test_batch_answers_every_vector_in_order(http):
    batches = within_limits([v["input"] for v in VECTORS])
    results = []
    for batch in batches:
        response = http.post("/v1/classify/batch", json={"items": batch})
        assert response.status_code == 200, response.text
        results += response.json()["results"]
    assert [r["kind"] for r in results] == [v["expect"]["kind"] for v in VECTORS]
