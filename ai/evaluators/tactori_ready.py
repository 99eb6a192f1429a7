"""Tactori for hard at four players (``levels.EVALUATORS``): as ``tactori.py``, but a box
counts only while it is still open to its builder, and own towers on the corners of open
boxes count too (``boxes.readiness``).  The plain evaluator values every placement that lays
no bridge alike, so the root's progressive widening looked at placements in move-text
order (a1, a2, ...); corners tell them apart and steer the search to where bridges can go."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .boxes import readiness
from .tactori import DEPTH, PRIORS, valued

if TYPE_CHECKING:
    from engines.tactori.tactori_state import TactoriState

__all__ = ["DEPTH", "PRIORS", "value"]


def value(state: TactoriState) -> list[float]:
    return valued(state, readiness)
