"""Verdict's classification core: `classify(frame, backend)` -> `Verdict` (rules.md)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from classifiers.classify import classify_with
from classifiers.ruleset import Ruleset, RulesetError, load
from classifiers.verdict import Verdict

__all__ = ["classify", "classify_exit", "classify_turn", "classify_refusal", "classify_compaction",
           "ruleset", "Verdict", "Ruleset", "RulesetError", "taxonomy"]


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


def classify_exit(backend: str, stderr: str = "", exit_code: int | None = None,
                  signal: str | None = None, phase: str = "turn", activity_seen: bool = False,
                  ambiguous_delivery: bool = False) -> dict[str, Any]:
    """A process death or start-up failure (rules.md section 7)."""
    from classifiers.other.exit import ExitReport, classify_exit as decide
    return decide(ruleset(), ExitReport(backend, stderr, exit_code, signal, phase, activity_seen,
                                        ambiguous_delivery))


def classify_turn(backend: str, prompt: list | None, updates: list, stop_reason: str | None = None,
                  error: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A codex turn whose provider failure arrived as text (rules.md section 7)."""
    from classifiers.other.turn import classify_turn as decide
    canonical = ruleset().backend(backend)[0].id
    return decide(canonical, prompt, updates, stop_reason, error,
                  lambda frame: classify(frame, backend).as_dict())


def classify_refusal(backend: str, metadata: Any = None, stop_reason: str | None = None,
                     streamed_text: str = "", error: Any = None) -> dict[str, Any]:
    """A turn the model declined (rules.md section 7)."""
    from classifiers.other.refusal import classify_refusal as decide
    return decide(ruleset().backend(backend)[0].id, metadata, stop_reason, streamed_text, error)


def classify_compaction(params: Any) -> dict[str, Any]:
    """A failed context compaction (rules.md section 7)."""
    from classifiers.other.compaction import classify_compaction as decide
    return decide(params)
