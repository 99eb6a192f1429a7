"""Tactori polygons and points (R5) and the centre variations (R6).

Every position is also scored by the independent pixel recount of the helpers.
"""

from __future__ import annotations

import pytest
from tactori_helpers import make, recount_polygons, recount_scores

# a 4x4 square a1..e5 made of eight bridges on floor 1
RING = ["a1c1", "c1e1", "e1e3", "e3e5", "a5c5", "c5e5", "a1a3", "a3a5"]
RING_FIELDS = ["a1", "c1", "e1", "e3", "e5", "c5", "a5", "a3"]


def board(bridges, owner=0, extra=None, players=2, **options):
    """Single towers of ``owner`` under every bridge end, bridges on floor 1."""
    stacks = {}
    for b in bridges:
        for end in (b[:2], b[2:]):
            stacks[end] = str(owner)
    stacks.update(extra or {})
    return make(stacks=stacks, bridges=[(b, owner) for b in bridges], players=players, **options)


def polys(s, seat=0):
    return s.to_json()["polygons"][seat]


def check(s, expected):
    assert s.scores() == expected
    assert recount_scores(s) == expected
    engine = [[(p["cells"], p["points"]) for p in per] for per in s.to_json()["polygons"]]
    recount = [[(p["cells"], p["points"]) for p in per] for per in recount_polygons(s)]
    assert sorted(map(sorted, engine)) == sorted(map(sorted, recount))


def test_r5_rulebook_example_scores_7():
    # a1-c1 floor 3 (whole), the lower half of c1-c3 on floor 2, a2-c2 floor 1 (whole),
    # the lower half of a1-a3 floor 1: 3 + 2 + 1 + 1 = 7
    s = make(
        stacks={"a1": "010", "c1": "100", "c3": "10", "a2": "0", "c2": "0", "a3": "0"},
        bridges=[("a1c1", 0, 3), ("c1c3", 0, 2), ("a2c2", 0, 1), ("a1a3", 0, 1)],
    )
    [p] = polys(s)
    assert p["cells"] == ["a1", "b1"] and p["points"] == 7
    assert sorted(map(tuple, p["bridges"])) == [("a1", "a3"), ("a1", "c1"), ("a2", "c2"), ("c1", "c3")]
    assert len(p["sides"]) == 6
    check(s, [7, 0])


def test_r5_no_polygon_without_closure_and_only_own_bridges_close():
    s = board(["a1c1", "c1c3", "a3c3"])
    check(s, [0, 0])
    # the fourth side is blue: nobody has a polygon
    s = make(
        stacks={"a1": "0", "c1": "0", "c3": "0", "a3": "0", "a2": "1", "a4": "1"},
        bridges=[("a1c1", 0), ("c1c3", 0), ("a3c3", 0), ("a2a4", 1)],
    )
    check(s, [0, 0])


def test_r5_square_of_four_bridges():
    s = board(["a1c1", "c1c3", "a3c3", "a1a3"])
    [p] = polys(s)
    assert p["cells"] == ["a1", "a2", "b1", "b2"] and p["points"] == 4
    check(s, [4, 0])


def test_r5_crossing_bridges_close_a_small_polygon():
    # a2-c2 and b1-b3 cross at b2; with a1-c1 and a1-a3 they close the cell a1-b2
    s = board(["a2c2", "b1b3", "a1c1", "a1a3"])
    [p] = polys(s)
    assert p["cells"] == ["a1"] and p["region"] == ["a1"]
    assert len(p["sides"]) == 4 and p["points"] == 4
    check(s, [4, 0])


def test_r5_t_junction_splits_a_square_and_the_shared_bridge_scores_twice():
    # b1-b3 ends on the midpoints of a1-c1 and a3-c3
    s = board(["a1c1", "a3c3", "a1a3", "c1c3", "b1b3"])
    ps = polys(s)
    assert [p["cells"] for p in ps] == [["a1", "a2"], ["b1", "b2"]]
    assert [p["points"] for p in ps] == [4, 4]
    check(s, [8, 0])


def test_r5_bridge_on_two_polygons_scores_for_each():
    s = board(["a1c1", "c1e1", "a3c3", "c3e3", "a1a3", "c1c3", "e1e3"])
    assert [p["points"] for p in polys(s)] == [4, 4]
    check(s, [8, 0])


def test_r5_island_inside_a_polygon_is_not_a_side():
    inner = ["b2d2", "b4d4", "b2b4", "d2d4"]
    s = board(RING + inner)
    ps = polys(s)
    outer = next(p for p in ps if len(p["cells"]) == 16)
    island = next(p for p in ps if len(p["cells"]) == 4)
    assert len(outer["region"]) == 12 and outer["points"] == 8
    assert len(outer["sides"]) == 16
    assert island["cells"] == ["b2", "b3", "c2", "c3"] and island["points"] == 4
    check(s, [12, 0])


def test_r5_dangling_bridges_inside_and_outside_do_not_count():
    # a3-c3 pokes into the ring from its left side, e1-g1 and c5-c7 hang outside
    s = board(RING + ["a3c3", "e1g1", "c5c7"])
    [p] = polys(s)
    assert len(p["cells"]) == 16 and p["points"] == 8
    check(s, [8, 0])


def test_r5_higher_floors_score_more_and_overbuilt_bridges_still_score():
    stacks = {"a1": "10", "c1": "10", "c3": "10", "a3": "10"}
    s = make(stacks=stacks, bridges=[(b, 0) for b in ("a1c1", "c1c3", "a3c3", "a1a3")])
    check(s, [8, 0])
    # blue overbuilds a corner: the bridges are overbuilt but still lie there (R2, R5)
    s.to_move = 1
    s.play("+a1")
    assert s.board.overbuilt((s.geo.index["a1"], s.geo.index["c1"]))
    check(s, [8, 0])


def test_r5_every_player_scores_his_own_polygons():
    s = make(
        stacks={"a1": "0", "c1": "0", "c3": "0", "a3": "0", "g7": "2", "i7": "2", "i9": "2", "g9": "2"},
        bridges=[
            ("a1c1", 0),
            ("c1c3", 0),
            ("a3c3", 0),
            ("a1a3", 0),
            ("g7i7", 2),
            ("i7i9", 2),
            ("g9i9", 2),
            ("g7g9", 2),
        ],
        players=3,
    )
    check(s, [4, 0, 4])


def test_r5_polygon_json_shape():
    s = board(["a1c1", "c1c3", "a3c3", "a1a3"])
    [p] = polys(s)
    assert set(p) == {"cells", "region", "sides", "bridges", "points", "valid"}
    assert ["a1", "b1"] in p["sides"] and p["valid"] is True


# ------------------------------------------------------------------------ R6
SQUARE = ["a1c1", "c1c3", "a3c3", "a1a3"]  # far from the centre d4..f6


@pytest.mark.parametrize("centre", [1, 2])
def test_r6_polygon_away_from_the_centre_does_not_score(centre):
    s = board(SQUARE, centre=centre)
    assert polys(s)[0]["valid"] is False
    check(s, [0, 0])


@pytest.mark.parametrize("centre", [1, 2])
def test_r6_polygon_with_a_corner_in_the_centre_scores(centre):
    s = board(["d4f4", "f4f6", "d6f6", "d4d6"], centre=centre)
    check(s, [4, 0])


def test_r6_variation_1_joined_by_bridges_through_ends_and_midpoints():
    # the square's a3-c3 has its midpoint b3; b3-b5 starts there, b5-d5 ends on d5 (centre)
    s = board(SQUARE + ["b3b5", "b5d5"], centre=1)
    check(s, [4, 0])
    # through ends: c3-e3, e3-e5 (e5 is a centre field)
    s = board(SQUARE + ["c3e3", "e3e5"], centre=1)
    check(s, [4, 0])
    # a gap in the chain: nothing scores
    s = board(SQUARE + ["c3e3", "e5g5"], centre=1)
    check(s, [0, 0])
    # variation 2 does not count bridges that only lead to the centre
    s = board(SQUARE + ["b3b5", "b5d5"], centre=2)
    check(s, [0, 0])


def test_r6_variation_2_towers_on_the_sides_not_corners_only():
    # rectangle c2..g4: corners c2, g2, g4, c4 lie outside the centre, but e4 (centre) is
    # where c4-e4 and e4-g4 meet on its top side
    s = board(["c2e2", "e2g2", "g2g4", "c4e4", "e4g4", "c2c4"], centre=2)
    check(s, [6, 0])


def test_r6_variation_2_the_far_end_of_a_half_bridge_is_not_a_tower_of_the_polygon():
    # the cell e2-f3 closed by d2-f2, d3-f3, e2-e4, f2-f4; e4 and f4 (centre) are the far
    # ends of the two vertical half bridges
    cell = ["d2f2", "d3f3", "e2e4", "f2f4"]
    s = board(cell, centre=2)
    [p] = s.polygons(0)
    names = s.geo.names
    assert sorted(names[f] for f, _ in p.towers) == ["e2", "f2", "f3"]
    check(s, [0, 0])
    s = board(cell, centre=1)
    check(s, [4, 0])


# A: square c5..e7, valid through its corner e5 (centre); B: square a3..c5 shares the tower
# c5 with A; C: square a1..c3 shares a3-c3 (and its towers) with B only.
A = ["c5e5", "e5e7", "c7e7", "c5c7"]
B = ["a3c3", "c3c5", "a5c5", "a3a5"]
C = ["a1c1", "c1c3", "a1a3"]


def test_r6_variation_2_chain_of_polygons_sharing_towers():
    s = board(A + B + C, centre=2)
    assert [p["valid"] for p in polys(s)] == [True, True, True]
    check(s, [12, 0])
    # without A nothing reaches the centre
    s = board(B + C, centre=2)
    check(s, [0, 0])
    # a far square touching nothing valid
    s = board(A + ["g1i1", "i1i3", "g3i3", "g1g3"], centre=2)
    assert sorted(p["valid"] for p in polys(s)) == [False, True]
    check(s, [4, 0])


def test_r6_variation_2_sharing_a_field_on_another_floor_is_not_sharing_a_tower():
    # B lies on floor 2; at c5 its tower is the second one, A's bridges rest on the first
    stacks = {f: "0" for f in ("e5", "e7", "c7")}
    stacks.update({f: "00" for f in ("c5", "a3", "c3", "a5")})
    s = make(stacks=stacks, bridges=[(b, 0, 1) for b in A] + [(b, 0, 2) for b in B], centre=2)
    assert [p["valid"] for p in polys(s)] == [False, True]
    check(s, [4, 0])
    s.options["centre"] = 1
    s._reset_caches()
    check(s, [12, 0])  # variation 1: the bridges of A and B share the point c5
