"""Transport facts a client may know (api.md `hints`), applied after the rule decided."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Mapping

from classifiers.frame import Frame
from classifiers.ruleset import Backend, Ruleset
from classifiers.verdict import Verdict, retry_policy
from classifiers.wording import render

# A wait longer than this is not a throttle any more but a spent allowance (api.md).
SPENT_ALLOWANCE_AFTER_S = 300.0


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
            http_status=status if isinstance(status, int) and not isinstance(status, bool) else None,
            retry_after_s=float(after) if isinstance(after, (int, float)) and not isinstance(
                after, bool) and math.isfinite(after) and after >= 0 else None,
            should_retry=should if isinstance(should, bool) else None,
        )


def apply_hints(ruleset: Ruleset, verdict: Verdict, hints: Hints, frame: Frame,
                backend: Backend) -> Verdict:
    if hints.should_retry is False and verdict.transient:
        recovery = "none" if verdict.recovery in ("retry", "retry_within_window") else verdict.recovery
        verdict = replace(verdict, transient=False, recovery=recovery,
                          retry=verdict.retry if verdict.kind == "prompt_busy" else None)
    elif hints.should_retry is True and not verdict.transient:
        ladder = ruleset.kinds[verdict.kind].get("ladder") or "transient"
        if ladder == "prompt_busy":
            ladder = "transient"
        recovery = "retry" if verdict.recovery == "none" else verdict.recovery
        verdict = replace(verdict, transient=True, recovery=recovery,
                          retry=retry_policy(ladder, ruleset.ladders))
    after = hints.retry_after_s
    if after is None:
        return verdict
    if after > SPENT_ALLOWANCE_AFTER_S and verdict.kind == "throttle" and hints.should_retry is not True:
        usage = ruleset.kinds["usage_limit"]
        worded = render(ruleset, "usage_limit_retry_after", frame, backend, None, None, after)
        return replace(verdict, kind="usage_limit", transient=False, retry=None,
                       exception=usage["exception"], recovery=usage["recovery"],
                       tags=tuple(sorted(set(verdict.tags) | {"usage_limit"})),
                       message=worded.message)
    if verdict.retry is not None and after <= SPENT_ALLOWANCE_AFTER_S:
        verdict = replace(verdict, retry={**verdict.retry, "first_delay_s": after})
    return verdict
