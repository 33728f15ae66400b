"""Clients put a label of their own before the provider's text ("LLM provider error: ...",
"Upstream error: ..."). The label says nothing of the failure, so every corpus message must get
the same verdict behind each common label as it gets bare.

Labels a number may follow as a status ("Error from provider: 503") are not listed: there the
label does change what the text states."""

import pytest

import classifiers
from tests.corpus.corpus import entries

CLIENT_LABELS = ("LLM provider error: ", "Upstream error: ", "Gateway error: ", "Proxy error: ",
                 "Provider error: ", "Backend error: ", "Model error: ", "Server error: ",
                 "Agent error: ", "API Error: ", "Request failed: ", "Error: ")
MESSAGES = [(e["id"], e["raw"], "" if e["backend"] == "other" else e["backend"])
            for e in entries() if isinstance(e["raw"], str)]


def verdict(text: str, backend: str) -> tuple[str, bool]:
    answer = classifiers.classify({"code": -32603, "message": "Internal error", "data": text}, backend)
    return answer.kind, answer.transient


@pytest.mark.parametrize("label", CLIENT_LABELS)
def test_a_client_label_does_not_change_the_verdict(label):
    changed = []
    for entry_id, raw, backend in MESSAGES:
        bare, labelled = verdict(raw, backend), verdict(label + raw, backend)
        if bare[1] != labelled[1]:
            changed.append((entry_id, bare, labelled))
    assert not changed, changed[:5]
