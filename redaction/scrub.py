"""scrub(text): exfiltration URLs first, then credentials in any spelling."""

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


def might_hold_credential(text: str) -> bool:
    """False when nothing in the text could start a credential (see table.Trigger)."""
    return bool(text) and TABLE.trigger.fires(text.encode("utf-8", "surrogatepass"))


def scrub(text: str) -> tuple[str, int]:
    """The text with every credential replaced by a marker, and how many spans were replaced."""
    if not might_hold_credential(text):
        return text, 0
    return scrub_unfiltered(text)


def scrub_unfiltered(text: str) -> tuple[str, int]:
    """`scrub` without the trigger that skips quiet text: every pass runs (tests hold the trigger
    to fire wherever this finds something)."""
    lowered = ascii_lower(text)
    # Both views read the original text, so a token whose context or neighbour is escaped is
    # found whole in the decoded view, not cut short where the plain view stopped.
    credentials = merge(find_spans(text, lowered=lowered) + respelled_spans(text))
    protected = presigned_ranges(text, lowered)
    urls = exfiltration_spans(text, lowered, credentials, protected)
    taken = [(s.start, s.end) for s in urls] + protected
    spans = sorted(urls + _outside(credentials, taken))  # merge returns credentials sorted
    return replace_spans(text, spans), len(spans)


def scrub_text(text: str) -> str:
    return scrub(text)[0]
