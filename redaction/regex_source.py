"""Reading a regular expression's source text: which characters are structure."""

from __future__ import annotations

from typing import Iterator


def structural_chars(source: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """(index, char, depth) for each character from `start` outside escapes and character
    classes; depth counts the groups open after the character (a `(` opens, a `)` closes)."""
    depth, index, in_class = 0, start, False
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        else:
            depth += {"(": 1, ")": -1}.get(char, 0)
            yield index, char, depth
        index += 1
