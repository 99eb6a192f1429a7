"""Knockout brackets: seeding, byes, advancing, walkovers and series."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.competitions import (
    Bout,
    Entrant,
    bracket_order,
    knockout_bracket,
    knockout_next,
    knockout_rounds,
    series_first_move,
    series_winner,
)


def seeds(n):
    # entrant id = seed number; ratings fall with the seed
    return [Entrant(s, 3000 - s) for s in range(1, n + 1)]


def test_bracket_order():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    with pytest.raises(ValueError):
        bracket_order(6)


def test_eight_players_seed_1v8_4v5_2v7_3v6():
    bouts = knockout_bracket(seeds(8))
    assert bouts == [Bout(1, 8), Bout(4, 5), Bout(2, 7), Bout(3, 6)]


def test_seeding_follows_rating_not_list_order():
    field = seeds(4)[::-1]
    assert knockout_bracket(field) == [Bout(1, 4), Bout(2, 3)]


def test_favourites_meet_late():
    bouts = knockout_bracket(seeds(8))
    nxt = knockout_next(bouts, {i: min(b.first, b.second) for i, b in enumerate(bouts)})
    assert nxt.bouts == (Bout(1, 4), Bout(2, 3))
    final = knockout_next(nxt.bouts, {0: 1, 1: 2})
    assert final.bouts == (Bout(1, 2),)
    done = knockout_next(final.bouts, {0: 2})
    assert done.finished and done.champion == 2


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6))
def test_brackets_are_complete_and_byes_go_to_the_top_seeds(n, seed):
    rng = random.Random(seed)
    bouts = knockout_bracket(seeds(n))
    size = 2 * len(bouts)
    assert size >= n > size // 2
    players = [p for b in bouts for p in (b.first, b.second) if p is not None]
    assert sorted(players) == list(range(1, n + 1))
    byes = sorted(b.first for b in bouts if b.second is None)
    assert byes == list(range(1, size - n + 1))
    rounds = 1
    alive = set(players)
    while True:
        winners = {i: rng.choice([b.first, b.second]) for i, b in enumerate(bouts) if b.second is not None}
        result = knockout_next(bouts, winners)
        if result.finished:
            break
        bouts = list(result.bouts)
        rounds += 1
        now = [p for b in bouts for p in (b.first, b.second) if p is not None]
        assert len(now) == len(set(now)) and set(now) <= alive
        alive = set(now)
    assert rounds == knockout_rounds(n)
    assert result.champion in alive


def test_withdrawals_are_walkovers():
    bouts = knockout_bracket(seeds(4))  # 1v4, 2v3
    nxt = knockout_next(bouts, {0: 1}, withdrawn={2})
    assert nxt.bouts == (Bout(1, 3),)
    both = knockout_next([Bout(1, 4), Bout(2, 3)], {0: 1}, withdrawn={2, 3})
    assert both.bouts == (Bout(1, None),)
    champion = knockout_next(both.bouts, {})
    assert champion.finished and champion.champion == 1


def test_a_bout_without_a_winner_is_an_error():
    with pytest.raises(ValueError):
        knockout_next(knockout_bracket(seeds(4)), {0: 1})
    with pytest.raises(ValueError):
        knockout_next(knockout_bracket(seeds(4)), {0: 2, 1: 2})


def test_series_to_two_victory_points():
    assert series_winner(1, 2, [1]) is None
    assert series_winner(1, 2, [1, 1]) == 1
    assert series_winner(1, 2, [1, 2, 2]) == 2
    assert series_winner(1, 2, [None, 1, None]) == 1  # 2 against 1
    assert series_winner(1, 2, [None, None, None]) is None  # 3/2 all
    assert series_winner(1, 2, [None, None, None, None]) is None  # 2 all, not ahead
    assert series_winner(1, 2, [None, None, None, None, 2]) == 2
    assert [series_first_move(1, 2, g) for g in range(4)] == [1, 2, 1, 2]


@pytest.mark.parametrize("players", range(2, 34))
def test_the_bracket_shown_follows_the_events_tables_at_every_size(players):
    """What the standings draw (``knockout_bouts``) from the tables the service stores: every round's
    paired series as stored, each winner in the series his own feeds, byes to the top seeds, and the
    players still in exactly those nobody has beaten -- with upsets and a withdrawal at any size."""
    from bot.tournaments.standings import knockout_bouts, still_in

    from .events import knockout_view

    rng = random.Random(players)
    names = [f"P{i}" for i in range(players)]
    for done in range(knockout_rounds(players) + 1):
        upsets = tuple(rng.sample(range(1, players + 1), min(players, 3)))
        withdrawn = (players - 1,) if players > 4 else ()
        view = knockout_view(names, done, rng.randint(0, 2), upsets, withdrawn)
        bracket = knockout_bouts(view)
        assert len(bracket) == knockout_rounds(players)
        assert sum(b.bye for b in bracket[0]) == (1 << len(bracket)) - players  # the byes: to the top seeds
        byes = [b.top for b in bracket[0] if b.bye]
        playing = [p for b in bracket[0] if not b.bye for p in (b.top, b.bottom)]
        assert not byes or max(byes) < min(playing)  # ids follow the seeds
        for number, rnd in enumerate(bracket, 1):
            tables = view.round_tables(number)
            if tables:  # paired: the same players, series by series
                assert [sorted(p for p in (b.top, b.bottom) if p is not None) for b in rnd] == [
                    sorted(t.players) for t in tables
                ]
            if number < len(bracket):
                for j, b in enumerate(rnd):
                    nxt = bracket[number][j // 2]
                    assert (nxt.top, nxt.bottom)[j % 2] == (b.winner if b.decided else None)
        beaten = {
            p for rnd in bracket for b in rnd if b.decided for p in (b.top, b.bottom) if p is not None and p != b.winner
        }
        alive = still_in(view, bracket, view.event.status == "finished")
        if view.event.status == "finished":
            assert alive == view.event.winners == [bracket[-1][0].winner]
        else:
            assert set(alive) == {100 + i for i in range(players)} - beaten - view.withdrawn
