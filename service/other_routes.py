"""POST /v1/classify/exit, /v1/classify/turn, /v1/refusal and /v1/classify/compaction."""

from __future__ import annotations

from starlette.requests import Request

import classifiers
from service.body import read_checked
from service.responses import JSONResponse
from service.validation import check_compaction, check_exit, check_refusal, check_turn


async def classify_exit(request: Request) -> JSONResponse:
    body = await read_checked(request, check_exit)
    return JSONResponse(classifiers.classify_exit(
        body["backend"], body.get("stderr") or "",
        int(body["exit_code"]) if body.get("exit_code") is not None else None, body.get("signal"),
        body.get("phase") or "turn", bool(body.get("activity_seen")),
        bool(body.get("ambiguous_delivery"))))


async def classify_turn(request: Request) -> JSONResponse:
    body = await read_checked(request, check_turn)
    return JSONResponse(classifiers.classify_turn(
        body["backend"], body.get("prompt"), body["updates"], body.get("stop_reason"), body.get("error")))


async def refusal(request: Request) -> JSONResponse:
    body = await read_checked(request, check_refusal)
    return JSONResponse(classifiers.classify_refusal(
        body["backend"], body.get("metadata"), body.get("stop_reason"),
        body.get("streamed_text") or "", body.get("error")))


async def classify_compaction(request: Request) -> JSONResponse:
    body = await read_checked(request, check_compaction)
    return JSONResponse(classifiers.classify_compaction(body["params"]))
