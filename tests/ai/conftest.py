"""Shared fixtures of the AI tests: small budgets (the search is the same at
any budget; the real budgets are measured in bench/, not in tests)."""

from __future__ import annotations

import random

import pytest

import engines
from ai import levels
from ai.search import play

# Every game with every option set it can be played with (tactori.md R4/R6, atacama.md T5-T7):
# the variants each game declares (engines.core.Game.variants).
CONFIGS = [
    (game, players, options) for game in engines.game_names() for players, options in engines.get_game(game).variants
]


def config_id(config) -> str:
    game, players, options = config
    return f"{game}-{players}p-" + ("+".join(sorted(k for k, v in options.items() if v)) or "basic")


@pytest.fixture
def small_budgets(monkeypatch):
    """Iterations cut to a few dozen per level, in the same order as the real ones."""
    for game in levels.BUDGETS:
        monkeypatch.setitem(levels.BUDGETS, game, {"easy": 12, "medium": 24, "hard": 40})


def random_positions(game: str, players: int, options: dict, seed: int, every: int = 7, limit: int = 120):
    """Positions of a seeded random playout, one every ``every`` plies."""
    state = engines.get_game(game).setup(players, seed, options=options)
    rng = random.Random(seed)
    for ply in range(limit):
        if state.current_player() is None:
            return
        if ply % every == 0:
            yield state.copy()
        play(state, rng.choice(state.legal_moves()))
