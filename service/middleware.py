"""Plain ASGI middleware: a request id on every answer, telemetry, and no 500 that echoes input."""

from __future__ import annotations

import logging
import re
import time
import secrets

from service import telemetry
from service.problems import Problem, ProblemCode
from service.responses import dumps

REQUEST_ID_HEADER = b"x-request-id"
_WELL_FORMED_ID = re.compile(rb"[A-Za-z0-9._:\-]{1,128}")
log = logging.getLogger("verdict.errors")


def request_id_of(scope: dict) -> str:
    for name, value in scope.get("headers", ()):
        if name == REQUEST_ID_HEADER and _WELL_FORMED_ID.fullmatch(value):
            return value.decode("ascii")
    return secrets.token_hex(16)


class ServiceMiddleware:
    """One ASGI layer around every request: a request id on the answer, timing and telemetry
    from the decision's facts (never text), and no 500 that echoes input. One layer, not three:
    each costs a closure and an await on every request."""

    def __init__(self, app, routes: frozenset[str]):
        self.app = app
        self.routes = routes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = request_id_of(scope)
        state = scope.setdefault("state", {})
        state["request_id"] = request_id
        header = (b"x-request-id", request_id.encode("ascii"))
        status = 0

        async def send_with_id(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), header]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception as exc:  # the last guard: answer 500 without echoing input
            log.error("unhandled %s on %s (request %s)", type(exc).__name__, scope.get("path"), request_id)
            if status:
                raise
            status = 500
            problem = Problem(ProblemCode.INTERNAL_ERROR, "The service failed to answer this request.")
            await send({"type": "http.response.start", "status": 500,
                        "headers": [(b"content-type", b"application/problem+json"), header]})
            await send({"type": "http.response.body", "body": dumps(problem.body())})
        finally:
            route = scope["path"] if scope["path"] in self.routes else "unmatched"
            telemetry.record(route, scope["method"], status or 500, started, request_id,
                             state.get("verdict"))
