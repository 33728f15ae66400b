"""Character statistics used only where the context already says "secret"."""

from __future__ import annotations

import math
from collections import Counter


def shannon(text: str) -> float:
    if not text:
        return 0.0
    counts = Counter(text)
    total = len(text)
    return -sum(n / total * math.log2(n / total) for n in counts.values())


def character_classes(text: str) -> tuple[int, int, int]:
    upper = sum(c.isupper() for c in text)
    lower = sum(c.islower() for c in text)
    digits = sum(c.isdigit() for c in text)
    return upper, lower, digits


def is_hex(text: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in text)


_NOT_PRINTABLE = bytes(b for b in range(256) if not (32 <= b < 127 or b in (9, 10, 13)))
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def printable_share(data: bytes) -> float:
    if not data:
        return 0.0
    return len(data.translate(None, _NOT_PRINTABLE)) / len(data)


def ascii_lower(text: str) -> str:
    """A lower-case copy in which every offset stays where it was (patterns are ASCII)."""
    lowered = text.lower()  # fast; a few characters lengthen when lowered (U+0130), then fall back
    return lowered if len(lowered) == len(text) else text.translate(_ASCII_LOWER)
