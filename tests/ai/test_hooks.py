"""The shared search asks the game's profile for what the game needs beyond its evaluator
(``ai/hooks.py``): Tactori's and FEM's whole turns, FEM's exact tactics.  A game whose profile
gives no hook is searched with ``legal_moves()`` alone, whatever its state looks like.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Iterator

import pytest

import ai
import engines
from ai import search
from ai.profiles import profile
from ai.profiles._tactori import fem_tactics, whole_turns
from tests.dotsboxes import GAME


def nodes(node: search.Node) -> Iterator[search.Node]:
    yield node
    for child in node.children.values():
        yield from nodes(child)


def test_the_tactori_profiles_give_their_hooks_and_the_other_games_none():
    assert profile("tactori").turns is whole_turns and profile("tactori").tactics is None
    assert profile("tactori-fem").turns is whole_turns and profile("tactori-fem").tactics is fem_tactics
    others = set(engines.game_names()) - {"tactori", "tactori-fem"}
    assert others and all(profile(g).turns is None and profile(g).tactics is None for g in others)


@pytest.fixture
def dotsboxes():
    game = engines.register(GAME)
    yield game
    engines.unregister(GAME.name)


def test_a_game_whose_profile_declares_no_hooks_is_searched_without_them(dotsboxes):
    """The test game (tests/dotsboxes) lives outside the product and names no hook: the search
    adds no turns beyond its legal moves, and every level still chooses one."""
    hooks = profile("dotsboxes")
    assert hooks.turns is None and hooks.tactics is None
    state = dotsboxes.setup(2, 1)
    root = search.run(state, random.Random(0), 60, hooks.evaluator, 9.0, 2).root
    assert root.visits == 60 and set(root.children) <= set(state.legal_moves())
    assert all(n.extra is None and not n.widened for n in nodes(root))
    for level in ai.LEVELS:
        assert ai.choose_move(state, level, seed=3) in state.legal_moves()


def test_the_search_follows_the_profile_not_the_states_shape(monkeypatch):
    """A Tactori state with its profile's hooks gets whole turns at the root; the same state, its
    profile naming no hook, is searched over ``legal_moves()`` alone."""
    state = engines.get_game("tactori").setup(2, 4)
    rng = random.Random(4)
    for _ in range(12):  # a few towers on the board, so that bridge turns exist
        search.play(state, state.sample_move(rng))
    evaluator = profile("tactori").evaluator
    hooked = search.run(state, random.Random(0), 40, evaluator, 9.0, 2).root
    assert hooked.extra is not None  # the hook's closing turns were asked for (possibly none)
    assert hooked.widened  # and the turns one bridge longer than its most visited bridge turn

    module = importlib.import_module(engines.get_game("tactori").part("profile"))
    monkeypatch.setattr(module, "PROFILE", dataclasses.replace(module.PROFILE, turns=None))
    plain = search.run(state, random.Random(0), 40, evaluator, 9.0, 2).root
    assert set(plain.children) <= set(state.legal_moves())
    assert all(n.extra is None and not n.widened for n in nodes(plain))
