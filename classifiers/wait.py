"""The wait a provider states in its text (rules.md 2b), and where a wait stops being a throttle."""

from __future__ import annotations

import re2

# A wait longer than this is not a throttle any more but a spent allowance (api.md).
SPENT_ALLOWANCE_AFTER_S = 300.0

_UNIT_PREFIXES = (("ms", 0.001), ("milli", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0), ("d", 86400.0))
_ONE = (b"a", b"an", b"one")
# rules.md 2b: "retry after 86400 seconds", "Please try again in 20s", "try again in a minute",
# "Waiting 50s", "Retry-After: 30", "Rate limiting for 600 seconds", "Your quota will reset after
# 2h3m" (its first unit), Google's RetryInfo `"retryDelay": "15s"`, a JSON field of seconds
# (`"reset_seconds": 25803`, `resets_in_seconds`, `retry_after`). A word for one takes the space
# after it into its group, so "wait and" is no day. The client's own "Retrying in 4 seconds…" is
# not one. RE2: linear over a whole body; the "Retrying" exclusion is checked beside it.
_STATED_WAIT = re2.compile((
    r"(?i)(?:\bretry(?:ing)? after|\btry again in|\bretry in|\bwait(?:ing)?(?: for)?"
    r"|\brate[ -]?limit(?:ed|ing) for|\bquota will reset after)\s*(\d+(?:\.\d+)?|an?\s|one\s)\s*"
    r"(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)(?:\b|\d)"
    r"|\bRetry-After\W{1,4}(\d+(?:\.\d+)?)(?:\s*(ms|m|h|d)\b)?"
    r"|\bretryDelay\W{1,4}(\d+(?:\.\d+)?)s\b"
    r"|\b(?:reset_seconds|resets?_in_seconds|reset_after_seconds|retry_after(?:_seconds)?)\W{1,4}(\d+(?:\.\d+)?)\b"
).encode())  # searched as bytes: lone surrogates pass
_CLIENT_RETRYING = b"retrying "
# Every spelling above contains one of these: a text with neither skips the search.
_STATED_WAIT_WORDS = ("try", "wait", "reset", "limited", "limiting")


def stated_wait_s(text: str) -> float | None:
    """The wait a provider asks for in its text, in seconds."""
    lowered = text.lower()
    if not any(word in lowered for word in _STATED_WAIT_WORDS):
        return None
    data = text.encode("utf-8", "surrogatepass")
    for found in _STATED_WAIT.finditer(data):
        if data[max(0, found.start() - len(_CLIENT_RETRYING)):found.start()].lower() == _CLIENT_RETRYING:
            continue
        if found.group(1):
            unit = found.group(2).decode().lower()
            factor = next(f for prefix, f in _UNIT_PREFIXES if unit.startswith(prefix))
            amount = 1.0 if found.group(1).strip().lower() in _ONE else float(found.group(1))
            return amount * factor
        if found.group(3):
            if found.group(4):
                continue  # "Retry-After: 5m" is not the header's seconds
            return float(found.group(3))
        return float(found.group(5) or found.group(6))
    return None


def is_short(wait_s: float | None) -> bool:
    """A stated or hinted wait a throttle may ask for: some, and no longer than the threshold."""
    return wait_s is not None and wait_s <= SPENT_ALLOWANCE_AFTER_S
