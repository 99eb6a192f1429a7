"""Result headers read right: the winner's score first, and a tally from the top.

Random matches (seeded) are played to the end with the engines; every word the
renderer draws is collected through its ``say`` and the header checked against
the engine's outcome.
"""

from __future__ import annotations

import random

import pytest

from engines import get_game
from render import render_image

NAMES = ["ann", "bob", "cat", "dan"]


def finished(game: str, players: int, want, seeds=range(400), **options):
    """The first seeded random match of ``game`` whose outcome satisfies ``want``."""
    spec = get_game(game)
    for seed in seeds:
        state = spec.setup(players, seed, options=options or None)
        rng = random.Random(seed)
        while state.outcome() is None:
            state.play(state.sample_move(rng))
        if want(state.outcome()):
            return state
    pytest.skip(f"no {game} match of the wanted kind among the seeds")


def drawn_words(state, players: int) -> list[str]:
    words: list[str] = []

    def say(text):
        words.append(str(text))
        return str(text)

    render_image(state, NAMES[:players], say=say)
    return words


@pytest.mark.parametrize("game", ["architekton", "atacama", "tactori"])
def test_a_second_seat_winner_is_shown_with_his_score_first(game):
    state = finished(game, 2, lambda o: o.winners == (1,) and o.scores[1] != o.scores[0] and o.end != "resign")
    high, low = state.outcome().scores[1], state.outcome().scores[0]
    assert high > low or game == "architekton"  # Architekton: early end and houses can decide
    words = drawn_words(state, 2)
    assert f"bob wins {high} : {low}" in words, [w for w in words if "wins" in w]
    assert f"bob wins {low} : {high}" not in words


@pytest.mark.parametrize("game,players", [("atacama", 4), ("tactori", 3), ("tactori", 4)])
def test_a_tally_of_several_players_reads_from_the_highest(game, players):
    state = finished(game, players, lambda o: o.end != "resign" and o.scores[0] < max(o.scores), seeds=range(60))
    scores = state.outcome().scores
    order = sorted(range(players), key=lambda s: -scores[s])
    expected = " · ".join(f"{NAMES[s]}: {scores[s]}" for s in order)
    words = drawn_words(state, players)
    assert any(w.endswith(expected) for w in words), [w for w in words if "·" in w]


@pytest.mark.parametrize("game,players", [("atacama", 4), ("tactori", 4)])
def test_names_ending_in_a_digit_never_run_into_their_scores(game, players):
    """ "Bot (hard) 1 20" reads as 120: the header keeps a colon between a name and its score."""
    state = finished(game, players, lambda o: o.end != "resign", seeds=range(60))
    bots = [f"Bot (hard) {k}" for k in range(1, players)] + ["Anna"]
    words: list[str] = []

    def say(text):
        words.append(str(text))
        return str(text)

    render_image(state, bots, say=say)
    scores = state.outcome().scores
    tally = [w for w in words if "·" in w and "Bot (hard) 1" in w]
    assert tally, words
    for seat, name in enumerate(bots):
        assert f"{name}: {scores[seat]}" in tally[-1]
        assert f"{name} {scores[seat]}" not in tally[-1]
