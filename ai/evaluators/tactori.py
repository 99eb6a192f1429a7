"""Tactori (9x9): playouts are cut and valued by the polygon score (R5), a share
of each own bridge's floor (bridges are what polygons are made of) and the
boxes each player is building (``boxes.potential``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import score_margins
from .boxes import potential

if TYPE_CHECKING:
    from engines.tactori.tactori_state import TactoriState

DEPTH = 12
PRIORS = True


def value(state: TactoriState) -> list[float]:
    return valued(state, potential)


def valued(state: TactoriState, boxes: Callable[[TactoriState], list[float]]) -> list[float]:
    """The score, bridge floors and ``boxes(state)`` per seat, as margins over the best other seat."""
    scores = [float(s) for s in state.scores()]
    for owner, floor in state.board.bridges.values():
        scores[owner] += 0.2 * floor
    for seat, p in enumerate(boxes(state)):
        scores[seat] += p
    return score_margins(scores, 4.0)
