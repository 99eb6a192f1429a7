"""Seats played by the computer, and the only place that knows how they are written down.

A computer seat is a player like any other in the store: it has a user id in
``matches.players`` and a row in ``match_players``.  Its id is negative (Discord's
ids never are) and encodes the level and the bot's number in the match, so that
``(user_id, match_id)`` stays unique with several bots at one table and a series
keeps its players across rematches (the seats rotate, the ids stay).
"""
from __future__ import annotations

from .models import Player

LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
HINT_LEVEL = "hard"
MOST = 3                      # bots in one match: a four-player table with one human
_BASE = 100                   # -(100 * level + number): -101 is "Bot (easy)", -302 "Bot (hard) 2"
NAME = "Bot"


def is_ai(user_id: int) -> bool:
    return user_id < 0


def user_id(level: str, number: int) -> int:
    if level not in LEVELS or not 1 <= number <= MOST:
        raise ValueError(f"no computer seat {level!r} #{number}")
    return -(_BASE * (LEVELS.index(level) + 1) + number)


def level_of(user_id: int) -> str:
    """The level a computer seat plays at."""
    level, number = divmod(-user_id, _BASE)
    if not is_ai(user_id) or not 1 <= level <= len(LEVELS) or not 1 <= number <= MOST:
        raise ValueError(f"{user_id} is not a computer seat")
    return LEVELS[level - 1]


def is_valid(user_id: int) -> bool:
    try:
        level_of(user_id)
    except ValueError:
        return False
    return True


def players(level: str, count: int) -> list[Player]:
    """``count`` computer players at ``level``: "Bot (hard)" alone, "Bot (hard) 1", "Bot (hard) 2"... together."""
    if count == 1:
        return [Player(user_id(level, 1), f"{NAME} ({level})", bot=True)]
    return [Player(user_id(level, n), f"{NAME} ({level}) {n}", bot=True) for n in range(1, count + 1)]


def every_id() -> list[int]:
    """All ids a computer seat can have (for finding its matches in the store)."""
    return [user_id(level, n) for level in LEVELS for n in range(1, MOST + 1)]
