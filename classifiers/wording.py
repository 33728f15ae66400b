"""Filling wording templates (rules/wording.toml) from the frame, backend and decision."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import lru_cache

from classifiers.frame import Frame, compact_json
from classifiers.model import named_model
from classifiers.ruleset import Backend, Ruleset
from redaction import scrub_text
from redaction.raw_detail import truncate

MAX_LISTED_MODELS = 8
# A provider text shown verbatim is cut to this; what is scrubbed reaches further, so a
# credential that straddles the cut is still found whole and cut away with the rest.
MAX_VERBATIM_CHARS = 4000
VERBATIM_SCRUB_CHARS = MAX_VERBATIM_CHARS + 8192
_HOST = r"([A-Za-z0-9._-]+(?::\d+)?|\[[0-9a-fA-F:]+\](?::\d+)?)"
_CONNECTION_CAUSES = (
    (re.compile(r"\bECONNREFUSED " + _HOST), "the connection to {} was refused"),
    (re.compile(r"\b(?:EAI_AGAIN|ENOTFOUND) " + _HOST), "the host name {} could not be resolved"),
    (re.compile(r"\bETIMEDOUT " + _HOST), "the connection to {} timed out"),
    (re.compile(r"\bECONNRESET " + _HOST), "the connection to {} was reset"),
    (re.compile(r"(?:failed to lookup address|could not resolve host)[^\n]{0,40}?(?: for)? ([A-Za-z0-9.-]+\.[A-Za-z]{2,})", re.I),
     "the host name {} could not be resolved"),
)


def sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def _named_cause(text: str) -> tuple[str, str] | None:
    """The host the text names, and the cause in plain words, when a known cause names one."""
    for pattern, phrase in _CONNECTION_CAUSES:
        found = pattern.search(text)
        if found:
            return found.group(1), phrase.format(found.group(1))
    return None


def named_host(text: str) -> str:
    named = _named_cause(text)
    return f" {named[0]}" if named else ""


def connection_cause(text: str) -> str:
    """Lead with the cause in plain words when the text names the host (rules.md rule 13)."""
    named = _named_cause(text)
    return ": " + named[1] if named else " (connection refused, reset or timed out)"


def available_models(advertised: list[str] | None) -> str:
    models = [m.strip() for m in advertised or () if isinstance(m, str) and m.strip()]
    if not models:
        return ""
    listed = ", ".join(models[:MAX_LISTED_MODELS])
    more = f" (+{len(models) - MAX_LISTED_MODELS} more)" if len(models) > MAX_LISTED_MODELS else ""
    return f"Available models: {listed}{more}. "


def fallback_text(frame: Frame) -> str:
    """rules.md rule 15: the provider's own text, prefixed by an informative message."""
    detail = frame.provider_detail
    message = frame.informative_message
    if message and detail and message not in detail:
        return f"{message}: {detail}"
    if detail:
        return detail
    return "Prompt error: " + compact_json(frame.original)


@dataclass(frozen=True)
class Worded:
    message: str
    user_worded: bool


@lru_cache(maxsize=None)
def template_fields(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def render(ruleset: Ruleset, wording_id: str, frame: Frame, backend: Backend,
           advertised: list[str] | None, model: str | None, wait_s: float | None = None) -> Worded:
    """The message: our template with provider values inserted, each of those redacted (the
    template itself is ours and carries nothing to redact)."""
    spec = ruleset.wordings[wording_id]
    if spec.get("verbatim"):
        return Worded(_with_request_id(bounded_verbatim(fallback_text(frame)), frame), False)
    if model and model.strip().lower() == "auto" and f"{wording_id}_auto" in ruleset.wordings:
        spec = ruleset.wordings[f"{wording_id}_auto"]

    found: list[str | None] = []

    def named() -> str | None:  # searched for only when the template asks, and then once
        if not found:
            found.append(model or named_model(frame.haystack))
        return found[0]

    producers = {
        "provider": lambda: backend.provider,
        "sign_in": lambda: backend.sign_in,
        "auth_subject": lambda: "Authentication with the model provider"
        if backend.provider != "Bedrock" else "Bedrock authentication",
        "model": lambda: f"'{scrub_text(named())}'" if named() else "the requested model",
        "model_subject": lambda: f"'{scrub_text(named())}'" if named() else "The selected model",
        "available": lambda: scrub_text(available_models(advertised)),
        "quote": lambda: scrub_text(sentence(frame.provider_detail)),
        "detail": lambda: scrub_text(frame.provider_detail),
        "cause": lambda: scrub_text(connection_cause(frame.haystack)),
        "host": lambda: scrub_text(named_host(frame.haystack)),
        "wait": lambda: f"{wait_s:g} s" if wait_s is not None else "",
    }
    text = spec["text"].format_map({name: producers[name]() for name in template_fields(spec["text"])})
    if spec.get("request_id", True):
        text = _with_request_id(text, frame)
    return Worded(text, True)


def bounded_verbatim(text: str) -> str:
    """The provider's text, redacted, and cut to MAX_VERBATIM_CHARS with the count it dropped."""
    scrubbed = scrub_text(text[:VERBATIM_SCRUB_CHARS])
    if len(text) <= VERBATIM_SCRUB_CHARS and len(scrubbed) <= MAX_VERBATIM_CHARS:
        return scrubbed
    return truncate(scrubbed, MAX_VERBATIM_CHARS, max(0, len(text) - VERBATIM_SCRUB_CHARS))


def _with_request_id(text: str, frame: Frame) -> str:
    request_id = frame.request_id
    if not request_id or f"request_id: {request_id}" in text:
        return text
    return f"{text} (request_id: {request_id})"
