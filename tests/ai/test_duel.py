"""Seats in a duel (ai/duel.py): rotated so that both players sit everywhere, and in
four-player Atacama, where seats 0 and 2 score the columns and 1 and 3 the rows
(atacama.md T7), each axis has one seat of each player."""

from __future__ import annotations

from collections import Counter

import pytest

from ai.duel import PAIRED, duel, seats_for


@pytest.mark.parametrize("players", [2, 3, 4])
def test_alternating_seats_put_each_player_everywhere(players):
    rounds = [seats_for(players, match, "hard", "medium") for match in range(2)]
    for seat in range(players):
        assert {seats[seat] for seats in rounds} == {"hard", "medium"}
    assert all(seats[i] != seats[i + 1] for seats in rounds for i in range(players - 1))


def test_four_player_atacama_gives_each_axis_one_seat_of_each_player():
    assert ("atacama", 4) in PAIRED and ("tactori", 4) not in PAIRED
    rounds = [seats_for(4, match, "hard", "medium", paired=True) for match in range(4)]
    for seats in rounds:
        assert {seats[0], seats[2]} == {"hard", "medium"}  # the columns
        assert {seats[1], seats[3]} == {"hard", "medium"}  # the rows
        assert Counter(seats) == {"hard": 2, "medium": 2}
    for seat in range(4):  # every seat, each player as often
        assert Counter(seats[seat] for seats in rounds) == {"hard": 2, "medium": 2}
    # alternating would have given one player both column seats
    assert seats_for(4, 0, "hard", "medium")[0::2] == ["hard", "hard"]


def test_a_duel_seats_four_player_atacama_in_pairs_and_credits_the_winning_seat(monkeypatch):
    seen = []

    def first_seat_wins(game, players, options, seats, seed, tally):
        seen.append((game, list(seats)))
        return (0,)

    monkeypatch.setattr("ai.duel.play_match", first_seat_wins)
    atacama = duel("atacama", "hard", "medium", 4, players=4)
    tactori = duel("tactori", "hard", "medium", 4, players=4)
    assert [seats for game, seats in seen if game == "atacama"] == [
        seats_for(4, match, "hard", "medium", paired=True) for match in range(4)
    ]
    assert [seats for game, seats in seen if game == "tactori"] == [
        seats_for(4, match, "hard", "medium") for match in range(4)
    ]
    # seat 0 won every match: hard sat there in matches 0 and 1 paired, 0 and 2 alternating
    assert (atacama.wins, atacama.draws, atacama.losses) == (2, 0, 2)
    assert (tactori.wins, tactori.draws, tactori.losses) == (2, 0, 2)


def test_a_player_against_itself_only_draws():
    tally = duel("atacama", "random", "random", 2, players=4)
    assert tally.matches == 2 and tally.draws == 2  # the same player on every seat: no side wins alone
