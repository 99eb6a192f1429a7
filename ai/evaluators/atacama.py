"""Atacama: playouts are cheap (about 30 plies), so they run to the end and are
valued by the win and the score margin (T4)."""
from __future__ import annotations

from ..search import WIN_SHARE
from . import score_margins

DEPTH = None
PRIORS = False
TACTICS = False


def win_share(players: int) -> float:
    """With four players a random playout's winner says little (one seat in four), so the score
    margin weighs as much as the win: at 0.9 for the win, medium beat easy 9-3-8 and hard beat
    medium 2-3-7; at 0.5, 14-1-5 and 8-0-4 on the same seeds, and easy beat random 35-1-4
    (was 32-3-5).  Two players keep the search's default, whose ladder is met."""
    return 0.5 if players == 4 else WIN_SHARE


def value(state) -> list[float]:
    return score_margins(state.scores(), 5.0)
