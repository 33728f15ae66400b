"""Transport facts a client may know (api.md `hints`), applied after the rule decided."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Mapping

from classifiers.frame import Frame
from classifiers.ruleset import Backend, Ruleset
from classifiers.verdict import Verdict, kind_ladder, retry_policy
from classifiers.wait import SPENT_ALLOWANCE_AFTER_S, is_short, stated_wait_s
from classifiers.wording import render


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
    if verdict.retry is not None and is_short(after):
        verdict = verdict._replace(retry={**verdict.retry, "first_delay_s": after})
    return verdict
