"""No cheating: Architekton's piles and reserves lie face down (A3, A7)
and the build-up game's sub-boards too (atacama.md T5).  Two states that differ
only in that hidden order must give the same move for the same level and seed."""

from __future__ import annotations

import random

import pytest

import ai
from ai.hidden import determinise, has_hidden
from engines.architekton.state import ArchitektonState
from engines.atacama.state import AtacamaState

from .conftest import random_positions


def reorder_hidden(state, rng: random.Random):
    """The same public position with the face-down tiles (or sub-boards) in another order,
    the tiles also moved between each pile and its reserve (that split is hidden too)."""
    twin = state.copy()
    if isinstance(state, ArchitektonState):
        for kind in ("B", "L"):
            hidden = twin.piles[kind] + twin.reserves[kind]
            rng.shuffle(hidden)
            n = len(twin.piles[kind])
            twin.piles[kind], twin.reserves[kind] = hidden[:n], hidden[n:]
    else:
        rng.shuffle(twin.pile)
    return twin


def hidden_part(state):
    if isinstance(state, ArchitektonState):
        return (state.piles, state.reserves)
    return state.pile


def twins(game: str, options: dict, seeds: range):
    rng = random.Random(11)
    for seed in seeds:
        for state in random_positions(game, 2, options, seed, every=3, limit=30):
            if not has_hidden(state):
                continue
            twin = reorder_hidden(state, rng)
            if hidden_part(twin) != hidden_part(state):
                yield state, twin


@pytest.mark.slow
@pytest.mark.parametrize("game, options", [("architekton", {}), ("atacama", {"buildup": True})])
def test_the_hidden_order_does_not_change_the_move(game, options, small_budgets):
    pairs = list(twins(game, options, range(6)))
    assert len(pairs) >= 15
    for n, (state, twin) in enumerate(pairs):
        for level in ai.LEVELS:
            assert ai.choose_move(state, level, seed=n) == ai.choose_move(twin, level, seed=n), (n, level)


@pytest.mark.parametrize("game, options", [("architekton", {}), ("atacama", {"buildup": True})])
def test_the_search_starts_from_the_same_arrangement_whatever_the_hidden_order(game, options):
    for state, twin in list(twins(game, options, range(3)))[:10]:
        assert determinise(state, random.Random(5)).to_json() == determinise(twin, random.Random(5)).to_json()


def test_the_hidden_order_matters_to_the_game_so_the_test_above_can_fail():
    """A search that read the real order would see different futures: the refill after
    the turn (A7) draws different tiles in the two twins."""
    differ = 0
    for state, twin in list(twins("architekton", {}, range(3)))[:10]:
        a, b = state.copy(), twin.copy()
        while a.current_player() is not None and a.stock == b.stock:
            move = a.legal_moves()[0]
            if move not in b.legal_moves():
                break
            a.play(move)
            b.play(move)
        differ += a.stock != b.stock
    assert differ >= 5


def test_public_information_is_all_that_is_kept():
    state = next(s for s in random_positions("architekton", 2, {}, 3, every=5) if s.turns[0] >= 2)
    seen = determinise(state, random.Random(1))
    assert seen.stock == state.stock and seen.tiles == state.tiles and seen.chips == state.chips
    for kind in ("B", "L"):
        assert sorted(seen.piles[kind] + seen.reserves[kind]) == sorted(state.piles[kind] + state.reserves[kind])
        assert len(seen.piles[kind]) == len(state.piles[kind])
    atacama = AtacamaState.new(2, random.Random(4), {}, {"buildup": True})
    assert sorted(determinise(atacama, random.Random(2)).pile) == sorted(atacama.pile)
