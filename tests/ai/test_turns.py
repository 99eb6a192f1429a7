"""Whole turns (tactori.md R3, R7): a turn may place or move and then lay several bridges,
which ``legal_moves()`` does not list.  ``whole_turns.closing_turns`` (the Tactori profiles'
``turns`` hook, ai/profiles/_tactori/) finds every turn that
closes a loop; here it is checked against a brute force over ``continuations()``, and the
levels take and block wins that need two, three and four bridges.

Positions come from seeded random playouts whose bridge turns grow by more bridges at random
(``playout_turn``); the anchors (seed, plies) were found by the brute force below, which
re-checks each of them.
"""

from __future__ import annotations

import random

import pytest

import ai
from ai.profiles._tactori.whole_turns import closing_turns, extend
from engines import get_game

LEVELS = ("easy", "medium", "hard")


def wins(state, move) -> bool:
    seat = state.current_player()
    after = state.copy()
    after.play(move)
    outcome = after.outcome()
    return outcome is not None and outcome.winners == (seat,)


def playout_turn(state, rng) -> str:
    move = state.sample_move(rng)
    if " =" in move:
        while rng.random() < 0.5:
            longer = state.continuations(move)
            if not longer:
                break
            move = longer[rng.randrange(len(longer))]
    return move


def position(seed: int, plies: int, options=None):
    state, rng = get_game("tactori-fem").setup(2, seed, options=options), random.Random(seed)
    for _ in range(plies):
        state.play(playout_turn(state, rng))
    return state


def fewest_bridges_to_win(state, depth: int = 4, cap: int = 40_000) -> int | None:
    """The fewest bridges of a winning turn (by brute force: every turn with at most one
    bridge, then every turn one bridge longer, level by level); 99 when no turn of up to
    ``depth`` bridges wins, None when the brute force gave up."""
    moves = state.legal_moves()
    if any(wins(state, m) for m in moves):
        return min(m.count("=") for m in moves if wins(state, m))
    frontier = [m for m in moves if m.count("=") == 1 and " " in m]
    seen, count = set(), 0
    for bridges in range(2, depth + 1):
        longer_ones = []
        for move in frontier:
            for longer in state.continuations(move):
                if longer in seen:
                    continue
                seen.add(longer)
                count += 1
                if count > cap:
                    return None
                if wins(state, longer):
                    return bridges
                longer_ones.append(longer)
        frontier = longer_ones
    return 99


@pytest.mark.slow
def test_closing_turns_agree_with_a_brute_force():
    """In random positions (plain and with stacks and chase), the generator finds a win exactly
    where the brute force does, and every turn it gives wins."""
    checked = multi = 0
    for options in (None, {"stacks": True, "chase": True}):
        for seed in range(6):
            state, rng = get_game("tactori-fem").setup(2, seed, options=options), random.Random(seed)
            for ply in range(70):
                if state.current_player() is None:
                    break
                if ply % 5 == 0:
                    fewest = fewest_bridges_to_win(state)
                    found = closing_turns(state)
                    if fewest is not None and (fewest < 99 or not found):
                        assert bool(found) == (fewest < 99), (seed, ply, fewest, found)
                        checked += 1
                        multi += 1 < fewest < 99
                    assert all(wins(state, m) for m in found), (seed, ply, found)
                state.play(playout_turn(state, rng))
    assert checked > 60 and multi >= 3, (checked, multi)


# Random positions where the player to move wins only with a turn of 2, 3 or 4 bridges.
ONLY_WIN = {2: [(4, 48), (7, 38), (8, 22)], 3: [(0, 84), (3, 20), (5, 28)], 4: [(1, 28), (2, 34), (14, 60)]}


@pytest.mark.parametrize("bridges", ONLY_WIN)
def test_every_level_takes_a_win_that_needs_several_bridges(bridges, small_budgets):
    for seed, plies in ONLY_WIN[bridges]:
        state = position(seed, plies)
        assert fewest_bridges_to_win(state) == bridges, "not such a position any more: find new anchors"
        for level in LEVELS:
            move = ai.choose_move(state, level, seed=seed)
            assert wins(state, move), (seed, plies, level, move)


def passed(state):
    """The same position with the other player to move: he must stop that win."""
    other = state.copy()
    other.to_move = 1 - other.to_move
    return other


@pytest.mark.parametrize("bridges", ONLY_WIN)
def test_medium_and_hard_block_a_win_that_needs_several_bridges(bridges, small_budgets):
    blocked = 0
    for seed, plies in ONLY_WIN[bridges]:
        state = passed(position(seed, plies))
        if fewest_bridges_to_win(state) != 99:
            continue  # the player to move wins himself
        for level in ("medium", "hard"):
            move = ai.choose_move(state, level, seed=seed)
            after = state.copy()
            after.play(move)
            assert after.current_player() is not None
            assert fewest_bridges_to_win(after) == 99 and not closing_turns(after), (seed, plies, level, move)
        blocked += 1
    assert blocked >= 2


HUMAN_LINE = ["+b2", "+c1", "+d2", "+e1 =c1e1", "+d4", "+c3 =c1c3", "+b4 =b2b4 =b2d2 =d2d4 =b4d4"]


def test_hard_does_not_lose_the_human_line(small_budgets):
    """Played by hand, hard (second) lost in seven plies to a four-bridge loop; now it sees it
    coming.  The human plays the line's moves while they are legal, then random ones."""
    state, rng = get_game("tactori-fem").setup(2, 0), random.Random(0)
    for ply, line_move in enumerate(HUMAN_LINE):
        if state.current_player() is None:
            break
        if ply % 2 == 0:
            try:
                state.copy().play(line_move)
                state.play(line_move)
            except ValueError:
                state.play(state.sample_move(rng))
        else:
            move = ai.choose_move(state, "hard", seed=ply)
            after = state.copy()
            after.play(move)
            assert fewest_bridges_to_win(after) == 99, (ply, move)
            state.play(move)
    assert state.outcome() is None or state.outcome().winners == (1,)


def test_the_playout_sampler_draws_turns_of_several_bridges():
    """``turns.extend``: a random playout's bridge turn lays more bridges now and then, each
    one legal."""
    state = position(2, 34)
    rng = random.Random(1)
    lengths = set()
    for _ in range(300):
        move = extend(state, state.sample_move(rng), rng)
        state.copy().play(move)
        lengths.add(move.count("="))
    assert {0, 1, 2, 3} <= lengths, lengths


def tactori_positions(count: int):
    """Two-player Tactori positions of random playouts where the player to move can close a polygon
    only with a turn of two or more bridges (none of ``legal_moves()`` raises his score)."""
    found = []
    for seed in range(40):
        state, rng = get_game("tactori").setup(2, seed), random.Random(seed)
        for ply in range(120):
            if state.current_player() is None:
                break
            if ply >= 20 and ply % 4 == 0 and closing_turns(state, limit=1, single=False):
                seat = state.current_player()
                before = state.scores()[seat]
                if not any(score_after(state, m)[seat] > before for m in state.legal_moves() if "=" in m):
                    found.append(state.copy())
                    break
            state.play(playout_turn(state, rng))
        if len(found) >= count:
            break
    return found


def score_after(state, move):
    after = state.copy()
    after.play(move)
    return after.scores()


def test_tactori_hard_closes_a_polygon_that_needs_several_bridges(small_budgets):
    """Tactori (R5): where only a turn of several bridges scores a polygon, hard plays one."""
    states = tactori_positions(3)
    assert len(states) >= 2
    for state in states:
        seat = state.current_player()
        move = ai.choose_move(state, "hard", seed=1)
        assert score_after(state, move)[seat] > state.scores()[seat], move


def test_the_ai_reads_engine_states_only_through_their_public_api():
    """ai/ never touches a private member (``state._x``, ``getattr(x, "_x")``) of anything but
    its own objects: a rule lives in the engine, behind its public methods."""
    import ast
    import pathlib

    root = pathlib.Path(ai.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                name, owner = node.attr, node.value
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr", "hasattr")
                and len(node.args) > 1
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                name, owner = node.args[1].value, node.args[0]
            else:
                continue
            if (
                name.startswith("_")
                and not name.startswith("__")
                and not (isinstance(owner, ast.Name) and owner.id in ("self", "cls"))
            ):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, found
    assert len(list(root.rglob("*.py"))) > 5


def test_the_ai_finds_exactly_the_winning_turns_the_engine_lists():
    """The AI's actions come from the engine's generator: in FEM positions its closing turns of
    at most one bridge are the winning turns of ``legal_moves()`` (each action and bridge place
    once: where a bridge from the supply wins, the same bridge relocated is not repeated), and
    every closing turn it gives (any number of bridges) wins."""
    checked = winning = 0
    for options in (None, {"stacks": True, "chase": True}):
        for seed in range(3):
            state, rng = get_game("tactori-fem").setup(2, seed, options=options), random.Random(seed)
            for ply in range(60):
                if state.current_player() is None:
                    break
                if ply % 3 == 0:
                    found = closing_turns(state)
                    wins_now = {m for m in state.legal_moves() if "=" in m and wins(state, m)}
                    single = {m for m in found if m.count("=") <= 1}
                    assert single <= wins_now, (seed, ply)
                    assert {m.split("<")[0] for m in single} == {m.split("<")[0] for m in wins_now}, (seed, ply)
                    assert all(wins(state, m) for m in found if m.count("=") > 1), (seed, ply)
                    checked += 1
                    winning += bool(wins_now)
                state.play(playout_turn(state, rng))
    assert checked > 30 and winning >= 3, (checked, winning)
