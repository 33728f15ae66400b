"""scrub(text): exfiltration URLs first, then credentials, then other spellings of them."""

from __future__ import annotations

from redaction.credentials import Span, find_spans, merge, replace_spans
from redaction.entropy import ascii_lower
from redaction.spellings import respelled_spans
from redaction.table import TABLE
from redaction.urls import exfiltration_spans, presigned_ranges


def _outside(spans: list[Span], taken: list[tuple[int, int]]) -> list[Span]:
    """The spans that overlap none of the taken ranges (both sorted): one linear sweep."""
    if not taken:
        return spans
    taken = sorted(taken)
    kept, index = [], 0
    for span in spans:
        while index < len(taken) and taken[index][1] <= span.start:
            index += 1
        if index == len(taken) or taken[index][0] >= span.end:
            kept.append(span)
    return kept


def scrub(text: str) -> tuple[str, int]:
    """The text with every credential replaced by a marker, and how many spans were replaced."""
    if not text or not TABLE.trigger.search(text.encode("utf-8", "surrogatepass")):
        return text, 0  # nothing in it could start a credential
    lowered = ascii_lower(text)
    credentials = find_spans(text, lowered=lowered)
    protected = presigned_ranges(text, lowered)
    urls = exfiltration_spans(text, lowered, credentials, protected)
    taken = [(s.start, s.end) for s in urls] + protected
    spans = sorted(urls + _outside(credentials, taken))  # credentials come sorted from merge
    text = replace_spans(text, spans)
    count = len(spans)
    respelled = respelled_spans(text)
    if respelled:
        again = presigned_ranges(text, ascii_lower(text)) if protected else []
        respelled = _outside(merge(respelled), again)
        text = replace_spans(text, respelled)
        count += len(respelled)
    return text, count


def scrub_text(text: str) -> str:
    return scrub(text)[0]
