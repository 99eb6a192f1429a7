"""One background task for everything that happens by the clock.

It sleeps until the next due reminder, deadline or challenge expiry (read from
the store, so a restart picks up exactly where it was) and wakes early only
when a commit schedules something before that (``Store.on_schedule``): a move
that sets its reminder for tomorrow does not cost a round.  A backlog is worked
off as fast as Discord's limits allow (``bot.clock.reminders``), a round every
``SPREAD`` seconds at most.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

import discord

from ..locales import say
from ..messages import present
from ..replies import outgoing

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)
SPREAD = 1.0  # seconds between rounds while a backlog lasts (the rounds themselves are paced)
MAX_SLEEP = 7 * 24 * 3600.0  # safety net only: the store tells the next due time, commits wake the task


class Scheduler:
    def __init__(self, bot: GameBot):
        self.bot = bot
        self.task: asyncio.Task | None = None
        self._sleeping = False
        self._interrupting = False  # the pending cancel() is our own wake-up
        self._waiting_for = -math.inf  # the due time the task sleeps for (-inf: keep the pace)
        self._scheduled = math.inf  # the soonest time scheduled by commits during a round

    def start(self) -> None:
        self.bot.store.on_schedule.append(self.wake)
        self.task = asyncio.create_task(self._run(), name="scheduler")

    def wake(self, at: float) -> None:
        """A commit scheduled something at ``at``: look sooner only if it comes before what the task waits for."""
        self._scheduled = min(self._scheduled, at)
        # A plain sleep interrupted by cancel() (instead of waiting on an Event)
        # keeps the task's only wait a timer, which test clocks can drive.
        if self._sleeping and at < self._waiting_for and self.task is not None:
            self._sleeping = False
            self._interrupting = True
            self.task.cancel()

    def stop(self) -> None:
        if self.wake in self.bot.store.on_schedule:
            self.bot.store.on_schedule.remove(self.wake)
        if self.task is not None:
            self.task.cancel()

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            self._scheduled = math.inf
            try:
                backlog = await self.tick()
                due = -math.inf if backlog else await self.bot.service.next_wakeup()
            except Exception:  # noqa: BLE001 - the loop must survive anything
                log.exception("scheduler round failed")
                due = -math.inf
            if due == -math.inf:
                # While a backlog is worked off, keep the pace: the next round comes anyway.
                self._waiting_for, delay = -math.inf, SPREAD
            else:
                # What a commit scheduled during the round may postdate the read of the next due time.
                self._waiting_for = min(math.inf if due is None else due, self._scheduled)
                delay = self._delay_until(self._waiting_for)
            self._sleeping = True
            try:
                await asyncio.sleep(delay)
            except asyncio.CancelledError:
                # Only our own wake-up is swallowed; any other cancel request
                # (shutdown, possibly on top of a wake-up) ends the task.
                if not self._interrupting or asyncio.current_task().uncancel() > 0:
                    raise
            finally:
                self._sleeping = self._interrupting = False

    def _delay_until(self, due: float) -> float:
        if due == math.inf:
            return MAX_SLEEP
        return min(max(due - self.bot.service.clock(), 0.0) + 0.5, MAX_SLEEP)

    async def tick(self) -> bool:
        """One round; True while a backlog remains."""
        await self.expire_challenges()
        await self.bot.tournaments.start_due()
        await self.bot.seasons.start_due()
        await self.bot.tournaments.end_late_matches()  # publishes what they change, and any news
        try:
            digests = await self.bot.digests.run_once()
        except Exception:  # noqa: BLE001 - the digests' trouble must not hold up the reminders
            log.exception("digest round failed")
            digests = True  # look again soon
        return await self.bot.reminders.run_once() or digests

    async def expire_challenges(self) -> None:
        for match in await self.bot.service.expire_challenges():
            if match.channel_id and match.message_id:
                try:
                    channel = self.bot.get_partial_messageable(match.channel_id)
                    await channel.get_partial_message(match.message_id).edit(
                        **outgoing(
                            content=say(present.challenge_message(match), self.bot.boards.match_locale(match)),
                            view=None,
                        )
                    )
                except discord.HTTPException as exc:
                    log.info("could not mark challenge %s as expired: %s", match.id, exc)
