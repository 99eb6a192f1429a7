"""Matches: the SQLite store and the Discord-free match service."""
from .errors import MatchClosed, NotAPlayer, NotFound, NotYourTurn, ServiceError, StaleRequest
from .models import Match, MoveResult, MoveRow, Player, Series
from .service import IllegalMoveError, MatchService
from .store import Store

__all__ = ["IllegalMoveError", "Match", "MatchClosed", "MatchService", "MoveResult", "MoveRow",
           "NotAPlayer", "NotFound", "NotYourTurn", "Player", "Series", "ServiceError", "StaleRequest", "Store"]
