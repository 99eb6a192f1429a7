"""Elo ratings: one number per player, game and server."""
from __future__ import annotations

INITIAL = 1500.0
K = 32.0


def expected(rating: float, other: float) -> float:
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


def elo_changes(ratings: list[float], winners: list[int]) -> list[float]:
    """Rating change per seat.  More than two players: every pair is a game
    (winners beat the others, winners draw among themselves, so do the others),
    and the pairwise changes are averaged so a match is worth one game."""
    n = len(ratings)
    changes = [0.0] * n
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            if (a in winners) == (b in winners):
                score = 0.5
            else:
                score = 1.0 if a in winners else 0.0
            changes[a] += K * (score - expected(ratings[a], ratings[b]))
    return [c / (n - 1) for c in changes]
