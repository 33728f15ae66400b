"""Shape checks for request bodies; each failure is a JSON pointer and a message."""

from __future__ import annotations

import math
from typing import Any

from service.problems import Problem, ProblemCode

Errors = list[dict[str, str]]


def is_int(value: Any) -> bool:
    """An integer as JSON Schema sees it: 7 and 7.0 alike."""
    if isinstance(value, float):
        return math.isfinite(value) and value.is_integer()
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return (is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _expect(errors: Errors, path: str, ok: bool, message: str) -> bool:
    if not ok:
        errors.append({"path": path, "message": message})
    return ok


def check_object(body: Any, path: str = "") -> Errors:
    errors: Errors = []
    _expect(errors, path or "/", isinstance(body, dict), "must be a JSON object")
    return errors


def _check_error_members(target: dict, base: str, errors: Errors) -> None:
    code = target.get("code")
    _expect(errors, f"{base}/code", code is None or is_int(code), "must be an integer or null")
    message = target.get("message")
    _expect(errors, f"{base}/message", message is None or isinstance(message, str),
            "must be a string or null")


def check_frame(frame: Any, path: str, errors: Errors) -> None:
    """An error object, or a whole JSON-RPC response whose `error` member is then used."""
    if not _expect(errors, path, isinstance(frame, dict), "must be a JSON-RPC error object"):
        return
    _check_error_members(frame, path, errors)
    if "error" in frame and _expect(errors, f"{path}/error", isinstance(frame["error"], dict),
                                    "must be an object"):
        _check_error_members(frame["error"], f"{path}/error", errors)


def check_hints(hints: Any, path: str, errors: Errors) -> None:
    if hints is None:
        return
    if not _expect(errors, path, isinstance(hints, dict), "must be an object or null"):
        return
    status = hints.get("http_status")
    _expect(errors, f"{path}/http_status", status is None or (is_int(status) and 100 <= status <= 599),
            "must be an integer from 100 to 599")
    after = hints.get("retry_after_s")
    _expect(errors, f"{path}/retry_after_s", after is None or (is_number(after) and after >= 0),
            "must be a number of seconds, at least 0")
    should = hints.get("should_retry")
    _expect(errors, f"{path}/should_retry", should is None or isinstance(should, bool),
            "must be a boolean")


def check_backend(body: dict, path: str, errors: Errors) -> None:
    _expect(errors, f"{path}/backend", isinstance(body.get("backend"), str),
            "is required and must be a string")


def check_classify(body: Any, path: str = "") -> Errors:
    errors = check_object(body, path)
    if errors:
        return errors
    _expect(errors, f"{path}/frame", "frame" in body, "is required")
    if "frame" in body:
        check_frame(body["frame"], f"{path}/frame", errors)
    check_backend(body, path, errors)
    models = body.get("advertised_models")
    _expect(errors, f"{path}/advertised_models",
            models is None or (isinstance(models, list) and all(isinstance(m, str) for m in models)),
            "must be a list of strings or null")
    check_hints(body.get("hints"), f"{path}/hints", errors)
    return errors


def require(errors: Errors) -> None:
    if errors:
        raise Problem(ProblemCode.VALIDATION_FAILED,
                      "The request body does not have the documented shape.", errors)


# Optional members: (accepts the value, message); null always passes.
STRING = (lambda v: isinstance(v, str), "must be a string or null")
INTEGER = (is_int, "must be an integer or null")
BOOLEAN = (lambda v: isinstance(v, bool), "must be a boolean or null")
OBJECT = (lambda v: isinstance(v, dict), "must be an object or null")
LIST = (lambda v: isinstance(v, list), "must be a list or null")
PHASE = (lambda v: v in ("startup", "turn"), 'must be "startup", "turn" or null')

EXIT_FIELDS = {"stderr": STRING, "exit_code": INTEGER, "signal": STRING, "phase": PHASE,
               "activity_seen": BOOLEAN, "ambiguous_delivery": BOOLEAN}
TURN_FIELDS = {"prompt": LIST, "stop_reason": STRING}
REFUSAL_FIELDS = {"metadata": OBJECT, "stop_reason": STRING, "streamed_text": STRING, "error": OBJECT}


def _check_fields(body: dict, fields: dict, errors: Errors) -> None:
    for name, (accepts, message) in fields.items():
        if body.get(name) is not None:
            _expect(errors, f"/{name}", accepts(body[name]), message)


def _with_backend(body: Any, fields: dict) -> Errors:
    """An object with a string `backend` and the given optional members."""
    errors = check_object(body)
    if not errors:
        check_backend(body, "", errors)
        _check_fields(body, fields, errors)
    return errors


def check_exit(body: Any) -> Errors:
    return _with_backend(body, EXIT_FIELDS)


def check_turn(body: Any) -> Errors:
    errors = _with_backend(body, TURN_FIELDS)
    if not isinstance(body, dict):
        return errors
    _expect(errors, "/updates", isinstance(body.get("updates"), list), "is required and must be a list")
    if body.get("error") is not None:
        check_frame(body["error"], "/error", errors)
    return errors


def check_refusal(body: Any) -> Errors:
    return _with_backend(body, REFUSAL_FIELDS)


def check_compaction(body: Any) -> Errors:
    errors = check_object(body)
    if not errors:
        _expect(errors, "/params", isinstance(body.get("params"), dict), "is required and must be an object")
    return errors
