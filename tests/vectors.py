"""Loading the language-neutral classifier vectors and comparing an answer with one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RULES_DIR = Path(__file__).resolve().parent.parent / "classifiers" / "rules"
PSEUDO_RULES = {"fallback", "hints"}
_EXACT = ("kind", "transient", "rule", "user_worded", "recovery", "exception", "rejected_model",
          "substitute_model", "message", "backend")


OTHER_ENDPOINTS = ("exit", "turn", "refusal", "compaction")


def vector_files() -> list[Path]:
    """Frame vectors: the ones beside a rule file."""
    return sorted(p for p in RULES_DIR.glob("*.vectors.json")
                  if (RULES_DIR / p.name.replace(".vectors.json", ".toml")).exists())


def other_vectors() -> list[tuple[str, dict]]:
    """(endpoint, vector) for the inputs beyond error frames (rules.md section 7)."""
    found = []
    for name in OTHER_ENDPOINTS:
        document = json.loads((RULES_DIR / f"{name}.vectors.json").read_text("utf-8"))
        found += [(document["endpoint"], vector) for vector in document["vectors"]]
    return found


def subset_mismatches(expect: Any, answer: Any, path: str = "") -> list[str]:
    """Every member `expect` lists must equal the answer's; nested objects compare likewise."""
    if isinstance(expect, dict) and isinstance(answer, dict):
        return [problem for key, value in expect.items()
                for problem in subset_mismatches(value, answer.get(key), f"{path}/{key}")]
    return [] if expect == answer else [f"{path}: expected {expect!r}, got {answer!r}"]


def other_mismatches(vector: dict, answer: dict) -> list[str]:
    problems = subset_mismatches(vector["expect"], answer)
    message = answer.get("message") or ""
    problems += [f"message lacks {f!r}" for f in vector.get("message_contains", ()) if f not in message]
    problems += [f"message has {f!r}" for f in vector.get("message_lacks", ()) if f in message]
    return problems


def all_vectors() -> list[dict]:
    return [v for path in vector_files() for v in json.loads(path.read_text("utf-8"))["vectors"]]


def mismatches(expect: dict, answer: dict[str, Any]) -> list[str]:
    """Every way `answer` (a classify response body) differs from `expect`."""
    problems = []
    for key in _EXACT:
        if key in expect and answer.get(key) != expect[key]:
            problems.append(f"{key}: expected {expect[key]!r}, got {answer.get(key)!r}")
    if "rule_not" in expect and answer["rule"] == expect["rule_not"]:
        problems.append(f"rule {expect['rule_not']!r} must not decide")
    if "tags" in expect and sorted(expect["tags"]) != answer["tags"]:
        problems.append(f"tags: expected {sorted(expect['tags'])}, got {answer['tags']}")
    ladder = answer["retry"]["ladder"] if answer.get("retry") else None
    if "retry_ladder" in expect and ladder != expect["retry_ladder"]:
        problems.append(f"retry ladder: expected {expect['retry_ladder']!r}, got {ladder!r}")
    if "first_delay_s" in expect and (answer.get("retry") or {}).get("first_delay_s") != expect["first_delay_s"]:
        problems.append(f"first_delay_s: expected {expect['first_delay_s']!r}")
    for fragment in expect.get("message_contains", ()):
        if fragment not in answer["message"]:
            problems.append(f"message lacks {fragment!r}: {answer['message']!r}")
    for fragment in expect.get("message_lacks", ()):
        if fragment in answer["message"]:
            problems.append(f"message must not contain {fragment!r}: {answer['message']!r}")
    if answer["user_worded"] is False and answer["raw_detail"] != "":
        problems.append("raw_detail must be empty when the message is not user-worded")
    return problems
