"""Replay section: the animated replay of the longest match of each game in the
playouts (time to draw and encode, bytes, frames), and the score chart (time, bytes).

Budgets: a replay in < 5 s and < 8 MB, a chart in < 100 ms.  Quick mode draws the
replay with few frames (the time per frame is what it shows)."""

from __future__ import annotations

import time

from render.charts import RatingPoint, rating_chart, score_chart
from render.common import encode_png
from render.replay import MAX_FRAMES, make_replay
from render.score_series import score_series

from .positions import Playout
from .stats import busy_and_steal, cpu_ticks, summarize

QUICK_FRAMES = 8


def bench_game(playouts: list[Playout], *, quick: bool) -> dict:
    longest = max(playouts, key=lambda p: len(p.record.moves))
    record = longest.record
    cap = QUICK_FRAMES if quick else MAX_FRAMES
    runs = []
    ticks = cpu_ticks()
    for _ in range(1 if quick else 2):
        started = time.perf_counter()
        made = make_replay(record, cap=cap)
        runs.append(time.perf_counter() - started)
    cpu = busy_and_steal(ticks, cpu_ticks())
    chart_ms, chart_bytes = [], 0
    for _ in range(3 if quick else 10):
        started = time.perf_counter()
        png = encode_png(score_chart(score_series(record), record.players))
        chart_ms.append((time.perf_counter() - started) * 1000)
        chart_bytes = len(png)
    return {
        "players": longest.players,
        "seed": longest.seed,
        "plies": len(record.moves),
        "frames": len(made.frames),
        "cap": cap,
        "most_merged": made.most_merged,
        "seconds": round(min(runs), 2),
        "seconds_max": round(max(runs), 2),
        "ms_per_frame": round(min(runs) * 1000 / len(made.frames), 1),
        "mb": round(len(made.data) / 1e6, 2),
        "cpu": cpu,
        "chart": summarize(chart_ms, "ms", 1),
        "chart_kb": round(chart_bytes / 1024, 1),
    }


def bench_rating_chart(repeats: int) -> dict:
    lines = {
        "Tactori": [RatingPoint(i * 86400.0, 1500 + (i % 7) * 6 - i) for i in range(1, 120)],
        "Atacama": [RatingPoint(i * 40000.0, 1500 + i) for i in range(1, 40)],
    }
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        encode_png(rating_chart(lines, start=1500, date=lambda t: "2026-11-24"))
        times.append((time.perf_counter() - started) * 1000)
    return summarize(times, "ms", 1)


def run(games: list[str], playouts: dict[str, list[Playout]], quick: bool, log) -> dict:
    out = {"games": {}, "notes": []}
    for game in games:
        result = bench_game(playouts[game], quick=quick)
        out["games"][game] = result
        log(
            f"  replay {game}: {result['plies']} plies -> {result['frames']} frames "
            f"(up to {result['most_merged']} moves a frame) in {result['seconds']} s, {result['mb']} MB; "
            f"chart median {result['chart']['median']} ms, {result['chart_kb']} KB; steal {result['cpu']}"
        )
    out["rating_chart"] = bench_rating_chart(3 if quick else 10)
    log(f"  rating chart: median {out['rating_chart']['median']} ms")
    if quick:
        out["notes"].append(f"replay: quick mode draws at most {QUICK_FRAMES} frames")
    return out
