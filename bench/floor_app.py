"""The physical floor of this stack: a bare Starlette endpoint that reads the same body, parses it
with orjson and answers a small JSON. /v1/classify is measured against it."""

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route


async def parse_and_answer(request: Request) -> Response:
    orjson.loads(await request.body())
    return Response(b'{"ok":true}', media_type="application/json")


async def ready(request: Request) -> Response:
    return Response(b"ok")  # the launcher waits for /readyz, as it does for the service


app = Starlette(routes=[Route("/v1/classify", parse_and_answer, methods=["POST"]),
                        Route("/readyz", ready, methods=["GET"])])
