"""The credential pass: find every credential span in a text and replace it (rules.md 6)."""

from __future__ import annotations

import re
from typing import Iterable

from redaction import checks
from redaction.entropy import printable_share
from redaction.table import TABLE, CredentialPattern

Span = tuple[int, int, str]
_MAX_DECODE_DEPTH = 2


def _secret_bounds(match: re.Match) -> tuple[int, int]:
    if "secret" in match.re.groupindex and match.group("secret") is not None:
        return match.span("secret")
    return match.span()


def _encoded_credential(run: str, depth: int) -> bool:
    """A 40+ base64 run whose decoded text itself holds a credential."""
    if depth >= _MAX_DECODE_DEPTH:
        return False
    decoded = checks.b64decode_loose(run)
    if decoded is None or printable_share(decoded) < 0.85:
        return False
    return bool(find_spans(decoded.decode("latin-1"), depth + 1))


def _accept(pattern: CredentialPattern, match: re.Match, text: str, depth: int) -> Span | None:
    start, end = _secret_bounds(match)
    secret = text[start:end]
    check = pattern.check
    marker = TABLE.marker
    if check == "pem_block":
        end = checks.pem_block_end(text, match.end())
    elif check == "bearer_value" and not checks.bearer_value(secret):
        return None
    elif check == "jwt_header" and not checks.jwt_header(secret):
        return None
    elif check in ("sensitive_value", "parameter_value"):
        if not checks.sensitive_value(secret, pattern.min_entropy):
            return None
    elif check == "aws_secret":
        if _encoded_credential(secret, depth):
            marker = TABLE.encoded_marker
        elif not checks.any_aws_window(secret):
            return None
    return start, end, marker


def _candidates(text: str, depth: int) -> Iterable[Span]:
    lowered = text.lower()
    for pattern in TABLE.patterns:
        if pattern.keywords and not any(k in lowered for k in pattern.keywords):
            continue
        for match in pattern.regex.finditer(text):
            span = _accept(pattern, match, text, depth)
            if span is not None:
                yield span


def merge(spans: Iterable[Span]) -> list[Span]:
    """Overlapping spans become one; a plain credential marker wins over an encoded one."""
    merged: list[Span] = []
    for start, end, marker in sorted(spans):
        if merged and start < merged[-1][1]:
            last_start, last_end, last_marker = merged[-1]
            chosen = TABLE.marker if TABLE.marker in (marker, last_marker) else last_marker
            merged[-1] = (last_start, max(end, last_end), chosen)
        else:
            merged.append((start, end, marker))
    return merged


def find_spans(text: str, depth: int = 0) -> list[Span]:
    return merge(_candidates(text, depth))


def replace_spans(text: str, spans: list[Span]) -> str:
    pieces, cursor = [], 0
    for start, end, marker in spans:
        pieces.append(text[cursor:start])
        pieces.append(marker)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
