"""No word on a board or chart is cut off ("houses: 9 in supply, 3 plac…"): in English, German and
French, with long realistic names, at the start, in the middle and at the end of matches of every
game, nothing the renderer draws is shortened with an ellipsis."""

from __future__ import annotations

import pytest
from render_checks import random_playout
from test_replay import random_record

from bot.locales import say
from render import common as C
from render import render_image
from render.charts import score_chart
from render.score_series import score_series

NAMES = ["Jean-Baptiste Émile", "Bot (medium) 1", "Bot (hard) 2", "Zoë"]
GAMES = [  # (game, players, options, seed)
    ("architekton", 2, {}, 2),
    ("architekton", 2, {}, 3),
    ("atacama", 2, {"tactics": True, "buildup": True}, 11),
    ("atacama", 4, {"tactics": True}, 11),
    ("tactori", 2, {"centre": 1}, 7),
    ("tactori", 4, {"chase": True, "centre": 2}, 7),
    ("tactori-fem", 2, {"stacks": True, "chase": True}, 7),
]


@pytest.fixture
def cut(monkeypatch) -> list[str]:
    """Every text the renderer shortened."""
    shortened: list[str] = []
    real = C.fit_text

    def spy(text, size, width):
        out = real(text, size, width)
        if out != text:
            shortened.append((text, size, width))
        return out

    monkeypatch.setattr(C, "fit_text", spy)
    return shortened


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("game,players,options,seed", GAMES)
def test_nothing_on_a_board_is_cut_off(cut, lang, game, players, options, seed):
    states = random_playout(game, players, seed, options)
    names = NAMES[:players]
    for state in (states[1], states[len(states) // 2], states[-1]):
        for perspective in (0, players - 1):
            render_image(state, names, perspective=perspective, say=lambda text: say(text, lang))
    assert cut == []


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("game,players", [("architekton", 2), ("tactori", 4), ("tactori-fem", 2), ("atacama", 4)])
def test_nothing_on_a_chart_is_cut_off(cut, lang, game, players):
    record = random_record(game, players, 2)
    score_chart(score_series(record), NAMES[:players], say=lambda text: say(text, lang))
    assert cut == []


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_architekton_card_keeps_its_first_line_whole_in_the_first_half(cut, lang):
    """It once read "Chips 1 · houses: 10 in supply, 2 pla…" (German "2 gese…") while most houses were
    still in the supply; now the line shrinks before it is shortened.  Every position of the first half."""
    for seed in (2, 3):
        states = random_playout("architekton", 2, seed, {})
        for state in states[: len(states) // 2]:
            render_image(state, NAMES[:2], perspective=0, say=lambda text: say(text, lang))
    assert cut == []


def test_the_atacama_four_player_tally_keeps_names_and_scores_apart():
    """Once "Bot (medium) 2 24 · Bot (easy) 3 -13": a name ending in a digit ran into its score."""
    from render.atacama.header import _status

    state = random_playout("atacama", 4, 11, {})[-1]
    names = ["ann", "Bot (medium) 2", "Bot (easy) 3", "Bot (hard) 4"]
    detail = _status(state, names)[2]
    scores = list(state.outcome().scores)
    for seat in range(1, 4):
        assert f"{names[seat]}: {scores[seat]}" in str(detail)
        assert f"{names[seat]}\u00a0: {scores[seat]}" in say(detail, "fr")
        assert f"{names[seat]}: {scores[seat]}" in say(detail, "de")
