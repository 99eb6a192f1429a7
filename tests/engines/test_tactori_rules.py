"""Tactori (9x9): board and pieces (R1), bridges (R2), turns (R3), chasing (R4), notation (R8)."""

from __future__ import annotations

import pytest
from state_checks import assert_refused, snapshot
from tactori_helpers import BRIDGES, TOWERS, assert_conserved, bridge_set, make, new_match, stack

from engines import InvalidMove, SetupError, get_game
from engines.tactori.notation import Turn


# ------------------------------------------------------------------------ R1
def test_r1_initial_position():
    for players in (2, 3, 4):
        s = new_match("tactori", players)
        assert s.towers == [TOWERS] * players and s.bridge_supply == [BRIDGES] * players
        assert s.current_player() == 0 and s.outcome() is None
        assert s.to_json()["stacks"] == {} and s.to_json()["bridges"] == []
        assert s.to_json()["colours"] == ["blue", "orange", "green", "pink"][:players]
        assert s.scores() == [0] * players
        assert s.geo.n == 9 and s.geo.names[0] == "a1" and s.geo.names[-1] == "i9"


def test_r1_fields_outside_the_board_are_refused():
    s = new_match()
    assert_refused(s, "+j1", "no field j1", "a1 to i9")
    assert_refused(s, "+a0", "no field a0")
    assert_refused(s, "=h1j1", "no field j1")


def test_r1_players_and_options():
    game = get_game("tactori")
    for bad in (1, 5):
        with pytest.raises(SetupError, match="2 to 4 players"):
            game.setup(bad, 0)
    with pytest.raises(SetupError, match="centre"):
        game.setup(2, 0, {}, {"centre": 3})
    with pytest.raises(SetupError, match="centre"):
        game.setup(2, 0, {}, {"centre": True})
    with pytest.raises(SetupError, match="chase"):
        game.setup(2, 0, {}, {"chase": 1})
    with pytest.raises(SetupError, match="stacks"):
        game.setup(2, 0, {}, {"stacks": True})
    with pytest.raises(SetupError, match="setup"):
        game.setup(2, 0, {"first": 1})


def test_r1_stacks_of_any_owners_bottom_to_top():
    s = new_match("tactori", 3)
    for move in ("+e5", "+e5", "+e5", "+e5"):
        s.play(move)
    assert stack(s, "e5") == [0, 1, 2, 0]
    assert s.towers == [14, 15, 15]
    assert_conserved(s)


# ------------------------------------------------------------------------ R2
def test_r2_bridge_lies_on_the_common_height():
    s = make(stacks={"a1": "10", "c1": "20", "a3": "0"}, players=3)
    assert s.play("=c1a1") == "=a1c1"
    assert bridge_set(s) == {"a1c1": (0, 2)}
    assert s.bridge_supply == [14, 15, 15]
    assert_conserved(s)


def test_r2_bridge_needs_own_top_towers_at_equal_heights():
    s = make(stacks={"a1": "0", "c1": "1", "a3": "00", "e1": "0"})
    assert_refused(s, "=a1c1", "top tower on c1 is orange")
    assert_refused(s, "=a1a3", "height 1", "height 2", "same")
    assert_refused(s, "=c1e1", "top tower on c1 is orange")
    assert_refused(s, "=e1g1", "no tower on g1")
    assert_refused(s, "=a1b1", "two apart", error=InvalidMove)
    assert_refused(s, "=a1c2", "two apart", error=InvalidMove)
    assert_refused(s, "=a1a4", "two apart", error=InvalidMove)


def test_r2_bridge_passes_over_anything_at_its_midpoint():
    s = make(stacks={"a1": "0", "c1": "0", "b1": "111"})
    assert s.play("=a1c1") == "=a1c1"


def test_r2_crossing_same_midpoint_and_t_junction_allowed_across_players():
    s = make(stacks={"a2": "0", "c2": "0", "b1": "1", "b3": "1", "a1": "0", "c1": "0", "e1": "0"})
    s.play("=a2c2")  # red, midpoint b2
    s.play("=b1b3")  # blue crosses it at b2
    s.play("=a1c1")  # red: b1-b3 ends on its midpoint b1 (T)
    assert set(bridge_set(s)) == {"a2c2", "b1b3", "a1c1"}
    assert_conserved(s)


@pytest.mark.parametrize(
    "stacks,red_floor,blue",
    [
        ({"a1": "01", "c1": "01"}, 1, "=a1c1"),  # the same place, blue on top of both ends
        ({"a1": "0", "c1": "0", "b1": "1", "d1": "1"}, 1, "=b1d1"),  # half overlap
        ({"a1": "10", "c1": "10", "b1": "1", "d1": "1"}, 2, "=b1d1"),  # half overlap, other floor
        ({"a1": "0", "c1": "0", "b1": "11", "d1": "11"}, 1, "=b1d1"),  # half overlap, other floor
    ],
)
def test_r2_no_two_bridges_on_one_unit_segment_across_players(stacks, red_floor, blue):
    s = make(stacks=stacks, bridges=[("a1c1", 0, red_floor)], to_move=1)
    assert_refused(s, blue, "overlap", "blue's bridge a1-c1")
    assert blue not in s.legal_moves()


def test_r2_own_bridges_cannot_overlap_either():
    s = make(stacks={"a1": "0", "c1": "0", "b1": "0", "d1": "0"})
    s.play("=a1c1")
    s.to_move = 0
    assert_refused(s, "=b1d1", "your bridge a1-c1", "overlap")
    assert_refused(s, "=a1c1", "your bridge a1-c1")


def test_r2_overbuilt_bridge_and_free_towers():
    s = make(stacks={"a1": "0", "c1": "0", "e1": "0"}, bridges=[("a1c1", 0)], to_move=1)
    assert not s.board.overbuilt((s.geo.index["a1"], s.geo.index["c1"]))
    # the bridged towers are not free: they cannot move
    s.to_move = 0
    assert_refused(s, "a1-a5", "carries a bridge")
    assert "e1-e5" in s.legal_moves() and not any(m.startswith("a1-") for m in s.legal_moves())
    # blue overbuilds a1: the bridge is overbuilt, red's tower is not on top any more
    s.to_move = 1
    s.play("+a1")
    key = (s.geo.index["a1"], s.geo.index["c1"])
    assert s.board.overbuilt(key)
    assert_refused(s, "a1-a5", "top tower on a1 is orange")
    # blue's tower on a1 is free and moves away: the bridge is no longer overbuilt
    s.to_move = 1
    s.play("a1-a4")
    assert not s.board.overbuilt(key)
    assert stack(s, "a1") == [0] and stack(s, "a4") == [1]


def test_r2_bridge_supply_runs_out():
    s = make(stacks={"a1": "0", "c1": "0"}, bridge_supply=[0, 15])
    assert_refused(s, "=a1c1", "no bridges left")
    assert_refused(s, "+e1 =c1e1", "no bridges left")
    assert "=a1c1" not in s.legal_moves()


# ------------------------------------------------------------------------ R3
def test_r3_place_on_empty_field_or_any_stack():
    s = make(stacks={"c3": "1", "d4": "00"})
    assert s.play("+c3") == "+c3" and stack(s, "c3") == [1, 0]
    s.play("+d4")
    assert stack(s, "d4") == [0, 0, 1]
    s.play("+a1")
    assert stack(s, "a1") == [0] and s.towers[0] == TOWERS - 4


def test_r3_place_with_empty_supply_refused():
    s = make(stacks={"c3": "0"}, towers=[0, 16])
    assert_refused(s, "+a1", "no towers left")
    assert not any(m.startswith("+") for m in s.legal_moves())


def test_r3_move_straight_any_distance_over_anything():
    s = make(stacks={"c3": "0", "c5": "1111", "c4": "0"})
    assert s.play("c3-c7") == "c3-c7"  # passes over c4 and c5
    assert stack(s, "c3") == [] and stack(s, "c7") == [0]
    s.to_move = 0
    s.play("c7-i7")
    assert stack(s, "i7") == [0]
    s.to_move = 0
    assert_refused(s, "i7-h8", "straight line")
    assert_refused(s, "i7-g6", "straight line")
    assert_refused(s, "c4-c4", "another field", error=InvalidMove)
    s.play("i7-i6")
    assert stack(s, "i6") == [0]


def test_r3_move_onto_any_stack_and_off_a_stack():
    s = make(stacks={"c3": "10", "c6": "11"})
    s.play("c3-c6")
    assert stack(s, "c3") == [1] and stack(s, "c6") == [1, 1, 0]
    assert_conserved(s)


def test_r3_move_refusals():
    s = make(stacks={"c3": "01", "d4": "0", "e5": "0", "g5": "0"}, bridges=[("e5g5", 0)])
    assert_refused(s, "a1-a2", "no tower on a1")
    assert_refused(s, "c3-c5", "top tower on c3 is orange")
    assert_refused(s, "e5-e7", "carries a bridge")
    assert_refused(s, "2d4-d6", "only 1 tower on d4")


def test_r3_stack_move_keeps_order_and_takes_only_own_free_towers():
    s = make(stacks={"b2": "1000", "b6": "2"}, players=3)
    assert s.play("3b2-b6") == "3b2-b6"
    assert stack(s, "b2") == [1] and stack(s, "b6") == [2, 0, 0, 0]
    s.to_move = 0
    assert "4b6-b2" not in s.legal_moves() and "3b6-b2" in s.legal_moves()
    assert_refused(s, "4b6-b2", "not all yours")
    s2 = make(stacks={"b2": "000", "d2": "0"}, bridges=[("b2d2", 0, 1)])
    # the bottom tower carries a bridge: only the top two may move
    assert_refused(s2, "3b2-b6", "only the top 2", "free of bridges")
    assert s2.play("2b2-b6") == "2b2-b6"
    assert stack(s2, "b6") == [0, 0]
    assert "1c3-c5" not in s2.legal_moves()


def test_r3_bridges_after_place_must_connect_to_the_placed_tower():
    s = make(stacks={"e3": "0", "e5": "0", "g3": "0", "i3": "0"})
    assert s.play("+c3 =c3e3 =e3e5") == "+c3 =c3e3 =e3e5"
    assert bridge_set(s) == {"c3e3": (0, 1), "e3e5": (0, 1)}
    assert s.bridge_supply[0] == BRIDGES - 2
    s = make(stacks={"e3": "0", "e5": "0", "g3": "0", "i3": "0"})
    assert_refused(s, "+c3 =g3i3", "connect to the tower on c3")
    assert_refused(s, "+c3 =c3e3 =g3i3", "g3-i3 does not")
    # connectivity is judged on the whole set, in any written order
    assert s.play("+c3 =e3g3 =c3e3") == "+c3 =e3g3 =c3e3"


def test_r3_bridges_after_move_connect_to_the_top_of_the_moved_group():
    s = make(stacks={"a5": "00", "e5": "00", "e3": "0"})
    assert s.play("2a5-c5 =c5e5") == "2a5-c5 =c5e5"
    assert bridge_set(s) == {"c5e5": (0, 2)}
    s = make(stacks={"a5": "0", "e5": "0", "e3": "0", "c1": "0"})
    assert_refused(s, "a5-c5 =c1e1", "no tower on e1")
    assert_refused(s, "a5-c5 =e3e5", "connect to the tower on c5")


def test_r3_each_bridge_checked_in_order_against_the_position():
    s = make(stacks={"c3": "0", "e3": "0", "d3": "0", "f3": "0"})
    # the second bridge would lie along the first one
    assert_refused(s, "+e5 =e3e5 =c3e3 =d3f3", "your bridge c3-e3", "overlap")
    # a placed tower makes the next bridge possible, the order of laying does not matter in Tactori
    s = make(stacks={"a1": "0"})
    assert_refused(s, "+c1 =a1c1 =c1e1", "no tower on e1")


def test_r3_bridges_only_turn_must_be_connected():
    s = make(stacks={"a1": "0", "c1": "0", "c3": "0", "g7": "0", "i7": "0"})
    assert s.play("=a1c1 =c1c3") == "=a1c1 =c1c3"
    s = make(stacks={"a1": "0", "c1": "0", "c3": "0", "g7": "0", "i7": "0"})
    assert_refused(s, "=a1c1 =g7i7", "connected")


def test_r3_relocation_and_removal_are_fem_only():
    s = make(stacks={"a1": "0", "c1": "0", "a3": "0"}, bridges=[("a1c1", 0)])
    assert_refused(s, "=a1a3<a1c1", "only in Tactori FEM")
    assert_refused(s, "x=a1c1", "only in Tactori FEM")


def test_r3_pass_only_when_nothing_else_is_possible():
    s = new_match()
    assert_refused(s, "pass", "only when")
    # no towers in supply, every own tower covered, no bridge possible
    s = make(stacks={"a1": "01", "c1": "01"}, towers=[0, 14], to_move=0)
    s.towers = [0, 14]
    assert s.legal_moves() == ["pass"]
    assert s.play("PASS") == "pass"
    assert s.current_player() == 1 and snapshot(s) != ""


def test_r3_legal_list_holds_turns_with_at_most_one_bridge():
    s = make(stacks={"e3": "0", "e5": "0", "g5": "0"})
    legal = s.legal_moves()
    assert "+c5 =c5e5" in legal and "+e7 =e5e7" in legal and "=e5g5" in legal
    assert all(m.count("=") <= 1 for m in legal)
    assert legal == sorted(set(legal))
    assert "+e3 =c3e3" not in legal  # c3 is empty
    # play() takes any number of bridges
    assert s.play("+g3 =e3g3 =g3g5") == "+g3 =e3g3 =g3g5"


def test_r3_continuations_extend_a_prefix_by_one_bridge():
    s = make(stacks={"c5": "0", "g5": "0", "e7": "0", "e3": "1"})
    assert s.continuations("+e5") == ["+e5 =c5e5", "+e5 =e5e7", "+e5 =e5g5"]
    assert s.continuations("+E5  =E5G5") == ["+e5 =e5g5 =c5e5", "+e5 =e5g5 =e5e7"]
    assert s.continuations("+e5 =c5e5 =e5e7 =e5g5") == []
    assert s.continuations("+e4") == []
    assert s.continuations("nonsense") == [] and s.continuations("+j1") == []
    # every offered turn is legal
    for prefix in ("+e5", "+e5 =e5g5"):
        for move in s.continuations(prefix):
            assert s.copy().play(move) == move
    first = s.continuations("")
    assert first and all(" " not in m for m in first) and "+e5" in first
    # a part still being typed is completed
    assert s.continuations("+e5 =e5") == ["+e5 =e5e7", "+e5 =e5g5"]
    assert s.continuations("+e5 =c") == ["+e5 =c5e5"]
    assert s.continuations("+e") == [f"+e{r}" for r in range(1, 10)]
    assert s.continuations("c5-c") == [f"c5-c{r}" for r in (1, 2, 3, 4, 6, 7, 8, 9)]
    assert s.continuations("pass") == [] and s.continuations("+e5 =zz") == []


def test_r3_bridges_only_continuations():
    s = make(stacks={"a1": "0", "c1": "0", "c3": "0", "e1": "0", "g7": "0", "i7": "0"})
    assert s.continuations("=a1c1") == ["=a1c1 =c1c3", "=a1c1 =c1e1"]


# ------------------------------------------------------------------------ R4
def test_r4_chasing_needs_the_option():
    s = make(stacks={"c3": "0", "c7": "1"})
    assert_refused(s, "c3-c7x1", "option chase")
    assert not any("x" in m for m in s.legal_moves())


def test_r4_single_tower_chases_one():
    s = make(stacks={"c3": "0", "c7": "01"}, chase=True)
    assert "c3-c7x1" in s.legal_moves()
    assert s.play("c3-c7x1") == "c3-c7x1"
    assert stack(s, "c3") == [] and stack(s, "c7") == [0]
    assert s.towers == [TOWERS - 1, TOWERS]
    assert_conserved(s)


def test_r4_stack_some_chase_some_land_and_bridges_follow():
    s = make(stacks={"c3": "00", "c7": "21", "e7": "00"}, players=3, chase=True)
    assert s.play("2c3-c7x1 =c7e7") == "2c3-c7x1 =c7e7"
    assert stack(s, "c3") == [] and stack(s, "c7") == [2, 0]
    assert bridge_set(s) == {"c7e7": (0, 2)}
    assert s.towers == [TOWERS - 3, TOWERS, TOWERS - 1]
    assert_conserved(s)


def test_r4_stack_chases_with_all_none_lands_no_bridges():
    s = make(stacks={"c3": "00", "c7": "312", "a7": "0"}, players=4, chase=True)
    assert_refused(s, "2c3-c7x2 =a7c7", "none landed")
    assert s.play("2c3-c7x2") == "2c3-c7x2"
    assert stack(s, "c7") == [3] and stack(s, "c3") == []
    assert s.towers == [TOWERS - 1, TOWERS, TOWERS, TOWERS - 1]
    assert_conserved(s)


def test_r4_chase_refusals():
    s = make(
        stacks={"c3": "000", "c7": "10", "c9": "1", "e9": "1", "a5": "0", "c5": "01"}, bridges=[("c9e9", 1)], chase=True
    )
    assert_refused(s, "c3-c7x1", "no tower on top", "other players'")  # own tower on top
    assert_refused(s, "c3-c9x1", "no tower on top", "free of bridges")  # bridged
    assert_refused(s, "4c3-c5", "only 3 towers on c3")
    assert_refused(s, "a5-c5x2", "chase more towers", error=InvalidMove)
    assert_refused(s, "2c3-c5x2", "only 1 tower")
    assert_refused(s, "c3-a3x1", "no towers on a3")
    assert_refused(s, "+c7x1", "cannot read", error=InvalidMove)  # placed towers never chase
    legal = s.legal_moves()
    assert "c3-c5x1" in legal and "2c3-c5x1" in legal and "2c3-c5x2" not in legal


# ------------------------------------------------------------------------ R8
@pytest.mark.parametrize(
    "text,canonical",
    [
        ("+E5", "+e5"),
        ("  +e5   =g5e5 ", "+e5 =e5g5"),
        ("+e5=e5g5", "+e5 =e5g5"),
        ("1c3-c7", "c3-c7"),
        ("c3-c7x0", "c3-c7"),
        ("2C3-C7X1", "2c3-c7x1"),
        ("=e5e3", "=e3e5"),
        ("=c3e3<e5c5", "=c3e3<c5e5"),
        ("X=E3C3", "x=c3e3"),
        ("Pass", "pass"),
    ],
)
def test_r8_notation_round_trip(text, canonical):
    assert str(Turn.parse(text)) == canonical
    assert str(Turn.parse(canonical)) == canonical


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "empty"),
        ("hello", "cannot read"),
        ("+c3 +c4", "only one place or move"),
        ("=c3e3 +c3", "first"),
        ("pass =c3e3", "on its own"),
        ("x=c3e3 =c3e3", "on its own"),
        ("=c3e4", "two apart"),
        ("c3-c3", "another field"),
        ("0c3-c5", "at least one tower"),
        ("c3-c5x2", "chase more towers"),
    ],
)
def test_r8_unreadable_moves(text, words):
    with pytest.raises(InvalidMove) as info:
        Turn.parse(text)
    assert words in str(info.value)


def test_r8_play_returns_canonical_text_and_refusals_leave_state():
    s = make(stacks={"c5": "0"})
    assert s.play("+E5 = c5e5") == "+e5 =c5e5"
    assert_refused(s, "=zz", "cannot read", error=InvalidMove)
