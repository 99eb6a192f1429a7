"""Standings: scoring and the tie-break order on hand-built events."""

from __future__ import annotations

from fractions import Fraction as F

from matches.competitions import Entrant, Round, Table, forfeit, placement_points, standings

A, B, C, D = 1, 2, 3, 4
FIELD = [Entrant(A, 1600), Entrant(B, 1500), Entrant(C, 1400), Entrant(D, 1300)]
WIN, LOSS, DRAW = (1, 2), (2, 1), (1, 1)


def game(a, b, result):
    return Table((a, b), result)


def order(rows):
    return [r.player for r in rows]


def test_placement_points():
    assert placement_points((1, 2)) == [1, 0]
    assert placement_points((1, 1)) == [F(1, 2), F(1, 2)]
    assert placement_points((3, 1, 2)) == [0, 1, F(1, 2)]
    assert placement_points((1, 2, 3, 4)) == [1, F(2, 3), F(1, 3), 0]
    assert placement_points((1, 1, 3, 4)) == [F(5, 6), F(5, 6), F(1, 3), 0]
    assert placement_points((1, 2, 2, 2)) == [1, F(1, 3), F(1, 3), F(1, 3)]
    assert placement_points((1, 1, 1)) == [F(1, 2)] * 3


def test_points_then_buchholz():
    rounds = [Round((game(A, B, WIN), game(C, D, DRAW))), Round((game(A, C, LOSS), game(B, D, WIN)))]
    rows = standings(FIELD, rounds)
    # C 3/2; A and B on 1: A's opponents (B 1, C 3/2) outscore B's (A 1, D 1/2)
    assert order(rows) == [C, A, B, D]
    by = {r.player: r for r in rows}
    assert (by[A].points, by[A].buchholz) == (1, F(5, 2))
    assert (by[B].points, by[B].buchholz) == (1, F(3, 2))
    assert by[C].opponents == (D, A) and by[C].played == 2
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_sonneborn_berger_breaks_an_equal_buchholz():
    rounds = [Round((game(A, B, WIN), game(C, D, DRAW))), Round((game(A, D, DRAW), game(B, C, WIN)))]
    rows = standings(FIELD, rounds)
    by = {r.player: r for r in rows}
    # B and D on 1 point with Buchholz 2 each
    assert (by[B].points, by[B].buchholz) == (by[D].points, by[D].buchholz) == (1, 2)
    # B beat C (1/2 point): 1/2; D drew C (1/2) and A (3/2): 1/4 + 3/4 = 1
    assert by[B].sonneborn_berger == F(1, 2)
    assert by[D].sonneborn_berger == 1
    assert order(rows) == [A, D, B, C]


def test_rating_breaks_the_rest():
    # a cycle: everyone on 1 point, Buchholz 2, Sonneborn-Berger 1
    rounds = [Round((game(A, B, WIN), game(C, D, WIN))), Round((game(D, A, WIN), game(B, C, WIN)))]
    rows = standings(FIELD, rounds)
    assert {(r.points, r.buchholz, r.sonneborn_berger) for r in rows} == {(1, 2, 1)}
    assert order(rows) == [A, B, C, D]


def test_a_bye_scores_a_win_and_counts_the_players_own_points_in_buchholz():
    field = FIELD[:3]
    rounds = [Round((game(A, B, WIN),), byes=(C,))]
    rows = standings(field, rounds)
    by = {r.player: r for r in rows}
    assert by[C].points == 1 and by[C].byes == 1 and by[C].played == 0
    assert by[C].buchholz == 1  # the virtual opponent has C's own point
    assert by[C].sonneborn_berger == 0  # nobody was beaten
    assert by[A].buchholz == 0  # B has no points
    assert order(rows) == [C, A, B]


def test_sonneborn_berger_at_tables_of_four():
    field = [Entrant(i) for i in range(4)]
    rounds = [Round((Table((0, 1, 2, 3), (1, 2, 3, 4)),))]
    by = {r.player: r for r in standings(field, rounds)}
    # player 0 placed above all three (2/3 + 1/3 + 0) / 3
    assert by[0].sonneborn_berger == F(1, 3)
    assert by[0].buchholz == 1
    # player 3 placed below all
    assert by[3].sonneborn_berger == 0


def test_withdrawn_players_stay_and_forfeits_score():
    rounds = [
        Round((game(A, B, WIN), game(C, D, WIN))),
        Round((forfeit(Table((A, C)), {C}), forfeit(Table((D, B)), {B}))),
    ]
    rows = standings(FIELD, rounds, withdrawn={B, C})
    by = {r.player: r for r in rows}
    assert by[A].points == 2 and by[D].points == 1
    assert by[B].withdrawn and by[C].withdrawn and not by[A].withdrawn
    assert len(rows) == 4
    assert rounds[1].tables[0].forfeit and rounds[1].tables[0].places == (1, 2)
    assert forfeit(Table((0, 1, 2, 3)), {2}).places == (1, 1, 4, 1)


def test_unfinished_tables_do_not_count():
    rounds = [Round((game(A, B, WIN), Table((C, D))))]
    by = {r.player: r for r in standings(FIELD, rounds)}
    assert by[C].points == 0 and by[C].played == 0 and by[C].opponents == ()
