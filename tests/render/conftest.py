"""Shared fixtures for the renderer tests: random Architekton playouts."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # so that a bare `pytest` finds engines/ and render/
    sys.path.insert(0, str(ROOT))

from render_checks import random_playout  # noqa: E402

PLAYOUT_SEEDS = (1, 2, 3, 55)  # 55: a long match, 34 tiles on the table


@pytest.fixture(scope="session")
def playouts() -> dict[int, list]:
    """Every state of full random Architekton matches, by seed."""
    return {seed: random_playout("architekton", 2, seed) for seed in PLAYOUT_SEEDS}


@pytest.fixture(scope="session")
def late_state(playouts):
    """The most crowded position of the playouts (a large late-game board)."""
    return max((s for states in playouts.values() for s in states), key=lambda s: len(s.tiles))
