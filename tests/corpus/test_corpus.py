"""Every corpus entry replayed through classify; it must agree with its label or its spec note."""

import pytest

import classifiers
from tests.corpus.corpus import ENTRY_KEYS, entries, expected

ENTRIES = entries()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_entry_classifies_as_labelled(entry):
    answer = classifiers.classify(entry["frame"], entry["backend"])
    assert (answer.kind, answer.transient) == expected(entry), (entry["raw"][:300], answer.rule)


def test_entries_are_complete_and_distinct():
    ids = [e["id"] for e in ENTRIES]
    assert len(ids) == len(set(ids))
    raws = [e["raw"] for e in ENTRIES]
    assert len(raws) == len(set(raws))
    for entry in ENTRIES:
        assert ENTRY_KEYS <= set(entry), entry["id"]
        assert entry["source_url"].startswith("https://"), entry["id"]


def test_spec_notes_only_where_spec_and_label_differ():
    for entry in ENTRIES:
        spec = entry.get("spec")
        if spec:
            assert spec["why"].startswith("rules.md"), entry["id"]
            assert (spec["kind"], spec["transient"]) != (entry["kind"], entry["transient"]), entry["id"]


def test_every_kind_of_the_spec_is_in_the_corpus():
    frame_kinds = {k for k, spec in classifiers.ruleset().kinds.items()
                   if spec["exception"] in ("AcpError", "AcpProcessDied", "AcpPromptBusy")}
    present = {expected(e)[0] for e in ENTRIES} | {e["kind"] for e in ENTRIES}
    missing = sorted(frame_kinds - present - {"process_died", "credential_reload", "not_signed_in"})
    assert missing == []
