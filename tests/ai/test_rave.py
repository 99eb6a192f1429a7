"""RAVE in the search (ai/search.py, two-player Atacama's hard): every node counts, per move,
the playouts in which that move was played at any later point, by anybody."""

import random

from ai import search
from ai.evaluators import atacama as evaluator
from engines import get_game


def _position():
    state = get_game("atacama").setup(2, 0)
    rng = random.Random(3)
    for _ in range(8):
        state.play(state.sample_move(rng))
    return state


def test_the_root_counts_every_move_played_after_it():
    result = search.run(_position(), random.Random(1), 600, evaluator, 9.0, 2, rave=500.0)
    root = result.root
    assert root.amaf is not None
    for move, child in root.children.items():
        # the move itself was played in each of the child's playouts; later in others too
        count, total = root.amaf[move]
        assert child.visits <= count <= root.visits
        assert 0.0 <= total <= count
    # each playout takes about half the free fields: a move comes up in far more playouts
    # than the ones that start with it
    assert sum(root.amaf[m][0] for m in root.children) > 5 * root.visits


def test_rave_is_deterministic_per_seed_and_off_unless_asked():
    first = search.run(_position(), random.Random(1), 300, evaluator, 9.0, 2, rave=500.0).root
    again = search.run(_position(), random.Random(1), 300, evaluator, 9.0, 2, rave=500.0).root
    assert {m: (c.visits, c.totals) for m, c in first.children.items()} == {
        m: (c.visits, c.totals) for m, c in again.children.items()
    }
    assert first.amaf == again.amaf
    plain = search.run(_position(), random.Random(1), 300, evaluator, 9.0, 2).root
    assert plain.amaf is None and all(c.amaf is None for c in plain.children.values())
