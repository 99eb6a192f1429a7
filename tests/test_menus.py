"""The move menus (bot/play/menus.py): every legal move reachable, nothing else, Discord's limits kept."""

from __future__ import annotations

import random

import pytest

import engines
from bot.play.menus import LIMIT, MORE, menu

MAX_DEPTH = 4  # selections from the first menu to a move, the last included
VALUE_MAX = 60  # a value goes into a custom_id (100 characters with the match id and version)
SEEDS = range(1, 4)


def initial_state(game: str, players: int, seed: int, options: dict):
    """The position a match starts from, set up as the match service does."""
    spec = engines.get_game(game)
    options = spec.check(players, options)
    setup = spec.resolve_setup(players, seed, dict(spec.starting_setup), options)
    return spec.setup(players, seed, setup, options)


def positions(game: str):
    """Every position (as its sorted legal moves) of seeded random playouts of each variant
    the game declares (``Game.variants``: every table size, and every option, so the options
    that add notation too: stack moves "2c3-c7x1", chases, Atacama's build-up and tactics)."""
    for players, options in engines.get_game(game).variants:
        for seed in SEEDS:
            state = initial_state(game, players, seed, options)
            rng = random.Random(seed)
            while state.outcome() is None:
                legal = state.legal_moves()
                yield legal
                state.play(rng.choice(legal))


def walk(legal: list[str], prefix: str = "", depth: int = 1, seen: dict | None = None) -> list[str]:
    """Every move reachable from the menu at ``prefix``, checking each menu on the way;
    ``seen`` collects the largest menu and the deepest selection."""
    seen = seen if seen is not None else {"options": 0, "depth": 0}
    shown = menu(legal, prefix)
    assert 1 <= len(shown.options) <= LIMIT, (prefix, shown)
    assert shown.prefix.startswith(prefix)
    seen["options"] = max(seen["options"], len(shown.options))
    reached = []
    for option in shown.options:
        assert 0 < len(option.label) <= 100 and 0 < len(option.value) <= VALUE_MAX, option
        assert option.value.startswith(shown.prefix)
        if option.is_move:
            seen["depth"] = max(seen["depth"], depth)
            reached.append(option.value)
        else:
            assert option.moves > 1 and f"({option.moves} moves)" in option.label
            assert depth < MAX_DEPTH, f"too deep at {option.value!r}"
            below = walk(legal, option.prefix, depth + 1, seen)
            assert len(below) == option.moves
            reached += below
    return reached


@pytest.mark.parametrize("game", engines.game_names())
def test_the_menus_reach_every_legal_move_and_nothing_else(game):
    seen = {"options": 0, "depth": 0}
    largest = 0
    for legal in positions(game):
        reached = walk(legal, seen=seen)
        assert sorted(reached) == sorted(legal) and len(reached) == len(set(reached))
        largest = max(largest, len(legal))
    assert largest > LIMIT, "the playouts never needed a second step"
    assert seen["depth"] >= 2 and seen["options"] <= LIMIT


def test_moves_split_at_the_parts_of_the_notation():
    tactori = ["+e5", "+e5 =e5g5", "+e5 =e5g5 =g5g7", "2c3-c7x1", "c3-c7", "c3-c7 =c7e7", "x=c3e3"]
    # few enough moves: listed whole
    assert [o.value for o in menu(tactori).options] == tactori
    many = tactori + [f"+{col}{row}" for col in "abcdfghi" for row in range(1, 10)]  # 72 placements
    legal = sorted(many)
    top = menu(legal)
    assert len(top.options) <= LIMIT
    # "+e…" then "+e5…": the placement on e5 and its bridge continuations stay together,
    # and the move "+e5" differs from the group of moves starting with it
    [plus_e] = [o for o in top.options if o.value == "+e" + MORE]
    step = menu(legal, plus_e.prefix)
    assert [o.value for o in step.options] == ["+e5", "+e5 =e5g5", "+e5 =e5g5 =g5g7"]


def test_a_step_with_a_single_group_is_skipped():
    moves = [f"B07@{x},{y}r{r}" for x in range(3) for y in range(3) for r in range(4)]  # 36 moves
    shown = menu(moves)
    assert shown.prefix == "B07"  # nothing to choose at "B07…": skipped
    assert [o.value for o in shown.options] == [f"B07@{x},{y}{MORE}" for x in range(3) for y in range(3)]
    assert shown.options[0].label == "B07@0,0 …  (4 moves)"
    assert [o.value for o in menu(moves, "B07@1,2").options] == [f"B07@1,2r{r}" for r in range(4)]


def test_words_and_signed_coordinates_stay_whole():
    supply = sorted(f"B07@{x},-1r0 from {s},{t}" for x in (-2, -1, 1, 2) for s in range(-3, 4) for t in (0, 1))
    shown = menu(supply)
    # the sign of "-2" is no move separator, and "from 3,2" is one part
    assert all(o.value.count("@") == 1 for o in shown.options)
    assert sorted(o.prefix for o in shown.options) == sorted(f"B07@{x},-1" for x in (-2, -1, 1, 2))
    sources = menu(supply, "B07@-2,-1")
    assert [o.value for o in sources.options] == [m for m in supply if m.startswith("B07@-2,-1r0 from ")]
    assert [o.value for o in menu(["buy cols", "buy rows", "pass"]).options] == ["buy cols", "buy rows", "pass"]


def test_an_unknown_prefix_gives_an_empty_menu():
    assert menu(["e5", "e6"], "z").options == []
