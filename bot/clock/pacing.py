"""Pacing sends by Discord's rate limits: per channel and for the whole bot.

Discord lets a bot post about 5 messages per 5 seconds in one channel and
make about 50 requests per second in all.  A backlog (10,000 reminders after
downtime) paced by those limits goes out in minutes, where a fixed trickle
took hours, and never runs into a 429.

Pure: the caller passes the time and sleeps for the wait it is told.  Each
bucket holds ``size`` tokens, and a token spent comes back ``period`` seconds
later.  That is a token bucket refilled token by token, and it never allows
more than ``size`` sends in *any* ``period`` seconds, so it also respects a
limit counted in fixed windows, however those are aligned.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass

# Discord's limits, and the share of them a background job takes: the players' own
# commands (boards, answers) go to the same channels meanwhile.
CHANNEL_MESSAGES, CHANNEL_PERIOD = 5, 5.0
GLOBAL_REQUESTS, GLOBAL_PERIOD = 50, 1.0
BACKGROUND_CHANNEL = 4  # of 5 messages per 5 s in a channel
BACKGROUND_GLOBAL = 40  # of 50 requests per second


class TokenBucket:
    def __init__(self, size: int, period: float):
        assert size >= 1 and period > 0
        self.size, self.period = size, period
        self._spent: deque[float] = deque()  # when each token in use was spent, oldest first

    def wait(self, now: float, cost: int = 1) -> float:
        """Seconds until ``cost`` tokens are free (0: now)."""
        assert cost <= self.size, "more than the bucket ever holds"
        self._refill(now)
        missing = len(self._spent) + cost - self.size
        if missing <= 0:
            return 0.0
        return self._spent[missing - 1] + self.period - now

    def take(self, now: float, cost: int = 1) -> None:
        self._refill(now)
        self._spent.extend([now] * cost)

    def idle(self, now: float) -> bool:
        self._refill(now)
        return not self._spent

    def _refill(self, now: float) -> None:
        while self._spent and self._spent[0] + self.period <= now:
            self._spent.popleft()


@dataclass
class Pacer:
    """One bucket per channel and one for the bot; a send takes a token of each."""

    channel_size: int = BACKGROUND_CHANNEL
    channel_period: float = CHANNEL_PERIOD
    global_size: int = BACKGROUND_GLOBAL
    global_period: float = GLOBAL_PERIOD

    def __post_init__(self) -> None:
        self.overall = TokenBucket(self.global_size, self.global_period)
        self.channels: dict[Hashable, TokenBucket] = {}

    def try_send(self, channel: Hashable, now: float, requests: int = 1) -> float:
        """Take what one message to ``channel`` costs (``requests`` requests) and return 0,
        or take nothing and return how long to wait before asking again."""
        bucket = self.channels.get(channel)
        if bucket is None:
            bucket = self.channels[channel] = TokenBucket(self.channel_size, self.channel_period)
        wait = max(bucket.wait(now), self.overall.wait(now, requests))
        if wait > 0:
            return wait
        bucket.take(now)
        self.overall.take(now, requests)
        if len(self.channels) > 4 * self.global_size * self.channel_period:
            self._forget_idle(now)
        return 0.0

    def _forget_idle(self, now: float) -> None:
        # A bucket with every token back is the same as a new one: memory stays bounded.
        for key in [k for k, b in self.channels.items() if b.idle(now)]:
            del self.channels[key]
