"""POST /v1/refusal: a turn the model declined, folded onto one RefusalInfo shape (rules.md 7)."""

from __future__ import annotations

from typing import Any

from classifiers.other.vocabulary import vocabulary
from redaction import scrub_text

_EMPTY_DATA = (None, "", {}, [])


def _field(value: Any, cap: int) -> str:
    """Non-strings become "", strings are trimmed, redacted, then capped; never guessed."""
    if not isinstance(value, str):
        return ""
    return scrub_text(value.strip())[:cap].strip()


def _structured(backend: str, metadata: Any) -> dict | None:
    """The refusal payload of a `_kiro.dev/metadata` frame, for the backends that send one."""
    names = vocabulary()["refusal"]
    if backend not in names["structured_backends"] or not isinstance(metadata, dict):
        return None
    stop = metadata.get("stopReason")
    filtered = isinstance(stop, str) and stop.strip().upper() == names["content_filtered"]
    payload = metadata.get("refusal")
    if isinstance(payload, dict):
        return payload
    return {} if filtered else None


def refusal_card(category: str, explanation: str, model: str, streamed_text: str) -> str:
    names = vocabulary()["refusal"]
    lines = [names["lead"]]
    if category:
        lines.append(names["category_line"].format(category=category.lower()))
    if explanation and explanation not in (streamed_text or ""):
        lines.append(explanation)
    lines.append(names["suggestion_line"].format(model=model) if model else names["rephrase_line"])
    return "\n".join(lines)


def consumes_error(error: Any) -> bool:
    """The -32603 empty-data frame that ends a recorded refusal is the refusal, not a failure."""
    if not isinstance(error, dict) or error.get("code") != -32603:
        return False
    return error.get("data", None) in _EMPTY_DATA


def classify_refusal(backend: str, metadata: Any, stop_reason: Any, streamed_text: str,
                     error: Any) -> dict[str, Any]:
    caps = vocabulary()["refusal"]["caps"]
    payload = _structured(backend, metadata)
    bare = isinstance(stop_reason, str) and stop_reason.strip() == "refusal"
    if payload is None and not bare:
        return {"refusal": False, "category": "", "explanation": "", "recommended_model": "",
                "card": None, "consumes_error": False}
    payload = payload or {}
    category = _field(payload.get("category"), caps["category"])
    explanation = _field(payload.get("explanation"), caps["explanation"])
    model = _field(payload.get("recommendedModel"), caps["recommended_model"])
    return {"refusal": True, "category": category, "explanation": explanation,
            "recommended_model": model,
            "card": refusal_card(category, explanation, model, streamed_text),
            "consumes_error": consumes_error(error)}
