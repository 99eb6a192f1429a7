"""Architekton: random playouts go bankrupt fast and say little, so they are
short and the position is valued by

- the score margin (chips plus largest diagonal group, A9) and the houses on
  the table (the A9 tie-break, and the groups still to come);
- the chips each house may still cost: a mismatched side already laid is owed
  when the building is enclosed (A5);
- the danger of an early end (A8): a house whose building the opponent can
  enclose with his two placements (one or two empty sides), mismatching every
  empty side, for more than its owner can pay, is nearly a lost match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.architekton import tiles as T

from . import score_margins

if TYPE_CHECKING:
    from engines.architekton.state import ArchitektonState

DEPTH = 4
PRIORS = False
DANGER = 4.0


def value(state: ArchitektonState) -> list[float]:
    points = [float(s) for s in state.scores()]
    tiles = state.tiles
    for square, owner in state.houses.items():
        points[owner] += 0.25
        _, building, rotation = tiles[square]
        mismatched = empty = 0
        for d, n in enumerate(T.neighbours(square)):
            tile = tiles.get(n)
            if tile is None:
                empty += 1
            elif tile[1] != T.side(building, rotation, d):
                mismatched += 1
        if empty == 0:
            continue
        points[owner] -= 0.5 * mismatched
        if empty <= 2 and state.chips[owner] < mismatched + empty - 1:
            points[owner] -= DANGER
    return score_margins(points, 2.0)
