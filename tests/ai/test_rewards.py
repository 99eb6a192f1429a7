"""What a finished playout is worth to each seat (ai.search.terminal_reward): the win's share
plus the score margin's, four-player Atacama weighing the two alike (ai/evaluators/atacama.py)."""

from __future__ import annotations

import random

import pytest

from ai import levels, search
from ai.evaluators import evaluator_for
from engines import get_game


def finished(game: str, players: int, seed: int):
    state, rng = get_game(game).setup(players, seed), random.Random(seed)
    while state.current_player() is not None:
        state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("players,share", [(2, search.WIN_SHARE), (4, 0.5)])
def test_a_finished_atacama_playout_is_the_win_and_the_margin(players, share):
    for seed in range(3):
        state = finished("atacama", players, seed)
        evaluator = evaluator_for(state)
        winners, margins = state.outcome().winners, evaluator.value(state)
        reward = search.terminal_reward(state, players, evaluator)
        for seat in range(players):
            won = 1 / len(winners) if seat in winners else 0.0
            assert reward[seat] == pytest.approx(share * won + (1 - share) * margins[seat])
        assert max(range(players), key=reward.__getitem__) in winners


def test_other_games_keep_the_default_share():
    state = finished("architekton", 2, 1)
    evaluator = evaluator_for(state)
    winners, margins = state.outcome().winners, evaluator.value(state)
    reward = search.terminal_reward(state, 2, evaluator)
    for seat in range(2):
        won = 1 / len(winners) if seat in winners else 0.0
        assert reward[seat] == pytest.approx(search.WIN_SHARE * won + (1 - search.WIN_SHARE) * margins[seat])


def test_contempt_lowers_a_shared_draw_for_its_seat_only():
    """Two-player Tactori's hard plays for the win (ai/levels.py CONTEMPT): a drawn end is worth
    ``amount`` less to the searching seat, and nothing changes for the other seat or a won end."""
    drawn = finished("tactori", 2, 0)  # random play closes no polygon: 0 : 0
    won = next(s for s in (finished("atacama", 2, seed) for seed in range(20)) if len(s.outcome().winners) == 1)
    assert len(drawn.outcome().winners) == 2
    for state in (drawn, won):
        evaluator = evaluator_for(state)
        plain = search.terminal_reward(state, 2, evaluator)
        for seat in range(2):
            with_contempt = search.terminal_reward(state, 2, evaluator, (seat, 0.2))
            lowered = 0.2 if state is drawn else 0.0
            assert with_contempt[seat] == pytest.approx(plain[seat] - lowered)
            assert with_contempt[1 - seat] == pytest.approx(plain[1 - seat])


def test_hard_plays_for_the_win_in_two_player_tactori_and_four_player_atacama():
    played_for_the_win = {("tactori", 2), ("atacama", 4)}  # where draws were measured (ai/levels.py)
    for game, players in (
        ("architekton", 2),
        ("atacama", 2),
        ("atacama", 4),
        ("tactori", 2),
        ("tactori", 3),
        ("tactori", 4),
        ("tactori-fem", 2),
    ):
        for level in levels.LEVELS:
            wanted = 0.2 if level == "hard" and (game, players) in played_for_the_win else 0.0
            assert levels.budget(game, level, players).contempt == wanted


def test_contempt_in_a_four_player_draw_lowers_only_the_searching_seat():
    """A shared top score (atacama.md T4/T7) is worth less to the seat with contempt only."""
    drawn = next(s for s in (finished("atacama", 4, seed) for seed in range(60)) if len(s.outcome().winners) > 1)
    evaluator = evaluator_for(drawn)
    plain = search.terminal_reward(drawn, 4, evaluator)
    for seat in range(4):
        with_contempt = search.terminal_reward(drawn, 4, evaluator, (seat, 0.2))
        for other in range(4):
            lowered = 0.2 if other == seat and seat in drawn.outcome().winners else 0.0
            assert with_contempt[other] == pytest.approx(plain[other] - lowered)
