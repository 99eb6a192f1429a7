"""Atacama build-up game (T5): the three stages, buying rights, the forced
buy, and passing while sub-boards are still to come (T3 + T5)."""

from __future__ import annotations

import pytest
from atacama_helpers import all_fields, make_state, new_match, ore, recount, replayed
from state_checks import assert_refused, snapshot

from engines import SetupError, get_game

ORDER = list("EACHDBIFG")  # draw order used by most tests
SETUP = {"boards": ORDER}
TRIANGLE = ["E", "A", None, "C", None, None, None, None, None]
# Six towers on the triangle (slots (0,0), (0,1), (1,0)), then six more that
# need the diagonal ((0,2) = H, (1,1) = D, (2,0) = B).
STAGE1 = ["a9", "c9", "e9", "a7", "c7", "e7"]
STAGE2 = ["g9", "i9", "g7", "i7", "d5", "f5"]


def buildup(**options):
    return new_match(2, 0, SETUP, buildup=True, **options)


def region(slots) -> list[str]:
    return [f for f in all_fields() if ore(f, slots) is not None]


# ------------------------------------------------------------------- setup
def test_t5_start_lays_the_triangle_in_draw_order():
    s = buildup()
    assert s.slots == TRIANGLE
    assert s.pile == ORDER[3:]
    assert s.stage == 1 and s.turns == 0
    assert s.rights == [None, None] and s.supply == [[14, 0], [14, 0]]
    assert ore("a9", s.slots) == "C2" and ore("d9", s.slots) == "S3" and ore("a6", s.slots) == "C1"
    assert sorted(s.legal_moves()) == sorted(region(TRIANGLE) + ["buy cols", "buy rows"])
    assert len(region(TRIANGLE)) == 27


def test_t5_seeded_setup_is_complete_deterministic_and_replayable():
    game = get_game("atacama")
    setup = game.resolve_setup(2, 77, None, {"buildup": True})
    assert sorted(setup["boards"]) == list("ABCDEFGHI")
    assert setup == game.resolve_setup(2, 77, None, {"buildup": True})
    orders = {tuple(game.resolve_setup(2, seed, None, {"buildup": True})["boards"]) for seed in range(20)}
    assert len(orders) > 15
    # the state from the seed equals the state from the stored setup with any seed
    assert snapshot(game.setup(2, 77, None, {"buildup": True})) == snapshot(game.setup(2, 5, setup, {"buildup": True}))
    s = game.setup(2, 77, None, {"buildup": True})
    assert s.slots[0] == setup["boards"][0] and s.slots[1] == setup["boards"][1] and s.slots[3] == setup["boards"][2]


def test_t5_basic_game_setup_has_nothing_random():
    game = get_game("atacama")
    assert game.resolve_setup(2, 1, None, {}) == {}
    assert game.resolve_setup(4, 1, None, {"tactics": True}) == {}


@pytest.mark.parametrize(
    "setup,word",
    [
        ({"boards": list("ABCDEFGH")}, "once each"),
        ({"boards": list("ABCDEFGHH")}, "once each"),
        ({"boards": list("ABCDEFGHJ")}, "once each"),
        ({"boards": "ABCDEFGHI"}, "list"),
        ({"boards": [1, 2, 3]}, "list"),
        ({"first": 0}, "no key first"),
    ],
)
def test_t5_bad_setup_is_refused(setup, word):
    with pytest.raises(SetupError, match=word):
        new_match(2, 0, setup, buildup=True)


def test_t5_setup_letters_are_case_insensitive():
    s = new_match(2, 0, {"boards": [x.lower() for x in ORDER]}, buildup=True)
    assert s.slots == TRIANGLE


def test_t5_boards_setup_refused_in_the_basic_game():
    with pytest.raises(SetupError, match="build-up game only"):
        new_match(2, 0, SETUP)


# ------------------------------------------------------------------ stages
def test_t5_stage_2_is_laid_after_exactly_six_turns():
    s = buildup()
    for move in STAGE1[:5]:
        s.play(move)
    assert s.stage == 1 and s.turns == 5 and s.slots == TRIANGLE
    assert_refused(s, "e5", "not laid yet", "stage 2", "after turn 6", "1 turn from now")
    assert not any(m in s.legal_moves() for m in ("e5", "g9", "a1"))
    s.play(STAGE1[5])
    assert s.turns == 6 and s.stage == 2
    assert s.slots == ["E", "A", "H", "C", "D", None, "B", None, None]
    assert s.pile == ["I", "F", "G"]
    assert {"type": "stage", "stage": 2, "boards": [["H", 2], ["D", 4], ["B", 6]]} in s.events
    assert "H, D and B" in s.describe("e7", ["ann", "bob"])
    for field in ("g9", "e5", "a1"):
        assert field in s.legal_moves()


def test_t5_stage_3_is_laid_after_exactly_twelve_turns():
    s = buildup()
    for move in STAGE1 + STAGE2[:5]:
        s.play(move)
    assert s.stage == 2 and s.turns == 11
    assert_refused(s, "h5", "not laid yet", "stage 3", "after turn 12")
    assert_refused(s, "e2", "not laid yet", "stage 3")
    assert_refused(s, "i1", "not laid yet", "stage 3")
    s.play(STAGE2[5])
    assert s.stage == 3 and s.pile == [] and None not in s.slots
    assert s.slots == ["E", "A", "H", "C", "D", "I", "B", "F", "G"]
    assert "i1" in s.legal_moves()


def test_t5_stage_turns_alternate_seats():
    s = buildup()
    seats = []
    for move in STAGE1 + STAGE2:
        seats.append(s.current_player())
        s.play(move)
    assert seats == [0, 1] * 6


def test_t5_adjacency_across_the_edge_of_a_newly_laid_sub_board():
    s = buildup()
    for move in STAGE1:
        s.play(move)
    # e7 (sub-board A, laid in stage 1) touches e6 (sub-board D, laid now)
    assert_refused(s, "e6", "e6 is next to e7")
    assert "f6" in s.legal_moves() and "e6" not in s.legal_moves()


def test_t5_a_buy_counts_as_a_turn_of_the_stage():
    s = buildup()
    for move in STAGE1[:5]:
        s.play(move)
    s.play("buy rows")  # seat 1's third turn
    assert s.turns == 6 and s.stage == 2
    assert s.rights == [("cols", "turquoise"), ("rows", "orange")]


def test_t5_towers_only_on_laid_sub_boards_in_a_match():
    s = buildup(tactics=True)
    assert_refused(s, "g1*", "not laid yet", "stage 3", "after turn 12", "12 turns from now")


# ------------------------------------------------------------------- buying
def test_t5_buy_cols_gives_turquoise_columns_and_the_other_right():
    s = buildup()
    assert s.play("Buy Cols") == "buy cols"
    assert s.rights == [("cols", "turquoise"), ("rows", "orange")]
    assert s.supply == [[13, 0], [14, 0]] and s.bought == [1, 0]
    assert s.current_player() == 1 and s.turns == 1 and s.towers == {}
    assert [e["type"] for e in s.events] == ["buy", "receive"]
    text = s.describe("buy cols", ["ann", "bob"])
    assert "ann bought the columns right" in text.lower() and "bob receives the rows right" in text


def test_t5_buy_rows_by_the_second_player():
    s = buildup()
    s.play("a9")
    s.play("buy rows")
    assert s.rights == [("cols", "turquoise"), ("rows", "orange")]
    assert s.supply == [[13, 0], [13, 0]] and s.bought == [0, 1]
    s = buildup()
    s.play("a9")
    s.play("buy cols")
    assert s.rights == [("rows", "orange"), ("cols", "turquoise")]


def test_t5_rights_are_bought_once():
    s = buildup()
    s.play("buy cols")
    assert_refused(s, "buy rows", "already assigned", "rows")
    assert_refused(s, "buy cols", "already assigned")
    assert not any(m.startswith("buy") for m in s.legal_moves())


def test_t5_buying_only_in_the_build_up_game():
    assert_refused(new_match(), "buy cols", "build-up")
    assert_refused(new_match(4), "buy rows", "build-up")


def test_t5_buyer_pays_with_a_base_tower_first():
    s = buildup(tactics=True)
    s.play("buy rows")
    assert s.supply == [[10, 3], [11, 3]]
    assert s.events[0]["paid"] == "base"


def test_t5_buyer_pays_with_an_other_colour_tower_when_no_base_is_left():
    s = make_state({}, buildup=True, tactics=True, slots=TRIANGLE, pile=ORDER[3:], supply=[[0, 2], [3, 1]])
    s.play("buy cols")
    assert s.supply == [[0, 1], [3, 1]]
    assert s.events[0]["paid"] == "other"
    assert "other-colour tower" in s.describe("buy cols", ["ann", "bob"])


def test_t5_scores_count_once_the_rights_are_bought():
    s = buildup()
    for move in ("a9", "c9", "a7", "c7", "a5", "e9", "a3"):
        s.play(move)
    # column a holds a9 C2, a7 S2, a5 S5 and a3 C1 (on B, laid in stage 2): four towers
    assert [ore(f, s.slots) for f in ("a9", "a7", "a5", "a3")] == ["C2", "S2", "S5", "C1"]
    assert s.scores() == [0, 0]  # nobody holds a right yet
    s.play("buy rows")
    assert s.rights[0] == ("cols", "turquoise")
    assert s.scores() == [-2 + 2 + 5 - 1, 0] == recount(s)


# ------------------------------------------------------------------ forced buy
def test_t5_forced_buy_with_the_last_tower():
    s = make_state({"a9": 1}, buildup=True, slots=TRIANGLE, pile=ORDER[3:], supply=[[1, 0], [5, 0]], turns=14)
    assert s.must_buy(0)
    assert s.legal_moves() == ["buy cols", "buy rows"]
    assert_refused(s, "e9", "must buy", "buy cols or buy rows")
    assert_refused(s, "pass", "cannot pass", "buy")
    s.play("buy rows")
    assert s.supply[0] == [0, 0]
    assert s.rights == [("rows", "orange"), ("cols", "turquoise")]
    assert s.events[0]["forced"] is True
    assert "had to buy" in s.describe("buy rows", ["ann", "bob"])
    # seat 0 has nothing left: seat 1 places the rest
    s.play("c9")
    assert s.current_player() == 1


def test_t5_forced_buy_with_one_other_colour_tower():
    s = make_state({}, buildup=True, tactics=True, slots=TRIANGLE, pile=ORDER[3:], supply=[[0, 1], [5, 0]])
    assert s.legal_moves() == ["buy cols", "buy rows"]
    assert_refused(s, "a9*", "must buy")
    s.play("buy cols")
    assert s.supply[0] == [0, 0] and s.events[0]["paid"] == "other"


def test_t5_no_forced_buy_once_rights_are_assigned():
    s = make_state(
        {},
        buildup=True,
        slots=TRIANGLE,
        pile=ORDER[3:],
        supply=[[1, 0], [5, 0]],
        rights=[("cols", "turquoise"), ("rows", "orange")],
    )
    assert not s.must_buy(0)
    assert "buy cols" not in s.legal_moves() and "a9" in s.legal_moves()


def test_t5_two_towers_left_may_still_place():
    s = make_state({}, buildup=True, slots=TRIANGLE, pile=ORDER[3:], supply=[[2, 0], [5, 0]])
    legal = s.legal_moves()
    assert "a9" in legal and "buy cols" in legal
    s.play("a9")
    s.play("c9")
    assert s.legal_moves() == ["buy cols", "buy rows"]  # seat 0 now holds exactly one


def test_t5_a_full_build_up_match_assigns_the_rights():
    record = [
        m
        for m in [
            "a6*",
            "c6",
            "e7*",
            "f9",
            "b7",
            "d9",
            "i8*",
            "a8*",
            "buy cols",
            "c2*",
            "b1",
            "c4",
            "c8",
            "e1*",
            "g4",
            "b9",
            "i6",
            "b3",
            "h1",
            "a4",
            "d3",
            "b5",
            "h9",
            "h3",
            "i2",
            "a2",
            "h5",
            "f5",
        ]
    ]
    s = replayed(record, setup={"boards": list("EACHDBIFG")}, buildup=True, tactics=True)
    assert s.outcome() is not None and None not in s.rights
    assert s.supply == [[0, 0], [0, 0]] and s.bought == [1, 0]
    assert s.outcome().scores == (1, -6) == tuple(recount(s))


# -------------------------------------------------------------------- passing
def blocked_triangle(rights, turns=4):
    """The triangle laid and filled so that no field of it is free."""
    towers = {f: i % 2 for i, f in enumerate(f for f in region(TRIANGLE) if (ord(f[0]) + int(f[1])) % 2 == 0)}
    return make_state(
        towers,
        buildup=True,
        slots=TRIANGLE,
        pile=ORDER[3:],
        rights=rights,
        turns=turns,
        supply=[[5, 0], [5, 0]],
        turn=0,
    )


def test_t3_t5_pass_when_no_field_is_free_and_boards_are_still_to_come():
    s = blocked_triangle([("cols", "turquoise"), ("rows", "orange")])
    assert s.legal_moves() == ["pass"]
    assert_refused(s, "a8", "next to")
    assert_refused(s, "a9", "already holds a tower")
    assert_refused(s, "buy cols", "already assigned")
    assert s.play("PASS") == "pass"
    assert s.outcome() is None and s.current_player() == 1 and s.turns == 5
    assert s.supply == [[5, 0], [5, 0]]
    assert "cannot place a tower and passes" in s.describe("pass", ["ann", "bob"])
    s.play("pass")  # the sixth turn: the diagonal is laid
    assert s.turns == 6 and s.stage == 2 and s.current_player() == 0
    assert "pass" not in s.legal_moves() and "e5" in s.legal_moves()


def test_t3_t5_no_pass_while_a_right_can_be_bought():
    s = blocked_triangle([None, None])
    assert s.legal_moves() == ["buy cols", "buy rows"]
    assert_refused(s, "pass", "cannot pass", "buy")


def test_t3_t5_blocked_board_with_nothing_left_to_lay_ends_the_match():
    s = blocked_triangle([("cols", "turquoise"), ("rows", "orange")], turns=12)
    s.pile = []
    s.slots = TRIANGLE  # constructed: no sub-board left to lay
    # the engine notices at the next settle; a pass is the only move now
    assert s.legal_moves() == ["pass"]
    s.play("pass")
    assert s.outcome() is not None and s.outcome().end == "normal"


def test_t5_stage_fields_after_passes_are_playable():
    s = blocked_triangle([("cols", "turquoise"), ("rows", "orange")], turns=5)
    s.play("pass")
    assert s.stage == 2
    assert s.play("e5") == "e5"
