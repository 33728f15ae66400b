"""The pure entry point: a frame plus a backend id in, a Verdict out (rules.md section 2)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from classifiers.codes import code_as_words, rpc_code_names
from classifiers.frame import Frame, as_plain_text, surely_lacks, without_log_prefix
from classifiers.hints import Hints, apply_hints
from classifiers.rule import Facts, Rule
from classifiers.ruleset import Ruleset
from classifiers.verdict import Verdict, kind_ladder, retry_policy
from classifiers.wording import render
from redaction import render_raw_detail, scrub_text

# Extra tag, any rule: -32603 whose detail says a model is restricted and another is used.
_SUBSTITUTION = re.compile(r"is restricted\b[\s\S]{0,400}?\busing ([^\s,;'\"`]+?)\.? instead\b", re.I)
FALLBACK_RULE = "fallback"


@dataclass(frozen=True)
class _Fallback:
    id: str = FALLBACK_RULE
    kind: str = "unknown"
    wording: str = "verbatim"
    tags: tuple[str, ...] = ()
    transient: bool | None = None
    recovery: str | None = None


def candidates(ruleset: Ruleset, facts: Facts) -> list[int]:
    """The rules that can match, in precedence order: those whose pattern the field's Set saw,
    and those that need no Set (no text condition, or a pattern only `re` runs)."""
    possible = set(ruleset.always_candidates)
    for field, entries in ruleset.entry_rules.items():
        for entry in facts.occurring(field):
            possible.update(entries.get(entry, ()))
    return sorted(possible)


def decide(ruleset: Ruleset, facts: Facts) -> Rule | _Fallback:
    rules = ruleset.rules
    for position in candidates(ruleset, facts):
        if rules[position].matches(facts):
            return rules[position]
    return _Fallback()


def decide_as_written(ruleset: Ruleset, read: Frame,
                      facts_for) -> tuple[Rule | _Fallback, Facts]:
    """The rule for the frame as written (or, when a terminal's hard wraps hid a phrase, the
    rule ahead of it that a wrap-joined reading finds); when none matches, the rule for the
    first of its plainer readings that one matches (see `_rereadings`)."""
    facts = facts_for(read)
    rule = decide(ruleset, facts)
    if not isinstance(rule, _Fallback):
        return _ahead_once_joined(ruleset, read, facts_for, rule, facts)
    for reread in _rereadings(read):
        again = facts_for(reread)
        found = decide(ruleset, again)
        if not isinstance(found, _Fallback):
            return found, again
    return rule, facts


def _ahead_once_joined(ruleset: Ruleset, read: Frame, facts_for, rule: Rule,
                       facts: Facts) -> tuple[Rule, Facts]:
    """A terminal's hard wrap can split the very phrase a rule ahead reads ("this model\\n
    requires a subscription", "model is not\\nsupported when using"), leaving only a weaker cue (a
    status, an error type) to match as written: with the padded breaks read as spaces, then also
    the plain breaks inside a sentence, a rule ahead of it wins. Breaks that end a sentence stay."""
    for joined in _joined_readings(read, (1, 2)):
        again = facts_for(joined)
        found = decide(ruleset, again)
        if not isinstance(found, _Fallback) and found.order < rule.order:
            return found, again
    return rule, facts


def _joined_readings(read: Frame, steps: tuple[int, ...]):
    """The frame with a terminal's hard wraps joined, one reading per step of
    `unwrap_terminal_lines`; a step that joins no more than the one before is not read again."""
    tried = read
    for joins in steps:
        joined = read.unwrapped(joins)
        if joined is not None and joined.texts != tried.texts:
            tried = joined
            yield joined


def _rereadings(read: Frame):
    """The plainer forms an error arrives in, in the order they are tried. First the text as
    written without a terminal's hard wraps (error text pasted from a TUI into a bug report): its
    padded line breaks as spaces, then also the plain breaks inside a sentence, then joined where
    a break split a word. Then, each building on the one before: without a terminal's colours or
    the Markdown a report quoted it in, without the timestamp, level and logger name a log line
    puts before it, with each bare error code ("system_busy", "REQUEST_TIMEOUT") also read as
    its words, since the rules' phrases are written with spaces, and with each google.rpc code a
    status prints as a number also read as its name."""
    yield from _joined_readings(read, (1, 2, 3))
    for rewrite in (as_plain_text, without_log_prefix, code_as_words, rpc_code_names):
        plainer = read.rewritten(rewrite)
        if plainer is not None:
            read = plainer
            yield read


def substitute_model(frame: Frame) -> str | None:
    if frame.code != -32603:
        return None
    details = frame.data_obj.get("details") if frame.data_obj else None
    text = details if isinstance(details, str) else frame.match_text("data")
    if surely_lacks(text, "is restricted"):
        return None
    found = _SUBSTITUTION.search(text)
    return found.group(1) if found else None


def _redacted(echoed: str | None) -> str | None:
    """Every field that can echo input is redacted, not only the message."""
    return scrub_text(echoed) if echoed else echoed


def classify_with(ruleset: Ruleset, frame: Mapping[str, Any], backend: str = "",
                  advertised_models: list[str] | None = None,
                  hints: Mapping[str, Any] | None = None) -> Verdict:
    read = Frame.read(dict(frame))
    hint = Hints.read(hints).or_stated_in(read.match_text("haystack"))
    known_backend, backend_known = ruleset.backend(backend)
    rule, facts = decide_as_written(ruleset, read, lambda frame: Facts(
        frame, known_backend.id, advertised_models, hint.http_status, ruleset.pattern_sets,
        hint.retry_after_s))
    kind = ruleset.kinds[rule.kind]
    rejected = facts.rejected[0] if rule.kind in ("model_not_entitled", "model_unavailable") else None
    rejected = _redacted(rejected)
    worded = render(ruleset, rule.wording, read, known_backend, advertised_models, rejected)
    transient = kind["transient"] if rule.transient is None else rule.transient
    ladder = kind_ladder(kind) if transient or rule.kind == "prompt_busy" else None
    tags = set(rule.tags)
    substitute = _redacted(substitute_model(read))
    if substitute:
        tags.add("model_substitution")
    if rule.kind == "session_expired" and known_backend.id == "kas":
        tags.add("auth_required")
    verdict = Verdict(
        kind=rule.kind,
        transient=transient,
        exception=kind["exception"],
        message=worded.message,
        user_worded=worded.user_worded,
        raw_detail=render_raw_detail(read.original) if worded.user_worded else "",
        tags=tuple(sorted(tags)),
        rejected_model=rejected,
        retry=retry_policy(ladder, ruleset.ladders),
        recovery=rule.recovery or kind["recovery"],
        backend=known_backend.id,
        backend_known=backend_known,
        rule=rule.id,
        ruleset=ruleset.id,
        substitute_model=substitute,
    )
    return apply_hints(ruleset, verdict, hint, read, known_backend)
