"""Architekton: no legal placement (A6), refill and the last round (A7)."""

from __future__ import annotations

import pytest
from architekton_helpers import BUILDING_IDS, assert_conserved, make_state, play_first
from state_checks import assert_refused, snapshot

# Buildings without an earth side: they fit nowhere next to earth only.
NO_EARTH = ["B10", "B11", "B12", "B16", "B17", "B18", "B20"]
WITH_EARTH = [b for b in BUILDING_IDS if b not in NO_EARTH]


def stuck(stock=("B10", "B11", "B12", "E", "M", "W"), **kw):
    """Only the two earth start tiles: no building can touch earth, and no
    landscape has a building to match.  ``discard`` is the only move."""
    return make_state({(0, 0): "E", (1, 1): "E"}, {}, list(stock), **kw)


def open_board():
    """Lone landscapes of every terrain, far apart: any building fits next to
    them and never touches two landscapes, so nothing is ever enclosed."""
    board = {}
    for i, t in enumerate("EMWF"):
        for y in (0, 4, 8):
            board[(4 * i, y)] = t
    return board


def test_a6_discard_is_the_only_move_when_nothing_fits():
    s = stuck()
    assert s.legal_moves() == ["discard"]
    assert_refused(s, "B10@0,1r0", "matches")
    assert_refused(s, "E@2,0", "touch")


def test_a6_discard_refused_when_a_placement_exists():
    s = stuck(stock=("B10", "B11", "B01", "E", "M", "W"))
    assert "discard" not in s.legal_moves()
    assert_refused(s, "discard", "only when no stock tile can be laid")


def test_a6_discard_refills_and_same_player_goes_on():
    s = stuck(turn_player=1, first=0, turns=(3, 2))
    pile_b, pile_l = list(s.piles["B"]), list(s.piles["L"])
    assert s.play("Discard") == "discard"
    assert sorted(s.discarded) == ["B10", "B11", "B12", "E", "M", "W"]
    assert sorted(s.stock) == sorted(pile_b[:3] + pile_l[:3])
    assert s.piles == {"B": pile_b[3:], "L": pile_l[3:]}
    assert (s.current_player(), s.turn_player, s.placement, s.turns) == (1, 1, 0, [3, 2])
    assert s.last_round_target is None
    assert_conserved(s)


def test_a6_discard_at_the_second_placement_keeps_the_placement():
    s = stuck(placement=1, turn_player=0, turns=(1, 1))
    s.play("discard")
    assert (s.current_player(), s.placement, s.turns) == (0, 1, [1, 1])
    assert len(s.stock) == 6


def test_a6_discarded_tiles_leave_the_game_for_good():
    s = stuck()
    s.play("discard")
    assert not {"B10", "B11", "B12"} & set(s.stock + s.piles["B"] + s.reserves["B"])
    assert_conserved(s)


def test_a6_discard_may_start_the_last_round_second_player():
    # Seat 1 is the second player.  The pile holds one building, so the refill
    # of the discard reaches into the reserve: the last round is timed as if
    # it had begun at the end of this turn, so both players get one more turn.
    s = stuck(first=0, turn_player=1, turns=(4, 3), piles={"B": ["B01"]}, reserves={"B": ["B02", "B03", "B04", "B05"]})
    s.play("discard")
    assert any(e["type"] == "last-round" for e in s.events)
    assert sorted(t for t in s.stock if t.startswith("B")) == ["B01", "B02", "B03"]
    assert s.reserves["B"] == ["B04", "B05"]
    assert s.last_round_target == 5
    assert s.turn_player == 1 and s.placement == 0
    turns_seen = []
    while s.outcome() is None:
        play_first(s)
        turns_seen.append(tuple(s.turns))
    assert s.turns == [5, 5]
    assert turns_seen[-1] == (5, 5) and (5, 4) in turns_seen and (4, 4) in turns_seen
    assert s.outcome().end == "normal"


def test_a6_discard_may_start_the_last_round_starting_player():
    s = stuck(first=0, turn_player=0, turns=(3, 3), piles={"B": ["B01"]}, reserves={"B": ["B02", "B03", "B04", "B05"]})
    s.play("discard")
    assert s.last_round_target == 4
    while s.outcome() is None:
        play_first(s)
    assert s.turns == [4, 4]


def test_a6_discard_with_nothing_to_refill_at_first_placement_ends_the_match():
    s = stuck(piles={"B": [], "L": []}, reserves={"B": [], "L": []}, turns=(2, 2))
    s.play("discard")
    assert s.stock == []
    out = s.outcome()
    assert out is not None and out.end == "normal"
    assert s.final is not None
    assert s.current_player() is None and s.legal_moves() == []


def test_a6_discard_with_nothing_to_refill_at_second_placement_ends_the_turn():
    s = make_state(
        {(0, 0): "E", (1, 1): "E", (1, 0): ("B01", 1)},
        {(1, 0): 0},
        ["B10", "B11"],
        placement=1,
        turn_player=0,
        piles={"B": [], "L": []},
        reserves={"B": [], "L": []},
    )
    # B10 / B11 have no earth side; B01 at r1 shows F, E, M, W: 2,0 wants earth.
    assert s.legal_moves() == ["discard"]
    s.play("discard")
    # The turn ends, the refill finds nothing: final scoring (A6).
    assert s.turns == [1, 0]
    assert s.outcome() is not None and s.outcome().end == "normal"


def test_a6_empty_stock_after_first_placement_ends_the_turn():
    s = make_state({(0, 0): "E", (1, 1): "E"}, {}, ["B01"], turn_player=0, turns=(2, 2))
    s.play("B01@0,1r2")  # B01 r2 shows S=E towards 0,0
    assert s.turns == [3, 2] and s.turn_player == 1 and s.placement == 0
    assert s.outcome() is None
    assert len(s.stock) == 6


def test_a6_empty_stock_at_first_placement_ends_the_match():
    # The last stock tile is laid; the refill finds no tile anywhere, so the
    # next turn would start with an empty stock: final scoring.
    s = make_state(
        {(0, 0): "E", (1, 1): "E"},
        {},
        ["B01"],
        turn_player=1,
        first=0,
        turns=(3, 2),
        piles={"B": [], "L": []},
        reserves={"B": [], "L": []},
    )
    s.play("B01@0,1r2")
    assert s.stock == []
    out = s.outcome()
    assert out is not None and out.end == "normal"
    assert s.turns == [3, 3]


def test_a6_empty_stock_at_first_placement_ends_the_match_even_before_the_second_player():
    # A6 takes precedence over the A7 timing: the starting player lays the last
    # tile anywhere, nothing can be refilled, and the match is scored at once.
    s = make_state(
        {(0, 0): "E", (1, 1): "E"},
        {},
        ["B01"],
        turn_player=0,
        first=0,
        turns=(2, 2),
        piles={"B": [], "L": []},
        reserves={"B": [], "L": []},
    )
    s.play("B01@0,1r2")
    assert s.outcome() is not None and s.outcome().end == "normal"
    assert s.turns == [3, 2]


# ------------------------------------------------------------------------ A7
def building_turn(s):
    before = s.turn_player
    play_first(s)
    play_first(s)
    assert s.outcome() is not None or s.turn_player != before


@pytest.mark.parametrize("first", [0, 1])
def test_a7_refill_from_piles_keeps_three_and_three(first):
    s = make_state(open_board(), {}, ["B01", "B02", "B03", "E", "M", "W"], first=first, turn_player=first)
    building_turn(s)
    assert len([t for t in s.stock if t.startswith("B")]) == 3
    assert len([t for t in s.stock if not t.startswith("B")]) == 3
    assert s.last_round_target is None


@pytest.mark.parametrize("first", [0, 1])
def test_a7_last_round_second_player_finished(first):
    second = 1 - first
    # Two buildings in the pile: the starting player's refill empties it
    # exactly (no last round yet), the second player's refill needs the reserve.
    s = make_state(
        open_board(),
        {},
        ["B01", "B02", "B03", "E", "M", "W"],
        first=first,
        turn_player=first,
        piles={"B": ["B04", "B05"]},
        reserves={"B": ["B06", "B07", "B08", "B09"]},
    )
    building_turn(s)
    assert s.piles["B"] == [] and s.last_round_target is None
    assert s.turn_player == second
    building_turn(s)
    assert any(e["type"] == "last-round" for e in s.events)
    assert s.reserves["B"] == ["B08", "B09"]
    # Each player gets one more complete turn.
    assert s.turns == [1, 1] and s.last_round_target == 2
    assert s.outcome() is None and s.current_player() == first
    building_turn(s)
    assert s.outcome() is None and s.current_player() == second
    building_turn(s)
    assert s.outcome() is not None and s.outcome().end == "normal"
    assert s.turns == [2, 2]


@pytest.mark.parametrize("first", [0, 1])
def test_a7_last_round_starting_player_finished(first):
    second = 1 - first
    s = make_state(
        open_board(),
        {},
        ["B01", "B02", "B03", "E", "M", "W"],
        first=first,
        turn_player=first,
        piles={"B": []},
        reserves={"B": ["B06", "B07", "B08", "B09"]},
    )
    building_turn(s)
    assert any(e["type"] == "last-round" for e in s.events)
    # Only the second player gets one more turn.
    assert s.outcome() is None and s.current_player() == second
    building_turn(s)
    assert s.outcome() is not None and s.outcome().end == "normal"
    assert s.turns == [1, 1]


def test_a7_last_round_begins_only_once():
    # Both kinds run short in the same refill, and again in the next one.
    s = make_state(
        open_board(),
        {},
        ["B01", "B02", "B03", "E"],
        first=0,
        turn_player=0,
        piles={"B": [], "L": []},
        reserves={"B": ["B06", "B07", "B08", "B09"], "L": ["E", "M"]},
    )
    building_turn(s)
    assert s.last_round_target == 1
    assert sum(1 for e in s.events if e["type"] == "last-round") == 1
    building_turn(s)
    assert not any(e["type"] == "last-round" for e in s.events)
    assert s.last_round_target == 1
    assert s.outcome() is not None and s.turns == [1, 1]


def test_a7_reserve_runs_out_stock_stays_short():
    s = make_state(
        open_board(),
        {},
        ["B01", "B02", "B03", "E", "M", "W"],
        first=0,
        turn_player=0,
        piles={"B": []},
        reserves={"B": ["B06"]},
    )
    building_turn(s)
    assert sorted(t for t in s.stock if t.startswith("B")) == ["B03", "B06"]
    assert s.reserves["B"] == []


def test_a7_landscape_pile_short_also_starts_the_last_round():
    s = make_state(
        open_board(),
        {},
        ["B01", "B02", "B03", "E", "M", "W"],
        first=1,
        turn_player=0,
        turns=(2, 3),
        piles={"L": []},
        reserves={"L": ["E", "E", "F", "F"]},
    )
    # Seat 0 (the second player) lays two buildings; the landscape part of the
    # stock needs nothing, so the last round has not begun.
    building_turn(s)
    assert s.last_round_target is None
    # With only one landscape in the stock, the refill needs two; the pile has one.
    s2 = make_state(
        open_board(),
        {},
        ["B01", "B02", "B03", "E"],
        first=1,
        turn_player=0,
        turns=(2, 3),
        piles={"L": ["M"]},
        reserves={"L": ["E", "E", "F", "F"]},
    )
    building_turn(s2)
    assert s2.last_round_target == 4  # second player finished: both play once more
    assert s2.reserves["L"] == ["E", "F", "F"]
    assert sorted(t for t in s2.stock if not t.startswith("B")) == ["E", "E", "M"]


def test_a7_turn_counts_equal_at_the_end_with_discards_in_the_last_round():
    # Last round started by seat 1 (second); in seat 0's extra turn nothing fits.
    s = make_state(
        {(0, 0): "E", (1, 1): "E"},
        {},
        ["B10", "B11", "B12"],
        first=0,
        turn_player=0,
        turns=(5, 5),
        last_round_target=6,
        piles={"B": [], "L": []},
        reserves={"B": ["B01", "B02", "B03"], "L": []},
    )
    s.play("discard")
    while s.outcome() is None:
        play_first(s)
    assert s.turns == [6, 6]
    assert snapshot(s) == snapshot(s.copy())


def test_a4_a5_a6_prompt_says_what_the_player_to_move_must_do():
    """The prompt follows the turn: two placements (A4), a pending decision (A5)."""
    import random

    from engines import get_game

    state = get_game("architekton").setup(2, 7)
    assert state.prompt() == "first placement of your turn"
    state.play(state.legal_moves()[0])
    if state.legal_moves() == ["discard"]:  # A6: nothing left fits
        assert "only move is `discard`" in state.prompt()
        state.play("discard")
    assert state.prompt() == "second placement of your turn"
    for seed in range(200):
        state, rng = get_game("architekton").setup(2, seed), random.Random(seed)
        while state.outcome() is None and state.pending is None:
            state.play(rng.choice(state.legal_moves()))
        if state.pending is not None:
            k = state.mismatches(state.pending)
            remove = "**remove** (free)" if k == 1 else f"**remove** (pay {k - 1})"  # not "(pay 0)"
            assert f"**keep** (pay {k})" in state.prompt() and remove in state.prompt()
            break
    else:
        raise AssertionError("no pending decision in 200 random matches")
