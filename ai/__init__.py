"""Computer opponents: ``choose_move(state, level, seed)`` for the player to move.

Pure: depends on ``engines`` only, no I/O.  The move depends only on what the
player to move can see (``hidden.determinise``), the level and the seed.
See ai/README.md for the algorithm and the figures.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engines.core import State

from . import search, tactics
from .evaluators import evaluator_for
from .hidden import determinise
from .levels import LEVELS, TIME_CAP, budget

__all__ = ["LEVELS", "Choice", "choose_move", "choose_move_info"]


@dataclass(frozen=True)
class Choice:
    move: str
    level: str
    iterations: int
    ms: int


# Hard checks this many of its best safe moves for a win in two the opponent could force
# (tactics.allows_forcing), each a few hundred milliseconds.
DEFENCES = 4


def choose_move_info(state: State, level: str, seed: int = 0) -> Choice:
    """The move ``level`` plays for ``state.current_player()``, with the search effort."""
    if state.current_player() is None:
        raise ValueError("the match is over: nobody is to move")
    plan = budget(state.game.name, level, len(state.scores()))
    start = time.perf_counter()
    move, iterations = _choose(state, level, plan, random.Random(seed))
    return Choice(move, level, iterations, int((time.perf_counter() - start) * 1000))


def choose_move(state: State, level: str, seed: int = 0) -> str:
    """A legal move, in canonical text, for ``state.current_player()`` at ``level``."""
    return choose_move_info(state, level, seed).move


def _choose(state: State, level: str, plan, rng: random.Random) -> tuple[str, int]:
    # The state the AI works on: the hidden order is re-drawn before anything is read.
    seen = determinise(state, rng)
    moves = seen.legal_moves()
    if len(moves) == 1:
        return moves[0], 0
    evaluator = evaluator_for(seen, plan.evaluator)
    if evaluator.TACTICS:
        wins = tactics.winning_moves(seen)
        if wins:
            return wins[0], 0
    players = len(seen.scores())
    contempt = (seen.current_player(), plan.contempt) if plan.contempt else None
    priors = _priors(seen, moves, evaluator, contempt) if evaluator.PRIORS else None
    result = search.run(state, rng, plan.iterations, evaluator, TIME_CAP[level], players, priors, plan.explore,
                        contempt)
    ranked = _ranked(result.root, seen.current_player())
    if evaluator.TACTICS:
        # A small budget may not have tried every move: the untried ones come after the searched
        # ones, so a safe block is found even where every searched move lets the opponent win.
        candidates = ranked + [m for m in moves if m not in result.root.children]
        if plan.forcing:
            forced = tactics.first_forcing(seen, candidates)
            if forced is not None:
                return forced, result.iterations
        if plan.blocks:
            safe = []
            for move in candidates:
                if not tactics.allows_win(seen, move):
                    if not plan.forcing or not tactics.allows_forcing(seen, move):
                        return move, result.iterations
                    safe.append(move)
                    if len(safe) >= DEFENCES:
                        break
            if safe:        # every safe move checked lets the opponent force a win: the search's best of them
                return safe[0], result.iterations
        return ranked[0], result.iterations      # FEM's easy too: its most visited move (as measured)
    if plan.greedy:
        return ranked[0], result.iterations
    # Easy: a draw among the moves the search found nearly as good as its best (visited at
    # least half as often), in proportion to visits squared; never one it barely looked at
    # (with visits spread over many moves, as in four-player Atacama, that lost to random play).
    top = result.root.children[ranked[0]].visits
    close = [m for m in ranked if 2 * result.root.children[m].visits >= top]
    weights = [result.root.children[m].visits ** 2 for m in close]
    return rng.choices(close, weights)[0], result.iterations


def _priors(seen: State, moves: list[str], evaluator, contempt=None) -> dict[str, float]:
    """Each root move's one-ply value for the mover, relative to the best one."""
    seat = seen.current_player()
    values = {}
    for move in moves:
        after = seen.copy()
        search.play(after, move)
        values[move] = (search.terminal_reward(after, len(after.scores()), evaluator, contempt)
                        if after.current_player() is None else evaluator.value(after))[seat]
    best = max(values.values())
    return {m: v - best for m, v in values.items()}


def _ranked(root: search.Node, seat: int) -> list[str]:
    """Root moves, most visited first (then best mean, then the text, for determinism)."""
    def key(item):
        move, child = item
        mean = child.totals[seat] / child.visits if child.visits else 0.0
        return (-child.visits, -mean, move)
    return [m for m, _ in sorted(root.children.items(), key=key)]
