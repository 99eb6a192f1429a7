"""Who can sit at a seat in a duel: the AI levels and two baselines.

``random`` plays a uniformly random legal move; ``greedy`` the move that
maximises its own score minus the best opponent's right after it (a win in one
counts as best, a move that loses at once as worst), with the seed breaking
ties.  Both see only what the player sees (``hidden.determinise``).
"""

from __future__ import annotations

import random

from engines.core import State

from . import choose_move
from .hidden import determinise
from .levels import LEVELS
from .search import play

BASELINES = ("random", "greedy")
PLAYERS = BASELINES + LEVELS


def greedy_move(state: State, rng: random.Random) -> str:
    seen = determinise(state, rng)
    seat = seen.current_player()
    assert seat is not None, "no move to choose in a finished position"
    best: list[str] = []
    best_value: int | None = None
    for move in seen.legal_moves():
        after = seen.copy()
        play(after, move)
        scores = after.scores()
        value = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        outcome = after.outcome()
        if outcome is not None and outcome.winners == (seat,):
            value += 10_000
        elif outcome is not None and seat not in outcome.winners:
            value -= 10_000
        if best_value is None or value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.randrange(len(best))]


def move_of(player: str, state: State, seed: int) -> str:
    if player == "random":
        rng = random.Random(seed)
        moves = determinise(state, rng).legal_moves()
        return moves[rng.randrange(len(moves))]
    if player == "greedy":
        return greedy_move(state, random.Random(seed))
    return choose_move(state, player, seed)
