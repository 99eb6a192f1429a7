"""Tactori FEM: the first closed loop wins (R7), random playouts rarely close
one, so they are short and valued by bridges on the board; the exact tactics
(win in one, never leave a win in one to the opponent) are checked at the root
(the profile's ``tactics``, ``ai/profiles/_tactori/fem_tactics.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import score_margins

if TYPE_CHECKING:
    from engines.tactori.fem_state import FemState

DEPTH = 6
PRIORS = False


def value(state: FemState) -> list[float]:
    counts = [0.0, 0.0]
    for owner, _floor in state.board.bridges.values():
        counts[owner] += 1.0
    return score_margins(counts, 2.0)
