"""The Discord-free match service: each public method is one transaction."""
from __future__ import annotations

from .challenges import Challenges
from .community import Community
from .offers import Offers
from .play import IllegalMoveError, Play
from .timekeeping import Timekeeping

__all__ = ["IllegalMoveError", "MatchService"]


class MatchService(Challenges, Play, Offers, Timekeeping, Community):
    """create_challenge, accept, decline, move, resign, claim, offer/answer,
    rematch, abort; reminders and vacations; lists, leaderboards, statistics."""
