"""Dots and Boxes for the search: playouts to the end (a 3x3 board has 24 lines), a position
that is not over valued by the boxes taken so far."""

from __future__ import annotations

from ai.evaluators import score_margins

DEPTH = None
PRIORS = False


def value(state) -> list[float]:
    return score_margins([float(s) for s in state.scores()], 1.5)
