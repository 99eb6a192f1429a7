"""Tactori (9x9): playouts are cut and valued by the polygon score (R5) plus a
share of each own bridge's floor: bridges are what later polygons are made of."""
from __future__ import annotations

from . import score_margins

DEPTH = 16
TACTICS = False


def value(state) -> list[float]:
    scores = [float(s) for s in state.scores()]
    for owner, floor in state.board.bridges.values():
        scores[owner] += 0.3 * floor
    return score_margins(scores, 4.0)
