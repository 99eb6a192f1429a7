"""The move generator of Tactori and Tactori FEM (engines/tactori/turns.py) against the turn
validator (``play`` / ``apply_partial``), over seeded random matches of every option set.

- every action (``actions()``) lands where it says: the scratch position after it has the
  target and the origin at the heights and with the tops the generator computed without
  playing it;
- the turns built step by step from the validator (each action, each bridge after it, each
  bridges-only turn, ``pass``) are exactly ``legal_moves()``;
- ``continuations(prefix)`` for every part prefix and, for a sample of legal moves, every
  character prefix equals a brute force: every bridge place next to the turn's towers, laid
  from the supply or relocated from every own bridge, kept when the validator accepts it;
- ``sample_move`` draws only legal moves.
"""

from __future__ import annotations

import random

import pytest
from tactori_helpers import choose, fem, make

from engines import get_game

VARIANTS = [
    ("tactori", 2, {}),
    ("tactori", 2, {"chase": True}),
    ("tactori", 3, {"chase": True}),
    ("tactori", 4, {"centre": 2}),
    ("tactori-fem", 2, {}),
    ("tactori-fem", 2, {"stacks": True}),
    ("tactori-fem", 2, {"chase": True}),
    ("tactori-fem", 2, {"stacks": True, "chase": True}),
]


def positions(game: str, players: int, options: dict, seed: int, every: int, plies: int = 160):
    """Positions of a seeded random match (biased towards bridges, moves and stacks, and turns
    with several bridges), one every ``every`` plies."""
    rng = random.Random(seed)
    state = get_game(game).setup(players, seed, {}, options)
    for ply in range(plies):
        if state.current_player() is None:
            return
        if ply % every == every - 1:
            yield state
        move = choose(state.legal_moves(), rng)
        if " =" in move and rng.random() < 0.5:
            longer = state.continuations(move)
            if longer:
                move = rng.choice(longer)
        state.play(move)


def accepted(state, text: str) -> bool:
    try:
        state.apply_partial(text)
    except ValueError:
        return False
    return True


def one_more_bridge(state, head: str) -> list[str]:
    """Brute force: ``head`` (a legal turn) with one more bridge, on every place next to the field
    of its towers or its bridges, from the supply or relocated from any own bridge."""
    geo, names = state.geo, state.geo.names
    ex = state.apply_partial(head)
    if state.FEM and not head.startswith(("+", "x")) and "-" not in head.split(" ")[0]:
        return []  # R7: a FEM turn without a place or move has one bridge
    ends = {e for key in ex.laid for e in key}
    if ex.target is not None:
        ends.add(ex.target)
    own = [names[a] + names[b] for (a, b), (o, _) in state.board.bridges.items() if o == state.to_move]
    out = set()
    for end in ends:
        for _, pl in geo.partners[end]:
            for source in [""] + (["<" + x for x in own] if state.FEM else []):
                text = f"{head} ={pl.text}{source}"
                if accepted(state, text):
                    out.add(text)
    return sorted(out)


def squash(text: str) -> str:
    return "".join(text.split()).lower()


def check_actions(state) -> None:
    seat, b = state.to_move, state.board
    acts = state.actions()
    assert len({a.text for a in acts}) == len(acts)
    for a in acts:
        ex = state.apply_partial(a.text)
        after = ex.board
        assert after.height(a.target) == a.height, a
        assert ex.target == (a.target if a.landed else None), a
        if a.landed:
            assert after.top(a.target) == seat, a
        if a.origin < 0:
            assert a.text == "+" + state.geo.names[a.target] and a.count == 1 and not a.chase
        else:
            assert after.height(a.origin) == a.left, a
            assert (after.top(a.origin) if a.left else None) == a.left_top, a
            assert b.height(a.origin) - a.left == a.count


def brute_actions(state) -> set[str]:
    """Every place and move the validator accepts: each field; each stack with each count of
    towers to every other field (Tactori: along its row or column, R3) with each chase count."""
    geo, b, names = state.geo, state.board, state.geo.names
    texts = ["+" + names[q] for q in geo.fields]
    for p in geo.fields:
        for q in geo.lines[p] if not state.FEM else geo.others[p]:
            for k in range(1, b.height(p) + 1):
                for m in range(min(k, b.height(q)) + 1):
                    texts.append((str(k) if k > 1 else "") + f"{names[p]}-{names[q]}" + (f"x{m}" if m else ""))
    return {t for t in texts if accepted(state, t)}


def walk(state) -> set[str]:
    """The turns with at most one bridge, built from the validator: every action, then every
    bridge after it (brute force), and every bridges-only turn it accepts."""
    geo, names = state.geo, state.geo.names
    out = set()
    acts = state.actions()
    assert {a.text for a in acts} == brute_actions(state)
    for a in acts:
        out.add(a.text)
        if a.landed:
            out.update(one_more_bridge(state, a.text))
    own = [names[x] + names[y] for (x, y), (o, _) in state.board.bridges.items() if o == state.to_move]
    singles = ["=" + pl.text for pl in geo.place_list]
    if state.FEM:
        singles += [f"={pl.text}<{x}" for pl in geo.place_list for x in own] + ["x=" + x for x in own]
    out.update(t for t in singles if accepted(state, t))
    if not out and not state.FEM:
        out.add("pass")
    return out


def check_continuations(state, rng) -> int:
    legal = state.legal_moves()
    one_part = [m for m in legal if " " not in m]
    assert state.continuations("") == one_part
    heads = {m.split(" ")[0] for m in legal} | {m for m in legal if m.count("=") == 1 and " " in m}
    cache: dict[str, list[str]] = {}

    def longer(head: str) -> list[str]:
        if head not in cache:
            cache[head] = one_more_bridge(state, head)
        return cache[head]

    checked = 0
    for head in sorted(heads):
        assert state.continuations(head) == longer(head), head
        checked += 1
    for move in rng.sample(legal, min(8, len(legal))):
        for n in range(1, len(move)):
            typed = " ".join(move[:n].split())
            if accepted(state, typed):
                expected = longer(typed)
            else:
                before = typed.rsplit(" ", 1)[0] if " " in typed else ""
                base = longer(before) if before else one_part
                expected = [m for m in base if squash(m).startswith(squash(typed))]
            assert state.continuations(typed) == expected, typed
            checked += 1
    return checked


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v[0]}-{v[1]}p-{'+'.join(v[2]) or 'basic'}")
def test_generator_agrees_with_the_validator(variant):
    game, players, options = variant
    rng = random.Random(5)
    seen = prefixes = bridges = 0
    for seed in range(4):
        for state in positions(game, players, options, seed=seed, every=9):
            if seen == 12:
                break
            check_actions(state)
            legal = state.legal_moves()
            assert set(legal) == walk(state)
            prefixes += check_continuations(state, rng)
            for k in range(20):
                assert state.sample_move(random.Random(k)) in legal
            seen += 1
            bridges += sum(1 for m in legal if "=" in m)
    assert seen >= 8 and prefixes > 200 and bridges > 20, (seen, prefixes, bridges)


def test_actions_of_a_finished_match_are_none():
    state = get_game("tactori-fem").setup(2, 0, {}, {})
    state.resign(0)
    assert state.actions() == [] and state.legal_moves() == [] and state.continuations("+c3") == []
    with pytest.raises(ValueError):
        state.apply_partial("+c3")


def built_positions():
    """Positions the random matches rarely reach: stacks that chase several towers, relocations
    next to an overbuilt bridge, a Tactori player with his supply spent."""
    yield fem({"a1": "000", "c3": "11", "e5": "1", "a3": "0", "c1": "0", "c5": "1"}, stacks=True, chase=True)
    yield fem(
        {"a1": "00", "c1": "00", "a3": "0", "c3": "01", "e3": "11", "e1": "0"},
        [("a1c1", 0, 2), ("a3c3", 0, 1)],
        stacks=True,
        chase=True,
    )
    yield make(
        players=3, chase=True, stacks={"e5": "000", "e7": "12", "g5": "21", "e3": "1", "c5": "0", "e1": "00", "e9": "0"}
    )
    yield make(chase=True, stacks={"a1": "0", "c1": "0", "a3": "00", "c3": "1"}, bridges=[("a1c1", 0)], towers=[0, 10])


def test_generator_agrees_with_the_validator_in_built_positions():
    rng = random.Random(3)
    chased = 0
    for state in built_positions():
        check_actions(state)
        legal = state.legal_moves()
        assert set(legal) == walk(state)
        check_continuations(state, rng)
        assert all(state.sample_move(random.Random(k)) in legal for k in range(30))
        chased += sum(1 for a in state.actions() if a.chase > 1)
    assert chased >= 4
