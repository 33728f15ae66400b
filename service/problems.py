"""RFC 9457 problem details with the closed list of stable codes of api.md."""

from __future__ import annotations

from enum import Enum
from typing import Any


class ProblemCode(Enum):
    INVALID_JSON = ("invalid_json", 400, "Body is not valid JSON")
    VALIDATION_FAILED = ("validation_failed", 422, "Request does not have the documented shape")
    BODY_TOO_LARGE = ("body_too_large", 413, "Request body is too large")
    UNSUPPORTED_MEDIA_TYPE = ("unsupported_media_type", 415, "Content type is not JSON")
    BATCH_TOO_LARGE = ("batch_too_large", 413, "Batch has too many items")
    NOT_FOUND = ("not_found", 404, "No such resource")
    METHOD_NOT_ALLOWED = ("method_not_allowed", 405, "Method not allowed on this resource")
    NOT_READY = ("not_ready", 503, "Rules are not loaded yet")
    INTERNAL_ERROR = ("internal_error", 500, "Internal error")

    def __init__(self, code: str, status: int, title: str):
        self.code = code
        self.status = status
        self.title = title


class Problem(Exception):
    """Raised by a handler; rendered as application/problem+json by the app."""

    def __init__(self, kind: ProblemCode, detail: str, errors: list[dict] | None = None):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "type": f"/problems/{self.kind.code}",
            "title": self.kind.title,
            "status": self.kind.status,
            "detail": self.detail,
            "code": self.kind.code,
        }
        if self.errors:
            body["errors"] = self.errors
        return body
