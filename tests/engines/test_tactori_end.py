"""Tactori end of the match (R5): the last round, threefold repetition, scoring and winners,
and resignation (engines/README: drop the seat in 3-4 player matches)."""

from __future__ import annotations

from state_checks import assert_refused
from tactori_helpers import make, recount_scores, replayed, stack

SQUARE = ["a1c1", "c1c3", "a3c3", "a1a3"]


def square_stacks(owner, fields=("a1", "c1", "c3", "a3")):
    return {f: str(owner) for f in fields}


# --------------------------------------------------------------- last round
def test_r5_last_placement_gives_every_other_player_one_more_turn_2p():
    s = make(stacks={"e5": "1"}, towers=[1, 15])
    s.play("+a1")
    assert s.towers[0] == 0 and s.trigger == 0 and s.countdown == [1]
    assert s.outcome() is None and s.current_player() == 1
    assert any(e["type"] == "last-round" for e in s.events)
    s.play("+b1")
    out = s.outcome()
    assert out is not None and out.end == "normal" and s.current_player() is None
    assert s.legal_moves() == []
    assert_refused(s, "+c1", "over")


def test_r5_last_round_in_turn_order_3p_and_triggers_only_once():
    s = make(players=3, towers=[5, 1, 1], to_move=1)
    s.play("+a1")  # blue places his last tower
    assert s.countdown == [2, 0] and s.current_player() == 2
    s.play("+b1")  # green empties his supply too: no new countdown
    assert s.towers[2] == 0 and s.trigger == 1 and s.countdown == [0]
    assert s.outcome() is None and s.current_player() == 0
    s.play("+c1")
    assert s.outcome().end == "normal"
    assert s.ply == 3


def test_r5_emptying_the_supply_by_a_move_does_not_trigger():
    s = make(stacks={"c3": "0"}, towers=[0, 16])
    s.play("c3-c5")
    assert s.trigger is None and s.countdown is None and s.outcome() is None


def test_r5_scoring_and_the_winner():
    stacks = square_stacks(0)
    stacks.update(square_stacks(1, ("g7", "i7", "i9", "g9")))
    stacks.update({"e5": "1", "e7": "1"})
    bridges = [(b, 0) for b in SQUARE] + [(b, 1) for b in ("g7i7", "i7i9", "g9i9", "g7g9")]
    s = make(stacks=stacks, bridges=bridges, towers=[1, 5])
    s.play("+e1")
    s.play("+g5 =e5g5 =g5g7 =e5e7 =e7g7")  # blue closes a second square e5..g7
    out = s.outcome()
    assert out.end == "normal"
    assert list(out.scores) == recount_scores(s) == [4, 8]
    assert out.winners == (1,)


def test_r5_equal_top_scores_are_a_draw_between_them():
    stacks = square_stacks(0)
    stacks.update(square_stacks(1, ("g7", "i7", "i9", "g9")))
    bridges = [(b, 0) for b in SQUARE] + [(b, 1) for b in ("g7i7", "i7i9", "g9i9", "g7g9")]
    s = make(stacks=stacks, bridges=bridges, towers=[1, 5, 5], players=3)
    s.play("+e1")
    s.play("+e2")
    s.play("+e3")
    out = s.outcome()
    assert out.end == "normal" and list(out.scores) == [4, 4, 0] and out.winners == (0, 1)


# ---------------------------------------------------------------- repetition
def test_r5_threefold_repetition_ends_and_scores():
    s = make(
        stacks={"a1": "0", "i9": "1"} | square_stacks(0, ("c1", "e1", "e3", "c3")),
        bridges=[(b, 0) for b in ("c1e1", "e1e3", "c3e3", "c1c3")],
    )
    moves = ["a1-a2", "i9-i8", "a2-a1", "i8-i9"]
    for move in moves:
        s.play(move)
    assert s.outcome() is None  # the start position occurs for the second time
    for move in moves[:3]:
        s.play(move)
    assert s.outcome() is None
    s.play(moves[3])  # third time, red to move again
    out = s.outcome()
    assert out.end == "repetition" and list(out.scores) == [4, 0] and out.winners == (0,)


def test_r5_countdown_is_checked_before_the_repetition():
    s = make(stacks={"a1": "0", "i9": "1"}, towers=[0, 3], to_move=1)
    s.trigger, s.countdown = 0, [1]
    # the position after blue's move i9-i8 has been seen twice already
    probe = s.copy()
    probe.to_move = 1
    probe.board.stacks[s.geo.index["i9"]] = []
    probe.board.stacks[s.geo.index["i8"]] = [1]
    probe.to_move = 0
    s.history[probe.position_key()] = 2
    s.play("i9-i8")
    assert s.outcome().end == "normal"


# ---------------------------------------------------------------- resignation
def test_resign_two_players_the_other_wins():
    s = make(stacks=square_stacks(0), bridges=[(b, 0) for b in SQUARE])
    s.resign(0)
    out = s.outcome()
    assert out.winners == (1,) and out.end == "resign" and list(out.scores) == [4, 0]
    assert s.current_player() is None and s.legal_moves() == []


def test_resign_three_players_drops_the_seat_and_the_others_play_on():
    s = make(stacks=square_stacks(1), bridges=[(b, 1) for b in SQUARE], players=3)
    assert s.scores() == [4 if p == 1 else 0 for p in range(3)] == [0, 4, 0]
    s.resign(1)  # not his turn
    assert s.outcome() is None and s.dropped == [1]
    assert s.scores() == [0, 0, 0]  # his pieces stay but score nothing
    assert stack(s, "a1") == [1]
    s.play("+e5")
    assert s.current_player() == 2  # blue is skipped
    s.play("+e6")
    assert s.current_player() == 0
    s.resign(0)  # on his turn: green moves next
    out = s.outcome()
    assert out.winners == (2,) and out.end == "resign"
    assert list(out.scores) == [0, 0, 0]


def test_resign_on_turn_passes_the_turn_and_counts_in_the_last_round():
    s = make(players=4, towers=[1, 5, 5, 5])
    s.play("+a1")
    assert s.countdown == [1, 2, 3]
    s.resign(1)  # blue's turn: green moves
    assert s.current_player() == 2 and s.countdown == [2, 3]
    s.play("+b1")
    s.resign(3)  # yellow was the last owed a turn
    out = s.outcome()
    assert out.end == "normal" and out.winners == (0, 2)


def test_resign_record_extension_replays():
    from tactori_helpers import record_for

    from engines import replay

    rec = record_for("tactori", ["+a1", "+b1", "+c1", "+d1"], players=3, resignations=[[2, 1]])
    s = replay(rec)
    assert s.dropped == [1] and s.ply == 4 and s.current_player() == 2
    assert s.outcome() is None


def test_describe_mentions_the_turn_and_the_end():
    s = replayed("tactori", ["+c3", "+g7", "+e3 =c3e3"])
    text = s.describe("+e3 =c3e3", ["ann", "bob"])
    assert "ann" in text and "e3" in text and "c3-e3" in text and "floor 1" in text
    s = make(towers=[1, 1])
    s.play("+a1")
    assert "one more turn" in s.describe("+a1", ["ann", "bob"])
    s.play("+a2")
    assert "final scoring" in s.describe("+a2", ["ann", "bob"])
