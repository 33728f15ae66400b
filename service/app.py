"""create_app(settings): the Starlette application of api.md."""

from __future__ import annotations

import contextlib

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.routing import Route

import classifiers
from service import classify_routes, ops_routes, other_routes
from service.middleware import ServiceMiddleware
from service.problems import Problem, ProblemCode
from service.responses import ProblemResponse
from service.settings import Settings

ROUTES = [
    Route("/v1/classify", classify_routes.classify_one, methods=["POST"]),
    Route("/v1/classify/batch", classify_routes.classify_batch, methods=["POST"]),
    Route("/v1/redact", classify_routes.redact, methods=["POST"]),
    Route("/v1/classify/exit", other_routes.classify_exit, methods=["POST"]),
    Route("/v1/classify/turn", other_routes.classify_turn, methods=["POST"]),
    Route("/v1/refusal", other_routes.refusal, methods=["POST"]),
    Route("/v1/classify/compaction", other_routes.classify_compaction, methods=["POST"]),
    Route("/v1/taxonomy", ops_routes.taxonomy, methods=["GET"]),
    Route("/healthz", ops_routes.healthz, methods=["GET"]),
    Route("/readyz", ops_routes.readyz, methods=["GET"]),
    Route("/openapi.yaml", ops_routes.openapi_yaml, methods=["GET"]),
    Route("/openapi.json", ops_routes.openapi_json, methods=["GET"]),
    Route("/metrics", ops_routes.metrics, methods=["GET"]),
]
ROUTE_PATHS = frozenset(r.path for r in ROUTES)

_HTTP_PROBLEMS = {404: ProblemCode.NOT_FOUND, 405: ProblemCode.METHOD_NOT_ALLOWED}


async def _problem(request: Request, exc: Problem) -> ProblemResponse:
    return ProblemResponse(exc)


async def _http_problem(request: Request, exc: HTTPException) -> ProblemResponse:
    code = _HTTP_PROBLEMS.get(exc.status_code, ProblemCode.NOT_FOUND)
    detail = (f"{request.method} is not allowed on {request.url.path}."
              if code is ProblemCode.METHOD_NOT_ALLOWED else "No resource at this path.")
    allow = {k.lower(): v for k, v in (exc.headers or {}).items()}.get("allow")
    headers = {"allow": allow} if allow else None
    return ProblemResponse(Problem(code, detail), headers=headers)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        classifiers.ruleset()  # loads and validates every rule file; a bad file stops start-up
        ops_routes.openapi_document()
        app.state.ready = True
        yield

    app = Starlette(
        routes=ROUTES,
        middleware=[Middleware(ServiceMiddleware, routes=ROUTE_PATHS)],
        exception_handlers={Problem: _problem, HTTPException: _http_problem},
        lifespan=lifespan,
    )
    app.router.redirect_slashes = False  # an unknown path is a documented 404, never a redirect
    app.state.settings = settings
    app.state.ready = False
    return app
