"""One classification rule: a conjunction of conditions read from data (see rules/shared.toml)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from classifiers.frame import Frame
from classifiers.model import is_advertised, rejected_model
from classifiers.status import status_matches, statuses_in


class Facts:
    """What one classification knows: the frame's texts plus backend and session facts."""

    def __init__(self, frame: Frame, backend: str, advertised: list[str] | None,
                 hinted_status: int | None = None):
        self.frame = frame
        self.backend = backend
        self.advertised = advertised
        self.hinted_status = hinted_status
        self._lowered: dict[str, str] = {}

    def text(self, field: str) -> str:
        return self.frame.text(field)

    def lowered(self, field: str) -> str:
        if field not in self._lowered:
            self._lowered[field] = self.text(field).lower()
        return self._lowered[field]

    @cached_property
    def statuses(self) -> tuple[int, ...]:
        stated = statuses_in(self.frame.haystack)
        if self.hinted_status is not None and self.hinted_status not in stated:
            stated += (self.hinted_status,)
        return stated

    @cached_property
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
    pattern: re.Pattern | None
    unless: re.Pattern | None
    keywords: tuple[str, ...]
    code: tuple[int, ...] | str | None
    status: tuple[str, ...]
    status_except: tuple[int, ...]
    marker: tuple[str, str] | None
    model: str | None
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
        if self.pattern is not None:
            if self.keywords and not any(k in facts.lowered(self.field) for k in self.keywords):
                return False
            text = facts.text(self.field)
            if not self.pattern.search(text):
                return False
            if self.unless is not None and self.unless.search(text):
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
        return any(
            status not in self.status_except and any(status_matches(status, s) for s in self.status)
            for status in facts.statuses
        )
