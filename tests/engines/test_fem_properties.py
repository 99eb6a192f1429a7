"""Tactori FEM property tests: seeded random legal matches over every option set.

The same invariants as for Tactori (see test_tactori_properties.py), plus R7:
a finished match ended by the mover's loop (he has a polygon, R5 definition),
by repetition (a draw), by the next player having no legal turn, or was cut
off at the ply limit; replaying the record reproduces the final state.
"""

from __future__ import annotations

import random

import pytest
from state_checks import replay_match, snapshot
from tactori_helpers import check_position, choose, record_for, recount_polygons

from engines import get_game

OPTION_SETS = [(stacks, chase) for stacks in (False, True) for chase in (False, True)]
MATCHES = 180  # per option set: 4 x 180 = 720 matches
MAX_PLIES = 160
STATS: dict[str, int] = {}


def playout(seed: int, options: dict):
    rng = random.Random(seed)
    state = get_game("tactori-fem").setup(2, seed, {}, options)
    moves: list[str] = []
    while state.outcome() is None and len(moves) < MAX_PLIES:
        legal = check_position(state, rng, full=len(moves) % 12 == 0)
        move = choose(legal, rng)
        assert state.play(move) == move
        moves.append(move)
    check_position(state, rng, full=True)
    return state, moves


class TestTactoriFemRandomMatches:
    @pytest.mark.parametrize("stacks,chase", OPTION_SETS)
    def test_random_matches_keep_invariants_and_replay(self, stacks, chase):
        options = {"stacks": stacks, "chase": chase}
        for i in range(MATCHES):
            seed = 50_000 + 1000 * stacks + 500 * chase + i
            state, moves = playout(seed, options)
            out = state.outcome()
            polys = recount_polygons(state)
            if out is not None:
                assert out.end in ("loop", "stuck", "repetition") and list(out.scores) == [0, 0]
                mover = state.last["seat"]
                if out.end == "loop":
                    assert out.winners == (mover,) and polys[mover]
                    assert state.to_json()["loop"]
                else:
                    assert not polys[mover]
                if out.end == "repetition":
                    assert out.winners == (0, 1)
                if out.end == "stuck":
                    assert out.winners == (mover,)
            else:
                assert not polys[0] and not polys[1]
            record = record_for("tactori-fem", moves, 2, options)
            assert snapshot(replay_match(record)) == snapshot(state)
            for key, hit in (
                ("loop", out is not None and out.end == "loop"),
                ("relocate", any("<" in m for m in moves)),
                ("relocate-after", any("<" in m and m[0] != "=" for m in moves)),
                ("remove", any(m.startswith("x=") for m in moves)),
                ("move", any("-" in m for m in moves)),
                ("stack", any(m[0].isdigit() for m in moves)),
                ("chase", any("x" in m.split(" ")[0] for m in moves if "-" in m)),
            ):
                STATS[key] = STATS.get(key, 0) + hit

    def test_random_matches_reach_every_rule(self):
        if not STATS:
            pytest.skip("run together with the random matches")
        for key in ("loop", "relocate", "relocate-after", "remove", "move", "stack", "chase"):
            assert STATS.get(key, 0) > 0, f"no match reached {key}: {STATS}"
