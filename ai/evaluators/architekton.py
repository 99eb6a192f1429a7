"""Architekton: random playouts go bankrupt fast, so they are short and the
position is then valued by the score margin (chips plus largest diagonal group,
A9) and the houses still on the table (the A9 tie-break, and future groups)."""
from __future__ import annotations

from . import score_margins

DEPTH = 8
TACTICS = False


def value(state) -> list[float]:
    houses = [0, 0]
    for owner in state.houses.values():
        houses[owner] += 1
    return score_margins([state.scores()[p] + 0.25 * houses[p] for p in (0, 1)], 2.0)
