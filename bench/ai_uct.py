"""Hard against an independent plain UCT search given the same CPU time per move.

``python -m bench.ai_uct [--matches 40] [--games atacama:2,...] [--level hard] [-o bench/ai-uct.jsonl]``

The opponent is textbook UCT, written here without anything of ``ai.search``: a tree
over the move texts of ``legal_moves()``, UCB1 (exploration sqrt(2)) on each node's
win share for the player who moved into it, uniformly random playouts to the end of
the match (``sample_move`` where the engine has it: the same distribution as a
uniform draw from ``legal_moves()``, only cheaper), a win worth 1 split among
the winners.  Hidden tiles are re-drawn every iteration (``ai.hidden.determinise``),
so it sees what a player sees.  Each of its moves may use as much CPU time of its
thread as the level's moves took on average so far in the match (1 s before the level's
first move).  Not the level's previous move alone: hard solves Atacama's endgame exactly
in a few milliseconds (ai/evaluators/atacama_end.py), and UCT would get as little; with the
mean it keeps about the time of the level's searched moves to the end, so over a match it
gets at least the level's CPU time (both totals are in every line).
Seats alternate every match; each match has its own seed.  Every finished game
appends a line to the output (a long run that is stopped keeps what it measured).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

from engines import game_names, get_game

GAMES = tuple(f"{game}:2" for game in game_names() if 2 in get_game(game).seats)


class _Node:
    __slots__ = ("visits", "wins", "children")

    def __init__(self):
        self.visits, self.wins, self.children = 0, 0.0, {}


def uct_move(state, cpu_seconds: float, rng: random.Random) -> tuple[str, int]:
    """Plain UCT for ``cpu_seconds`` of this thread's CPU time; the most visited root move."""
    from ai.hidden import determinise

    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0], 0
    root = _Node()
    deadline = time.thread_time() + cpu_seconds
    iterations = 0
    while iterations < 1 or time.thread_time() < deadline:
        iterations += 1
        s = determinise(state, rng)
        node, path = root, []
        while s.current_player() is not None:
            legal = s.legal_moves()
            fresh = [m for m in legal if m not in node.children]
            mover = s.current_player()
            if fresh:
                move = fresh[rng.randrange(len(fresh))]
                child = node.children[move] = _Node()
                s.play(move)
                path.append((child, mover))
                break
            log_n = math.log(max(1, node.visits))
            move = max(
                legal,
                key=lambda m: (
                    node.children[m].wins / node.children[m].visits + math.sqrt(2 * log_n / node.children[m].visits)
                ),
            )
            node = node.children[move]
            s.play(move)
            path.append((node, mover))
        while s.current_player() is not None:
            sampler = getattr(s, "sample_move", None)
            s.play(sampler(rng) if sampler else rng.choice(s.legal_moves()))
        winners = s.outcome().winners
        root.visits += 1
        for node, mover in path:
            node.visits += 1
            if mover in winners:
                node.wins += 1.0 / len(winners)
    best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[0]))[0]
    return best, iterations


def match(game: str, level: str, seed: int, level_seat: int) -> dict:
    import ai

    state = get_game(game).setup(2, seed)
    rng = random.Random(seed)
    cpu_level, cpu_uct = [], []
    ply = 0
    while state.current_player() is not None:
        started = time.thread_time()
        if state.current_player() == level_seat:
            move = ai.choose_move(state, level, seed=seed * 1000 + ply)
            cpu_level.append(time.thread_time() - started)
        else:
            move, _ = uct_move(state, sum(cpu_level) / len(cpu_level) if cpu_level else 1.0, rng)
            cpu_uct.append(time.thread_time() - started)
        state.play(move)
        ply += 1
    winners = state.outcome().winners
    result = "draw" if len(winners) > 1 else ("win" if winners == (level_seat,) else "loss")
    return {
        "game": game,
        "seed": seed,
        "level_seat": level_seat,
        "result": result,
        "plies": ply,
        "level_cpu_s": round(sum(cpu_level), 2),
        "uct_cpu_s": round(sum(cpu_uct), 2),
    }


def main(argv: list[str] | None = None) -> int:
    from ai.duel import wilson

    parser = argparse.ArgumentParser(prog="python -m bench.ai_uct", description=__doc__)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="first match number (to continue a run)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--level", default="hard")
    parser.add_argument("-o", "--output", default="bench/ai-uct.jsonl")
    args = parser.parse_args(argv)
    for spec in args.games.split(","):
        game = spec.split(":")[0]
        tally = {"win": 0, "draw": 0, "loss": 0}
        for n in range(args.first, args.first + args.matches):
            row = match(game, args.level, seed=n, level_seat=n % 2)
            tally[row["result"]] += 1
            with open(args.output, "a", encoding="utf-8") as handle:
                handle.write(json.dumps({**row, "level": args.level, "at": time.strftime("%Y-%m-%d %H:%M:%S")}) + "\n")
            played = sum(tally.values())
            low, high = wilson(tally["win"], played)
            print(
                f"{spec} {args.level} vs UCT: {tally['win']}-{tally['draw']}-{tally['loss']} of {played} "
                f"(95 % CI {low:.0%}-{high:.0%})",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
