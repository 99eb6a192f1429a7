"""Divisions of a season and a ladder's swaps: pure functions."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from matches.competitions.divisions import default_promote, division_sizes, first_divisions, next_divisions
from matches.competitions.ladder import after_result, challengeable, joined, left


def test_sizes_fill_divisions_and_never_leave_a_lonely_last_one():
    assert division_sizes(12, 6) == [6, 6]
    assert division_sizes(13, 6) == [6, 4, 3]  # a last division of one shares with the one above
    assert division_sizes(16, 6) == [6, 6, 4]
    assert division_sizes(200, 6) == [6] * 32 + [4, 4]  # 34 divisions
    assert division_sizes(5, 6) == [5]
    assert division_sizes(3, 3) == [3]
    assert division_sizes(20, 6, most=3) == [7, 7, 6]  # capped: spread evenly, the upper ones fuller
    assert default_promote(6) == 2 and default_promote(4) == 1 and default_promote(9) == 3


@given(st.integers(2, 400), st.integers(3, 16), st.one_of(st.none(), st.integers(1, 40)))
def test_sizes_hold_everyone_at_least_two_a_division(players, size, most):
    sizes = division_sizes(players, size, most)
    assert sum(sizes) == players and all(s >= 2 for s in sizes)
    assert sizes == sorted(sizes, reverse=True)
    if most is None:
        assert all(s <= size for s in sizes)
    else:
        assert len(sizes) <= most


def test_the_first_season_cuts_the_players_by_rating():
    assert first_divisions(list(range(1, 13)), 6) == [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]


def test_two_up_two_down_between_three_divisions():
    finals = [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17, 18]]
    moved = next_divisions(finals, 2, 2, 6)
    assert [sorted(d) for d in moved.divisions] == [[1, 2, 3, 4, 7, 8], [5, 6, 9, 10, 13, 14], [11, 12, 15, 16, 17, 18]]
    assert moved.promoted == {7: 1, 8: 1, 13: 2, 14: 2}
    assert moved.relegated == {5: 2, 6: 2, 11: 3, 12: 3}


def test_leavers_free_places_for_the_best_below_and_newcomers_start_at_the_bottom():
    finals = [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]
    moved = next_divisions(finals, 1, 1, 6, leaving={2}, newcomers=[20, 21])
    # 2 left: the best of those relegated into division 2 (6, relegated) is spared
    assert sorted(moved.divisions[0]) == [1, 3, 4, 5, 6, 7]
    # thirteen players: a third division opens at the bottom, where the newcomers are
    assert moved.divisions[1:] == [[8, 9, 10, 11], [12, 20, 21]]
    assert 6 not in moved.relegated and moved.promoted == {7: 1}
    assert all(p not in moved.promoted and p not in moved.relegated for p in (20, 21))


@given(
    st.lists(st.integers(2, 8), min_size=1, max_size=6),
    st.integers(1, 3),
    st.integers(0, 3),
    st.integers(0, 5),
    st.integers(0, 5),
)
def test_nobody_is_lost_or_doubled_and_movements_are_one_division(sizes, promote, relegate, leaving, newcomers):
    ids = itertools.count(1)
    finals = [[next(ids) for _ in range(n)] for n in sizes]
    everyone = [p for d in finals for p in d]
    gone = set(everyone[:: max(1, len(everyone) // (leaving + 1))][:leaving])
    new = [1000 + i for i in range(newcomers)]
    moved = next_divisions(finals, promote, relegate, 6, gone, new)
    placed = [p for d in moved.divisions for p in d]
    assert sorted(placed) == sorted([p for p in everyone if p not in gone] + new)
    if not gone and not new and len(set(sizes)) == 1 and sizes[0] == 6 and promote == relegate:
        before = {p: d for d, ps in enumerate(finals) for p in ps}
        after = {p: d for d, ps in enumerate(moved.divisions) for p in ps}
        assert all(abs(after[p] - before[p]) <= 1 for p in before)
        assert len(moved.promoted) == len(moved.relegated) == promote * (len(sizes) - 1)


def test_a_ladder_winner_below_takes_the_losers_place():
    order = [1, 2, 3, 4, 5]
    assert challengeable(order, 5) == [4, 3, 2]
    assert challengeable(order, 2) == [1] and challengeable(order, 1) == []
    assert challengeable(order, 5, reach=1) == [4]
    assert after_result(order, 5, 2) == [1, 5, 2, 3, 4]  # 5 beat 2: 2, 3 and 4 move down one
    assert after_result(order, 2, 5) == order  # the higher player won: nothing moves
    assert after_result(order, None, 5) == order  # a draw
    assert joined(order, 6) == [1, 2, 3, 4, 5, 6] and joined(order, 3) == order
    assert left(order, 2) == [1, 3, 4, 5]


@given(st.permutations(list(range(8))), st.integers(0, 7), st.integers(0, 7))
def test_a_ladder_stays_a_permutation(order, a, b):
    after = after_result(order, order[a], order[b])
    assert sorted(after) == sorted(order)
    if a > b:
        assert after.index(order[a]) == b and after.index(order[b]) == b + 1
    else:
        assert after == list(order)
