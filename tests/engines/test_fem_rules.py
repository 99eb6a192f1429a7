"""Tactori FEM (5x5, 2 players): turns (R7), chasing (R4), the loop win, stuck and repetition.

The tests are grouped in classes named ``TestTactoriFem...`` so that
``pytest -k tactori`` selects them together with the Tactori tests.
"""

from __future__ import annotations

import pytest
from state_checks import assert_refused
from tactori_helpers import BRIDGES, TOWERS, assert_conserved, bridge_set, fem, new_match, recount_polygons, stack

from engines import InvalidMove, SetupError, get_game

SQUARE3 = [("a1c1", 0), ("c1c3", 0), ("a1a3", 0)]  # a square a1..c3 without its top side
CORNERS = {"a1": "0", "c1": "0", "a3": "0", "c3": "0"}


class TestTactoriFemSetup:
    def test_r1_r7_initial_position_and_options(self):
        s = new_match("tactori-fem")
        assert s.geo.n == 5 and s.geo.names[-1] == "e5"
        assert s.towers == [TOWERS, TOWERS] and s.bridge_supply == [BRIDGES, BRIDGES]
        assert s.scores() == [0, 0]
        assert len(s.legal_moves()) == 25  # only places
        game = get_game("tactori-fem")
        with pytest.raises(SetupError, match="2 players"):
            game.setup(3, 0)
        with pytest.raises(SetupError, match="centre"):
            game.setup(2, 0, {}, {"centre": 1})
        with pytest.raises(SetupError, match="stacks"):
            game.setup(2, 0, {}, {"stacks": "yes"})

    def test_r1_fields_beyond_e5_do_not_exist(self):
        s = new_match("tactori-fem")
        assert_refused(s, "+f1", "no field f1", "a1 to e5")
        assert_refused(s, "+a6", "no field a6")


class TestTactoriFemTurns:
    def test_r7_place_on_empty_or_any_stack(self):
        s = fem({"c3": "1"})
        s.play("+c3")
        assert stack(s, "c3") == [1, 0]

    def test_r7_move_anywhere_not_only_straight(self):
        s = fem({"a1": "0", "e4": "1"})
        assert "a1-c2" in s.legal_moves() and "a1-e4" in s.legal_moves()
        assert s.play("a1-c2") == "a1-c2"
        assert stack(s, "c2") == [0] and stack(s, "a1") == []
        s.to_move = 0
        s.play("c2-e4")
        assert stack(s, "e4") == [1, 0]

    def test_r7_only_free_towers_move(self):
        s = fem(CORNERS, SQUARE3[:1])
        assert_refused(s, "a1-b2", "carries a bridge")
        assert_refused(s, "e5-a5", "no tower on e5")

    def test_r7_stack_moves_need_the_option(self):
        s = fem({"b2": "00"})
        assert_refused(s, "2b2-d4", "option stacks")
        assert not any(m.startswith("2") for m in s.legal_moves())
        s = fem({"b2": "00"}, stacks=True)
        assert s.play("2b2-d5") == "2b2-d5"
        assert stack(s, "d5") == [0, 0]

    def test_r4_chase_in_fem(self):
        s = fem({"b2": "00", "d4": "101"}, stacks=True, chase=True)
        assert_refused(s, "2b2-d4x2", "only 1 tower")
        assert s.play("2b2-d4x1") == "2b2-d4x1"
        assert stack(s, "d4") == [1, 0, 0] and s.towers == [TOWERS - 2, TOWERS - 1]
        assert_conserved(s)
        s = fem({"b2": "0", "d4": "1"})
        assert_refused(s, "b2-d4x1", "option chase")

    def test_r7_bridges_after_place_from_supply_or_relocated(self):
        s = fem({"a1": "0", "c1": "0", "a3": "0", "e3": "0"}, [("a1c1", 0), ("a1a3", 0)])
        assert s.play("+c3 =a3c3<a1c1 =c3e3") == "+c3 =a3c3<a1c1 =c3e3"
        assert bridge_set(s) == {"a1a3": (0, 1), "a3c3": (0, 1), "c3e3": (0, 1)}
        assert s.bridge_supply[0] == BRIDGES - 3
        assert_conserved(s)

    def test_r7_the_legal_list_offers_supply_and_relocation(self):
        s = fem({"a1": "0", "c1": "0", "a3": "0"}, [("a1c1", 0)])
        legal = s.legal_moves()
        assert "+c3 =a3c3" in legal and "+c3 =a3c3<a1c1" in legal and "+c3 =c1c3<a1c1" in legal
        s.bridge_supply = [0, 15]
        s._reset_caches()
        legal = s.legal_moves()
        assert "+c3 =a3c3" not in legal and "+c3 =a3c3<a1c1" in legal and "=a1a3<a1c1" in legal
        assert_refused(s, "+c3 =a3c3", "no bridges left", "relocate")

    def test_r7_relocating_needs_a_bridge_that_is_not_overbuilt(self):
        s = fem({"a1": "01", "c1": "0", "a3": "0", "c3": "0", "e3": "0"}, [("a1c1", 0, 1)])
        assert_refused(s, "=a3c3<a1c1", "overbuilt")
        assert_refused(s, "x=a1c1", "overbuilt")
        # the place itself overbuilds: a bridge on the placed-on tower cannot be taken up
        s = fem({"a1": "0", "c1": "0", "a3": "00", "c3": "0"}, [("a1c1", 0)])
        assert_refused(s, "+a1 =a1a3<a1c1", "overbuilt")

    def test_r7_relocation_refusals(self):
        s = fem({"a1": "0", "c1": "0", "a3": "0", "c3": "0", "e1": "1", "e3": "1"}, [("a1c1", 0), ("e1e3", 1)])
        assert_refused(s, "=a1c1<a1c1", "somewhere else")
        assert_refused(s, "=a3c3<e1e3", "orange's")
        assert_refused(s, "=a3c3<a3c3", "no bridge on a3-c3")
        assert_refused(s, "=a3c3<a1c1 =a1a3", "exactly one")
        assert_refused(s, "+c5 =a3c3<a1c1", "connect to the tower on c5")
        s = fem({"a1": "0", "a3": "0"})
        assert_refused(s, "+c3 =a3c3 =a1a3<a3c3", "laid in this turn")

    def test_r7_relocation_may_reuse_its_own_freed_segment(self):
        # a1-c1 is taken up first, so b1-d1 (half on the old place) is free
        s = fem({"a1": "0", "c1": "0", "b1": "0", "d1": "0"}, [("a1c1", 0)])
        assert "=b1d1<a1c1" in s.legal_moves()
        assert s.play("=b1d1<a1c1") == "=b1d1<a1c1"
        assert bridge_set(s) == {"b1d1": (0, 1)}

    def test_r7_lay_one_bridge_alone(self):
        s = fem({"a1": "0", "c1": "0", "c3": "0"})
        assert_refused(s, "=a1c1 =c1c3", "exactly one")
        assert s.play("=a1c1") == "=a1c1"

    def test_r7_remove_a_bridge(self):
        s = fem(CORNERS, SQUARE3)
        assert s.play("x=c1a1") == "x=a1c1"
        assert "a1c1" not in bridge_set(s) and s.bridge_supply[0] == BRIDGES - 2
        s.to_move = 0
        assert_refused(s, "x=a1c1", "no bridge on a1-c1")
        s2 = fem({"a1": "1", "c1": "1"}, [("a1c1", 1)])
        assert_refused(s2, "x=a1c1", "orange's")

    def test_r7_no_pass_in_fem(self):
        s = new_match("tactori-fem")
        assert_refused(s, "pass", "no pass")


class TestTactoriFemEnd:
    def test_r7_a_closed_polygon_wins_at_once(self):
        s = fem(CORNERS, SQUARE3)
        assert s.play("=a3c3") == "=a3c3"
        out = s.outcome()
        assert out.winners == (0,) and out.end == "loop" and list(out.scores) == [0, 0]
        loop = s.to_json()["loop"]
        assert [p["cells"] for p in loop] == [["a1", "a2", "b1", "b2"]]
        assert [p["cells"] for p in recount_polygons(s)[0]] == [["a1", "a2", "b1", "b2"]]
        assert s.current_player() is None and s.legal_moves() == []

    def test_r7_a_loop_of_any_size_on_several_floors_wins(self):
        # the cell b1-c2 from crossing half bridges, one of them on floor 2
        s = fem(
            {"a1": "0", "c1": "0", "a2": "0", "c2": "0", "b1": "00", "b3": "00"},
            [("a1c1", 0), ("a2c2", 0), ("b1b3", 0, 2)],
        )
        s.play("+c3 =c1c3")
        assert s.outcome().end == "loop"

    def test_r7_loop_by_relocation_after_a_move(self):
        s = fem(
            {"a1": "0", "c1": "0", "a3": "0", "e5": "0", "e1": "0", "e2": "1"}, [("a1c1", 0), ("c1e1", 0), ("a1a3", 0)]
        )
        s.play("e5-c3 =a3c3<c1e1 =c1c3")
        assert s.outcome().end == "loop" and s.outcome().winners == (0,)

    def test_r7_player_without_a_legal_turn_loses(self):
        # blue: no towers in supply, every blue tower covered by red, no bridges
        stacks = {f: "10" for f in ("a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2")}
        stacks.update({f: "110" for f in ("a4", "b4", "c4", "d4")})
        s = fem(stacks)
        assert s.towers == [4, 0]
        s.to_move = 0
        s.play("+e5")
        out = s.outcome()
        assert out.end == "stuck" and out.winners == (0,)
        assert "has no legal turn" in s.describe("+e5", ["ann", "bob"])

    def test_r7_blue_has_a_turn_while_a_bridge_can_be_removed(self):
        stacks = {f: "10" for f in ("a1", "b1", "c1")}
        stacks.update({"a5": "1", "c5": "1"})
        s = fem(stacks, [("a5c5", 1)], towers=[5, 0])
        s.play("+e5")
        assert s.outcome() is None and s.legal_moves() == ["x=a5c5"]

    def test_r7_threefold_repetition_is_a_draw(self):
        s = fem({"a1": "0", "e5": "1"})
        for _ in range(2):
            for move in ("a1-a2", "e5-e4", "a2-a1", "e4-e5"):
                assert s.outcome() is None
                s.play(move)
        out = s.outcome()
        assert out.end == "repetition" and out.winners == (0, 1)
        assert "draw" in s.describe("e4-e5", ["ann", "bob"])

    def test_r7_repetition_is_checked_before_stuck(self):
        stacks = {f: "10" for f in ("a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2")}
        stacks.update({f: "110" for f in ("a4", "b4", "c4", "d4")})
        stacks["e5"] = "0"
        s = fem(stacks)
        after = s.copy()
        after.board.stacks[after.geo.index["e5"]] = []
        after.board.stacks[after.geo.index["d5"]] = [0]
        after.to_move = 1
        s.history[after.position_key()] = 2
        s.play("e5-d5")
        assert s.outcome().end == "repetition"

    def test_resign_the_other_wins(self):
        s = new_match("tactori-fem")
        s.play("+c3")
        s.resign(1)
        assert s.outcome().winners == (0,) and s.outcome().end == "resign"


class TestTactoriFemContinuations:
    def test_continuations_offer_supply_and_relocated_bridges(self):
        s = fem({"a1": "0", "c1": "0", "a3": "0", "e3": "0"}, [("a1c1", 0)])
        assert s.continuations("+c3") == [
            "+c3 =a3c3",
            "+c3 =a3c3<a1c1",
            "+c3 =c1c3",
            "+c3 =c1c3<a1c1",
            "+c3 =c3e3",
            "+c3 =c3e3<a1c1",
        ]
        nxt = s.continuations("+c3 =a3c3<a1c1")
        assert nxt == ["+c3 =a3c3<a1c1 =a1a3", "+c3 =a3c3<a1c1 =c1c3", "+c3 =a3c3<a1c1 =c3e3"]
        assert s.continuations("=a1a3<a1c1") == [] and s.continuations("x=a1c1") == []
        for m in nxt:
            assert s.copy().play(m) == m

    def test_notation_errors(self):
        s = new_match("tactori-fem")
        assert_refused(s, "=c3e3<c5e6", "two apart", error=InvalidMove)
        assert_refused(s, "x=c3", "cannot read", error=InvalidMove)
