"""Reading a JSON request body: media type, size limit while reading, strict parsing."""

from __future__ import annotations

import json
import math
from typing import Any, Callable

import orjson
from starlette.requests import Request

from service.problems import Problem, ProblemCode
from service.validation import require

# Deeper JSON is refused as a shape problem: no error frame nests this deep, and the text
# rendering of a frame must not run out of stack (orjson itself stops at 1024).
MAX_NESTING = 128


def _is_json_media_type(content_type: str) -> bool:
    media, _, params = content_type.partition(";")
    media = media.strip().lower()
    if media != "application/json" and not (media.startswith("application/") and media.endswith("+json")):
        return False
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


async def read_body(request: Request, limit: int) -> bytes:
    """The raw body, refused as soon as it passes `limit` bytes (never buffered past it)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise Problem(ProblemCode.BODY_TOO_LARGE, f"Body is larger than {limit} bytes.")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Problem(ProblemCode.BODY_TOO_LARGE, f"Body is larger than {limit} bytes.")
        chunks.append(chunk)
    return b"".join(chunks)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("number outside the IEEE double range")
    return value


def parse_json(raw: bytes) -> Any:
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        if "surrogate" not in str(exc) or "UTF-8" in str(exc):
            raise Problem(ProblemCode.INVALID_JSON, f"Body is not valid JSON: {exc.msg}.") from None
    # Lone surrogate escapes (\ud800) are valid JSON grammar that orjson refuses.
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant,
                          parse_float=_finite_float)
    except (ValueError, RecursionError):
        raise Problem(ProblemCode.INVALID_JSON, "Body is not valid JSON.") from None


def nesting_depth(value: Any) -> int:
    """How deeply arrays and objects nest, found without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > MAX_NESTING:
                return deepest
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
    return deepest


def check_nesting(value: Any) -> Any:
    if nesting_depth(value) > MAX_NESTING:
        raise Problem(ProblemCode.VALIDATION_FAILED, "The request body does not have the documented shape.",
                      [{"path": "", "message": f"nests deeper than {MAX_NESTING} levels"}])
    return value


def could_nest_too_deeply(raw: bytes) -> bool:
    """Nesting needs an opening bracket per level: a body with few of them, counted at C speed,
    cannot pass the limit and skips the walk over the parsed value."""
    return raw.count(b"{") + raw.count(b"[") > MAX_NESTING


async def read_json(request: Request, limit: int) -> Any:
    if not _is_json_media_type(request.headers.get("content-type", "")):
        raise Problem(ProblemCode.UNSUPPORTED_MEDIA_TYPE,
                      "Send the body as application/json (UTF-8).")
    raw = await read_body(request, limit)
    value = parse_json(raw)
    return check_nesting(value) if could_nest_too_deeply(raw) else value


async def read_checked(request: Request, check: Callable[[Any], list]) -> Any:
    """The request's JSON body within the configured limit, refused unless `check` finds it valid."""
    body = await read_json(request, request.app.state.settings.max_body_bytes)
    require(check(body))
    return body
