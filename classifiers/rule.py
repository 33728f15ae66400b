"""One classification rule: a conjunction of conditions read from data (see rules/shared.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classifiers.allowance import requested_above_limit
from classifiers.engine import is_plain_ascii
from classifiers.frame import Frame
from classifiers.model import is_advertised, rejected_model
from classifiers.status import leading_status, statuses_in
from classifiers.wait import is_short


class computed_once:
    """functools.cached_property without the lock Python 3.11 takes on every first read (3.12
    dropped it): a Facts object belongs to one classification, never shared between threads."""

    def __init__(self, compute):
        self.compute = compute
        self.name = compute.__name__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


class Facts:
    """What one classification knows: the frame's texts plus backend and session facts."""

    def __init__(self, frame: Frame, backend: str, advertised: list[str] | None,
                 hinted_status: int | None = None, pattern_sets=None, wait_s: float | None = None):
        self.frame = frame
        self.backend = backend
        self.advertised = advertised
        self.hinted_status = hinted_status
        self.wait_s = wait_s  # the client's retry_after_s hint, or else the wait the text states
        self._sets = pattern_sets
        self._occurring: dict[str, frozenset[int]] = {}
        self._texts: dict[str, str] = {}
        self._encoded: dict[str, bytes] = {}
        self._plain: dict[str, bool] = {}

    def text(self, field: str) -> str:
        if field not in self._texts:
            self._texts[field] = self.frame.match_text(field)
        return self._texts[field]

    def encoded(self, field: str) -> bytes:
        """The field's text as RE2 reads it (lone surrogates pass)."""
        if field not in self._encoded:
            self._encoded[field] = self.text(field).encode("utf-8", "surrogatepass")
        return self._encoded[field]

    def plain_ascii(self, field: str) -> bool:
        if field not in self._plain:
            self._plain[field] = is_plain_ascii(self.text(field))
        return self._plain[field]

    def occurring(self, field: str) -> frozenset[int]:
        """Which Set entries occur in the field: one combined pass, done at most once."""
        if field not in self._occurring:
            self._occurring[field] = self._sets.occurring(
                field, self.encoded(field), self.plain_ascii(field))
        return self._occurring[field]

    @computed_once
    def statuses(self) -> tuple[int, ...]:
        # Each field on its own: a status that closes the data is not followed by the message.
        stated = statuses_in(self.text("data"))
        stated += tuple(s for s in statuses_in(self.text("message")) if s not in stated)
        for leading in leading_status(self.text("data")) + leading_status(self.text("message")):
            if leading not in stated:
                stated = (leading,) + stated
        if self.hinted_status is not None and self.hinted_status not in stated:
            stated += (self.hinted_status,)
        return stated

    @computed_once
    def first_error_status(self) -> tuple[int, ...]:
        return tuple(s for s in self.statuses if 400 <= s <= 599)[:1]

    @computed_once
    def rejected(self) -> tuple[str | None, bool]:
        return rejected_model(self.frame.data_text)


@dataclass(frozen=True)
class Rule:
    id: str
    order: float
    kind: str
    wording: str
    tags: tuple[str, ...]
    transient: bool | None
    recovery: str | None
    field: str
    pattern: Any  # a matcher of classifiers.engine: an entry of an RE2 Set, or a lone pattern
    names: Any
    unless: Any
    code: tuple[int, ...] | str | None
    status: frozenset[int]  # every status the rule's specs accept, its exceptions left out
    status_first: bool
    marker: tuple[str, str] | None
    model: str | None
    allowance: str | None
    wait: str | None
    backends: tuple[str, ...]
    source: str

    def matches(self, facts: Facts) -> bool:
        """Cheap structural conditions first, the pattern last."""
        if self.backends and facts.backend not in self.backends:
            return False
        if self.code == "absent":
            if facts.frame.has_code:
                return False
        elif self.code and facts.frame.code not in self.code:
            return False
        if self.marker and not self._marker_holds(facts):
            return False
        if self.model and not self._model_holds(facts):
            return False
        if self.status and not self._status_holds(facts):
            return False
        if self.allowance and not requested_above_limit(facts.text(self.field)):
            return False
        if self.wait and not is_short(facts.wait_s):
            return False
        if self.pattern is not None or self.names is not None:
            named = self.names is not None and self.names.occurs(facts, self.field)
            if not named and (self.pattern is None or not self.pattern.occurs(facts, self.field)):
                return False
            if self.unless is not None and self.unless.occurs(facts, self.field):
                return False
        return True

    def _marker_holds(self, facts: Facts) -> bool:
        key, value = self.marker
        data_obj = facts.frame.data_obj
        return data_obj is not None and data_obj.get(key) == value

    def _model_holds(self, facts: Facts) -> bool:
        model, not_available_form = facts.rejected
        if model is None:
            return False
        unentitled = bool(facts.advertised) and not is_advertised(model, facts.advertised)
        if self.model == "not_advertised":
            return unentitled
        return not_available_form and not unentitled

    def _status_holds(self, facts: Facts) -> bool:
        # rules.md 2b: when a 4xx and a 5xx both appear, the first in the text decides.
        stated = facts.first_error_status if self.status_first else facts.statuses
        return not self.status.isdisjoint(stated)
