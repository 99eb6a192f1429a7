"""Architekton: setup (A3), placements (A4) and move notation (A11)."""

from __future__ import annotations

import pytest
from architekton_helpers import (
    BUILDING_IDS,
    FIXTURES,
    LANDSCAPE_SET,
    ROOT,
    assert_accepted,
    assert_conserved,
    facing,
    make_state,
    new_match,
)
from state_checks import assert_refused, snapshot

from engines import IllegalMove, InvalidMove, MoveError
from engines.architekton.notation import Move


def test_component_data_is_the_authored_file_unchanged():
    packaged = ROOT / "engines" / "architekton" / "data" / "architekton_tiles.json"
    assert packaged.read_bytes() == (FIXTURES / "architekton_tiles.json").read_bytes()


def base(**kw):
    """(0,0) earth, (1,1) meadow, and seat 0's B07 at 1,0 turned r1.

    B07 is E,M,E,M; at r1 it shows N=M (towards 1,1), E=E (towards 2,0),
    S=M (towards 1,-1) and W=E (towards 0,0).
    """
    kw.setdefault("stock", ["B01", "B10", "B12", "E", "M", "W"])
    return make_state({(0, 0): "E", (1, 1): "M", (1, 0): ("B07", 1)}, {(1, 0): 0}, **kw)


def test_base_position_sides_are_as_documented():
    assert [facing("B07", 1, d) for d in range(4)] == ["M", "E", "M", "E"]
    assert_conserved(base())


# ------------------------------------------------------------------------- A3
def test_a3_setup_from_record_draw_order():
    buildings = list(reversed(BUILDING_IDS))
    landscapes = list("EMWF" * 6)
    s = new_match(7, {"buildings": buildings, "landscapes": landscapes, "first": 1})
    assert s.reserves == {"B": buildings[:4], "L": landscapes[:4]}
    assert sorted(s.stock) == sorted(buildings[4:7] + landscapes[4:7])
    assert s.tiles == {(0, 0): ("L", landscapes[7]), (1, 1): ("L", landscapes[8])}
    assert s.piles == {"B": buildings[7:], "L": landscapes[9:]}
    assert len(s.piles["B"]) == 15 and len(s.piles["L"]) == 15
    assert s.chips == [1, 1] and s.bank == 6 and s.supply == [12, 12]
    assert s.first == 1 and s.current_player() == 1
    assert_conserved(s)


def test_a3_seeded_setup_is_deterministic_and_complete():
    a, b = new_match(123), new_match(123)
    assert snapshot(a) == snapshot(b)
    assert_conserved(a)
    assert len([t for t in a.stock if t.startswith("B")]) == 3
    assert len(a.stock) == 6
    assert set(a.tiles) == {(0, 0), (1, 1)}
    firsts = {new_match(seed).first for seed in range(40)}
    assert firsts == {0, 1}


@pytest.mark.parametrize(
    "setup",
    [
        {"buildings": BUILDING_IDS[:-1]},
        {"buildings": BUILDING_IDS[:-1] + ["B01"]},
        {"landscapes": LANDSCAPE_SET[:-1] + ["E"]},
        {"first": 2},
        {"first": True},
        {"buildings": 7},
        {"landscapes": [None] * 24},
    ],
)
def test_a3_bad_setup_is_refused(setup):
    from engines import SetupError

    with pytest.raises(SetupError):
        new_match(0, setup)


# ------------------------------------------------------------------------- A4
def test_a4_empty_square_refused():
    s = base()
    assert_refused(s, "B01@1,0r0", "taken")
    assert_refused(s, "E@0,0", "taken")
    assert_refused(s, "M@1,1", "taken")


def test_a4_empty_square_accepted():
    s = base()
    assert_accepted(s, "E@2,0", "E@2,0")
    assert s.tiles[(2, 0)] == ("L", "E")


def test_a4_parity_refused():
    s = base()
    assert_refused(s, "B01@2,0r0", "odd")  # building on an even square
    assert_refused(s, "E@0,1", "even")  # landscape on an odd square
    assert_refused(s, "M@-1,0", "even")


def test_a4_parity_accepted():
    s = base()
    assert_accepted(s, "B01@0,1r0")  # 0+1 odd
    assert_accepted(s, "M@1,-1")  # 1-1 even


def test_a4_touching_refused():
    s = base()
    assert_refused(s, "B01@3,0r0", "touch")  # all four neighbours empty
    assert_refused(s, "E@4,0", "touch")
    assert_refused(s, "E@0,2", "touch")  # only diagonal contact with 1,1


def test_a4_touching_accepted():
    s = base()
    assert_accepted(s, "B01@-1,0r1")  # touches 0,0 with its east side E


@pytest.mark.parametrize(
    "move", ["B10@0,1r0", "B10@0,1r2", "B01@0,1r1", "B01@0,1r3", "B12@0,1r0", "B12@0,1r1", "B12@0,1r2", "B12@0,1r3"]
)
def test_a4_building_side_match_refused(move):
    # 0,1 has meadow to its east (1,1) and earth to its south (0,0).
    assert_refused(base(), move, "matches")


@pytest.mark.parametrize(
    "move,canonical",
    [("B10@0,1r1", "B10@0,1r1"), ("B10@0,1r3", "B10@0,1r1"), ("B01@0,1r0", "B01@0,1r0"), ("B01@0,1r2", "B01@0,1r2")],
)
def test_a4_building_side_match_accepted(move, canonical):
    s = base()
    assert_accepted(s, move, canonical)
    assert s.houses[(0, 1)] == 0


def test_a4_building_side_match_depends_on_rotation():
    legal = set(base().legal_moves())
    assert {"B01@0,1r0", "B01@0,1r2", "B10@0,1r1"} <= legal
    assert not {"B01@0,1r1", "B01@0,1r3", "B10@0,1r0"} & legal
    assert not any(m.startswith("B12@0,1") for m in legal)


def test_a4_landscape_side_match_refused():
    s = base()
    assert_refused(s, "M@2,0", "no neighbouring building shows")  # B07 shows E towards 2,0
    assert_refused(s, "W@1,-1", "no neighbouring building shows")  # B07 shows M towards 1,-1


def test_a4_landscape_side_match_accepted():
    s = base()
    assert_accepted(s, "M@1,-1")
    assert_accepted(s, "E@2,0")


def test_a4_tile_not_in_stock_refused():
    s = base()
    assert_refused(s, "B02@0,1r0", "not in the stock", "B01")
    assert_refused(s, "F@2,0", "forest", "stock")
    s2 = base(stock=["B01", "E"])
    assert_refused(s2, "B10@0,1r1", "not in the stock")
    assert_refused(s2, "M@1,-1", "stock")


def test_a4_mover_puts_a_house_from_the_supply():
    s = base(turn_player=1)
    before = list(s.supply)
    s.play("B10@0,1r1")
    assert s.houses[(0, 1)] == 1
    assert s.supply == [before[0], before[1] - 1]


def test_a4_from_refused_while_supply_not_empty():
    assert_refused(base(), "B10@0,1r1 from 1,0", "supply", "from")


def test_a4_from_required_when_supply_empty():
    s = base(supply=[0, 12])
    assert_refused(s, "B10@0,1r1", "supply is empty", "1,0")


def test_a4_from_square_must_hold_own_house():
    board = {(0, 0): "E", (1, 1): "M", (1, 0): ("B07", 1), (-1, 0): ("B07", 1), (1, 2): ("B10", 1)}
    s = make_state(board, {(1, 0): 0, (-1, 0): 1}, ["B10", "E"], supply=[0, 11])
    assert_refused(s, "B10@0,1r1 from -1,0", "no house of yours")  # the opponent's house
    assert_refused(s, "B10@0,1r1 from 1,2", "no house of yours")  # a building without a house
    assert_refused(s, "B10@0,1r1 from 0,0", "no house of yours")  # a landscape
    assert_refused(s, "B10@0,1r1 from 9,9", "no house of yours")  # an empty square


def test_a4_house_move_when_supply_empty():
    board = {(0, 0): "E", (1, 1): "M", (1, 0): ("B07", 1), (2, 1): ("B10", 1)}
    s = make_state(board, {(1, 0): 0, (2, 1): 0}, ["B10", "B01", "E"], supply=[0, 12])
    legal = s.legal_moves()
    buildings = [m for m in legal if m.startswith("B")]
    assert buildings and all(" from " in m for m in buildings)
    assert "B10@0,1r1 from 1,0" in legal and "B10@0,1r1 from 2,1" in legal
    assert_accepted(s, "b10@0,1R3 FROM 1,0", "B10@0,1r1 from 1,0")
    assert s.houses == {(0, 1): 0, (2, 1): 0}
    assert s.tiles[(1, 0)] == ("B", "B07", 1)  # the tile stays, owned by no one
    assert s.supply == [0, 12]


def test_a4_two_placements_per_turn_without_refill_in_between():
    s = base()
    s.play("E@2,0")
    assert (s.current_player(), s.placement, len(s.stock)) == (0, 1, 5)
    assert sorted(s.stock) == ["B01", "B10", "B12", "M", "W"]
    s.play("B10@0,1r1")
    assert (s.current_player(), s.placement, s.turns) == (1, 0, [1, 0])
    assert len([t for t in s.stock if t.startswith("B")]) == 3
    assert len([t for t in s.stock if not t.startswith("B")]) == 3
    assert_conserved(s)


def test_a4_both_placements_may_be_of_the_same_kind():
    s = base()
    s.play("B10@0,1r1")
    s.play("B01@-1,0r1")
    assert s.turn_player == 1


# ------------------------------------------------------------------------ A11
@pytest.mark.parametrize("text", ["e@2,0", "E@2,0", " E @ 2 , 0 ", "e @2,0"])
def test_a11_landscape_case_and_spaces(text):
    s = base()
    assert s.play(text) == "E@2,0"


@pytest.mark.parametrize("text", ["b10@0,1r1", "B10@0,1R1", "  b10 @ 0 , 1 r 1 ", "B10@0,1r1"])
def test_a11_building_case_and_spaces(text):
    s = base()
    assert s.play(text) == "B10@0,1r1"


@pytest.mark.parametrize("text", ["KEEP", "Keep", " keep ", "REMOVE", "remove", "Discard", "DISCARD"])
def test_a11_words_case_insensitive(text):
    assert Move.parse(text).kind == text.strip().lower()
    assert str(Move.parse(text)) == text.strip().lower()


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("w@2,0", "W@2,0"),
        ("f@-3,-5", "F@-3,-5"),
        ("B7@1,0r2", "B07@1,0r2"),
        ("b07@1,0r2from3,2", "B07@1,0r2 from 3,2"),
        ("B07 @ 1,0 r2   from   3 , 2", "B07@1,0r2 from 3,2"),
        ("B22@-1,-2r3 FROM -4,5", "B22@-1,-2r3 from -4,5"),
        ("m@+0,2".replace("+", ""), "M@0,2"),
    ],
)
def test_a11_canonical_output(text, canonical):
    move = Move.parse(text)
    assert str(move) == canonical
    assert Move.parse(str(move)) == move


def test_a11_round_trip_parse_str_of_all_legal_moves():
    for s in (base(), base(supply=[0, 12]), new_match(5)):
        for text in s.legal_moves():
            assert str(Move.parse(text)) == text


@pytest.mark.parametrize(
    "text,hint",
    [
        ("hello", "Examples"),
        ("", "empty move"),
        ("   ", "empty move"),
        ("W2,0", "@"),
        ("B07@1,0", "rotation"),
        ("B23@1,0r0", "B01..B22"),
        ("B00@1,0r0", "B01..B22"),
        ("B07@1,0r4", "r0, r1, r2 or r3"),
        ("X@1,0", "Examples"),
        ("W@1", "Examples"),
        ("W@1,0,2", "Examples"),
        ("B07@1,0r1 from 3", "Examples"),
        ("keep it", "Examples"),
        ("W@a,b", "Examples"),
    ],
)
def test_a11_garbage_raises_invalid_move_with_help(text, hint):
    with pytest.raises(InvalidMove) as info:
        Move.parse(text)
    assert isinstance(info.value, ValueError) and isinstance(info.value, MoveError)
    assert not isinstance(info.value, IllegalMove)
    assert hint in str(info.value)
    # The state refuses it the same way and is left alone.
    s = base()
    before = snapshot(s)
    with pytest.raises(InvalidMove):
        s.play(text)
    assert snapshot(s) == before


def test_a11_equivalent_rotations_both_accepted_listed_once():
    # B07 (E,M,E,M): r0 == r2 and r1 == r3.  At 0,1 earth is south and meadow east.
    s = base(stock=["B07", "E"])
    legal = s.legal_moves()
    assert "B07@0,1r0" in legal and "B07@1,2r1" in legal
    assert not {"B07@0,1r2", "B07@1,2r3"} & set(legal)
    assert_refused(s, "B07@0,1r1", "matches")  # r1 == r3 fits nowhere at 0,1
    assert_refused(s, "B07@0,1r3", "matches")
    a, b = s.copy(), s.copy()
    assert a.play("B07@0,1r2") == "B07@0,1r0"
    assert b.play("B07@0,1r0") == "B07@0,1r0"
    assert snapshot(a) == snapshot(b)
    c, d = s.copy(), s.copy()
    assert c.play("B07@1,2r3") == "B07@1,2r1"
    d.play("B07@1,2r1")
    assert snapshot(c) == snapshot(d)


def test_a11_legal_list_distinct_results_smallest_rotation():
    s = base(stock=["B07", "B10", "B12", "B01", "E", "M", "W"])
    legal = s.legal_moves()
    assert legal == sorted(set(legal))
    for text in legal:
        m = Move.parse(text)
        if m.kind == "building" and m.tile in ("B07", "B10", "B12"):  # two distinct layouts each
            assert m.rotation in (0, 1)
    results = set()
    for text in legal:
        c = s.copy()
        c.play(text)
        key = snapshot(c)
        assert key not in results, f"{text} repeats the result of another listed move"
        results.add(key)


def test_a11_illegal_move_is_illegal_not_invalid():
    s = base()
    with pytest.raises(IllegalMove) as info:
        s.play("B01@9,0r0")
    assert not isinstance(info.value, InvalidMove)
    assert isinstance(info.value, ValueError)


def test_a11_decision_words_refused_without_a_decision():
    s = base()
    assert_refused(s, "keep", "no enclosure decision")
    assert_refused(s, "remove", "no enclosure decision")
    assert_refused(s, "discard", "discard", "only when")


def test_a11_moves_refused_after_the_match_is_over():
    s = base()
    s.resign(0)
    assert s.current_player() is None and s.legal_moves() == []
    assert_refused(s, "E@2,0", "over")
    assert s.outcome().winners == (1,) and s.outcome().end == "resign"


@pytest.mark.parametrize("text", ["W@1 0,2", "W@2,0 0", "B0 7@1,0r1", "B07@1,0r 12", "W@٢,0"])
def test_a11_spaces_separate_parts_but_never_split_numbers(text):
    """A11: spaces are ignored only as separators; they cannot join digits."""
    with pytest.raises(InvalidMove):
        Move.parse(text)
