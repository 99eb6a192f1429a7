"""Per-move time limits, reminders and the abandonment rule, as pure functions.

A match keeps, for the player to move, when his clock started (``clock_start``,
later than the turn's start while he is on vacation), his ``deadline``, and a
bit set of the events already sent this turn.  The next due event is stored as
``next_event_at`` so one indexed query finds everything due after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntFlag

DAY = 24 * 3600
DAYS_CHOICES = (1, 2, 3, 5, 7, 10, 14)  # correspondence chess's choices (ux-notes)
DEFAULT_DAYS = 3
ABANDON_AFTER = 30 * DAY
VACATION_DAYS_PER_YEAR = 30
# Time banks: what each player starts with (and can never exceed), and what a turn gives back.
DEFAULT_BANK_DAYS = 7
DEFAULT_INCREMENT_HOURS = 24
MAX_BANK_DAYS = 60


class ClockEvent(IntFlag):
    DAILY = 1  # the mover is mentioned again every 24 hours without a move
    QUARTER = 2  # a quarter of the limit is left
    TIMEOUT = 4  # time is up: the others may claim
    ABANDON = 8  # 30 days past the deadline and nobody acted: closed


@dataclass(frozen=True)
class Clock:
    clock_start: float
    deadline: float


def start_clock(now: float, days: int, vacation_until: float | None) -> Clock:
    """The clock of a player whose turn begins now (it waits while he is away)."""
    start = max(now, vacation_until or 0.0)
    return Clock(start, start + days * DAY)


def due_events(
    clock_start: float, deadline: float, days: int, sent: int, last_reminded_at: float | None
) -> list[tuple[float, ClockEvent]]:
    """Every event still to come this turn, with its time, earliest first."""
    quarter_at = deadline - days * DAY / 4
    events = []
    if not sent & ClockEvent.QUARTER:
        daily_at = max(clock_start, last_reminded_at or 0.0) + DAY
        if daily_at < quarter_at:
            events.append((daily_at, ClockEvent.DAILY))
        events.append((quarter_at, ClockEvent.QUARTER))
    if not sent & ClockEvent.TIMEOUT:
        events.append((deadline, ClockEvent.TIMEOUT))
    if not sent & ClockEvent.ABANDON:
        events.append((deadline + ABANDON_AFTER, ClockEvent.ABANDON))
    return sorted(events)


def next_event_at(
    clock_start: float, deadline: float, days: int, sent: int, last_reminded_at: float | None
) -> float | None:
    events = due_events(clock_start, deadline, days, sent, last_reminded_at)
    return events[0][0] if events else None


def bank_after_turn(left: float, used: float, increment: float, cap: float) -> float:
    """A bank after its owner's turn: what he used goes (not below nothing), the increment comes, up to the cap."""
    return min(cap, max(0.0, left - max(0.0, used)) + increment)
