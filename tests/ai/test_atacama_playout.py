"""Atacama's playouts without the engine (ai/evaluators/atacama.py ``finish``): the towers a
playout adds are legal moves in turn, the match ends where the engine ends it, and the winners
and scores are the engine's."""

import random

import pytest

from ai import search
from ai.evaluators import atacama as evaluator
from engines import get_game
from engines.atacama import boards as B


def _positions():
    for players, options in ((2, {}), (4, {}), (2, {"tactics": True}), (4, {"tactics": True})):
        for seed in range(6):
            state = get_game("atacama").setup(players, seed, options=options)
            rng = random.Random(seed)
            for _ in range(rng.randrange(0, 20)):
                if state.current_player() is None:
                    break
                state.play(state.sample_move(rng))
            if state.current_player() is not None:
                yield state


@pytest.mark.parametrize("state", list(_positions()), ids=lambda s: f"{s.players}p-{len(s.towers)}")
def test_a_fast_playout_is_a_legal_match_to_its_end(state):
    rng = random.Random(len(state.towers))
    placed = evaluator.playout(state, rng)
    replay = state.copy()
    for field, other in placed.items():
        assert replay.current_player() is not None
        replay.play(B.FIELD_NAMES[field] + ("*" if other else ""))  # raises if not legal
    assert replay.current_player() is None
    assert evaluator.scores_with(state, placed) == replay.scores()
    winners, margins, moves = evaluator.finish(state, random.Random(len(state.towers)))
    assert moves == [B.FIELD_NAMES[f] + ("*" if other else "") for f, other in placed.items()]
    assert tuple(winners) == replay.outcome().winners
    assert margins == evaluator.value(replay)


def test_a_fast_playout_draws_the_fields_as_the_engine_does():
    """The first field is uniform among the free ones, as ``sample_move`` draws it."""
    state = get_game("atacama").setup(2, 0)
    state.play("e5")
    free = state.free_fields()
    rng = random.Random(7)
    firsts = [next(iter(evaluator.playout(state, rng))) for _ in range(200 * len(free))]
    counts = [firsts.count(f) for f in free]
    assert min(counts) > 120 and max(counts) < 290  # 200 each expected


def test_the_build_up_game_plays_its_playouts_move_by_move():
    state = get_game("atacama").setup(2, 3, options={"buildup": True})
    assert evaluator.finish(state, random.Random(0)) is None
    # the search still values such a position (by the engine's playouts)
    result = search.run(state, random.Random(0), 20, evaluator, 9.0, 2)
    assert result.iterations == 20 and result.root.visits == 20
