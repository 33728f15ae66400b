"""Named validations a pattern match must pass before it counts as a credential."""

from __future__ import annotations

import base64
import binascii
import json
import re

from redaction.entropy import character_classes, is_hex, shannon

PLACEHOLDERS = {
    "null", "none", "true", "false", "undefined", "nil", "empty", "unknown", "invalid", "expired",
    "missing", "required", "provided", "present", "revoked", "redacted", "hidden", "masked",
    "string", "example", "changeme", "placeholder", "your_api_key", "your-api-key", "xxxx",
}
MARKER_PREFIX = "[REDACTED"
_PEM_END = re.compile(r"-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----", re.I)
_PEM_SEPARATOR = re.compile(r"(?:[ \t]|\r?\n|\\r\\n|\\n)+")
_PEM_HEADER_LINE = re.compile(r"(?:Proc-Type|DEK-Info|Comment):[^\n\\]{0,200}")
_BASE64_TOKEN = re.compile(r"[A-Za-z0-9+/=]+")
_AWS_WINDOW = 40


def b64decode_loose(text: str) -> bytes | None:
    """Standard or URL-safe base64, padding optional; None when it is not base64."""
    body = text.rstrip("=")
    if len(body) % 4 == 1:
        return None
    padded = body + "=" * (-len(body) % 4)
    altchars = b"-_" if ("-" in body or "_" in body) else None
    try:
        return base64.b64decode(padded, altchars=altchars, validate=True)
    except (binascii.Error, ValueError):
        return None


def jwt_header(token: str) -> bool:
    decoded = b64decode_loose(token.split(".", 1)[0])
    if decoded is None:
        return False
    try:
        return isinstance(json.loads(decoded), dict)
    except (ValueError, UnicodeDecodeError):
        return False


def _wordlike(value: str) -> bool:
    return value.isalpha() and value.islower() and len(value) < 12


def sensitive_value(value: str, min_entropy: float) -> bool:
    """A value under a sensitive key counts unless it is a placeholder, a number or a word."""
    stripped = value.strip().strip("\"'")
    if len(stripped) < 4 or stripped.startswith(MARKER_PREFIX):
        return False
    if stripped.lower() in PLACEHOLDERS or stripped.isdigit() or _wordlike(stripped):
        return False
    if set(stripped) <= set("*x.-_#<>") or stripped.startswith(("<", "$", "{{", "%s")):
        return False
    return shannon(stripped) >= min_entropy


def bearer_value(token: str) -> bool:
    value = token.split(None, 1)[1] if " " in token or "\t" in token else ""
    if len(value) < 8 or value.startswith(MARKER_PREFIX):
        return False
    upper, lower, digits = character_classes(value)
    mixed = (upper and lower) or digits or any(c in "._~+/=-" for c in value)
    return bool(mixed) and shannon(value) >= 3.0


def looks_like_aws_secret(window: str) -> bool:
    """Mixed case with digits, high entropy, not hex: a 40-character secret key."""
    if is_hex(window):
        return False
    upper, lower, digits = character_classes(window)
    if upper < 2 or lower < 2 or digits < 1:
        return False
    if window.count("/") >= 2 and len(window) / (window.count("/") + 1) < 16:
        return False  # a path, not a key
    return shannon(window) >= 4.3


def any_aws_window(run: str) -> bool:
    body = run.rstrip("=")
    if len(body) <= _AWS_WINDOW:
        return len(body) == _AWS_WINDOW and looks_like_aws_secret(body)
    stride = _AWS_WINDOW // 2
    return any(looks_like_aws_secret(body[i:i + _AWS_WINDOW])
               for i in range(0, len(body) - _AWS_WINDOW + 1, stride))


def pem_block_end(text: str, header_end: int) -> int:
    """Where a PEM block that starts at `header_end` stops (rules.md section 6 span details)."""
    position = end = header_end
    while position < len(text):
        separator = _PEM_SEPARATOR.match(text, position)
        if separator:
            if separator.group().count("\n") >= 2 and "\\n" not in separator.group():
                break  # a blank line ends a block with no END
            position = separator.end()
        closing = _PEM_END.match(text, position)
        if closing:
            return closing.end()
        header = _PEM_HEADER_LINE.match(text, position)
        token = header or _BASE64_TOKEN.match(text, position)
        if not token:
            break
        following = _PEM_SEPARATOR.match(text, token.end())
        ends_block = _PEM_END.match(text, following.end() if following else token.end())
        if not header and len(token.group()) < 16 and not ends_block:
            break  # prose after a quoted header: only the header goes
        position = end = token.end()
    return end
