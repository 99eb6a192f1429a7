"""Render comparison: today's renderer against the one of the base commit, in one run.

Both renderers draw the same positions in turns (A B A B, the first of the pair
alternating), so that the machine's load and steal weigh on both alike; each
position is drawn once by both before it is timed (a bot draws the same
matches, languages and options over and over, so its caches are warm).
Reported per game: medians, p90 and the ratio new / old of the board image
(draw + encode), the pixels in which the two PNGs differ once decoded to RGB,
and the same for the drawings before encoding (what the images show).  Then
the resident memory after 2,000 boards.  The CPU steal of the VM over the
timing is given beside the figures: high steal makes them noisy.
"""
from __future__ import annotations

import gc
import io
import json
import os
import subprocess
import sys
import time

from PIL import Image, ImageChops

import render as boards

from .memory import proc_status
from .positions import NAMES, Playout
from .render import PHASES
from .render_base import DEFAULT_BASE, ROOT, BaseRenderer
from .stats import busy_and_steal, cpu_ticks, summarize

BUDGET_RATIO = 2 / 3        # the new board image at most two thirds of the old one's median
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


def compare_game(game: str, playouts: list[Playout], base: BaseRenderer, repeats: int, max_positions: int) -> dict:
    positions = [p for po in playouts for p in po.positions if p.phase in PHASES]
    positions.sort(key=lambda p: (p.seed, PHASES.index(p.phase)))
    positions = positions[:max_positions]
    old_times, new_times = [], []
    png_diff = drawn_diff = worst = 0
    exact = {"old": 0, "new": 0}
    pixels = 0
    for i, pos in enumerate(positions):
        names = list(NAMES[:pos.players])
        old_png, new_png = base.render_png(pos.state, names), boards.render_png(pos.state, names)
        old_drawn = base.module(game).render(pos.state, names)
        new_drawn = boards.render_image(pos.state, names)
        count, most = differing(decode(old_png), decode(new_png))
        png_diff += count
        worst = max(worst, most)
        drawn_diff += differing(old_drawn, new_drawn)[0]
        # how far each PNG is from the drawing it encodes (palette quantisation)
        exact["old"] += differing(decode(old_png), old_drawn)[0]
        exact["new"] += differing(decode(new_png), new_drawn)[0]
        pixels += new_drawn.width * new_drawn.height
        gc.collect()
        for r in range(repeats):
            pair = (("old", base.render_png), ("new", boards.render_png))
            for label, draw in (pair if (i + r) % 2 == 0 else pair[::-1]):
                t = time.perf_counter_ns()
                draw(pos.state, names)
                (old_times if label == "old" else new_times).append((time.perf_counter_ns() - t) / 1e6)
    old, new = summarize(old_times, "ms"), summarize(new_times, "ms")
    return {"old": old, "new": new, "ratio": round(new["median"] / old["median"], 3),
            "ratio_p90": round(new["p90"] / old["p90"], 3), "positions": len(positions), "pixels": pixels,
            "png_pixels_differing": png_diff, "png_largest_channel_difference": worst,
            "drawn_pixels_differing": drawn_diff,
            "png_pixels_off_the_drawing": exact}


def memory_after(count: int) -> dict:
    """VmRSS after ``count`` boards of every game in turn, in English, German and French."""
    from bot.locales import say

    from .positions import collect

    languages = [str] + [lambda text, lang=lang: say(text, lang) for lang in ("de", "fr")]
    states = [(p.state, list(NAMES[:p.players])) for game in boards.RENDERERS for po in collect(game, 2)
              for p in po.positions]
    gc.collect()
    before = proc_status()
    for k in range(count):
        state, names = states[k % len(states)]
        boards.render_png(state, names, say=languages[k % len(languages)])
    gc.collect()
    after = proc_status()
    from render import layers
    return {"boards": count, "positions": len(states), "rss_before_mb": before["VmRSS"], "rss_mb": after["VmRSS"],
            "hwm_mb": after["VmHWM"], "layer_cache_mb": round(layers.CACHE.used / 2 ** 20, 1),
            "budget_mb": MEMORY_BUDGET_MB}


def memory_in_child(count: int, timeout: float = 600) -> dict:
    """:func:`memory_after` in a fresh process, so that nothing else this run drew counts."""
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "bench.render_compare", "--memory", str(count)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
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
            r = compare_game(game, playouts[game], old, repeats=3, max_positions=24)
            out["games"][game] = r
            log(f"  {game}: old median {r['old']['median']:.2f} ms (p90 {r['old']['p90']:.2f}), new "
                f"{r['new']['median']:.2f} ms (p90 {r['new']['p90']:.2f}), ratio {r['ratio']}; drawings differ in "
                f"{r['drawn_pixels_differing']} px, PNGs in {r['png_pixels_differing']} of {r['pixels']} px "
                f"(at most {r['png_largest_channel_difference']} levels; off their drawing: old "
                f"{r['png_pixels_off_the_drawing']['old']}, new {r['png_pixels_off_the_drawing']['new']})")
        out["cpu"] = busy_and_steal(ticks, cpu_ticks())
        log(f"  machine CPU over the timing: {out['cpu']}")
    out["memory"] = memory_in_child(MEMORY_BOARDS)
    log(f"  memory after {MEMORY_BOARDS} boards: {out['memory']['rss_mb']} MB RSS "
        f"(peak {out['memory']['hwm_mb']} MB)")
    return out


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--memory":
        print(json.dumps(memory_after(int(sys.argv[2]))))
    else:
        print("usage: python -m bench.render_compare --memory BOARDS", file=sys.stderr)
        sys.exit(2)
