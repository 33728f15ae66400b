"""Clients put a label of their own before the provider's text ("LLM provider error: ...",
"Upstream error: ...") or wrap it in an envelope of their own ({"error": {"message": ...}}), and
a report often quotes the log line whole, timestamp, level and logger first, or in Markdown, or
a scraped page keeps HTML entities. None of these says
anything of the failure, so every corpus message must get the same verdict behind each common
label, log prefix and envelope as it gets bare; so must text copied with the doubled or no-break
spaces that terminals and web pages add.

Labels a number may follow as a status ("Error from provider: 503") are not listed: there the
label does change what the text states. Nor is a message that is only the JSON-RPC boilerplate
"Internal error": bare it says nothing (rules.md 1), while the same words as the value of a JSON
error field are a provider's own statement (named-5xx)."""

import functools
import json

import pytest

import classifiers
from classifiers.frame import is_boilerplate
from tests.corpus.corpus import entries

CLIENT_LABELS = ("LLM provider error: ", "Upstream error: ", "Gateway error: ", "Proxy error: ",
                 "Provider error: ", "Backend error: ", "Model error: ", "Server error: ",
                 "Agent error: ", "API Error: ", "Request failed: ", "Error: ", "请求失败：", "❌ ")
LOG_PREFIXES = ("2025-03-01 12:00:01,123 - ERROR - app.llm - ", "[ERROR] ", "ERROR ",
                "2025-03-01T12:00:01.123Z ERROR [llm] ", "[2025-03-01 12:00:01] ", "12:00:01 ")
ENVELOPES = {
    "JSON error.message": lambda raw: json.dumps({"error": {"message": raw}}),
    "JSON error string": lambda raw: json.dumps({"error": raw}),
    "JSON detail": lambda raw: json.dumps({"detail": raw}),
    "ACP details": lambda raw: json.dumps({"details": raw}),
    "JSON-RPC error logged whole": lambda raw: json.dumps({"jsonrpc": "2.0", "id": 4, "error": {
        "code": -32603, "message": "Internal error", "data": raw}}),
    "Python dict": lambda raw: repr({"error": {"message": raw}}),
    "Python exception repr": lambda raw: f"RuntimeError({raw!r})",
    "Rust Debug": lambda raw: f"Error {{ message: {json.dumps(raw)} }}",
    "JSON wrapped twice": lambda raw: json.dumps({"error": {"message": json.dumps({"error": {
        "message": raw}})}}),
    "request id suffix": lambda raw: raw + " (request id: 0a1b2c3d-4e5f)",
    "stack trace below": lambda raw: raw + "\n    at Object.fetch (node:internal/deps/undici/undici:11457:11)",
    "Markdown code fence": lambda raw: f"```\n{raw}\n```",
    "Markdown blockquote": lambda raw: "> " + raw.replace("\n", "\n> "),
    "HTML entities": lambda raw: raw.replace("&", "&amp;").replace('"', "&quot;").replace("'", "&#39;"),
    "terminal colours": lambda raw: f"\x1b[31m{raw}\x1b[0m",
    "double spaces": lambda raw: raw.replace(" ", "  "),
    "no-break spaces": lambda raw: raw.replace(" ", "\u00a0"),
}
MESSAGES = [(e["id"], e["raw"], "" if e["backend"] == "other" else e["backend"])
            for e in entries()
            if isinstance(e["raw"], str) and not is_boilerplate(e["raw"])]
WRAPPINGS = {**{f"label {label!r}": (lambda raw, label=label: label + raw) for label in CLIENT_LABELS},
             **{f"log prefix {prefix!r}": (lambda raw, prefix=prefix: prefix + raw)
                for prefix in LOG_PREFIXES},
             **{f"envelope {name}": wrap for name, wrap in ENVELOPES.items()}}


def verdict(text: str, backend: str) -> tuple[str, bool]:
    answer = classifiers.classify({"code": -32603, "message": "Internal error", "data": text}, backend)
    return answer.kind, answer.transient


@functools.cache
def bare_verdicts() -> dict[str, tuple[str, bool]]:
    """Each message's verdict as written, classified once for every wrapping below."""
    return {entry_id: verdict(raw, backend) for entry_id, raw, backend in MESSAGES}


@pytest.mark.parametrize("wrapping", WRAPPINGS)
def test_a_client_label_or_envelope_does_not_change_the_verdict(wrapping):
    wrap, bare = WRAPPINGS[wrapping], bare_verdicts()
    changed = []
    for entry_id, raw, backend in MESSAGES:
        wrapped = verdict(wrap(raw), backend)
        if bare[entry_id][1] != wrapped[1]:
            changed.append((entry_id, bare[entry_id], wrapped))
    assert not changed, changed[:5]
