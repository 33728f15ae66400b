"""Decisions beyond error frames (rules.md section 7): process exits, codex text failures,
refusals and compaction failures."""
