"""Summaries of timing samples (nearest-rank percentiles)."""
from __future__ import annotations

import math
import statistics
import time
from typing import Iterable


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an already sorted list (q in 0..100)."""
    if not sorted_values:
        return float("nan")
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def summarize(values: Iterable[float], unit: str, digits: int = 4) -> dict:
    """median, p90, p99, max, min, mean and count of ``values`` (already in ``unit``)."""
    data = sorted(float(v) for v in values)
    if not data:
        return {"count": 0, "unit": unit}
    r = lambda v: round(v, digits)  # noqa: E731
    return {"median": r(statistics.median(data)), "p90": r(percentile(data, 90)),
            "p99": r(percentile(data, 99)), "max": r(data[-1]), "min": r(data[0]),
            "mean": r(statistics.fmean(data)), "count": len(data), "unit": unit}


class Timer:
    """``with Timer() as t: ...`` then ``t.ms``."""

    def __enter__(self) -> "Timer":
        self.start = time.perf_counter_ns()
        return self

    def __exit__(self, *exc) -> None:
        self.ns = time.perf_counter_ns() - self.start

    @property
    def ms(self) -> float:
        return self.ns / 1e6


def ms_since(start_ns: int) -> float:
    return (time.perf_counter_ns() - start_ns) / 1e6
