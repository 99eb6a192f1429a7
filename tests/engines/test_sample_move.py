"""The playout interface: ``sample_move``, ``copy`` and ``play_trusted``.

Property tests over seeded random matches of every game and option set:

- ``sample_move(rng)`` is one of ``legal_moves()`` (the same canonical text),
  leaves the state as it was, and depends only on the position and the rng
  state (the same position rebuilt from JSON draws the same move);
- ``copy()`` gives the same JSON as the original, and the two are independent:
  a move played on one leaves the other as it was;
- ``play_trusted(move)`` leaves exactly the state ``play(move)`` leaves;
- uniformity: in positions with few legal moves, many draws hit every legal
  move, and the counts pass a chi-square test against the uniform distribution.

The matches themselves are driven by ``sample_move`` + ``play_trusted`` half of
the time, so the positions checked are the ones a search's playouts reach.
"""

from __future__ import annotations

import random

import pytest
from state_checks import snapshot

from engines import game_names, get_game

# (game, players, options); every option of every game appears in some entry (the variants
# each game declares, engines.core.Game.variants)
VARIANTS = [(game, players, options) for game in game_names() for players, options in get_game(game).variants]
MATCHES = {"architekton": 20, "atacama": 6, "tactori": 2, "tactori-fem": 3}
MAX_PLIES = 220


def ids(variant) -> str:
    game, players, options = variant
    return f"{game}-{players}p-" + ("-".join(k if v is True else f"{k}{v}" for k, v in options.items()) or "plain")


def positions(game: str, players: int, options: dict, seed: int):
    """The positions of one seeded random match, before each move."""
    rng = random.Random(seed)
    state = get_game(game).setup(players, seed, {}, options)
    for ply in range(MAX_PLIES):
        if state.current_player() is None:
            return
        yield state
        if ply % 2:
            state.play_trusted(state.sample_move(rng))
        else:
            state.play(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_sampled_moves_are_legal_deterministic_and_play_like_play(variant):
    game, players, options = variant
    checked = 0
    for seed in range(1, MATCHES[game] + 1):
        draw = random.Random(1000 + seed)
        for state in positions(game, players, options, seed):
            before = snapshot(state)
            legal = state.legal_moves()
            n = draw.randrange(1 << 30)
            move = state.sample_move(random.Random(n))
            assert move in legal, (move, legal[:20])
            assert state.sample_move(random.Random(n)) == move, "same seed, different move"
            rebuilt = type(state).from_json(state.to_json())
            assert rebuilt.sample_move(random.Random(n)) == move, "the same position from JSON draws another move"
            assert snapshot(state) == before, "sample_move changed the state"

            copy = state.copy()
            assert snapshot(copy) == before
            trusted = state.copy()
            assert copy.play(move) == move
            assert trusted.play_trusted(move) == move
            assert snapshot(trusted) == snapshot(copy), "play_trusted and play left different states"
            assert snapshot(state) == before, "a move played on a copy changed the original"
            assert copy.legal_moves() == type(copy).from_json(copy.to_json()).legal_moves()
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_a_copy_is_unchanged_by_moves_on_the_original(variant):
    game, players, options = variant
    rng = random.Random(5)
    copies = []
    for state in positions(game, players, options, seed=7):
        copies.append((state.copy(), snapshot(state)))
        if len(copies) > 60:
            break
    for copy, seen in copies:
        assert snapshot(copy) == seen
    # and the copies still play on by themselves
    for copy, _ in copies[::10]:
        while copy.current_player() is not None and rng.random() < 0.95:
            copy.play_trusted(copy.sample_move(rng))


def small_positions(game: str, players: int, options: dict, seed: int, limit: int = 300):
    """Three positions of a seeded match with at most ``limit`` legal moves: the first, a middle
    one, and the one with the most bridge turns (Tactori, FEM; else the largest)."""
    found = [
        (state.copy(), state.legal_moves())
        for state in positions(game, players, options, seed)
        if len(state.legal_moves()) <= limit
    ]
    assert found, "no small position"
    richest = max(found, key=lambda f: (len(kinds(f[1])), sum(" =" in m or "<" in m for m in f[1]), len(f[1])))
    return [found[0], found[len(found) // 2], richest]


def kinds(legal: list[str]) -> set[str]:
    """Which kinds of Tactori / FEM turns ``legal`` holds besides plain places and moves."""
    found = set()
    for m in legal:
        head = m.split(" ")[0]
        if " =" in m:
            found.add("relocation after an action" if "<" in m else "bridge after an action")
        elif head.startswith("x="):
            found.add("removal")
        elif head.startswith("="):
            found.add("bridges-only relocation" if "<" in m else "bridges-only")
        elif "-" in head and "x" in head:
            found.add("chase")
    return found


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_sample_move_is_uniform_over_legal_moves(variant):
    """Every engine draws each legal move with the same chance (Tactori and FEM by rejection,
    Architekton by rejection with a fallback to the list, Atacama by index): in small positions
    30 draws per legal move hit every one of them, and the counts pass a chi-square test
    (threshold: degrees of freedom + 5 standard deviations; seeded, so the outcome is fixed)."""
    game, players, options = variant
    rng = random.Random(99)
    for state, legal in small_positions(game, players, options, seed=3):
        draws = 30 * len(legal)
        counts = dict.fromkeys(legal, 0)
        for _ in range(draws):
            counts[state.sample_move(rng)] += 1
        missing = [m for m, n in counts.items() if n == 0]
        assert not missing, f"never drawn in {draws} draws: {missing[:10]}"
        if len(legal) > 1:
            expected = draws / len(legal)
            chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
            df = len(legal) - 1
            assert chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df, sorted(counts.items(), key=lambda kv: kv[1])[:5])


def test_small_positions_cover_bridges_and_relocations():
    """The uniformity test above sees the turns that rejection sampling is about."""
    tactori = set().union(*(kinds(legal) for _, legal in small_positions("tactori", 2, {"chase": True}, seed=3)))
    fem = set().union(
        *(kinds(legal) for _, legal in small_positions("tactori-fem", 2, {"stacks": True, "chase": True}, seed=3))
    )
    assert {"bridge after an action", "bridges-only"} <= tactori, tactori
    assert {"bridge after an action", "relocation after an action", "removal", "chase"} <= fem, fem


def test_architekton_rare_moves_are_drawn_legally():
    """Random matches reach the rare cases: A6 discard (the sampler's fallback to the list) and
    a building with an empty supply, which moves a house (``from x,y``); both are drawn legally."""
    seen = {"discard": 0, "from": 0}
    for seed in range(1, 200):
        state = get_game("architekton").setup(2, seed, {}, {})
        rng = random.Random(seed)
        while state.current_player() is not None:
            rare = state.pending is None and state.supply[state.turn_player] == 0
            move = state.sample_move(rng)
            if move == "discard":
                assert state.legal_moves() == ["discard"]
                seen["discard"] += 1
            elif rare:
                legal = state.legal_moves()
                assert move in legal
                if " from " in move:
                    seen["from"] += 1
                    assert all(" from " in m for m in legal if m[0] == "B")
            state.play_trusted(move)
    assert seen["discard"] and seen["from"], seen
