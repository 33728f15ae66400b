"""Interleaved timing: A and B alternate so machine drift hits both alike."""

from __future__ import annotations

import statistics
import time
from typing import Callable


def interleaved(a: Callable[[], object], b: Callable[[], object], rounds: int) -> tuple[list[float], list[float]]:
    """Seconds per call of `a` and of `b`, measured alternately."""
    times_a, times_b = [], []
    for _ in range(rounds):
        for run, sink in ((a, times_a), (b, times_b)):
            start = time.perf_counter()
            run()
            sink.append(time.perf_counter() - start)
    return times_a, times_b


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000
