"""Verdict's classification core: `classify(frame, backend)` -> `Verdict` (rules.md)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from classifiers.classify import classify_with
from classifiers.ruleset import Ruleset, RulesetError, load
from classifiers.verdict import Verdict

__all__ = ["classify", "ruleset", "Verdict", "Ruleset", "RulesetError", "taxonomy"]


@lru_cache(maxsize=1)
def ruleset() -> Ruleset:
    """The embedded rule files, loaded and validated once per process."""
    return load()


def classify(frame: Mapping[str, Any], backend: str = "",
             advertised_models: list[str] | None = None,
             hints: Mapping[str, Any] | None = None) -> Verdict:
    """Classify one JSON-RPC error frame for a backend; pure, no I/O after the first load."""
    return classify_with(ruleset(), frame, backend, advertised_models, hints)


def taxonomy() -> dict[str, Any]:
    from classifiers.catalogue import catalogue
    return catalogue(ruleset())
