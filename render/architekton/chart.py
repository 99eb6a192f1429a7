"""What Architekton adds to its score chart (``render/score_series.py``, ``render.chart_of``)."""
from __future__ import annotations


def extra(state) -> list[int]:
    """The chips of each player: the score is chips plus the largest group of houses, so the gap
    between the two lines is that group."""
    return list(state.chips)


def tiebreak(state, outcome) -> list[int] | None:
    """A10: equal scores at the end are broken by the houses left; None when nothing was broken."""
    final = getattr(state, "final", None)
    if final and len(set(outcome.scores)) == 1:
        return list(final["houses"])
    return None
