"""Every corpus entry replayed through classify; it must agree with its label or its spec note."""

import pytest

import classifiers
from tests.corpus.corpus import ENTRY_KEYS, entries, expected, held_out_floor, held_out_origins

ENTRIES = entries()
HELD_OUT = held_out_origins()
LEARNED = [e for e in ENTRIES if e["origin"] not in HELD_OUT]
UNSEEN = [e for e in ENTRIES if e["origin"] in HELD_OUT]
# No rule may be written from the held-out slice, so its entries are not each a must-pass test
# (that would force rules fitted to them), nor must the slice clear issue 8's bars to stay (that
# would keep only the origins Verdict already handles and flatter the number). What must hold:
# the slice never does worse than when its agreement was last recorded in holdout.json.


@pytest.mark.parametrize("entry", LEARNED, ids=[e["id"] for e in LEARNED])
def test_entry_classifies_as_labelled(entry):
    answer = classifiers.classify(entry["frame"], entry["backend"])
    assert (answer.kind, answer.transient) == expected(entry), (entry["raw"][:300], answer.rule)


def test_held_out_origins_do_no_worse_than_their_recorded_floor():
    kind_floor, verdict_floor, recorded = held_out_floor()
    kind_misses, verdict_misses = [], []
    for entry in UNSEEN:
        answer = classifiers.classify(entry["frame"], entry["backend"])
        kind, transient = expected(entry)
        if answer.kind != kind:
            kind_misses.append(f"{entry['id']}: {answer.kind} ({answer.rule})")
        if answer.transient != transient:
            verdict_misses.append(f"{entry['id']}: transient={answer.transient} ({answer.rule})")
    assert len(UNSEEN) == recorded, "the slice changed: record its new floor in holdout.json"
    assert len(UNSEEN) - len(kind_misses) >= kind_floor, kind_misses
    assert len(UNSEEN) - len(verdict_misses) >= verdict_floor, verdict_misses


def test_the_held_out_slice_is_about_a_fifth_of_the_origins():
    origins = {e["origin"] for e in ENTRIES}
    assert HELD_OUT <= origins
    assert 0.15 * len(origins) <= len(HELD_OUT) <= 0.25 * len(origins), (len(HELD_OUT), len(origins))


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
    # credential_reload is decided by a structured marker (errorKind: cloud_credential_error) that
    # only the KAS engine emits; no public report quotes one, so its vectors stand in for it.
    missing = sorted(frame_kinds - present - {"credential_reload"})
    assert missing == []
