"""Playouts section: full random matches per second, the fuel of a Monte-Carlo search.

Each variant (game, player count, options) is played out from its initial
position in two ways, side by side in one run so that both see the same machine:

- ``legal``: ``rng.choice(state.legal_moves())`` then ``state.play(move)``
  (what a playout cost before the engines had ``sample_move``);
- ``sample``: ``state.sample_move(rng)`` then ``state.play_trusted(move)``.

Both start every playout from ``initial.copy()``, as a search does; the time of
``copy()`` alone is reported too.  The two modes alternate in rounds of 0.1 s,
so that a change in the machine's load hits both alike.  The two modes draw different random matches,
so their plies per playout are reported with the rates.
"""

from __future__ import annotations

import gc
import random
import time

import engines

from .stats import busy_and_steal, cpu_ticks, summarize

MAX_PLIES = 3000

# (label, game, players, options)
VARIANTS = (
    ("architekton", "architekton", 2, {}),
    ("atacama 2p", "atacama", 2, {}),
    ("atacama 2p buildup", "atacama", 2, {"buildup": True}),
    ("atacama 2p tactics", "atacama", 2, {"tactics": True}),
    ("atacama 4p", "atacama", 4, {}),
    ("tactori 2p", "tactori", 2, {}),
    ("tactori 2p chase", "tactori", 2, {"chase": True}),
    ("tactori 3p", "tactori", 3, {}),
    ("tactori 4p centre 2", "tactori", 4, {"centre": 2}),
    ("tactori-fem", "tactori-fem", 2, {}),
    ("tactori-fem stacks chase", "tactori-fem", 2, {"stacks": True, "chase": True}),
)
QUICK = ("architekton", "atacama 2p", "tactori 2p", "tactori-fem")


def initial(game: str, players: int, options: dict, seed: int = 1):
    spec = engines.get_game(game)
    opts = spec.check(players, options)
    setup = spec.resolve_setup(players, seed, dict(spec.starting_setup), opts)
    return spec.setup(players, seed, setup, opts)


def playout_legal(state, rng: random.Random) -> int:
    plies = 0
    while state.current_player() is not None and plies < MAX_PLIES:
        state.play(rng.choice(state.legal_moves()))
        plies += 1
    return plies


def playout_sample(state, rng: random.Random) -> int:
    plies = 0
    while state.current_player() is not None and plies < MAX_PLIES:
        state.play_trusted(state.sample_move(rng))
        plies += 1
    return plies


def rates(start, seconds: float, min_playouts: int, seed: int) -> tuple[dict, dict]:
    """Playouts from copies of ``start`` in both modes for at least ``seconds`` each and
    ``min_playouts``, alternating in rounds of about 0.1 s so that both see the same load."""
    modes = {"legal": playout_legal, "sample": playout_sample}
    rngs = {mode: random.Random(seed) for mode in modes}
    count = dict.fromkeys(modes, 0)
    plies = dict.fromkeys(modes, 0)
    spent = dict.fromkeys(modes, 0.0)
    gc.collect()
    while any(spent[m] < seconds or count[m] < min_playouts for m in modes):
        for mode, play in modes.items():
            t0 = time.perf_counter()
            while True:
                plies[mode] += play(start.copy(), rngs[mode])
                count[mode] += 1
                elapsed = time.perf_counter() - t0
                if elapsed >= 0.1:
                    break
            spent[mode] += elapsed
    return tuple(
        {
            "playouts": count[m],
            "seconds": round(spent[m], 3),
            "per_second": round(count[m] / spent[m], 1),
            "plies_per_playout": round(plies[m] / count[m], 1),
            "plies_per_second": round(plies[m] / spent[m]),
        }
        for m in modes
    )


def copy_us(start, repeats: int) -> dict:
    """``copy()`` of a mid-match position, in microseconds."""
    state = start.copy()
    rng = random.Random(7)
    for _ in range(40):
        if state.current_player() is None:
            break
        state.play(rng.choice(state.legal_moves()))
    samples = []
    for _ in range(repeats):
        t = time.perf_counter_ns()
        state.copy()
        samples.append((time.perf_counter_ns() - t) / 1e3)
    return summarize(samples, "us", 1)


def run(quick: bool, log, only: list[str] | None = None) -> dict:
    out = {"variants": {}, "notes": []}
    seconds = 0.4 if quick else 4.0
    for label, game, players, options in VARIANTS:
        if (only is not None and label not in only) or (only is None and quick and label not in QUICK):
            continue
        start = initial(game, players, options)
        ticks = cpu_ticks()
        legal, sample = rates(start, seconds, 2, seed=11)
        entry = {
            "game": game,
            "players": players,
            "options": options,
            "legal": legal,
            "sample": sample,
            "speedup": round(sample["per_second"] / legal["per_second"], 2),
            "copy": copy_us(start, 50 if quick else 500),
            "cpu": busy_and_steal(ticks, cpu_ticks()),
        }
        out["variants"][label] = entry
        log(
            f"  playouts {label}: {legal['per_second']}/s with legal_moves+choice, "
            f"{sample['per_second']}/s with sample_move (x{entry['speedup']}); "
            f"copy median {entry['copy']['median']} us; machine CPU {entry['cpu']}"
        )
    return out
