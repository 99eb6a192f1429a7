"""Load does not change the computer's move: the same games, played once as the machine is and
once with CPU-bound processes beside it, give the same moves; and how long each move thinks,
in CPU seconds of the thinking thread.

``python -m bench.ai_load [--plies 50] [--burners 3] [--level hard] [--games tactori-fem:2,...]
[-o bench/ai-load.json]``

Each game is a self-play match of the level against itself from seed 1, each move with seed
``ply``; a match that ends before ``--plies`` is followed by another from the next seed (two-player
Atacama and Architekton end in about 30 plies), so every game compares as many moves; the first pass runs with nothing added, the second with ``--burners`` processes
spinning on the CPU (more runnable processes than cores), then the two move lists are
compared.  Before the search's cap counted CPU time, the second pass cut searches short.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import time

from engines import game_names, get_game

GAMES = tuple(f"{game}:{players}" for game in game_names() for players in get_game(game).seats)


def _burn() -> None:  # pragma: no cover - runs in a child process until terminated
    x = 0
    while True:
        x = (x * 31 + 7) % 1_000_003


def play(game: str, players: int, level: str, plies: int) -> list[dict]:
    import ai

    match = 1
    state = get_game(game).setup(players, match)
    out = []
    for ply in range(plies):
        if state.current_player() is None:
            match += 1
            state = get_game(game).setup(players, match)
        wall, cpu = time.perf_counter(), time.thread_time()
        info = ai.choose_move_info(state, level, seed=ply)
        out.append(
            {
                "move": info.move,
                "iterations": info.iterations,
                "cpu_s": round(time.thread_time() - cpu, 3),
                "wall_s": round(time.perf_counter() - wall, 3),
            }
        )
        state.play(info.move)
    return out


def summary(moves: list[dict]) -> dict:
    cpu = [m["cpu_s"] for m in moves]
    wall = [m["wall_s"] for m in moves]
    return {
        "moves": len(moves),
        "cpu_median_s": round(statistics.median(cpu), 3),
        "cpu_max_s": max(cpu),
        "wall_median_s": round(statistics.median(wall), 3),
        "wall_max_s": max(wall),
    }


def run(games: list[str], level: str, plies: int, burners: int, log=print) -> dict:
    result = {"level": level, "plies": plies, "burners": burners, "games": {}}
    for spec in games:
        game, players = spec.split(":")
        idle = play(game, int(players), level, plies)
        procs = [multiprocessing.Process(target=_burn, daemon=True) for _ in range(burners)]
        for p in procs:
            p.start()
        try:
            loaded = play(game, int(players), level, plies)
        finally:
            for p in procs:
                p.terminate()
                p.join()
        same = [a["move"] for a in idle] == [b["move"] for b in loaded]
        # the same number of iterations too: a search the CPU cap cut short in one pass only would
        # show here even when it happened to choose the same move
        searched = [a["iterations"] for a in idle] == [b["iterations"] for b in loaded]
        entry = {
            "identical": same,
            "same_iterations": searched,
            "idle": summary(idle),
            "loaded": summary(loaded),
            "first_difference": next((i for i, (a, b) in enumerate(zip(idle, loaded)) if a["move"] != b["move"]), None),
        }
        result["games"][spec] = entry
        log(
            f"{spec} {level}: {len(idle)} moves, identical={same}, same iterations={searched}; idle {entry['idle']}; loaded {entry['loaded']}"
        )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_load", description=__doc__)
    parser.add_argument("--plies", type=int, default=50)
    parser.add_argument("--burners", type=int, default=3)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("-o", "--output", default="bench/ai-load.json")
    args = parser.parse_args(argv)
    result = run(args.games.split(","), args.level, args.plies, args.burners)
    with open(args.output, "w", encoding="utf-8") as handle:
        json.dump({**result, "at": time.strftime("%Y-%m-%d %H:%M:%S")}, handle, indent=1)
    return 0 if all(g["identical"] and g["same_iterations"] for g in result["games"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
