"""The Discord-free match service: each public method is one transaction."""
from __future__ import annotations

from .challenges import Challenges
from .community import Community
from .computer import Computer, Thinking, think
from .events import Events
from .health import Health
from .offers import Offers
from .play import IllegalMoveError
from .reviews import Reviewing, Reviews, review_record
from .timekeeping import Timekeeping

__all__ = ["IllegalMoveError", "MatchService", "Reviewing", "Thinking", "review_record", "think"]


class MatchService(Events, Challenges, Computer, Reviews, Offers, Timekeeping, Community, Health):
    """create_challenge, accept, decline, move, resign, claim, offer/answer,
    rematch, abort; the computer's turns, takebacks and hints; reminders and
    vacations; lists, leaderboards, statistics; broken matches; events (tournaments); reviews of
    ended matches."""
