"""Seat markers: distinct, never a bare digit (which reads as a tower height or an ore value),
following the names, and the same for a seat on every picture of a match: the header, the
cards, the board's pieces and the score chart."""

from __future__ import annotations

import pytest
from test_replay import random_record

from engines.record import replay
from render import common as C
from render import render_image
from render.charts import score_chart
from render.score_series import score_series

NAME_SETS = [
    ["Anna", "Bob"],
    ["Bob", "Bot (hard)"],
    ["Bea", "Ben", "Bob"],
    ["Bot (hard) 1", "Bot (hard) 3", "Bot (hard) 2", "Anna"],
    ["Bot (hard)", "Bot (medium)", "Bot (easy)", "Bob"],
    ["Bob", "Bob"],
    ["", "", ""],
    ["42", "Zoë", "Zoé", "zoe"],
]


@pytest.mark.parametrize("names", NAME_SETS)
def test_markers_are_distinct_and_never_a_bare_digit(names):
    letters = C.player_letters(names, len(names))
    assert len(set(letters)) == len(names), letters
    for letter in letters:
        assert not letter.isdigit() and letter[0].isalpha(), letters
        assert 1 <= len(letter) <= 2


def test_markers_follow_the_names():
    assert C.player_letters(["Anna", "Bob"], 2) == ["A", "B"]
    # the computer's own number, not the seat's: seat 1 is "Bot (hard) 3"
    assert C.player_letters(["Bot (hard) 1", "Bot (hard) 3", "Bot (hard) 2", "Anna"], 4) == ["B1", "B3", "B2", "A"]
    assert C.player_letters(["Bob", "Bot (hard)"], 2) == ["Bb", "Bt"]


def _markers_drawn(monkeypatch, draw) -> dict[int, set[str]]:
    """Every (seat, letter) a picture draws a marker with, by seat."""
    seen: dict[int, set[str]] = {}
    real = C.marker

    def spy(seat, size, letter=""):
        if letter:
            seen.setdefault(seat, set()).add(letter)
        return real(seat, size, letter)

    monkeypatch.setattr(C, "marker", spy)
    draw()
    return seen


CASES = [
    ("architekton", 2, ["Bob", "Bot (hard)"]),
    ("atacama", 4, ["Bot (hard) 1", "Bot (hard) 3", "Bot (hard) 2", "Anna"]),
    ("tactori", 3, ["Bob", "Bot (hard)", "Bea"]),
    ("tactori-fem", 2, ["Bot (hard) 1", "Bot (hard) 2"]),
]


@pytest.mark.parametrize("game,players,names", CASES)
def test_every_picture_of_a_match_wears_the_same_marker_per_seat(monkeypatch, game, players, names):
    record = random_record(game, players, 3, limit=40)
    state = replay(record)
    expected = C.player_letters(names, players)
    board = _markers_drawn(monkeypatch, lambda: render_image(state, names))
    chart = _markers_drawn(monkeypatch, lambda: score_chart(score_series(record), names))
    for seat in range(players):
        assert chart[seat] == {expected[seat]}, (seat, chart)
        # every seat has a card (and the header shows the one to move): its marker is there
        assert board[seat] == {expected[seat]}, (seat, board)
