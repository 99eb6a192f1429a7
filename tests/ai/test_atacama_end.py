"""Atacama's endgame solved exactly (ai/evaluators/atacama_end.py): the move it picks is worth
what a plain minimax over the engine's own moves and scores says is best, and it gives up
(None) outside the basic two-player game or beyond its work limit."""

import random

import pytest

import ai
from ai.evaluators import atacama_end as end
from engines import get_game


def _minimax(state) -> int:
    """Seat 0's result against best play, by the engine: win/draw/loss first, then the margin."""
    if state.current_player() is None:
        s0, s1 = state.scores()
        d = s0 - s1
        return d + (end.WIN if d > 0 else -end.WIN if d < 0 else 0)
    values = []
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        values.append(_minimax(after))
    return max(values) if state.current_player() == 0 else min(values)


def _endgame(seed: int, ply: int):
    state = get_game("atacama").setup(2, 0)
    rng = random.Random(seed)
    for _ in range(ply):
        state.play(state.sample_move(rng))
    return state


@pytest.mark.parametrize("seed", range(8))
def test_the_solved_move_is_as_good_as_a_full_minimax_says(seed):
    state = _endgame(seed, 24)  # four towers to place
    move = end.solve(state, 100_000)
    assert move in state.legal_moves()
    best = _minimax(state)
    after = state.copy()
    after.play(move)
    assert _minimax(after) == best


def test_it_gives_up_beyond_its_work_and_outside_the_basic_two_player_game():
    state = _endgame(1, 16)  # 25 free fields
    assert end.solve(state, 10**9) is None  # more free fields than it tries
    state = _endgame(1, 20)  # 18 free fields, about 17,000 positions
    assert end.solve(state, 1000) is None
    assert end.solve(state, 100_000) is not None
    assert end.solve(get_game("atacama").setup(2, 0, options={"tactics": True}), 10**6) is None
    four = get_game("atacama").setup(4, 0)
    rng = random.Random(0)
    for _ in range(22):
        four.play(four.sample_move(rng))
    assert end.solve(four, 10**6) is None


def test_hard_plays_the_solved_move_in_the_endgame():
    state = _endgame(2, 20)
    choice = ai.choose_move_info(state, "hard", seed=5)
    assert choice.iterations == 0 and choice.move == end.solve(state, 10**6)


def test_in_the_build_up_game_it_scores_the_rights_as_bought():
    """Seat 0 may have bought the rows (T5): the solve then counts the rows for it."""
    for seed in range(30):
        state = get_game("atacama").setup(2, seed, options={"buildup": True})
        rng = random.Random(seed)
        while state.current_player() is not None and (state.pile or state.rights_open or len(state.free_fields()) > 9):
            state.play(state.sample_move(rng))
        if state.current_player() is not None and state.rights[0][0] == "rows":
            break
    else:
        pytest.skip("no build-up match with seat 0 on the rows")
    move = end.solve(state, 100_000)
    after = state.copy()
    after.play(move)
    assert _minimax(after) == _minimax(state)
