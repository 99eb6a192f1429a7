"""Colours that mean something stay apart for every reader (colour-blind safe boards).

Colours are compared in CIELAB (ΔE 1976) as seen with normal vision and as simulated for
protanopia and deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1.0), the two
most common colour-vision deficiencies.  Seat colours are also told apart by their shapes,
so they need less than colours that only colour tells apart.
"""

from __future__ import annotations

import itertools
import math

import pytest

from render import atacama as RA
from render import common as C

VISION = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def _linear(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def seen(rgb, vision: str) -> tuple[float, float, float]:
    """The colour as a reader with ``vision`` sees it, in linear RGB."""
    lin = [_linear(v) for v in rgb]
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin)))) for row in VISION[vision])


def lab(lin) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a, b, vision: str) -> float:
    return math.dist(lab(seen(a, vision)), lab(seen(b, vision)))


SEATS = {style.name: style.colour for style in C.PLAYER_STYLES}


@pytest.mark.parametrize("vision", VISION)
def test_atacama_rights_differ_from_seats_ores_and_each_other(vision):
    others = {**SEATS, **{f"ore {k}": v for k, v in RA.ORE_COLOURS.items()}}
    rights = {f"right {k}": v for k, v in RA.RIGHT_COLOURS.items()}
    pairs = [*itertools.product(rights.items(), others.items()), tuple(rights.items())]
    closest = min(pairs, key=lambda p: difference(p[0][1], p[1][1], vision))
    assert difference(closest[0][1], closest[1][1], vision) >= 20, (vision, closest)


@pytest.mark.parametrize("vision", VISION)
def test_seat_colours_stay_apart(vision):
    """Seats also differ by shape (circle, square, triangle, diamond), so a smaller margin holds."""
    for (a, ca), (b, cb) in itertools.combinations(SEATS.items(), 2):
        assert difference(ca, cb, vision) >= 15, (vision, a, b)


def test_the_simulation_tells_what_a_deuteranope_confuses():
    """The check can fail: red and green, far apart for most readers, nearly meet for a deuteranope."""
    red, green = (200, 60, 40), (110, 120, 30)
    assert difference(red, green, "normal") > 40
    assert difference(red, green, "deuteranopia") < difference(red, green, "normal") / 2
