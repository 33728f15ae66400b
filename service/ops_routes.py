"""Catalogue and operations: taxonomy, health, readiness, the OpenAPI document."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from starlette.requests import Request
from starlette.responses import Response

import classifiers
from service import telemetry
from service.problems import Problem, ProblemCode
from service.responses import JSONResponse

OPENAPI_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"


@lru_cache(maxsize=1)
def openapi_bytes() -> bytes:
    return OPENAPI_PATH.read_bytes()


@lru_cache(maxsize=1)
def openapi_document() -> dict:
    return yaml.safe_load(openapi_bytes())


async def taxonomy(request: Request) -> JSONResponse:
    return JSONResponse(classifiers.taxonomy())


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> JSONResponse:
    if not getattr(request.app.state, "ready", False):
        raise Problem(ProblemCode.NOT_READY, "The rule files are not loaded and validated yet.")
    return JSONResponse({"status": "ready", "ruleset": classifiers.ruleset().id})


async def openapi_yaml(request: Request) -> Response:
    return Response(openapi_bytes(), media_type="application/yaml")


async def openapi_json(request: Request) -> JSONResponse:
    return JSONResponse(openapi_document())


async def metrics(request: Request) -> Response:
    body, content_type = telemetry.metrics_exposition()
    return Response(body, media_type=content_type)
