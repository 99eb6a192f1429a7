"""Atacama: resigning (2 and 4 players), turn order around resigned seats
(T3, T7), the turn message (describe) and the renderer's last-move field.

Resigning is not part of T1..T8: it follows the engine contract
(``engines/README.md``): two players, the other wins (end ``resign``); four
players, the seat's unplaced towers are forfeited, it is skipped from then on
(T7 turn order) and the last player left wins."""

from __future__ import annotations

import random

from atacama_helpers import NAMES2, NAMES4, make_state, new_match, record_for, recount, roundtrip
from state_checks import assert_refused, snapshot

from engines import replay


# ----------------------------------------------------------------- resigning
def test_resign_two_players_the_other_wins():
    s = new_match()
    for move in ("a1", "c1", "e1"):
        s.play(move)
    s.resign(0)
    out = s.outcome()
    assert out.winners == (1,) and out.end == "resign" and list(out.scores) == recount(s)
    assert s.current_player() is None and s.legal_moves() == []
    assert_refused(s, "g1", "over")
    before = snapshot(s)
    s.resign(1)  # after the end: nothing happens
    assert snapshot(s) == before


def test_resign_two_players_out_of_turn():
    s = new_match(tactics=True)
    s.play("e5*")
    s.resign(0)  # seat 1 is to move; seat 0 gives up
    assert s.outcome().winners == (1,) and s.outcome().end == "resign"


def test_t7_resign_four_players_forfeits_towers_and_skips_the_seat():
    s = new_match(4, tactics=True)
    for move in ("a1", "c1", "e1*"):
        s.play(move)
    assert s.current_player() == 3
    s.resign(3)  # the player to move resigns
    assert s.resigned == [3] and s.supply[3] == [0, 0] and s.forfeited[3] == [6, 1]
    assert s.outcome() is None and s.current_player() == 0
    order = []
    for _ in range(6):
        order.append(s.current_player())
        s.play(s.legal_moves()[0])
    assert order == [0, 1, 2, 0, 1, 2]
    assert 3 not in order


def test_t7_resign_four_players_out_of_turn_keeps_the_turn():
    s = new_match(4)
    s.play("a1")
    assert s.current_player() == 1
    s.resign(2)
    assert s.current_player() == 1
    s.play("c1")
    assert s.current_player() == 3  # seat 2 is skipped


def test_t7_resign_four_players_the_last_one_left_wins():
    s = new_match(4)
    s.play("e5")
    s.resign(0)
    s.resign(2)
    assert s.outcome() is None
    s.resign(1)
    out = s.outcome()
    assert out.winners == (3,) and out.end == "resign"
    assert list(out.scores) == recount(s)


def test_t4_t7_resigned_seat_cannot_win_at_the_normal_end():
    # seat 0 would have the best score (column a: +6), but resigned
    s = make_state({"a1": 0, "a3": 1, "a5": 0, "a7": 2}, players=4, supply=[[3, 0], [0, 0], [1, 0], [0, 0]], turn=0)
    s.resign(0)
    assert s.current_player() == 2
    s.play("i9")
    out = s.outcome()
    # column a (C2 S3 G2 S3) gives seat 0 (turquoise) +6 and seat 2 (orange) -2
    assert out.end == "normal" and out.scores == (6, 0, -2, 0)
    assert out.winners == (1, 3)  # the best of those left, tied at 0


def test_t3_t7_resign_of_the_only_player_with_towers_ends_the_match_normally():
    s = make_state({"e5": 1}, players=4, supply=[[0, 0], [0, 0], [3, 0], [0, 0]], turn=2)
    s.resign(2)
    out = s.outcome()
    assert out is not None and out.end == "normal" and 2 not in out.winners


def test_resignations_in_a_record_replay_to_the_same_state():
    moves = ["a1", "c1", "e1", "g1", "i1", "a3"]
    direct = new_match(4)
    for ply, move in enumerate(moves):
        if ply == 4:
            direct.resign(1)
        direct.play(move)
    record = record_for(moves, players=4)
    record.resignations = [[4, 1]]
    assert snapshot(replay(record)) == snapshot(direct)
    assert direct.current_player() == 3


def test_resigned_state_round_trips():
    s = new_match(4, tactics=True)
    s.play("e5*")
    s.resign(2)
    assert snapshot(roundtrip(s)) == snapshot(s)


# ------------------------------------------------------------------ describe
def test_describe_a_placement():
    s = new_match()
    s.play("e5")
    assert s.describe("e5", NAMES2) == "ann placed a tower on e5 (copper 4)."
    s.play("a1")
    assert s.describe("a1", NAMES2) == "bob placed a tower on a1 (copper 2)."


def test_t6_describe_an_other_colour_tower_and_the_end():
    s = make_state({"a1": 0, "a3": 1, "a5": 0}, tactics=True, supply=[[0, 0], [0, 1]], turn=1)
    s.play("a7*")
    text = s.describe("a7*", NAMES2)
    assert text.startswith("bob placed an other-colour tower on a7 (silver 3, counts double)")
    assert "all towers are placed: ann wins (ann 9, bob 0)" in text


def test_describe_a_draw_and_missing_names():
    s = make_state({}, supply=[[0, 0], [1, 0]], turn=1)
    s.play("e5")
    assert "draw between Player 1 and Player 2" in s.describe("e5", [])


def test_describe_four_players():
    s = make_state({}, players=4, supply=[[0, 0], [0, 0], [0, 0], [1, 0]], turn=3)
    s.play("i9")
    assert "dee placed a tower on i9" in s.describe("i9", NAMES4).lower()


def test_t4_summary_lists_the_scoring_lines():
    s = make_state({"a1": 0, "a3": 1, "a5": 0, "a7": 1, "c1": 0, "e1": 1, "g1": 0})
    text = s.summary(NAMES2)
    assert text.splitlines() == ["ann, columns: column a +6 = 6", "bob, rows: row 1 +11 = 11"]
    empty = new_match(2, 0, None, buildup=True)
    assert empty.summary(NAMES2).splitlines()[0] == "ann: no right, 0 points"
    assert new_match().summary(NAMES2).splitlines()[1] == "bob, rows: no row with 4 towers = 0"


# --------------------------------------------------------------- last field
def test_last_move_is_kept_for_the_renderer():
    s = new_match(2, 0, {"boards": list("EACHDBIFG")}, buildup=True, tactics=True)
    assert s.last is None and s.last_field is None
    s.play("a9*")
    assert s.last == {"seat": 0, "move": "a9*"} and s.last_field == (0, 8)
    s.play("buy cols")
    assert s.last == {"seat": 1, "move": "buy cols"} and s.last_field is None
    assert snapshot(roundtrip(s)) == snapshot(s)


def test_copy_is_independent():
    s = new_match()
    s.play("e5")
    c = s.copy()
    c.play(random.Random(0).choice(c.legal_moves()))
    assert len(s.towers) == 1 and len(c.towers) == 2


# ------------------------------------------------- rights named without colour
def _said(text) -> str:
    return str(text) if isinstance(text, str) else text.render(lambda template: None)


def test_a_mining_right_is_never_named_by_a_colour_word():
    """The rulebook calls the rights turquoise and orange, but the board paints the seats blue,
    orange, green and pink: "Zoë (green), columns (orange)" read as another seat's colour.  The
    summary, the description of a buy and the refusal of a bare "buy" name a right by its axis and
    its signs only, in two and four players and in the build-up game (T2, T5, T7)."""
    colours = ("turquoise", "orange")
    for players, options in ((2, {}), (4, {}), (2, {"buildup": True})):
        rng = random.Random(players)
        s = new_match(players, **options)
        names = NAMES4 if players == 4 else NAMES2
        while not s.is_over:
            move = rng.choice(s.legal_moves())
            s.play(move)
            said = _said(s.describe(move, names))
            if move.startswith("buy"):
                assert "right" in said and not any(c in said for c in colours), said
        summary = _said(s.summary(names))
        assert ("columns" in summary or "no right" in summary) and not any(c in summary for c in colours), summary
    s = new_match(2, buildup=True)
    try:
        s.play("buy")
    except Exception as refusal:  # the engine's MoveError carries the player-facing Text
        said = _said(getattr(refusal, "text", refusal))
    assert "buy cols" in said and not any(c in said for c in colours), said
