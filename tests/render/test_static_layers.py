"""The cached layers (``render.layers``) change no pixel: every game's images,
drawn with the cache cold, with it warm and without it, are the same, in
English and German, with the options that change the legend and the board."""

from __future__ import annotations

import pytest
from PIL import ImageChops
from render_checks import random_playout

from bot.locales import say
from render import layers, render_image

NAMES = ["ann", "bob", "cy", "dee"]
GAMES = {  # (game, players, options, seed)
    "architekton": ("architekton", 2, {}, 55),
    "atacama": ("atacama", 2, {"tactics": True}, 11),
    "atacama-4p": ("atacama", 4, {}, 3),
    "atacama-buildup": ("atacama", 2, {"buildup": True}, 11),
    "tactori": ("tactori", 2, {"centre": 1}, 7),
    "tactori-3p": ("tactori", 3, {"centre": 2}, 5),
    "tactori-4p": ("tactori", 4, {"chase": True}, 7),
    "tactori-fem": ("tactori-fem", 2, {"stacks": True}, 7),
}
LANGUAGES = {"en": str, "de": lambda text: say(text, "de")}


def sample(states: list, count: int = 6) -> list:
    """``count`` positions spread over the match, the last one included."""
    step = max(1, (len(states) - 1) // (count - 1))
    return states[::step][: count - 1] + [states[-1]]


@pytest.fixture(scope="module")
def positions() -> dict[str, list]:
    return {
        key: sample(random_playout(game, players, seed, options))
        for key, (game, players, options, seed) in GAMES.items()
    }


def differing_pixels(a, b) -> int:
    assert a.size == b.size
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    return diff.histogram()[255]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_cached_layers_draw_the_same_pixels_as_drawing_anew(positions, key):
    layers.CACHE.clear()
    names = NAMES[: GAMES[key][1]]
    for language, said in LANGUAGES.items():  # German after English: the cache must tell them apart
        for i, state in enumerate(positions[key]):
            with layers.uncached():
                fresh = render_image(state, names, say=said)
            cold_or_warm = render_image(state, names, say=said)
            again = render_image(state, names, say=said)
            where = f"{key} position {i} ({language})"
            assert differing_pixels(fresh, cold_or_warm) == 0, where
            assert differing_pixels(fresh, again) == 0, where
    assert layers.CACHE.hits > 0


def test_the_cache_keeps_languages_and_options_apart():
    """A legend drawn in English is not pasted into a German board, nor one without
    tactics into a board with them: the keys hold the words and the options."""
    layers.CACHE.clear()
    atacama = {options: random_playout("atacama", 2, 11, {"tactics": options})[-1] for options in (False, True)}
    render_image(atacama[False], NAMES[:2])
    english = set(layers.CACHE.entries)
    render_image(atacama[False], NAMES[:2], say=LANGUAGES["de"])
    german = set(layers.CACHE.entries) - english
    assert any(k[1][0] == "atacama legend" for k in german if k[0] == "layer")
    render_image(atacama[True], NAMES[:2])
    tactics = set(layers.CACHE.entries) - english - german
    assert any(k[1][0] == "atacama legend" for k in tactics if k[0] == "layer")


def test_the_cache_stays_within_its_budget(monkeypatch):
    layers.CACHE.clear()
    monkeypatch.setattr(layers.CACHE, "budget", 300_000)
    for seed in range(3):
        for said in LANGUAGES.values():
            render_image(random_playout("atacama", 2, seed, {"tactics": True})[-1], NAMES[:2], say=said)
    assert 0 < layers.CACHE.used <= 300_000
    layers.CACHE.clear()
