"""Atacama: board and coordinates (T1), rights (T2), the basic game (T3),
the tactics towers (T6), four players (T7) and the move notation (T8)."""

from __future__ import annotations

import json
import random

import pytest
from atacama_helpers import (
    BASIC,
    DATA_FILE,
    FIXTURES,
    all_fields,
    assert_invalid,
    free_fields,
    make_state,
    neighbours,
    new_match,
    ore,
)
from state_checks import assert_refused, snapshot

from engines import InvalidMove, MoveError, SetupError, get_game
from engines.atacama import boards as B
from engines.atacama.notation import Move


# ------------------------------------------------------------------------- T1
def test_t1_component_data_is_the_shared_file_unchanged():
    assert DATA_FILE.read_bytes() == (FIXTURES / "atacama_boards.json").read_bytes()


def test_t1_corners_and_letters_of_the_basic_layout():
    s = new_match()
    assert s.slots == BASIC
    # a9 is the top-left field of A, i1 the bottom-right field of I; letters are at the top right
    assert s.ores[(0, 8)] == ("S", 3) and ore("a9") == "S3"
    assert s.ores[(8, 0)] == ("S", 5) and ore("i1") == "S5"
    assert ore("c9") == "S2"  # A's top-right field
    assert ore("d9") == "C1"  # B's top-left field
    assert ore("a6") == "S2" and ore("a3") == "S3"  # D and G top-left
    assert ore("g3") == "G2" and ore("g9") == "C1"  # I and C top-left
    assert ore("e5") == "C4"  # E's centre


@pytest.mark.parametrize("seed", range(4))
def test_t1_engine_ores_match_the_data_for_any_arrangement(seed):
    letters = list(BASIC)
    random.Random(seed).shuffle(letters)
    s = make_state(slots=letters)
    for field in all_fields():
        c, r = B.parse_field(field)
        assert "".join(map(str, s.ores[(c, r)])) == ore(field, letters), field


def test_t1_field_names_are_chess_like():
    assert B.parse_field("a9") == (0, 8) and B.parse_field("I1") == (8, 0)
    assert [B.name(f) for f in [(0, 0), (4, 4), (8, 8)]] == ["a1", "e5", "i9"]
    assert B.parse_field("j1") is None and B.parse_field("a0") is None and B.parse_field("a10") is None


def test_t1_adjacency_is_by_edges_only():
    assert sorted(B.name(n) for n in B.neighbours(B.parse_field("e5"))) == ["d5", "e4", "e6", "f5"]
    assert sorted(B.name(n) for n in B.neighbours(B.parse_field("a1"))) == ["a2", "b1"]
    for field in all_fields():
        assert sorted(B.name(n) for n in B.neighbours(B.parse_field(field))) == sorted(neighbours(field))


def test_t1_adjacency_across_a_vertical_sub_board_edge():
    # c5 is on D, d5 on E: the fields share the edge between the two sub-boards.
    s = make_state({"c5": 1})
    assert_refused(s, "d5", "d5 is next to c5, which holds a tower")
    assert "d5" not in s.legal_moves()
    assert "d6" in s.legal_moves() and "d4" in s.legal_moves()  # diagonal is allowed


def test_t1_adjacency_across_a_horizontal_sub_board_edge():
    # e7 is B's bottom row, e6 E's top row.
    s = make_state({"e7": 1})
    assert_refused(s, "e6", "e6 is next to e7")
    # f6 (E) touches g6 (F) across the edge between E and F; e7 is only diagonal to it
    s2 = make_state({"e7": 1, "g6": 0}, turn=0)
    assert_refused(s2, "f6", "f6 is next to g6, which holds a tower")
    assert "f6" not in s2.legal_moves()


def test_t1_diagonal_contact_is_allowed():
    s = make_state({"c5": 1})
    assert s.play("d6") == "d6"
    assert s.towers[(3, 5)] == (0, False)


def test_t1_refusal_names_every_occupied_neighbour():
    s = make_state({"d5": 0, "e6": 1}, turn=0)
    assert_refused(s, "e5", "e5 is next to", "d5", "e6", "which hold towers")


# ------------------------------------------------------------------ T2 / T3
def test_t3_start_of_the_basic_game():
    s = new_match()
    assert s.rights == [("cols", "turquoise"), ("rows", "orange")]
    assert s.supply == [[14, 0], [14, 0]]
    assert s.current_player() == 0 and s.towers == {} and s.outcome() is None
    assert s.legal_moves() == sorted(all_fields())
    assert s.scores() == [0, 0]


def test_t3_players_alternate_and_place_their_own_towers():
    s = new_match()
    assert s.play("E5") == "e5"
    assert s.current_player() == 1 and s.supply == [[13, 0], [14, 0]]
    assert s.play("a1") == "a1"
    assert s.current_player() == 0
    assert s.towers == {(4, 4): (0, False), (0, 0): (1, False)}


def test_t3_occupied_field_refused():
    s = make_state({"e5": 0}, turn=1)
    assert_refused(s, "e5", "e5 already holds a tower")


def test_t3_legal_moves_are_exactly_the_free_fields():
    rng = random.Random(3)
    s = new_match()
    for _ in range(12):
        assert s.legal_moves() == free_fields(s)
        s.play(rng.choice(s.legal_moves()))


def test_t3_every_field_outside_the_list_is_refused_and_changes_nothing():
    s = make_state({"e5": 0, "a1": 1, "i9": 0, "c7": 1}, turn=1)
    legal = set(s.legal_moves())
    for field in all_fields():
        if field in legal:
            continue
        assert_refused(s, field, field)


def test_t3_a_player_without_towers_is_skipped():
    s = make_state({"a1": 0, "c1": 1}, supply=[[2, 0], [0, 0]], turn=0)
    s.play("e5")
    assert s.current_player() == 0  # seat 1 has nothing left to place
    s.play("g5")
    assert s.outcome() is not None and s.outcome().end == "normal"


def test_t3_match_ends_when_every_tower_is_placed():
    s = make_state({"a1": 0}, supply=[[0, 0], [1, 0]], turn=1)
    s.play("i9")
    out = s.outcome()
    assert out is not None and out.end == "normal" and s.current_player() is None
    assert s.legal_moves() == []
    assert_refused(s, "e5", "over")


def test_t3_match_ends_when_no_field_is_free_though_towers_are_left():
    """T3: nobody has a move besides passing: the match ends, no pass is asked for."""
    # a chequer of towers on every field with c+r even except one free spot, then fill it
    towers = {f: 0 for f in all_fields() if (B.parse_field(f)[0] + B.parse_field(f)[1]) % 2 == 0}
    del towers["e5"]
    for f in ("e4", "e6", "d5", "f5"):
        assert f not in towers
    s = make_state(towers, supply=[[5, 0], [5, 0]], turn=1)
    assert s.legal_moves() == ["e5"]
    s.play("e5")
    assert s.outcome() is not None and s.outcome().end == "normal"
    assert s.supply == [[5, 0], [4, 0]]
    assert s.events[-1]["type"] == "final" and s.events[-1]["reason"] == "blocked"


def test_t3_pass_refused_while_a_field_is_free():
    s = new_match()
    assert_refused(s, "pass", "pass only when you have no legal move", "a1")


def test_t3_match_over_refuses_moves():
    s = make_state({"a1": 0}, supply=[[0, 0], [1, 0]], turn=1)
    s.play("c1")
    for move in ("e5", "pass", "buy cols"):
        assert_refused(s, move, "over")


# ------------------------------------------------------------------------- T6
def test_t6_tactics_supply_and_both_kinds_listed():
    s = new_match(tactics=True)
    assert s.supply == [[11, 3], [11, 3]]
    legal = s.legal_moves()
    assert len(legal) == 162 and "e5" in legal and "e5*" in legal
    assert legal == sorted(legal)
    assert s.play("E5 *") == "e5*"
    assert s.towers[(4, 4)] == (0, True) and s.supply[0] == [11, 2]


def test_t6_other_colour_refused_in_the_basic_game():
    s = new_match()
    assert_refused(s, "e5*", "tactics")
    assert not any(m.endswith("*") for m in s.legal_moves())


def test_t6_other_colour_towers_run_out():
    s = make_state({}, tactics=True, supply=[[4, 0], [11, 3]])
    assert_refused(s, "e5*", "no other-colour tower left")
    assert not any(m.endswith("*") for m in s.legal_moves())


def test_t6_base_towers_run_out():
    s = make_state({}, tactics=True, supply=[[0, 2], [11, 3]])
    assert_refused(s, "e5", "no base-colour tower left", "e5*")
    assert all(m.endswith("*") for m in s.legal_moves())
    s.play("e5*")
    assert s.supply[0] == [0, 1]


def test_t6_other_colour_tower_obeys_adjacency():
    s = make_state({"e5": (1, True)}, tactics=True, turn=0)
    assert_refused(s, "e4*", "next to e5")
    assert_refused(s, "e4", "next to e5")


# ------------------------------------------------------------------------- T7
def test_t7_four_player_rights_towers_and_order():
    s = new_match(4)
    assert s.rights == [("cols", "turquoise"), ("rows", "orange"), ("cols", "orange"), ("rows", "turquoise")]
    assert s.supply == [[7, 0]] * 4
    order = []
    for move in ("a1", "c1", "e1", "g1", "i1", "a3"):
        order.append(s.current_player())
        s.play(move)
    assert order == [0, 1, 2, 3, 0, 1]
    assert s.current_player() == 2
    assert {seat for seat, _ in s.towers.values()} == {0, 1, 2, 3}


def test_t7_four_player_tactics_supply():
    s = new_match(4, tactics=True)
    assert s.supply == [[6, 1]] * 4
    s.play("e5*")
    s.play("a1*")
    assert s.supply[:2] == [[6, 0], [6, 0]]


def test_t7_four_players_skip_a_seat_without_towers():
    s = make_state({}, players=4, supply=[[1, 0], [0, 0], [2, 0], [1, 0]], turn=0)
    s.play("a1")
    assert s.current_player() == 2
    s.play("c1")
    assert s.current_player() == 3
    s.play("e1")
    assert s.current_player() == 2  # seats 0 and 1 are out of towers
    s.play("g1")
    assert s.outcome() is not None


@pytest.mark.parametrize("players", [1, 3, 5])
def test_t7_player_counts_other_than_2_and_4_are_refused(players):
    with pytest.raises(SetupError, match="2 or 4|2 to 4"):
        get_game("atacama").setup(players, 0)


def test_t7_buildup_with_four_players_is_refused():
    with pytest.raises(SetupError, match="build-up.*2 players"):
        new_match(4, buildup=True)
    with pytest.raises(SetupError, match="build-up"):
        new_match(4, buildup=True, tactics=True)


def test_t7_options_are_type_checked():
    with pytest.raises(SetupError, match="bool"):
        get_game("atacama").setup(2, 0, None, {"tactics": 1})
    with pytest.raises(SetupError, match="no option"):
        get_game("atacama").setup(2, 0, None, {"chase": True})


# ------------------------------------------------------------------------- T8
@pytest.mark.parametrize(
    "text,canonical",
    [
        ("e5", "e5"),
        ("E5", "e5"),
        (" e 5 ", "e5"),
        ("e5*", "e5*"),
        ("E5 *", "e5*"),
        ("buy cols", "buy cols"),
        ("BUY COLS", "buy cols"),
        ("buy  columns", "buy cols"),
        ("buycol", "buy cols"),
        ("buy rows", "buy rows"),
        ("Buy Row", "buy rows"),
        ("pass", "pass"),
        (" PASS ", "pass"),
    ],
)
def test_t8_parse_is_case_insensitive_and_canonical(text, canonical):
    assert str(Move.parse(text)) == canonical


def test_t8_notation_round_trips_for_every_move():
    texts = [f for f in all_fields()] + [f + "*" for f in all_fields()] + ["buy cols", "buy rows", "pass"]
    for text in texts:
        move = Move.parse(text)
        assert str(move) == text
        assert Move.parse(str(move)) == move
        assert Move.parse(text.upper()) == move


@pytest.mark.parametrize(
    "text,word",
    [
        ("j5", "not a field"),
        ("e0", "not a field"),
        ("e10", "not a field"),
        ("buy", "buy cols"),
        ("buy diagonals", "buy cols"),
        ("hello", "not a move"),
        ("", "not a move"),
        ("e5**", "not a move"),
        ("*e5", "not a move"),
        ("e", "not a move"),
        ("55", "not a move"),
    ],
)
def test_t8_bad_notation_is_invalid(text, word):
    with pytest.raises(InvalidMove) as info:
        Move.parse(text)
    assert word in str(info.value)
    assert_invalid(new_match(), text, word)


def test_t8_legal_moves_are_canonical_and_sorted():
    s = new_match(tactics=True)
    s.play("e5")
    legal = s.legal_moves()
    assert legal == sorted(set(legal))
    for move in legal:
        assert str(Move.parse(move)) == move


def test_t3_t8_refused_moves_leave_the_state_unchanged():
    s = make_state({"e5": 0, "c3": (1, True)}, tactics=True, turn=1, supply=[[10, 3], [11, 0]])
    before = snapshot(s)
    for move in ("e5", "e4", "d3", "e5*", "a1*", "pass", "buy cols", "zz", "j1"):
        with pytest.raises(MoveError):
            s.play(move)
        assert snapshot(s) == before
    assert json.loads(before) == s.to_json()
