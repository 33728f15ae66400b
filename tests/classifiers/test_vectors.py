"""Every classifier vector replayed in-process (the e2e suite replays them over HTTP)."""

import json

import jsonschema
import pytest

import classifiers
from tests.vectors import PSEUDO_RULES, RULES_DIR, all_vectors, mismatches, vector_files

VECTORS = all_vectors()


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_holds_in_process(vector):
    given = vector["input"]
    answer = classifiers.classify(given["frame"], given["backend"], given.get("advertised_models"),
                                  given.get("hints")).as_dict()
    assert mismatches(vector["expect"], answer) == []


def test_vector_files_follow_their_schema():
    schema = json.loads((RULES_DIR / "vectors.schema.json").read_text("utf-8"))
    for path in vector_files():
        jsonschema.validate(json.loads(path.read_text("utf-8")), schema)


def test_vector_ids_are_unique():
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))


def test_every_rule_has_a_positive_and_a_near_miss_vector():
    flags_by_rule: dict[str, set] = {}
    for vector in VECTORS:
        flags_by_rule.setdefault(vector["rule"], set()).update(vector["flags"])
    missing = []
    for rule in classifiers.ruleset().rules:
        flags = flags_by_rule.get(rule.id, set())
        if not flags & {"positive", "precedence"}:
            missing.append(f"{rule.id}: no positive vector")
        if not flags & {"negative", "echo"}:
            missing.append(f"{rule.id}: no near-miss vector")
    assert missing == []


def test_every_data_only_rule_has_an_echo_vector():
    echoed = {v["rule"] for v in VECTORS if "echo" in v["flags"]}
    data_only = [r.id for r in classifiers.ruleset().rules if r.pattern is not None and r.field == "data"]
    assert data_only and [r for r in data_only if r not in echoed] == []


def test_vectors_name_only_real_rules():
    known = {r.id for r in classifiers.ruleset().rules} | PSEUDO_RULES
    assert sorted({v["rule"] for v in VECTORS} - known) == []


def test_each_vector_file_covers_its_own_rules():
    for path in vector_files():
        document = json.loads(path.read_text("utf-8"))
        sources = {r.id: r.source for r in classifiers.ruleset().rules}
        stray = [v["id"] for v in document["vectors"]
                 if v["rule"] in sources and sources[v["rule"]] != document["file"]]
        assert stray == [], path.name
