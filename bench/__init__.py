"""Verdict's benchmarks: every figure is a ratio or per-unit number taken side by side in one run."""
