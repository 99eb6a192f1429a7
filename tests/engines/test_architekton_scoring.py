"""Architekton: enclosure scoring (A5), early end (A8) and final scoring (A9).

A10 (rematch series) is handled outside the engine and is not tested here.
"""

from __future__ import annotations

import pytest
from architekton_helpers import (
    E,
    N,
    S,
    W,
    assert_conserved,
    facing,
    make_state,
    other_terrain,
    step,
    summary_of,
    surround,
)
from state_checks import assert_refused

# ----------------------------------------------------------------- A5 builder
# B01 at 1,0 turned r0 shows N=E, E=M, S=W, W=F.  Its neighbours are 1,1 (N),
# 2,0 (E), 1,-1 (S) and 0,0 (W).  The enclosing move is always W@1,-1, which
# matches the south side; the first k of the N, E and W neighbours mismatch.
ENCLOSED = (1, 0)
ENCLOSING = "W@1,-1"


def enclosure(
    k: int,
    owner: int = 0,
    mover: int = 0,
    chips=(3, 3),
    bank=None,
    placement=0,
    stock=("W", "E", "M", "B10", "B11", "B12"),
    first=0,
):
    assert [facing("B01", 0, d) for d in range(4)] == ["E", "M", "W", "F"]
    board = {ENCLOSED: ("B01", 0)}
    for i, d in enumerate((N, E, W)):
        right = facing("B01", 0, d)
        board[step(ENCLOSED, d)] = other_terrain(right) if i < k else right
    return make_state(
        board,
        {ENCLOSED: owner},
        list(stock),
        chips=chips,
        bank=bank,
        turn_player=mover,
        placement=placement,
        first=first,
    )


def test_a5_enclosure_builder_has_k_mismatches():
    for k in range(4):
        s = enclosure(k)
        s.play(ENCLOSING)
        assert s.mismatches(ENCLOSED) == k


def test_a5_k0_owner_takes_a_chip():
    s = enclosure(0, chips=(1, 1))
    s.play(ENCLOSING)
    assert s.chips == [2, 1] and s.bank == 5
    assert s.houses[ENCLOSED] == 0
    assert (s.current_player(), s.placement) == (0, 1)
    assert [e["type"] for e in s.events] == ["place", "perfect"]


def test_a5_k0_chip_goes_to_owner_not_mover():
    s = enclosure(0, owner=1, mover=0, chips=(1, 1))
    s.play(ENCLOSING)
    assert s.chips == [1, 2] and s.bank == 5
    assert s.current_player() == 0


def test_a5_k0_with_empty_bank_gives_nothing():
    s = enclosure(0, chips=(4, 4), bank=0)
    s.play(ENCLOSING)
    assert s.chips == [4, 4] and s.bank == 0
    assert s.events[-1]["type"] == "perfect" and s.events[-1]["chips"] == 0
    assert s.pending is None and s.current_player() == 0


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("owner,mover", [(0, 0), (1, 0), (0, 1)])
def test_a5_pending_decision_by_owner(k, owner, mover):
    s = enclosure(k, owner=owner, mover=mover, chips=(3, 3))
    s.play(ENCLOSING)
    assert s.pending == ENCLOSED
    assert s.current_player() == owner
    assert s.turn_player == mover
    assert s.legal_moves() == ["keep", "remove"]
    assert s.outcome() is None


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("owner,mover", [(0, 0), (1, 0)])
def test_a5_keep_pays_k(k, owner, mover):
    s = enclosure(k, owner=owner, mover=mover, chips=(3, 3))
    s.play(ENCLOSING)
    supply = list(s.supply)
    assert s.play("KEEP") == "keep"
    assert s.chips[owner] == 3 - k and s.chips[1 - owner] == 3
    assert s.bank == 2 + k
    assert s.houses[ENCLOSED] == owner and s.supply == supply
    assert s.pending is None
    # The mover goes on with his second placement.
    assert (s.current_player(), s.turn_player, s.placement) == (mover, mover, 1)


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("owner,mover", [(0, 0), (1, 0)])
def test_a5_remove_pays_k_minus_1_and_returns_the_house(k, owner, mover):
    s = enclosure(k, owner=owner, mover=mover, chips=(3, 3))
    s.play(ENCLOSING)
    supply = list(s.supply)
    assert s.play("remove") == "remove"
    assert s.chips[owner] == 3 - (k - 1) and s.chips[1 - owner] == 3
    assert ENCLOSED not in s.houses
    assert s.supply[owner] == supply[owner] + 1
    assert s.tiles[ENCLOSED] == ("B", "B01", 0)  # the building tile stays
    assert (s.current_player(), s.placement) == (mover, 1)
    assert_conserved(s)


def test_a5_pending_decision_refuses_other_moves():
    s = enclosure(2, owner=1, mover=0)
    s.play(ENCLOSING)
    assert_refused(s, "E@2,2", "keep or remove")
    assert_refused(s, "discard", "keep or remove")
    assert_refused(s, "B10@3,0r0", "keep or remove")


def test_a5_decision_on_second_placement_then_turn_passes():
    s = enclosure(1, owner=1, mover=0, placement=1)
    s.play(ENCLOSING)
    assert s.current_player() == 1 and s.turn_player == 0 and s.turns == [0, 0]
    s.play("keep")
    assert s.turns == [1, 0] and s.current_player() == 1 and s.placement == 0


def test_a5_exactly_k_minus_1_chips_removes_automatically():
    for k, chips in ((1, 0), (2, 1), (3, 2)):
        for owner, mover in ((0, 0), (1, 0)):
            cs = [5, 5]
            cs[owner] = chips
            s = enclosure(k, owner=owner, mover=mover, chips=tuple(cs))
            bank = s.bank
            s.play(ENCLOSING)
            assert s.pending is None, (k, chips)
            assert ENCLOSED not in s.houses
            assert s.chips[owner] == 0 and s.bank == bank + chips
            assert s.events[-1]["type"] == "pay" and s.events[-1]["auto"] is True
            assert s.current_player() == mover and s.placement == 1


@pytest.mark.parametrize("k,chips", [(2, 0), (3, 0), (3, 1)])
@pytest.mark.parametrize("owner,mover", [(0, 0), (1, 0), (0, 1)])
def test_a5_a8_cannot_pay_ends_early(k, chips, owner, mover):
    cs = [2, 2]
    cs[owner] = chips
    s = enclosure(k, owner=owner, mover=mover, chips=tuple(cs))
    s.play(ENCLOSING)
    out = s.outcome()
    assert out is not None and out.end == "early"
    assert out.winners == (1 - owner,)
    assert s.current_player() is None and s.legal_moves() == []
    assert s.final is None  # A8: no final scoring
    assert s.houses[ENCLOSED] == owner and s.chips == cs  # nothing was paid
    assert s.events[-1]["type"] == "bankrupt"
    assert_refused(s, "E@2,0", "over")


def test_a5_building_into_a_gap_encloses_itself():
    # All four neighbours of 1,0 already hold the terrains B01 r0 shows.
    board = surround({}, ENCLOSED, "EMWF")
    s = make_state(board, {}, ["B01", "E"], chips=(1, 1), turn_player=1)
    s.play("B01@1,0r0")
    assert s.houses[ENCLOSED] == 1
    assert s.chips == [1, 2]
    assert s.events[-1]["type"] == "perfect"


def test_a5_building_into_a_gap_with_mismatches_asks_the_mover():
    # B01 at r0 in a gap with E, M, E, E: west (F) and south (W) mismatch, k = 2.
    board = surround({}, ENCLOSED, "EMEE")
    s = make_state(board, {}, ["B01", "E"], chips=(1, 4), turn_player=1)
    s.play("B01@1,0r0")
    assert s.pending == ENCLOSED and s.current_player() == 1
    s.play("remove")
    assert s.chips == [1, 3] and ENCLOSED not in s.houses


def test_a5_building_into_a_gap_cannot_pay():
    board = surround({}, ENCLOSED, "EMEE")
    s = make_state(board, {}, ["B01", "E"], chips=(1, 0), turn_player=1)
    s.play("B01@1,0r0")
    assert s.outcome().end == "early" and s.outcome().winners == (0,)


def test_a5_building_without_house_scores_nothing():
    # Seat 0's supply is empty; he moves the house from 1,0 to a new building,
    # then the next landscape encloses 1,0 with three mismatches: nothing happens.
    s = enclosure(3, owner=0, mover=0, chips=(0, 0), bank=8, stock=("W", "B07", "E"))
    s.supply = [0, 12]
    s.play("B07@2,1r0 from 1,0")  # B07 r0 shows W=M towards 1,1 (meadow)
    assert ENCLOSED not in s.houses and s.houses[(2, 1)] == 0
    s.play(ENCLOSING)
    assert s.outcome() is None and s.pending is None
    assert s.chips == [0, 0] and s.bank == 8
    assert [e["type"] for e in s.events] == ["place"]
    assert s.turn_player == 1


def test_a5_building_without_house_k0_gets_no_chip():
    s = enclosure(0, chips=(1, 1))
    del s.houses[ENCLOSED]
    s.supply[0] += 1
    s.play(ENCLOSING)
    assert s.chips == [1, 1] and s.bank == 6


# ---------------------------------------------------------- several enclosures
# Landscape square P = 0,0 with buildings on all four sides (N 0,1, E 1,0,
# S 0,-1, W -1,0).  The rotations make the shared corner squares consistent,
# and every building shows earth towards P, so E@0,0 encloses all four.
P = (0, 0)
RING = {N: ("B01", 2), E: ("B05", 3), S: ("B03", 0), W: ("B06", 1)}


def ring_state(owners: dict, mismatch=(), chips=(3, 3), bank=None, mover=0):
    board = {}
    for d, (b, r) in RING.items():
        sq = step(P, d)
        board[sq] = (b, r)
        assert facing(b, r, (d + 2) % 4) == "E"
        for side in range(4):
            n = step(sq, side)
            if n == P:
                continue
            terrain = facing(b, r, side)
            if side == d and d in mismatch:  # the outer square of building d
                terrain = other_terrain(terrain)
            assert board.get(n, terrain) == terrain, "corner squares must agree"
            board[n] = terrain
    houses = {step(P, d): owner for d, owner in owners.items()}
    return make_state(board, houses, ["E", "M", "B10"], chips=chips, bank=bank, turn_player=mover)


def test_a5_several_enclosures_chips_in_nesw_order():
    # Bank of 2: N and E (seat 0) are scored first and take both chips.
    s = ring_state({N: 0, E: 0, S: 1, W: 1}, chips=(3, 3), bank=2)
    s.play("E@0,0")
    perfect = [e for e in s.events if e["type"] == "perfect"]
    assert [tuple(e["square"]) for e in perfect] == [(0, 1), (1, 0), (0, -1), (-1, 0)]
    assert [e["chips"] for e in perfect] == [1, 1, 0, 0]
    assert s.chips == [5, 3] and s.bank == 0


def test_a5_several_enclosures_reverse_owners():
    s = ring_state({N: 1, E: 1, S: 0, W: 0}, chips=(3, 3), bank=2)
    s.play("E@0,0")
    assert s.chips == [3, 5]


def test_a5_several_pending_decisions_settled_in_nesw_order():
    s = ring_state({N: 1, E: 0, S: 1, W: 0}, mismatch=(N, E, S, W), chips=(3, 3), mover=0)
    s.play("E@0,0")
    seen = []
    for decision in ("keep", "remove", "keep", "remove"):
        seen.append((s.pending, s.current_player()))
        assert s.legal_moves() == ["keep", "remove"]
        s.play(decision)
    assert seen == [((0, 1), 1), ((1, 0), 0), ((0, -1), 1), ((-1, 0), 0)]
    assert s.pending is None and s.current_player() == 0 and s.placement == 1
    assert s.chips == [3, 1]  # seat 1 kept twice (k=1), seat 0 removed twice
    assert set(s.houses) == {(0, 1), (0, -1)}


def test_a5_several_enclosures_mixed_outcomes():
    # N perfect (chip), E k=1 with no chips (automatic removal), S pending, W perfect.
    s = ring_state({N: 0, E: 1, S: 0, W: 1}, mismatch=(E, S), chips=(1, 0), bank=7)
    s.play("E@0,0")
    assert s.chips == [2, 0] and (1, 0) not in s.houses
    assert s.pending == (0, -1) and s.current_player() == 0
    s.play("keep")
    assert s.chips == [1, 1] and s.pending is None
    assert [e["type"] for e in s.events] == ["pay", "perfect"]


def test_a5_a8_early_end_in_the_middle_of_several_enclosures():
    # N (seat 1, k=1) is decided first; then E (seat 0, k=2, no chips) cannot
    # be paid: the match ends and S and W are never scored.
    s = ring_state({N: 1, E: 0, S: 1, W: 1}, mismatch=(N, E), chips=(0, 3))
    s.tiles[(1, -1)] = ("L", other_terrain(s.tiles[(1, -1)][1]))  # E's second mismatch
    s.play("E@0,0")
    assert s.pending == (0, 1) and s.current_player() == 1
    assert s.mismatches((1, 0)) == 2
    s.play("keep")
    out = s.outcome()
    assert out.end == "early" and out.winners == (1,)
    assert s.chips == [0, 2]
    assert [e["type"] for e in s.events] == ["pay", "bankrupt"]


# ------------------------------------------------------------ records.md scores
def test_records_scores_ongoing_and_early_end():
    s = enclosure(3, owner=1, mover=0, chips=(2, 1))
    s.houses[(5, 0)] = 1
    s.tiles[(5, 0)] = ("B", "B02", 0)
    s.houses[(6, 1)] = 1
    s.tiles[(6, 1)] = ("B", "B04", 0)
    s.supply = [12, 9]
    assert s.scores() == [2 + 0, 1 + 2]
    out = summary_of(s)
    assert out["scores"] == [2, 3] and out["status"] == "ongoing" and out["winners"] == []
    s.play(ENCLOSING)
    assert s.outcome().end == "early"
    out = summary_of(s)
    # After an early end the scores are reported as for an ongoing match.
    assert out["scores"] == [2, 3] == s.scores()
    assert out["winners"] == [0] and out["to_move"] is None and out["legal"] == []
    assert out["status"] == "finished" and out["end"] == "early"


# ------------------------------------------------------------------------ A9
def a9_position(chips=(1, 3), extra=None):
    """Seat 0: B at 1,0 / 2,1 / 3,2 (a diagonal chain, 4 landscapes each) and
    B at 5,0 (1 landscape).  Seat 1: B at 11,0 (4) / 12,1 (2) / 13,0 (3), a
    chain broken by the removal of 12,1.  Only earth landscapes, so a stock of
    B10 (meadow/water) fits nowhere and ``discard`` leads to final scoring."""
    board = {}
    for sq in ((1, 0), (2, 1), (3, 2)):
        surround(board, sq, "EEEE")
    board[(4, 0)] = "E"  # the only neighbour of 5,0
    surround(board, (11, 0), "EEEE")  # 11,1 and 12,0 also touch 12,1
    surround(board, (13, 0), ".EEE")  # 14,0, 13,-1 and 12,0
    ids = iter(["B01", "B02", "B03", "B04", "B05", "B06", "B07", "B08", "B09"])
    houses = {(1, 0): 0, (2, 1): 0, (3, 2): 0, (5, 0): 0, (11, 0): 1, (12, 1): 1, (13, 0): 1}
    houses.update(extra or {})
    for sq in houses:
        board[sq] = (next(ids), 0)
    s = make_state(board, houses, ["B10"], chips=chips, piles={"B": [], "L": []}, reserves={"B": [], "L": []})
    return s


def landscape_count(s, sq):
    return sum(1 for d in range(4) if step(sq, d) in s.tiles)


def finish(s):
    assert s.legal_moves() == ["discard"]
    s.play("discard")
    assert s.outcome() is not None and s.outcome().end == "normal"
    return s.outcome()


def test_a9_position_is_as_documented():
    s = a9_position()
    counts = {sq: landscape_count(s, sq) for sq in s.houses}
    assert counts == {(1, 0): 4, (2, 1): 4, (3, 2): 4, (5, 0): 1, (11, 0): 4, (12, 1): 2, (13, 0): 3}


def test_a9_removes_buildings_with_one_or_two_landscapes():
    s = a9_position()
    finish(s)
    assert s.final["removed"] == [[5, 0], [12, 1]]
    assert s.final["houses"] == [3, 2]


def test_a9_removal_also_takes_houseless_buildings_and_keeps_three_or_four():
    s = a9_position()
    s.tiles[(7, 0)] = ("B", "B10", 1)  # no house, two landscapes
    s.tiles[(6, 0)] = ("L", "E")
    s.tiles[(7, 1)] = ("L", "E")
    s.stock = ["B11"]
    finish(s)
    assert [7, 0] in s.final["removed"]
    assert [11, 0] not in s.final["removed"] and [13, 0] not in s.final["removed"]


def test_a9_largest_diagonal_group_after_removal():
    s = a9_position(chips=(2, 3))
    finish(s)
    # Seat 0: chain of 3 (5,0 is removed and was not connected anyway).
    # Seat 1: 11,0 and 13,0 are no longer connected once 12,1 is gone.
    assert s.final["groups"] == [3, 1]
    assert s.final["points"] == [5, 4]
    assert s.outcome().scores == (5, 4)
    assert s.outcome().winners == (0,)


def test_a9_largest_group_not_sum_of_groups():
    extra = {(21, 0): 0, (22, 1): 0}
    s = a9_position(chips=(0, 0), extra=extra)
    for sq in extra:
        for d in range(4):
            s.tiles.setdefault(step(sq, d), ("L", "E"))
    finish(s)
    assert s.final["groups"][0] == 3
    assert s.final["houses"][0] == 5


def test_a9_group_is_of_houses_not_of_buildings():
    s = a9_position(chips=(0, 0))
    s.houses[(2, 1)] = 1  # the middle of seat 0's chain is seat 1's
    finish(s)
    assert s.final["groups"] == [1, 1]


def test_a9_most_points_wins_even_with_fewer_houses():
    s = a9_position(chips=(1, 4))
    finish(s)
    assert s.final["points"] == [4, 5]
    assert s.outcome().winners == (1,)
    out = summary_of(s)
    assert out["scores"] == [4, 5] and out["winners"] == [1] and out["end"] == "normal"


def test_a9_tie_broken_by_houses_on_the_table():
    s = a9_position(chips=(1, 3))
    finish(s)
    assert s.final["points"] == [4, 4]
    assert s.final["houses"] == [3, 2]  # after step 1
    assert s.outcome().winners == (0,)
    assert not s.outcome().is_draw


def test_a9_tie_break_counts_houses_after_removal():
    # Before removal seat 1 has more houses (5 vs 4); after it, seat 0 has more.
    extra = {(12, 3): 1, (12, 5): 1}  # two more seat-1 houses with 1 landscape each
    s = a9_position(chips=(1, 3), extra=extra)
    s.tiles[(12, 4)] = ("L", "E")
    finish(s)
    assert s.final["points"] == [4, 4]
    assert s.final["houses"] == [3, 2]
    assert s.outcome().winners == (0,)


def test_a9_full_draw():
    s = a9_position(chips=(1, 3), extra={(15, 0): 1})
    for sq in ((16, 0), (15, -1)):
        s.tiles[sq] = ("L", "E")  # with 14,0: three landscapes
    finish(s)
    assert s.final["points"] == [4, 4] and s.final["houses"] == [3, 3]
    assert s.outcome().winners == (0, 1) and s.outcome().is_draw
    out = summary_of(s)
    assert out["winners"] == [0, 1] and out["scores"] == [4, 4]


def test_records_scores_ongoing_ignore_the_a9_removal():
    s = a9_position(chips=(1, 3))
    # Ongoing: chips + largest group with every house still counted.
    assert s.scores() == [1 + 3, 3 + 3]
    assert summary_of(s)["scores"] == [4, 6]
    finish(s)
    assert summary_of(s)["scores"] == [4, 4]


def test_a9_final_scoring_leaves_houses_and_tiles_in_place():
    s = a9_position()
    before_tiles, before_houses = dict(s.tiles), dict(s.houses)
    finish(s)
    assert s.tiles == before_tiles and s.houses == before_houses
