"""How long the computer thinks: CPU seconds of the thinking thread per move, per game and level,
over positions of seeded random playouts (one every ``--every`` plies, up to ``--positions``
per game).  CPU time, not wall time: the machine is shared, and the budgets are counts.

``python -m bench.ai_think [--positions 12] [--every 6] [--levels easy,medium,hard] [-o bench/ai-think.json]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from engines import game_names, get_game

CONFIGS = tuple(f"{game}:{players}" for game in game_names() for players in get_game(game).seats)


def positions(game: str, players: int, count: int, every: int, seed: int = 7) -> list:
    state, rng = get_game(game).setup(players, seed), random.Random(seed)
    out, ply = [], 0
    while state.current_player() is not None and len(out) < count:
        if ply % every == 0:
            out.append(state.copy())
        sampler = getattr(state, "sample_move", None)
        state.play(sampler(rng) if sampler else rng.choice(state.legal_moves()))
        ply += 1
    return out


def main(argv: list[str] | None = None) -> int:
    import ai

    parser = argparse.ArgumentParser(prog="python -m bench.ai_think", description=__doc__)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--games", default=",".join(CONFIGS))
    parser.add_argument("-o", "--output", default="bench/ai-think.json")
    args = parser.parse_args(argv)
    result = {}
    for spec in args.games.split(","):
        game, players = spec.split(":")
        states = positions(game, int(players), args.positions, args.every)
        for level in args.levels.split(","):
            cpu = []
            for i, state in enumerate(states):
                started = time.thread_time()
                ai.choose_move(state, level, seed=i)
                cpu.append(time.thread_time() - started)
            row = {
                "positions": len(cpu),
                "median_cpu_s": round(statistics.median(cpu), 3),
                "max_cpu_s": round(max(cpu), 3),
            }
            result[f"{spec} {level}"] = row
            print(spec, level, row, flush=True)
    with open(args.output, "w", encoding="utf-8") as handle:
        json.dump({**result, "at": time.strftime("%Y-%m-%d %H:%M:%S")}, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
