"""Render section: one board PNG per position (time, KB, pixel size)."""

from __future__ import annotations

import gc
import io
import time

from PIL import Image

import render as boards  # the project's renderer package (absolute import)

from .positions import NAMES, Playout
from .stats import summarize

PHASES = ("start", "middle", "end", "final", "largest", "largest-json")


def bench_game(game: str, playouts: list[Playout], *, repeats: int, max_positions: int) -> dict:
    positions = [p for po in playouts for p in po.positions if p.phase in PHASES]
    # spread over phases and player counts first, then the rest
    positions.sort(key=lambda p: (p.seed, PHASES.index(p.phase)))
    positions = positions[:max_positions]
    first = positions[0]
    started = time.perf_counter_ns()
    try:
        boards.render_png(first.state, list(NAMES[: first.players]))
    except boards.NoRenderer as exc:
        return {"skipped": f"no renderer: {exc}"}
    cold_ms = (time.perf_counter_ns() - started) / 1e6
    times: list[float] = []
    sizes_kb: list[float] = []
    widths, heights, short_sides = [], [], []
    by_phase: dict[str, list[float]] = {}
    biggest = (0.0, None)
    gc.collect()
    for pos in positions:
        names = list(NAMES[: pos.players])
        for _ in range(repeats):
            t = time.perf_counter_ns()
            png = boards.render_png(pos.state, names)
            dt = (time.perf_counter_ns() - t) / 1e6
            times.append(dt)
            by_phase.setdefault(pos.phase, []).append(dt)
        kb = len(png) / 1024
        sizes_kb.append(kb)
        with Image.open(io.BytesIO(png)) as image:
            w, h = image.size
        widths.append(w)
        heights.append(h)
        short_sides.append(min(w, h))
        if kb > biggest[0]:
            biggest = (kb, {**pos.summary(), "kb": round(kb, 1), "px": [w, h]})
    return {
        "time": summarize(times, "ms"),
        "first_call_ms": round(cold_ms, 2),
        "size_kb": summarize(sizes_kb, "KB", 1),
        "width_px": summarize(widths, "px", 0),
        "height_px": summarize(heights, "px", 0),
        "shorter_side_px": summarize(short_sides, "px", 0),
        "largest_file": biggest[1],
        "by_phase": {ph: summarize(v, "ms") for ph, v in by_phase.items()},
        "positions": len(positions),
    }


def run(games: list[str], playouts: dict[str, list[Playout]], quick: bool, log, base: str | None = None) -> dict:
    out = {"games": {}, "notes": []}
    for game in games:
        started = time.perf_counter()
        result = bench_game(game, playouts[game], repeats=1 if quick else 3, max_positions=4 if quick else 24)
        out["games"][game] = result
        if "skipped" in result:
            note = f"render {game}: skipped ({result['skipped']})"
            out["notes"].append(note)
            log(f"  NOTE {note}")
            continue
        log(
            f"  render {game}: median {result['time']['median']} ms, max {result['size_kb']['max']} KB, "
            f"shorter side min {result['shorter_side_px']['min']} px ({time.perf_counter() - started:.1f} s)"
        )
    # the renderer of the base commit beside today's, on the same positions (skipped in --quick)
    from . import render_compare

    out["compare"] = render_compare.run(games, playouts, quick, log, base)
    out["notes"].extend(out["compare"].pop("notes", []))
    return out
