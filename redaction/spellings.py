"""Credentials written in another spelling: JSON-escaped (\\" \\/ \\uXXXX) or percent-encoded.

The credential pass runs on the text as it is; this pass reads decoded views of it, and every
credential a view reveals is replaced wherever any spelling of it stands in the original.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from redaction.credentials import Span, find_spans

_JSON_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[\"\\/bfnrt])")
_SIMPLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
MIN_SECRET = 8


def _json_unescape(text: str) -> str:
    def one(match: re.Match) -> str:
        body = match.group(1)
        if body.startswith("u"):
            return chr(int(body[1:], 16))
        return _SIMPLE.get(body, body)
    return _JSON_ESCAPE.sub(one, text)


def views(text: str) -> list[str]:
    """Decoded readings of the text that differ from it (JSON escapes, up to 3 percent levels)."""
    found: list[str] = []
    if "\\" in text:
        found.append(_json_unescape(text))
    if "%" in text:
        current = text
        for _ in range(3):
            decoded = unquote(current)
            if decoded == current:
                break
            found.append(decoded)
            current = decoded
        if found and "\\" in found[-1]:
            found.append(_json_unescape(found[-1]))
    return [v for v in dict.fromkeys(found) if v != text]


def _char_spellings(char: str) -> str:
    code = ord(char)
    escaped = re.escape(char)
    unicode_escape = rf"\\u(?i:{code:04x})"
    if char.isalnum():
        return f"(?:{escaped}|{unicode_escape})"
    if code > 0xFF:
        return f"(?:{escaped}|{unicode_escape})"
    octet = f"{code:02x}"
    return rf"(?:{escaped}|\\{escaped}|{unicode_escape}|%(?i:{octet}|25{octet}|2525{octet}))"


def spelling_pattern(secret: str) -> re.Pattern:
    return re.compile("".join(_char_spellings(c) for c in secret))


def respelled_spans(text: str, marker_of: dict[str, str]) -> list[Span]:
    spans: list[Span] = []
    for secret, marker in marker_of.items():
        for match in spelling_pattern(secret).finditer(text):
            spans.append((match.start(), match.end(), marker))
    return spans


def secrets_in_views(text: str) -> dict[str, str]:
    """Each credential a decoded view reveals, with its marker."""
    secrets: dict[str, str] = {}
    for view in views(text):
        for start, end, marker in find_spans(view):
            secret = view[start:end]
            if len(secret) >= MIN_SECRET and not secret.startswith("[REDACTED"):
                secrets.setdefault(secret, marker)
    return secrets
