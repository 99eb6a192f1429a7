"""Architekton property tests: thousands of seeded random legal matches.

After every move the invariants of A1/A3 hold (46 tiles, 8 chips, 12 houses
per player), the legal move list is sorted, unique and playable, the state
survives ``from_json(to_json())`` and, at the end, replaying the record
reproduces the final state exactly.  Every match terminates.

Only ``random.Random(seed)`` instances are used, never the global generator.
"""

from __future__ import annotations

import json
import random

import pytest
from architekton_helpers import HOUSES, assert_conserved, new_match, record_for, roundtrip
from state_checks import accepted_moves, replay_match, snapshot

from engines import IllegalMove
from engines.architekton.notation import Move
from engines.architekton.state import ArchitektonState

PLAYOUTS = 1000  # in total, split into chunks
CHUNK = 100
MAX_PLIES = 300  # 44 placements + discards + decisions stay far below
SAMPLE = 2  # legal moves tried on a copy per position (besides the one played)
LOW_SUPPLY = 2  # every 4th match starts with this many houses per player (A4 `from`)


def check_position(state: ArchitektonState, houses_total, rng: random.Random) -> list[str]:
    assert_conserved(state, houses_total)
    assert snapshot(roundtrip(state)) == snapshot(state)
    legal = state.legal_moves()
    assert legal == sorted(set(legal)), "legal moves must be sorted and unique"
    player = state.current_player()
    if state.outcome() is not None:
        assert player is None and legal == []
        return legal
    assert player in (0, 1) and legal
    if state.pending is not None:
        assert legal == ["keep", "remove"]
        assert player == state.houses[state.pending]
        assert state.chips[player] >= state.mismatches(state.pending)  # keep is affordable
    else:
        assert player == state.turn_player
        assert state.stock, "a placement with an empty stock must not be offered (A6)"
        if "discard" in legal:
            assert legal == ["discard"]
        has_from = state.supply[player] == 0
        for move in legal:
            if move.startswith("B"):
                assert (" from " in move) == has_from
    for move in rng.sample(legal, min(8, len(legal))):
        assert str(Move.parse(move)) == move
    for move in rng.sample(legal, min(SAMPLE, len(legal))):
        other = roundtrip(state)
        assert other.play(move) == move
    return legal


def choose(state: ArchitektonState, legal: list[str], rng: random.Random, careful: bool) -> str:
    """A random legal move; a careful player avoids moves that lose at once."""
    if not careful or len(legal) == 1:
        return rng.choice(legal)
    candidates = rng.sample(legal, min(4, len(legal)))
    for move in candidates:
        trial = state.copy()
        trial.play(move)
        outcome = trial.outcome()
        if outcome is None or outcome.end != "early":
            return move
    return candidates[0]


def playout(seed: int):
    rng = random.Random(seed)
    state = new_match(seed)
    low = seed % 4 == 3
    careful = seed % 2 == 1
    houses_total = (HOUSES, HOUSES)
    if low:
        # Fewer houses per player (the rest out of the game) to reach the
        # empty supply and the house moves of A4 often.
        state.supply = [LOW_SUPPLY, LOW_SUPPLY]
        houses_total = (LOW_SUPPLY, LOW_SUPPLY)
    initial = json.dumps(state.to_json())
    moves: list[str] = []
    while True:
        legal = check_position(state, houses_total, rng)
        if state.outcome() is not None:
            break
        assert len(moves) < MAX_PLIES, "the match does not terminate"
        move = choose(state, legal, rng, careful)
        before = state.turns[:]
        assert state.play(move) == move
        moves.append(move)
        assert state.turns[0] >= before[0] and state.turns[1] >= before[1]
    return state, moves, initial, low


def check_end(state: ArchitektonState) -> None:
    out = state.outcome()
    assert out.end in ("normal", "early")
    if out.end == "early":
        assert len(out.winners) == 1
        assert state.final is None
        assert list(out.scores) == state.scores()
        return
    final = state.final
    assert list(out.scores) == final["points"]
    assert final["points"] == [final["groups"][p] + state.chips[p] for p in (0, 1)]
    p0, p1 = final["points"]
    h0, h1 = final["houses"]
    if p0 != p1:
        assert out.winners == ((0,) if p0 > p1 else (1,))
    elif h0 != h1:
        assert out.winners == ((0,) if h0 > h1 else (1,))
    else:
        assert out.winners == (0, 1)
    if state.stock:
        # A7: the match ended after the last round, both played as often.
        assert state.turns[0] == state.turns[1]
        assert state.last_round_target == state.turns[0]


STATS: dict[str, int] = {}


@pytest.mark.parametrize("chunk", range(PLAYOUTS // CHUNK))
def test_random_playouts_keep_invariants_and_replay(chunk):
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        state, moves, initial, low = playout(seed)
        check_end(state)
        again = replay_match(record_for(moves, seed=seed), initial if low else None)
        assert snapshot(again) == snapshot(state), f"seed {seed}"
        for key, hit in (
            ("early", state.outcome().end == "early"),
            ("normal", state.outcome().end == "normal"),
            ("from", any(" from " in m for m in moves)),
            ("discard", "discard" in moves),
            ("keep", "keep" in moves),
            ("remove", "remove" in moves),
            ("last_round", state.last_round_target is not None),
        ):
            STATS[key] = STATS.get(key, 0) + hit


def test_random_playouts_reach_every_rule():
    """The playouts above exercised the interesting rules (runs after them)."""
    if sum(STATS.values()) == 0:
        pytest.skip("run together with the playouts")
    for key in ("early", "normal", "from", "keep", "remove", "last_round", "discard"):
        assert STATS.get(key, 0) > 0, f"no playout reached {key}: {STATS}"


# ------------------------------------------------------------- completeness
def candidate_moves(state: ArchitektonState) -> list[str]:
    """Every placement text in the bounding box of the table grown by one."""
    xs = [x for x, _ in state.tiles]
    ys = [y for _, y in state.tiles]
    squares = [(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)]
    seat = state.turn_player
    if state.supply[seat] == 0:
        mine = [sq for sq, s in state.houses.items() if s == seat]
        theirs = [sq for sq, s in state.houses.items() if s != seat][:1]
        sources = [f" from {x},{y}" for x, y in mine + theirs] + [""]
    else:
        sources = ["", " from 0,0"]
    out = []
    for tile in sorted(set(state.stock)):
        for x, y in squares:
            if tile.startswith("B"):
                out += [f"{tile}@{x},{y}r{r}{src}" for r in range(4) for src in sources]
            else:
                out.append(f"{tile}@{x},{y}")
    # A tile that is not in the stock at all.
    missing = next(b for b in sorted(Move.parse(f"B{i:02d}@0,0r0").tile for i in range(1, 23)) if b not in state.stock)
    out.append(f"{missing}@{squares[0][0]},{squares[0][1]}r0")
    return out + ["discard", "keep", "remove"]


@pytest.mark.parametrize("seed", range(16))
def test_legal_moves_are_exactly_the_accepted_moves(seed):
    """A4/A6/A11: brute force every placement near the table; the accepted
    ones, in canonical form, are exactly the listed legal moves."""
    rng = random.Random(10_000 + seed)
    state = new_match(10_000 + seed)
    if seed % 3 == 2:
        state.supply = [1, 1]  # soon every building needs `from`
    stop = rng.randrange(4, 30)
    positions = []
    for _ in range(stop):
        if state.outcome() is not None:
            break
        if state.pending is None and (not positions or rng.random() < 0.3):
            positions.append(state.copy())
        state.play(rng.choice(state.legal_moves()))
    for position in positions[-2:]:
        legal = position.legal_moves()
        accepted = accepted_moves(position, candidate_moves(position), IllegalMove)
        if legal == ["discard"]:
            assert accepted == {"discard"}
        else:
            assert accepted == set(legal)
