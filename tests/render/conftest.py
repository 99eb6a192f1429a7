"""Shared fixtures for the renderer tests: random Architekton playouts."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # so that a bare `pytest` finds engines/ and render/
    sys.path.insert(0, str(ROOT))

from engines import get_game  # noqa: E402

PLAYOUT_SEEDS = (1, 2, 3, 55)  # 55: a long match, 34 tiles on the table


def playout(seed: int) -> list:
    """Every state of a full random match (random legal moves from ``seed``)."""
    rng = random.Random(seed)
    state = get_game("architekton").setup(2, seed)
    states = [state.copy()]
    while state.outcome() is None:
        state.play(rng.choice(state.legal_moves()))
        states.append(state.copy())
    return states


@pytest.fixture(scope="session")
def playouts() -> dict[int, list]:
    return {seed: playout(seed) for seed in PLAYOUT_SEEDS}


@pytest.fixture(scope="session")
def late_state(playouts):
    """The most crowded position of the playouts (a large late-game board)."""
    return max((s for states in playouts.values() for s in states), key=lambda s: len(s.tiles))
