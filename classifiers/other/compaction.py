"""POST /v1/classify/compaction: why a context compaction failed, and may it be retried."""

from __future__ import annotations

from typing import Any, Iterator

from classifiers.other.vocabulary import vocabulary
from redaction import scrub_text


def _leaves(value: Any, key: str | None = None, depth: int = 0) -> Iterator[tuple[str | None, int, Any]]:
    """(key, depth, value) for every leaf, in document order, down to the depth limit."""
    if depth > vocabulary()["compaction"]["max_depth"]:
        return
    if isinstance(value, dict):
        for child_key, child in value.items():
            yield from _leaves(child, str(child_key), depth + 1)
    elif isinstance(value, list):
        for child in value:
            yield from _leaves(child, key, depth + 1)
    else:
        yield key, depth, value


def _is_placeholder(text: str) -> bool:
    return not text.strip() or text.strip().lower() in vocabulary()["compaction"]["placeholders"]


def ranked_strings(params: Any) -> list[tuple[int, int, int, str]]:
    """(rank, depth, order, text) for every string leaf under a ranked key."""
    ranking = vocabulary()["compaction"]["ranking"]
    return [(ranking.index(key), depth, order, value)
            for order, (key, depth, value) in enumerate(_leaves(params))
            if key in ranking and isinstance(value, str)]


def compaction_detail(params: Any) -> str:
    names = vocabulary()["compaction"]
    candidates = sorted(c for c in ranked_strings(params) if not _is_placeholder(c[3]))
    detail = candidates[0][3].strip() if candidates else names["no_reason"]
    return scrub_text(detail)[: names["max_chars"]]


def compaction_transient(params: Any) -> bool:
    names = vocabulary()["compaction"]
    for key, _, value in _leaves(params):
        if key == "httpStatusCode" and isinstance(value, int) and not isinstance(value, bool) and (
                value == 429 or 500 <= value <= 599):
            return True
    for *_, text in ranked_strings(params):
        normalised = text.lower().replace("_", " ").replace("-", " ")
        if any(marker in normalised for marker in names["transient_markers"]):
            return True
    return False


def classify_compaction(params: Any) -> dict[str, Any]:
    return {"transient": compaction_transient(params), "detail": compaction_detail(params)}
