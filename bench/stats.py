"""Summaries of timing samples (nearest-rank percentiles)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable


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

    def r(v: float) -> float:
        return round(v, digits)

    return {
        "median": r(statistics.median(data)),
        "p90": r(percentile(data, 90)),
        "p99": r(percentile(data, 99)),
        "max": r(data[-1]),
        "min": r(data[0]),
        "mean": r(statistics.fmean(data)),
        "count": len(data),
        "unit": unit,
    }


def cpu_ticks() -> list[int]:
    """The machine's aggregate CPU counters from /proc/stat (user nice system idle iowait irq softirq steal)."""
    try:
        with open("/proc/stat") as fh:
            return [int(x) for x in fh.readline().split()[1:9]]
    except (OSError, ValueError):
        return []


def busy_and_steal(before: list[int], after: list[int]) -> dict:
    """Share of all CPUs busy and stolen by the hypervisor between two cpu_ticks() readings, in %."""
    if not before or not after:
        return {}
    delta = [b - a for a, b in zip(before, after)]
    total = sum(delta) or 1
    return {
        "machine_busy_pct": round(100 * (total - delta[3] - delta[4]) / total, 1),
        "steal_pct": round(100 * delta[7] / total, 1),
    }
