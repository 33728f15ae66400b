"""Credentials written in another spelling: JSON-escaped (\\" \\/ \\uXXXX) or percent-encoded.

The credential pass runs on the text as it is. This pass decodes the text (JSON escapes, then up
to three levels of percent-encoding, then up to three more levels of JSON escapes), remembering
where every decoded character came from, and maps each credential the decoded view reveals back
to the span of the original text that spells it. That includes a credential spelled plainly whose
context is escaped (`\\\"password\\\": \\\"...` two JSON levels down): the plain pass cannot
see the key, the decoded view can. Only windows around escapes are scanned.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from redaction.credentials import Span, find_spans

# Every JSON escape: \n and \t hide no credential character, but one right before a token
# (`\nAKIA...`) would otherwise stand as a letter against its boundary.
_JSON_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[\"\\/bfnrt])")
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
_ANY_ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}|[\"\\/bfnrt])|%[0-9A-Fa-f]{2}")
_SIMPLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
PERCENT_LEVELS = 3
# JSON text nested in JSON strings doubles its escapes at every level: gateways wrap an
# upstream error body as a string, and the wrapper's wrapper does it again.
INNER_JSON_LEVELS = 3
WINDOW = 4096  # the longest credential match a window must hold around an escape


def json_escape_char(match: re.Match) -> str:
    """The character a JSON escape (its body in group 1: `u00e9`, `n`, `"`) stands for."""
    body = match.group(1)
    return chr(int(body[1:], 16)) if body.startswith("u") else _SIMPLE.get(body, body)


def _percent_char(match: re.Match) -> str:
    return chr(int(match.group(1), 16))


class Level:
    """One decoding step: the decoded text, and for each decoded offset where it came from."""

    def __init__(self, text: str, pattern: re.Pattern, decode) -> None:
        pieces, view_starts, source_starts = [], [0], [0]
        cursor = view_length = 0
        for match in pattern.finditer(text):
            plain = match.start() - cursor
            pieces.append(text[cursor:match.start()])
            view_length += plain
            char = decode(match)
            pieces.append(char)
            # the decoded character maps to the whole escape; what follows maps one to one
            view_starts += [view_length, view_length + 1]
            source_starts += [match.start(), match.end()]
            view_length += 1
            cursor = match.end()
        pieces.append(text[cursor:])
        self.text = "".join(pieces)
        self._view_starts = view_starts
        self._source_starts = source_starts

    def source(self, offset: int, end: bool = False) -> int:
        """The source offset of a view offset (for an end offset, just past its source)."""
        index = bisect_right(self._view_starts, offset - 1 if end else offset) - 1
        base_view, base_source = self._view_starts[index], self._source_starts[index]
        if index % 2 == 1:  # inside a decoded character: the whole escape
            return self._source_starts[index + 1] if end else base_source
        return base_source + (offset - base_view)


def _levels(text: str) -> list[Level]:
    levels: list[Level] = []
    current = text
    steps = [(_JSON_ESCAPE, json_escape_char)] + [(_PERCENT, _percent_char)] * PERCENT_LEVELS + [
        (_JSON_ESCAPE, json_escape_char)] * INNER_JSON_LEVELS
    for pattern, decode in steps:
        if not pattern.search(current):
            continue
        level = Level(current, pattern, decode)
        levels.append(level)
        current = level.text
    return levels


def _windows(text: str) -> list[tuple[int, int]]:
    """Merged ranges of WINDOW characters either side of every escape in the text."""
    windows: list[tuple[int, int]] = []
    for match in _ANY_ESCAPE.finditer(text):
        start, end = max(0, match.start() - WINDOW), min(len(text), match.end() + WINDOW)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows


def _respelled_in(piece: str, offset: int) -> list[Span]:
    levels = _levels(piece)
    if not levels:
        return []
    view = levels[-1].text
    spans = []
    for span in find_spans(view):
        start, end = span.start, span.end
        for level in reversed(levels):
            start, end = level.source(start), level.source(end, end=True)
        spans.append(Span(offset + start, offset + end, span.marker, span.pattern))
    return spans


def respelled_spans(text: str) -> list[Span]:
    """Credentials that only a decoded view reveals, as spans of the original text."""
    if "\\" not in text and "%" not in text:
        return []
    return [span for start, end in _windows(text) for span in _respelled_in(text[start:end], start)]
