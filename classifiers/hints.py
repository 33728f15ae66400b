"""Transport facts a client may know (api.md `hints`), applied after the rule decided."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Mapping

import re2

from classifiers.frame import Frame
from classifiers.ruleset import Backend, Ruleset
from classifiers.verdict import Verdict, kind_ladder, retry_policy
from classifiers.wording import render

# A wait longer than this is not a throttle any more but a spent allowance (api.md).
SPENT_ALLOWANCE_AFTER_S = 300.0


_UNIT_PREFIXES = (("ms", 0.001), ("milli", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0), ("d", 86400.0))
# rules.md 2b: "retry after 86400 seconds", "Please try again in 20s", "Retry-After: 30",
# "Rate limiting for 600 seconds", "Your quota will reset after 2h3m" (its first unit),
# Google's RetryInfo `"retryDelay": "15s"`, a JSON field of seconds (`"reset_seconds": 25803`,
# `resets_in_seconds`, `retry_after`). The client's own "Retrying in 4 seconds…" is not one.
# RE2: linear over a whole body; the "Retrying" exclusion is checked beside it.
_STATED_WAIT = re2.compile((
    r"(?i)(?:\bretry(?:ing)? after|\btry again in|\bretry in|\bplease wait"
    r"|\brate[ -]?limit(?:ed|ing) for|\bquota will reset after)\s*(\d+(?:\.\d+)?)\s*"
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
            return float(found.group(1)) * factor
        if found.group(3):
            if found.group(4):
                continue  # "Retry-After: 5m" is not the header's seconds
            return float(found.group(3))
        return float(found.group(5) or found.group(6))
    return None


@dataclass(frozen=True)
class Hints:
    http_status: int | None = None
    retry_after_s: float | None = None
    should_retry: bool | None = None

    @classmethod
    def read(cls, raw: Mapping[str, Any] | None) -> "Hints":
        if not raw:
            return cls()
        status = raw.get("http_status")
        after = raw.get("retry_after_s")
        should = raw.get("should_retry")
        return cls(
            http_status=int(status) if isinstance(status, (int, float)) and not isinstance(status, bool)
            and float(status).is_integer() else None,
            retry_after_s=float(after) if isinstance(after, (int, float)) and not isinstance(
                after, bool) and math.isfinite(after) and after >= 0 else None,
            should_retry=should if isinstance(should, bool) else None,
        )


    def or_stated_in(self, text: str) -> "Hints":
        """A Retry-After written in the text counts like the hint when the client sent none."""
        if self.retry_after_s is not None:
            return self
        stated = stated_wait_s(text)
        return self if stated is None else replace(self, retry_after_s=stated)


def apply_hints(ruleset: Ruleset, verdict: Verdict, hints: Hints, frame: Frame,
                backend: Backend) -> Verdict:
    if hints.should_retry is False and verdict.transient:
        recovery = "none" if verdict.recovery in ("retry", "retry_within_window") else verdict.recovery
        verdict = verdict._replace(transient=False, recovery=recovery,
                                   retry=verdict.retry if verdict.kind == "prompt_busy" else None)
    elif hints.should_retry is True and not verdict.transient:
        ladder = kind_ladder(ruleset.kinds[verdict.kind])
        if ladder == "prompt_busy":
            ladder = "transient"
        recovery = "retry" if verdict.recovery == "none" else verdict.recovery
        verdict = verdict._replace(transient=True, recovery=recovery,
                                   retry=retry_policy(ladder, ruleset.ladders))
    after = hints.retry_after_s
    if after is None:
        return verdict
    if after > SPENT_ALLOWANCE_AFTER_S and verdict.kind == "throttle" and hints.should_retry is not True:
        usage = ruleset.kinds["usage_limit"]
        worded = render(ruleset, "usage_limit_retry_after", frame, backend, None, None, after)
        return verdict._replace(kind="usage_limit", transient=False, retry=None,
                                exception=usage["exception"], recovery=usage["recovery"],
                                tags=tuple(sorted(set(verdict.tags) | {"usage_limit"})),
                                message=worded.message)
    if verdict.retry is not None and after <= SPENT_ALLOWANCE_AFTER_S:
        verdict = verdict._replace(retry={**verdict.retry, "first_delay_s": after})
    return verdict
