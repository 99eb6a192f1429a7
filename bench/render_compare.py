"""Render comparison: today's renderer against the one of the base commit, in one run.

What is timed is what the bot does after a move: the next board of a match.
For each chosen position (start, middle, end of seeded playouts) a run of
consecutive plies is replayed; both renderers draw its first ply untimed (a
bot has drawn that match's board before, so its caches are warm), then each
following ply once, in turns (A B, the first of the pair alternating), so that
the machine's load and steal weigh on both alike.  No timed board was drawn
before, by either renderer: a renderer that kept what did not change from one
board to the next would gain what it would gain in the bot, not more.

Reported per game: medians, p90 and the ratio new / old of the board image
(draw + encode); the pixels in which the two drawings differ (what the images
show: 0) and the two PNGs differ once decoded; and how far each PNG is from
its own drawing (palette rounding): the largest and the mean difference in a
channel, and the pixels off; and how many boards kept the last palette of their
size (``render.palette``) rather than choosing one.  Then the resident memory after 2,000 boards.
The CPU steal of the VM over the timing is given beside the figures: high
steal makes them noisy.
"""

from __future__ import annotations

import gc
import io
import json
import os
import subprocess
import sys
import time

from PIL import Image, ImageChops, ImageStat

import render as boards
from render import palette

from .memory import proc_status
from .positions import NAMES, Playout
from .render import PHASES
from .render_base import DEFAULT_BASE, ROOT, BaseRenderer
from .stats import busy_and_steal, cpu_ticks, summarize

BUDGET_RATIO = 2 / 3  # the new board image at most two thirds of the old one's median
MEMORY_BOARDS = 2000
MEMORY_BUDGET_MB = 200


def differing(a: Image.Image, b: Image.Image) -> tuple[int, int]:
    """(pixels that differ in any channel, the largest difference in a channel)."""
    if a.size != b.size:
        return a.width * a.height, 255
    r, g, bl = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    most = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    histogram = most.histogram()
    return sum(histogram[1:]), max((v for v in range(256) if histogram[v]), default=0)


def decode(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def channel_error(decoded: Image.Image, drawn: Image.Image) -> tuple[int, float, int]:
    """(largest difference in a channel, mean difference over all channels, pixels off) of a
    decoded PNG against the drawing it encodes: what palette rounding costs."""
    diff = ImageChops.difference(decoded, drawn.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    off, largest = differing(decoded, drawn)
    return largest, mean, off


def plies(playouts: list[Playout], pos, run: int) -> list:
    """``run + 1`` consecutive states of the playout of ``pos`` ending at its ply (from the start
    when it lies earlier than that)."""
    record = next(po.record for po in playouts if po.seed == pos.seed and po.players == pos.players)
    last = min(len(record.moves), max(pos.ply, run))
    state = record.initial_state()
    states = []
    for ply in range(last + 1):
        if ply >= last - run:
            states.append(state.copy())
        if ply < last:
            state.play(record.moves[ply])
    return states


def compare_game(game: str, playouts: list[Playout], base: BaseRenderer, run: int, max_positions: int) -> dict:
    positions = [p for po in playouts for p in po.positions if p.phase in PHASES]
    positions.sort(key=lambda p: (p.seed, PHASES.index(p.phase)))
    positions = positions[:max_positions]
    times: dict[str, list[float]] = {"old": [], "new": []}
    png_diff = drawn_diff = worst = pixels = boards_drawn = 0
    error = {side: {"largest": 0, "mean": 0.0, "pixels_off": 0} for side in ("old", "new")}
    new_worse = 0
    palettes_before = dict(palette.counts)
    for i, pos in enumerate(positions):
        names = list(NAMES[: pos.players])
        states = plies(playouts, pos, run)
        base.render_png(states[0], names)  # the board before: drawn, not timed
        boards.render_png(states[0], names)
        gc.collect()
        for k, state in enumerate(states[1:]):
            made = {}
            pair = (("old", base.render_png), ("new", boards.render_png))
            for label, draw in pair if (i + k) % 2 == 0 else pair[::-1]:
                t = time.perf_counter_ns()
                made[label] = draw(state, names)
                times[label].append((time.perf_counter_ns() - t) / 1e6)
            # what the images show, and how far each PNG is from its drawing (not timed)
            old_drawn = base.module(game).render(state, names)
            new_drawn = boards.render_image(state, names)
            drawn_diff += differing(old_drawn, new_drawn)[0]
            decoded = {side: decode(png) for side, png in made.items()}
            count, most = differing(decoded["old"], decoded["new"])
            png_diff += count
            worst = max(worst, most)
            largest = {}
            for side, drawn in (("old", old_drawn), ("new", new_drawn)):
                largest[side], mean, off = channel_error(decoded[side], drawn)
                e = error[side]
                e["largest"] = max(e["largest"], largest[side])
                e["mean"] += mean
                e["pixels_off"] += off
            new_worse += largest["new"] > largest["old"]
            pixels += new_drawn.width * new_drawn.height
            boards_drawn += 1
    for e in error.values():
        e["mean"] = round(e["mean"] / max(1, boards_drawn), 3)
    old, new = (summarize(times[k], "ms") for k in ("old", "new"))
    return {
        "old": old,
        "new": new,
        "ratio": round(new["median"] / old["median"], 3),
        "ratio_p90": round(new["p90"] / old["p90"], 3),
        "positions": len(positions),
        "boards": boards_drawn,
        "pixels": pixels,
        "png_pixels_differing": png_diff,
        "png_largest_channel_difference": worst,
        "drawn_pixels_differing": drawn_diff,
        "png_error": error,
        "boards_new_error_above_old": new_worse,
        "palettes": {k: palette.counts[k] - palettes_before[k] for k in palette.counts},
    }


def memory_after(count: int) -> dict:
    """VmRSS after ``count`` boards of every game in turn, in English, German and French."""
    from bot.locales import say

    from .positions import collect

    languages = [str] + [lambda text, lang=lang: say(text, lang) for lang in ("de", "fr")]
    states = [
        (p.state, list(NAMES[: p.players]))
        for game in boards.RENDERERS
        for po in collect(game, 2)
        for p in po.positions
    ]
    gc.collect()
    before = proc_status()
    for k in range(count):
        state, names = states[k % len(states)]
        boards.render_png(state, names, say=languages[k % len(languages)])
    gc.collect()
    after = proc_status()
    from render import layers

    return {
        "boards": count,
        "positions": len(states),
        "rss_before_mb": before["VmRSS"],
        "rss_mb": after["VmRSS"],
        "hwm_mb": after["VmHWM"],
        "layer_cache_mb": round(layers.CACHE.used / 2**20, 1),
        "budget_mb": MEMORY_BUDGET_MB,
    }


def memory_in_child(count: int, timeout: float = 600) -> dict:
    """:func:`memory_after` in a fresh process, so that nothing else this run drew counts."""
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(
        [sys.executable, "-m", "bench.render_compare", "--memory", str(count)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"memory child failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run(games: list[str], playouts: dict[str, list[Playout]], quick: bool, log, base: str | None = None) -> dict:
    if quick:
        note = "render comparison skipped in --quick (it times two renderers on 24 positions per game)"
        log(f"  NOTE {note}")
        return {"skipped": note, "notes": [note]}
    commit = base or DEFAULT_BASE
    out: dict = {"base": commit, "games": {}, "notes": []}
    with BaseRenderer(commit) as old:
        log(f"  against {commit[:10]} (base)")
        ticks = cpu_ticks()
        for game in games:
            if game not in boards.RENDERERS:
                continue
            r = compare_game(game, playouts[game], old, run=3, max_positions=24)
            out["games"][game] = r
            e = r["png_error"]
            log(
                f"  {game}: old median {r['old']['median']:.2f} ms (p90 {r['old']['p90']:.2f}), new "
                f"{r['new']['median']:.2f} ms (p90 {r['new']['p90']:.2f}), ratio {r['ratio']}; drawings differ in "
                f"{r['drawn_pixels_differing']} "
                f"px; PNG against its drawing: old at most {e['old']['largest']} levels (mean {e['old']['mean']}), "
                f"new at most {e['new']['largest']} (mean {e['new']['mean']}), new above old on "
                f"{r['boards_new_error_above_old']} of {r['boards']} boards; palette kept on "
                f"{r['palettes']['kept']}, chosen on {r['palettes']['chosen']}"
            )
        out["cpu"] = busy_and_steal(ticks, cpu_ticks())
        log(f"  machine CPU over the timing: {out['cpu']}")
    out["memory"] = memory_in_child(MEMORY_BOARDS)
    log(f"  memory after {MEMORY_BOARDS} boards: {out['memory']['rss_mb']} MB RSS (peak {out['memory']['hwm_mb']} MB)")
    return out


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--memory":
        print(json.dumps(memory_after(int(sys.argv[2]))))
    else:
        print("usage: python -m bench.render_compare --memory BOARDS", file=sys.stderr)
        sys.exit(2)
