"""scrub(text): exfiltration URLs first, then credentials, then other spellings of them."""

from __future__ import annotations

from redaction.credentials import Span, find_spans, merge, replace_spans
from redaction.spellings import respelled_spans, secrets_in_views
from redaction.urls import exfiltration_spans


def _outside(spans: list[Span], protected: list[tuple[int, int]]) -> list[Span]:
    return [s for s in spans if not any(s[0] < p_end and p_start < s[1] for p_start, p_end in protected)]


def scrub(text: str) -> tuple[str, int]:
    """The text with every credential replaced by a marker, and how many spans were replaced."""
    if not text:
        return text, 0
    url_spans, _ = exfiltration_spans(text)
    text = replace_spans(text, url_spans)
    _, protected = exfiltration_spans(text)
    spans = _outside(find_spans(text), protected)
    text = replace_spans(text, spans)
    count = len(url_spans) + len(spans)
    hidden = secrets_in_views(text)
    if hidden:
        respelled = _outside(merge(respelled_spans(text, hidden)), exfiltration_spans(text)[1])
        text = replace_spans(text, respelled)
        count += len(respelled)
    return text, count


def scrub_text(text: str) -> str:
    return scrub(text)[0]
