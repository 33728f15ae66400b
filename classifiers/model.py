"""Models named in provider text: the rejected id of rules 3 and 6."""

from __future__ import annotations

import re

# rules.md rule 3: first letter T/t, the rest case-sensitive, straight quotes.
NOT_AVAILABLE = re.compile(r"[Tt]he model '([^'\n]{1,200})' is not available")
NOT_AVAILABLE_WORDS = "he model '"  # case-sensitive: absent, no search needed
# `Invalid model ID` is case-sensitive; the id runs to whitespace, `,`, `;` or a quote and keeps
# a trailing `.` as the backend wrote it.
INVALID_ID = re.compile(r"Invalid model ID: ?([^\s,;'\"]{1,200})")
# Other spellings that name the rejected model, used only to fill `rejected_model`.
NAMED_ELSEWHERE = re.compile(
    r"""\bmodel[`'"]?\s*[:=]?\s*[`'"]([^`'"\s]{1,120})[`'"]|\bmodel ([\w.:/-]{3,120}) (?:does not exist|is not supported|not found)""",
    re.I)


def rejected_model(data_text: str) -> tuple[str | None, bool]:
    """The model id the data rejects, and whether it is the `is not available` form."""
    found = NOT_AVAILABLE.search(data_text) if NOT_AVAILABLE_WORDS in data_text else None
    if found:
        return found.group(1), True
    found = INVALID_ID.search(data_text)
    return (found.group(1), False) if found else (None, False)


def named_model(text: str) -> str | None:
    """A model id the text names in any common spelling."""
    found = NOT_AVAILABLE.search(text) or INVALID_ID.search(text) or NAMED_ELSEWHERE.search(text)
    if not found:
        return None
    return next(g for g in found.groups() if g)


def is_advertised(model: str, advertised: list[str] | None) -> bool:
    wanted = model.strip().lower()
    return any(isinstance(m, str) and m.strip().lower() == wanted for m in advertised or ())
