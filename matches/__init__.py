"""Matches: the SQLite store and the Discord-free match service."""

from .errors import MatchBroken, MatchClosed, NotAPlayer, NotFound, NotYourTurn, ServiceError, StaleRequest
from .models import GuildSettings, Match, MoveResult, MoveRow, Player, Rating, Series, UserSettings
from .service import IllegalMoveError, MatchService
from .store import Store
from .timing import ClockEvent

__all__ = [
    "ClockEvent",
    "GuildSettings",
    "Rating",
    "UserSettings",
    "IllegalMoveError",
    "Match",
    "MatchBroken",
    "MatchClosed",
    "MatchService",
    "MoveResult",
    "MoveRow",
    "NotAPlayer",
    "NotFound",
    "NotYourTurn",
    "Player",
    "Series",
    "ServiceError",
    "StaleRequest",
    "Store",
]
