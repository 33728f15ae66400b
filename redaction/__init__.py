"""Verdict's redaction: `scrub(text)` and `render_raw_detail(frame)` (rules.md sections 5-6)."""

from redaction.raw_detail import render_raw_detail
from redaction.scrub import scrub, scrub_text

__all__ = ["scrub", "scrub_text", "render_raw_detail"]
