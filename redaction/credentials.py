"""The credential pass: find every credential span in a text (rules.md section 6)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, NamedTuple

from redaction import checks
from redaction.entropy import ascii_lower, printable_share
from redaction.table import BEFORE_WINDOW, TABLE, CredentialPattern

_MAX_DECODE_DEPTH = 2
_BASE64_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+")
_RUN_TABLE = bytes(0x61 if i in _BASE64_BYTES else 0x20 for i in range(256))
_RUN = re.compile(rb" a{40,}")


class Span(NamedTuple):
    start: int
    end: int
    marker: str
    pattern: str


def _secret_bounds(match: re.Match) -> tuple[int, int]:
    if "secret" in match.re.groupindex and match.group("secret") is not None:
        return match.span("secret")
    return match.span()


def _decoded_text(run: str) -> str | None:
    """The text a base64 run encodes, when it encodes text at all."""
    decoded = checks.b64decode_loose(run)
    if decoded is None or printable_share(decoded) < 0.85:
        return None
    return decoded.decode("latin-1")


@lru_cache(maxsize=8192)
def _value_marker(check: str | None, secret: str, min_entropy: float, depth: int) -> str | None:
    """The marker for a candidate whose verdict depends on its own text only, or None.
    Cached: logs repeat the same tokens, and the decoded-view pass meets them again."""
    if check == "bearer_value":
        return TABLE.marker if checks.bearer_value(secret) else None
    if check == "jwt_header":
        return TABLE.marker if checks.jwt_header(secret) else None
    if check in ("sensitive_value", "parameter_value"):
        return TABLE.marker if checks.sensitive_value(secret, min_entropy) else None
    if check == "aws_secret":
        decoded = _decoded_text(secret)
        if decoded is not None:  # encoded text: redact only when it hides a credential
            if depth < _MAX_DECODE_DEPTH and find_spans(decoded, depth + 1):
                return TABLE.encoded_marker
            return None
        return TABLE.marker if checks.any_aws_window(secret) else None
    return TABLE.marker


def _accept(pattern: CredentialPattern, match: re.Match, text: str, depth: int) -> Span | None:
    before = text[match.start() - 1] if match.start() > 0 else ""
    if (pattern.not_after and before in pattern.not_after) or (
            pattern.only_after and before not in pattern.only_after):
        return None
    start, end = _secret_bounds(match)
    if pattern.check == "pem_block":
        return Span(start, checks.pem_block_end(text, match.end()), TABLE.marker, pattern.id)
    if pattern.before is not None:
        lead = pattern.before.search(text, max(0, start - BEFORE_WINDOW), start)
        if lead is None:
            return None
        start = lead.start()
    marker = _value_marker(pattern.check, text[start:end], pattern.min_entropy, depth)
    return None if marker is None else Span(start, end, marker, pattern.id)


def base64_run_starts(text: str) -> Iterable[int]:
    """Where runs of 40+ base64 characters start: one C-speed pass over a byte mask of the text
    (latin-1 with replacement keeps one byte per character, so offsets carry over)."""
    mask = b" " + text.encode("latin-1", "replace").translate(_RUN_TABLE)
    return (match.start() for match in _RUN.finditer(mask))


def _matches(pattern: CredentialPattern, subject: str) -> Iterable[re.Match]:
    if pattern.finder == "base64_runs":
        for start in base64_run_starts(subject):
            for regex in pattern.regexes:
                match = regex.match(subject, start)
                if match:
                    yield match
        return
    for regex, needle in zip(pattern.regexes, pattern.needles):
        if needle in subject:
            yield from regex.finditer(subject)


def _patterns_present(text: str, lowered: str) -> list[CredentialPattern]:
    """The patterns worth running, in table order: those with a keyword in the (lowered) text,
    found in one RE2 Set pass, and those without keywords that the text is long enough for."""
    found = TABLE.keyword_set.Match(lowered.encode("utf-8", "surrogatepass")) or ()
    positions = sorted([TABLE.keyed[entry] for entry in found] + [
        i for i in TABLE.unkeyed if len(text) >= TABLE.patterns[i].min_length])
    return [TABLE.patterns[i] for i in positions]


def _candidates(text: str, depth: int, lowered: str | None) -> Iterable[Span]:
    lowered = ascii_lower(text) if lowered is None else lowered
    for pattern in _patterns_present(text, lowered):
        for match in _matches(pattern, lowered if pattern.lowered else text):
            span = _accept(pattern, match, text, depth)
            if span is not None:
                yield span


def merge(spans: Iterable[Span]) -> list[Span]:
    """Overlapping spans become one; a plain credential marker wins over an encoded one."""
    merged: list[Span] = []
    for span in sorted(spans):
        if merged and span.start < merged[-1].end:
            last = merged[-1]
            marker = TABLE.marker if TABLE.marker in (span.marker, last.marker) else last.marker
            merged[-1] = Span(last.start, max(span.end, last.end), marker, last.pattern)
        else:
            merged.append(span)
    return merged


def find_spans(text: str, depth: int = 0, lowered: str | None = None) -> list[Span]:
    return merge(_candidates(text, depth, lowered))


def replace_spans(text: str, spans: list[Span]) -> str:
    pieces, cursor = [], 0
    for span in spans:
        pieces.append(text[cursor:span.start])
        pieces.append(span.marker)
        cursor = span.end
    pieces.append(text[cursor:])
    return "".join(pieces)
