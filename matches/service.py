"""The Discord-free match service: each public method is one transaction."""
from __future__ import annotations

from .challenges import Challenges
from .community import Community
from .computer import Computer, Thinking, think
from .conditional import Conditional, ConditionalLine, ConditionalRefused
from .digests import Digests
from .tournaments import Tournaments
from .health import Health
from .jobs import Jobs
from .offers import Offers
from .play import IllegalMoveError
from .practice import Practice
from .reviews import Reviewing, review_record
from .ladder import Ladders
from .timekeeping import Timekeeping
from .web_links import WebLinks

__all__ = ["ConditionalLine", "ConditionalRefused", "IllegalMoveError", "MatchService", "Reviewing", "Thinking",
           "review_record", "think"]


class MatchService(Digests, Ladders, Tournaments, Challenges, Conditional, Jobs, Computer, Practice, Offers, Timekeeping,
                   Community, Health, WebLinks):
    """create_challenge, accept, decline, move, resign, claim, offer/answer,
    rematch, abort; the computer's turns, takebacks and hints; reminders and
    vacations; conditional moves; daily digests and private notes; lists, leaderboards, statistics;
    broken matches; events (tournaments); seasons; ladders; reviews and practice of ended matches;
    the computer's thinking as jobs."""
