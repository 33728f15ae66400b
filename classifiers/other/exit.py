"""POST /v1/classify/exit: an agent process died or failed to start (rules.md section 7)."""

from __future__ import annotations

import signal as signals
from dataclasses import dataclass
from typing import Any

from classifiers.frame import Frame
from classifiers.other.vocabulary import pattern, vocabulary
from classifiers.rule import Facts
from classifiers.ruleset import Ruleset
from classifiers.verdict import kind_ladder, retry_policy
from redaction import scrub_text


@dataclass(frozen=True)
class ExitReport:
    backend: str
    stderr: str = ""
    exit_code: int | None = None
    signal: str | None = None
    phase: str = "turn"
    activity_seen: bool = False
    ambiguous_delivery: bool = False


def exit_status(exit_code: int | None, signal_name: str | None) -> str:
    """`rc=-15 (signal SIGTERM)`, `rc=1`, or `rc=unknown`."""
    number = None
    if signal_name:
        name = signal_name if signal_name.upper().startswith("SIG") else f"SIG{signal_name}"
        try:
            number = signals.Signals[name.upper()].value
        except KeyError:
            number = None
        code = exit_code if exit_code is not None else (-number if number else None)
        return f"rc={code if code is not None else 'unknown'} (signal {name.upper()})"
    if exit_code is not None and exit_code < 0:
        try:
            return f"rc={exit_code} (signal {signals.Signals(-exit_code).name})"
        except ValueError:
            return f"rc={exit_code}"
    return f"rc={exit_code}" if exit_code is not None else "rc=unknown"


def _lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


def _cause(line: str | None) -> str | None:
    if line is None:
        return None
    return scrub_text(line.strip())[: vocabulary()["exit"]["cause_chars"]]


def _auth_line(ruleset: Ruleset, backend: str, lines: list[str]) -> str | None:
    names = vocabulary()["exit"]
    rules = {r.id: r for r in ruleset.rules}
    for line in lines:
        facts = Facts(Frame.read({"code": -32603, "data": line}), backend, None, None, ruleset.pattern_sets)
        if any(rules[i].matches(facts) for i in names["not_auth_rules"]):
            continue
        if any(rules[i].matches(facts) for i in names["auth_rules"]):
            return line
    return None


def _first(lines: list[str], *names: str) -> str | None:
    return next((line for line in lines if all(pattern("exit", n).search(line) for n in names)), None)


def classify_exit(ruleset: Ruleset, report: ExitReport) -> dict[str, Any]:
    backend, known = ruleset.backend(report.backend)
    wording = vocabulary()["exit"]["wording"]
    lines = _lines(report.stderr)

    def answer(kind: str, rule: str, message: str, cause: str | None, transient: bool | None = None,
               recovery: str | None = None) -> dict[str, Any]:
        spec = ruleset.kinds[kind]
        verdict = spec["transient"] if transient is None else transient
        return {"kind": kind, "transient": verdict, "exception": spec["exception"],
                "message": scrub_text(message), "tags": [],
                "retry": retry_policy(kind_ladder(spec), ruleset.ladders) if verdict else None,
                "recovery": recovery or spec["recovery"], "backend": backend.id, "backend_known": known,
                "rule": rule, "ruleset": ruleset.id, "cause_line": _cause(cause)}

    if report.ambiguous_delivery:
        return answer("process_died", "exit-ambiguous-delivery", wording["ambiguous_delivery"], None,
                      transient=False, recovery="reset_session_once")
    auth = _auth_line(ruleset, backend.id, lines)
    if auth is not None:
        return answer("auth_required", "exit-auth-required",
                      wording["auth_required"].format(sign_in=backend.sign_in), auth)
    throttled = _first(lines, "registration_failed", "registration_throttled")
    if throttled is not None and not report.activity_seen:
        cause = _cause(throttled)
        return answer("registration_rate_limited", "exit-registration-rate-limited",
                      wording["registration_rate_limited"].format(cause=cause), throttled)
    sandbox = _first(lines, "sandbox_refused")
    if sandbox is not None and report.phase == "startup":
        return answer("sandbox_init_failed", "exit-sandbox-refused", wording["sandbox_init_failed"], sandbox)
    refused = _first(lines, "kas_engine_refused")
    if refused is not None:
        return answer("kas_engine_refused", "exit-kas-engine-refused", wording["kas_engine_refused"], refused)
    return _plain_death(report, lines, answer, wording)


def _plain_death(report: ExitReport, lines: list[str], answer, wording: dict) -> dict[str, Any]:
    tail_count = vocabulary()["exit"]["tail_lines"]
    tail = [scrub_text(line.strip()) for line in lines[-tail_count:]]
    no_space = _first(lines, "no_space")
    message = wording["process_died"].format(
        status=exit_status(report.exit_code, report.signal),
        tail=(" Last output: " + " | ".join(tail)) if tail else "")
    if no_space is not None:
        message += wording["no_space_hint"]
    cause = no_space or (lines[-1] if lines else None)
    # Nothing the turn did can be repeated by a replay only when it did nothing yet.
    return answer("process_died", "exit-process-died", message, cause,
                  transient=not report.activity_seen,
                  recovery="respawn_and_retry" if not report.activity_seen else "none")
