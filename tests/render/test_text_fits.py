"""No word on a board or chart is cut off ("houses: 9 in supply, 3 plac…"): in English, German and
French, with long realistic names, at the start, in the middle and at the end of matches of every
game, nothing the renderer draws is shortened with an ellipsis."""
from __future__ import annotations

import pytest

from bot.locales import say
from render import common as C
from render import render_image
from render.charts import score_chart
from render.score_series import score_series

from render_checks import random_playout
from test_replay import random_record

NAMES = ["Jean-Baptiste Émile", "Bot (medium) 1", "Bot (hard) 2", "Zoë"]
GAMES = [   # (game, players, options, seed)
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
