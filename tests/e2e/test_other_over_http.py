"""The same vectors for exits, turns, refusals and compaction, against real gunicorn."""

import httpx
import pytest

from tests.vectors import other_mismatches, other_vectors

VECTORS = other_vectors()


@pytest.mark.e2e
@pytest.mark.parametrize("endpoint, vector", VECTORS, ids=[v["id"] for _, v in VECTORS])
def test_vector_holds_over_http(server, endpoint, vector):
    response = httpx.post(f"{server.url}{endpoint}", json=vector["input"], timeout=10)
    assert response.status_code == 200, response.text
    assert other_mismatches(vector, response.json()) == []
