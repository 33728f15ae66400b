"""The taxonomy of rules.md section 8 as data, served by GET /v1/taxonomy."""

from __future__ import annotations

from typing import Any

from classifiers.ruleset import Ruleset


def catalogue(ruleset: Ruleset) -> dict[str, Any]:
    return {
        "kinds": [
            {"kind": name, "transient": spec["transient"], "exception": spec["exception"],
             "recovery": spec["recovery"], "ladder": spec.get("ladder"),
             "description": spec["description"]}
            for name, spec in ruleset.kinds.items()
        ],
        "exceptions": [
            {"name": name, "family": spec["family"], "base": spec["base"] or None,
             "transient": spec["transient"]}
            for name, spec in ruleset.exceptions.items()
        ],
        "tags": list(ruleset.tags),
        "recoveries": list(ruleset.recoveries),
        "backends": [
            {"id": b.id, "aliases": list(b.aliases), "provider": b.provider, "sign_in": b.sign_in}
            for b in ruleset.backends.values()
        ],
        "rules": [
            {"id": r.id, "order": r.order, "kind": r.kind, "source": r.source}
            for r in ruleset.rules
        ],
        "ruleset": ruleset.id,
    }
