"""Tactori property tests: seeded random legal matches over every option set.

After the moves of each match (full checks on a sample of positions): towers and
bridges are conserved (R1), no two bridges share a unit segment and every bridge
rests on its owner's towers (R2), the legal list is sorted, unique, holds at most
one bridge per turn and its sampled moves are accepted on a copy, the state
survives ``from_json(to_json())``, the running scores equal the independent
pixel recount (R5/R6), and replaying the record (with its resignations)
reproduces the final state exactly.

Only ``random.Random(seed)`` instances are used.
"""

from __future__ import annotations

import json
import random

import pytest
from state_checks import replay_match, snapshot
from tactori_helpers import check_position, choose, record_for, recount_scores, roundtrip

from engines import get_game
from engines.tactori.tactori_state import TactoriState

OPTION_SETS = [(players, chase, centre) for players in (2, 3, 4) for chase in (False, True) for centre in (0, 1, 2)]
MATCHES = 40  # per option set: 18 x 40 = 720 matches
MAX_PLIES = 400
STATS: dict[str, int] = {}


def playout(seed: int, players: int, options: dict, low: int | None):
    rng = random.Random(seed)
    state = get_game("tactori").setup(players, seed, {}, options)
    total = 16
    if low:
        # fewer towers per player (the rest out of the game) for short matches
        state.towers = [low] * players
        total = low
    initial = json.dumps(state.to_json())
    moves: list[str] = []
    resignations: list[list[int]] = []
    while state.outcome() is None:
        assert len(moves) < MAX_PLIES, "the match does not terminate"
        full = len(moves) % 8 == 0
        legal = check_position(state, rng, total, full=full, recount=len(moves) % 24 == 12)
        if players > 2 and not low and rng.random() < 0.01:
            seat = rng.choice(state.active())
            state.resign(seat)
            resignations.append([len(moves), seat])
            continue
        move = choose(legal, rng)
        assert state.play(move) == move
        moves.append(move)
    check_position(state, rng, total, full=True)
    return state, moves, resignations, initial


def check_end(state: TactoriState) -> None:
    out = state.outcome()
    assert out.end in ("normal", "repetition", "resign")
    assert list(out.scores) == recount_scores(state)
    active = state.active()
    if out.end == "resign":
        assert len(out.winners) == 1
        return
    best = max(out.scores[s] for s in active)
    assert out.winners == tuple(s for s in active if out.scores[s] == best)
    if out.end == "normal":
        assert state.trigger is not None and state.countdown == []


@pytest.mark.parametrize("players,chase,centre", OPTION_SETS)
def test_random_matches_keep_invariants_and_replay(players, chase, centre):
    options = {"chase": chase, "centre": centre}
    for i in range(MATCHES):
        seed = 1000 * players + 100 * centre + 10 * chase + i * 7919
        low = None if i % 8 == 0 else 3 + i % 5
        state, moves, resignations, initial = playout(seed, players, options, low)
        check_end(state)
        final = snapshot(state)
        record = record_for("tactori", moves, players, options, resignations)
        assert snapshot(replay_match(record, initial if low else None)) == final, f"seed {seed}"
        assert snapshot(roundtrip(state)) == final
        out = state.outcome()
        for key, hit in (
            ("normal", out.end == "normal"),
            ("resign", out.end == "resign"),
            ("chase", any("x" in m for m in moves)),
            ("stack", any(m[0].isdigit() for m in moves)),
            ("multi", any(m.count("=") > 1 for m in moves)),
            ("scored", any(out.scores)),
            ("bridges-only", any(m.startswith("=") for m in moves)),
        ):
            STATS[key] = STATS.get(key, 0) + hit


def test_random_matches_reach_every_rule():
    """The matches above exercised the interesting rules (runs after them)."""
    if not STATS:
        pytest.skip("run together with the random matches")
    for key in ("normal", "resign", "chase", "stack", "scored", "bridges-only"):
        assert STATS.get(key, 0) > 0, f"no match reached {key}: {STATS}"
