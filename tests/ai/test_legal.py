"""The AI answers every position of every game and option set with a legal move
(legal moves always), and the same call always gives the same move."""

from __future__ import annotations

import pytest

import ai
from ai import levels
from engines.core import State

from .conftest import CONFIGS, config_id, random_positions


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_level_plays_a_legal_move_in_random_positions(config, small_budgets):
    game, players, options = config
    checked = 0
    for state in random_positions(game, players, options, seed=len(options) + players, every=13):
        before = state.to_json()
        for level in ai.LEVELS:
            move = ai.choose_move(state, level, seed=checked)
            assert is_legal(state, move), (level, move)
            checked += 1
        assert state.to_json() == before, "the AI must not change the state it is given"
    assert checked >= 6


@pytest.mark.parametrize("config", CONFIGS[:8:2], ids=config_id)
def test_same_state_level_and_seed_give_the_same_move(config, small_budgets):
    game, players, options = config
    for state in random_positions(game, players, options, seed=5, every=11):
        twin = type(state).from_json(state.to_json())
        for level in ai.LEVELS:
            assert ai.choose_move(state, level, seed=9) == ai.choose_move(twin, level, seed=9)


def test_choose_move_info_reports_the_search(small_budgets):
    state = random_positions_first("atacama")
    info = ai.choose_move_info(state, "hard", seed=3)
    assert info.move in state.legal_moves()
    # the whole budget, searched: 40 iterations times two-player Atacama hard's factor (levels.LEVEL_FACTOR)
    assert info.level == "hard" and info.iterations == levels.budget("atacama", "hard", 2).iterations == 100
    assert info.ms >= 0


def test_a_finished_match_or_an_unknown_level_is_refused(small_budgets):
    state = random_positions_first("atacama")
    with pytest.raises(ValueError):
        ai.choose_move(state, "grandmaster")
    while state.current_player() is not None:
        state.play(state.legal_moves()[0])
    with pytest.raises(ValueError):
        ai.choose_move(state, "easy")


def is_legal(state: State, move: str) -> bool:
    """Listed by ``legal_moves()``, or (Tactori, FEM: a turn with several bridges, which it does
    not list) accepted by ``play()`` in its canonical text."""
    if move in state.legal_moves():
        return True
    try:
        return state.copy().play(move) == move
    except ValueError:
        return False


def random_positions_first(game: str) -> State:
    return next(random_positions(game, 2, {}, seed=4))
