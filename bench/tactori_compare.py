"""Tactori's move generator against the engine of another commit, in one process.

``python -m bench.tactori_compare [--base REV] [--seconds 3] [-o FILE]``

``git archive`` writes that commit's ``engines/`` into a temporary directory, imported as
``engines_base`` beside today's ``engines`` (the engines import each other relatively).
For each Tactori / FEM variant of the playouts section, both engines play full random
playouts from the initial position, with ``sample_move`` + ``play_trusted`` and with
``rng.choice(legal_moves())`` + ``play``, in alternating rounds of 0.1 s of the thread's CPU
time (the machine's load and steal weigh on both alike, and time the thread waits is not
counted); both start from the same seed, so where the two engines give the same moves they
play the same matches.  Then ``legal_moves()`` (caches cleared) on positions of seeded random
matches, in alternating rounds.  Reported: plies per CPU second and microseconds per call,
each with the ratio today / base (above 1: today is faster for plies, slower for us).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

import engines

from .playouts import MAX_PLIES, VARIANTS
from .render_base import ROOT, git
from .stats import busy_and_steal, cpu_ticks

PACKAGE = "engines_base"
# main just before the one Tactori move generator (engines/tactori/turns.py)
DEFAULT_BASE = "bb355ad1408c3e2c0f67b599fc2bf2f0c7e20180"
ROUND = 0.1


def load_base(commit: str, folder: str):
    archive = subprocess.run(
        ["git", "-C", ROOT, "archive", "--format=tar", commit, "engines"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    path = os.path.join(folder, "engines")
    spec = importlib.util.spec_from_file_location(
        PACKAGE, os.path.join(path, "__init__.py"), submodule_search_locations=[path]
    )
    package = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = package
    spec.loader.exec_module(package)
    return package


def initial(package, game: str, players: int, options: dict):
    spec = package.get_game(game)
    opts = spec.check(players, options)
    return spec.setup(players, 1, spec.resolve_setup(players, 1, dict(spec.starting_setup), opts), opts)


def playout_sample(state, rng) -> int:
    plies = 0
    while state.current_player() is not None and plies < MAX_PLIES:
        state.play_trusted(state.sample_move(rng))
        plies += 1
    return plies


def playout_legal(state, rng) -> int:
    plies = 0
    while state.current_player() is not None and plies < MAX_PLIES:
        state.play(rng.choice(state.legal_moves()))
        plies += 1
    return plies


def alternate(work: dict, seconds: float) -> dict:
    """Run each ``work[side]()`` (which returns a count) in rounds of ``ROUND`` s of thread CPU time,
    the sides taking turns, until each had ``seconds``; the count per CPU second of each side."""
    spent = dict.fromkeys(work, 0.0)
    count = dict.fromkeys(work, 0)
    gc.collect()
    while min(spent.values()) < seconds:
        for side, run in work.items():
            t0 = time.thread_time()
            while time.thread_time() - t0 < ROUND:
                count[side] += run()
            spent[side] += time.thread_time() - t0
    return {side: count[side] / spent[side] for side in work}


def positions(game: str, players: int, options: dict, matches: int = 6, every: int = 5) -> list[dict]:
    """JSON of positions of seeded random matches (today's engine), one every ``every`` plies."""
    out = []
    for seed in range(matches):
        state, rng = initial(engines, game, players, options), random.Random(seed)
        ply = 0
        while state.current_player() is not None and ply < 200:
            if ply % every == every - 1:
                out.append(state.to_json())
            state.play(rng.choice(state.legal_moves()))
            ply += 1
    return out


def run(base: str, seconds: float, log=print) -> dict:
    commit = git("rev-parse", "--verify", f"{base}^{{commit}}")
    tmp = tempfile.mkdtemp(prefix="bench-tactori-base-")
    try:
        old = load_base(commit, tmp)
        result = {"base": commit, "today": git("rev-parse", "HEAD"), "seconds": seconds, "variants": {}}
        log(
            f"Tactori move generator: today {result['today'][:7]} against {commit[:7]}, "
            f"{seconds} s of thread CPU per side and measure"
        )
        for label, game, players, options in VARIANTS:
            if not game.startswith("tactori"):
                continue
            ticks = cpu_ticks()
            row = {}
            starts = {"base": initial(old, game, players, options), "today": initial(engines, game, players, options)}
            for mode, playout in (("sample", playout_sample), ("legal", playout_legal)):
                rngs = {side: random.Random(11) for side in starts}
                rates = alternate(
                    {
                        side: (
                            lambda side=side, playout=playout, rngs=rngs, starts=starts: playout(
                                starts[side].copy(), rngs[side]
                            )
                        )
                        for side in starts
                    },
                    seconds,
                )
                row[mode] = {
                    "base": round(rates["base"]),
                    "today": round(rates["today"]),
                    "ratio": round(rates["today"] / rates["base"], 3),
                }
            data = positions(game, players, options)
            states = {
                "base": [type(starts["base"]).from_json(d) for d in data],
                "today": [type(starts["today"]).from_json(d) for d in data],
            }

            def lister(side, states=states):
                def call() -> int:
                    for s in states[side]:
                        s._reset_caches()
                        s.legal_moves()
                    return len(states[side])

                return call

            calls = alternate({side: lister(side) for side in states}, seconds / 2)
            us = {side: 1e6 / calls[side] for side in calls}
            row["legal_moves_us"] = {
                "base": round(us["base"], 1),
                "today": round(us["today"], 1),
                "ratio": round(us["today"] / us["base"], 3),
                "positions": len(data),
            }
            row["cpu"] = busy_and_steal(ticks, cpu_ticks())
            result["variants"][label] = row
            log(
                f"  {label:26s} sample playouts {row['sample']['base']:>6} -> {row['sample']['today']:>6} plies/s "
                f"(x{row['sample']['ratio']:.3f}); legal playouts {row['legal']['base']:>5} -> "
                f"{row['legal']['today']:>5} (x{row['legal']['ratio']:.3f}); legal_moves() "
                f"{row['legal_moves_us']['base']} -> {row['legal_moves_us']['today']} us "
                f"(x{row['legal_moves_us']['ratio']:.3f}); machine CPU {row['cpu']}"
            )
        return result
    finally:
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tactori_compare", description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=DEFAULT_BASE, help="the commit to compare with (default: %(default).7s)")
    parser.add_argument("--seconds", type=float, default=3.0, help="thread CPU seconds per side and measure")
    parser.add_argument("-o", "--output", default=None, help="write the figures as JSON here")
    args = parser.parse_args(argv)
    result = run(args.base, args.seconds)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
