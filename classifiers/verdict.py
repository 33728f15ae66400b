"""The answer of POST /v1/classify, as an immutable value."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

RETRY_KEYS = ("max_retries", "base_delay_s", "multiplier", "jitter_ratio", "max_delay_s",
              "window_s", "first_delay_s", "requires_no_output")


def kind_ladder(kind: Mapping[str, Any]) -> str:
    """The ladder a kind retries on when it is retried; kinds that name none use the transient one."""
    return kind.get("ladder") or "transient"


def retry_policy(ladder_name: str | None, ladders: Mapping[str, Mapping],
                 first_delay_s: float | None = None) -> dict[str, Any] | None:
    """rules.md section 3 as the `retry` object; None when no automatic retry applies."""
    if ladder_name is None:
        return None
    ladder = ladders[ladder_name]
    policy: dict[str, Any] = {"ladder": ladder_name}
    for key in RETRY_KEYS:
        policy[key] = ladder.get(key)
    policy["first_delay_s"] = first_delay_s
    return policy


class Verdict(NamedTuple):
    """Immutable; a NamedTuple because one is built on every request and a frozen dataclass of
    fifteen fields costs ten times as much to build."""

    kind: str
    transient: bool
    exception: str
    message: str
    user_worded: bool
    raw_detail: str
    tags: tuple[str, ...]
    rejected_model: str | None
    retry: Mapping[str, Any] | None
    recovery: str
    backend: str
    backend_known: bool
    rule: str
    ruleset: str
    substitute_model: str | None = None

    def as_dict(self) -> dict[str, Any]:
        body = {
            "kind": self.kind,
            "transient": self.transient,
            "exception": self.exception,
            "message": self.message,
            "user_worded": self.user_worded,
            "raw_detail": self.raw_detail,
            "tags": list(self.tags),
            "rejected_model": self.rejected_model,
            "retry": dict(self.retry) if self.retry is not None else None,
            "recovery": self.recovery,
            "backend": self.backend,
            "backend_known": self.backend_known,
            "rule": self.rule,
            "ruleset": self.ruleset,
        }
        if self.substitute_model is not None:
            body["substitute_model"] = self.substitute_model
        return body
