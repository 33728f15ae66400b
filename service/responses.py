"""Responses rendered with orjson; problem responses as application/problem+json."""

from __future__ import annotations

from typing import Any

import orjson
from starlette.responses import Response

from service.problems import Problem


def _replace_surrogates(value: Any) -> Any:
    """orjson refuses lone surrogates; output them as U+FFFD rather than fail the request."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {_replace_surrogates(k): _replace_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_surrogates(v) for v in value]
    return value


def dumps(content: Any) -> bytes:
    try:
        return orjson.dumps(content)
    except TypeError:
        return orjson.dumps(_replace_surrogates(content))


class JSONResponse(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)


class ProblemResponse(Response):
    media_type = "application/problem+json"

    def __init__(self, problem: Problem, headers: dict | None = None):
        super().__init__(problem.body(), status_code=problem.kind.status, headers=headers)

    def render(self, content: Any) -> bytes:
        return dumps(content)
