"""What Architekton adds to its score chart (``render/score_series.py``, ``render.chart_of``) and
to the words said of a match (``bot/messages/alt_text.py``)."""

from __future__ import annotations

from engines.text import Text


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


def tiebreak_said(state, outcome, names: list[str]) -> Text | None:
    """A10 in words: the winner of equal points had more houses left on the table."""
    final = getattr(state, "final", None)
    scores = list(outcome.scores)
    if not final or "houses" not in final or len(set(scores)) != 1 or outcome.end != "normal":
        return None
    seat = outcome.winners[0]
    houses = list(final["houses"])
    ordered = " : ".join(str(h) for h in [houses[seat]] + houses[:seat] + houses[seat + 1 :])
    return Text(
        "{winner} won the tie-break: more houses left on the table ({houses}).", winner=names[seat], houses=ordered
    )
