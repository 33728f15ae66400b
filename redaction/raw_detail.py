"""raw_detail: the frame as one redacted line of compact ASCII JSON (rules.md section 5)."""

from __future__ import annotations

import json
import re
from typing import Any

from redaction.scrub import might_hold_credential, scrub_text

MAX_CHARS = 2000
# Only what can survive the cut is scrubbed the second time, plus room for a credential that
# straddles it (every string was already scrubbed before escaping).
SECOND_SCRUB_CHARS = MAX_CHARS + 8192
# Built once: json.dumps with any non-default option builds a new encoder on every call.
_ASCII_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True, allow_nan=False)
# One atom is an escape, a redaction marker or a single character; a cut falls between atoms.
_ATOM = re.compile(r"\\u[0-9a-fA-F]{4}|\\.|\[REDACTED: [^\]\n]{0,300}\]|.", re.S)


def scrub_value(value: Any, depth: int = 0) -> Any:
    """Every string scrubbed in its own spelling, keys too, at any depth, before escaping.
    Past SECOND_SCRUB_CHARS a string can only land in the part of the line that is cut (or
    that the second scrub reads), so its tail is not scrubbed twice for nothing."""
    if isinstance(value, str):
        if len(value) > SECOND_SCRUB_CHARS:
            return scrub_text(value[:SECOND_SCRUB_CHARS]) + value[SECOND_SCRUB_CHARS:]
        return scrub_text(value)
    if depth > 200:
        return "[nested too deeply]"
    if isinstance(value, dict):
        return {scrub_text(str(k)): scrub_value(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub_value(v, depth + 1) for v in value]
    return value


def error_members(frame: dict) -> dict:
    """What raw_detail shows of a frame: its code, message and data, where present."""
    return {key: frame[key] for key in ("code", "message", "data") if key in frame}


def json_line(value: Any) -> str:
    """Compact ASCII JSON, or the value's text as a JSON string where it has no JSON form."""
    try:
        return _ASCII_COMPACT.encode(value)
    except (ValueError, RecursionError):
        return json.dumps(str(value), ensure_ascii=True)


def _cut_point(line: str, budget: int) -> int:
    for atom in _ATOM.finditer(line, 0, min(len(line), budget + 320)):
        if atom.end() > budget:
            return atom.start()
    return min(len(line), budget)


def truncate(line: str, limit: int = MAX_CHARS, already_dropped: int = 0) -> str:
    """Cut to at most `limit` characters, never inside an escape or a redaction marker;
    `already_dropped` counts rendering characters cut off before `line`."""
    if len(line) <= limit and not already_dropped:
        return line
    total = len(line) + already_dropped
    cut = limit
    for _ in range(4):  # the suffix's own length depends on the count it states
        suffix = f" ...[truncated {total - cut} chars]"
        new_cut = _cut_point(line, limit - len(suffix))
        if new_cut == cut:
            break
        cut = new_cut
    return line[:cut] + f" ...[truncated {total - cut} chars]"


def render_raw_detail(frame: dict) -> str:
    picked = error_members(frame)
    line = json_line(picked)
    if not might_hold_credential(line):
        # Escaping only adds spellings; whatever could start a credential in a member's own
        # text still shows in the line, so a quiet line means quiet members.
        return truncate(line)
    line = json_line(scrub_value(picked))
    dropped = max(0, len(line) - SECOND_SCRUB_CHARS)
    return truncate(scrub_text(line[:SECOND_SCRUB_CHARS]), already_dropped=dropped)
