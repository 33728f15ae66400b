"""Loading and validating the rule files once, into frozen objects (rules as data)."""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from classifiers.engine import PatternSets, entries_of
from classifiers.rule import Rule
from classifiers.status import accepted_statuses

RULES_DIR = Path(__file__).parent / "rules"
RELEASE = "2026.12.0"
FIELDS = {"data", "message", "haystack"}
MODEL_CONDITIONS = {"named", "not_advertised"}
ALLOWANCE_CONDITIONS = {"requested_above_limit"}
WAIT_CONDITIONS = {"short"}
RULE_KEYS = {
    "id", "order", "kind", "wording", "tags", "transient", "recovery", "field", "pattern", "case",
    "unless", "code", "status", "status_except", "status_first", "marker", "model",
    "allowance", "wait", "names", "backends", "subject", "outranks", "why",
}
SUPPORT_FILES = {"taxonomy.toml", "backends.toml", "wording.toml", "other_inputs.toml"}


class RulesetError(ValueError):
    """A rule file that must not load; the message names the file and the rule."""


@dataclass(frozen=True)
class Backend:
    id: str
    aliases: tuple[str, ...]
    provider: str
    sign_in: str


@dataclass(frozen=True)
class Ruleset:
    rules: tuple[Rule, ...]
    kinds: Mapping[str, Mapping]
    exceptions: Mapping[str, Mapping]
    tags: tuple[str, ...]
    recoveries: tuple[str, ...]
    ladders: Mapping[str, Mapping]
    wordings: Mapping[str, Mapping]
    pattern_sets: PatternSets
    # Which rules a Set entry can make possible, per field; rules outside this index (no text
    # condition, or a pattern only `re` runs) are always candidates.
    entry_rules: Mapping[str, Mapping[int, tuple[int, ...]]]
    always_candidates: tuple[int, ...]
    backends: Mapping[str, Backend]
    unknown_backend: Backend
    id: str

    def backend(self, name: str) -> tuple[Backend, bool]:
        """The canonical backend for an id or alias (case-insensitive), and whether it is known;
        an unknown id is answered as given, redacted (it is echoed back to the caller)."""
        key = (name or "").strip().lower()
        for backend in self.backends.values():
            if key == backend.id or key in backend.aliases:
                return backend, True
        from redaction import scrub_text  # here, not at import: redaction is not a rule concern
        echoed = scrub_text((name or "").strip())
        return Backend(echoed, (), self.unknown_backend.provider, self.unknown_backend.sign_in), False


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesetError(f"{path.name}: not valid TOML: {exc}") from exc


def _fail(path: Path, rule_id: str, problem: str) -> RulesetError:
    return RulesetError(f"{path.name}: rule {rule_id!r}: {problem}")


def _compile(path: Path, rule_id: str, pattern: str, case: str, field: str, sets: PatternSets):
    try:
        return sets.add(field, pattern, case != "cs")
    except re.error as exc:
        raise _fail(path, rule_id, f"pattern does not compile: {exc}") from exc


CAMEL_WORD = r"[A-Z][a-z0-9]+|[A-Z]{2,}(?=[A-Z][a-z]|$)"
CAMEL_WORDS = rf"(?:{CAMEL_WORD}){{2,}}"


def name_stems(names: list[str]) -> list[str]:
    """What each name may be written as without its suffix: only a stem of two or more words,
    since a single word left over ('Connection', 'Server') is plain prose."""
    stems = {re.sub(r"(?:Error|Exception)$", "", n) for n in names}
    return sorted((s for s in stems if re.fullmatch(CAMEL_WORDS, s)), key=len, reverse=True)


def names_pattern(names: list[str]) -> str:
    """CamelCase class names of two or more words match with or without an Error/Exception
    suffix and behind any package prefix, and as the constant they are also written as
    (QUOTA_EXHAUSTED, also after a code's prefix and underscore); a name whose stem is one word
    matches only whole (rules.md 2b, more documented vocabulary). One alternation per rule: a
    second top-level branch for the constants cost the Set pass about a tenth."""
    stems = name_stems(names)
    whole = sorted({n for n in names if re.sub(r"(?:Error|Exception)$", "", n) not in stems},
                   key=len, reverse=True)
    shortened = [rf"(?:{'|'.join(re.escape(s) for s in stems)})(?:Error|Exception)?"] if stems else []
    constants = [rf"(?:{'|'.join(_as_constant(s) for s in stems)})(?:_ERROR|_EXCEPTION)?"] if stems else []
    body = "|".join(shortened + constants + [re.escape(n) for n in whole])
    return rf"(?:^|[^A-Za-z0-9])(?:{body})(?:$|[^A-Za-z0-9])"


def _as_constant(stem: str) -> str:
    """The enum constant or error code a class name is also written as ("QuotaExhausted" as
    QUOTA_EXHAUSTED): its words joined by underscores."""
    return "_".join(w.upper() for w in re.findall(CAMEL_WORD, stem))


def subject_pattern(subject: str, failure_words: str) -> str:
    """A subject said to be missing, or named in one sentence with a failure word on either side
    (within 60 characters): the shape of a weak cue."""
    near = r"[^\n.]{0,60}?"
    return (rf"\b(?:no|without|missing) (?:{subject})\b"
            rf"|\b(?:{subject})\b{near}\b(?:{failure_words})\b"
            rf"|\b(?:{failure_words})\b{near}\b(?:{subject})\b")


def _text_pattern(path: Path, rule_id: str, raw: dict, failure_words: str | None) -> str | None:
    if "subject" not in raw:
        return raw.get("pattern")
    if "pattern" in raw:
        raise _fail(path, rule_id, "subject and pattern are two ways to say one condition; use one")
    if not failure_words:
        raise _fail(path, rule_id, "subject needs the file's failure_words")
    return subject_pattern(raw["subject"], failure_words)


def _either(*patterns: str | None) -> str | None:
    """One pattern that occurs when any of the given ones does."""
    return "|".join(p for p in patterns if p) or None


def _outranking(rule_docs: list[tuple[Path, dict, str | None]]) -> dict[str, tuple[str, ...]]:
    """Rule id -> the branches later rules hold over it. A later rule that must win on some
    wording names the earlier rule and the wording once, under `outranks`: the wording is the
    later rule's pattern and the earlier rule's `unless` (rules.md section 2 stays the order)."""
    by_id = {raw.get("id"): raw for _, raw, _ in rule_docs}
    held: dict[str, list[str]] = {}
    for path, raw, _ in rule_docs:
        outranks = raw.get("outranks", {})
        if not isinstance(outranks, dict) or not all(isinstance(p, str) for p in outranks.values()):
            raise _fail(path, str(raw.get("id")), "outranks maps an earlier rule's id to a pattern")
        for target, pattern in outranks.items():
            problem = _cannot_outrank(raw, by_id.get(target))
            if problem:
                raise _fail(path, raw["id"], f"outranks {target!r}, which {problem}")
            held.setdefault(target, []).append(pattern)
    return {target: tuple(patterns) for target, patterns in held.items()}


def _cannot_outrank(later: dict, earlier: dict | None) -> str | None:
    if earlier is None:
        return "is not a rule"
    orders = (earlier.get("order"), later.get("order"))
    # An order that is not a number is the rule's own check to refuse.
    if all(isinstance(o, (int, float)) for o in orders) and not orders[0] < orders[1]:
        return "does not come before it"
    if any(earlier.get(key, default) != later.get(key, default)
           for key, default in (("field", "haystack"), ("case", "ci"))):
        return "reads another field or case"
    return None


def _build_rule(path: Path, raw: dict, kinds: Mapping, tags: set, recoveries: set,
                wordings: Mapping, sets: PatternSets, failure_words: str | None = None,
                outranked_by: tuple[str, ...] = ()) -> Rule:
    rule_id = raw.get("id")
    if not isinstance(rule_id, str) or not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", rule_id):
        raise _fail(path, str(rule_id), "id must be lower-kebab-case")
    unknown = set(raw) - RULE_KEYS
    if unknown:
        raise _fail(path, rule_id, f"unknown keys {sorted(unknown)}")
    if not isinstance(raw.get("order"), (int, float)):
        raise _fail(path, rule_id, "order must be a number (its place in rules.md section 2)")
    if raw.get("kind") not in kinds:
        raise _fail(path, rule_id, f"kind {raw.get('kind')!r} is not in the taxonomy")
    if raw.get("wording") not in wordings:
        raise _fail(path, rule_id, f"wording {raw.get('wording')!r} does not exist")
    bad_tags = set(raw.get("tags", [])) - tags
    if bad_tags:
        raise _fail(path, rule_id, f"tags {sorted(bad_tags)} are not in the closed tag set")
    if "recovery" in raw and raw["recovery"] not in recoveries:
        raise _fail(path, rule_id, f"recovery {raw['recovery']!r} is not a known recovery")
    if not raw.get("why"):
        raise _fail(path, rule_id, "every rule says why")
    case = raw.get("case", "ci")
    field = raw.get("field", "haystack")
    if case not in ("ci", "cs"):
        raise _fail(path, rule_id, "case is 'ci' or 'cs'")
    text_pattern = _either(_text_pattern(path, rule_id, raw, failure_words),
                           *raw.get("outranks", {}).values())
    unless = _either(raw.get("unless"), *outranked_by)
    has_text_condition = text_pattern is not None or "names" in raw
    for name in raw.get("names", []):
        if not re.fullmatch(CAMEL_WORDS, name):
            raise _fail(path, rule_id, f"name {name!r} is not a CamelCase class name of two or more words")
    if has_text_condition and raw.get("field") not in FIELDS:
        raise _fail(path, rule_id, f"field must be one of {sorted(FIELDS)}")
    if "status_first" in raw and "status" not in raw:
        raise _fail(path, rule_id, "status_first needs status")
    if unless and not has_text_condition:
        raise _fail(path, rule_id, "unless needs a pattern and field")
    if "model" in raw and raw["model"] not in MODEL_CONDITIONS:
        raise _fail(path, rule_id, f"model must be one of {sorted(MODEL_CONDITIONS)}")
    if "allowance" in raw and (raw["allowance"] not in ALLOWANCE_CONDITIONS or not has_text_condition):
        raise _fail(path, rule_id, f"allowance must be one of {sorted(ALLOWANCE_CONDITIONS)}, with a pattern")
    if "wait" in raw and (raw["wait"] not in WAIT_CONDITIONS or not has_text_condition):
        raise _fail(path, rule_id, f"wait must be one of {sorted(WAIT_CONDITIONS)}, with a pattern")
    for spec in raw.get("status", []) + raw.get("status_except", []):
        if not re.fullmatch(r"[1-5](?:\d\d|xx)", spec):
            raise _fail(path, rule_id, f"status {spec!r} is not like '429' or '4xx'")
    statuses = accepted_statuses(raw.get("status", ()), raw.get("status_except", ()))
    if "status" in raw and not statuses:  # an empty set would read as no status condition at all
        raise _fail(path, rule_id, "status accepts no status once status_except is left out")
    code = raw.get("code")
    if code is not None and code != "absent" and not (
            isinstance(code, list) and all(isinstance(c, int) for c in code)):
        raise _fail(path, rule_id, "code is 'absent' or a list of integers")
    if not (has_text_condition or "status" in raw or "marker" in raw or "model" in raw or code):
        raise _fail(path, rule_id, "a rule needs at least one condition")
    return Rule(
        id=rule_id,
        order=float(raw["order"]),
        kind=raw["kind"],
        wording=raw["wording"],
        tags=tuple(sorted(raw.get("tags", ()))),
        transient=raw.get("transient"),
        recovery=raw.get("recovery"),
        field=field,
        pattern=_compile(path, rule_id, text_pattern, case, field, sets) if text_pattern else None,
        names=sets.add(field, names_pattern(raw["names"]), False) if raw.get("names") else None,
        unless=_compile(path, rule_id, unless, case, field, sets) if unless else None,
        code=tuple(code) if isinstance(code, list) else code,
        status=statuses,
        status_first=bool(raw.get("status_first", False)),
        marker=(raw["marker"]["key"], raw["marker"]["value"]) if "marker" in raw else None,
        model=raw.get("model"),
        allowance=raw.get("allowance"),
        wait=raw.get("wait"),
        backends=tuple(raw.get("backends", ())),
        source=path.name,
    )


def _backends(doc: dict) -> tuple[dict[str, Backend], Backend]:
    backends = {
        key: Backend(key, tuple(a.lower() for a in spec.get("aliases", ())), spec["provider"],
                     spec["sign_in"])
        for key, spec in doc["backends"].items()
    }
    fallback = doc["unknown"]
    return backends, Backend("", (), fallback["provider"], fallback["sign_in"])


def _candidate_index(rules: list[Rule]) -> tuple[dict, tuple[int, ...]]:
    """For each field, Set entry -> the rules (by position) whose text condition it can satisfy."""
    by_entry: dict[str, dict[int, list[int]]] = {}
    always: list[int] = []
    for position, rule in enumerate(rules):
        matchers = [m for m in (rule.pattern, rule.names) if m is not None]
        entry_sets = [entries_of(m) for m in matchers]
        if not matchers or any(entries is None for entries in entry_sets):
            always.append(position)
            continue
        for entry in frozenset().union(*entry_sets):
            by_entry.setdefault(rule.field, {}).setdefault(entry, []).append(position)
    index = {field: {e: tuple(p) for e, p in entries.items()} for field, entries in by_entry.items()}
    return index, tuple(always)


def rule_files(directory: Path = RULES_DIR) -> list[Path]:
    return sorted(p for p in directory.glob("*.toml") if p.name not in SUPPORT_FILES)


def load(directory: Path = RULES_DIR) -> Ruleset:
    """Read every rule file; refuse the whole set, naming file and rule, if anything is wrong."""
    taxonomy = _read(directory / "taxonomy.toml")
    wordings = _read(directory / "wording.toml")["wording"]
    kinds = taxonomy["kinds"]
    tags, recoveries = set(taxonomy["tags"]), set(taxonomy["recoveries"])
    for name, kind in kinds.items():
        if kind["exception"] not in taxonomy["exceptions"]:
            raise RulesetError(f"taxonomy.toml: kind {name!r} names unknown exception")
        if kind.get("ladder") and kind["ladder"] not in taxonomy["ladders"]:
            raise RulesetError(f"taxonomy.toml: kind {name!r} names unknown ladder")
    backends, unknown_backend = _backends(_read(directory / "backends.toml"))
    rules: list[Rule] = []
    sets = PatternSets()
    digest = hashlib.sha256()
    for path in [directory / n for n in sorted(SUPPORT_FILES)] + rule_files(directory):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    rule_docs = []
    for path in rule_files(directory):
        doc = _read(path)
        rule_docs += [(path, raw, doc.get("failure_words")) for raw in doc.get("rule", [])]
    outranked = _outranking(rule_docs)
    for path, raw, failure_words in rule_docs:
        rule = _build_rule(path, raw, kinds, tags, recoveries, wordings, sets, failure_words,
                           outranked.get(raw.get("id"), ()))
        unknown = set(rule.backends) - set(backends)
        if unknown:
            raise _fail(path, rule.id, f"backends {sorted(unknown)} are not known backends")
        rules.append(rule)
    seen: dict[str, str] = {}
    for rule in rules:
        if rule.id in seen:
            raise RulesetError(f"{rule.source}: rule {rule.id!r}: id also used in {seen[rule.id]}")
        seen[rule.id] = rule.source
    rules.sort(key=lambda r: r.order)
    for earlier, later in zip(rules, rules[1:]):
        if earlier.order == later.order and not (
                earlier.backends and later.backends
                and not set(earlier.backends) & set(later.backends)):
            raise RulesetError(
                f"{later.source}: rule {later.id!r}: order {later.order} also used by {earlier.id!r}")
    sets.compile()
    entry_rules, always = _candidate_index(rules)
    return Ruleset(
        rules=tuple(rules),
        kinds=MappingProxyType(kinds),
        exceptions=MappingProxyType(taxonomy["exceptions"]),
        tags=tuple(taxonomy["tags"]),
        recoveries=tuple(taxonomy["recoveries"]),
        ladders=MappingProxyType(taxonomy["ladders"]),
        wordings=MappingProxyType(wordings),
        pattern_sets=sets,
        entry_rules=MappingProxyType(entry_rules),
        always_candidates=always,
        backends=MappingProxyType(backends),
        unknown_backend=unknown_backend,
        id=f"{RELEASE}+{digest.hexdigest()[:12]}",
    )
