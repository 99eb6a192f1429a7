"""Atacama scoring: lines with four towers (T4), the rights' signs (T2),
doubled other-colour towers (T6), four individual scores (T7) and the result."""

from __future__ import annotations

from atacama_helpers import make_state, new_match, ore, recount

from engines.atacama.scoring import line_value

# The rulebook's example board is a picture that the text lost, and the
# project's sub-board data (atacama_boards.json) holds no row with S1 C3 C4 G1
# on four pairwise non-adjacent fields.  So the example's four lines are
# reproduced on a constructed position: 16 towers (as in the rulebook) on the
# arrangement I E A / C D F / H B G, where column f holds G2 S5 C3 S1, column h
# G2 C4 C5 S3, row 6 S1 C3 C4 G1 and row 5 C3 S5 G2 S3.  A few of these towers
# touch, which placement would forbid; scoring (T4) does not look at that.
EXAMPLE_SLOTS = list("IEACDFHBG")
EXAMPLE_LINES = {
    "column f": (["f2", "f4", "f7", "f9"], ["G2", "S5", "C3", "S1"]),
    "column h": (["h1", "h4", "h8", "h9"], ["G2", "C4", "C5", "S3"]),
    "row 6": (["b6", "c6", "e6", "i6"], ["S1", "C3", "C4", "G1"]),
    "row 5": (["a5", "c5", "d5", "i5"], ["C3", "S5", "G2", "S3"]),
}


def example_position():
    towers = {}
    for i, (fields, _) in enumerate(EXAMPLE_LINES.values()):
        for j, f in enumerate(fields):
            towers[f] = (i + j) % 2  # owners mixed: towers score for whoever scores the line
    return make_state(towers, slots=EXAMPLE_SLOTS)


def test_t4_example_position_holds_the_rulebook_lines():
    s = example_position()
    assert len(s.towers) == 16
    for name, (fields, ores) in EXAMPLE_LINES.items():
        assert sorted(ore(f, EXAMPLE_SLOTS) for f in fields) == sorted(ores), name
    # only these four lines hold four towers
    cols = [sum(1 for (c, _) in s.towers if c == i) for i in range(9)]
    rows = [sum(1 for (_, r) in s.towers if r == i) for i in range(9)]
    assert sorted(n for n in cols + rows if n >= 4) == [4, 4, 4, 4]


def test_t4_rulebook_worked_example():
    """T4: column G2 S5 C3 S1 scores +5 and column G2 C4 C5 S3 scores -4 for the
    turquoise (columns) player; row S1 C3 C4 G1 scores +7 and row C3 S5 G2 S3
    scores -3 for the orange (rows) player; every other line has fewer than four
    towers and scores nothing."""
    s = example_position()
    ores = s.ores
    assert line_value(s.towers, ores, "cols", 5, "turquoise") == (4, 5)  # column f
    assert line_value(s.towers, ores, "cols", 7, "turquoise") == (4, -4)  # column h
    assert line_value(s.towers, ores, "rows", 5, "orange") == (4, 7)  # row 6
    assert line_value(s.towers, ores, "rows", 4, "orange") == (4, -3)  # row 5
    assert s.scores() == [5 - 4, 7 - 3] == recount(s)


def test_t4_rulebook_row_with_three_towers_scores_nothing():
    """T4: adding a tower to row 9 (it then holds f9, h9 and b9) changes nothing."""
    s = example_position()
    s.towers[(1, 8)] = (0, False)  # b9
    assert line_value(s.towers, s.ores, "rows", 8, "orange")[0] == 3
    assert s.scores() == [1, 4] == recount(s)


def test_t4_threshold_three_towers_score_nothing_four_score_all():
    s = make_state({"a1": 0, "a3": 1, "a5": 0})
    assert [ore(f) for f in ("a1", "a3", "a5", "a7")] == ["C2", "S3", "G2", "S3"]
    assert s.scores() == [0, 0]
    s.towers[(0, 6)] = (1, False)  # a7: the fourth tower
    assert s.scores() == [-2 + 3 + 2 + 3, 0] == recount(s)


def test_t4_the_whole_line_scores_once_it_has_four():
    # five towers in column a: all five count
    s = make_state({"a1": 0, "a3": 1, "a5": 0, "a7": 1, "a9": 0})
    assert ore("a9") == "S3"
    assert s.scores()[0] == -2 + 3 + 2 + 3 + 3


def test_t4_towers_score_for_whoever_scores_the_line():
    mine = make_state({"a1": 0, "a3": 0, "a5": 0, "a7": 0})
    theirs = make_state({"a1": 1, "a3": 1, "a5": 1, "a7": 1})
    assert mine.scores() == theirs.scores() == [6, 0]


def test_t2_signs_depend_on_the_right():
    # row 1 with a1 C2, c1 C5, e1 C2, g1 C2: copper only
    towers = {"a1": 0, "c1": 1, "e1": 0, "g1": 1}
    assert [ore(f) for f in towers] == ["C2", "C5", "C2", "C2"]
    s = make_state(towers)
    assert s.scores() == [0, 11]  # orange rows: copper plus
    s.rights = [("cols", "turquoise"), ("rows", "turquoise")]
    assert s.scores() == [0, -11]  # turquoise: copper minus
    # silver: plus for turquoise, minus for orange; gold plus for both
    s = make_state({"a3": 0, "a5": 1, "a7": 0, "a9": 1})  # S3 G2 S3 S3
    assert s.scores()[0] == 11
    s.rights = [("cols", "orange"), ("rows", "orange")]
    assert s.scores()[0] == -3 + 2 - 3 - 3


def test_t6_other_colour_tower_scores_double():
    s = make_state({"a1": 0, "a3": 1, "a5": (0, True), "a7": 1}, tactics=True)
    assert s.scores() == [-2 + 3 + 2 * 2 + 3, 0] == recount(s)
    s = make_state({"a1": (0, True), "a3": 1, "a5": 0, "a7": (1, True)}, tactics=True)
    assert s.scores() == [-2 * 2 + 3 + 2 + 2 * 3, 0] == recount(s)


def test_t6_other_colour_tower_counts_once_for_the_threshold():
    s = make_state({"a1": (0, True), "a3": (1, True), "a5": (0, True)}, tactics=True)
    assert s.scores() == [0, 0]


def test_t6_doubling_applies_to_every_scorer_of_the_line():
    # four players: column a is scored by seat 0 (turquoise) and seat 2 (orange)
    s = make_state({"a1": 3, "a3": 1, "a5": (2, True), "a7": 0}, players=4, tactics=True)
    assert s.scores() == [-2 + 3 + 4 + 3, 0, 2 - 3 + 4 - 3, 0] == recount(s)


def test_t7_four_individual_scores():
    towers = {"a1": 0, "c1": 1, "e1": 2, "g1": 3, "a3": 0, "a5": 1, "a7": 2}
    s = make_state(towers, players=4)
    # column a: C2 S3 G2 S3; row 1: C2 C5 C2 C2
    assert s.scores() == [-2 + 3 + 2 + 3, 2 + 5 + 2 + 2, 2 - 3 + 2 - 3, -(2 + 5 + 2 + 2)] == recount(s)


def test_t5_scores_are_zero_without_a_right():
    s = make_state({"a1": 0, "a3": 1, "a5": 0, "a7": 1}, buildup=True, slots=list("ABCDEFGHI"))
    assert s.rights == [None, None] and s.scores() == [0, 0]


# ------------------------------------------------------------------ results
def finish(state, move):
    state.play(move)
    out = state.outcome()
    assert out is not None and out.end == "normal"
    assert list(out.scores) == state.scores() == recount(state)
    return out


def test_t4_highest_score_wins():
    # column a will hold 4 towers (+6 for seat 0); no row scores
    s = make_state({"a1": 0, "a3": 1, "a5": 0}, supply=[[0, 0], [1, 0]], turn=1)
    out = finish(s, "a7")
    assert out.scores == (6, 0) and out.winners == (0,)


def test_t4_equal_scores_are_a_draw():
    s = make_state({}, supply=[[0, 0], [1, 0]], turn=1)
    out = finish(s, "e5")
    assert out.scores == (0, 0) and out.winners == (0, 1) and out.is_draw


def test_t7_four_player_draw_between_the_best():
    # row 1 (C2 C5 C2 C2) scores +11 for seat 1 and -11 for seat 3; columns score nothing
    s = make_state({"a1": 0, "c1": 1, "e1": 2}, players=4, supply=[[0, 0], [0, 0], [0, 0], [1, 0]], turn=3)
    out = finish(s, "g1")
    assert out.scores == (0, 11, 0, -11) and out.winners == (1,)
    s = make_state({}, players=4, supply=[[0, 0], [0, 0], [0, 0], [1, 0]], turn=3)
    out = finish(s, "e5")
    assert out.winners == (0, 1, 2, 3)


def test_t4_t6_running_scores_follow_every_move():
    s = new_match(tactics=True)
    for move in ("a1", "c1", "e1*", "g1", "a3", "a5*", "a7", "i1"):
        s.play(move)
        assert s.scores() == recount(s)
