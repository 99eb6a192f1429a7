"""Boards as players read them on a phone: Discord shows an image about 400 px wide.

For every game the widest image among seeded random matches is taken, and the font sizes the
renderer uses for coordinates and scores are scaled to 400 px: what remains must still be
legible glyphs, and Architekton's minus sign must keep a visible width.
"""

from __future__ import annotations

import random

import pytest
from PIL import Image

from engines import get_game
from render import architekton as RK
from render import atacama as RA
from render import common as C
from render import render_image
from render.tactori.geometry import axis_size, layout

PHONE = 400
LEAST_COORDINATE = 8  # px of font size: about 6 px capitals, the smallest a phone screen shows clearly
LEAST_SCORE = 12
NAMES = ["ann", "bob", "cat", "dan"]


def playout_states(game: str, players: int, seeds, **options):
    spec = get_game(game)
    for seed in seeds:
        state = spec.setup(players, seed, options=options or None)
        rng = random.Random(seed)
        plies = rng.randrange(10, 200)
        for _ in range(plies):
            if state.outcome() is not None:
                break
            state.play(state.sample_move(rng))
        yield state


def scale(state, players: int) -> float:
    return PHONE / render_image(state, NAMES[:players]).width


def test_architekton_coordinates_and_score_at_phone_size():
    for state in playout_states("architekton", 2, range(8)):
        factor = scale(state, 2)
        assert RK.layout(state).label_size * factor >= LEAST_COORDINATE
        assert C.SCORE_SIZE * factor >= LEAST_SCORE


def test_architekton_minus_sign_keeps_a_visible_width():
    """A hyphen at the smallest label size shrinks to a pixel or two at 400 px; the en dash drawn instead does not."""
    size = min(RK.layout(s).label_size for s in playout_states("architekton", 2, range(8)))
    factor = min(scale(s, 2) for s in playout_states("architekton", 2, range(8)))
    assert C.signed(-2) == "\u20132" and C.signed(3) == "3"

    def ink_width(text: str) -> float:
        img = Image.new("RGB", (200, 100), C.WHITE)
        C.draw_text(img, (100, 50), text, size, C.INK, stroke=1, stroke_fill=C.INK)
        box = Image.eval(img.convert("L"), lambda v: 255 - v).getbbox()
        return (box[2] - box[0]) * factor

    minus = ink_width(C.signed(-2)) - ink_width("2")
    assert minus >= 3, minus  # the dash and its gap, in phone pixels
    assert minus > ink_width("-2") - ink_width("2")  # wider than a hyphen would be


@pytest.mark.parametrize("players,options", [(2, {"buildup": True}), (4, {"tactics": True})])
def test_atacama_coordinates_and_scores_at_phone_size(players, options):
    for state in playout_states("atacama", players, range(4), **options):
        factor = scale(state, players)
        assert RA.AXIS_SIZE * factor >= LEAST_COORDINATE
        assert C.SCORE_SIZE * factor >= LEAST_SCORE


@pytest.mark.parametrize("game,players,options", [("tactori", 4, {"centre": 2}), ("tactori-fem", 2, {})])
def test_tactori_coordinates_and_scores_at_phone_size(game, players, options):
    for state in playout_states(game, players, range(3), **options):
        factor = scale(state, players)
        assert axis_size(layout(state).n) * factor >= LEAST_COORDINATE
        assert C.SCORE_SIZE * factor >= LEAST_SCORE
