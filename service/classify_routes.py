"""POST /v1/classify, /v1/classify/batch and /v1/redact: parse, call the core, answer."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

import classifiers
import redaction
from service.body import read_checked
from service.problems import Problem, ProblemCode
from service.responses import JSONResponse
from service.validation import check_classify, check_object, require

UNKNOWN_BACKEND_LABEL = "unknown"


def classify_body(body: dict) -> dict[str, Any]:
    return classifiers.classify(
        body["frame"], body["backend"], body.get("advertised_models"), body.get("hints")
    ).as_dict()


def _backend_label(answer: dict[str, Any]) -> str:
    """Known backends by id; any other id the caller sent is one label, so a client cannot
    grow the metrics without bound (nor put its own strings into them)."""
    return answer["backend"] if answer["backend_known"] else UNKNOWN_BACKEND_LABEL


def note_verdicts(request: Request, answers: list[dict[str, Any]]) -> None:
    """Hand the decision's facts (never its text) to telemetry through the ASGI scope."""
    verdicts = [a for a in answers if "kind" in a]
    facts: dict[str, Any] = {"counted": [(a["kind"], _backend_label(a), a["transient"]) for a in verdicts]}
    if len(answers) == 1 and verdicts:
        one = verdicts[0]
        facts.update(kind=one["kind"], rule=one["rule"], backend=_backend_label(one),
                     transient=one["transient"])
    request.scope.setdefault("state", {})["verdict"] = facts


async def classify_one(request: Request) -> JSONResponse:
    body = await read_checked(request, check_classify)
    answer = classify_body(body)
    note_verdicts(request, [answer])
    return JSONResponse(answer)


def _batch_item(item: Any, index: int) -> dict[str, Any]:
    errors = check_classify(item, f"/items/{index}")
    if errors:
        problem = Problem(ProblemCode.VALIDATION_FAILED, "This item does not have the documented shape.", errors)
        return {"problem": problem.body()}
    return classify_body(item)


async def classify_batch(request: Request) -> JSONResponse:
    settings = request.app.state.settings
    body = await read_checked(request, check_object)
    items = body.get("items")
    if not isinstance(items, list):
        require([{"path": "/items", "message": "is required and must be a list"}])
    if len(items) > settings.max_batch:
        raise Problem(ProblemCode.BATCH_TOO_LARGE,
                      f"A batch holds at most {settings.max_batch} items; this one has {len(items)}.")
    results = [_batch_item(item, i) for i, item in enumerate(items)]
    note_verdicts(request, results)
    return JSONResponse({"results": results})


async def redact(request: Request) -> JSONResponse:
    body = await read_checked(request, check_object)
    text = body.get("text")
    if not isinstance(text, str):
        require([{"path": "/text", "message": "is required and must be a string"}])
    scrubbed, count = redaction.scrub(text)
    return JSONResponse({"text": scrubbed, "redactions": count})
