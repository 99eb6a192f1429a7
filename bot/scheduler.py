"""One background task for everything that happens by the clock.

It sleeps until the next due reminder, deadline or challenge expiry (read from
the store, so a restart picks up exactly where it was) and wakes early whenever
the store commits a change.  A backlog after downtime is worked off a few
notices per round, a round every ``SPREAD`` seconds.
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from . import present
from .locales import say
from .reminders import PER_ROUND
from .replies import outgoing

if TYPE_CHECKING:
    from .client import GameBot

log = logging.getLogger(__name__)
SPREAD = 30.0          # seconds between rounds while a backlog lasts
MAX_SLEEP = 7 * 24 * 3600.0  # safety net only: the store tells the next due time, commits wake the task


class Scheduler:
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.task: asyncio.Task | None = None
        self._sleeping = False
        self._woken = False
        self._interrupting = False    # the pending cancel() is our own wake-up
        self._backlog = False

    def start(self) -> None:
        self.bot.store.on_commit.append(self.wake)
        self.task = asyncio.create_task(self._run(), name="scheduler")

    def wake(self) -> None:
        # A plain sleep interrupted by cancel() (instead of waiting on an Event)
        # keeps the task's only wait a timer, which test clocks can drive.
        self._woken = True
        # While a backlog is worked off, keep the pace: the next round comes anyway.
        if self._sleeping and not self._backlog and self.task is not None:
            self._sleeping = False
            self._interrupting = True
            self.task.cancel()

    def stop(self) -> None:
        if self.wake in self.bot.store.on_commit:
            self.bot.store.on_commit.remove(self.wake)
        if self.task is not None:
            self.task.cancel()

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            self._woken = False
            try:
                self._backlog = await self.tick()
                delay = SPREAD if self._backlog else await self._until_next()
            except Exception:  # noqa: BLE001 - the loop must survive anything
                log.exception("scheduler round failed")
                self._backlog, delay = True, SPREAD
            if self._woken and delay > SPREAD:
                continue  # something changed during the round: look again
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

    async def _until_next(self) -> float:
        nxt = await self.bot.service.next_wakeup()
        if nxt is None:
            return MAX_SLEEP
        return min(max(nxt - self.bot.service.clock(), 0.0) + 0.5, MAX_SLEEP)

    async def tick(self) -> bool:
        """One round; True while a backlog remains."""
        await self.expire_challenges()
        return await self.bot.reminders.run_once() >= PER_ROUND

    async def expire_challenges(self) -> None:
        for match in await self.bot.service.expire_challenges():
            if match.channel_id and match.message_id:
                try:
                    channel = self.bot.get_partial_messageable(match.channel_id)
                    await channel.get_partial_message(match.message_id).edit(**outgoing(
                        content=say(present.challenge_message(match), self.bot.actions.match_locale(match)),
                        view=None))
                except discord.HTTPException as exc:
                    log.info("could not mark challenge %s as expired: %s", match.id, exc)
