"""Computer opponents: ``choose_move(state, level, seed)`` for the player to move.

Pure: depends on ``engines`` only, no I/O.  See ai/README.md.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engines.core import State

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Choice:
    move: str
    level: str
    iterations: int
    ms: int


def choose_move_info(state: State, level: str, seed: int = 0) -> Choice:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    seat = state.current_player()
    if seat is None:
        raise ValueError("the match is over")
    start = time.perf_counter()
    rng = random.Random(seed)
    moves = state.legal_moves()
    # Provisional: one-ply greedy with a seeded tie-break (the search replaces it).
    best, best_value = [], None
    for move in moves:
        child = state.copy()
        child.play(move)
        scores = child.scores()
        others = [s for i, s in enumerate(scores) if i != seat]
        value = scores[seat] - (max(others) if others else 0)
        if best_value is None or value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    move = rng.choice(best)
    ms = int((time.perf_counter() - start) * 1000)
    return Choice(move, level, len(moves), ms)


def choose_move(state: State, level: str, seed: int = 0) -> str:
    """A legal move for ``state.current_player()`` at ``level``."""
    return choose_move_info(state, level, seed).move
